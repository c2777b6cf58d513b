"""A save whose seats or moves are damaged is refused with one sentence, never resumed into a
game nobody can finish (an outside hostile test: a token that is a number made every
reconnect fail with an internal error; two seats sharing a token, a taken seat without one, a
free LAN seat in a game under way each left a seat nobody could take back)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from net.table import SeatSpec, Table, TableError
from tests.net.nethelpers import resume_toy, toy_table


def started_save() -> dict[str, Any]:
    """A toy game under way: a local player, two LAN players who joined, a bot; some moves."""
    table = toy_table([SeatSpec("human", "Ann"), SeatSpec("remote", "Bo"), SeatSpec("open"),
                       SeatSpec("ai")])
    table.join("Bo")
    table.join("Cy")
    table.start()
    data = table.save_data()
    table.close()
    return data


def _seat(index: int, **fields: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["seats"][index].update(fields)


DAMAGE: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "a token that is a number": (_seat(1, token=12345), "seat 2's token is not a token"),
    "a token that is a list": (_seat(1, token=["x"]), "seat 2's token is not a token"),
    "a local seat's token a number": (_seat(0, token=7), "seat 1's token is not a token"),
    "an away token that is a number": (_seat(3, away_token=5),
                                       "seat 4's away_token is not a token"),
    "two seats, one token": (lambda d: d["seats"][2].update(token=d["seats"][1]["token"]),
                             "two seats share a token"),
    "a taken seat without a token": (_seat(1, token=None), "seat 2 is taken but has no token"),
    "a taken seat with an empty token": (_seat(2, token=""), "seat 3's token is not a token"),
    "a free LAN seat in a game under way": (_seat(1, claimed=False),
                                            "seat 2 is free in a game under way"),
    "a local seat without a token": (_seat(0, token=None, claimed=False),
                                     "seat 1 has no token"),
    "a seat without a kind": (lambda d: d["seats"][1].pop("kind"),
                              "seat 2 has no kind or name"),
    "a seat that is not a map": (lambda d: d["seats"].__setitem__(1, "Bo"),
                                 "seat 2 has no kind or name"),
    "a move without its seat": (lambda d: d["moves"].append([{"t": "x"}]),
                                "is not a seat and a move"),
    "a move that is nil": (lambda d: d["moves"].append(None), "is not a seat and a move"),
    # (a save said "paused", or "lobby" with its moves: it resumed into a lobby whose start
    # dealt the game again, every move lost: an outside hostile test)
    "a status that is none": (lambda d: d.update(status="paused"),
                              "its status 'paused' is none of lobby, playing, over"),
    "a status that is a number": (lambda d: d.update(status=3), "its status 3 is none of"),
    "a lobby that holds moves": (lambda d: (d.update(status="lobby"),
                                            d["moves"].append([0, {"t": "add", "n": 1}])),
                                 "its game has not started but it holds 1 move"),
    "no status and moves": (lambda d: (d.pop("status"),
                                       d["moves"].extend([[0, {"t": "add", "n": 1}]] * 2)),
                            "its game has not started but it holds 2 moves"),
}


def test_the_undamaged_save_resumes() -> None:
    data = started_save()
    assert resume_toy(copy.deepcopy(data)).status == "playing"


@pytest.mark.parametrize("name", sorted(DAMAGE))
def test_a_damaged_save_is_refused_with_what_is_wrong(name: str) -> None:
    data = started_save()
    spoil, words = DAMAGE[name]
    spoil(data)
    with pytest.raises(TableError) as refused:
        resume_toy(data)
    assert refused.value.code == "bad_save"
    assert refused.value.message.startswith("the save is damaged: ")
    assert words in refused.value.message, refused.value.message


def test_every_taken_seat_of_a_resumed_game_can_be_taken_back() -> None:
    """The promise behind the checks: each LAN player's token gives their seat back."""
    data = started_save()
    table: Table = resume_toy(copy.deepcopy(data))
    try:
        for index, seat in enumerate(data["seats"]):
            if seat["kind"] in ("remote", "open") and seat.get("claimed"):
                assert table.seat_for_token(seat["token"]) == index
    finally:
        table.close()


def test_a_save_that_does_not_replay_says_where_not_a_python_error() -> None:
    """"the save cannot be replayed: unhashable type: 'list'" named no place (an outside
    hostile test): the sentence names the move, or the options, that do not fit."""
    data = started_save()
    data["moves"].append([0, {"t": "add", "n": [1]}])  # a move of the right shape, wrong inside
    with pytest.raises(TableError) as refused:
        resume_toy(data)
    message = refused.value.message
    assert message.startswith(f"the save cannot be replayed: move {len(data['moves'])} "), \
        message
    data = started_save()
    data["options"] = {"rounds": "many"}  # read by the rules only as the moves are replayed
    data["moves"] = [[0, {"t": "add", "n": 1}]]
    with pytest.raises(TableError) as refused:
        resume_toy(data)
    assert refused.value.message == \
        "the save cannot be replayed: move 1 does not fit toy (TypeError)", refused.value.message


def test_a_bot_level_this_build_cannot_make_is_refused_not_played_as_random() -> None:
    """A save whose bot seat names a level this build has not (a newer build's, or spoilt)
    resumed with a random bot in its place, said only in the host's log (an outside hostile
    test): the save is refused, naming the seat and the level."""
    from game.ai import make_bot
    from tests.net.nethelpers import TOY_TURNS

    def real_levels(_game: str, level: str, seed: int) -> Any:
        return make_bot("stars", level, seed)  # the game's own factory: KeyError if unknown

    for level, named in (("superhard", "'superhard'"), (7, "7"), (["hard"], "a list")):
        data = started_save()
        data["seats"][3]["bot"] = level
        with pytest.raises(TableError) as refused:
            Table.resume(data, ruleset_for=lambda _game: TOY_TURNS, bot_factory=real_levels)
        assert refused.value.code == "bad_save"
        assert refused.value.message == (f"the save's seat 4 is a bot of level {named}, which "
                                          "this build cannot make"), refused.value.message
    data = started_save()
    data["seats"][3]["bot"] = "hard"
    table = Table.resume(data, ruleset_for=lambda _game: TOY_TURNS, bot_factory=real_levels)
    table.close()
