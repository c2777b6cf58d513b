"""What a game gives the hard bot to teach with: its hints and its post-game review.

A game names its ``Teacher`` in its plugin (``GamePlugin.teacher``, "module:TEACHER"); the
generic hints (``game.ai.hints``) and review (``game.ai.review``) ask ``teacher_of(game)`` and
name no game. A game without one has neither (the window offers no Hint button, no Review).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from game.ai.base import StopCheck
from game.registry import games, load_target
from game.rules.base import Move, Ruleset, State

#: the level a hint asks and the review plays, unless the game's ``Teacher`` names another
HINT_LEVEL = "hard"


@dataclass(frozen=True)
class Hint:
    """The bot's advice: ``moves`` (the hinted move first, then the rest of the turn it plans
    from there, if any), the seat's score change they make at once (``points_now``, the
    engine's own scoring) and what they keep open (``keeps_open``: fact -> count)."""

    moves: list[Move]
    points_now: int
    keeps_open: dict[str, int] = field(default_factory=dict)

    @property
    def move(self) -> Move:
        return self.moves[0]


@dataclass(frozen=True)
class Segment:
    """Where a decision starts in the record (``at``) and ends (``end``: the first move after
    it), and its number."""

    turn: int
    at: int
    end: int


def _every_move(moves: list[Move]) -> list[Move]:
    return moves


def _total_score(ruleset: Ruleset, state: State, seat: int) -> int:
    return int(ruleset.score(state)[seat]["total"])


def _never(*_args: Any) -> bool:
    return False


@dataclass(frozen=True)
class Teacher:
    """A game's hooks for hints and the review.

    ``hint(view, seat, stop, seed)``: the hard bot's advice from the seat's own view (None:
    nothing to decide now); ``decision_key(view, seat)``: what identifies the seat's decision
    in a view (a hint holds, and the review finds the hint shown, while it is the same);
    ``segments(ruleset, state, moves, seat)``: the seat's decisions in a record, played from
    ``state`` at the game's start (which it may change); ``plan_goes_on(asked, hint, view,
    seat)``: the rest of a several-move hint once the seat has followed it to ``view`` (None:
    ask afresh). For the review's bot: ``your_moves`` keeps the seat's moves of a decision
    that count (Look at the Stars drops undos and the confirm); ``own_points(ruleset, state,
    seat)`` is the score a decision is measured by (default: the engine's total);
    ``waits(legal)``: the bot stops before playing on (a confirm left to the seat); and
    ``turn_over(start, now)``: after a move, the decision played from state ``start`` is over
    (default: it goes on while the seat is to move); ``level``: the bot level it plays."""

    hint: Callable[[dict[str, Any], int, StopCheck | None, int], Hint | None]
    decision_key: Callable[[dict[str, Any], int], Any]
    segments: Callable[[Ruleset, State, list[list[Any]], int], list[Segment]]
    plan_goes_on: Callable[[dict[str, Any], Hint, dict[str, Any], int], Hint | None] | None \
        = None
    your_moves: Callable[[list[Move]], list[Move]] = _every_move
    own_points: Callable[[Ruleset, State, int], int] = _total_score
    waits: Callable[[list[Move]], bool] = _never
    turn_over: Callable[[State, State], bool] = _never
    level: str = HINT_LEVEL


@cache
def _load(target: str) -> Teacher:
    teacher = load_target(target)
    if not isinstance(teacher, Teacher):
        raise TypeError(f"{target} is not a game.ai.teaching.Teacher")
    return teacher


def teacher_of(game: str) -> Teacher | None:
    """The ``Teacher`` ``game``'s plugin names (None: the game has no hints or review)."""
    plugin = games().get(game)
    if plugin is None or plugin.teacher is None:
        return None
    return _load(plugin.teacher)
