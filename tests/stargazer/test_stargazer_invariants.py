"""Invariants along random games: no cube is ever created or lost, and every game ends."""

from __future__ import annotations

import pytest

from game.rules.base import make_rng
from game.rules.stargazer import RULESET
from game.rules.stargazer.content import CUBES_PER_PLAYER, WOOD_CUBES
from game.rules.stargazer.scoring import FREE


def cubes_of(state: dict, seat: int) -> int:
    on_planets = sum(queue.count(seat) for queue in state["tracks"])
    on_zero = sum(1 for owner in state["zero"] if owner == seat)
    on_crews = sum(cubes.count(seat) for cubes in state["crew_cubes"])
    return state["hands"][seat] + on_planets + on_zero + on_crews + state["retired"][seat]


def free_cubes(state: dict) -> int:
    on_planets = sum(queue.count(FREE) for queue in state["tracks"])
    return state["stock"] + sum(state["crew_free"]) + on_planets


@pytest.mark.parametrize("players", [3, 4])
def test_cubes_are_conserved_and_tracks_never_overflow(players: int) -> None:
    for seed in range(25):
        state = RULESET.setup(RULESET.normalize_options({"players": players}), seed)
        rng = make_rng(seed, "invariants")
        while not RULESET.is_over(state):
            for seat in range(players):
                assert cubes_of(state, seat) == CUBES_PER_PLAYER
                assert state["hands"][seat] >= 0
            assert free_cubes(state) == WOOD_CUBES - players  # the 12 wood cubes less one each
            for crew_free in state["crew_free"]:
                assert 0 <= crew_free <= 3
            seat = state["current"]
            RULESET.apply(state, seat, rng.choice(RULESET.legal_moves(state, seat)))
        assert state["end_reason"] in ("hand_empty", "planets_full")
        assert state["round"] <= 14  # at least one cube per turn: every game ends


def test_the_game_over_event_carries_the_final_scores_and_ranking() -> None:
    state = RULESET.setup(RULESET.normalize_options({"players": 3}), 5)
    rng = make_rng(5, "final-event")
    last: list = []
    while not RULESET.is_over(state):
        seat = state["current"]
        last = RULESET.apply(state, seat, rng.choice(RULESET.legal_moves(state, seat)))
    final = last[-1]
    assert final["type"] == "game_over"
    assert final["scores"] == [b["total"] for b in RULESET.score(state)]
    assert final["ranking"] == RULESET.ranking(state)
