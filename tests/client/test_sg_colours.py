"""Colours anyone can tell apart: Stargazer's players and planets as a deuteranope sees them.

Metric (stated once, used by every test here): colours are simulated with the Machado et al.
(2009) matrices at severity 1.0 (dichromacy) in linear sRGB and compared by CIEDE2000. Two pieces
are *distinguishable* when their colours differ by at least ``APART`` after the simulation, or
when they carry different marks (or planet textures) that each stand out from their own colour
by at least ``MARK_CONTRAST``. The classic palette relies on the marks where red and green
collapse; the colour-blind palette must keep the colours themselves apart.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.client.colour_vision import ciede2000, delta_e, simulate, simulate_surface
from game.client.stargazer.palette import (
    CLASSIC,
    COLOUR_BLIND,
    FREE_MARK,
    PLANET_TEXTURES,
    PLAYER_MARKS,
    Palette,
    ink_on,
    player_mark,
)
from game.client.stargazer.ring import ACCIDENT, SQUARE
from game.client.stargazer.sprites import cube_sprite, planet_sprite
from game.rules.stargazer import PLANET_TYPES
from game.rules.stargazer.content import COLOUR_GROUPS

APART = 12.0
MARK_CONTRAST = 20.0
SEATS = range(-1, 4)  # the free cubes (the virtual player) and four players


def test_the_colour_science_matches_published_values() -> None:
    """CIEDE2000 on Sharma, Wu & Dalal's (2005) test pairs; the deuteranopia matrix keeps
    white and greys and maps pure red and green to the same yellow hue family."""
    for lab1, lab2, expected in [((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
                                 ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
                                 ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387),
                                  1.2644),
                                 ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082)]:
        assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert simulate((255, 255, 255)) == (255, 255, 255)
    assert simulate((128, 128, 128)) == (128, 128, 128)
    assert delta_e(simulate((220, 40, 40)), simulate((40, 160, 40))) < \
        delta_e((220, 40, 40), (40, 160, 40)) / 3, "the trap the palettes must avoid"


def rendered_cube(palette: Palette, seat: int) -> tuple[tuple, tuple, str]:
    """(body colour, mark colour, mark) read back from the cube sprite the table draws."""
    sprite = cube_sprite(40, palette.player(seat), player_mark(seat))
    depth = 40 // 5
    face = pygame.Rect(0, depth, 40 - depth, 40 - depth)
    body = tuple(sprite.get_at((face.x + 3, face.bottom - 3)))[:3]
    mark = tuple(sprite.get_at(face.center))[:3]
    return body, mark, player_mark(seat)


def distinguishable(a: tuple, b: tuple, kind: str) -> bool:
    (body_a, mark_a, shape_a), (body_b, mark_b, shape_b) = a, b
    sa, sb = simulate(body_a, kind), simulate(body_b, kind)
    if delta_e(sa, sb) >= APART:
        return True
    marks_stand_out = all(delta_e(simulate(m, kind), s) >= MARK_CONTRAST
                          for m, s, shape in ((mark_a, sa, shape_a), (mark_b, sb, shape_b))
                          if shape not in ("none", FREE_MARK))
    return shape_a != shape_b and marks_stand_out


@pytest.mark.parametrize("palette", [CLASSIC, COLOUR_BLIND], ids=lambda p: p.name)
def test_every_players_cubes_stay_apart_for_a_deuteranope(palette: Palette) -> None:
    pygame.init()
    cubes = {seat: rendered_cube(palette, seat) for seat in SEATS}
    for seat, (body, mark, shape) in cubes.items():
        assert body == palette.player(seat), "the sprite's face is the seat's colour"
        if shape != FREE_MARK:
            assert mark == ink_on(body), "the mark is drawn on the face"
    for a, b in itertools.combinations(SEATS, 2):
        assert distinguishable(cubes[a], cubes[b], "deuteranopia"), (palette.name, a, b)
    for seat in SEATS:  # and every cube stands out from the squares it sits on
        for ground in (SQUARE, ACCIDENT):
            assert delta_e(simulate(cubes[seat][0]), simulate(ground)) >= APART


def test_the_colour_blind_palette_keeps_the_colours_themselves_apart() -> None:
    for kind in ("deuteranopia", "protanopia"):
        for a, b in itertools.combinations(SEATS, 2):
            assert delta_e(simulate(COLOUR_BLIND.player(a), kind),
                           simulate(COLOUR_BLIND.player(b), kind)) >= APART, (kind, a, b)
        for a, b in itertools.combinations(COLOUR_BLIND.planets, 2):
            assert delta_e(simulate(COLOUR_BLIND.planet(a), kind),
                           simulate(COLOUR_BLIND.planet(b), kind)) >= APART, (kind, a, b)
    classic_worst = min(delta_e(simulate(CLASSIC.player(a)), simulate(CLASSIC.player(b)))
                        for a, b in itertools.combinations(SEATS, 2))
    assert classic_worst < APART, "(the classic palette does need its marks)"


@pytest.mark.parametrize("palette", [CLASSIC, COLOUR_BLIND], ids=lambda p: p.name)
def test_every_planet_colour_has_a_texture_and_stays_apart(palette: Palette) -> None:
    pygame.init()
    colours = sorted({info["colour"] for info in PLANET_TYPES.values()})
    assert set(colours) <= set(palette.planets) and set(colours) <= set(PLANET_TEXTURES)
    assert set(COLOUR_GROUPS) <= set(colours) | {"white"}
    assert len({PLANET_TEXTURES[c] for c in colours}) == len(colours), "one texture each"
    for colour in colours:  # the texture really shows on the disc
        body = palette.planet(colour)
        sprite = planet_sprite(30, body, PLANET_TEXTURES[colour])
        plain = planet_sprite(30, body, "none")
        differing = sum(1 for x in range(61) for y in range(61)
                        if sprite.get_at((x, y)) != plain.get_at((x, y)))
        assert differing > 100, colour
    tokens = {c: (palette.planet(c), ink_on(palette.planet(c)), PLANET_TEXTURES[c])
              for c in colours}
    for a, b in itertools.combinations(colours, 2):
        assert distinguishable(tokens[a], tokens[b], "deuteranopia"), (palette.name, a, b)


def test_marks_and_textures_are_all_different() -> None:
    assert len(set(PLAYER_MARKS)) == len(PLAYER_MARKS) >= 4
    assert FREE_MARK not in PLAYER_MARKS
    assert len(set(PLANET_TEXTURES.values())) == len(PLANET_TEXTURES)


def test_a_simulated_screenshot_is_the_matrix_applied_to_every_pixel() -> None:
    pygame.init()
    picture = pygame.Surface((4, 2))
    colours = [(222, 52, 52), (42, 166, 72), (52, 112, 232), (255, 255, 255)]
    for x, colour in enumerate(colours):
        picture.fill(colour, (x, 0, 1, 2))
    seen = simulate_surface(picture)
    assert seen.get_size() == (4, 2)
    for x, colour in enumerate(colours):
        assert tuple(seen.get_at((x, 1)))[:3] == simulate(colour)
