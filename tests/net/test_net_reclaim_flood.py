"""A seated player reconnecting in a loop with its own token made the host tell every
connection twice per reconnect that the seat changed hands: 10,000 reconnects in 10 s sent
each honest player about 1 MB/s and cut a slow reader off (an outside hostile test). A seat
is taken back at most 10 times in 10 s; past that its token is told to wait."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from net.client import Client
from net.server import ServerThread
from net.table import SeatSpec, Table, TableError
from net.wire import APP_VERSION, PROTOCOL_VERSION, FrameBuffer, encode
from tests.net.nethelpers import toy_table, wait_until

pytestmark = pytest.mark.timeout(60)


def reclaim(port: int, token: str) -> dict:
    """One hello with ``token``; the host's first answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(encode({"t": "hello", "protocol": PROTOCOL_VERSION, "app": APP_VERSION,
                             "name": "evil", "token": token}))
        buffer = FrameBuffer()
        while True:
            chunk = sock.recv(65536)
            assert chunk, "closed without an answer"
            messages = buffer.feed(chunk)
            if messages:
                return messages[0]


@contextmanager
def good_and_evil() -> Iterator[tuple[Table, ServerThread, int, Client, str]]:
    """A game under way between "good", connected, and "evil" (seat 1), whose token is
    handed out; the host's address penalty is off."""
    table = toy_table([SeatSpec("remote", "good"), SeatSpec("remote", "evil")], rounds=50)
    server = ServerThread(table, host="127.0.0.1", port=0, penalty=0.0)
    port = server.start()
    good = Client("127.0.0.1", port, "good")
    try:
        assert good.wait_for(lambda m: m["t"] == "welcome", 5)
        _seat, token = table.join("evil")
        table.start()
        yield table, server, port, good, token
    finally:
        good.close()
        server.stop()
        table.close()


def test_a_seat_taken_back_in_a_loop_is_told_to_wait_and_the_others_are_spared() -> None:
    with good_and_evil() as (table, server, port, good, token):
        good.wait_for(lambda m: m["t"] == "snapshot" and m["table"]["status"] == "playing", 5)
        good.poll()
        answers = [reclaim(port, token)["t"] for _ in range(40)]
        assert answers[:10] == ["welcome"] * 10, "an honest client's reconnects get in"
        refused = [answer for answer in answers[10:] if answer != "welcome"]
        assert len(refused) == 30, answers
        time.sleep(0.3)
        told = [m for m in good.poll() if m["t"] == "table"]
        assert len(told) <= 2 * 10 + 2, f"{len(told)} table messages for 40 reconnects"
        error = reclaim(port, token)
        assert error["t"] == "error" and error["code"] == "rate_limited"
        assert "try again in" in error["message"]
        assert good.connected and table.seat_for_token(token) == 1, "the seat is still theirs"
        # the window passes: the seat can be taken back again
        server.server.reclaim_guard.window = 0.2
        wait_until(lambda: reclaim(port, token)["t"] == "welcome", 5)


def test_taking_a_seat_back_from_a_stand_in_bot_counts_against_the_same_limit() -> None:
    """A seat taken back from the bot standing in for its player went uncounted (an outside
    reading of the server): once the seat has been taken back 10 times in the window, a
    stand-in's seat is not handed back either until the window passes."""
    with good_and_evil() as (table, server, port, _good, token):
        assert [reclaim(port, token)["t"] for _ in range(10)] == ["welcome"] * 10

        def stood_in() -> bool:
            try:
                table.replace_with_bot(1, "random")
            except TableError as exc:
                assert exc.code == "seat_connected", exc
                return False
            return True

        wait_until(stood_in, 5)
        error = reclaim(port, token)
        assert error["t"] == "error" and error["code"] == "rate_limited", error
        assert table.stood_in_for(token) == 1, "the bot still plays the seat"
        server.server.reclaim_guard.window = 0.2
        wait_until(lambda: reclaim(port, token)["t"] == "welcome", 5)
        assert table.seat_for_token(token) == 1 and table.stood_in_for(token) is None


def first_answer_within(port: int, message: dict, seconds: float) -> dict | None:
    """Send ``message`` on a new connection; the host's first answer, or None if none came
    within ``seconds``."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(encode(message))
        sock.settimeout(seconds)
        buffer = FrameBuffer()
        try:
            while chunk := sock.recv(65536):
                if messages := buffer.feed(chunk):
                    return messages[0]
        except TimeoutError:
            return None
    return None


def test_a_seated_player_behind_a_flooding_address_gets_back_in_at_once() -> None:
    """New connections from an address just cut for hostile frames wait before they are
    heard; a flood of bad frames from the player's own address (the same machine, a shared
    router) kept the seated player from reconnecting while it lasted (an outside hostile
    client). A hello whose token holds a seat, or is kept for a player a stand-in bot plays
    for, is heard at once; any other first frame still waits."""
    table = toy_table([SeatSpec("remote", "good"), SeatSpec("remote", "evil")], rounds=50)
    server = ServerThread(table, host="127.0.0.1", port=0, penalty=30.0)
    port = server.start()
    try:
        _seat, token = table.join("good")
        table.join("evil")
        table.start()
        for _ in range(8):  # the flood: cut after cut, the pause is now the longest (30 s)
            server.server.penalties.cut("127.0.0.1")
        hello = {"t": "hello", "protocol": PROTOCOL_VERSION, "app": APP_VERSION,
                 "name": "good"}
        back = first_answer_within(port, {**hello, "token": token}, 10.0)
        assert back is not None and back["t"] == "welcome" and back["seat"] == 0, back
        watcher = first_answer_within(port, {**hello, "role": "spectator"}, 1.0)
        assert watcher is None, "a spectator from that address still waits out the pause"
        stranger = first_answer_within(port, {**hello, "token": "not-a-seat"}, 1.0)
        assert stranger is None, "a token that holds no seat waits too"

        def stood_in() -> bool:
            try:
                table.replace_with_bot(0, "random")
            except TableError:
                return False
            return True

        wait_until(stood_in, 5)
        back = first_answer_within(port, {**hello, "token": token}, 10.0)
        assert back is not None and back["t"] == "welcome" and back["seat"] == 0, back
    finally:
        server.stop()
        table.close()
