"""Watch a finished game again: a session (the API a table scene reads: ``views``, ``poll``,
``names``...) whose state is the game's record replayed up to a chosen move.

Built on ``game.rules.base.replay``: the state at move ``k`` is the record's options and seed
with its first ``k`` moves applied, by the game's own ``Ruleset``, on a copy that belongs to
this session alone, so a replay can never change a live table. Stepping forward applies one
move and hands its events to the table scene (cards flip, lines flash, as in play); stepping
back rebuilds from the nearest checkpoint. ``send`` does nothing: a replay takes no moves.

After a jump (or a change of seat) the next ``poll`` hands over the whole history up to there,
each event marked ``"replayed": True``: a table scene notes those (its game log) without
animating them, and ``jumped`` tells the replay scene to show a fresh table.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from game.client.record import GameRecord
from game.rules import get_ruleset
from game.rules.base import State, replay, visible_events

#: a copy of the state is kept every this many moves, so stepping back is quick
CHECKPOINT_EVERY = 24


class ReplaySession:
    """A seat's view of ``record`` at move ``position`` (0: before the first move)."""

    #: what a table scene checks to know it shows a replay (no moves, no results)
    replay = True

    def __init__(self, record: GameRecord, seat: int = 0) -> None:
        self.record = record
        self.ruleset = get_ruleset(record.game)
        self.names = list(record.names)
        self.kinds = list(record.kinds)
        self.seat = seat
        self.config = None
        self.results: dict[str, Any] | None = None  # the table must not end the replay
        self.closed = False
        self.info: dict[str, Any] = {
            "game": record.game, "options": copy.deepcopy(record.options), "status": "over",
            "seats": [{"seat": i, "name": name, "kind": kind, "taken": True, "connected": True}
                      for i, (name, kind) in enumerate(zip(self.names, self.kinds,
                                                           strict=True))]}
        self.position = 0
        self.state: State = self.ruleset.setup(record.options, record.seed, record.secret)
        self._checkpoints: dict[int, State] = {0: copy.deepcopy(self.state)}
        self._events: list[tuple[int, dict[str, Any]]] = []
        #: the events of each move played so far (``_history[k]``: move k's)
        self._history: list[list[dict[str, Any]]] = []
        #: set by a jump or a change of seat: the table scene should start afresh
        self.jumped = False
        self.views: dict[int, dict[str, Any]] = {}
        self._refresh()

    # --- what a table scene reads ------------------------------------------------------------
    @property
    def human_seats(self) -> list[int]:
        return [self.seat]

    @property
    def status(self) -> str:
        return "over"

    @property
    def to_move(self) -> list[int]:
        return sorted(self.ruleset.to_move(self.state))

    def poll(self) -> list[tuple[int, dict[str, Any]]]:
        out, self._events = self._events, []
        return out

    def send(self, seat: int, move: dict[str, Any]) -> None:
        """A replay takes no moves."""

    def close(self) -> None:
        self.closed = True

    # --- moving through the game -------------------------------------------------------------
    @property
    def length(self) -> int:
        return len(self.record.moves)

    def forward(self) -> bool:
        """Apply the next move (its events go to the table scene); False at the end."""
        if self.position >= self.length:
            return False
        events = self._apply_next()
        self._events += [(self.seat, e) for e in visible_events(events, self.seat)]
        self._refresh()
        return True

    def _apply_next(self) -> list[dict[str, Any]]:
        seat, move = self.record.moves[self.position]
        events = self.ruleset.apply(self.state, seat, copy.deepcopy(move))
        if len(self._history) == self.position:
            self._history.append(events)
        self.position += 1
        if self.position % CHECKPOINT_EVERY == 0:
            self._checkpoints.setdefault(self.position, copy.deepcopy(self.state))
        return events

    def go_to(self, position: int) -> None:
        """Jump to ``position`` (clamped): forward by applying, back from a checkpoint."""
        position = max(0, min(self.length, position))
        if position == self.position + 1:
            self.forward()
            return
        if position < self.position or position - self.position > CHECKPOINT_EVERY:
            start = max(k for k in self._checkpoints if k <= position)
            self.state = copy.deepcopy(self._checkpoints[start])
            self.position = start
        while self.position < position:
            self._apply_next()
        self._tell_history()
        self._refresh()

    def _tell_history(self) -> None:
        """A jump is shown as it lands: the story so far for the log, nothing to animate."""
        while len(self._history) < self.position:  # moves skipped over from a checkpoint
            state = replay(self.ruleset, self.record.options, self.record.seed,
                           self.record.moves[:len(self._history)], self.record.secret)
            seat, move = self.record.moves[len(self._history)]
            self._history.append(self.ruleset.apply(state, seat, copy.deepcopy(move)))
        self._events = [(self.seat, {**event, "replayed": True})
                        for events in self._history[:self.position]
                        for event in visible_events(events, self.seat)]
        self.jumped = True

    def watch(self, seat: int) -> None:
        """Follow the game from ``seat``'s place."""
        self.seat = seat % len(self.names)
        self.views = {}
        self._tell_history()
        self._refresh()

    def state_at(self, position: int) -> State:
        """The game after its first ``position`` moves, rebuilt from scratch (tests compare)."""
        return replay(self.ruleset, self.record.options, self.record.seed,
                      self.record.moves[:position], self.record.secret)

    def describe(self, position: int | None = None) -> str:
        """The last move played before ``position`` (default: now), with names for seats."""
        position = self.position if position is None else position
        if position <= 0:
            return ""
        seat, move = self.record.moves[position - 1]
        from game.client.kits import get_kit, has_table

        kit = get_kit(self.record.game) if has_table(self.record.game) else None
        if kit is not None and kit.describe_move is not None and isinstance(move, dict):
            return kit.describe_move(self.state, seat, move, self._name)
        text = self.ruleset.describe_move(self.state, seat, move)
        return re.sub(r"\bseat (\d+)\b", lambda m: self._name(int(m.group(1))), text)

    def _name(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        from game.client.i18n import _

        return _("seat {n}").format(n=seat)

    def seat_view(self, seat: int) -> dict[str, Any]:
        """``seat``'s own view at this move (worked out once per move). The game is over:
        nothing in a replay is secret, and a table may show another seat's board as that
        seat saw it (Look at the Stars: lines drawn on another's board showed on its
        thumbnail only once the card ended, though the caption said "Just played on Altair's
        board": a playtest)."""
        if seat == self.seat:
            return self.views[seat]
        view = self._seat_views.get(seat)
        if view is None:
            view = self._seat_views[seat] = self.ruleset.view(self.state, seat)
        return view

    def _refresh(self) -> None:
        self._seat_views: dict[int, dict[str, Any]] = {}
        self.views = {self.seat: self.ruleset.view(self.state, self.seat)}
