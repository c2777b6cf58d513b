"""A player's name in Japanese does not move the table's top line: each text of the line sits
on the baseline a Latin text has there (``TextCache.line_top``), although a text holding a
CJK run renders taller (the fallback font's ascent) and centring it would drop its Latin
letters a few pixels."""

from __future__ import annotations

import pygame
import pytest

from game.client.session import GameConfig, LocalSession, SeatChoice
from game.rules.base import reproducible_secrets
from tests.client.clienthelpers import Driver

TABLES = {"stars": ("game.client.stars.table", "StarsTableScene", 2),
          "stargazer": ("game.client.stargazer.table", "StargazerTableScene", 3)}


def top_bar_right_end(drive: Driver, game: str, name: str) -> tuple[bytes, pygame.Rect]:
    """The pixels of "Esc: menu" at the right end of the top bar, ``name`` at the table."""
    import importlib

    module, scene_name, players = TABLES[game]
    seats = [SeatChoice("human", name)] + [SeatChoice("ai", f"Bot{i}", "random")
                                           for i in range(1, players)]
    config = GameConfig(game, seats, {}, "solo")
    drive.app.ai_delay = 60.0  # the bots wait: the same moment for both names
    with reproducible_secrets("baseline-tests"):
        session = LocalSession(config, 7, ai_delay=60.0)
    table = getattr(importlib.import_module(module), scene_name)(drive.app, config, 7,
                                                                 session=session)
    drive.app.push(table)
    drive.until(lambda: table.view is not None, what="the table")
    drive.step(3)
    lay, text = drive.app.layout, drive.app.text
    width = text.size("Esc: menu", lay.font_px("body"))[0]
    crop = pygame.Rect(lay.width - lay.px(16) - width, 0, width, table.top_bar.h)
    pixels = pygame.image.tobytes(drive.app.screen.subsurface(crop), "RGB")
    drive.app.pop()
    session.close()
    return pixels, crop


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_japanese_name_keeps_the_top_line_on_its_baseline(drive: Driver, game: str) -> None:
    latin, crop = top_bar_right_end(drive, game, "Ann")
    japanese, _ = top_bar_right_end(drive, game, "星野")
    assert latin == japanese, f"'Esc: menu' at {tuple(crop)} moved with the name's script"


def test_line_top_puts_every_script_on_one_baseline(drive: Driver) -> None:
    text = drive.app.text
    for size in (14, 18, 24, 32):
        for bold in (False, True):
            latin = text.line_top("Ann", size, 100, bold) + text.baseline("Ann", size, bold)
            for words in ("星野", "星野  ·  Esc: menu", "김민준 wins"):
                assert text.line_top(words, size, 100, bold) + text.baseline(
                    words, size, bold) == latin, (words, size, bold)
            # a Latin text is where centring put it before
            surface = text.render("Ann", size, bold=bold)
            assert text.line_top("Ann", size, 100, bold) == surface.get_rect(
                center=(0, 100)).top
