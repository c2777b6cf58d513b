"""Constellations: lines joined by a shared star or by crossing, found with union-find.

A group of 3..8 lines is a valid constellation; a nova on one of its stars lets it be valid at
9 or 10 lines. Anything else (1-2 lines, or too many) scores nothing and counts for nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from game.rules.stars import data
from game.rules.stars.geometry import Point, Segment


@dataclass
class Group:
    """One connected group of lines and the stars (line ends) it touches."""

    lines: list[Segment]
    points: set[Point] = field(default_factory=set)
    has_nova: bool = False

    @property
    def size(self) -> int:
        return len(self.lines)

    @property
    def valid(self) -> bool:
        """A constellation that scores and counts for planets, moons and twinkling stars."""
        if self.size in data.VALID_SIZES:
            return True
        return self.has_nova and self.size in data.NOVA_SIZES

    def mids(self) -> set[Point]:
        return {(s[0] + s[2], s[1] + s[3]) for s in self.lines}


def group_lines(lines: Sequence[Segment], novas: Iterable[Point] = ()) -> list[Group]:
    """The connected groups of ``lines``, in order of each group's first line."""
    parent = list(range(len(lines)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    # ends and doubled midpoints as small ints: ends 32*x + y, midpoints 4096 + 64*mx + my
    first_at: dict[int, int] = {}
    setdefault = first_at.setdefault
    for i, (x1, y1, x2, y2) in enumerate(lines):
        for key in (32 * x1 + y1, 32 * x2 + y2, 4096 + 64 * (x1 + x2) + y1 + y2):
            j = setdefault(key, i)
            if j != i:
                ri, rj = find(i), find(j)
                if ri != rj:
                    parent[max(ri, rj)] = min(ri, rj)
    groups: dict[int, Group] = {}
    for i, seg in enumerate(lines):
        group = groups.setdefault(find(i), Group([]))
        group.lines.append(seg)
        group.points.add((seg[0], seg[1]))
        group.points.add((seg[2], seg[3]))
    nova_set = set(novas)
    result = list(groups.values())
    for group in result:
        group.has_nova = not nova_set.isdisjoint(group.points)
    return result
