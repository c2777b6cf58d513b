"""The input-device layer (game/client/devices.py) through SDL's real event path: virtual
pads plugged in, pressed, pushed and pulled out; the keyboard's two halves; a pad driving a
keyboard-driven menu."""

from __future__ import annotations

import pygame
import pytest

from game.client.devices import (
    REPEAT_DELAY,
    REPEAT_EVERY,
    Action,
    DeviceHub,
    glyph,
    key_device,
)
from tests.client.clienthelpers import Driver
from tests.client.virtual_pads import VirtualPad, tap


def pump(hub: DeviceHub) -> list[Action]:
    pygame.event.pump()
    actions: list[Action] = []
    for event in pygame.event.get():
        actions.extend(hub.translate(event))
    return actions


@pytest.fixture
def hub():  # noqa: ANN201
    pygame.init()
    hub = DeviceHub()
    hub.start()
    pygame.event.clear()
    yield hub
    hub.close()


def test_a_pad_is_announced_pressed_pushed_and_pulled_out(hub: DeviceHub) -> None:
    pad = VirtualPad()
    try:
        assert Action(pad.device, "added") in pump(hub)
        assert pad.device in hub.devices()
        pad.press(pygame.CONTROLLER_BUTTON_A)
        assert pump(hub) == [Action(pad.device, "confirm")]
        pad.release(pygame.CONTROLLER_BUTTON_A)
        pad.press(pygame.CONTROLLER_BUTTON_X)
        assert pump(hub) == [Action(pad.device, "rotate")]
        # the stick pushed right is one "right", then repeats while it is held
        pad.axis(pygame.CONTROLLER_AXIS_LEFTX, 30000)
        assert pump(hub) == [Action(pad.device, "right")]
        assert hub.update(0.2) == [], "the frame it came in is not charged to it"
        assert hub.update(REPEAT_DELAY - 0.01) == []
        assert hub.update(0.02) == [Action(pad.device, "right")]
        assert hub.update(REPEAT_EVERY) == [Action(pad.device, "right")]
        pad.axis(pygame.CONTROLLER_AXIS_LEFTX, 0)
        assert pump(hub) == []
        assert hub.update(1.0) == []  # released: no more repeats
        # a small nudge of the stick is not a move
        pad.axis(pygame.CONTROLLER_AXIS_LEFTY, 9000)
        assert pump(hub) == []
    finally:
        pad.unplug()
    assert Action(pad.device, "removed") in pump(hub)
    assert pad.device not in hub.devices()


def test_a_short_press_moves_once_even_at_a_few_frames_a_second(hub: DeviceHub) -> None:
    """At 5 frames a second (a 4K window under a slow X server) one short D-pad press moved
    the focus twice, the press charged with the frame's time that passed before it (an
    outside pad-only playtest): the frame a direction comes in is not charged to it."""
    pad = VirtualPad()
    try:
        pump(hub)
        pad.press(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        assert pump(hub) == [Action(pad.device, "down")]
        assert hub.update(0.2) == []  # the frame the press came in
        assert hub.update(0.2) == []  # held on for one more frame, about 0.2-0.4 s
        pad.release(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        assert pump(hub) == [] and hub.update(0.2) == []
        # held on: it repeats
        pad.press(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        assert pump(hub) == [Action(pad.device, "down")]
        assert hub.update(0.2) == [] and hub.update(0.2) == []
        assert hub.update(0.2) == [Action(pad.device, "down")]
    finally:
        pad.unplug()


def test_two_pads_are_two_players(hub: DeviceHub) -> None:
    one, two = VirtualPad(), VirtualPad()
    try:
        pump(hub)
        assert one.device != two.device
        one.press(pygame.CONTROLLER_BUTTON_B)
        two.press(pygame.CONTROLLER_BUTTON_DPAD_UP)
        assert set(pump(hub)) == {Action(one.device, "back"), Action(two.device, "up")}
    finally:
        one.unplug()
        two.unplug()


def test_the_keyboard_is_two_players() -> None:
    pygame.init()
    hub = DeviceHub()
    left = hub.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0))
    right = hub.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert left == [Action("keys:left", "right")]
    assert right == [Action("keys:right", "confirm")]
    assert key_device(pygame.K_F5) is None
    assert glyph("keys:left", "confirm") == "Space"
    assert glyph("pad:0", "confirm") == "A"
    click = hub.translate(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(5, 6)))
    assert click == [Action("mouse", "confirm", (5, 6))]


def test_a_pad_drives_the_keyboard_driven_menu(config_dir) -> None:  # noqa: ANN001
    """A scene that knows no actions gets a pad's buttons as the keys they stand for: down
    moves the menu's focus, A opens what is focused (it saves settings: ``config_dir`` keeps
    them from the tests after it)."""
    driver = Driver()
    pad = VirtualPad()
    try:
        driver.step(2)
        menu = driver.scene
        before = menu.form.focus
        tap(driver.app, pad, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        assert menu.form.focus != before
        tap(driver.app, pad, pygame.CONTROLLER_BUTTON_A)
        driver.step(2)
        assert driver.scene is not menu, "A on the focused button opened nothing"
    finally:
        pad.unplug()
        driver.app.shutdown()


def test_keys_and_mouse_buttons_are_named_in_the_windows_language() -> None:
    """The Japanese party banner said 「B / Q / Right Ctrl：席を離れる」 where its rules page
    says 右Ctrl (a Japanese player's playtest): a key or mouse button a language names
    otherwise is said in it; a key's cap (Space, Q) stays as printed."""
    from game.client import i18n

    pygame.init()
    try:
        i18n.set_language("ja")
        assert glyph("keys:right", "back") == "右Ctrl"
        assert glyph("keys:right", "rotate") == "右Shift"
        assert glyph("mouse", "confirm") == "クリック"
        assert glyph("keys:left", "confirm") == "Space"
        i18n.set_language("en")
        assert glyph("keys:right", "back") == "Right Ctrl"
    finally:
        i18n.set_language("en")
