"""Two tiny games honouring ``game.rules.base.Ruleset``, so ``net/`` is tested on its own.

* ``ToyTurns``: seats take turns adding 1 or 2 to their counter; the deck (hidden) decides a
  bonus drawn on every third move; the game ends after ``rounds`` full rounds.
* ``ToySimultaneous``: every seat picks a number each round (like Look at the Stars: all seats
  act at once); a seat that picked may ``undo`` until everyone has picked; the round then ends.
"""

from __future__ import annotations

import copy

from game.rules.base import (
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


class ToyTurns(Ruleset):
    name = "toy"
    title = "Toy turns"
    min_players = 1
    max_players = 8
    move_fields = {"add": {"n": Field("int")}}

    def default_options(self, players: int) -> Options:
        return {"players": players, "rounds": 3}

    def max_moves(self, options: Options) -> int:
        opts = self.normalize_options(options)
        return opts["players"] * opts["rounds"]

    def setup(self, options: Options, seed: int, secret: str | None = None) -> State:
        opts = self.normalize_options(options)
        rng = make_rng(seed, "toy-deck", secret=secret)
        deck = [rng.randint(0, 5) for _ in range(256)]
        return {"options": opts, "counts": [0] * opts["players"], "turn": 0, "moves": 0,
                "deck": deck, "drawn": [], "over": False}

    def to_move(self, state: State) -> set[int]:
        return set() if state["over"] else {state["turn"]}

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        return [{"t": "add", "n": 1}, {"t": "add", "n": 2}]

    def apply(self, state: State, seat: int, move: Move) -> list[Event]:
        move = self.normalize_move(move)
        if state["over"]:
            raise IllegalMove("game_over", "the game is over")
        if seat != state["turn"]:
            raise IllegalMove("not_your_turn", f"seat {state['turn']} is to move")
        if move.get("n") not in (1, 2) or isinstance(move.get("n"), bool):
            raise IllegalMove("bad_amount", "n must be 1 or 2")
        players = state["options"]["players"]
        state["counts"][seat] += move["n"]
        state["moves"] += 1
        events: list[Event] = [{"type": "added", "seat": seat, "n": move["n"]}]
        if state["moves"] % 3 == 0:
            card = state["deck"].pop()
            state["drawn"].append(card)
            state["counts"][seat] += card
            events.append({"type": "card_flipped", "card": card})
            events.append({"type": "secret", "to": [seat], "note": "private to the mover"})
        state["turn"] = (seat + 1) % players
        if state["moves"] >= players * state["options"]["rounds"]:
            state["over"] = True
            events.append({"type": "game_over"})
        return events

    def view(self, state: State, seat: int | None) -> State:
        shown = copy.deepcopy({k: v for k, v in state.items() if k != "deck"})
        shown["deck_left"] = len(state["deck"])
        return shown

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def score(self, state: State) -> list[Breakdown]:
        return [{"count": c, "total": c} for c in state["counts"]]

    def reshuffle_hidden(self, state: State, seed: int) -> State:
        other = copy.deepcopy(state)
        make_rng(seed, "toy-reshuffle").shuffle(other["deck"])
        return other


class ToySimultaneous(Ruleset):
    name = "toysim"
    title = "Toy simultaneous"
    min_players = 1
    max_players = 8
    move_fields = {"pick": {"n": Field("int")}, "undo": {}}
    #: undos one seat may make in one round (bounds the game's length)
    undo_limit = 5

    def default_options(self, players: int) -> Options:
        return {"players": players, "rounds": 3}

    def max_moves(self, options: Options) -> int:
        opts = self.normalize_options(options)
        return opts["players"] * opts["rounds"] * (2 * self.undo_limit + 1)

    def setup(self, options: Options, seed: int, secret: str | None = None) -> State:
        opts = self.normalize_options(options)
        return {"options": opts, "round": 0, "picks": [None] * opts["players"],
                "totals": [0] * opts["players"], "undos": [0] * opts["players"], "over": False}

    def to_move(self, state: State) -> set[int]:
        if state["over"]:
            return set()
        return {s for s, pick in enumerate(state["picks"]) if pick is None}

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if state["over"]:
            return []
        if state["picks"][seat] is None:
            return [{"t": "pick", "n": n} for n in (1, 2, 3)]
        return [{"t": "undo"}] if state["undos"][seat] < self.undo_limit else []

    def apply(self, state: State, seat: int, move: Move) -> list[Event]:
        move = self.normalize_move(move)
        kind = move["t"]
        if state["over"]:
            raise IllegalMove("game_over", "the game is over")
        if kind == "undo":
            if state["picks"][seat] is None:
                raise IllegalMove("nothing_to_undo", "no pick this round")
            if state["undos"][seat] >= self.undo_limit:
                raise IllegalMove("undo_limit", "no more undos this round")
            state["picks"][seat] = None
            state["undos"][seat] += 1
            return [{"type": "unpicked", "seat": seat}]
        if state["picks"][seat] is not None:
            raise IllegalMove("already_picked", "undo first")
        if move.get("n") not in (1, 2, 3) or isinstance(move.get("n"), bool):
            raise IllegalMove("bad_amount", "n must be 1..3")
        state["picks"][seat] = move["n"]
        events: list[Event] = [{"type": "picked", "seat": seat}]
        if all(p is not None for p in state["picks"]):
            for s, p in enumerate(state["picks"]):
                state["totals"][s] += p
            events.append({"type": "round_ended", "picks": list(state["picks"])})
            state["picks"] = [None] * len(state["picks"])
            state["undos"] = [0] * len(state["picks"])
            state["round"] += 1
            if state["round"] >= state["options"]["rounds"]:
                state["over"] = True
                events.append({"type": "game_over"})
        return events

    def seats_affected(self, state: State, seat: int, move: Move,
                       events: list[Event]) -> set[int] | None:
        return None if any(e["type"] == "round_ended" for e in events) else {seat}

    def view(self, state: State, seat: int | None) -> State:
        shown = copy.deepcopy(state)
        shown["picks"] = [
            (p if s == seat else (None if p is None else "hidden"))
            for s, p in enumerate(state["picks"])
        ]
        return shown

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def score(self, state: State) -> list[Breakdown]:
        return [{"picked": t, "total": t} for t in state["totals"]]


TOY_TURNS = ToyTurns()
TOY_SIMULTANEOUS = ToySimultaneous()
