"""Tweens: values that move from a start to an end over a duration with an easing curve."""

from __future__ import annotations

import math
from collections.abc import Callable

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * t)


class Tween:
    """``value`` goes from ``start`` to ``end`` in ``duration`` seconds of ``update`` time."""

    def __init__(
        self, start: float, end: float, duration: float, easing: Easing = ease_out_cubic,
        delay: float = 0.0,
    ) -> None:
        self.start, self.end = start, end
        self.duration = max(duration, 1e-6)
        self.easing = easing
        self.elapsed = -delay
        self.previous = self.elapsed

    def update(self, dt: float) -> None:
        self.previous = self.elapsed
        self.elapsed = min(self.elapsed + dt, self.duration)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def progress(self, alpha: float = 1.0) -> float:
        """Eased progress 0..1, interpolated between the last two steps by ``alpha``."""
        elapsed = self.previous + (self.elapsed - self.previous) * alpha
        return self.easing(min(max(elapsed / self.duration, 0.0), 1.0))

    def value(self, alpha: float = 1.0) -> float:
        return self.start + (self.end - self.start) * self.progress(alpha)
