"""Small pre-rendered pictures of the Stargazer table: cubes with their mark, workers, planets
with their texture. Each is drawn once per size and colour (``lru_cache``) and then only blitted.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.client.stargazer.palette import Color, ink_on


def _shade(color: Color, factor: float) -> Color:
    if factor >= 1:
        return tuple(int(c + (255 - c) * (factor - 1)) for c in color)  # type: ignore[return-value]
    return tuple(int(c * factor) for c in color)  # type: ignore[return-value]


def draw_mark(surface: pygame.Surface, mark: str, rect: pygame.Rect, color: Color) -> None:
    """A player's mark (dot, cross, bar, triangle) filling about half of ``rect``."""
    cx, cy = rect.center
    r = max(2, int(min(rect.w, rect.h) * 0.26))
    width = max(2, int(r * 0.62))
    if mark == "dot":
        pygame.draw.circle(surface, color, (cx, cy), r)
    elif mark == "cross":
        pygame.draw.line(surface, color, (cx - r, cy - r), (cx + r, cy + r), width)
        pygame.draw.line(surface, color, (cx - r, cy + r), (cx + r, cy - r), width)
    elif mark == "bar":
        bar = pygame.Rect(0, 0, 2 * r + 2, width + 1)
        bar.center = (cx, cy)
        pygame.draw.rect(surface, color, bar)
    elif mark == "triangle":
        pygame.draw.polygon(surface, color, [(cx, cy - r - 1), (cx + r + 1, cy + r),
                                             (cx - r - 1, cy + r)])


@lru_cache(maxsize=256)
def cube_sprite(size: int, body: Color, mark: str) -> pygame.Surface:
    """A wooden cube seen from the front and a little above: lit top, shaded side, the mark on
    its face. ``size`` is the sprite's width and height in pixels."""
    size = max(6, size)
    sprite = pygame.Surface((size, size), pygame.SRCALPHA)
    depth = max(2, size // 5)
    face = pygame.Rect(0, depth, size - depth, size - depth)
    top = [(0, depth), (depth, 0), (size, 0), (size - depth, depth)]
    side = [(size - depth, depth), (size, 0), (size, size - depth), (size - depth, size)]
    pygame.draw.polygon(sprite, _shade(body, 1.35), top)
    pygame.draw.polygon(sprite, _shade(body, 0.62), side)
    pygame.draw.rect(sprite, body, face)
    edge = _shade(body, 0.45)
    pygame.draw.rect(sprite, edge, face, 1)
    pygame.draw.polygon(sprite, edge, top, 1)
    pygame.draw.polygon(sprite, edge, side, 1)
    draw_mark(sprite, mark, face, ink_on(body))
    return sprite.convert_alpha() if pygame.display.get_surface() else sprite


@lru_cache(maxsize=512)
def faded_cube(size: int, body: Color, mark: str, alpha: int) -> pygame.Surface:
    """``cube_sprite`` at ``alpha`` (0-255, in steps of 16): ghosts, trails and lifts reuse
    these instead of copying a sprite every frame."""
    faded = cube_sprite(size, body, mark).copy()
    faded.set_alpha(max(0, min(255, alpha // 16 * 16)))
    return faded


@lru_cache(maxsize=64)
def pawn_sprite(size: int, body: Color, mark: str) -> pygame.Surface:
    """A worker: a round head on a rounded body, with the player's mark on its chest."""
    size = max(8, size)
    sprite = pygame.Surface((size, size), pygame.SRCALPHA)
    edge = _shade(body, 0.45)
    head_r = max(2, size // 5)
    pygame.draw.circle(sprite, body, (size // 2, head_r + 1), head_r)
    pygame.draw.circle(sprite, edge, (size // 2, head_r + 1), head_r, 1)
    torso = pygame.Rect(size // 8, head_r * 2, size - size // 4, size - head_r * 2 - 1)
    pygame.draw.rect(sprite, body, torso, border_top_left_radius=size // 3,
                     border_top_right_radius=size // 3, border_bottom_left_radius=2,
                     border_bottom_right_radius=2)
    pygame.draw.rect(sprite, edge, torso, 1, border_top_left_radius=size // 3,
                     border_top_right_radius=size // 3, border_bottom_left_radius=2,
                     border_bottom_right_radius=2)
    draw_mark(sprite, mark, torso.inflate(-size // 8, -size // 8), ink_on(body))
    return sprite.convert_alpha() if pygame.display.get_surface() else sprite


def draw_texture(surface: pygame.Surface, texture: str, size: int, color: Color) -> None:
    """A planet colour's pattern over a ``size`` square (clipped to the disc by the caller)."""
    ink = (*ink_on(color), 120)
    step = max(4, size // 6)
    width = max(1, size // 26)
    if texture == "spots":
        for i, (fx, fy, fr) in enumerate(((0.3, 0.3, 0.11), (0.66, 0.42, 0.08), (0.42, 0.7, 0.13),
                                          (0.78, 0.72, 0.06), (0.2, 0.58, 0.06))):
            pygame.draw.circle(surface, ink if i % 2 == 0 else (*_shade(color, 0.55), 200),
                               (int(fx * size), int(fy * size)), max(1, int(fr * size)))
    elif texture == "waves":
        for row in range(step // 2, size, step):
            points = [(x, row + math.sin(x / max(1, size) * 4 * math.pi) * step * 0.25)
                      for x in range(0, size + 1, max(1, size // 16))]
            pygame.draw.lines(surface, ink, False, points, width)
    elif texture == "bands":
        for i, row in enumerate(range(0, size, step)):
            if i % 2:
                pygame.draw.rect(surface, ink, (0, row, size, step // 2 + 1))
    elif texture == "hatch":
        for offset in range(-size, size, step):
            pygame.draw.line(surface, ink, (offset, size), (offset + size, 0), width)
    elif texture == "stars":
        for fx, fy in ((0.3, 0.28), (0.68, 0.35), (0.48, 0.62), (0.22, 0.7), (0.76, 0.74)):
            x, y = int(fx * size), int(fy * size)
            r = max(1, size // 14)
            pygame.draw.line(surface, ink, (x - r, y), (x + r, y), width)
            pygame.draw.line(surface, ink, (x, y - r), (x, y + r), width)
    elif texture == "facets":
        for offset in range(-size, 2 * size, step + step // 2):
            pygame.draw.line(surface, ink, (offset, 0), (offset - size // 2, size), width)
            pygame.draw.line(surface, ink, (offset, 0), (offset + size // 2, size), width)


@lru_cache(maxsize=64)
def planet_sprite(radius: int, body: Color, texture: str) -> pygame.Surface:
    """A planet disc in its colour with its texture, lit from the top left."""
    radius = max(4, radius)
    size = radius * 2 + 1
    disc = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(disc, (*body, 255), (radius, radius), radius)
    pattern = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_texture(pattern, texture, size, body)
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (radius, radius), radius)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    disc.blit(pattern, (0, 0))
    light = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(light, (255, 255, 255, 50), (int(radius * 0.7), int(radius * 0.7)),
                       int(radius * 0.55))
    light.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    disc.blit(light, (0, 0))
    pygame.draw.circle(disc, _shade(body, 0.5), (radius, radius), radius, max(1, radius // 10))
    return disc.convert_alpha() if pygame.display.get_surface() else disc
