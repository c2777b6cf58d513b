"""The setup screen says where each bot level stands and what a chosen value does (a new
player saw "Bot (greedy)", "Bot (normal)", "Bot (hard)" and "Live score: Yours only" and could
not tell which bot was stronger or what the option hid)."""

from __future__ import annotations

import re

import pygame
import pytest

from game.ai import BOT_LEVELS, THINK_SECONDS
from game.client.i18n import set_language, tr
from game.client.scenes.setup import SetupScene
from game.client.session import bot_level_choices
from tests.client.clienthelpers import Driver
from tests.games import PROJECT_GAMES


def open_solo_setup(drive: Driver, game: str) -> SetupScene:
    drive.click(drive.scene.button("Play solo").rect.center)
    setup = drive.scene
    assert isinstance(setup, SetupScene)
    setup.game.set_value(game)
    setup._refresh()
    drive.move((0, 0))  # the mouse over no row: the focused row speaks
    return setup


@pytest.mark.parametrize("game", PROJECT_GAMES)
def test_each_bot_label_says_where_the_level_stands_weakest_first(game: str) -> None:
    labels = [tr(label) for _level, label in bot_level_choices(game)]
    count = len(BOT_LEVELS[game])
    assert len(labels) == count
    for n, label in enumerate(labels, 1):
        assert label.endswith(f", {n} of {count})"), label
    assert labels[-1].startswith("Bot (hard,")


def test_the_japanese_labels_rank_the_levels_too() -> None:
    try:
        set_language("ja")
        labels = [tr(label) for _level, label in bot_level_choices("stars")]
    finally:
        set_language("en")
    assert [re.search(r"5段階中(\d)）$", label).group(1) for label in labels] == \
        ["1", "2", "3", "4", "5"]


def note_strip(drive: Driver, setup: SetupScene) -> pygame.Surface:
    """The band above the footer where the focused row's note is drawn."""
    drive.step()
    lay = setup.layout
    band = pygame.Rect(0, lay.height - lay.px(44) - lay.font_px("small") - lay.px(6),
                       lay.width, lay.font_px("small") + lay.px(6))
    return drive.app.screen.subsurface(band).copy()


def bright_pixels(strip: pygame.Surface) -> int:
    return sum(1 for x in range(strip.get_width()) for y in range(strip.get_height())
               if sum(strip.get_at((x, y))[:3]) > 600)


@pytest.mark.parametrize("game", PROJECT_GAMES)
def test_a_focused_bot_seat_says_what_its_level_is_like(drive: Driver, game: str) -> None:
    setup = open_solo_setup(drive, game)
    seat = setup.seats[1]
    setup.form.focus = setup.form.widgets.index(setup.start)
    assert setup.row_note() is None, "a button has nothing to explain"
    assert bright_pixels(note_strip(drive, setup)) < 20, "(a star or two of the sky)"
    setup.form.focus = setup.form.widgets.index(seat)
    notes = {}
    for level in BOT_LEVELS[game]:
        seat.set_value(level)
        notes[level] = tr(setup.row_note())
    assert len(set(notes.values())) == len(notes), "each level is told apart"
    assert notes["hard"].startswith("The strongest")
    assert f"up to {THINK_SECONDS[game]['hard']:g} s" in notes["hard"], \
        "the hard bot's thinking time is the one the table gives it"
    assert "random" in notes["random"]
    assert bright_pixels(note_strip(drive, setup)) > 200, "the note is drawn above the footer"


def test_the_live_score_option_says_what_each_value_shows(drive: Driver) -> None:
    setup = open_solo_setup(drive, "stars")
    row = setup.options["live_score"]
    setup.form.focus = setup.form.widgets.index(row)
    row.set_value(False)
    hidden = tr(setup.row_note())
    row.set_value(True)
    shown = tr(setup.row_note())
    assert "only their own" in hidden and "Every player's" in shown


def test_the_row_under_the_mouse_speaks_before_the_focused_one(drive: Driver) -> None:
    setup = open_solo_setup(drive, "stars")
    setup.form.focus = setup.form.widgets.index(setup.start)
    setup.seats[1].set_value("hard")
    drive.move(setup.seats[1].rect.center)
    assert tr(setup.row_note()).startswith("The strongest")
