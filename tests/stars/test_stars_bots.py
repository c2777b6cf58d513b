"""GreedyBot: best immediate gain, seeded, blind to the hidden deck; and legal_moves vs apply."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st
from stars_testkit import completing_move, crafted_state, path

from game.ai import make_bot
from game.ai.base import RandomBot
from game.ai.stars_bots import GreedyBot
from game.rules.base import IllegalMove, make_rng
from game.rules.stars import RULESET, card_segments, score_sheet, shooting_star


def gain(state: dict, seat: int, move: dict) -> int:
    sheet = copy.deepcopy(state["seats"][seat]["sheet"])
    before = score_sheet(sheet)["total"]
    if move["t"] == "place":
        card = state["deck"][state["flipped"] - 1]
        sheet["lines"] += card_segments(card, move["rot"], move["dx"], move["dy"])
    elif move["t"] == "shooting_star":
        sheet["shooting_stars"].append(
            shooting_star(move["size"], move["rot"], move["dx"], move["dy"])
        )
    return score_sheet(sheet)["total"] - before


def test_registry_builds_the_greedy_bot() -> None:
    assert isinstance(make_bot("stars", "greedy", 3), GreedyBot)


def test_greedy_takes_the_largest_immediate_gain() -> None:
    lines = path((3, 3), (4, 3), (5, 3)) + path((3, 6), (4, 6), (5, 6), (6, 6), (7, 6))
    for card in (0, 5, 9, 17):
        state = crafted_state(card=card, lines={0: lines})
        move = GreedyBot(1).choose(RULESET, state, 0)
        best = max(gain(state, 0, m) for m in RULESET.legal_moves(state, 0))
        assert best > 0
        assert gain(state, 0, move) == best


def test_greedy_draws_the_longest_shooting_star() -> None:
    state = crafted_state(card=28)
    move = GreedyBot(2).choose(RULESET, state, 0)
    assert move["t"] == "shooting_star" and move["size"] == 3


def test_greedy_confirms_after_playing_and_uses_its_powers() -> None:
    state = crafted_state(card=0)
    bot = GreedyBot(0)
    RULESET.apply(state, 0, bot.choose(RULESET, state, 0))
    assert bot.choose(RULESET, state, 0) == {"t": "confirm"}
    run = path((3, 6), (4, 5), (5, 4))
    state = crafted_state(lines={0: run})
    RULESET.apply(state, 0, completing_move(state, 0, [5, 4, 6, 3]))  # completes the Line
    assert state["seats"][0]["turn"]["prompt"] is not None
    assert bot.choose(RULESET, state, 0)["t"] == "power"


def test_greedy_is_seeded_and_blind_to_the_hidden_deck() -> None:
    state = RULESET.setup({"players": 2}, 8)
    first = GreedyBot(5).choose(RULESET, state, 0)
    assert GreedyBot(5).choose(RULESET, state, 0) == first
    for k in range(5):
        shuffled = RULESET.reshuffle_hidden(state, k)
        assert GreedyBot(5).choose(RULESET, shuffled, 0) == first


def _duel(seed: int) -> list[int]:
    state = RULESET.setup({"players": 2}, seed)
    bots = [GreedyBot(seed), RandomBot(seed)]
    while not RULESET.is_over(state):
        for seat in sorted(RULESET.to_move(state)):
            if seat in RULESET.to_move(state):
                RULESET.apply(state, seat, bots[seat].choose(RULESET, state, seat))
    return [b["total"] for b in RULESET.score(state)]


def test_greedy_beats_random() -> None:
    results = [_duel(seed) for seed in (1, 2, 3)]
    assert all(g > r for g, r in results), results


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120))
def test_listed_moves_are_accepted_and_unlisted_placements_refused(seed: int, steps: int) -> None:
    state = RULESET.setup({"players": 2, "power_card": "random_experienced"}, seed)
    rng = make_rng(seed, "prop")
    for _ in range(steps):
        if RULESET.is_over(state):
            return
        seat = rng.choice(sorted(RULESET.to_move(state)))
        moves = [m for m in RULESET.legal_moves(state, seat) if m["t"] != "undo"]
        RULESET.apply(state, seat, rng.choice(moves))
    if RULESET.is_over(state):
        return
    seat = rng.choice(sorted(RULESET.to_move(state)))
    legal = RULESET.legal_moves(state, seat)
    for move in rng.sample(legal, min(15, len(legal))):
        RULESET.apply(copy.deepcopy(state), seat, move)
    if legal[0]["t"] == "place":
        listed = {
            frozenset(
                map(
                    tuple,
                    card_segments(state["deck"][state["flipped"] - 1], m["rot"], m["dx"], m["dy"]),
                )
            )
            for m in legal
            if m["t"] == "place"
        }
        card = state["deck"][state["flipped"] - 1]
        for _ in range(30):
            move = {
                "t": "place",
                "rot": rng.randrange(4),
                "dx": rng.randrange(-3, 10),
                "dy": rng.randrange(-3, 11),
            }
            shape = frozenset(map(tuple, card_segments(card, move["rot"], move["dx"], move["dy"])))
            try:
                RULESET.apply(copy.deepcopy(state), seat, move)
            except IllegalMove:
                assert shape not in listed
            else:
                assert shape in listed
