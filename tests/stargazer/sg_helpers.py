"""Shared helpers for the Stargazer tests: fixed deals and quick ways to reach a position."""

from __future__ import annotations

from typing import Any

from game.rules.base import IllegalMove
from game.rules.stargazer import RULESET

PLANETS_3 = ["lava", "ocean", "gas", "primordial", "dark"]
PLANETS_4 = ["lava", "ocean", "gas", "primordial", "dark", "diamond", "lava"]
CREWS_3 = ["archaeologist", "engineer", "driller", "navigator"]


def new_game(
    players: int = 3,
    planets: list[str] | None = None,
    crews: list[str] | None = None,
    start: int = 0,
    seed: int = 0,
) -> dict[str, Any]:
    options: dict[str, Any] = {"players": players, "start_player": start}
    options["planets"] = planets or (PLANETS_3 if players == 3 else PLANETS_4)
    if crews is None:
        crews = CREWS_3 if players == 3 else [*CREWS_3, "pilot"]
    options["crews"] = crews
    return RULESET.setup(RULESET.normalize_options(options), seed)


def play(state: dict[str, Any], seat: int, move: dict[str, Any]) -> list[dict[str, Any]]:
    return RULESET.apply(state, seat, move)


def pick(state: dict[str, Any], crew: str) -> list[dict[str, Any]]:
    return play(state, state["current"], {"t": "crew", "crew": crew})


def investigate(state: dict[str, Any], planets: list[int]) -> list[dict[str, Any]]:
    return play(state, state["current"], {"t": "investigate", "planets": planets})


def legal_sequences(state: dict[str, Any]) -> list[list[int]]:
    moves = RULESET.legal_moves(state, state["current"])
    assert all(m["t"] == "investigate" for m in moves)
    return [m["planets"] for m in moves]


def refused(state: dict[str, Any], seat: int, move: Any) -> str:
    """The reason code of a refused move (fails if the move is accepted)."""
    try:
        RULESET.apply(state, seat, move)
    except IllegalMove as error:
        return error.code
    raise AssertionError(f"{move!r} was accepted")


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]
