"""asyncio TCP server exposing one ``Table`` on the LAN.

Defensive by construction: every frame is size-checked before it is read, decoded with
bounded msgpack, schema-checked, rate-limited per connection; a broken or hostile client gets
an ``error`` and, for anything that breaks the stream or the rules of the handshake, its
connection closed. Nothing a client sends can raise out of its own connection handler, so
every other client keeps playing. ``TableServer.close`` says ``bye`` and shuts down in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import threading
import time
from collections import deque
from typing import Any

from net.table import Message, Table, TableError
from net.wire import (
    APP_VERSION,
    MAX_CLIENT_FRAME,
    PROTOCOL_VERSION,
    WireError,
    check_client_message,
    decode,
    encode,
    error_message,
    mismatch_text,
    read_frame,
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


class _Connection:
    """One client. Reads in ``run``; writes from an outbox drained by a writer task."""

    def __init__(self, server: TableServer, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        self.server = server
        self.reader, self.writer = reader, writer
        self.loop = asyncio.get_running_loop()
        self.peer = writer.get_extra_info("peername")
        self.outbox: deque[Message] = deque()
        self.wakeup = asyncio.Event()
        self.closed = False
        self.handle: int | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.role: str | None = None
        self.strikes = 0
        self.limiter = _RateLimiter(server.rate, server.burst)

    # -- output ------------------------------------------------------------------------
    def post(self, message: Message) -> None:
        """Queue ``message`` from any thread, in order (the table's listener)."""
        if _running_loop() is self.loop:
            # a move handled on the loop itself (the usual case): no cross-thread wake-up,
            # which would cost one system call per connection per move
            self.loop.call_soon(self._enqueue, message)
            return
        with contextlib.suppress(RuntimeError):  # loop closed: the server is gone
            self.loop.call_soon_threadsafe(self._enqueue, message)

    def _enqueue(self, message: Message) -> None:
        if self.closed:
            return
        if len(self.outbox) >= self.server.queue_limit:
            self.shut("slow_consumer")
            return
        self.outbox.append(message)
        self.wakeup.set()

    async def write_loop(self) -> None:
        while not self.closed:
            await self.wakeup.wait()
            self.wakeup.clear()
            frames = []
            while self.outbox:
                message = self.outbox.popleft()
                try:
                    frames.append(self.server.encode_shared(message))
                except (ValueError, TypeError) as exc:
                    log.error("cannot encode %s for %s: %s", message.get("t"), self.peer, exc)
            if not frames:
                continue
            self.writer.write(b"".join(frames))
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
        self.wakeup.set()
        if code == "slow_consumer":
            # the peer reads nothing: a goodbye would never arrive, and a graceful close would
            # keep the socket and its buffered megabytes until the peer reads; drop it now
            self.outbox.clear()
            with contextlib.suppress(Exception):
                self.writer.transport.abort()
            return
        final = (
            {"t": "bye", "reason": code, "message": message or "the host is stopping"}
            if code == "shutting_down"
            else error_message(code, message)
        )
        pending = list(self.outbox) + [final]
        self.outbox.clear()
        with contextlib.suppress(Exception):
            self.writer.write(b"".join(encode(m) for m in pending))
        with contextlib.suppress(Exception):
            self.writer.close()

    # -- input -------------------------------------------------------------------------
    async def run(self) -> None:
        writer_task = asyncio.create_task(self.write_loop())
        pinger = asyncio.create_task(self.ping_loop())
        try:
            while not self.closed:
                timeout = self.server.idle_timeout if self.role else self.server.hello_timeout
                try:
                    payload = await asyncio.wait_for(
                        read_frame(self.reader, MAX_CLIENT_FRAME), timeout
                    )
                except TimeoutError:
                    self.shut("timeout")
                    break
                except WireError as exc:
                    self.shut(exc.code, exc.message)
                    break
                except (asyncio.IncompleteReadError, ConnectionError, OSError):
                    break  # the peer went away (mid-frame or not): nothing to answer
                if not self.limiter.allow():
                    self.shut("rate_limited")
                    break
                try:
                    self.dispatch(check_client_message(decode(payload)))
                except WireError as exc:
                    if exc.fatal:
                        self.shut(exc.code, exc.message)
                        break
                    self.strikes += 1
                    if self.strikes > self.server.max_strikes:
                        self.shut("too_many_errors")
                        break
                    self.post(error_message(exc.code, exc.message))
        except Exception:  # a bug here must cost one connection, never the server
            log.exception("connection %s failed", self.peer)
            self.shut("bad_message", "internal error while handling your message")
        finally:
            self.closed = True
            self.wakeup.set()
            pinger.cancel()
            self.server.forget(self)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer_task, 1.0)
            writer_task.cancel()
            with contextlib.suppress(Exception):
                self.writer.close()
                await asyncio.wait_for(self.writer.wait_closed(), 1.0)

    async def ping_loop(self) -> None:
        count = 0
        while not self.closed:
            await asyncio.sleep(self.server.ping_interval)
            count += 1
            self.post({"t": "ping", "n": count})

    def dispatch(self, message: Message) -> None:
        kind = message["t"]
        if self.role is None:
            if kind != "hello":
                raise WireError("hello_required", "the first message must be hello")
            self.hello(message)
            return
        table = self.server.table
        if kind == "move":
            if self.seat is None:
                self.post(table.refusal("spectator", "spectators cannot move"))
            elif "seat" in message and message["seat"] != self.seat:
                self.post(table.refusal(
                    "wrong_seat", f"this connection holds seat {self.seat}", self.seat))
            else:
                refusal = table.submit(self.seat, self.token, message["version"], message["move"])
                if refusal is not None:
                    self.post(refusal)
        elif kind == "sync":
            if self.handle is not None:
                table.send_snapshot(self.handle)
        elif kind == "legal":
            self.post(table.legal_message(self.seat))
        elif kind == "ping":
            self.post({"t": "pong", "n": message.get("n", 0)})
        elif kind == "pong":
            pass
        elif kind == "leave":
            if self.seat is not None and self.token is not None:
                table.leave(self.seat, self.token)
            self._leave()
        elif kind == "hello":
            raise WireError("already_joined", "hello was already received")

    def _leave(self) -> None:
        if self.closed:
            return
        self.closed = True
        pending = list(self.outbox) + [{"t": "bye", "reason": "left", "message": "goodbye"}]
        self.outbox.clear()
        with contextlib.suppress(Exception):
            self.writer.write(b"".join(encode(m) for m in pending))
            self.writer.close()

    def hello(self, message: Message) -> None:
        server, table = self.server, self.server.table
        if not versions_compatible(message["protocol"], message["app"]):
            raise WireError("version_mismatch", mismatch_text(message["protocol"], message["app"]))
        if server.password is not None and not hmac.compare_digest(
            str(message.get("password") or "").encode(), server.password.encode()
        ):
            raise WireError("bad_password", "wrong table password")
        role = message.get("role", "player")
        token = message.get("token")
        if role == "spectator":
            seat = None
        elif token:
            seat = table.seat_for_token(token)
            if seat is None:
                raise WireError("bad_token", "that token does not hold a seat at this table")
        else:
            try:
                seat, token = table.join(message.get("name", ""))
            except TableError as exc:
                raise WireError(exc.code, exc.message) from None
        self.role, self.seat, self.token = role, seat, token if seat is not None else None
        if seat is not None:
            previous = server.seat_owner.get(seat)
            if previous is not None and previous is not self:
                previous.shut("replaced")
                previous.detach()
            server.seat_owner[seat] = self
            if message.get("name") and token:
                table.rename(seat, token, message["name"])
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
        rate: float = 200.0,
        burst: float = 400.0,
        hello_timeout: float = 10.0,
        idle_timeout: float = 30.0,
        ping_interval: float = 5.0,
        write_timeout: float = 10.0,
        queue_limit: int = 1024,
        max_strikes: int = 10,
    ) -> None:
        self.table = table
        self.host, self.port = host, port
        self.password = password or None
        self.max_connections = max_connections
        self.rate, self.burst = rate, burst
        self.hello_timeout, self.idle_timeout = hello_timeout, idle_timeout
        self.ping_interval, self.write_timeout = ping_interval, write_timeout
        self.queue_limit, self.max_strikes = queue_limit, max_strikes
        self.connections: set[_Connection] = set()
        self.seat_owner: dict[int, _Connection] = {}
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._frames: dict[int, tuple[Message, bytes]] = {}

    def encode_shared(self, message: Message) -> bytes:
        """Encode ``message``, reusing the frame when the same object goes to several
        connections (the table shares one events message among spectators)."""
        key = id(message)
        cached = self._frames.get(key)
        if cached is not None and cached[0] is message:
            return cached[1]
        frame = encode(message)
        if len(self._frames) > 256:
            self._frames.clear()
        self._frames[key] = (message, frame)  # holding the message keeps its id unique
        return frame

    async def start(self) -> None:
        """Bind and listen; ``OSError`` (e.g. EADDRINUSE) if the port cannot be had."""
        self._server = await asyncio.start_server(self._accept, self.host, self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if len(self.connections) >= self.max_connections or self._server is None:
            with contextlib.suppress(Exception):
                writer.write(encode(error_message("server_full")))
                writer.close()
            return
        connection = _Connection(self, reader, writer)
        self.connections.add(connection)
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            await connection.run()
        finally:
            if task is not None:
                self._tasks.discard(task)

    def forget(self, connection: _Connection) -> None:
        connection.detach()
        self.connections.discard(connection)

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
