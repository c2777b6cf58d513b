"""An AI player that sits at a table through a connection (``starparty bot HOST:PORT``).

Unlike the Table's own AI seats, a remote bot sees only what its seat sees: its seat's *view*
and the host's ``legal`` list. Bots with ``choose_from_view`` (Look at the Stars' greedy bot)
decide from exactly that, so they play as they would at the table; other bots get the view as
their state, and where that is not enough a seeded random pick from ``legal`` stands in, so
any game can be played to the end. It acts when its seat is in
``to_move``, sends one move, then waits for the answer (events or a refusal), matched with
``net.moves.SentMoves`` as the connections match theirs (a stale move is resent by the
connection itself; a refusal that reaches the bot stands). A bot with ``think_seconds`` (as
``game.tables.table_bot`` makes them) is handed a ``Deadline`` of that many seconds as its
``stop``, as the table's own AI seats are, so a searching bot answers within its budget.

When the host goes away it says so (``notice``) and, unless it waits for the host
(``reconnect_for=None``), stops: at once when the host closed the table, after
``reconnect_for`` seconds of failed reconnects when the link was lost.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from game.rules.base import Ruleset, make_rng
from net.ai_runner import Deadline, takes_stop
from net.moves import STALE, SentMoves

log = logging.getLogger(__name__)

Message = dict[str, Any]


class BotPlayer:
    """Drive ``connection`` (``Client`` or ``LocalConnection``) with ``bot`` for ``ruleset``."""

    def __init__(self, connection: Any, ruleset: Ruleset, bot: Any, *, seed: int = 0,
                 think_delay: float = 0.0, reconnect_for: float | None = None,
                 notice: Callable[[str], None] | None = None) -> None:
        self.connection = connection
        self.ruleset, self.bot = ruleset, bot
        self.rng = make_rng(seed, "remote-bot-fallback")
        self.think_delay = think_delay
        #: when the bot's move went out, until its answer came (None: free to move)
        self.waiting_since: float | None = None
        #: its moves in flight (the connection resends a stale one; this only matches answers)
        self.moves = SentMoves(retry_stale=False)
        self.moves_sent = 0
        self.result: Message | None = None
        self.failure: str | None = None
        self.legal: Message | None = None
        self.legal_asked: int | None = None
        self.view_unusable = False
        #: seconds without the host before the bot gives up (None: wait for it forever)
        self.reconnect_for = reconnect_for
        #: where the bot says what happens to its link (``starparty bot``: the terminal)
        self.notice = notice or (lambda text: log.info("%s", text))
        #: when the link to the host was lost (None: connected)
        self.lost_since: float | None = None

    def step(self) -> bool:
        """Handle what arrived and maybe move; False once the game is over or failed."""
        for message in self.connection.poll():
            kind = message.get("t")
            mine = kind == "events" and message.get("by") == self.connection.seat
            if kind == "snapshot":
                self.waiting_since = None  # a fresh start: older answers cannot be matched
                self.moves.forget()
            elif mine:
                self.waiting_since = None
                self.moves.accepted()
            elif kind == "refused":
                self.waiting_since = None
                self.moves.refused(message)
                if message.get("code") != STALE:
                    log.info("move refused: %s %s", message.get("code"), message.get("detail"))
            elif kind == "legal":
                self.legal = message
            elif kind == "game_over":
                self.result = message
            elif kind == "connection":
                self._connection_changed(message.get("state"), message.get("detail") or "")
            elif kind == "bye" and message.get("reason") == "shutting_down":
                self._host_closed(message.get("message") or "")
            elif kind == "error":
                log.warning("error from the host: %s", message.get("message"))
        if (self.lost_since is not None and self.reconnect_for is not None and self.failure is None
                and time.monotonic() - self.lost_since > self.reconnect_for):
            self.failure = (f"the host went away: no answer for {self.reconnect_for:g} s "
                            "of reconnecting")
        if self.result is not None or self.failure is not None:
            return False
        if self.refusals > 50:
            self.failure = "the host refused too many of this bot's moves"
            return False
        seat = self.connection.seat
        if seat is None or self.waiting_since is not None or self.connection.view is None:
            return True
        if seat not in self.connection.to_move:
            return True
        move = self._choose(seat)
        if move is None:
            return True
        if self.think_delay:
            time.sleep(self.think_delay)
        self.connection.send_move(move)
        self.moves.sent({"t": "move", "version": self.connection.version, "move": move})
        self.moves_sent += 1
        self.waiting_since = time.monotonic()
        return True

    @property
    def refusals(self) -> int:
        """Its moves refused for a reason of their own (a stale version is a race, not a
        mistake, and not counted)."""
        return self.moves.refused_count - self.moves.stale_count

    def _connection_changed(self, state: Any, detail: str) -> None:
        """Say when the link to the host is lost and when it is back; fail when it cannot be."""
        if self.failure is not None:
            return  # already stopping (the host closed the table): no "reconnecting" to say
        if state == "reconnecting" and self.lost_since is None:
            self.lost_since = time.monotonic()
            self.notice(f"lost the host ({detail}); trying to reconnect")
        elif state == "connected" and self.lost_since is not None:
            self.lost_since = None
            self.waiting_since = None  # a move in flight is answered by the fresh snapshot
            self.moves.forget()
            self.notice("back at the table")
        elif state == "failed":
            self.failure = detail or "the connection to the host failed"
        elif state == "closed":
            self.failure = detail or "the connection to the host was closed"

    def _host_closed(self, why: str) -> None:
        """The host said goodbye to everyone (it stopped; it may come back from its save)."""
        said = f"the host closed the table ({why})" if why else "the host closed the table"
        if self.reconnect_for is None:
            self.lost_since = self.lost_since or time.monotonic()
            self.notice(f"{said}; waiting for it to come back")
        else:
            self.failure = said

    def _choose(self, seat: int) -> Any:
        """The bot's pick. A bot with ``choose_from_view(view, seat, moves)`` decides from the
        view plus the host's ``legal`` list (a game whose view is not a full state); any
        other bot gets the view as its state. If that fails (or the bot keeps being
        refused), a seeded random move from the ``legal`` list stands in."""
        random_pick = bool(self.refusals and self.refusals % 3 == 0)
        from_view = getattr(self.bot, "choose_from_view", None)
        if from_view is None and not self.view_unusable and not random_pick:
            try:
                return self.bot.choose(self.ruleset, self.connection.view, seat,
                                       **self.stop_keywords(self.bot.choose))
            except Exception as exc:
                log.info("the bot cannot play from this game's view (%r); "
                         "using the host's legal moves", exc)
                self.view_unusable = True
        moves = self._legal_moves()
        if not moves:
            return None
        if from_view is not None and not random_pick:
            try:
                return from_view(self.connection.view, seat, moves,
                                 **self.stop_keywords(from_view))
            except Exception as exc:
                log.warning("the bot failed on this view (%r); playing a random legal move",
                            exc)
        return self.rng.choice(moves)

    def stop_keywords(self, choose: Callable[..., Any]) -> dict[str, Deadline]:
        """``stop``: a fresh ``Deadline`` of the bot's ``think_seconds``, if it has them and
        ``choose`` takes a stop (``takes_stop``, as the table asks); else nothing, and the bot
        is called as before."""
        seconds = getattr(self.bot, "think_seconds", None)
        return {"stop": Deadline(float(seconds))} if seconds and takes_stop(choose) else {}

    def _legal_moves(self) -> list[Any] | None:
        """The host's legal moves at the current version, or None (asked for once)."""
        version = self.connection.version
        if self.legal is not None and self.legal.get("version") == version:
            return self.legal.get("moves") or []
        if self.legal_asked != version:
            self.legal_asked = version
            self.connection.send({"t": "legal"})
        return None

    def run(self, timeout: float = 3600.0, step_sleep: float = 0.001) -> Message | None:
        """Play until the game ends (returns ``game_over``) or ``timeout``; resend-safe:
        if no answer comes in 5 s (a lost link), it asks for a snapshot."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.step():
            if self.waiting_since is not None and time.monotonic() - self.waiting_since > 5:
                self.waiting_since = None
                self.connection.request_snapshot()
            time.sleep(step_sleep)
        return self.result
