"""The playout bot (``game.ai.stars_playouts``), Look at the Stars ``hard`` since session 38.
What a table relies on: it never reads the deck's order, it stops within one playout of its
``stop``, its ``steps`` cap bounds its work in whole rounds, and its placements are compared on
the same futures."""

from __future__ import annotations

import pytest
from stars_testkit import solo_position_with_a_line_card

from game.ai.stars_bots import apply_option, cards_left_after
from game.ai.stars_playouts import PlayoutBot
from game.rules.stars import RULESET as STARS


def test_the_playouts_never_read_the_hidden_deck_order() -> None:
    """The undealt cards reshuffled: the decision stays the same (it samples orders from the
    cards it has not seen, the public composition)."""
    state = solo_position_with_a_line_card(12)
    first = PlayoutBot(seed=4, orders=4).choose(STARS, state, 0)
    second = PlayoutBot(seed=4, orders=4).choose(STARS, STARS.reshuffle_hidden(state, 77), 0)
    assert first == second and first in STARS.legal_moves(state, 0)


@pytest.mark.parametrize("allowed", [0, 1, 7])
def test_a_stop_ends_the_decision_within_one_playout(allowed: int) -> None:
    state = solo_position_with_a_line_card(6)
    calls: list[bool] = []

    def stop() -> bool:
        calls.append(len(calls) >= allowed)
        return calls[-1]

    bot = PlayoutBot(seed=1, orders=4)
    move = bot.choose(STARS, state, 0, stop=stop)
    assert move in STARS.legal_moves(state, 0)
    assert bot.last_playouts == allowed and calls.count(True) == 1
    unstopped = PlayoutBot(seed=1, orders=4)
    unstopped.choose(STARS, state, 0)
    assert unstopped.last_playouts == unstopped.width * 4 > allowed


def test_the_step_cap_bounds_the_work_in_whole_rounds() -> None:
    state = solo_position_with_a_line_card(7)
    view = STARS.view(state, 0)
    depth = cards_left_after(view)
    for steps in (1, 200, 700):
        bot = PlayoutBot(seed=2, steps=steps)
        assert bot.choose(STARS, state, 0) in STARS.legal_moves(state, 0)
        rounds, rest = divmod(bot.last_playouts, bot.width)
        assert rest == 0 and rounds * bot.width * depth <= steps
        assert rounds == bot.orders or (rounds + 1) * bot.width * depth > steps


def test_a_playout_replays_exactly_and_never_loses_points() -> None:
    """Two placements played out on one shared order, twice each: the same value each time
    (the placements meet the same future), never below the sheet's score before them."""
    state = solo_position_with_a_line_card(8)
    view = STARS.view(state, 0)
    bot = PlayoutBot(seed=3)
    bot._remember(view)
    model, scored = bot.scored_options(view, 0, STARS.legal_moves(state, 0))
    order = [c for c in bot.unseen() if c != view["card"]["id"]][: cards_left_after(view)]
    values = []
    for _, option in sorted(scored, key=lambda item: -item[0])[:2]:
        for _ in range(2):
            after = model.clone()
            apply_option(after, option)
            values.append(bot.playout(after, list(order), view["card"]["n"] + 1))
    assert values[0] == values[1] and values[2] == values[3]
    assert min(values) >= model.score()
