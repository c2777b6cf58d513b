"""Hints at a table: H (a pad's "hint" intent arrives as H) or the Hint button asks the hard
bot (``game.ai.hints``) for the seat's move, on a thread of its own within the bot's time
budget (``game.ai.THINK_SECONDS``), so the window never waits for it.

Where hints are offered (``hints_allowed``): solo and hot-seat always; a LAN table (host or
guest) only when its host allowed them (the table's ``info["hints"]``, set on the setup
screen and shown in the lobby); never to a spectator or in a replay. The hint is computed
here, in the player's own window, from the seat's own view: the table computes none.

The table scene shows the hint its own way (``GameTableScene.show_hint``: the ghost, the
chosen crew...) and says in words what the picture cannot; ``HintAsker.line`` adds the why:
the points the move makes at once and what it keeps open, from the engine's own scoring.
"""

from __future__ import annotations

import copy
import itertools
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.ai import THINK_SECONDS
from game.ai.hints import (
    HINT_LEVEL,
    Hint,
    decision_key,
    decision_seed,
    given_key,
    has_hints,
    hint_for,
    plan_goes_on,
)
from game.client.i18n import N_, _, ngettext
from game.client.kits import get_kit, points_now
from game.client.session import HostSession, RemoteSession, Session
from game.client.settings import HintCounts
from game.client.widgets import Button
from net.ai_runner import Deadline

#: what a hint keeps open, per fact ``game.ai.hints`` counts: its words for a count
OPEN_WORDS: dict[str, Callable[[int], str]] = {
    # ("keeps 4 line groups" read as groups of 4 lines: a 4K playtest)
    "open_groups": lambda n: ngettext("keeps {n} group of lines open",
                                      "keeps {n} groups of lines open", n).format(n=n),
    "cubes": lambda n: ngettext("keeps {n} cube in hand", "keeps {n} cubes in hand",
                                n).format(n=n),
}
#: the thinking time when a game names none for its hard bot
DEFAULT_BUDGET = 1.0


def hints_allowed(session: Session) -> bool:
    """Whether the player at this screen may ask for hints (see the module docstring)."""
    if session.replay or not session.human_seats:
        return False
    if isinstance(session, HostSession | RemoteSession):
        return bool(session.info.get("hints"))
    return True


@dataclass(frozen=True)
class Checks:
    """A budget counted in the bot's own stop checks instead of seconds: the same search on
    every machine and under any load (``starparty screenshots`` draws the same hint and the
    same review on every run), and bounded all the same."""

    n: int


#: ``starparty screenshots``: the hints and the pictured review think this long
SCREENSHOT_BUDGET = Checks(150)


def stop_within(budget: float | Checks, cancel: threading.Event) -> Callable[[], bool]:
    """The bot's ``stop``: true once ``cancel`` is set or ``budget`` is spent."""
    if isinstance(budget, Checks):
        checks = itertools.count(1)
        return lambda: cancel.is_set() or next(checks) > budget.n
    deadline = Deadline(budget)
    return lambda: cancel.is_set() or deadline()


def think_budget(game: str) -> float:
    """Seconds the hard bot may think for a hint (its budget at a table)."""
    return float(THINK_SECONDS.get(game, {}).get(HINT_LEVEL, DEFAULT_BUDGET))


def why_line(hint: Hint, points: Callable[[int], str] = points_now) -> str:
    """The hint's why in words: the points it makes now (``points``: the game's words,
    ``ClientKit.hint_points``) and what it keeps open."""
    parts = [points(hint.points_now)]
    for fact, count in hint.keeps_open.items():
        if fact in OPEN_WORDS:
            parts.append(OPEN_WORDS[fact](count))
    return _(", ").join(parts)


class HintAsker:
    """One table's hints: the key and the button, the thinking thread, the hint shown.

    ``show(hint)`` (the table's ``show_hint``) puts it on the board and returns what the
    picture cannot say (e.g. "Skip this card"), or None."""

    def __init__(self, session: Session, seat: Callable[[], int],
                 show: Callable[[Hint], str | None], blocked: Callable[[], bool]) -> None:
        self.session = session
        self.seat = seat
        self.show = show
        self.blocked = blocked
        self.game = str(session.info.get("game", ""))
        self.button = Button(N_("Hint (H)"), self.ask, size="body")
        #: the hint on screen and the words the table said for it
        self.hint: Hint | None = None
        self.what: str | None = None
        #: the decision it was asked for (``decision_key``: another one ends it, ``update``)
        self.asked: Any = None
        self._seen: tuple[dict[str, Any], Any] | None = None
        self.thinking = False
        self.nothing = False
        #: the hint is the review's: the bot's choice at a moment of a finished game
        self.reviewed = False
        self.count = 0
        #: hints shown per seat (the results' statistics count them), kept per game in the
        #: config directory (``HintCounts``): a window that comes back to the game keeps them
        self.asked_by: dict[int, int] = {}
        self._counted_game: Any = None
        #: the thread's answers: (hint or None, seat, the view it was asked on)
        self._result: list[tuple[Hint | None, int, dict[str, Any]]] = []
        #: the last hint shown, with the seat and the view it was asked on: the seat that
        #: follows it is hinted the rest of its plan (``plan_goes_on``), not a new search
        self._plan: tuple[int, dict[str, Any], Hint] | None = None
        #: how long the bot may think: seconds (its budget at a table) or ``Checks``
        self.budget: float | Checks = think_budget(self.game)
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None

    def name_key(self, key: str) -> None:
        """The button names the key that asks on the device in hand (H; a pad's BACK; a
        keyboard half's key at one screen; "" the mouse's click alone)."""
        self.button.label = N_("Hint ({key})", key=key) if key else N_("Hint")

    def shown(self) -> bool:
        """A hint for the decision now is on the board or being thought about."""
        return self.thinking or self.nothing or (self.hint is not None and not self.reviewed)

    @property
    def offered(self) -> bool:
        """The button shows (hints allowed here, for this game)."""
        return has_hints(self.game) and hints_allowed(self.session)

    def ask(self) -> bool:
        """Start thinking about the seat's move (False: not offered, busy or not now)."""
        if not self.offered or self.thinking or self.blocked():
            return False
        seat = self.seat()
        view = self.session.views.get(seat)
        if view is None:
            return False
        if self.hint is not None and not self.reviewed and self.asked == self.decision():
            # asked again for the decision on screen: the same hint shown again (chosen
            # anew where the player moved away from it), not a new search, which after a
            # plan's first move could answer otherwise than the plan
            self.what = self.show(self.hint)
            return True
        self.clear()
        self.thinking = True
        self.asked = self.decision()
        mine = copy.deepcopy(view)  # the thread reads its own copy of the seat's own view
        plan = self._plan if self._plan is not None and self._plan[0] == seat else None
        stop = stop_within(self.budget, self._cancel)

        def run() -> None:
            try:
                found = plan_goes_on(self.game, plan[1], plan[2], mine, seat) \
                    if plan is not None else None
                if found is None:
                    found = hint_for(self.game, mine, seat, stop,
                                     seed=decision_seed(self.game, mine, seat))
            except Exception:  # a hint must never break the table
                found = None
            self._result.append((found, seat, mine))

        self._thread = threading.Thread(target=run, daemon=True, name="starparty-hint")
        self._thread.start()
        return True

    def present(self, hint: Hint) -> None:
        """Show ``hint`` as the bot's choice at this moment (the review's row, in a replay)."""
        self.asked = self.decision()
        self.hint, self.reviewed = hint, True
        self.what = self.show(hint)

    def clear(self) -> None:
        self.hint, self.what, self.nothing, self.reviewed = None, None, False, False

    @property
    def answered(self) -> bool:
        """The bot has finished (the next ``update`` shows its hint)."""
        return bool(self._result)

    def _follow_game(self) -> str | None:
        """The game's table id ("" / None: a game not kept, e.g. a replay); the counts kept for
        it are read the first time it is seen."""
        game = getattr(self.session, "table_id", None)
        if game and game != self._counted_game:
            self._counted_game = game
            self.asked_by = HintCounts().get(game)
        return game

    def update(self) -> None:
        """Show a finished hint; forget it once the seat's view moves on."""
        game = self._follow_game()
        if self._result:
            found, seat, asked = self._result.pop()
            self.thinking = False
            if self.decision() != self.asked:
                return  # the decision changed while it thought: the hint is stale
            if found is None:
                self.nothing = True
            else:
                self.count += 1
                self.asked_by[seat] = self.asked_by.get(seat, 0) + 1
                if game:
                    HintCounts().put(game, self.asked_by)
                self._present_plan(seat, asked, found)
        elif (self.hint is not None or self.nothing) and self.decision() != self.asked \
                and not self.go_on_with_plan():
            self.clear()

    def go_on_with_plan(self) -> bool:
        """The seat played the hint's first move (a crew's hint: "pick X, then investigate
        with 2 cubes"): the next decision shows the rest of that plan at once, as one hint.
        With the hint gone, the start planet the table chose by itself looked like the
        hint's (a Japanese player's playtest). False: the seat did something else."""
        if self.hint is None or self.reviewed or self._plan is None:
            return False
        seat = self.seat()
        view = self.session.views.get(seat)
        planned_seat, asked, hint = self._plan
        if view is None or planned_seat != seat or hint is not self.hint:
            return False
        try:
            rest = plan_goes_on(self.game, asked, hint, view, seat)
        except Exception:  # a hint must never break the table
            rest = None
        if rest is None:
            return False
        self.clear()
        self.asked = self.decision()
        self._present_plan(seat, copy.deepcopy(view), rest)
        return True

    def _present_plan(self, seat: int, view: dict[str, Any], hint: Hint) -> None:
        """Show ``hint``, asked on ``view`` (the seat's own copy), kept as the plan the seat
        may follow and filed for the review."""
        self.hint = hint
        self._plan = (seat, view, hint)
        self._file(seat, view, hint)
        self.what = self.show(hint)

    def _file(self, seat: int, view: dict[str, Any], hint: Hint) -> None:
        """Keep the hint with the session, by its decision: the game's record takes it to
        the review (``GameRecord.hints``)."""
        given = getattr(self.session, "hints_given", None)
        if isinstance(given, dict):
            game = given.setdefault(getattr(self.session, "table_id", None), {})
            game[given_key(self.game, view, seat)] = copy.deepcopy(hint.moves)

    def decision(self) -> Any:
        """The seat at the screen and its decision now (``decision_key``, worked out once per
        view): hot-seat players at the same point of a card still decide apart."""
        seat = self.seat()
        view = self.session.views.get(seat)
        if view is None:
            return None
        if self._seen is None or self._seen[0] is not view:  # (held: its id stays its own)
            self._seen = (view, (seat, decision_key(self.game, view, seat)))
        return self._seen[1]

    def line(self) -> str | None:
        """What the table says about the hint now (None: nothing)."""
        if self.thinking:
            return _("Thinking about a hint...")
        if self.nothing:
            return _("No hint now: nothing to decide.")
        if self.hint is None:
            return None
        why = why_line(self.hint, get_kit(self.game).hint_points)
        if self.reviewed:
            return (_("The hard bot here: {what}: {why}.").format(what=self.what, why=why)
                    if self.what else _("The hard bot here: {why}.").format(why=why))
        return (_("Hint: {what}: {why}.").format(what=self.what, why=why) if self.what
                else _("Hint: {why}.").format(why=why))

    def handle(self, event: pygame.event.Event) -> bool:
        """H or a click on the button (when shown): ask."""
        if not self.offered:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            self.ask()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self.button.rect.w and self.button.rect.collidepoint(event.pos):
            self.ask()
            return True
        return False

    def close(self) -> None:
        """The table goes: stop thinking."""
        self._cancel.set()
