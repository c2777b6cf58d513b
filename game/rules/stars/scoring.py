"""End-of-game scoring in the five categories, and the public ``score_sheet``.

Point-bonus copies are counted as the **maximum** number of copies sharing no segment (an
exact search); ``bga_greedy_copy_count`` reproduces BGA's greedy pass, which can find fewer.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from game.rules.stars import data
from game.rules.stars.geometry import (
    POINT_CARD_ROTATIONS,
    find_copies,
    neighbours,
    rotate_segments,
    shift,
)
from game.rules.stars.packing import max_disjoint
from game.rules.stars.sheet import SheetIndex, usable_on_board, validate_sheet

CATEGORIES = ("constellations", "planets", "shooting_stars", "point_bonus", "power_bonus")


def point_bonus_copies(index: SheetIndex) -> int:
    """The maximum number of point-card copies sharing no segment (all lines, no shooting stars)."""
    copies = find_copies(POINT_CARD_ROTATIONS[index.point_card - 1], index.line_set)
    return len(max_disjoint(copies))


def bga_greedy_copy_count(sheet: dict[str, Any]) -> int:
    """The copy count BGA's greedy pass finds (shift x -2..8, y -2..9, rotations 0..3)."""
    validate_sheet(sheet)
    index = SheetIndex(sheet)
    shape = data.POINT_CARDS[index.point_card - 1]["segments"]
    used: set = set()
    count = 0
    for dx in range(-2, 9):
        for dy in range(-2, 10):
            for rot in range(4):
                copy = shift(rotate_segments(shape, rot), dx, dy)
                if all(s in index.line_set and s not in used for s in copy):
                    used.update(copy)
                    count += 1
    return count


def _free_star_at_end(index: SheetIndex, p: tuple[int, int], black_hole: tuple[int, int]) -> bool:
    """A usable star with nothing on it, ignoring the black hole's own ban and the sun."""
    if not usable_on_board(index.board, p, index.opened):
        return False
    if p in index.objects[data.PLANET]:
        return False
    for kind in (data.CRESCENT_MOON, data.TWINKLING_STAR, data.BLACK_HOLE):
        if p in index.objects[kind]:
            return False
    for x, y in index.objects[data.GALAXY]:
        if p in ((x, y), (x + 1, y)):
            return False
    return p not in index.line_points and p not in index.ss_points


def score_index(index: SheetIndex) -> dict[str, int]:
    """The breakdown of a sheet already known to be well formed."""
    groups = index.groups()
    valid = [g for g in groups if g.valid]
    constellation_points = sum({g.size for g in valid if g.size in data.VALID_SIZES})
    nova_points = sum({g.size for g in valid if g.size in data.NOVA_SIZES})

    def touching(points: set[tuple[int, int]]) -> int:
        return sum(1 for g in valid if not g.points.isdisjoint(points))

    planets = sum(touching(set(neighbours(p))) for p in index.planets)
    shooting = sum(len(star) - 1 for star in index.shooting_stars)
    point_bonus = point_bonus_copies(index) * data.POINT_CARDS[index.point_card - 1]["points"]

    power = nova_points
    for kind, value in data.FLAT_OBJECT_POINTS.items():
        power += value * len(index.objects[kind])
    for p in index.objects[data.TWINKLING_STAR]:
        if touching(set(neighbours(p))) == 2:
            power += data.TWINKLING_STAR_POINTS
    for mx, my in index.objects[data.CRESCENT_MOON]:
        power += sum(1 for g in valid if any(x == mx or y == my for x, y in g.points))
    for hole in index.objects[data.BLACK_HOLE]:
        power += sum(1 for q in neighbours(hole) if _free_star_at_end(index, q, hole))

    breakdown = {
        "constellations": constellation_points,
        "planets": planets,
        "shooting_stars": shooting,
        "point_bonus": point_bonus,
        "power_bonus": power,
    }
    breakdown["total"] = sum(breakdown.values())
    return breakdown


SheetKey = tuple[Any, ...]


def sheet_key(sheet: dict[str, Any]) -> SheetKey:
    """A hashable fingerprint of everything on a sheet (two sheets with equal keys score
    alike)."""
    return (
        sheet["board"],
        sheet["point_card"],
        sheet["power_card"],
        tuple(tuple(line) for line in sheet["lines"]),
        tuple(tuple(tuple(p) for p in star) for star in sheet["shooting_stars"]),
        tuple((o["kind"], o["at"][0], o["at"][1]) for o in sheet["objects"]),
    )


@lru_cache(maxsize=512)
def _score_of_key(key: SheetKey) -> tuple[tuple[str, int], ...]:
    board, point_card, power_card, lines, shooting_stars, objects = key
    sheet = {
        "board": board,
        "point_card": point_card,
        "power_card": power_card,
        "lines": lines,
        "shooting_stars": shooting_stars,
        "objects": [{"kind": kind, "at": (x, y)} for kind, x, y in objects],
    }
    return tuple(score_index(SheetIndex(sheet)).items())


def cached_score(sheet: dict[str, Any]) -> dict[str, int]:
    """``score_index`` of a well-formed sheet, memoized by its content: views show every
    seat's score on every move, while a move changes at most one sheet."""
    return dict(_score_of_key(sheet_key(sheet)))


def score_sheet(sheet: dict[str, Any]) -> dict[str, int]:
    """Score a sheet in the five categories plus ``total``; ``ValueError`` if it is malformed."""
    validate_sheet(sheet)
    return score_index(SheetIndex(sheet))


def solo_rank(total: int) -> str:
    """The solo title for a final total (``data.SOLO_RANKS``)."""
    title = data.SOLO_RANKS[0][1]
    for lowest, name in data.SOLO_RANKS:
        if total >= lowest:
            title = name
    return title


def next_solo_rank(total: int) -> tuple[int, str] | None:
    """(lowest total, title) of the next solo rank above ``total``; None at the top."""
    better = [(lowest, name) for lowest, name in data.SOLO_RANKS if lowest > total]
    return better[0] if better else None


def solo_standing(total: int) -> list[tuple[str, int]]:
    """Where a solo total stands among the bots: per bot level (weakest first), the percent
    of that bot's seeded solo games the total beats (``data.SOLO_BOT_SCORES``: mean and sd of
    each level's scores, read as a normal distribution, which fits them well)."""
    out = []
    for level, (mean, sd) in data.SOLO_BOT_SCORES.items():
        share = 0.5 * (1.0 + math.erf((total - mean) / (sd * math.sqrt(2.0))))
        out.append((level, round(100 * share)))
    return out
