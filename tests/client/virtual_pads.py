"""SDL virtual game controllers: tests plug in, press and pull out pads as a player would.

No machine here has a pad, but SDL can attach virtual ones (``SDL_JoystickAttachVirtual``)
that travel SDL's whole path: device-added, the controller mapping, button and axis events at
the next pump. This drives the client the way real hardware does (docs:
../shared/reference/platform-notes.md). Buttons and axes are SDL's game-controller numbers
(``pygame.CONTROLLER_BUTTON_A``...), which the virtual device maps one to one.
"""

from __future__ import annotations

import ctypes
import pathlib
from typing import Any

import pygame

SDL_JOYSTICK_TYPE_GAMECONTROLLER = 1
AXES, BUTTONS = 6, 15

_sdl: Any = None


def sdl() -> Any:
    """The SDL2 library pygame-ce itself loaded (the one beside the package, else the
    system's), with the prototypes the virtual-device calls need."""
    global _sdl
    if _sdl is None:
        libs = pathlib.Path(pygame.__file__).parent.parent / "pygame_ce.libs"
        found = sorted(libs.glob("libSDL2-*.so*")) if libs.is_dir() else []
        _sdl = ctypes.CDLL(str(found[0]) if found else "libSDL2-2.0.so.0")
        _sdl.SDL_JoystickAttachVirtual.argtypes = [ctypes.c_int] * 4
        _sdl.SDL_JoystickAttachVirtual.restype = ctypes.c_int
        _sdl.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
        _sdl.SDL_JoystickOpen.argtypes = [ctypes.c_int]
        _sdl.SDL_JoystickOpen.restype = ctypes.c_void_p
        _sdl.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
        _sdl.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int,
                                                      ctypes.c_uint8]
        _sdl.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int,
                                                    ctypes.c_int16]
        _sdl.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
        _sdl.SDL_JoystickGetDeviceInstanceID.restype = ctypes.c_int
    return _sdl


class VirtualPad:
    """One plugged-in virtual controller. ``press``/``release``/``tap`` a button, ``axis``
    to move a stick, ``unplug`` to pull it out. The events arrive at the next event pump
    (``App.frame()`` pumps)."""

    def __init__(self) -> None:
        lib = sdl()
        self.index = lib.SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, AXES,
                                                   BUTTONS, 0)
        assert self.index >= 0, "SDL refused a virtual controller"
        self.instance_id = lib.SDL_JoystickGetDeviceInstanceID(self.index)
        self.handle = lib.SDL_JoystickOpen(self.index)
        assert self.handle, "SDL could not open the virtual controller"
        self.plugged = True

    @property
    def device(self) -> str:
        """The client's name for this pad (``game.client.devices.pad_id``)."""
        return f"pad:{self.instance_id}"

    def press(self, button: int) -> None:
        sdl().SDL_JoystickSetVirtualButton(self.handle, button, 1)

    def release(self, button: int) -> None:
        sdl().SDL_JoystickSetVirtualButton(self.handle, button, 0)

    def axis(self, axis: int, value: int) -> None:
        sdl().SDL_JoystickSetVirtualAxis(self.handle, axis, value)

    def unplug(self) -> None:
        if not self.plugged:
            return
        lib = sdl()
        lib.SDL_JoystickClose(self.handle)
        # the index of a virtual device can shift as others come and go: find ours
        for index in range(64):
            if lib.SDL_JoystickGetDeviceInstanceID(index) == self.instance_id:
                lib.SDL_JoystickDetachVirtual(index)
                break
        self.plugged = False


def pump_until(app: Any, done: Any, frames: int = 30) -> None:
    """Run ``app`` frames until ``done()`` holds (events from SDL arrive at a pump)."""
    for _ in range(frames):
        app.frame()
        if done():
            return
    assert done(), "the app never got there"


def tap(app: Any, pad: VirtualPad, button: int) -> None:
    """Press and release ``button`` across two frames, as a thumb does."""
    pad.press(button)
    app.frame()
    pad.release(button)
    app.frame()
