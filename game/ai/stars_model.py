"""A bot's fast working copy of one Look at the Stars sheet, and the evaluation bots search with.

The engine rebuilds a ``SheetIndex`` and rescoring a sheet costs ~0.1 ms; a search that weighs
every placement of many possible cards needs a placement's value in a few microseconds. ``Model``
keeps the line groups in a union-find, the sizes of the valid constellations, the planets each
group touches, the bonus shapes found and the legality masks, so ``gain`` values a placement
without copying anything, and ``add_lines`` / ``add_shooting_star`` update it in place.

The value is the score so far plus a *potential* for what the sheet leaves open: small groups
that may still become constellations, constellations whose size is already held (they score
only if they grow into a missing size), bonus shapes with all but one or two lines drawn (and
the missing ones still drawable), unused power copies. ``Weights`` holds the numbers (tuned by
``bench/ai.py --tune``); the potential fades out as the last cards come, so the value of a
finished sheet is its score.

Point-bonus copies are counted greedily as lines come (the engine finds the maximum), and objects
other than planets and novas are scored by a loop over the groups; the engine stays the judge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules.stars import data
from game.rules.stars.geometry import (
    MID_BITS,
    POINT_BITS,
    POINT_CARD_ROTATIONS,
    POWER_CARD_ROTATIONS,
    SEGMENT_BITS,
    Point,
    Segment,
    neighbours,
    norm,
    path_segments,
)
from game.rules.stars.placement import (
    _card_candidates,
    _shooting_static,
    _static_bad_mask,
    line_bad_mask,
)
from game.rules.stars.powers import power_name
from game.rules.stars.sheet import SheetIndex, copy_sheet

Copy = tuple[Segment, ...]


@dataclass(frozen=True)
class Weights:
    """The potential's numbers (points of final score a feature is worth, early in the game).

    ``small``: a group of 1 or 2 lines; ``small_planet``: per planet such a group touches;
    ``duplicate``: a valid constellation whose size another already holds; ``over``: per line
    of a group too big to score; ``shape``: a point-bonus copy with 1, 2, 3 of its lines drawn
    (as a share of the card's points); ``power_shape``: likewise for the power shape (one use);
    ``power_use``: what one use of the power is worth, per power; ``low_rows``: per line drawn in
    rows the sun closes next (space that is lost anyway); ``fade``: cards left at which the
    potential starts to fade linearly to 0 at the last card.
    """

    small: tuple[float, float] = (0.8, 2.0)
    small_planet: float = 0.5
    duplicate: float = 1.0
    over: float = -0.5
    shape: tuple[float, float, float] = (0.0, 0.15, 0.45)
    power_shape: tuple[float, float] = (0.1, 0.3)
    power_use: dict[str, float] = field(
        default_factory=lambda: {
            data.LINE: 1.5,
            data.PLANET: 2.0,
            data.NEW_STAR: 0.5,
            data.GALAXY: 2.0,
            data.AURA: 2.0,
            data.NOVA: 1.0,
            data.TWINKLING_STAR: 1.5,
            data.CRESCENT_MOON: 2.0,
            data.BLACK_HOLE: 3.0,
        }
    )
    low_rows: float = 0.2
    fade: int = 6


#: objects whose points depend on the groups around them (``object_points``): the batched
#: playouts (``stars_batch``) play a sheet holding one in Python, whole
PYTHON_OBJECTS = frozenset({data.TWINKLING_STAR, data.CRESCENT_MOON, data.BLACK_HOLE})

DEFAULT_WEIGHTS = Weights()
#: ``hard``'s numbers: the lines in the rows the sun closes next weigh more (0.35 a line) and
#: the potential fades over the last 8 cards, not 6. Its lookahead finds the answers those
#: open; the same numbers make ``normal`` weaker (docs/AI.md, tuning of hard)
HARD_WEIGHTS = Weights(low_rows=0.35, fade=8)


def _all_copies(rotations: list[tuple[Segment, ...]]) -> list[Copy]:
    """Every placement of a bonus shape inside the grid."""
    out: list[Copy] = []
    for shape in rotations:
        width = max(max(s[0], s[2]) for s in shape)
        height = max(max(s[1], s[3]) for s in shape)
        for dx in range(data.GRID_WIDTH - width):
            for dy in range(data.GRID_HEIGHT - height):
                out.append(tuple(sorted((a + dx, b + dy, c + dx, d + dy) for a, b, c, d in shape)))
    return sorted(set(out))


def _by_segment(copies: list[Copy]) -> dict[Segment, list[int]]:
    table: dict[Segment, list[int]] = {}
    for i, copy in enumerate(copies):
        for seg in copy:
            table.setdefault(seg, []).append(i)
    return table


_POINT_COPIES = [_all_copies(r) for r in POINT_CARD_ROTATIONS]
_POINT_BY_SEG = [_by_segment(c) for c in _POINT_COPIES]
_POWER_COPIES = [_all_copies(r) for r in POWER_CARD_ROTATIONS]
_POWER_BY_SEG = [_by_segment(c) for c in _POWER_COPIES]
#: per unit segment: the bits a line there must not share with the bad mask
_SEG_MASK: dict[Segment, int] = {
    seg: POINT_BITS[seg[0], seg[1]]
    | POINT_BITS[seg[2], seg[3]]
    | MID_BITS[(seg[0] + seg[2], seg[1] + seg[3])]
    | bit
    for seg, bit in SEGMENT_BITS.items()
}


def _planet_masks(planets: list[Point]) -> dict[Point, int]:
    """Point -> bit mask of the planets it is a neighbour of."""
    masks: dict[Point, int] = {}
    for i, p in enumerate(planets):
        for q in neighbours(p):
            masks[q] = masks.get(q, 0) | 1 << i
    return masks


class Model:
    """See the module docstring. Build one from a sheet with ``Model(sheet, day, spent, used)``."""

    __slots__ = (
        "sheet", "board", "day", "power", "parent", "size", "points", "pmask", "at_point",
        "at_mid", "counts", "planet_score", "planets", "planet_of", "novas", "ss_score",
        "line_bad", "ss_bad", "shape_used", "shape_count", "shape_points",
        "spent", "once_used", "lines", "point_card", "power_card", "auras",
    )

    def __init__(
        self,
        sheet: dict[str, Any],
        day: int,
        spent: list[list[int]] | tuple = (),
        once_used: bool = False,
    ) -> None:
        self.sheet = copy_sheet(sheet)
        self.board = sheet["board"]
        self.day = day
        self.point_card = sheet["point_card"]
        self.power_card = sheet["power_card"]
        self.power = power_name(self.power_card)
        index = SheetIndex(self.sheet)
        self.line_bad = line_bad_mask(index, day)
        ss_bad = _static_bad_mask(self.board, day)
        for p in index.blocked.keys() | index.line_points | index.ss_points:
            ss_bad |= POINT_BITS.get(p, 0)
        for m in index.line_mids | index.ss_mids:
            ss_bad |= MID_BITS.get(m, 0)
        self.ss_bad = ss_bad
        self.planets = list(index.planets)
        self.planet_of = _planet_masks(self.planets)
        self.novas = set(index.objects[data.NOVA])
        self.auras = bool(index.objects[data.AURA])
        self.ss_score = sum(len(s) - 1 for s in index.shooting_stars)
        self.parent: dict[Segment, Segment] = {}
        self.size: dict[Segment, int] = {}
        self.points: dict[Segment, set[Point]] = {}
        self.pmask: dict[Segment, int] = {}
        self.at_point: dict[Point, Segment] = {}
        self.at_mid: dict[Point, Segment] = {}
        self.counts = [0] * 64
        self.planet_score = 0
        self.lines: set[Segment] = set()
        self.shape_used: set[Segment] = set()
        self.shape_count = 0
        self.shape_points = data.POINT_CARDS[self.point_card - 1]["points"]
        self.spent = {norm(*s) for s in spent}
        self.once_used = once_used
        for seg in index.lines:
            self._link(seg)
        # point-bonus copies found as the engine would (maximum), then kept greedily
        from game.rules.stars.scoring import point_bonus_copies

        self.shape_count = point_bonus_copies(index)
        if self.shape_count:
            from game.rules.stars.geometry import find_copies
            from game.rules.stars.packing import max_disjoint

            copies = find_copies(POINT_CARD_ROTATIONS[self.point_card - 1], index.line_set)
            for copy in max_disjoint(copies):
                self.shape_used.update(copy)

    # --- building ----------------------------------------------------------------------------
    def clone(self) -> Model:
        out = Model.__new__(Model)
        out.sheet = {
            **self.sheet,
            "lines": list(self.sheet["lines"]),
            "shooting_stars": list(self.sheet["shooting_stars"]),
            "objects": list(self.sheet["objects"]),
        }
        for name in ("board", "day", "power", "counts", "planet_score", "planets", "planet_of",
                     "novas", "ss_score", "line_bad", "ss_bad", "shape_count", "shape_points",
                     "once_used", "point_card", "power_card", "auras"):
            setattr(out, name, getattr(self, name))
        out.counts = list(self.counts)
        out.parent = dict(self.parent)
        out.size = dict(self.size)
        out.points = {r: set(p) for r, p in self.points.items()}
        out.pmask = dict(self.pmask)
        out.at_point = dict(self.at_point)
        out.at_mid = dict(self.at_mid)
        out.lines = set(self.lines)
        out.shape_used = set(self.shape_used)
        out.spent = set(self.spent)
        return out

    def _find(self, seg: Segment) -> Segment:
        parent = self.parent
        while parent[seg] != seg:
            parent[seg] = parent[parent[seg]]
            seg = parent[seg]
        return seg

    def _valid(self, root: Segment) -> bool:
        n = self.size[root]
        if 3 <= n <= 8:
            return True
        return 9 <= n <= 10 and bool(self.novas) and not self.novas.isdisjoint(self.points[root])

    def _drop(self, root: Segment) -> None:
        if self._valid(root):
            self.counts[self.size[root]] -= 1
            self.planet_score -= self.pmask[root].bit_count()

    def _keep(self, root: Segment) -> None:
        if self._valid(root):
            self.counts[self.size[root]] += 1
            self.planet_score += self.pmask[root].bit_count()

    def _link(self, seg: Segment) -> None:
        """Add one line to the groups (no masks, no bonus shapes)."""
        a, b = (seg[0], seg[1]), (seg[2], seg[3])
        mid = (seg[0] + seg[2], seg[1] + seg[3])
        diagonal = seg[0] != seg[2] and seg[1] != seg[3]
        roots = set()
        for key, table in ((a, self.at_point), (b, self.at_point)):
            other = table.get(key)
            if other is not None:
                roots.add(self._find(other))
        if diagonal and mid in self.at_mid:
            roots.add(self._find(self.at_mid[mid]))
        self.lines.add(seg)
        self.parent[seg] = seg
        self.size[seg] = 1
        self.points[seg] = {a, b}
        planet_of = self.planet_of
        self.pmask[seg] = planet_of.get(a, 0) | planet_of.get(b, 0)
        self.at_point.setdefault(a, seg)
        self.at_point.setdefault(b, seg)
        if diagonal:
            self.at_mid.setdefault(mid, seg)
        root = seg
        for other in roots:
            self._drop(other)
            self.parent[other] = root
            self.size[root] += self.size.pop(other)
            self.points[root] |= self.points.pop(other)
            self.pmask[root] |= self.pmask.pop(other)
        self._keep(root)

    def add_lines(self, segs: list[Segment]) -> int:
        """Draw lines (normalized, legal); returns the number of new power uses they earn."""
        for seg in segs:
            self._link(seg)
            self.sheet["lines"].append(list(seg))
            m = _SEG_MASK[seg]
            self.line_bad |= SEGMENT_BITS[seg]
            self.ss_bad |= m & ~SEGMENT_BITS[seg]
        copies = _POINT_COPIES[self.point_card - 1]
        for seg in segs:
            for i in _POINT_BY_SEG[self.point_card - 1].get(seg, ()):
                copy = copies[i]
                if self.shape_used.isdisjoint(copy) and all(s in self.lines for s in copy):
                    self.shape_used.update(copy)
                    self.shape_count += 1
        return len(self.new_power_copies(segs))

    def new_power_copies(self, segs: list[Segment]) -> list[Copy]:
        """Complete unspent copies of the power shape through ``segs`` (disjoint, greedy)."""
        if self.once_used and self.power in data.ONCE_PER_GAME_POWERS:
            return []
        copies = _POWER_COPIES[self.power_card - 1]
        found: list[Copy] = []
        taken = set(self.spent)
        for seg in segs:
            for i in _POWER_BY_SEG[self.power_card - 1].get(seg, ()):
                copy = copies[i]
                if taken.isdisjoint(copy) and all(s in self.lines for s in copy):
                    found.append(copy)
                    taken.update(copy)
        return found

    def spend(self, copy: Copy) -> None:
        self.spent.update(copy)
        if self.power in data.ONCE_PER_GAME_POWERS:
            self.once_used = True

    def add_shooting_star(self, points: list[Point]) -> None:
        self.sheet["shooting_stars"].append([list(p) for p in points])
        self.ss_score += len(points) - 1
        bits = 0
        for p in points:
            bits |= POINT_BITS[p]
        for seg in path_segments(points):
            bits |= MID_BITS[(seg[0] + seg[2], seg[1] + seg[3])]
        self.line_bad |= bits
        self.ss_bad |= bits

    def set_day(self, day: int) -> None:
        if day != self.day:
            self.day = day
            static = _static_bad_mask(self.board, day)
            self.line_bad |= static
            self.ss_bad |= static

    # --- candidates --------------------------------------------------------------------------
    def line_placements(self, card_id: int) -> list[tuple]:
        """Legal ``(rot, dx, dy, seg1, seg2, mask)`` of a line card on this sheet."""
        bad = self.line_bad
        return [c for c in _card_candidates(card_id) if not c[5] & bad]

    def shooting_placements(self) -> list[tuple[int, int, int, int]]:
        bad = self.ss_bad
        return [c[:4] for c in _shooting_static() if not c[4] & bad]

    def drawable(self, seg: Segment) -> bool:
        return not _SEG_MASK[seg] & self.line_bad

    def with_object(self, kind: str, at: list[int]) -> Model:
        """A new model of this sheet with a power's object placed at ``at`` (objects change
        what the sheet scores, so it is built again, not cloned)."""
        sheet = {**self.sheet, "objects": self.sheet["objects"] + [{"kind": kind, "at": at}]}
        return Model(sheet, self.day, sorted(self.spent), self.once_used)

    def drawable_segments(self) -> list[Segment]:
        """Every unit segment a line may be drawn on now (the Line power's targets)."""
        bad = self.line_bad
        return [seg for seg, mask in _SEG_MASK.items() if not mask & bad]

    # --- value -------------------------------------------------------------------------------
    def constellation_points(self, counts: list[int]) -> int:
        return sum(s for s in range(3, 11) if counts[s])

    def score(self) -> int:
        """Score so far by the model (exact but for a rare point-bonus packing)."""
        return (
            self.constellation_points(self.counts)
            + self.planet_score
            + self.ss_score
            + self.shape_count * self.shape_points
            + self.object_points()
        )

    def object_points(self) -> int:
        """Power-bonus points of the objects on the sheet (planets count as planets)."""
        objects = self.sheet["objects"]
        if not objects:
            return 0
        valid = [self.points[r] for r in self.size if self._valid(r)]
        total = 0
        for obj in objects:
            kind = obj["kind"]
            at = (obj["at"][0], obj["at"][1])
            if kind in data.FLAT_OBJECT_POINTS:
                total += data.FLAT_OBJECT_POINTS[kind]
            elif kind == data.TWINKLING_STAR:
                near = set(neighbours(at))
                if sum(1 for pts in valid if not pts.isdisjoint(near)) == 2:
                    total += data.TWINKLING_STAR_POINTS
            elif kind == data.CRESCENT_MOON:
                total += sum(1 for pts in valid if any(x == at[0] or y == at[1] for x, y in pts))
            elif kind == data.BLACK_HOLE:
                total += self._black_hole_points(at)
        return total

    def _black_hole_points(self, hole: Point) -> int:
        from game.rules.stars.scoring import _free_star_at_end

        index = SheetIndex(self.sheet)
        return sum(1 for q in neighbours(hole) if _free_star_at_end(index, q, hole))

    def value(self, weights: Weights, cards_left: int) -> float:
        """Score plus the faded potential of the sheet as it is."""
        return self.score() + self._fade(weights, cards_left) * self._potential(weights)

    @staticmethod
    def _fade(weights: Weights, cards_left: int) -> float:
        return min(1.0, cards_left / weights.fade) if weights.fade > 0 else 1.0

    def _potential(self, weights: Weights) -> float:
        total = 0.0
        for root, n in self.size.items():
            total += self._group_potential(weights, n, self.pmask[root], self._valid(root))
        total += weights.duplicate * sum(c - 1 for c in self.counts[3:11] if c > 1)
        total += self._shapes_potential(weights)
        return total

    @staticmethod
    def _group_potential(weights: Weights, n: int, pmask: int, valid: bool) -> float:
        if n <= 2:
            return weights.small[n - 1] + weights.small_planet * pmask.bit_count()
        if not valid and n > 8:
            return weights.over * n
        return 0.0

    def _shapes_potential(self, weights: Weights) -> float:
        """Partly drawn bonus shapes whose missing lines may still be drawn."""
        total = 0.0
        copies = _POINT_COPIES[self.point_card - 1]
        lines = self.lines
        bad = self.line_bad
        used = self.shape_used
        shape_w = weights.shape
        points = self.shape_points
        for copy in copies:
            have = 0
            ok = True
            for s in copy:
                if s in lines:
                    have += 1
                elif _SEG_MASK[s] & bad:
                    ok = False
                    break
            k = len(copy) - have
            if ok and have and 1 <= k <= 3 and used.isdisjoint(copy):
                total += shape_w[3 - k] * points
        if self.once_used and self.power in data.ONCE_PER_GAME_POWERS:
            return total
        pcopies = _POWER_COPIES[self.power_card - 1]
        use = weights.power_use[self.power]
        pw = weights.power_shape
        spent = self.spent
        for copy in pcopies:
            have = 0
            ok = True
            for s in copy:
                if s in lines:
                    have += 1
                elif _SEG_MASK[s] & bad:
                    ok = False
                    break
            k = len(copy) - have
            if ok and have and 1 <= k <= 2 and spent.isdisjoint(copy):
                total += pw[2 - k] * use
        return total

    def gain(
        self, segs: tuple[Segment, ...], weights: Weights, cards_left: int, low_rows: int = 0
    ) -> float:
        """The value after drawing ``segs`` (legal, new lines) minus the value now, without
        changing the model. New power uses count ``power_use`` each (the prompt decides)."""
        facts = facts_of(segs, self.point_card, self.power_card)
        return self.gain_of(facts, weights, self._fade(weights, cards_left), low_rows, {}, {})

    def best_line(
        self, card_id: int, weights: Weights, cards_left: int
    ) -> tuple[float, tuple[Segment, ...] | None]:
        """The legal line placement of ``card_id`` with the best gain (the first of equals in
        the candidates' order) and that gain; (0, None) when none gains. The playouts' policy:
        no move dicts, the rows the sun closes next looked up, not counted."""
        bad = self.line_bad
        day = self.day
        gain_of = self.gain_of
        fade = self._fade(weights, cards_left)
        shapes: dict[int, int] = {}
        powers: dict[int, int] = {}
        best = 0.0
        best_segs = None
        for mask, facts in card_facts(card_id, self.point_card, self.power_card):
            if mask & bad:
                continue
            gain = gain_of(facts, weights, fade, facts[5][day], shapes, powers)
            if gain > best:
                best, best_segs = gain, facts[0]
        return best, best_segs

    def gain_of(
        self,
        facts: tuple,
        weights: Weights,
        fade: float,
        low_rows: int,
        shapes: dict[int, int],
        powers: dict[int, int],
    ) -> float:
        """``gain`` of the lines whose ``facts_of`` are given, the potential weighed by
        ``fade`` (``_fade`` of the cards left): the search's hot path, so the
        lines' fixed facts (ends, bonus-shape copies through them, rows) come precomputed, and
        what the sheet makes of each bonus-shape copy is kept in ``shapes`` and ``powers``
        (``_copy_state``; empty dicts, or ones filled on this very sheet).
        The sums run in the order they always have, so every bot's choices stay the same to
        the last bit."""
        _, ends, joined, point_through, power_through, _ = facts
        find = self._find
        parent = self.parent
        at_point = self.at_point
        at_mid = self.at_mid
        touched: list[set[Segment]] = []
        # a root is found without calling ``_find`` when the line's parent is one (most are):
        # the hot path's main saving, written out for each of the three places a group meets
        for a, b, mid in ends:
            roots = set()
            other = at_point.get(a)
            if other is not None:
                root = parent[other]
                roots.add(root if parent[root] == root else find(root))
            other = at_point.get(b)
            if other is not None:
                root = parent[other]
                roots.add(root if parent[root] == root else find(root))
            if mid is not None:
                other = at_mid.get(mid)
                if other is not None:
                    root = parent[other]
                    roots.add(root if parent[root] == root else find(root))
            touched.append(roots)
        # components among the new lines
        if len(ends) == 2:
            if joined or not touched[0].isdisjoint(touched[1]):
                comps = [(ends, touched[0] | touched[1])]
            else:
                comps = [(ends[:1], touched[0]), (ends[1:], touched[1])]
        else:
            comps = [((e,), roots) for e, roots in zip(ends, touched, strict=True)]
        changed: dict[int, int] = {}
        planet_delta = 0
        pot_delta = 0.0
        planet_of = self.planet_of
        novas = self.novas
        size = self.size
        pmask = self.pmask
        points = self.points
        group_potential = self._group_potential
        for new, roots in comps:
            n = len(new)
            mask = 0
            has_nova = False
            for a, b, _ in new:
                mask |= planet_of.get(a, 0) | planet_of.get(b, 0)
                if novas and (a in novas or b in novas):
                    has_nova = True
            for root in roots:
                k = size[root]
                n += k
                m = pmask[root]
                mask |= m
                valid = self._valid(root)
                if valid:
                    changed[k] = changed.get(k, 0) - 1
                    planet_delta -= m.bit_count()
                if novas and not has_nova and not novas.isdisjoint(points[root]):
                    has_nova = True
                pot_delta -= group_potential(weights, k, m, valid)
            valid = 3 <= n <= 8 or (has_nova and 9 <= n <= 10)
            if valid:
                changed[n] = changed.get(n, 0) + 1
                planet_delta += mask.bit_count()
            pot_delta += group_potential(weights, n, mask, valid)
        const_delta = 0
        if changed:
            # the change of ``constellation_points`` and of the duplicate count, size by size
            counts = self.counts
            duplicates = 0
            for s, d in changed.items():
                if 3 <= s <= 10:
                    before = counts[s]
                    after = before + d
                    const_delta += (s if after else 0) - (s if before else 0)
                    duplicates += ((after - 1 if after > 1 else 0)
                                   - (before - 1 if before > 1 else 0))
            pot_delta += weights.duplicate * duplicates
        # bonus shapes through the new lines (legal: they never block a copy)
        lines = self.lines
        bad = self.line_bad
        delta, done_shapes = _copies_through(
            0.0, point_through, shapes, lines, bad, self.shape_used, weights.shape, 3,
            self.shape_points)
        power = self.power
        done_powers: list[Copy] = []
        if not (self.once_used and power in data.ONCE_PER_GAME_POWERS):
            delta, done_powers = _copies_through(
                delta, power_through, powers, lines, bad, self.spent, weights.power_shape, 2,
                weights.power_use[power])
        pot_delta += delta
        shape_delta = _disjoint(done_shapes) * self.shape_points if done_shapes else 0
        uses = 0
        if done_powers:
            uses = _disjoint(done_powers, 1 if power in data.ONCE_PER_GAME_POWERS else 0)
        pot_delta += weights.low_rows * low_rows
        return (
            const_delta
            + planet_delta
            + shape_delta
            + uses * weights.power_use[power]
            + fade * pot_delta
        )


#: ``facts_of`` per (point card, power card), then per tuple of lines; ``card_facts`` per
#: (card, point card, power card): fixed by the grid and the bonus cards, so kept
_FACTS: dict[tuple[int, int], dict[tuple[Segment, ...], tuple]] = {}
_CARD_FACTS: dict[tuple[int, int, int], list[tuple[int, tuple]]] = {}
_DAYS = data.CARDS_PER_GAME // data.CARDS_PER_PILE


def facts_of(segs: tuple[Segment, ...], point_card: int, power_card: int) -> tuple:
    """What ``Model.gain_of`` needs to know of some new lines that no sheet changes: the lines,
    each one's ends and (diagonals) crossing point, whether two meet by themselves, the point-
    and power-bonus copies through them (``_through``), and the count of lines in the rows the
    sun closes next per day."""
    table = _FACTS.get((point_card, power_card))
    if table is None:
        table = _FACTS[(point_card, power_card)] = {}
    found = table.get(segs)
    if found is not None:
        return found
    ends = tuple(
        ((s[0], s[1]), (s[2], s[3]),
         (s[0] + s[2], s[1] + s[3]) if s[0] != s[2] and s[1] != s[3] else None)
        for s in segs
    )
    joined = len(segs) == 2 and (
        not {ends[0][0], ends[0][1]}.isdisjoint({ends[1][0], ends[1][1]})
        or (ends[0][2] is not None and ends[0][2] == (segs[1][0] + segs[1][2],
                                                      segs[1][1] + segs[1][3]))
    )
    point_through = _through(segs, _POINT_COPIES[point_card - 1], _POINT_BY_SEG[point_card - 1])
    power_through = _through(segs, _POWER_COPIES[power_card - 1], _POWER_BY_SEG[power_card - 1])
    lows = tuple(low_row_lines(segs, day) for day in range(_DAYS))
    found = (segs, ends, joined, point_through, power_through, lows)
    table[segs] = found
    return found


def _through(
    segs: tuple[Segment, ...], copies: list[Copy], by_seg: dict[Segment, list[int]]
) -> tuple[tuple[int, Copy, int, int], ...]:
    """The copies through ``segs`` (in their order in ``copies``), each as (its index, the
    copy, how many of ``segs`` it holds, its length)."""
    indices = sorted({i for seg in segs for i in by_seg.get(seg, ())})
    return tuple(
        (i, copies[i], sum(1 for s in copies[i] if s in segs), len(copies[i])) for i in indices)


def card_facts(card_id: int, point_card: int, power_card: int) -> list[tuple[int, tuple]]:
    """(legality mask, ``facts_of`` its lines) of every placement of a line card."""
    key = (card_id, point_card, power_card)
    found = _CARD_FACTS.get(key)
    if found is None:
        found = [(c[5], facts_of((c[3], c[4]), point_card, power_card))
                 for c in _card_candidates(card_id)]
        _CARD_FACTS[key] = found
    return found


def low_row_lines(segs: tuple[Segment, ...], day: int) -> int:
    """How many of ``segs`` lie wholly in the rows the sun closes next (none on the last day)."""
    if day >= 2:
        return 0
    top = 2 * (day + 1)
    return sum(1 for s in segs if s[1] < top and s[3] < top)


def low_row_points(points: Sequence[Point], day: int) -> int:
    """How many of ``points`` (a shooting star's) lie in the rows the sun closes next (none on
    the last day)."""
    if day >= 2:
        return 0
    top = 2 * (day + 1)
    return sum(1 for p in points if p[1] < top)


def _disjoint(copies: list[Copy], most: int = 0) -> int:
    """How many of ``copies``, taken in order, share no line with one taken before (at most
    ``most``; 0: no limit): the copies a placement completes that score."""
    taken: set[Segment] = set()
    count = 0
    for copy in copies:
        if taken.isdisjoint(copy):
            taken.update(copy)
            count += 1
            if count == most:
                break
    return count


#: ``_copy_state`` of a copy that can no longer be completed (or is taken)
_DEAD = -1


def _copy_state(copy: Copy, lines: set[Segment], bad: int, taken: set[Segment]) -> int:
    """How many of the copy's lines are drawn, or ``_DEAD`` if it overlaps ``taken`` or one of
    its missing lines can no longer be drawn."""
    if not taken.isdisjoint(copy):
        return _DEAD
    have = 0
    for s in copy:
        if s in lines:
            have += 1
        elif _SEG_MASK[s] & bad:
            return _DEAD
    return have


def _copies_through(
    total: float,
    through: tuple[tuple[int, Copy, int, int], ...],
    states: dict[int, int],
    lines: set[Segment],
    bad: int,
    taken: set[Segment],
    weight: Any,
    most_missing: int,
    value: float,
) -> tuple[float, list[Copy]]:
    """For the copies ``through`` some new lines (``_through``): ``total`` plus how much their
    partial-shape potential (``weight[most_missing - missing] * value`` for 1 to
    ``most_missing`` missing lines) changes when the lines are drawn, and the copies they
    complete. The new lines are legal, so they never block a copy: a copy's state on the sheet
    (``_copy_state``) is the same for every placement, and ``states`` keeps it."""
    done: list[Copy] = []
    for i, copy, added, length in through:
        have = states.get(i)
        if have is None:
            have = states[i] = _copy_state(copy, lines, bad, taken)
        if have == _DEAD:
            continue
        k = length - added - have
        if k == 0:
            done.append(copy)
        elif k <= most_missing:
            total += weight[most_missing - k] * value
        k += added
        if have and 1 <= k <= most_missing:
            total -= weight[most_missing - k] * value
    return total, done
