"""Where lines, shooting stars and objects may go: the six conditions of reference 4.4.

Every check returns a reason code (``None`` when legal) so the engine, the client's ghost
preview and the tests share one wording (``REASON_TEXT``).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.stars import data
from game.rules.stars.geometry import (
    CARD_DISTINCT,
    MID_BITS,
    POINT_BITS,
    SEGMENT_BITS,
    Point,
    Segment,
    mid2,
    neighbours,
    norm,
    on_grid,
    path_segments,
    rotate_point,
)
from game.rules.stars.sheet import _STATIC_BLOCKED, SheetIndex

#: reason code -> the sentence a player reads
PLACEMENT_REASONS: dict[str, str] = {
    "off_board": "That point is off the board (outside the grid or beyond the arch).",
    "row_closed": "The sun has risen over that row: nothing new may be drawn there.",
    "covered_point": "That point is covered by the illustration: there is no star there.",
    "planet": "That point is a planet: no line may end there and nothing may go on it.",
    "black_hole_zone": "Nothing new may go on the black hole or the 8 stars around it.",
    "object_point": "That star holds a galaxy, a crescent moon or a twinkling star.",
    "segment_taken": "That line is already drawn.",
    "touches_shooting_star": "Nothing may touch or cross a shooting star.",
    "aura_constellation": "A constellation with a luminous aura may not be touched or crossed.",
    "touches_line": "A shooting star may not touch or cross any line.",
    "line_end": "That star is already the end of a line.",
    "galaxy_not_adjacent": "A galaxy must touch the constellation that earned it.",
    "not_illustration_point": "New stars go only on illustration points that are still covered.",
    "not_constellation_star": "This must go on a star of a group of 3 or more lines.",
    "object_there": "That star already holds this kind of object.",
    "aura_already_there": "That constellation already has a luminous aura.",
}


def _point_problem(index: SheetIndex, p: Point, day: int) -> str | None:
    x, y = p
    if not on_grid(x, y) or p in data.ARCH_MISSING:
        return "off_board"
    if y < 2 * day:
        return "row_closed"
    return index.blocked.get(p)


def segment_problem(index: SheetIndex, seg: Segment, day: int) -> str | None:
    """Why a line (card segment or Line bonus) may not be drawn, or ``None``."""
    a, b = (seg[0], seg[1]), (seg[2], seg[3])
    problem = _point_problem(index, a, day) or _point_problem(index, b, day)
    if problem:
        return problem
    seg = norm(*seg)
    if seg in index.line_set:
        return "segment_taken"
    mid = mid2(seg)
    if a in index.ss_points or b in index.ss_points or mid in index.ss_mids:
        return "touches_shooting_star"
    if a in index.aura_points or b in index.aura_points or mid in index.aura_mids:
        return "aura_constellation"
    return None


def shooting_segment_problem(index: SheetIndex, seg: Segment, day: int) -> str | None:
    """Why one segment of a shooting star may not be drawn, or ``None``."""
    a, b = (seg[0], seg[1]), (seg[2], seg[3])
    problem = _point_problem(index, a, day) or _point_problem(index, b, day)
    if problem:
        return problem
    mid = mid2(seg)
    if a in index.line_points or b in index.line_points or mid in index.line_mids:
        return "touches_line"
    if a in index.ss_points or b in index.ss_points or mid in index.ss_mids:
        return "touches_shooting_star"
    return None


def placement_problem(sheet: dict, segments: Sequence[Sequence[int]], day: int) -> str | None:
    """The first reason the line segments may not be drawn on ``sheet`` on ``day``, or ``None``.

    Each segment is checked against the board, not against the others (as for a card).
    """
    index = SheetIndex(sheet)
    for seg in segments:
        problem = segment_problem(index, norm(*seg), day)
        if problem:
            return problem
    return None


def shooting_star_problem(sheet: dict, points: Sequence[Sequence[int]], day: int) -> str | None:
    """The first reason a shooting star through ``points`` may not be drawn, or ``None``."""
    index = SheetIndex(sheet)
    return _shooting_problem(index, points, day)


def _shooting_problem(index: SheetIndex, points: Sequence[Sequence[int]], day: int) -> str | None:
    for seg in path_segments(points):
        problem = shooting_segment_problem(index, seg, day)
        if problem:
            return problem
    return None


# --- enumeration of legal card placements -------------------------------------------------

_CANDIDATES: dict[int, list[tuple[int, int, int, Segment, Segment, int]]] = {}
_STATIC_BAD: dict[tuple[int, int], int] = {}


def _static_bad_mask(board: int, day: int) -> int:
    """Point bits no line end may ever use on ``board`` on ``day`` (artwork points excepted)."""
    key = (board, day)
    found = _STATIC_BAD.get(key)
    if found is None:
        illustration = set(data.BOARDS[board]["illustration"])
        found = 0
        for (x, y), bit in POINT_BITS.items():
            if (
                y < 2 * day
                or (x, y) in data.ARCH_MISSING
                or ((x, y) in _STATIC_BLOCKED[board] and (x, y) not in illustration)
            ):
                found |= bit
        _STATIC_BAD[key] = found
    return found


def _segments_mask(segments: Sequence[Segment]) -> int:
    mask = 0
    for seg in segments:
        mask |= POINT_BITS[seg[0], seg[1]] | POINT_BITS[seg[2], seg[3]]
        mask |= MID_BITS[mid2(seg)] | SEGMENT_BITS[seg]
    return mask


def _card_candidates(card_id: int) -> list:
    """Every distinct placement of a card inside the grid, with its mask (cached per card)."""
    found = _CANDIDATES.get(card_id)
    if found is not None:
        return found
    found = []
    for rot, (ox, oy), shape in CARD_DISTINCT[card_id]:
        width = max(max(s[0], s[2]) for s in shape)
        height = max(max(s[1], s[3]) for s in shape)
        for tx in range(0, data.GRID_WIDTH - width):
            for ty in range(0, data.GRID_HEIGHT - height):
                s1, s2 = ((a + tx, b + ty, c + tx, d + ty) for a, b, c, d in shape)
                found.append((rot, tx - ox, ty - oy, s1, s2, _segments_mask((s1, s2))))
    _CANDIDATES[card_id] = found
    return found


def line_bad_mask(index: SheetIndex, day: int) -> int:
    """Bits no card segment may use: bad ends, crossings of shooting stars/auras, taken lines."""
    mask = _static_bad_mask(index.board, day)
    bits = POINT_BITS
    for p in index.blocked.keys() | index.ss_points | index.aura_points:
        mask |= bits.get(p, 0)
    mids = MID_BITS
    for m in index.ss_mids | index.aura_mids:
        mask |= mids.get(m, 0)
    segs = SEGMENT_BITS
    for seg in index.line_set:
        mask |= segs.get(seg, 0)
    return mask


_BOARD_LINE_MASK: dict[tuple[int, int], int] = {}
_ZONE_BITS: dict[Point, int] = {
    p: POINT_BITS[p] | sum(POINT_BITS[q] for q in neighbours(p)) for p in POINT_BITS
}


def _board_line_mask(board: int, day: int) -> int:
    """The bare board's bad bits for lines: static points, artwork points, printed lines."""
    key = (board, day)
    found = _BOARD_LINE_MASK.get(key)
    if found is None:
        found = _static_bad_mask(board, day)
        for p in data.BOARDS[board]["illustration"]:
            found |= POINT_BITS[p]
        for seg in data.BOARDS[board]["printed_lines"]:
            found |= SEGMENT_BITS[norm(*seg)]
        _BOARD_LINE_MASK[key] = found
    return found


def sheet_line_mask(sheet: dict, day: int) -> int:
    """``line_bad_mask`` straight from an engine-made sheet, without building an index.

    Sheets with an aura need the constellations, so they take the index path.
    """
    objects = sheet["objects"]
    if any(o["kind"] == data.AURA for o in objects):
        return line_bad_mask(SheetIndex(sheet), day)
    mask = _board_line_mask(sheet["board"], day)
    floor = 2 * day
    extra = 0
    for o in objects:
        kind = o["kind"]
        p = (o["at"][0], o["at"][1])
        if kind == data.NEW_STAR:
            if p[1] >= floor:
                mask &= ~POINT_BITS[p]
        elif kind == data.BLACK_HOLE:
            extra |= _ZONE_BITS[p]
        elif kind == data.GALAXY:
            extra |= POINT_BITS[p] | POINT_BITS[(p[0] + 1, p[1])]
        elif kind != data.NOVA:
            extra |= POINT_BITS[p]
    segs = SEGMENT_BITS
    for a, b, c, d in sheet["lines"]:
        extra |= segs[(a, b, c, d) if (a, b) <= (c, d) else (c, d, a, b)]
    for star in sheet["shooting_stars"]:
        for i, (x, y) in enumerate(star):
            extra |= POINT_BITS[(x, y)]
            if i:
                px, py = star[i - 1]
                extra |= MID_BITS[(x + px, y + py)]
    return mask | extra


def legal_card_placements(sheet: dict, card_id: int, day: int) -> list[list[int]]:
    """Every distinct legal ``[rot, dx, dy]`` for line card ``card_id`` on ``sheet``."""
    bad = sheet_line_mask(sheet, day)
    return [[c[0], c[1], c[2]] for c in _card_candidates(card_id) if not c[5] & bad]


def _shooting_candidates() -> list[tuple[int, int, list[Point]]]:
    """(size, rot, shape points) for each size and each distinct diagonal direction."""
    out = []
    for size in sorted(data.SHOOTING_STAR_SHAPES):
        seen = set()
        for rot in range(4):
            pts = [rotate_point(x, y, rot) for x, y in data.SHOOTING_STAR_SHAPES[size]]
            ox, oy = min(p[0] for p in pts), min(p[1] for p in pts)
            key = frozenset((x - ox, y - oy) for x, y in pts)
            if key not in seen:
                seen.add(key)
                out.append((size, rot, pts))
    return out


_SHOOTING_SHAPES = _shooting_candidates()


_SHOOTING_CANDIDATES: list[tuple[int, int, int, int, int]] = []


def _shooting_static() -> list[tuple[int, int, int, int, int]]:
    """Every distinct shooting star inside the grid: (size, rot, dx, dy, mask), computed once."""
    if _SHOOTING_CANDIDATES:
        return _SHOOTING_CANDIDATES
    for size, rot, pts in _SHOOTING_SHAPES:
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        for dx in range(-min(xs), data.GRID_WIDTH - max(xs)):
            for dy in range(-min(ys), data.GRID_HEIGHT - max(ys)):
                points = [(x + dx, y + dy) for x, y in pts]
                mask = 0
                for p in points:
                    mask |= POINT_BITS[p]
                for seg in path_segments(points):
                    mask |= MID_BITS[mid2(seg)]
                _SHOOTING_CANDIDATES.append((size, rot, dx, dy, mask))
    return _SHOOTING_CANDIDATES


def legal_shooting_stars_index(index: SheetIndex, day: int) -> list[tuple[int, int, int, int]]:
    """Every distinct legal ``(size, rot, dx, dy)`` for a shooting star."""
    bad = _static_bad_mask(index.board, day)
    for p in index.blocked.keys() | index.line_points | index.ss_points:
        bad |= POINT_BITS.get(p, 0)
    for m in index.line_mids | index.ss_mids:
        bad |= MID_BITS.get(m, 0)
    return [c[:4] for c in _shooting_static() if not c[4] & bad]


def legal_shooting_stars(sheet: dict, day: int) -> list[list[int]]:
    """Every distinct legal ``[size, rot, dx, dy]`` for a shooting star on ``sheet``."""
    return [list(c) for c in legal_shooting_stars_index(SheetIndex(sheet), day)]


# --- objects --------------------------------------------------------------------------------


def free_star_problem(index: SheetIndex, p: Point, day: int) -> str | None:
    """Why ``p`` is not a free star (open row, usable, no line end, no shooting star)."""
    problem = _point_problem(index, p, day)
    if problem:
        return problem
    if p in index.line_points:
        return "line_end"
    if p in index.ss_points:
        return "touches_shooting_star"
    return None


def _trigger_group_points(index: SheetIndex, trigger: Sequence[Segment]) -> set[Point]:
    wanted = {norm(*s) for s in trigger}
    points: set[Point] = set()
    for group in index.groups():
        if not wanted.isdisjoint(group.lines):
            points |= group.points
    return points


def object_problem(
    index: SheetIndex,
    kind: str,
    at: Point,
    day: int,
    trigger: Sequence[Segment] | None = None,
) -> str | None:
    """Why an object of ``kind`` may not go at ``at`` (``trigger``: the copy that earned it)."""
    if kind == data.GALAXY:
        right = (at[0] + 1, at[1])
        problem = free_star_problem(index, at, day) or free_star_problem(index, right, day)
        if problem:
            return problem
        if trigger is not None:
            group_points = _trigger_group_points(index, trigger)
            near = set(neighbours(at)) | set(neighbours(right))
            if near.isdisjoint(group_points):
                return "galaxy_not_adjacent"
        return None
    if kind == data.NEW_STAR:
        if not on_grid(*at) or at in data.ARCH_MISSING:
            return "off_board"
        if at not in data.BOARDS[index.board]["illustration"] or at in index.opened:
            return "not_illustration_point"
        if at[1] < 2 * day:
            return "row_closed"
        if index.blocked.get(at) == "black_hole_zone":
            return "black_hole_zone"
        return None
    if kind in (data.NOVA, data.AURA):
        if not on_grid(*at) or at in data.ARCH_MISSING:
            return "off_board"
        group = next((g for g in index.groups() if at in g.points and g.size >= 3), None)
        if group is None:
            return "not_constellation_star"
        if at in index.objects[kind]:
            return "object_there"
        if kind == data.AURA and not group.points.isdisjoint(index.objects[data.AURA]):
            return "aura_already_there"
        return None
    return free_star_problem(index, at, day)


def object_targets(
    index: SheetIndex, kind: str, day: int, trigger: Sequence[Segment] | None = None
) -> list[list[int]]:
    """Every legal point ``[x, y]`` for an object of ``kind`` (galaxy: its left point)."""
    if kind == data.NEW_STAR:
        candidates = sorted(data.BOARDS[index.board]["illustration"])
    elif kind in (data.NOVA, data.AURA):
        candidates = sorted({p for g in index.groups() if g.size >= 3 for p in g.points})
    else:
        candidates = [(x, y) for x in range(data.GRID_WIDTH) for y in range(data.GRID_HEIGHT)]
    return [
        [x, y] for x, y in candidates if object_problem(index, kind, (x, y), day, trigger) is None
    ]


_UNIT_STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))


def line_bonus_targets(index: SheetIndex, day: int) -> list[list[int]]:
    """Every legal Line-bonus segment ``[x1, y1, x2, y2]`` (normalized)."""
    out = []
    for x in range(data.GRID_WIDTH):
        for y in range(data.GRID_HEIGHT):
            for a, b in _UNIT_STEPS:
                seg = norm(x, y, x + a, y + b)
                if segment_problem(index, seg, day) is None:
                    out.append(list(seg))
    return out
