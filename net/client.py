"""The UI's connection to a table over TCP: a background thread, queues, never a blocking call.

Same duck type as ``net.local.LocalConnection`` (see its docstring for the API). The network
thread runs its own asyncio loop: it answers pings, notices version gaps (and asks for a
snapshot instead of passing a gap on), and reconnects with exponential backoff and the seat's
token when the link drops. The UI thread only calls ``poll`` / ``send`` and never waits.

Besides wire messages, ``poll`` returns client-local ``{"t": "connection", "state": ...,
"detail": ...}`` notes: ``connecting``, ``connected``, ``reconnecting``, ``failed`` (never
connected, or a refusal a retry cannot fix: the ``error`` message came just before) and
``closed``.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import random
import threading
import time
from collections.abc import Callable
from typing import Any

from net.moves import SentMoves
from net.wire import (
    APP_VERSION,
    MAX_CLIENT_FRAME,
    MAX_SERVER_FRAME,
    NO_RETRY,
    PROTOCOL_VERSION,
    WireError,
    decode,
    encode,
    read_frame,
    versions_compatible,
)

Message = dict[str, Any]

#: refusals a client holding a seat's token retries anyway (with backoff): the host may be
#: flooded by others for a while, but a seat always has its place once the hello is read
RETRIED_WITH_A_SEAT = frozenset({"server_full"})


def parse_address(text: str, default_port: int) -> tuple[str, int]:
    """``"host:port"`` / ``"host"`` / ``"[v6]:port"`` -> (host, port); ``ValueError`` if bad."""
    text = text.strip()
    if not text:
        raise ValueError("empty address")
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port_text = rest.removeprefix(":")
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:
        host, port_text = text, ""
    port = int(port_text) if port_text else default_port
    if not host or not 0 < port < 65536:
        raise ValueError(f"not a host:port address: {text!r}")
    return host, port


class Client:
    """Connect to ``host:port`` as ``name`` (a player, or ``role="spectator"``)."""

    def __init__(
        self,
        host: str,
        port: int,
        name: str = "Player",
        *,
        role: str = "player",
        token: str | None = None,
        password: str | None = None,
        reconnect: bool = True,
        retry_stale: bool = True,
        max_attempts: int | None = None,
        max_backoff: float = 5.0,
        connect_timeout: float = 5.0,
        silence_timeout: float = 20.0,
        start: bool = True,
    ) -> None:
        self.host, self.port, self.name = host, port, name
        self.role, self.password = role, password
        #: this seat's moves in flight, matched with the host's answers in the network thread
        self._moves = SentMoves(retry_stale=retry_stale)
        self._net_seat: int | None = None
        self.reconnect, self.max_attempts, self.max_backoff = reconnect, max_attempts, max_backoff
        self.connect_timeout, self.silence_timeout = connect_timeout, silence_timeout
        # what the UI has seen (updated by poll)
        self.seat: int | None = None
        self.token: str | None = token
        self.version = -1
        self.view: Any = None
        self.table: dict[str, Any] | None = None
        self.to_move: list[int] = []
        self.connected = False
        self.last_error: Message | None = None
        # network thread
        self._inbox: queue.Queue[Message] = queue.Queue()
        self._held: list[Message] = []  # already tracked, returned first by the next poll
        self._loop: asyncio.AbstractEventLoop | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._net_token = token
        self._net_version = -1
        self._awaiting_sync = False
        self._welcomed = False
        self._fatal = False
        self._left = False
        self._stopping = False
        #: the reconnect jitter's own generator: a library must not move the global
        #: ``random`` state that its caller (a seeded game, a property test) may rely on
        self._jitter = random.Random()
        self._main_task: asyncio.Task[None] | None = None
        self._thread = threading.Thread(target=self._run, name="starparty-client", daemon=True)
        self.on_message: Callable[[Message], None] | None = None  # optional hook (net thread)
        if start:
            self.start()

    @property
    def retry_stale(self) -> bool:
        """Resend a move refused ``stale_version`` once (the default)."""
        return self._moves.retry_stale

    @retry_stale.setter
    def retry_stale(self, value: bool) -> None:
        self._moves.retry_stale = value

    # ------------------------------------------------------------------ UI side
    def start(self) -> None:
        self._thread.start()

    def poll(self) -> list[Message]:
        """Every message since the last poll (oldest first); never blocks."""
        held, self._held = self._held, []
        messages: list[Message] = []
        while True:
            try:
                messages.append(self._inbox.get_nowait())
            except queue.Empty:
                break
        for message in messages:
            self._track(message)
        return held + messages

    def _track(self, message: Message) -> None:
        kind = message.get("t")
        if kind == "welcome":
            self.seat, self.token = message.get("seat"), message.get("token")
        elif kind in ("snapshot", "events", "refused"):
            version = message.get("version")
            if isinstance(version, int):
                self.version = version
            self.view = message.get("view", self.view)
            to_move = message.get("to_move")
            if isinstance(to_move, list):
                self.to_move = to_move
        elif kind == "connection":
            self.connected = message.get("state") == "connected"
        elif kind == "error":
            self.last_error = message
        if isinstance(message.get("table"), dict):
            self.table = message["table"]

    def send(self, message: Message) -> None:
        """Queue a client->server message; it is written by the network thread."""
        loop = self._loop
        if loop is None or loop.is_closed():
            self._local_error("not_connected", "not connected to a table")
            return
        try:
            loop.call_soon_threadsafe(self._write, message)
        except RuntimeError:
            self._local_error("not_connected", "not connected to a table")

    def send_move(self, move: Message) -> None:
        """Send ``move`` against the last state this client polled."""
        self.send({"t": "move", "version": self.version, "move": move})

    def request_snapshot(self) -> None:
        self.send({"t": "sync"})

    def leave(self) -> None:
        """Give the seat up (in the lobby it is freed); the host answers ``bye`` and closes,
        and the network thread ends by itself (never blocks the caller)."""
        self.send({"t": "leave"})

    def close(self) -> None:
        """Disconnect (the seat stays reserved for the token) and stop the thread."""
        self._stopping = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._cancel)
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    def wait_for(self, predicate: Callable[[Message], bool], timeout: float) -> Message | None:
        """Blocking helper for scripts and tests (never for a frame loop): poll until a
        message satisfies ``predicate``; returns it, or None after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            messages = self.poll()
            for index, message in enumerate(messages):
                if predicate(message):
                    self._held = messages[index + 1:]  # the next poll returns the rest
                    return message
            time.sleep(0.002)
        return None

    def _local_error(self, code: str, text: str) -> None:
        self._inbox.put({"t": "error", "code": code, "message": text, "local": True})

    def _note(self, state: str, detail: str = "", *, bad_data: bool = False) -> None:
        """A change of the link for the caller's inbox; ``bad_data``: given up because the
        host's frames could not be read (the caller says so rather than "connection lost")."""
        note: Message = {"t": "connection", "state": state, "detail": detail}
        if bad_data:
            note["bad_data"] = True
        self._inbox.put(note)

    # ------------------------------------------------------------------ network thread
    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            self._main_task = loop.create_task(self._main())
            with contextlib.suppress(asyncio.CancelledError):
                loop.run_until_complete(self._main_task)
        finally:
            loop.close()

    def _cancel(self) -> None:
        if self._writer is not None:
            self._writer.close()
        if self._main_task is not None:
            self._main_task.cancel()

    def _write(self, message: Message) -> None:
        writer = self._writer
        if writer is None or writer.is_closing() or not self._welcomed:
            self._local_error("not_connected", "not connected to a table (yet)")
            return
        if self._send_frame(message) and message.get("t") == "move":
            self._moves.sent(message)

    def _send_frame(self, message: Message) -> bool:
        """Write one message; False if it could not be encoded (the UI is told)."""
        writer = self._writer
        if writer is None:
            return False
        try:
            writer.write(encode(message, MAX_CLIENT_FRAME))
        except (ValueError, TypeError) as exc:
            self._local_error("bad_message", f"cannot send this message: {exc}")
            return False
        return True

    def _backoff(self, attempt: int) -> float:
        return min(self.max_backoff, 0.2 * 2 ** (attempt - 1)) * self._jitter.uniform(0.75, 1.25)

    #: links in a row that the host ended with data this client cannot read, after which it
    #: stops trying: a host that sends it again on every link (a hostile one, or a story too
    #: long for the limits) was met by a reconnection 5 times a second, for ever
    BAD_DATA_LINKS = 3
    _bad_data = False

    async def _main(self) -> None:
        attempt = 0
        bad_links = 0
        where = f"{self.host}:{self.port}"
        self._note("connecting", where)
        while not self._stopping:
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(self.host, self.port), self.connect_timeout
                )
            except (OSError, TimeoutError) as exc:
                reason = ("connection refused" if isinstance(exc, ConnectionRefusedError)
                          else "timed out" if isinstance(exc, TimeoutError)
                          else (exc.strerror or str(exc)))
                if not self._ever_welcomed():
                    self._note("failed", f"no table at {where} ({reason})")
                    return
                attempt += 1
                if self.max_attempts is not None and attempt > self.max_attempts:
                    self._note("failed", f"gave up reconnecting to {where} ({reason})")
                    return
                self._note("reconnecting", f"{where}: {reason}; attempt {attempt}")
                await asyncio.sleep(self._backoff(attempt))
                continue
            self._writer = writer
            self._welcomed = False
            self._moves.forget()
            hello: Message = {"t": "hello", "protocol": PROTOCOL_VERSION, "app": APP_VERSION,
                              "name": self.name, "role": self.role}
            if self._net_token:
                hello["token"] = self._net_token
            if self.password is not None:
                hello["password"] = self.password
            writer.write(encode(hello, MAX_CLIENT_FRAME))
            self._bad_data = False
            lost = await self._read_loop(reader)
            bad_links = bad_links + 1 if self._bad_data else 0
            if self._welcomed and not self._bad_data:
                attempt = 0  # the link worked: start the backoff from the beginning
            self._writer = None
            self._welcomed = False
            with contextlib.suppress(Exception):
                writer.close()
            if self._stopping:
                break
            if self._left or not self.reconnect:
                self._note("closed", lost)
                return
            if self._fatal:
                self._note("failed", lost)
                return
            if bad_links >= self.BAD_DATA_LINKS:
                self._note("failed", f"{lost}, {bad_links} times in a row", bad_data=True)
                return
            attempt += 1
            if self.max_attempts is not None and attempt > self.max_attempts:
                self._note("failed", f"gave up reconnecting to {where}")
                return
            self._note("reconnecting", f"{lost}; attempt {attempt}")
            await asyncio.sleep(self._backoff(attempt))
        self._note("closed", "closed by the player")

    def _retries_anyway(self, error: Message) -> bool:
        """A refusal that no person needs to fix for this client: it holds a seat's token."""
        return (error.get("code") in RETRIED_WITH_A_SEAT and bool(self._net_token)
                and self.role != "spectator")

    def _ever_welcomed(self) -> bool:
        return self._net_token is not None or self._seen_welcome

    _seen_welcome = False

    async def _read_loop(self, reader: asyncio.StreamReader) -> str:
        """Read until the link drops; returns why."""
        while True:
            try:
                payload = await asyncio.wait_for(
                    read_frame(reader, MAX_SERVER_FRAME), self.silence_timeout
                )
                message = decode(payload)
            except TimeoutError:
                return "the host went silent"
            except WireError as exc:
                self._bad_data = True
                return f"the host sent bad data ({exc.message})"
            except (asyncio.IncompleteReadError, ConnectionError, OSError):
                return "connection lost"
            if self._handle(message):
                return message.get("message", "closed by the host")

    def _handle(self, message: Message) -> bool:
        """Process one server message in the network thread; True if the link is over."""
        kind = message.get("t")
        if kind == "ping":
            self._write({"t": "pong", "n": message.get("n", 0)})
            return False
        if kind == "welcome" and not versions_compatible(
                message.get("protocol", PROTOCOL_VERSION), message.get("app", "")):
            # a host and a client talk only at the same protocol version (section 10): a host
            # that welcomes this one at another was taken at its word, and misread. Its
            # welcome is told as the refusal it should have been (``version_mismatch``)
            message = {"t": "error", "code": "version_mismatch",
                       "message": f"the host speaks protocol {message.get('protocol')!r}, "
                                  f"this window {PROTOCOL_VERSION}"}
            kind = "error"
        if kind == "welcome":
            self._welcomed = True
            self._seen_welcome = True
            if message.get("token"):
                self._net_token = message["token"]
            self._net_seat = message.get("seat")
            self._note("connected", f"{self.host}:{self.port}")
        elif kind == "snapshot":
            version = message.get("version")
            if not isinstance(version, int):
                return False
            self._net_version = version
            self._awaiting_sync = False
            self._moves.forget()  # answers to older moves can no longer be matched
        elif kind == "refused":
            version = message.get("version")
            if isinstance(version, int):
                self._net_version = version
            again = self._moves.refused(message)
            if again is not None:
                # another seat moved first: resend once against the current version (the
                # rules check the move again); the UI hears only if that fails too
                self._send_frame(again)
                return False
        elif kind == "events":
            version = message.get("version")
            if not isinstance(version, int) or not isinstance(message.get("events", []), list):
                return False  # not a message this client can use: ignore it
            if self._awaiting_sync:
                return False
            if version != self._net_version + 1:
                self._awaiting_sync = True
                self._write({"t": "sync"})
                return False
            self._net_version = version
            if message.get("by") == self._net_seat:
                self._moves.accepted()  # our oldest move in flight was accepted
        elif kind == "error":
            if message.get("code") in NO_RETRY and not self._retries_anyway(message):
                self._fatal = True
        elif kind == "bye" and message.get("reason") == "left":
            self._left = True
        if self.on_message is not None:
            self.on_message(message)
        self._inbox.put(message)
        return kind == "bye" or (kind == "error" and message.get("code") in NO_RETRY)
