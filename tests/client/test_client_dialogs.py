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
