"""Scoring (reference section 7, bonus scores of 5-6) and the public ``score_sheet``."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stars_testkit import obj, path, sheet

from game.rules.stars import bga_greedy_copy_count, score_sheet
from game.rules.stars.scoring import CATEGORIES
from game.rules.stars.sheet import usable_on_board

ROW3 = [(x, 3) for x in range(10)]

def score_crafted(board: dict) -> dict:
    """``score_sheet`` of a sheet crafted to test one scoring rule (objects without the power
    copies that earned them, shooting stars against lines...): no game ends with it, so only
    its shape is checked."""
    return score_sheet(board, reachable=False)



def test_crossing_lines_join_one_constellation() -> None:
    crossing = [[3, 3, 4, 4], [3, 4, 4, 3], [4, 4, 5, 4]]
    assert score_sheet(sheet(lines=crossing))["constellations"] == 3
    apart = [[3, 3, 4, 4], [5, 3, 6, 4], [6, 4, 7, 4]]
    assert score_sheet(sheet(lines=apart))["constellations"] == 0


def test_lines_sharing_a_star_join() -> None:
    assert score_sheet(sheet(lines=path((3, 3), (4, 3), (5, 4), (5, 3))))["constellations"] == 3


def test_two_constellations_of_the_same_size_score_once_but_both_count_for_planets() -> None:
    row3 = path(*ROW3[:6])  # 5 lines, touches planet (2,2)
    row6 = path(*[(x, 6) for x in range(3, 9)])  # 5 lines, touches planet (7,5)
    score = score_sheet(sheet(lines=row3 + row6))
    assert score["constellations"] == 5
    assert score["planets"] == 2


def test_every_size_from_3_to_8_scores_its_size() -> None:
    groups = [
        path((0, 2), (0, 3), (0, 4), (1, 4)),  # 3
        path((3, 2), (4, 2), (5, 2), (6, 2), (6, 3)),  # 4
        path(*[(x, 6) for x in range(2, 8)]),  # 5
    ]
    lines = [line for g in groups for line in g]
    assert score_sheet(sheet(lines=lines))["constellations"] == 3 + 4 + 5


def test_nine_lines_without_nova_score_nothing_and_count_for_no_planet() -> None:
    nine = path(*ROW3)
    score = score_sheet(sheet(lines=nine))
    assert score["constellations"] == 0 and score["planets"] == 0
    assert score["total"] == 0


def test_nova_makes_9_and_10_line_groups_valid_in_the_power_box() -> None:
    nine = path(*ROW3)
    with_nova = score_crafted(sheet(lines=nine, objects=[obj("nova", 0, 3)]))
    assert with_nova["constellations"] == 0
    assert with_nova["power_bonus"] == 9
    assert with_nova["planets"] == 1  # planet (2,2) now touches a valid constellation
    ten = nine + [[9, 3, 9, 4]]
    assert score_crafted(sheet(lines=ten, objects=[obj("nova", 9, 4)]))["power_bonus"] == 10
    eleven = ten + [[9, 4, 9, 5]]
    assert score_crafted(sheet(lines=eleven, objects=[obj("nova", 0, 3)]))["power_bonus"] == 0


def test_nova_sizes_score_once_per_size() -> None:
    nine_a = path(*ROW3)
    nine_b = path(*[(x, 6) for x in range(2, 10)], (9, 5), (9, 4))  # 7 + 2 = 9 lines
    objects = [obj("nova", 0, 3), obj("nova", 2, 6)]
    assert score_crafted(sheet(lines=nine_a + nine_b, objects=objects))["power_bonus"] == 9


def test_a_nova_on_a_normal_constellation_changes_nothing() -> None:
    three = path((3, 3), (4, 3), (5, 3), (6, 3))
    plain = score_crafted(sheet(lines=three))
    assert score_crafted(sheet(lines=three, objects=[obj("nova", 3, 3)])) == plain


def test_joining_a_4_and_a_3_group_makes_an_8_and_loses_both() -> None:
    four = path((0, 3), (1, 3), (2, 3), (3, 3), (4, 3))
    three = path((5, 4), (6, 4), (7, 4), (8, 4))
    assert score_sheet(sheet(lines=four + three))["constellations"] == 7
    joined = four + three + [[4, 3, 5, 4]]
    assert score_sheet(sheet(lines=joined))["constellations"] == 8


def test_join_by_crossing_alone_merges_groups() -> None:
    left = path((1, 3), (2, 3), (3, 3), (4, 4))  # 3 lines ending with a diagonal
    right = path((3, 4), (4, 3), (5, 3), (6, 3))  # its first line crosses (3,3)-(4,4)
    assert score_sheet(sheet(lines=left + right))["constellations"] == 6


def test_a_planet_touched_on_several_sides_by_one_constellation_scores_one() -> None:
    around = path((1, 1), (1, 2), (1, 3), (2, 3), (3, 3), (3, 2))  # wraps planet (2,2)
    assert score_sheet(sheet(lines=around))["planets"] == 1


def test_a_planet_counts_each_distinct_valid_constellation() -> None:
    west = path((1, 1), (1, 2), (1, 3), (0, 4))
    east = path((3, 1), (3, 2), (4, 2), (4, 3))
    small = [[2, 3, 3, 4]]  # 1 line: not a constellation
    assert score_sheet(sheet(lines=west + east + small))["planets"] == 2


def test_bonus_planets_score_like_printed_ones() -> None:
    three = path((4, 6), (5, 6), (6, 6), (6, 7))
    assert score_crafted(sheet(lines=three, objects=[obj("planet", 5, 7)]))["planets"] == 2


def test_shooting_stars_score_one_per_segment_and_never_join_constellations() -> None:
    stars = [[[0, 2], [1, 3]], [[5, 2], [6, 3], [7, 4], [8, 5]]]
    two_lines = [[1, 3, 2, 3], [2, 3, 3, 3]]  # would be 3 lines if the star were a line
    score = score_crafted(sheet(lines=two_lines, shooting_stars=stars))
    assert score["shooting_stars"] == 1 + 3
    assert score["constellations"] == 0


def test_point_bonus_counts_copies_sharing_stars_but_not_segments() -> None:
    # two plus signs (card 3) sharing the star (4,3)
    plus_a = [[2, 3, 3, 3], [3, 3, 4, 3], [3, 2, 3, 3], [3, 3, 3, 4]]
    plus_b = [[4, 3, 5, 3], [5, 3, 6, 3], [5, 2, 5, 3], [5, 3, 5, 4]]
    assert score_sheet(sheet(lines=plus_a + plus_b, point_card=3))["point_bonus"] == 6
    # a shared segment gives one copy only
    plus_c = [[4, 3, 5, 3], [4, 2, 4, 3], [4, 3, 4, 4]]  # plus at (4,3) reusing (3,3)-(4,3)
    assert score_sheet(sheet(lines=plus_a + plus_c, point_card=3))["point_bonus"] == 3


def test_point_bonus_finds_copies_in_every_rotation() -> None:
    # card 2: (2,1)-(2,2), (2,2)-(2,3), (1,3)-(2,3), (2,3)-(3,3): a T, placed at (+2, +2)
    t_shape = [[4, 3, 4, 4], [4, 4, 4, 5], [3, 5, 4, 5], [4, 5, 5, 5]]
    assert score_sheet(sheet(board=1, lines=t_shape, point_card=2))["point_bonus"] == 3
    turned = [[4, 3, 5, 3], [5, 3, 6, 3], [6, 2, 6, 3], [6, 3, 6, 4]]  # the T on its side
    assert score_sheet(sheet(board=1, lines=turned, point_card=2))["point_bonus"] == 3
    # card 8 (a trapezoid of 6 lines) is worth 6
    card8 = [[0, 1, 1, 1], [1, 1, 2, 1], [2, 1, 3, 1], [3, 1, 2, 2], [0, 1, 1, 2], [1, 2, 2, 2]]
    shifted = [[a + 3, b + 2, c + 3, d + 2] for a, b, c, d in card8]
    assert score_sheet(sheet(lines=shifted, point_card=8))["point_bonus"] == 6


def test_point_bonus_counts_printed_lines() -> None:
    # card 1 is an X; board 0 prints (7,2)-(8,1), completing an X around (8,1)
    x_shape = [[7, 0, 8, 1], [8, 1, 9, 0], [8, 1, 9, 2]]
    score = score_sheet(sheet(lines=x_shape, point_card=1))
    assert score["point_bonus"] == 3
    assert score["constellations"] == 4  # the printed line is a real line


def test_point_bonus_is_the_maximum_where_bgas_greedy_finds_fewer() -> None:
    # three plus signs: X at (4,3) comes first in BGA's order and overlaps both Y (5,3) and
    # Z (4,4), which are disjoint from each other: the maximum is 2, greedy keeps only X
    x = [[3, 3, 4, 3], [4, 3, 5, 3], [4, 2, 4, 3], [4, 3, 4, 4]]
    y = [[4, 3, 5, 3], [5, 3, 6, 3], [5, 2, 5, 3], [5, 3, 5, 4]]
    z = [[3, 4, 4, 4], [4, 4, 5, 4], [4, 3, 4, 4], [4, 4, 4, 5]]
    lines = sorted({tuple(s) for s in x + y + z})
    board = sheet(lines=[list(s) for s in lines], point_card=3)
    assert bga_greedy_copy_count(board) == 1
    assert score_sheet(board)["point_bonus"] == 2 * 3


def test_point_bonus_ignores_shooting_stars() -> None:
    x_lines = [[4, 3, 5, 4], [5, 4, 6, 3], [5, 4, 6, 5]]  # an X around (5,4) missing (4,5)-(5,4)
    star = [[[3, 6], [4, 5], [5, 4]]]
    crossed = sheet(lines=x_lines, shooting_stars=star, point_card=1)
    assert score_crafted(crossed)["point_bonus"] == 0
    full = x_lines + [[4, 5, 5, 4]]
    assert score_crafted(sheet(lines=full, point_card=1))["point_bonus"] == 3


def test_galaxies_and_auras_score_two_each() -> None:
    objects = [obj("galaxy", 4, 6), obj("galaxy", 4, 2)]
    assert score_crafted(sheet(objects=objects))["power_bonus"] == 4
    three = path((4, 3), (5, 3), (6, 3), (6, 4))
    score = score_crafted(sheet(lines=three, objects=[obj("aura", 4, 3)]))
    assert score["power_bonus"] == 2


def test_twinkling_star_scores_3_only_with_exactly_two_neighbouring_constellations() -> None:
    west = path((3, 2), (3, 3), (3, 4), (2, 4))
    east = path((5, 2), (5, 3), (5, 4), (6, 4))
    pair = path((4, 1), (4, 2))  # 1 line: not a constellation, does not count
    twinkle = [obj("twinkling_star", 4, 3)]
    assert score_crafted(sheet(lines=west, objects=twinkle))["power_bonus"] == 0
    assert score_crafted(sheet(lines=west + east, objects=twinkle))["power_bonus"] == 3
    assert score_crafted(sheet(lines=west + east + pair, objects=twinkle))["power_bonus"] == 3


def test_twinkling_star_with_three_neighbouring_constellations_scores_nothing() -> None:
    west = path((3, 2), (3, 3), (3, 4), (2, 4))
    east = path((5, 2), (5, 3), (5, 4), (6, 4))
    south = path((4, 2), (4, 1), (3, 1), (2, 1))
    score = score_crafted(sheet(lines=west + east, objects=[obj("twinkling_star", 4, 3)]))
    assert score["power_bonus"] == 3
    # south shares no star with west and crosses nothing; its end (4,2) is a neighbour of the
    # twinkling star, so three constellations touch it now
    score = score_crafted(sheet(lines=west + east + south, objects=[obj("twinkling_star", 4, 3)]))
    assert score["power_bonus"] == 0


def test_crescent_moon_counts_valid_constellations_in_its_row_or_column() -> None:
    in_row = path((2, 6), (3, 6), (3, 7), (4, 7))
    in_column = path((7, 1), (8, 2), (9, 2), (9, 3))  # a star at (8,2): column 8
    elsewhere = path((3, 2), (4, 2), (4, 3), (5, 3))
    moon = [obj("crescent_moon", 8, 6)]
    score = score_crafted(sheet(lines=in_row + in_column + elsewhere, objects=moon))
    assert score["power_bonus"] == 2


def test_black_hole_scores_each_neighbour_still_a_free_star() -> None:
    # (4,6): neighbours (3,5) is covered by the illustration, the other 7 are stars
    hole = [obj("black_hole", 4, 6)]
    assert score_crafted(sheet(objects=hole))["power_bonus"] == 7
    used = path((5, 7), (6, 7), (7, 7), (7, 6))  # takes (5,7)
    assert score_crafted(sheet(lines=used, objects=hole))["power_bonus"] == 6
    opened = hole + [obj("new_star", 3, 5)]
    assert score_crafted(sheet(objects=opened))["power_bonus"] == 8
    with_planet = hole + [obj("planet", 5, 5)]
    assert score_crafted(sheet(objects=with_planet))["power_bonus"] == 6


def test_total_is_the_sum_of_the_five_categories() -> None:
    lines = path(*ROW3[:6]) + [[2, 3, 2, 4]]
    score = score_crafted(sheet(lines=lines, objects=[obj("galaxy", 6, 6)]))
    assert set(score) == {*CATEGORIES, "total"}
    assert score["total"] == sum(score[c] for c in CATEGORIES)


@pytest.mark.parametrize(
    ("mutate", "needle"),
    [
        (lambda s: s.pop("lines"), "'lines'"),
        (lambda s: s.update(extra=1), "extra"),
        (lambda s: s.update(board=8), "board"),
        (lambda s: s.update(board=True), "board"),
        (lambda s: s.update(point_card=0), "point_card"),
        (lambda s: s.update(power_card="4"), "power_card"),
        (lambda s: s.update(lines=[[0, 2, 0, 4]]), "lines[0]"),
        (lambda s: s.update(lines=[[3, 3, 3, 3]]), "lines[0]"),
        (lambda s: s.update(lines=[[4, 4, 5, 5], [2, 2, 2, 3]]), "lines[1]"),
        (lambda s: s.update(lines=[[4, 4, 5, 5], [5, 5, 4, 4]]), "lines[1]"),
        (lambda s: s.update(lines=[[8, 1, 7, 2]]), "already"),
        (lambda s: s.update(lines=[[0, 5, 0, 4]]), "lines[0]"),
        (lambda s: s.update(lines=[[1, 9, 2, 9]]), "lines[0]"),
        (lambda s: s.update(lines=[[4, 0, 4, 1]]), "lines[0]"),
        (lambda s: s.update(lines=[[4, 4, "5", 5]]), "lines[0]"),
        (lambda s: s.update(lines="nope"), "lines"),
        (lambda s: s.update(shooting_stars=[[[1, 1], [2, 1]]]), "shooting_stars[0]"),
        (lambda s: s.update(shooting_stars=[[[1, 1]]]), "shooting_stars[0]"),
        (lambda s: s.update(shooting_stars=[[[1, 1], [2, 2], [1, 3]]]), "shooting_stars[0]"),
        (lambda s: s.update(objects=[{"kind": "comet", "at": [4, 4]}]), "objects[0]"),
        (lambda s: s.update(objects=[{"kind": "planet", "at": [12, 4]}]), "objects[0]"),
        (lambda s: s.update(objects=[{"kind": "new_star", "at": [4, 4]}]), "objects[0]"),
        (lambda s: s.update(objects=[{"kind": "galaxy", "at": [9, 4]}]), "objects[0]"),
        (lambda s: s.update(objects=[{"kind": "planet"}]), "objects[0]"),
        (lambda s: s.update(power_card=2, objects=[obj("planet", 4, 4), obj("planet", 4, 4)]),
         "objects[1]"),
    ],
)
def test_score_sheet_refuses_malformed_sheets_naming_the_item(mutate, needle: str) -> None:
    bad = sheet()
    mutate(bad)
    with pytest.raises(ValueError, match=__import__("re").escape(needle)):
        score_sheet(bad)


def test_score_sheet_refuses_non_maps() -> None:
    for bad in (None, [], "sheet", 3):
        with pytest.raises(ValueError):
            score_sheet(bad)


def test_a_new_star_opens_its_illustration_point_for_lines() -> None:
    lines = [[0, 4, 0, 5]]
    with pytest.raises(ValueError, match="lines"):
        score_crafted(sheet(lines=lines))
    assert score_crafted(sheet(lines=lines, objects=[obj("new_star", 0, 5)]))["total"] == 0


def test_lines_beside_a_later_black_hole_are_accepted() -> None:
    """score_sheet does not re-check the order of play."""
    lines = path((5, 3), (6, 3), (7, 3), (7, 4))
    score = score_crafted(sheet(lines=lines, objects=[obj("black_hole", 6, 4)]))
    assert score["constellations"] == 3


# --- property: any well-formed sheet scores, and the total is the sum ------------------------

USABLE = [
    [(x, y) for x in range(10) for y in range(11) if usable_on_board(b, (x, y))] for b in range(8)
]
STEPS = [(1, 0), (0, 1), (1, 1), (1, -1)]


@st.composite
def sheets(draw: st.DrawFn) -> dict:
    board = draw(st.integers(0, 7))
    usable = set(USABLE[board])
    lines = []
    seen = set()
    for p in draw(st.lists(st.sampled_from(USABLE[board]), max_size=45)):
        dx, dy = draw(st.sampled_from(STEPS))
        q = (p[0] + dx, p[1] + dy)
        if q in usable and (p, q) not in seen:
            seen.add((p, q))
            lines.append([p[0], p[1], q[0], q[1]])
    from game.rules.stars import data

    printed = {((a, b), (c, d)) for a, b, c, d in data.BOARDS[board]["printed_lines"]}
    printed |= {(q, p) for p, q in printed}
    lines = [ln for ln in lines if ((ln[0], ln[1]), (ln[2], ln[3])) not in printed]
    stars = []
    for p in draw(st.lists(st.sampled_from(USABLE[board]), max_size=3)):
        size = draw(st.integers(1, 3))
        pts = [(p[0] + i, p[1] + i) for i in range(size + 1)]
        if all(q in usable for q in pts):
            stars.append([list(q) for q in pts])
    kinds = ["planet", "galaxy", "twinkling_star", "nova", "aura", "crescent_moon", "black_hole"]
    objects = []
    for kind, p in draw(
        st.lists(
            st.tuples(st.sampled_from(kinds), st.sampled_from(USABLE[board])),
            max_size=6,
            unique=True,
        )
    ):
        if kind == "galaxy" and (p[0] + 1, p[1]) not in usable:
            continue
        objects.append({"kind": kind, "at": [p[0], p[1]]})
    return sheet(
        board=board,
        lines=lines,
        shooting_stars=stars,
        objects=objects,
        point_card=draw(st.integers(1, 10)),
        power_card=draw(st.integers(1, 9)),
    )


@settings(max_examples=80, deadline=None)
@given(sheets())
def test_any_well_formed_sheet_scores_and_the_total_is_the_sum(board: dict) -> None:
    score = score_crafted(board)
    assert all(isinstance(score[c], int) and score[c] >= 0 for c in CATEGORIES)
    assert score["total"] == sum(score[c] for c in CATEGORIES)
    assert score["constellations"] <= 33


JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 20) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(
    key=st.sampled_from(
        ["board", "lines", "shooting_stars", "objects", "point_card", "power_card"]
    ),
    junk=JUNK,
)
def test_corrupt_sheets_raise_value_error_and_nothing_else(key: str, junk: object) -> None:
    bad = sheet(lines=[[3, 3, 4, 4]], objects=[obj("planet", 6, 6)])
    bad[key] = junk
    try:
        score = score_sheet(bad)
    except ValueError as error:
        assert str(error)
    else:
        assert score["total"] == sum(score[c] for c in CATEGORIES)


@settings(max_examples=100, deadline=None)
@given(
    lines=st.lists(st.lists(JUNK, max_size=5), max_size=4),
    stars=st.lists(st.lists(JUNK, max_size=5), max_size=3),
    objects=st.lists(st.dictionaries(st.sampled_from(["kind", "at", "x"]), JUNK), max_size=3),
)
def test_corrupt_items_raise_value_error_and_nothing_else(lines, stars, objects) -> None:
    bad = sheet()
    bad.update(lines=lines, shooting_stars=stars, objects=objects)
    try:
        score_sheet(bad)
    except ValueError as error:
        assert str(error)
