"""The largest set of shape copies sharing no segment (exact maximum independent set).

A line may serve one bonus copy only, and the player gets the best count, so this is a maximum
independent set in the graph of conflicting copies. The search takes forced copies first (no
conflict, or a single conflict), splits the graph into independent parts, solves cycles directly
and otherwise branches on the copy with the most conflicts, remembering solved sub-graphs. Real
boards give a few dozen candidate copies and solve at once; a node budget keeps hostile sheets
(every segment of the board drawn) bounded, falling back to a greedy count beyond it.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.stars.geometry import Segment

Copy = tuple[Segment, ...]

#: search nodes allowed before falling back to the greedy count
NODE_BUDGET = 20_000


class _OutOfBudget(Exception):
    pass


def max_disjoint(copies: Sequence[Copy]) -> list[Copy]:
    """A maximum set of copies with pairwise disjoint segments, listed in the input's order."""
    n = len(copies)
    if n <= 1:
        return list(copies)
    owners: dict[Segment, int] = {}
    for i, copy in enumerate(copies):
        for seg in copy:
            owners[seg] = owners.get(seg, 0) | 1 << i
    conflicts = [0] * n
    for i, copy in enumerate(copies):
        for seg in copy:
            conflicts[i] |= owners[seg]
        conflicts[i] &= ~(1 << i)
    everything = (1 << n) - 1
    try:
        chosen = _Solver(conflicts).solve(everything)
    except _OutOfBudget:
        chosen = _greedy(everything, conflicts)
    return [copies[i] for i in range(n) if chosen >> i & 1]


def set_bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _greedy(mask: int, conflicts: list[int]) -> int:
    """Take the copy with the fewest remaining conflicts, repeatedly (a lower bound)."""
    taken = 0
    while mask:
        v = min(set_bits(mask), key=lambda i: (conflicts[i] & mask).bit_count())
        taken |= 1 << v
        mask &= ~(1 << v) & ~conflicts[v]
    return taken


class _Solver:
    def __init__(self, conflicts: list[int]) -> None:
        self.adj = conflicts
        self.memo: dict[int, int] = {}
        self.nodes = 0

    def solve(self, mask: int) -> int:
        """A maximum independent subset (bit mask) of the copies in ``mask``."""
        adj = self.adj
        taken = 0
        changed = True
        while changed and mask:
            changed = False
            for v in set_bits(mask):
                bit = 1 << v
                if not mask & bit:
                    continue
                near = adj[v] & mask
                if near & (near - 1) == 0:  # no conflict or exactly one: taking v is safe
                    taken |= bit
                    mask &= ~bit & ~near
                    changed = True
        if not mask:
            return taken
        known = self.memo.get(mask)
        if known is not None:
            return taken | known
        self.nodes += 1
        if self.nodes > NODE_BUDGET:
            raise _OutOfBudget
        best = self._split(mask)
        self.memo[mask] = best
        return taken | best

    def _split(self, mask: int) -> int:
        adj = self.adj
        low = mask & -mask
        part = low
        frontier = low
        while frontier:
            b = frontier & -frontier
            frontier ^= b
            new = adj[b.bit_length() - 1] & mask & ~part
            part |= new
            frontier |= new
        if part != mask:
            return self.solve(part) | self.solve(mask & ~part)
        vertices = set_bits(mask)
        degrees = {v: (adj[v] & mask).bit_count() for v in vertices}
        v = max(vertices, key=lambda i: degrees[i])
        if degrees[v] <= 2:
            return self._cycle(mask, vertices)
        bit = 1 << v
        with_v = bit | self.solve(mask & ~bit & ~adj[v])
        without_v = self.solve(mask & ~bit)
        return with_v if with_v.bit_count() >= without_v.bit_count() else without_v

    def _cycle(self, mask: int, vertices: list[int]) -> int:
        """A connected graph where every copy has exactly two conflicts: take every other one."""
        order = [vertices[0]]
        seen = 1 << vertices[0]
        while True:
            nxt = self.adj[order[-1]] & mask & ~seen
            if not nxt:
                break
            v = (nxt & -nxt).bit_length() - 1
            order.append(v)
            seen |= 1 << v
        taken = 0
        for v in order[: 2 * (len(order) // 2) : 2]:
            taken |= 1 << v
        return taken
