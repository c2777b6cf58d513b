"""Fixed-timestep clock: animation advances in constant steps, rendering interpolates.

The accumulator pattern keeps animation speed independent of the frame rate; a long stall
(window drag, breakpoint) is clamped so the game never tries to catch up for seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable

STEP = 1.0 / 120.0
MAX_FRAME = 0.25


class FixedTimestep:
    """Turns wall-clock time into a number of fixed steps plus an interpolation fraction."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter, step: float = STEP) -> None:
        self.clock = clock
        self.step = step
        self.accumulator = 0.0
        self.last = clock()

    def advance(self) -> tuple[int, float]:
        """Steps to simulate now, and alpha in [0, 1) for rendering between two steps."""
        now = self.clock()
        self.accumulator += min(max(now - self.last, 0.0), MAX_FRAME)
        self.last = now
        steps = int(self.accumulator / self.step)
        self.accumulator -= steps * self.step
        return steps, self.accumulator / self.step


class ManualClock:
    """A clock tests drive by hand: ``tick(seconds)`` moves time forward."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def tick(self, seconds: float) -> None:
        self.now += seconds
