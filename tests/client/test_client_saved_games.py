"""More than one unfinished game saved here: Continue lists them all (a hot-seat game hid
behind a LAN game hosted later: an outside playtest), each brought back or forgotten."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame
import pytest

from game.client.scenes.dialog import ConfirmDialog
from game.client.scenes.menu import CONTINUE, MainMenuScene
from game.client.scenes.saved_games import SavedGameRow, SavedGamesScene, saved_when
from game.client.stargazer.table import StargazerTableScene
from game.client.stars.table import StarsTableScene
from game.tables import new_table
from net.save import write_save
from net.table import SeatSpec
from tests.client.clienthelpers import Driver
from tests.client.textboxes import drawn_texts


def _save(directory: Path, name: str, game: str, players: int, names: list[str],
          age: float) -> Path:
    """An unfinished game with its first seat played here, written ``age`` seconds ago."""
    directory.mkdir(parents=True, exist_ok=True)
    seats = [SeatSpec("human", names[0])] + [SeatSpec("ai", n) for n in names[1:players]]
    table = new_table(game, {}, 5, seats)
    table.start()
    data = table.save_data()
    table.close()
    path = directory / f"{name}.spsave"
    write_save(path, data)
    moment = time.time() - age
    os.utime(path, (moment, moment))
    return path


def _labels(menu: MainMenuScene) -> list[str]:
    return [widget.label for widget in menu.form.widgets]


@pytest.mark.timeout(90)
def test_continue_lists_every_unfinished_game_and_brings_back_the_one_chosen(
        config_dir: Path, autosave_dir: Path) -> None:
    older = _save(autosave_dir, "hotseat", "stargazer", 3, ["Ann", "Vega", "Rigel"], 3600)
    newer = _save(autosave_dir, "solo", "stars", 2, ["Ann", "Deneb"], 60)
    drive = Driver(start="menu")
    try:
        menu = drive.scene
        assert menu.saves == [newer, older] and menu.resumable == newer
        drive.step(2)
        assert "and 1 other unfinished game" in drawn_texts(drive.app), \
            "the menu says there is more than the newest to continue"
        drive.click(menu.button(CONTINUE).rect.center)
        listing = drive.scene
        assert isinstance(listing, SavedGamesScene), "two games: Continue asks which"
        assert [row.path for row in listing.rows] == [newer, older], "the newest first"
        drive.step(2)
        shown = drawn_texts(drive.app)
        assert "Look at the Stars" in shown and "Stargazer" in shown, shown
        assert any("today" in text for text in shown), "each row says when it was saved"
        drive.key(pygame.K_DOWN)  # the older game: the Stargazer one
        drive.key(pygame.K_RETURN)
        table = drive.scene
        assert isinstance(table, StargazerTableScene), "the game chosen, not the newest"
        assert table.session.table.autosave_path == older
    finally:
        drive.close()


@pytest.mark.timeout(90)
def test_a_game_forgotten_from_the_list_is_deleted_after_asking_and_no_longer_offered(
        config_dir: Path, autosave_dir: Path) -> None:
    first = _save(autosave_dir, "a", "stars", 2, ["Ann", "Deneb"], 30)
    second = _save(autosave_dir, "b", "stars", 3, ["Ann", "Deneb", "Vega"], 600)
    drive = Driver(start="menu")
    try:
        menu = drive.scene
        drive.click(menu.button(CONTINUE).rect.center)
        listing = drive.scene
        assert isinstance(listing, SavedGamesScene)
        drive.key(pygame.K_s)  # the keyboard's S is not a pad's Y: nothing happens
        assert drive.scene is listing and first.exists()
        drive.key(pygame.K_DELETE)
        assert isinstance(drive.scene, ConfirmDialog), "forgetting a game asks first"
        drive.key(pygame.K_ESCAPE)  # Esc: keep it
        assert drive.scene is listing and first.exists()
        drive.key(pygame.K_DELETE)
        dialog = drive.scene
        assert isinstance(dialog, ConfirmDialog)
        drive.click(dialog.form.widgets[1].rect.center)  # Forget
        assert not first.exists() and second.exists()
        assert drive.scene is listing and [row.path for row in listing.rows] == [second]
        assert menu.saves == [second] and menu.resumable == second
        drive.key(pygame.K_ESCAPE)
        assert drive.scene is menu
        drive.step(2)
        assert not any("other unfinished" in text for text in drawn_texts(drive.app))
        drive.click(menu.button(CONTINUE).rect.center)  # one left: straight back to it
        assert isinstance(drive.scene, StarsTableScene)
    finally:
        drive.close()


@pytest.mark.timeout(90)
def test_forgetting_the_last_game_closes_the_list_and_takes_continue_off_the_menu(
        config_dir: Path, autosave_dir: Path) -> None:
    paths = [_save(autosave_dir, name, "stars", 2, ["Ann", "Deneb"], age)
             for name, age in (("a", 10), ("b", 20))]
    drive = Driver(start="menu")
    try:
        menu = drive.scene
        drive.key(pygame.K_RETURN)  # Continue has the focus first
        assert isinstance(drive.scene, SavedGamesScene)
        for _ in paths:
            drive.key(pygame.K_DELETE)
            drive.key(pygame.K_RIGHT)
            drive.key(pygame.K_RETURN)  # Forget
        assert not any(path.exists() for path in paths)
        assert drive.scene is menu
        assert CONTINUE not in _labels(menu) and menu.resumable is None
    finally:
        drive.close()


@pytest.mark.timeout(90)
def test_a_long_list_scrolls_to_keep_the_chosen_game_on_screen(
        config_dir: Path, autosave_dir: Path) -> None:
    paths = [_save(autosave_dir, f"game{i:02d}", "stars", 2, ["Ann", "Deneb"], 600 + 60 * i)
             for i in range(12)]
    drive = Driver(start="menu")
    try:
        drive.key(pygame.K_RETURN)
        listing = drive.scene
        assert isinstance(listing, SavedGamesScene)
        assert [row.path for row in listing.rows] == paths
        assert listing.visible < 12, "12 games do not fit at 720p"
        screen = drive.app.screen.get_rect()
        footer_top = screen.bottom - drive.app.layout.px(56)
        for _ in range(11):
            drive.key(pygame.K_DOWN)
            focused = listing.form.focused()
            assert isinstance(focused, SavedGameRow)
            assert screen.contains(focused.rect) and focused.rect.bottom < footer_top
            assert not focused.rect.colliderect(listing.back_button.rect)
        drive.step(2)
        assert f"{12 - listing.visible} more above" in drawn_texts(drive.app)
        drive.key(pygame.K_DELETE)
        drive.key(pygame.K_RIGHT)
        drive.key(pygame.K_RETURN)
        assert not paths[-1].exists() and len(listing.rows) == 11
        assert listing.form.focused() is listing.rows[-1], "the focus stays on the list"
    finally:
        drive.close()


def test_saved_when_says_today_yesterday_or_the_date() -> None:
    now = time.mktime((2026, 12, 4, 21, 30, 0, 0, 0, -1))
    assert saved_when(time.mktime((2026, 12, 4, 9, 5, 0, 0, 0, -1)), now) == "today 09:05"
    assert saved_when(time.mktime((2026, 12, 3, 23, 59, 0, 0, 0, -1)), now) \
        == "yesterday 23:59"
    assert saved_when(time.mktime((2026, 11, 20, 18, 0, 0, 0, 0, -1)), now) \
        == "2026-11-20 18:00"
    assert saved_when(0, now) == ""


@pytest.mark.timeout(90)
def test_a_pad_chooses_forgets_and_continues_a_saved_game(
        config_dir: Path, autosave_dir: Path) -> None:
    """D-pad, A and Y through SDL's virtual controller (the footer names them)."""
    from tests.client.virtual_pads import VirtualPad, tap

    first = _save(autosave_dir, "a", "stars", 2, ["Ann", "Deneb"], 30)
    second = _save(autosave_dir, "b", "stargazer", 3, ["Ann", "Vega", "Rigel"], 600)
    drive = Driver(start="menu")
    pad = VirtualPad()
    try:
        app = drive.app
        drive.step(2)  # the pad is announced
        tap(app, pad, pygame.CONTROLLER_BUTTON_A)  # Continue (the focus is on it)
        listing = app.scene
        assert isinstance(listing, SavedGamesScene)
        drive.step(2)
        assert any("Y: forget" in text for text in drawn_texts(app)), "the pad's footer"
        tap(app, pad, pygame.CONTROLLER_BUTTON_Y)  # forget the newest...
        assert isinstance(app.scene, ConfirmDialog)
        tap(app, pad, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        tap(app, pad, pygame.CONTROLLER_BUTTON_A)  # ...yes
        assert not first.exists() and second.exists()
        assert app.scene is listing
        tap(app, pad, pygame.CONTROLLER_BUTTON_A)  # the one left: Stargazer
        assert isinstance(app.scene, StargazerTableScene)
    finally:
        pad.unplug()
        drive.close()
