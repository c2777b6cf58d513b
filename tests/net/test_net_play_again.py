"""``Table.restart``: after the game, the host plays again at the same table: same seats and
tokens, a new seed; connected players (TCP here, on loopback) get the new game's snapshot."""

from __future__ import annotations

from pathlib import Path

import pytest

from net.client import Client
from net.local import LocalConnection
from net.save import read_save
from net.server import ServerThread
from net.table import SeatSpec, TableError
from tests.net.nethelpers import toy_table, wait_until
from tests.net.toy_ruleset import TOY_TURNS

pytestmark = pytest.mark.timeout(60)


def _play_to_the_end(table, host: LocalConnection, guest: Client) -> None:  # noqa: ANN001
    """Seat 0 at the host's machine, seat 1 over TCP, seat 2 a bot: everyone adds 1."""

    def step() -> bool:
        host.poll()
        guest.poll()
        if table.status != "playing":
            return table.status == "over"
        if host.to_move == [0] and host.version == table.version:
            host.send_move({"t": "add", "n": 1})
        if guest.to_move == [1] and guest.version == table.version:
            guest.send_move({"t": "add", "n": 1})
        return False

    wait_until(step, 20)


def test_play_again_keeps_the_seats_and_sends_everyone_the_new_game(tmp_path: Path) -> None:
    table = toy_table([SeatSpec("human", "Host"), SeatSpec("remote"), SeatSpec("ai", "Vega")],
                      rounds=2, autosave_dir=tmp_path)
    server = ServerThread(table, host="127.0.0.1", port=0)
    server.start()
    guest = Client("127.0.0.1", server.port, "Bo", reconnect=False)
    try:
        host = LocalConnection.for_seat(table, 0)
        assert guest.wait_for(lambda m: m["t"] == "welcome", 5)
        token, first_id, first_save = guest.token, table.table_id, table.autosave_path
        table.start()
        with pytest.raises(TableError) as early:
            table.restart(8)
        assert early.value.code == "not_over" and table.version == 0
        _play_to_the_end(table, host, guest)
        seats_before = table.info()["seats"]

        first_secret = table.secret
        table.restart(8)
        assert (table.status, table.version, table.seed, table.moves) == ("playing", 0, 8, [])
        assert table.secret != first_secret, "a new game gets a new secret"
        assert table.state == TOY_TURNS.setup(table.options, 8, table.secret)
        assert table.info()["seats"] == seats_before, "same seats, names and kinds"
        assert table.token_for(1) == token, "the guest's token still holds seat 1"
        new_game = guest.wait_for(lambda m: m["t"] == "snapshot" and m["version"] == 0, 10)
        assert new_game is not None and new_game["table"]["status"] == "playing"
        assert new_game["view"] == table.view(1)
        assert new_game["table"]["id"] != first_id
        assert any(m["t"] == "snapshot" and m["version"] == 0 for m in host.poll())
        # the finished game's save stays; the new game saves to its own file
        assert table.autosave_path != first_save and table.autosave_path.exists()
        finished = read_save(first_save)
        assert finished["status"] == "over" and len(finished["moves"]) == 6
        _play_to_the_end(table, host, guest)
        wait_until(lambda: read_save(table.autosave_path)["moves"] == table.moves)
        assert read_save(first_save) == finished, "the new game never writes the old file"
        assert sum(1 for seat, _ in table.moves if seat == 2) == 2, "the bot plays again too"
        host.close()
    finally:
        guest.close()
        server.stop()
        table.close()
