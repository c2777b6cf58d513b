"""A game as the client sees it: local connections to an authoritative ``net`` Table.

The session never changes game state: it sends moves and collects what comes back (views,
events, refusals, results). Solo and hot-seat use ``net.local`` (the same Table as LAN play);
each local human seat has its own connection, and public events reach every connection, so
they are de-duplicated by state version before the scene animates them.
"""

from __future__ import annotations

import contextlib
import copy
import importlib.util
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from game.rules.base import visible_events
from game.rules.shapes import Int, Optional, Text, agreement_problem, event_problem, problem
from net.seats import clean_name
from net.table import SeatSpec


@dataclass
class SeatChoice:
    """One seat as chosen on the setup screen."""

    kind: str  # "human" or "ai"
    name: str
    #: the bot level of an AI seat; None: the game's default (``game.ai.default_level``)
    bot: str | None = None
    #: couch play: the device this human plays with (``game.client.devices``: "pad:0",
    #: "keys:left", "mouse"); None: the window's usual keyboard and mouse
    device: str | None = None


@dataclass
class GameConfig:
    """Everything needed to start (or restart) a local game."""

    game: str
    seats: list[SeatChoice]
    options: dict[str, Any] = field(default_factory=dict)
    mode: str = "solo"  # "solo", "hotseat", "couch" (everyone at once, a device each) or "host"

    def seating(self) -> dict[str, str]:
        """What the table keeps of how this screen seats its players (``Table.seating``):
        for couch play the mode and each human seat's device, so Continue seats them again."""
        if self.mode != "couch":
            return {}
        return {"mode": "couch", **{str(i): s.device for i, s in enumerate(self.seats)
                                    if s.kind == "human" and s.device}}

    def seat_specs(self) -> list[SeatSpec]:
        """The table's seats (``net.table.SeatSpec``) for these choices."""
        from game.client.i18n import _

        return [SeatSpec(s.kind, s.name if s.kind != "open" else
                         _("Player {n}").format(n=i + 1),
                         s.bot if s.kind == "ai" else None)
                for i, s in enumerate(self.seats)]


def level_words() -> dict[str, Any]:
    """The bot levels' names as messages of the window's language (one word each)."""
    from game.client.i18n import N_

    return {"random": N_("random"), "easy": N_("easy"), "greedy": N_("greedy"),
            "normal": N_("normal"), "hard": N_("hard")}


def bot_level_word(level: str) -> str:
    """A bot level in a word of the window's language ("hard"), for "AI (hard)"."""
    from game.client.i18n import tr

    word = level_words().get(level)
    return tr(word) if word is not None else level


def bot_level_choices(game: str) -> list[tuple[str, Any]]:
    """(level, label) for the bot levels a menu offers, weakest first; each label says where
    the level stands ("Bot (greedy, 3 of 5)"): a name alone does not tell greedy from normal."""
    from game.client.i18n import N_

    words, levels = level_words(), bot_levels(game)
    return [(level, N_("Bot ({level}, {n} of {count})", level=words.get(level, level),
                       n=i, count=len(levels)))
            for i, level in enumerate(levels, 1)]


def bot_level_note(game: str, level: str) -> Any:
    """The one sentence a menu shows about ``level``: the game's own (``GamePlugin.level_notes``:
    a plugin's level had none), else the shared one (``game.ai.LEVEL_NOTES``); None if none."""
    from game.ai import LEVEL_NOTES, THINK_SECONDS, resolve_level
    from game.client.i18n import N_
    from game.registry import games

    level = resolve_level(game, level)
    plugin = games().get(game)
    note = (plugin.level_notes.get(level) if plugin is not None else None) or \
        LEVEL_NOTES.get(level)
    if note is None:
        return None
    seconds = THINK_SECONDS[game].get(level)
    shown = format(seconds, "g") if seconds else ""
    return N_(note, seconds=shown)


def bot_levels(game: str) -> list[str]:
    """Bot levels whose module is present, weakest first."""
    from game.ai import levels_of

    levels = []
    for level, target in levels_of(game).items():
        module = target.partition(":")[0]
        if importlib.util.find_spec(module) is not None:
            levels.append(level)
    return levels


def with_move(event: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    """``event`` (a copy) with the seat whose move made it (``by``) and the ``view`` after that
    move: a scene that plays moves out at a readable pace shows each with its own view."""
    return {**event, "by": message.get("by"), "view": message.get("view")}


def story_events(story: Any) -> list[dict[str, Any]]:
    """The events of a snapshot's ``story`` or an ``events`` message (docs/PROTOCOL.md);
    anything in it that is not an event is left out."""
    if not isinstance(story, list):
        return []
    return [event for event in story
            if isinstance(event, dict) and isinstance(event.get("type"), str)]


def told_story(seat: int, events: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
    """``events`` of the story so far as news marked ``"replayed": True``, which a table notes
    in its log without animating."""
    return [(seat, {**event, "replayed": True}) for event in events]


#: ``RemoteSession.error_code`` once the host sent a view or an event this window cannot use
BAD_HOST_DATA = "bad_host_data"

#: the shapes of what a host sends besides the game's own views and events (docs/PROTOCOL.md
#: section 4; ``game.rules.shapes``), checked as they come like those
_SEAT = Int(0, 7)
TABLE_SHAPE: dict[str, Any] = {
    "id": Optional(Text(longest=64)),
    "name": Optional(Text(longest=200)),
    "game": Text(longest=64),
    "options": Optional("any"),
    "hints": Optional("bool"),
    "status": Text("lobby", "playing", "over"),
    "seats": [{"seat": Optional(_SEAT), "name": Text(longest=64), "kind": Text(longest=16),
               "bot": Optional(Text(longest=32)), "taken": Optional("bool"),
               "connected": Optional("bool"), "stand_in": Optional("bool")}, 8],
}
MESSAGE_SHAPES: dict[str, dict[str, Any]] = {
    "welcome": {"seat": Optional(_SEAT), "token": Optional(Text(longest=64)),
                "role": Optional(Text("player", "spectator"))},
    "game_over": {"scores": [{"total": Int(-10 ** 6, 10 ** 6)}, 8], "ranking": [Int(0, 8), 8]},
    "error": {"code": Optional(Text(longest=64)), "message": Optional(Text(longest=2000))},
    "refused": {"code": Optional(Text(longest=64)), "detail": Optional(Text(longest=2000))},
}

#: how many of the last events heard a window matches in a story to find where it lost the link
HEARD_TAIL = 20


def missed_events(story: list[dict[str, Any]], heard: int,
                  tail: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of ``story`` after those this window heard (``heard`` of them in all, the
    last ones ``tail``) before it lost the link: the story is what it would have been told,
    so where it is whole they follow the first ``heard``; where only its newest part came,
    they follow the last place it ends as the tail ends (on at least 3 events, or the whole
    tail). [] when it meets the tail nowhere (the story would be told twice)."""
    k = len(tail)
    if k == 0:
        return story if heard == 0 else []
    tail = list(tail)
    if k <= heard <= len(story) and story[heard - k:heard] == tail:
        return story[heard:]
    for end in range(len(story), 0, -1):  # the latest place the story meets the tail's end
        overlap = min(k, end)
        if overlap >= min(k, 3) and story[end - overlap:end] == tail[k - overlap:]:
            return story[end:]
    return []


class Session(Protocol):
    """What a game's table scene (``scenes.table.GameTableScene``), the hot-seat handover and
    the results may ask of the game they show. ``LocalSession`` (solo, hot-seat, Continue),
    ``HostSession`` (a LAN host's own seat), ``RemoteSession`` (a LAN guest or spectator) and
    ``ReplaySession`` (Watch replay) are the ones there are."""

    #: the latest view per local seat (a spectator's one public view under its own key)
    views: dict[int, dict[str, Any]]
    #: the table's ``game_over`` message once the game is over (a replay: always None)
    results: dict[str, Any] | None
    #: the table's ``info`` map: ``game``, ``seats`` (name, kind, taken, connected...), ``status``
    info: dict[str, Any]
    #: a replay of a finished game: nothing to play, nothing to send, no results
    replay: bool

    @property
    def names(self) -> list[str]: ...

    @property
    def kinds(self) -> list[str]: ...

    @property
    def status(self) -> str: ...

    @property
    def human_seats(self) -> list[int]:
        """The seats played at this screen (none: watching)."""
        ...

    def poll(self) -> list[tuple[int, dict[str, Any]]]:
        """What happened since the last poll: ``(seat that received it, event)``; never
        blocks."""
        ...

    def send(self, seat: int, move: dict[str, Any]) -> None:
        """A move for local seat ``seat``; the answer comes with a later poll."""
        ...

    def close(self) -> None:
        """Leave the game (a LAN guest's seat stays its own; a local table stops)."""
        ...


class TableInfo:
    """What every session reads from the table's ``info`` map: seat names, kinds, status."""

    info: dict[str, Any]
    #: the hints shown at this window, per game (table id) and decision
    #: (``game.ai.hints.given_key``) -> the hinted moves: the game's record takes them to the
    #: review, which shows those moves as the bot's where a hint was shown
    hints_given: dict[Any, dict[tuple[int, str], list[dict[str, Any]]]]
    #: a live game (``ReplaySession`` says True)
    replay = False

    #: the seats' names as given and as cleaned, the last ones asked (``names``)
    _names_seen: tuple[tuple[Any, ...], list[str]] = ((), [])

    @property
    def names(self) -> list[str]:
        """The seats' names, as they can be shown: cleaned as the table cleans a name it is
        given (a host's NUL or control characters broke the text drawing). Cleaned again only
        when a name changed: the window asks every frame, and cleaning each character (the
        ignorable ones, the composed form) cost Look at the Stars' table 0.25 ms a frame."""
        given = tuple(seat["name"] for seat in self.info["seats"])
        if given != self._names_seen[0]:
            self._names_seen = (given, [clean_name(name, "?") for name in given])
        return list(self._names_seen[1])

    @property
    def kinds(self) -> list[str]:
        return [seat["kind"] for seat in self.info["seats"]]

    @property
    def status(self) -> str:
        return self.info.get("status", "lobby")


class LocalSession(TableInfo):
    """Starts a local table and gathers its messages for the scene, once per frame.

    ``table`` + ``connections`` adopt a table made elsewhere (the LAN host's own seat, a
    resumed autosave). ``autosave_dir`` (the window passes ``net.save.default_autosave_dir()``)
    receives the table's autosave, so the game can be continued after the window closes."""

    def __init__(self, config: GameConfig | None, seed: int = 0, ai_delay: float = 0.6,
                 table: Any = None, connections: dict[int, Any] | None = None,
                 autosave_dir: Path | None = None) -> None:
        self.config = config
        if table is None:
            from game.tables import new_local_game

            assert config is not None
            table, connections = new_local_game(
                config.game, dict(config.options), seed, config.seat_specs(),
                ai_delay=ai_delay, autosave_dir=autosave_dir, seating=config.seating())
        self.table = table
        self.connections: dict[int, Any] = dict(connections or {})
        self.human_seats = sorted(self.connections)
        self.views: dict[int, dict[str, Any]] = {}
        #: per seat, the view its latest ``snapshot`` brought: the table as this window came
        #: to it, which the moves read with it in the same poll hide from ``views``
        self.snapshot_views: dict[int, dict[str, Any]] = {}
        self.to_move: list[int] = []
        self.info: dict[str, Any] = self.table.info()
        self.results: dict[str, Any] | None = None
        self.refusals: list[tuple[int, str, str]] = []
        #: the move each local seat sent last (a stale one is resent once by its connection,
        #: ``net.moves.SentMoves``)
        self.last_move: dict[int, dict[str, Any]] = {}
        self._public_versions: set[int] = set()
        #: seats whose connection brought its first snapshot (their story so far is told)
        self._storied: set[int] = set()
        self._story_public_told = False
        #: the story so far, gathered from first snapshots; handed over by the next poll
        self._story: list[tuple[int, dict[str, Any]]] = []
        #: what the next poll returns first (the story, then what came after it)
        self._held: list[tuple[int, dict[str, Any]]] = []
        self.closed = False
        self.table_id = self.info.get("id")
        self.hints_given = {}

    def send(self, seat: int, move: dict[str, Any]) -> None:
        """Send ``move`` for local seat ``seat`` (the answer arrives with the next poll)."""
        self.last_move[seat] = move
        self.connections[seat].send_move(move)

    def poll(self) -> list[tuple[int, dict[str, Any]]]:
        """New events ``(seat that received it, event)`` since the last poll; never blocks.

        A table joined mid-game (Continue, ``starparty host --resume``) first hands over the
        story so far, as a replay's jump does: every event of the moves before the seat's
        first snapshot, marked ``"replayed": True`` (a table notes them in its log without
        animating them). The poll that brings that snapshot keeps the story (and whatever came
        after it) for the next one, so the story reaches the table scene even when a lobby
        polled first; ``resume_session`` reads ahead (``read_ahead``) for the same reason."""
        out, self._held = self._held, []
        fresh: list[tuple[int, dict[str, Any]]] = []
        for seat in self.human_seats:
            for message in self.connections[seat].poll():
                fresh += self._take(seat, message)
        if self._story:
            self._held, self._story = self._story + fresh, []
            return out
        return out + fresh

    def read_ahead(self) -> None:
        """Read what the connections hold now (the first snapshot: views are in), keeping its
        events for the next poll, which then opens with the story so far."""
        self._held = self.poll() + self._held

    def story_so_far(self, seat: int, version: int) -> list[tuple[int, dict[str, Any]]]:
        """The events ``seat`` saw (or would have seen) in the table's first ``version`` moves,
        rebuilt from the table's record with its own ruleset and marked ``replayed``. Public
        events are told once, with the first seat's story; later seats get their own."""
        record = getattr(self.table, "save_data", None)
        if version <= 0 or record is None:
            return []
        data = record()
        ruleset = self.table.ruleset
        state = ruleset.setup(data["options"], data["seed"], data.get("secret"))
        public = not self._story_public_told
        self._story_public_told = True
        story = []
        for mover, move in data["moves"][:version]:
            for event in visible_events(ruleset.apply(state, mover, copy.deepcopy(move)), seat):
                if public or "to" in event:
                    story.append((seat, {**event, "replayed": True}))
        return story

    def _take(self, seat: int, message: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
        kind = message.get("t")
        if kind == "snapshot" and seat not in self._storied:
            self._storied.add(seat)
            self._story += self.story_so_far(seat, int(message.get("version") or 0))
        if "table" in message and isinstance(message["table"], dict):
            self.info = message["table"]
            if self.info.get("id") != self.table_id:  # the host started another game here
                self.table_id = self.info.get("id")
                self.results = None
                self._public_versions.clear()
        if "to_move" in message:
            self.to_move = list(message["to_move"])
        if kind in ("snapshot", "events", "refused") and "view" in message:
            self.views[seat] = message["view"]
            if kind == "snapshot":
                self.snapshot_views[seat] = message["view"]
        if kind == "refused":
            self.refusals.append((seat, message.get("code", ""), message.get("detail", "")))
            return [(seat, {"type": "refused", "code": message.get("code", ""),
                            "detail": message.get("detail", "")})]
        if kind == "game_over":
            self.results = message
            return []
        if kind != "events":
            return []
        version = message.get("version", -1)
        fresh_public = version not in self._public_versions
        self._public_versions.add(version)
        return [(seat, with_move(event, message)) for event in message.get("events", [])
                if "to" in event or fresh_public]

    #: a game left before its first move is not kept for Continue (such games piled up
    #: in its list: a playtest); a LAN host's is (its guests' seats are in it)
    keeps_unplayed_game = False

    @property
    def unplayed(self) -> bool:
        """The game is under way and no player at this window has moved yet (bots may have):
        leaving it loses nothing of theirs."""
        if self.table.status != "playing":
            return False
        local = set(self.connections)
        return not any(seat in local for seat, _move in list(self.table.moves))

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        for connection in self.connections.values():
            connection.close()
        forget = self.unplayed and not self.keeps_unplayed_game
        path = self.table.autosave_path
        self.table.close()
        if forget and path is not None:
            from net.save import delete_save

            with contextlib.suppress(OSError):  # (then it stays in Continue's list)
                delete_save(path)


class HostSession(LocalSession):
    """The LAN host's seats on a table it serves (``net.server``) and advertises: the host's
    own, or (couch play) one per player at the host's screen, beside remote seats and bots.

    ``connections``: the host seat's connection, or seat -> connection for several local
    seats (as ``LocalSession`` holds them); ``config``: a couch game's seats and devices
    (``mode == "couch"``), handed to the kit's table when the game starts (None: one seat)."""

    keeps_unplayed_game = True

    def __init__(self, table: Any, connections: Any, server: Any, advertiser: Any,
                 config: GameConfig | None = None) -> None:
        if not isinstance(connections, dict):
            connections = {connections.seat: connections}
        super().__init__(config, table=table, connections=connections)
        self.server = server
        self.advertiser = advertiser
        self._advertised: tuple[int, str, str, str] | None = None

    def poll(self) -> list[tuple[int, dict[str, Any]]]:
        out = super().poll()
        advertised = (self.table.seats_taken(), self.status, self.table.table_id,
                      self.table.name)
        if self.advertiser is not None and advertised != self._advertised:
            self._advertised = advertised
            background(self.advertiser.update, seats_taken=advertised[0], status=advertised[1],
                       table_id=advertised[2],  # (a new game here: a new id)
                       name=advertised[3])
        return out

    def rename_host(self, name: str, table_name: str | None = None) -> None:
        """The host's seats at this screen go by ``name`` (and the table by ``table_name``,
        if given): a host who chose their name after the table was up."""
        for seat, connection in self.connections.items():
            self.table.rename(seat, connection.token, name)
        if table_name is not None:
            self.table.rename_table(table_name)

    def close(self) -> None:
        if self.closed:
            return
        super().close()
        if self.advertiser is not None:
            background(self.advertiser.close)
        background(self.server.stop)


class RemoteSession(TableInfo):
    """A seat at a table on another machine, through ``net.client.Client`` (same API)."""

    def __init__(self, client: Any, *,
                 keep_token: Callable[[str | None, str | None], None] | None = None,
                 fresh_client: Callable[[], Any] | None = None) -> None:
        """``keep_token(token, table id)`` stores the seat's token once the table is known
        (``(None, None)``: forget it); ``fresh_client()``: a client without a token, tried
        once if the host no longer knows the token this one reclaims with (before any welcome:
        once seated, an unknown token means the table is gone)."""
        self.client = client
        self.keep_token = keep_token
        self.fresh_client = fresh_client
        self._kept: tuple[str, Any] | None = None
        self.config: GameConfig | None = None
        self.views: dict[int, dict[str, Any]] = {}
        #: per seat, the view its latest ``snapshot`` brought: the table as this window came
        #: to it, which the moves read with it in the same poll hide from ``views``
        self.snapshot_views: dict[int, dict[str, Any]] = {}
        self.to_move: list[int] = []
        self.info: dict[str, Any] = {"seats": [], "status": "lobby"}
        self.results: dict[str, Any] | None = None
        self.connection = "connecting"
        self.error: str = ""
        #: the code of the last ``error`` (the window words the ones it knows itself)
        self.error_code: str = ""
        self.closed = False
        #: the move sent last (a stale one is resent once by the client, ``net.moves``)
        self.last_move: dict[str, Any] | None = None
        #: when the move in flight was sent (None: its answer has come): one move at a time
        self.sent_at: float | None = None
        self.table_id: str | None = None
        self.hints_given = {}
        #: the host said it stopped (``bye`` ``shutting_down``): it may continue the game from
        #: its save, and this window rejoins it then by itself
        self.host_stopped = False
        #: the game (table id) whose events this window has heard: how many, the last ones
        #: (a story that comes with the link back tells what was missed: ``missed_events``)
        self._heard_of: Any = object()
        self._heard = 0
        self._tail: deque[dict[str, Any]] = deque(maxlen=HEARD_TAIL)
        #: news kept for the next poll (the story so far and what came after it)
        self._held: list[tuple[int, dict[str, Any]]] = []
        #: (game, its wire shapes) once the table has said which game it is
        self._shapes_for: tuple[Any, Any] = (None, None)
        self._agreements: tuple[tuple[str, str, str], ...] = ()
        #: the host sent what this window cannot use: its link is closed (``_give_up``)
        self._given_up = False

    @property
    def human_seats(self) -> list[int]:
        return [] if self.client.seat is None else [self.client.seat]

    @property
    def link_up(self) -> bool:
        """The link to the table is up (or still being made): not lost, failed or closed."""
        return self.connection in ("connecting", "connected")

    #: a move unanswered this long no longer holds the next one back (a lost answer must not
    #: freeze the table; a dropped link clears it at once)
    ANSWER_WAIT = 5.0

    def send(self, seat: int, move: dict[str, Any]) -> None:
        """Send ``move`` unless the last one is still unanswered: until its answer comes the
        screen shows the state the move was made on, and a key pressed again there (a player
        pressing Enter twice over a slow link) would only earn a refusal, and enough of them
        in a row get the connection cut by the host."""
        if self.sent_at is not None and time.monotonic() - self.sent_at < self.ANSWER_WAIT:
            return
        self.last_move = move
        self.sent_at = time.monotonic()
        self.client.send_move(move)

    def poll(self) -> list[tuple[int, dict[str, Any]]]:
        """New events since the last poll. A window that comes to a game under way (a late
        spectator, a player rejoining from a fresh window) gets the story so far with its
        first snapshot (``snapshot.story``): told first, marked ``"replayed": True``. When a
        lost link comes back, the moves made meanwhile are told the same way."""
        held, self._held = self._held, []
        out: list[tuple[int, dict[str, Any]]] = []
        story: list[tuple[int, dict[str, Any]]] = []
        cut = 0
        for message in self.client.poll():
            if self._given_up:
                break  # (what was already on its way from that host is not read either)
            kind = message.get("t")
            unusable = self._unusable(message)
            if unusable:  # a broken or hostile host: nothing of it reaches the window
                out.append((self.client.seat if self.client.seat is not None else -1,
                            self._give_up(unusable)))
                break
            if kind == "error" and message.get("code") == "bad_token" and self.fresh_client:
                # the kept token is from an older table at this address: join as a newcomer
                if self.keep_token is not None:
                    self.keep_token(None, None)
                old, self.client, self.fresh_client = self.client, self.fresh_client(), None
                background(old.close)
                break
            if kind == "welcome":
                # seated (by the kept token or as a newcomer): from now on a token the host
                # does not know means this table is gone, never "join whatever is there now"
                # (a guest left on a closed table's results was seated at the host's next
                # table by the reconnect: a LAN evening's playtest)
                self.fresh_client = None
            seat = self.client.seat if self.client.seat is not None else -1
            if self.keep_token is not None and self.client.token and \
                    isinstance(message.get("table"), dict):
                kept = (self.client.token, message["table"].get("id"))
                if kept != self._kept:
                    self._kept = kept
                    self.keep_token(*kept)
            if isinstance(message.get("table"), dict):
                self.info = message["table"]
                if self.info.get("id") != self.table_id:  # a new game at this table
                    self.table_id = self.info.get("id")
                    self.results = None
                if self.info.get("status") == "playing":
                    # a game under way is worth waiting for: a host that quit may continue
                    # it from its save, so the link is tried again for as long as it takes
                    self.client.max_attempts = None
            if "to_move" in message:
                self.to_move = list(message["to_move"])
            if kind in ("snapshot", "refused", "error", "connection") or (
                    kind == "events" and message.get("by") == seat):
                self.sent_at = None  # the move in flight is answered (or will never be)
            if kind in ("snapshot", "events", "refused") and "view" in message:
                self.views[seat] = message["view"]
                if kind == "snapshot":
                    self.snapshot_views[seat] = message["view"]
            if kind == "bye" and message.get("reason") == "shutting_down":
                self.host_stopped = True
            if kind == "connection":
                self.connection = message.get("state", "")
                if self.connection == "connected":
                    self.host_stopped = False
                if message.get("bad_data"):  # (the client gave up on frames it cannot read:
                    # said as bad host data, even at a finished game, not as a lost link)
                    self.error = str(message.get("detail", ""))
                    self.error_code = BAD_HOST_DATA
                out.append((seat, {"type": "connection", "state": self.connection,
                                   "detail": message.get("detail", "")}))
            elif kind == "error":
                self.error = message.get("message") or message.get("code", "")
                self.error_code = str(message.get("code", ""))
                out.append((seat, {"type": "refused", "code": message.get("code", ""),
                                   "detail": self.error, "error": True}))
            elif kind == "refused":
                out.append((seat, {"type": "refused", "code": message.get("code", ""),
                                   "detail": message.get("detail", "")}))
            elif kind == "game_over":
                self.results = message
            elif kind == "events":
                events = self._events_of(message.get("events"), checked=True)
                self.hear(events)
                out += [(seat, with_move(event, message)) for event in events]
            elif kind == "snapshot" and self._heard_of != self.table_id:
                # a game this window has not seen yet: its story so far, kept for the next poll
                told = self._events_of(message.get("story"))
                self._heard_of, self._heard, self._tail = self.table_id, 0, deque(
                    maxlen=HEARD_TAIL)
                self.hear(told)
                story, cut = told_story(seat, told), len(out)
            elif kind == "snapshot":  # the link back: the moves made while it was down
                told = missed_events(self._events_of(message.get("story")), self._heard,
                                     self._tail)
                self.hear(told)
                out += told_story(seat, told)
        if story:  # kept for the next poll, so that it reaches the table scene even when a
            # lobby polled first (as ``LocalSession.poll`` keeps a continued game's story)
            self._held = story + out[cut:]
            return held + out[:cut]
        return held + out

    def _shapes_of(self, game: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """``game``'s view and event shapes (``game.rules.shapes``; None: none declared)."""
        if game != self._shapes_for[0]:
            from game.rules import get_ruleset

            try:
                ruleset = get_ruleset(game) if isinstance(game, str) else None
            except KeyError:
                ruleset = None
            self._shapes_for = (game, getattr(ruleset, "wire_shapes", None))
            self._agreements = tuple(getattr(ruleset, "wire_agreements", ()))
        return self._shapes_for[1]

    def _unusable(self, message: dict[str, Any]) -> str | None:
        """Where ``message`` is not what a host sends (None: usable): its own fields
        (``MESSAGE_SHAPES``, ``TABLE_SHAPE``, ``to_move``), then its view and events against
        the game's shapes where the game declares them (a story's events are not: see
        ``_events_of``)."""
        kind = message.get("t")
        table = message.get("table")
        found = problem(message, MESSAGE_SHAPES.get(kind, {}), str(kind))
        if found is None and kind in ("snapshot", "table") and "table" not in message:
            found = f"{kind}.table: missing"  # (always sent: a guest would wait for it)
        if found is None and "table" in message and kind in ("snapshot", "table", "events"):
            found = problem(table, TABLE_SHAPE, f"{kind}.table")
            if found is None and not table["seats"]:
                found = f"{kind}.table.seats: none"
        if found is None and "to_move" in message:
            found = problem(message["to_move"], [_SEAT, 8], f"{kind}.to_move")
        if found is None and kind == "game_over":
            found = self._results_problem(message)
        if found:
            return found
        shapes = self._shapes_of(table.get("game") if isinstance(table, dict) else
                                 self.info.get("game"))
        if shapes is None:
            return None
        view_shape, event_shapes = shapes
        if kind in ("snapshot", "events", "refused") and "view" in message:
            found = problem(message["view"], view_shape, "view")
            if found is None:
                seats = (table if isinstance(table, dict) else self.info).get("seats") or []
                found = agreement_problem(message["view"], self._agreements, len(seats))
            if found:
                return found
        if kind == "events":
            for index, event in enumerate(story_events(message.get("events"))):
                found = event_problem(event, event_shapes, f"events[{index}]")
                if found:
                    return found
        return None

    def _results_problem(self, message: dict[str, Any]) -> str | None:
        """Where a ``game_over`` (its shape checked) does not fit the table: a score and a
        place per seat (``scores`` of [] showed an empty results table with no word: an
        outside hostile-host rerun)."""
        seats = len(self.info.get("seats") or [])
        for key in ("scores", "ranking"):
            told = message.get(key)
            if isinstance(told, list) and seats and len(told) != seats:
                return f"game_over.{key}: {len(told)} for {seats} seats"
        return None

    def _events_of(self, events: Any, *, checked: bool = False) -> list[dict[str, Any]]:
        """The events of an ``events`` message or a story that this window can tell: events
        only (``story_events``), and where the game declares its shapes, only those of its
        types that fit them (``checked``: an ``events`` message's, which ``_unusable`` has
        checked, a misfit closing the link; a story's misfits are only left out, the log is
        all they make)."""
        told = story_events(events)
        shapes = self._shapes_of(self.info.get("game"))
        if shapes is None:
            return told
        event_shapes = shapes[1]
        return [event for event in told if event["type"] in event_shapes
                and (checked or not event_problem(event, event_shapes))]

    def _give_up(self, why: str) -> dict[str, Any]:
        """Close the link to a host whose data this window cannot use; the news that says so."""
        self.error, self.error_code, self._given_up = why, BAD_HOST_DATA, True
        self.connection = "failed"
        self.close()
        return {"type": "connection", "state": "failed", "detail": why}

    def hear(self, events: Any) -> None:
        """Count ``events`` as heard in the current game."""
        if isinstance(events, list):
            self._heard += len(events)
            self._tail.extend(events)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        background(self.client.close)


_CLEANUPS: list[threading.Thread] = []


def background(function: Any, *args: Any, **kwargs: Any) -> None:
    """Run a blocking network clean-up off the frame loop (zeroconf, sockets)."""

    def run() -> None:
        # a failing clean-up must never reach the UI
        with contextlib.suppress(Exception):
            function(*args, **kwargs)

    thread = threading.Thread(target=run, daemon=True, name="starparty-cleanup")
    _CLEANUPS[:] = [t for t in _CLEANUPS if t.is_alive()] + [thread]
    thread.start()


def finish_cleanups(timeout: float = 3.0) -> None:
    """At exit: give pending clean-ups (withdrawing a LAN advertisement...) time to finish."""
    deadline = time.monotonic() + timeout
    for thread in list(_CLEANUPS):
        thread.join(max(0.0, deadline - time.monotonic()))


def party_at_one_screen(config: Any, session: Any) -> GameConfig | None:
    """``config`` when it is a party's at one screen (couch mode), which goes back to its
    lobby seated (``scenes.menu.back_to_menu``); None otherwise, a LAN couch host's too (its
    table closes)."""
    if isinstance(config, GameConfig) and config.mode == "couch" and \
            not isinstance(session, HostSession):
        return config
    return None
