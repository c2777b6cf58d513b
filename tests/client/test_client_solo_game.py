"""A whole solo game (you + a greedy bot) played through the real UI to the results."""

from __future__ import annotations

import random

import pygame
import pytest

from game.client import theme
from game.client.scenes.dialog import ConfirmDialog
from game.client.scenes.menu import MainMenuScene
from game.client.scenes.results import ResultsScene
from game.client.stars.board_view import BoardViewScene
from game.client.stars.table import StarsTableScene
from game.rules.stars import RULESET, card_segments, legal_card_placements
from tests.client.clienthelpers import Driver
from tests.client.stars_play import aim, midpoint_px, near, play_turn
from tests.client.textboxes import drawn_texts


def start_solo(drive: Driver, opponents: int = 1) -> StarsTableScene:
    drive.click(drive.scene.button("Play solo").rect.center)
    setup = drive.scene
    setup.count.set_value(opponents)
    setup._refresh()
    drive.click(setup.start.rect.center)
    table = drive.scene
    assert isinstance(table, StarsTableScene)
    drive.until(lambda: table.view is not None, what="the first snapshot")
    return table


def first_line_card(drive: Driver, table: StarsTableScene) -> None:
    """Skip cards until a line card with a legal spot is up (the seed fixes the deck)."""
    while table.view["card"]["kind"] != "line":
        drive.key(pygame.K_s)
        drive.key(pygame.K_RETURN)
        n = table.view["card"]["n"]
        drive.until(lambda n=n: table.view["card"]["n"] > n, what="next card")


@pytest.mark.timeout(180)
def test_whole_solo_game_reaches_results(drive) -> None:  # noqa: ANN001
    table = start_solo(drive)
    assert table.session.kinds == ["human", "ai"]
    rng = random.Random(3)
    played = []
    sky_before_and_after: dict[int, tuple[int, int, int]] = {}
    while not isinstance(drive.scene, ResultsScene):
        view = table.view
        if view["over"]:
            drive.until(lambda: isinstance(drive.scene, ResultsScene), what="results")
            break
        n = view["card"]["n"]
        drive.step(40)  # let the card flip in
        if n in (6, 7):  # the sun rises between cards 6 and 7: the bottom rows turn to dawn
            drive.step(100)
            below_row_0 = table.geo.to_px(0.5, -0.4)  # clear of lines and messages
            sky_before_and_after[n] = drive.pixel(below_row_0)
            if n == 7:
                assert table.sun is None and table.view["day"] == 1
        played.append(play_turn(drive, table, rng, check_pixels=n <= 3))
        drive.until(lambda n=n: table.view["card"]["n"] > n or table.view["over"],
                    what=f"card {n + 1}")
    assert len(played) == 18
    before, after = sky_before_and_after[6], sky_before_and_after[7]
    assert after[0] > before[0] + 20, "closed rows are shaded in the sunrise colour"
    assert "place" in played
    results = drive.scene
    final = table.session.table.state
    assert results.scores == RULESET.score(final)
    assert results.names[0] == drive.app.settings.player_name
    # "Power bonus 0" read as "your power did nothing" (a new player who used Line): a line
    # under the table says what the column holds with this game's power
    note = [text for text in drawn_texts(drive.app) if text.startswith("Power bonus: ")]
    assert note and "its lines score like any others" in note[0], note
    last_row_bottom = results.panel.y + results.header_h + len(results.scores) * results.row_h
    assert results.panel.bottom - last_row_bottom >= results.layout.font_px("small"), \
        "the panel grew a line for it below the rows"
    assert "game_over" in drive.app.sounds.played
    assert "sun_rise" in drive.app.sounds.played
    assert table.events_seen.count("card_flipped") == 17
    assert table.events_seen.count("sun_rose") == 2
    # play again starts a fresh table; back to menu from there
    drive.click(results.form.widgets[0].rect.center)
    assert isinstance(drive.scene, StarsTableScene) and drive.scene is not table
    drive.until(lambda: drive.scene.view is not None)
    drive.scene.session.close()
    drive.app.reset_to(MainMenuScene(drive.app))


def test_card_flips_in_and_ghost_follows_mouse_in_legal_and_illegal_colours(drive) -> None:  # noqa: ANN001
    table = start_solo(drive)
    drive.step(3)
    size = table.card_rect.w
    mid_row = [drive.pixel((table.card_rect.centerx + dx, table.card_rect.centery))
               for dx in range(-size // 2, size // 2)]
    drive.step(60)
    after = [drive.pixel((table.card_rect.x + dx, table.card_rect.centery))
             for dx in range(0, 8)]
    assert any(near(p, theme.ACCENT, 30) for p in after), "the card's gold edge is drawn"
    assert mid_row != after
    first_line_card(drive, table)
    drive.step(60)
    card = table.view["card"]
    rot, dx, dy = legal_card_placements(table.my_sheet(), card["id"], 0)[0]
    aim(drive, table, rot, dx, dy)
    segment = card_segments(card["id"], rot, dx, dy)[0]
    assert near(drive.pixel(midpoint_px(table, segment)), theme.LEGAL)
    # far down-left the card hangs off the board: red, with the reason in words
    drive.move(table.geo.to_px(-0.6, -0.6))
    problem = table.ghost()[2]
    assert problem == "off_board"
    lines = [text for text, _ in table.status_lines(table.view, table.phase())]
    assert any("off the board" in text for text in lines)
    onboard = [s for s in table.ghost()[1] if min(s) >= 0]
    for seg in onboard:
        assert near(drive.pixel(midpoint_px(table, seg)), theme.ILLEGAL)
    drive.click(table.geo.to_px(-0.6, -0.6))
    assert drive.app.sounds.played[-1] == "invalid"
    drive.step(3)
    assert table.view.get("pending") is None, "an illegal click sends nothing"


def test_keyboard_placement_undo_and_confirm(drive) -> None:  # noqa: ANN001
    table = start_solo(drive)
    first_line_card(drive, table)
    card = table.view["card"]
    spots = legal_card_placements(table.my_sheet(), card["id"], 0)
    rot, dx, dy = spots[len(spots) // 2]
    for _ in range(rot):
        drive.key(pygame.K_r)
    assert table.rot == rot
    while table.anchor[0] != dx:
        drive.key(pygame.K_RIGHT if table.anchor[0] < dx else pygame.K_LEFT)
    while table.anchor[1] != dy:
        drive.key(pygame.K_UP if table.anchor[1] < dy else pygame.K_DOWN)
    assert table.keyboard_ghost
    drive.key(pygame.K_RETURN)
    drive.until(lambda: table.view.get("pending") is not None)
    placed = table.view["pending"]["sheet"]["lines"][-2:]
    assert placed == card_segments(card["id"], rot, dx, dy)
    drive.key(pygame.K_u)
    drive.until(lambda: table.view.get("pending") is None, what="undo")
    assert "turn_undone" in table.events_seen
    drive.key(pygame.K_RETURN)  # placed again where the ghost still is
    drive.until(lambda: table.view.get("pending") is not None)
    n = card["n"]
    drive.key(pygame.K_RETURN)  # confirm
    drive.until(lambda: table.view["card"]["n"] == n + 1, what="next card")
    seg = placed[0]
    drive.step(2)
    assert near(drive.pixel(midpoint_px(table, seg)), theme.LINE)


def test_wheel_and_right_click_rotate(drive) -> None:  # noqa: ANN001
    table = start_solo(drive)
    first_line_card(drive, table)
    drive.move(table.geo.rect.center)
    drive.wheel(-1)
    assert table.rot == 1
    drive.click(table.geo.rect.center, button=3)
    assert table.rot == 2
    drive.wheel(1)
    assert table.rot == 1


def test_thumbnail_enlarges_and_esc_asks_before_leaving(drive) -> None:  # noqa: ANN001
    table = start_solo(drive, opponents=3)
    assert len(table.thumb_rects) == 3
    rect, seat = table.thumb_rects[1]
    drive.click(rect.center)
    assert isinstance(drive.scene, BoardViewScene) and drive.scene.seat == seat
    drive.key(pygame.K_SPACE)
    assert drive.scene is table
    drive.key(pygame.K_TAB)  # the keyboard way: Tab, then arrows through the others
    view = drive.scene
    assert isinstance(view, BoardViewScene) and view.seat == table.thumb_rects[0][1]
    drive.key(pygame.K_RIGHT)
    assert view.seat == table.thumb_rects[1][1]
    drive.key(pygame.K_LEFT)
    drive.key(pygame.K_LEFT)
    assert view.seat == table.thumb_rects[2][1]
    drive.key(pygame.K_ESCAPE)
    assert drive.scene is table
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.scene, ConfirmDialog)
    drive.key(pygame.K_ESCAPE)  # no: keep playing
    assert drive.scene is table
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    drive.step()
    assert isinstance(drive.scene, ConfirmDialog) and drive.app.running
    drive.click(drive.scene.form.widgets[1].rect.center)  # "Quit"
    assert not drive.app.running


@pytest.mark.parametrize("power_card", range(1, 10))
def test_the_results_say_what_the_power_column_holds_for_every_power(power_card: int) -> None:
    from game.client.i18n import tr
    from game.client.stars import score_note
    from game.client.stars.render import power_label
    from game.rules.stars import data

    state = RULESET.setup({"players": 2, "power_card": power_card}, 3)
    note = tr(score_note(RULESET.view(state, None)))
    power = data.POWER_CARDS[power_card - 1]["power"]
    assert note.startswith("Power bonus: ")
    if power in ("line", "planet", "new_star"):  # their uses score elsewhere, or nothing
        assert "nothing" in note or "0 with" in note, note
        assert "own marks" not in note, "(said plainly: that took a new player several readings)"
    else:
        assert power_label(power) in note, note
