"""The component data matches the reference: grid, boards, cards, bonus shapes."""

from __future__ import annotations

from game.rules.stars import data
from game.rules.stars.geometry import (
    CARD_DISTINCT,
    POINT_CARD_ROTATIONS,
    POWER_CARD_ROTATIONS,
    is_unit,
    mid2,
    norm,
)
from game.rules.stars.sheet import usable_on_board

CARD_ROTS = [4, 4, 2, 2, 4, 4, 4, 4, 4, 4, 2, 2, 2, 2, 2, 4, 4, 4, 4, 2, 2, 2, 2, 2, 2, 4, 4]
POINT_ROTS = [1, 4, 1, 4, 1, 4, 2, 4, 4, 4]
POWER_ROTS = [4, 2, 4, 2, 4, 4, 4, 4, 4]


def test_every_board_starts_with_76_usable_stars() -> None:
    for board in range(8):
        usable = [(x, y) for x in range(10) for y in range(11) if usable_on_board(board, (x, y))]
        assert len(usable) == 76, board


def test_the_arch_removes_14_points_on_every_board() -> None:
    assert len(data.ARCH_MISSING) == 14
    assert {x for x, y in data.ARCH_MISSING if y == 10} == {0, 1, 2, 7, 8, 9}
    for board in range(8):
        assert not any(usable_on_board(board, p) for p in data.ARCH_MISSING)


def test_boards_have_3_planets_2_printed_lines_6_bottom_and_11_illustration_points() -> None:
    assert len(data.BOARDS) == 8
    for info in data.BOARDS:
        assert len(info["planets"]) == 3
        assert len(info["printed_lines"]) == 2
        assert len(set(info["bottom"])) == 6
        assert len(set(info["illustration"])) == 11
        for line in info["printed_lines"]:
            assert is_unit(line)
            assert usable_on_board(data.BOARDS.index(info), (line[0], line[1]))
            assert usable_on_board(data.BOARDS.index(info), (line[2], line[3]))


def test_27_line_cards_and_3_shooting_stars_make_30_night_cards() -> None:
    assert len(data.LINE_CARDS) == 27
    assert len(data.SHOOTING_STAR_CARD_IDS) == 3
    assert data.CARD_COUNT == 30


def test_each_line_card_has_two_unit_segments_9_joined_none_crossing() -> None:
    joined = 0
    for card in data.LINE_CARDS:
        assert len(card) == 2 and all(is_unit(s) for s in card)
        a, b = (norm(*s) for s in card)
        assert a != b and mid2(a) != mid2(b)
        if {a[:2], a[2:]} & {b[:2], b[2:]}:
            joined += 1
    assert joined == 9


def test_rotation_counts_match_the_reference_tables() -> None:
    assert [len(r) for r in CARD_DISTINCT] == CARD_ROTS
    assert [len(r) for r in POINT_CARD_ROTATIONS] == POINT_ROTS
    assert [len(r) for r in POWER_CARD_ROTATIONS] == POWER_ROTS


def test_point_card_values_and_power_sets() -> None:
    assert [c["points"] for c in data.POINT_CARDS] == [3, 3, 3, 3, 3, 3, 5, 6, 6, 5]
    for card in data.POINT_CARDS:
        assert len(card["segments"]) in (4, 5, 6)
    assert data.BEGINNER_POWER_CARDS == (2, 3, 4, 5, 8)
    assert [c["power"] for c in data.POWER_CARDS] == [
        "aura",
        "planet",
        "new_star",
        "line",
        "galaxy",
        "black_hole",
        "nova",
        "twinkling_star",
        "crescent_moon",
    ]
    assert data.DEFAULT_POINT_CARD == 3 and data.DEFAULT_POWER_CARD == 4
