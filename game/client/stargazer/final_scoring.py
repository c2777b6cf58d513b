"""The end of a Stargazer game told step by step: each planet's majority (ranks, the VP row each
rank takes, accidents at 0, the free cubes as a virtual player), then the specialty bonus, then
the motivation and skill VP; then the results screen.

Every figure is the engine's: ``planet_standings`` per planet, ``all_specialty_counts`` and
``best_specialty`` per player, and the final breakdown the table sent (``results["scores"]``).
The table scene draws the current step (``table_draw``); Enter or a click moves on.
"""

from __future__ import annotations

from typing import Any

from game.rules.stargazer import planet_standings
from game.rules.stargazer.scoring import all_specialty_counts, best_specialty

#: seconds per revealed rank on a planet; then how long a step stays whole before the show goes
#: on by itself (Enter or a click goes on at once): long enough to read a planet's ranks (at
#: 0.7 s a new player saw it race through the planets unread)
ROW_SECONDS = 0.45
PLANET_PAUSE = 3.0
SPECIALTY_SECONDS = 4.0
BONUS_SECONDS = 4.0


class ScoringShow:
    def __init__(self, view: dict[str, Any], results: dict[str, Any]) -> None:
        self.view = view
        self.results = results
        self.players = view["players"]
        self.standings = [planet_standings(kind, queue, zero) for kind, queue, zero in
                          zip(view["planets"], view["tracks"], view["zero"], strict=True)]
        self.steps: list[tuple[str, int]] = [("planet", p) for p, rows in
                                             enumerate(self.standings) if rows]
        self.steps += [("specialty", -1), ("bonus", -1)]
        self.index = 0
        self.time = 0.0
        self.specialty = all_specialty_counts(view)

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def step(self) -> tuple[str, int]:
        return self.steps[min(self.index, len(self.steps) - 1)]

    def duration(self) -> float:
        kind, planet = self.step
        if kind == "planet":
            return ROW_SECONDS * len(self.standings[planet]) + PLANET_PAUSE
        return SPECIALTY_SECONDS if kind == "specialty" else BONUS_SECONDS

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.time += dt
        if self.time >= self.duration():
            self.next_step()

    def next_step(self) -> None:
        self.index += 1
        self.time = 0.0

    def revealed(self) -> int:
        """Rows of the current planet shown so far."""
        kind, planet = self.step
        if kind != "planet":
            return 0
        return min(len(self.standings[planet]), 1 + int(self.time / ROW_SECONDS))

    def majority_so_far(self) -> list[int]:
        """Each player's majority VP from the planets scored up to now."""
        totals = [0] * self.players
        for number, (kind, planet) in enumerate(self.steps):
            if kind != "planet" or number > self.index:
                continue
            rows = self.standings[planet]
            shown = rows if number < self.index else rows[:self.revealed()]
            for row in shown:
                if row["owner"] >= 0:
                    totals[row["owner"]] += row["vp"]
        return totals

    def specialty_vp(self, seat: int) -> int:
        counts, wild = self.specialty[seat]
        return best_specialty(counts, wild)

    def totals_so_far(self) -> list[int]:
        """The running totals the players panel shows: what has been told so far."""
        majority = self.majority_so_far()
        reached = [k for k, _ in self.steps[:self.index + 1]]
        totals = []
        for seat in range(self.players):
            total = majority[seat]
            if "specialty" in reached:
                total += self.specialty_vp(seat)
            if "bonus" in reached:
                breakdown = self.breakdown(seat)
                total += (breakdown.get("motivation", 0) + breakdown.get("skills", 0)
                          + breakdown.get("order", 0))
            totals.append(total)
        return totals

    def breakdown(self, seat: int) -> dict[str, int]:
        scores = self.results.get("scores") or []
        return scores[seat] if seat < len(scores) else {}
