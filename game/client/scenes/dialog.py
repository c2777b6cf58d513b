"""A modal question over the current scene (e.g. "Leave the game?")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.client import theme
from game.client.i18n import N_, tr
from game.client.scenes.base import Scene
from game.client.widgets import Button, Form, draw_panel, shade_layer

if TYPE_CHECKING:
    from game.client.scenes.base import Stage


class ConfirmDialog(Scene):
    """Yes/No; Esc means No. ``on_yes`` runs after the dialog closes. The question and the
    answers may be ``N_()`` messages: they are translated when drawn."""

    opaque = False

    def __init__(self, app: Stage, question: str, on_yes: Callable[[], None],
                 yes: str = N_("Yes"), no: str = N_("No")) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.form = Form([Button(no, self.app.pop), Button(yes, self._yes)])
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shade: pygame.Surface | None = None

    def _yes(self) -> None:
        self.app.pop()
        self.on_yes()

    def relayout(self) -> None:
        lay = self.layout
        w, h, gap = lay.px(200), lay.px(54), lay.px(24)
        # a longer question (what leaving a LAN game does) makes the panel taller, never wider
        size, width = lay.font_px("large"), lay.px(560) - lay.px(40)
        text_h = sum(self.text.render(line, size, theme.TEXT).get_height() + lay.px(4)
                     for line in self.text.wrap(tr(self.question), size, width))
        self.panel = pygame.Rect(0, 0, lay.px(560),
                                 max(lay.px(220), lay.px(40 + 24 + 28) + text_h + h))
        self.panel.center = lay.rect.center
        no, yes = self.form.widgets
        no.rect = pygame.Rect(0, 0, w, h)
        yes.rect = pygame.Rect(0, 0, w, h)
        no.rect.bottomright = (self.panel.centerx - gap // 2, self.panel.bottom - lay.px(28))
        yes.rect.bottomleft = (self.panel.centerx + gap // 2, self.panel.bottom - lay.px(28))
        self.shade = shade_layer(lay.rect.size)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.form.move_focus(1)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_y:
            self._yes()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            self.app.pop()
            return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.shade is not None:
            surface.blit(self.shade, (0, 0))
        draw_panel(surface, self.panel, self.layout, theme.PANEL, theme.ACCENT, 2)
        lines = self.text.wrap(tr(self.question), self.layout.font_px("large"),
                               self.panel.w - self.layout.px(40))
        y = self.panel.y + self.layout.px(40)
        for line in lines:
            label = self.text.render(line, self.layout.font_px("large"), theme.TEXT)
            surface.blit(label, label.get_rect(midtop=(self.panel.centerx, y)))
            y += label.get_height() + self.layout.px(4)
        self.form.draw(surface, self.text, self.layout)


class ChoiceDialog(Scene):
    """A question with several answers, one button each in a column (Up/Down or the D-pad,
    Enter or A; the mouse). Esc (B) is the last answer, which only closes the dialog. An
    answer's action runs after the dialog closes. Labels may be ``N_()`` messages."""

    opaque = False

    def __init__(self, app: Stage, question: str,
                 answers: list[tuple[str, Callable[[], None]]], cancel: str) -> None:
        super().__init__(app)
        self.question = question
        self.form = Form([*(Button(label, lambda act=act: self._answer(act))
                            for label, act in answers), Button(cancel, self.app.pop)])
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shade: pygame.Surface | None = None

    def _answer(self, action: Callable[[], None]) -> None:
        self.app.pop()
        action()

    def relayout(self) -> None:
        lay = self.layout
        size, width = lay.font_px("large"), lay.px(620) - lay.px(40)
        lines = self.text.wrap(tr(self.question), size, width)
        text_h = sum(self.text.render(line, size, theme.TEXT).get_height() + lay.px(4)
                     for line in lines)
        row, gap = lay.px(50), lay.px(10)
        buttons = len(self.form.widgets)
        height = lay.px(40) + text_h + lay.px(24) + buttons * (row + gap) + lay.px(18)
        self.panel = pygame.Rect(0, 0, lay.px(620), min(height, lay.height - lay.px(20)))
        self.panel.center = lay.rect.center
        y = self.panel.bottom - lay.px(28) - buttons * (row + gap) + gap
        for button in self.form.widgets:
            button.rect = pygame.Rect(0, 0, lay.px(460), row)
            button.rect.midtop = (self.panel.centerx, y)
            y += row + gap
        self.shade = shade_layer(lay.rect.size)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_w, pygame.K_s):
            # (the keyboard's left half at a party: W/S as its Up/Down, Space presses)
            self.form.move_focus(-1 if event.key == pygame.K_w else 1)
            return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.shade is not None:
            surface.blit(self.shade, (0, 0))
        lay = self.layout
        draw_panel(surface, self.panel, lay, theme.PANEL, theme.ACCENT, 2)
        size = lay.font_px("large")
        y = self.panel.y + lay.px(40)
        for line in self.text.wrap(tr(self.question), size, self.panel.w - lay.px(40)):
            label = self.text.render(line, size, theme.TEXT)
            surface.blit(label, label.get_rect(midtop=(self.panel.centerx, y)))
            y += label.get_height() + lay.px(4)
        self.form.draw(surface, self.text, lay)
