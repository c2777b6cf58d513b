"""The marks around a Look at the Stars board read as what they are: the column and row numbers
stand clear of the arch's border, and a group's size badge sits beside its own group, on no
line (a playtest: the border ran through the numbers, and a "2" badge sat on the diagonal of
an 8-line constellation)."""

from __future__ import annotations

from game.client.stars.render import (
    ARCH_PAD,
    BADGE_CLEAR,
    BADGE_OFFSETS,
    BADGE_RADIUS,
    _badge_on_board,
    badge_spot,
    segment_distance,
)
from game.rules.stars import RULESET
from game.rules.stars.sheet import SheetIndex
from tests.client.clienthelpers import Driver
from tests.client.test_client_stars_own_score import crafted_for, open_on
from tests.client.test_client_stars_preview import StaticSession
from tests.client.textboxes import drawn_marks


def groups_of(lines: list[list[int]]) -> list:
    sheet = RULESET.view(RULESET.setup(RULESET.normalize_options({"players": 1}), 3),
                         0)["seats"][0]["sheet"]
    return SheetIndex({**sheet, "lines": lines}).groups()


def test_a_badge_leaves_another_groups_line_for_a_free_diagonal() -> None:
    mine = [[4, 5, 5, 5]]  # a group of 1 line: its badge would sit down-left of (4, 5)
    crossing = [[3, 5, 4, 4]]  # another group's diagonal through that spot
    group = next(g for g in groups_of(mine) if (4, 5) in g.points)
    assert badge_spot(group, mine) == (4 + BADGE_OFFSETS[0][0], 5 + BADGE_OFFSETS[0][1])
    spot = badge_spot(group, mine + crossing)
    assert spot != (4 + BADGE_OFFSETS[0][0], 5 + BADGE_OFFSETS[0][1])
    assert all(segment_distance(spot, seg) >= BADGE_CLEAR for seg in mine + crossing)
    other = badge_spot(group, mine + crossing, taken=[spot])
    assert abs(other[0] - spot[0]) + abs(other[1] - spot[1]) > 2 * BADGE_RADIUS, \
        "a second badge does not land on the first"


def test_a_group_on_the_bottom_row_keeps_its_badge_inside_the_border() -> None:
    lines = [[0, 0, 1, 0], [1, 0, 2, 0]]
    (group,) = [g for g in groups_of(lines) if g.size == 2]
    x, y = badge_spot(group, lines)
    assert y - BADGE_RADIUS >= -ARCH_PAD and _badge_on_board(x, y)
    assert all(segment_distance((x, y), seg) >= BADGE_CLEAR for seg in lines)


def test_the_boards_numbers_stand_clear_of_its_border(drive: Driver) -> None:
    open_on(drive, StaticSession(crafted_for(live_score=False)))
    border = (52, 64, 124)
    numbers = [m for m in drawn_marks(drive.app) if m.text.isdigit() and
               m.rect.right < drive.app.screen.get_width() // 2]
    assert len([m for m in numbers if m.text in {str(n) for n in range(1, 12)}]) >= 21
    screen = drive.app.screen
    for mark in numbers:
        box = mark.rect.inflate(2, 2).clip(screen.get_rect())
        pixels = {tuple(screen.get_at((x, y)))[:3] for x in range(box.x, box.right)
                  for y in range(box.y, box.bottom)}
        assert border not in pixels, (mark.text, mark.rect)
