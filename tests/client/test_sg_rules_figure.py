"""The Stargazer rules page's worked example of a majority: its ranks come from the final
scoring, its words say why, and the page shows it in both languages."""

from __future__ import annotations

import pygame

from game.client import i18n
from game.client.kits import FIGURE_HEADING, get_kit
from game.client.stargazer.rules_figure import (
    EXAMPLE_NAMES,
    EXAMPLE_QUEUE,
    example_rows,
    majority_figure,
    row_words,
)
from game.client.stargazer.rules_text import STARGAZER
from game.rules.stargazer.scoring import FREE
from tests.client.sg_play import open_stargazer_rules


def test_the_example_ranks_a_tie_by_the_later_first_cube_and_the_free_cubes_like_a_player(
) -> None:
    """Ann and Ben have two cubes each; Ben's first cube sits further back, so Ben leads; the
    free cube ranks like a player (Cai, whose first cube is further back, beats it) and k is
    the highest filled square: 6, 5, 4, 3 on the Ocean planet (4 is an accident)."""
    rows = example_rows()
    assert [row["owner"] for row in rows] == [1, 0, 2, FREE]
    assert [row["square"] for row in rows] == [6, 5, 4, 3]
    assert [row["vp"] for row in rows[:3]] == [5, 4, 0]
    assert len(EXAMPLE_QUEUE) == 6


def test_the_example_says_why_in_words() -> None:
    rows = example_rows()
    words = [row_words(rows, i) for i in range(len(rows))]
    assert words[0].startswith("Ben: 2 cubes, the first on square 2")
    assert "ties with Ann and wins: further back" in words[0]
    assert words[0].endswith("square 6: 5 VP")
    assert words[1] == "Ann: 2 cubes, the first on square 1  →  square 5: 4 VP"
    assert "ties with Free cubes and wins" in words[2]
    assert words[2].endswith("square 4 is an accident: 0 VP")
    assert words[3].startswith("Free cubes: 1 cube,")  # one cube: the singular
    assert words[3].endswith("square 3 (3 VP), which nobody scores")
    i18n.set_language("ja")
    japanese = row_words(rows, 0)
    assert japanese.startswith("ベン：2個") and "アンと同数" in japanese
    assert "マス4はアクシデント" in row_words(rows, 2)
    assert set(EXAMPLE_NAMES) == set(i18n.LANGUAGES)  # every language names its players


def test_the_figure_wraps_its_words_to_a_narrow_page() -> None:
    """At a narrow width the rows take more lines instead of running off the page."""
    from game.client.layout import TextCache

    pygame.init()
    pygame.display.set_mode((64, 64))
    try:
        text = TextCache()
        wide = majority_figure(text, 920, 1.0, 16, 12, False)
        narrow = majority_figure(text, 420, 1.0, 16, 12, False)
        assert (wide.get_width(), narrow.get_width()) == (920, 420)
        assert narrow.get_height() > wide.get_height()
    finally:
        pygame.quit()


def test_every_picture_a_rules_page_names_is_one_its_kit_draws() -> None:
    """A page entry naming no picture would be dropped silently: both languages' pages name
    the majority example, right after the Majority paragraph."""
    kit = get_kit("stargazer")
    english = [heading for heading, _body in STARGAZER]
    assert english[english.index("Majority") + 1] == FIGURE_HEADING
    i18n.set_language("ja")
    page = i18n.rules_page("stargazer", STARGAZER)
    headings = [heading for heading, _body in page]
    assert headings[headings.index("惑星マジョリティボーナス") + 1] == FIGURE_HEADING
    for game in ("stars", "stargazer"):
        for language in ("en", "ja"):
            i18n.set_language(language)
            game_kit = get_kit(game)
            for heading, body in i18n.rules_page(game, game_kit.rules):
                if heading == FIGURE_HEADING:
                    assert body in game_kit.rules_figures, (game, language, body)
    assert set(kit.rules_figures) == {"majority"}


def test_the_rules_page_draws_the_example_where_its_text_stands(drive) -> None:  # noqa: ANN001
    rules = open_stargazer_rules(drive)
    for language in ("en", "ja"):
        drive.app.set_language(language)
        kinds = [kind for kind, _line in rules.lines]
        assert kinds.count("figure") == 1
        offset = rules.figure_offset("majority")
        assert offset is not None and 0 < offset < rules.max_scroll
        lay = rules.layout
        rules.scroll = offset - lay.px(100)
        drive.step()
        figure = rules.figures["majority"]
        assert figure.get_width() == rules.panel.w - lay.px(60)  # the text's own width
        top_left = (rules.panel.x + lay.px(30), rules.panel.y + lay.px(25) + lay.px(100))
        screen = drive.app.screen
        # every opaque pixel of the track's first cube (Ann's, square 1) is on the screen
        compared = 0
        for x in range(figure.get_width() // 8):
            for y in range(figure.get_height() // 3):
                colour = figure.get_at((x, y))
                if colour.a == 255:
                    assert screen.get_at((top_left[0] + x, top_left[1] + y))[:3] == colour[:3]
                    compared += 1
        assert compared > 200, "the figure's first squares hold opaque pixels"


def test_the_rules_page_says_a_walk_comes_back_round_to_the_one_open_planet() -> None:
    """A new player saw a bot put three cubes in a row on the one planet with room and took it
    for cheating: the page said "never two in a row on one planet" and nothing of the lap the
    walk makes when every other planet is full (the engine's walk, the draft's "going round
    and coming back is fine"). Both languages' Investigating paragraphs say it."""
    from game.rules.stargazer.placement import _walk

    assert (0, 0, 0) in _walk([3, 0, 0, 0, 0], 0, 3, 1), "(the engine's walk laps)"
    english = dict(STARGAZER)["Investigating"]
    assert "whole lap" in english and "every other planet is full" in english
    i18n.set_language("ja")
    japanese = dict(i18n.rules_page("stargazer", STARGAZER))["手番 2：調査"]
    assert "ひと回り" in japanese and "ほかの惑星がすべて埋まっていれば" in japanese


def test_the_rules_page_says_what_a_hand_the_stock_and_a_crew_are_before_using_them() -> None:
    """A new player met "hand", "stock" and "crew" before the page said what they were: the
    first paragraph says, in both languages."""
    english = STARGAZER[0][1]
    assert STARGAZER[0][0] == "The game"
    assert "your hand" in english and "in the stock" in english
    assert "crews are cards with a skill" in english
    i18n.set_language("ja")
    japanese = i18n.rules_page("stargazer", STARGAZER)[0][1]
    assert "「手元」" in japanese and "「ストック」" in japanese
    assert "スキルを持つカード" in japanese
