"""A connection that never reads (its socket buffers fill up) is cut off by the server with
``slow_consumer``, and the players keep playing meanwhile: one stuck reader never stalls the
table or the other connections. Loopback only."""

from __future__ import annotations

import socket

import pytest

from game.rules.base import State
from net.client import Client
from net.server import ServerThread
from net.table import SeatSpec, Table
from net.wire import APP_VERSION, PROTOCOL_VERSION, FrameBuffer, WireError, encode
from tests.net.nethelpers import toy_bots, wait_until
from tests.net.toy_ruleset import ToyTurns

pytestmark = pytest.mark.timeout(90)


class BulkyTurns(ToyTurns):
    """Toy turns whose public (spectator) view is ~100 KB, so every move sends a lot."""

    name = "bulky"

    def view(self, state: State, seat: int | None) -> State:
        shown = super().view(state, seat)
        if seat is None:
            shown["sky"] = [f"{i}" * 12_000 for i in range(8)]
        return shown


def _hello_as_spectator(port: int) -> socket.socket:
    """A raw connection with a tiny receive window that says hello and then never reads."""
    raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect(("127.0.0.1", port))
    raw.sendall(encode({"t": "hello", "protocol": PROTOCOL_VERSION, "app": APP_VERSION,
                        "name": "Sleepy", "role": "spectator"}))
    return raw


def _read_to_the_end(raw: socket.socket) -> list[dict]:
    """Whatever reached the socket before the server dropped it (reset or end of stream)."""
    raw.settimeout(10)
    frames = FrameBuffer()
    messages: list[dict] = []
    while True:
        try:
            chunk = raw.recv(1 << 20)
        except ConnectionResetError:
            return messages
        if not chunk:
            return messages
        try:
            messages += frames.feed(chunk)
        except WireError:  # a frame cut in half by the drop
            return messages


def test_a_reader_that_never_reads_is_cut_off_and_the_game_goes_on() -> None:
    table = Table("bulky", {"rounds": 150}, 4, [SeatSpec("remote"), SeatSpec("ai", "Vega")],
                  ruleset=BulkyTurns(), bot_factory=toy_bots)
    # a long idle timeout: only the slow-reader limit can end that connection here
    server = ServerThread(table, host="127.0.0.1", port=0, queue_limit=16, write_timeout=2.0,
                          idle_timeout=600.0)
    port = server.start()
    player = Client("127.0.0.1", port, "Ann", reconnect=False)
    sleepy = _hello_as_spectator(port)
    try:
        assert player.wait_for(lambda m: m["t"] == "welcome", 5)
        wait_until(lambda: len(server.server.connections) == 2)
        table.start()

        def play() -> bool:
            player.poll()
            if player.view and player.to_move == [player.seat] and \
                    player.version == table.version:
                player.send_move({"t": "add", "n": 1})
            return table.status == "over"

        wait_until(play, 60)
        assert len(table.moves) == 300, "every move of the game was played"
        wait_until(lambda: (player.poll(), player.version == table.version)[1])
        assert player.view == table.view(player.seat), "the player saw the whole game"
        # dropped by the server (not by the idle timeout: it never gets that far)
        wait_until(lambda: len(server.server.connections) == 1, 20)
        assert player.connected, "the player is still connected"
        assert [s["connected"] for s in table.info()["seats"]] == [True, True]
        received = _read_to_the_end(sleepy)
        versions = [m["version"] for m in received if m["t"] == "events"]
        assert max(versions, default=0) < table.version, "it was cut off before the end"
    finally:
        sleepy.close()
        player.close()
        server.stop()
        table.close()
