"""Pure rules engines. ``get_ruleset(name)`` finds a game by its short name."""

from __future__ import annotations

import importlib

from game.rules.base import IllegalMove, Ruleset

#: short name -> "module:attribute" of the Ruleset instance (imported on first use)
RULESETS: dict[str, str] = {
    "stars": "game.rules.stars:RULESET",
    "stargazer": "game.rules.stargazer:RULESET",
}


def get_ruleset(name: str) -> Ruleset:
    """The Ruleset registered as ``name``; ``KeyError`` names the known games."""
    try:
        target = RULESETS[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(RULESETS)}") from None
    module_name, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


__all__ = ["RULESETS", "IllegalMove", "Ruleset", "get_ruleset"]
