"""What every registered game promises about moves on the wire (issue 11): one set of refusal
codes for a move's shape, moves reduced to their documented fields, a bounded game length, and
hidden order keyed by the host's secret. Knows no game: it drives the Ruleset contract only."""

from __future__ import annotations

from typing import Any

import msgpack
import pytest

from game.rules import RULESETS, IllegalMove, get_ruleset
from game.rules.base import (
    MALFORMED_MOVE,
    SHAPE_CODES,
    UNKNOWN_MOVE_TYPE,
    Ruleset,
    make_rng,
    new_secret,
    replay,
)
from net.save import MAX_SAVE_BYTES
from tests.plugin_game import while_registered

#: every registered game, and the test-only High Bid (``tests/plugin_game``), registered for
#: each test of this module as a plugin would be
GAMES = while_registered(lambda: sorted(RULESETS))
pytestmark = pytest.mark.usefixtures("plugin_game")
#: games whose state holds an order no seat may see (the undealt deck): those whose ruleset
#: has a ``reshuffle_hidden`` of its own
GAMES_WITH_HIDDEN_ORDER = while_registered(lambda: [
    game for game in RULESETS
    if type(get_ruleset(game)).reshuffle_hidden is not Ruleset.reshuffle_hidden])


def packed(value: Any) -> bytes:
    return msgpack.packb(value)


def positions(ruleset: Ruleset, players: int, seed: int, *, undo_bias: float = 0.0,
              secret: str | None = None) -> tuple[dict, list[list[Any]], list[dict]]:
    """A random game to its end (``undo_bias``: how often an offered undo is taken); returns
    options, the moves and a few states along the way."""
    options = ruleset.normalize_options({"players": players})
    state = ruleset.setup(options, seed, secret)
    rng = make_rng(seed, "move-contract")
    moves: list[list[Any]] = []
    samples = [packed(state)]
    while not ruleset.is_over(state):
        assert len(moves) <= ruleset.max_moves(options), "the game outgrew max_moves"
        candidates = sorted(ruleset.to_move(state)) or list(range(players))
        seat = rng.choice(candidates)
        legal = ruleset.legal_moves(state, seat)
        if not legal:
            seat = next(s for s in range(players) if ruleset.legal_moves(state, s))
            legal = ruleset.legal_moves(state, seat)
        undo = [m for m in legal if m["t"] == "undo"]
        move = undo[0] if undo and rng.random() < undo_bias else rng.choice(legal)
        ruleset.apply(state, seat, move)
        moves.append([seat, move])
        if len(moves) % 17 == 0:
            samples.append(packed(state))
    return options, moves, [msgpack.unpackb(s, strict_map_key=True) for s in samples]


NOT_MAPS: list[Any] = [None, 7, True, "skip", [], ["t", "skip"], 2.5]
NO_TYPE: list[Any] = [{}, {"t": 5}, {"t": None}, {"t": ["skip"]}, {"type": "skip"}]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_refuses_a_moves_shape_with_the_shared_codes(game: str) -> None:
    """Not a map / no string 't' / unknown field / missing or mistyped field: malformed_move;
    an unknown 't': unknown_move_type; the state never changes."""
    ruleset = get_ruleset(game)
    assert set(SHAPE_CODES) == {MALFORMED_MOVE, UNKNOWN_MOVE_TYPE}
    players = ruleset.min_players
    _, _, states = positions(ruleset, players, seed=3)
    for state in states[:6]:
        if ruleset.is_over(state):
            continue
        seat = min(ruleset.to_move(state))
        before = packed(state)
        legal = ruleset.legal_moves(state, seat)
        cases: list[tuple[Any, str]] = [(m, MALFORMED_MOVE) for m in NOT_MAPS + NO_TYPE]
        cases += [({"t": "no_such_move"}, UNKNOWN_MOVE_TYPE), ({"t": "x" * 5000},
                                                              UNKNOWN_MOVE_TYPE)]
        for move in legal[:20]:
            cases.append(({**move, "unknown_field": "x" * 48_000}, MALFORMED_MOVE))
            for field, spec in ruleset.move_fields[move["t"]].items():
                if field in move:
                    wrong = "1" if spec.kind != "str" else 1
                    cases.append(({**move, field: wrong}, MALFORMED_MOVE))
                    if spec.required:
                        cases.append(({k: v for k, v in move.items() if k != field},
                                      MALFORMED_MOVE))
        for move, code in cases:
            with pytest.raises(IllegalMove) as refused:
                ruleset.apply(state, seat, move)
            assert refused.value.code == code, (move if len(repr(move)) < 200 else "big", code)
            assert len(refused.value.detail) < 300  # a detail never echoes a hostile value
            assert packed(state) == before


@pytest.mark.parametrize("game", GAMES)
def test_legal_moves_are_exactly_their_documented_fields(game: str) -> None:
    """``move_fields`` documents every move a game offers, and normalizing a legal move gives
    it back unchanged (what the table stores is what the rules offered)."""
    ruleset = get_ruleset(game)
    _, moves, _ = positions(ruleset, ruleset.max_players, seed=8)
    seen_types = set()
    for _, move in moves:
        fields = ruleset.move_fields[move["t"]]
        assert set(move) - {"t"} <= set(fields)
        assert all(k in move for k, f in fields.items() if f.required)
        assert ruleset.normalize_move(move) == move
        seen_types.add(move["t"])
    assert seen_types <= set(ruleset.move_fields)


@pytest.mark.parametrize("game", GAMES)
def test_the_longest_game_fits_in_a_save_that_resumes(game: str) -> None:
    """``max_moves`` x the largest normalized move stays far below the save size limit, and
    random games (taking an offered undo 9 times in 10) stay within ``max_moves``."""
    ruleset = get_ruleset(game)
    options = ruleset.normalize_options({"players": ruleset.max_players})
    worst = ruleset.max_moves(options) * (ruleset.max_move_bytes() + 3)
    assert worst < MAX_SAVE_BYTES // 4, (worst, MAX_SAVE_BYTES)
    _, moves, _ = positions(ruleset, 2 if ruleset.min_players <= 2 else ruleset.min_players,
                            seed=1, undo_bias=0.9)
    for _, move in moves:
        assert len(packed(move)) <= ruleset.max_move_bytes()


@pytest.mark.parametrize("game", GAMES)
def test_a_secret_replays_exactly_and_only_the_hidden_order_depends_on_it(game: str) -> None:
    ruleset = get_ruleset(game)
    players = ruleset.max_players
    secret = new_secret()
    assert len(secret) * 4 >= 128 and secret != new_secret()
    options, moves, _ = positions(ruleset, players, seed=4, secret=secret)
    final = ruleset.setup(options, 4, secret)
    for seat, move in moves:
        ruleset.apply(final, seat, move)
    assert packed(replay(ruleset, options, 4, moves, secret)) == packed(final)
    deals = {packed(ruleset.setup(options, 4, new_secret())) for _ in range(6)}
    if game in GAMES_WITH_HIDDEN_ORDER:
        assert len(deals) > 1, "the hidden order must follow the secret"
    else:
        assert len(deals) == 1, "a game without hidden order deals from the seed alone"


@pytest.mark.parametrize("game", GAMES)
def test_protocol_doc_names_every_move_field_view_key_event_and_code_of_the_game(
        game: str) -> None:
    """docs/PROTOCOL.md section 11 is enough to play: each game's part names all of it (a
    game plugin not in it: the docstring of its ruleset's module, written the same way)."""
    import importlib
    from pathlib import Path

    module = importlib.import_module(RULESETS[game].partition(":")[0])
    doc = (Path(__file__).resolve().parents[1] / "docs" / "PROTOCOL.md").read_text()
    marker = f'(`game` = `"{game}"`'
    part = (doc if marker in doc else module.__doc__ or "").split(marker)[1].split("\n### ")[0]
    ruleset = get_ruleset(game)
    reasons = module.REASON_TEXT
    names: set[str] = set(reasons)
    for kind, fields in ruleset.move_fields.items():
        names |= {kind, *fields}
    names |= set(ruleset.default_options(ruleset.min_players))
    options, moves, _ = positions(ruleset, ruleset.min_players, seed=2)
    state = ruleset.setup(options, 2)
    for seat, move in moves:
        for event in ruleset.apply(state, seat, move):
            names |= {event["type"], *event}
        names |= _keys(ruleset.view(state, seat))
    names |= _keys(ruleset.score(state))
    names -= {"t", "type", "to"}
    missing = sorted(name for name in names if f"`{name}`" not in part)
    assert not missing, f"docs/PROTOCOL.md section 11 ({game}) does not name {missing}"


def _keys(value: Any) -> set[str]:
    """Every map key anywhere in ``value`` (views nest maps in lists in maps)."""
    if isinstance(value, dict):
        return {str(k) for k in value} | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()
