"""The largest set of shape copies sharing no segment (exact, branch and bound).

A line may serve one bonus copy only, and the player gets the best count, so this is a maximum
independent set in the graph of conflicting copies. Copies conflict only locally, so the graph
splits into small components that are solved one by one.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.stars.geometry import Segment

Copy = tuple[Segment, ...]


def max_disjoint(copies: Sequence[Copy]) -> list[Copy]:
    """A maximum set of copies with pairwise disjoint segments, in the input's order.

    Ties between equally large sets go to the one that prefers earlier copies.
    """
    n = len(copies)
    if n <= 1:
        return list(copies)
    seg_sets = [set(c) for c in copies]
    conflicts = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if not seg_sets[i].isdisjoint(seg_sets[j]):
                conflicts[i] |= 1 << j
                conflicts[j] |= 1 << i
    chosen = 0
    unseen = (1 << n) - 1
    while unseen:
        start = unseen & -unseen
        component = start
        frontier = start
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            new = conflicts[low.bit_length() - 1] & ~component
            component |= new
            frontier |= new
        unseen &= ~component
        chosen |= _best(component, conflicts)
    return [copies[i] for i in range(n) if chosen >> i & 1]


def _best(candidates: int, conflicts: list[int]) -> int:
    """Maximum independent subset (as a bit mask) of ``candidates``."""
    best = 0
    best_count = 0

    def search(remaining: int, taken: int, count: int) -> None:
        nonlocal best, best_count
        if remaining == 0:
            if count > best_count:
                best, best_count = taken, count
            return
        if count + remaining.bit_count() <= best_count:
            return
        low = remaining & -remaining
        i = low.bit_length() - 1
        # take the lowest copy, then try without it
        search(remaining & ~low & ~conflicts[i], taken | low, count + 1)
        if remaining & conflicts[i]:
            search(remaining & ~low, taken, count)

    search(candidates, 0, 0)
    return best
