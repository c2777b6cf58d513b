"""A player's name in Japanese does not move the tables' top line nor Watch replay's two lines
in its bar: each text of a line sits
on the baseline a Latin text has there (``TextCache.line_top``), although a text holding a
CJK run renders taller (the fallback font's ascent) and centring it would drop its Latin
letters a few pixels."""

from __future__ import annotations

from collections.abc import Callable

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


def drawn_baselines(drive: Driver, draw: Callable[[pygame.Surface], None],
                    keep: Callable[[str, int, int], bool] = lambda _t, _s, _x: True,
                    bold: Callable[[str], bool] = lambda _t: False) -> dict[str, int]:
    """What ``draw(surface)`` writes: text -> the y of its baseline, for the texts ``keep(text,
    size, x)`` accepts (``bold(text)``: drawn bold)."""
    from tests.client.textboxes import RecordingSurface, recording

    found: dict[str, int] = {}
    surface = RecordingSurface(drive.app.screen.get_size())
    with recording(drive.app) as recorder:
        original = surface.blit

        def blit(source, dest=(0, 0), area=None, special_flags=0):  # noqa: ANN001, ANN202
            known = recorder.text_of(source)
            if known is not None:
                x, y = (dest[0], dest[1]) if isinstance(dest, tuple) else (dest.x, dest.y)
                if keep(known[0], known[1], x):
                    found[known[0]] = int(y) + drive.app.text.baseline(known[0], known[1],
                                                                       bold(known[0]))
            return original(source, dest, area, special_flags)

        surface.blit = blit
        draw(surface)
    return found


def replay_lines(drive: Driver, names: list[str]) -> dict[str, int]:
    """Watch replay's two lines at move 1: text -> the y of its baseline on screen."""
    from game.client.record import GameRecord
    from game.client.scenes.replay import ReplayScene
    from game.rules import get_ruleset
    from game.rules.base import make_rng

    ruleset = get_ruleset("stars")
    options = ruleset.normalize_options({"players": 2})
    state = ruleset.setup(options, 3)
    rng = make_rng(3, "baseline-test")
    moves = []
    for _ in range(3):
        seat = sorted(ruleset.to_move(state))[0]
        move = rng.choice(ruleset.legal_moves(state, seat))
        ruleset.apply(state, seat, move)
        moves.append([seat, move])
    scene = ReplayScene(drive.app, GameRecord("stars", options, 3, moves, names,
                                              ["human", "human"]))
    drive.app.push(scene)
    scene.go(1)
    drive.step(2)
    size = drive.app.layout.font_px("small")
    lines = drawn_baselines(drive, lambda surface: scene.draw(surface, 0.0),
                            keep=lambda _text, at_size, x: at_size == size and x == scene.moves_x,
                            bold=lambda text: text.startswith("Replay"))
    drive.app.pop()
    return lines


def test_a_japanese_name_keeps_the_replay_lines_on_their_baselines(drive: Driver) -> None:
    latin = replay_lines(drive, ["Ann", "Vega"])
    japanese = replay_lines(drive, ["星野", "Vega"])
    assert len(latin) == len(japanese) == 2, (latin, japanese)
    assert any("星野" in text for text in japanese), "the move's line names the player"
    assert sorted(latin.values()) == sorted(japanese.values())


@pytest.mark.parametrize("label, value", [("音量", "70%"), ("Volume", "オン"),
                                          ("AIの速さ", "ふつう"), ("Volume", "70%")])
def test_a_choice_rows_label_and_value_share_a_baseline(drive: Driver, label: str,
                                                        value: str) -> None:
    """Japanese Settings labels sat a few pixels below their Latin values ("70%"): each
    was centred on its own surface (a newplayer playtest)."""
    from game.client.widgets import Choice

    row = Choice(label, [(0, value), (1, "x")])
    row.rect = pygame.Rect(100, 100, 600, 50)
    baselines = drawn_baselines(
        drive, lambda surface: row.draw(surface, drive.app.text, drive.app.layout, False, False),
        bold=lambda text: text == value)
    assert set(baselines) == {label, value}, baselines
    assert baselines[label] == baselines[value], baselines
