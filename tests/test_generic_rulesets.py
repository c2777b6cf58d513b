"""The generic suite every Ruleset passes (OpenSpiel style): one driver, every game.

It knows nothing of any game: it plays random legal moves through the contract of
``game/rules/base.py`` and checks what must hold for saves, replays, the wire and the server.
"""

from __future__ import annotations

from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import RULESETS, IllegalMove, get_ruleset
from game.rules.base import Ruleset, make_rng, replay, visible_events
from tests.plugin_game import while_registered

#: every registered game, and the test-only High Bid (``tests/plugin_game``), registered for
#: each test of this module as a plugin would be
GAMES = while_registered(lambda: sorted(RULESETS))
pytestmark = pytest.mark.usefixtures("plugin_game")
PLAYER_COUNTS = (1, 2, 3, 4, 8)
MAX_STEPS = 20_000


def counts_for(ruleset: Ruleset) -> list[int]:
    return [n for n in PLAYER_COUNTS if ruleset.min_players <= n <= ruleset.max_players]


CASES = while_registered(lambda: [(game, n) for game in GAMES
                                  for n in counts_for(get_ruleset(game))])


def packed(data: Any) -> bytes:
    return msgpack.packb(data)


def roundtrip(data: Any) -> Any:
    return msgpack.unpackb(msgpack.packb(data), strict_map_key=True)


def playout(
    ruleset: Ruleset, players: int, seed: int, *, check_every_step: bool = False
) -> tuple[dict, list[list[Any]], dict]:
    """A random game to the end; returns options, the move list and the final state."""
    options = ruleset.normalize_options({"players": players})
    state = ruleset.setup(options, seed)
    rng = make_rng(seed, "generic-playout")
    moves: list[list[Any]] = []
    for _ in range(MAX_STEPS):
        if check_every_step:
            check_state_invariants(ruleset, state, seed)
        if ruleset.is_over(state):
            return options, moves, state
        seats = sorted(ruleset.to_move(state))
        assert seats, "a game that is not over must have a seat to move"
        seat = rng.choice(seats)
        legal = ruleset.legal_moves(state, seat)
        assert legal, f"seat {seat} is to move but has no legal move"
        move = rng.choice(legal)
        events = ruleset.apply(state, seat, move)
        assert isinstance(events, list)
        for event in events:
            assert isinstance(event, dict) and isinstance(event.get("type"), str), event
        assert roundtrip(events) == events
        moves.append([seat, move])
    raise AssertionError(f"game did not end within {MAX_STEPS} moves")


def check_state_invariants(ruleset: Ruleset, state: dict, seed: int) -> None:
    assert roundtrip(state) == state, "state must survive msgpack unchanged (no tuples, str keys)"
    players = state_players(ruleset, state)
    hidden_variant = ruleset.reshuffle_hidden(state, seed + 1)
    for seat in [None, *range(players)]:
        view = ruleset.view(state, seat)
        assert roundtrip(view) == view, f"view of seat {seat} must survive msgpack"
        assert ruleset.view(hidden_variant, seat) == view, (
            f"view of seat {seat} changed when only hidden information changed"
        )


def state_players(ruleset: Ruleset, state: dict) -> int:
    return len(ruleset.score(state))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_random_playouts_reach_the_end_with_nothing_legal_after(game: str, players: int) -> None:
    ruleset = get_ruleset(game)
    for seed in range(12):
        options, moves, state = playout(ruleset, players, seed)
        assert ruleset.is_over(state)
        assert ruleset.to_move(state) == set()
        for seat in range(players):
            assert ruleset.legal_moves(state, seat) == []
        check_scores(ruleset, state, players)


def check_scores(ruleset: Ruleset, state: dict, players: int) -> None:
    scores = ruleset.score(state)
    assert len(scores) == players
    bound = getattr(ruleset, "max_total", 1000)
    for breakdown in scores:
        assert all(isinstance(v, int) and not isinstance(v, bool) for v in breakdown.values())
        parts = sum(v for k, v in breakdown.items() if k != "total")
        assert breakdown["total"] == parts, breakdown
        assert 0 <= breakdown["total"] <= bound
    ranks = ruleset.ranking(state)
    assert len(ranks) == players and min(ranks) == 1
    assert all(1 <= r <= players for r in ranks)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_state_and_view_roundtrips_and_hides_what_is_hidden(game: str, players: int) -> None:
    ruleset = get_ruleset(game)
    playout(ruleset, players, seed=1000 + players, check_every_step=True)


#: games whose state holds something no seat may see (the undealt cards' order): those whose
#: ruleset has a ``reshuffle_hidden`` of its own
GAMES_WITH_HIDDEN_INFORMATION = while_registered(lambda: [
    game for game in RULESETS
    if type(get_ruleset(game)).reshuffle_hidden is not Ruleset.reshuffle_hidden])


@pytest.mark.parametrize("game", sorted(GAMES_WITH_HIDDEN_INFORMATION))
def test_reshuffling_hidden_information_really_changes_the_state(game: str) -> None:
    """Otherwise the view-invariance check above would pass without testing anything."""
    ruleset = get_ruleset(game)
    state = ruleset.setup(ruleset.normalize_options({"players": 2}), 11)
    variants = {packed(ruleset.reshuffle_hidden(state, seed)) for seed in range(5)}
    assert packed(state) not in variants or len(variants) > 1


@pytest.mark.parametrize(("game", "players"), CASES)
def test_replaying_options_seed_and_moves_gives_an_equal_state(game: str, players: int) -> None:
    ruleset = get_ruleset(game)
    for seed in (3, 4):
        options, moves, final = playout(ruleset, players, seed)
        # the move list itself is plain data: it survives a save/load round trip
        rebuilt = replay(ruleset, roundtrip(options), seed, roundtrip(moves))
        assert packed(rebuilt) == packed(final)
        assert ruleset.score(rebuilt) == ruleset.score(final)


@pytest.mark.parametrize("game", GAMES)
def test_setup_is_deterministic_and_seed_dependent(game: str) -> None:
    ruleset = get_ruleset(game)
    players = ruleset.max_players
    options = ruleset.normalize_options({"players": players})
    first = [packed(ruleset.setup(options, seed)) for seed in range(6)]
    again = [packed(ruleset.setup(options, seed)) for seed in range(6)]
    assert first == again
    assert len(set(first)) > 1, "different seeds must be able to deal different games"


@pytest.mark.parametrize("game", GAMES)
def test_bad_options_are_refused_with_a_clear_error(game: str) -> None:
    ruleset = get_ruleset(game)
    for bad in (
        {"players": ruleset.max_players + 1},
        {"players": ruleset.min_players - 1},
        {"players": "four"},
        {"players": ruleset.min_players, "no_such_option": 1},
    ):
        with pytest.raises(ValueError):
            ruleset.setup(ruleset.normalize_options(bad), 0)


GARBAGE_MOVES: list[Any] = [
    None,
    7,
    "place",
    [],
    {},
    {"t": "no_such_move"},
    {"t": 12},
    {"t": None},
    {"t": "place", "rot": "x", "dx": [], "dy": {}},
    {"t": "crew", "crew": -1},
    {"t": "investigate", "start": 99, "count": 99},
    {"t": "power", "at": "here"},
    {"t": "power", "line": [0, 0, 9, 9]},
]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_illegal_moves_raise_a_code_and_change_nothing(game: str, players: int) -> None:
    ruleset = get_ruleset(game)
    options, moves, _ = playout(ruleset, players, seed=77)
    # probe a handful of positions along a real game
    for cut in sorted({0, 1, len(moves) // 3, len(moves) // 2, len(moves) - 1}):
        state = replay(ruleset, options, 77, moves[:cut])
        before = packed(state)
        waiting = ruleset.to_move(state)
        outsiders = [s for s in range(players) if s not in waiting]
        for seat in [*range(players), players, -1]:
            for move in GARBAGE_MOVES:
                with pytest.raises(IllegalMove) as caught:
                    ruleset.apply(state, seat, move)
                assert isinstance(caught.value.code, str) and caught.value.code
                assert caught.value.code == caught.value.code.lower()
                assert packed(state) == before, f"{move!r} by {seat} changed the state"
        for seat in outsiders:
            # a seat that may not act: every move it is not offered is refused, untouched
            offered = ruleset.legal_moves(state, seat)
            for move in ruleset.legal_moves(state, next(iter(waiting))) if waiting else []:
                if move in offered:
                    continue
                with pytest.raises(IllegalMove):
                    ruleset.apply(state, seat, move)
                assert packed(state) == before


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_prefix_of_a_game_accepts_exactly_its_legal_moves(game: str, data: Any) -> None:
    ruleset = get_ruleset(game)
    players = data.draw(st.sampled_from(counts_for(ruleset)))
    seed = data.draw(st.integers(0, 2**31 - 1))
    options, moves, _ = playout(ruleset, players, seed)
    cut = data.draw(st.integers(0, len(moves)))
    state = replay(ruleset, options, seed, moves[:cut])
    if ruleset.is_over(state):
        return
    seat = data.draw(st.sampled_from(sorted(ruleset.to_move(state))))
    legal = ruleset.legal_moves(state, seat)
    move = data.draw(st.sampled_from(legal))
    events = ruleset.apply(state, seat, move)
    for event in visible_events(events, None):
        assert "to" not in event


#: games whose ruleset has an ``apply_legal`` of its own (without one it is ``apply`` itself)
GAMES_WITH_OWN_APPLY_LEGAL = while_registered(lambda: [
    game for game in RULESETS
    if type(get_ruleset(game)).apply_legal is not Ruleset.apply_legal])


@pytest.mark.parametrize("game", sorted(GAMES_WITH_OWN_APPLY_LEGAL))
def test_apply_legal_does_what_apply_does_for_every_legal_move(game: str) -> None:
    """Bots search with ``apply_legal`` (a game may skip its checks there): along random games,
    every legal move of every seat to move gives the same state and events both ways."""
    ruleset = get_ruleset(game)
    checked_moves = 0
    for players in counts_for(ruleset)[:3]:
        options, moves, _ = playout(ruleset, players, 11 + players)
        state = ruleset.setup(options, 11 + players)
        for index, (mover, played) in enumerate(moves):
            if index % 3 == 0:  # every third position, for time
                for seat in sorted(ruleset.to_move(state)):
                    for move in ruleset.legal_moves(state, seat):
                        checked, trusted = roundtrip(state), roundtrip(state)
                        events = ruleset.apply(checked, seat, move)
                        assert ruleset.apply_legal(trusted, seat, move) == events, move
                        assert packed(trusted) == packed(checked), move
                        checked_moves += 1
            ruleset.apply(state, mover, played)
    assert checked_moves > 100, checked_moves


@pytest.mark.parametrize("game", GAMES)
def test_a_game_is_its_options_seed_and_moves(game: str) -> None:
    """Two independent replays of the same record agree at every step (saves and reconnect)."""
    ruleset = get_ruleset(game)
    players = ruleset.max_players
    options, moves, _ = playout(ruleset, players, seed=5)
    a = ruleset.setup(options, 5)
    b = ruleset.setup(roundtrip(options), 5)
    for seat, move in moves:
        ruleset.apply(a, seat, move)
        ruleset.apply(b, seat, roundtrip(move))
        assert packed(a) == packed(b)
