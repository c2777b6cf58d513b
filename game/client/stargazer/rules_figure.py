"""The rules page's worked example of a planet majority: one planet's track with cubes on it,
and each owner's rank, cubes and VP in words beneath.

A first-time player found the rules page all text, with no worked example of a majority with
a tie (a playtest): one picture shows a tie, the free cubes' rank and an accident together. The
example is data (``EXAMPLE_PLANET``, ``EXAMPLE_QUEUE``) and its ranks and VP come from the final
scoring itself (``planet_standings``), so the picture cannot disagree with the rules the game
plays by.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.client import theme
from game.client.i18n import N_, _, language, ngettext
from game.client.layout import TextCache, scaled_px
from game.client.stargazer.palette import PLANET_TEXTURES, palette_for, player_mark
from game.client.stargazer.ring import draw_first_notch, draw_track_square
from game.client.stargazer.sprites import cube_sprite, planet_sprite
from game.rules.stargazer.content import PLANET_TYPES
from game.rules.stargazer.scoring import FREE, planet_standings

#: the example's planet: a later-wins tie-break and an accident low on its track
EXAMPLE_PLANET = "ocean"
#: owner of each square from square 1 (0-2 the example's three players, FREE a free cube):
#: Ann and Ben tie on two cubes, Cai and the free cube on one, and Cai's rank lands on the
#: accident
EXAMPLE_QUEUE: list[int] = [0, 1, 0, 1, FREE, 2]
#: the example players' names, by seat, per language (names, not catalog strings: a player
#: called Ann would read as text left untranslated)
EXAMPLE_NAMES: dict[str, tuple[str, ...]] = {"en": ("Ann", "Ben", "Cai"),
                                             "ja": ("アン", "ベン", "カイ")}
_ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"), N_("7th"))


def example_rows() -> list[dict[str, int]]:
    """The example planet's majority, best first, as the final scoring counts it."""
    return planet_standings(EXAMPLE_PLANET, EXAMPLE_QUEUE, None)


def owner_name(owner: int) -> str:
    if owner == FREE:
        return _("Free cubes")
    return EXAMPLE_NAMES.get(language(), EXAMPLE_NAMES["en"])[owner]


def row_words(rows: list[dict[str, Any]], index: int) -> str:
    """One rank of the example in words: who, how many cubes, why they rank there when they
    tie with a neighbour, and the square and VP that rank pays."""
    row = rows[index]
    track = PLANET_TYPES[EXAMPLE_PLANET]["track"]
    earlier_wins = PLANET_TYPES[EXAMPLE_PLANET]["tie_break"] == "earlier"
    words = ngettext("{who}: {n} cube, the first on square {first}",
                     "{who}: {n} cubes, the first on square {first}", row["cubes"]).format(
        who=owner_name(row["owner"]), n=row["cubes"], first=row["first"])
    below = rows[index + 1] if index + 1 < len(rows) else None
    if below is not None and below["cubes"] == row["cubes"]:
        words = (_("{words}; ties with {other} and wins: nearer the front") if earlier_wins
                 else _("{words}; ties with {other} and wins: further back")).format(
            words=words, other=owner_name(below["owner"]))
    square = row["square"]
    if square < 1:
        result = _("no square left: 0 VP")
    elif row["owner"] == FREE:
        result = _("square {square} ({vp} VP), which nobody scores").format(
            square=square, vp=track[square - 1])
    elif track[square - 1] == 0:
        result = _("square {square} is an accident: 0 VP").format(square=square)
    else:
        result = _("square {square}: {vp} VP").format(square=square, vp=row["vp"])
    return f"{words}  →  {result}"


def majority_figure(text: TextCache, width: int, unit: float, body: int, small: int,
                    colour_blind: bool) -> pygame.Surface:
    """The worked example, ``width`` px wide: ``unit`` is the layout's scale, ``body`` and
    ``small`` its type sizes (the page's own, so the example reads like the text around it)."""

    px = partial(scaled_px, unit=unit)

    palette = palette_for(colour_blind)
    info = PLANET_TYPES[EXAMPLE_PLANET]
    track = info["track"]
    rows = example_rows()
    square = max(px(44), text.size("00", small, bold=True)[0] + px(12))
    gap = px(8)
    body_line = text.pen(body).get_linesize() + px(2)
    small_line = text.pen(small).get_linesize() + px(1)
    disc = planet_sprite(px(12), palette.planet(info["colour"]),
                         PLANET_TEXTURES.get(info["colour"], "none"))
    caption = _("Example: the {planet} at the game's end (k = {k}, its highest filled "
                "square)").format(planet=_(info["name"]), k=len(EXAMPLE_QUEUE))
    caption_lines = text.wrap(caption, body, width - disc.get_width() - px(10))
    legend = _("Above each square its VP (red: an accident), under it its number; a notch "
               "marks each owner's first cube. White cubes are free cubes.")
    legend_lines = text.wrap(legend, small, width)
    chip = px(20)
    ordinal_w = max(text.size(_(word), body, bold=True)[0] for word in _ORDINALS[:len(rows)])
    words_x = ordinal_w + px(10) + chip + px(8)
    row_lines = [text.wrap(row_words(rows, i), body, width - words_x) for i in range(len(rows))]
    track_y = len(caption_lines) * body_line + px(10) + small_line + px(4)
    legend_y = track_y + square + px(12) + small_line + px(6)
    rows_y = legend_y + len(legend_lines) * small_line + px(12)
    height = rows_y + sum(len(lines) * body_line + px(8) for lines in row_lines)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    # the planet and what the example shows
    surface.blit(disc, disc.get_rect(midleft=(0, body_line // 2)))
    for i, words in enumerate(caption_lines):
        label = text.render(words, body, theme.TEXT, bold=True)
        surface.blit(label, (disc.get_width() + px(10), i * body_line))
    # the track: square 0, then squares 1.. with their VP above and number below
    cube = square - px(10)
    first_seen: set[int] = set()
    for index in range(len(track) + 1):
        rect = pygame.Rect(index * (square + gap), track_y, square, square)
        draw_track_square(surface, rect, track[index - 1] if index else None, px)
        if index == 0:
            vp_label = text.render("0", small, theme.ACCENT, bold=True)
        else:
            vp = track[index - 1]
            vp_label = text.render(str(vp), small, theme.ILLEGAL if vp == 0 else theme.TEXT,
                                   bold=True)
            number = text.render(str(index), small, theme.TEXT_DIM)
            surface.blit(number, number.get_rect(midtop=(rect.centerx, rect.bottom + px(10))))
        surface.blit(vp_label, vp_label.get_rect(midbottom=(rect.centerx, rect.y - px(3))))
        if 1 <= index <= len(EXAMPLE_QUEUE):
            owner = EXAMPLE_QUEUE[index - 1]
            sprite = cube_sprite(cube, palette.player(owner), player_mark(owner))
            surface.blit(sprite, sprite.get_rect(center=rect.center))
            if owner not in first_seen:
                first_seen.add(owner)
                draw_first_notch(surface, rect, palette.player(owner), px(2), px(5), px(7))
    for i, words in enumerate(legend_lines):
        label = text.render(words, small, theme.TEXT_DIM)
        surface.blit(label, (0, legend_y + i * small_line))
    # each rank in words, with the owner's cube
    y = rows_y
    for index, row in enumerate(rows):
        # on one baseline: the arrow comes from the fallback font, whose ascent is taller
        middle = y + body_line // 2
        ordinal = _(_ORDINALS[index])
        surface.blit(text.render(ordinal, body, theme.ACCENT, bold=True),
                     (0, text.line_top(ordinal, body, middle, bold=True)))
        sprite = cube_sprite(chip, palette.player(row["owner"]), player_mark(row["owner"]))
        surface.blit(sprite, sprite.get_rect(midleft=(ordinal_w + px(10), middle)))
        for i, words in enumerate(row_lines[index]):
            surface.blit(text.render(words, body, theme.TEXT),
                         (words_x, text.line_top(words, body, middle + i * body_line)))
        y += len(row_lines[index]) * body_line + px(8)
    return surface
