"""Colour-vision deficiency simulation and colour difference, to check that colours stay apart.

``simulate`` applies the Machado, Oliveira & Fernandes (2009) simulation matrices (severity
1.0, i.e. dichromacy) in linear sRGB, as the colour-science references do; ``delta_e`` is the
CIEDE2000 colour difference (Sharma, Wu & Dalal 2005) between two sRGB colours under D65. The
screenshots use ``simulate_surface`` to show a table as a deuteranope sees it; the accessibility
tests use ``simulate`` + ``delta_e`` on the palettes. Pure Python (no numpy): a frame has only a
few thousand distinct colours, so each is converted once.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

Color = tuple[int, int, int]

#: Machado et al. 2009, severity 1.0, for linear sRGB
MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}

_TO_LINEAR = [((c / 255) / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4)
              for c in range(256)]


def _to_srgb(value: float) -> int:
    value = min(1.0, max(0.0, value))
    encoded = 12.92 * value if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055
    return round(encoded * 255)


def simulate(color: Color, kind: str = "deuteranopia") -> Color:
    """How ``color`` looks with the colour-vision deficiency ``kind`` (a key of MATRICES)."""
    linear = [_TO_LINEAR[c] for c in color[:3]]
    r, g, b = (sum(m * v for m, v in zip(row, linear, strict=True)) for row in MATRICES[kind])
    return _to_srgb(r), _to_srgb(g), _to_srgb(b)


def to_lab(color: Color) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_TO_LINEAR[c] for c in color[:3])
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(first: Color, second: Color) -> float:
    """CIEDE2000 difference of two sRGB colours (about 2: just noticeable; 10+: clearly apart)."""
    return ciede2000(to_lab(first), to_lab(second))


def ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 difference of two CIE L*a*b* colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    c_mean = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    big_dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean = (l1 + l2) / 2
    cp_mean = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hp_mean = (h1p + h2p + 360) / 2
    else:
        hp_mean = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hp_mean - 30))
         + 0.24 * math.cos(math.radians(2 * hp_mean))
         + 0.32 * math.cos(math.radians(3 * hp_mean + 6))
         - 0.20 * math.cos(math.radians(4 * hp_mean - 63)))
    d_theta = 30 * math.exp(-(((hp_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    s_l = 1 + (0.015 * (l_mean - 50) ** 2) / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (big_dh / s_h) ** 2
                     + r_t * (dc / s_c) * (big_dh / s_h))


class _Seen(dict):
    """(r, g, b) -> the simulated colour as 3 bytes, computed on first sight."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, key: tuple[int, int, int]) -> bytes:
        value = self[key] = bytes(simulate(key, self.kind))
        return value


def simulate_surface(surface: pygame.Surface, kind: str = "deuteranopia") -> pygame.Surface:
    """A copy of ``surface`` as someone with ``kind`` sees it (every pixel through the matrix;
    each distinct colour is converted once, the pixels are mapped by C-level iteration)."""
    import pygame

    size = surface.get_size()
    data = pygame.image.tobytes(surface, "RGB")
    seen = _Seen(kind)
    pixels = zip(data[0::3], data[1::3], data[2::3], strict=True)
    out = b"".join(map(seen.__getitem__, pixels))
    return pygame.image.frombytes(out, size, "RGB")
