"""Layout computed from the window size: one scale unit, fonts re-rendered at each size.

Everything is expressed at a 1280x720 reference and scaled by ``unit``; nothing assumes a
pixel size, so 1280x720 .. 3840x2160 (and odd fullscreen sizes) all work and text stays crisp.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.client import theme

REFERENCE = (1280, 720)


class Layout:
    """Sizes for the current window. Rebuilt on every resize."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.width, self.height = max(size[0], 320), max(size[1], 240)
        self.unit = min(self.width / REFERENCE[0], self.height / REFERENCE[1])
        self.rect = pygame.Rect(0, 0, self.width, self.height)

    def px(self, value: float) -> int:
        return max(1, round(value * self.unit))

    def font_px(self, name: str) -> int:
        """The pixel size of type ``name``: scaled, never below what stays readable."""
        return max(theme.MIN_FONT_PX, self.px(theme.FONT_SIZES[name]))


class TextCache:
    """Pre-rendered text: a font per pixel size and an LRU of rendered surfaces."""

    def __init__(self, limit: int = 800) -> None:
        self.fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self.surfaces: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.limit = limit

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        if key not in self.fonts:
            font = pygame.font.Font(None, size)
            font.bold = bold
            self.fonts[key] = font
        return self.fonts[key]

    def render(
        self, text: str, size: int, color: theme.Color = theme.TEXT, bold: bool = False
    ) -> pygame.Surface:
        key = (text, size, color, bold)
        surface = self.surfaces.get(key)
        if surface is None:
            surface = self.font(size, bold).render(text, True, color).convert_alpha()
            self.surfaces[key] = surface
            if len(self.surfaces) > self.limit:
                self.surfaces.popitem(last=False)
        else:
            self.surfaces.move_to_end(key)
        return surface

    def fit(self, text: str, size: int, width: int, bold: bool = False) -> int:
        """The largest type size up to ``size`` (not below ``theme.MIN_FONT_PX``) at which
        ``text`` is at most ``width`` pixels wide: labels shrink rather than leave their box."""
        while size > theme.MIN_FONT_PX and self.font(size, bold).size(text)[0] > width:
            size -= 1
        return size

    def wrap(self, text: str, size: int, width: int) -> list[str]:
        """Words of ``text`` broken into lines that fit ``width`` pixels."""
        font = self.font(size)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split(" "):
                trial = f"{line} {word}".strip()
                if line and font.size(trial)[0] > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return lines

    def clear(self) -> None:
        self.surfaces.clear()
