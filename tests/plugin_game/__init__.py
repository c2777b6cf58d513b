"""High Bid: a third game that lives in the tests only, registered as a plugin.

``GAME`` is what an installed game names in its ``pyproject.toml``::

    [project.entry-points."starparty.games"]
    highbid = "tests.plugin_game:GAME"

This one is not installed: a test registers it for its own duration with
``game.registry.registered(GAME)``, the call the entry-point loader makes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from game.registry import GamePlugin, registered

T = TypeVar("T")

GAME = GamePlugin(
    name="highbid",
    ruleset="tests.plugin_game.rules:RULESET",
    bots={"rollout": "tests.plugin_game.bots:RolloutBot"},
    level_notes={"rollout": "Plays out many imagined rounds before each bid."},
    default_bot="rollout",
    default_seats="2",
    client_kit="tests.plugin_game.client:KIT",
    teacher="tests.plugin_game.teacher:TEACHER",
)


def while_registered(collect: Callable[[], Iterable[T]]) -> list[T]:
    """What ``collect()`` lists (from a registry table: ``RULESETS``...) while this game is
    registered: the generic suites' parameters, taken at collection."""
    with registered(GAME):
        return list(collect())
