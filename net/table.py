"""The authoritative Table: seats, tokens, the versioned game state, validation, listeners.

The Table knows no game: it hosts any ``Ruleset`` and talks to its audience only through
*listeners* (callables receiving wire messages, see ``docs/PROTOCOL.md``). The TCP server and
the in-process transport (``net.local``) are both just listeners, and both hand what their
clients send to ``net.dispatch``, so single player, hot-seat and LAN play run exactly the
same code. Two parts with threads of their own are owned by the table, each started when the
game starts and closed by ``Table.close``: its AI seats (``self.ai``, ``net.ai_runner``) and
its autosave (``self.saves``, ``net.persistence``).

Thread-safety: every public method takes the table lock; AI seats think in their own thread
(off the network loop) and submit like anyone else. Listeners are called with the lock held,
so they must only enqueue (never block, never call back into the table), and must not
mutate the messages they get (listeners of the same seat share one message object).
"""

from __future__ import annotations

import copy
import hmac
import itertools
import logging
import threading
import uuid
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from game.rules.base import (
    MALFORMED_MOVE,
    IllegalMove,
    Move,
    Ruleset,
    State,
    may_act,
    new_secret,
    short_repr,
    visible_events,
)
from net.ai_runner import AiRunner, BotFactory
from net.persistence import Persistence, autosave_file, load
from net.save import KEEP_FINISHED_SAVES, SAVE_FORMAT, SAVE_VERSION
from net.seats import (
    Seat,
    SeatSpec,
    clean_name,
    distinct_name,
    new_token,
)
from net.wire import APP_VERSION, MAX_ARRAY, MAX_SERVER_FRAME

log = logging.getLogger(__name__)

Message = dict[str, Any]
Listener = Callable[[Message], None]
__all__ = ["BotFactory", "Message", "SeatSpec", "Table", "TableError"]

#: lobby -> playing -> over
STATUSES = ("lobby", "playing", "over")


class TableError(Exception):
    """A request the table refuses outright (join, start, resume). ``code`` is on the wire."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class _ListenerEntry:
    seat: int | None
    sink: Listener
    extra: dict[str, Any] = field(default_factory=dict)


#: at most this many entries of at most SEATING_TEXT characters in ``Table.seating``
SEATING_ENTRIES, SEATING_TEXT = 16, 40


def clean_seating(seating: Any) -> dict[str, str]:
    """``seating`` as the table keeps it: short text keys and values only (a save may have
    been edited by hand; anything else is dropped, never trusted)."""
    if not isinstance(seating, dict):
        return {}
    clean = {k: v for k, v in seating.items() if isinstance(k, str) and isinstance(v, str)
             and 0 < len(k) <= SEATING_TEXT and len(v) <= SEATING_TEXT}
    return dict(list(clean.items())[:SEATING_ENTRIES])


def clean_stand_ins(stand_ins: Any, moves: int) -> list[int]:
    """A save's or a record's ``stand_ins`` as the table keeps them: move indices below
    ``moves``, in order, each once; anything else is dropped (the labels of a review, never
    worth refusing a save for)."""
    if not isinstance(stand_ins, list):
        return []
    return sorted({i for i in stand_ins
                   if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < moves})


class Table:
    """One game being played. See the module docstring and ``docs/PROTOCOL.md``.

    ``options`` get ``players = len(seats)``; ``autosave_dir`` (None: no saving; the UI and
    the headless host pass ``net.save.default_autosave_dir()``) receives
    ``<game>-<table id>.spsave`` plus its journal after every accepted move; ``ai_delay`` is a
    visible pause before each bot move; ``ai_budget`` the seconds a bot may think before a
    random legal move stands in (the late bot thread is abandoned, its answer ignored);
    ``ruleset`` / ``bot_factory`` replace the registries (tests, tools);
    ``keep_finished_saves``: when this table starts saving, finished games' autosaves in its
    folder beyond that many (newest kept) are deleted (None: never). ``secret`` keys the
    game's hidden order (``game.rules.base.new_secret``; None: a fresh one): it is saved
    with the table and never leaves the host (no view, no message, no bot sees it).
    ``default_bot``: the level of an AI seat none was named for (``game.tables`` passes the
    game's ``game.ai.default_level``; a bare table knows no game's levels: ``random``).
    """

    def __init__(
        self,
        game: str,
        options: dict[str, Any],
        seed: int,
        seats: list[SeatSpec],
        *,
        name: str = "Star Party",
        autosave_dir: Path | None = None,
        autosave_path: Path | None = None,
        ai_delay: float = 0.0,
        ai_budget: float = 5.0,
        ruleset: Ruleset,
        bot_factory: BotFactory,
        table_id: str | None = None,
        keep_finished_saves: int | None = KEEP_FINISHED_SAVES,
        secret: str | None = None,
        default_bot: str = "random",
        hints: bool = False,
        seating: dict[str, str] | None = None,
    ) -> None:
        if not seats:
            raise ValueError("a table needs at least one seat")
        self.game = game
        self.ruleset = ruleset
        self.name = clean_name(name, "Star Party")
        self.seed = int(seed)
        self.options = ruleset.normalize_options({**options, "players": len(seats)})
        self.table_id = table_id or uuid.uuid4().hex[:12]
        self.ai_delay = float(ai_delay)
        self.ai_budget = float(ai_budget)
        #: the level of an AI seat none was named for (``SeatSpec`` without ``bot``, free
        #: seats filled at ``start``, ``replace_with_bot`` without a level)
        self.default_bot = default_bot
        #: how the window that made this table seats its local players (couch play: the
        #: mode and each seat's device), opaque to the table and never sent: kept in the save
        #: so that Continue reopens the game the way it was played
        self.seating = clean_seating(seating)
        #: the host lets players ask for hints (their own windows compute them from their own
        #: views; the table only says whether that is allowed, in ``info``)
        self.hints = bool(hints)
        self._seats = [
            Seat(spec.kind, clean_name(spec.name, f"Player {i + 1}"),
                 (spec.bot or default_bot) if spec.kind == "ai" else None,  # who plays it
                 reserved=(clean_name(spec.name, "") or None) if spec.kind == "remote" else None)
            for i, spec in enumerate(seats)
        ]
        self._name_clock = itertools.count(1)
        # people keep the names they asked for before bots do (a player called "Deneb" at a
        # table with a bot of that name stays "Deneb"; the bot becomes "Deneb 2")
        for seat in sorted(self._seats, key=lambda seat: seat.kind == "ai"):
            seat.asked = seat.vacant_name = seat.name
            seat.named_at = next(self._name_clock)
        for seat in self._seats:
            if seat.kind == "human":
                seat.token, seat.claimed = new_token(), True
        self._settle_names()
        self.secret: str | None = secret or new_secret()
        self.state: State = ruleset.setup(self.options, self.seed, self.secret)
        self.max_moves = ruleset.max_moves(self.options)
        self.moves: list[list[Any]] = []
        #: the indices in ``moves`` of the moves a bot made standing in for a player who had
        #: left (``replace_with_bot``): the player's review is not of them
        self.stand_in_moves: list[int] = []
        #: per move, its events and whether spectators were told of it: the story a
        #: snapshot tells a window that comes to the game late (``story``)
        self._told: list[tuple[list[dict[str, Any]], bool]] = []
        #: ((table id, version), viewer -> its story): ``story`` for the current version
        self._stories: tuple[tuple[str, int], dict[int | None, list[dict[str, Any]]]] = (
            ("", -1), {})
        self.version = 0
        #: the version spectators see: the number of moves they were told of. A move that shows
        #: a spectator nothing (``_shows_spectators``: a seat drawing on its own sheet during a
        #: card) is not sent to them, and this count leaves it out, so their versions stay
        #: consecutive and not even how many private moves were made reaches them
        self.spectator_version = 0
        #: per seat, the version at which something concerning that seat last changed: a move
        #: made on any version from there on is current for its seat (``_check``)
        self.seat_versions = [0] * len(self._seats)
        self.status = "lobby"
        if autosave_path is None and autosave_dir is not None:
            autosave_path = autosave_file(autosave_dir, game, self.table_id)
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._listeners: dict[int, _ListenerEntry] = {}
        self._next_listener = 1
        #: set under the lock by ``close``: from then on every move is refused
        self._closed = False
        self._legal_cache: tuple[tuple[int, int], list[Move]] | None = None
        #: ((table id, version), the packed size of the finished game's record)
        self._record_size: tuple[tuple[str, int], int] | None = None
        #: the AI seats' bots and their thread (``start`` / ``close``)
        self.ai = AiRunner(self, self._changed, bot_factory)
        #: the autosave file, its journal and saver thread (``start`` / ``close``)
        self.saves = Persistence(autosave_path, self.packed_save,
                                 keep_finished=keep_finished_saves)

    # ------------------------------------------------------------------ information
    @property
    def lock(self) -> threading.RLock:
        """The table's lock (re-entrant), for a caller whose several calls must meet one state:
        a local connection's move and its one stale retry (``net.local``)."""
        return self._lock

    @property
    def seat_count(self) -> int:
        return len(self._seats)

    @property
    def closed(self) -> bool:
        """``close`` has begun: every move is refused from then on."""
        return self._closed

    @property
    def autosave_path(self) -> Path | None:
        """The file this table autosaves to (None: it does not save)."""
        return self.saves.path

    @property
    def keep_finished_saves(self) -> int | None:
        return self.saves.keep_finished

    def ai_levels(self) -> dict[int, str]:
        """The AI seats and their bot levels (the table's ``default_bot`` where none was named)."""
        with self._lock:
            return {i: seat.bot or self.default_bot
                    for i, seat in enumerate(self._seats) if seat.kind == "ai"}

    def bot_token(self, seat: int) -> str:
        """The token an AI seat's bot moves with (made on first use; ``net.ai_runner``)."""
        with self._lock:
            seat_state = self._seats[seat]
            if seat_state.token is None:
                seat_state.token = new_token()
            return seat_state.token

    @property
    def spectators(self) -> int:
        """How many connections watch the table without a seat (the host's lobby says so)."""
        with self._lock:
            return sum(1 for entry in self._listeners.values() if entry.seat is None)

    def seats_taken(self) -> int:
        with self._lock:
            return sum(1 for s in self._seats if s.claimed or s.kind == "ai")

    def to_move(self) -> list[int]:
        with self._lock:
            return sorted(self.ruleset.to_move(self.state)) if self.status == "playing" else []

    def info(self) -> dict[str, Any]:
        """The public description of the table (seats, game, options, status)."""
        with self._lock:
            return {
                "id": self.table_id,
                "name": self.name,
                "game": self.game,
                "options": copy.deepcopy(self.options),
                "hints": self.hints,
                "status": self.status,
                "seats": [seat.public(i) for i, seat in enumerate(self._seats)],
            }

    def view(self, seat: int | None) -> State:
        with self._lock:
            return self.ruleset.view(self.state, seat)

    def token_for(self, seat: int) -> str | None:
        """The secret token of ``seat`` (the host uses it for its local human seats)."""
        with self._lock:
            return self._seats[seat].token

    def seat_for_token(self, token: Any) -> int | None:
        """The seat holding ``token`` (constant-time comparison), or None."""
        with self._lock:
            return self._seat_keeping(token, "token")

    def stood_in_for(self, token: Any) -> int | None:
        """The seat a stand-in bot plays for the player holding ``token`` (they may take it
        back, ``reclaim_from_bot``), or None."""
        with self._lock:
            return self._seat_keeping(token, "away_token")

    def _seat_keeping(self, token: Any, field: str) -> int | None:
        """Under the lock: the seat whose ``field`` (``token`` or ``away_token``) is ``token``,
        compared in constant time over every seat; None for no seat or a malformed token."""
        if not isinstance(token, str) or not token:
            return None
        found = None
        for index, seat in enumerate(self._seats):
            kept = getattr(seat, field)
            if kept is not None and hmac.compare_digest(kept, token):
                found = index
        return found

    def version_for(self, seat: int | None) -> int:
        """The version ``seat`` is told (None: a spectator's, ``spectator_version``)."""
        with self._lock:
            return self.version if seat is not None else self.spectator_version

    def snapshot(self, seat: int | None, *, story: bool = False) -> Message:
        """A full ``snapshot`` message for ``seat`` (None: spectator); ``story``: with the
        game so far (a connection's first snapshot: ``sync`` asks only for the state)."""
        with self._lock:
            message: Message = {
                "t": "snapshot",
                "version": self.version_for(seat),
                "seat": seat,
                "view": self.ruleset.view(self.state, seat),
                "to_move": self.to_move(),
                "table": self.info(),
            }
            if story:
                message["story"] = self.story(seat)
            return message

    #: the most events a snapshot's story holds (the newest ones): a whole game in practice
    #: (a random 8-player Look at the Stars game tells a seat about 400, 18 KB)
    STORY_EVENTS = 1000

    def story(self, seat: int | None) -> list[dict[str, Any]]:
        """The events of this game that ``seat`` (None: a spectator) was told of, or would
        have been, the newest ``STORY_EVENTS``: a window that joins late, or again, fills
        its game log with them (``snapshot.story``, docs/PROTOCOL.md)."""
        with self._lock:
            key = (self.table_id, self.version)
            if self._stories[0] != key:  # worked out once per version and viewer: a storm
                self._stories = (key, {})  # of reconnections costs the host a lookup each
            cached = self._stories[1].get(seat)
            if cached is not None:
                return cached
            newest: list[list[dict[str, Any]]] = []
            count = 0
            for events, public in reversed(self._told):
                if seat is None and not public:
                    continue  # spectators hear only of public moves
                seen = visible_events(events, seat)
                newest.append(seen)
                count += len(seen)
                if count >= self.STORY_EVENTS:
                    break
            told = [event for seen in reversed(newest) for event in seen]
            story = self._stories[1][seat] = told[-self.STORY_EVENTS:]
            return story

    def legal_message(self, seat: int | None) -> Message:
        """The ``legal`` message: every move ``seat`` may make now (remote bots use it when
        a game's view is not enough to compute moves)."""
        with self._lock:
            moves: list[Move] = []
            if seat is not None and self.status == "playing":
                key = (self.version, seat)
                if self._legal_cache is None or self._legal_cache[0] != key:
                    # cached per version and seat: asking again costs the host nothing
                    self._legal_cache = (key, self.ruleset.legal_moves(self.state, seat))
                moves = self._legal_cache[1]
            return {"t": "legal", "version": self.version_for(seat), "seat": seat,
                    "moves": moves}

    def results(self, *, spectators: bool = False) -> Message:
        """The ``game_over`` message: per-seat score breakdowns and ranks (``spectators``:
        with their version)."""
        with self._lock:
            message: Message = {
                "t": "game_over",
                "version": self.spectator_version if spectators else self.version,
                "scores": self.ruleset.score(self.state),
                "ranking": self.ruleset.ranking(self.state),
            }
            record = self.finished_record()
            if record is not None:
                message["record"] = record
            return message

    #: the most a finished game's record may take of a ``game_over`` frame (the scores and
    #: the rest of the message need the remainder)
    RECORD_BYTES = MAX_SERVER_FRAME // 2

    def finished_record(self) -> dict[str, Any] | None:
        """The finished game as data (``game_over.record``, docs/PROTOCOL.md): options, seed,
        secret and every move, so a guest's window can show the statistics, the replay and
        the review that the host's window has. None before the end (the secret and the moves
        of a game going on are the host's alone) and for a record no frame could carry."""
        with self._lock:
            if self.status != "over" or len(self.moves) > MAX_ARRAY:
                return None
            record = {
                "game": self.game, "options": copy.deepcopy(self.options), "seed": self.seed,
                "secret": self.secret, "moves": copy.deepcopy(self.moves),
                "names": [s.name for s in self._seats], "kinds": [s.kind for s in self._seats],
                "stand_ins": list(self.stand_in_moves),
            }
            key = (self.table_id, self.version)
            if self._record_size is None or self._record_size[0] != key:
                try:
                    size = len(msgpack.packb(record, use_bin_type=True))
                except (OverflowError, TypeError, ValueError):  # a seed msgpack cannot carry
                    size = MAX_SERVER_FRAME
                self._record_size = (key, size)
            return record if self._record_size[1] <= self.RECORD_BYTES else None

    # ------------------------------------------------------------------ seats
    def join(self, name: str, *, announce: bool = True) -> tuple[int, str]:
        """Claim a free seat in the lobby: ``(seat, secret token)``.

        A ``remote`` seat reserved under this name (letter case aside, as the name-clash rule
        has it: "bob" gets Bob's seat) comes first, then an ``open`` seat or an
        unreserved ``remote`` one; a seat reserved for another name is never given. ``TableError``
        codes: ``already_started`` (whenever the game has started), ``table_full`` (no seat
        for this player). ``announce=False``: the caller attaches the player at once, and that
        announces the table (one ``table`` message per join).
        """
        with self._lock:
            self._refuse_if_closed()
            if self.status != "lobby":
                raise TableError("already_started", "the game has already started")
            wanted = clean_name(name, "")
            free = [i for i, s in enumerate(self._seats)
                    if s.kind in ("remote", "open") and not s.claimed]
            named = [i for i in free if wanted and (self._seats[i].reserved or "").casefold()
                     == wanted.casefold()]
            anyone = [i for i in free if self._seats[i].reserved is None]
            if not named and not anyone:
                reserved = sorted({self._seats[i].reserved or "" for i in free})
                why = (f"the free seats are reserved for {', '.join(reserved)}" if reserved
                       else "every seat at this table is taken")
                raise TableError("table_full", why)
            index = (named or anyone)[0]
            seat = self._seats[index]
            seat.claimed, seat.token = True, new_token()
            self._ask_name(index, clean_name(name, f"Player {index + 1}"))
            if announce:
                self._announce_table()
            return index, seat.token

    def leave(self, seat: int, token: str, handle: int | None = None) -> None:
        """A player leaves: in the lobby the seat is freed (token revoked); once the game
        has started the seat stays reserved so the token can reclaim it. ``handle``: the
        leaving connection's listener, detached in the same step, so the others get one
        ``table`` message for the leave, not one for the seat and one for the connection."""
        with self._lock:
            changed = handle is not None and self._forget_listener(handle)
            if self.seat_for_token(token) == seat and self.status == "lobby" and \
                    self._seats[seat].kind in ("remote", "open"):
                self._seats[seat].claimed = False
                self._seats[seat].token = None
                self._ask_name(seat, self._seats[seat].vacant_name)
                changed = True
            if changed:
                self._announce_table()

    def open_local_seats(self) -> list[tuple[int, str, str]]:
        """Turn ``human`` seats (players at the original host's machine) into ``remote``
        seats that keep their tokens, for a headless resume: ``[(seat, name, token)]``."""
        with self._lock:
            opened = []
            for index, seat in enumerate(self._seats):
                if seat.kind == "human" and seat.token is not None:
                    seat.kind = "remote"
                    opened.append((index, seat.name, seat.token))
            if opened:
                self._announce_table()
            return opened

    def replace_with_bot(self, seat: int, level: str) -> None:
        """The host hands a seat whose remote player left mid-game to a bot at ``level``.

        The bot stands in: the player's token no longer moves the seat, but it is kept, and
        the seat goes back to the player when they reconnect with it or when the host calls
        ``give_back``. ``TableError`` codes: ``no_such_seat``, ``not_started`` /
        ``game_over`` (only during play), ``not_remote`` (a local or AI seat),
        ``seat_connected`` (the player is still there).
        """
        with self._lock:
            self._refuse_if_closed()
            target = self._seat_in_play(seat, "a seat is handed to a bot only during play")
            if target.kind not in ("remote", "open"):
                raise TableError("not_remote", f"seat {seat} is not a remote player's seat")
            if target.connections > 0:
                raise TableError("seat_connected",
                                 f"{target.name} is still connected to seat {seat}")
            target.away_token = target.token
            target.kind, target.bot, target.token = "ai", level or self.default_bot, None
            target.claimed = True
            self.saves.checkpoint()
            self._announce_table()
            self.ai.start()
            self._changed.notify_all()

    def give_back(self, seat: int) -> None:
        """The host takes the stand-in bot off a seat: it is the remote player's again (their
        kept token holds it; the game waits for them as for any player who is away). A move
        the bot was still thinking about is dropped. ``TableError`` codes: ``no_such_seat``,
        ``not_started`` / ``game_over``, ``not_stand_in`` (no bot stands in for a player
        there)."""
        with self._lock:
            self._refuse_if_closed()
            target = self._seat_in_play(seat, "a seat is given back only during play")
            if target.away_token is None:
                raise TableError("not_stand_in",
                                 f"no bot stands in for a player at seat {seat}")
            self._restore_player(seat)

    def reclaim_from_bot(self, token: Any) -> int | None:
        """A player whose seat a bot stands in for comes back with their token: the seat is
        theirs again (``give_back``), during play or once the game is over (the bot played it
        to the end: its player still sees the results; they were refused, ``bad_token``: an
        outside hostile client). Returns the seat, or None if no stand-in holds it. The
        connection's ``attach``, which follows, tells the others (one ``table`` message: the
        seat announced not connected, then connected, was two)."""
        with self._lock:
            if self.status not in ("playing", "over"):
                return None
            seat = self._seat_keeping(token, "away_token")
            if seat is not None:
                self._restore_player(seat, announce=False)
            return seat

    def _seat_in_play(self, seat: Any, why: str) -> Seat:
        if (not isinstance(seat, int) or isinstance(seat, bool)
                or not 0 <= seat < len(self._seats)):
            raise TableError("no_such_seat", f"there is no seat {seat!r}")
        if self.status != "playing":
            code = "not_started" if self.status == "lobby" else "game_over"
            raise TableError(code, why)
        return self._seats[seat]

    def _restore_player(self, seat: int, *, announce: bool = True) -> None:
        """Under the lock: the stand-in bot of ``seat`` leaves (its level with it: ``bot`` names
        only the bot that plays a seat); the kept token holds it."""
        target = self._seats[seat]
        target.kind, target.token, target.away_token = "remote", target.away_token, None
        target.bot = None
        self.ai.drop(seat)  # a move it is thinking about is dropped
        if self.status == "playing":  # (a finished game's save is done with)
            self.saves.checkpoint()
        if announce:
            self._announce_table()
        self._changed.notify_all()

    def rename(self, seat: int, token: str, name: str, *, announce: bool = True) -> None:
        """A seat's player changes its name (announced only when a shown name changed; a
        player coming back under the name they asked for keeps its suffix)."""
        with self._lock:
            if self.seat_for_token(token) == seat:
                asked = clean_name(name, self._seats[seat].asked)
                if (asked != self._seats[seat].asked and self._ask_name(seat, asked)
                        and announce):
                    self._announce_table()

    def rename_table(self, name: str) -> None:
        """The table's own name changes (a window host named only once the table was up: the
        name its lobby and the other lobbies show); announced when it changed."""
        with self._lock:
            name = clean_name(name, self.name)
            if name != self.name:
                self.name = name
                self.saves.checkpoint(durable=False)
                self._announce_table()

    def _ask_name(self, seat: int, name: str) -> bool:
        """Under the lock: ``seat`` asks for ``name`` now; every seat's shown name follows.
        True if a shown name changed."""
        self._seats[seat].asked, self._seats[seat].named_at = name, next(self._name_clock)
        return self._settle_names()

    def _settle_names(self) -> bool:
        """Under the lock: give every seat a name no other seat shows, the one thing every
        client's seat list, results and log read, so none of them ever shows two seats alike.
        Taken seats come first, in the order they asked for their names (an earlier name is
        never changed by a later one); a free seat's placeholder yields to all of them.
        True if a shown name changed."""
        order = sorted(range(len(self._seats)),
                       key=lambda i: (self._seats[i].free, self._seats[i].named_at, i))
        shown: set[str] = set()
        changed = False
        for index in order:
            seat = self._seats[index]
            name = distinct_name(seat.asked, shown)
            changed |= name != seat.name
            seat.name = name
            shown.add(name.casefold())
        return changed

    # ------------------------------------------------------------------ listeners
    def attach(self, seat: int | None, sink: Listener) -> int:
        """Register ``sink`` for ``seat`` (None: spectator); it gets a snapshot at once.

        Returns a handle for ``detach``. Authenticate before attaching to a seat.
        """
        with self._lock:
            if seat is not None and not 0 <= seat < len(self._seats):
                raise TableError("no_such_seat", f"there is no seat {seat}")
            handle = self._next_listener
            self._next_listener += 1
            self._listeners[handle] = _ListenerEntry(seat, sink)
            if seat is not None:  # counted first: the joiner's own snapshot shows it connected
                self._seats[seat].connections += 1
            self._deliver(handle, self.snapshot(seat, story=True))
            if self.status == "over":
                self._deliver(handle, self.results(spectators=seat is None))
            if seat is not None:
                self._announce_table(skip=handle)
            return handle

    def detach(self, handle: int) -> None:
        with self._lock:
            if self._forget_listener(handle):
                self._announce_table()

    def _forget_listener(self, handle: int) -> bool:
        """Under the lock: drop a listener; True when it held a seat (the seats changed)."""
        entry = self._listeners.pop(handle, None)
        if entry is not None and entry.seat is not None:
            self._seats[entry.seat].connections -= 1
            return True
        return False

    def send_snapshot(self, handle: int) -> None:
        """Resend a full snapshot to one listener (a client saw a version gap)."""
        with self._lock:
            entry = self._listeners.get(handle)
            if entry is not None:
                self._deliver(handle, self.snapshot(entry.seat))

    def _deliver(self, handle: int, message: Message) -> None:
        entry = self._listeners.get(handle)
        if entry is None:
            return
        try:
            entry.sink(message)
        except Exception:  # a broken listener must not break the table
            log.exception("listener %s failed; detaching it", handle)
            self._listeners.pop(handle, None)
            if entry.seat is not None:
                self._seats[entry.seat].connections -= 1

    def _announce_table(self, skip: int | None = None) -> None:
        info = self.info()
        seated = {"t": "table", "version": self.version, "table": info}
        watching = {"t": "table", "version": self.spectator_version, "table": info}
        listeners = list(self._listeners.items())
        for message, seated_ones in ((seated, True), (watching, False)):  # each one's in a row
            for handle, entry in listeners:
                if handle != skip and (entry.seat is not None) == seated_ones:
                    self._deliver(handle, message)

    def _broadcast_snapshots(self) -> None:
        for handle, entry in list(self._listeners.items()):
            self._deliver(handle, self.snapshot(entry.seat))

    # ------------------------------------------------------------------ lifecycle
    def start(self, fill_open: str | None = "",
              name_bots: Callable[[list[str], int], list[str]] | None = None) -> None:
        """Start the game. Unclaimed ``remote``/``open`` seats become AI at level
        ``fill_open`` (``""``: the table's ``default_bot``; ``None``: refuse with
        ``seats_open`` while any seat is free). ``name_bots(names of the other seats, count)``
        names them, in seat order (a free seat named in the host's language stayed
        "プレイヤー3" as a bot, in every window: a playtest); without it a "Player N" becomes
        "Bot N"."""
        with self._lock:
            self._refuse_if_closed()
            if self.status != "lobby":
                raise TableError("already_started", "the game has already started")
            free = [s for s in self._seats if s.kind in ("remote", "open") and not s.claimed]
            if free and fill_open is None:
                raise TableError("seats_open", f"{len(free)} seat(s) are still free")
            names = name_bots([s.name for s in self._seats if s not in free],
                              len(free)) if name_bots and free else []
            for index, seat in enumerate(free):
                seat.kind, seat.bot, seat.token = "ai", fill_open or self.default_bot, None
                if index < len(names):
                    seat.asked = clean_name(names[index], seat.asked)
                elif seat.asked.startswith("Player "):
                    seat.asked = f"Bot {seat.asked.removeprefix('Player ')}"
                seat.named_at = next(self._name_clock)
            self._settle_names()
            self.status = "over" if self.ruleset.is_over(self.state) else "playing"
            self.saves.start()
            self._broadcast_snapshots()
            self.ai.start()

    def restart(self, seed: int) -> None:
        """Play again at the same table once the game is over: same seats, names, kinds and
        tokens (connected players stay connected), a new game from ``seed`` with a new table
        id and autosave file (the finished game's save is kept). Everyone gets a fresh
        ``snapshot`` at version 0. ``TableError("not_over")`` while a game is going on."""
        with self._lock:
            self._refuse_if_closed()
            if self.status != "over":
                raise TableError("not_over", "a new game starts once this one is over")
        # the saver thread needs the table lock to write: close it outside the lock (nothing
        # can change a finished game meanwhile)
        self.saves.close_file()
        with self._lock:
            self._refuse_if_closed()
            if self.status != "over":
                raise TableError("not_over", "a new game starts once this one is over")
            self.seed = int(seed)
            self.secret = new_secret()
            self.table_id = uuid.uuid4().hex[:12]
            if self.saves.path is not None:
                self.saves.path = autosave_file(self.saves.path.parent, self.game,
                                                self.table_id)
            self.state = self.ruleset.setup(self.options, self.seed, self.secret)
            self.moves = []
            self.stand_in_moves = []
            self._told = []
            self.version = 0
            self.spectator_version = 0
            self.seat_versions = [0] * len(self._seats)
            self.ai.reset()
            self._legal_cache = None
            self.status = "over" if self.ruleset.is_over(self.state) else "playing"
            self.saves.start()
            self._broadcast_snapshots()
            self.ai.start()
            self._changed.notify_all()

    def _refuse_if_closed(self) -> None:
        if self._closed:
            raise TableError("table_closed", "the table has closed")

    def close(self) -> None:
        """Close in order: refuse every later move (``table_closed``), let a move being
        applied finish, stop and wait for the AI thread, then write the final save, which
        holds every move ever accepted. The state stays readable."""
        with self._changed:  # waits for a move in progress; none is accepted after this
            self._closed = True
            self._changed.notify_all()
        self.ai.close()
        self.saves.close()

    # ------------------------------------------------------------------ moves
    def submit(self, seat: Any, token: Any, version: Any, move: Any) -> Message | None:
        """Try ``move`` for ``seat``. ``None`` if accepted (everyone has been told); else the
        ``refused`` message (code, detail, version, fresh view) for the sender only."""
        with self._lock:
            code, detail = self._check(seat, token, version)
            if code is None:
                code, detail, move = self._normalize(move)
            if code is None:
                code, detail = self._check_turn(seat, move)
            if code is None:
                code, detail = self._apply(seat, move)
            if code is None:
                return None
            return self.refusal(code, detail, seat)

    def refusal(self, code: str, detail: str, seat: Any = None) -> Message:
        """A ``refused`` message with a fresh view for ``seat`` (public view if not a seat)."""
        with self._lock:
            valid = isinstance(seat, int) and not isinstance(seat, bool)
            viewer = seat if valid and 0 <= seat < len(self._seats) else None
            return {
                "t": "refused",
                "code": code,
                "detail": detail,
                "version": self.version_for(viewer),
                "view": self.ruleset.view(self.state, viewer),
                "to_move": self.to_move(),
            }

    def _check(self, seat: Any, token: Any, version: Any) -> tuple[str | None, str]:
        if self._closed:
            return "table_closed", "the table has closed; the move was not played"
        if self.status == "lobby":
            return "not_started", "the game has not started yet"
        if self.status == "over":
            return "game_over", "the game is over"
        if (not isinstance(seat, int) or isinstance(seat, bool)
                or not 0 <= seat < len(self._seats)):
            return "no_such_seat", f"there is no seat {seat!r}"
        expected = self._seats[seat].token
        if (expected is None or not isinstance(token, str)
                or not hmac.compare_digest(expected, token)):
            return "bad_token", "that token does not hold this seat"
        if (not isinstance(version, int) or isinstance(version, bool)
                or not self.seat_versions[seat] <= version <= self.version):
            # a move made on an older version stands if nothing concerning this seat changed
            # since (simultaneous play: others drawing on their own sheets)
            return "stale_version", (f"the state is at version {self.version} (version "
                                     f"{self.seat_versions[seat]} for seat {seat}), not "
                                     f"{short_repr(version)}")
        if len(self.moves) >= self.max_moves:
            return "move_limit", f"this game has reached its {self.max_moves} moves"
        return None, ""

    def _normalize(self, move: Any) -> tuple[str | None, str, Move]:
        """The move reduced to its game's documented fields: what is applied, stored, saved
        and broadcast (a move's unknown fields never reach the log)."""
        try:
            return None, "", self.ruleset.normalize_move(move)
        except IllegalMove as exc:
            return exc.code, exc.detail, {}
        except Exception as exc:  # a ruleset bug: the move is refused, the table goes on
            log.warning("normalize_move crashed: %s", exc)
            return MALFORMED_MOVE, "the move is not understood", {}

    def _check_turn(self, seat: int, move: Move) -> tuple[str | None, str]:
        if not may_act(self.ruleset, self.state, seat, move):
            return "not_your_turn", f"seat {seat} may not act now"
        return None, ""

    def _apply(self, seat: int, move: Move) -> tuple[str | None, str]:
        move = copy.deepcopy(move)
        to_move_before = self.ruleset.to_move(self.state)
        try:
            events = self.ruleset.apply(self.state, seat, move)
        except IllegalMove as exc:
            return exc.code, exc.detail
        except Exception as exc:  # a ruleset bug or a hostile shape it did not expect
            log.warning("ruleset crashed on a %r move: %s; rebuilding the state",
                        move.get("t"), exc)
            self._rebuild()
            return MALFORMED_MOVE, f"the move could not be applied ({type(exc).__name__})"
        stand_in = self._seats[seat].away_token is not None
        if stand_in:
            self.stand_in_moves.append(len(self.moves))
        self.moves.append([seat, move])
        self.version += 1
        try:
            touched = self.ruleset.seats_affected(self.state, seat, move, events)
        except Exception as exc:  # a ruleset bug: assume the move concerns everyone
            log.warning("seats_affected failed: %s", exc)
            touched = None
        for index in range(len(self._seats)) if touched is None else {seat, *touched}:
            if 0 <= index < len(self._seats):
                self.seat_versions[index] = self.version
        over = self.ruleset.is_over(self.state)
        if over:
            self.status = "over"
        self.saves.record(self.version, seat, move, durable=over, stand_in=stand_in)
        public = self._shows_spectators(events, to_move_before)
        if public:
            self.spectator_version += 1
        self._told.append((events, public))
        self._broadcast_events(seat, events, public)
        if over:
            listeners = list(self._listeners.items())
            for watching in (False, True):  # each message to its listeners in a row
                results = self.results(spectators=watching)
                for handle, entry in listeners:
                    if (entry.seat is None) == watching:
                        self._deliver(handle, results)
        self._changed.notify_all()
        return None, ""

    def _rebuild(self) -> None:
        state = self.ruleset.setup(self.options, self.seed, self.secret)
        for seat, move in self.moves:
            self.ruleset.apply(state, seat, move)
        self.state = state

    def _shows_spectators(self, events: list[dict[str, Any]],
                          to_move_before: Collection[int]) -> bool:
        """Whether spectators are told of a move: it has an event they may see, changes who
        may act, or ends the game. (What else a move changes, a spectator's view does not
        show: ``tests/net/test_net_spectators_private.py`` checks it for every game.)"""
        return (bool(visible_events(events, None)) or self.ruleset.is_over(self.state)
                or sorted(to_move_before) != sorted(self.ruleset.to_move(self.state)))

    def _broadcast_events(self, by: int, events: list[dict[str, Any]], public: bool) -> None:
        to_move = self.to_move()
        table = self.info() if self.status == "over" else None
        # one message per distinct viewer (a seat; all spectators share one), delivered to
        # that viewer's listeners one after the other, so the server encodes it once and
        # keeps only the frame it is encoding: a view is built when its turn comes and let
        # go after it (not 9 views alive at once, which the garbage collector scanned and
        # promoted on every move); spectators hear only of ``public`` moves
        viewers: dict[int | None, list[int]] = {}
        for handle, entry in list(self._listeners.items()):
            if entry.seat is not None or public:
                viewers.setdefault(entry.seat, []).append(handle)
        for viewer, handles in viewers.items():
            message = {
                "t": "events",
                "version": self.version_for(viewer),
                "by": by,
                "events": visible_events(events, viewer),
                "view": self.ruleset.view(self.state, viewer),
                "to_move": to_move,
            }
            if table is not None:
                message["table"] = table
            for handle in handles:
                self._deliver(handle, message)

    # ------------------------------------------------------------------ saving
    def save_data(self) -> dict[str, Any]:
        """Everything needed to bring this table back (tokens included: keep the file
        private; it lives in the user's own data directory)."""
        with self._lock:
            return {
                "format": SAVE_FORMAT,
                "save_version": SAVE_VERSION,
                "app": APP_VERSION,
                "game": self.game,
                "name": self.name,
                "table_id": self.table_id,
                "options": self.options,
                "hints": self.hints,
                "seating": dict(self.seating),
                "seed": self.seed,
                "secret": self.secret,
                "status": self.status,
                "version": self.version,
                "moves": list(self.moves),
                "stand_ins": list(self.stand_in_moves),
                "seats": [
                    {"kind": s.kind, "name": s.name, "bot": s.bot, "token": s.token,
                     "claimed": s.claimed, "reserved": s.reserved,
                     "away_token": s.away_token}
                    for s in self._seats
                ],
            }

    def packed_save(self) -> tuple[int, bytes]:
        """(version, the save as msgpack bytes), consistent under the lock."""
        with self._lock:
            return self.version, msgpack.packb(self.save_data(), use_bin_type=True)

    def save(self, path: Path | None = None) -> Path | None:
        """Write the save durably now (to ``path`` or the autosave file); returns where."""
        return self.saves.save(path)

    @classmethod
    def resume(
        cls,
        source: Path | dict[str, Any],
        *,
        ruleset_for: Callable[[str], Ruleset],
        bot_factory: BotFactory,
        autosave_path: Path | None = None,
        keep_autosave: bool = True,
        **kwargs: Any,
    ) -> Table:
        """Bring a saved table back: replay its moves, restore seats and tokens (so players
        reclaim their seats), resume play if it had started. ``ruleset_for(game)`` gives the
        saved game's Ruleset (``KeyError``: a game this build does not know). ``SaveError`` /
        ``TableError("bad_save")`` if the file cannot be used."""
        data = load(source)
        try:
            ruleset = ruleset_for(data["game"])
        except KeyError as exc:
            raise TableError("bad_save", f"the save is of a game this build does not know: "
                                         f"{exc.args[0] if exc.args else exc}") from None
        if autosave_path is None and keep_autosave and not isinstance(source, dict):
            autosave_path = Path(source)
        seats_data = data["seats"]
        damage = saved_seats_problem(seats_data, data["moves"], data.get("status"))
        if damage:
            raise TableError("bad_save", f"the save is damaged: {damage}")
        for number, seat in enumerate(seats_data, start=1):
            level = seat.get("bot")  # (none: the table's default level)
            if seat["kind"] == "ai" and level is not None \
                    and not bot_level_known(bot_factory, data["game"], level):
                # (it played random, said only in the host's log: an outside hostile test)
                raise TableError("bad_save", f"the save's seat {number} is a bot of level "
                                             f"{short_repr(level)}, which this build cannot "
                                             f"make")
        #: what the replay was at when it failed, for the error's sentence
        stage, verb = "its options or seats", "do"
        try:
            specs = [SeatSpec(s["kind"], s["name"], s.get("bot")) for s in seats_data]
            options = {k: v for k, v in data["options"].items() if k != "players"}
            table = cls(
                data["game"], options, data["seed"], specs, name=data.get("name", "Star Party"),
                ruleset=ruleset, bot_factory=bot_factory, autosave_path=autosave_path,
                table_id=data.get("table_id"),
                **kwargs,
            )
            table.hints = bool(data.get("hints", table.hints))
            table.seating = clean_seating(data.get("seating"))
            for seat, saved in zip(table._seats, seats_data, strict=True):
                seat.token, seat.claimed = saved.get("token"), bool(saved.get("claimed"))
                reserved = saved.get("reserved")
                seat.reserved = reserved if isinstance(reserved, str) and reserved else None
                away = saved.get("away_token")
                seat.away_token = away if isinstance(away, str) and away else None
            secret = data.get("secret")
            if secret != table.secret:  # a save from before secrets: the seed alone dealt it
                table.secret = secret if isinstance(secret, str) and secret else None
                table.state = ruleset.setup(table.options, table.seed, table.secret)
            for number, (seat_index, move) in enumerate(data["moves"], start=1):
                stage, verb = f"move {number}", "does"
                to_move_before = table.ruleset.to_move(table.state)
                events = table.ruleset.apply(table.state, seat_index, move)
                table.moves.append([seat_index, move])
                public = table._shows_spectators(events, to_move_before)
                table._told.append((events, public))
                if public:
                    table.spectator_version += 1
        except IllegalMove as exc:
            raise TableError("bad_save", f"the save cannot be replayed: {stage} is not legal "
                                         f"({exc.code})") from None
        except (KeyError, TypeError, ValueError) as exc:
            # (the exception's own words named only a key or a Python type, e.g. "'kind'" or
            # "unhashable type: 'list'": an outside hostile test)
            raise TableError("bad_save", f"the save cannot be replayed: {stage} {verb} not fit "
                                         f"{data['game']} ({type(exc).__name__})") from None
        table.stand_in_moves = clean_stand_ins(data.get("stand_ins"), len(table.moves))
        table.version = len(table.moves)
        table.seat_versions = [table.version] * len(table._seats)
        if data.get("status") in ("playing", "over"):
            table.status = "over" if table.ruleset.is_over(table.state) else "playing"
            table.saves.start()  # a snapshot with every journaled move, the journal reset
            table.ai.start()
        return table


def bot_level_known(bot_factory: BotFactory, game: str, level: Any) -> bool:
    """Whether ``bot_factory`` makes a bot of ``level`` for ``game`` (``KeyError``: no)."""
    if not isinstance(level, str):
        return False
    try:
        bot_factory(game, level, 0)
    except KeyError:
        return False
    return True


def saved_seats_problem(seats: list[Any], moves: list[Any], status: Any) -> str | None:
    """What makes a save's status, seats or moves unusable, in words (None: nothing): a
    status that is none of ``STATUSES``, or a game not started that holds moves (it resumed
    into a lobby whose start dealt the game again, the moves lost), a seat that is not one, a
    token that is not a string (every reconnect then failed with an internal error), a taken
    seat without a token, two seats with one token, a free LAN seat in a game under way (each
    left a seat nobody could take back, and the game waited for ever: an outside hostile
    test), a move that is not ``[seat, move]``."""
    if status is not None and status not in STATUSES:
        return f"its status {short_repr(status)} is none of {', '.join(STATUSES)}"
    started = status in ("playing", "over")
    if not started and moves:
        return (f"its game has not started but it holds {len(moves)} "
                f"move{'s' if len(moves) != 1 else ''}")
    tokens: list[str] = []
    for number, seat in enumerate(seats, start=1):
        if not isinstance(seat, dict) or not isinstance(seat.get("kind"), str) \
                or not isinstance(seat.get("name"), str):
            return f"seat {number} has no kind or name"
        for key in ("token", "away_token"):
            value = seat.get(key)
            if value is None:
                continue
            if not isinstance(value, str) or not 0 < len(value) <= 64:
                return f"seat {number}'s {key} is not a token"
            tokens.append(value)
        kind, claimed = seat["kind"], seat.get("claimed")
        if kind in ("human", "remote", "open") and claimed and not seat.get("token"):
            return f"seat {number} is taken but has no token"
        if started and kind in ("remote", "open") and not claimed:
            return f"seat {number} is free in a game under way"
        if started and kind == "human" and not seat.get("token"):
            return f"seat {number} has no token"
    if len(tokens) != len(set(tokens)):
        return "two seats share a token"
    for number, move in enumerate(moves, start=1):
        if not (isinstance(move, list) and len(move) == 2 and type(move[0]) is int
                and isinstance(move[1], dict)):
            return f"move {number} is not a seat and a move"
    return None
