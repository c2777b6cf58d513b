"""The bots' fast sheet model (``game.ai.stars_model``): what a placement is worth must not
depend on the shortcuts that make it fast. ``gain`` (precomputed facts of the lines, the state
of each bonus-shape copy kept per sheet) is checked against the plain way: draw the lines on a
copy and take the difference of the values; ``best_line`` (the playouts' policy) against
weighing every legal placement with ``gain``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from game.ai.stars_bots import PlanBot, cards_left_after, model_of
from game.ai.stars_model import DEFAULT_WEIGHTS, HARD_WEIGHTS, Model, low_row_lines
from game.rules.stars import RULESET as STARS
from game.rules.stars import data


def line_card_positions(seeds: range) -> Iterator[tuple[Model, int, int, dict[str, Any]]]:
    """(model, card, cards left, view) at every line card of solo games played by normal."""
    for seed in seeds:
        state = STARS.setup({"players": 1}, seed)
        bot = PlanBot(seed)
        while not STARS.is_over(state):
            view = STARS.view(state, 0)
            card = view["card"]["id"]
            if card not in data.SHOOTING_STAR_CARD_IDS and not view["pending"]:
                yield model_of(view, 0), card, cards_left_after(view), view
            STARS.apply(state, 0, bot.choose(STARS, state, 0))


@pytest.mark.parametrize("weights", [DEFAULT_WEIGHTS, HARD_WEIGHTS], ids=["normal", "hard"])
def test_a_placements_gain_is_the_change_of_the_sheets_value(weights: Any) -> None:
    """On sheets of real games, every legal placement: its gain equals the value of the sheet
    with its lines drawn minus the value before, plus the power uses it earns. (Placements that
    complete a point-bonus copy are left out: there the model knowingly keeps the potential of
    copies overlapping the completed one.)"""
    checked = 0
    for model, card, left, _ in line_card_positions(range(4200, 4204)):
        before = model.value(weights, left)
        for c in model.line_placements(card):
            segs = (c[3], c[4])
            after = model.clone()
            uses = after.add_lines(list(segs))
            if after.shape_count != model.shape_count:
                continue
            if uses and model.power in data.ONCE_PER_GAME_POWERS:
                uses = 1
            expected = after.value(weights, left) - before + uses * weights.power_use[model.power]
            assert model.gain(segs, weights, left) == pytest.approx(expected, abs=1e-9), (
                f"card {card}, lines {segs}, {left} cards left")
            checked += 1
    assert checked > 2000


def test_the_playouts_policy_takes_the_first_placement_of_the_best_gain() -> None:
    """``best_line`` equals weighing every legal placement by ``gain`` with its lines in the
    rows the sun closes next, and taking the first of the best (nothing when none gains)."""
    weights = DEFAULT_WEIGHTS
    for model, card, left, _ in line_card_positions(range(4300, 4304)):
        best, best_segs = 0.0, None
        for c in model.line_placements(card):
            segs = (c[3], c[4])
            gain = model.gain(segs, weights, left, low_row_lines(segs, model.day))
            if gain > best:
                best, best_segs = gain, segs
        assert model.best_line(card, weights, left) == (best, best_segs)



def test_the_drawable_segments_are_the_line_powers_targets() -> None:
    """``drawable_segments`` (where the playouts draw a Line use) is exactly the engine's list
    of Line-bonus targets, on every sheet of two games (the sun's closed rows included)."""
    from game.rules.stars.placement import line_bonus_targets
    from game.rules.stars.sheet import SheetIndex

    checked = 0
    for model, _, _, view in line_card_positions(range(2)):
        sheet = view["seats"][0]["sheet"]
        expected = {tuple(t) for t in line_bonus_targets(SheetIndex(sheet), view["day"])}
        assert set(model.drawable_segments()) == expected
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("power_card", [4, 3])
def test_playing_an_option_on_the_model_earns_the_power_uses_the_engine_offers(
        power_card: int) -> None:
    """``apply_option`` (how the playouts and the clairvoyant draw a card) returns as many power
    uses as the engine offers for the same move, and spends them: the same move again finds
    none. Until session 39 it looked for the copies before drawing the lines and never found
    one."""
    import copy as copying

    from game.ai.stars_bots import apply_option, card_options

    earned = 0
    for seed in range(2):
        state = STARS.setup({"players": 1, "power_card": power_card}, seed)
        bot = PlanBot(seed)
        while not STARS.is_over(state):
            view = STARS.view(state, 0)
            if not view["pending"] and view["card"]["id"] not in data.SHOOTING_STAR_CARD_IDS:
                model = model_of(view, 0)
                for option in card_options(model, view["card"]["id"]):
                    after = model.clone()
                    uses = apply_option(after, option)
                    trial = copying.deepcopy(state)
                    STARS.apply(trial, 0, option[0])
                    prompt = STARS.view(trial, 0)["pending"]["prompt"]
                    assert uses == (prompt["uses"] if prompt else 0), option[0]
                    assert after.new_power_copies(list(option[1])) == []
                    earned += uses
            STARS.apply(state, 0, bot.choose(STARS, state, 0))
    assert earned > 3
