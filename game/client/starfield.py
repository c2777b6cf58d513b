"""The animated night sky: twinkling, slowly drifting stars and an occasional shooting star.

Stars are pre-rendered sprites (3 sizes x 8 brightness levels, converted once per window
size) drawn with one ``fblits`` call: far cheaper than per-star alpha or circles.
"""

from __future__ import annotations

import math
import random

import pygame

from game.client import theme

LEVELS = 8
SIZES = (1.0, 1.8, 2.8)


def _star_sprite(radius: float, brightness: float) -> pygame.Surface:
    size = max(3, int(radius * 4) | 1)
    sprite = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = size / 2
    for py in range(size):
        for px in range(size):
            d = math.hypot(px + 0.5 - centre, py + 0.5 - centre) / radius
            a = max(0.0, 1.0 - d * 0.55) ** 2.2 if d > 0.55 else 1.0
            if a > 0.01:
                c = theme.STAR
                sprite.set_at((px, py), (c[0], c[1], c[2], int(255 * a * brightness)))
    return sprite.convert_alpha()


class Starfield:
    """A field of stars over a rectangle; ``update`` advances time, ``draw`` paints."""

    def __init__(self, size: tuple[int, int], unit: float, count: int = 420, seed: int = 7,
                 shooting: bool = True) -> None:
        rng = random.Random(seed)
        self.rng = random.Random(seed + 1)
        self.size = size
        self.unit = unit
        self.shooting = shooting
        self.sprites = [
            [_star_sprite(max(0.8, r * unit), (level + 1) / LEVELS) for level in range(LEVELS)]
            for r in SIZES
        ]
        self.stars = []
        for _ in range(count):
            size_class = 0 if rng.random() < 0.7 else (1 if rng.random() < 0.8 else 2)
            self.stars.append((
                rng.random(), rng.random(), size_class,
                rng.uniform(0.3, 1.0),  # base brightness
                rng.uniform(0.6, 2.4),  # twinkle speed
                rng.uniform(0, math.tau),  # phase
                rng.uniform(0.002, 0.008) * (1 + size_class),  # drift per second (screen widths)
            ))
        self.time = 0.0
        self.previous = 0.0
        self.next_shot = self.rng.uniform(1.0, 3.0)
        self.shot: list[float] | None = None  # [x0, y0, dx, dy, age, life]

    def update(self, dt: float) -> None:
        self.previous = self.time
        self.time += dt
        if not self.shooting:
            return
        if self.shot is not None:
            self.shot[4] += dt
            if self.shot[4] > self.shot[5]:
                self.shot = None
        elif self.time >= self.next_shot:
            angle = self.rng.uniform(0.35, 0.7)
            self.shot = [self.rng.uniform(0.1, 0.8), self.rng.uniform(0.02, 0.35),
                         math.cos(angle) * 0.55, math.sin(angle) * 0.55, 0.0, 0.9]
            self.next_shot = self.time + self.rng.uniform(4.0, 9.0)

    def draw(self, surface: pygame.Surface, alpha: float = 0.0,
             offset: tuple[int, int] = (0, 0)) -> None:
        t = self.previous + (self.time - self.previous) * alpha
        w, h = self.size
        ox, oy = offset
        sprites = self.sprites
        batch = []
        append = batch.append
        for x0, y0, size_class, base, speed, phase, drift in self.stars:
            twinkle = base * (0.65 + 0.35 * math.sin(t * speed + phase))
            level = int(twinkle * (LEVELS - 0.01))
            sprite = sprites[size_class][level]
            append((sprite, (ox + int(((x0 + drift * t) % 1.0) * w), oy + int(y0 * h))))
        surface.fblits(batch)
        if self.shot is not None:
            self._draw_shot(surface, offset)

    def _draw_shot(self, surface: pygame.Surface, offset: tuple[int, int]) -> None:
        x0, y0, dx, dy, age, life = self.shot  # type: ignore[misc]
        w, h = self.size
        fade = 1.0 - age / life
        head = (offset[0] + (x0 + dx * age) * w, offset[1] + (y0 + dy * age) * h)
        tail_len = 0.12
        for i in range(6):
            a = tail_len * i / 6
            b = tail_len * (i + 1) / 6
            p1 = (head[0] - dx * a * w / 0.55 * 0.5, head[1] - dy * a * h / 0.55 * 0.5)
            p2 = (head[0] - dx * b * w / 0.55 * 0.5, head[1] - dy * b * h / 0.55 * 0.5)
            k = fade * (1 - i / 6)
            color = (int(255 * k), int(235 * k), int(200 * k))
            pygame.draw.line(surface, color, p1, p2, max(1, int(2 * self.unit * (1 - i / 8))))
        surface.blit(self.sprites[2][LEVELS - 1],
                     self.sprites[2][LEVELS - 1].get_rect(center=(int(head[0]), int(head[1]))))
