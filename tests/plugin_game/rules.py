"""High Bid (Goofspiel), a test-only game (`game` = `"highbid"`): proof that a game plugs in.

Each seat holds the cards `1..cards` (option `cards`, 3..8; option `players`, 2..4). A prize
card is face up (view key `prize`; the prizes still face down are a hidden order keyed by the
host's secret: the view shows only `deck_left` and the prizes `shown` so far). Every seat
secretly plays one card with a `bid` move (field `card`); the bids stay hidden (view key
`bids`: your own card, `"hidden"` for another seat's placed bid, None before) until the last
seat bids, then all are revealed together: the one highest bid alone wins the prize (a tie at
the top: nobody does). The view also holds `options`, `hands` (cards left, public), `won`
(prize points per seat), `round` and `over`.

Events: `bid_placed` (`seat`), `bids_revealed` (`bids`, `prize`, `winner`: a seat or None),
`prize_flipped` (`prize`), `game_over`. Score: `prizes` and `total`.
Refusal codes (`REASON_TEXT`): `game_over`, `already_bid`, `not_in_hand`.
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

REASON_TEXT = {
    "game_over": "The game is over.",
    "already_bid": "You have bid this round: wait for the others.",
    "not_in_hand": "You do not hold that card any more.",
}
HIDDEN = "hidden"


class HighBid(Ruleset):
    name = "highbid"
    title = "High Bid"
    min_players = 2
    max_players = 4
    move_fields = {"bid": {"card": Field("int", low=1, high=8, meaning="the card bid")}}

    def default_options(self, players: int) -> Options:
        return {"players": players, "cards": 5}

    def normalize_options(self, options: Options) -> Options:
        merged = super().normalize_options(options)
        cards = merged["cards"]
        if not isinstance(cards, int) or isinstance(cards, bool) or not 3 <= cards <= 8:
            raise ValueError(f"option 'cards' must be 3..8, got {cards!r}")
        return merged

    def max_moves(self, options: Options) -> int:
        opts = self.normalize_options(options)
        return opts["players"] * opts["cards"]

    def setup(self, options: Options, seed: int, secret: str | None = None) -> State:
        opts = self.normalize_options(options)
        players, cards = opts["players"], opts["cards"]
        deck = list(range(1, cards + 1))
        make_rng(seed, "highbid-prizes", secret=secret).shuffle(deck)
        prize = deck.pop()
        return {"options": opts, "deck": deck, "prize": prize, "shown": [prize],
                "hands": [list(range(1, cards + 1)) for _ in range(players)],
                "bids": [None] * players, "won": [0] * players, "round": 0, "over": False}

    def to_move(self, state: State) -> set[int]:
        if state["over"]:
            return set()
        return {seat for seat, bid in enumerate(state["bids"]) if bid is None}

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        return [{"t": "bid", "card": card} for card in state["hands"][seat]]

    def apply(self, state: State, seat: int, move: Move) -> list[Event]:
        move = self.normalize_move(move)
        if state["over"]:
            raise IllegalMove("game_over", "the game is over")
        if state["bids"][seat] is not None:
            raise IllegalMove("already_bid", "wait for the others")
        if move["card"] not in state["hands"][seat]:
            raise IllegalMove("not_in_hand", f"card {move['card']} is not in your hand")
        state["bids"][seat] = move["card"]
        events: list[Event] = [{"type": "bid_placed", "seat": seat}]
        if any(bid is None for bid in state["bids"]):
            return events
        bids = list(state["bids"])
        top = max(bids)
        winner = bids.index(top) if bids.count(top) == 1 else None
        if winner is not None:
            state["won"][winner] += state["prize"]
        events.append({"type": "bids_revealed", "bids": bids, "prize": state["prize"],
                       "winner": winner})
        for hand, bid in zip(state["hands"], bids, strict=True):
            hand.remove(bid)
        state["bids"] = [None] * len(bids)
        state["round"] += 1
        if state["deck"]:
            state["prize"] = state["deck"].pop()
            state["shown"].append(state["prize"])
            events.append({"type": "prize_flipped", "prize": state["prize"]})
        else:
            state["prize"] = None
            state["over"] = True
            events.append({"type": "game_over"})
        return events

    def seats_affected(self, state: State, seat: int, move: Move,
                       events: list[Event]) -> set[int] | None:
        return None if len(events) > 1 else {seat}

    def view(self, state: State, seat: int | None) -> State:
        shown = copy.deepcopy({key: value for key, value in state.items() if key != "deck"})
        shown["deck_left"] = len(state["deck"])
        shown["bids"] = [bid if other == seat or bid is None else HIDDEN
                         for other, bid in enumerate(state["bids"])]
        return shown

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def score(self, state: State) -> list[Breakdown]:
        return [{"prizes": won, "total": won} for won in state["won"]]

    def reshuffle_hidden(self, state: State, seed: int) -> State:
        other = copy.deepcopy(state)
        make_rng(seed, "highbid-reshuffle").shuffle(other["deck"])
        return other

    def describe_move(self, state: State, seat: int, move: Move) -> str:
        return f"seat {seat} bids"  # the card stays secret in logs too


RULESET = HighBid()
