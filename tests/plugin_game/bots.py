"""High Bid's searching bot: Monte Carlo rollouts over what the seat may not see.

It reads only its seat's view: the prizes still face down are sampled from those not yet
shown, another seat's hidden bid from that seat's hand. For each card it plays many such
worlds to the end with random bids and keeps the card with the best mean margin.
"""

from __future__ import annotations

from game.ai.base import StopCheck
from game.rules.base import Move, Ruleset, State, make_rng

ROLLOUTS = 24


class RolloutBot:
    name = "rollout"

    def __init__(self, seed: int = 0) -> None:
        self.rng = make_rng(seed, "highbid-rollout")

    def choose(self, ruleset: Ruleset, state: State, seat: int,
               stop: StopCheck | None = None) -> Move:
        view = ruleset.view(state, seat)
        moves = ruleset.legal_moves(view, seat)
        if not moves:
            raise ValueError(f"seat {seat} has no legal move")
        totals = [0.0] * len(moves)
        for _ in range(ROLLOUTS):
            for index, move in enumerate(moves):
                totals[index] += self._rollout(ruleset, view, seat, move)
            if stop is not None and stop():
                break
        return moves[max(range(len(moves)), key=totals.__getitem__)]

    def _rollout(self, ruleset: Ruleset, view: State, seat: int, move: Move) -> float:
        """The margin of ``seat`` in one world consistent with its view, ``move`` played."""
        world = {**view, "hands": [list(hand) for hand in view["hands"]],
                 "won": list(view["won"]), "shown": list(view["shown"])}
        unseen = [p for p in range(1, view["options"]["cards"] + 1) if p not in view["shown"]]
        self.rng.shuffle(unseen)
        world["deck"] = unseen
        world["bids"] = [self.rng.choice(world["hands"][other]) if bid == "hidden" else bid
                         for other, bid in enumerate(view["bids"])]
        world.pop("deck_left")
        ruleset.apply(world, seat, move)
        while not ruleset.is_over(world):
            other = min(ruleset.to_move(world))
            ruleset.apply(world, other, self.rng.choice(ruleset.legal_moves(world, other)))
        mine = world["won"][seat]
        return mine - max(won for other, won in enumerate(world["won"]) if other != seat)
