"""The engine's figures a table shows: planet standings, the motivation bonus, the end watch.

The window takes every figure it shows from these helpers (never its own copy of a rule), so
they must agree with what the engine actually does when the move is played or the game ends.
"""

from __future__ import annotations

import random

from sg_helpers import new_game, pick

from game.rules.stargazer import (
    FREE,
    PLANET_TYPES,
    RULESET,
    end_progress,
    motivation_bonus,
    planet_standings,
)
from game.rules.stargazer.scoring import planet_vp

OCEAN = PLANET_TYPES["ocean"]["track"]


def test_standings_rank_owners_with_their_cubes_first_square_and_vp_row() -> None:
    queue = [0, 1, 1, 0, 2, 1]  # seat 1: 3 cubes, seat 0: 2 (first on 1), seat 2: 1; k = 6
    rows = planet_standings("ocean", queue, None)
    assert [(r["owner"], r["rank"], r["cubes"], r["first"], r["square"], r["vp"])
            for r in rows] == [(1, 1, 3, 2, 6, OCEAN[5]), (0, 2, 2, 1, 5, OCEAN[4]),
                               (2, 3, 1, 5, 4, OCEAN[3])]


def test_standings_leave_out_the_zero_square_and_count_the_virtual_player() -> None:
    # seat 0 holds only the 0 square: no owner of the track (seed), so it takes no row
    rows = planet_standings("gas", [FREE, 1], 0)
    assert [(r["owner"], r["cubes"], r["first"]) for r in rows] == [(1, 1, 2), (FREE, 1, 1)]
    assert [r["square"] for r in rows] == [2, 1]
    assert planet_standings("gas", [], 2) == [], "a 0 square alone scores nothing"


def test_standings_agree_with_the_final_scoring_in_random_games() -> None:
    rng = random.Random(4)
    for game in range(20):
        state = RULESET.setup(RULESET.normalize_options({"players": 3 + game % 2}), game)
        while not RULESET.is_over(state):
            seat = state["current"]
            RULESET.apply(state, seat, rng.choice(RULESET.legal_moves(state, seat)))
        totals = [0] * state["players"]
        for kind, queue, zero in zip(state["planets"], state["tracks"], state["zero"],
                                     strict=True):
            rows = planet_standings(kind, queue, zero)
            assert {r["owner"]: r["vp"] for r in rows} == planet_vp(kind, queue, zero)
            assert sum(r["cubes"] for r in rows) == len(queue)  # the 0 square is not counted
            for row in rows:
                if row["owner"] != FREE:
                    totals[row["owner"]] += row["vp"]
        assert totals == [b["majority"] for b in RULESET.score(state)]


def test_the_motivation_bonus_shown_is_what_picking_the_crew_pays() -> None:
    state = new_game()
    index = state["crews"].index("engineer")
    state["crew_free"][index] = 2
    state["crew_cubes"][index] = [1]
    shown = motivation_bonus(state, index)
    assert shown == 2 + 2
    before = state["motivation_vp"][0]
    events = pick(state, "engineer")
    bonus = next(e for e in events if e["type"] == "motivation_bonus")
    assert bonus["vp"] == shown and state["motivation_vp"][0] - before == shown


def test_end_progress_names_what_ends_the_game_at_the_round_end() -> None:
    state = new_game(players=3)
    assert end_progress(state) == {"fewest_cubes": 12, "planets_full": 0,
                                   "planets_full_to_end": 3}
    for planet in range(3):
        state["tracks"][planet] = [2] * len(PLANET_TYPES[state["planets"][planet]]["track"])
    state["hands"][1] = 4
    assert end_progress(state) == {"fewest_cubes": 4, "planets_full": 3,
                                   "planets_full_to_end": 3}
