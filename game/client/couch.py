"""Who holds which seat at one screen: devices bound to seats, seats whose device went away.

Couch play (everyone at one screen, each with a controller or a keyboard half or the mouse)
needs one answer everywhere: which seat did this action come from? ``CouchSeats`` keeps the
binding. A pad pulled out leaves its seat *waiting*: only that seat pauses, and the next
device nobody holds that presses "confirm" takes it (the same pad plugged back in, another
pad, a keyboard half). Tables ask ``route(action)`` and get the seat an action is for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.client.devices import Action


@dataclass
class Routed:
    """What an action means at the table: ``seat`` it acts for (None: nobody's), and
    ``claimed`` when this press just took a waiting seat (the press itself does nothing more)."""

    seat: int | None
    action: Action
    claimed: bool = False


@dataclass
class CouchSeats:
    """seat -> device for the local players at one screen."""

    devices: dict[int, str]
    #: seats whose device went away, in the order they did (the first is claimed first)
    waiting: list[int] = field(default_factory=list)

    def wait_for_absent(self, present: set[str] | list[str]) -> None:
        """Seats whose device is not connected now wait (a game continued, or played again,
        after the lobby's pad went away: no device could act for that seat otherwise)."""
        for seat, device in self.devices.items():
            if device not in present and seat not in self.waiting:
                self.waiting.append(seat)

    def seat_of(self, device: str) -> int | None:
        for seat, held in self.devices.items():
            if held == device and seat not in self.waiting:
                return seat
        return None

    def device_of(self, seat: int) -> str | None:
        return None if seat in self.waiting else self.devices.get(seat)

    def route(self, action: Action) -> Routed:
        """Bind, unbind or pass on one action (see the module's docstring)."""
        if action.intent == "removed":
            for seat, held in self.devices.items():
                if held == action.device and seat not in self.waiting:
                    self.waiting.append(seat)
            return Routed(None, action)
        seat = self.seat_of(action.device)
        if seat is not None:
            return Routed(seat, action)
        if self.waiting and action.intent == "confirm" and action.device not in \
                self.held_devices():
            seat = self.waiting.pop(0)
            self.devices[seat] = action.device
            return Routed(seat, action, claimed=True)
        return Routed(None, action)

    def held_devices(self) -> set[str]:
        return {d for s, d in self.devices.items() if s not in self.waiting}


def remember_device(config: Any, seat: int, device: str) -> None:
    """A seat taken by another device keeps it in the game's setup (``GameConfig``), so Play
    again seats that player with the device they hold now, not the lobby's long-gone pad."""
    seats = getattr(config, "seats", None)
    if seats is not None and 0 <= seat < len(seats):
        seats[seat].device = device
