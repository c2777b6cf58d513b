"""A host's events are input like any other: a story of 1,000 events at once (``snapshot.story``)
or a live one, malformed by a broken or hostile host, gives no log line and never an error
(the log's words are made when drawn: a bad event would have broken every frame)."""

from __future__ import annotations

import random
from typing import Any

from game.client.stargazer.story import story_lines
from game.client.stars.table import log_entry
from game.rules.stargazer import RULESET as STARGAZER

VALUES: list[Any] = [None, -1, 0, 99, "x", [], {}, [1, 2], {"a": 1}, True, 2 ** 40, "Vega"]
TYPES = ["card_flipped", "lines_drawn", "constellation_formed", "group_too_big", "turn_confirmed",
         "shooting_star_drawn", "power_used", "card_skipped", "sun_rose", "game_over",
         "crew_chosen", "motivation_bonus", "pick_vp", "skill_applied", "skill_ignored",
         "cube_placed", "repeat_cost", "cube_to_crew", "crew_cleared", "cube_recalled",
         "cubes_swapped", "zero_square_claimed", "free_cube_added", "round_started",
         "round_ended", "start_player_set"]
FIELDS = ["seat", "n", "card", "crew", "planet", "square", "owner", "vp", "round", "start",
          "free_cubes", "player_cubes", "cubes", "other", "previous", "count", "scores",
          "ranking", "reason", "size", "lines", "kind", "effect"]


def hostile_events(count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        event: dict[str, Any] = {"type": rng.choice(TYPES)}
        for name in rng.sample(FIELDS, rng.randrange(0, 7)):
            event[name] = rng.choice(VALUES)
        out.append(event)
    return out


def test_malformed_events_give_no_line_and_no_error() -> None:
    view = STARGAZER.view(STARGAZER.setup(STARGAZER.normalize_options({"players": 3}), 3), 0)
    events = hostile_events(3000, 46)
    for event in events:
        entry = log_entry(event, ["Ann", "Bea"])
        if entry is not None:
            str(entry[0])  # drawn: its words are made
    lines = story_lines(events, ["Ann", "Bea", "Cy"], view)
    assert all(isinstance(str(text), str) for text, _color in lines)
    # the well-formed events among them are still told
    good = [{"type": "round_started", "round": 2, "start": 1},
            {"type": "crew_chosen", "seat": 0, "crew": "pilot"}]
    told = [str(text) for text, _c in story_lines(events[:50] + good, ["Ann", "Bea", "Cy"],
                                                   view)]
    assert told[-2:] == ["Round 2: Bea starts.", "Ann picks Reyes, Pilot."], told[-2:]
    entry = log_entry({"type": "card_skipped", "seat": 1}, ["Ann", "Bea"])
    assert entry is None or str(entry[0])
