"""A clairvoyant Look at the Stars player, for measurement only: it reads the deck's order.

No table offers it (it is not in ``BOT_LEVELS``): it is the reference an honest bot is
measured against (a reference, not a bound: a beam can miss the best plan, and hard outscores
it in a few games; docs/AI.md). It runs a beam search over the whole remaining game with the
cards in their real order: each of the ``beam`` best sheets (by the model's value: score plus
what is left open) is extended by every legal way to play the next card (and skip), the best
``beam`` distinct results are kept, power uses are resolved on the kept sheets by the model,
and at the end the sheet with the best score wins. The bot then replays that plan, and plans
again if the table ever leaves it (a power prompt the model did not foresee).

``ForesightBot`` is ``hard`` told the next ``k`` cards (its playouts start with them): what the
information alone is worth to hard's search (docs/AI.md, session 40).
"""

from __future__ import annotations

from typing import Any

from game.ai.stars_bots import (
    apply_option,
    card_options,
    day_of_card,
    option_gain,
    prompt_values,
)
from game.ai.stars_model import DEFAULT_WEIGHTS, Model, Weights
from game.ai.stars_playouts import PlayoutBot
from game.rules.base import Move, Ruleset, State, make_rng
from game.rules.stars import data
from game.rules.stars.geometry import SEGMENT_BITS, Segment, norm
from game.rules.stars.placement import object_targets
from game.rules.stars.sheet import SheetIndex

Plan = dict[int, list[Move]]


def resolve_uses(
    model: Model, copies: list[tuple[Segment, ...]], weights: Weights, left: int
) -> tuple[Model, list[Move]]:
    """Use (or skip) each earned power copy as the model likes best; chains included for the
    Line bonus. Returns the new model and the prompt answers in order."""
    answers: list[Move] = []
    queue = list(copies)
    while queue:
        copy = queue.pop(0)
        power = model.power
        if power == data.LINE:
            best: tuple[float, Segment] | None = None
            for seg in SEGMENT_BITS:
                if model.drawable(seg) and seg[1] >= 2 * model.day and seg[3] >= 2 * model.day:
                    gain = model.gain((seg,), weights, left)
                    if best is None or gain > best[0]:
                        best = (gain, seg)
            model.spend(copy)
            if best is None or best[0] <= 0:
                answers.append({"t": "skip_power"})
                for rest in queue:
                    model.spend(rest)
                return model, answers
            seg = best[1]
            answers.append({"t": "power", "line": list(seg)})
            model.add_lines([seg])
            queue += model.new_power_copies([seg])
            continue
        stars = 2 if power == data.NEW_STAR else 1
        model.spend(copy)
        for _ in range(stars):
            index = SheetIndex(model.sheet)
            targets = object_targets(index, power, model.day, list(copy))
            base = model.value(weights, left)
            best_obj: tuple[float, Model, list[int]] | None = None
            for at in targets:
                trial = model.with_object(power, at)
                value = trial.value(weights, left)
                if best_obj is None or value > best_obj[0]:
                    best_obj = (value, trial, at)
            if best_obj is None or best_obj[0] <= base:
                answers.append({"t": "skip_power"})
                for rest in queue:
                    model.spend(rest)
                return model, answers
            model = best_obj[1]
            answers.append({"t": "power", "at": best_obj[2]})
    return model, answers


def plan_game(
    model: Model, deck: list[int], first: int, beam: int, weights: Weights
) -> tuple[int, Plan]:
    """The best plan found for cards ``first``..18 of ``deck``; (its model score, answers per
    card number: the card's move then its prompt answers)."""
    states: list[tuple[float, Model, Plan]] = [(model.value(weights, 18 - first + 1), model, {})]
    for n in range(first, data.CARDS_PER_GAME + 1):
        card = deck[n - 1]
        left = data.CARDS_PER_GAME - n
        candidates: list[tuple[float, int, Any]] = []
        for i, (value, state, _) in enumerate(states):
            state.set_day(day_of_card(n))
            candidates.append((value, i, None))
            for option in card_options(state, card):
                candidates.append((value + option_gain(state, option, weights, left), i, option))
        candidates.sort(key=lambda c: -c[0])
        kept: list[tuple[float, Model, Plan]] = []
        seen: set[Any] = set()
        for _, i, option in candidates:
            if len(kept) >= beam:
                break
            _, parent, plan = states[i]
            child, answers = played(parent, option, weights, left)
            key = (frozenset(child.lines), len(child.sheet["shooting_stars"]),
                   child.ss_score, len(child.sheet["objects"]))
            if key in seen:
                continue
            seen.add(key)
            kept.append((child.value(weights, left), child, {**plan, n: answers}))
        states = kept
    best = max(states, key=lambda s: (s[1].score(), s[0]))
    return best[1].score(), best[2]


def played(parent: Model, option: Any, weights: Weights, left: int) -> tuple[Model, list[Move]]:
    """A copy of ``parent`` with ``option`` played (None: the card skipped) and the power uses
    it earns resolved by the model (``resolve_uses``); with the moves that make it: the
    card's move, then the prompt answers."""
    child = parent.clone()
    if option is None:
        return child, [{"t": "skip"}]
    apply_option_lines(child, option)
    copies = child.new_power_copies(list(option[1])) if option[1] else []
    answers: list[Move] = [option[0]]
    if copies:
        child, more = resolve_uses(child, copies, weights, left)
        answers += more
    return child, answers


def apply_option_lines(model: Model, option: Any) -> None:
    """Play an option without spending its power copies (``resolve_uses`` does)."""
    move, segs, _ = option
    if move["t"] == "shooting_star" or not segs:
        apply_option(model, option)
        return
    model.add_lines(list(segs))


class ClairvoyantBot:
    """Beam search over the known deck order (see the module docstring); solo measurement."""

    name = "clairvoyant"

    def __init__(self, seed: int = 0, beam: int = 48, weights: Weights | None = None) -> None:
        self.rng = make_rng(seed, "stars-clairvoyant")
        self.beam = beam
        self.weights = weights or DEFAULT_WEIGHTS
        self.plan: Plan = {}
        self.planned_score = 0

    def choose(self, ruleset: Ruleset, state: State, seat: int, stop: Any = None) -> Move:
        moves = ruleset.legal_moves(state, seat)
        if not moves:
            raise ValueError(f"seat {seat} has no legal move")
        kinds = {m["t"] for m in moves}
        if "confirm" in kinds:
            return {"t": "confirm"}
        n = state["flipped"]
        me = state["seats"][seat]
        step = 0
        if me["turn"] is not None:
            # answers given so far this card: the prompt answers follow the card's move
            step = 1 + sum(1 for _ in self._given.get(n, []))
        answers = self.plan.get(n)
        if answers is not None and step < len(answers) and _legal(answers[step], moves):
            move = answers[step]
        elif me["turn"] is None:
            model = Model(me["sheet"], state["day"], me["spent"], me["once_used"])
            self.planned_score, self.plan = plan_game(
                model, state["deck"], n, self.beam, self.weights)
            self._given = {}
            move = self.plan[n][0]
        else:
            view = ruleset.view(state, seat)
            scored = prompt_values(view, seat, moves, self.weights)
            best = max(v for v, _ in scored)
            move = next(m for v, m in scored if v >= best - 1e-9)
            self.plan = {}  # off the plan: plan again at the next card
        if me["turn"] is not None:
            self._given.setdefault(n, []).append(move)
        else:
            self._given = {n: []}
        return move

    _given: dict[int, list[Move]] = {}


def _legal(move: Move, moves: list[Move]) -> bool:
    if move["t"] == "power" and "line" in move:
        seg = norm(*move["line"])
        return any(m["t"] == "power" and "line" in m and norm(*m["line"]) == seg for m in moves)
    return move in moves


class ForesightBot(PlayoutBot):
    """``hard`` that reads the next ``k`` cards of the deck (measurement only): every order its
    playouts meet starts with them, the rest drawn from the cards left as ``hard`` draws them.
    ``k`` = 0 is ``hard``; ``k`` = 17 plays every candidate out on the real order."""

    name = "foresight"

    def __init__(self, seed: int = 0, k: int = 1, **settings: Any) -> None:
        super().__init__(seed, **settings)
        self.rng = make_rng(seed, "stars-hard")  # hard's stream: k = 0 replays hard's games
        self.k = k
        self.deck: list[int] = []

    def choose(self, ruleset: Ruleset, state: State, seat: int, stop: Any = None) -> Move:
        self.deck = list(state["deck"])
        return super().choose(ruleset, state, seat, stop)

    def _orders(self, view: dict[str, Any], pool: list[int], depth: int) -> list[list[int]]:
        """Hard's draws behind the real next ``k`` cards (``k`` = 0: exactly hard's draws)."""
        n = view["card"]["n"]
        known = self.deck[n : n + min(self.k, depth)]
        rest = [c for c in pool if c not in known]
        return [known + self.rng.sample(rest, depth - len(known)) for _ in range(self.orders)]
