"""Look at the Stars bots. ``GreedyBot`` plays the move with the best immediate score gain.

It decides from the seat's own view (its sheet, the face-up card, its power prompt) and the
legal moves, never from the undealt deck. Ties on the gain go to the move that grows line
groups towards 8 lines, then to a seeded random pick, so bot games replay exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.ai.stars_model import (
    DEFAULT_WEIGHTS,
    HARD_WEIGHTS,
    Model,
    Weights,
    low_row_lines,
    low_row_points,
)
from game.rules.base import Move, Ruleset, State, make_rng
from game.rules.stars import data
from game.rules.stars.geometry import Segment, card_segments, norm, shooting_star_points
from game.rules.stars.scoring import score_index
from game.rules.stars.sheet import SheetIndex


def _with(sheet: dict[str, Any], **extra: list) -> dict[str, Any]:
    """A shallow copy of ``sheet`` with items appended to its lists."""
    out = dict(sheet)
    for key, items in extra.items():
        out[key] = sheet[key] + items
    return out


def _value(sheet: dict[str, Any]) -> tuple[int, int]:
    """(score total, growth potential) of a sheet: groups of up to 8 lines weigh their square."""
    index = SheetIndex(sheet)
    potential = sum(g.size * g.size for g in index.groups() if g.size <= 8)
    return score_index(index)["total"], potential


class GreedyBot:
    """Best immediate score gain; it confirms as soon as its card is played and never undoes."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = make_rng(seed, "stars-greedy")

    def choose(
        self, ruleset: Ruleset, state: State, seat: int, stop: Callable[[], bool] | None = None
    ) -> Move:
        return self.choose_from_view(ruleset.view(state, seat), seat,
                                     ruleset.legal_moves(state, seat))

    def choose_from_view(
        self, view: dict[str, Any], seat: int, moves: list[Move], stop: Any = None
    ) -> Move:
        """The move for ``seat`` from its ``view`` and its ``moves`` (the host's ``legal``
        list): what a remote bot has, so it plays exactly like a table's own AI seat."""
        if not moves:
            raise ValueError(f"seat {seat} has no legal move")
        kinds = {m["t"] for m in moves}
        if "confirm" in kinds:
            return {"t": "confirm"}
        pending = view["pending"]
        sheet = pending["sheet"] if pending else view["seats"][seat]["sheet"]
        base_total, base_potential = _value(sheet)
        best: list[Move] = []
        best_key: tuple[float, int] | None = None
        for move in moves:
            key = self._evaluate(move, sheet, view, base_total, base_potential)
            if key is None:
                continue
            if best_key is None or key > best_key:
                best, best_key = [move], key
            elif key == best_key:
                best.append(move)
        return self.rng.choice(best) if best else moves[0]

    def _evaluate(
        self,
        move: Move,
        sheet: dict[str, Any],
        view: dict[str, Any],
        base_total: int,
        base_potential: int,
    ) -> tuple[float, int] | None:
        t = move["t"]
        if t in ("undo", "confirm"):
            return None
        if t == "skip":
            return (0.0, 0)
        if t == "skip_power":
            return (-0.5, 0)
        if t == "place":
            segs = card_segments(view["card"]["id"], move["rot"], move["dx"], move["dy"])
            after = _with(sheet, lines=[list(norm(*s)) for s in segs])
        elif t == "shooting_star":
            pts = shooting_star_points(move["size"], move["rot"], move["dx"], move["dy"])
            after = _with(sheet, shooting_stars=[[list(p) for p in pts]])
        elif t == "power" and "line" in move:
            after = _with(sheet, lines=[list(norm(*move["line"]))])
        elif t == "power":
            power = view["pending"]["prompt"]["power"]
            kind = power if power in data.OBJECT_KINDS else data.NEW_STAR
            after = _with(sheet, objects=[{"kind": kind, "at": list(move["at"])}])
        else:
            return None
        total, potential = _value(after)
        return (float(total - base_total), potential - base_potential)


# --- planning bots: the model's value of a sheet, with and without lookahead ------------------

StopCheck = Callable[[], bool]

#: every night card id (the deck's composition is public; its order is not)
ALL_CARDS: tuple[int, ...] = tuple(range(data.CARD_COUNT))


def cards_left_after(view: dict[str, Any]) -> int:
    """Cards still to come after the one face up."""
    return view["card"]["of"] - view["card"]["n"]


def day_of_card(n: int) -> int:
    """The day (0-2) while card ``n`` (1-based) is played."""
    return (n - 1) // data.CARDS_PER_PILE


def model_of(view: dict[str, Any], seat: int) -> Model:
    """The seat's sheet as the bot sees it (its pending sheet during a power prompt)."""
    pending = view["pending"]
    sheet = pending["sheet"] if pending else view["seats"][seat]["sheet"]
    return Model(sheet, view["day"], view.get("spent", []), view.get("once_used", False))


def card_options(model: Model, card: int) -> list[tuple[Move, tuple[Segment, ...], float]]:
    """(move, new lines, base gain) for each legal way to play ``card`` on ``model`` (not skip).
    Shooting stars carry their points as lines-to-be: the gain is their segment count."""
    out: list[tuple[Move, tuple[Segment, ...], float]] = []
    if card in data.SHOOTING_STAR_CARD_IDS:
        for size, rot, dx, dy in model.shooting_placements():
            out.append(({"t": "shooting_star", "size": size, "rot": rot, "dx": dx, "dy": dy},
                        (), float(size)))
        return out
    for rot, dx, dy, s1, s2, _ in model.line_placements(card):
        out.append(({"t": "place", "rot": rot, "dx": dx, "dy": dy}, (s1, s2), 0.0))
    return out


def option_gain(model: Model, option: tuple[Move, tuple[Segment, ...], float], weights: Weights,
                cards_left: int) -> float:
    move, segs, base = option
    if move["t"] == "shooting_star":
        pts = shooting_star_points(move["size"], move["rot"], move["dx"], move["dy"])
        low = low_row_points(pts, model.day)
        return base + weights.low_rows * 0.5 * low * min(1.0, cards_left / weights.fade)
    return model.gain(segs, weights, cards_left, low_row_lines(segs, model.day))


def best_option(
    model: Model, card: int, weights: Weights, cards_left: int
) -> tuple[float, tuple[Move, tuple[Segment, ...], float] | None]:
    """The option of ``card`` with the best model gain on ``model`` and that gain; (0, None)
    when none gains (skipping is worth 0)."""
    best: tuple[Move, tuple[Segment, ...], float] | None = None
    gain_best = 0.0
    for option in card_options(model, card):
        gain = option_gain(model, option, weights, cards_left)
        if gain > gain_best:
            best, gain_best = option, gain
    return gain_best, best


def apply_option(model: Model, option: tuple[Move, tuple[Segment, ...], float]) -> int:
    """Play an option on the model; returns the power uses it earns (left unresolved)."""
    move, segs, _ = option
    if move["t"] == "shooting_star":
        model.add_shooting_star(
            shooting_star_points(move["size"], move["rot"], move["dx"], move["dy"]))
        return 0
    model.add_lines(list(segs))
    # after the lines are drawn: a copy counts once all its lines are (until session 39 this
    # ran before, found nothing, and the playouts never earned a power use)
    copies = model.new_power_copies(list(segs))
    for copy in copies:
        model.spend(copy)
    return len(copies)


def play_out(model: Model, order: Sequence[int], first: int, pending: int, policy: Weights,
             weights: Weights, draw_uses: Callable[[Model, int, int], None] | None = None
             ) -> float:
    """Play ``order`` (card number ``first`` onwards) on ``model`` by ``policy``, each card where
    it gains most (or skipped): the final value by ``weights``, the power uses earned (and the
    ``pending`` ones the model held at the start) at the policy's estimated worth. With
    ``draw_uses(model, uses, cards left)`` the uses a placement earns are resolved by it instead
    of counted. ``hard``'s playouts, one sheet at a time (``stars_batch`` plays many at once)."""
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
            earned = apply_option(model, ({"t": "place"}, best_segs, 0.0))
            if draw_uses is not None and earned:
                draw_uses(model, earned, left)
            else:
                uses += earned
    end_left = data.CARDS_PER_GAME - (first + len(order) - 1)
    use = policy.power_use[model.power]
    return model.value(weights, end_left) + uses * use + pending * use


def prompt_values(
    view: dict[str, Any], seat: int, moves: list[Move], weights: Weights
) -> list[tuple[float, Move]]:
    """The value of each power-prompt answer (use at a target, or skip) by the model."""
    pending = view["pending"]
    prompt = pending["prompt"]
    left = cards_left_after(view)
    base = model_of(view, seat)
    now = base.value(weights, left)  # once: it costs a walk over every bonus-shape copy
    out: list[tuple[float, Move]] = []
    for move in moves:
        if move["t"] == "skip_power":
            out.append((now - weights.power_use[prompt["power"]] * 0.0, move))
        elif move["t"] == "power" and "line" in move:
            seg = norm(*move["line"])
            out.append((now + base.gain((seg,), weights, left), move))
        elif move["t"] == "power":
            out.append((base.with_object(prompt["power"], move["at"]).value(weights, left), move))
    return out


class PlanBot:
    """``normal``: the placement with the best model value now (score plus what the sheet
    leaves open), one card at a time. Power prompts are weighed the same way."""

    name = "normal"

    def __init__(self, seed: int = 0, weights: Weights | None = None) -> None:
        self.rng = make_rng(seed, f"stars-{self.name}")
        self.weights = weights or DEFAULT_WEIGHTS
        self.seen: dict[int, int] = {}

    def choose(
        self, ruleset: Ruleset, state: State, seat: int, stop: StopCheck | None = None
    ) -> Move:
        return self.choose_from_view(ruleset.view(state, seat), seat,
                                     ruleset.legal_moves(state, seat), stop)

    def choose_from_view(
        self, view: dict[str, Any], seat: int, moves: list[Move], stop: StopCheck | None = None
    ) -> Move:
        """The move from the seat's ``view`` and its legal ``moves`` (what a remote bot has)."""
        if not moves:
            raise ValueError(f"seat {seat} has no legal move")
        self._remember(view)
        kinds = {m["t"] for m in moves}
        if "confirm" in kinds:
            return {"t": "confirm"}
        if view["pending"] and view["pending"]["prompt"]:
            return self.choose_prompt(view, seat, moves, stop)
        if not kinds & {"place", "shooting_star"}:
            return {"t": "skip"} if "skip" in kinds else moves[0]
        return self.choose_card(view, seat, moves, stop)

    def choose_prompt(
        self, view: dict[str, Any], seat: int, moves: list[Move], stop: StopCheck | None
    ) -> Move:
        """A power prompt's answer (a target, or skipping): the best by the model's value."""
        scored = prompt_values(view, seat, moves, self.weights)
        return self._pick(scored) if scored else moves[0]

    def _remember(self, view: dict[str, Any]) -> None:
        """Note the card face up: the bot keeps the cards it has seen (the view shows only the
        current one), so it knows which cards may still come."""
        n = view["card"]["n"]
        if any(k > n for k in self.seen):
            self.seen = {}
        self.seen[n] = view["card"]["id"]

    def unseen(self) -> list[int]:
        seen = set(self.seen.values())
        return [c for c in ALL_CARDS if c not in seen]

    def _pick(self, scored: list[tuple[float, Move]]) -> Move:
        best = max(v for v, _ in scored)
        return self.rng.choice([m for v, m in scored if v >= best - 1e-9])

    def scored_options(
        self, view: dict[str, Any], seat: int, moves: list[Move]
    ) -> tuple[Model, list[tuple[float, tuple[Move, tuple[Segment, ...], float]]]]:
        """The model and every legal card option with its one-card gain (skip: 0)."""
        model = model_of(view, seat)
        legal = {_move_key(m) for m in moves}
        left = cards_left_after(view)
        scored = []
        for option in card_options(model, view["card"]["id"]):
            if _move_key(option[0]) in legal:
                scored.append((option_gain(model, option, self.weights, left), option))
        if "skip" in {m["t"] for m in moves}:
            scored.append((0.0, ({"t": "skip"}, (), 0.0)))
        return model, scored

    def choose_card(
        self, view: dict[str, Any], seat: int, moves: list[Move], stop: StopCheck | None
    ) -> Move:
        _, scored = self.scored_options(view, seat, moves)
        return self._pick([(v, o[0]) for v, o in scored])


def _move_key(move: Move) -> tuple:
    return (move["t"], move.get("size"), move.get("rot"), move.get("dx"), move.get("dy"))


class EasyBot(PlanBot):
    """``easy``: the greedy bot's immediate gain, but it often settles for a lesser placement
    (a seeded soft choice), and never plans: a gentle first opponent."""

    name = "easy"
    #: chance of taking a random placement among the legal ones instead of the best
    slip = 0.35

    def choose_card(
        self, view: dict[str, Any], seat: int, moves: list[Move], stop: StopCheck | None
    ) -> Move:
        if self.rng.random() < self.slip:
            return self.rng.choice(moves)
        return GreedyBot(self.rng.randrange(1 << 30)).choose_from_view(view, seat, moves)


class LookaheadBot(PlanBot):
    """``hard`` until session 38, now a measurement-only bot (``bench/ai.py stars --levels
    lookahead``; ``hard`` plays the rest of the game out: ``game.ai.stars_playouts``). It looks
    one card ahead. The ``width`` best placements by model value are each
    played on a copy, then for ``samples`` cards drawn from the cards it has not seen (the
    public composition; never the order) it finds its best answer (``best_answer_near``: among
    the answers the placement can change); a placement is worth its gain now plus the mean best
    gain of the answers. Its model values a sheet with ``HARD_WEIGHTS``.

    The answers are weighed a drawn card at a time for every placement (round by round), and
    ``stop`` (a callable the caller hands in, e.g. a deadline) is asked before each of those
    evaluations (a few ms each), so a decision ends within one evaluation of its deadline; the
    placements are then compared on the rounds all of them finished (none finished: on their
    gain now, as ``normal`` would). Without ``stop`` the bot is deterministic for its seed.
    ``last_evaluations`` counts the answer evaluations of the last decision.
    """

    name = "lookahead"

    def __init__(
        self,
        seed: int = 0,
        weights: Weights | None = None,
        width: int = 10,
        samples: int = 16,
        near: int = 6,
    ) -> None:
        super().__init__(seed, weights or HARD_WEIGHTS)
        # the random stream it had as ``hard``: its measured games (docs/AI.md) replay
        self.rng = make_rng(seed, "stars-hard")
        self.width = width
        self.samples = samples
        #: answers weighed again per placement (``best_answer_near``); 0: every answer. At 6
        #: an evaluation costs about half, so the default weighs 10 placements x 16 cards
        #: (was 6 x 8, every answer) in about 1.5x the time (docs/AI.md)
        self.near = near
        self.last_evaluations = 0

    def choose_card(
        self, view: dict[str, Any], seat: int, moves: list[Move], stop: StopCheck | None
    ) -> Move:
        self.last_evaluations = 0
        model, scored = self.scored_options(view, seat, moves)
        left = cards_left_after(view)
        if left == 0 or len(scored) <= 1:
            return self._pick([(v, o[0]) for v, o in scored])
        scored.sort(key=lambda item: -item[0])
        top = scored[: self.width]
        pool = [c for c in self.unseen() if c != view["card"]["id"]]
        draws = self.rng.sample(pool, min(self.samples, len(pool)))
        next_day = day_of_card(view["card"]["n"] + 1)
        ahead = model.clone()
        ahead.set_day(next_day)
        afters = []
        for _, option in top:
            after = model.clone()
            apply_option(after, option)
            after.set_day(next_day)
            afters.append((after, option[1]))
        future = [0.0] * len(top)
        rounds = 0
        for card in draws:
            ranked = self.ranked_answers(ahead, card, left - 1) if self.near else None
            round_future = list(future)
            for i, (after, segs) in enumerate(afters):
                if stop is not None and stop():
                    return self._pick(self._values(top, future, rounds))
                if ranked is None:
                    round_future[i] += self.best_answer(after, card, left - 1)
                else:
                    round_future[i] += self.best_answer_near(after, segs, ranked, left - 1)
                self.last_evaluations += 1
            future = round_future
            rounds += 1
        return self._pick(self._values(top, future, rounds))

    def best_answer(self, model: Model, card: int, cards_left: int) -> float:
        """The best model gain of playing ``card`` on ``model`` (skipping: 0)."""
        return best_option(model, card, self.weights, cards_left)[0]

    def ranked_answers(self, ahead: Model, card: int, cards_left: int) -> list[tuple] | None:
        """The line placements of ``card`` on the sheet before this card's placement (at the
        next card's day), best gain first; None for a shooting star card (cheap to weigh)."""
        if card in data.SHOOTING_STAR_CARD_IDS:
            return None
        weights = self.weights
        day = ahead.day
        ranked = [(ahead.gain((c[3], c[4]), weights, cards_left, low_row_lines((c[3], c[4]), day)),
                   c) for c in ahead.line_placements(card)]
        ranked.sort(key=lambda item: -item[0])
        return ranked

    def best_answer_near(
        self, after: Model, segs: tuple[Segment, ...], ranked: list[tuple], cards_left: int
    ) -> float:
        """``best_answer`` on ``after`` (the sheet with one placement played), weighing only the
        answers the placement can change: the ``near`` best on the sheet without it (their
        gain is weighed again on ``after``) and those touching a group the placement's lines
        joined. An answer elsewhere keeps its gain (bar a rare change of the sizes held), so
        it cannot beat them; this weighs about a quarter of the answers."""
        bad = after.line_bad
        weights = self.weights
        day = after.day
        find = after._find
        roots = {find(seg) for seg in segs}
        points = set().union(*(after.points[r] for r in roots)) if roots else set()
        at_mid = after.at_mid
        best = 0.0
        kept = 0
        for _, c in ranked:
            if c[5] & bad:
                continue
            pair = (c[3], c[4])
            if kept >= self.near:
                touching = False
                for s in pair:
                    if (s[0], s[1]) in points or (s[2], s[3]) in points:
                        touching = True
                        break
                    if s[0] != s[2] and s[1] != s[3]:
                        other = at_mid.get((s[0] + s[2], s[1] + s[3]))
                        if other is not None and find(other) in roots:
                            touching = True
                            break
                if not touching:
                    continue
            kept += 1
            best = max(best, after.gain(pair, weights, cards_left, low_row_lines(pair, day)))
        return best

    @staticmethod
    def _values(
        top: list[tuple[float, tuple[Move, tuple[Segment, ...], float]]],
        future: list[float],
        rounds: int,
    ) -> list[tuple[float, Move]]:
        """Each placement's gain plus its mean best answer over ``rounds`` finished rounds."""
        return [(gain + (future[i] / rounds if rounds else 0.0), option[0])
                for i, (gain, option) in enumerate(top)]
