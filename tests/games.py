"""The project's own games, as the registry reads them from ``pyproject.toml``: the tests that
check every game of the project take them from here, so a game added to the project is
checked by them with no test edited (a stranger's third game was silently left out)."""

from __future__ import annotations

from game.registry import game_names

#: every game the project registers, in its order (a plugin a test registers comes later)
PROJECT_GAMES: tuple[str, ...] = tuple(game_names())
