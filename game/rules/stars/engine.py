"""``StarsRuleset``: the Look at the Stars turn flow on top of the pure rule modules.

All seats act on the same card at once. A seat places the card (or a shooting star, or skips),
answers any power prompt, then confirms; until every seat has confirmed it may undo its whole
turn. A turn only appends to the seat's sheet, so undo truncates the lists back to the marks
saved when the turn began.
"""

from __future__ import annotations

import copy
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
from game.rules.stars import data, wire_shapes
from game.rules.stars.geometry import (
    card_segments,
    is_unit,
    norm,
    path_segments,
    shooting_star_points,
)
from game.rules.stars.placement import (
    PLACEMENT_REASONS,
    legal_card_placements,
    legal_shooting_stars_index,
    line_bonus_targets,
    object_problem,
    object_targets,
    segment_problem,
    shooting_segment_problem,
)
from game.rules.stars.powers import offered_copies, power_name
from game.rules.stars.scoring import cached_score
from game.rules.stars.sheet import SheetIndex, copy_sheet, new_sheet

#: move-level reason codes (placement codes are in ``PLACEMENT_REASONS``)
MOVE_REASONS: dict[str, str] = {
    "bad_seat": "There is no such seat at this table.",
    "game_over": "The game is over.",
    **SHAPE_CODES,
    "turn_limit": "You have made too many moves on this card: skip or confirm it now.",
    "already_played": "You have already played this card; undo first to play it differently.",
    "wrong_card": "That move does not fit the card on the table.",
    "power_pending": "Use or skip your power bonus first.",
    "no_power_prompt": "You have no power bonus to use right now.",
    "wrong_target": "The Line bonus is used on a line between two stars; every other power on "
                    "a point.",
    "not_unit_segment": "A line joins two neighbouring stars (one step, straight or diagonal).",
    "nothing_to_confirm": "Play the card (or skip it) before confirming.",
    "already_confirmed": "You have already confirmed this card.",
    "nothing_to_undo": "You have not played this card yet.",
}
REASON_TEXT: dict[str, str] = {**MOVE_REASONS, **PLACEMENT_REASONS}

SHIFT_LIMIT = 16
#: moves one seat may make on one card (undo cycles included); past it the seat may only
#: finish: play the card if it has not (place, shooting_star or skip), skip_power, confirm.
#: This bounds a game at ``max_moves`` moves, so any game's save stays small and resumes.
TURN_MOVE_LIMIT = 60
#: moves a seat can still make on a card after reaching the limit (play, skip_power, confirm)
_FINISHING_MOVES = 3
_PLAY_TYPES = ("place", "shooting_star", "skip")

#: every move type and its fields (``Ruleset.normalize_move``; docs/PROTOCOL.md section 11)
_ROT = Field("int", meaning="quarter turns", low=0, high=3)
_DX = Field("int", meaning="shift right", low=-SHIFT_LIMIT, high=SHIFT_LIMIT)
_DY = Field("int", meaning="shift up", low=-SHIFT_LIMIT, high=SHIFT_LIMIT)
MOVE_FIELDS: dict[str, dict[str, Field]] = {
    "place": {"rot": _ROT, "dx": _DX, "dy": _DY},
    "shooting_star": {"size": Field("int", meaning="diagonal segments",
                                    low=min(data.SHOOTING_STAR_SHAPES),
                                    high=max(data.SHOOTING_STAR_SHAPES)),
                      "rot": _ROT, "dx": _DX, "dy": _DY},
    "skip": {},
    "power": {"at": Field("ints", 2, required=False, meaning="[x, y]: where the object goes"),
              "line": Field("ints", 4, required=False,
                            meaning="[x1, y1, x2, y2]: the Line bonus's segment")},
    "skip_power": {},
    "confirm": {},
    "undo": {},
}
#: a ``power`` move names its target by exactly one of these (which one: the prompt's power)
ONE_OF: dict[str, tuple[str, ...]] = {"power": ("at", "line")}
POINT_CARD_CHOICES = ("default", "random")
POWER_CARD_CHOICES = ("default", "random_beginner", "random_experienced")


def card_kind(card_id: int) -> str:
    return "shooting_star" if card_id in data.SHOOTING_STAR_CARD_IDS else "line"


def card_info(card_id: int) -> dict[str, Any]:
    """What a view shows of a night card: id, kind and (line cards) its segments unturned."""
    info: dict[str, Any] = {"id": card_id, "kind": card_kind(card_id)}
    if info["kind"] == "line":
        info["segments"] = [list(s) for s in data.LINE_CARDS[card_id]]
    return info


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def confirmed_sheet(seat_state: dict[str, Any]) -> dict[str, Any]:
    """The seat's sheet as it was before its unconfirmed turn (what others may see)."""
    sheet = seat_state["sheet"]
    turn = seat_state["turn"]
    if turn is None:
        return sheet
    mark = turn["mark"]
    out = dict(sheet)
    for key in ("lines", "shooting_stars", "objects"):
        out[key] = sheet[key][: mark[key]]
    return out


def _new_constellations(seat: int, sheet: dict[str, Any], mark: dict[str, Any]) -> list[Event]:
    """``constellation_formed`` for each valid constellation this card made or changed: one
    holding a line drawn this turn, or a nova placed this turn; ``group_too_big`` for each
    group this card made or grew past the largest valid size, which scores nothing (a
    player's constellation of 6 grew to 9 and the score fell with nothing said: a
    playtest)."""
    new_lines = {norm(*line) for line in sheet["lines"][mark["lines"] :]}
    new_novas = {
        (o["at"][0], o["at"][1]) for o in sheet["objects"][mark["objects"] :] if o["kind"] == "nova"
    }
    if not new_lines and not new_novas:
        return []
    events: list[Event] = []
    for group in SheetIndex(sheet).groups():
        too_big = not group.valid and group.size > max(data.VALID_SIZES)
        if not group.valid and not too_big:
            continue
        if new_lines.isdisjoint(group.lines) and new_novas.isdisjoint(group.points):
            continue
        events.append(
            {
                "type": "group_too_big" if too_big else "constellation_formed",
                "seat": seat,
                "size": group.size,
                "lines": [list(s) for s in sorted(group.lines)],
            }
        )
    return events


class StarsRuleset(Ruleset):
    name = "stars"
    wire_agreements = wire_shapes.AGREEMENTS  # (before the name is the class's own)
    wire_shapes = (wire_shapes.VIEW, wire_shapes.EVENTS)
    title = "Look at the Stars"
    min_players = 1
    max_players = 8
    move_fields = MOVE_FIELDS
    one_of = ONE_OF

    # --- options --------------------------------------------------------------------------
    def default_options(self, players: int) -> Options:
        return {
            "players": players,
            "point_card": "default",
            "power_card": "default",
            "live_score": False,
        }

    def normalize_options(self, options: Options) -> Options:
        merged = super().normalize_options(options)
        point = merged["point_card"]
        if not (point in POINT_CARD_CHOICES or (_int(point) and 1 <= point <= 10)):
            raise ValueError(f"option 'point_card' must be default, random or 1..10, got {point!r}")
        power = merged["power_card"]
        if not (power in POWER_CARD_CHOICES or (_int(power) and 1 <= power <= 9)):
            raise ValueError(
                "option 'power_card' must be default, random_beginner, random_experienced "
                f"or 1..9, got {power!r}"
            )
        if not isinstance(merged["live_score"], bool):
            raise ValueError(
                f"option 'live_score' must be true or false, got {merged['live_score']!r}"
            )
        return merged

    def max_moves(self, options: Options) -> int:
        players = self.normalize_options(options)["players"]
        return data.CARDS_PER_GAME * players * (TURN_MOVE_LIMIT + _FINISHING_MOVES)

    # --- setup ----------------------------------------------------------------------------
    def setup(self, options: Options, seed: int, secret: str | None = None) -> State:
        """Boards and bonus cards from ``seed``; the deck order from ``seed`` and ``secret``
        (the host's, sent only with the results: a seed and the cards seen so far predict
        nothing)."""
        opts = self.normalize_options(options)
        rng = make_rng(seed, "stars-setup")
        players = opts["players"]
        boards = rng.sample(range(len(data.BOARDS)), players)
        point = opts["point_card"]
        if point == "default":
            point = data.DEFAULT_POINT_CARD
        elif point == "random":
            point = rng.randint(1, len(data.POINT_CARDS))
        power = opts["power_card"]
        if power == "default":
            power = data.DEFAULT_POWER_CARD
        elif power == "random_beginner":
            power = rng.choice(data.BEGINNER_POWER_CARDS)
        elif power == "random_experienced":
            power = rng.randint(1, len(data.POWER_CARDS))
        deck = list(range(data.CARD_COUNT))
        (rng if secret is None else make_rng(seed, "stars-deck", secret=secret)).shuffle(deck)
        return {
            "options": opts,
            "point_card": point,
            "power_card": power,
            "deck": deck,
            "flipped": 1,
            "day": 0,
            "over": False,
            "seats": [
                {
                    "sheet": new_sheet(b, point, power),
                    "spent": [],
                    "once_used": False,
                    "turn": None,
                    "confirmed": False,
                    "card_moves": 0,
                }
                for b in boards
            ],
        }

    def current_card(self, state: State) -> int:
        return state["deck"][state["flipped"] - 1]

    # --- turn flow ------------------------------------------------------------------------
    def to_move(self, state: State) -> set[int]:
        if state["over"]:
            return set()
        return {i for i, s in enumerate(state["seats"]) if not s["confirmed"]}

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if state["over"] or not _int(seat) or not 0 <= seat < len(state["seats"]):
            return []
        me = state["seats"][seat]
        turn = me["turn"]
        limited = me["card_moves"] >= TURN_MOVE_LIMIT
        if me["confirmed"]:
            return [] if limited else [{"t": "undo"}]
        if turn is None:
            card = self.current_card(state)
            day = state["day"]
            moves: list[Move] = []
            if card_kind(card) == "line":
                for rot, dx, dy in legal_card_placements(me["sheet"], card, day):
                    moves.append({"t": "place", "rot": rot, "dx": dx, "dy": dy})
            else:
                index = SheetIndex(me["sheet"])
                for size, rot, dx, dy in legal_shooting_stars_index(index, day):
                    moves.append(
                        {"t": "shooting_star", "size": size, "rot": rot, "dx": dx, "dy": dy}
                    )
            moves.append({"t": "skip"})
            return moves
        if limited:
            return [{"t": "skip_power"}] if turn["prompt"] is not None else [{"t": "confirm"}]
        if turn["prompt"] is not None:
            moves = [{"t": "power", **target} for target in self._prompt_targets(state, seat)]
            return moves + [{"t": "skip_power"}, {"t": "undo"}]
        return [{"t": "confirm"}, {"t": "undo"}]

    def _prompt_targets(self, state: State, seat: int) -> list[dict[str, Any]]:
        me = state["seats"][seat]
        prompt = me["turn"]["prompt"]
        index = SheetIndex(me["sheet"])
        if prompt["power"] == data.LINE:
            return [{"line": t} for t in line_bonus_targets(index, state["day"])]
        trigger = [tuple(s) for s in prompt["copies"][0]]
        targets = object_targets(index, prompt["power"], state["day"], trigger)
        return [{"at": t} for t in targets]

    def apply(self, state: State, seat: int, move: Move) -> list[Event]:
        if not _int(seat) or not 0 <= seat < len(state["seats"]):
            raise IllegalMove("bad_seat", f"seat {seat!r}")
        if state["over"]:
            raise IllegalMove("game_over")
        move = self.normalize_move(move)
        kind = move["t"]
        me = state["seats"][seat]
        if me["card_moves"] >= TURN_MOVE_LIMIT and not (
            kind in ("skip_power", "confirm") or (kind in _PLAY_TYPES and me["turn"] is None)
        ):
            raise IllegalMove("turn_limit", f"{TURN_MOVE_LIMIT} moves on this card already")
        flipped = state["flipped"]
        events = _HANDLERS[kind](self, state, seat, move)
        if state["flipped"] == flipped and not state["over"]:
            me["card_moves"] += 1  # (finishing the card reset every seat's count)
        return events

    def seats_affected(self, state: State, seat: int, move: Move,
                       events: list[Event]) -> set[int] | None:
        """A seat's moves on a card touch only its own sheet; the last confirm, which turns the
        next card (or ends the game), touches everyone."""
        if any(e["type"] in ("card_flipped", "game_over") for e in events):
            return None
        return {seat}

    # each handler checks everything first, then mutates

    def _begin(self, state: State, seat: int, move: Move, kind: str) -> dict[str, Any]:
        me = state["seats"][seat]
        if me["turn"] is not None:
            if me["turn"]["prompt"] is not None:
                raise IllegalMove("power_pending")
            raise IllegalMove("already_played")
        card = self.current_card(state)
        if kind != "skip" and card_kind(card) != ("line" if kind == "place" else kind):
            raise IllegalMove("wrong_card", f"the card is a {card_kind(card)} card")
        return me  # the fields' types and ranges: normalize_move (MOVE_FIELDS)

    @staticmethod
    def _mark(me: dict[str, Any]) -> dict[str, Any]:
        sheet = me["sheet"]
        return {
            "lines": len(sheet["lines"]),
            "shooting_stars": len(sheet["shooting_stars"]),
            "objects": len(sheet["objects"]),
            "spent": len(me["spent"]),
            "once_used": me["once_used"],
        }

    def _place(self, state: State, seat: int, move: Move) -> list[Event]:
        me = self._begin(state, seat, move, "place")
        card = self.current_card(state)
        segs = [norm(*s) for s in card_segments(card, move["rot"], move["dx"], move["dy"])]
        index = SheetIndex(me["sheet"])
        for seg in segs:
            problem = segment_problem(index, seg, state["day"])
            if problem:
                raise IllegalMove(problem, f"segment {list(seg)}")
        me["turn"] = {"action": "place", "mark": self._mark(me), "prompt": None}
        me["sheet"]["lines"].extend(list(s) for s in segs)
        events: list[Event] = [
            {
                "type": "lines_drawn",
                "seat": seat,
                "lines": [list(s) for s in segs],
                "final": False,
                "to": [seat],
            }
        ]
        index.add_lines(segs)
        return events + self._offer_power(state, seat, index)

    def _offer_power(self, state: State, seat: int, index: SheetIndex | None = None) -> list[Event]:
        """Open (or refresh, or close) the seat's power prompt after lines were added."""
        me = state["seats"][seat]
        if index is None:
            index = SheetIndex(me["sheet"])
        copies = offered_copies(index, [tuple(s) for s in me["spent"]], me["once_used"])
        if not copies:
            me["turn"]["prompt"] = None
            return []
        power = power_name(me["sheet"]["power_card"])
        me["turn"]["prompt"] = {
            "power": power,
            "copies": [[list(s) for s in c] for c in copies],
            "stars_left": 0,
        }
        return [
            {
                "type": "power_offered",
                "seat": seat,
                "power": power,
                "uses": len(copies),
                "to": [seat],
            }
        ]

    def _shooting_star(self, state: State, seat: int, move: Move) -> list[Event]:
        me = self._begin(state, seat, move, "shooting_star")
        points = shooting_star_points(move["size"], move["rot"], move["dx"], move["dy"])
        index = SheetIndex(me["sheet"])
        for seg in path_segments(points):
            problem = shooting_segment_problem(index, seg, state["day"])
            if problem:
                raise IllegalMove(problem, f"segment {list(seg)}")
        me["turn"] = {"action": "shooting_star", "mark": self._mark(me), "prompt": None}
        star = [list(p) for p in points]
        me["sheet"]["shooting_stars"].append(star)
        return [
            {
                "type": "shooting_star_drawn",
                "seat": seat,
                "points": star,
                "final": False,
                "to": [seat],
            }
        ]

    def _skip(self, state: State, seat: int, move: Move) -> list[Event]:
        me = self._begin(state, seat, move, "skip")
        me["turn"] = {"action": "skip", "mark": self._mark(me), "prompt": None}
        return [{"type": "card_skipped", "seat": seat, "final": False, "to": [seat]}]

    def _power(self, state: State, seat: int, move: Move) -> list[Event]:
        me = state["seats"][seat]
        prompt = me["turn"]["prompt"] if me["turn"] else None
        if prompt is None:
            raise IllegalMove("no_power_prompt")
        power = prompt["power"]
        day = state["day"]
        index = SheetIndex(me["sheet"])
        if power == data.LINE:
            line = move.get("line")
            if line is None:
                raise IllegalMove("wrong_target", "the Line bonus needs 'line': [x1, y1, x2, y2]")
            if not is_unit(line):
                raise IllegalMove("not_unit_segment", f"line {line}")
            seg = norm(*line)
            problem = segment_problem(index, seg, day)
            if problem:
                raise IllegalMove(problem, f"line {list(seg)}")
        else:
            at = move.get("at")
            if at is None:
                raise IllegalMove("wrong_target", f"the {power} power needs 'at': [x, y]")
            trigger = [tuple(s) for s in prompt["copies"][0]]
            problem = object_problem(index, power, (at[0], at[1]), day, trigger)
            if problem:
                raise IllegalMove(problem, f"{power} at {at}")
        # legal: mutate
        events: list[Event] = []
        if power != data.NEW_STAR or prompt["stars_left"] == 0:
            self._spend(me, prompt["copies"][0])
            if power in data.ONCE_PER_GAME_POWERS:
                me["once_used"] = True
            if power == data.NEW_STAR:
                prompt["stars_left"] = 2
        if power == data.LINE:
            me["sheet"]["lines"].append(list(seg))
            events.append(
                {
                    "type": "lines_drawn",
                    "seat": seat,
                    "lines": [list(seg)],
                    "bonus": True,
                    "final": False,
                    "to": [seat],
                }
            )
        else:
            me["sheet"]["objects"].append({"kind": power, "at": [at[0], at[1]]})
            events.append(
                {
                    "type": "object_placed",
                    "seat": seat,
                    "kind": power,
                    "at": [at[0], at[1]],
                    "final": False,
                    "to": [seat],
                }
            )
        if power == data.NEW_STAR:
            prompt["stars_left"] -= 1
            if prompt["stars_left"] > 0:
                return events
        if power == data.LINE:
            index.add_lines([seg])
        # objects never change the lines, and copies depend on the lines only
        return events + self._offer_power(state, seat, index)

    @staticmethod
    def _spend(me: dict[str, Any], segments: list[list[int]]) -> None:
        spent = me["spent"]
        known = {tuple(s) for s in spent}
        for s in segments:
            if tuple(s) not in known:
                spent.append(list(s))
                known.add(tuple(s))

    def _skip_power(self, state: State, seat: int, move: Move) -> list[Event]:
        me = state["seats"][seat]
        prompt = me["turn"]["prompt"] if me["turn"] else None
        if prompt is None:
            raise IllegalMove("no_power_prompt")
        for c in prompt["copies"]:
            self._spend(me, c)
        me["turn"]["prompt"] = None
        return [{"type": "power_skipped", "seat": seat, "power": prompt["power"], "to": [seat]}]

    def _confirm(self, state: State, seat: int, move: Move) -> list[Event]:
        me = state["seats"][seat]
        if me["confirmed"]:
            raise IllegalMove("already_confirmed")
        if me["turn"] is None:
            raise IllegalMove("nothing_to_confirm")
        if me["turn"]["prompt"] is not None:
            raise IllegalMove("power_pending")
        me["confirmed"] = True
        events: list[Event] = [{"type": "turn_confirmed", "seat": seat}]
        if all(s["confirmed"] for s in state["seats"]):
            events += self._finish_card(state)
        return events

    def _undo(self, state: State, seat: int, move: Move) -> list[Event]:
        me = state["seats"][seat]
        if me["turn"] is None:
            raise IllegalMove("nothing_to_undo")
        mark = me["turn"]["mark"]
        for key in ("lines", "shooting_stars", "objects"):
            del me["sheet"][key][mark[key] :]
        del me["spent"][mark["spent"] :]
        me["once_used"] = mark["once_used"]
        me["turn"] = None
        me["confirmed"] = False
        return [{"type": "turn_undone", "seat": seat}]

    def _finish_card(self, state: State) -> list[Event]:
        """Every seat confirmed: reveal all placements, then flip the next card or end."""
        events: list[Event] = []
        for i, me in enumerate(state["seats"]):
            turn = me["turn"]
            mark = turn["mark"]
            sheet = me["sheet"]
            if turn["action"] == "skip":
                events.append({"type": "card_skipped", "seat": i, "final": True})
            if sheet["lines"][mark["lines"] :]:
                events.append(
                    {
                        "type": "lines_drawn",
                        "seat": i,
                        "final": True,
                        "lines": [list(s) for s in sheet["lines"][mark["lines"] :]],
                    }
                )
            for star in sheet["shooting_stars"][mark["shooting_stars"] :]:
                events.append(
                    {
                        "type": "shooting_star_drawn",
                        "seat": i,
                        "final": True,
                        "points": [list(p) for p in star],
                    }
                )
            for obj in sheet["objects"][mark["objects"] :]:
                events.append(
                    {
                        "type": "object_placed",
                        "seat": i,
                        "final": True,
                        "kind": obj["kind"],
                        "at": list(obj["at"]),
                    }
                )
            events += _new_constellations(i, sheet, mark)
            me["turn"] = None
            me["confirmed"] = False
            me["card_moves"] = 0
        if state["flipped"] >= data.CARDS_PER_GAME:
            state["over"] = True
            events.append({"type": "game_over", "scores": self.score(state)})
            return events
        state["flipped"] += 1
        day = (state["flipped"] - 1) // data.CARDS_PER_PILE
        if day != state["day"]:
            state["day"] = day
            events.append({"type": "sun_rose", "day": day})
        events.append(
            {
                "type": "card_flipped",
                "n": state["flipped"],
                "card": card_info(self.current_card(state)),
            }
        )
        return events

    # --- what players see -------------------------------------------------------------------
    def score(self, state: State) -> list[Breakdown]:
        return [cached_score(confirmed_sheet(s)) for s in state["seats"]]

    def view(self, state: State, seat: int | None) -> State:
        seats = state["seats"]
        public_scores = state["over"] or state["options"]["live_score"]
        out: dict[str, Any] = {
            "game": self.name,
            "options": dict(state["options"]),
            "point_card": state["point_card"],
            "power_card": state["power_card"],
            "power": power_name(state["power_card"]),
            "card": {
                **card_info(self.current_card(state)),
                "n": state["flipped"],
                "of": data.CARDS_PER_GAME,
            },
            "day": state["day"],
            "over": state["over"],
            "seats": [
                {
                    "seat": i,
                    "board": s["sheet"]["board"],
                    "sheet": copy_sheet(confirmed_sheet(s)),
                    "confirmed": s["confirmed"],
                }
                for i, s in enumerate(seats)
            ],
            "you": seat if _int(seat) and seat is not None and 0 <= seat < len(seats) else None,
            "pending": None,
            "my_score": None,
            "scores": self.score(state) if public_scores else None,
        }
        me_seat = out["you"]
        if me_seat is not None:
            me = seats[me_seat]
            out["my_score"] = cached_score(me["sheet"])
            turn = me["turn"]
            if turn is not None:
                prompt = None
                if turn["prompt"] is not None:
                    prompt = {
                        "power": turn["prompt"]["power"],
                        "uses": len(turn["prompt"]["copies"]),
                        "stars_left": turn["prompt"]["stars_left"],
                        "copy": [list(s) for s in turn["prompt"]["copies"][0]],
                        "targets": self._prompt_targets(state, me_seat),
                    }
                out["pending"] = {
                    "action": turn["action"],
                    "sheet": copy_sheet(me["sheet"]),
                    "prompt": prompt,
                }
            out["spent"] = [list(s) for s in me["spent"]]
            out["once_used"] = me["once_used"]
        return out

    def reshuffle_hidden(self, state: State, seed: int) -> State:
        out = copy.deepcopy(state)
        rest = out["deck"][out["flipped"] :]
        make_rng(seed, "stars-reshuffle").shuffle(rest)
        out["deck"][out["flipped"] :] = rest
        return out

    def describe_move(self, state: State, seat: int, move: Move) -> str:
        t = move.get("t") if isinstance(move, dict) else None
        if t == "place":
            where = f"{move.get('dx')},{move.get('dy')}"
            return f"seat {seat} draws the card (turn {move.get('rot')}, shift {where})"
        if t == "shooting_star":
            return f"seat {seat} draws a shooting star of {move.get('size')}"
        if t == "power":
            return f"seat {seat} uses the power at {move.get('at') or move.get('line')}"
        names = {
            "skip": "skips the card",
            "skip_power": "skips the power",
            "confirm": "confirms",
            "undo": "takes the turn back",
        }
        return f"seat {seat} {names.get(t, str(move))}"


_HANDLERS = {
    "place": StarsRuleset._place,
    "shooting_star": StarsRuleset._shooting_star,
    "skip": StarsRuleset._skip,
    "power": StarsRuleset._power,
    "skip_power": StarsRuleset._skip_power,
    "confirm": StarsRuleset._confirm,
    "undo": StarsRuleset._undo,
}
