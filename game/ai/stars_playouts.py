"""Look at the Stars ``hard``: plays the rest of the game out (since session 38; before, the
one-card lookahead ``stars_bots.LookaheadBot``, kept for measurement).

The ``width`` best placements by model value are each played on a copy, then the game is played
out to its end by ``normal``'s policy (the best model gain a card, ``DEFAULT_WEIGHTS``) for
``orders`` orders of the cards it has not seen, drawn from the public composition (never the
real order) and shared by every placement, so the placements are compared on the same futures;
a placement is worth the mean final value of its playouts (``HARD_WEIGHTS``). Since session 39
a power prompt's best answers are played out the same way (``prompts``), and a placement leaves
the race once the leader's lead over it, paired round by round, is ``race`` standard errors: the
work goes to the close calls, and a decision ends when one placement is left (docs/AI.md,
sessions 37-39, for the figures).

The playouts go round by round (one order for every placement) and ``stop`` is asked before
each one (at most 17 cards, a few ms), so a decision ends within one playout of its deadline;
the placements are compared on the rounds all of them finished (none: on their value now, as
``normal``). ``steps`` caps the cards played out in one decision (0: no cap; a budget counted in
work, so without ``stop`` the bot is deterministic for its seed).
``bench/ai.py stars --levels "hard:steps=1500,race=0"`` plays it with other settings.

The endgame search (``end``, since session 51; ``hard:end=0`` plays without it): over the
last cards the playouts are short, so a decision there weighs every candidate with at most
``end_wide`` cards to come (the ``end_width`` best with more) on futures that cover the unseen
cards evenly, every order of them when they are few, capped at ``end_steps`` cards.

Batched playouts (``batch``, since session 61; ``hard:batch=0`` plays one at a time in Python):
``batch`` rounds (that many orders for every candidate still in the race) are played out at
once with numpy (``stars_batch``), several times faster per playout; the race and the ``steps``
cap act between batches, ``stop`` is asked before each batch and between its steps, and a batch
cut short is discarded. Its choices equal the Python policy's but on near-ties, so its games are
its own (deterministic for the seed). That speed pays for hard's settings since session 61: 16
placements x 32 orders with no cap and the endgame over the last 8 cards, 93.1 % of the beam-192
clairvoyant on fresh seeds at the table's budget (0.5 s, ``THINK_SECONDS``), at about 0.8 times
the CPU a card of session 51's hard (docs/AI.md, session 61). On the power cards whose objects
the batch plays in Python (``PYTHON_OBJECTS``) hard keeps session 51's settings (``UNBATCHED``).
"""

from __future__ import annotations

import contextlib
import itertools
import math
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from game.ai.stars_bots import (
    PlanBot,
    StopCheck,
    apply_option,
    cards_left_after,
    model_of,
    play_out,
    prompt_values,
)
from game.ai.stars_model import (
    DEFAULT_WEIGHTS,
    HARD_WEIGHTS,
    PYTHON_OBJECTS,
    Model,
    Weights,
    low_row_lines,
)
from game.rules.base import Move
from game.rules.stars import data
from game.rules.stars.geometry import Segment, norm
from game.rules.stars.powers import power_name

Option = tuple[Move, tuple[Segment, ...], float]
#: (value now, move, the model after the move and the power uses it leaves to resolve)
Candidate = tuple[float, Move, Callable[[], tuple[Model, int]]]


#: hard's settings before session 61 (6 placements x 16 orders, at most 1,200 cards played out,
#: session 51's endgame): hard searches with them where the batch cannot play its playouts
UNBATCHED: dict[str, int] = {"width": 6, "orders": 16, "steps": 1200, "end": 6, "end_wide": 4,
                             "end_width": 10, "end_steps": 1400}


class PlayoutBot(PlanBot):
    """``hard``: plays each of its best placements out to the end of the game (module
    docstring)."""

    name = "hard"

    def __init__(
        self,
        seed: int = 0,
        weights: Weights | None = None,
        width: int = 16,
        orders: int = 32,
        steps: int = 0,
        race: float = 2.0,
        race_after: int = 3,
        prompts: int = 1,
        lines: int = 0,
        end: int = 8,
        end_width: int = 12,
        end_wide: int = 5,
        end_orders: int = 200,
        end_steps: int = 1800,
        end_race: float = 2.0,
        batch: int = 4,
    ) -> None:
        super().__init__(seed, weights or HARD_WEIGHTS)
        self.width = width
        self.orders = orders
        #: most cards played out in one decision (0: no cap)
        self.steps = steps
        #: drop a placement once the leader's mean lead over it is ``race`` standard errors of
        #: their paired differences (0: never), checked after ``race_after`` rounds
        self.race = race
        self.race_after = max(2, race_after)
        #: power prompts played out too (0: weighed by the model, as ``normal`` does)
        self.prompts = prompts
        #: Line-power uses drawn in the playouts (0: counted at their estimated worth)
        self.lines = lines
        #: the endgame (0: off): a decision with at most ``end`` cards to come after it weighs
        #: every candidate when at most ``end_wide`` cards come, else ``end_width`` (0: every
        #: one), on futures that cover the unseen cards evenly (every order, when there are at
        #: most ``end_orders`` of them; else about ``end_orders`` with every unseen card first
        #: equally often), capped at ``end_steps`` cards, racing at ``end_race``: the short
        #: playouts of the last cards leave the budget for it (``ForesightBot`` does not read
        #: the deck there)
        self.end = end
        self.end_width = end_width
        self.end_wide = end_wide
        self.end_orders = end_orders
        self.end_steps = end_steps
        self.end_race = end_race
        #: the playouts' policy: ``normal``'s numbers (with hard's they gained less)
        self.policy = DEFAULT_WEIGHTS
        self.last_playouts = 0
        #: rounds played out at once by ``stars_batch`` (0: one playout at a time, in Python;
        #: with ``lines`` the playouts stay in Python too)
        self.batch = batch
        self.batched = None
        if batch and not lines:
            from game.ai.stars_batch import BatchPlayouts  # numpy: only when asked for

            self.batched = BatchPlayouts(self.policy, self.weights)

    def choose_card(
        self, view: dict[str, Any], seat: int, moves: list[Move], stop: StopCheck | None
    ) -> Move:
        with self._settings_for(view, seat):
            return self._choose_card(view, seat, moves, stop)

    def choose_prompt(
        self, view: dict[str, Any], seat: int, moves: list[Move], stop: StopCheck | None
    ) -> Move:
        with self._settings_for(view, seat):
            return self._choose_prompt(view, seat, moves, stop)

    @contextlib.contextmanager
    def _settings_for(self, view: dict[str, Any], seat: int) -> Iterator[None]:
        """With ``batch``, on a power card whose objects the batch plays in Python
        (``PYTHON_OBJECTS``: twinkling star, crescent moon, black hole) the decision is searched
        with ``UNBATCHED``'s settings, one playout at a time: the wide search there would cost
        about twice the CPU a card (docs/AI.md, session 61)."""
        power = power_name(view["seats"][seat]["sheet"]["power_card"])
        if self.batched is None or power not in PYTHON_OBJECTS:
            yield
            return
        kept = {name: getattr(self, name) for name in (*UNBATCHED, "batched")}
        for name, value in UNBATCHED.items():
            setattr(self, name, value)
        self.batched = None
        try:
            yield
        finally:
            for name, value in kept.items():
                setattr(self, name, value)

    def _choose_card(
        self, view: dict[str, Any], seat: int, moves: list[Move], stop: StopCheck | None
    ) -> Move:
        self.last_playouts = 0
        model, scored = self.scored_options(view, seat, moves)
        if cards_left_after(view) == 0 or len(scored) <= 1:
            return self._pick([(v, o[0]) for v, o in scored])
        scored.sort(key=lambda item: -item[0])
        top = [(value, option[0], partial(_played, model, option))
               for value, option in scored[:self._width(view, len(scored))]]
        return self._play_off(view, top, stop)

    def _choose_prompt(
        self, view: dict[str, Any], seat: int, moves: list[Move], stop: StopCheck | None
    ) -> Move:
        """With ``prompts``: the best answers by model value played out as placements are
        (the offered uses an answer leaves count at their estimated worth; skipping leaves
        none)."""
        scored = prompt_values(view, seat, moves, self.weights)
        self.last_playouts = 0
        if not self.prompts or cards_left_after(view) == 0 or len(scored) <= 1:
            return self._pick(scored) if scored else moves[0]
        scored.sort(key=lambda item: -item[0])
        top = [(value, move, partial(_copied, *_answered(view, seat, move)))
               for value, move in scored[:self._width(view, len(scored))]]
        return self._play_off(view, top, stop)

    def _endgame(self, view: dict[str, Any]) -> bool:
        """Whether this decision is searched as the endgame (``end``)."""
        return 0 < cards_left_after(view) <= self.end

    def _width(self, view: dict[str, Any], count: int) -> int:
        """How many of the ``count`` candidates this decision weighs: ``width``; in the
        endgame every one when at most ``end_wide`` cards come, else ``end_width``."""
        if not self._endgame(view):
            return self.width
        if cards_left_after(view) <= self.end_wide or not self.end_width:
            return count
        return self.end_width

    def _play_off(
        self,
        view: dict[str, Any],
        top: list[Candidate],
        stop: StopCheck | None,
    ) -> Move:
        """The candidate whose playouts end best on average, over orders of the unseen cards
        shared by every candidate (``steps``, ``race``: the module docstring; in the endgame,
        ``end_steps``, ``end_race`` and its even futures)."""
        pool = [c for c in self.unseen() if c != view["card"]["id"]]
        depth = min(cards_left_after(view), len(pool))
        if self._endgame(view):
            orders = self._even_orders(pool, depth)
            steps, race = self.end_steps, self.end_race
        else:
            orders = self._orders(view, pool, depth)
            steps, race = self.steps, self.race
        first = view["card"]["n"] + 1
        if self.batched is not None:
            return self._play_off_batched(top, orders, first, depth, steps, race, stop)
        results: list[list[float]] = [[] for _ in top]
        alive = list(range(len(top)))
        spent = 0
        for order in orders:
            if steps and spent + len(alive) * depth > steps:
                break
            for i in alive:
                if stop is not None and stop():
                    return self._pick(self._values(top, results, alive))
                after, uses = top[i][2]()
                results[i].append(self.playout(after, order, first, uses))
                self.last_playouts += 1
            spent += len(alive) * depth
            if race and len(results[alive[0]]) >= self.race_after:
                alive = self._race(results, alive, race)
                if len(alive) == 1:
                    break
        return self._pick(self._values(top, results, alive))

    def _play_off_batched(
        self,
        top: list[Candidate],
        orders: list[list[int]],
        first: int,
        depth: int,
        steps: int,
        race: float,
        stop: StopCheck | None,
    ) -> Move:
        """``_play_off`` with ``batch`` rounds played out at once: the ``steps`` cap counts
        whole rounds as there, the race acts between batches (it needs whole rounds), ``stop``
        is asked before each batch and between its steps; a batch cut short is discarded and
        the decision uses the rounds completed."""
        assert self.batched is not None
        results: list[list[float]] = [[] for _ in top]
        alive = list(range(len(top)))
        spent = 0
        done = 0
        while done < len(orders):
            rounds = min(self.batch, len(orders) - done)
            if steps:
                rounds = min(rounds, (steps - spent) // (len(alive) * max(1, depth)))
                if rounds <= 0:
                    break
            if stop is not None and stop():
                break
            starts = [top[i][2]() for i in alive]  # one model a candidate, read once
            chunk = orders[done : done + rounds]
            values = self.batched.run([start for _ in chunk for start in starts],
                                      [order for order in chunk for _ in alive], first, stop)
            if values is None:
                break
            for r in range(rounds):
                for k, i in enumerate(alive):
                    results[i].append(values[r * len(alive) + k])
            self.last_playouts += rounds * len(alive)
            spent += rounds * len(alive) * depth
            done += rounds
            if race and len(results[alive[0]]) >= self.race_after:
                alive = self._race(results, alive, race)
                if len(alive) == 1:
                    break
        return self._pick(self._values(top, results, alive))

    def _orders(self, view: dict[str, Any], pool: list[int], depth: int) -> list[list[int]]:
        """The futures the candidates meet: ``orders`` draws of ``depth`` cards from ``pool``
        (the cards not seen). ``stars_clairvoyant.ForesightBot`` puts the real ones first."""
        return [self.rng.sample(pool, depth) for _ in range(self.orders)]

    def _even_orders(self, pool: list[int], depth: int) -> list[list[int]]:
        """The endgame's futures: every order of ``depth`` cards from ``pool`` (shuffled, so
        that a race or a cap meets a fair part) when there are at most ``end_orders``; else
        rounds in which every card of ``pool`` leads one order (the rest drawn), about
        ``end_orders`` orders in all."""
        if math.perm(len(pool), depth) <= self.end_orders:
            every = [list(order) for order in itertools.permutations(pool, depth)]
            self.rng.shuffle(every)
            return every
        orders = []
        for _ in range(max(1, self.end_orders // len(pool))):
            leads = list(pool)
            self.rng.shuffle(leads)
            for card in leads:
                rest = [c for c in pool if c != card]
                orders.append([card, *self.rng.sample(rest, depth - 1)])
        return orders

    def _race(
        self, results: list[list[float]], alive: list[int], race: float | None = None
    ) -> list[int]:
        """The placements still in the race: the leader, and each whose paired deficit to it is
        not yet ``race`` standard errors (default: the bot's ``race``)."""
        race = self.race if race is None else race
        rounds = len(results[alive[0]])
        leader = max(alive, key=lambda i: sum(results[i]))
        kept = []
        for i in alive:
            diffs = [a - b for a, b in zip(results[leader], results[i], strict=True)]
            mean = sum(diffs) / rounds
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (rounds - 1))
            if i == leader or mean <= 0 or mean * math.sqrt(rounds) < race * spread:
                kept.append(i)
        return kept

    def playout(self, model: Model, order: list[int], first: int, pending: int = 0) -> float:
        """Play ``order`` (card number ``first`` onwards) on ``model`` by the policy, each card
        where it gains most (or skipped); the final value, power uses (``pending``: those the
        model holds unresolved at the start) at their estimated worth (with ``lines``, a Line
        use is drawn where it gains most)."""
        draw = self.lines and model.power == data.LINE
        if draw and pending:
            self._draw_lines(model, pending, data.CARDS_PER_GAME - first + 1)
            pending = 0
        return play_out(model, order, first, pending, self.policy, self.weights,
                        self._draw_lines if draw else None)

    def _draw_lines(self, model: Model, count: int, cards_left: int) -> None:
        """Resolve ``count`` Line uses by the policy: each the unit line that gains most (none
        that gains: the rest are given up, as skipping does)."""
        while count:
            count -= 1
            best, best_gain = None, 0.0
            for seg in model.drawable_segments():
                gain = model.gain((seg,), self.policy, cards_left, low_row_lines((seg,), model.day))
                if gain > best_gain:
                    best, best_gain = seg, gain
            if best is None:
                return
            count += apply_option(model, ({"t": "place"}, (best,), 0.0))

    @staticmethod
    def _values(
        top: list[Candidate], results: list[list[float]], alive: list[int]
    ) -> list[tuple[float, Move]]:
        """Each candidate still in the race with its mean playout value over the rounds all of
        them finished (none: its value now)."""
        rounds = min(len(results[i]) for i in alive)
        if not rounds:
            return [(top[i][0], top[i][1]) for i in alive]
        return [(sum(results[i][:rounds]) / rounds, top[i][1]) for i in alive]


def _played(model: Model, option: Option) -> tuple[Model, int]:
    """A copy of ``model`` with the card option played, and the power uses it earns."""
    after = model.clone()
    return after, apply_option(after, option) if option[0]["t"] != "skip" else 0


def _copied(model: Model, uses: int) -> tuple[Model, int]:
    return model.clone(), uses


def _answered(view: dict[str, Any], seat: int, move: Move) -> tuple[Model, int]:
    """The seat's model after answering its power prompt with ``move``, and the uses still to
    resolve (the other offered uses, and any the answer's line completes; none after
    skipping, which gives up every offered use)."""
    pending = view["pending"]
    after = model_of(view, seat)
    if move["t"] == "skip_power":
        return after, 0
    left = pending["prompt"]["uses"] - 1
    if "line" in move:
        return after, left + apply_option(after, ({"t": "place"}, (norm(*move["line"]),), 0.0))
    return after.with_object(pending["prompt"]["power"], move["at"]), left
