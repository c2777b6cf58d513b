"""Legal placement (reference 4.3-4.4, 6.2 targets) through the public preview helpers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stars_testkit import obj, path, sheet

from game.rules.stars import (
    card_segments,
    legal_card_placements,
    legal_shooting_stars,
    placement_problem,
    power_problem,
    power_targets,
    shooting_star,
    shooting_star_problem,
)
from game.rules.stars.geometry import norm


@pytest.mark.parametrize(
    ("segments", "day", "code"),
    [
        ([[9, 3, 10, 3]], 0, "off_board"),
        ([[0, -1, 0, 0]], 0, "off_board"),
        ([[1, 9, 2, 9]], 0, "off_board"),  # (1,9) is outside the arch
        ([[0, 7, 0, 8]], 0, "off_board"),
        ([[4, 1, 4, 2]], 1, "row_closed"),  # from card 7 rows 0-1 are closed
        ([[4, 3, 4, 4]], 2, "row_closed"),  # from card 13 rows 0-3 are closed
        ([[5, 1, 5, 2]], 0, "covered_point"),  # bottom illustration
        ([[0, 4, 0, 5]], 0, "covered_point"),  # constellation artwork
        ([[2, 2, 3, 3]], 0, "planet"),
        ([[7, 2, 8, 1]], 0, "segment_taken"),  # printed line
        ([[8, 1, 7, 2]], 0, "segment_taken"),
    ],
)
def test_conditions_1_to_3_on_a_bare_board(segments, day: int, code: str) -> None:
    assert placement_problem(sheet(), segments, day) == code


def test_open_rows_are_fine_on_each_day() -> None:
    assert placement_problem(sheet(), [[4, 1, 4, 2]], 0) is None
    assert placement_problem(sheet(), [[4, 2, 4, 3]], 1) is None
    assert placement_problem(sheet(), [[4, 4, 4, 5]], 2) is None


def test_a_new_star_opens_an_illustration_point_but_never_a_bottom_one() -> None:
    opened = sheet(objects=[obj("new_star", 0, 5)])
    assert placement_problem(opened, [[0, 4, 0, 5]], 0) is None
    assert power_problem(sheet(), "new_star", [5, 1], 0) == "not_illustration_point"
    assert power_problem(sheet(), "new_star", [4, 4], 0) == "not_illustration_point"
    assert power_problem(opened, "new_star", [0, 5], 0) == "not_illustration_point"
    assert power_problem(sheet(), "new_star", [0, 5], 0) is None


def test_bonus_objects_forbid_line_ends() -> None:
    objects = [
        obj("planet", 4, 4),
        obj("galaxy", 4, 2),
        obj("twinkling_star", 4, 7),
        obj("crescent_moon", 7, 3),
    ]
    board = sheet(objects=objects)
    assert placement_problem(board, [[4, 4, 5, 5]], 0) == "planet"
    assert placement_problem(board, [[5, 2, 6, 2]], 0) == "object_point"  # galaxy's right star
    assert placement_problem(board, [[3, 2, 4, 2]], 0) == "object_point"
    assert placement_problem(board, [[4, 7, 4, 8]], 0) == "object_point"
    assert placement_problem(board, [[7, 3, 8, 3]], 0) == "object_point"
    assert placement_problem(board, [[5, 3, 6, 3]], 0) is None  # next to them is fine


def test_a_black_hole_closes_itself_and_its_8_neighbours() -> None:
    board = sheet(objects=[obj("black_hole", 5, 3)])
    for x in (4, 5, 6):
        for y in (2, 3, 4):
            inside = [x, y, x, y + 1] if y < 4 else [x, y, x, y - 1]
            assert placement_problem(board, [inside], 0) == "black_hole_zone", inside
            assert power_problem(board, "planet", [x, y], 0) == "black_hole_zone"
    assert placement_problem(board, [[7, 3, 7, 4]], 0) is None
    assert placement_problem(board, [[3, 3, 3, 4]], 0) is None
    assert power_problem(board, "planet", [7, 3], 0) is None


def test_lines_may_share_stars_and_cross() -> None:
    board = sheet(lines=[[3, 3, 4, 4]])
    assert placement_problem(board, [[3, 4, 4, 3]], 0) is None  # crossing
    assert placement_problem(board, [[4, 4, 5, 4]], 0) is None  # sharing a star
    assert placement_problem(board, [[4, 4, 3, 3]], 0) == "segment_taken"


def test_lines_may_not_touch_or_cross_a_shooting_star() -> None:
    board = sheet(shooting_stars=[[[3, 3], [4, 4], [5, 5]]])
    assert placement_problem(board, [[4, 4, 4, 5]], 0) == "touches_shooting_star"
    assert placement_problem(board, [[3, 4, 4, 3]], 0) == "touches_shooting_star"
    assert placement_problem(board, [[2, 4, 3, 4]], 0) is None


def test_an_aura_constellation_may_not_be_touched_or_crossed() -> None:
    three = path((3, 3), (4, 3), (5, 3), (6, 4))
    with_aura = sheet(lines=three, objects=[obj("aura", 4, 3)])
    assert placement_problem(with_aura, [[6, 4, 7, 4]], 0) == "aura_constellation"
    assert placement_problem(with_aura, [[5, 4, 6, 3]], 0) == "aura_constellation"  # crossing
    assert placement_problem(with_aura, [[3, 6, 4, 6]], 0) is None
    assert placement_problem(sheet(lines=three), [[6, 4, 7, 4]], 0) is None


def test_a_shooting_star_may_touch_nothing() -> None:
    line = sheet(lines=[[3, 3, 4, 3]])
    assert shooting_star_problem(line, [[4, 3], [5, 4]], 0) == "touches_line"
    crossing = sheet(lines=[[3, 3, 4, 4]])
    assert shooting_star_problem(crossing, [[3, 4], [4, 3]], 0) == "touches_line"
    assert shooting_star_problem(sheet(), [[8, 1], [9, 2]], 0) == "touches_line"  # printed
    star = sheet(shooting_stars=[[[3, 3], [4, 4]]])
    assert shooting_star_problem(star, [[4, 4], [5, 5]], 0) == "touches_shooting_star"
    assert shooting_star_problem(star, [[3, 4], [4, 3]], 0) == "touches_shooting_star"
    assert shooting_star_problem(sheet(), [[3, 3], [4, 4], [5, 5], [6, 6]], 0) is None
    assert shooting_star_problem(sheet(), [[1, 1], [2, 2]], 0) == "planet"
    assert shooting_star_problem(sheet(), [[3, 1], [4, 2]], 1) == "row_closed"


def _brute_force_card(board: dict, card: int, day: int) -> set[frozenset]:
    found = set()
    for rot in range(4):
        for dx in range(-4, 11):
            for dy in range(-4, 12):
                segs = card_segments(card, rot, dx, dy)
                if placement_problem(board, segs, day) is None:
                    found.add(frozenset(norm(*s) for s in segs))
    return found


@pytest.mark.parametrize("card", [0, 2, 3, 8, 12, 24])
@pytest.mark.parametrize("day", [0, 2])
def test_legal_card_placements_are_exactly_the_distinct_legal_ones(card: int, day: int) -> None:
    board = sheet(
        lines=path((3, 3), (4, 4), (5, 4)) + [[3, 4, 4, 3]],
        shooting_stars=[[[6, 6], [7, 7]]],
        objects=[obj("black_hole", 2, 7), obj("aura", 3, 3)] if day == 0 else [],
    )
    listed = legal_card_placements(board, card, day)
    shapes = [frozenset(norm(*s) for s in card_segments(card, *p)) for p in listed]
    assert len(shapes) == len(set(shapes)), "a placement is listed twice"
    assert set(shapes) == _brute_force_card(board, card, day)


def test_a_card_is_never_drawn_mirrored() -> None:
    # cards 4 and 5 are mirror twins: no placement of card 4 draws card 5's shape
    board = sheet()
    twin = {
        frozenset(norm(*s) for s in card_segments(5, *p))
        for p in legal_card_placements(board, 5, 0)
    }
    mine = {
        frozenset(norm(*s) for s in card_segments(4, *p))
        for p in legal_card_placements(board, 4, 0)
    }
    assert twin and mine and twin.isdisjoint(mine)


def test_legal_shooting_stars_are_diagonal_sizes_1_to_3_and_legal() -> None:
    board = sheet(lines=[[3, 3, 4, 3]], shooting_stars=[[[6, 6], [7, 7]]])
    listed = legal_shooting_stars(board, 1)
    assert {size for size, *_ in listed} == {1, 2, 3}
    seen = set()
    for size, rot, dx, dy in listed:
        points = shooting_star(size, rot, dx, dy)
        assert len(points) == size + 1
        assert all(
            abs(q[0] - p[0]) == 1 and abs(q[1] - p[1]) == 1
            for p, q in zip(points, points[1:], strict=False)
        )
        assert shooting_star_problem(board, points, 1) is None
        key = frozenset(map(tuple, points))
        assert key not in seen
        seen.add(key)
    # both diagonal directions exist
    assert {
        (p[1][0] - p[0][0]) * (p[1][1] - p[0][1]) for p in (shooting_star(*m) for m in listed)
    } == {1, -1}


def test_free_star_targets_avoid_lines_objects_shooting_stars_and_closed_rows() -> None:
    board = sheet(
        lines=[[3, 3, 4, 3]], shooting_stars=[[[6, 6], [7, 7]]], objects=[obj("galaxy", 4, 5)]
    )
    targets = {tuple(t) for t in power_targets(board, "planet", 1)}
    for point in [(3, 3), (4, 3), (6, 6), (7, 7), (4, 5), (5, 5), (2, 2), (7, 1), (0, 5)]:
        assert point not in targets, point
    assert (5, 3) in targets and (9, 9) not in targets
    assert power_problem(board, "planet", [3, 3], 1) == "line_end"
    assert power_problem(board, "twinkling_star", [6, 6], 1) == "touches_shooting_star"
    assert power_problem(board, "crescent_moon", [5, 1], 1) == "row_closed"


def test_new_star_targets_are_the_covered_illustration_points_in_open_rows() -> None:
    targets = {tuple(t) for t in power_targets(sheet(), "new_star", 0)}
    from game.rules.stars import data

    assert targets == set(data.BOARDS[0]["illustration"])
    board2 = sheet(board=2)
    day2 = {tuple(t) for t in power_targets(board2, "new_star", 2)}
    assert day2 == {p for p in data.BOARDS[2]["illustration"] if p[1] >= 4}


def test_nova_and_aura_go_on_stars_of_groups_of_three_or_more_lines() -> None:
    big = path((3, 3), (4, 3), (5, 3), (6, 3))
    small = path((3, 7), (4, 7), (5, 7))
    board = sheet(lines=big + small)
    assert {tuple(t) for t in power_targets(board, "nova", 0)} == {(3, 3), (4, 3), (5, 3), (6, 3)}
    assert power_problem(board, "aura", [4, 7], 0) == "not_constellation_star"
    with_aura = sheet(lines=big + small, objects=[obj("aura", 3, 3)])
    assert power_problem(with_aura, "aura", [5, 3], 0) == "aura_already_there"
    with_nova = sheet(lines=big, objects=[obj("nova", 3, 3)])
    assert power_problem(with_nova, "nova", [3, 3], 0) == "object_there"
    assert power_problem(with_nova, "nova", [4, 3], 0) is None
    # a nova ignores the sun: it goes on a star already in use
    low = sheet(lines=path((0, 1), (0, 2), (1, 2), (1, 3)))
    assert power_problem(low, "nova", [0, 1], 2) is None


def test_a_galaxy_must_touch_the_constellation_that_earned_it() -> None:
    shape = [[3, 2, 4, 3], [3, 4, 4, 3], [4, 3, 5, 3]]  # the galaxy power shape
    other = path((6, 6), (7, 6), (8, 6), (8, 7))
    board = sheet(lines=shape + other, power_card=5)
    assert power_problem(board, "galaxy", [5, 4], 0, trigger=shape) is None  # (5,4) by (4,3)
    assert power_problem(board, "galaxy", [0, 3], 0, trigger=shape) == "galaxy_not_adjacent"
    assert power_problem(board, "galaxy", [6, 7], 0, trigger=shape) == "galaxy_not_adjacent"
    assert power_problem(board, "galaxy", [5, 3], 0, trigger=shape) == "line_end"
    targets = power_targets(board, "galaxy", 0, trigger=shape)
    assert [5, 4] in targets and [6, 7] not in targets


def test_a_nova_may_go_on_a_group_too_big_to_score() -> None:
    nine = path(*[(x, 3) for x in range(10)])
    assert power_problem(sheet(lines=nine), "nova", [9, 3], 0) is None


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), power=st.integers(1, 9), steps=st.integers(10, 400))
def test_the_fast_line_mask_agrees_with_the_sheet_index(seed: int, power: int, steps: int) -> None:
    from game.rules.base import make_rng
    from game.rules.stars import RULESET
    from game.rules.stars.placement import line_bad_mask, sheet_line_mask
    from game.rules.stars.sheet import SheetIndex

    state = RULESET.setup({"players": 2, "power_card": power}, seed)
    rng = make_rng(seed, "mask")
    for _ in range(steps):
        if RULESET.is_over(state):
            break
        seat = rng.choice(sorted(RULESET.to_move(state)))
        moves = RULESET.legal_moves(state, seat)
        powers = [m for m in moves if m["t"] == "power"]
        RULESET.apply(state, seat, rng.choice(powers or moves))
    for record in state["seats"]:
        for day in range(3):
            sheet = record["sheet"]
            assert sheet_line_mask(sheet, day) == line_bad_mask(SheetIndex(sheet), day)
