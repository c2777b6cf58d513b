"""Colours and type sizes: plain data shared by every scene."""

from __future__ import annotations

Color = tuple[int, int, int]

SKY_TOP: Color = (8, 10, 28)
SKY: Color = (10, 14, 36)
PANEL: Color = (20, 26, 58)
PANEL_LIGHT: Color = (32, 40, 84)
PANEL_EDGE: Color = (70, 86, 150)
BOARD: Color = (14, 20, 48)
TEXT: Color = (232, 236, 255)
TEXT_DIM: Color = (150, 160, 205)
#: a button that cannot act now: well below ``TEXT_DIM`` (a disabled "+ cube" in the dim text
#: colour read as one that works: a playtest)
TEXT_DISABLED: Color = (96, 104, 146)
ACCENT: Color = (255, 210, 90)
ACCENT_DARK: Color = (190, 140, 40)
STAR: Color = (245, 240, 210)
LINE: Color = (250, 250, 255)
PRINTED_LINE: Color = (170, 190, 255)
PENDING_LINE: Color = (255, 226, 120)
LEGAL: Color = (90, 230, 140)
ILLEGAL: Color = (255, 90, 90)
WARNING: Color = (255, 150, 60)
PLANET: Color = (120, 170, 255)
SHOOTING: Color = (255, 190, 120)
COVERED: Color = (44, 52, 96)
SUN_SHADE: Color = (255, 170, 70)
HIGHLIGHT: Color = (120, 220, 255)
POWER_COPY: Color = (240, 150, 230)

#: seat colours for thumbnails, bars and names
SEAT_COLORS: tuple[Color, ...] = (
    (255, 210, 90), (120, 200, 255), (255, 130, 160), (140, 235, 150),
    (200, 160, 255), (255, 160, 90), (110, 230, 220), (230, 230, 230),
)

#: type sizes at the 1280x720 reference; Layout scales them
FONT_SIZES: dict[str, int] = {
    "huge": 84, "title": 52, "heading": 34, "large": 26, "body": 21, "small": 17, "tiny": 14,
}
#: no text is drawn smaller than this (px), whatever the window size: help stays readable
MIN_FONT_PX = 12


def ink_on(background: Color) -> Color:
    """Text that reads on ``background``: the panel's dark on a light colour (a yellow or
    green player's), white on a dark one (WCAG relative luminance, threshold 0.4)."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in background[:3])
    return (12, 16, 36) if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 else (255, 255, 255)
