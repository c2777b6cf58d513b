"""One message path: what a client sends gets the same answer over TCP and in process
(``net.dispatch``), a stale move is resent exactly once whatever carries it (``net.moves``),
and a table's AI runner and autosave end with ``Table.close`` (``net.ai_runner``,
``net.persistence``)."""

from __future__ import annotations

import socket
import struct
import threading
import time
from pathlib import Path
from typing import Any

import msgpack
import pytest

from game.client.session import LocalSession, RemoteSession
from net.client import Client
from net.local import LocalConnection
from net.moves import SentMoves
from net.server import ServerThread
from net.table import SeatSpec, Table
from net.wire import APP_VERSION, PROTOCOL_VERSION, FrameBuffer
from tests.net.nethelpers import serving, toy_table, wait_until

pytestmark = pytest.mark.timeout(60)

ADD = {"t": "add", "n": 1}
HELLO = {"t": "hello", "protocol": PROTOCOL_VERSION, "app": APP_VERSION, "name": "Ann"}

#: messages a client may get wrong, each answered without changing the game
MESSAGES: dict[str, Any] = {
    "unknown kind": {"t": "warp"},
    "not a map": [1, 2],
    "move without its move": {"t": "move", "version": 0},
    "version as text": {"t": "move", "version": "0", "move": ADD},
    "move for another seat": {"t": "move", "version": 0, "move": ADD, "seat": 1},
    "move that is not a map": {"t": "move", "version": 0, "move": [1]},
    "move of an unknown type": {"t": "move", "version": 0, "move": {"t": "teleport"}},
    "stale version": {"t": "move", "version": 7, "move": ADD},
    "second hello": HELLO,
    "legal moves": {"t": "legal"},
    "ping": {"t": "ping", "n": 3},
}


def frame(value: Any) -> bytes:
    payload = msgpack.packb(value)
    return struct.pack(">I", len(payload)) + payload


def answers_over_tcp(message: Any) -> list[dict[str, Any]]:
    """What seat 0 of a started toy table hears back for ``message`` over a raw socket."""
    table = toy_table([SeatSpec("remote", "Ann"), SeatSpec("human", "Bo")])
    with serving(table) as server, socket.create_connection(
            ("127.0.0.1", server.port), timeout=5) as sock:
        buffer, heard = FrameBuffer(), []
        sock.sendall(frame(HELLO))

        def read_until(done: Any) -> None:
            while not any(done(m) for m in heard):
                heard.extend(buffer.feed(sock.recv(65536)))

        read_until(lambda m: m["t"] == "welcome")
        table.start()
        read_until(lambda m: m["t"] == "snapshot" and m["table"]["status"] == "playing")
        del heard[:]
        sock.sendall(frame(message) + frame({"t": "ping", "n": 99}))
        read_until(lambda m: m == {"t": "pong", "n": 99})
    return heard[:-1]


def answers_in_process(message: Any) -> list[dict[str, Any]]:
    """What seat 0 of the same table hears back for ``message`` through ``LocalConnection``
    (no stale retry: the raw socket above does not retry either)."""
    table = toy_table([SeatSpec("human", "Ann"), SeatSpec("human", "Bo")])
    table.start()
    connection = LocalConnection.for_seat(table, 0, retry_stale=False)
    connection.poll()
    connection.send(message)
    heard = connection.poll()
    table.close()
    return heard


def essence(message: dict[str, Any]) -> dict[str, Any]:
    """An answer without what differs between two tables (their ids)."""
    return {key: value for key, value in message.items() if key != "table"}


@pytest.mark.parametrize("name", list(MESSAGES))
def test_the_same_message_gets_the_same_answer_over_tcp_and_in_process(name: str) -> None:
    over_tcp = [essence(m) for m in answers_over_tcp(MESSAGES[name])]
    in_process = [essence(m) for m in answers_in_process(MESSAGES[name])]
    assert over_tcp == in_process
    assert len(over_tcp) == 1 and over_tcp[0]["t"] in ("error", "refused", "legal", "pong")


def test_the_local_host_may_start_its_table_and_hears_why_not_twice() -> None:
    table = toy_table([SeatSpec("human", "Ann"), SeatSpec("human", "Bo")])
    connection = LocalConnection.for_seat(table, 0)
    connection.send({"t": "start"})
    assert table.status == "playing"
    connection.send({"t": "start"})
    assert [(m["t"], m.get("code")) for m in connection.poll()][-1] == \
        ("error", "already_started")
    table.close()


# ---------------------------------------------------------------------------- the one retry
def test_sent_moves_resend_a_stale_move_once_then_report_the_second_refusal() -> None:
    moves = SentMoves()
    first = {"t": "move", "version": 0, "move": ADD}
    moves.sent(first)
    again = moves.refused({"t": "refused", "code": "stale_version", "version": 4})
    assert again == {"t": "move", "version": 4, "move": ADD} and moves.waiting
    assert moves.refused({"t": "refused", "code": "stale_version", "version": 5}) is None
    assert not moves.waiting and (moves.refused_count, moves.stale_count) == (1, 1)
    # any other refusal stands at once; an accepted move leaves the queue in order
    moves.sent(first)
    assert moves.refused({"t": "refused", "code": "not_your_turn", "version": 5}) is None
    moves.sent(first)
    moves.sent({"t": "move", "version": 1, "move": ADD})
    assert moves.accepted() is first and len(moves) == 1
    moves.forget()
    assert moves.refused({"t": "refused", "code": "stale_version", "version": 6}) is None
    off = SentMoves(retry_stale=False)
    off.sent(first)
    assert off.refused({"t": "refused", "code": "stale_version", "version": 1}) is None


def always_stale(table: Table) -> list[int]:
    """Make ``table`` refuse every move of seat 0 as stale (a table always moving on under
    the player); returns the versions the moves were sent against, as they arrive."""
    tried: list[int] = []
    real = table.submit

    def racing(seat: Any, token: Any, version: Any, move: Any) -> Any:
        if seat != 0:
            return real(seat, token, version, move)
        tried.append(version)
        with table.lock:
            table.version += 1  # nothing else changes: only the version the move must meet
            table.seat_versions[0] = table.version
            return table.refusal("stale_version", "the table moved on", seat)

    table.submit = racing  # type: ignore[method-assign]
    return tried


@pytest.mark.parametrize("transport", ["in process", "tcp"])
def test_a_session_resends_a_stale_move_exactly_once_then_says_it_was_refused(
        transport: str) -> None:
    """Solo, hot-seat and a LAN guest: one resend (the connection's), never a second layer
    of retries in the session; the player hears of the second refusal."""
    seat0 = SeatSpec("human", "Ann") if transport == "in process" else SeatSpec("remote", "Ann")
    table = toy_table([seat0, SeatSpec("human", "Bo")])
    tried = always_stale(table)
    server = None
    if transport == "in process":
        table.start()
        session: Any = LocalSession(None, table=table,
                                    connections={0: LocalConnection.for_seat(table, 0)})
    else:
        server = ServerThread(table, host="127.0.0.1", port=0)
        server.start()
        client = Client("127.0.0.1", server.port, "Ann")
        assert client.wait_for(lambda m: m["t"] == "welcome", 5)
        table.start()
        session = RemoteSession(client)
    try:
        wait_until(lambda: (session.poll(), session.views and session.status == "playing")[1])
        session.send(0, ADD)
        refused: list[dict[str, Any]] = []
        wait_until(lambda: refused.extend(e for _, e in session.poll()
                                          if e.get("type") == "refused") or refused)
        time.sleep(0.2)  # a further resend would have arrived by now
        refused += [e for _, e in session.poll() if e.get("type") == "refused"]
        assert [e["code"] for e in refused] == ["stale_version"]
        assert tried == [0, 1]  # the move, then once against the version its refusal named
    finally:
        session.close()
        if server is not None:
            server.stop()
        table.close()


# ---------------------------------------------------------------------------- lifecycles
def table_threads() -> list[str]:
    return [t.name for t in threading.enumerate()
            if t.name.startswith(("table-", "autosaver", "bot-")) and t.is_alive()]


def test_closing_a_table_ends_its_ai_runner_and_its_autosave(tmp_path: Path) -> None:
    before = table_threads()
    table = toy_table([SeatSpec("human", "Ann"), SeatSpec("ai", "Bot"), SeatSpec("ai", "Cy")],
                      game="toysim", rounds=50, autosave_dir=tmp_path)
    assert not table.ai.running and not table.saves.active  # nothing runs before the game
    table.start()
    assert table.ai.running and table.saves.active
    connection = LocalConnection.for_seat(table, 0)
    connection.send_move({"t": "pick", "n": 1})
    wait_until(lambda: table.version >= 3)
    table.close()
    assert not table.ai.running and not table.saves.active
    assert table_threads() == before, "no bot or saver thread outlives Table.close"
    # closed stays closed: nothing starts again, and the final save has every move
    table.ai.start()
    table.saves.start()
    assert not table.ai.running and not table.saves.active
    from net.save import read_save

    assert read_save(table.autosave_path)["moves"] == table.moves
    table.close()  # twice is fine


def test_play_again_closes_the_finished_games_saver_before_the_next_one_opens(
        tmp_path: Path) -> None:
    table = toy_table([SeatSpec("human", "Ann")], rounds=1, autosave_dir=tmp_path)
    table.start()
    first = table.autosave_path
    assert table.submit(0, table.token_for(0), 0, ADD) is None and table.status == "over"
    table.restart(seed=9)
    assert table.autosave_path != first and table.saves.active
    assert table_threads().count("autosaver") == 1, "one saver: the old game's was closed"
    table.close()
    assert "autosaver" not in table_threads()
