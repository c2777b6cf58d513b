"""``game_over.record`` (docs/PROTOCOL.md): a finished game's options, seed, secret and moves
go to every connection with the results, so a guest's window (and a TV) can show the
statistics, the replay and the review the host's window has; nothing of it before the end,
and no record that a frame could not carry."""

from __future__ import annotations

import copy
import random

import msgpack
import pytest

from game.rules.base import replay
from game.tables import new_table
from net.client import Client
from net.server import ServerThread
from net.table import SeatSpec, Table
from net.wire import MAX_ARRAY, MAX_SERVER_FRAME

pytestmark = pytest.mark.timeout(60)


def play_to_the_end(table: Table, rng: random.Random, *, stop_before_end: bool = False) -> None:
    """Random legal moves (no undo) at every seat until the game ends (or one move before)."""
    while table.status == "playing":
        seat = table.to_move()[0]
        moves = [m for m in table.legal_message(seat)["moves"] if m.get("t") != "undo"]
        move = rng.choice(moves)
        if stop_before_end:
            probe = table.ruleset.apply(copy.deepcopy(table.state), seat, move)
            if any(event.get("type") == "game_over" for event in probe):
                return
        assert table.submit(seat, table.token_for(seat), table.version, move) is None


def finished(game: str, players: int, seed: int) -> Table:
    seats = [SeatSpec("human", "Host")] + [SeatSpec("human", f"P{i}") for i in range(1, players)]
    table = new_table(game, {"players": players}, seed, seats)
    table.start()
    play_to_the_end(table, random.Random(seed))
    return table


@pytest.mark.parametrize(("game", "players"), [("stars", 2), ("stargazer", 3)])
def test_the_results_carry_the_whole_game_which_replays_to_the_final_state(
        game: str, players: int) -> None:
    table = finished(game, players, 5)
    try:
        for spectators in (False, True):
            record = table.results(spectators=spectators)["record"]
            assert record["game"] == game and record["seed"] == table.seed
            assert record["secret"] == table.secret and record["moves"] == table.moves
            assert record["names"] == [seat["name"] for seat in table.info()["seats"]]
            assert record["kinds"] == ["human"] * players
            state = replay(table.ruleset, record["options"], record["seed"], record["moves"],
                           record["secret"])
            assert state == table.state
    finally:
        table.close()


def test_no_record_while_the_game_goes_on() -> None:
    table = new_table("stars", {}, 3, [SeatSpec("human", "A"), SeatSpec("human", "B")])
    try:
        table.start()
        play_to_the_end(table, random.Random(3), stop_before_end=True)
        assert table.status == "playing" and table.moves
        assert table.finished_record() is None, "the secret and the moves are the host's"
        assert "record" not in table.results()
    finally:
        table.close()


def test_a_record_no_frame_could_carry_is_left_out_and_the_results_still_go(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table = finished("stars", 2, 4)
    try:
        size = len(msgpack.packb(table.finished_record(), use_bin_type=True))
        assert size <= Table.RECORD_BYTES <= MAX_SERVER_FRAME
        monkeypatch.setattr(Table, "RECORD_BYTES", size - 1)
        table._record_size = None  # (measured once per game and version)
        message = table.results()
        assert "record" not in message and message["scores"] and message["ranking"]
        monkeypatch.setattr(Table, "RECORD_BYTES", size)
        table._record_size = None
        assert table.results()["record"]["moves"] == table.moves
        # more moves than an array may hold (``MAX_ARRAY``)
        table.moves.extend([table.moves[-1]] * (MAX_ARRAY + 1 - len(table.moves)))
        assert "record" not in table.results()
    finally:
        table.close()


def test_a_seed_msgpack_cannot_carry_costs_the_record_not_the_results() -> None:
    table = finished("stars", 2, 6)
    try:
        table.seed = 2 ** 70  # a host started with such a --seed
        table._record_size = None
        message = table.results()
        assert "record" not in message and message["ranking"]
    finally:
        table.close()


def test_a_guest_and_a_spectator_get_the_record_over_tcp() -> None:
    table = new_table("stars", {}, 8, [SeatSpec("human", "Host"), SeatSpec("remote", "Ann")])
    server = ServerThread(table, host="127.0.0.1", port=0)
    server.start()
    guest = Client("127.0.0.1", server.port, "Ann")
    watcher = Client("127.0.0.1", server.port, "TV", role="spectator")
    try:
        assert guest.wait_for(lambda m: m["t"] == "welcome", 5)
        assert watcher.wait_for(lambda m: m["t"] == "welcome", 5)
        table.start()
        play_to_the_end(table, random.Random(8))
        for client in (guest, watcher):
            over = client.wait_for(lambda m: m["t"] == "game_over", 10)
            assert over is not None and over["record"]["moves"] == table.moves
            assert over["record"]["kinds"] == ["human", "remote"]
            assert over["record"]["names"] == ["Host", "Ann"]
        late = Client("127.0.0.1", server.port, "Late TV", role="spectator")
        try:  # a spectator coming to the finished table gets it with the results
            over = late.wait_for(lambda m: m["t"] == "game_over", 10)
            assert over is not None and over["record"]["secret"] == table.secret
        finally:
            late.close()
    finally:
        guest.close()
        watcher.close()
        server.stop()
        table.close()
