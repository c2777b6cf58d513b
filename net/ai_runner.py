"""A table's AI seats: one thread that plays every bot seat, started and closed by its Table.

Bots are ordinary seats: the runner waits on the table's condition for a seat of its own in
``to_move``, lets that seat's bot think off the table's lock on a copy of the state whose
hidden part is shuffled anew (no bot plays on what its seat may not know), within the table's
``ai_budget`` (past it, or if the bot fails, a random legal move stands in), and submits the
move like any client. Its own module so that its lifecycle is explicit: ``start`` (the game
starts or a seat becomes a bot) makes the missing bots and starts the thread once; ``close``
(``Table.close``) tells a searching bot to stop, ends the thread and waits for it.
"""

from __future__ import annotations

import inspect
import logging
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from game.rules.base import Move, Ruleset, State, make_rng

log = logging.getLogger(__name__)

Message = dict[str, Any]
#: ``(game, level, seed) -> bot``: how a table makes its AI seats (``KeyError`` for an unknown
#: level); a bot has ``choose(ruleset, state, seat) -> move``
BotFactory = Callable[[str, str, int], Any]


class Deadline:
    """A search's stop: True once ``seconds`` have passed on ``clock``, or sooner when the next
    check would come after that. It remembers the longest of the last ``memory`` gaps between
    its calls (one step of the search, stretched by waits for a core on a busy machine) and
    stops when now plus that gap reaches the end: a search ends about on time, not one long
    step past it. The first call has no gap to go by."""

    def __init__(self, seconds: float, *, clock: Callable[[], float] = time.monotonic,
                 memory: int = 8) -> None:
        self.clock = clock
        self.end = clock() + seconds
        self.last: float | None = None
        self.gaps: deque[float] = deque(maxlen=memory)

    def __call__(self) -> bool:
        now = self.clock()
        if self.last is not None:
            self.gaps.append(now - self.last)
        self.last = now
        return now + (max(self.gaps) if self.gaps else 0.0) >= self.end


class BotTable(Protocol):
    """What the runner reads of its table (``net.table.Table``), under the table's lock."""

    game: str
    table_id: str
    seed: int
    ruleset: Ruleset
    state: State
    status: str
    version: int
    #: per seat, the version at which something concerning it last changed
    seat_versions: list[int]
    ai_delay: float
    ai_budget: float

    @property
    def seat_count(self) -> int: ...

    @property
    def closed(self) -> bool: ...

    def ai_levels(self) -> dict[int, str]:
        """The AI seats and their bot levels."""
        ...

    def bot_token(self, seat: int) -> str:
        """The token an AI seat's bot moves with."""
        ...

    def submit(self, seat: Any, token: Any, version: Any, move: Any) -> Message | None: ...


def takes_stop(choose: Callable[..., Any]) -> bool:
    """Whether a bot's ``choose`` (or ``choose_from_view``) accepts a ``stop`` callable (see
    ``AiRunner.think``)."""
    try:
        return "stop" in inspect.signature(choose).parameters
    except (TypeError, ValueError):
        return False


class AiRunner:
    """The bots of ``table``'s AI seats and the thread that plays them. ``changed`` is the
    table's condition (on its lock): notified whenever a move or a seat changes."""

    def __init__(self, table: BotTable, changed: threading.Condition,
                 bot_factory: BotFactory) -> None:
        self.table = table
        self.changed = changed
        self.bot_factory = bot_factory
        self._bots: dict[int, Any] = {}
        #: seats whose bot found no move the table accepts, and at which version
        self._stuck_at: dict[int, int] = {}
        #: turns rotate among bots waiting at once (simultaneous play)
        self._turn = 0
        self._thread: threading.Thread | None = None
        self._closing = threading.Event()

    @property
    def running(self) -> bool:
        """The bot thread is alive."""
        return self._thread is not None and self._thread.is_alive()

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> None:
        """Under the table's lock: a bot for every AI seat that has none (an unknown level
        plays ``random``), and the thread, once, if there is any. Nothing after ``close``."""
        if self._closing.is_set():
            return
        table = self.table
        levels = table.ai_levels()
        for seat, level in levels.items():
            if seat not in self._bots:
                try:
                    self._bots[seat] = self.bot_factory(table.game, level, table.seed + seat)
                except KeyError:
                    log.warning("no bot level %r for %s; using random", level, table.game)
                    self._bots[seat] = self.bot_factory(table.game, "random", table.seed + seat)
        if levels and self._thread is None:
            self._thread = threading.Thread(
                target=self._loop, name=f"table-{table.table_id}-ai", daemon=True)
            self._thread.start()

    def close(self) -> None:
        """Stop: a searching bot is told to stop, no bot moves any more, and the thread has
        ended when this returns (or ``ai_budget`` + 1 s have passed). Safe to call twice."""
        self._closing.set()
        with self.changed:
            self.changed.notify_all()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=max(2.0, self.table.ai_budget + 1.0))

    def drop(self, seat: int) -> None:
        """Under the lock: ``seat`` is no bot's any more (its player took it back); a move its
        bot is thinking about is dropped."""
        self._bots.pop(seat, None)
        self._stuck_at.pop(seat, None)

    def reset(self) -> None:
        """Under the lock: a new game at the table (``Table.restart``): new bots at ``start``;
        what the old ones are thinking about is dropped."""
        self._bots = {}
        self._stuck_at = {}

    # ------------------------------------------------------------------ the thread
    def _next_job(self) -> tuple[int, int, State, Any] | None:
        table = self.table
        if table.status != "playing" or table.closed:
            return None
        waiting = [
            i for i in sorted(table.ruleset.to_move(table.state))
            if i in self._bots and self._stuck_at.get(i) != table.version
        ]
        if not waiting:
            return None
        seats = table.seat_count
        self._turn = (self._turn + 1) % seats
        waiting.sort(key=lambda i: (i - self._turn) % seats)
        seat = waiting[0]
        # the bot thinks on a copy whose hidden part (an undealt deck's order) is shuffled
        # anew: no bot can play on what its seat may not know
        hidden_shuffle = secrets.randbits(62)
        return (seat, table.version,
                table.ruleset.reshuffle_hidden(table.state, hidden_shuffle), self._bots[seat])

    def _loop(self) -> None:
        table = self.table
        while not self._closing.is_set():
            with self.changed:
                job = self._next_job()
                if job is None:
                    self.changed.wait(timeout=1.0)
                    continue
            seat, version, state, bot = job
            if table.ai_delay > 0 and self._closing.wait(table.ai_delay):
                return
            move = self.think(seat, state, bot)
            with self.changed:
                if (self._closing.is_set() or table.closed
                        or table.seat_versions[seat] > version):
                    continue  # something concerning this seat changed: think again
                if self._bots.get(seat) is not bot:
                    continue  # the seat went back to its player while the bot thought
                refusal = table.submit(seat, table.bot_token(seat), version, move)
                if refusal is not None:
                    fallback = self.random_move(seat, version)
                    if fallback is not None:
                        refusal = table.submit(seat, table.bot_token(seat), version, fallback)
                    if refusal is not None:
                        log.error("bot for seat %s is stuck: %s", seat, refusal["code"])
                        self._stuck_at[seat] = table.version

    def think(self, seat: int, state: State, bot: Any) -> Move | None:
        """The bot's move, computed in a worker thread within ``ai_budget`` seconds; past the
        budget (or if the bot fails) a random legal move stands in (the late worker is
        abandoned, its answer ignored).

        A bot whose ``choose`` takes ``stop`` (searching bots) is handed one: a ``Deadline`` at
        the bot's own ``think_seconds`` (if it has one) or well before the budget runs out,
        and True at once when the table closes, so a search ends with its best move so far."""
        outcome: dict[str, Any] = {}
        budget = self.table.ai_budget
        seconds = min(float(getattr(bot, "think_seconds", None) or budget), 0.8 * budget)
        deadline = Deadline(seconds)
        closing = self._closing
        ruleset = self.table.ruleset

        def stop() -> bool:
            return closing.is_set() or self._bots.get(seat) is not bot or deadline()

        def run() -> None:
            try:
                if takes_stop(bot.choose):
                    outcome["move"] = bot.choose(ruleset, state, seat, stop=stop)
                else:
                    outcome["move"] = bot.choose(ruleset, state, seat)
            except Exception as exc:
                outcome["error"] = exc

        worker = threading.Thread(target=run, name=f"bot-{seat}", daemon=True)
        worker.start()
        worker.join(budget)
        if "move" in outcome:
            return outcome["move"]
        if "error" in outcome:
            log.warning("bot for seat %s failed: %s", seat, outcome["error"])
        else:
            log.warning("bot for seat %s exceeded its %.1fs budget", seat, budget)
        return self.random_move(seat, None, state)

    def random_move(self, seat: int, version: int | None, state: State | None = None) -> Any:
        """A seeded random legal move of ``seat`` (on the table's state unless given)."""
        state = self.table.state if state is None else state
        moves = self.table.ruleset.legal_moves(state, seat)
        if not moves:
            return None
        return make_rng(self.table.seed, "fallback", seat, version or 0).choice(moves)
