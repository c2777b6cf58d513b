"""Drive the app on a manual clock and save PNGs: ``starparty screenshots`` and the render bench.

A ``Shooter`` wraps an already built app (the command builds it; scenes never do) with helpers
to step frames, post input and save the screen. Every game's kit adds its own scenes through
``ClientKit.screenshots``; a fixed seed makes the pictures repeatable.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.client.loop import ManualClock

#: the seed of every game the screenshots show
SEED = 20261129
#: the secret they are dealt with (``game.rules.base.reproducible_secrets``): with the seed, the
#: same deal on every run (a table a person hosts gets a fresh secret)
SECRET = "starparty-screenshots"


class Shooter:
    """The app on a manual clock plus helpers to step, post input and save PNGs."""

    def __init__(self, app: Any, clock: ManualClock, outdir: Path) -> None:
        self.app = app
        self.clock = clock
        app.seed_source = lambda: SEED
        app.ai_delay = 0.0
        app.autosave_dir = None  # pictures are not games to continue
        app.lan_browse = False  # the menu lists no LAN tables: the same pictures anywhere
        #: tables on screen that no scene's session holds (a guest's, joined in-process)
        self.tables: list[Any] = []
        self.outdir = outdir
        self.saved: list[Path] = []

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.settle()
            self.clock.tick(1 / 60)
            self.app.frame()

    def settle(self, timeout: float = 10.0) -> None:
        """Wait (in real time, the manual clock stands still) until no bot of a local table on
        screen has a move to make: the bots play in the table's own thread, so without this
        what a frame shows, and the order of the moves, would follow the machine's speed
        rather than the seed (two runs drew different pictures). A bot stuck past
        ``timeout`` seconds is left to the table's own fallback."""
        tables = [table for scene in self.app.stack
                  if (table := getattr(getattr(scene, "session", None), "table", None))
                  is not None and hasattr(table, "to_move")] + self.tables
        deadline = time.monotonic() + timeout
        while any(_bot_to_move(table) for table in tables) and time.monotonic() < deadline:
            time.sleep(0.0005)

    def until(self, condition: Callable[[], bool], timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise RuntimeError("the scene did not get where expected")
            self.step()
            time.sleep(0.0005)

    def wait(self, condition: Callable[[], bool], timeout: float = 30.0) -> None:
        """Wait in real time, drawing no frame, until ``condition`` holds (a thread of the
        window thinking: frames drawn meanwhile would move the animations on by however long
        the machine took)."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise RuntimeError("the scene did not get where expected")
            time.sleep(0.002)

    def post(self, event_type: int, **fields: object) -> None:
        pygame.event.post(pygame.event.Event(event_type, **fields))
        self.step()

    def key(self, key: int) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)

    def move(self, pos: tuple[int, int]) -> None:
        pygame.mouse.set_pos(pos)
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))

    def look(self, name: str) -> None:
        """A moment worth checking that is not a picture for the docs (a test's ``Shooter``
        checks it; this one saves nothing)."""

    def save(self, name: str) -> None:
        self.outdir.mkdir(parents=True, exist_ok=True)
        path = self.outdir / f"{name}.png"
        pygame.image.save(self.app.screen, str(path))
        self.saved.append(path)


def _bot_to_move(table: Any) -> bool:
    """Whether one of ``table``'s AI seats may act now."""
    to_move = table.to_move()
    return any(seat["kind"] == "ai" and seat["seat"] in to_move for seat in table.info()["seats"])
