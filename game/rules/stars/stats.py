"""A finished (or running) game's statistics per seat, as Board Game Arena keeps them: lines
drawn, shooting stars, cards skipped, power bonuses used and skipped, constellations by size.

Computed from the game record (options, seed, moves) by replaying it through the engine: a
turn counts once the card is over (an undone placement, skip or power never counts).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.stars import data
from game.rules.stars.engine import StarsRuleset
from game.rules.stars.sheet import SheetIndex

#: statistic key -> what a player reads, in the order the results screen shows them
STATISTICS: dict[str, str] = {
    "lines_drawn": "Lines drawn",
    "cards_placed": "Line cards drawn",
    "shooting_stars": "Shooting stars",
    "cards_skipped": "Cards skipped",
    "powers_used": "Power bonuses used",
    "powers_skipped": "Power bonuses skipped",
    "constellations": "Constellations",
    **{f"constellations_{n}": f"Constellations of {n}" for n in range(3, 11)},
}
_TURN_KEYS = ("cards_placed", "shooting_stars", "cards_skipped", "powers_used",
              "powers_skipped")
_ACTION_KEY = {"place": "cards_placed", "shooting_star": "shooting_stars",
               "skip": "cards_skipped"}


def game_statistics(options: dict[str, Any], seed: int, moves: Sequence[Sequence[Any]],
                    secret: str | None = None) -> list[dict[str, int]]:
    """Per seat, every key of ``STATISTICS``, for the game ``options`` + ``seed`` (+ the
    host's ``secret``) + ``moves`` (``IllegalMove`` if the record is not a game)."""
    ruleset = StarsRuleset()
    state = ruleset.setup(options, seed, secret)
    seats = len(state["seats"])
    totals = [dict.fromkeys(_TURN_KEYS, 0) for _ in range(seats)]
    turn = [dict.fromkeys(_TURN_KEYS, 0) for _ in range(seats)]
    for seat, move in moves:
        flipped, over = state["flipped"], state["over"]
        prompt = (state["seats"][seat]["turn"] or {}).get("prompt") if 0 <= seat < seats \
            else None
        ruleset.apply(state, seat, move)
        kind = move.get("t")
        if kind in _ACTION_KEY:
            turn[seat][_ACTION_KEY[kind]] += 1
        elif kind == "power" and prompt is not None and prompt["stars_left"] == 0:
            turn[seat]["powers_used"] += 1  # a new star's second star is the same use
        elif kind == "skip_power" and prompt is not None:
            turn[seat]["powers_skipped"] += len(prompt["copies"])
        elif kind == "undo":
            turn[seat] = dict.fromkeys(_TURN_KEYS, 0)
        if state["flipped"] != flipped or state["over"] != over:  # the card is over
            for mine, done in zip(totals, turn, strict=True):
                for key in _TURN_KEYS:
                    mine[key] += done[key]
            turn = [dict.fromkeys(_TURN_KEYS, 0) for _ in range(seats)]
    out = []
    for mine, seat_state in zip(totals, state["seats"], strict=True):
        sheet = seat_state["sheet"]
        stats = {"lines_drawn": len(sheet["lines"]), **mine}
        valid = [g for g in SheetIndex(sheet).groups() if g.valid]
        stats["constellations"] = len(valid)
        for n in range(min(data.VALID_SIZES), max(data.NOVA_SIZES) + 1):
            stats[f"constellations_{n}"] = sum(1 for g in valid if g.size == n)
        out.append({key: stats[key] for key in STATISTICS})
    return out
