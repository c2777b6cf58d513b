"""The Look at the Stars rules page's pictures: a line card's turns and a worked scoring
example whose figures come from the final scoring; the page shows both in both languages."""

from __future__ import annotations

import pygame
import pytest

from game.client import i18n, theme
from game.client.kits import FIGURE_HEADING, get_kit
from game.client.layout import TextCache
from game.client.stars.final_boards import item_label
from game.client.stars.rules_figures import (
    EXAMPLE_CARD,
    EXAMPLE_POINT_CARD,
    example_items,
    example_sheet,
    line_card_figure,
)
from game.client.stars.rules_text import LOOK_AT_THE_STARS
from game.rules.stars import data, score_sheet
from game.rules.stars.sheet import validate_sheet


def _shape(segments: list) -> frozenset:
    """A shape's segments moved to the origin, each as an unordered pair of points."""
    points = [p for x1, y1, x2, y2 in segments for p in ((x1, y1), (x2, y2))]
    left, bottom = min(x for x, _ in points), min(y for _, y in points)
    return frozenset(frozenset(((x1 - left, y1 - bottom), (x2 - left, y2 - bottom)))
                     for x1, y1, x2, y2 in segments)


def _turned(segments: list, turns: int) -> list:
    for _ in range(turns):
        segments = [(-y1, x1, -y2, x2) for x1, y1, x2, y2 in segments]
    return segments


def test_the_line_card_shown_looks_different_mirrored_and_in_each_turn() -> None:
    """The picture's point: the four turns are four different drawings and the crossed-out
    mirror image is none of them (a card whose mirror is a turn would teach nothing)."""
    card = data.LINE_CARDS[EXAMPLE_CARD]
    turns = {_shape(_turned(card, k)) for k in range(4)}
    mirrored = _shape([(-x1, y1, -x2, y2) for x1, y1, x2, y2 in card])
    assert len(turns) == 4 and mirrored not in turns


def test_the_scoring_example_scores_what_its_note_says() -> None:
    """A plus of 4 lines that is a constellation and a point-bonus copy; a planet counting it
    and a 3-line constellation; a second 3-line constellation worth nothing; a shooting star
    of 2: the final scoring itself says so, and the example is a legal end-of-game sheet."""
    sheet = example_sheet()
    validate_sheet(sheet)
    items = example_items()
    by_kind = {}
    for item in items:
        by_kind.setdefault(item["kind"], []).append(item)
    plus = next(i for i in by_kind["constellation"] if len(i["lines"]) == 4)
    (copy,) = by_kind["copy"]
    assert _shape(copy["lines"]) == _shape(plus["lines"])
    assert _shape(plus["lines"]) in {
        _shape(_turned(data.POINT_CARDS[EXAMPLE_POINT_CARD - 1]["segments"], k))
        for k in range(4)}
    assert copy["points"] == data.POINT_CARDS[EXAMPLE_POINT_CARD - 1]["points"]
    threes = sorted(i["points"] for i in by_kind["constellation"] if len(i["lines"]) == 3)
    assert threes == [0, 3], "one of each size scores"
    (planet,) = by_kind["planet"]
    assert planet["points"] == 2
    assert [i["points"] for i in by_kind["shooting_star"]] == [2]
    assert sum(i["points"] for i in items) == score_sheet(sheet)["total"] == 14
    assert [item_label(i) for i in items if i["points"] == 0] == [
        "constellation of 3 lines (a 3 already scored)"]


@pytest.fixture
def text() -> TextCache:
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield TextCache()
    pygame.quit()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_on_a_narrow_page_the_cards_shrink_and_the_last_shows_whole(text, language: str) -> None:  # noqa: ANN001
    i18n.set_language(language)
    wide = line_card_figure(text, 920, 1.0, 20, 16, False)
    narrow = line_card_figure(text, 500, 1.0, 20, 16, False)
    assert (wide.get_width(), narrow.get_width()) == (920, 500)
    crossed = [x for x in range(narrow.get_width()) for y in range(narrow.get_height() // 2)
               if narrow.get_at((x, y))[:3] == theme.ILLEGAL]
    assert crossed and max(crossed) < narrow.get_width() - 2, "the mirror image shows whole"


def test_both_pages_show_each_picture_after_the_paragraph_it_illustrates() -> None:
    kit = get_kit("stars")
    assert set(kit.rules_figures) == {"line_card", "scoring"}
    for language, card_heading, bonus_heading in (("en", "Line cards", "Point bonus"),
                                                  ("ja", "ラインカード", "得点ボーナス")):
        i18n.set_language(language)
        page = i18n.rules_page("stars", LOOK_AT_THE_STARS)
        headings = [heading for heading, _body in page]
        assert page[headings.index(card_heading) + 1] == (FIGURE_HEADING, "line_card")
        assert page[headings.index(bonus_heading) + 1] == (FIGURE_HEADING, "scoring")


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_rules_page_draws_the_pictures_with_no_text_out_of_place(
        size: tuple[int, int]) -> None:
    """Each picture on the page, in both languages, at the brief's smallest window and at
    800x600: no text of the pictures outside its box, cut off or over another."""
    from game.client.scenes.rules import RulesScene
    from tests.client.clienthelpers import Driver
    from tests.client.textboxes import text_problems, tracking

    drive = Driver(size=size)
    try:
        rules = RulesScene(drive.app, "stars")
        drive.app.push(rules)
        drive.step()
        for language in ("en", "ja"):
            drive.app.set_language(language)
            with tracking(drive.app):
                rules.relayout()  # the pictures drawn while their text is watched
                for name in ("line_card", "scoring"):
                    offset = rules.figure_offset(name)
                    assert offset is not None
                    rules.scroll = min(rules.max_scroll, offset)
                    width = rules.panel.w - rules.layout.px(60)
                    assert rules.figures[name].get_width() == width
                    assert text_problems(drive.app) == [], (language, name)
    finally:
        drive.close()


@pytest.mark.parametrize("game", ["stars", "stargazer"])
def test_a_picture_scrolled_half_out_of_the_panel_shows_no_half_text(game: str) -> None:
    """A picture's text cut in half at the panel's edge (the walk caught "4 constellation of 4
    lines" cut by the clip): as with the lines of text, a picture shows only between rows where
    nothing crosses, at every scroll position around it, in both languages."""
    from game.client.scenes.rules import RulesScene
    from tests.client.clienthelpers import Driver
    from tests.client.textboxes import text_problems, tracking

    drive = Driver()
    try:
        rules = RulesScene(drive.app, game)
        drive.app.push(rules)
        drive.step()
        for language in ("en", "ja"):
            drive.app.set_language(language)
            with tracking(drive.app):
                rules.relayout()
                seen = 0
                for name, figure in rules.figures.items():
                    offset = rules.figure_offset(name)
                    first = max(0, offset - rules.panel.h)
                    last = min(rules.max_scroll, offset + figure.get_height())
                    for scroll in range(first, last + 1, 11):
                        rules.scroll = scroll
                        assert text_problems(drive.app) == [], (language, name, scroll)
                        seen += 1
                assert seen > 20
    finally:
        drive.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_scoring_examples_rows_give_the_words_then_the_points(text, language: str,  # noqa: ANN001
                                                                   monkeypatch) -> None:  # noqa: ANN001
    """The rows read 「4 4本の星座」, the points before the words: "44" in Japanese (a
    Japanese player's playtest). Each row gives what scores, then its points."""
    from game.client.stars.rules_figures import scoring_figure

    i18n.set_language(language)
    said: list[str] = []
    render = text.render

    def recording(words: str, *args, **kwargs) -> pygame.Surface:  # noqa: ANN002, ANN003
        said.append(words)
        return render(words, *args, **kwargs)

    monkeypatch.setattr(text, "render", recording)
    scoring_figure(text, 920, 1.0, 20, 16, False)
    for item in example_items():
        label = item_label(item)
        row = next((line for line in said if line.startswith(label)), None)
        assert row is not None, (label, said)
        assert str(item["points"]) in row[len(label):], row
        assert not [line for line in said if line.endswith(label)], said
