"""Every scene of every registered game, at 1280x720 and 800x600, in English and in Japanese:
no text drawn outside its box, cut off, over other text, or too small to read
(``tests/client/textboxes.py``), and in Japanese no text of the catalog left in English.

The scenes are the ones ``starparty screenshots`` shows (each kit's own ``screenshots`` walk,
so a new game's table is covered when its kit is registered) plus the generic scenes that walk
does not reach: settings, join, the host's lobby, a dialog, the rules page scrolled.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

from game.client import i18n
from game.client.app import App
from game.client.i18n import N_
from game.client.loop import ManualClock
from game.client.scenes.dialog import ConfirmDialog
from game.client.scenes.menu import MainMenuScene
from game.client.settings import Settings
from game.client.shooter import Shooter
from game.commands.screenshots import shoot_all
from tests.client.textboxes import drawn_texts, text_problems
from tools import extract_messages


def english_messages() -> set[str]:
    """The catalog's English texts that show as they are (no placeholders): in a Japanese
    window none of them may be on screen."""
    with extract_messages.TEMPLATE.open("rb") as pot:
        template = read_po(pot)
    return {message.id for message in template
            if isinstance(message.id, str) and message.id and "{" not in message.id}


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
    app.reset_to(MainMenuScene(app))
    app.scene.button("Rules").activate()
    for _ in range(7):  # scrolled part way: lines meet the panel's edges
        shot.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
        shot.step(2)
        shot.look("rules scrolled")


@pytest.mark.timeout(240)
@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 600)], ids=["1280x720", "800x600"])
def test_no_text_leaves_its_box(size: tuple[int, int], language: str, config_dir: Path,
                                tmp_path: Path) -> None:
    clock = ManualClock()
    app = App(size, settings=Settings(player_name="Ann", language=language), clock=clock,
              start="title", save_settings=False)
    assert i18n.language() == language
    shot = CheckingShooter(app, clock, tmp_path)
    try:
        shoot_all(shot)
        generic_scenes(shot)
    finally:
        pygame.display.quit()
        i18n.set_language("en")
    assert len(shot.saved) >= 12, "every scene was looked at"
    report = list(dict.fromkeys(f"{name}: {problem}" for name, found in shot.problems.items()
                                for problem in found))
    assert not report, f"{len(report)} problems:\n" + "\n".join(report[:60])
