"""Dialogs and the enlarged board dim the table under them: the game stays in view."""

from __future__ import annotations

import pygame

from game.client.scenes.dialog import ConfirmDialog
from game.client.stars.board_view import BoardViewScene
from tests.client.clienthelpers import Driver
from tests.client.test_client_solo_game import start_solo


def brightness(drive: Driver, area: pygame.Rect) -> float:
    """Mean channel value over ``area`` of the last frame."""
    screen = drive.app.screen
    total = 0
    count = 0
    for x in range(area.x, area.right, 3):
        for y in range(area.y, area.bottom, 3):
            total += sum(screen.get_at((x, y))[:3])
            count += 3
    return total / count


def test_a_dialog_and_the_board_view_dim_the_table_without_hiding_it(drive: Driver) -> None:
    table = start_solo(drive)
    drive.step(60)
    corner = pygame.Rect(table.geo.rect.x, table.geo.rect.y, table.geo.rect.w // 3,
                         table.geo.rect.h // 3)  # the board, clear of the dialog's panel
    before = brightness(drive, corner)
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.scene, ConfirmDialog)
    drive.step()
    dimmed = brightness(drive, corner)
    assert 0.25 * before < dimmed < 0.8 * before, (before, dimmed)
    drive.key(pygame.K_ESCAPE)
    drive.key(pygame.K_TAB)
    assert isinstance(drive.scene, BoardViewScene)
    drive.step()
    margin = pygame.Rect(0, drive.app.layout.height // 2, drive.scene.geo.rect.x - 2, 40)
    behind = brightness(drive, margin)
    drive.key(pygame.K_ESCAPE)
    drive.step()
    assert 0.2 * brightness(drive, margin) < behind < 0.8 * brightness(drive, margin)


def test_the_board_views_title_and_keys_stand_on_plates_of_their_own(drive: Driver) -> None:
    """The enlarged board's title sat over the dimmed "Night card 11/18", its keys over the
    table's keys (a new player's playtest): each stands on a plate that hides what is
    under it."""
    from game.client import theme
    from tests.client.textboxes import RecordingSurface, recording

    table = start_solo(drive)
    drive.step(60)
    drive.key(pygame.K_TAB)
    view = drive.scene
    assert isinstance(view, BoardViewScene)
    drive.step()
    surface = RecordingSurface(drive.app.screen.get_size())
    with recording(drive.app) as recorder:
        surface.recorder = recorder
        view.draw(surface, 0.0)
    texts = {mark.text: mark.rect for mark in surface.marks() if mark.kind == "text"}
    title = next(rect for text, rect in texts.items() if text.endswith("'s sky"))
    keys = next(rect for text, rect in texts.items() if text.startswith("Tab / arrows"))
    for rect in (title, keys):
        for x in (rect.x - 4, rect.right + 3):  # beside the words, on the plate
            assert drive.pixel((x, rect.centery)) == theme.PANEL, (rect, x)
    assert table.middle.collidepoint(title.right + 3, title.centery) or \
        table.middle.collidepoint(title.x - 4, title.centery), \
        "(the title sits over the table's middle panel, where the card's title is)"


def test_a_quick_esc_right_enter_burst_goes_to_the_leave_dialog_not_the_table(
        drive: Driver) -> None:
    """A new player pressed Esc, Right and Enter 12 ms apart at a Stargazer skill prompt and
    thought the keys reached the prompt under the dialog (not reproduced since): all three
    in one frame, the dialog takes the arrow and the Enter and the game is left; the skill's
    target never moves."""
    from game.client.scenes.menu import MainMenuScene
    from game.client.session import SeatChoice
    from tests.client.sg_play import play_crew
    from tests.client.test_sg_games import bots, table_for

    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")],
                      {"crews": ["quartermaster", "engineer", "medic", "security"],
                       "start_player": 0}, 4)
    play_crew(drive, table, "quartermaster", keyboard=True)
    drive.until(lambda: table.phase() == "skill", what="the skill prompt")
    drive.step(120)  # past the decision's first moments
    before = table.target_choice
    for key in (pygame.K_ESCAPE, pygame.K_RIGHT, pygame.K_RETURN):
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
    drive.step()
    assert table.target_choice == before, "the prompt under the dialog did not move"
    assert isinstance(drive.scene, MainMenuScene), [type(s).__name__ for s in drive.app.stack]
