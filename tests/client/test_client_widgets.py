"""Widgets: the keyboard's focus and the mouse's hover look different, and hovering does not
move the focus."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.scenes.menu import MainMenuScene
from tests.client.clienthelpers import Driver
from tests.client.stars_play import near


def test_focus_and_hover_look_different_and_hover_keeps_the_focus(drive: Driver) -> None:
    menu = drive.scene
    assert isinstance(menu, MainMenuScene)
    # a form's own way (the menu's focus follows the mouse: test_client_menus)
    menu.form.hover_focuses = False
    focused, hovered = menu.form.widgets[0], menu.form.widgets[2]
    drive.move(hovered.rect.center)
    drive.step()
    assert menu.form.widgets[menu.form.focus] is focused, "hovering does not take the focus"
    ring = max(3, drive.app.layout.px(5)) - 1  # just outside the widget, on its focus ring
    assert near(drive.pixel((focused.rect.centerx, focused.rect.y - ring)), theme.ACCENT, 40)
    assert not near(drive.pixel((hovered.rect.centerx, hovered.rect.y - ring)),
                    theme.ACCENT, 60), "no ring around the hovered one"
    inside = (hovered.rect.x + drive.app.layout.px(20), hovered.rect.y + 5)
    assert near(drive.pixel(inside), theme.PANEL_LIGHT, 6), "the hovered one is lighter"
    assert near(drive.pixel((focused.rect.x + drive.app.layout.px(20), focused.rect.y + 5)),
                theme.PANEL, 6)
    drive.key(pygame.K_DOWN)  # the keyboard moves the focus, not the mouse
    assert menu.form.focus == 1
    # and a key (a pad's press) puts the resting pointer's hover out: it lit a second button
    # beside the pad's focus (an outside pad-only playtest)
    assert near(drive.pixel(inside), theme.PANEL, 6), "no hover under a resting pointer"
    drive.move((hovered.rect.centerx + 3, hovered.rect.centery))
    assert near(drive.pixel(inside), theme.PANEL_LIGHT, 6), "the mouse moved: it shows again"


def test_a_note_speaks_of_the_row_under_a_moved_mouse_else_of_the_focus(monkeypatch) -> None:  # noqa: ANN001
    """A pointer resting where the window opened noted a button beside the focused one (a
    playtest): the menu, the settings and the setup ask ``Form.noted``, which takes the row
    under the mouse only once the mouse has moved since the last key."""
    from game.client.widgets import Button, Form

    first, second = Button("One", lambda: None), Button("Two", lambda: None)
    first.rect, second.rect = pygame.Rect(0, 0, 100, 40), pygame.Rect(0, 50, 100, 40)
    form = Form([first, second])
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: second.rect.center)
    assert form.noted() is first, "resting, not moved: the focus"
    form.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=second.rect.center, rel=(1, 1),
                                   buttons=(0, 0, 0)))
    assert form.noted() is second and form.noted([first]) is first
    form.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode=""))
    assert form.noted() is first, "a key gives the note back to the focus"
