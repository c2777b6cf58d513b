"""Issue 11, section 1: what one client may take from everyone. Per-address limits, a seated
player's reconnect always admitted, half-open and idle connections evicted first, a byte bound
on what a non-reading client makes the host hold, password guessing slowed down; and the
handshake's loose ends (one hello, one ``table`` message per join)."""

from __future__ import annotations

import contextlib
import socket
import time

import pytest

from net.client import Client
from net.server import _PasswordGuard
from net.table import SeatSpec, Table
from net.wire import APP_VERSION, PROTOCOL_VERSION, FrameBuffer, WireError, encode
from tests.net.nethelpers import serving, toy_table, wait_until

pytestmark = pytest.mark.timeout(60)

HELLO = {"t": "hello", "protocol": PROTOCOL_VERSION, "app": APP_VERSION, "name": "raw"}


class Raw:
    """A raw connection from a chosen loopback address (127.0.0.x: another 'machine')."""

    def __init__(self, port: int, source: str = "127.0.0.1", rcvbuf: int | None = None) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.bind((source, 0))
        self.sock.settimeout(5)
        self.sock.connect(("127.0.0.1", port))
        self.frames = FrameBuffer()
        self.messages: list[dict] = []

    def send(self, message: dict) -> None:
        self.sock.sendall(encode(message))

    def hello(self, **fields: object) -> Raw:
        self.send({**HELLO, **fields})
        return self

    def until(self, kinds: tuple[str, ...], timeout: float = 5.0) -> list[dict]:
        """Read until a message of one of ``kinds`` or the end of the stream."""
        deadline = time.monotonic() + timeout
        while not any(m["t"] in kinds for m in self.messages) and time.monotonic() < deadline:
            try:
                data = self.sock.recv(65536)
            except (TimeoutError, OSError):
                break
            if not data:
                break
            with contextlib.suppress(WireError):
                self.messages += self.frames.feed(data)
        return self.messages

    def closed(self, timeout: float = 5.0) -> bool:
        self.sock.settimeout(timeout)
        try:
            while True:
                data = self.sock.recv(65536)
                if not data:
                    return True
                with contextlib.suppress(WireError):
                    self.messages += self.frames.feed(data)
        except ConnectionResetError:
            return True
        except (TimeoutError, OSError):
            return False

    def codes(self) -> list[str]:
        return [m["code"] for m in self.messages if m["t"] == "error"]

    def close(self) -> None:
        self.sock.close()


def welcomed(raw: Raw) -> bool:
    return any(m["t"] == "welcome" for m in raw.until(("snapshot", "error")))


def test_one_address_cannot_lock_a_seated_player_out() -> None:
    """Spectators from one address stop at the per-address limit, spectators from many at the
    cap, and a seated player whose link dropped still comes back with its token.
    (Before: one address with 64 connections left every newcomer with server_full.)"""
    table = toy_table([SeatSpec("remote", "Ann"), SeatSpec("human", "Host")])
    with serving(table, max_connections=7, max_per_address=3) as server:
        ann = Client("127.0.0.1", server.port, "Ann", reconnect=False)
        assert ann.wait_for(lambda m: m["t"] == "welcome", 5)
        token = ann.token
        table.start()
        crowd = []
        for source in ("127.0.0.2", "127.0.0.3"):
            for _ in range(3):
                crowd.append(Raw(server.port, source).hello(role="spectator"))
                assert welcomed(crowd[-1])
            extra = Raw(server.port, source).hello(role="spectator")
            assert not welcomed(extra) and extra.codes() == ["server_full"]
            assert "too many spectators from " + source in extra.messages[-1]["message"]
            extra.close()
        # the cap (7: Ann and six spectators) is reached: a third address is refused ...
        late = Raw(server.port, "127.0.0.4").hello(role="spectator")
        assert not welcomed(late) and late.codes() == ["server_full"]
        # ... Ann's link drops and a spectator takes the freed place ...
        ann.close()
        wait_until(lambda: not table.info()["seats"][0]["connected"])
        crowd.append(Raw(server.port, "127.0.0.4").hello(role="spectator"))
        assert welcomed(crowd[-1]) and len(server.server.connections) == 7
        # ... and Ann still takes her seat back: a seat always has its place
        back = Raw(server.port, "127.0.0.1").hello(token=token)
        messages = back.until(("snapshot", "error"))
        assert [m["t"] for m in messages][:2] == ["welcome", "snapshot"]
        assert messages[0]["seat"] == 0 and table.info()["seats"][0]["connected"]
        for raw in [*crowd, back, late]:
            raw.close()


def test_half_open_connections_are_evicted_before_anyone_is_refused() -> None:
    """Slow senders that never finish a hello cannot keep a newcomer out: past 4 per address
    or 16 in all, a newcomer closes the oldest of them that had a second to say hello.
    (Before: slow senders before hello left every newcomer with server_full.)"""
    table = toy_table([SeatSpec("remote"), SeatSpec("remote")])
    with serving(table, max_connections=8, hello_timeout=30.0, pending_grace=0.3) as server:
        silent = [Raw(server.port, f"127.0.0.{10 + i % 5}") for i in range(25)]
        for raw in silent:
            raw.sock.sendall(b"\x00\x00")  # half a frame header, then nothing
        time.sleep(0.4)
        newcomers = [Raw(server.port, "127.0.0.1").hello(name="Bo"),
                     Raw(server.port, "127.0.0.10").hello(role="spectator")]
        assert all(welcomed(raw) for raw in newcomers)
        evicted = [raw for raw in silent if raw.closed(timeout=0.05)]
        assert len(evicted) >= 2 and all(raw.codes() == ["timeout"] for raw in evicted)
        assert silent[0] in evicted  # the oldest first
        for raw in [*silent, *newcomers]:
            raw.close()


def test_a_burst_of_connections_from_one_machine_all_get_in() -> None:
    """Eight bots started at once on one machine: their hellos may wait behind each other,
    but no young half-open connection is evicted for it."""
    table = toy_table([SeatSpec("open")] * 8)
    with serving(table) as server:
        burst = [Raw(server.port) for _ in range(8)]  # all open before any hello arrives
        for index, raw in enumerate(burst):
            raw.hello(name=f"bot{index}")
        assert all(welcomed(raw) for raw in burst)
        assert table.seats_taken() == 8
        for raw in burst:
            raw.close()


def test_an_idle_spectator_makes_room_for_a_newcomer() -> None:
    table = toy_table([SeatSpec("remote")])
    with serving(table, max_connections=2, spectator_idle=0.3) as server:
        first = Raw(server.port).hello(role="spectator")
        assert welcomed(first)
        time.sleep(0.1)
        second = Raw(server.port).hello(role="spectator")
        assert welcomed(second)
        second.send({"t": "ping", "n": 1})  # the second one talks; the first only listens
        time.sleep(0.4)
        second.send({"t": "ping", "n": 2})
        third = Raw(server.port, "127.0.0.2").hello(role="spectator")
        assert welcomed(third)
        assert first.closed() and first.codes() == ["server_full"]
        assert not second.closed(timeout=0.2)
        for raw in (first, second, third):
            raw.close()


def test_a_client_that_never_reads_is_dropped_by_the_bytes_it_leaves_unsent() -> None:
    """A spectator asking for snapshots and reading nothing: dropped once the host holds
    ``max_unsent_bytes`` for it, long before the message count limit or the write timeout.
    (Before: 20 such spectators grew the host from 32 to 424 MB.)"""
    from tests.net.test_net_slow_reader import BulkyTurns

    table = Table("bulky", {"rounds": 5}, 4, [SeatSpec("remote")], ruleset=BulkyTurns(),
                  bot_factory=lambda *_: None)
    with serving(table, max_unsent_bytes=400_000, write_timeout=600.0, idle_timeout=600.0,
                 rate=10_000, burst=10_000) as server:
        sleepy = Raw(server.port, rcvbuf=4096).hello(role="spectator")
        wait_until(lambda: any(c.role for c in server.server.connections))
        for _ in range(300):  # 300 snapshots of ~100 KB: 30 MB if the host kept them all
            with contextlib.suppress(OSError):
                sleepy.send({"t": "sync"})
        wait_until(lambda: not server.server.connections, 20)
        sleepy.close()


def test_password_guessing_is_slowed_down_per_address() -> None:
    """The first wrong passwords are answered at once; then the address waits, doubling,
    even with the right password, while other addresses are not affected.
    (Before: 1 355 guesses a second, no lockout.)"""
    table = toy_table([SeatSpec("remote"), SeatSpec("remote")])
    guard = _PasswordGuard(free=2, base=0.5, longest=60.0)
    with serving(table, password="orion", password_guard=guard) as server:
        for _ in range(3):
            raw = Raw(server.port, "127.0.0.5").hello(password="guess", role="spectator")
            assert raw.closed() and raw.codes() == ["bad_password"]
            raw.close()
        locked = Raw(server.port, "127.0.0.5").hello(password="orion", role="spectator")
        assert locked.closed() and locked.codes() == ["locked_out"]
        assert "try again in 1 s" in locked.messages[-1]["message"]
        other = Raw(server.port, "127.0.0.6").hello(password="orion", role="spectator")
        assert welcomed(other)
        time.sleep(0.6)
        again = Raw(server.port, "127.0.0.5").hello(password="orion", role="spectator")
        assert welcomed(again)
        for raw in (locked, other, again):
            raw.close()
    assert guard.wait("127.0.0.5") == 0


def test_the_password_guard_doubles_up_to_a_minute_and_forgets_old_addresses() -> None:
    guard = _PasswordGuard(free=3, base=1.0, longest=60.0, capacity=3)
    waits = []
    for _ in range(12):
        guard.failed("a")
        waits.append(round(guard.wait("a")))
    assert waits == [0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60]
    for address in ("b", "c", "d"):
        guard.failed(address)
    assert guard.wait("a") == 0  # the oldest address was forgotten (bounded memory)


def test_one_hello_only_a_bad_one_closes_the_connection() -> None:
    table = toy_table([SeatSpec("remote")])
    with serving(table) as server:
        raw = Raw(server.port).hello(role="referee")
        raw.hello()
        assert raw.closed() and raw.codes() == ["bad_message"]
        assert not any(m["t"] == "welcome" for m in raw.messages)
        assert table.seats_taken() == 0
        raw.close()


def test_a_join_announces_the_table_once() -> None:
    """Others get one ``table`` message per join (before: three, two of them identical)."""
    table = toy_table([SeatSpec("remote"), SeatSpec("remote")])
    with serving(table) as server:
        watcher = Raw(server.port).hello(role="spectator")
        assert welcomed(watcher)
        joiner = Raw(server.port).hello(name="Vega")
        assert welcomed(joiner)
        watcher.send({"t": "ping", "n": 7})
        wait_until(lambda: any(m["t"] == "pong" for m in watcher.until(("pong",), 0.2)))
        tables = [m for m in watcher.messages if m["t"] == "table"]
        assert len(tables) == 1
        assert tables[0]["table"]["seats"][0] | {"seat": 0} == {
            "seat": 0, "name": "Vega", "kind": "remote", "bot": None, "taken": True,
            "connected": True, "stand_in": False}
        # the joiner itself gets welcome and snapshot, no table message
        assert [m["t"] for m in joiner.messages] == ["welcome", "snapshot"]
        for raw in (watcher, joiner):
            raw.close()


def test_a_stolen_token_is_named_and_the_owner_takes_the_seat_back() -> None:
    """Whoever reclaims with the token wins the seat, and the one replaced is told from where,
    with what to do: the owner reconnects with its token and has the seat again."""
    table = toy_table([SeatSpec("remote", "Ann"), SeatSpec("human", "Host")])
    with serving(table) as server:
        ann = Client("127.0.0.1", server.port, "Ann", reconnect=False)
        assert ann.wait_for(lambda m: m["t"] == "welcome", 5)
        thief = Raw(server.port, "127.0.0.7").hello(token=ann.token, name="Mallory")
        assert welcomed(thief)
        replaced = ann.wait_for(lambda m: m["t"] == "error", 5)
        assert replaced is not None and replaced["code"] == "replaced"
        assert "127.0.0.7" in replaced["message"] and "take it back" in replaced["message"]
        back = Client("127.0.0.1", server.port, "Ann", token=ann.token, reconnect=False)
        assert back.wait_for(lambda m: m["t"] == "welcome", 5) and back.seat == 0
        assert thief.closed() and thief.codes() == ["replaced"]
        assert table.info()["seats"][0]["name"] == "Ann"
        for client in (ann, back):
            client.close()
        thief.close()
