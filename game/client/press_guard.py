"""A screen that must not be passed by accident (the hot-seat handover, the results), and a
held confirming key that counts once wherever its repeats land (``HeldKeys``).

For its first ``seconds`` (real time, whatever the animation speed) it takes no press, and a
confirming key already down when it appeared, or pressed too early (a held Enter repeating
from the screen before), counts only once it has been released and pressed again. A pad sends
no key-up: a pad's press too early starts the wait again, so a player still mashing A from the
screen before is heard only once they pause (they started Play again past the first wait).
"""

from __future__ import annotations

import pygame

#: the keys that choose what has the focus
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class PressGuard:
    """See the module docstring. ``all_keys``: every key waits (the handover); else only the
    confirming keys and clicks do (the results: the arrows still move the focus)."""

    def __init__(self, seconds: float, all_keys: bool = True) -> None:
        self.seconds = seconds
        self.all_keys = all_keys
        #: seconds since the screen appeared (real time: not scaled by the animation speed)
        self.shown_for = 0.0
        #: keys held down from before (or during) the waiting time: ignored until released
        self.held: set[int] = set()

    @property
    def armed(self) -> bool:
        """Whether the screen takes presses yet."""
        return self.shown_for >= self.seconds

    def start(self) -> None:
        """The screen appears: the confirming keys down now are held."""
        pressed = pygame.key.get_pressed()
        self.held = {key for key in CONFIRM_KEYS if pressed[key]}

    def advance(self, dt: float, animation_speed: float) -> None:
        """A scene's ``update(dt)``: ``dt`` is scaled by the animation speed, the wait is not."""
        self.shown_for += dt / max(0.01, animation_speed)

    def blocks(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` must not reach the screen's form (Esc is the screen's own)."""
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return True
        if event.type == pygame.KEYDOWN:
            if not self.all_keys and event.key not in CONFIRM_KEYS:
                return False
            if getattr(event, "device", None):  # a pad's press (no key-up: nothing to hold)
                if self.armed:
                    return False
                self.shown_for = 0.0  # still mashing: the wait starts again
                return True
            if not self.armed or event.key in self.held:
                self.held.add(event.key)  # a repeat of a held key, or pressed too early
                return True
            return False
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and not self.armed


class DecisionGuard:
    """A ``PressGuard`` for whatever decision is on screen: a new decision (any value that
    compares unequal to the last: a card, a power prompt, a crew to pick) starts a fresh
    wait; None (nothing to decide) drops it. Only the confirming keys and clicks wait."""

    def __init__(self) -> None:
        self.decision: object = None
        self.guard: PressGuard | None = None

    def watch(self, decision: object, seconds: float, dt: float, animation_speed: float) -> None:
        """Each frame: the decision on screen now, and the wait a new one gets."""
        if decision is None:
            self.decision, self.guard = None, None
        elif self.guard is None or decision != self.decision:
            self.decision, self.guard = decision, PressGuard(seconds, all_keys=False)
            self.guard.start()
        else:
            self.guard.advance(dt, animation_speed)

    def blocks(self, event: pygame.event.Event | None = None) -> bool:
        """Whether ``event`` must wait (``PressGuard.blocks``); None: a press that arrives as
        an intent (a pad's, a keyboard half's), which waits while the decision is new."""
        if self.guard is None:
            return False
        return not self.guard.armed if event is None else self.guard.blocks(event)


class HeldKeys:
    """A held confirming key is one press: pygame's key repeat sends more KEYDOWNs while it
    is down, and each screen took them as new presses (a first start's Enter held a second
    went through the name, the menu's Play solo and the setup's Start, and drew card 1: a
    playtest). ``filter`` drops a KEYDOWN of a confirming key seen going down and not yet up
    in the event stream, while the key is still down or its KEYUP comes later in the same
    batch (a slow frame, a screen changing, gets the repeats and the release together: an
    outside re-check found the release's batch passing them on). A KEYDOWN with neither (an
    event posted with no key behind it, a KEYUP lost) is a press; losing the focus forgets
    every key (its KEYUP goes to another window)."""

    def __init__(self) -> None:
        self.down: set[int] = set()

    def filter(self, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
        """``events`` (one frame's, in order) without the held confirming keys' repeats."""
        kept: list[pygame.event.Event] = []
        for index, event in enumerate(events):
            if event.type == pygame.KEYUP:
                self.down.discard(event.key)
            elif event.type == pygame.WINDOWFOCUSLOST:
                self.down.clear()
            elif (event.type == pygame.KEYDOWN and event.key in CONFIRM_KEYS
                  and not getattr(event, "device", None)):
                if event.key in self.down and (
                        pygame.key.get_pressed()[event.key]
                        or any(later.type == pygame.KEYUP and later.key == event.key
                               for later in events[index + 1:])):
                    continue  # a held key's repeat: the window ignores it
                self.down.add(event.key)
            kept.append(event)
        return kept
