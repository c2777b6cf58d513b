"""Issue 23, point 3: a move's fan-out, counted rather than timed.

From a move received to the update reaching every other connection (8 seats + 3 spectators),
the host builds one view per distinct viewer (each seat's own, one for all spectators) when
its turn comes, encodes it once, and hands that viewer's connections their frame while it
handles the move. Before, each connection's frame waited for a loop callback and then a
writer task's turn, the table built all of a move's views before sending any, and the server
kept the last 256 messages (every move's views) alive, feeding the garbage collector's older
generations. Redaction is unchanged: every connection's frame is its own viewer's view.
"""

from __future__ import annotations

import socket
import threading
import time
import weakref
from pathlib import Path
from typing import Any

import msgpack
import pytest

import net.save
import net.server
from game.tables import new_table
from net.save import SNAPSHOT_INTERVAL, read_save
from net.server import ServerThread
from net.table import Message, SeatSpec, Table
from net.wire import APP_VERSION, PROTOCOL_VERSION, FrameBuffer, encode
from tests.net.nethelpers import toy_table, wait_until

pytestmark = pytest.mark.timeout(120)

SEATS, SPECTATORS = 8, 3


class Raw:
    """A blocking loopback client that keeps every message it is sent, in order."""

    def __init__(self, port: int, role: str, name: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.frames = FrameBuffer()
        self.seen: list[Message] = []
        self.sock.sendall(encode({"t": "hello", "protocol": PROTOCOL_VERSION,
                                  "app": APP_VERSION, "name": name, "role": role}))
        welcome = self.until(lambda m: m["t"] == "welcome")
        self.seat: int | None = welcome["seat"]
        self.token: str | None = welcome["token"]

    def until(self, wanted: Any) -> Message:
        """The first message (seen before or arriving now) that ``wanted`` accepts."""
        index = 0
        while True:
            while index < len(self.seen):
                if wanted(self.seen[index]):
                    return self.seen[index]
                index += 1
            data = self.sock.recv(65536)
            assert data, f"the host closed the connection after {self.seen[-3:]}"
            self.seen.extend(self.frames.feed(data))

    def events(self) -> list[Message]:
        return [m for m in self.seen if m["t"] == "events"]

    def close(self) -> None:
        self.sock.close()


class TrackedView(dict):  # type: ignore[type-arg]
    """A view that can be watched with a weak reference (msgpack packs it as a map)."""


class CountingViews:
    """The table's ruleset, counting ``view`` calls (each is a copy of the state) and how
    many views built before are still alive when another is built."""

    def __init__(self, ruleset: Any) -> None:
        self._ruleset = ruleset
        self.views = 0
        self.built: list[weakref.ref[TrackedView]] = []
        self.most_alive = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ruleset, name)

    def alive(self) -> int:
        return sum(ref() is not None for ref in self.built)

    def view(self, state: Any, seat: int | None) -> Any:
        self.views += 1
        self.most_alive = max(self.most_alive, self.alive())
        view = TrackedView(self._ruleset.view(state, seat))
        self.built.append(weakref.ref(view))
        return view


def seated_table(table: Table, spectators: int) -> tuple[ServerThread, list[Raw], list[Raw]]:
    # every client comes from 127.0.0.1, beyond the per-address default
    server = ServerThread(table, host="127.0.0.1", port=0, max_per_address=16)
    server.start()
    players = [Raw(server.port, "player", seat["name"]) for seat in table.info()["seats"]]
    watchers = [Raw(server.port, "spectator", f"W{i}") for i in range(spectators)]
    table.start()
    for client in players + watchers:
        client.until(lambda m: m["t"] == "snapshot" and m["table"]["status"] == "playing")
    return server, players, watchers


def test_a_move_costs_one_view_and_one_encoding_per_viewer_and_is_written_while_handled(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table("stars", {}, 7, [SeatSpec("remote", f"P{i}") for i in range(SEATS)])
    server, players, watchers = seated_table(table, SPECTATORS)
    host = server.server
    connections = list(host.connections)
    assert len(connections) == SEATS + SPECTATORS
    writes = {id(c): 0 for c in connections}
    for connection in connections:
        real_write = connection.writer.write

        def counting(data: bytes, real: Any = real_write, key: int = id(connection)) -> None:
            writes[key] += 1
            real(data)

        connection.writer.write = counting  # type: ignore[method-assign]
    counter = table.ruleset = CountingViews(table.ruleset)  # type: ignore[assignment]
    encodes = [0]

    def counting_encode(message: Message, *args: Any) -> bytes:
        encodes[0] += 1
        return encode(message, *args)

    monkeypatch.setattr(net.server, "encode", counting_encode)
    real_submit = table.submit
    at_return: list[dict[str, int]] = []

    def submit(*args: Any, **kwargs: Any) -> Message | None:
        before = dict(writes), counter.views, encodes[0]
        counter.built.clear()
        counter.most_alive = 0
        refusal = real_submit(*args, **kwargs)
        at_return.append({
            "connections written": sum(writes[k] > before[0][k] for k in writes),
            "views": counter.views - before[1],
            "encodes": encodes[0] - before[2],
            # the server keeps the frame it encoded last; every other view is gone, and
            # none was kept while the next was built (beyond the one being sent)
            "views alive after": counter.alive(),
            "most views alive while building one": counter.most_alive,
        })
        return refusal

    table.submit = submit  # type: ignore[method-assign]
    try:
        mover = players[0]
        # a drawing on the current card (private: spectators are not told), then confirming
        # it (public): each sent by the seat's own client, as in play
        for index, (kind, told) in enumerate((("private", SEATS),
                                              ("public", SEATS + SPECTATORS))):
            seen_before = {id(c): len(c.events()) for c in players + watchers}
            if kind == "private":
                # the first card is dealt by the table's own secret: a line or a shooting star
                move = next(m for m in table.legal_message(0)["moves"]
                            if m["t"] in ("place", "shooting_star"))
            else:
                move = {"t": "confirm"}
            mover.sock.sendall(encode({"t": "move", "version": table.version, "move": move}))
            told_clients = players + (watchers if kind == "public" else [])
            for client in told_clients:
                had = seen_before[id(client)]
                client.until(lambda m, c=client, n=had: m["t"] == "events"
                             and len(c.events()) > n)
            # the frames are on the wire before the move's handling returns (the point of
            # the test), so the clients can have them before its figures are noted
            deadline = time.monotonic() + 10
            while len(at_return) <= index and time.monotonic() < deadline:
                time.sleep(0.001)
            viewers = SEATS + (1 if kind == "public" else 0)
            assert len(at_return) == index + 1, kind
            assert at_return[-1] == {"connections written": told, "views": viewers,
                                     "encodes": viewers, "views alive after": 1,
                                     "most views alive while building one": 1}, kind
            # every connection got its own viewer's view, and nothing more
            for client in told_clients:
                update = client.events()[-1]
                assert update["view"] == table.view(client.seat)
                assert update["view"]["you"] == client.seat
            for client in watchers if kind == "private" else ():
                assert len(client.events()) == seen_before[id(client)]
    finally:
        for client in players + watchers:
            client.close()
        server.stop()
        table.close()


def test_updates_from_another_thread_and_from_the_loop_reach_every_connection_in_order(
) -> None:
    """A move made off the loop (an AI seat, the host's own player) is queued through the
    loop; a move the loop handles right after it must not overtake it on any connection."""
    table = toy_table([SeatSpec("remote", "A"), SeatSpec("remote", "B")], game="toysim",
                      rounds=3)
    server, players, watchers = seated_table(table, 1)
    loop = server.loop
    assert loop is not None
    first = table.version
    done = threading.Event()

    def both_moves() -> None:  # on the loop: nothing it queued can run until this returns
        seat_a, seat_b = (p.seat for p in players)
        across = threading.Thread(target=table.submit, args=(
            seat_a, players[0].token, table.version, {"t": "pick", "n": 1}))
        across.start()
        across.join()
        assert table.submit(seat_b, players[1].token, table.version,
                            {"t": "pick", "n": 2}) is None
        done.set()

    try:
        loop.call_soon_threadsafe(both_moves)
        assert done.wait(10)
        for client in players + watchers:
            client.until(lambda m: m["t"] == "events" and m["by"] == 1)
            assert [m["by"] for m in client.events()] == [0, 1]
        for client in players:
            assert [m["version"] for m in client.events()] == [first + 1, first + 2]
    finally:
        for client in players + watchers:
            client.close()
        server.stop()
        table.close()


def test_a_stream_of_moves_is_journaled_at_once_and_snapshotted_at_most_once_a_second(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The autosave's snapshot packs the whole game: written after every move it was a
    quarter of the host's CPU per move. Each move is still in the save the moment it is told
    (the journal), and the snapshot catches up once the moves pause."""
    snapshots: list[int] = []
    real_write_save = net.save.write_save

    def counting_write_save(path: Path, data: Any) -> None:
        snapshots.append(1)
        real_write_save(path, data)

    monkeypatch.setattr(net.save, "write_save", counting_write_save)
    table = toy_table([SeatSpec("remote", "A"), SeatSpec("remote", "B")], rounds=20,
                      autosave_dir=tmp_path)
    tokens = [table.join("A")[1], table.join("B")[1]]
    table.start()
    path = table.autosave_path
    assert path is not None
    try:
        wait_until(lambda: read_save(path)["version"] == table.version)  # the start's save
        written, started = len(snapshots), time.monotonic()
        for _ in range(20):
            seat = next(iter(table.to_move()))
            assert table.submit(seat, tokens[seat], table.version, {"t": "add", "n": 1}) is None
            assert len(read_save(path)["moves"]) == len(table.moves)  # durable at once
            time.sleep(0.02)  # the saver has time to write a snapshot after every move
        elapsed = time.monotonic() - started
        assert len(snapshots) - written <= 2 + elapsed / SNAPSHOT_INTERVAL, snapshots
        # the moves paused: the snapshot alone (without the journal) catches up
        wait_until(lambda: msgpack.unpackb(path.read_bytes())["version"] == table.version)
    finally:
        table.close()
