"""The Look at the Stars rules page's pictures: a line card in its four quarter turns, and a
worked example of what a board scores.

A first-time player found the page all text: no card, no board, no bonus shape (a playtest),
and "each size from 3 to 8 scores once" became clear only when the game warned about it. The
example is data (``EXAMPLE_LINES`` on board ``EXAMPLE_BOARD`` with point card
``EXAMPLE_POINT_CARD``) and what it scores comes from the final scoring itself
(``score_details``), drawn as Final boards draws it, so the picture cannot disagree with the
rules the game plays by.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.client import theme
from game.client.i18n import _, ngettext
from game.client.layout import TextCache, scaled_px
from game.client.stars.categories import SCORE_COLUMNS
from game.client.stars.final_boards import draw_item, item_colour, item_words
from game.client.stars.render import BoardGeometry, SheetRenderer, render_bonus_card, render_card
from game.rules.stars import score_details

#: the line card shown in its quarter turns: its four turns differ, and its mirror image is
#: none of them (so "never mirrored" shows)
EXAMPLE_CARD = 5
#: the example board and its point-bonus card (a plus of 4 lines, 3 points a copy)
EXAMPLE_BOARD = 0
EXAMPLE_POINT_CARD = 3
EXAMPLE_POWER_CARD = 4
#: a plus of 4 lines beside the planet at (7, 5), both a constellation and a point-bonus copy;
#: 3 lines on the planet's other side; 3 more lines at the bottom (a size already scored)
EXAMPLE_LINES: list[tuple[int, int, int, int]] = [
    (5, 6, 6, 6), (6, 5, 6, 6), (6, 6, 6, 7), (6, 6, 7, 6),
    (8, 4, 9, 4), (9, 4, 9, 3), (9, 3, 8, 3),
    (7, 0, 8, 0), (8, 0, 9, 0), (9, 0, 9, 1),
]
#: a shooting star of 2 segments
EXAMPLE_SHOOTING_STARS: list[list[tuple[int, int]]] = [[(2, 4), (3, 3), (4, 2)]]


def example_sheet() -> dict[str, Any]:
    """The example's sheet, as a seat's sheet reads at the end of a game."""
    return {"board": EXAMPLE_BOARD, "point_card": EXAMPLE_POINT_CARD,
            "power_card": EXAMPLE_POWER_CARD, "lines": [list(line) for line in EXAMPLE_LINES],
            "shooting_stars": [list(map(list, star)) for star in EXAMPLE_SHOOTING_STARS],
            "objects": []}


def example_items() -> list[dict[str, Any]]:
    """What the example scores, item by item, in the results' category order."""
    order = {column.key: i for i, column in enumerate(SCORE_COLUMNS)}
    return sorted(score_details(example_sheet()), key=lambda item: order[item["category"]])


def line_card_figure(text: TextCache, width: int, unit: float, body: int, small: int,
                     colour_blind: bool) -> pygame.Surface:
    """A night card, its three other quarter turns and its mirror image crossed out,
    ``width`` px wide."""
    del body, colour_blind  # the cards have no colour a palette changes

    px = partial(scaled_px, unit=unit)

    gap = px(16)
    size = min(px(96), (width - 6 * gap) // 5)
    caption = _("A line card may be drawn as printed or turned in quarter turns, never "
                "mirrored.")
    lines = text.wrap(caption, small, width)
    line_h = text.pen(small).get_linesize()
    label_h = line_h + px(4)
    height = size + label_h + len(lines) * line_h + px(10)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    panels: list[tuple[pygame.Surface, str]] = [(render_card(EXAMPLE_CARD, size), _("the card"))]
    panels += [(render_card(EXAMPLE_CARD, size, turn),
                _("turned {degrees}°").format(degrees=90 * turn)) for turn in range(1, 4)]
    panels.append((pygame.transform.flip(render_card(EXAMPLE_CARD, size), True, False),
                   _("mirrored: never")))
    x = 0
    for index, (card, words) in enumerate(panels):
        surface.blit(card, (x, 0))
        if index == len(panels) - 1:  # the mirror image, crossed out
            inset = px(10)
            for a, b in (((x + inset, inset), (x + size - inset, size - inset)),
                         ((x + size - inset, inset), (x + inset, size - inset))):
                pygame.draw.line(surface, theme.ILLEGAL, a, b, max(2, px(4)))
        colour = theme.ACCENT if index == 0 else theme.ILLEGAL if index == len(panels) - 1 \
            else theme.TEXT_DIM
        label = text.render(words, text.fit(words, small, size + gap - px(2)), colour)
        surface.blit(label, label.get_rect(midtop=(x + size // 2, size + px(4))))
        x += size + (2 * gap if index in (0, len(panels) - 2) else gap)
    y = size + label_h + px(6)
    for i, line in enumerate(lines):
        surface.blit(text.render(line, small, theme.TEXT_DIM), (0, y + i * line_h))
    return surface


def scoring_figure(text: TextCache, width: int, unit: float, body: int, small: int,
                   colour_blind: bool) -> pygame.Surface:
    """The example board at the night's end beside what it scores, ``width`` px wide."""
    del colour_blind

    px = partial(scaled_px, unit=unit)

    body_h = text.pen(body).get_linesize() + px(2)
    small_h = text.pen(small).get_linesize()
    caption = _("Example: a board at the night's end and what it scores, coloured as on Final "
                "boards.")
    caption_lines = text.wrap(caption, body, width)
    top = len(caption_lines) * body_h + px(8)
    board_w = min(int(width * 0.4), px(300))
    geo = BoardGeometry(pygame.Rect(0, top, board_w, round(board_w * 12.5 / 10.5)))
    list_x = geo.rect.right + px(24)
    list_w = width - list_x
    items = example_items()
    rows = [(item_words(item), item_colour(item), False) for item in items]
    total = sum(item["points"] for item in items)
    rows.append((ngettext("{n} point in all", "{n} points in all", total).format(n=total),
                 theme.ACCENT, True))
    card_size = px(104)
    note = _("The plus is both a constellation of 4 lines and a copy of the point-bonus "
             "card's shape; the planet counts the two constellations beside it; the second "
             "3-line constellation scores nothing: its size already scored.")
    note_lines = text.wrap(note, small, list_w - card_size - px(12))
    list_h = len(rows) * body_h + px(10) + max(card_size, len(note_lines) * small_h)
    height = max(geo.rect.bottom, top + list_h) + px(4)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    for i, line in enumerate(caption_lines):
        surface.blit(text.render(line, body, theme.TEXT, bold=True), (0, i * body_h))
    sheet = example_sheet()
    surface.blit(SheetRenderer(budget_mb=8).sheet_layer(sheet, geo, sizes=False), geo.rect)
    for item in items:
        draw_item(surface, geo, item, item_colour(item), counted_lines=False)
    y = top
    for words, colour, bold in rows:
        surface.blit(text.render(words, text.fit(words, body, list_w, bold), colour, bold),
                     (list_x, y))
        y += body_h
    y += px(10)
    font, small_pen = text.pen(small), text.pen(max(theme.MIN_FONT_PX, small - 3))
    card = render_bonus_card("point", EXAMPLE_POINT_CARD, card_size, font, small_pen)
    surface.blit(card, (list_x, y))
    for i, line in enumerate(note_lines):
        surface.blit(text.render(line, small, theme.TEXT_DIM),
                     (list_x + card_size + px(12), y + i * small_h))
    return surface
