"""A player's sheet as plain data: validation, and the derived sets the rules look up.

The sheet is the form a board takes in states, saves and on the wire::

    {"board": 0-7, "lines": [[x1, y1, x2, y2], ...], "shooting_stars": [[[x, y], ...], ...],
     "objects": [{"kind": K, "at": [x, y]}, ...], "point_card": 1-10, "power_card": 1-9}

``lines`` are the drawn lines only; the board's printed lines come from ``data.BOARDS``.
"""

from __future__ import annotations

from typing import Any

from game.rules.stars import data
from game.rules.stars.constellations import Group, group_lines
from game.rules.stars.geometry import (
    POWER_CARD_ROTATIONS,
    Point,
    Segment,
    find_copies,
    is_unit,
    mid2,
    neighbours,
    norm,
    on_grid,
    path_segments,
)
from game.rules.stars.packing import max_disjoint

Sheet = dict[str, Any]
SHEET_KEYS = ("board", "lines", "shooting_stars", "objects", "point_card", "power_card")

#: reason codes for points no line end may use, in the order they are checked
COVERED = "covered_point"
PLANET_POINT = "planet"
BLACK_HOLE_ZONE = "black_hole_zone"
OBJECT_POINT = "object_point"


def new_sheet(board: int, point_card: int, power_card: int) -> Sheet:
    """An empty sheet for ``board`` (the printed lines are implied by the board)."""
    return {
        "board": board,
        "lines": [],
        "shooting_stars": [],
        "objects": [],
        "point_card": point_card,
        "power_card": power_card,
    }


def copy_sheet(sheet: Sheet) -> Sheet:
    """A deep copy of a sheet, shaped like the sheet format: views copy every sheet for every
    seat on every move, and this is about ten times faster than ``copy.deepcopy``."""
    out = dict(sheet)
    out["lines"] = [list(line) for line in sheet["lines"]]
    out["shooting_stars"] = [[list(p) for p in star] for star in sheet["shooting_stars"]]
    out["objects"] = [{"kind": o["kind"], "at": list(o["at"])} for o in sheet["objects"]]
    return out


def _static_blocked(board: int) -> dict[Point, str]:
    info = data.BOARDS[board]
    blocked: dict[Point, str] = {}
    for p in info["bottom"]:
        blocked[p] = COVERED
    for p in info["illustration"]:
        blocked[p] = COVERED
    for p in info["planets"]:
        blocked[p] = PLANET_POINT
    return blocked


_STATIC_BLOCKED = [_static_blocked(b) for b in range(len(data.BOARDS))]
_PRINTED_LINES = [[norm(*s) for s in b["printed_lines"]] for b in data.BOARDS]


def usable_on_board(board: int, point: Point, opened: set[Point] | frozenset = frozenset()) -> bool:
    """Whether ``point`` is a star of the bare board (``opened``: illustration points re-opened)."""
    if not on_grid(*point) or point in data.ARCH_MISSING:
        return False
    reason = _STATIC_BLOCKED[board].get(point)
    if reason is None:
        return True
    return reason == COVERED and point in opened and point in data.BOARDS[board]["illustration"]


class SheetIndex:
    """Sets derived from a sheet once, so each rule check is a few set look-ups."""

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.board = board = sheet["board"]
        self.point_card = sheet["point_card"]
        self.power_card = sheet["power_card"]
        lines: list[Segment] = list(_PRINTED_LINES[board])
        for a, b, c, d in sheet["lines"]:
            lines.append((a, b, c, d) if (a, b) <= (c, d) else (c, d, a, b))
        self.lines = lines
        self.line_set = set(lines)
        self.line_points: set[Point] = {(s[0], s[1]) for s in lines}
        self.line_points.update((s[2], s[3]) for s in lines)
        self.line_mids: set[Point] = {(s[0] + s[2], s[1] + s[3]) for s in lines}
        self.shooting_stars: list[list[Point]] = [
            [(p[0], p[1]) for p in star] for star in sheet["shooting_stars"]
        ]
        self.ss_points: set[Point] = set()
        self.ss_mids: set[Point] = set()
        for star in self.shooting_stars:
            self.ss_points.update(star)
            self.ss_mids.update(mid2(s) for s in path_segments(star))
        self.objects: dict[str, list[Point]] = {kind: [] for kind in data.OBJECT_KINDS}
        for obj in sheet["objects"]:
            self.objects[obj["kind"]].append((obj["at"][0], obj["at"][1]))
        self.opened = set(self.objects[data.NEW_STAR])
        self.planets = list(data.BOARDS[board]["planets"]) + self.objects[data.PLANET]
        blocked = dict(_STATIC_BLOCKED[board])
        for p in self.opened:
            if blocked.get(p) == COVERED:
                del blocked[p]
        for p in self.objects[data.PLANET]:
            blocked[p] = PLANET_POINT
        for p in self.objects[data.BLACK_HOLE]:
            blocked[p] = BLACK_HOLE_ZONE
            for q in neighbours(p):
                blocked.setdefault(q, BLACK_HOLE_ZONE)
        for kind in (data.CRESCENT_MOON, data.TWINKLING_STAR):
            for p in self.objects[kind]:
                blocked.setdefault(p, OBJECT_POINT)
        for x, y in self.objects[data.GALAXY]:
            blocked.setdefault((x, y), OBJECT_POINT)
            blocked.setdefault((x + 1, y), OBJECT_POINT)
        #: points no line end or new object may use, with the reason code
        self.blocked = blocked
        self._groups: list[Group] | None = None
        self.aura_points: set[Point] = set()
        self.aura_mids: set[Point] = set()
        if self.objects[data.AURA]:
            auras = set(self.objects[data.AURA])
            for group in self.groups():
                if not auras.isdisjoint(group.points):
                    self.aura_points |= group.points
                    self.aura_mids |= group.mids()

    def add_lines(self, segments: list[Segment]) -> None:
        """Record newly drawn (normalized) lines, so the index need not be rebuilt."""
        for seg in segments:
            self.lines.append(seg)
            self.line_set.add(seg)
            self.line_points.add((seg[0], seg[1]))
            self.line_points.add((seg[2], seg[3]))
            self.line_mids.add((seg[0] + seg[2], seg[1] + seg[3]))
        self._groups = None

    def groups(self) -> list[Group]:
        """The line groups (constellations and smaller/larger groups), computed once."""
        if self._groups is None:
            self._groups = group_lines(self.lines, self.objects[data.NOVA])
        return self._groups


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: coordinates further off than this are refused before anything else looks at them (a
#: hostile 10**5000 cannot even be printed)
_COORDINATE_LIMIT = 1000


def _show(value: Any) -> str:
    """A short, safe description of an untrusted value for an error message: never the repr
    of something deep (a 100 000-deep list raises RecursionError) or huge."""
    if _int(value):
        return str(value) if abs(value) <= _COORDINATE_LIMIT else "a huge integer"
    if isinstance(value, list | tuple) and len(value) <= 4 and all(_int(v) for v in value):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, str):
        return repr(value[:30]) + ("..." if len(value) > 30 else "")
    if isinstance(value, bool) or value is None:
        return repr(value)
    return f"a {type(value).__name__}"


def _coordinates(value: Any, count: int, where: str, what: str) -> tuple[int, ...]:
    if (not isinstance(value, list | tuple) or len(value) != count
            or not all(_int(v) for v in value)):
        raise ValueError(f"{where}: {what} must be {count} integers, got {_show(value)}")
    if any(abs(v) > _COORDINATE_LIMIT for v in value):
        raise ValueError(f"{where}: {what} {_show(value)} is far off the board")
    return tuple(value)


def _point(value: Any, where: str) -> Point:
    x, y = _coordinates(value, 2, where, "a point [x, y]")
    return (x, y)


#: objects that need a free star (no line end, no shooting star, no other such object)
_FREE_STAR_OBJECTS = (data.PLANET, data.GALAXY, data.TWINKLING_STAR, data.CRESCENT_MOON,
                      data.BLACK_HOLE)


def validate_sheet(sheet: Any, *, reachable: bool = True) -> None:
    """Raise ``ValueError`` naming the offending item unless ``sheet`` is a sheet a real game
    can end with (``reachable=False``: only that it is well formed, for a sheet crafted to test
    one scoring rule: shapes, types, usable board points, no item twice).

    Checked: shapes and types; every line a unit segment between usable stars of the board (a
    new star re-opens an illustration point), drawn once, not over a printed line; every
    shooting star a straight diagonal run of 2 to 4 usable stars touching or crossing no line
    and no other shooting star; objects only of the sheet's power card, at most one black hole
    or crescent moon, no more than the power's disjoint copies on the sheet can have earned
    (two per use for new stars); planets, galaxies, twinkling stars, moons and black holes on
    free usable stars (no line end, no shooting star, no printed planet, no closed artwork, not
    on one another); novas and auras on a star of a group of 3 or more lines; new stars on
    illustration points. What depends on the order of play (the sun's closed rows, a black
    hole's or an aura's ban on later lines) is not re-checked.
    """
    if not isinstance(sheet, dict):
        raise ValueError(f"sheet must be a map, got {_show(sheet)}")
    for key in SHEET_KEYS:
        if key not in sheet:
            raise ValueError(f"sheet is missing {key!r}")
    unknown = sorted(_show(k) for k in sheet if k not in SHEET_KEYS)
    if unknown:
        raise ValueError(f"unknown sheet key(s): {', '.join(unknown[:5])}")
    board = sheet["board"]
    if not _int(board) or not 0 <= board < len(data.BOARDS):
        raise ValueError(f"board must be 0..{len(data.BOARDS) - 1}, got {_show(board)}")
    point_card = sheet["point_card"]
    if not _int(point_card) or not 1 <= point_card <= len(data.POINT_CARDS):
        raise ValueError(f"point_card must be 1..{len(data.POINT_CARDS)}, got {_show(point_card)}")
    power_card = sheet["power_card"]
    if not _int(power_card) or not 1 <= power_card <= len(data.POWER_CARDS):
        raise ValueError(f"power_card must be 1..{len(data.POWER_CARDS)}, got {_show(power_card)}")
    for key in ("lines", "shooting_stars", "objects"):
        if not isinstance(sheet[key], list):
            raise ValueError(f"{key} must be a list, got {_show(sheet[key])}")
        if len(sheet[key]) > _LIST_LIMIT:
            raise ValueError(f"{key}: {len(sheet[key])} items, more than a board can hold")

    objects = _check_objects(sheet, board, power_card, reachable)
    opened = {at for kind, at, _ in objects if kind == data.NEW_STAR}

    def check_point(p: Point, where: str) -> None:
        if not usable_on_board(board, p, opened):
            raise ValueError(f"{where}: point {list(p)} is not a usable star of board {board}")

    taken = set(_PRINTED_LINES[board])
    for i, line in enumerate(sheet["lines"]):
        values = _coordinates(line, 4, f"lines[{i}]", "a line [x1, y1, x2, y2]")
        where = f"lines[{i}] {list(values)}"
        if not is_unit(values):
            raise ValueError(f"{where}: not a unit segment between neighbouring stars")
        check_point((values[0], values[1]), where)
        check_point((values[2], values[3]), where)
        seg = norm(*values)
        if seg in taken:
            raise ValueError(f"{where}: this line is already on the board")
        taken.add(seg)
    line_points = {(s[0], s[1]) for s in taken} | {(s[2], s[3]) for s in taken}
    line_mids = {mid2(s) for s in taken}
    if not reachable:
        line_points, line_mids = set(), set()

    star_points: dict[Point, int] = {}
    star_mids: dict[Point, int] = {}
    for i, star in enumerate(sheet["shooting_stars"]):
        where = f"shooting_stars[{i}]"
        if not isinstance(star, list | tuple) or not 2 <= len(star) <= 4:
            raise ValueError(f"{where}: a shooting star is a list of 2 to 4 points")
        points = [_point(p, where) for p in star]
        for p in points:
            check_point(p, where)
        steps = {(q[0] - p[0], q[1] - p[1]) for p, q in zip(points, points[1:], strict=False)}
        if len(steps) != 1 or next(iter(steps)) not in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            raise ValueError(f"{where}: points must form one straight diagonal run")
        where = f"{where} {[list(p) for p in points]}"
        mids = [mid2(seg) for seg in path_segments(points)]
        if not reachable:
            continue
        for p in points:
            if p in line_points:
                raise ValueError(f"{where}: touches a line at {list(p)}")
            if p in star_points:
                raise ValueError(f"{where}: touches shooting_stars[{star_points[p]}] "
                                 f"at {list(p)}")
        for m in mids:
            if m in line_mids:
                raise ValueError(f"{where}: crosses a line")
            if m in star_mids:
                raise ValueError(f"{where}: crosses shooting_stars[{star_mids[m]}]")
        star_points.update((p, i) for p in points)
        star_mids.update((m, i) for m in mids)

    if not reachable:
        return
    groups: list[Group] | None = None
    for kind, at, where in objects:
        if kind in _FREE_STAR_OBJECTS:
            cells = [at, (at[0] + 1, at[1])] if kind == data.GALAXY else [at]
            for cell in cells:
                if not usable_on_board(board, cell, opened):
                    raise ValueError(f"{where}: {kind} at {list(at)} is not on a free star "
                                     f"(a printed planet or closed artwork at {list(cell)})")
                if cell in line_points:
                    raise ValueError(f"{where}: {kind} at {list(at)} is on a line end "
                                     f"{list(cell)}")
                if cell in star_points:
                    raise ValueError(f"{where}: {kind} at {list(at)} is on "
                                     f"shooting_stars[{star_points[cell]}]")
            if kind == data.GALAXY and not any(
                    q in line_points for cell in cells for q in neighbours(cell)):
                raise ValueError(f"{where}: a galaxy touches the constellation that earned it")
        elif kind in (data.NOVA, data.AURA):
            if groups is None:
                groups = group_lines(list(taken), [a for k, a, _ in objects if k == data.NOVA])
            if not any(at in g.points and g.size >= 3 for g in groups):
                raise ValueError(f"{where}: {kind} at {list(at)} is not on a star of a group "
                                 "of 3 or more lines")
    _check_power_uses(objects, taken, power_card)


#: the most items a list of a sheet may have (more than any grid can hold)
_LIST_LIMIT = 4096


def _check_objects(sheet: dict[str, Any], board: int, power_card: int,
                   reachable: bool) -> list[tuple[str, Point, str]]:
    """Each object's shape, kind, board point and uniqueness: ``[(kind, at, where)]``."""
    power = data.POWER_CARDS[power_card - 1]["power"]
    found: list[tuple[str, Point, str]] = []
    cells: dict[Point, str] = {}
    seen: set[tuple[str, Point]] = set()
    for i, obj in enumerate(sheet["objects"]):
        where = f"objects[{i}]"
        if not isinstance(obj, dict) or set(obj) != {"kind", "at"}:
            raise ValueError(f"{where}: an object must be {{'kind': K, 'at': [x, y]}}, "
                             f"got {_show(obj)}")
        kind = obj["kind"]
        if kind not in data.OBJECT_KINDS:
            raise ValueError(f"{where}: unknown object kind {_show(kind)}")
        at = _point(obj["at"], where)
        where = f"{where} ({kind} at {list(at)})"
        if reachable and kind != power:
            raise ValueError(f"{where}: power card {power_card} gives {power}, not {kind}")
        for cell in ([at, (at[0] + 1, at[1])] if kind == data.GALAXY else [at]):
            if not on_grid(*cell) or cell in data.ARCH_MISSING:
                raise ValueError(f"{where}: off the board")
            if cell in data.BOARDS[board]["bottom"]:
                raise ValueError(f"{where}: on a covered point")
            if reachable and kind in _FREE_STAR_OBJECTS:
                if cell in cells:
                    raise ValueError(f"{where}: on the same star as {cells[cell]}")
                cells[cell] = where
        if kind == data.NEW_STAR and at not in data.BOARDS[board]["illustration"]:
            raise ValueError(f"{where}: new_star at {list(at)} is not an illustration point")
        if (kind, at) in seen:
            raise ValueError(f"{where}: a second {kind} at {list(at)}")
        seen.add((kind, at))
        found.append((kind, at, where))
    if reachable and power in data.ONCE_PER_GAME_POWERS and len(found) > 1:
        raise ValueError(f"{found[1][2]}: a {power} is used once per game")
    return found


def _check_power_uses(objects: list[tuple[str, Point, str]], lines: set[Segment],
                      power_card: int) -> None:
    """Every use spent a copy of the power shape no other use shared: the objects cannot
    outnumber the disjoint copies on the sheet (a new star use places two)."""
    if not objects:
        return
    uses = len(max_disjoint(find_copies(POWER_CARD_ROTATIONS[power_card - 1], lines)))
    per_use = 2 if objects[0][0] == data.NEW_STAR else 1
    if len(objects) > uses * per_use:
        kind, _, where = objects[uses * per_use]
        raise ValueError(f"{where}: {len(objects)} {kind} object(s), but the lines hold only "
                         f"{uses} disjoint cop{'y' if uses == 1 else 'ies'} of the power shape")
