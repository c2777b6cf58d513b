"""Golden playthroughs: seeded bot games pinned move by move with their final breakdowns.

Regenerate after an intended rules or bot change (then review the diff):
``.venv/bin/python tests/stars/test_stars_golden.py``
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

if __name__ == "__main__":  # run as a script from the repository root
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai import make_bot
from game.rules.base import replay
from game.rules.stars import RULESET

GOLDEN_DIR = Path(__file__).with_name("golden")

#: name -> (options, seed, bot level per seat)
GAMES: dict[str, tuple[dict[str, Any], int, list[str]]] = {
    "solo_greedy_new_stars": ({"players": 1, "power_card": 3, "point_card": 1}, 3, ["greedy"]),
    "duel_greedy_random": ({"players": 2}, 7, ["greedy", "random"]),
    "duel_aura_live_score": (
        {"players": 2, "power_card": 1, "live_score": True},
        5,
        ["greedy", "greedy"],
    ),
    "three_black_hole_random_point": (
        {"players": 3, "power_card": 6, "point_card": "random"},
        11,
        ["greedy", "greedy", "random"],
    ),
    "four_galaxy": (
        {"players": 4, "power_card": 5, "point_card": 7},
        21,
        ["greedy", "random", "greedy", "random"],
    ),
}


def play_game(options: dict[str, Any], seed: int, levels: list[str]) -> dict[str, Any]:
    """Play the game with its bots; return the record (moves and final breakdown)."""
    opts = RULESET.normalize_options(options)
    state = RULESET.setup(opts, seed)
    bots = [make_bot("stars", level, seed * 10 + seat) for seat, level in enumerate(levels)]
    moves: list[list[Any]] = []
    while not RULESET.is_over(state):
        for seat in sorted(RULESET.to_move(state)):
            if seat in RULESET.to_move(state):
                move = bots[seat].choose(RULESET, state, seat)
                RULESET.apply(state, seat, move)
                moves.append([seat, move])
    return {
        "options": opts,
        "seed": seed,
        "bots": levels,
        "point_card": state["point_card"],
        "power_card": state["power_card"],
        "moves": moves,
        "scores": RULESET.score(state),
    }


def golden_path(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.json"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_replaying_the_pinned_moves_gives_the_pinned_scores(name: str) -> None:
    record = json.loads(golden_path(name).read_text())
    state = replay(RULESET, record["options"], record["seed"], record["moves"])
    assert RULESET.is_over(state)
    assert state["point_card"] == record["point_card"]
    assert state["power_card"] == record["power_card"]
    assert RULESET.score(state) == record["scores"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_bots_still_play_the_pinned_moves(name: str) -> None:
    options, seed, levels = GAMES[name]
    record = json.loads(golden_path(name).read_text())
    fresh = play_game(options, seed, levels)
    assert fresh["moves"] == record["moves"]
    assert fresh["scores"] == record["scores"]


def _dump(record: dict[str, Any]) -> str:
    """JSON with one move per line, so a regenerated file diffs readably."""
    head = {k: v for k, v in record.items() if k not in ("moves", "scores")}
    moves = ",\n  ".join(json.dumps(m) for m in record["moves"])
    scores = ",\n  ".join(json.dumps(s) for s in record["scores"])
    body = json.dumps(head)[:-1]
    return f'{body},\n "moves": [\n  {moves}\n ],\n "scores": [\n  {scores}\n ]\n}}\n'


def regenerate() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, (options, seed, levels) in GAMES.items():
        record = play_game(options, seed, levels)
        golden_path(name).write_text(_dump(record))
        totals = [s["total"] for s in record["scores"]]
        print(f"{name}: {len(record['moves'])} moves, totals {totals}")


if __name__ == "__main__":
    regenerate()
