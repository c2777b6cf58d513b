"""The setup screen's rows and the menu's buttons do what they show (issue 21: points 4, 10,
11 and 15)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.client.app import App
from game.client.i18n import tr
from game.client.scenes.lan import LobbyScene
from game.client.scenes.menu import CONTINUE, ITEMS, MainMenuScene
from game.client.scenes.setup import SetupScene
from game.client.settings import Settings
from game.client.stargazer.table import StargazerTableScene
from game.client.stars.table import StarsTableScene
from game.client.widgets import Choice, NamedChoice
from game.tables import new_table
from net.save import write_save
from net.table import SeatSpec
from tests.client.clienthelpers import Driver
from tests.games import PROJECT_GAMES


def open_setup(drive: Driver, item: str) -> SetupScene:
    drive.click(drive.scene.button(item).rect.center)
    setup = drive.scene
    assert isinstance(setup, SetupScene)
    return setup


def test_clicking_a_hot_seat_name_edits_it_and_never_turns_the_seat_into_a_bot(
        drive: Driver) -> None:
    setup = open_setup(drive, "Hot-seat")
    drive.click((setup.count.rect.right - 10, setup.count.rect.centery))  # 3 players
    first, second, third = setup.seats[:3]
    assert [s.value for s in (first, second)] == ["human", "human"]
    third.set_value("random")
    for seat in (first, second, first, third):  # every click on a seat's name or label
        drive.click((seat.rect.x + seat.rect.w // 4, seat.rect.centery))
        assert setup.form.widgets[setup.form.focus] is seat, "the click takes the focus"
    assert [s.value for s in (first, second, third)] == ["human", "human", "random"], \
        "a click on a name field never changes what the seat is"
    drive.click((second.rect.x + second.rect.w // 4, second.rect.centery))
    drive.type_text(" Orion")
    assert second.name.endswith(" Orion"), "the click lets the player type the name"
    drive.click((second.rect.right - 10, second.rect.centery))  # the seat's own arrow
    assert second.value != "human", "the arrows still change the seat"


@pytest.mark.parametrize("row", ["game", "count", "seat"])
def test_enter_starts_the_game_from_any_row(drive: Driver, row: str) -> None:
    setup = open_setup(drive, "Play solo")
    widget = {"game": setup.game, "count": setup.count, "seat": setup.seats[1]}[row]
    before = widget.value
    setup.form.focus = setup.form.widgets.index(widget)
    drive.key(pygame.K_RETURN)
    assert widget.value == before, "Enter does not change the row"
    assert isinstance(drive.scene, StarsTableScene), "the footer says Enter starts"


def test_left_and_right_still_change_the_game(drive: Driver) -> None:
    setup = open_setup(drive, "Play solo")
    drive.key(pygame.K_RIGHT)
    assert setup.game.value == "stargazer"
    drive.key(pygame.K_KP_ENTER)
    assert isinstance(drive.scene, StargazerTableScene)


def _save_to_continue(directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    table = new_table("stars", {}, 3, [SeatSpec("human", "Ann"), SeatSpec("ai")])
    table.start()
    data = table.save_data()
    table.close()
    write_save(directory / "mine.spsave", data)


def test_the_menu_buttons_stay_put_whether_continue_shows_or_not(
        drive: Driver, autosave_dir: Path) -> None:
    menu = drive.scene
    assert CONTINUE not in [b.label for b in menu.form.widgets]
    without = {label: menu.button(label).rect.copy() for label in ITEMS}
    _save_to_continue(autosave_dir)
    drive.app.reset_to(MainMenuScene(drive.app))
    drive.step()
    menu = drive.scene
    assert menu.form.widgets[0].label == CONTINUE
    assert {label: menu.button(label).rect for label in ITEMS} == without
    assert menu.button(CONTINUE).rect.bottom < without["Play solo"].top, \
        "Continue has its own place above"
    assert menu.button("Quit").rect.bottom < drive.app.layout.height - drive.app.layout.px(40)


class Recording(pygame.Surface):
    """A surface that notes where each text was put and where each arrow was drawn."""

    def __init__(self, size: tuple[int, int], texts: dict[int, str]) -> None:
        super().__init__(size)
        self.texts = texts
        self.placed: dict[str, pygame.Rect] = {}

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), *args: Any,
             **kwargs: Any) -> pygame.Rect:
        if id(source) in self.texts:
            x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else dest[:2]
            self.placed[self.texts[id(source)]] = source.get_bounding_rect().move(x, y)
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_every_setup_value_fits_between_its_arrows(
        config_dir: Path, autosave_dir: Path, monkeypatch: pytest.MonkeyPatch,
        language: str) -> None:
    """Whatever the language: the value, its two arrows and the row's label never touch (in
    Japanese the game's name ran into its arrows)."""
    drive = Driver(build=lambda clock: App((1280, 720), settings=Settings(
        player_name="Ann", language=language), clock=clock, start="menu", save_settings=False))
    texts: dict[int, str] = {}
    original = drive.app.text.render

    def render(message: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        surface = original(message, *args, **kwargs)
        texts[id(surface)] = message
        return surface

    arrows: list[list[tuple[float, float]]] = []
    polygon = pygame.draw.polygon

    def draw_polygon(surface: pygame.Surface, color: Any, points: Any, *args: Any,
                     **kwargs: Any) -> pygame.Rect:
        arrows.append(list(points))
        return polygon(surface, color, points, *args, **kwargs)

    monkeypatch.setattr(drive.app.text, "render", render)
    monkeypatch.setattr(pygame.draw, "polygon", draw_polygon)
    checked = 0
    try:
        for mode in ("solo", "hotseat", "host"):
            for game in PROJECT_GAMES:
                setup = SetupScene(drive.app, mode, game)
                drive.app.reset_to(setup)
                drive.step()
                for row in setup.form.widgets:
                    if not isinstance(row, Choice) or len(row.values) < 2:
                        continue
                    for index in range(len(row.values)):
                        row.index = index
                        arrows.clear()
                        surface = Recording(drive.app.screen.get_size(), texts)
                        row.draw(surface, drive.app.text, drive.app.layout, True, False)
                        value = surface.placed[tr(row.values[index][1])]
                        left = max(x for x, _ in arrows[0])
                        right = min(x for x, _ in arrows[1])
                        shown = tr(row.values[index][1])
                        room = drive.app.layout.px(6)  # a gap the eye sees
                        assert left + room <= value.left and value.right + room <= right, \
                            f"{mode} {game}: {shown!r} {tuple(value)} between {left}, {right}"
                        label = tr(row.label) if not isinstance(row, NamedChoice) else ""
                        if label:
                            assert surface.placed[label].right + room <= min(
                                x for x, _ in arrows[0]), f"{label!r} touches {shown!r}"
                        checked += 1
    finally:
        drive.close()
    assert checked > 50


def test_hosting_again_in_the_same_run_offers_the_last_tables_setup(drive: Driver) -> None:
    """Host LAN game went back to Look at the Stars for 2 players with no password after every
    table (an outside LAN playtest): the setup screen of a mode offers this run's last game,
    player count, hints and password again."""
    setup = open_setup(drive, "Host LAN game")
    setup.game.set_value("stargazer")
    setup._refresh()
    setup.count.set_value(4)
    setup.hints.set_value(True)
    setup.password.value = "orion"
    drive.click(setup.start.rect.center)
    lobby = drive.scene
    assert isinstance(lobby, LobbyScene) and lobby.hosting
    lobby.leave()  # the table closes
    drive.app.reset_to(MainMenuScene(drive.app))
    again = open_setup(drive, "Host LAN game")
    assert (again.game.value, again.count.value, again.hints.value, again.password.value) == \
        ("stargazer", 4, True, "orion")
    # each mode keeps its own count, hints and password (solo was never set up in this run);
    # the game started last is offered by every setup (the settings keep it)
    solo = SetupScene(drive.app, "solo")
    assert solo.game.value == "stargazer" and solo.seat_count == 3 and not solo.hints.value


@pytest.mark.parametrize("item", ["Play solo", "Hot-seat", "Host LAN game"])
def test_start_stays_put_as_the_game_row_changes(drive: Driver, item: str) -> None:
    """Start jumped up when the Game row switched to Stargazer (no option rows) and down
    again, under the mouse that was about to click it (a 4K playtest)."""
    setup = open_setup(drive, item)
    places = set()
    for _game in range(len(setup.game.values)):
        drive.click(setup.game.rect.move(-setup.game.rect.w // 3, 0).center)  # a click: on
        drive.step()
        places.add((setup.start.rect.topleft, setup.back_button.rect.topleft))
        options = [w.rect for w in setup.options.values()]
        assert all(not rect.colliderect(setup.start.rect) for rect in options)
    assert len(places) == 1, places
