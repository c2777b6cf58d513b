"""Cubes in flight: every cube that lands falls into its place with a bounce and a shadow, one
after another; a cube taken back lifts away; swapped cubes hop over each other.

The table scene turns the server's events into flights (``StargazerTableScene.on_event``). The
view already holds where the cubes end up, so a place whose cube is still in the air is
``hidden`` until it lands (the ring and crew pictures leave it empty). Flights name places, not
pixels (``("square", planet, square)``, ``("crew", index)``...), so a resize mid-flight is fine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

#: one cube's fall, bounce included (seconds at animation speed 1)
DROP_SECONDS = 0.6
#: the next cube of a chain leaves this long after the one before it
STAGGER = 0.2
LIFT_SECONDS = 0.55
HOP_SECONDS = 0.5
FLOAT_SECONDS = 1.4
#: when the chain of waiting cubes runs this far behind the table (fast bots), the cubes not
#: yet in the air land at once: the ring never lags the game by more than this (seconds)
MOST_BEHIND = 1.6
#: the first bounce touches the ground at this fraction of the fall (``bounce``)
FIRST_IMPACT = 1 / 2.75

Place = tuple[Any, ...]


def bounce(t: float) -> float:
    """Height fallen, 0..1, with the classic three shrinking bounces (Penner's ease-out)."""
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


@dataclass
class Flight:
    """One cube (or worker) moving: ``kind`` drop / lift / hop (from ``place`` to ``to``)."""

    kind: str
    place: Place
    owner: int
    start: float
    duration: float
    to: Place | None = None
    sprite: str = "cube"
    elapsed: float = 0.0
    impact: bool = False

    def progress(self, clock: float) -> float:
        return min(1.0, max(0.0, (clock - self.start) / self.duration))


@dataclass
class Floater:
    """A short text (``+3 VP``) rising from a place."""

    text: str
    place: Place
    start: float
    color: tuple[int, int, int]
    #: how many floaters of the same place started before it in the same moment (drawn side
    #: by side: Captain Armstrong's motivation VP and his pick VP)
    row: int = 0


@dataclass
class CubeMotion:
    clock: float = 0.0
    flights: list[Flight] = field(default_factory=list)
    floaters: list[Floater] = field(default_factory=list)
    _next_start: float = 0.0

    def _slot(self, chained: bool) -> float:
        if chained and self._next_start - self.clock > MOST_BEHIND:
            self.flights = [f for f in self.flights if f.start <= self.clock]
            self._next_start = self.clock
        start = max(self.clock, self._next_start) if chained else self.clock
        if chained:
            self._next_start = start + STAGGER
        return start

    def drop(self, place: Place, owner: int, sprite: str = "cube") -> None:
        """A cube (or a worker) falls into ``place``, after the cubes already falling."""
        self.flights.append(Flight("drop", place, owner, self._slot(sprite == "cube"),
                                   DROP_SECONDS, sprite=sprite))

    def lift(self, place: Place, owner: int) -> None:
        """A cube leaves ``place`` upwards (taken back to a hand or to the stock)."""
        self.flights.append(Flight("lift", place, owner, self._slot(True), LIFT_SECONDS))

    def hop(self, place: Place, to: Place, owner: int) -> None:
        """A cube jumps from ``place`` to ``to`` (swaps: call it for both cubes)."""
        self.flights.append(Flight("hop", place, owner, self._slot(False), HOP_SECONDS, to=to))

    def say(self, text: str, place: Place, color: tuple[int, int, int]) -> None:
        # a place's earlier floater gives way (one that rose to the top of its crew's row
        # stays there: this one would land on it); those of the same moment stand side by side
        self.floaters = [f for f in self.floaters if f.place != place or f.start == self.clock]
        row = sum(1 for f in self.floaters if f.place == place)
        self.floaters.append(Floater(text, place, self.clock, color, row))

    def update(self, dt: float, on_impact: Callable[[Flight], None] | None = None) -> None:
        """Advance time; ``on_impact`` hears each cube touching down (or lifting off)."""
        self.clock += dt
        for flight in self.flights:
            t = flight.progress(self.clock)
            touch = FIRST_IMPACT if flight.kind == "drop" else (0.0 if flight.kind == "lift"
                                                                 else 1.0)
            if not flight.impact and self.clock >= flight.start and t >= touch:
                flight.impact = True
                if on_impact is not None:
                    on_impact(flight)
        self.flights = [f for f in self.flights if f.progress(self.clock) < 1.0]
        self.floaters = [f for f in self.floaters if self.clock - f.start < FLOAT_SECONDS]
        if not self.flights:
            self._next_start = self.clock

    @property
    def busy(self) -> bool:
        return bool(self.flights)

    def hidden(self) -> set[Place]:
        """Places whose cube the pictures must leave out: still falling there, or hopping to
        or from there."""
        gone: set[Place] = set()
        for flight in self.flights:
            if flight.kind == "drop":
                gone.add(flight.place)
            elif flight.kind == "hop":
                gone.add(flight.place)
                if flight.to is not None:
                    gone.add(flight.to)
        return gone

    def in_air(self) -> Iterator[tuple[Flight, float]]:
        """Flights that have started, with their progress 0..1."""
        for flight in self.flights:
            if self.clock >= flight.start:
                yield flight, flight.progress(self.clock)

    def skip(self) -> None:
        """Land everything now (a new game, a resize that must not replay, the final scoring)."""
        self.flights.clear()
        self._next_start = self.clock
