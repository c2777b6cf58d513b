"""Points, unit segments, rotations and shape copies on the star grid.

A point is ``(x, y)``; a segment is a normalized tuple ``(x1, y1, x2, y2)`` with the smaller
point first, so one drawn line has one key. Two different unit segments cross exactly when
they have the same midpoint (the two diagonals of one unit square), so crossing tests compare
doubled midpoints.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.rules.stars import data

Point = tuple[int, int]
Segment = tuple[int, int, int, int]

KING_STEPS: tuple[Point, ...] = (
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
)


def norm(x1: int, y1: int, x2: int, y2: int) -> Segment:
    """The segment key: the smaller point first."""
    return (x1, y1, x2, y2) if (x1, y1) <= (x2, y2) else (x2, y2, x1, y1)


def mid2(seg: Segment) -> Point:
    """Twice the midpoint: equal for a segment and the one crossing it."""
    return (seg[0] + seg[2], seg[1] + seg[3])


def is_unit(seg: Sequence[int]) -> bool:
    """True for a king-move segment (orthogonal or diagonal, length one step)."""
    dx, dy = abs(seg[2] - seg[0]), abs(seg[3] - seg[1])
    return max(dx, dy) == 1


def on_grid(x: int, y: int) -> bool:
    return 0 <= x < data.GRID_WIDTH and 0 <= y < data.GRID_HEIGHT


def neighbours(point: Point) -> list[Point]:
    """The king-move neighbours of ``point`` that lie on the grid."""
    x, y = point
    return [(x + a, y + b) for a, b in KING_STEPS if on_grid(x + a, y + b)]


def rotate_point(x: int, y: int, rot: int) -> Point:
    """Turn a point of the 4x4 card grid ``rot`` quarter turns: (x, y) -> (y, 3 - x)."""
    for _ in range(rot % 4):
        x, y = y, 3 - x
    return x, y


def rotate_segments(segments: Iterable[Segment], rot: int) -> list[Segment]:
    out = []
    for x1, y1, x2, y2 in segments:
        a, b = rotate_point(x1, y1, rot)
        c, d = rotate_point(x2, y2, rot)
        out.append(norm(a, b, c, d))
    return out


def shift(segments: Iterable[Segment], dx: int, dy: int) -> list[Segment]:
    return [(a + dx, b + dy, c + dx, d + dy) for a, b, c, d in segments]


def normalized_shape(segments: Iterable[Segment]) -> tuple[tuple[Segment, ...], Point]:
    """The shape moved so its lowest x and y are 0 (sorted), and the offset that was removed."""
    segs = list(segments)
    ox = min(min(s[0], s[2]) for s in segs)
    oy = min(min(s[1], s[3]) for s in segs)
    return tuple(sorted(shift(segs, -ox, -oy))), (ox, oy)


def distinct_rotations(segments: Sequence[Segment]) -> list[tuple[int, Point, tuple]]:
    """``(rot, box_offset, shape)`` for each rotation giving a new shape (first rot kept)."""
    seen: dict[tuple, None] = {}
    out = []
    for rot in range(4):
        shape, offset = normalized_shape(rotate_segments(segments, rot))
        if shape not in seen:
            seen[shape] = None
            out.append((rot, offset, shape))
    return out


def find_copies(
    rotations: Sequence[tuple[Segment, ...]], lines: set[Segment] | frozenset[Segment]
) -> list[tuple[Segment, ...]]:
    """Every placed copy (sorted segment tuple) of a shape whose segments are all in ``lines``.

    ``rotations`` are the shape's distinct normalized rotations. Each line of the board is
    tried as the image of a rotation's first segment, which fixes the shift.
    """
    found: dict[tuple[Segment, ...], None] = {}
    for shape in rotations:
        ax, ay, bx, by = shape[0]
        for lx, ly, mx, my in lines:
            if mx - lx != bx - ax or my - ly != by - ay:
                continue
            dx, dy = lx - ax, ly - ay
            copy = tuple((a + dx, b + dy, c + dx, d + dy) for a, b, c, d in shape)
            if all(s in lines for s in copy):
                found[copy] = None
    return sorted(found)


#: per line card: the 4 rotated shapes in the card box
CARD_ROTATIONS: list[list[list[Segment]]] = [
    [rotate_segments(card, rot) for rot in range(4)] for card in data.LINE_CARDS
]
#: per line card: distinct rotations (rot, box offset, normalized shape)
CARD_DISTINCT: list[list[tuple[int, Point, tuple]]] = [
    distinct_rotations(card) for card in data.LINE_CARDS
]
POINT_CARD_ROTATIONS: list[list[tuple[Segment, ...]]] = [
    [shape for _, _, shape in distinct_rotations(card["segments"])] for card in data.POINT_CARDS
]
POWER_CARD_ROTATIONS: list[list[tuple[Segment, ...]]] = [
    [shape for _, _, shape in distinct_rotations(card["segments"])] for card in data.POWER_CARDS
]


def card_segments(card_id: int, rot: int, dx: int, dy: int) -> list[Segment]:
    """The two segments of line card ``card_id`` turned ``rot`` times and shifted by (dx, dy)."""
    return shift(CARD_ROTATIONS[card_id][rot % 4], dx, dy)


def shooting_star_points(size: int, rot: int, dx: int, dy: int) -> list[Point]:
    """The points, head first, of a shooting star of ``size`` turned and shifted."""
    out = []
    for x, y in data.SHOOTING_STAR_SHAPES[size]:
        a, b = rotate_point(x, y, rot)
        out.append((a + dx, b + dy))
    return out


def path_segments(points: Sequence[Sequence[int]]) -> list[Segment]:
    """The segments joining consecutive points of a path (a shooting star)."""
    return [norm(p[0], p[1], q[0], q[1]) for p, q in zip(points, points[1:], strict=False)]


# --- bit masks: a placement is legal when its mask shares no bit with the sheet's bad mask ---

_MID_BASE = data.GRID_WIDTH * data.GRID_HEIGHT
_MID_ROWS = 2 * data.GRID_HEIGHT - 1
_SEG_BASE = _MID_BASE + (2 * data.GRID_WIDTH - 1) * _MID_ROWS
_SEG_DIRECTIONS = {(0, 1): 0, (1, -1): 1, (1, 0): 2, (1, 1): 3}


def point_bit(p: Point) -> int:
    """The bit of an on-grid point."""
    return 1 << (p[1] * data.GRID_WIDTH + p[0])


def mid_bit(m: Point) -> int:
    """The bit of a doubled midpoint of an on-grid segment."""
    return 1 << (_MID_BASE + m[0] * _MID_ROWS + m[1])


def segment_bit(seg: Segment) -> int:
    """The bit of a normalized on-grid unit segment."""
    direction = _SEG_DIRECTIONS[(seg[2] - seg[0], seg[3] - seg[1])]
    return 1 << (_SEG_BASE + (seg[1] * data.GRID_WIDTH + seg[0]) * 4 + direction)


#: bit tables for every on-grid point, doubled midpoint and unit segment (off-grid: absent)
POINT_BITS: dict[Point, int] = {
    (x, y): point_bit((x, y)) for x in range(data.GRID_WIDTH) for y in range(data.GRID_HEIGHT)
}
SEGMENT_BITS: dict[Segment, int] = {}
MID_BITS: dict[Point, int] = {}
for _x, _y in POINT_BITS:
    for _dx, _dy in _SEG_DIRECTIONS:
        if on_grid(_x + _dx, _y + _dy):
            _seg = (_x, _y, _x + _dx, _y + _dy)
            SEGMENT_BITS[_seg] = segment_bit(_seg)
            MID_BITS[mid2(_seg)] = mid_bit(mid2(_seg))
