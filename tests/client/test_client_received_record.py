"""A guest's window takes the host's record of a finished game (``game_over.record``) only
once it replays by the rules to the scores the host announced: a hostile or broken host
costs the guest its statistics, replay and review, never a crash or a false picture."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from game.client.record import received_record
from net.table import Table
from tests.net.test_net_game_over_record import finished


@pytest.fixture(scope="module", params=[("stars", 2), ("stargazer", 3)])
def over(request: pytest.FixtureRequest) -> dict[str, Any]:
    game, players = request.param
    table: Table = finished(game, players, 11)
    try:
        message = table.results()
        message["record"]["kinds"][-1] = "ai"  # the last seat was a bot's
        return message
    finally:
        table.close()


def test_a_true_record_is_kept_as_this_window_sees_the_table(over: dict[str, Any]) -> None:
    game = over["record"]["game"]
    record = received_record(over, game, 1)
    assert record is not None and record.moves == over["record"]["moves"]
    assert record.secret == over["record"]["secret"] and record.seed == over["record"]["seed"]
    players = len(over["scores"])
    # this window's seat is the "human" one (reviewed, watched from); the host's is a player
    # at another screen; bots stay bots
    assert record.kinds == ["human" if seat == 1 else "ai" if seat == players - 1 else "remote"
                            for seat in range(players)]
    watching = received_record(over, game, None)  # a spectator: nobody's review
    assert watching is not None and "human" not in watching.kinds
    # the moves a bot made for a player who had left come with it (their review leaves them
    # out); a host's nonsense there is dropped, never the record
    assert over["record"]["stand_ins"] == [] and record.stand_ins == []
    stood_in = [i for i, (seat, _) in enumerate(over["record"]["moves"]) if seat == 1][:2]
    told = copy.deepcopy(over)
    told["record"]["stand_ins"] = [*stood_in, -1, "x", 10**9]
    assert received_record(told, game, 1).stand_ins == stood_in
    told["record"]["stand_ins"] = {"not": "a list"}
    assert received_record(told, game, 1).stand_ins == []


def tampered(over: dict[str, Any], change: Any) -> dict[str, Any]:
    message = copy.deepcopy(over)
    change(message)
    return message


def swap_a_move(message: dict[str, Any]) -> None:
    moves = message["record"]["moves"]
    rng = random.Random(2)
    index = rng.randrange(len(moves) // 2, len(moves))
    moves[index] = [moves[index][0], {"t": "nonsense"}]


def another_seats_move(message: dict[str, Any]) -> None:
    moves = message["record"]["moves"]
    seat, move = moves[0]
    moves[0] = [(seat + 1) % len(message["scores"]), move]


def one_more_point(message: dict[str, Any]) -> None:
    message["scores"][0]["total"] += 1


def set_record(key: str, value: Any) -> Any:
    return lambda message: message["record"].__setitem__(key, value)


HOSTILE = {
    "no record (an older host)": lambda m: m.pop("record"),
    "not a map": lambda m: m.__setitem__("record", [1, 2, 3]),
    "another game": set_record("game", "chess"),
    "a move the rules refuse": swap_a_move,
    "a move by a seat not to move": another_seats_move,
    "a score the moves do not make": one_more_point,
    "the game not over": lambda m: m["record"]["moves"].pop(),
    "another seed": lambda m: m["record"].__setitem__("seed", m["record"]["seed"] + 1),
    "a seed of the wrong type": set_record("seed", "11"),
    "a secret of the wrong type": set_record("secret", 7),
    "options not a map": set_record("options", None),
    "options the rules refuse": lambda m: m["record"]["options"].__setitem__("players", 999),
    "a move not a pair": lambda m: m["record"]["moves"].insert(0, [0]),
    "a seat out of range": lambda m: m["record"]["moves"].insert(0, [99, {"t": "x"}]),
    "a seat of the wrong type": lambda m: m["record"]["moves"].insert(0, [True, {"t": "x"}]),
    "names and kinds apart": lambda m: m["record"]["names"].pop(),
    "a name not a string": lambda m: m["record"]["names"].__setitem__(0, 5),
    "too few names": lambda m: (m["record"]["names"].pop(), m["record"]["kinds"].pop()),
    "scores not a list": lambda m: m.__setitem__("scores", "high"),
}


@pytest.mark.parametrize("how", list(HOSTILE))
def test_a_record_that_is_not_the_game_played_is_dropped(over: dict[str, Any], how: str) -> None:
    message = tampered(over, HOSTILE[how])
    assert received_record(message, over["record"]["game"], 1) is None
    assert received_record(over, over["record"]["game"], 1) is not None  # untouched


def test_a_record_of_another_game_than_the_tables_is_dropped(over: dict[str, Any]) -> None:
    other = "stargazer" if over["record"]["game"] == "stars" else "stars"
    assert received_record(over, other, 1) is None
    assert received_record(over, None, 1) is None
