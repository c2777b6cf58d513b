"""asyncio TCP server exposing one ``Table`` on the LAN.

Defensive by construction: every frame is size-checked before it is read, decoded with
bounded msgpack, schema-checked, rate-limited per connection; a broken or hostile client gets
an ``error`` and, for anything that breaks the stream or the rules of the handshake, its
connection closed (and its address is heard again only after a pause). A connection handles a
few frames per loop turn, so a flood on one delays the others by no more than that. Nothing a
client sends can raise out of its own connection handler, so every other client keeps playing.
No client can take what others need: spectators are limited per address and in all while
a seat's (re)connection always gets in, half-open and idle
connections are evicted first (a newcomer is never refused for half-open ones: a connection
hog closes its own, and one whose hello has arrived is spared), the bytes queued for a client
that does not read are bounded,
and wrong passwords are slowed down per address. ``TableServer.close`` says ``bye`` and shuts
down in order.

This module is the transport: what a message does once it is read and past the handshake is
``net.dispatch``'s, shared with the in-process connection (``net.local``); a connection is
the dispatcher's ``Endpoint`` (its answers, strikes and refused-move count stay here).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import math
import socket
import threading
import time
from collections import OrderedDict, deque
from typing import Any

from net.dispatch import checked
from net.dispatch import dispatch as dispatch_message
from net.table import Message, Table, TableError
from net.wire import (
    APP_VERSION,
    HEADER,
    MAX_CLIENT_FRAME,
    MAX_SERVER_FRAME,
    PROTOCOL_VERSION,
    WireError,
    decode,
    encode,
    error_message,
    mismatch_text,
    versions_compatible,
)

log = logging.getLogger(__name__)

DEFAULT_PORT = 47077


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:  # called from a thread without a loop (AI seats, the UI)
        return None


class _RateLimiter:
    """Token bucket: ``rate`` messages per second on average, bursts up to ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class _PasswordGuard:
    """Slows down password guessing per address: ``free`` wrong passwords are answered at
    once; after that each address waits ``base`` seconds, doubling with every failure, up to
    ``longest`` (a typo costs nothing, guessing gets about one try a minute). Remembers at
    most ``capacity`` addresses (the oldest forgotten first)."""

    def __init__(self, free: int = 3, base: float = 1.0, longest: float = 60.0,
                 capacity: int = 4096) -> None:
        self.free, self.base, self.longest, self.capacity = free, base, longest, capacity
        self._failures: OrderedDict[str, tuple[int, float]] = OrderedDict()

    def wait(self, address: str) -> float:
        """Seconds before ``address`` may try a password again (0: now)."""
        _, until = self._failures.get(address, (0, 0.0))
        return max(0.0, until - time.monotonic())

    def failed(self, address: str) -> None:
        count = self._failures.pop(address, (0, 0.0))[0] + 1
        delay = 0.0 if count <= self.free else min(self.longest,
                                                   self.base * 2 ** (count - self.free - 1))
        self._failures[address] = (count, time.monotonic() + delay)
        while len(self._failures) > self.capacity:
            self._failures.popitem(last=False)

    def succeeded(self, address: str) -> None:
        self._failures.pop(address, None)


class _ReclaimGuard:
    """At most ``most`` hellos taking a seat back with its token per ``window`` seconds and
    seat: each one tells every connection twice that the seat changed hands, so a seated
    player reconnecting in a loop (10,000 times in 10 s) sent everyone about 1 MB/s and cut a
    slow reader off (an outside hostile test). An honest client reconnects a few times a
    minute at most."""

    def __init__(self, most: int = 10, window: float = 10.0) -> None:
        self.most, self.window = most, window
        self._times: dict[int, deque[float]] = {}

    def wait(self, seat: int) -> float:
        """Seconds before ``seat`` may be taken back again (0: now, and counted)."""
        now = time.monotonic()
        times = self._times.setdefault(seat, deque())
        while times and now - times[0] > self.window:
            times.popleft()
        if len(times) >= self.most:
            return self.window - (now - times[0])
        times.append(now)
        return 0.0


class _PenaltyBox:
    """Slows down addresses whose connections the host had to cut for hostile input (bad or
    oversized frames, too many errors, flooding): the first frame of each new connection
    from such an address waits ``base`` seconds, doubling with every cut, up to ``longest``
    (short enough that a seated player behind that address still gets back in within a few
    seconds). An address is forgiven after ``forget`` seconds without a cut. A flood that
    reconnects as fast as it is cut would otherwise make the host pay a whole handshake (a
    welcome and a snapshot) per bad frame. Remembers at most ``capacity`` addresses."""

    #: the codes a connection is closed with that only a broken or hostile client earns
    HOSTILE = frozenset({"bad_frame", "frame_too_large", "hello_required", "too_many_errors",
                         "rate_limited"})

    def __init__(self, base: float = 0.25, longest: float = 1.0, forget: float = 60.0,
                 capacity: int = 4096) -> None:
        self.base, self.longest, self.forget, self.capacity = base, longest, forget, capacity
        self._cuts: OrderedDict[str, tuple[int, float]] = OrderedDict()

    def wait(self, address: str) -> float:
        """Seconds a new connection from ``address`` waits before it is heard (0: none)."""
        count, last = self._cuts.get(address, (0, 0.0))
        if count == 0 or time.monotonic() - last > self.forget:
            return 0.0
        return min(self.longest, self.base * 2 ** (count - 1))

    def cut(self, address: str) -> None:
        count, last = self._cuts.pop(address, (0, 0.0))
        now = time.monotonic()
        self._cuts[address] = (1 if now - last > self.forget else count + 1, now)
        while len(self._cuts) > self.capacity:
            self._cuts.popitem(last=False)


#: bytes taken from a connection's stream at a time (its frames are then parsed from them)
_READ_BYTES = 64 * 1024
#: after a close the host decided on (a flood, hostile input): how long it reads and drops
#: what the peer still sends, so the final ``error`` arrives instead of a reset
LINGER_SECONDS = 1.0
#: at most this many connections linger at once: past it a cut connection closes at once (its
#: error may then be lost), so a flood of cuts cannot hold sockets and their buffers open
MAX_LINGERING = 32
#: how much of an unread first frame ``_Connection.has_spoken`` looks at (a hello is far smaller)
_PEEK_BYTES = 4096


def _peek(writer: asyncio.StreamWriter, size: int) -> bytes:
    """Up to ``size`` bytes waiting in the connection's socket, left there (b"": none)."""
    transport_socket = writer.get_extra_info("socket")
    if transport_socket is None:
        return b""
    try:
        sock = socket.socket(fileno=transport_socket.fileno())
    except (OSError, ValueError):
        return b""
    try:
        return sock.recv(size, socket.MSG_PEEK | getattr(socket, "MSG_DONTWAIT", 0))
    except OSError:  # nothing to read (BlockingIOError), or a socket already torn down
        return b""
    finally:
        sock.detach()  # the fd stays the transport's


class _Connection:
    """One client. Reads in ``run``; writes from an outbox drained by a writer task."""

    def __init__(self, server: TableServer, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        self.server = server
        self.reader, self.writer = reader, writer
        self.loop = asyncio.get_running_loop()
        self.peer = writer.get_extra_info("peername")
        #: the peer's IP address: the unit of the per-address limits
        self.address = str(self.peer[0]) if isinstance(self.peer, tuple) and self.peer else "?"
        self.opened = time.monotonic()
        #: when the peer last sent anything but a pong (idle spectators are evicted first)
        self.last_heard = self.opened
        #: encoded frames not yet handed to the socket, and their bytes
        self.outbox: deque[bytes] = deque()
        self.outbox_bytes = 0
        #: messages posted from other threads, and those of them the loop has queued
        self.posted_across = self.enqueued_across = 0
        self.wakeup = asyncio.Event()
        self.closed = False
        #: True while ``run`` handles this connection's frames: a close decided then (a flood,
        #: hostile input) half-closes and reads the rest (``LINGER_SECONDS``) before closing,
        #: so the peer's later frames left unread do not turn the close into a reset that
        #: loses the final ``error``
        self.in_turn = False
        self.lingering = False
        self.handle: int | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.role: str | None = None
        self.strikes = 0
        #: the seat's moves refused since its last accepted one
        self.refused_in_a_row = 0
        #: bytes read from the stream and not yet handled (whole frames and the start of one)
        self.inbox = bytearray()
        self.limiter = _RateLimiter(server.rate, server.burst)

    def has_spoken(self) -> bool:
        """A whole first frame from the peer waits unread (in the stream's buffer or the
        socket's): its hello is on its way to ``run``. A peer that sent nothing, part of a
        frame, or closed its end has not."""
        data = bytes(self.inbox[:_PEEK_BYTES])
        data += bytes(getattr(self.reader, "_buffer", b"")[:_PEEK_BYTES - len(data)])
        if len(data) < _PEEK_BYTES:
            data += _peek(self.writer, _PEEK_BYTES - len(data))
        if len(data) < 4:
            return False
        return len(data) >= min(_PEEK_BYTES, 4 + int.from_bytes(data[:4], "big"))

    # -- output ------------------------------------------------------------------------
    def post(self, message: Message) -> None:
        """Queue ``message`` from any thread, in order (the table's listener).

        On the loop itself (a remote move, the usual case) the frame is encoded and handed
        to the socket at once, inside the table's fan-out: the first connections' frames are
        on the wire while the table builds the next views, with no callback or writer-task
        turn per connection. Messages from other threads (AI seats, a local player) go
        through the loop; while any of them is still on its way, loop messages queue behind
        it, so each connection's messages keep their order."""
        if _running_loop() is self.loop:
            if self.posted_across == self.enqueued_across:
                self._enqueue(message)
            else:
                self.loop.call_soon(self._enqueue, message)
            return
        # only under the table's lock (its fan-out), so one thread at a time counts here
        self.posted_across += 1
        with contextlib.suppress(RuntimeError):  # loop closed: the server is gone
            self.loop.call_soon_threadsafe(self._enqueue_across, message)

    def _enqueue_across(self, message: Message) -> None:
        self.enqueued_across += 1
        self._enqueue(message)

    def _enqueue(self, message: Message) -> None:
        if self.closed:
            return
        try:
            frame = self.server.encode_shared(message)
        except (ValueError, TypeError) as exc:
            log.error("cannot encode %s for %s: %s", message.get("t"), self.peer, exc)
            return
        unsent = self.outbox_bytes + len(frame) + self.buffered()
        if len(self.outbox) >= self.server.queue_limit or unsent > self.server.max_unsent_bytes:
            self.shut("slow_consumer")  # a client that does not read must not grow the host
            return
        if not self.outbox and not self.buffered() and self.handle is not None:
            # nothing waits before it: straight to the socket (TCP_NODELAY: asyncio's default)
            try:
                self.writer.write(frame)
            except Exception:  # a transport torn down under us: drop the connection now
                self.shut("slow_consumer")
            return
        self.outbox.append(frame)
        self.outbox_bytes += len(frame)
        self.wakeup.set()

    def buffered(self) -> int:
        """Bytes written to the transport that the socket has not taken yet."""
        try:
            return self.writer.transport.get_write_buffer_size()
        except Exception:  # a transport already torn down
            return 0

    def _take_outbox(self) -> list[bytes]:
        frames = list(self.outbox)
        self.outbox.clear()
        self.outbox_bytes = 0
        return frames

    async def write_loop(self) -> None:
        """Sends what is queued whenever woken, and once more after the connection closed:
        a hello read with the end of the stream (a client that half-closed at once) lost its
        welcome and so its token, while the seat stayed taken (an outside client)."""
        while True:
            await self.wakeup.wait()
            self.wakeup.clear()
            frames = self._take_outbox()
            if not frames:
                if self.closed:
                    return
                continue
            self.writer.write(b"".join(frames))
            if self.closed:
                return  # (``run`` closes the writer, which flushes what it holds)
            if self.writer.transport.get_write_buffer_size() == 0:
                continue  # the socket took it all: nothing to wait for
            try:
                await asyncio.wait_for(self.writer.drain(), self.server.write_timeout)
            except (TimeoutError, ConnectionError, OSError):
                self.shut("slow_consumer")
                return

    def shut(self, code: str, message: str = "") -> None:
        """Send a final ``error`` (or ``bye``) and close; safe to call twice."""
        if self.closed:
            return
        self.closed = True
        self.server.pending.pop(self, None)
        self.wakeup.set()
        if code in _PenaltyBox.HOSTILE:
            self.server.penalties.cut(self.address)
        if code == "slow_consumer":
            # the peer reads nothing: a goodbye would never arrive, and a graceful close would
            # keep the socket and its buffered megabytes until the peer reads; drop it now
            self._take_outbox()
            with contextlib.suppress(Exception):
                self.writer.transport.abort()
            return
        final = (
            {"t": "bye", "reason": code, "message": message or "the host is stopping"}
            if code == "shutting_down"
            else error_message(code, message)
        )
        pending = self._take_outbox() + [encode(final)]
        with contextlib.suppress(Exception):
            self.writer.write(b"".join(pending))
        with contextlib.suppress(Exception):
            if self.in_turn and self.server.lingering < MAX_LINGERING and \
                    self.writer.can_write_eof():
                self.writer.write_eof()  # ``run`` reads the rest, then closes
                self.lingering = True
                self.server.lingering += 1
            else:
                self.writer.close()

    # -- input -------------------------------------------------------------------------
    def _take_frames(self, most: int) -> list[bytes]:
        """Up to ``most`` whole payloads from the front of ``inbox``; ``WireError
        ("frame_too_large")`` when the next header announces too much (the frames before it
        are handed out first)."""
        inbox, frames, start = self.inbox, [], 0
        while len(frames) < most and len(inbox) - start >= HEADER.size:
            (length,) = HEADER.unpack_from(inbox, start)
            if length > MAX_CLIENT_FRAME:
                if frames:
                    break
                raise WireError("frame_too_large",
                                f"frame of {length} bytes exceeds {MAX_CLIENT_FRAME}")
            end = start + HEADER.size + length
            if end > len(inbox):
                break
            frames.append(bytes(inbox[start + HEADER.size:end]))
            start = end
        del inbox[:start]
        return frames

    async def run(self) -> None:
        # the writer and the pinger start with the welcome: a half-open connection (a hog's)
        # costs the host no task but this one
        writer_task: asyncio.Task[None] | None = None
        pinger: asyncio.Task[None] | None = None
        server = self.server
        try:
            penalty = server.penalties.wait(self.address)
            if penalty > 0:  # its address was cut for hostile input a moment ago
                await self._sit_out(penalty)
            #: the peer has until then to complete its next frame (reset by each whole frame)
            deadline = self.loop.time() + server.hello_timeout
            while not self.closed:
                self.in_turn = True
                try:
                    frames = self._take_frames(server.frames_per_turn)
                except WireError as exc:
                    self.shut(exc.code, exc.message)
                    break
                if not frames:
                    # nothing whole to handle: wait for bytes (the only timer a frame costs;
                    # frames already here are parsed without one, and without a task each)
                    self.in_turn = False
                    try:
                        async with asyncio.timeout_at(deadline):
                            data = await self.reader.read(_READ_BYTES)
                    except TimeoutError:
                        self.shut("timeout")
                        break
                    except (ConnectionError, OSError):
                        break  # the peer went away: nothing to answer
                    if not data:
                        break  # end of stream (mid-frame or not)
                    self.inbox += data
                    continue
                for payload in frames:
                    if self.closed or not self.handle_frame(payload):
                        break
                    if writer_task is None and self.role is not None:
                        writer_task = asyncio.create_task(self.write_loop())
                        pinger = asyncio.create_task(self.ping_loop())
                deadline = self.loop.time() + (
                    server.idle_timeout if self.role else server.hello_timeout)
                if len(frames) == server.frames_per_turn:
                    # more may be waiting: every other connection gets its turn first, so a
                    # flood on one connection delays another's message by at most this
                    # connection's ``frames_per_turn`` frames, never by all it has sent
                    self.in_turn = False
                    await asyncio.sleep(0)
        except Exception:  # a bug here must cost one connection, never the server
            log.exception("connection %s failed", self.peer)
            self.shut("bad_message", "internal error while handling your message")
        finally:
            self.closed = True
            self.wakeup.set()
            if pinger is not None:
                pinger.cancel()
            self.server.forget(self)
            if writer_task is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer_task, 1.0)
                writer_task.cancel()
            if self.lingering:
                try:
                    await self._read_to_the_end()
                finally:
                    self.server.lingering -= 1
            with contextlib.suppress(Exception):
                self.writer.close()
                await asyncio.wait_for(self.writer.wait_closed(), 1.0)

    async def _read_to_the_end(self) -> None:
        """After a half-close: read and drop what the peer still sends until it closes too,
        for ``LINGER_SECONDS`` at most."""
        with contextlib.suppress(Exception):
            async with asyncio.timeout(LINGER_SECONDS):
                while await self.reader.read(_READ_BYTES):
                    pass

    async def _sit_out(self, seconds: float) -> None:
        """The pause of a connection whose address was cut for hostile input a moment ago
        (``_PenaltyBox``), or until the host closes it; cut short when its first frame is a
        hello whose token holds a seat: a seated player behind that address (the same machine,
        a shared router) is back at once while a flood from it goes on (it was kept out: an
        outside hostile client). Such hellos are limited anyway (``_ReclaimGuard``)."""
        end = self.loop.time() + seconds
        while not self.closed and (left := end - self.loop.time()) > 0:
            first = self._first_frame()
            if first is not None:
                if self._takes_a_seat_back(first):
                    return
                break  # any other first frame waits out the pause
            try:
                async with asyncio.timeout(left):
                    data = await self.reader.read(_PEEK_BYTES)
            except (TimeoutError, ConnectionError, OSError):
                return  # (``run`` finds the end of the stream again)
            if not data:
                return
            self.inbox += data
        if not self.closed and (left := end - self.loop.time()) > 0:
            with contextlib.suppress(TimeoutError):  # (or until the host closes it)
                await asyncio.wait_for(self.wakeup.wait(), left)

    def _first_frame(self) -> bytes | None:
        """The first frame's payload once it is whole in ``inbox`` (b"": more than a hello
        needs, or it cannot be one), else None."""
        if len(self.inbox) < HEADER.size:
            return None
        (length,) = HEADER.unpack_from(self.inbox, 0)
        if length > _PEEK_BYTES:
            return b""
        if len(self.inbox) < HEADER.size + length:
            return None
        return bytes(self.inbox[HEADER.size:HEADER.size + length])

    def _takes_a_seat_back(self, payload: bytes) -> bool:
        """Whether ``payload`` is a hello with a token that holds a seat, or is kept for a
        player a bot stands in for."""
        try:
            message = checked(decode(payload))
        except Exception:  # anything malformed: ``run`` answers it after the pause
            return False
        token = message.get("token") if message.get("t") == "hello" else None
        table = self.server.table
        return bool(token) and (table.seat_for_token(token) is not None
                                or table.stood_in_for(token) is not None)

    def handle_frame(self, payload: bytes) -> bool:
        """Handle one whole frame; False when it closed the connection."""
        if not self.limiter.allow():
            self.shut("rate_limited")
            return False
        try:
            message = checked(decode(payload))
            if message["t"] != "pong":
                self.last_heard = time.monotonic()
            self.dispatch(message)
        except WireError as exc:
            if exc.fatal or self.role is None:
                # before a good hello every error closes: a client gets one try at the
                # handshake (a second hello after a bad one is not accepted)
                self.shut(exc.code, exc.message)
                return False
            return self.strike(error_message(exc.code, exc.message))
        return not self.closed

    def strike(self, answer: Message) -> bool:
        """Count one message the host had to turn down and send ``answer``; past
        ``max_strikes`` of them the connection is closed (False): a client that keeps
        sending what cannot be right only costs the host work."""
        self.strikes += 1
        if self.strikes > self.server.max_strikes:
            self.shut("too_many_errors")
            return False
        self.post(answer)
        return True

    async def ping_loop(self) -> None:
        count = 0
        while not self.closed:
            await asyncio.sleep(self.server.ping_interval)
            count += 1
            self.post({"t": "ping", "n": count})

    def dispatch(self, message: Message) -> None:
        if self.role is None:
            if message["t"] != "hello":
                raise WireError("hello_required", "the first message must be hello")
            self.hello(message)
            return
        dispatch_message(self.server.table, self, message)

    # -- the dispatcher's Endpoint (net.dispatch) ----------------------------------------
    answer = post

    def turn_down(self, message: Message) -> None:
        self.strike(message)

    def move_answered(self, message: Message, refusal: Message | None) -> None:
        """A seat's refused moves are cut only by a long run of them (an honest client meets
        a stale version now and then, never dozens in a row)."""
        if refusal is None:
            self.refused_in_a_row = 0
        elif self.refused_in_a_row >= self.server.max_refused_in_a_row:
            self.shut("too_many_errors", "too many refused moves in a row")
        else:
            self.refused_in_a_row += 1
            self.post(refusal)

    def left(self) -> None:
        """Say ``bye`` after what is queued, and close."""
        if self.closed:
            return
        self.closed = True
        pending = self._take_outbox() + [encode({"t": "bye", "reason": "left",
                                                 "message": "goodbye"})]
        with contextlib.suppress(Exception):
            self.writer.write(b"".join(pending))
            self.writer.close()

    def hello(self, message: Message) -> None:
        server, table = self.server, self.server.table
        if not versions_compatible(message["protocol"], message["app"]):
            raise WireError("version_mismatch", mismatch_text(message["protocol"], message["app"]))
        if server.password is not None:
            wait = server.password_guard.wait(self.address)
            if wait > 0:
                raise WireError("locked_out", f"too many wrong passwords from {self.address}: "
                                              f"try again in {math.ceil(wait)} s")
            if not hmac.compare_digest(str(message.get("password") or "").encode(),
                                       server.password.encode()):
                server.password_guard.failed(self.address)
                raise WireError("bad_password", "wrong table password")
            server.password_guard.succeeded(self.address)
        role = message.get("role", "player")
        token = message.get("token")
        if role == "spectator":
            seat = None
            server.admit_spectator(self)
        elif token:
            seat = table.seat_for_token(token)
            # (taking a seat back from a stand-in bot counts too: it went uncounted once)
            held = seat if seat is not None else table.stood_in_for(token)
            if held is not None and (wait := server.reclaim_guard.wait(held)) > 0:
                raise WireError("rate_limited", f"seat {held} was taken back too often: "
                                                f"try again in {math.ceil(wait)} s")
            if seat is None:
                seat = table.reclaim_from_bot(token)  # back after a bot stood in
            if seat is None:
                raise WireError("bad_token", "that token does not hold a seat at this table")
        else:
            try:
                seat, token = table.join(message.get("name", ""), announce=False)
            except TableError as exc:
                raise WireError(exc.code, exc.message) from None
        self.role, self.seat, self.token = role, seat, token if seat is not None else None
        server.pending.pop(self, None)
        if seat is not None:
            previous = server.seat_owner.get(seat)
            if previous is not None and previous is not self:
                previous.shut("replaced", f"seat {seat} was taken over by another connection "
                                          f"(from {self.address}) with this seat's token; if "
                                          "that was not you, reconnect to take it back and "
                                          "tell the host")
                previous.detach()
                log.warning("seat %s reclaimed with its token from %s (was %s)", seat,
                            self.address, previous.address)
            server.seat_owner[seat] = self
            if message.get("name") and token:
                table.rename(seat, token, message["name"], announce=False)
        self.post({"t": "welcome", "protocol": PROTOCOL_VERSION, "app": APP_VERSION,
                   "seat": seat, "token": self.token, "role": role})
        self.handle = table.attach(seat, self.post)

    def detach(self) -> None:
        if self.handle is not None:
            self.server.table.detach(self.handle)
            self.handle = None
        if self.seat is not None and self.server.seat_owner.get(self.seat) is self:
            del self.server.seat_owner[self.seat]


class TableServer:
    """Serve ``table`` on ``host:port`` (port 0: any free port; see ``port`` after start)."""

    def __init__(
        self,
        table: Table,
        *,
        host: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        password: str | None = None,
        max_connections: int = 64,
        max_per_address: int = 8,
        max_pending: int = 16,
        max_pending_per_address: int = 4,
        pending_grace: float = 1.0,
        spectator_idle: float = 60.0,
        max_unsent_bytes: int = 2 * MAX_SERVER_FRAME,
        rate: float = 200.0,
        burst: float = 400.0,
        hello_timeout: float = 10.0,
        idle_timeout: float = 30.0,
        ping_interval: float = 5.0,
        write_timeout: float = 10.0,
        queue_limit: int = 1024,
        max_strikes: int = 10,
        frames_per_turn: int = 8,
        max_refused_in_a_row: int = 30,
        password_guard: _PasswordGuard | None = None,
        penalty: float = 1.0,
    ) -> None:
        self.table = table
        self.host, self.port = host, port
        self.password = password or None
        #: connections counted against the cap: spectators are refused past it (after the
        #: longest-idle spectator is evicted, if one has been idle ``spectator_idle`` s), while
        #: a hello that takes or reclaims a seat always gets in (every seat has its place)
        self.max_connections = max_connections
        #: spectators from one address (seats are never limited by address)
        self.max_per_address = max_per_address
        #: connections that have not said hello yet, in all and per address: a newcomer past
        #: either limit evicts the oldest of them that had ``pending_grace`` seconds to say
        #: hello (of its own address first)
        self.max_pending, self.max_pending_per_address = max_pending, max_pending_per_address
        self.pending_grace = pending_grace
        self.spectator_idle = spectator_idle
        #: bytes queued for one connection and not taken by its socket; past it the
        #: connection is dropped as a slow consumer
        self.max_unsent_bytes = max_unsent_bytes
        self.password_guard = password_guard or _PasswordGuard()
        #: how often a seat may be taken back with its token (``_ReclaimGuard``)
        self.reclaim_guard = _ReclaimGuard()
        #: a new connection from an address just cut for hostile input waits up to
        #: ``penalty`` seconds before it is heard (0: never)
        self.penalties = _PenaltyBox(longest=penalty)
        self.rate, self.burst = rate, burst
        self.hello_timeout, self.idle_timeout = hello_timeout, idle_timeout
        self.ping_interval, self.write_timeout = ping_interval, write_timeout
        self.queue_limit, self.max_strikes = queue_limit, max_strikes
        #: frames of one connection handled before every other connection gets its turn
        self.frames_per_turn = frames_per_turn
        #: a seat's connection is closed at its next refused move past this many in a row
        #: (it may reconnect with its token)
        self.max_refused_in_a_row = max_refused_in_a_row
        self.connections: set[_Connection] = set()
        #: connections reading to their end after a cut (``MAX_LINGERING``)
        self.lingering = 0
        #: the connections that have not said hello yet, oldest first
        self.pending: dict[_Connection, None] = {}
        self.seat_owner: dict[int, _Connection] = {}
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._last_frame: tuple[Message, bytes] | None = None

    def encode_shared(self, message: Message) -> bytes:
        """Encode ``message``, reusing the frame when the same object goes to several
        connections in a row (the table delivers one events message per viewer to that
        viewer's listeners together: a move costs one encoding per distinct view).

        Only the last frame is kept: a longer cache would keep every move's views alive into
        the garbage collector's older generations (docs/BENCHMARKS.md)."""
        last = self._last_frame
        if last is not None and last[0] is message:
            return last[1]
        frame = encode(message)
        self._last_frame = (message, frame)  # holding the message keeps its id unique
        return frame

    async def start(self) -> None:
        """Bind and listen; ``OSError`` (e.g. EADDRINUSE) if the port cannot be had."""
        self._server = await asyncio.start_server(self._accept, self.host, self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connection = _Connection(self, reader, writer)
        if self._server is None or not self._make_room_for_pending(connection):
            with contextlib.suppress(Exception):
                writer.write(encode(error_message(
                    "server_full", "the host has too many connections; try again later")))
                writer.close()
            return
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            await connection.run()
        finally:
            if task is not None:
                self._tasks.discard(task)

    def _make_room_for_pending(self, newcomer: _Connection) -> bool:
        """Half-open connections (no hello yet) go first, so a newcomer always gets its
        chance to say hello (a seated player's reconnect above all, whatever a connection hog
        does): past the per-address or the total soft limit, the oldest one that has had
        ``pending_grace`` seconds to say hello is closed (of the newcomer's address first; a
        younger one's hello may be on its way); at the hard limit (``4 * max_pending`` of
        them, or every connection the host keeps), one is closed at once, however young: of
        the address holding the most of them, the oldest (``_quiet_pending``). False: no room
        at all (the host is full of connections that said hello). Costs no more than a walk
        over the half-open connections: a hog makes the host do this hundreds of times a
        second."""
        pending = self.pending
        same = sum(1 for c in pending if c.address == newcomer.address)
        victim = None
        if same >= self.max_pending_per_address:
            victim = self._quiet_pending(newcomer.address, self.pending_grace)
        if victim is None and len(pending) >= self.max_pending:
            victim = self._quiet_pending(None, self.pending_grace)
        if victim is not None:
            self._evict_pending(victim)
        hard_cap = self.max_connections + self.table.seat_count + 4 * self.max_pending
        while len(pending) >= 4 * self.max_pending or len(self.connections) >= hard_cap:
            if not pending:
                return False
            counts: dict[str, int] = {}
            for connection in pending:
                counts[connection.address] = counts.get(connection.address, 0) + 1
            busiest = max(counts, key=counts.__getitem__)
            self._evict_pending(self._quiet_pending(busiest, 0.0)
                                or self._quiet_pending(None, 0.0) or next(iter(pending)))
        self.connections.add(newcomer)
        pending[newcomer] = None
        return True

    def _quiet_pending(self, address: str | None, grace: float) -> _Connection | None:
        """The oldest half-open connection (of ``address``, if given) open at least ``grace``
        seconds that has sent nothing yet: one whose hello has arrived, unread, is spared (a
        reconnecting player's hello is on the wire the moment its connection opens)."""
        now = time.monotonic()
        for connection in self.pending:
            if now - connection.opened < grace:
                return None  # the rest are younger still
            if address in (None, connection.address) and not connection.has_spoken():
                return connection
        return None

    def _evict_pending(self, victim: _Connection) -> None:
        victim.shut("timeout", "no hello yet while the host is busy")
        self.pending.pop(victim, None)
        self.connections.discard(victim)  # its handler forgets it again when it ends

    def admit_spectator(self, newcomer: _Connection) -> None:
        """Room for one more spectator, or ``WireError("server_full")``: past the per-address
        or the total limit, the spectator idle the longest (of the newcomer's address for the
        per-address limit) makes room if it has been idle ``spectator_idle`` seconds."""

        def established() -> list[_Connection]:
            return [c for c in self.connections
                    if c is not newcomer and c.role is not None and not c.closed]

        def watchers(address: str | None = None) -> list[_Connection]:
            return sorted((c for c in established() if c.seat is None
                           and (address is None or c.address == address)),
                          key=lambda c: c.last_heard)

        same = watchers(newcomer.address)
        if len(same) >= self.max_per_address:
            self._evict_idle(same, f"too many spectators from {newcomer.address} "
                                   f"(at most {self.max_per_address})")
        if len(established()) >= self.max_connections:
            self._evict_idle(watchers(), f"the host has too many connections "
                                         f"({self.max_connections})")

    def _evict_idle(self, watchers: list[_Connection], why: str) -> None:
        idlest = watchers[0] if watchers else None
        if idlest is None or time.monotonic() - idlest.last_heard < self.spectator_idle:
            raise WireError("server_full", why)
        idlest.shut("server_full", "an idle spectator makes room for a newcomer")
        idlest.detach()

    def forget(self, connection: _Connection) -> None:
        connection.detach()
        self.connections.discard(connection)
        self.pending.pop(connection, None)

    async def close(self) -> None:
        """Stop accepting, say ``bye`` to everyone, wait for the handlers to finish."""
        server, self._server = self._server, None
        if server is not None:
            server.close()
        for connection in list(self.connections):
            connection.shut("shutting_down")
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=2.0)
        if server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 2.0)


class ServerThread:
    """Run a ``TableServer`` in a background thread with its own event loop (the host UI,
    tests and benchmarks use this; the headless host runs the loop in the main thread)."""

    def __init__(self, table: Table, **server_kwargs: Any) -> None:
        self.server = TableServer(table, **server_kwargs)
        self.loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="table-server", daemon=True)

    @property
    def port(self) -> int:
        return self.server.port

    def start(self) -> int:
        self._thread.start()
        self._ready.wait()
        if self._error is not None:
            raise self._error
        return self.port

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        try:
            loop.run_until_complete(self.server.start())
        except BaseException as exc:
            self._error = exc
            self._ready.set()
            loop.close()
            return
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    def stop(self) -> None:
        loop = self.loop
        if loop is None or not self._thread.is_alive():
            return
        future = asyncio.run_coroutine_threadsafe(self.server.close(), loop)
        with contextlib.suppress(Exception):
            future.result(timeout=5)
        loop.call_soon_threadsafe(loop.stop)
        self._thread.join(timeout=5)
