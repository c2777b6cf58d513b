"""Drive the real client app frame by frame with synthetic pygame events."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from game.client.app import App
from game.client.loop import ManualClock
from game.rules.base import reproducible_secrets

FRAME = 1 / 60


class Driver:
    """An ``App`` on a manual clock; helpers post input and step frames."""

    def __init__(self, start: str = "menu", size: tuple[int, int] = (1280, 720),
                 build: Callable[[ManualClock], App] | None = None) -> None:
        """``build``: make the app another way (e.g. ``host_app``), keeping its LAN options."""
        self.clock = ManualClock()
        self.app = build(self.clock) if build else App(size, clock=self.clock, start=start)
        pygame.event.clear()
        self.app.seed_source = lambda: 7
        # the menu's LAN list only in the tests of it: another test's tables come and go
        self.app.lan_browse = False
        if build is None:
            # nor does a hosted table go on the LAN (loopback) unless the test is about it:
            # other workers' LAN lists would show it, and a row that appears moves those below
            self.app.lan_advertise = False
            self.app.ai_delay = 0.0
            self.app.settings.ai_speed = "instant"  # moves show as they come (pacing tests set it)
            self.app.lan_bind = "127.0.0.1"
            self.app.lan_port = 0
            self.app.lan_interfaces = ["127.0.0.1"]
        #: called once per frame (e.g. a remote player answering over TCP)
        self.hooks: list[Callable[[], None]] = []

    @property
    def scene(self):  # noqa: ANN201
        return self.app.scene

    def step(self, frames: int = 1, seconds: float = FRAME) -> None:
        for _ in range(frames):
            for hook in self.hooks:
                hook()
            self.clock.tick(seconds)
            # a game the window starts is dealt from its seed (``seed_source``) and one fixed
            # secret, as in ``starparty screenshots``: the same game on every run
            with reproducible_secrets("client-tests"):
                self.app.frame()
            # let the table's threads (its bots, a LAN link) run: on a busy VM the frames,
            # drawn as fast as they go, kept a bot's thread from starting for seconds
            time.sleep(0)

    def until(self, condition: Callable[[], bool], timeout: float = 20.0,
              what: str = "condition") -> None:
        """Step frames until ``condition`` holds (real-time bound: bots think in threads)."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}")
            self.step()
            time.sleep(0.0005)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode,
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode,
                                             scancode=0))
        self.step()

    def type_text(self, text: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        self.step()

    def move(self, pos: tuple[int, int]) -> None:
        pygame.mouse.set_pos(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        self.step()

    def click_live(self, rect_of: Callable[[], pygame.Rect]) -> None:
        """Click what ``rect_of`` finds, where it is once the pointer is over it: a list a
        network thread changes (the LAN's tables) may move a row in the hover's frame, and a
        click lands against the rows drawn last."""
        self.move(rect_of().center)
        pos = rect_of().center
        pygame.mouse.set_pos(pos)
        self._press(pos, 1)

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        self.move(pos)
        self._press(pos, button)

    def _press(self, pos: tuple[int, int], button: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.step()

    def wheel(self, y: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
        self.step()

    def pixel(self, pos: tuple[int, int]) -> tuple[int, int, int]:
        return tuple(self.app.screen.get_at(pos))[:3]

    def close(self) -> None:
        """Leave every scene as the window's shutdown does (browsers and tables close), then
        close any session a scene still holds."""
        scenes = list(self.app.stack)
        while self.app.stack:
            self.app.stack.pop().exit()
        for scene in scenes:
            session = getattr(scene, "session", None)
            if session is not None:
                session.close()
        pygame.display.quit()
