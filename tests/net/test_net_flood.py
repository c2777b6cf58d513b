"""Honest players under a flood (issue 23 point 2): what the host does with hostile connections.

A connection that floods gets no more than its share of each loop turn, connections that keep
sending what can never be right are cut, and an address just cut for hostile input is not
heard again at once. Every assertion is on counts and order, never on wall-clock timings.
"""

from __future__ import annotations

import socket
import struct
import threading
from collections.abc import Iterator

import msgpack
import pytest

from net.server import ServerThread, _Connection
from net.table import SeatSpec, Table
from net.wire import APP_VERSION, PROTOCOL_VERSION, FrameBuffer, WireError
from tests.net.nethelpers import toy_table, wait_until

pytestmark = pytest.mark.timeout(120)

HELLO = {"t": "hello", "protocol": PROTOCOL_VERSION, "app": APP_VERSION, "name": "x"}


def pack(value: object) -> bytes:
    payload = msgpack.packb(value)
    return struct.pack(">I", len(payload)) + payload


class Peer:
    """A raw loopback connection (from ``source``) that collects what the host sends."""

    def __init__(self, port: int, source: str = "127.0.0.1") -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind((source, 0))
        self.sock.settimeout(5)
        self.sock.connect(("127.0.0.1", port))
        self.buffer = FrameBuffer()
        self.messages: list[dict] = []
        self.closed = False

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def pump(self, timeout: float = 0.05) -> None:
        """Read what has arrived (waiting at most ``timeout`` for the first bytes)."""
        self.sock.settimeout(timeout)
        try:
            while chunk := self.sock.recv(65536):
                self.messages += self.buffer.feed(chunk)
                self.sock.settimeout(0.01)
            self.closed = True
        except (TimeoutError, BlockingIOError):
            pass
        except (ConnectionError, WireError):
            self.closed = True

    def wait_for(self, predicate, timeout: float = 10.0) -> None:  # noqa: ANN001
        wait_until(lambda: (self.pump(), predicate(self))[1], timeout)

    def kinds(self, kind: str) -> list[dict]:
        return [m for m in self.messages if m["t"] == kind]

    def close(self) -> None:
        self.sock.close()


class Host:
    """A toy table (seat 0 remote, seat 1 the host's own) served on loopback."""

    def __init__(self, **server_kwargs: object) -> None:
        self.table: Table = toy_table([SeatSpec("remote", "a"), SeatSpec("human", "host")],
                                      rounds=50)
        self.server = ServerThread(self.table, host="127.0.0.1", port=0, **server_kwargs)
        self.port = self.server.start()

    def close(self) -> None:
        self.server.stop()
        self.table.close()


@pytest.fixture
def host() -> Iterator[Host]:
    served = Host()
    yield served
    served.close()


def spectator(port: int, source: str = "127.0.0.1") -> Peer:
    peer = Peer(port, source)
    peer.send(pack(dict(HELLO, role="spectator")))
    peer.wait_for(lambda p: p.kinds("snapshot"))
    return peer


def seated(host: Host) -> tuple[Peer, str]:
    """A player's connection holding seat 0 of a started table, and its token."""
    peer = Peer(host.port)
    peer.send(pack(dict(HELLO, role="player", name="a")))
    peer.wait_for(lambda p: p.kinds("welcome"))
    token = peer.kinds("welcome")[0]["token"]
    host.table.start()
    peer.wait_for(lambda p: any(m["t"] == "snapshot" and m["table"]["status"] == "playing"
                                for m in p.messages))
    return peer, token


def test_a_spectator_that_keeps_sending_moves_is_cut_after_its_strikes(host: Host) -> None:
    """A spectator's move can never be right: each is refused and counts as a strike, and
    past ``max_strikes`` the connection is closed (it used to be refused, with a whole view,
    for as long as it kept sending)."""
    host.table.start()
    strikes = host.server.server.max_strikes
    peer = spectator(host.port)
    move = pack({"t": "move", "version": 0, "move": {"t": "add", "n": 1}})
    peer.send(move * (strikes + 20) + pack({"t": "ping", "n": 1}))
    peer.wait_for(lambda p: p.closed)
    # (answers still queued at the cut may be dropped with the connection)
    assert 0 < len(peer.kinds("refused")) <= strikes
    assert [m["code"] for m in peer.kinds("error")] == ["too_many_errors"]
    assert not peer.kinds("pong")  # nothing after the cut was handled
    peer.close()


def test_a_seat_whose_moves_keep_being_refused_is_cut_and_gets_back_in(host: Host) -> None:
    """A seat's refused moves are answered (an honest client meets a stale version now and
    then) until a long run of them with no accepted move: then the connection is closed; its
    token still holds the seat."""
    most = host.server.server.max_refused_in_a_row
    peer, token = seated(host)
    stale = pack({"t": "move", "version": 99, "move": {"t": "add", "n": 1}})
    peer.send(stale * (most + 20))
    peer.wait_for(lambda p: p.closed)
    assert 0 < len(peer.kinds("refused")) <= most
    assert [m["code"] for m in peer.kinds("error")] == ["too_many_errors"]
    peer.close()
    again = Peer(host.port)
    again.send(pack(dict(HELLO, role="player", token=token)))
    again.wait_for(lambda p: p.kinds("welcome"))
    assert again.kinds("welcome")[0]["seat"] == 0
    again.close()


def test_a_seat_with_accepted_moves_between_its_refusals_is_not_cut(host: Host) -> None:
    """The run of refusals starts again at every accepted move."""
    most = host.server.server.max_refused_in_a_row
    peer, _ = seated(host)
    stale = pack({"t": "move", "version": 999, "move": {"t": "add", "n": 1}})
    for _ in range(3):
        version = host.table.version
        peer.send(stale * (most - 1) + pack({"t": "move", "version": version,
                                               "move": {"t": "add", "n": 1}}))
        wait_until(lambda v=version: host.table.version == v + 1)
        assert host.table.submit(1, host.table.token_for(1), host.table.version,
                                 {"t": "add", "n": 1}) is None  # the host's seat plays
    peer.send(pack({"t": "ping", "n": 7}))
    peer.wait_for(lambda p: p.kinds("pong"))
    assert not peer.closed and not peer.kinds("error")
    assert len(peer.kinds("refused")) == 3 * (most - 1)
    peer.close()


def test_a_flooding_connection_delays_another_only_by_its_share_of_a_turn(host: Host) -> None:
    """Frames that wait on several connections are handled a few per connection per loop
    turn: an honest ping that arrives behind 300 frames of a flooding connection is handled
    after at most two turns' worth of them (``frames_per_turn`` each), not after all 300."""
    handled: list[tuple[str, str]] = []
    original = _Connection.dispatch

    def recording(self: _Connection, message: dict) -> None:
        handled.append((self.address, message["t"]))
        original(self, message)

    flood = spectator(host.port, "127.0.0.2")
    honest = spectator(host.port, "127.0.0.3")
    gate = threading.Event()
    loop = host.server.loop
    assert loop is not None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_Connection, "dispatch", recording)
        # hold the host's loop while both connections' frames arrive, so it finds them
        # waiting together (as under a flood) whatever the machine's timing
        loop.call_soon_threadsafe(gate.wait, 10)
        flood.send(b"".join(pack({"t": "ping", "n": i}) for i in range(300)))
        honest.send(pack({"t": "ping", "n": 1000}))
        gate.set()
        honest.wait_for(lambda p: p.kinds("pong"))
        flood.wait_for(lambda p: len(p.kinds("pong")) == 300)
    before_honest = handled.index(("127.0.0.3", "ping"))
    flood_first = sum(1 for address, _ in handled[:before_honest] if address == "127.0.0.2")
    assert flood_first <= 2 * host.server.server.frames_per_turn, flood_first
    flood.close()
    honest.close()


def test_an_address_cut_for_garbage_waits_before_it_is_heard_again() -> None:
    """After a connection is cut for a bad frame, the next one from its address is heard only
    after a pause (a flood that reconnects at once no longer costs the host a handshake per
    bad frame); other addresses are served meanwhile, and the pause ends (a seated player
    behind that address gets back in)."""
    served = Host(penalty=30.0)
    try:
        served.server.server.penalties.base = 30.0  # long enough to observe by order alone
        bad = Peer(served.port, "127.0.0.4")
        bad.send(struct.pack(">I", 3) + b"\xc1\xc1\xc1")
        bad.wait_for(lambda p: p.closed)
        assert [m["code"] for m in bad.kinds("error")] == ["bad_frame"]
        bad.close()
        again = Peer(served.port, "127.0.0.4")
        again.send(pack(dict(HELLO, role="spectator")))
        other = spectator(served.port, "127.0.0.5")  # answered while ``again`` waits
        again.pump(0.3)
        assert not again.messages and not again.closed
        assert served.server.server.penalties.wait("127.0.0.4") == 30.0
        assert served.server.server.penalties.wait("127.0.0.5") == 0.0
        other.close()
        again.close()
    finally:
        served.close()


def test_the_pause_of_an_address_is_short_and_ends() -> None:
    """By default the pause starts small, doubles with each cut, is capped at a second (a
    seated player behind the address is back within it) and is forgotten after a quiet
    minute."""
    served = Host()
    try:
        box = served.server.server.penalties
        box.cut("127.0.0.9")
        first = box.wait("127.0.0.9")
        for _ in range(10):
            box.cut("127.0.0.9")
        assert 0 < first < box.wait("127.0.0.9") == 1.0
        box.forget = 0.0
        wait_until(lambda: box.wait("127.0.0.9") == 0.0, 5)
        peer = spectator(served.port, "127.0.0.9")  # heard at once again
        peer.close()
    finally:
        served.close()
