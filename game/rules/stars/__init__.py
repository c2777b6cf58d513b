"""Look at the Stars: the rules engine (``RULESET``), the public scorer and preview helpers.

The helpers work on a sheet dict plus the day (0..2), so the client can preview a ghost
placement and a power's targets from its view alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.stars import data
from game.rules.stars.engine import REASON_TEXT, StarsRuleset, card_info, confirmed_sheet
from game.rules.stars.geometry import card_segments as _card_segments
from game.rules.stars.geometry import norm, shooting_star_points
from game.rules.stars.placement import (
    legal_card_placements,
    legal_shooting_stars,
    line_bonus_targets,
    object_problem,
    object_targets,
    placement_problem,
    shooting_star_problem,
)
from game.rules.stars.powers import power_name
from game.rules.stars.preview import placement_preview
from game.rules.stars.scoring import (
    bga_greedy_copy_count,
    next_solo_rank,
    score_details,
    score_sheet,
    solo_rank,
    solo_standing,
)
from game.rules.stars.sheet import SheetIndex, new_sheet, validate_sheet
from game.rules.stars.stats import STATISTICS, game_statistics

RULESET = StarsRuleset()


def card_segments(card_id: int, rot: int, dx: int, dy: int) -> list[list[int]]:
    """The two segments ``[x1, y1, x2, y2]`` of line card ``card_id`` placed at (rot, dx, dy)."""
    return [list(s) for s in _card_segments(card_id, rot, dx, dy)]


def shooting_star(size: int, rot: int, dx: int, dy: int) -> list[list[int]]:
    """The points ``[x, y]`` (head first) of a shooting star placed at (size, rot, dx, dy)."""
    return [list(p) for p in shooting_star_points(size, rot, dx, dy)]


def power_targets(
    sheet: dict[str, Any], power: str, day: int, trigger: Sequence[Sequence[int]] | None = None
) -> list[list[int]]:
    """Legal targets of ``power`` on ``sheet``: ``[x, y]`` points, or ``[x1, y1, x2, y2]`` lines.

    ``trigger`` is the copy that earned the use (needed for the galaxy's adjacency rule).
    """
    index = SheetIndex(sheet)
    if power == data.LINE:
        return line_bonus_targets(index, day)
    trig = None if trigger is None else [norm(*s) for s in trigger]
    return object_targets(index, power, day, trig)


def power_problem(
    sheet: dict[str, Any],
    power: str,
    target: Sequence[int],
    day: int,
    trigger: Sequence[Sequence[int]] | None = None,
) -> str | None:
    """Reason code why ``target`` is not legal for ``power`` (``None`` if it is)."""
    if power == data.LINE:
        return placement_problem(sheet, [target], day)
    trig = None if trigger is None else [norm(*s) for s in trigger]
    return object_problem(SheetIndex(sheet), power, (target[0], target[1]), day, trig)


__all__ = [
    "REASON_TEXT",
    "RULESET",
    "STATISTICS",
    "StarsRuleset",
    "bga_greedy_copy_count",
    "card_info",
    "card_segments",
    "confirmed_sheet",
    "data",
    "game_statistics",
    "legal_card_placements",
    "legal_shooting_stars",
    "new_sheet",
    "next_solo_rank",
    "placement_preview",
    "placement_problem",
    "power_name",
    "power_problem",
    "power_targets",
    "score_details",
    "score_sheet",
    "shooting_star",
    "shooting_star_problem",
    "solo_rank",
    "solo_standing",
    "validate_sheet",
]
