"""End-of-game scoring in the five categories, and the public ``score_sheet``.

Point-bonus copies are counted as the **maximum** number of copies sharing no segment (an
exact search); ``bga_greedy_copy_count`` reproduces BGA's greedy pass, which can find fewer.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from game.rules.stars import data
from game.rules.stars.constellations import Group
from game.rules.stars.geometry import (
    POINT_CARD_ROTATIONS,
    Point,
    Segment,
    find_copies,
    neighbours,
    path_segments,
    rotate_segments,
    shift,
)
from game.rules.stars.packing import max_disjoint
from game.rules.stars.sheet import SheetIndex, usable_on_board, validate_sheet

CATEGORIES = ("constellations", "planets", "shooting_stars", "point_bonus", "power_bonus")


def point_bonus_copies(index: SheetIndex) -> int:
    """The maximum number of point-card copies sharing no segment (all lines, no shooting stars)."""
    return len(point_bonus_copies_list(index))


def point_bonus_copies_list(index: SheetIndex) -> list[tuple[Segment, ...]]:
    """A largest set of point-card copies sharing no segment."""
    return max_disjoint(find_copies(POINT_CARD_ROTATIONS[index.point_card - 1], index.line_set))


def bga_greedy_copy_count(sheet: dict[str, Any]) -> int:
    """The copy count BGA's greedy pass finds (shift x -2..8, y -2..9, rotations 0..3)."""
    validate_sheet(sheet, reachable=False)
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
    return _score(index, None)


def score_items(index: SheetIndex) -> list[dict[str, Any]]:
    """What scored on a well-formed sheet, item by item, by the same rules as
    ``score_index`` (the points of each category's items add up to its score).

    An item is ``{"category", "kind", "points", "label", "lines": [[x1, y1, x2, y2]...],
    "stars": [[x, y]...]}``. ``kind`` is ``constellation`` (a second one of a size scores 0),
    ``dead_group`` (more than 8 lines without a nova: 0 points, counts for nothing),
    ``nova_group``, ``shooting_star`` or ``copy`` (point bonus), whose ``lines`` are their own;
    or ``planet``, ``twinkling_star``, ``crescent_moon`` (``stars[0]`` is the object, ``lines``
    the constellations it counts), ``galaxy``, ``aura``, ``black_hole`` (its free stars)."""
    items: list[dict[str, Any]] = []
    _score(index, items)
    return items


def _item(items: list[dict[str, Any]] | None, category: str, kind: str, points: int,
          label: str, lines: Iterable[Segment] = (), stars: Iterable[Point] = ()) -> None:
    if items is not None:
        items.append({"category": category, "kind": kind, "points": points, "label": label,
                      "lines": [list(s) for s in lines], "stars": [list(p) for p in stars]})


def _score(index: SheetIndex, items: list[dict[str, Any]] | None) -> dict[str, int]:
    """The one copy of the scoring rules: the breakdown, and each item when ``items`` is a
    list to fill."""
    groups = index.groups()
    valid = [g for g in groups if g.valid]
    constellation_points = 0
    nova_points = 0
    sizes_seen: set[int] = set()
    for group in valid:
        first = group.size not in sizes_seen
        sizes_seen.add(group.size)
        if group.size in data.VALID_SIZES:
            points = group.size if first else 0
            constellation_points += points
            _item(items, "constellations", "constellation", points,
                  f"constellation of {group.size} lines"
                  + ("" if first else f" (a {group.size} already scored)"),
                  group.lines, group.points)
        else:  # 9 or 10 lines with a nova: scored in the power-bonus box
            points = group.size if first else 0
            nova_points += points
            _item(items, "power_bonus", "nova_group", points,
                  f"nova constellation of {group.size} lines"
                  + ("" if first else f" (a {group.size} already scored)"),
                  group.lines, group.points)
    if items is not None:
        for group in groups:
            if not group.valid and group.size > max(data.VALID_SIZES):
                _item(items, "constellations", "dead_group", 0,
                      f"{group.size} lines: too many, scores nothing", group.lines,
                      group.points)

    def touching(points: set[tuple[int, int]]) -> list[Group]:
        return [g for g in valid if not g.points.isdisjoint(points)]

    planets = 0
    for p in index.planets:
        near = touching(set(neighbours(p)))
        planets += len(near)
        if near:
            _item(items, "planets", "planet", len(near),
                  f"planet touching {len(near)} constellation{'s' if len(near) > 1 else ''}",
                  [line for g in near for line in g.lines], [p])
    shooting = 0
    for star in index.shooting_stars:
        shooting += len(star) - 1
        _item(items, "shooting_stars", "shooting_star", len(star) - 1,
              f"shooting star of {len(star) - 1}", path_segments(star), star)
    value = data.POINT_CARDS[index.point_card - 1]["points"]
    copies = point_bonus_copies_list(index)
    point_bonus = len(copies) * value
    for copy in copies:
        _item(items, "point_bonus", "copy", value, "point-bonus copy", copy)

    power = nova_points
    for kind, worth in data.FLAT_OBJECT_POINTS.items():
        for p in index.objects[kind]:
            power += worth
            _item(items, "power_bonus", kind, worth, kind.replace("_", " "), (), [p])
    for p in index.objects[data.TWINKLING_STAR]:
        near = touching(set(neighbours(p)))
        if len(near) == 2:
            power += data.TWINKLING_STAR_POINTS
            _item(items, "power_bonus", data.TWINKLING_STAR, data.TWINKLING_STAR_POINTS,
                  "twinkling star between 2 constellations",
                  [line for g in near for line in g.lines], [p])
    for mx, my in index.objects[data.CRESCENT_MOON]:
        lit = [g for g in valid if any(x == mx or y == my for x, y in g.points)]
        power += len(lit)
        _item(items, "power_bonus", data.CRESCENT_MOON, len(lit), "crescent moon",
              [line for g in lit for line in g.lines], [(mx, my)])
    for hole in index.objects[data.BLACK_HOLE]:
        free = [q for q in neighbours(hole) if _free_star_at_end(index, q, hole)]
        power += len(free)
        _item(items, "power_bonus", data.BLACK_HOLE, len(free), "black hole", (),
              [hole, *free])

    breakdown = {
        "constellations": constellation_points,
        "planets": planets,
        "shooting_stars": shooting,
        "point_bonus": point_bonus,
        "power_bonus": power,
    }
    breakdown["total"] = sum(breakdown.values())
    return breakdown


def score_details(sheet: dict[str, Any]) -> list[dict[str, Any]]:
    """``score_items`` of a sheet; ``ValueError`` as for ``score_sheet``."""
    validate_sheet(sheet)
    return score_items(SheetIndex(sheet))


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


def score_sheet(sheet: dict[str, Any], *, reachable: bool = True) -> dict[str, int]:
    """Score a sheet in the five categories plus ``total``; ``ValueError`` naming the item if
    it is not a sheet a game can end with (``validate_sheet``). ``reachable=False`` scores any
    well-formed sheet (tests of one scoring rule on a crafted sheet)."""
    validate_sheet(sheet, reachable=reachable)
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


def solo_standing(total: int, power_card: int | None = None) -> list[tuple[str, int]]:
    """Where a solo total stands among the bots: per bot level (weakest first), the percent
    of that bot's seeded solo games the total beats (``data.SOLO_BOT_SCORES``: mean and sd of
    each level's scores, read as a normal distribution, which fits them well). With the
    game's ``power_card`` the bots' games with that card are the measure (the cards shift a
    bot's mean by up to ~4 points; ``data.SOLO_BOT_SCORES_BY_POWER``)."""
    table = data.SOLO_BOT_SCORES_BY_POWER.get(power_card, data.SOLO_BOT_SCORES) \
        if isinstance(power_card, int) else data.SOLO_BOT_SCORES
    out = []
    for level, (mean, sd) in table.items():
        share = 0.5 * (1.0 + math.erf((total - mean) / (sd * math.sqrt(2.0))))
        out.append((level, round(100 * share)))
    return out
