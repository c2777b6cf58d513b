"""Pure rules engines. ``get_ruleset(name)`` finds a registered game by its short name."""

from __future__ import annotations

from collections.abc import Mapping

from game.registry import GameTable, load_target
from game.rules.base import IllegalMove, Ruleset

#: short name -> "module:attribute" of the Ruleset instance (imported on first use); a live
#: view of ``game.registry``, where games register
RULESETS: Mapping[str, str] = GameTable(lambda game: game.ruleset)


def get_ruleset(name: str) -> Ruleset:
    """The Ruleset registered as ``name``; ``KeyError`` names the known games."""
    try:
        target = RULESETS[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(RULESETS)}") from None
    return load_target(target)


__all__ = ["RULESETS", "IllegalMove", "Ruleset", "get_ruleset"]
