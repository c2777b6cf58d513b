"""The score preview while hovering (the engine's own scoring, shown before the click) and the
card preview turning with the ghost."""

from __future__ import annotations

from typing import Any

import pygame

from game.client import theme
from game.client.stars.table import StarsTableScene
from game.rules.stars import (
    RULESET,
    card_segments,
    data,
    placement_preview,
    score_sheet,
)
from game.rules.stars.geometry import norm
from tests.client.clienthelpers import Driver
from tests.client.stars_play import midpoint_px, near
from tests.client.textboxes import drawn_texts

SEVEN = [[x, 3, x + 1, 3] for x in range(7)]  # a 7-line constellation on board 0, row 3
STRAIGHT_CARD = 2  # two segments in a row


class StaticSession:
    """A seat at a game that stands still: views of a crafted state; moves are only noted."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state
        self.views = {0: RULESET.view(state, 0)}
        self.human_seats = [0]
        self.names = ["Ann", "Vega"]
        self.kinds = ["human", "ai"]
        self.info = {"game": "stars", "seats": [], "status": "playing"}
        self.status = "playing"
        self.results = None
        self.config = None
        self.sent: list[dict[str, Any]] = []
        self.replay = False

    def poll(self) -> list:
        return []

    def send(self, seat: int, move: dict[str, Any]) -> None:
        self.sent.append(move)

    def close(self) -> None:
        pass


def crafted(card: int, lines: list[list[int]], power_card: int | None = None) -> dict[str, Any]:
    state = RULESET.setup({"players": 2} if power_card is None else
                          {"players": 2, "power_card": power_card}, 1)
    deck = state["deck"]
    deck.remove(card)
    deck.insert(0, card)
    for seat, record in enumerate(state["seats"]):
        record["sheet"]["board"] = seat
    state["seats"][0]["sheet"]["lines"] = [list(line) for line in lines]
    return state


def placement(card: int, segments: list[list[int]]) -> tuple[int, int, int]:
    want = sorted(norm(*s) for s in segments)
    for rot in range(4):
        for dx in range(-4, 11):
            for dy in range(-4, 12):
                if sorted(norm(*s) for s in card_segments(card, rot, dx, dy)) == want:
                    return rot, dx, dy
    raise AssertionError("no such placement")


def open_table(drive: Driver, state: dict[str, Any]) -> StarsTableScene:
    table = StarsTableScene(drive.app, None, session=StaticSession(state))
    drive.app.push(table)
    drive.step(60)
    return table


def hover(drive: Driver, table: StarsTableScene, rot: int, dx: int, dy: int) -> None:
    while table.rot != rot:
        drive.key(pygame.K_r)
    cx, cy = table._ghost_centre()
    drive.move(table.geo.to_px(dx + cx, dy + cy))
    assert table.anchor == (dx, dy)


def texts(table: StarsTableScene) -> list[str]:
    return [text for text, _ in table.status_lines(table.view, table.phase())]


def test_hovering_shows_the_score_change_and_warns_before_breaking_a_constellation(
        drive: Driver) -> None:
    table = open_table(drive, crafted(STRAIGHT_CARD, SEVEN))
    sheet = table.my_sheet()
    assert score_sheet(sheet)["constellations"] == 7
    # apart from it: two lines that score nothing yet, nothing broken
    rot, dx, dy = placement(STRAIGHT_CARD, [[3, 6, 4, 6], [4, 6, 5, 6]])
    hover(drive, table, rot, dx, dy)
    drive.step()
    lines = texts(table)
    assert table.preview() == placement_preview(sheet, card_segments(STRAIGHT_CARD, rot, dx,
                                                                     dy))
    assert "Score if drawn here: no change" in lines, lines
    assert not any("Breaks" in text for text in lines)
    # two more lines in a row make it 9: the warning comes before the click
    rot, dx, dy = placement(STRAIGHT_CARD, [[7, 3, 8, 3], [8, 3, 9, 3]])
    hover(drive, table, rot, dx, dy)
    drive.step()
    preview = table.preview()
    assert preview["broken"] and preview["broken"][0]["size"] == 7
    assert preview["broken"][0]["into"] == 9
    lines = texts(table)
    after = score_sheet({**sheet, "lines": sheet["lines"] + [[7, 3, 8, 3], [8, 3, 9, 3]]})
    assert f"Score if drawn here: {after['total'] - score_sheet(sheet)['total']:+d}" in lines
    assert any(text.startswith("Constellations -7") for text in lines), lines
    assert any("Breaks your 7-line constellation" in text for text in lines), lines
    # what the spot costs comes before how to draw it: at 720p the panel cut the warning
    # after the "Legal here" line (a playtest)
    legal = next(i for i, text in enumerate(lines) if text.startswith("Legal here"))
    assert legal > max(i for i, text in enumerate(lines) if "Breaks your" in text), lines
    glowing = [near(drive.pixel(midpoint_px(table, line)), theme.WARNING, 120)
               for line in SEVEN[:3]]
    assert any(glowing), "the constellation at risk is marked on the board"
    assert not table.session.sent, "hovering sends nothing"


def test_the_card_turns_with_the_ghost(drive: Driver) -> None:
    table = open_table(drive, crafted(STRAIGHT_CARD, []))
    drive.move(table.geo.rect.center)
    area = table.card_rect
    before = pygame.image.tobytes(drive.app.screen.subsurface(area), "RGB")
    drive.key(pygame.K_r)
    drive.step()
    after = pygame.image.tobytes(drive.app.screen.subsurface(area), "RGB")
    assert before != after, "the card picture turned"
    assert ("face", (STRAIGHT_CARD, 1, table.shooting_size), area.w) in table.card_cache
    for _ in range(3):
        drive.key(pygame.K_r)
    drive.step()
    assert pygame.image.tobytes(drive.app.screen.subsurface(area), "RGB") == before
    assert data.LINE_CARDS[STRAIGHT_CARD]  # a line card: its segments turn on the card


def test_a_loss_in_the_preview_says_why(drive: Driver) -> None:
    """A 3-line constellation grown to 5 beside a 5 that already scores: "Constellations -3"
    comes with the reason (the reason first: a panel too short at 720p cuts the last lines,
    and cut the reason, a playtest), and a placement that loses nothing has none."""
    five = [[x, 3, x + 1, 3] for x in range(5)]
    three = [[x, 6, x + 1, 6] for x in range(2, 5)]
    table = open_table(drive, crafted(STRAIGHT_CARD, five + three))
    rot, dx, dy = placement(STRAIGHT_CARD, [[5, 6, 6, 6], [6, 6, 7, 6]])
    hover(drive, table, rot, dx, dy)
    drive.step()
    lines = texts(table)
    assert any(text.startswith("Constellations -3") for text in lines), lines
    reason = ("Constellations: you already have a 5-line constellation, and only one of each "
              "size scores.")
    assert reason in lines, lines
    assert lines.index(reason) < next(i for i, t in enumerate(lines)
                                      if t.startswith("Constellations -3"))
    assert table.preview()["losses"][0]["why"] == "size_taken"
    shown = " ".join(drawn_texts(drive.app))
    assert "you already have a 5-line" in shown, "the reason is on the screen"
    rot, dx, dy = placement(STRAIGHT_CARD, [[6, 4, 7, 4], [7, 4, 8, 4]])
    hover(drive, table, rot, dx, dy)
    drive.step()
    lines = texts(table)
    assert "Legal here: click or Enter to draw." in lines, lines
    assert not any(text.startswith("Constellations:") for text in lines), lines


def test_the_preview_says_when_a_card_completes_the_power_shape(drive: Driver) -> None:
    """A new player completed the power shape unwarned ("Constellations +2" only): the
    preview says the card earns a use, and how many."""
    planet = 2  # power card 2, Planet: three lines in a row
    table = open_table(drive, crafted(STRAIGHT_CARD, [[2, 6, 3, 6]], power_card=planet))
    rot, dx, dy = placement(STRAIGHT_CARD, [[3, 6, 4, 6], [4, 6, 5, 6]])
    hover(drive, table, rot, dx, dy)
    drive.step()
    lines = texts(table)
    assert "Completes your power shape: 1 use of Planet." in lines, lines
    assert "Completes your power shape: 1 use of Planet." in drawn_texts(drive.app), \
        "it is on the screen"
    rot, dx, dy = placement(STRAIGHT_CARD, [[4, 8, 5, 8], [5, 8, 6, 8]])  # apart from it
    hover(drive, table, rot, dx, dy)
    drive.step()
    assert not any("power shape" in text for text in texts(table)), texts(table)


def test_the_shooting_star_size_buttons_read_in_one_type_size(drive: Driver) -> None:
    """"1 segment" large, "2 segments" medium and the chosen "3 segments" tiny (a new
    player's playtest): the three buttons share one size, the one at which all fit."""
    from game.rules.stars import data
    from tests.client.textboxes import RecordingSurface, recording

    star_card = sorted(data.SHOOTING_STAR_CARD_IDS)[0]
    table = open_table(drive, crafted(star_card, []))
    assert table.view["card"]["kind"] == "shooting_star"
    for chosen in (1, 3):
        table.shooting_size = chosen
        surface = RecordingSurface(drive.app.screen.get_size())
        with recording(drive.app) as recorder:
            surface.recorder = recorder
            table.draw(surface, 0.0)
        sizes = {mark.text: mark.size for mark in surface.marks()
                 if mark.kind == "text" and "segment" in mark.text}
        assert set(sizes) == {"1 segment", "2 segments", "3 segments"}, sizes
        assert len(set(sizes.values())) == 1, sizes


def test_the_play_board_numbers_its_rows_and_columns(drive: Driver) -> None:
    """The rules count rows "as the board's edge numbers them" and the hints and the review
    name stars by them, but only the replay's board had the numbers (a new player's
    playtest): the board at play numbers its rows beside it and its columns under it."""
    from tests.client.textboxes import RecordingSurface, recording

    table = open_table(drive, crafted(STRAIGHT_CARD, SEVEN))
    surface = RecordingSurface(drive.app.screen.get_size())
    with recording(drive.app) as recorder:
        surface.recorder = recorder
        table.draw(surface, 0.0)
    marks = [(mark.text, mark.rect) for mark in surface.marks() if mark.kind == "text"]
    geo = table.geo

    def labelled(text: str, at: tuple[float, float]) -> bool:
        x, y = geo.to_px(*at)
        return any(t == text and rect.inflate(6, 6).collidepoint(x, y) for t, rect in marks)

    from game.client.stars.render import RULER_AT

    assert all(labelled(str(row + 1), (-RULER_AT, row)) for row in range(11)), "rows 1-11"
    assert all(labelled(str(column + 1), (column, -RULER_AT)) for column in range(10)), \
        "columns"


def test_a_refusal_by_the_boards_left_edge_stays_inside_the_board(drive: Driver) -> None:
    """The reason floating over the ghost covered the board's left frame (a mouse-only
    playtest): its background stays inside the board, clear of the frame."""
    from tests.client.textboxes import RecordingSurface, recording

    table = open_table(drive, crafted(STRAIGHT_CARD, []))
    checked = 0
    for _turn in range(2):
        for y in range(11):
            drive.move(table.geo.to_px(0, y))
            ghost = table.ghost()
            if not ghost or ghost[2] is None or not table.reason_floats(ghost[2]):
                continue
            surface = RecordingSurface(drive.app.screen.get_size())
            with recording(drive.app) as recorder:
                surface.recorder = recorder
                table.draw(surface, 0.0)
            boxes = [m.rect for m in surface.marks()
                     if m.kind == "fill" and m.color and m.color[:3] == (30, 10, 20)]
            assert boxes, "(the reason's background is drawn)"
            inside = table.geo.rect.inflate(-4, -4)  # clear of the board's frame line
            assert all(inside.contains(box) for box in boxes), (boxes, table.geo.rect)
            checked += 1
        drive.key(pygame.K_r)
    assert checked >= 3, checked
