"""Look at the Stars drawing: boards, sheets, cards and ghosts.

Board art is cached in layers per board and pixel size: the printed board (static), then the
sheet (lines, shooting stars, objects, sizes, closed rows) rebuilt only when the sheet changes.
A frame blits the cached layer and draws just what moves (ghost, highlights) on top.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from functools import lru_cache

import pygame

from game.client import theme
from game.client.i18n import N_, _, ngettext
from game.client.layout import Pen
from game.rules.stars import data
from game.rules.stars.constellations import Group
from game.rules.stars.geometry import rotate_point
from game.rules.stars.sheet import SheetIndex

GRID_W, GRID_H = data.GRID_WIDTH, data.GRID_HEIGHT
MARGIN = 0.75  # grid spacings between the outer stars and the board edge
#: the arch's border, in grid spacings outside its outer stars; the column and row numbers
#: stand outside it, centred ``RULER_AT`` out (at 0.5 the border ran through them: a playtest)
ARCH_PAD = 0.42
RULER_AT = 0.6
#: where a group's size badge may sit around one of its stars (grid spacings), in order of
#: preference: down-left first (as BGA writes it), then the other diagonals
BADGE_OFFSETS = ((-0.32, -0.32), (0.32, -0.32), (-0.32, 0.32), (0.32, 0.32))
BADGE_RADIUS = 0.2
#: the room a badge keeps from the centre of any line (its radius and half a line, a little
#: more): a badge on another group's diagonal read as that group's (a playtest)
BADGE_CLEAR = 0.27


class BoardGeometry:
    """Maps grid points (x 0..9 left to right, y 0..10 bottom to top) to pixels in ``rect``."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.spacing = min(rect.w / (GRID_W - 1 + 2 * MARGIN), rect.h / (GRID_H - 1 + 2 * MARGIN))
        width = self.spacing * (GRID_W - 1 + 2 * MARGIN)
        height = self.spacing * (GRID_H - 1 + 2 * MARGIN)
        self.rect = pygame.Rect(0, 0, int(width), int(height))
        self.rect.center = rect.center

    def local(self) -> BoardGeometry:
        """The same geometry with the board's top-left at (0, 0) (for cached layers)."""
        copy = BoardGeometry.__new__(BoardGeometry)
        copy.spacing = self.spacing
        copy.rect = pygame.Rect(0, 0, self.rect.w, self.rect.h)
        return copy

    def to_px(self, x: float, y: float) -> tuple[int, int]:
        s = self.spacing
        return (round(self.rect.x + (x + MARGIN) * s),
                round(self.rect.bottom - (y + MARGIN) * s))

    def to_grid(self, px: float, py: float) -> tuple[float, float]:
        s = self.spacing
        return (px - self.rect.x) / s - MARGIN, (self.rect.bottom - py) / s - MARGIN

    def width(self, fraction: float) -> int:
        return max(1, round(self.spacing * fraction))


# --- small pre-rendered glyphs ---------------------------------------------------------------


@lru_cache(maxsize=64)
def star_sprite(radius: int, color: theme.Color = theme.STAR, glow: float = 1.0) -> pygame.Surface:
    """A round star with a soft glow, ``radius`` px core."""
    size = radius * 6 + 1
    sprite = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    for r in range(radius * 3, radius, -1):
        a = int(70 * glow * (1 - (r - radius) / (2 * radius)) ** 2)
        pygame.draw.circle(sprite, (*color, a), (c, c), r)
    pygame.draw.circle(sprite, (*color, 255), (c, c), radius)
    return sprite.convert_alpha()


def _star_polygon(centre: tuple[float, float], outer: float, inner: float, points: int = 5,
                  turn: float = -math.pi / 2) -> list[tuple[float, float]]:
    out = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = turn + i * math.pi / points
        out.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    return out


def draw_segment(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int],
                 color: theme.Color, width: int) -> None:
    """A thick line with round caps (short segments only: cheap)."""
    pygame.draw.line(surface, color, a, b, width)
    r = max(1, width // 2)
    pygame.draw.circle(surface, color, a, r)
    pygame.draw.circle(surface, color, b, r)


def draw_dashed_segment(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int],
                        color: theme.Color, width: int, dashes: int = 3) -> None:
    """``draw_segment`` in ``dashes`` dashes with gaps between (lines that score nothing,
    told apart by their stroke as well as their colour)."""
    parts = 2 * dashes - 1
    for i in range(0, parts, 2):
        start = (a[0] + (b[0] - a[0]) * i / parts, a[1] + (b[1] - a[1]) * i / parts)
        end = (a[0] + (b[0] - a[0]) * (i + 1) / parts, a[1] + (b[1] - a[1]) * (i + 1) / parts)
        draw_segment(surface, (round(start[0]), round(start[1])),
                     (round(end[0]), round(end[1])), color, width)


def draw_planet(surface: pygame.Surface, centre: tuple[int, int], s: float,
                color: theme.Color = theme.PLANET) -> None:
    r = max(2, round(s * 0.3))
    dark = tuple(int(v * 0.45) for v in color)
    pygame.draw.circle(surface, dark, centre, r)
    pygame.draw.circle(surface, color, (centre[0] - r // 4, centre[1] - r // 4), int(r * 0.72))
    ring = pygame.Rect(0, 0, int(r * 3.0), max(2, int(r * 0.9)))
    ring.center = centre
    pygame.draw.ellipse(surface, (235, 225, 255), ring, max(1, round(s * 0.035)))


def draw_object(surface: pygame.Surface, kind: str, geo: BoardGeometry, at: Sequence[int]) -> None:
    """The glyph of a bonus object at grid point ``at``."""
    s = geo.spacing
    c = geo.to_px(at[0], at[1])
    if kind == data.PLANET:
        draw_planet(surface, c, s, (255, 160, 200))
    elif kind == data.GALAXY:
        right = geo.to_px(at[0] + 1, at[1])
        box = pygame.Rect(0, 0, right[0] - c[0] + int(s * 0.7), int(s * 0.5))
        box.center = ((c[0] + right[0]) // 2, c[1])
        pygame.draw.ellipse(surface, (120, 80, 190), box)
        pygame.draw.ellipse(surface, (220, 190, 255), box, geo.width(0.05))
        pygame.draw.circle(surface, (255, 240, 255), box.center, max(2, int(s * 0.1)))
    elif kind == data.TWINKLING_STAR:
        pygame.draw.polygon(surface, (255, 255, 200), _star_polygon(c, s * 0.32, s * 0.08, 4))
    elif kind == data.NOVA:
        pygame.draw.polygon(surface, (255, 120, 90), _star_polygon(c, s * 0.36, s * 0.16, 8))
        pygame.draw.circle(surface, (255, 235, 200), c, max(2, int(s * 0.12)))
    elif kind == data.AURA:
        pygame.draw.circle(surface, (140, 255, 230), c, int(s * 0.34), geo.width(0.06))
        pygame.draw.circle(surface, (140, 255, 230), c, int(s * 0.22), geo.width(0.03))
    elif kind == data.CRESCENT_MOON:
        r = int(s * 0.3)
        pygame.draw.circle(surface, (255, 240, 180), c, r)
        pygame.draw.circle(surface, theme.BOARD, (c[0] + r // 2, c[1] - r // 3), r)
    elif kind == data.BLACK_HOLE:
        zone = pygame.Rect(0, 0, int(s * 2.5), int(s * 2.5))
        zone.center = c
        pygame.draw.rect(surface, (120, 60, 40), zone, geo.width(0.03),
                         border_radius=int(s * 0.3))
        pygame.draw.circle(surface, (255, 140, 60), c, int(s * 0.34))
        pygame.draw.circle(surface, (0, 0, 0), c, int(s * 0.26))
    elif kind == data.NEW_STAR:
        sprite = star_sprite(max(2, round(s * 0.1)), (255, 255, 255))
        surface.blit(sprite, sprite.get_rect(center=c))
        pygame.draw.circle(surface, theme.ACCENT, c, int(s * 0.22), geo.width(0.03))


# --- boards and sheets -----------------------------------------------------------------------


def usable_points(board: int, opened: Iterable[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """Grid points that are stars on the bare board (plus illustration points re-opened)."""
    info = data.BOARDS[board]
    closed = set(info["illustration"]) - set(opened)
    closed |= set(info["bottom"]) | set(info["planets"]) | data.ARCH_MISSING
    return [(x, y) for x in range(GRID_W) for y in range(GRID_H) if (x, y) not in closed]


@lru_cache(maxsize=1)
def arch_rows() -> dict[int, tuple[int, int]]:
    """Each row's leftmost and rightmost star of the arch."""
    rows: dict[int, tuple[int, int]] = {}
    for y in range(GRID_H):
        xs = [x for x in range(GRID_W) if (x, y) not in data.ARCH_MISSING]
        rows[y] = (min(xs), max(xs))
    return rows


def _arch_polygon(geo: BoardGeometry) -> list[tuple[int, int]]:
    rows = arch_rows()
    pad = ARCH_PAD
    left, right = [], []
    for y in range(GRID_H):
        lo, hi = rows[y]
        left += [(lo - pad, y - pad), (lo - pad, y + pad)]
        right += [(hi + pad, y - pad), (hi + pad, y + pad)]
    outline = left + list(reversed(right))
    return [geo.to_px(x, y) for x, y in outline]


def _draw_blob(surface: pygame.Surface, geo: BoardGeometry, points: set[tuple[int, int]],
               color: theme.Color, radius: float) -> None:
    """Covered points as one soft shape: discs joined to their neighbours."""
    r = max(2, int(geo.spacing * radius))
    for x, y in points:
        for nx, ny in ((x + 1, y), (x, y + 1), (x + 1, y + 1), (x - 1, y + 1)):
            if (nx, ny) in points:
                pygame.draw.line(surface, color, geo.to_px(x, y), geo.to_px(nx, ny), r * 2)
        pygame.draw.circle(surface, color, geo.to_px(x, y), r)


def render_board(board: int, geo: BoardGeometry, text_font: Pen | None = None,
                 opened: Iterable[tuple[int, int]] = ()) -> pygame.Surface:
    """The printed board (no player marks) in a surface of ``geo.rect.size``."""
    geo = geo.local()
    s = geo.spacing
    surface = pygame.Surface(geo.rect.size).convert()
    surface.fill(theme.PANEL)
    pygame.draw.rect(surface, theme.BOARD, geo.rect, border_radius=int(s * 0.4))
    pygame.draw.polygon(surface, (20, 28, 66), _arch_polygon(geo))
    pygame.draw.polygon(surface, (52, 64, 124), _arch_polygon(geo), geo.width(0.03))
    info = data.BOARDS[board]
    opened = set(opened)
    _draw_blob(surface, geo, set(info["illustration"]) - opened, (40, 44, 88), 0.36)
    # a little engraved pattern on the artwork so it reads as art, not as holes
    for x, y in set(info["illustration"]) - opened:
        pygame.draw.circle(surface, (62, 66, 118), geo.to_px(x, y), max(1, int(s * 0.12)),
                           geo.width(0.03))
    _draw_blob(surface, geo, set(info["bottom"]), (48, 32, 56), 0.42)
    for x, y in info["bottom"]:
        head = geo.to_px(x, y + 0.12)
        pygame.draw.circle(surface, (74, 50, 80), head, max(2, int(s * 0.14)))
    sprite = star_sprite(max(1, round(s * 0.07)), theme.STAR)
    surface.fblits([(sprite, sprite.get_rect(center=geo.to_px(x, y)))
                    for x, y in usable_points(board, opened)])
    for x, y in info["planets"]:
        draw_planet(surface, geo.to_px(x, y), s)
    for x1, y1, x2, y2 in info["printed_lines"]:
        draw_segment(surface, geo.to_px(x1, y1), geo.to_px(x2, y2), theme.PRINTED_LINE,
                     geo.width(0.075))
    # sun markers between rows 1/2 and 3/4 on both edges
    for row in (1.5, 3.5):
        for side, direction in ((-0.62, 1), (GRID_W - 1 + 0.62, -1)):
            cx, cy = geo.to_px(side, row)
            k = s * 0.16
            pygame.draw.polygon(surface, theme.SUN_SHADE,
                                [(cx - direction * k, cy - k), (cx - direction * k, cy + k),
                                 (cx + direction * k, cy)])
    if text_font is not None:
        label = text_font.render(_(info["name"]), theme.TEXT_DIM)
        surface.blit(label, (int(s * 0.3), int(s * 0.25)))
    return surface


def segment_distance(point: tuple[float, float], segment: Sequence[float]) -> float:
    """Distance from ``point`` to ``segment`` (x1, y1, x2, y2), in grid units."""
    x1, y1, x2, y2 = segment
    dx, dy = x2 - x1, y2 - y1
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((point[0] - x1) * dx
                                                   + (point[1] - y1) * dy) / length))
    return math.dist(point, (x1 + t * dx, y1 + t * dy))


def _badge_on_board(x: float, y: float) -> bool:
    """A badge at (x, y) stays inside the arch's border."""
    inner = ARCH_PAD - BADGE_RADIUS
    if not -inner <= y <= GRID_H - 1 + inner:
        return False
    rows = arch_rows()
    near = {min(GRID_H - 1, max(0, math.floor(y))), min(GRID_H - 1, max(0, math.ceil(y)))}
    return all(rows[row][0] - inner <= x <= rows[row][1] + inner for row in near)


def badge_spot(group: Group, segments: Sequence[Sequence[float]],
               taken: Sequence[tuple[float, float]] = ()) -> tuple[float, float]:
    """Where ``group``'s size badge goes (grid coordinates): beside its stars from the lowest,
    then leftmost (the first one is where BGA writes it), on the first diagonal
    (``BADGE_OFFSETS``) where it stays on the board, clear of every line (``segments``: x1,
    y1, x2, y2) and of the badges already ``taken``; where none is, down-left of the lowest
    star."""
    stars = sorted(group.points, key=lambda p: (p[1], p[0]))
    for sx, sy in stars:
        for dx, dy in BADGE_OFFSETS:
            x, y = sx + dx, sy + dy
            if _badge_on_board(x, y) \
                    and all(segment_distance((x, y), seg) >= BADGE_CLEAR for seg in segments) \
                    and all(math.hypot(x - bx, y - by) >= 2 * BADGE_RADIUS + 0.05
                            for bx, by in taken):
                return x, y
    sx, sy = stars[0]
    return sx + BADGE_OFFSETS[0][0], sy + BADGE_OFFSETS[0][1]


def draw_badge_legend(surface: pygame.Surface, geo: BoardGeometry, font: Pen) -> None:
    """What the circled numbers are, in the board's top-right corner outside the arch (right
    of its top row, above the next): they were explained only on the rules page (a Japanese
    player's playtest). Left out where the corner is too small for it (small boards)."""
    lines = _("Circled number:\nthe lines of its group").split("\n")
    s = geo.spacing
    rows = arch_rows()
    top_row = GRID_H - 1
    left = geo.to_px(rows[top_row][1] + ARCH_PAD + 0.2, 0)[0]
    right = geo.rect.right - int(s * 0.25)
    top = geo.rect.y + int(s * 0.2)
    bottom = geo.to_px(0, top_row - 1 + ARCH_PAD + 0.1)[1]
    height = font.get_linesize()
    if any(font.size(line)[0] > right - left for line in lines) or \
            top + height * len(lines) > bottom:
        return
    for i, line in enumerate(lines):
        label = font.render(line, theme.TEXT_DIM)
        surface.blit(label, label.get_rect(topright=(right, top + i * height)))


def size_color(size: int, valid: bool) -> theme.Color:
    if valid:
        return theme.ACCENT
    return theme.WARNING if size > 8 else theme.TEXT_DIM


class SurfaceCache:
    """Least-recently-used surfaces under a memory budget (a 4K board layer is ~15 MB)."""

    def __init__(self, budget_bytes: int) -> None:
        self.budget = budget_bytes
        self.items: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.bytes = 0

    def get(self, key: tuple) -> pygame.Surface | None:
        surface = self.items.get(key)
        if surface is not None:
            self.items.move_to_end(key)
        return surface

    def put(self, key: tuple, surface: pygame.Surface) -> None:
        if key in self.items:
            self.bytes -= _size_of(self.items.pop(key))
        self.items[key] = surface
        self.bytes += _size_of(surface)
        while self.bytes > self.budget and len(self.items) > 1:
            _, old = self.items.popitem(last=False)
            self.bytes -= _size_of(old)

    def __len__(self) -> int:
        return len(self.items)


def _size_of(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


class SheetRenderer:
    """Caches board and sheet layers per (board, size) and (sheet content, size)."""

    def __init__(self, budget_mb: int = 160) -> None:
        self.boards = SurfaceCache(budget_mb * 1024 * 1024 // 3)
        self.sheets = SurfaceCache(budget_mb * 1024 * 1024)
        self.shades: dict[tuple, pygame.Surface] = {}

    @staticmethod
    def _key(sheet: dict) -> tuple:
        return (sheet["board"], tuple(map(tuple, sheet["lines"])),
                tuple(tuple(map(tuple, star)) for star in sheet["shooting_stars"]),
                tuple((o["kind"], tuple(o["at"])) for o in sheet["objects"]))

    def board_layer(self, board: int, geo: BoardGeometry, font: Pen | None,
                    opened: tuple = ()) -> pygame.Surface:
        # the board's name is printed in the window's language
        key = (board, geo.rect.size, opened, font is not None and _(data.BOARDS[board]["name"]))
        layer = self.boards.get(key)
        if layer is None:
            layer = render_board(board, geo, font, opened)
            self.boards.put(key, layer)
        return layer

    def sheet_layer(self, sheet: dict, geo: BoardGeometry, *, day: int = 0,
                    pending: Sequence[Sequence[int]] = (), sizes: bool = True,
                    font: Pen | None = None,
                    badge_font: Pen | None = None, legend: bool = False) -> pygame.Surface:
        """The board with everything drawn on ``sheet``; closed rows shaded up to ``day``;
        ``legend``: say what the circled numbers are (one large board, not a row of them)."""
        key = (self._key(sheet), geo.rect.size, day, tuple(map(tuple, pending)), sizes,
               font is not None and _(data.BOARDS[sheet["board"]]["name"]), legend)
        layer = self.sheets.get(key)
        if layer is not None:
            return layer
        index = SheetIndex(sheet)
        opened = tuple(sorted(index.opened))
        layer = self.board_layer(sheet["board"], geo, font, opened).copy()
        local = geo.local()
        self.draw_marks(layer, local, sheet, index, pending, sizes, badge_font,
                        font if legend else None)
        if day > 0:
            shade = self.shade(local, 2 * day)
            layer.blit(shade, shade.get_rect(bottomleft=(0, local.rect.h)))
        self.sheets.put(key, layer)
        return layer

    def draw_marks(self, surface: pygame.Surface, geo: BoardGeometry, sheet: dict,
                   index: SheetIndex, pending: Sequence[Sequence[int]], sizes: bool,
                   badge_font: Pen | None, legend_font: Pen | None = None) -> None:
        s = geo.spacing
        width = geo.width(0.085)
        pending_set = {tuple(p) for p in pending}
        for line in sheet["lines"]:
            color = theme.PENDING_LINE if tuple(line) in pending_set else theme.LINE
            draw_segment(surface, geo.to_px(line[0], line[1]), geo.to_px(line[2], line[3]),
                         color, width)
        for star in sheet["shooting_stars"]:
            points = [geo.to_px(p[0], p[1]) for p in star]
            for a, b in zip(points, points[1:], strict=False):
                draw_segment(surface, a, b, theme.SHOOTING, geo.width(0.06))
            pygame.draw.polygon(surface, (255, 230, 150),
                                _star_polygon(points[0], s * 0.3, s * 0.13))
        for obj in sheet["objects"]:
            if obj["kind"] != data.NEW_STAR:  # re-opened stars are drawn by the board layer
                draw_object(surface, obj["kind"], geo, obj["at"])
        for obj in sheet["objects"]:
            if obj["kind"] == data.NEW_STAR:
                draw_object(surface, obj["kind"], geo, obj["at"])
        if sizes and badge_font is not None:
            segments = [list(line) for line in sheet["lines"]] + [
                [*a, *b] for star in sheet["shooting_stars"]
                for a, b in zip(star, star[1:], strict=False)]
            taken: list[tuple[float, float]] = []
            for group in index.groups():
                if group.size >= 2:
                    taken.append(badge_spot(group, segments, taken))
                    self.draw_badge(surface, geo, group, taken[-1], badge_font)
            if taken and legend_font is not None:
                draw_badge_legend(surface, geo, legend_font)

    @staticmethod
    def draw_badge(surface: pygame.Surface, geo: BoardGeometry, group: Group,
                   spot: tuple[float, float], font: Pen) -> None:
        cx, cy = geo.to_px(*spot)
        color = size_color(group.size, group.valid)
        r = max(4, int(geo.spacing * BADGE_RADIUS))
        pygame.draw.circle(surface, (10, 12, 30), (cx, cy), r)
        pygame.draw.circle(surface, color, (cx, cy), r, max(1, geo.width(0.03)))
        label = font.render(str(group.size), color)
        surface.blit(label, label.get_rect(center=(cx, cy + 1)))

    def shade(self, geo: BoardGeometry, rows: int) -> pygame.Surface:
        """The dawn over the ``rows`` closed bottom rows (an alpha surface, cached)."""
        key = (geo.rect.size, rows)
        if key not in self.shades:
            top = geo.to_px(0, rows - 0.5)[1]
            height = max(1, geo.rect.h - top - int(geo.spacing * 0.1))
            shade = pygame.Surface((geo.rect.w, height), pygame.SRCALPHA)
            for i in range(height):
                k = i / height
                shade.fill((*theme.SUN_SHADE, int(40 + 70 * k)), (0, i, geo.rect.w, 1))
            pygame.draw.line(shade, (*theme.SUN_SHADE, 200), (0, 0), (geo.rect.w, 0),
                             geo.width(0.04))
            self.shades[key] = shade.convert_alpha()
        return self.shades[key]


# --- cards -------------------------------------------------------------------------------------


def card_points(segments: Iterable[Sequence[int]]) -> set[tuple[int, int]]:
    return {(s[0], s[1]) for s in segments} | {(s[2], s[3]) for s in segments}


def shape_box(segments: Sequence[Sequence[int]]) -> tuple[float, float]:
    """The centre of a shape's points (to hold a ghost by its middle)."""
    pts = card_points(segments)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def _card_frame(size: int, fill: theme.Color, edge: theme.Color) -> pygame.Surface:
    card = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(3, size // 12)
    pygame.draw.rect(card, fill, card.get_rect(), border_radius=radius)
    inner = card.get_rect().inflate(-max(2, size // 40), -max(2, size // 40))
    pygame.draw.rect(card, edge, inner, max(1, size // 70), border_radius=radius)
    return card


def _draw_shape(card: pygame.Surface, segments: Sequence[Sequence[int]], area: pygame.Rect,
                color: theme.Color, rot: int = 0) -> None:
    step = area.w / 3.6
    def to_px(x: int, y: int) -> tuple[int, int]:
        x, y = rotate_point(x, y, rot)
        return (round(area.x + (x + 0.3) * step), round(area.bottom - (y + 0.3) * step))
    dot = max(1, int(step * 0.07))
    for x in range(4):
        for y in range(4):
            pygame.draw.circle(card, (120, 130, 190), to_px(x, y), dot)
    width = max(2, int(step * 0.11))
    for x1, y1, x2, y2 in segments:
        draw_segment(card, to_px(x1, y1), to_px(x2, y2), color, width)
        for point in ((x1, y1), (x2, y2)):
            pygame.draw.circle(card, (255, 255, 255), to_px(*point), max(2, int(step * 0.1)))


def render_card(card_id: int, size: int, rot: int = 0, star_size: int = 3) -> pygame.Surface:
    """The face of night card ``card_id`` (line card or shooting star), ``size`` px square,
    turned ``rot`` quarter turns as the ghost is (a shooting star of ``star_size`` segments,
    its head where the ghost's is)."""
    card = _card_frame(size, (26, 34, 80), theme.ACCENT)
    area = pygame.Rect(0, 0, int(size * 0.8), int(size * 0.8))
    area.center = (size // 2, size // 2)
    if card_id in data.SHOOTING_STAR_CARD_IDS:
        step = area.w / 3.6

        def to_px(x: int, y: int) -> tuple[int, int]:
            x, y = rotate_point(x, y, rot)
            return (round(area.x + (x + 0.3) * step), round(area.bottom - (y + 0.3) * step))

        pts = [to_px(*p) for p in data.SHOOTING_STAR_SHAPES[star_size]]
        for a, b in zip(pts, pts[1:], strict=False):
            draw_segment(card, a, b, theme.SHOOTING, max(2, int(step * 0.1)))
        pygame.draw.polygon(card, (255, 230, 150), _star_polygon(pts[0], step * 0.45, step * 0.2))
    else:
        _draw_shape(card, data.LINE_CARDS[card_id], area, theme.LINE, rot)
    return card


def render_card_back(size: int) -> pygame.Surface:
    card = _card_frame(size, (40, 26, 70), (200, 170, 255))
    c = (size / 2, size / 2)
    pygame.draw.polygon(card, (200, 170, 255), _star_polygon(c, size * 0.28, size * 0.12))
    pygame.draw.circle(card, (200, 170, 255), (size // 2, size // 2), int(size * 0.36),
                       max(1, size // 60))
    return card


#: what each power is called on its card and in the window
POWER_NAMES: dict[str, str] = {
    data.PLANET: N_("Planet"),
    data.LINE: N_("Line"),
    data.NEW_STAR: N_("New star"),
    data.GALAXY: N_("Galaxy"),
    data.TWINKLING_STAR: N_("Twinkling star"),
    data.NOVA: N_("Nova"),
    data.AURA: N_("Aura"),
    data.CRESCENT_MOON: N_("Crescent moon"),
    data.BLACK_HOLE: N_("Black hole"),
}


def power_label(power: str) -> str:
    """A power's name in the window's language ("New star")."""
    known = POWER_NAMES.get(power)
    return _(known) if known is not None else power.replace("_", " ").capitalize()


def bonus_title(kind: str, number: int) -> str:
    """What a bonus card says: its points per copy, or its power."""
    if kind == "point":
        points = data.POINT_CARDS[number - 1]["points"]
        return ngettext("{n} point each", "{n} points each", points).format(n=points)
    return power_label(data.POWER_CARDS[number - 1]["power"])


def bonus_title_fits(kind: str, number: int, size: int, small: Pen) -> bool:
    """Whether the card of ``size`` px can print its title (else it is left to a caption)."""
    return small.size(bonus_title(kind, number))[0] <= size - 8


def render_bonus_card(kind: str, number: int, size: int, font: Pen,
                      small: Pen) -> pygame.Surface:
    """A point-bonus (``kind="point"``, 1..10) or power-bonus (``"power"``, 1..9) card; a card
    too small for its title at a readable size leaves it out (see ``bonus_title_fits``)."""
    if kind == "point":
        info = data.POINT_CARDS[number - 1]
        card = _card_frame(size, (24, 46, 70), (130, 230, 200))
        color = (150, 240, 210)
    else:
        info = data.POWER_CARDS[number - 1]
        card = _card_frame(size, (54, 30, 72), (240, 150, 230))
        color = (250, 180, 240)
    title = bonus_title(kind, number)
    area = pygame.Rect(0, 0, int(size * 0.66), int(size * 0.66))
    area.midtop = (size // 2, int(size * 0.06))
    if not bonus_title_fits(kind, number, size, small):
        area = pygame.Rect(0, 0, int(size * 0.8), int(size * 0.8))
        area.center = (size // 2, size // 2)
        _draw_shape(card, info["segments"], area, color)
        return card
    _draw_shape(card, info["segments"], area, color)
    label = font.render(title, theme.TEXT)
    if label.get_width() > size - 8:
        label = small.render(title, theme.TEXT)
    card.blit(label, label.get_rect(midbottom=(size // 2, size - int(size * 0.05))))
    return card
