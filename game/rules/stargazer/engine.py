"""StargazerRuleset: setup, turn flow (crew -> skill -> investigation), round end and game end.

A turn: pick a crew with no worker (motivation bonus), resolve its skill if it offers a choice
(ignored when it cannot apply), then investigate with one move listing the planets the cubes go
to. After every seat has played, the round ends: the game ends if a hand is empty or at least
``players`` planets are full; otherwise free cubes go on the unpicked crews and Captain
Armstrong's holder names the next start player.
"""

from __future__ import annotations

from typing import Any

from game.rules.base import (
    SHAPE_CODES,
    Breakdown,
    Event,
    Field,
    IllegalMove,
    Move,
    Options,
    Ruleset,
    State,
    make_rng,
)
from game.rules.stargazer import wire_shapes
from game.rules.stargazer.content import (
    CREWS,
    CREWS_BY_ID,
    CUBES_PER_PLAYER,
    MAX_FREE_CUBES_ON_CREW,
    PLANET_TYPES,
    PLANETS_FOR_PLAYERS,
    SETUP_FREE_CUBES,
    START_CREW,
    TIES_TO_FEWEST_TURN_ORDER_VP,
    TURN_ORDER_VP,
    WOOD_CUBES,
    default_free_cubes,
    planet_label,
)
from game.rules.stargazer.placement import can_place, investigation_sequences, on_the_walk
from game.rules.stargazer.scoring import ranking_with_tie_break, score_breakdown
from game.rules.stargazer.skills import CHOICE_EFFECTS, skill_move_words

#: the move type each phase accepts
PHASE_MOVE = {
    "crew": "crew",
    "skill": "skill",
    "investigate": "investigate",
    "start_player": "start_player",
}
MOVE_TYPES = frozenset(PHASE_MOVE.values())
#: the longest crew id (``crew`` fields are at most this long on the wire)
_CREW_ID_LENGTH = 32
#: every move type and its fields (``Ruleset.normalize_move``; docs/PROTOCOL.md section 11)
MOVE_FIELDS: dict[str, dict[str, Field]] = {
    "crew": {"crew": Field("str", _CREW_ID_LENGTH, meaning="id of a crew without a worker")},
    "skill": {
        "planet": Field("int", required=False, meaning="planet index (most skills)"),
        "crew": Field("str", _CREW_ID_LENGTH, required=False,
                      meaning="crew id (Quartermaster, Security Chief)"),
        "square": Field("int", required=False, meaning="square 2.. on that planet (Diplomat)"),
    },
    "investigate": {"planets": Field("ints", 64, exact=False,
                                     meaning="planet index of each cube, in order")},
    "start_player": {"seat": Field("int", meaning="the seat that starts the next round")},
}

#: reason code -> a sentence for players
REASON_TEXT: dict[str, str] = {
    "game_over": "The game is over.",
    "not_your_turn": "It is not your turn.",
    **SHAPE_CODES,
    "wrong_phase": "That kind of move is not possible now.",
    "unknown_crew": "There is no such crew in this game.",
    "crew_taken": "A worker already stands on that crew.",
    "illegal_skill_target": "The crew's skill cannot be used that way.",
    "illegal_investigation": "Your cubes cannot be placed on those planets in that order.",
    "illegal_start_player": "There is no such player to start the next round.",
}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


TRACK_LENGTH: dict[str, int] = {kind: len(info["track"]) for kind, info in PLANET_TYPES.items()}


def room_left(state: State) -> list[int]:
    """Free squares left on each planet (0 squares excluded)."""
    return [
        TRACK_LENGTH[planet] - len(queue)
        for planet, queue in zip(state["planets"], state["tracks"], strict=True)
    ]


def full_planets(state: State) -> int:
    return sum(1 for room in room_left(state) if room == 0)


def motivation_bonus(state: State, crew_index: int) -> int:
    """VP the crew at ``crew_index`` pays whoever picks it now: +1 per free cube on it, +2 per
    player cube (the Quartermaster's) on it."""
    return state["crew_free"][crew_index] + 2 * len(state["crew_cubes"][crew_index])


def end_progress(state: State) -> dict[str, int]:
    """What the round-end check looks at: the fewest cubes left in a hand (0 ends the game) and
    how many planets are full against how many end it."""
    return {
        "fewest_cubes": min(state["hands"]),
        "planets_full": full_planets(state),
        "planets_full_to_end": state["players"],
    }


def tie_break_fewest_turn_order_vp(state: State) -> list[int] | None:
    """Where ``TIES_TO_FEWEST_TURN_ORDER_VP`` holds for the player count, per seat 0 for the
    seats that started with the fewest turn-order VP (``order_vp``: with 3 players the first
    start player alone) and 1 for the others, which ``ranking_keys`` puts before cubes in hand;
    else None (the seed's tie-break alone)."""
    if not TIES_TO_FEWEST_TURN_ORDER_VP[state["players"]]:
        return None
    return fewest_turn_order_vp(state["order_vp"])


def fewest_turn_order_vp(order_vp: list[int]) -> list[int]:
    """Per seat (or round-1 position) 0 where ``order_vp`` holds the fewest turn-order VP, else
    1: who the tie rule favours, whether or not the content applies it to the player count."""
    fewest = min(order_vp)
    return [0 if vp == fewest else 1 for vp in order_vp]


def clone_state(state: State) -> State:
    """A fast deep copy (bots search on copies; the planet and crew lists never change)."""
    copy = dict(state)
    copy["tracks"] = [list(queue) for queue in state["tracks"]]
    copy["crew_cubes"] = [list(cubes) for cubes in state["crew_cubes"]]
    for key in ("zero", "crew_free", "workers", "hands", "retired", "motivation_vp", "skill_vp",
                "order_vp"):
        copy[key] = list(state[key])
    return copy


class StargazerRuleset(Ruleset):
    """Stargazer, draft 7, with the project's crews and planet tracks."""

    name = "stargazer"
    wire_agreements = wire_shapes.AGREEMENTS  # (before the name is the class's own)
    wire_shapes = (wire_shapes.VIEW, wire_shapes.EVENTS)
    title = "Stargazer"
    min_players = 3
    max_players = 4
    max_total = 400
    move_fields = MOVE_FIELDS

    # --- options ---------------------------------------------------------------------------
    def default_options(self, players: int) -> Options:
        """``planets``/``crews``: "random" or an explicit list (tests, tutorials, replays);
        ``start_player``: "random" (the draft: decide it any way you like) or a seat;
        ``free_cubes``: the free cubes of the stock at setup, 0..12 (default 12 - players, the
        project's reading of "the remaining wood cubes"; 12 is the other reading)."""
        return {
            "players": players,
            "planets": "random",
            "crews": "random",
            "start_player": "random",
            "free_cubes": default_free_cubes(players),
        }

    def normalize_options(self, options: Options) -> Options:
        merged = super().normalize_options(options)
        players = merged["players"]
        planets = merged["planets"]
        if planets != "random":
            if not isinstance(planets, list) or len(planets) != PLANETS_FOR_PLAYERS[players]:
                raise ValueError(
                    f"option 'planets' must be 'random' or {PLANETS_FOR_PLAYERS[players]} types"
                )
            for kind in planets:
                if kind not in PLANET_TYPES:
                    raise ValueError(f"option 'planets': unknown planet type {kind!r}")
                if planets.count(kind) > PLANET_TYPES[kind]["copies"]:
                    raise ValueError(f"option 'planets': too many {kind!r} planets")
        crews = merged["crews"]
        if crews != "random" and (
            not isinstance(crews, list)
            or len(crews) != players + 1
            or len(set(map(str, crews))) != len(crews)
            or any(c not in CREWS_BY_ID or c == START_CREW for c in crews)
        ):
            raise ValueError(
                f"option 'crews' must be 'random' or {players + 1} distinct crew ids "
                f"other than {START_CREW!r}"
            )
        start = merged["start_player"]
        if start != "random" and (not _is_int(start) or not 0 <= start < players):
            raise ValueError(f"option 'start_player' must be 'random' or a seat 0..{players - 1}")
        free = merged["free_cubes"]
        if not _is_int(free) or not 0 <= free <= WOOD_CUBES:
            raise ValueError(f"option 'free_cubes' must be a whole number 0..{WOOD_CUBES}")
        return merged

    def max_moves(self, options: Options) -> int:
        """Every round costs at most crew + skill + investigation per seat and one start-player
        move, and each round moves cubes out of the hands for good (a far looser bound than
        any game comes near: random games end within 15 rounds)."""
        players = self.normalize_options(options)["players"]
        rounds = 4 * players * CUBES_PER_PLAYER
        return rounds * (3 * players + 1)

    # --- setup -----------------------------------------------------------------------------
    def setup(self, options: Options, seed: int, secret: str | None = None) -> State:
        """Everything Stargazer deals is public at once: the seed decides it all (a secret
        has nothing to hide)."""
        options = self.normalize_options(options)
        players = options["players"]
        rng = make_rng(seed, "stargazer-setup")
        if options["planets"] == "random":
            deck = [kind for kind, info in PLANET_TYPES.items() for _ in range(info["copies"])]
            rng.shuffle(deck)
            planets = deck[: PLANETS_FOR_PLAYERS[players]]
        else:
            planets = list(options["planets"])
        if options["crews"] == "random":
            others = [crew["id"] for crew in CREWS if crew["id"] != START_CREW]
            rng.shuffle(others)
            drawn = others[: players + 1]
        else:
            drawn = list(options["crews"])
        crews = [START_CREW, *drawn]
        start = options["start_player"]
        if start == "random":
            start = rng.randrange(players)
        crew_free = [SETUP_FREE_CUBES.get(crew, 0) for crew in crews]
        setup_cubes = min(sum(crew_free), options["free_cubes"])
        if sum(crew_free) > setup_cubes:  # a stock too small for the setup cubes: none
            crew_free = [0 for _ in crews]
            setup_cubes = 0
        return {
            "players": players,
            "round": 1,
            "phase": "crew",
            "start": start,
            "current": start,
            "turns": 0,
            "planets": planets,
            "tracks": [[] for _ in planets],
            "zero": [None for _ in planets],
            "crews": crews,
            "crew_free": crew_free,
            "crew_cubes": [[] for _ in crews],
            "workers": [None for _ in crews],
            "hands": [CUBES_PER_PLAYER] * players,
            "stock": options["free_cubes"] - setup_cubes,
            "retired": [0] * players,
            "motivation_vp": [0] * players,
            "skill_vp": [0] * players,
            "order_vp": [TURN_ORDER_VP[players][(s - start) % players] for s in range(players)],
            "active_crew": None,
            "start_namer": None,
            "end_reason": None,
        }

    # --- queries ---------------------------------------------------------------------------
    def to_move(self, state: State) -> set[int]:
        return set() if state["phase"] == "over" else {state["current"]}

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        phase = state["phase"]
        if phase == "over" or seat != state["current"]:
            return []
        if phase == "crew":
            return [
                {"t": "crew", "crew": crew}
                for crew, worker in zip(state["crews"], state["workers"], strict=True)
                if worker is None
            ]
        if phase == "skill":
            return self._skill_options(state, seat)
        if phase == "investigate":
            return [{"t": "investigate", "planets": seq} for seq in self._sequences(state, seat)]
        return [{"t": "start_player", "seat": s} for s in range(state["players"])]

    def view(self, state: State, seat: int | None) -> State:
        """Everything is public in Stargazer; the view adds who is looking."""
        seen = clone_state(state)
        seen["you"] = seat
        return seen

    def score(self, state: State) -> list[Breakdown]:
        return score_breakdown(state)

    def ranking(self, state: State) -> list[int]:
        totals = [b["total"] for b in self.score(state)]
        return ranking_with_tie_break(totals, state["hands"], tie_break_fewest_turn_order_vp(state))

    def describe_move(self, state: State, seat: int, move: Move) -> str:
        kind = move.get("t") if isinstance(move, dict) else None
        if kind == "crew":
            crew = CREWS_BY_ID.get(move.get("crew", ""), {"name": move.get("crew")})
            return f"seat {seat} picks {crew['name']}"
        if kind == "skill":
            words = skill_move_words(state, move)
            if words is not None:
                return words[0].format(name=f"seat {seat}", **words[1])
        if kind == "investigate":
            planets = state.get("planets", [])
            path = [planet_label(planets, p) if _is_int(p) and 0 <= p < len(planets)
                    else str(p) for p in move.get("planets") or []]
            return f"seat {seat} investigates: {' > '.join(path)}"
        if kind == "start_player":
            return f"seat {seat} names seat {move.get('seat')} start player"
        return f"seat {seat}: {move}"

    # --- helpers ---------------------------------------------------------------------------
    def _active(self, state: State) -> dict[str, Any]:
        return CREWS_BY_ID[state["crews"][state["active_crew"]]]

    def _skill_options(self, state: State, seat: int) -> list[Move]:
        effect = self._active(state)["effect"]
        return CHOICE_EFFECTS[effect][0](state, seat) if effect in CHOICE_EFFECTS else []

    def _most_cubes(self, state: State, seat: int) -> int:
        return min(self._active(state)["count"], state["hands"][seat])

    def _sequences(self, state: State, seat: int, start: int | None = None) -> list[list[int]]:
        crew = self._active(state)
        return investigation_sequences(
            room_left(state), self._most_cubes(state, seat), crew["effect"], crew["params"], start
        )

    # --- apply -----------------------------------------------------------------------------
    def apply(self, state: State, seat: int, move: Move) -> list[Event]:
        phase = state["phase"]
        if phase == "over":
            raise IllegalMove("game_over")
        if not _is_int(seat) or seat != state["current"]:
            raise IllegalMove("not_your_turn", f"seat {seat!r} may not act now")
        move = self.normalize_move(move)
        if move["t"] != PHASE_MOVE[phase]:
            raise IllegalMove("wrong_phase", f"expected a {PHASE_MOVE[phase]!r} move")
        return self._play(state, seat, move, checked=True)

    def apply_legal(self, state: State, seat: int, move: Move) -> list[Event]:
        """``apply`` without the checks, for a move from ``legal_moves`` at ``state`` (the
        bots' searches: the checks of an investigation, its path among every legal path, were
        a third of a search's time)."""
        return self._play(state, seat, move, checked=False)

    def _play(self, state: State, seat: int, move: Move, checked: bool) -> list[Event]:
        kind = move["t"]
        if kind == "crew":
            return self._apply_crew(state, seat, move)
        if kind == "skill":
            return self._apply_skill(state, seat, move, checked)
        if kind == "investigate":
            return self._apply_investigation(state, seat, move, checked)
        return self._apply_start_player(state, seat, move)

    def _apply_crew(self, state: State, seat: int, move: Move) -> list[Event]:
        crew = move.get("crew")
        if set(move) != {"t", "crew"}:
            raise IllegalMove("malformed_move", "a crew move is {'t': 'crew', 'crew': id}")
        if not isinstance(crew, str) or crew not in state["crews"]:
            raise IllegalMove("unknown_crew", repr(crew))
        index = state["crews"].index(crew)
        if state["workers"][index] is not None:
            raise IllegalMove("crew_taken", crew)
        state["workers"][index] = seat
        state["active_crew"] = index
        events: list[Event] = [{"type": "crew_chosen", "seat": seat, "crew": crew}]
        free = state["crew_free"][index]
        owners = state["crew_cubes"][index]
        if free or owners:
            vp = motivation_bonus(state, index)
            state["stock"] += free
            for owner in owners:
                state["retired"][owner] += 1
            state["crew_free"][index] = 0
            state["crew_cubes"][index] = []
            state["motivation_vp"][seat] += vp
            events.append(
                {
                    "type": "motivation_bonus",
                    "seat": seat,
                    "crew": crew,
                    "free_cubes": free,
                    "player_cubes": list(owners),
                    "vp": vp,
                }
            )
        info = CREWS_BY_ID[crew]
        if info.get("pick_vp"):
            state["skill_vp"][seat] += info["pick_vp"]
            events.append({"type": "pick_vp", "seat": seat, "crew": crew, "vp": info["pick_vp"]})
        if info["effect"] == "name_start_player":
            state["start_namer"] = seat
        if info["timing"] == "choice":
            if self._skill_options(state, seat):
                state["phase"] = "skill"
                return events
            events.append(
                {"type": "skill_ignored", "seat": seat, "crew": crew, "effect": info["effect"]}
            )
        return events + self._begin_investigation(state, seat)

    def _apply_skill(self, state: State, seat: int, move: Move, checked: bool) -> list[Event]:
        if checked and not all(_is_int(v) or isinstance(v, str) for v in move.values()):
            raise IllegalMove("malformed_move", "skill targets are ints or crew ids")
        if checked and move not in self._skill_options(state, seat):
            raise IllegalMove("illegal_skill_target", repr(move))
        info = self._active(state)
        events: list[Event] = [
            {"type": "skill_applied", "seat": seat, "crew": info["id"], "effect": info["effect"]}
        ]
        events += CHOICE_EFFECTS[info["effect"]][1](state, seat, move)
        return events + self._begin_investigation(state, seat)

    def _begin_investigation(self, state: State, seat: int) -> list[Event]:
        if not can_place(room_left(state), self._most_cubes(state, seat)):
            return self._end_turn(state)
        state["phase"] = "investigate"
        return []

    def _apply_investigation(self, state: State, seat: int, move: Move,
                             checked: bool) -> list[Event]:
        planets = move.get("planets")
        if checked and (
            set(move) != {"t", "planets"}
            or not isinstance(planets, list)
            or not all(_is_int(p) for p in planets)
        ):
            raise IllegalMove(
                "malformed_move", "an investigation is {'t': 'investigate', 'planets': [...]}"
            )
        if checked and planets not in self._sequences(state, seat,
                                                      planets[0] if planets else None):
            raise IllegalMove("illegal_investigation", repr(planets))
        events: list[Event] = []
        cost = self._active(state).get("repeat_cost", 0)
        repeats = sum(1 for a, b in zip(planets, planets[1:], strict=False) if a == b)
        # (a lap back to the only open planet is the normal rule's, free for every crew)
        if cost and repeats and not on_the_walk(room_left(state), planets):
            state["skill_vp"][seat] -= cost * repeats
            events.append({"type": "repeat_cost", "seat": seat, "cubes": repeats,
                           "vp": -cost * repeats})
        for planet in planets:
            state["tracks"][planet].append(seat)
            state["hands"][seat] -= 1
            events.append(
                {
                    "type": "cube_placed",
                    "seat": seat,
                    "owner": seat,
                    "planet": planet,
                    "square": len(state["tracks"][planet]),
                }
            )
        return events + self._end_turn(state)

    def _apply_start_player(self, state: State, seat: int, move: Move) -> list[Event]:
        chosen = move.get("seat")
        if set(move) != {"t", "seat"} or not _is_int(chosen):
            raise IllegalMove("malformed_move", "{'t': 'start_player', 'seat': n}")
        if not 0 <= chosen < state["players"]:
            raise IllegalMove("illegal_start_player", repr(chosen))
        state["start"] = chosen
        return [{"type": "start_player_set", "seat": seat, "start": chosen}] + self._new_round(
            state
        )

    # --- flow ------------------------------------------------------------------------------
    def _end_turn(self, state: State) -> list[Event]:
        state["active_crew"] = None
        state["turns"] += 1
        if state["turns"] < state["players"]:
            state["current"] = (state["current"] + 1) % state["players"]
            state["phase"] = "crew"
            return []
        return self._end_round(state)

    def _end_reason(self, state: State) -> str | None:
        progress = end_progress(state)
        if progress["fewest_cubes"] == 0:
            return "hand_empty"
        if progress["planets_full"] >= progress["planets_full_to_end"]:
            return "planets_full"
        return None

    def _end_round(self, state: State) -> list[Event]:
        events: list[Event] = [{"type": "round_ended", "round": state["round"]}]
        reason = self._end_reason(state)
        if reason is not None:
            state["phase"] = "over"
            state["end_reason"] = reason
            state["start_namer"] = None
            totals = [b["total"] for b in self.score(state)]
            events.append(
                {
                    "type": "game_over",
                    "reason": reason,
                    "scores": totals,
                    "ranking": self.ranking(state),
                }
            )
            return events
        for index, crew in enumerate(state["crews"]):
            if (
                state["workers"][index] is None
                and state["crew_free"][index] < MAX_FREE_CUBES_ON_CREW
                and state["stock"] > 0
            ):
                state["crew_free"][index] += 1
                state["stock"] -= 1
                events.append(
                    {
                        "type": "free_cube_added",
                        "crew": crew,
                        "count": state["crew_free"][index],
                    }
                )
            state["workers"][index] = None
        state["round"] += 1
        state["turns"] = 0
        namer = state["start_namer"]
        state["start_namer"] = None
        if namer is not None:
            state["phase"] = "start_player"
            state["current"] = namer
            return events
        return events + self._new_round(state)

    def _new_round(self, state: State) -> list[Event]:
        state["phase"] = "crew"
        state["current"] = state["start"]
        return [{"type": "round_started", "round": state["round"], "start": state["start"]}]
