"""Look at the Stars ``hard``: plays the rest of the game out (since session 38; before, the
one-card lookahead ``stars_bots.LookaheadBot``, kept for measurement).

The ``width`` best placements by model value are each played on a copy, then the game is played
out to its end by ``normal``'s policy (the best model gain a card, ``DEFAULT_WEIGHTS``) for
``orders`` orders of the cards it has not seen, drawn from the public composition (never the
real order) and shared by every placement, so the placements are compared on the same futures;
a placement is worth the mean final value of its playouts (``HARD_WEIGHTS``). On 160 fresh
seeds it scores +3.83 [+3.13, +4.52] over ``normal`` and +1.26 over the lookahead (docs/AI.md,
sessions 37-38).

The playouts go round by round (one order for every placement) and ``stop`` is asked before
each one (at most 17 cards, a few ms), so a decision ends within one playout of its deadline;
the placements are compared on the rounds all of them finished (none: on their value now, as
``normal``). ``steps`` caps the cards played out in one decision: a budget counted in work, so
without ``stop`` the bot is deterministic for its seed. At the default 750 a card takes about
200 ms CPU median on the project's VM (issue 10: <= 250 ms), and the table's budget
(``THINK_SECONDS``, 0.5 s) cuts a decision only on a slow or busy machine. ``bench/ai.py stars
--levels "hard:steps=1500"`` plays it with other settings.
"""

from __future__ import annotations

from typing import Any

from game.ai.stars_bots import (
    PlanBot,
    StopCheck,
    apply_option,
    best_option,
    cards_left_after,
    day_of_card,
)
from game.ai.stars_model import DEFAULT_WEIGHTS, HARD_WEIGHTS, Model, Weights
from game.rules.base import Move
from game.rules.stars import data
from game.rules.stars.geometry import Segment

Scored = list[tuple[float, tuple[Move, tuple[Segment, ...], float]]]


class PlayoutBot(PlanBot):
    """``hard``: plays each of its best placements out to the end of the game (module
    docstring)."""

    name = "hard"

    def __init__(
        self,
        seed: int = 0,
        weights: Weights | None = None,
        width: int = 6,
        orders: int = 16,
        steps: int = 750,
    ) -> None:
        super().__init__(seed, weights or HARD_WEIGHTS)
        self.width = width
        self.orders = orders
        #: most cards played out in one decision (0: no cap)
        self.steps = steps
        #: the playouts' policy: ``normal``'s numbers (with hard's they gained less)
        self.policy = DEFAULT_WEIGHTS
        self.last_playouts = 0

    def choose_card(
        self, view: dict[str, Any], seat: int, moves: list[Move], stop: StopCheck | None
    ) -> Move:
        self.last_playouts = 0
        model, scored = self.scored_options(view, seat, moves)
        left = cards_left_after(view)
        if left == 0 or len(scored) <= 1:
            return self._pick([(v, o[0]) for v, o in scored])
        scored.sort(key=lambda item: -item[0])
        top = scored[: self.width]
        pool = [c for c in self.unseen() if c != view["card"]["id"]]
        depth = min(left, len(pool))
        orders = [self.rng.sample(pool, depth) for _ in range(self.orders)]
        first = view["card"]["n"] + 1
        use = self.policy.power_use[model.power]
        totals = [0.0] * len(top)
        rounds = 0
        for order in orders:
            if self.steps and (rounds + 1) * depth * len(top) > self.steps:
                break
            for i, (_, option) in enumerate(top):
                if stop is not None and stop():
                    return self._pick(self._values(top, totals, rounds))
                after = model.clone()
                uses = apply_option(after, option) if option[0]["t"] != "skip" else 0
                totals[i] += self.playout(after, order, first) + uses * use
                self.last_playouts += 1
            rounds += 1
        return self._pick(self._values(top, totals, rounds))

    def playout(self, model: Model, order: list[int], first: int) -> float:
        """Play ``order`` (card number ``first`` onwards) on ``model`` by the policy, each card
        where it gains most (or skipped); the final value, power uses at their estimated
        worth."""
        policy = self.policy
        uses = 0
        for j, card in enumerate(order):
            n = first + j
            model.set_day(day_of_card(n))
            left = data.CARDS_PER_GAME - n
            if card in data.SHOOTING_STAR_CARD_IDS:  # few options: the general way
                option = best_option(model, card, policy, left)[1]
                if option is not None:
                    apply_option(model, option)
                continue
            # a line card: its placements weighed straight from the model (no move dicts)
            best_segs = model.best_line(card, policy, left)[1]
            if best_segs is not None:
                uses += apply_option(model, ({"t": "place"}, best_segs, 0.0))
        end_left = data.CARDS_PER_GAME - (first + len(order) - 1)
        return model.value(self.weights, end_left) + uses * policy.power_use[model.power]

    @staticmethod
    def _values(top: Scored, totals: list[float], rounds: int) -> list[tuple[float, Move]]:
        """Each placement's mean playout value over ``rounds`` finished rounds (none: its
        value now)."""
        if not rounds:
            return [(gain, option[0]) for gain, option in top]
        return [(totals[i] / rounds, option[0]) for i, (_, option) in enumerate(top)]
