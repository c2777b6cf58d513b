"""``starparty screenshots OUTDIR [--size WxH] [--lang en|ja]``: render the key scenes
headless to PNG files.

Drives the real app on a manual clock with a fixed seed: the title, the first start's name
prompt, the menu, then every game's own scenes (its client kit's ``screenshots``), the menu
with Last results, the LAN lobby (sample tables, no network), the party lobby (couch play),
then the rules and settings pages, in the language asked for (English unless ``--lang`` says
otherwise; never the system locale, so the docs images come out the same on every machine).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from game.commands.common import parse_size

if TYPE_CHECKING:
    from game.client.shooter import Shooter

#: the languages the window speaks (game.client.i18n.LANGUAGES; listed here so that
#: ``--help`` needs no pygame)
LANGUAGES = ("en", "ja")


def run(size: tuple[int, int], outdir: Path, language: str = "en") -> list[Path]:
    """Shoot every scene at ``size`` in ``language`` into ``outdir``; the paths written. Every
    game is dealt from the shooter's seed and one fixed secret, so the pictures are the same
    on every run."""
    from game.client.shooter import SECRET
    from game.rules.base import reproducible_secrets

    with reproducible_secrets(SECRET):
        return _run(size, outdir, language)


def _run(size: tuple[int, int], outdir: Path, language: str) -> list[Path]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.client.app import App
    from game.client.loop import ManualClock
    from game.client.settings import Settings
    from game.client.shooter import Shooter

    clock = ManualClock()
    app = App(size, settings=Settings(player_name="Ann", language=language), clock=clock,
              start="title", save_settings=False)
    shot = Shooter(app, clock, outdir)
    shoot_all(shot)
    pygame.quit()
    return shot.saved


def shoot_all(shot: Shooter) -> None:
    """From the title: the title, the name prompt, the menu, every game's own scenes (its kit's
    ``screenshots``), the menu with Last results, the LAN lobby (``lan_screenshots``), the
    party lobby (``couch_screenshots``), the rules and settings pages. Tests run it with a
    ``Shooter`` that checks each frame."""
    import pygame

    from game.client.kits import get_kit, playable_games
    from game.client.scenes import couch_screenshots, lan_screenshots
    from game.client.scenes.menu import MainMenuScene
    from game.client.scenes.title import NameScene

    app = shot.app
    app.starfield.next_shot = 1.0  # make sure a shooting star crosses the title
    shot.step(80)
    shot.save("title")
    app.replace(NameScene(app, suggestion="Ann"))  # what a first start asks before the menu
    shot.step(20)
    shot.save("name")
    shot.key(pygame.K_RETURN)
    shot.step(20)
    shot.save("menu")
    for game in playable_games():
        kit = get_kit(game)
        if kit.screenshots is not None:
            kit.screenshots(shot)
            app.reset_to(MainMenuScene(app))
            shot.step(2)
    shot.step(10)
    shot.save("menu-last-results")  # a game has finished: its results stay a click away
    lan_screenshots.shoot(shot)
    couch_screenshots.shoot(shot)
    app.scene.button("Rules").activate()
    shot.step(10)
    shot.save("rules")
    app.reset_to(MainMenuScene(app))
    app.scene.button("Settings").activate()
    shot.step(10)
    shot.save("settings")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="starparty screenshots",
                                     description="Render the key scenes headless to PNG files.")
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--size", type=parse_size, default=(1280, 720), help="window WxH")
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="the window's language (default: en)")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    for path in run(args.size, args.outdir, args.lang):
        print(path)
    return 0
