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


LEGEND = ("Circled number:", "the lines of its group")


def legend_marks(drive: Driver, table) -> list:  # noqa: ANN001
    """The texts drawn with the board painted afresh (its layer is cached)."""
    from game.client.stars.render import SheetRenderer

    table.renderer = SheetRenderer(budget_mb=16)
    return drawn_marks(drive.app)


def test_the_board_says_what_its_circled_numbers_are(drive: Driver) -> None:
    """The circled group sizes were explained only on the rules page (a Japanese player's
    playtest): the large board says so in its free top-right corner, clear of every star."""
    from game.client import i18n
    from game.client.stars.render import GRID_H, GRID_W, data

    table = open_on(drive, StaticSession(crafted_for(live_score=False)))
    for language in ("en", "ja"):
        drive.app.set_language(language)
        drive.step(2)
        lines = i18n._("Circled number:\nthe lines of its group").split("\n")
        assert language == "ja" or tuple(lines) == LEGEND
        marks = [m for m in legend_marks(drive, table) if m.text in lines]
        assert [m.text for m in marks] == list(lines), "both lines, in order"
        geo = table.geo
        for mark in marks:
            assert geo.rect.contains(mark.rect), mark.rect
            for x in range(GRID_W):
                for y in range(GRID_H):
                    if (x, y) not in data.ARCH_MISSING:
                        assert not mark.rect.inflate(geo.spacing // 3, geo.spacing // 3) \
                            .collidepoint(geo.to_px(x, y)), ((x, y), mark.text)


def test_no_legend_before_a_circled_number_nor_on_every_board_of_a_party(
        drive: Driver) -> None:
    state = crafted_for(live_score=False)
    state["seats"][0]["sheet"]["lines"] = []
    table = open_on(drive, StaticSession(state))
    assert not [m for m in legend_marks(drive, table) if m.text in LEGEND], \
        "nothing circled yet"
    from tests.client.test_client_couch_stars import couch_game

    couch = couch_game(drive, ["keys:left", "keys:right"])
    couch.grid = True
    drive.step(2)
    assert not [m for m in legend_marks(drive, couch) if m.text in LEGEND]
