"""Views are built from fast copies and memoized scores: they must still be independent plain
data, and every score they show must equal a fresh scoring of the same sheet."""

from __future__ import annotations

import copy
import random

import msgpack

from game.rules.stars import RULESET
from game.rules.stars.engine import confirmed_sheet
from game.rules.stars.scoring import cached_score, score_index
from game.rules.stars.sheet import SheetIndex, copy_sheet


def _random_game(seed: int, players: int, live_score: bool) -> list[tuple[dict, dict]]:
    """(state copy, view of seat 0) after every move of a random game with undos."""
    options = {**RULESET.default_options(players), "live_score": live_score}
    state = RULESET.setup(options, seed)
    rng = random.Random(seed)
    seen = []
    while not RULESET.is_over(state):
        seat = rng.choice(sorted(RULESET.to_move(state)))
        RULESET.apply(state, seat, rng.choice(RULESET.legal_moves(state, seat)))
        seen.append((copy.deepcopy(state), RULESET.view(state, 0)))
    return seen


def test_every_shown_score_equals_a_fresh_scoring_even_after_undo_and_replay() -> None:
    for seed in range(3):
        for state, view in _random_game(seed, 3, live_score=True):
            me = state["seats"][0]
            assert view["my_score"] == score_index(SheetIndex(copy.deepcopy(me["sheet"])))
            fresh = [score_index(SheetIndex(copy.deepcopy(confirmed_sheet(s))))
                     for s in state["seats"]]
            assert view["scores"] == fresh


def test_changing_a_view_changes_neither_the_state_nor_the_next_view() -> None:
    state, _ = _random_game(4, 2, live_score=True)[40]
    before = copy.deepcopy(state)
    first = RULESET.view(state, 0)
    for entry in first["seats"]:
        entry["sheet"]["lines"].append([0, 0, 1, 1])
        for line in entry["sheet"]["lines"]:
            line[0] = 99
        for star in entry["sheet"]["shooting_stars"]:
            star[0][0] = 99
        for obj in entry["sheet"]["objects"]:
            obj["at"][0] = 99
    if first["pending"]:
        first["pending"]["sheet"]["lines"].clear()
    first["spent"].append([9, 9, 9, 9])
    first["my_score"]["total"] = -1
    if first["scores"]:
        first["scores"][0]["total"] = -1
    assert state == before
    assert RULESET.view(state, 0) == RULESET.view(before, 0)
    assert RULESET.view(state, 0)["my_score"]["total"] >= 0


def test_a_sheet_copy_is_equal_deep_and_msgpack_plain() -> None:
    for state, _ in _random_game(5, 2, live_score=False)[::10]:
        sheet = state["seats"][1]["sheet"]
        duplicate = copy_sheet(sheet)
        assert duplicate == sheet
        assert msgpack.unpackb(msgpack.packb(duplicate), strict_map_key=False) == sheet
        for key in ("lines", "shooting_stars", "objects"):
            assert duplicate[key] is not sheet[key]
            assert all(a is not b for a, b in zip(duplicate[key], sheet[key], strict=True))


def test_the_score_memo_returns_a_fresh_dict_each_time() -> None:
    state = RULESET.setup(RULESET.default_options(1), 0)
    sheet = state["seats"][0]["sheet"]
    first = cached_score(sheet)
    first["total"] = 1000
    assert cached_score(sheet)["total"] == 0
