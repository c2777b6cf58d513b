"""The painted sky behind the stars: a gradient with faint nebulae, and a horizon silhouette
(hills, a telescope and stargazers) for the title. Built once per window size."""

from __future__ import annotations

import math
import random

import pygame

NEBULAE = [  # (x, y, radius, colour) in fractions of the screen
    (0.18, 0.22, 0.32, (70, 40, 120)),
    (0.78, 0.35, 0.28, (30, 70, 120)),
    (0.55, 0.8, 0.35, (60, 30, 90)),
    (0.92, 0.9, 0.2, (20, 80, 100)),
]
TOP = (5, 7, 22)
BOTTOM = (20, 20, 52)


def make_backdrop(size: tuple[int, int]) -> pygame.Surface:
    """Gradient plus nebulae, painted small and smooth-scaled (cheap, soft, no banding)."""
    small_w, small_h = 192, 108
    small = pygame.Surface((small_w, small_h))
    for y in range(small_h):
        k = y / (small_h - 1)
        color = tuple(int(TOP[i] + (BOTTOM[i] - TOP[i]) * k) for i in range(3))
        pygame.draw.line(small, color, (0, y), (small_w, y))
    for nx, ny, nr, color in NEBULAE:
        glow = pygame.Surface((small_w, small_h), pygame.SRCALPHA)
        radius = nr * small_w
        for r in range(int(radius), 0, -2):
            a = int(48 * (1 - r / radius) ** 1.5)
            pygame.draw.circle(glow, (*color, a), (nx * small_w, ny * small_h), r)
        small.blit(glow, (0, 0))
    return pygame.transform.smoothscale(small, size).convert()


def make_horizon(size: tuple[int, int], unit: float, seed: int = 3) -> pygame.Surface:
    """Dark hills with a telescope and a few stargazers, on a transparent (colour-keyed) strip."""
    w, h = size
    strip_h = int(h * 0.2)
    key = (255, 0, 255)
    strip = pygame.Surface((w, strip_h))
    strip.fill(key)
    strip.set_colorkey(key)
    rng = random.Random(seed)
    phases = [rng.uniform(0, math.tau) for _ in range(3)]
    far, near = (14, 14, 34), (6, 6, 16)
    for color, base, amp in ((far, 0.45, 0.22), (near, 0.68, 0.16)):
        points = [(0, strip_h)]
        for x in range(0, w + 8, 8):
            t = x / w
            y = base + amp * (0.5 * math.sin(t * 5.0 + phases[0]) +
                              0.3 * math.sin(t * 11.0 + phases[1]) +
                              0.2 * math.sin(t * 23.0 + phases[2]))
            points.append((x, int(strip_h * y)))
        points.append((w, strip_h))
        pygame.draw.polygon(strip, color, points)
    # a telescope on its tripod and three stargazers, standing on the near hill
    ground = int(strip_h * 0.78)
    s = unit
    tx = int(w * 0.74)
    for foot in (-18, 0, 18):
        pygame.draw.line(strip, near, (tx, ground - int(30 * s)), (tx + int(foot * s), ground),
                         max(2, int(3 * s)))
    tube = [(-30, 10), (36, -22), (40, -14), (-26, 18)]
    pygame.draw.polygon(strip, near, [(tx + int(x * s), ground - int(36 * s) + int(y * s))
                                      for x, y in tube])
    for px, height in ((0.70, 44), (0.785, 38), (0.2, 40)):
        x = int(w * px)
        pygame.draw.rect(strip, near, (x - int(7 * s), ground - int(height * s), int(14 * s),
                                       int(height * s)), border_radius=int(6 * s))
        pygame.draw.circle(strip, near, (x, ground - int((height + 8) * s)), int(8 * s))
    pygame.draw.rect(strip, near, (0, ground, w, strip_h - ground))
    return strip.convert()
