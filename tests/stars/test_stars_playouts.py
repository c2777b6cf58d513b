"""The playout bot (``game.ai.stars_playouts``), Look at the Stars ``hard`` since session 38.
What a table relies on: it never reads the deck's order, it stops within one playout of its
``stop``, its ``steps`` cap bounds its work in whole rounds, and its placements are compared on
the same futures."""

from __future__ import annotations

import pytest
from stars_testkit import solo_position_with_a_line_card

from game.ai.stars_bots import apply_option, cards_left_after
from game.ai.stars_model import PYTHON_OBJECTS
from game.ai.stars_playouts import UNBATCHED, PlayoutBot
from game.rules.stars import RULESET as STARS
from game.rules.stars import data


def test_the_playouts_never_read_the_hidden_deck_order() -> None:
    """The undealt cards reshuffled: the decision stays the same (it samples orders from the
    cards it has not seen, the public composition)."""
    state = solo_position_with_a_line_card(12)
    first = PlayoutBot(seed=4, orders=4).choose(STARS, state, 0)
    second = PlayoutBot(seed=4, orders=4).choose(STARS, STARS.reshuffle_hidden(state, 77), 0)
    assert first == second and first in STARS.legal_moves(state, 0)


@pytest.mark.parametrize("race", [0.0, 2.0])
@pytest.mark.parametrize("allowed", [0, 1, 7])
def test_a_stop_ends_the_decision_within_one_playout(allowed: int, race: float) -> None:
    """Weighing every placement every round or racing them (as hard ships): the playouts stop
    at the first True, and a legal move comes back."""
    state = solo_position_with_a_line_card(6)
    calls: list[bool] = []

    def stop() -> bool:
        calls.append(len(calls) >= allowed)
        return calls[-1]

    # (one playout at a time, in Python: a batch's stop is test_stars_batch's)
    bot = PlayoutBot(seed=1, orders=4, race=race, batch=0)
    move = bot.choose(STARS, state, 0, stop=stop)
    assert move in STARS.legal_moves(state, 0)
    assert bot.last_playouts == allowed and calls.count(True) == 1
    unstopped = PlayoutBot(seed=1, orders=4, race=0, batch=0)
    unstopped.choose(STARS, state, 0)
    assert unstopped.last_playouts == unstopped.width * 4 > allowed


def test_the_step_cap_bounds_the_work_in_whole_rounds() -> None:
    state = solo_position_with_a_line_card(7)
    view = STARS.view(state, 0)
    depth = cards_left_after(view)
    for steps in (1, 200, 700):
        bot = PlayoutBot(seed=2, steps=steps, race=0)
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


def test_the_race_drops_a_placement_clearly_behind_and_keeps_the_close_ones() -> None:
    """Paired playout values per round: the leader stays; a placement a steady 5 points behind
    is dropped; one as good on average stays; one 1 point behind with a spread of 3 stays at 2
    standard errors, not at 0.5."""
    results = [[10.0, 11.0, 12.0], [5.0, 6.0, 7.0], [10.0, 11.5, 11.5], [9.0, 13.0, 8.0]]
    assert PlayoutBot(race=2.0)._race(results, [0, 1, 2, 3]) == [0, 2, 3]
    assert PlayoutBot(race=0.5)._race(results, [0, 1, 2, 3]) == [0, 2]
    # among the two, 3 leads by its sum; 1 trails by 4 a round with a spread of 3
    assert PlayoutBot(race=2.0)._race(results, [1, 3]) == [3]
    assert PlayoutBot(race=50.0)._race(results, [1, 3]) == [1, 3]


def test_the_race_stops_a_decision_early_once_one_placement_is_left() -> None:
    """Racing spends fewer playouts than weighing every placement on every order, on some of
    these positions, and answers a legal move each time."""
    spent = []
    for seed in (6, 7, 8, 9):
        state = solo_position_with_a_line_card(seed)
        racing = PlayoutBot(seed=seed, race=2.0, steps=0)
        assert racing.choose(STARS, state, 0) in STARS.legal_moves(state, 0)
        spent.append(racing.last_playouts)
    full = PlayoutBot().width * PlayoutBot().orders
    assert all(n <= full for n in spent) and min(spent) < full


def solo_position_with_a_power_prompt() -> dict:
    """A solo game (``normal`` played it) at its first power prompt with cards still to come
    and more than one answer."""
    from game.ai.stars_bots import PlanBot

    for seed in range(40):
        state = STARS.setup({"players": 1}, seed)
        bot = PlanBot(seed)
        while not STARS.is_over(state):
            view = STARS.view(state, 0)
            if (view["pending"] and view["pending"]["prompt"] and cards_left_after(view) > 0
                    and len(STARS.legal_moves(state, 0)) > 2):
                return state
            STARS.apply(state, 0, bot.choose(STARS, state, 0))
    raise AssertionError("no power prompt in 40 games")


def test_a_power_prompt_is_played_out_only_when_asked() -> None:
    """``prompts`` 0: the answer the model values most, no playout; ``prompts`` 1: a legal
    answer after playouts, the same again for the same seed; stopped at once, the model's."""
    from game.ai.stars_bots import prompt_values

    state = solo_position_with_a_power_prompt()
    view, moves = STARS.view(state, 0), STARS.legal_moves(state, 0)
    by_model = max(prompt_values(view, 0, moves, PlayoutBot().weights), key=lambda vm: vm[0])[1]
    plain = PlayoutBot(seed=5, prompts=0)
    assert plain.choose(STARS, state, 0) == by_model and plain.last_playouts == 0
    # (the position is near the game's end: without the endgame search, for its counts)
    searching = PlayoutBot(seed=5, prompts=1, orders=4, race=0, end=0)
    answer = searching.choose(STARS, state, 0)
    assert answer in moves and searching.last_playouts == searching.width * 4
    assert PlayoutBot(seed=5, prompts=1, orders=4, race=0, end=0).choose(
        STARS, state, 0) == answer
    assert PlayoutBot().prompts  # the shipped hard plays its prompts out
    stopped = PlayoutBot(seed=5, prompts=1, orders=4)
    assert stopped.choose(STARS, state, 0, stop=lambda: True) == by_model
    assert stopped.last_playouts == 0


def test_an_answer_leaves_the_other_offered_uses_and_skipping_leaves_none() -> None:
    from game.ai.stars_bots import model_of
    from game.ai.stars_playouts import _answered

    state = solo_position_with_a_power_prompt()
    view, moves = STARS.view(state, 0), STARS.legal_moves(state, 0)
    offered = view["pending"]["prompt"]["uses"]
    before = len(model_of(view, 0).lines)
    skipped, uses = _answered(view, 0, {"t": "skip_power"})
    assert uses == 0 and len(skipped.lines) == before
    line = next(m for m in moves if m["t"] == "power")
    after, uses = _answered(view, 0, line)
    assert len(after.lines) == before + 1 and uses >= offered - 1


def test_a_line_use_in_a_playout_is_drawn_where_it_gains_most() -> None:
    """With ``lines`` a Line use earned in a playout is drawn (the unit line with the best
    gain), not counted at an estimated worth."""
    from game.ai.stars_bots import model_of
    from game.ai.stars_model import low_row_lines

    state = solo_position_with_a_line_card(8)
    view = STARS.view(state, 0)
    model, left = model_of(view, 0), cards_left_after(view)
    bot = PlayoutBot(lines=1)
    gains = {seg: model.gain((seg,), bot.policy, left, low_row_lines((seg,), model.day))
             for seg in model.drawable_segments()}
    best = max(gains, key=lambda seg: gains[seg])
    assert gains[best] > 0
    after = model.clone()
    bot._draw_lines(after, 1, left)
    assert best in after.lines and best not in model.lines
    assert len(after.lines) >= len(model.lines) + 1


#: whole solo games of ``PlayoutBot(seed, orders=6, steps=300)`` recorded before the endgame
#: settings existed, with the settings of then (``SESSION_38``; seed: final score, the number
#: of moves, sha256 of the moves as sorted JSON, first 16 hex digits); seed 12 answers a power
#: prompt
PINNED_GAMES = {3: (48, 36, "71f35f1856307585"), 12: (45, 37, "09a8880904b8a5cb")}
#: hard's settings before session 61 (6 placements, one playout at a time in Python), and its
#: endgame of session 51
SESSION_38 = {"width": 6, "batch": 0}
SESSION_51_ENDGAME = {"end": 6, "end_wide": 4, "end_width": 10, "end_steps": 1400}


def solo_game(bot: PlayoutBot, seed: int) -> tuple[int, int, str]:
    """A whole solo game of ``bot`` on ``seed``: final score, moves, the moves' digest."""
    import hashlib
    import json

    state = STARS.setup({"players": 1}, seed)
    moves = []
    while not STARS.is_over(state):
        moves.append(bot.choose(STARS, state, 0))
        STARS.apply(state, 0, moves[-1])
    digest = hashlib.sha256(json.dumps(moves, sort_keys=True).encode()).hexdigest()[:16]
    return STARS.score(state)[0]["total"], len(moves), digest


@pytest.mark.parametrize("seed", sorted(PINNED_GAMES))
def test_with_the_endgame_off_hard_replays_its_games(seed: int) -> None:
    """``end`` 0 (the other endgame settings then change nothing): move for move the games
    hard played before the endgame existed."""
    for bot in (PlayoutBot(seed=seed, orders=6, steps=300, end=0, **SESSION_38),
                PlayoutBot(seed=seed, orders=6, steps=300, end=0, end_width=3, end_wide=2,
                           **SESSION_38)):
        assert solo_game(bot, seed) == PINNED_GAMES[seed]


#: the same games with session 51's endgame search
PINNED_ENDGAME_GAMES = {3: (54, 37, "9798181891434a7b"), 12: (48, 37, "28af730594a8295b")}


@pytest.mark.parametrize("seed", sorted(PINNED_GAMES))
def test_the_endgame_search_replays_its_games(seed: int) -> None:
    """Session 51's endgame settings: a decision with at most 6 cards to come weighs more
    candidates; the games replay move for move for their seed."""
    game = solo_game(PlayoutBot(seed=seed, orders=6, steps=300, **SESSION_38,
                                **SESSION_51_ENDGAME), seed)
    assert game == PINNED_ENDGAME_GAMES[seed]
    assert game != PINNED_GAMES[seed]  # the endgame changed some decision


#: the same games with hard's settings since session 61 (16 placements, batched playouts four
#: rounds at a time, the endgame over the last 8 cards), but for the orders and the cap
PINNED_SHIPPED_GAMES = {3: (44, 36, "6c5e00d5b3cb2f87"), 12: (50, 37, "9db33852b0d2a211")}


@pytest.mark.parametrize("seed", sorted(PINNED_GAMES))
def test_hard_as_it_ships_replays_its_games(seed: int) -> None:
    """hard's settings since session 61 (docs/AI.md: 93 % of the beam-192 clairvoyant on
    fresh seeds at the table's budget); batched, its games still replay for their seed."""
    shipped = PlayoutBot()
    assert (shipped.width, shipped.orders, shipped.steps, shipped.batch) == (16, 32, 0, 4)
    assert (shipped.end, shipped.end_wide, shipped.end_width, shipped.end_steps) == (
        8, 5, 12, 1800)
    game = solo_game(PlayoutBot(seed=seed, orders=6, steps=300), seed)
    assert game == PINNED_SHIPPED_GAMES[seed]
    assert game != PINNED_ENDGAME_GAMES[seed]


def test_the_endgame_futures_cover_the_unseen_cards_evenly() -> None:
    """Every order when there are few (each once); else every card leads equally often."""
    bot = PlayoutBot(seed=1, end=3, end_orders=200)
    pool = list(range(14))
    one = bot._even_orders(pool, 1)
    assert sorted(o[0] for o in one) == pool
    two = bot._even_orders(pool, 2)
    assert len(two) == 14 * 13 and len({tuple(o) for o in two}) == len(two)
    three = bot._even_orders(list(range(15)), 3)
    leads = [o[0] for o in three]
    assert len(three) == 15 * (200 // 15) and all(leads.count(c) == 200 // 15 for c in range(15))
    assert all(len(set(o)) == 3 for o in three)


def test_the_endgame_weighs_every_candidate_on_every_future() -> None:
    """Two cards to come, no race: each of the ``end_width`` candidates is played out on every
    order of two unseen cards, and a legal move comes back; stopped at once, a legal move too."""
    state = solo_position_with_a_line_card(8)
    for _ in range(40):
        view = STARS.view(state, 0)
        if cards_left_after(view) == 2 and not view["pending"]:
            break
        STARS.apply(state, 0, PlayoutBot(seed=1, steps=100, end=0).choose(STARS, state, 0))
    view = STARS.view(state, 0)
    assert cards_left_after(view) == 2
    bot = PlayoutBot(seed=2, end=2, end_wide=0, end_width=4, end_orders=10_000, end_race=0,
                     end_steps=0)
    move = bot.choose(STARS, state, 0)
    assert move in STARS.legal_moves(state, 0)
    pool = len([c for c in bot.unseen() if c != view["card"]["id"]])  # it saw this card only
    assert bot.last_playouts == 4 * pool * (pool - 1)
    assert PlayoutBot(seed=2, end=2).choose(STARS, state, 0, stop=lambda: True) in (
        STARS.legal_moves(state, 0))


def test_the_endgame_weighs_every_candidate_only_where_few_cards_come() -> None:
    """``end_wide``: every candidate up to that many cards to come, ``end_width`` beyond (0:
    every one); outside the endgame, ``width``."""
    bot = PlayoutBot(end=8, end_wide=3, end_width=12)
    for left, width in ((1, 40), (3, 40), (4, 12), (8, 12)):
        assert bot._endgame({"card": {"n": 18 - left, "of": 18}})
        assert bot._width({"card": {"n": 18 - left, "of": 18}}, 40) == width
    assert not bot._endgame({"card": {"n": 9, "of": 18}})
    assert bot._width({"card": {"n": 9, "of": 18}}, 40) == bot.width  # outside: ``width``
    assert not bot._endgame({"card": {"n": 18, "of": 18}})
    assert PlayoutBot(end=5, end_width=0)._width({"card": {"n": 13, "of": 18}}, 40) == 40


@pytest.mark.parametrize("power", [
    next(i + 1 for i, card in enumerate(data.POWER_CARDS) if card["power"] == kind)
    for kind in sorted(PYTHON_OBJECTS)])
def test_where_the_batch_cannot_play_hard_searches_as_before(power: int) -> None:
    """On the power cards whose objects the batched playouts play in Python (twinkling star,
    crescent moon, black hole) the wide search would cost about twice hard's CPU a card: hard
    searches as before session 61 there, one playout at a time, move for move."""
    from game.ai.stars_bots import GreedyBot

    state = STARS.setup({"players": 1, "power_card": power}, 4)
    greedy = GreedyBot(4)
    while state["flipped"] < 4 or state["seats"][0]["turn"] is not None or not any(
            m["t"] == "place" for m in STARS.legal_moves(state, 0)):
        STARS.apply(state, 0, greedy.choose(STARS, state, 0))
    shipped, before = PlayoutBot(seed=4), PlayoutBot(seed=4, batch=0, **UNBATCHED)
    assert shipped.choose(STARS, state, 0) == before.choose(STARS, state, 0)
    assert shipped.last_playouts == before.last_playouts > 0
    assert (shipped.width, shipped.batched is not None) == (16, True), "its settings are back"
