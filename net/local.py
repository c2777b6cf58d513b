"""In-process transport: single player and hot-seat run the very same ``Table`` as LAN play.

API (the pygame client codes against this; ``net.client.Client`` has the same duck type)::

    from net.table import SeatSpec, Table
    from net.local import LocalConnection, local_game

    from net.save import default_autosave_dir

    # ``net`` knows no game: it is handed the Ruleset and a bot factory (game.tables wires
    # the game package's registries: ``game.tables.new_local_game("stars", ...)``)
    table, conns = local_game("stars", {}, seed=7,
                              seats=[SeatSpec("human", "Ann"), SeatSpec("ai", "Bot", "greedy")],
                              ruleset=get_ruleset("stars"), bot_factory=make_bot,
                              ai_delay=0.6, autosave_dir=default_autosave_dir())
    conn = conns[0]                 # one LocalConnection per local "human" seat (hot-seat: several)
    conn.seat, conn.token           # int, secret str (None/None for a spectator)
    conn.version, conn.view, conn.table, conn.to_move  # from the last message poll() returned
    conn.send_move({"t": "place", ...})   # fills the version of the last polled state
    conn.send({"t": "move", "version": v, "move": {...}})   # any client->server wire message
    conn.request_snapshot()         # same as send({"t": "sync"})
    conn.send({"t": "legal"})       # -> {"t": "legal", "version", "seat", "moves": [...]}
    for message in conn.poll():     # never blocks; messages since the last poll, in order
        ...                         # message["t"] in snapshot/events/refused/table/game_over/
                                    #   error/pong (exact fields: docs/PROTOCOL.md)
    conn.close()                    # detach (the table keeps running); table.close() stops AI

    LocalConnection.spectate(table)             # a read-only public view
    LocalConnection.for_seat(table, seat)       # a local human seat (uses its token)
    LocalConnection.join(table, "Bob")          # claim a free remote/open seat in the lobby

The rest of ``net`` that a UI uses::

    table.join(name) -> (seat, token)  table.start(fill_open="")  table.info()
    table.submit(seat, token, version, move) -> None | refused message
    table.save() -> Path   table.close()
    Table.resume(path, ruleset_for=get_ruleset, bot_factory=make_bot, **table_kwargs) -> Table
    from net.save import default_autosave_dir, newest_save    # autosave_dir=None: no saving
    from net.server import ServerThread     # ServerThread(table, host="0.0.0.0",
                                            #   port=DEFAULT_PORT, password=None).start()
                                            #   -> port; .stop()
    from net.client import Client           # Client(host, port, name, role="player"|"spectator",
                                            #   token=None, password=None); same API as above,
                                            #   plus {"t": "connection", "state": ...} notes
    from net.discovery import Advertiser, Browser, TableAd   # Browser().poll() ->
                                            #   [("added"|"updated"|"removed", TableAd)]

Stale versions: a move made on an older version stands while nothing concerning its seat
changed since (``Table.seat_versions``: in simultaneous play another seat drawing on its own
sheet does not make yours stale). When something did (a new card, a new round), the move is
refused ``stale_version``; with ``retry_stale=True`` (the default, both transports) it is
resent once against the current version (the rules check it again on the new state), and the
UI sees a ``refused`` only if that fails too.

Messages are exactly the wire messages of docs/PROTOCOL.md (after msgpack decoding), so a
scene written against LocalConnection works unchanged over ``net.client.Client``. The only
difference: ``start`` is accepted here (the local host may start its own table), while the TCP
server only lets the host process start a table.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Any

from net.table import Message, SeatSpec, Table, TableError


class LocalConnection:
    """A seat's (or a spectator's) connection to an in-process table; no sockets, no waits."""

    def __init__(self, table: Table, seat: int | None, token: str | None, *,
                 retry_stale: bool = True) -> None:
        self.table_ref = table
        self.retry_stale = retry_stale
        self.seat = seat
        self.token = token
        self.version = -1
        self.view: Any = None
        self.table: dict[str, Any] | None = None
        self.to_move: list[int] = []
        self.connected = True
        self._inbox: deque[Message] = deque()
        self._lock = threading.Lock()
        self._handle: int | None = table.attach(seat, self._receive)

    # -- constructors -------------------------------------------------------------------
    @classmethod
    def for_seat(cls, table: Table, seat: int, **kwargs: Any) -> LocalConnection:
        token = table.token_for(seat)
        if token is None:
            raise TableError("bad_token", f"seat {seat} is not a local seat")
        return cls(table, seat, token, **kwargs)

    @classmethod
    def spectate(cls, table: Table) -> LocalConnection:
        return cls(table, None, None)

    @classmethod
    def join(cls, table: Table, name: str) -> LocalConnection:
        seat, token = table.join(name)
        return cls(table, seat, token)

    # -- the Client duck type ----------------------------------------------------------
    def _receive(self, message: Message) -> None:
        with self._lock:
            self._inbox.append(message)

    def poll(self) -> list[Message]:
        """Every message since the last poll (oldest first); never blocks."""
        with self._lock:
            messages = list(self._inbox)
            self._inbox.clear()
        for message in messages:
            self._track(message)
        return messages

    def _track(self, message: Message) -> None:
        if "version" in message and message.get("t") in ("snapshot", "events", "refused"):
            self.version = message["version"]
            self.view = message.get("view", self.view)
            self.to_move = message.get("to_move", self.to_move)
        if "table" in message:
            self.table = message["table"]

    def send(self, message: dict[str, Any]) -> None:
        """Handle one client->server message (replies arrive through ``poll``)."""
        kind = message.get("t") if isinstance(message, dict) else None
        if not self.connected:
            self._receive({"t": "error", "code": "closed", "message": "connection closed"})
            return
        if kind == "move":
            if self.seat is None:
                self._receive(self.table_ref.refusal("spectator", "spectators cannot move"))
                return
            refusal = self.table_ref.submit(
                self.seat, self.token, message.get("version"), message.get("move")
            )
            if refusal is not None and refusal["code"] == "stale_version" and self.retry_stale:
                # someone else moved first (simultaneous play): the rules re-check the move
                # against the new state; only if that fails too does the UI hear of it
                refusal = self.table_ref.submit(
                    self.seat, self.token, refusal["version"], message.get("move")
                )
            if refusal is not None:
                self._receive(refusal)
        elif kind == "sync":
            if self._handle is not None:
                self.table_ref.send_snapshot(self._handle)
        elif kind == "legal":
            self._receive(self.table_ref.legal_message(self.seat))
        elif kind == "ping":
            self._receive({"t": "pong", "n": message.get("n", 0)})
        elif kind == "pong":
            pass
        elif kind == "start":
            try:
                self.table_ref.start()
            except TableError as exc:
                self._receive({"t": "error", "code": exc.code, "message": exc.message})
        elif kind == "leave":
            if self.seat is not None and self.token is not None:
                self.table_ref.leave(self.seat, self.token)
            self.close()
        else:
            self._receive({"t": "error", "code": "unknown_type",
                           "message": f"unknown message type {kind!r}"})

    def send_move(self, move: dict[str, Any]) -> None:
        """Send ``move`` against the last state this connection polled."""
        self.send({"t": "move", "version": self.version, "move": move})

    def request_snapshot(self) -> None:
        self.send({"t": "sync"})

    def close(self) -> None:
        if self._handle is not None:
            self.table_ref.detach(self._handle)
            self._handle = None
        self.connected = False


def local_game(
    game: str,
    options: dict[str, Any],
    seed: int,
    seats: list[SeatSpec],
    *,
    start: bool = True,
    **table_kwargs: Any,
) -> tuple[Table, dict[int, LocalConnection]]:
    """A table (started unless ``start=False``) and one connection per local ``human`` seat."""
    table = Table(game, options, seed, seats, **table_kwargs)
    connections = {
        index: LocalConnection.for_seat(table, index)
        for index, spec in enumerate(seats)
        if spec.kind == "human"
    }
    if start:
        table.start()
    return table, connections
