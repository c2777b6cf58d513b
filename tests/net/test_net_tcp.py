"""Real sockets on loopback: full games, spectators, reconnects, handshake failures, shutdown."""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
import time

import pytest

from game.ai.base import RandomBot
from net.client import Client, parse_address
from net.remote_bot import BotPlayer
from net.server import ServerThread
from net.table import SeatSpec
from net.wire import PROTOCOL_VERSION, FrameBuffer, encode
from tests.net.nethelpers import RULESETS, serving, toy_table, wait_until

pytestmark = pytest.mark.timeout(60)


def _play_bots(clients: list[Client], game: str) -> list[BotPlayer]:
    players = [BotPlayer(c, RULESETS[game], RandomBot(seed=i), seed=i)
               for i, c in enumerate(clients)]
    threads = [threading.Thread(target=p.run, kwargs={"timeout": 40}) for p in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return players


@pytest.mark.parametrize("game", ["toy", "toysim"])
def test_full_game_of_remote_bots_every_final_view_equals_the_servers(game: str) -> None:
    table = toy_table([SeatSpec("remote")] * 3, game=game, rounds=4)
    with serving(table) as server:
        clients = [Client("127.0.0.1", server.port, f"bot{i}") for i in range(3)]
        spectator = Client("127.0.0.1", server.port, "watcher", role="spectator")
        for client in clients:
            assert client.wait_for(lambda m: m["t"] == "welcome", 5)
        assert {c.seat for c in clients} == {0, 1, 2}
        table.start()
        players = _play_bots(clients, game)
        assert table.status == "over"
        for player, client in zip(players, clients, strict=True):
            assert player.result is not None
            assert player.result["scores"] == table.results()["scores"]
            assert client.view == table.view(client.seat)
            assert client.version == table.version
        wait_until(lambda: (spectator.poll(), spectator.version == table.spectator_version)[1])
        assert spectator.view == table.view(None) and spectator.seat is None
        for client in (*clients, spectator):
            client.close()


def test_client_connection_killed_mid_game_reclaims_the_same_seat_and_state() -> None:
    table = toy_table([SeatSpec("remote"), SeatSpec("ai")], rounds=6)
    with serving(table) as server:
        client = Client("127.0.0.1", server.port, "Ann")
        assert client.wait_for(lambda m: m["t"] == "welcome", 5)
        seat, token = client.seat, client.token
        table.start()
        player = BotPlayer(client, RULESETS["toy"], RandomBot(seed=1))
        wait_until(lambda: not player.step() or table.version >= 4)
        # cut the TCP link under the client's feet
        assert client._loop is not None and client._writer is not None
        client._loop.call_soon_threadsafe(client._writer.transport.abort)
        note = client.wait_for(lambda m: m["t"] == "connection" and m["state"] == "reconnecting", 5)
        assert note is not None
        again = client.wait_for(lambda m: m["t"] == "welcome", 10)
        assert again is not None and again["seat"] == seat and again["token"] == token
        client.wait_for(lambda m: m["t"] == "snapshot", 5)
        assert client.view == table.view(seat) and client.version == table.version
        player.waiting_since = None
        assert player.run(timeout=30) is not None
        assert table.status == "over" and client.view == table.view(seat)
        client.close()


def test_a_version_gap_makes_the_client_ask_for_a_snapshot() -> None:
    table = toy_table([SeatSpec("remote"), SeatSpec("human")], rounds=3)
    with serving(table) as server:
        client = Client("127.0.0.1", server.port, "Ann")
        assert client.wait_for(lambda m: m["t"] == "welcome", 5)
        table.start()
        client.wait_for(lambda m: m["t"] == "snapshot" and m["table"]["status"] == "playing", 5)
        client._net_version = -10  # as if events had been lost
        host_token = table.token_for(1)
        client.send_move({"t": "add", "n": 1})
        seen: list[dict] = []
        snapshot = client.wait_for(lambda m: seen.append(m) or m["t"] == "snapshot", 5)
        # the events after the gap were not passed on; a fresh snapshot came instead
        assert snapshot is not None and snapshot["version"] == table.version == 1
        assert not [m for m in seen if m["t"] == "events"]
        assert table.submit(1, host_token, 1, {"t": "add", "n": 2}) is None
        after = client.wait_for(lambda m: m["t"] == "events", 5)
        assert after is not None and after["version"] == 2
        assert client.view == table.view(0)
        client.close()


def _raw_hello(port: int, **fields: object) -> list[dict]:
    hello = {"t": "hello", "protocol": PROTOCOL_VERSION, "app": "0.1.0", "name": "raw"}
    hello.update(fields)
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(encode(hello))
        buffer, messages = FrameBuffer(), []
        while True:
            data = sock.recv(65536)
            if not data:
                return messages
            messages += buffer.feed(data)
            if any(m["t"] in ("snapshot", "error") for m in messages):
                return messages


def test_version_mismatch_is_a_clear_error_on_both_sides() -> None:
    table = toy_table([SeatSpec("remote")])
    with serving(table) as server:
        (error,) = _raw_hello(server.port, protocol=PROTOCOL_VERSION + 1)
        assert error["code"] == "version_mismatch" and "same version" in error["message"]
        assert f"protocol {PROTOCOL_VERSION + 1}" in error["message"]
        assert table.seats_taken() == 0
        # both sides show the message: the client's words in it are printable only (NUL, BEL
        # and a right-to-left override came back as sent: an outside hostile client)
        (error,) = _raw_hello(server.port, protocol=PROTOCOL_VERSION + 1,
                              app="1.0\x00\x07\u202eevil" + "x" * 100)
        assert error["code"] == "version_mismatch"
        assert all(ch.isprintable() for ch in error["message"]), repr(error["message"])
        assert "Star Party 1.0evilxxx" in error["message"] and "x" * 40 not in error["message"]
        # another app version that speaks the same protocol is welcome (issue 11)
        welcome, *_ = _raw_hello(server.port, app="9.0.0")
        assert welcome["t"] == "welcome" and table.seats_taken() == 1


def test_a_hello_sent_with_the_end_of_the_stream_still_gets_its_welcome() -> None:
    """A client that sent its hello and half-closed at once was given a seat but never its
    welcome (its token): the host read the end of the stream in the same turn and dropped the
    queued frames (an outside client)."""
    table = toy_table([SeatSpec("remote"), SeatSpec("remote")])
    with serving(table) as server:
        # the address is made to wait (as after a hostile frame), so the hello and the end
        # of the stream are both there when the host first reads
        server.server.penalties.cut("127.0.0.1")
        hello = {"t": "hello", "protocol": PROTOCOL_VERSION, "app": "0.1.0", "name": "Quick"}
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
            sock.sendall(encode(hello))
            sock.shutdown(socket.SHUT_WR)
            buffer, messages = FrameBuffer(), []
            while data := sock.recv(65536):
                messages += buffer.feed(data)
        welcome = [m for m in messages if m["t"] == "welcome"]
        assert welcome and welcome[0]["token"], messages
        assert table.seat_for_token(welcome[0]["token"]) == welcome[0]["seat"]


class RawHost:
    """A listener on loopback that answers every connection's first frame with ``payload``,
    holds the link ``hold`` seconds and closes it, counting the links."""

    def __init__(self, payload: bytes, hold: float = 0.1) -> None:
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen()
        self.port = self.listener.getsockname()[1]
        self.links = 0
        self.payload, self.hold = payload, hold
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        with contextlib.suppress(OSError):  # the listener is closed at the end of the test
            while True:
                conn, _ = self.listener.accept()
                self.links += 1
                with conn:
                    conn.recv(65536)
                    conn.sendall(self.payload)
                    time.sleep(self.hold)

    def close(self) -> None:
        self.listener.close()


def test_a_host_welcoming_at_another_protocol_is_refused_by_the_client() -> None:
    """Section 10: peers talk only at the same protocol version. A host that welcomed this
    client at protocol 2 was taken at its word (an outside hostile-host check: the window
    waited in the lobby for ever); now the client says the versions differ and stops."""
    host = RawHost(encode({"t": "welcome", "protocol": PROTOCOL_VERSION + 1, "app": "9.0.0",
                           "seat": 0, "token": "tok", "role": "player"}), hold=0.2)
    client = Client("127.0.0.1", host.port, "victim", max_backoff=0.2)
    try:
        seen: list[dict] = []
        deadline = time.monotonic() + 10
        while not any(m.get("state") == "failed" for m in seen) and time.monotonic() < deadline:
            seen += client.poll()
            time.sleep(0.01)
        errors = [m for m in seen if m["t"] == "error"]
        assert errors and errors[0]["code"] == "version_mismatch", seen
        assert f"protocol {PROTOCOL_VERSION + 1}" in errors[0]["message"]
        assert client.seat is None and client.token is None, "its welcome is not taken"
        time.sleep(0.5)
        assert host.links == 1, "and it does not try again"
    finally:
        client.close()
        host.close()


def test_password_full_table_and_started_table_are_refused_clearly() -> None:
    table = toy_table([SeatSpec("remote")])
    with serving(table, password="sirius") as server:
        (error,) = _raw_hello(server.port, password="vega")
        assert error["code"] == "bad_password"
        (error,) = _raw_hello(server.port)
        assert error["code"] == "bad_password"
        ok = _raw_hello(server.port, password="sirius")
        assert [m["t"] for m in ok] == ["welcome", "snapshot"]
        (full,) = _raw_hello(server.port, password="sirius")
        assert full["code"] == "table_full"
        client = Client("127.0.0.1", server.port, "late", password="sirius")
        failed = client.wait_for(lambda m: m["t"] == "connection" and m["state"] != "connecting",
                                 5)
        assert failed is not None and failed["state"] == "failed"
        assert client.last_error is not None and client.last_error["code"] == "table_full"
        client.close()


def test_stale_or_forged_tokens_are_refused() -> None:
    table = toy_table([SeatSpec("remote"), SeatSpec("remote")])
    with serving(table) as server:
        (error,) = _raw_hello(server.port, token="not-a-real-token")
        assert error["code"] == "bad_token"
        first = _raw_hello(server.port)
        token = first[0]["token"]
        table.leave(first[0]["seat"], token)  # leaving the lobby revokes the token
        (error,) = _raw_hello(server.port, token=token)
        assert error["code"] == "bad_token"


def test_nobody_listening_is_reported_as_no_table() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = Client("127.0.0.1", port, "lost")
    note = client.wait_for(lambda m: m["t"] == "connection" and m["state"] == "failed", 5)
    assert note is not None and "no table at" in note["detail"]
    client.close()


def test_connection_cap_and_clean_shutdown_say_why() -> None:
    table = toy_table([SeatSpec("remote")] * 2)
    server = ServerThread(table, host="127.0.0.1", port=0, max_connections=2)
    server.start()
    try:
        watchers = [Client("127.0.0.1", server.port, f"w{i}", role="spectator") for i in range(2)]
        for watcher in watchers:
            assert watcher.wait_for(lambda m: m["t"] == "welcome", 5)
        (error,) = _raw_hello(server.port, role="spectator")
        assert error["code"] == "server_full"
        # a player taking a seat always gets in: every seat has its place past the cap
        assert [m["t"] for m in _raw_hello(server.port)][:2] == ["welcome", "snapshot"]
    finally:
        server.stop()
        table.close()
    for watcher in watchers:
        bye = watcher.wait_for(lambda m: m["t"] == "bye", 5)
        assert bye is not None and bye["reason"] == "shutting_down"
        watcher.close()


def test_parse_address() -> None:
    assert parse_address("10.0.0.2:4000", 47077) == ("10.0.0.2", 4000)
    assert parse_address("host", 47077) == ("host", 47077)
    assert parse_address("[::1]:5", 1) == ("::1", 5)
    for bad in ("", ":5", "h:0", "h:x"):
        with pytest.raises(ValueError):
            parse_address(bad, 1)


def test_client_resends_a_move_raced_by_another_seat_once() -> None:
    table = toy_table([SeatSpec("remote"), SeatSpec("human")], game="toysim", rounds=2)
    with serving(table) as server:
        client = Client("127.0.0.1", server.port, "Ann")
        assert client.wait_for(lambda m: m["t"] == "welcome", 5)
        table.start()
        assert client.wait_for(lambda m: m["t"] == "snapshot" and m["version"] == 0
                               and m["table"]["status"] == "playing", 5)
        assert table.submit(1, table.token_for(1), 0, {"t": "pick", "n": 1}) is None
        client.send_move({"t": "pick", "n": 3})  # sent against version 0: stale on arrival
        wait_until(lambda: table.version == 2)
        assert table.state["totals"] == [3, 1]
        seen: list[dict] = []
        client.wait_for(lambda m: seen.append(m) or m.get("version") == 2, 5)
        assert not [m for m in seen if m["t"] == "refused"]
        client.close()


def test_leave_in_the_lobby_frees_the_seat_and_ends_the_client() -> None:
    table = toy_table([SeatSpec("remote")])
    with serving(table) as server:
        client = Client("127.0.0.1", server.port, "Ann")
        assert client.wait_for(lambda m: m["t"] == "welcome", 5)
        assert table.seats_taken() == 1
        client.leave()
        bye = client.wait_for(lambda m: m["t"] == "bye", 5)
        assert bye is not None and bye["reason"] == "left"
        closed = client.wait_for(lambda m: m["t"] == "connection", 5)
        assert closed is not None and closed["state"] in ("failed", "closed")
        wait_until(lambda: table.seats_taken() == 0)
        client.close()


def test_a_hostile_host_cannot_crash_the_client() -> None:
    """Garbage from the host costs the link (the client reconnects), never the UI thread."""
    import msgpack

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = listener.getsockname()[1]
    payloads = [
        encode({"t": "welcome", "seat": 0, "token": "tok", "role": "player"})
        + encode({"t": "snapshot"})                                  # no version
        + encode({"t": "events", "version": "7", "events": 5})       # wrong types
        + encode({"t": "snapshot", "version": 0, "view": {}, "to_move": "x", "table": 3})
        + encode({"t": "mystery"})
        + struct.pack(">I", 5) + b"\xc1\xc1\xc1\xc1\xc1",           # not msgpack
        struct.pack(">I", 50 * 1024 * 1024),                         # absurd length
        encode({"t": "welcome", "seat": 0, "token": "tok", "role": "player"})
        + struct.pack(">I", 4) + msgpack.packb([1, 2, 3]),           # not a map
    ]

    def serve() -> None:
        with contextlib.suppress(OSError):  # the listener is closed at the end of the test
            for payload in payloads:
                conn, _ = listener.accept()
                with conn:
                    conn.recv(65536)
                    conn.sendall(payload)
                    time.sleep(0.2)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    client = Client("127.0.0.1", port, "victim", max_backoff=0.2)
    try:
        reconnects = 0
        deadline = time.monotonic() + 15
        while reconnects < len(payloads) - 1 and time.monotonic() < deadline:
            for message in client.poll():  # must never raise
                if message["t"] == "connection" and message["state"] == "reconnecting":
                    reconnects += 1
            time.sleep(0.01)
        assert reconnects >= len(payloads) - 1
        assert client.version == 0 and client.seat == 0 and client.token == "tok"
    finally:
        client.close()
        listener.close()


def test_a_host_that_sends_bad_data_on_every_link_is_given_up() -> None:
    """A host that welcomes, then sends what the client cannot read, on every link (a hostile
    outside check: a story too long for the limits) made the client reconnect 5 times a
    second for ever, the window stuck on "Reconnecting": after ``BAD_DATA_LINKS`` such links
    in a row the connection fails, saying why."""
    host = RawHost(encode({"t": "welcome", "seat": 0, "token": "tok", "role": "player"})
                   + struct.pack(">I", 5) + b"\xc1\xc1\xc1\xc1\xc1")
    client = Client("127.0.0.1", host.port, "victim", max_backoff=0.2)
    client.max_attempts = None  # (as a window at a game under way: it would retry for ever)
    try:
        states: list[tuple[str, str, bool]] = []
        deadline = time.monotonic() + 15
        while not (states and states[-1][0] == "failed") and time.monotonic() < deadline:
            states += [(m["state"], m.get("detail", ""), bool(m.get("bad_data")))
                       for m in client.poll() if m["t"] == "connection"]
            time.sleep(0.01)
        assert states[-1][0] == "failed", states
        assert "bad data" in states[-1][1] and "3 times in a row" in states[-1][1]
        assert states[-1][2], "marked as bad data: the window says so, not 'connection lost'"
        assert not any(bad for _state, _detail, bad in states[:-1])
        time.sleep(1.0)
        assert host.links == Client.BAD_DATA_LINKS, "no link is tried after it gave up"
    finally:
        client.close()
        host.close()


def test_the_reconnect_jitter_leaves_the_global_random_state_alone() -> None:
    """A seeded caller (a game, a property test) must not see its ``random`` state move."""
    import random

    client = Client("127.0.0.1", 9, "quiet", max_backoff=5.0)  # never started: no socket
    random.seed(7)
    state = random.getstate()
    delays = [client._backoff(attempt) for attempt in (1, 2, 3, 4)]
    assert random.getstate() == state
    assert all(0.15 <= delay <= 5.0 for delay in delays) and len(set(delays)) > 1
