"""Final scoring: planet majorities (rank-shifted VP rows), the specialty bonus, the tie-break.

Majority (seed, draft 7): on each planet the owners, the free cubes counting as one virtual
player, are ranked by cubes; a tie goes to the owner whose first cube is further back. With k the
highest filled square, 1st scores the VP printed at k, 2nd at k-1, and so on. A cube on the
planet's 0 square does NOT count for the majority (the seed: the special squares are "treated
differently from normal squares" but "are counted for the end-game colour bonus", so they count
for the specialty only). Project decision: on the dark planet a tie goes to the first cube nearer
the front instead.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.rules.stargazer.content import COLOUR_GROUPS, PLANET_TYPES

FREE = -1  # owner id of free cubes: the virtual player

_GROUP_INDEX = {colour: i for i, colour in enumerate(COLOUR_GROUPS)}


def _owner_counts(queue: list[int]) -> tuple[dict[int, int], dict[int, int]]:
    """Per owner: cubes in the planet's queue (the 0 square is not counted) and its first
    square."""
    counts: dict[int, int] = {}
    first: dict[int, int] = {}
    for square, owner in enumerate(queue, start=1):
        if owner in counts:
            counts[owner] += 1
        else:
            counts[owner] = 1
            first[owner] = square
    return counts, first


def planet_ranking(planet_type: str, queue: list[int], zero_owner: int | None) -> list[int]:
    """Owners of ``queue`` best first; ``FREE`` is the virtual player. ``zero_owner`` (who holds
    the 0 square) is taken so callers can pass a planet whole, but it never counts here: the
    0 square counts for the specialty bonus only (seed)."""
    counts, first = _owner_counts(queue)
    later = PLANET_TYPES[planet_type]["tie_break"] == "later"

    def key(owner: int) -> tuple[int, int]:
        position = first[owner] if later else -first[owner]
        return (counts[owner], position)

    return sorted(counts, key=key, reverse=True)


def _scored_rows(planet_type: str, queue: list[int],
                 zero_owner: int | None) -> list[tuple[int, int, int]]:
    """(owner, square, vp) best first: with k the highest filled square, the first scores the
    VP printed at k, the second at k - 1, ...; a square before 1 scores nothing."""
    k = len(queue)
    if k == 0:
        return []
    track = PLANET_TYPES[planet_type]["track"]
    rows = []
    for rank, owner in enumerate(planet_ranking(planet_type, queue, zero_owner)):
        square = k - rank
        rows.append((owner, square, track[square - 1] if square >= 1 else 0))
    return rows


def planet_vp(planet_type: str, queue: list[int], zero_owner: int | None) -> dict[int, int]:
    """VP each owner (players and ``FREE``) scores on one planet if the game ended now."""
    return {owner: vp for owner, _, vp in _scored_rows(planet_type, queue, zero_owner)}


def planet_standings(planet_type: str, queue: list[int],
                     zero_owner: int | None) -> list[dict[str, int]]:
    """The majority on one planet if the game ended now, best first: what a table shows.

    Per owner (players and ``FREE``): ``rank`` (1 leads), ``cubes`` (in the queue: the 0 square
    does not count), ``first`` (the square of its first cube: ties look at it),
    ``square`` (the square whose VP its rank scores; 0 or less scores nothing) and ``vp``,
    exactly as the final scoring counts them."""
    counts, first = _owner_counts(queue)
    return [{"owner": owner, "rank": rank, "cubes": counts[owner], "first": first[owner],
             "square": square, "vp": vp}
            for rank, (owner, square, vp) in enumerate(
                _scored_rows(planet_type, queue, zero_owner), 1)]


def majority_scores(state: dict[str, Any]) -> list[int]:
    totals = [0] * state["players"]
    for planet_type, queue, zero_owner in zip(
        state["planets"], state["tracks"], state["zero"], strict=True
    ):
        for owner, vp in planet_vp(planet_type, queue, zero_owner).items():
            if owner != FREE:
                totals[owner] += vp
    return totals


@lru_cache(maxsize=65536)
def best_specialty(counts: tuple[int, ...], wild: int) -> int:
    """Largest colour group, times the number of groups tied for largest, wild cubes placed best.

    Each wild cube may join any one group (or none): raise the cheapest groups to a level L.
    """
    top = max(counts) if counts else 0
    if wild == 0:
        return top * counts.count(top) if top else 0
    best = 0
    for level in range(max(top, 1), top + wild + 1):
        spent = 0
        groups = 0
        for cost in sorted(level - c for c in counts):
            if spent + cost > wild:
                break
            spent += cost
            groups += 1
        best = max(best, level * groups)
    return best


def specialty_counts(state: dict[str, Any], seat: int) -> tuple[tuple[int, ...], int]:
    """Per colour group, ``seat``'s cubes (queues and 0 squares), and its wild cubes."""
    return all_specialty_counts(state)[seat]


def all_specialty_counts(state: dict[str, Any]) -> list[tuple[tuple[int, ...], int]]:
    """Every seat's colour groups and wild cubes in one pass over the planets (bots ask for
    every seat at every position they weigh)."""
    players = state["players"]
    counts = [[0] * len(COLOUR_GROUPS) for _ in range(players)]
    wild = [0] * players
    for planet_type, queue, zero_owner in zip(
        state["planets"], state["tracks"], state["zero"], strict=True
    ):
        info = PLANET_TYPES[planet_type]
        is_wild = info["specialty"] == "wild"
        group = -1 if is_wild else _GROUP_INDEX[info["colour"]]
        owners = list(queue)
        if zero_owner is not None:
            owners.append(zero_owner)
        for owner in owners:
            if not 0 <= owner < players:
                continue  # a free cube
            if is_wild:
                wild[owner] += 1
            else:
                counts[owner][group] += 1
    return [(tuple(counts[s]), wild[s]) for s in range(players)]


def specialty_scores(state: dict[str, Any]) -> list[int]:
    return [best_specialty(*pair) for pair in all_specialty_counts(state)]


def score_breakdown(state: dict[str, Any]) -> list[dict[str, int]]:
    """Per seat: each category and the total (valid mid-game: "if the game ended now")."""
    majority = majority_scores(state)
    specialty = specialty_scores(state)
    result = []
    for seat in range(state["players"]):
        parts = {
            "majority": majority[seat],
            "specialty": specialty[seat],
            "motivation": state["motivation_vp"][seat],
            "skills": state["skill_vp"][seat],
            "order": state["order_vp"][seat],
        }
        parts["total"] = sum(parts.values())
        result.append(parts)
    return result


def ranking_keys(
    totals: list[int], hands: list[int], handicap: list[int] | None = None
) -> list[tuple[int, int, int]]:
    """Per seat, what ranks it, the higher the better: (VP; if ``handicap`` is given, the lower
    first (project rule: 0 for the fewest turn-order VP, ``tie_break_fewest_turn_order_vp``),
    else 0; cubes left in hand (the seed))."""
    ties = handicap if handicap is not None else [0] * len(totals)
    return [(total, -tie, hand) for total, tie, hand in zip(totals, ties, hands, strict=True)]


def ranking_with_tie_break(
    totals: list[int], hands: list[int], handicap: list[int] | None = None
) -> list[int]:
    """Rank per seat by ``ranking_keys``; equal on every key shares the rank (the seed)."""
    keys = ranking_keys(totals, hands, handicap)
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]
