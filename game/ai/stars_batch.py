"""Look at the Stars playouts played many at once with numpy (``hard:batch=N``; off by default).

``hard`` spends most of its time in ``Model.best_line``: one placement's ``gain_of`` after
another, in Python. Here every sheet of a batch (a decision's candidates times N orders) is a
row of arrays, and one batch step weighs every legal placement of every sheet's next card with
array operations, then plays each sheet's best: per playout about 5-6.5x faster than Python
at 96-384 sheets a batch, 3.6-4.3x at 24, 1.4-2.1x at 6 (the prototype's measurement).

The policy is ``PlayoutBot.playout``'s (``lines`` 0): a line card where its gain is best, a
shooting star where ``option_gain`` is best, skipped when nothing gains; the final value is
``Model.value(weights, cards left)`` plus the power uses at the policy's ``power_use``. The
gains equal ``gain_of``'s up to rounding (the same terms summed in another order, about 1e-15),
and a sheet's best is chosen on gains rounded to 9 decimals, the first in the candidates' order,
so a choice differs from ``best_line``'s only where two gains are equal but for rounding (about
0.5 % of the steps); when the choices agree the final values are identical.

Two cases go to Python (counted in ``BatchPlayouts.stats``): a placement completing two or more
bonus-shape copies at once (which of them count is ``_disjoint``'s greedy choice), and a sheet
holding a twinkling star, crescent moon or black hole, whose points depend on the groups around
them: such a sheet is played out whole by ``stars_bots.play_out``.

The arrays per sheet (row b): the legality bits (``line_bad`` / ``ss_bad``, one column per bit,
the last a spare that is never set), the lines drawn, the group label at each point and at each
diagonal's crossing (a group is labelled by one of its lines' index, ``_NO_SEGMENT`` for none),
each label's size, planet mask and nova flag, the valid constellations per size, the lines of
the bonus copies taken, and the scores. numpy's own loops do the work, so nothing of this needs
a compiler on the players' machines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.ai.stars_bots import StopCheck, day_of_card, play_out
from game.ai.stars_model import (
    _POINT_BY_SEG,
    _POINT_COPIES,
    _POWER_BY_SEG,
    _POWER_COPIES,
    _SEG_MASK,
    PYTHON_OBJECTS,
    Model,
    Weights,
    _disjoint,
    card_facts,
    low_row_points,
)
from game.rules.stars import data
from game.rules.stars.geometry import MID_BITS, POINT_BITS, SEGMENT_BITS, shooting_star_points
from game.rules.stars.packing import set_bits
from game.rules.stars.placement import _card_candidates, _shooting_static, _static_bad_mask

Array = np.ndarray

#: decimals a gain is rounded to before the best is chosen (``best_line``'s near-ties)
GAIN_DECIMALS = 9

_WIDTH = data.GRID_WIDTH
_POINT_COUNT = data.GRID_WIDTH * data.GRID_HEIGHT
_BIT_COUNT = max(max(bits.values()).bit_length() for bits in (POINT_BITS, SEGMENT_BITS, MID_BITS))
#: a bit column never set: pads the bit lists of the tables
_SPARE_BIT = _BIT_COUNT
_SEGMENTS = sorted(_SEG_MASK)
_SEGMENT_ID = {seg: i for i, seg in enumerate(_SEGMENTS)}
#: the label of "no group", and a segment index whose record stays empty
_NO_SEGMENT = len(_SEGMENTS)
_MIDDLES = sorted({(s[0] + s[2], s[1] + s[3]) for s in _SEGMENTS if s[0] != s[2] and s[1] != s[3]})
_MIDDLE_ID = {mid: i for i, mid in enumerate(_MIDDLES)}
_NO_MIDDLE = len(_MIDDLES)
_DAYS = data.CARDS_PER_GAME // data.CARDS_PER_PILE
#: a group's record packed in one integer: size, nova flag, planet mask
_NOVA_SHIFT = 10
_PLANET_SHIFT = 11
_SIZE_MASK = (1 << _NOVA_SHIFT) - 1
#: counts of valid constellations per size: 3-10 score, 11 gathers every bigger size
_COUNT_SIZES = 12


def _point_id(point: tuple[int, int]) -> int:
    return point[1] * _WIDTH + point[0]


def _padded(rows: Sequence[Sequence[int]], fill: int, width: int = 0) -> Array:
    """``rows`` as one int array, each row filled up with ``fill`` (at least one column)."""
    width = max(width, 1, *(len(r) for r in rows))
    out = np.full((len(rows), width), fill, dtype=np.int64)
    for i, row in enumerate(rows):
        out[i, : len(row)] = row
    return out


#: per segment (and a last, empty one): the bits a line there must not find bad
_SEGMENT_CHECK_BITS = np.vstack([
    _padded([set_bits(_SEG_MASK[s]) for s in _SEGMENTS], _SPARE_BIT, 4),
    np.full((1, 4), _SPARE_BIT),
])
#: per segment: its own bit (set in ``line_bad`` once drawn) ...
_SEGMENT_OWN_BIT = np.array([set_bits(SEGMENT_BITS[s])[0] for s in _SEGMENTS])
#: ... and its ends' and middle's bits (set in ``ss_bad``), as ``Model.add_lines`` sets them
_SEGMENT_SHOOTING_BITS = _padded(
    [set_bits(_SEG_MASK[s] & ~SEGMENT_BITS[s]) for s in _SEGMENTS], _SPARE_BIT, 3)


def _bit_row(mask: int) -> Array:
    row = np.zeros(_BIT_COUNT + 1, dtype=bool)
    row[set_bits(mask)] = True
    return row


_STATIC_BAD: dict[tuple[int, int], Array] = {}


def _static_bad(board: int, day: int) -> Array:
    """``_static_bad_mask`` as a bit row (cached)."""
    found = _STATIC_BAD.get((board, day))
    if found is None:
        found = _STATIC_BAD[(board, day)] = _bit_row(_static_bad_mask(board, day))
    return found


def _copy_potentials(weights: Sequence[float], most_missing: int, value: float) -> Array:
    """A partly drawn copy's potential by its missing lines k (0 to ``most_missing`` + 1):
    ``weights[most_missing - k] * value`` for 1 <= k <= ``most_missing``, else 0."""
    out = np.zeros(most_missing + 2)
    for k in range(1, most_missing + 1):
        out[k] = weights[most_missing - k] * value
    return out


class _CardTables:
    """The fixed facts of one (point card, power card) as arrays: every line card's placements
    (``card_facts`` in columns), the bonus-shape copies and the shooting stars."""

    def __init__(self, point_card: int, power_card: int) -> None:
        self.point_card, self.power_card = point_card, power_card
        self.point_copies = _POINT_COPIES[point_card - 1]
        self.power_copies = _POWER_COPIES[power_card - 1]
        self.point_copy_segments = np.array(
            [[_SEGMENT_ID[s] for s in c] for c in self.point_copies])
        self.power_copy_segments = np.array(
            [[_SEGMENT_ID[s] for s in c] for c in self.power_copies])
        self.point_copy_length = len(self.point_copies[0])
        self.power_copy_length = len(self.power_copies[0])
        starts = [0]
        lines: list[tuple] = []
        first, second, ends, middles, joined, low_rows = [], [], [], [], [], []
        point_through, point_added, power_through, power_added = [], [], [], []
        for card in range(len(data.LINE_CARDS)):
            for candidate, (mask, facts) in zip(
                    _card_candidates(card), card_facts(card, point_card, power_card),
                    strict=True):
                assert mask == candidate[5]
                segs, seg_ends, seg_joined, points_through, powers_through, lows = facts
                lines.append(segs)
                first.append(_SEGMENT_ID[segs[0]])
                second.append(_SEGMENT_ID[segs[1]])
                ends.append([_point_id(end) for a, b, _ in seg_ends for end in (a, b)])
                middles.append([_NO_MIDDLE if m is None else _MIDDLE_ID[m] for _, _, m in seg_ends])
                joined.append(seg_joined)
                low_rows.append(list(lows))
                point_through.append([t[0] for t in points_through])
                point_added.append([t[2] for t in points_through])
                power_through.append([t[0] for t in powers_through])
                power_added.append([t[2] for t in powers_through])
            starts.append(len(first))
        self.card_start = np.array(starts[:-1])
        self.card_placements = np.diff(starts)
        #: per placement: its two lines (for the rare Python path)
        self.lines = lines
        self.first = np.array(first)
        self.second = np.array(second)
        #: one row per end (first line's two, second line's two) or middle: slot-major
        self.ends = np.ascontiguousarray(np.array(ends).T)
        self.middles = np.ascontiguousarray(np.array(middles).T)
        self.joined = np.array(joined)
        self.low_rows = np.array(low_rows)
        # the copies through a placement, padded with a copy index that is always dead
        self.point_through = np.ascontiguousarray(_padded(point_through, len(self.point_copies)).T)
        self.point_added = np.ascontiguousarray(
            _padded(point_added, 0, self.point_through.shape[0]).T)
        self.power_through = np.ascontiguousarray(_padded(power_through, len(self.power_copies)).T)
        self.power_added = np.ascontiguousarray(
            _padded(power_added, 0, self.power_through.shape[0]).T)
        self.shooting = [c[:4] for c in _shooting_static()]
        self.shooting_bits = _padded([set_bits(c[4]) for c in _shooting_static()], _SPARE_BIT)
        self.shooting_size = np.array([c[0] for c in self.shooting])
        self.shooting_low = np.array([
            [low_row_points(shooting_star_points(*c), day) for day in range(_DAYS)]
            for c in self.shooting])


_CARD_TABLES: dict[tuple[int, int], _CardTables] = {}


def _card_tables(point_card: int, power_card: int) -> _CardTables:
    """``_CardTables`` built once per process and pair of bonus cards."""
    found = _CARD_TABLES.get((point_card, power_card))
    if found is None:
        found = _CARD_TABLES[(point_card, power_card)] = _CardTables(point_card, power_card)
    return found


@dataclass
class _Weighed:
    """The legal placements of one batch step (a row each, grouped by sheet in order) with
    their gains and what playing one changes."""

    sheet: Array
    placement: Array
    gain: Array
    #: the groups the lines join (slot-major: 3 slots for each line's ends and middle), with
    #: ``_NO_SEGMENT`` for none and for a group already counted in another slot
    roots: Array
    roots_size: Array
    roots_valid: Array
    #: whether the two lines make one group; the new groups' sizes, planet masks, nova flags
    one_group: Array
    size: tuple[Array, Array]
    planets: tuple[Array, Array]
    nova: tuple[Array, Array]
    valid: tuple[Array, Array]
    planet_delta: Array
    point_done: Array
    power_done: Array


_SHOOTING_IDS = np.array(data.SHOOTING_STAR_CARD_IDS)
#: ``_Sheets``' arrays with a row per sheet
_PER_SHEET = (
    "line_bad", "shooting_bad", "drawn", "label_at_point", "label_at_middle", "group_size",
    "group_planets", "group_nova", "groups", "counts", "point_taken", "power_taken",
    "planets_at", "nova_at", "planet_score", "shooting_score", "shape_count", "object_score",
    "power_closed", "uses", "board", "day", "python",
)


@dataclass
class _Played:
    """What a batch step played: the placements weighed (``weighed``) and the rows of it the
    sheets played (a sheet absent from them skipped), the shooting stars (sheet, star)."""

    weighed: _Weighed
    chosen: Array
    star_sheet: Array
    star: Array

    def lines_of(self, tables: _CardTables) -> dict[int, tuple]:
        """Sheet -> the lines it drew."""
        return {int(self.weighed.sheet[r]): tables.lines[self.weighed.placement[r]]
                for r in self.chosen}


class _Sheets:
    """The state of a batch's sheets as arrays (module docstring), with a batch step's parts."""

    def __init__(self, models: list[Model], policy: Weights) -> None:
        first = models[0]
        self.tables = tables = _card_tables(first.point_card, first.power_card)
        self.power = first.power
        self.once_power = first.power in data.ONCE_PER_GAME_POWERS
        self.shape_points = first.shape_points
        self.policy = policy
        self.use_worth = policy.power_use[self.power]
        self.point_potentials = _copy_potentials(policy.shape, 3, self.shape_points)
        self.power_potentials = _copy_potentials(policy.power_shape, 2, self.use_worth)
        count = len(models)
        self.count = count
        self.line_bad = np.zeros((count, _BIT_COUNT + 1), dtype=bool)
        self.shooting_bad = np.zeros((count, _BIT_COUNT + 1), dtype=bool)
        self.drawn = np.zeros((count, _NO_SEGMENT + 1), dtype=bool)
        self.label_at_point = np.full((count, _POINT_COUNT + 1), _NO_SEGMENT, dtype=np.int64)
        self.label_at_middle = np.full((count, _NO_MIDDLE + 1), _NO_SEGMENT, dtype=np.int64)
        self.group_size = np.zeros((count, _NO_SEGMENT + 1), dtype=np.int64)
        self.group_planets = np.zeros((count, _NO_SEGMENT + 1), dtype=np.int64)
        self.group_nova = np.zeros((count, _NO_SEGMENT + 1), dtype=bool)
        self.counts = np.zeros((count, _COUNT_SIZES), dtype=np.int64)
        self.point_taken = np.zeros((count, _NO_SEGMENT + 1), dtype=bool)
        self.power_taken = np.zeros((count, _NO_SEGMENT + 1), dtype=bool)
        self.planets_at = np.zeros((count, _POINT_COUNT + 1), dtype=np.int64)
        self.nova_at = np.zeros((count, _POINT_COUNT + 1), dtype=bool)
        self.planet_score = np.zeros(count, dtype=np.int64)
        self.shooting_score = np.zeros(count, dtype=np.int64)
        self.shape_count = np.zeros(count, dtype=np.int64)
        self.object_score = np.zeros(count, dtype=np.int64)
        self.power_closed = np.zeros(count, dtype=bool)
        self.uses = np.zeros(count, dtype=np.int64)
        self.board = np.array([m.board for m in models])
        self.day = np.array([m.day for m in models])
        self.python = np.zeros(count, dtype=bool)
        for b, model in enumerate(models):
            if (model.point_card, model.power_card) != (tables.point_card, tables.power_card):
                raise ValueError("a batch's sheets share their point and power cards")
            self.python[b] = any(o["kind"] in PYTHON_OBJECTS for o in model.sheet["objects"])
            self._read(b, model)
        self.any_nova = bool(self.nova_at.any())
        self._pack_groups()

    def _read(self, b: int, model: Model) -> None:
        """Row ``b`` from ``model``."""
        self.line_bad[b] = _bit_row(model.line_bad)
        self.shooting_bad[b] = _bit_row(model.ss_bad)
        for point, mask in model.planet_of.items():
            self.planets_at[b, _point_id(point)] = mask
        for point in model.novas:
            self.nova_at[b, _point_id(point)] = True
        for seg in model.lines:
            self.drawn[b, _SEGMENT_ID[seg]] = True
            label = _SEGMENT_ID[model._find(seg)]
            self.label_at_point[b, _point_id(seg[:2])] = label
            self.label_at_point[b, _point_id(seg[2:])] = label
            if seg[0] != seg[2] and seg[1] != seg[3]:
                self.label_at_middle[b, _MIDDLE_ID[(seg[0] + seg[2], seg[1] + seg[3])]] = label
        for root, size in model.size.items():
            label = _SEGMENT_ID[root]
            self.group_size[b, label] = size
            self.group_planets[b, label] = model.pmask[root]
            self.group_nova[b, label] = not model.novas.isdisjoint(model.points[root])
        self.counts[b, :11] = model.counts[:11]
        for seg in model.shape_used:
            self.point_taken[b, _SEGMENT_ID[seg]] = True
        for seg in model.spent:
            if seg in _SEGMENT_ID:
                self.power_taken[b, _SEGMENT_ID[seg]] = True
        self.planet_score[b] = model.planet_score
        self.shooting_score[b] = model.ss_score
        self.shape_count[b] = model.shape_count
        self.power_closed[b] = model.once_used and self.once_power
        if not self.python[b]:
            self.object_score[b] = model.object_points()

    def _pack_groups(self, rows: Array | None = None, labels: Array | None = None) -> None:
        """The packed group records (all, or ``rows`` x ``labels``) from the three arrays."""
        if rows is None:
            self.groups = (self.group_size | self.group_nova.astype(np.int64) << _NOVA_SHIFT
                           | self.group_planets << _PLANET_SHIFT)
            return
        self.groups[rows, labels] = (
            self.group_size[rows, labels]
            | self.group_nova[rows, labels].astype(np.int64) << _NOVA_SHIFT
            | self.group_planets[rows, labels] << _PLANET_SHIFT)

    def repeated(self, rows: Array) -> None:
        """Keep the rows ``rows`` (with repeats): one read per distinct start model."""
        for name in _PER_SHEET:
            setattr(self, name, getattr(self, name)[rows])
        self.count = len(rows)

    # --- a batch step ------------------------------------------------------------------------
    def set_day(self, active: Array, day: int) -> None:
        """``Model.set_day`` for the active sheets."""
        for b in np.nonzero(active & (self.day != day))[0]:
            static = _static_bad(int(self.board[b]), day)
            self.line_bad[b] |= static
            self.shooting_bad[b] |= static
            self.day[b] = day

    def _copy_states(self, copy_segments: Array, taken: Array, drawable: Array) -> Array:
        """Per sheet and copy (and a last one always dead): its lines drawn, or -1 if it overlaps
        ``taken`` or a missing line can no longer be drawn (``_copy_state``)."""
        drawn = self.drawn[:, copy_segments]
        dead = taken[:, copy_segments].any(-1) | (~drawn & ~drawable[:, copy_segments]).any(-1)
        states = np.where(dead, -1, drawn.sum(-1))
        return np.concatenate([states, np.full((self.count, 1), -1)], axis=1)

    def prepare(self) -> None:
        """What every placement of the step reads: drawable lines and the copies' states."""
        self.drawable = ~self.line_bad[:, _SEGMENT_CHECK_BITS].any(-1)
        tables = self.tables
        self.point_states = self._copy_states(
            tables.point_copy_segments, self.point_taken, self.drawable)
        self.power_states = self._copy_states(
            tables.power_copy_segments, self.power_taken, self.drawable)
        self.counts_by_size = np.ascontiguousarray(self.counts.T)

    def weigh_lines(self, sheets: Array, cards: Array, fade: Array, stats: dict[str, int]
                    ) -> _Weighed:
        """Every legal placement of each sheet's line card with its ``gain_of`` (the module
        docstring). Values per slot are rows of (slots, placements) arrays, so the sums over
        slots add whole rows."""
        tables, policy = self.tables, self.policy
        per_sheet = tables.card_placements[cards]
        sheet = np.repeat(sheets, per_sheet)
        offset = np.repeat(tables.card_start[cards] - (np.cumsum(per_sheet) - per_sheet),
                           per_sheet)
        placement = offset + np.arange(sheet.size)
        # a placement is legal when both its lines are drawable
        legal = (self.drawable[sheet, tables.first[placement]]
                 & self.drawable[sheet, tables.second[placement]])
        sheet, placement = sheet[legal], placement[legal]
        rows = sheet.size
        ends = tables.ends[:, placement]
        point_index = sheet * (_POINT_COUNT + 1) + ends
        at_point = np.take(self.label_at_point, point_index)
        at_middle = np.take(self.label_at_middle,
                            sheet * (_NO_MIDDLE + 1) + tables.middles[:, placement])
        # slots: first line's ends and middle, second line's ends and middle
        roots = np.stack([at_point[0], at_point[1], at_middle[0],
                          at_point[2], at_point[3], at_middle[1]])
        none = _NO_SEGMENT
        shared = [(roots[j] != none) & ((roots[j] == roots[0]) | (roots[j] == roots[1])
                                         | (roots[j] == roots[2])) for j in (3, 4, 5)]
        one_group = tables.joined[placement] | shared[0] | shared[1] | shared[2]
        # each group once
        distinct = roots.copy()
        distinct[1][roots[1] == roots[0]] = none
        distinct[2][(roots[2] == roots[0]) | (roots[2] == roots[1])] = none
        distinct[3][shared[0]] = none
        distinct[4][(roots[4] == roots[3]) | shared[1]] = none
        distinct[5][(roots[5] == roots[3]) | (roots[5] == roots[4]) | shared[2]] = none
        record = np.take(self.groups, sheet * (_NO_SEGMENT + 1) + distinct)
        size = record & _SIZE_MASK
        planets = record >> _PLANET_SHIFT
        roots_valid = (size >= 3) & (size <= 8)
        if self.any_nova:
            group_nova = (record >> _NOVA_SHIFT) & 1 == 1
            roots_valid |= group_nova & ((size == 9) | (size == 10))
        planets_at = np.take(self.planets_at, point_index)
        first_size = 1 + size[0] + size[1] + size[2]
        second_size = 1 + size[3] + size[4] + size[5]
        second_planets = planets_at[2] | planets_at[3] | planets[3] | planets[4] | planets[5]
        first_planets = planets_at[0] | planets_at[1] | planets[0] | planets[1] | planets[2]
        new_size = (np.where(one_group, first_size + second_size, first_size), second_size)
        new_planets = (np.where(one_group, first_planets | second_planets, first_planets),
                       second_planets)
        new_valid = [(new_size[0] >= 3) & (new_size[0] <= 8),
                     ~one_group & (new_size[1] >= 3) & (new_size[1] <= 8)]
        if self.any_nova:
            at_nova = np.take(self.nova_at, point_index)
            second_nova = at_nova[2] | at_nova[3] | group_nova[3] | group_nova[4] | group_nova[5]
            first_nova = (at_nova[0] | at_nova[1] | group_nova[0] | group_nova[1] | group_nova[2]
                          | (one_group & second_nova))
            new_nova = (first_nova, second_nova)
            new_valid[0] |= first_nova & (new_size[0] >= 9) & (new_size[0] <= 10)
            new_valid[1] |= ~one_group & second_nova & (new_size[1] >= 9) & (new_size[1] <= 10)
        else:
            new_nova = (np.zeros(rows, dtype=bool), np.zeros(rows, dtype=bool))
        planet_count = np.bitwise_count(planets).astype(np.int64)
        new_planet_count = [np.bitwise_count(p).astype(np.int64) for p in new_planets]
        dropped_planets = planet_count * roots_valid
        planet_delta = (new_planet_count[0] * new_valid[0] + new_planet_count[1] * new_valid[1]
                        - dropped_planets.sum(0))
        # the groups' potential: the joined groups' out, the new groups' in
        small = np.array([0.0, policy.small[0], policy.small[1], 0.0])
        old_potential = (small[np.minimum(size, 3)]
                         + policy.small_planet * (planet_count * ((size >= 1) & (size <= 2)))
                         + policy.over * (size * ((size > 8) & ~roots_valid)))
        potential = -old_potential.sum(0)
        for k in (0, 1):
            n = new_size[k]
            group = np.where(n <= 2, small[np.minimum(n, 3)]
                             + policy.small_planet * new_planet_count[k],
                             np.where(~new_valid[k] & (n > 8), policy.over * n, 0.0))
            potential += group if k == 0 else np.where(one_group, 0.0, group)
        # the change of the valid constellations per size 3-10
        positions = np.arange(rows)
        capped = np.minimum(size, _COUNT_SIZES - 1)
        index = np.concatenate([(capped * rows + positions).ravel(),
                                np.minimum(new_size[0], _COUNT_SIZES - 1) * rows + positions,
                                np.minimum(new_size[1], _COUNT_SIZES - 1) * rows + positions])
        change = np.concatenate([-1.0 * roots_valid.ravel(), new_valid[0], new_valid[1]])
        change = np.bincount(index, change, minlength=_COUNT_SIZES * rows).reshape(
            _COUNT_SIZES, rows)[3:11].astype(np.int64)
        before = self.counts_by_size[3:11][:, sheet]
        after = before + change
        sizes = np.arange(3, 11)[:, None]
        constellation_delta = (sizes * ((after > 0).astype(np.int64) - (before > 0))).sum(0)
        duplicates = (np.maximum(after - 1, 0) - np.maximum(before - 1, 0)).sum(0)
        potential += policy.duplicate * duplicates
        # bonus-shape copies through the new lines (``_copies_through``)
        point_done, point_potential = self._through(
            self.point_states, tables.point_through[:, placement],
            tables.point_added[:, placement], sheet, tables.point_copy_length,
            self.point_potentials, np.zeros(rows, dtype=bool))
        power_done, power_potential = self._through(
            self.power_states, tables.power_through[:, placement],
            tables.power_added[:, placement], sheet, tables.power_copy_length,
            self.power_potentials, self.power_closed[sheet])
        potential += point_potential + power_potential
        shapes = point_done.sum(0)
        power_count = power_done.sum(0)
        uses = np.minimum(power_count, 1) if self.once_power else power_count.copy()
        for r in np.nonzero((shapes >= 2) | (power_count >= 2))[0]:
            # rare: which completed copies count is ``_disjoint``'s greedy choice
            stats["multi_copy_rows"] += 1
            p = placement[r]
            if shapes[r] >= 2:
                shapes[r] = _disjoint([tables.point_copies[i] for i, done in zip(
                    tables.point_through[:, p], point_done[:, r], strict=True) if done])
            if power_count[r] >= 2:
                uses[r] = _disjoint([tables.power_copies[i] for i, done in zip(
                    tables.power_through[:, p], power_done[:, r], strict=True) if done],
                    1 if self.once_power else 0)
        potential += policy.low_rows * tables.low_rows[placement, self.day[sheet]]
        gain = (constellation_delta + planet_delta + shapes * self.shape_points
                + uses * self.use_worth + fade[sheet] * potential)
        return _Weighed(
            sheet, placement, gain, distinct, size, roots_valid, one_group, new_size, new_planets,
            new_nova, (new_valid[0], new_valid[1]), planet_delta, point_done, power_done)

    def _through(self, states: Array, through: Array, added: Array, sheet: Array, length: int,
                 potentials: Array, closed: Array) -> tuple[Array, Array]:
        """The copies ``through`` the placements that their lines complete, and the change of
        the copies' potential (``_copies_through``, slot-major)."""
        state = np.take(states, sheet * states.shape[1] + through)
        live = (state >= 0) & ~closed
        missing = length - added - state
        done = live & (missing == 0)
        top = potentials.size - 1
        change = np.where(live, potentials[np.clip(missing, 0, top)]
                          - np.where(state > 0, potentials[np.clip(missing + added, 0, top)], 0.0),
                          0.0)
        return done, change.sum(0)

    def apply_lines(self, weighed: _Weighed, chosen: Array, stats: dict[str, int]) -> None:
        """Play the placements in rows ``chosen`` of ``weighed`` (one per sheet)."""
        tables = self.tables
        sheet = weighed.sheet[chosen]
        placement = weighed.placement[chosen]
        if sheet.size == 0:
            return
        positions = np.arange(sheet.size)
        one = weighed.one_group[chosen]
        first_line = tables.first[placement]
        second_line = np.where(one, first_line, tables.second[placement])
        new_label = np.stack([first_line] * 3 + [second_line] * 3, axis=1)
        roots = weighed.roots[:, chosen].T
        joined = np.where(roots != _NO_SEGMENT, roots, -1)
        # relabel the points and middles of the joined groups, then label the new lines' own
        for labels, own in ((self.label_at_point, tables.ends), (self.label_at_middle, None)):
            rows = labels[sheet]
            same = rows[:, :, None] == joined[:, None, :]
            rows = np.where(same.any(2), np.take_along_axis(new_label, same.argmax(2), axis=1),
                            rows)
            if own is not None:
                ends = own[:, placement]
                rows[positions, ends[0]] = first_line
                rows[positions, ends[1]] = first_line
                rows[positions, ends[2]] = second_line
                rows[positions, ends[3]] = second_line
            else:
                middles = tables.middles[:, placement]
                rows[positions, middles[1]] = second_line
                rows[positions, middles[0]] = first_line
                rows[:, _NO_MIDDLE] = _NO_SEGMENT
            labels[sheet] = rows
        old = weighed.roots[:, chosen].T
        column = sheet[:, None]
        self.group_size[column, old] = 0
        self.group_planets[column, old] = 0
        self.group_nova[column, old] = False
        size, planets, nova = weighed.size, weighed.planets, weighed.nova
        second = (np.where(one, size[0][chosen], size[1][chosen]),
                  np.where(one, planets[0][chosen], planets[1][chosen]),
                  np.where(one, nova[0][chosen], nova[1][chosen]))
        self.group_size[sheet, second_line] = second[0]
        self.group_planets[sheet, second_line] = second[1]
        self.group_nova[sheet, second_line] = second[2]
        self.group_size[sheet, first_line] = size[0][chosen]
        self.group_planets[sheet, first_line] = planets[0][chosen]
        self.group_nova[sheet, first_line] = nova[0][chosen]
        for labels in (old, second_line[:, None], first_line[:, None]):
            self._pack_groups(column, labels)
        capped = np.minimum(weighed.roots_size[:, chosen].T, _COUNT_SIZES - 1)
        np.add.at(self.counts, (np.repeat(sheet, 6), capped.ravel()),
                  -weighed.roots_valid[:, chosen].T.ravel().astype(np.int64))
        for k in (0, 1):
            np.add.at(self.counts, (sheet, np.minimum(size[k][chosen], _COUNT_SIZES - 1)),
                      weighed.valid[k][chosen].astype(np.int64))
        self.planet_score[sheet] += weighed.planet_delta[chosen]
        for line in (tables.first[placement], tables.second[placement]):
            self.drawn[sheet, line] = True
            self.line_bad[sheet, _SEGMENT_OWN_BIT[line]] = True
            self.shooting_bad[column, _SEGMENT_SHOOTING_BITS[line]] = True
        self.shooting_bad[:, _SPARE_BIT] = False
        self._take_copies(sheet, placement, weighed.point_done[:, chosen],
                          weighed.power_done[:, chosen], stats)

    def _take_copies(self, sheet: Array, placement: Array, point_done: Array, power_done: Array,
                     stats: dict[str, int]) -> None:
        """Mark the bonus copies the placements complete as taken (``Model.add_lines``,
        ``new_power_copies``), counting shapes and power uses; two or more at once in Python."""
        tables = self.tables
        point_count, power_count = point_done.sum(0), power_done.sum(0)
        for r in np.nonzero(point_count == 1)[0]:
            copy = tables.point_through[point_done[:, r], placement[r]][0]
            self.point_taken[sheet[r], tables.point_copy_segments[copy]] = True
            self.shape_count[sheet[r]] += 1
        for r in np.nonzero(power_count == 1)[0]:
            copy = tables.power_through[power_done[:, r], placement[r]][0]
            self.power_taken[sheet[r], tables.power_copy_segments[copy]] = True
            self.uses[sheet[r]] += 1
            self.power_closed[sheet[r]] |= self.once_power
        for r in np.nonzero((point_count >= 2) | (power_count >= 2))[0]:
            stats["multi_copy_moves"] += 1
            b = sheet[r]
            segs = tables.lines[placement[r]]
            if point_count[r] >= 2:
                for seg in segs:
                    for i in _POINT_BY_SEG[tables.point_card - 1].get(seg, ()):
                        lines = tables.point_copy_segments[i]
                        if not self.point_taken[b, lines].any() and self.drawn[b, lines].all():
                            self.point_taken[b, lines] = True
                            self.shape_count[b] += 1
            if power_count[r] >= 2 and not self.power_closed[b]:
                found = 0
                for seg in segs:
                    for i in _POWER_BY_SEG[tables.power_card - 1].get(seg, ()):
                        lines = tables.power_copy_segments[i]
                        if not self.power_taken[b, lines].any() and self.drawn[b, lines].all():
                            self.power_taken[b, lines] = True
                            found += 1
                self.uses[b] += found
                self.power_closed[b] |= self.once_power and found > 0

    def weigh_shooting(self, sheets: Array, fade: Array) -> tuple[Array, Array, Array]:
        """Every legal shooting star of each sheet in ``sheets``: (sheet, star, gain), the gain
        ``option_gain``'s."""
        tables = self.tables
        stars = len(tables.shooting)
        sheet = np.repeat(sheets, stars)
        star = np.tile(np.arange(stars), sheets.size)
        legal = ~self.shooting_bad[sheet[:, None], tables.shooting_bits[star]].any(1)
        sheet, star = sheet[legal], star[legal]
        gain = (tables.shooting_size[star] + self.policy.low_rows * 0.5
                * tables.shooting_low[star, self.day[sheet]] * fade[sheet])
        return sheet, star, gain

    def apply_shooting(self, sheet: Array, star: Array) -> None:
        """``Model.add_shooting_star`` for each (sheet, star)."""
        bits = self.tables.shooting_bits[star]
        self.line_bad[sheet[:, None], bits] = True
        self.shooting_bad[sheet[:, None], bits] = True
        self.line_bad[:, _SPARE_BIT] = False
        self.shooting_bad[:, _SPARE_BIT] = False
        self.shooting_score[sheet] += self.tables.shooting_size[star]

    def step(self, active: Array, cards: Array, n: int, stats: dict[str, int]) -> _Played:
        """Play card number ``n`` (``cards``: each sheet's) on the ``active`` sheets by the
        policy; what each sheet played."""
        left = data.CARDS_PER_GAME - n
        fade = np.full(self.count, min(1.0, left / self.policy.fade))
        self.set_day(active, day_of_card(n))
        shooting = np.isin(cards, _SHOOTING_IDS)
        line_sheets = np.nonzero(active & ~shooting)[0]
        shooting_sheets = np.nonzero(active & shooting)[0]
        self.prepare()
        weighed = self.weigh_lines(line_sheets, cards[line_sheets], fade, stats)
        chosen = best_rows(weighed.sheet, weighed.gain)[1]
        star_sheet, star, gain = self.weigh_shooting(shooting_sheets, fade)
        star_rows = best_rows(star_sheet, gain)[1]
        self.apply_lines(weighed, chosen, stats)
        self.apply_shooting(star_sheet[star_rows], star[star_rows])
        return _Played(weighed, chosen, star_sheet[star_rows], star[star_rows])

    # --- the end -----------------------------------------------------------------------------
    def values(self, weights: Weights, cards_left: Array) -> Array:
        """``Model.value(weights, cards_left)`` of every sheet (``score`` plus the faded
        ``_potential``)."""
        tables = self.tables
        counts = self.counts[:, 3:11]
        score = ((np.arange(3, 11) * (counts > 0)).sum(1) + self.planet_score
                 + self.shooting_score + self.shape_count * self.shape_points
                 + self.object_score)
        size = self.group_size[:, :_NO_SEGMENT]
        planets = np.bitwise_count(self.group_planets[:, :_NO_SEGMENT]).astype(np.int64)
        valid = ((size >= 3) & (size <= 8)) | ((size >= 9) & (size <= 10)
                                               & self.group_nova[:, :_NO_SEGMENT])
        small = np.array([0.0, weights.small[0], weights.small[1]])
        group = np.where(size <= 2, small[np.minimum(size, 2)] + weights.small_planet * planets,
                         np.where(~valid & (size > 8), weights.over * size, 0.0))
        potential = np.where(size > 0, group, 0.0).sum(1)
        potential += weights.duplicate * np.maximum(counts - 1, 0).sum(1)
        drawable = ~self.line_bad[:, _SEGMENT_CHECK_BITS].any(-1)
        states = self._copy_states(tables.point_copy_segments, self.point_taken, drawable)[:, :-1]
        worth = _copy_potentials(weights.shape, 3, self.shape_points)
        potential += np.where(states > 0, worth[np.clip(tables.point_copy_length - states, 0,
                                                        worth.size - 1)], 0.0).sum(1)
        states = self._copy_states(tables.power_copy_segments, self.power_taken, drawable)[:, :-1]
        worth = _copy_potentials(weights.power_shape, 2, weights.power_use[self.power])
        potential += np.where((states > 0) & ~self.power_closed[:, None],
                              worth[np.clip(tables.power_copy_length - states, 0,
                                            worth.size - 1)], 0.0).sum(1)
        fade = (np.minimum(1.0, cards_left / weights.fade) if weights.fade > 0
                else np.ones(self.count))
        return score + fade * potential


def best_rows(sheet: Array, gain: Array) -> tuple[Array, Array]:
    """Per sheet (rows grouped by sheet) the first row with the best gain rounded to
    ``GAIN_DECIMALS``, where that gain is above 0: (the sheets that play, their rows)."""
    if sheet.size == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    starts_group = np.ones(sheet.size, dtype=bool)
    starts_group[1:] = sheet[1:] != sheet[:-1]
    starts = np.nonzero(starts_group)[0]
    rounded = np.round(gain, GAIN_DECIMALS)
    best = np.maximum.reduceat(rounded, starts)
    group = np.cumsum(starts_group) - 1
    first = np.minimum.reduceat(
        np.where(rounded >= best[group], np.arange(sheet.size), sheet.size), starts)
    plays = best > 0
    return sheet[starts[plays]], first[plays]


class BatchPlayouts:
    """Plays many sheets out at once by ``policy``, valued with ``weights`` at the end (the
    module docstring). ``stats`` counts the batch steps, the sheets, and the work done in
    Python: ``python_sheets`` played whole, ``multi_copy_rows`` placements weighed and
    ``multi_copy_moves`` played that complete two or more bonus copies at once."""

    def __init__(self, policy: Weights, weights: Weights) -> None:
        self.policy = policy
        self.weights = weights
        self.stats = {"batch_steps": 0, "sheets": 0, "python_sheets": 0, "multi_copy_rows": 0,
                      "multi_copy_moves": 0}

    def run(
        self,
        starts: Sequence[tuple[Model, int]],
        orders: Sequence[Sequence[int]],
        first: int,
        stop: StopCheck | None = None,
    ) -> list[float] | None:
        """Each start (a model, which is not changed, and the power uses it leaves pending)
        played out on its order (``orders``: one per start, or one shared by all) from card
        number ``first``: its final value as ``PlayoutBot.playout`` computes it. ``stop`` is
        asked before each batch step and each Python playout; None once it says stop (the
        batch is cut short: discard it)."""
        if len(orders) == 1 and len(starts) > 1:
            orders = [orders[0]] * len(starts)
        if len(orders) != len(starts):
            raise ValueError("one order per start, or one shared by all")
        count = len(starts)
        if not count:
            return []
        self.stats["sheets"] += count
        distinct: dict[int, int] = {}
        models: list[Model] = []
        for model, _ in starts:
            if id(model) not in distinct:
                distinct[id(model)] = len(models)
                models.append(model)
        sheets = _Sheets(models, self.policy)
        sheets.repeated(np.array([distinct[id(model)] for model, _ in starts]))
        values = np.zeros(count)
        for b in np.nonzero(sheets.python)[0]:
            if stop is not None and stop():
                return None
            self.stats["python_sheets"] += 1
            model, pending = starts[b]
            values[b] = play_out(model.clone(), orders[b], first, pending, self.policy,
                                 self.weights)
        lengths = np.array([len(order) for order in orders])
        cards = np.full((count, max(lengths.max(), 1)), -1, dtype=np.int64)
        for b, order in enumerate(orders):
            cards[b, : len(order)] = order
        numpy_sheets = ~sheets.python
        for j in range(cards.shape[1]):
            active = numpy_sheets & (j < lengths)
            if not active.any():
                break
            if stop is not None and stop():
                return None
            self.stats["batch_steps"] += 1
            sheets.step(active, cards[:, j], first + j, self.stats)
        end_left = data.CARDS_PER_GAME - (first + lengths - 1)
        pending = np.array([uses for _, uses in starts])
        played = (sheets.values(self.weights, end_left)
                  + (sheets.uses + pending) * sheets.use_worth)
        values[numpy_sheets] = played[numpy_sheets]
        return values.tolist()
