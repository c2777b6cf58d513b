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
UI sees a ``refused`` only if that fails too (``net.moves.SentMoves`` decides, for both).

Messages are exactly the wire messages of docs/PROTOCOL.md (after msgpack decoding), and
they take the TCP server's own path (``net.dispatch``: the same schema check, the same
answers and refusals), so a scene written against LocalConnection works unchanged over
``net.client.Client``. The only difference: ``start`` is accepted here (the local host may
start its own table), while the TCP server only lets the host process start a table.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Any

from net.dispatch import checked, dispatch
from net.moves import SentMoves
from net.table import Message, SeatSpec, Table, TableError
from net.wire import WireError, error_message


class LocalConnection:
    """A seat's (or a spectator's) connection to an in-process table; no sockets, no waits.

    Its messages take the server's path (``net.dispatch``); like ``net.client.Client`` it
    keeps its moves in flight (``net.moves.SentMoves``) and resends a stale one once."""

    def __init__(self, table: Table, seat: int | None, token: str | None, *,
                 retry_stale: bool = True) -> None:
        self.table_ref = table
        self.moves = SentMoves(retry_stale=retry_stale)
        self.seat = seat
        self.token = token
        self.version = -1
        self.view: Any = None
        self.table: dict[str, Any] | None = None
        self.to_move: list[int] = []
        self.connected = True
        self._inbox: deque[Message] = deque()
        self._lock = threading.Lock()
        #: its listener at the table (None once closed)
        self.handle: int | None = table.attach(seat, self._receive)

    @property
    def retry_stale(self) -> bool:
        """Resend a move refused ``stale_version`` once (the default)."""
        return self.moves.retry_stale

    @retry_stale.setter
    def retry_stale(self, value: bool) -> None:
        self.moves.retry_stale = value

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
        if not self.connected:
            self._receive(error_message("closed", "connection closed"))
            return
        try:
            message = checked(message, host=True)
        except WireError as exc:
            self._receive(error_message(exc.code, exc.message))
            return
        if message["t"] == "move" and self.seat is not None:
            self.moves.sent(message)
        # under the table's lock a stale move's retry meets the very state its refusal named
        with self.table_ref.lock:
            self._dispatch(message)

    def _dispatch(self, message: Message) -> None:
        try:
            dispatch(self.table_ref, self, message)
        except WireError as exc:
            self._receive(error_message(exc.code, exc.message))

    def send_move(self, move: dict[str, Any]) -> None:
        """Send ``move`` against the last state this connection polled."""
        self.send({"t": "move", "version": self.version, "move": move})

    def request_snapshot(self) -> None:
        self.send({"t": "sync"})

    def close(self) -> None:
        if self.handle is not None:
            self.table_ref.detach(self.handle)
            self.handle = None
        self.connected = False

    # -- the dispatcher's Endpoint (net.dispatch) ----------------------------------------
    answer = turn_down = _receive

    def move_answered(self, message: Message, refusal: Message | None) -> None:
        if refusal is None:
            self.moves.accepted()
            return
        again = self.moves.refused(refusal)
        if again is not None:
            # someone else moved first (simultaneous play): the rules check the move again
            # on the new state; only if that fails too does the UI hear of it
            self._dispatch(again)
        else:
            self._receive(refusal)

    def left(self) -> None:
        self.close()


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
