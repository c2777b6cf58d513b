"""Hints: the hard bot's move for a seat, and why, from that seat's own view only.

``hint_for(game, view, seat, stop)`` asks the game's ``Teacher`` (``game.ai.teaching``: the
game's plugin names it) for the hard bot's move on the seat's view (what the seat's screen
shows, nothing hidden from it), explained with the engine's own scoring: ``points_now`` is
the score the hinted move (Stargazer: the whole turn the bot plans from it) makes at once, and
``keeps_open`` counts what it leaves to grow (Look at the Stars: line groups that may still
become constellations; Stargazer: cubes still in hand). Pure: the caller owns the clock and
the thread, and hands in ``stop`` (the bot's time budget, ``game.ai.THINK_SECONDS``).
"""

from __future__ import annotations

import zlib
from typing import Any

from game.ai.base import StopCheck
from game.ai.teaching import HINT_LEVEL, Hint, teacher_of

__all__ = ["HINT_LEVEL", "Hint", "decision_key", "decision_seed", "given_key", "has_hints",
           "hint_for", "plan_goes_on"]


def plan_goes_on(game: str, asked: dict[str, Any], hint: Hint, view: dict[str, Any],
                 seat: int) -> Hint | None:
    """The rest of ``hint`` (asked in view ``asked``) for the seat's decision in ``view``, if
    the seat has followed it there; None otherwise (ask the bot afresh)."""
    teacher = teacher_of(game)
    keeper = teacher.plan_goes_on if teacher is not None else None
    return keeper(asked, hint, view, seat) if keeper is not None and len(hint.moves) > 1 \
        else None


def hint_for(game: str, view: dict[str, Any], seat: int, stop: StopCheck | None = None,
             seed: int = 0) -> Hint | None:
    """The hard bot's hint for ``seat`` from its ``view`` (None: nothing to decide now, or a
    game without hints)."""
    teacher = teacher_of(game)
    return teacher.hint(view, seat, stop, seed) if teacher is not None else None


def has_hints(game: str) -> bool:
    return teacher_of(game) is not None


def decision_seed(game: str, view: dict[str, Any], seat: int) -> int:
    """The hard bot's seed for the seat's decision in ``view``: the hint asked there and the
    post-game review of the same moment search alike, and so agree (a new player followed a
    hint and the review called that move a mistake: each had searched with its own seed)."""
    return zlib.crc32(repr(decision_key(game, view, seat)).encode())


def given_key(game: str, view: dict[str, Any], seat: int) -> tuple[int, str]:
    """How a hint shown for the seat's decision in ``view`` is filed with the game's record:
    the review finds it there and shows the moves the player was hinted (the two searched
    alike, but a search cut by its time budget on a busy machine ends elsewhere)."""
    return seat, repr(decision_key(game, view, seat))


def decision_key(game: str, view: dict[str, Any], seat: int) -> Any:
    """What identifies the seat's decision in ``view``: a hint holds while it is the same
    (other seats' moves change the view, not the decision)."""
    teacher = teacher_of(game)
    return teacher.decision_key(view, seat) if teacher is not None else id(view)
