"""Where an investigation may put its cubes: the draft's clockwise walk, and skills that widen it.

An investigation is one move listing the planets its cubes go to, in order. The draft's rule:
choose a start planet, then one cube per planet going clockwise, full planets skipped, never two
in a row on one planet (coming back after a whole lap is fine); "up to" the crew's count, so a
player may stop early. Project rule: at least one cube if any can be placed (otherwise players
could stall forever and the game would never end). Placement skills add sequences; they never
remove the draft's ones, so a skill that cannot help is simply ignored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Sequence = tuple[int, ...]


def _walk(room: list[int], start: int, most: int, step: int) -> list[Sequence]:
    """Every prefix of the walk from ``start`` in direction ``step`` (+1 clockwise)."""
    n = len(room)
    room = room[:]
    room[start] -= 1
    seq = [start]
    found: list[Sequence] = [(start,)]
    current = start
    while len(seq) < most:
        for distance in range(1, n + 1):
            candidate = (current + step * distance) % n
            if room[candidate] > 0:
                break
        else:
            break
        room[candidate] -= 1
        seq.append(candidate)
        found.append(tuple(seq))
        current = candidate
    return found


Starts = list[int]


def _standard(room: list[int], starts: Starts, most: int, params: dict[str, Any]) -> list[Sequence]:
    found: list[Sequence] = []
    for start in starts:
        found.extend(_walk(room, start, most, 1))
    return found


def _either_direction(
    room: list[int], starts: Starts, most: int, params: dict[str, Any]
) -> list[Sequence]:
    found: list[Sequence] = []
    for start in starts:
        found.extend(_walk(room, start, most, -1))
    return found


def _stack(room: list[int], starts: Starts, most: int, params: dict[str, Any]) -> list[Sequence]:
    return [(start,) * size for start in starts for size in range(2, min(most, room[start]) + 1)]


def _grow(
    room: list[int],
    starts: Starts,
    most: int,
    next_options: Callable[[list[int], int], list[int]],
) -> list[Sequence]:
    """Depth-first growth of sequences whose next planet comes from ``next_options``."""
    found: list[Sequence] = []

    def extend(seq: list[int]) -> None:
        found.append(tuple(seq))
        if len(seq) >= most:
            return
        for candidate in next_options(room, seq[-1]):
            room[candidate] -= 1
            seq.append(candidate)
            extend(seq)
            seq.pop()
            room[candidate] += 1

    for start in starts:
        room[start] -= 1
        extend([start])
        room[start] += 1
    return found


def _any_order(
    room: list[int], starts: Starts, most: int, params: dict[str, Any]
) -> list[Sequence]:
    def options(room: list[int], current: int) -> list[int]:
        return [p for p in range(len(room)) if p != current and room[p] > 0]

    return _grow(room, starts, most, options)


def _leap(room: list[int], starts: Starts, most: int, params: dict[str, Any]) -> list[Sequence]:
    reach = int(params.get("reach", 2))

    def options(room: list[int], current: int) -> list[int]:
        n = len(room)
        picked: list[int] = []
        for distance in range(1, n + 1):
            candidate = (current + distance) % n
            if room[candidate] > 0:
                picked.append(candidate)
                if len(picked) == reach:
                    break
        return picked

    return _grow(room, starts, most, options)


#: Placement skills by effect name (crews whose skill is resolved otherwise use none).
PLACEMENT_EFFECTS: dict[str, Callable[[list[int], Starts, int, dict[str, Any]], list[Sequence]]] = {
    "either_direction": _either_direction,
    "stack": _stack,
    "any_order": _any_order,
    "leap": _leap,
}


def on_the_walk(room: list[int], planets: list[int]) -> bool:
    """Whether the draft's own walk places ``planets`` (a lap back to the only open planet is
    on it): what the normal rule allows costs no placement skill anything."""
    return bool(planets) and 0 <= planets[0] < len(room) and room[planets[0]] > 0 \
        and tuple(planets) in _walk(room, planets[0], len(planets), 1)


def can_place(room: list[int], most: int) -> bool:
    """Whether at least one cube can be placed (else the investigation is skipped)."""
    return most > 0 and any(room)


def investigation_sequences(
    room: list[int], most: int, effect: str, params: dict[str, Any], start: int | None = None
) -> list[list[int]]:
    """Every legal investigation (lists of planet indices), no duplicates.

    ``room[p]`` = free squares left on planet ``p``; ``most`` = cubes the player may place;
    ``start``: only those beginning on that planet (enough to check one proposed move).
    ``[[]]`` (place nothing) only when no cube can be placed at all.
    """
    if not can_place(room, most):
        return [[]]
    if start is None:
        starts = [p for p in range(len(room)) if room[p] > 0]
    else:
        starts = [start] if 0 <= start < len(room) and room[start] > 0 else []
    found = _standard(room, starts, most, params)
    widen = PLACEMENT_EFFECTS.get(effect)
    if widen is not None:
        seen = set(found)
        for seq in widen(room, starts, most, params):
            if seq not in seen:
                seen.add(seq)
                found.append(seq)
    return [list(seq) for seq in found]
