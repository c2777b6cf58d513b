"""Stargazer (draft 7 of an independent Japanese design) with the project's crews and planets."""

from __future__ import annotations

from game.rules.stargazer.content import CREWS, CREWS_BY_ID, PLANET_TYPES
from game.rules.stargazer.engine import (
    REASON_TEXT,
    StargazerRuleset,
    clone_state,
    end_progress,
    fewest_turn_order_vp,
    motivation_bonus,
    room_left,
    tie_break_fewest_turn_order_vp,
)
from game.rules.stargazer.scoring import FREE, planet_standings

RULESET = StargazerRuleset()

__all__ = [
    "CREWS",
    "CREWS_BY_ID",
    "FREE",
    "PLANET_TYPES",
    "REASON_TEXT",
    "RULESET",
    "StargazerRuleset",
    "clone_state",
    "end_progress",
    "fewest_turn_order_vp",
    "motivation_bonus",
    "planet_standings",
    "room_left",
    "tie_break_fewest_turn_order_vp",
]
