"""Every input device as a player's hand: game controllers, two keyboard halves, the mouse.

Couch play seats several people at one screen, each with their own device. ``DeviceHub``
turns pygame events into ``Action(device, intent, pos)``: *what* a player asked for
("confirm", "left", "rotate"), from *which* device ("pad:3", "keys:left", "mouse"). Scenes
that know several players (``handle_action``) read actions; every other scene keeps reading
pygame events, and a controller's actions reach it as the keyboard keys they stand for
(``KEY_FOR_INTENT``), so a pad drives every keyboard-driven screen.

Controllers are SDL game controllers (``pygame._sdl2.controller``: buttons by their mapped
name, from the mapping database SDL ships), never raw joystick button numbers. They can come
and go at any time: ``added`` and ``removed`` actions say so. Which key or button stands for
which intent is data (``KEYBOARD_HALVES``, ``PAD_BUTTONS``), as are the glyphs hints show.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

import pygame

from game.client.i18n import N_, _

#: what a player can ask for; the same words for every device
INTENTS = ("up", "down", "left", "right", "confirm", "back", "rotate", "skip", "previous",
           "next", "menu", "hint")
DIRECTIONS = ("up", "down", "left", "right")

#: the keyboard split in two for two players: intent -> keys of that half
KEYBOARD_HALVES: dict[str, dict[str, tuple[int, ...]]] = {
    "keys:left": {
        "up": (pygame.K_w,), "down": (pygame.K_s,), "left": (pygame.K_a,),
        "right": (pygame.K_d,), "confirm": (pygame.K_SPACE,), "rotate": (pygame.K_e,),
        "back": (pygame.K_q,), "skip": (pygame.K_x,), "previous": (pygame.K_z,),
        "next": (pygame.K_c,), "hint": (pygame.K_h,), "menu": (pygame.K_ESCAPE,),
    },
    "keys:right": {
        "up": (pygame.K_UP,), "down": (pygame.K_DOWN,), "left": (pygame.K_LEFT,),
        "right": (pygame.K_RIGHT,), "confirm": (pygame.K_RETURN, pygame.K_KP_ENTER),
        "rotate": (pygame.K_RSHIFT,), "back": (pygame.K_RCTRL, pygame.K_BACKSPACE),
        "skip": (pygame.K_DELETE,), "previous": (pygame.K_PAGEUP,),
        "next": (pygame.K_PAGEDOWN,), "hint": (pygame.K_END,), "menu": (pygame.K_F10,),
    },
}

#: a game controller's buttons (SDL's mapped names) -> intent
PAD_BUTTONS: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up", pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left", pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
    pygame.CONTROLLER_BUTTON_A: "confirm", pygame.CONTROLLER_BUTTON_B: "back",
    pygame.CONTROLLER_BUTTON_X: "rotate", pygame.CONTROLLER_BUTTON_Y: "skip",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "previous",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "next",
    pygame.CONTROLLER_BUTTON_START: "menu", pygame.CONTROLLER_BUTTON_BACK: "hint",
}

#: what a hint shows for an intent on a controller
PAD_GLYPHS: dict[str, str] = {
    "up": "D-pad", "down": "D-pad", "left": "D-pad", "right": "D-pad", "confirm": "A",
    "back": "B", "rotate": "X", "skip": "Y", "previous": "LB", "next": "RB",
    "menu": "Start", "hint": "Back",
}

#: a controller's intents as the keys a keyboard-driven scene already reads
KEY_FOR_INTENT: dict[str, int] = {
    "up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT,
    "confirm": pygame.K_RETURN, "back": pygame.K_ESCAPE, "rotate": pygame.K_r,
    "skip": pygame.K_s, "previous": pygame.K_PAGEUP, "next": pygame.K_PAGEDOWN,
    "menu": pygame.K_ESCAPE, "hint": pygame.K_h,
}

#: a stick counts as pushed past this fraction of its travel, released below the second
STICK_PUSH = 0.55
STICK_RELEASE = 0.35
#: a held direction repeats after REPEAT_DELAY seconds, then every REPEAT_EVERY
REPEAT_DELAY = 0.35
REPEAT_EVERY = 0.11


@dataclass(frozen=True)
class Action:
    """One request of one player: ``intent`` (one of ``INTENTS``, or "added"/"removed" for a
    device coming or going, or "point" for the mouse moving) from ``device``; ``pos`` is the
    mouse's position for mouse actions."""

    device: str
    intent: str
    pos: tuple[int, int] | None = None


def pad_id(instance_id: int) -> str:
    return f"pad:{instance_id}"


def is_pad(device: str) -> bool:
    return device.startswith("pad:")


def key_device(key: int) -> str | None:
    """The keyboard half a key belongs to (None: neither half uses it)."""
    for device, keys in KEYBOARD_HALVES.items():
        if any(key in group for group in keys.values()):
            return device
    return None


#: key names (``pygame.key.name``, titled) said in the window's language
KEY_WORDS = {"Right Ctrl": N_("Right Ctrl"), "Right Shift": N_("Right Shift")}


def glyph(device: str, intent: str) -> str:
    """What a hint names for ``intent`` on ``device``: "A" on a pad, "Space" on the left
    half of the keyboard, "Click" for the mouse."""
    if is_pad(device):
        return PAD_GLYPHS.get(intent, intent)
    if device == "mouse":
        words = {"confirm": N_("Click"), "rotate": N_("Right-click"), "next": N_("Wheel"),
                 "previous": N_("Wheel")}.get(intent)
        return _(words) if words else ""
    keys = KEYBOARD_HALVES.get(device, {}).get(intent)
    if not keys:
        return ""
    name = pygame.key.name(keys[0]).title()
    # the keys a language names otherwise (Japanese: 右Ctrl, as its rules pages say)
    return _(KEY_WORDS[name]) if name in KEY_WORDS else name


def directions_glyph(device: str) -> str:
    """The four directions of a device as one hint: "D-pad", "W/A/S/D", "Arrows"."""
    if is_pad(device):
        return glyph(device, "up")
    keys = [glyph(device, d) for d in ("up", "left", "down", "right")]
    if keys == ["Up", "Left", "Down", "Right"]:
        return _("Arrows")
    return "/".join(keys)


#: one device of each kind: the hints name the key each kind joins with
JOIN_DEVICES = ("pad:0", "keys:left", "keys:right")


def join_keys() -> str:
    """"A / Space / Return": what joins, on a pad and on each half of the keyboard."""
    return " / ".join(dict.fromkeys(glyph(device, "confirm") for device in JOIN_DEVICES))


class DeviceHub:
    """The connected devices and the actions their events mean.

    ``start()`` opens the controllers already plugged in (SDL also announces each one with a
    device-added event, which ``translate`` answers the same way); ``close()`` lets them go.
    ``translate(event)`` gives the actions of one pygame event; ``update(dt)`` the repeats of
    held directions (a stick held right moves the cursor on, as a held key does).
    """

    def __init__(self) -> None:
        self.controllers: dict[int, Any] = {}
        #: (device, intent) -> seconds until it repeats
        self.held: dict[tuple[str, str], float] = {}
        #: held directions pressed since the last ``update``: the frame they came in is
        #: not charged to them (its time passed before the press; at 5 frames a second one
        #: short press moved twice: an outside 4K playtest)
        self.fresh: set[tuple[str, str]] = set()
        #: stick direction per controller and axis pair: "left"/"right"/"up"/"down"/None
        self.stick: dict[tuple[int, str], str | None] = {}
        self.started = False
        #: pad -> its number on every screen ("Pad 2"; ``pad_number``)
        self.pad_numbers: dict[str, int] = {}
        #: pads pulled out (their numbers are free again)
        self.pads_gone: set[str] = set()

    # --- lifecycle ------------------------------------------------------------------------
    def start(self) -> None:
        from pygame._sdl2 import controller

        with contextlib.suppress(pygame.error):
            controller.init()
            for index in range(controller.get_count()):
                self._open(index)
        self.started = True

    def close(self) -> None:
        for pad in self.controllers.values():
            with contextlib.suppress(pygame.error):
                pad.quit()
        self.controllers.clear()
        self.held.clear()
        self.started = False

    def _open(self, index: int) -> str | None:
        from pygame._sdl2 import controller

        try:
            if not controller.is_controller(index):
                return None
            pad = controller.Controller(index)
            instance = pad.as_joystick().get_instance_id()
        except pygame.error:
            return None
        if instance in self.controllers:
            return None
        self.controllers[instance] = pad
        self.pad_number(pad_id(instance))
        return pad_id(instance)

    def pad_number(self, device: str) -> int:
        """The number a pad goes by on every screen (the lobby's cards, the tables, the
        notices): given when it is plugged in, the lowest one no connected pad holds, and kept
        for it (SDL names a pad plugged in again anew: it gets the number it had if that is
        still free). A pad's number never changes while it is connected; a pad this hub never
        opened (a picture's stand-in) is numbered the same way."""
        if device not in self.pad_numbers:
            held = {n for pad, n in self.pad_numbers.items() if pad not in self.pads_gone}
            self.pad_numbers[device] = next(n for n in range(1, len(held) + 2) if n not in held)
        return self.pad_numbers[device]

    def device_words(self, device: str, short: bool = False) -> str:
        """A device in a few words, the same on every screen: "Pad 2", "Keys WASD", "Keys
        arrows", "Mouse"; ``short`` where room is scarce: "WASD", "Arrows"."""
        if is_pad(device):
            return _("Pad {n}").format(n=self.pad_number(device))
        if short and device in ("keys:left", "keys:right"):
            return {"keys:left": "WASD", "keys:right": _("Arrows")}[device]
        return {"keys:left": _("Keys WASD"), "keys:right": _("Keys arrows"),
                "mouse": _("Mouse")}.get(device, device)

    def devices(self) -> list[str]:
        """Every device a player could hold now: the pads, both keyboard halves, the mouse."""
        return [*(pad_id(i) for i in sorted(self.controllers)), *KEYBOARD_HALVES, "mouse"]

    # --- events -> actions ----------------------------------------------------------------
    def translate(self, event: pygame.event.Event) -> list[Action]:
        kind = event.type
        if kind == pygame.CONTROLLERDEVICEADDED:
            device = self._open(event.device_index)
            return [Action(device, "added")] if device else []
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            pad = self.controllers.pop(event.instance_id, None)
            if pad is None:
                return []
            with contextlib.suppress(pygame.error):
                pad.quit()
            device = pad_id(event.instance_id)
            self.held = {k: v for k, v in self.held.items() if k[0] != device}
            self.pads_gone.add(device)
            return [Action(device, "removed")]
        if kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            if event.instance_id not in self.controllers:
                return []
            intent = PAD_BUTTONS.get(event.button)
            if intent is None:
                return []
            device = pad_id(event.instance_id)
            if kind == pygame.CONTROLLERBUTTONUP:
                self.held.pop((device, intent), None)
                return []
            if intent in DIRECTIONS:
                self.held[(device, intent)] = REPEAT_DELAY
                self.fresh.add((device, intent))
            return [Action(device, intent)]
        if kind == pygame.CONTROLLERAXISMOTION:
            return self._stick(event)
        if kind == pygame.KEYDOWN:
            device = key_device(event.key)
            if device is None:
                return []
            return [Action(device, intent) for intent, keys in KEYBOARD_HALVES[device].items()
                    if event.key in keys]
        if kind == pygame.MOUSEMOTION:
            return [Action("mouse", "point", event.pos)]
        if kind == pygame.MOUSEBUTTONUP:
            intent = {1: "confirm", 3: "rotate"}.get(event.button)
            return [Action("mouse", intent, event.pos)] if intent else []
        if kind == pygame.MOUSEWHEEL:
            return [Action("mouse", "next" if event.y < 0 else "previous",
                           pygame.mouse.get_pos())]
        return []

    def _stick(self, event: pygame.event.Event) -> list[Action]:
        """The left stick as a D-pad: one action when it is pushed past ``STICK_PUSH``, then
        repeats while held; the other axes are ignored."""
        if event.instance_id not in self.controllers:
            return []
        axis = {pygame.CONTROLLER_AXIS_LEFTX: "x", pygame.CONTROLLER_AXIS_LEFTY: "y"}.get(
            event.axis)
        if axis is None:
            return []
        value = event.value / 32767.0
        device = pad_id(event.instance_id)
        before = self.stick.get((event.instance_id, axis))
        if abs(value) >= STICK_PUSH:
            now = (("right" if value > 0 else "left") if axis == "x" else
                   ("down" if value > 0 else "up"))
        elif abs(value) <= STICK_RELEASE:
            now = None
        else:
            return []  # between the thresholds: no change (no chatter at the edge)
        if now == before:
            return []
        self.stick[(event.instance_id, axis)] = now
        if before is not None:
            self.held.pop((device, before), None)
        if now is None:
            return []
        self.held[(device, now)] = REPEAT_DELAY
        self.fresh.add((device, now))
        return [Action(device, now)]

    def update(self, dt: float) -> list[Action]:
        """The repeats due after ``dt`` more seconds of held directions (the frame's own
        ``dt`` is not charged to a direction pressed in it)."""
        due = []
        fresh, self.fresh = self.fresh, set()
        for key, left in list(self.held.items()):
            if key in fresh:
                continue
            left -= dt
            if left <= 0:
                due.append(Action(*key))
                left += REPEAT_EVERY
            self.held[key] = left
        return due


def owner_still_here(owner: str | None, hub: DeviceHub) -> str | None:
    """``owner``, or None (anyone) once it is a pad pulled out: a question or the on-screen
    keyboard that only its pad could answer left a pad-only party stuck (an outside
    re-check)."""
    if owner is not None and is_pad(owner) and owner not in hub.devices():
        return None
    return owner


def from_owner(event: pygame.event.Event, owner: str | None) -> bool:
    """Whether ``event`` may act for ``owner`` (a device): a pad's press carries its device
    and counts only if it is the owner's; the keyboard's own keys and the mouse carry none
    and always count."""
    device = getattr(event, "device", None)
    return owner is None or device is None or device == owner


def key_event_for(action: Action) -> pygame.event.Event | None:
    """A controller's action as the key press a keyboard-driven scene reads (None: no key)."""
    key = KEY_FOR_INTENT.get(action.intent)
    if key is None:
        return None
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0,
                              device=action.device)
