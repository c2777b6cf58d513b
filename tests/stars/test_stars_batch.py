"""Batched playouts (``game.ai.stars_batch``, ``hard:batch=N``). What a user of the setting relies
on: the arrays weigh a placement as the model does, play the policy ``hard`` plays (but where two
gains are equal up to rounding), end with the values ``PlayoutBot.playout`` ends with, hand to
Python what they cannot play, and the bot keeps its contract (stop, step cap, determinism)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import pytest
from stars_testkit import solo_position_with_a_line_card

from game.ai.stars_batch import PYTHON_OBJECTS, BatchPlayouts, _Sheets
from game.ai.stars_bots import (
    PlanBot,
    StopCheck,
    apply_option,
    best_option,
    card_options,
    cards_left_after,
    day_of_card,
    model_of,
    option_gain,
)
from game.ai.stars_model import DEFAULT_WEIGHTS, HARD_WEIGHTS, Model, card_facts, low_row_lines
from game.ai.stars_playouts import PlayoutBot
from game.rules.stars import RULESET as STARS
from game.rules.stars import data

POLICY = DEFAULT_WEIGHTS
#: two gains this close are the same sum in another order (a near-tie, not another choice)
NEAR_TIE = 1e-9


@dataclass
class Position:
    """A sheet from a real game (``normal`` played it) at a line card, the next card's number,
    a few placements played on copies (with the power uses they earn) and orders of the cards
    still to come."""

    power_card: int
    model: Model
    first: int
    starts: list[tuple[Model, int]]
    orders: list[list[int]]


@cache
def positions() -> tuple[Position, ...]:
    """Every power card, two seeds, cards 7 and 12: planets, novas, galaxies, auras and new
    stars on the sheets, shooting stars drawn, and the objects only Python plays."""
    found = []
    for power_card in range(1, len(data.POWER_CARDS) + 1):
        for seed in (1, 2):
            state = STARS.setup({"players": 1, "power_card": power_card}, seed)
            bot = PlanBot(seed)
            rng = random.Random(seed)
            while not STARS.is_over(state):
                view = STARS.view(state, 0)
                n = view["card"]["n"]
                if (n in (7, 12) and not view["pending"] and view["card"]["id"]
                        not in data.SHOOTING_STAR_CARD_IDS and STARS.legal_moves(state, 0)):
                    model = model_of(view, 0)
                    left = cards_left_after(view)
                    options = sorted(card_options(model, view["card"]["id"]),
                                     key=lambda o: -option_gain(model, o, POLICY, left))
                    starts = []
                    for option in options[:3]:
                        after = model.clone()
                        starts.append((after, apply_option(after, option)))
                    upcoming = state["deck"][n:]
                    orders = [rng.sample(upcoming, left) for _ in range(2)]
                    found.append(Position(power_card, model, n + 1, starts, orders))
                STARS.apply(state, 0, bot.choose(STARS, state, 0))
    return tuple(found)


def batched(models: list[Model]) -> bool:
    return not any(o["kind"] in PYTHON_OBJECTS for m in models for o in m.sheet["objects"])


def test_the_positions_hold_what_the_arrays_must_handle() -> None:
    """(So that the tests below cannot pass on empty sheets.)"""
    kinds = {o["kind"] for p in positions() for o in p.model.sheet["objects"]}
    assert {data.PLANET, data.NOVA, data.GALAXY, data.AURA} <= kinds
    assert kinds & PYTHON_OBJECTS
    assert any(p.model.ss_score for p in positions())
    assert any(uses for p in positions() for _, uses in p.starts)


def test_every_legal_placement_gains_what_the_model_says() -> None:
    """Every line card on every sheet (as one batch step weighs them): the same legal
    placements in ``card_facts``' order, each with ``Model.gain_of``'s gain within 1e-9."""
    cards = len(data.LINE_CARDS)
    weighed_rows = 0
    for position in positions():
        models = [m for m, _ in position.starts[:2]]
        if not batched(models):
            continue
        day, left = day_of_card(position.first), data.CARDS_PER_GAME - position.first
        sheets = _Sheets([m for m in models for _ in range(cards)], POLICY)
        sheets.set_day(np.ones(sheets.count, dtype=bool), day)
        sheets.prepare()
        fade = np.full(sheets.count, min(1.0, left / POLICY.fade))
        weighed = sheets.weigh_lines(np.arange(sheets.count), np.tile(np.arange(cards),
                                     len(models)), fade, {"multi_copy_rows": 0})
        for b in range(sheets.count):
            model, card = models[b // cards].clone(), b % cards
            model.set_day(day)
            by_model = [model.gain_of(facts, POLICY, model._fade(POLICY, left), facts[5][day],
                                      {}, {})
                        for mask, facts in card_facts(card, model.point_card, model.power_card)
                        if not mask & model.line_bad]
            mine = weighed.gain[weighed.sheet == b]
            assert len(mine) == len(by_model)
            assert np.allclose(mine, by_model, rtol=0, atol=1e-9)
            weighed_rows += len(mine)
    assert weighed_rows > 5_000


def lockstep(model: Model, pending: int, order: list[int], first: int
             ) -> tuple[int, int, float, float, dict[str, int]]:
    """One sheet played out by the arrays, a Python copy following each batched choice:
    (steps whose choice is the Python policy's, near-ties, the arrays' final value, the
    Python copy's, the engine's counters). Fails on a choice that is neither."""
    sheets = _Sheets([model], POLICY)
    follower = model.clone()
    stats = {"multi_copy_rows": 0, "multi_copy_moves": 0}
    same = near = uses = 0
    for j, card in enumerate(order):
        n, left = first + j, data.CARDS_PER_GAME - first - j
        played = sheets.step(np.ones(1, dtype=bool), np.array([card]), n, stats)
        follower.set_day(day_of_card(n))
        if card in data.SHOOTING_STAR_CARD_IDS:
            option = best_option(follower, card, POLICY, left)[1]
            star = sheets.tables.shooting[played.star[0]] if played.star.size else None
            assert star == (None if option is None else tuple(
                option[0][k] for k in ("size", "rot", "dx", "dy")))
            if option is not None:
                apply_option(follower, option)
            same += 1
            continue
        best, segs = follower.best_line(card, POLICY, left)
        mine = played.lines_of(sheets.tables).get(0)
        if mine == segs:
            same += 1
        else:
            gain = follower.gain(mine, POLICY, left, low_row_lines(mine, follower.day)) \
                if mine else 0.0
            assert abs(gain - best) < NEAR_TIE, (card, n, best, gain)
            near += 1
        if mine is not None:
            uses += apply_option(follower, ({"t": "place"}, mine, 0.0))
    end_left = data.CARDS_PER_GAME - (first + len(order) - 1)
    use = POLICY.power_use[follower.power]
    by_arrays = float(sheets.values(HARD_WEIGHTS, np.array([end_left]))[0]
                      + (sheets.uses[0] + pending) * use)
    return same, near, by_arrays, follower.value(HARD_WEIGHTS, end_left) + (
        uses + pending) * use, stats


@cache
def lockstep_of(position: int, start: int, order: int
                ) -> tuple[int, int, float, float, dict[str, int]]:
    """``lockstep`` of ``positions()[position]``'s start and order (kept: two tests ask)."""
    found = positions()[position]
    model, pending = found.starts[start]
    return lockstep(model, pending, found.orders[order], found.first)


def test_the_batched_choice_is_best_lines_but_on_near_ties_and_ends_on_the_same_value() -> None:
    """Every step of every playout: the placement ``best_line`` plays, or one whose gain is
    within 1e-9 of it (rare); a sheet that played the same lines ends on the same value,
    placements completing two bonus copies at once (played in Python) included."""
    same = near = multi = 0
    for p, position in enumerate(positions()):
        for i, (model, _) in enumerate(position.starts):
            if not batched([model]):
                continue
            for o in range(len(position.orders)):
                s, n, by_arrays, by_python, stats = lockstep_of(p, i, o)
                same, near, multi = same + s, near + n, multi + stats["multi_copy_moves"]
                assert by_arrays == pytest.approx(by_python, abs=1e-9)
    assert near < 0.02 * (same + near) and same > 1000
    assert multi > 0


def test_a_batch_ends_each_playout_on_the_value_hard_computes() -> None:
    """All of a position's playouts in one batch: each value is ``PlayoutBot.playout``'s where
    its choices agree with the Python policy's; a sheet holding a twinkling star, crescent
    moon or black hole is played by Python (counted) to the same value."""
    bot = PlayoutBot()
    compared = python_sheets = 0
    for p, position in enumerate(positions()):
        engine = BatchPlayouts(bot.policy, bot.weights)
        starts = list(position.starts)
        orders = [position.orders[0]] * len(starts)
        values = engine.run(starts, orders, position.first)
        assert values is not None and len(values) == len(starts)
        for i, ((model, pending), order, value) in enumerate(
                zip(starts, orders, values, strict=True)):
            fallback = not batched([model])
            if fallback or lockstep_of(p, i, 0)[1] == 0:
                assert value == pytest.approx(
                    bot.playout(model.clone(), order, position.first, pending), abs=1e-9)
                compared += 1
            python_sheets += fallback
        assert engine.stats["python_sheets"] == sum(not batched([m]) for m, _ in starts)
        assert engine.stats["sheets"] == len(starts)
    assert python_sheets > 0 and compared > 0.9 * sum(len(p.starts) for p in positions())


def test_a_shared_order_and_the_start_models_are_left_as_they_were() -> None:
    position = next(p for p in positions() if batched([m for m, _ in p.starts]))
    lines_before = [set(m.lines) for m, _ in position.starts]
    engine = BatchPlayouts(POLICY, HARD_WEIGHTS)
    shared = engine.run(position.starts, position.orders[:1], position.first)
    each = engine.run(position.starts, position.orders[:1] * len(position.starts),
                      position.first)
    assert shared == each
    assert [set(m.lines) for m, _ in position.starts] == lines_before
    with pytest.raises(ValueError):
        engine.run(position.starts, position.orders[:1] * 2, position.first)


# --- the bot with ``batch`` ---------------------------------------------------------------------


def test_batched_hard_is_deterministic_for_its_seed() -> None:
    state = solo_position_with_a_line_card(6)
    first, second = PlayoutBot(seed=1, batch=4), PlayoutBot(seed=1, batch=4)
    assert first.choose(STARS, state, 0) == second.choose(STARS, state, 0)
    assert first.last_playouts == second.last_playouts > 0
    assert first.batched.stats == second.batched.stats


class PythonBatches(BatchPlayouts):
    """The engine with every playout played by ``PlayoutBot.playout``'s Python twin: the bot's
    batched loop on exactly the values of its plain loop."""

    def run(self, starts: Sequence[tuple[Model, int]], orders: Sequence[Sequence[int]],
            first: int, stop: StopCheck | None = None) -> list[float] | None:
        bot = PlayoutBot()
        return [bot.playout(model.clone(), order, first, pending)
                for (model, pending), order in zip(starts, orders, strict=True)]


@pytest.mark.parametrize("seed", [6, 8])
def test_one_round_a_batch_races_and_caps_as_the_plain_loop(seed: int) -> None:
    """On the same playout values, ``batch`` 1 decides as hard does (the race after every
    round, the step cap, the endgame's futures); larger batches race between batches."""
    state = solo_position_with_a_line_card(seed)
    plain = PlayoutBot(seed=seed, steps=700)
    move = plain.choose(STARS, state, 0)
    for batch in (1, 3):
        bot = PlayoutBot(seed=seed, steps=700, batch=batch)
        bot.batched = PythonBatches(bot.policy, bot.weights)
        assert bot.choose(STARS, state, 0) == move
        if batch == 1:
            assert bot.last_playouts == plain.last_playouts


def test_the_step_cap_bounds_the_batched_work_in_whole_rounds() -> None:
    state = solo_position_with_a_line_card(7)
    depth = cards_left_after(STARS.view(state, 0))
    for steps in (1, 200, 700):
        bot = PlayoutBot(seed=2, steps=steps, race=0, batch=4)
        assert bot.choose(STARS, state, 0) in STARS.legal_moves(state, 0)
        rounds, rest = divmod(bot.last_playouts, bot.width)
        assert rest == 0 and rounds * bot.width * depth <= steps
        assert rounds == bot.orders or (rounds + 1) * bot.width * depth > steps


@pytest.mark.parametrize("allowed", [0, 1, 5, 16, 20])
def test_a_stop_ends_a_batched_decision_within_one_batch_step(allowed: int) -> None:
    """``stop`` is asked before each batch and each batch step: after its first True no step
    is played and it is not asked again; the cut batch is discarded (the playouts counted are
    whole batches) and a legal move comes back."""
    state = solo_position_with_a_line_card(6)
    bot = PlayoutBot(seed=1, orders=8, race=0, batch=4)
    calls: list[int] = []

    def stop() -> bool:
        calls.append(bot.batched.stats["batch_steps"])
        return len(calls) > allowed

    move = bot.choose(STARS, state, 0, stop=stop)
    assert move in STARS.legal_moves(state, 0)
    assert len(calls) == allowed + 1 and bot.batched.stats["batch_steps"] == calls[-1]
    assert bot.last_playouts % (bot.width * 4) == 0 and bot.last_playouts < bot.width * 8
    if allowed == 0:
        assert bot.last_playouts == 0


def test_a_power_prompt_is_played_out_in_batches() -> None:
    """A prompt's answers (a planet placed by the power) played out in batches: a legal answer
    after the playouts, every one of them counted. (A sheet whose objects the batch plays in
    Python: ``test_a_batch_ends_each_playout_on_the_value_hard_computes``; the bot does not batch on
    those power cards: ``test_stars_playouts``.)"""
    for seed in range(40):
        state = STARS.setup({"players": 1, "power_card": 2}, seed)
        bot = PlanBot(seed)
        while not STARS.is_over(state):
            view = STARS.view(state, 0)
            if (view["pending"] and view["pending"]["prompt"] and cards_left_after(view) > 0
                    and len(STARS.legal_moves(state, 0)) > 2):
                break
            STARS.apply(state, 0, bot.choose(STARS, state, 0))
        else:
            continue
        searching = PlayoutBot(seed=5, orders=4, race=0, end=0, batch=2)
        answer = searching.choose(STARS, state, 0)
        assert answer in STARS.legal_moves(state, 0)
        assert searching.last_playouts == searching.width * 4
        assert searching.batched.stats["batch_steps"] > 0
        return
    raise AssertionError("no planet prompt in 40 games")


def test_the_bench_passes_batch_to_hard() -> None:
    from bench.ai import stars_bot

    bot = stars_bot("hard:batch=4", 3)
    assert bot.batch == 4 and bot.batched is not None
    assert PlayoutBot().batch == 4, "hard as it ships (session 61)"
    assert PlayoutBot(batch=0).batched is None, "one playout at a time, in Python"
