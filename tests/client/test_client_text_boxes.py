"""Every scene of every registered game, at 1280x720 and 800x600, in English and in Japanese
(with a Japanese player name): no text drawn outside its box, off the screen, cut off, over
other text (also text drawn into a picture first: a table's cached panels, the results' ring),
or too small to read (``tests/client/textboxes.py``), and in Japanese no text of the catalog
left in English. The checker's own rules are tested on small sketches at the end.

The scenes are the ones ``starparty screenshots`` shows (each kit's own ``screenshots`` walk,
so a new game's table is covered when its kit is registered) plus the generic scenes that walk
does not reach: settings, join, the host's lobby, a dialog, the rules page scrolled, the menu
listing LAN tables.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from babel.messages.pofile import read_po

from game.client import i18n
from game.client.app import App
from game.client.i18n import N_
from game.client.loop import ManualClock
from game.client.scenes.base import Scene
from game.client.scenes.dialog import ConfirmDialog
from game.client.scenes.menu import MainMenuScene
from game.client.scenes.saved_games import SavedGamesScene
from game.client.settings import Settings
from game.client.shooter import SECRET, Shooter
from game.commands.screenshots import shoot_all
from game.rules.base import reproducible_secrets
from game.tables import new_table
from net.discovery import TableAd
from net.save import write_save
from net.table import SeatSpec
from net.wire import APP_VERSION, PROTOCOL_VERSION
from tests.client.clienthelpers import Driver
from tests.client.textboxes import drawn_texts, text_problems, tracking
from tools import extract_messages

#: zeroconf on loopback is shared by every process: the modules that advertise or browse run
#: on one pytest-xdist worker, so one's tables never show in another's lobby
pytestmark = pytest.mark.xdist_group("zeroconf")


def english_messages() -> set[str]:
    """The catalog's English texts that show as they are (no placeholders): in a Japanese
    window none of them may be on screen."""
    from game.ai import BOT_STAR_NAMES

    with extract_messages.TEMPLATE.open("rb") as pot:
        template = read_po(pot)
    # the stars' names bots take are translated once, when a seat is given one: a seat keeps
    # its name (a game started in English, a human player called Vega), so a star's name in
    # Latin letters is a name, not an untranslated text
    return {message.id for message in template
            if isinstance(message.id, str) and message.id and "{" not in message.id} - \
        set(BOT_STAR_NAMES)


class CheckingShooter(Shooter):
    """Checks the frame instead of saving it."""

    def __init__(self, app: App, clock: ManualClock, outdir: Path) -> None:
        super().__init__(app, clock, outdir)
        self.problems: dict[str, list[str]] = {}
        #: English texts a Japanese window must not show (None: the window is in English)
        self.english = english_messages() if i18n.language() == "ja" else None

    def save(self, name: str) -> None:
        self.look(name)

    def look(self, name: str) -> None:
        found = text_problems(self.app)
        if self.english is not None:
            found += [f"{text!r} is left in English" for text in drawn_texts(self.app)
                      if text in self.english]
        if found:
            self.problems.setdefault(name, []).extend(found)
        self.saved.append(self.outdir / name)


def generic_scenes(shot: CheckingShooter) -> None:
    """The generic scenes the screenshot walk does not show."""
    app = shot.app
    app.reset_to(MainMenuScene(app))
    app.lan_advertise = False
    app.lan_bind, app.lan_port = "127.0.0.1", 0
    app.lan_interfaces = ["127.0.0.1"]  # the join screen browses: loopback only
    app.scene.lan_tables.show([  # what the menu shows of the LAN: a locked table and another
        TableAd("a._starparty._tcp.local.", "Orion's table", "stars", 1, 4, "lobby",
                PROTOCOL_VERSION, ("127.0.0.1",), 47077, APP_VERSION, True),
        TableAd("b._starparty._tcp.local.", "星野さんのテーブル", "stargazer", 2, 3, "lobby",
                PROTOCOL_VERSION, ("127.0.0.1",), 47078, APP_VERSION, False)])
    shot.step(2)
    shot.look("menu with LAN tables")
    for item, name in (("Settings", "settings"), ("Join LAN game", "join")):
        app.scene.button(item).activate()
        shot.step(5)
        shot.look(name)
        app.reset_to(MainMenuScene(app))
    app.scene.button("Host LAN game").activate()
    app.scene.start.activate()
    shot.step(5)
    shot.look("lobby")
    app.scene.leave()
    app.reset_to(MainMenuScene(app))
    app.push(ConfirmDialog(app, N_("Leave this game? 'Continue' in the menu brings it back."),
                           lambda: None, yes=N_("Leave"), no=N_("Keep playing")))
    shot.step(2)
    shot.look("dialog")
    saves = shot.outdir / "saves"  # Continue's list of unfinished games, a long one
    for number in range(8):
        game, players = ("stargazer", 4) if number % 3 == 0 else ("stars", 1 + number)
        table = new_table(game, {}, number, [SeatSpec("human", "星野" if number % 2 else "Ann")]
                          + [SeatSpec("ai", f"Bot {i}") for i in range(1, players)])
        table.start()
        saves.mkdir(exist_ok=True)
        write_save(saves / f"game{number}.spsave", table.save_data())
        table.close()
    paths = sorted(saves.iterdir())
    app.reset_to(MainMenuScene(app))
    app.push(SavedGamesScene(app, paths))
    shot.step(2)
    assert any(text in ("Stargazer", "スターゲイザー") for text in drawn_texts(app))
    shot.look("saved games")
    for _ in range(len(paths) - 1):
        shot.key(pygame.K_DOWN)
    shot.step(2)
    shot.look("saved games scrolled")
    app.reset_to(MainMenuScene(app))
    app.scene.button("Rules").activate()
    for _ in range(7):  # scrolled part way: lines meet the panel's edges
        shot.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
        shot.step(2)
        shot.look("rules scrolled")


@pytest.mark.timeout(300)
@pytest.mark.parametrize(("size", "language"), [
    ((1280, 720), "en"), ((1280, 720), "ja"), ((800, 600), "en"), ((800, 600), "ja"),
    # a 4K TV's size: the window is made for 1280x720 to 3840x2160, and only the two smaller
    # were walked (the title's shadow then read as text over itself: the checker's own slip)
    pytest.param((3840, 2160), "en", marks=pytest.mark.slow)],
    ids=["1280x720-en", "1280x720-ja", "800x600-en", "800x600-ja", "3840x2160-en"])
def test_no_text_leaves_its_box(size: tuple[int, int], language: str, config_dir: Path,
                                tmp_path: Path) -> None:
    clock = ManualClock()
    # the Japanese window's player has a Japanese name (the CJK font's taller lines)
    name = "Ann" if language == "en" else "星野"
    app = App(size, settings=Settings(player_name=name, language=language), clock=clock,
              start="title", save_settings=False)
    assert i18n.language() == language
    shot = CheckingShooter(app, clock, tmp_path)
    try:
        # pictures made from here on carry their text; the games are dealt as the screenshots'
        with tracking(app), reproducible_secrets(SECRET):
            shoot_all(shot)
            generic_scenes(shot)
    finally:
        pygame.display.quit()
        i18n.set_language("en")
    assert len(shot.saved) >= 12, "every scene was looked at"
    assert {"menu-last-results", "lan-join", "lan-password", "lan-host-setup", "lan-host-lobby",
            "lan-guest-leave"} <= {path.name for path in shot.saved}, "the LAN lobby too"
    report = list(dict.fromkeys(f"{name}: {problem}" for name, found in shot.problems.items()
                                for problem in found))
    assert not report, f"{len(report)} problems:\n" + "\n".join(report[:60])


class Sketch(Scene):
    """A scene that draws what a test gives it: ``paint(surface, text)``."""

    def __init__(self, app: App, paint: Callable[[pygame.Surface, Any], None]) -> None:
        super().__init__(app)
        self.paint = paint

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill((0, 0, 0))
        self.paint(surface, self.text)


def problems_of(drive: Driver, paint: Callable[[pygame.Surface, Any], None]) -> list[str]:
    drive.app.push(Sketch(drive.app, paint))
    found = text_problems(drive.app)
    drive.app.pop()
    return found


def test_text_over_text_is_found_also_inside_a_picture(drive: Driver) -> None:
    def crew_card(surface: pygame.Surface, text: Any) -> None:
        card = pygame.Surface((300, 80))  # a cached panel: its text is drawn into it first
        card.fill((20, 20, 60))
        card.blit(text.render("Captain Armstrong", 20), (10, 10))
        surface.blit(card, (100, 100))
        surface.blit(text.render("+1 VP", 20), (150, 105))  # a label landing on the name

    found = problems_of(drive, crew_card)
    assert any("'Captain Armstrong'" in p and "overlaps '+1 VP'" in p for p in found), found


def test_a_pile_of_one_label_is_found_but_a_shadow_is_one_text(drive: Driver) -> None:
    def piled(surface: pygame.Surface, text: Any) -> None:
        label = text.render("+1 VP", 20)
        surface.blit(label, (100, 100))
        surface.blit(label, (108, 104))

    def shadowed(surface: pygame.Surface, text: Any) -> None:
        surface.blit(text.render("+1 VP", 20, (0, 0, 0)), (102, 102))
        surface.blit(text.render("+1 VP", 20), (100, 100))

    assert any("overlaps '+1 VP'" in p for p in problems_of(drive, piled))
    assert problems_of(drive, shadowed) == []


def test_text_off_the_screen_is_found_although_its_box_holds_it(drive: Driver) -> None:
    width = drive.app.screen.get_width()

    def past_the_edge(surface: pygame.Surface, text: Any) -> None:
        pygame.draw.rect(surface, (30, 30, 60), (width - 100, 10, 300, 40))
        surface.blit(text.render("Watching Ann", 20), (width - 60, 20))

    assert any("leaves the screen" in p for p in problems_of(drive, past_the_edge))


def test_text_hidden_under_an_opaque_picture_is_not_judged(drive: Driver) -> None:
    def tooltip_over_a_card(surface: pygame.Surface, text: Any) -> None:
        surface.blit(text.render("Gas planet", 20), (110, 110))
        tip = pygame.Surface((260, 60))
        tip.fill((1, 2, 3))
        tip.set_colorkey((1, 2, 3))
        pygame.draw.rect(tip, (12, 16, 40), tip.get_rect(), border_radius=8)
        tip.blit(text.render("Each cube after the first", 20), (10, 10))
        surface.blit(tip, (100, 100))

    assert problems_of(drive, tooltip_over_a_card) == []
