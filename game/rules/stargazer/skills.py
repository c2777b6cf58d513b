"""Crew skills resolved by a choice right after the crew is picked, keyed by effect name.

Each effect has ``options(state, seat)`` (every skill move the seat may make; none = the skill
cannot apply and is ignored, as the draft says) and ``resolve(state, seat, move)`` (mutates the
state, returns events). Moves have ``"t": "skill"`` plus the effect's target keys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.rules.stargazer.content import CREWS_BY_ID, PLANET_TYPES, planet_label
from game.rules.stargazer.scoring import FREE

Move = dict[str, Any]
Event = dict[str, Any]


def _room(state: dict[str, Any], planet: int) -> int:
    return len(PLANET_TYPES[state["planets"][planet]]["track"]) - len(state["tracks"][planet])


def _other_free_crews(state: dict[str, Any]) -> list[int]:
    active = state["active_crew"]
    return [i for i, w in enumerate(state["workers"]) if w is None and i != active]


# --- cube_to_zero_square (Archaeologist) -------------------------------------------------------
def _zero_options(state: dict[str, Any], seat: int) -> list[Move]:
    if state["hands"][seat] < 1:
        return []
    return [{"t": "skill", "planet": p} for p, o in enumerate(state["zero"]) if o is None]


def _zero_resolve(state: dict[str, Any], seat: int, move: Move) -> list[Event]:
    planet = move["planet"]
    state["hands"][seat] -= 1
    state["zero"][planet] = seat
    return [{"type": "cube_placed", "seat": seat, "owner": seat, "planet": planet, "square": 0}]


# --- cube_to_crew (Quartermaster) --------------------------------------------------------------
def _to_crew_options(state: dict[str, Any], seat: int) -> list[Move]:
    if state["hands"][seat] < 1:
        return []
    return [{"t": "skill", "crew": state["crews"][i]} for i in _other_free_crews(state)]


def _to_crew_resolve(state: dict[str, Any], seat: int, move: Move) -> list[Event]:
    index = state["crews"].index(move["crew"])
    state["hands"][seat] -= 1
    state["crew_cubes"][index].append(seat)
    return [{"type": "cube_to_crew", "seat": seat, "crew": move["crew"]}]


# --- free_cube_to_planet (Engineer) ------------------------------------------------------------
def _free_options(state: dict[str, Any], seat: int) -> list[Move]:
    if state["stock"] < 1:
        return []
    return [{"t": "skill", "planet": p} for p in range(len(state["planets"])) if _room(state, p)]


def _free_resolve(state: dict[str, Any], seat: int, move: Move) -> list[Event]:
    planet = move["planet"]
    state["stock"] -= 1
    state["tracks"][planet].append(FREE)
    square = len(state["tracks"][planet])
    return [
        {"type": "cube_placed", "seat": seat, "owner": FREE, "planet": planet, "square": square}
    ]


# --- clear_crew (Security Chief) ---------------------------------------------------------------
def _clear_options(state: dict[str, Any], seat: int) -> list[Move]:
    return [
        {"t": "skill", "crew": state["crews"][i]}
        for i in _other_free_crews(state)
        if state["crew_free"][i] > 0
    ]


def _clear_count(state: dict[str, Any], index: int) -> int:
    """How many free cubes the active crew's skill takes off crew ``index``."""
    most = CREWS_BY_ID[state["crews"][state["active_crew"]]]["params"].get("most", 3)
    return min(most, state["crew_free"][index])


def _clear_resolve(state: dict[str, Any], seat: int, move: Move) -> list[Event]:
    index = state["crews"].index(move["crew"])
    taken = _clear_count(state, index)
    state["crew_free"][index] -= taken
    state["stock"] += taken
    state["skill_vp"][seat] += taken
    return [
        {
            "type": "crew_cleared",
            "seat": seat,
            "crew": move["crew"],
            "free_cubes": taken,
            "vp": taken,
        }
    ]


# --- recall (Medic) ----------------------------------------------------------------------------
def _recall_options(state: dict[str, Any], seat: int) -> list[Move]:
    return [
        {"t": "skill", "planet": p}
        for p, queue in enumerate(state["tracks"])
        if queue and queue[-1] == seat
    ]


def _recall_resolve(state: dict[str, Any], seat: int, move: Move) -> list[Event]:
    planet = move["planet"]
    square = len(state["tracks"][planet])
    state["tracks"][planet].pop()
    state["hands"][seat] += 1
    return [{"type": "cube_recalled", "seat": seat, "planet": planet, "square": square}]


# --- swap_ahead (Diplomat) ---------------------------------------------------------------------
def _swap_options(state: dict[str, Any], seat: int) -> list[Move]:
    found = []
    for p, queue in enumerate(state["tracks"]):
        for square in range(2, len(queue) + 1):
            if queue[square - 1] == seat and queue[square - 2] != seat:
                found.append({"t": "skill", "planet": p, "square": square})
    return found


def _swap_resolve(state: dict[str, Any], seat: int, move: Move) -> list[Event]:
    queue = state["tracks"][move["planet"]]
    square = move["square"]
    other = queue[square - 2]
    queue[square - 2], queue[square - 1] = seat, other
    return [
        {
            "type": "cubes_swapped",
            "seat": seat,
            "planet": move["planet"],
            "square": square - 1,
            "other": other,
        }
    ]


# --- claim_zero_square (Treasure Hunter) -------------------------------------------------------
def _claim_options(state: dict[str, Any], seat: int) -> list[Move]:
    if state["hands"][seat] < 1:
        return []
    return [
        {"t": "skill", "planet": p}
        for p, owner in enumerate(state["zero"])
        if owner is not None and owner != seat
    ]


def _claim_resolve(state: dict[str, Any], seat: int, move: Move) -> list[Event]:
    planet = move["planet"]
    previous = state["zero"][planet]
    state["hands"][previous] += 1
    state["hands"][seat] -= 1
    state["zero"][planet] = seat
    return [{"type": "zero_square_claimed", "seat": seat, "planet": planet, "previous": previous}]


#: effect name -> (options, resolve)
CHOICE_EFFECTS: dict[
    str,
    tuple[
        Callable[[dict[str, Any], int], list[Move]],
        Callable[[dict[str, Any], int, Move], list[Event]],
    ],
] = {
    "cube_to_zero_square": (_zero_options, _zero_resolve),
    "cube_to_crew": (_to_crew_options, _to_crew_resolve),
    "free_cube_to_planet": (_free_options, _free_resolve),
    "clear_crew": (_clear_options, _clear_resolve),
    "recall": (_recall_options, _recall_resolve),
    "swap_ahead": (_swap_options, _swap_resolve),
    "claim_zero_square": (_claim_options, _claim_resolve),
}

#: effect -> how a skill move of that effect reads ("{name}": the seat, "{planet}" / "{crew}":
#: the target's name, "{square}": the square). Data, so the ruleset's English line, the window
#: (through its catalog: ``plugin.messages``) and ``starparty demo`` say the same thing.
SKILL_MOVE_TEXT: dict[str, str] = {
    "cube_to_zero_square": "{name} puts a cube on the 0 square of {planet}",
    "cube_to_crew": "{name} puts a cube on {crew}",
    "free_cube_to_planet": "{name} adds a free cube to {planet}",
    "clear_crew": "{name} takes a free cube off {crew}",
    "recall": "{name} takes back the last cube on {planet}",
    "swap_ahead": "{name} moves up to square {square} of {planet}",
    "claim_zero_square": "{name} claims the 0 square of {planet}",
}

#: effect -> how a skill move of that effect reads when it moves ``{n}`` cubes, more than one
#: (the texts above say one; a playtest read "clears the free cubes" for a single cube)
SKILL_MOVE_TEXT_MANY: dict[str, str] = {
    "clear_crew": "{name} takes {n} free cubes off {crew}",
}


def _cubes_moved(state: dict[str, Any], effect: str, move: Move) -> int:
    """How many cubes the skill move takes (1 but for a crew cleared of several)."""
    crews, free = state.get("crews", []), state.get("crew_free", [])
    if effect != "clear_crew" or move.get("crew") not in crews or len(free) != len(crews):
        return 1
    return _clear_count(state, crews.index(move["crew"]))


def skill_move_words(state: dict[str, Any], move: Move) -> tuple[str, dict[str, Any]] | None:
    """(English template of ``SKILL_MOVE_TEXT``, its values) for a skill move of the active
    crew; ``crew`` is an English name a window translates as data, ``planet`` the English
    name with its letter when its type repeats (``planet_label``; a window names it itself).
    None: no active choice skill, or a move it cannot read."""
    active = state.get("active_crew")
    crews = state.get("crews", [])
    if not isinstance(active, int) or not 0 <= active < len(crews):
        return None
    effect = CREWS_BY_ID.get(crews[active], {}).get("effect")
    if effect not in SKILL_MOVE_TEXT:
        return None
    values: dict[str, Any] = {}
    planets = state.get("planets", [])
    planet = move.get("planet")
    if isinstance(planet, int) and 0 <= planet < len(planets):
        values["planet"] = planet_label(planets, planet)
    crew = CREWS_BY_ID.get(str(move.get("crew")))
    if crew is not None:
        values["crew"] = crew["name"]
    if isinstance(move.get("square"), int):
        values["square"] = move["square"] - 1  # the square the seat's cube moves up to
    needed = {"{planet}": "planet", "{crew}": "crew", "{square}": "square"}
    if any(mark in SKILL_MOVE_TEXT[effect] and key not in values for mark, key in needed.items()):
        return None
    cubes = _cubes_moved(state, effect, move)
    if cubes > 1 and effect in SKILL_MOVE_TEXT_MANY:
        return SKILL_MOVE_TEXT_MANY[effect], {**values, "n": cubes}
    return SKILL_MOVE_TEXT[effect], values
