"""Hostile input over real sockets: each attack gets an error or a closed connection, the
server keeps serving, the game state does not change, and a well-behaved client still plays."""

from __future__ import annotations

import contextlib
import random
import socket
import struct
import threading
import time
from collections.abc import Iterator

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from net.client import Client
from net.server import ServerThread
from net.table import SeatSpec, Table
from net.wire import APP_VERSION, MAX_CLIENT_FRAME, PROTOCOL_VERSION, FrameBuffer, WireError
from tests.net.nethelpers import toy_table, wait_until

pytestmark = pytest.mark.timeout(120)

HELLO = {"t": "hello", "protocol": PROTOCOL_VERSION, "app": APP_VERSION, "name": "x"}


def frame(payload: bytes) -> bytes:
    return struct.pack(">I", len(payload)) + payload


def pack(value: object) -> bytes:
    return frame(msgpack.packb(value))


class Arena:
    """A running table: seat 0 is a good remote client, seat 1 the host's local human,
    seat 2 a remote seat the attacker may hold; spectators may come and go."""

    def __init__(self) -> None:
        self.table: Table = toy_table(
            [SeatSpec("remote", "good"), SeatSpec("human", "host"), SeatSpec("remote", "evil")],
            rounds=50,
        )
        # every attack here comes from one address in turn: no penalty for the earlier ones
        # (test_net_flood tests it)
        self.server = ServerThread(self.table, host="127.0.0.1", port=0, rate=200, burst=400,
                                   hello_timeout=2.0, penalty=0.0)
        self.port = self.server.start()
        self.good = Client("127.0.0.1", self.port, "good")
        assert self.good.wait_for(lambda m: m["t"] == "welcome", 5)
        assert self.good.seat == 0
        self.evil_seat, self.evil_token = self.table.join("evil")
        self.table.start()
        self.good.wait_for(lambda m: m["t"] == "snapshot" and m["version"] == 0
                           and m["table"]["status"] == "playing", 5)

    def state_bytes(self) -> bytes:
        return msgpack.packb([self.table.version, self.table.state])

    def good_client_still_plays(self) -> None:
        """Play one full round (good client, host, evil seat via the table) and check views."""
        for _ in range(3):
            seat = self.table.to_move()[0]
            if seat == 0:
                self.good.poll()
                version = self.table.version
                self.good.send_move({"t": "add", "n": 1})
                wait_until(lambda v=version: self.table.version == v + 1, 5)
            else:
                token = self.table.token_for(seat)
                assert self.table.submit(seat, token, self.table.version,
                                         {"t": "add", "n": 2}) is None
        wait_until(lambda: (self.good.poll(), self.good.version == self.table.version)[1], 5)
        assert self.good.view == self.table.view(0)
        assert self.good.connected

    def close(self) -> None:
        self.good.close()
        self.server.stop()
        self.table.close()


@pytest.fixture(scope="module")
def arena() -> Iterator[Arena]:
    arena = Arena()
    yield arena
    arena.close()


def exchange(port: int, data: bytes, *, hello: bool = False, wait: float = 2.0,
             token: str | None = None) -> tuple[list[dict], bool]:
    """Send ``data`` (after a valid hello if asked); return (messages received, closed)."""
    messages: list[dict] = []
    closed = False
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as sock:
        if hello or token is not None:
            greeting = dict(HELLO, role="spectator") if token is None else dict(HELLO, token=token)
            sock.sendall(pack(greeting))
        try:
            sock.sendall(data)
        except OSError:
            return messages, True
        buffer = FrameBuffer()
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                break
            except OSError:
                closed = True
                break
            if not chunk:
                closed = True
                break
            try:
                messages += buffer.feed(chunk)
            except WireError:
                break
            if any(m["t"] == "error" for m in messages):
                sock.settimeout(0.3)
            if any(m["t"] == "pong" and m.get("n") == 9 for m in messages):
                break  # the marker ping sent after the attack: everything before it is in
    return messages, closed


def errors(messages: list[dict]) -> list[str]:
    return [m["code"] for m in messages if m["t"] == "error"]


def refusals(messages: list[dict]) -> list[str]:
    return [m["code"] for m in messages if m["t"] == "refused"]


ATTACKS_BEFORE_HELLO = {
    "random bytes": (bytes(random.Random(1).randrange(256) for _ in range(300)), None),
    "oversized length": (struct.pack(">I", 10 * 1024 * 1024) + b"xx", "frame_too_large"),
    "just over the cap": (struct.pack(">I", MAX_CLIENT_FRAME + 1), "frame_too_large"),
    "deep nesting": (frame(b"\x81\xa1t" + b"\x91" * 5000 + b"\xc0"), "bad_frame"),
    "huge array claim": (frame(b"\xdd\xff\xff\xff\xff"), "bad_frame"),
    "huge map claim": (frame(b"\xdf\x7f\xff\xff\xff"), "bad_frame"),
    "huge string claim": (frame(b"\xdb\x7f\xff\xff\xff" + b"a" * 10), "bad_frame"),
    "move before hello": (pack({"t": "move", "version": 0, "move": {"t": "add", "n": 1}}),
                          "hello_required"),
    "wrong protocol": (pack(dict(HELLO, protocol=99)), "version_mismatch"),
    "stolen token guess": (pack(dict(HELLO, token="A" * 24)), "bad_token"),
    "join a full table": (pack(HELLO), "already_started"),
    "not msgpack": (frame(b"\xc1\xc1\xc1"), "bad_frame"),
}


@pytest.mark.parametrize("name", list(ATTACKS_BEFORE_HELLO))
def test_attacks_before_hello_close_that_connection_only(arena: Arena, name: str) -> None:
    data, code = ATTACKS_BEFORE_HELLO[name]
    before = arena.state_bytes()
    messages, closed = exchange(arena.port, data)
    assert closed, f"{name}: the connection should be closed"
    if code is not None:
        assert errors(messages) == [code], messages
    assert arena.state_bytes() == before
    arena.good_client_still_plays()


def test_truncated_frame_then_hang_up(arena: Arena) -> None:
    before = arena.state_bytes()
    with socket.create_connection(("127.0.0.1", arena.port), timeout=2) as sock:
        sock.sendall(struct.pack(">I", 100) + b"\x81\xa1t")
    assert arena.state_bytes() == before
    arena.good_client_still_plays()


def test_silent_connection_times_out_without_blocking_others(arena: Arena) -> None:
    with socket.create_connection(("127.0.0.1", arena.port), timeout=5) as sock:
        sock.sendall(struct.pack(">I", 50))  # promises a frame, never sends it
        arena.good_client_still_plays()
        buffer = FrameBuffer()
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
        assert errors(buffer.feed(data)) == ["timeout"]


SOFT_ATTACKS_AFTER_HELLO = {
    "unknown type": ({"t": "teleport"}, "unknown_type"),
    "not a map": ([1, 2, 3], "bad_message"),
    "no type tag": ({"version": 0}, "bad_message"),
    "type tag not a string": ({"t": 7}, "bad_message"),
    "version not an int": ({"t": "move", "version": "0", "move": {}}, "bad_message"),
    "bool is not an int": ({"t": "move", "version": True, "move": {}}, "bad_message"),
    "missing move": ({"t": "move", "version": 0}, "bad_message"),
    "hello twice": (HELLO, "already_joined"),
    "deep but decodable": ({"t": "ping", "x": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]
                                                 ]]]]]]]]]]]]]]]]]}, "bad_message"),
}


@pytest.mark.parametrize("name", list(SOFT_ATTACKS_AFTER_HELLO))
def test_malformed_messages_after_hello_get_a_clear_error(arena: Arena, name: str) -> None:
    value, code = SOFT_ATTACKS_AFTER_HELLO[name]
    before = arena.state_bytes()
    messages, _ = exchange(arena.port, pack(value) + pack({"t": "ping", "n": 5}), hello=True)
    assert code in errors(messages), messages
    # the connection survived a soft error: the ping after it was answered
    assert {"t": "pong", "n": 5} in messages
    assert arena.state_bytes() == before
    arena.good_client_still_plays()


def test_moves_for_another_seat_wrong_turn_and_stale_version_are_refused(arena: Arena) -> None:
    before = arena.state_bytes()
    version = arena.table.version
    evil = arena.evil_token
    attempts = (
        pack({"t": "move", "version": version, "seat": 0, "move": {"t": "add", "n": 1}})
        + pack({"t": "move", "version": version - 1, "move": {"t": "add", "n": 1}})
        + pack({"t": "move", "version": version + 5, "move": {"t": "add", "n": 1}})
    )
    if arena.table.to_move() != [arena.evil_seat]:
        attempts += pack({"t": "move", "version": version, "move": {"t": "add", "n": 1}})
    messages, _ = exchange(arena.port, attempts, token=evil, wait=1.0)
    codes = refusals(messages)
    assert codes[:3] == ["wrong_seat", "stale_version", "stale_version"]
    if len(codes) == 4:
        assert codes[3] == "not_your_turn"
    assert all(m["view"] == arena.table.view(arena.evil_seat)
               for m in messages if m["t"] == "refused")
    assert arena.state_bytes() == before
    # the good client was not told about any of it
    assert not [m for m in arena.good.poll() if m["t"] in ("refused", "events")]
    arena.good_client_still_plays()


def test_a_move_that_is_not_a_map_or_has_unknown_fields_is_refused_and_never_stored(
        arena: Arena) -> None:
    """Malformed moves get the shared rules code (``malformed_move``), as PROTOCOL.md says,
    whoever's turn it is; nothing reaches the table's move log."""
    before, moves = arena.state_bytes(), list(arena.table.moves)
    version = arena.table.version
    attempts = b"".join(pack({"t": "move", "version": version, "move": move}) for move in (
        [1], "add", None, {"t": "add", "n": 1, "pad": "x" * 16_000}, {"t": "teleport"}))
    messages, _ = exchange(arena.port, attempts + pack({"t": "ping", "n": 9}),
                           token=arena.evil_token, wait=5.0)
    assert refusals(messages) == ["malformed_move"] * 4 + ["unknown_move_type"]
    assert arena.state_bytes() == before and arena.table.moves == moves
    arena.good_client_still_plays()


def test_spectators_cannot_move(arena: Arena) -> None:
    before = arena.state_bytes()
    messages, _ = exchange(arena.port, pack({"t": "move", "version": arena.table.version,
                                             "move": {"t": "add", "n": 1}}), hello=True, wait=1)
    assert refusals(messages) == ["spectator"]
    assert arena.state_bytes() == before


def flood_until_closed(port: int, chunk: bytes) -> tuple[list[dict], str]:
    """Send ``chunk`` over and over from a thread (a flooder does not stop to read) while
    reading here; (messages read, "eof" or "reset")."""
    messages: list[dict] = []
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(pack(dict(HELLO, role="spectator")))
        stop = threading.Event()

        def flood() -> None:
            with contextlib.suppress(OSError):
                while not stop.is_set():
                    sock.sendall(chunk)

        sender = threading.Thread(target=flood, daemon=True)
        sender.start()
        buffer, ending = FrameBuffer(), ""
        try:
            while not ending:
                try:
                    data = sock.recv(65536)
                except OSError:
                    ending = "reset"
                    break
                if not data:
                    ending = "eof"
                messages += buffer.feed(data)
        finally:
            stop.set()
            with contextlib.suppress(OSError):  # (already reset)
                sock.shutdown(socket.SHUT_RDWR)
            sender.join(5)
    return messages, ending


def test_a_flooder_that_keeps_sending_still_reads_why_it_was_cut(arena: Arena) -> None:
    """The host half-closes and reads what is still coming before it closes: a close with
    the flood unread would be a reset, which lost the final ``rate_limited`` in 7 of 10
    tries before (PROTOCOL.md, section 8)."""
    for _attempt in range(3):
        messages, ending = flood_until_closed(arena.port, pack({"t": "ping", "n": 1}) * 2000)
        assert "rate_limited" in errors(messages) and ending == "eof", (ending, messages[-3:])
    assert wait_until(lambda: arena.server.server.lingering == 0, 5), "every linger ended"
    arena.good_client_still_plays()


def test_past_the_lingering_cap_a_cut_connection_closes_at_once(
        arena: Arena, monkeypatch: pytest.MonkeyPatch) -> None:
    """``MAX_LINGERING`` bounds the sockets a flood of cuts keeps open: at the cap a cut
    closes at once, as before the lingering close (its error may be lost), and the count
    never goes past it."""
    import net.server

    monkeypatch.setattr(net.server, "MAX_LINGERING", 0)
    for _attempt in range(2):
        flood_until_closed(arena.port, pack({"t": "ping", "n": 1}) * 2000)
        assert arena.server.server.lingering == 0
    arena.good_client_still_plays()


def test_a_flood_is_cut_off(arena: Arena) -> None:
    before = arena.state_bytes()
    flood = pack({"t": "ping", "n": 1}) * 5000
    messages, closed = exchange(arena.port, flood, hello=True, wait=3)
    assert closed and "rate_limited" in errors(messages)
    assert arena.state_bytes() == before
    arena.good_client_still_plays()


def test_many_malformed_messages_close_the_connection(arena: Arena) -> None:
    junk = pack({"t": "nope"}) * 20
    messages, closed = exchange(arena.port, junk, hello=True, wait=2)
    assert closed and errors(messages)[-1] == "too_many_errors"
    arena.good_client_still_plays()


def test_seeded_fuzz_loop(arena: Arena) -> None:
    """Mutated valid frames and raw noise, 150 connections from a fixed seed."""
    rng = random.Random(20261129)
    valid = [pack(HELLO), pack({"t": "move", "version": 0, "move": {"t": "add", "n": 1}}),
             pack({"t": "ping", "n": 1}), pack({"t": "sync"})]
    before = arena.state_bytes()
    for _ in range(150):
        data = bytearray(b"".join(rng.choice(valid) for _ in range(rng.randint(1, 4))))
        for _ in range(rng.randint(0, 6)):
            action = rng.random()
            position = rng.randrange(len(data) + 1)
            if action < 0.4 and data:
                data[position % len(data)] = rng.randrange(256)
            elif action < 0.7:
                data[position:position] = rng.randbytes(rng.randint(1, 9))
            else:
                del data[position:position + rng.randint(1, 5)]
        exchange(arena.port, bytes(data), hello=rng.random() < 0.5, wait=0.1)
    assert arena.state_bytes() == before
    arena.good_client_still_plays()


json_like = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**64 - 1) | st.text(max_size=20)
    | st.floats(allow_nan=False) | st.binary(max_size=20),
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=20,
)
messages_strategy = st.one_of(
    json_like,
    st.fixed_dictionaries({"t": st.sampled_from(["move", "hello", "sync", "ping", "leave", "x"])},
                          optional={"version": json_like, "move": json_like, "seat": json_like,
                                    "token": json_like, "protocol": json_like, "n": json_like}),
)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(message=messages_strategy)
def test_hypothesis_messages_never_break_the_server(arena: Arena, message: object) -> None:
    before = arena.state_bytes()
    messages, _ = exchange(arena.port, pack(message) + pack({"t": "ping", "n": 9}),
                           hello=True, wait=2.0)
    for reply in messages:
        assert reply["t"] in ("welcome", "snapshot", "error", "refused", "pong", "bye", "table",
                              "ping")
    assert arena.state_bytes() == before


def test_after_all_attacks_the_game_goes_on(arena: Arena) -> None:
    arena.good_client_still_plays()
    assert arena.server.server.connections  # the good client is still connected
