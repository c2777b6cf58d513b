"""Moves played out at a readable pace: the table scene holds the moves that come in and shows
them one after another, each with the view it came with, its caption and its highlights.

The server stays authoritative and its bots play at their own speed; only the window waits.
A move of a bot (or of a player at another screen) is a ``Beat`` that holds the stage for a
while (``BEAT_SECONDS`` times the player's *AI speed*, ``game.client.settings.AI_SPEEDS``) and
until its cubes have landed; a move made at this screen, a replay's step and every move at
the speed *Instant* hold it for no time, so they show as soon as they come, as before.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

Event = dict[str, Any]

#: how long a move holds the stage at AI speed Normal, by what it does (seconds; a move that
#: does several things holds it for the longest of them), cubes landing comes on top
BEAT_SECONDS = {"crew_chosen": 1.3, "skill_applied": 1.5, "skill_ignored": 1.5,
                "cube_placed": 0.9, "start_player_set": 1.8, "round_ended": 1.6,
                "game_over": 0.4}
#: a caption stays this long after its move has played (while no other move comes)
CAPTION_LINGER = 2.5
#: more moves than this waiting (a long pause, a window left behind): the rest play at once
MOST_WAITING = 12


@dataclass
class Beat:
    """One move's events, the view after it and who made it (``by``)."""

    events: list[tuple[int, Event]]
    view: dict[str, Any] | None
    by: int | None
    #: how long it holds the stage once it starts (0: no time)
    seconds: float = 0.0
    elapsed: float = 0.0

    @property
    def kinds(self) -> set[str]:
        return {event.get("type", "") for _seat, event in self.events}


def beats_of(news: list[tuple[int, Event]]) -> list[Beat]:
    """The session's news cut into beats: the events of one message (one move) together, the
    end of a round (``round_ended`` on) a beat of its own with the same view."""
    beats: list[Beat] = []
    for seat, event in news:
        view = event.get("view")
        last = beats[-1] if beats else None
        if last is None or last.view is not view or event.get("type") == "round_ended":
            last = Beat([], view, event.get("by"))
            beats.append(last)
        last.events.append((seat, event))
    return beats


@dataclass
class Pacer:
    """The beats waiting and the one on the stage."""

    waiting: deque[Beat] = field(default_factory=deque)
    playing: Beat | None = None
    #: the view the table shows while moves are played out (None: the newest)
    shown: dict[str, Any] | None = None
    #: Space while moves wait: the rest play at once
    hurry: bool = False
    #: the caption: the lines of the last move played out, and how long it stays
    caption: list[Any] = field(default_factory=list)
    caption_by: int | None = None
    caption_left: float = 0.0

    @property
    def busy(self) -> bool:
        return self.playing is not None or bool(self.waiting)

    def holding(self) -> Beat | None:
        """The move on the stage now, if it holds it for a while (its highlights show)."""
        beat = self.playing
        return beat if beat is not None and beat.seconds > 0 else None


def beat_seconds(beat: Beat, pace: float, local: list[int]) -> float:
    """How long ``beat`` holds the stage at ``pace`` (an ``AI_SPEEDS`` factor): no time for
    a move made at this screen (its round end still shows), a replay's step (no view) or
    ``pace`` 0."""
    if pace <= 0 or beat.view is None:
        return 0.0
    kinds = beat.kinds
    if beat.by in local and "round_ended" not in kinds:
        return 0.0
    return pace * max((BEAT_SECONDS.get(kind, 0.0) for kind in kinds), default=0.0)
