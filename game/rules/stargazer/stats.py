"""A finished (or running) Stargazer game's statistics per seat, from its record: the engine
replays the moves and each statistic counts (or sums a field of) the events of one type
that concern the seat. What is counted is data (``STATISTICS``), not code."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.stargazer.engine import StargazerRuleset

#: statistic key -> (what a player reads, the event type, the event's field naming the seat,
#: the field summed (None: each event counts 1; "-vp": the VP paid, as a positive number)),
#: in the order the results screen shows them
STATISTICS: dict[str, tuple[str, str, str, str | None]] = {
    "rounds_started": ("Rounds as start player", "round_started", "start", None),
    "cubes_placed": ("Cubes placed on planets", "cube_placed", "owner", None),
    "motivation_vp": ("VP from motivation bonuses", "motivation_bonus", "seat", "vp"),
    "pick_vp": ("VP for picking crews", "pick_vp", "seat", "vp"),
    "cleared_vp": ("VP for clearing free cubes", "crew_cleared", "seat", "vp"),
    "repeat_vp": ("VP paid for cubes on the same planet", "repeat_cost", "seat", "-vp"),
    # (a crew's choice right after its pick: a skill that widens where cubes go is part of
    # the investigation and no event tells it, so "Skills used" read 0 beside skills used)
    "skills_used": ("Skill choices made", "skill_applied", "seat", None),
    "skills_ignored": ("Skills that could not apply", "skill_ignored", "seat", None),
    "zero_squares": ("0 squares taken", "zero_square_claimed", "seat", None),
    "cubes_recalled": ("Cubes taken back to the hand", "cube_recalled", "seat", None),
    "cubes_to_crews": ("Cubes put on crews", "cube_to_crew", "seat", None),
}


def game_statistics(options: dict[str, Any], seed: int, moves: Sequence[Sequence[Any]],
                    secret: str | None = None) -> list[dict[str, int]]:
    """Per seat, every key of ``STATISTICS`` for the game ``options`` + ``seed`` + ``moves``
    (``IllegalMove`` if the record is not a game). Round 1's start player is dealt, not
    told by an event: it counts too."""
    ruleset = StargazerRuleset()
    state = ruleset.setup(ruleset.normalize_options(options), seed, secret)
    out = [dict.fromkeys(STATISTICS, 0) for _ in range(state["players"])]
    out[state["start"]]["rounds_started"] += 1
    by_type: dict[str, list[tuple[str, str, str | None]]] = {}
    for key, (_label, kind, whose, summed) in STATISTICS.items():
        by_type.setdefault(kind, []).append((key, whose, summed))
    for seat, move in moves:
        for event in ruleset.apply(state, seat, move):
            for key, whose, summed in by_type.get(event.get("type", ""), []):
                owner = event.get(whose)
                if isinstance(owner, int) and 0 <= owner < len(out):
                    value = 1 if summed is None else (
                        -event["vp"] if summed == "-vp" else event[summed])
                    out[owner][key] += value
    return out
