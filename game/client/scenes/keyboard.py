"""The on-screen keyboard: a game controller types a name, an address or a password.

A pad has no letters, so a text field focused by a pad opens this keyboard with X (the App
does it: ``typing_widget`` says which field). D-pad moves over the keys, A types the focused
one, X deletes, Y makes the next letter a capital, B (or the Done key) closes it with what
was typed. The letters go to the field as the keyboard's own text does (a ``TEXTINPUT`` to
the widget), so every field keeps its limit and its ``on_change``. The keyboard sits in the
half of the screen away from the field (or the dialog round it), which stays in sight above
or below it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.client import theme
from game.client.devices import from_owner, owner_still_here
from game.client.i18n import N_, tr
from game.client.scenes.base import Scene, controls_hint
from game.client.widgets import Button, NamedChoice, TextField, Widget, draw_panel

if TYPE_CHECKING:
    from game.client.scenes.base import Stage

#: the keys, row by row (lower case; Shift makes capitals); the last row is ``SPECIAL``
ROWS = ("1234567890", "qwertyuiop", "asdfghjkl-", "zxcvbnm.:_")
SPECIAL = (("shift", N_("Shift")), ("space", N_("Space")), ("delete", N_("Delete")),
           ("done", N_("Done")))


def typing_widget(scene: Scene) -> Widget | None:
    """The text field with the focus of ``scene``'s form (a seat's name while it is a human
    seat counts), else None: X on a pad opens the keyboard for it."""
    form = getattr(scene, "form", None)
    widget = form.focused() if form is not None else None
    if isinstance(widget, TextField) or (isinstance(widget, NamedChoice) and widget.editable):
        return widget
    return None


class KeyboardScene(Scene):
    """Keys in a grid over the scene below; the field being typed in stays visible."""

    opaque = False

    def __init__(self, app: Stage, field: Widget,
                 in_sight: Callable[[], pygame.Rect] | None = None,
                 owner: str | None = None) -> None:
        """``in_sight``: what must stay in sight beside the keys (a dialog round the field;
        asked at each layout); the field if None. ``owner``: the one pad that types here
        (a party's seat name): another pad's presses do nothing (they typed into someone
        else's name: a playtest); None: any."""
        super().__init__(app)
        self.field = field
        self.owner = owner
        #: the mouse moved last, not a key or a pad: only then does a key under the pointer
        #: light up (a resting pointer lit one beside the pad's own: an outside re-check)
        self.pointing = False
        self.in_sight = in_sight or (lambda: self.field.rect)
        self.capitals = False
        self.rows: list[list[Button]] = [
            [Button(ch, lambda ch=ch: self.type(ch), size="body") for ch in row] for row in ROWS]
        self.rows.append([Button(label, getattr(self, f"_{name}"), size="body")
                          for name, label in SPECIAL])
        #: the focused key: (row, column)
        self.at = (0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)

    # --- typing ----------------------------------------------------------------------------
    def type(self, text: str) -> None:
        shown = text.upper() if self.capitals else text
        self.field.handle(pygame.event.Event(pygame.TEXTINPUT, text=shown), True)
        self.app.sounds.play("click")
        if self.capitals and text.isalpha():
            # Shift holds for one letter, as on a phone: after Y, J, the name went on
            # "JUNO" where "Juno" was meant (a playtest)
            self.capitals = False

    def _shift(self) -> None:
        self.capitals = not self.capitals

    def _space(self) -> None:
        self.type(" ")

    def _delete(self) -> None:
        self.field.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                             unicode="", scancode=0), True)

    def _done(self) -> None:
        self.app.pop()

    @property
    def focused(self) -> Button:
        row, col = self.at
        return self.rows[row][col]

    def move(self, drow: int, dcol: int) -> None:
        """Arrows: along a row (wrapping), or to the row above/below at the same place."""
        row, col = self.at
        if drow:
            before = len(self.rows[row])
            row = (row + drow) % len(self.rows)
            col = min(len(self.rows[row]) - 1, col * len(self.rows[row]) // before)
        else:
            col = (col + dcol) % len(self.rows[row])
        self.at = (row, col)

    # --- scene hooks -------------------------------------------------------------------------
    def relayout(self) -> None:
        lay = self.layout
        gap, margin, hint_h = lay.px(8), lay.px(12), lay.px(34)
        field = self.in_sight()
        footer = lay.px(30)  # the scene's footer keeps its line under the keyboard
        below, above = lay.height - field.bottom - 2 * margin - footer, field.top - 2 * margin
        room = max(below, above)  # away from the field, on its roomier side
        rows = len(self.rows)
        key = min(lay.px(56), (room - hint_h - (rows + 1) * gap) // rows,
                  (lay.width - lay.px(20) - 11 * gap) // 10)
        width = 10 * key + 11 * gap
        self.panel = pygame.Rect(0, 0, width, rows * (key + gap) + gap + hint_h)
        if below >= above:
            self.panel.midtop = (lay.width // 2, field.bottom + margin)
        else:
            self.panel.midbottom = (lay.width // 2, field.top - margin)
        y = self.panel.y + gap
        for row in self.rows:
            wide = (width - (len(row) + 1) * gap) // len(row)
            size = key if len(row) >= len(ROWS[0]) else wide
            x = self.panel.centerx - (len(row) * size + (len(row) - 1) * gap) // 2
            for button in row:
                button.rect = pygame.Rect(x, y, size, key)
                x += size + gap
            y += key + gap

    def handle(self, event: pygame.event.Event) -> None:
        self.owner = owner_still_here(self.owner, self.app.devices)  # (pulled out: anyone)
        if not from_owner(event, self.owner):
            return
        if event.type in (pygame.MOUSEMOTION, pygame.KEYDOWN):
            self.pointing = event.type == pygame.MOUSEMOTION
        if event.type == pygame.KEYDOWN:
            key = event.key
            moves = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0),
                     pygame.K_DOWN: (1, 0)}
            if key in moves:
                self.move(*moves[key])
            elif key in (pygame.K_ESCAPE, pygame.K_TAB):
                self._done()
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.focused.activate()
            elif key in (pygame.K_r, pygame.K_BACKSPACE) and (
                    key == pygame.K_BACKSPACE or getattr(event, "device", None)):
                self._delete()  # a pad's X (its key R), or the keyboard's Backspace
            elif key == pygame.K_s and getattr(event, "device", None):
                self._shift()  # a pad's Y
        elif event.type == pygame.TEXTINPUT:
            self.field.handle(event, True)  # the keyboard's own letters still type
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for r, row in enumerate(self.rows):
                for c, button in enumerate(row):
                    if button.rect.collidepoint(event.pos):
                        self.at = (r, c)
                        button.activate()
                        return

    def focus_rect(self) -> pygame.Rect:
        return self.focused.rect

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        lay = self.layout
        draw_panel(surface, self.panel, lay, theme.PANEL, theme.ACCENT, 2)
        mouse = pygame.mouse.get_pos() if self.pointing else (-1, -1)
        for r, row in enumerate(self.rows):
            for c, button in enumerate(row):
                if r < len(ROWS):
                    button.label = button.label.upper() if self.capitals else \
                        button.label.lower()
                button.draw(surface, self.text, lay, (r, c) == self.at,
                            button.rect.collidepoint(mouse))
        hint = controls_hint(self.app, N_("Arrows + Enter: type  ·  Backspace: delete  ·  "
                                          "Esc: done"),
                             N_("A: type  ·  X: delete  ·  Y: capitals  ·  B: done"))
        label = self.text.render(tr(hint), lay.font_px("small"), theme.TEXT_DIM)
        surface.blit(label, label.get_rect(midbottom=(self.panel.centerx,
                                                      self.panel.bottom - lay.px(8))))
