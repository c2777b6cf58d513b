"""Stargazer's views and events as they go over the wire (``game.rules.shapes``; the same as
``docs/PROTOCOL.md`` section 11.2): what a window checks before it shows a host's."""

from __future__ import annotations

from typing import Any

from game.rules.shapes import Int, Nullable, Text
from game.rules.stargazer.content import CREWS, PLANET_TYPES

SEAT = Int(0, 3)
OWNER = Int(-1, 3)  # a seat, or -1 for a free cube
CREW = Text(*(crew["id"] for crew in CREWS))
PLANET_TYPE = Text(*PLANET_TYPES)
#: most planets (4 players), crews in play (every crew there is), squares a track can hold
PLANETS, CREWS_IN_PLAY, SQUARES = 7, len(CREWS), 64
PLANET, SQUARE = Int(0, PLANETS - 1), Int(0, SQUARES)
CUBES = Int(0, 99)
VP = Int(-999, 999)
PER_SEAT_VP = [VP, 4]

VIEW: dict[str, Any] = {
    "players": Int(3, 4),
    "round": Int(1, 99),
    "phase": Text("crew", "skill", "investigate", "start_player", "over"),
    "start": SEAT,
    "current": SEAT,
    "turns": Int(0, 8),
    "planets": [PLANET_TYPE, PLANETS],
    "tracks": [[OWNER, SQUARES], PLANETS],
    "zero": [Nullable(SEAT), PLANETS],
    "crews": [CREW, CREWS_IN_PLAY],
    "crew_free": [CUBES, CREWS_IN_PLAY],
    "crew_cubes": [[SEAT, 99], CREWS_IN_PLAY],
    "workers": [Nullable(SEAT), CREWS_IN_PLAY],
    "hands": [CUBES, 4],
    "stock": Int(0, 999),
    "retired": [CUBES, 4],
    "motivation_vp": PER_SEAT_VP,
    "skill_vp": PER_SEAT_VP,
    "order_vp": PER_SEAT_VP,
    "active_crew": Nullable(Int(0, CREWS_IN_PLAY - 1)),
    "start_namer": Nullable(SEAT),
    "end_reason": Nullable(Text("hand_empty", "planets_full")),
    "you": Nullable(SEAT),
}

#: ``game.rules.shapes.agreement_problem``: per seat, per planet and per crew lists as long
#: as the table's seats, the planets and the crews; the seats named are among them
AGREEMENTS = (
    ("players", "=", "@seats"),
    *((key, "=", "players") for key in ("hands", "retired", "motivation_vp", "skill_vp",
                                        "order_vp")),
    ("tracks", "=", "planets"), ("zero", "=", "planets"),
    ("crew_free", "=", "crews"), ("crew_cubes", "=", "crews"), ("workers", "=", "crews"),
    ("start", "<", "players"), ("current", "<", "players"), ("you", "<", "players"),
    ("start_namer", "<", "players"), ("active_crew", "<", "crews"),
)

EVENTS: dict[str, Any] = {
    "crew_chosen": {"seat": SEAT, "crew": CREW},
    "motivation_bonus": {"seat": SEAT, "crew": CREW, "free_cubes": CUBES,
                         "player_cubes": [SEAT, 99], "vp": VP},
    "pick_vp": {"seat": SEAT, "crew": CREW, "vp": VP},
    "skill_applied": {"seat": SEAT, "crew": CREW, "effect": Text()},
    "skill_ignored": {"seat": SEAT, "crew": CREW, "effect": Text()},
    "cube_placed": {"seat": SEAT, "owner": OWNER, "planet": PLANET, "square": SQUARE},
    "repeat_cost": {"seat": SEAT, "cubes": CUBES, "vp": VP},
    "cube_to_crew": {"seat": SEAT, "crew": CREW},
    "crew_cleared": {"seat": SEAT, "crew": CREW, "free_cubes": CUBES, "vp": VP},
    "cube_recalled": {"seat": SEAT, "planet": PLANET, "square": SQUARE},
    "cubes_swapped": {"seat": SEAT, "planet": PLANET, "square": SQUARE, "other": OWNER},
    "zero_square_claimed": {"seat": SEAT, "planet": PLANET, "previous": Nullable(OWNER)},
    "round_ended": {"round": Int(1, 99)},
    "free_cube_added": {"crew": CREW, "count": CUBES},
    "round_started": {"round": Int(1, 99), "start": SEAT},
    "start_player_set": {"seat": SEAT, "start": SEAT},
    "game_over": {"reason": Text("hand_empty", "planets_full"), "scores": PER_SEAT_VP,
                  "ranking": [Int(1, 4), 4]},
}
