"""A modal question over the current scene (e.g. "Leave the game?")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.client import theme
from game.client.devices import from_owner, is_pad, owner_still_here
from game.client.i18n import N_, _, tr
from game.client.scenes.base import Scene
from game.client.widgets import Button, Form, draw_panel, shade_layer

if TYPE_CHECKING:
    from game.client.scenes.base import Stage


class QuestionDialog(Scene):
    """What every modal question shares: the scene below dimmed, a panel, the question
    wrapped at its top (an ``N_()`` message is translated when drawn), the answers' ``form``
    below it. Subclasses make the form and place it in ``relayout``. ``owner``: the pad that
    asked, the only one that answers (at one screen another player's pad answered a question
    it had not asked: a party's playtest); the keyboard and the mouse always answer."""

    opaque = False
    #: the panel's width in layout pixels
    WIDTH = 560

    def __init__(self, app: Stage, question: str, owner: str | None = None) -> None:
        super().__init__(app)
        self.question = question
        self.owner = owner
        self.form = Form()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shade: pygame.Surface | None = None

    def question_lines(self) -> list[str]:
        return self.text.wrap(tr(self.question), self.layout.font_px("large"),
                              self.layout.px(self.WIDTH) - self.layout.px(40))

    def question_height(self) -> int:
        """The wrapped question's height: a longer one makes the panel taller, never wider."""
        size = self.layout.font_px("large")
        return sum(self.text.render(line, size, theme.TEXT).get_height() + self.layout.px(4)
                   for line in self.question_lines())

    def relayout(self) -> None:
        self.shade = shade_layer(self.layout.rect.size)

    def answerer(self) -> str | None:
        """Who may answer now: ``owner``, or anyone once that pad is pulled out (a pad-only
        party was stuck in a question whose pad had gone: an outside re-check)."""
        self.owner = owner_still_here(self.owner, self.app.devices)
        return self.owner

    def handle(self, event: pygame.event.Event) -> None:
        """The input of whoever may answer (``owner``), to the subclass's ``answer``."""
        if from_owner(event, self.answerer()):
            self.answer(event)

    def answer(self, event: pygame.event.Event) -> None:
        """An answerer's input (a key, a click): what each kind of question does with it."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.shade is not None:
            surface.blit(self.shade, (0, 0))
        lay = self.layout
        draw_panel(surface, self.panel, lay, theme.PANEL, theme.ACCENT, 2)
        y = self.panel.y + lay.px(40)
        for line in self.question_lines():
            label = self.text.render(line, lay.font_px("large"), theme.TEXT)
            surface.blit(label, label.get_rect(midtop=(self.panel.centerx, y)))
            y += label.get_height() + lay.px(4)
        self.form.draw(surface, self.text, lay)
        owner = self.answerer()
        if owner is not None and is_pad(owner):
            # who answers, under the panel: another player's presses did nothing, unsaid
            # (an outside pad-only playtest)
            words = _("{device} answers (the pad that asked).").format(
                device=self.app.devices.device_words(owner))
            label = self.text.render(words, lay.font_px("small"), theme.TEXT_DIM)
            box = label.get_rect(midtop=(self.panel.centerx, self.panel.bottom + lay.px(10)))
            # on a panel of its own: drawn straight on the boards below, their lines ran
            # through it (an outside re-check)
            draw_panel(surface, box.inflate(lay.px(20), lay.px(8)), lay, theme.PANEL,
                       theme.PANEL_EDGE, 1)
            surface.blit(label, box)


class ConfirmDialog(QuestionDialog):
    """Yes/No; Esc means No. ``on_yes`` runs after the dialog closes. The question and the
    answers may be ``N_()`` messages: they are translated when drawn. ``extra``: a third
    button after Yes, (label, action), its action also run after the dialog closes (the
    leave question's Rules)."""

    def __init__(self, app: Stage, question: str, on_yes: Callable[[], None],
                 yes: str = N_("Yes"), no: str = N_("No"),
                 extra: tuple[str, Callable[[], None]] | None = None,
                 owner: str | None = None) -> None:
        super().__init__(app, question, owner)
        self.on_yes = on_yes
        buttons = [Button(no, self.app.pop), Button(yes, self._yes)]
        if extra is not None:
            label, action = extra
            buttons.append(Button(label, lambda: self._then(action)))
        self.form = Form(buttons)

    def _yes(self) -> None:
        self._then(self.on_yes)

    def _then(self, action: Callable[[], None]) -> None:
        self.app.pop()
        action()

    def relayout(self) -> None:
        super().relayout()
        lay = self.layout
        w, h, gap = lay.px(200), lay.px(54), lay.px(24)
        self.panel = pygame.Rect(0, 0, lay.px(self.WIDTH),
                                 max(lay.px(220), lay.px(40 + 24 + 28) + self.question_height()
                                     + h))
        self.panel.center = lay.rect.center
        buttons = self.form.widgets
        count = len(buttons)
        w = min(w, (self.panel.w - lay.px(48) - gap * (count - 1)) // count)
        x = self.panel.centerx - (count * w + (count - 1) * gap) // 2
        for button in buttons:
            button.rect = pygame.Rect(x, 0, w, h)
            button.rect.bottom = self.panel.bottom - lay.px(28)
            x += w + gap

    def answer(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.form.move_focus(1 if event.key == pygame.K_RIGHT else -1)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_y:
            self._yes()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            self.app.pop()
            return
        self.form.handle(event)


class ChoiceDialog(QuestionDialog):
    """A question with several answers, one button each in a column (Up/Down or the D-pad,
    Enter or A; the mouse). Esc (B) is the last answer, which only closes the dialog. An
    answer's action runs after the dialog closes. Labels may be ``N_()`` messages."""

    WIDTH = 620

    def __init__(self, app: Stage, question: str,
                 answers: list[tuple[str, Callable[[], None]]], cancel: str,
                 owner: str | None = None) -> None:
        super().__init__(app, question, owner)
        self.form = Form([*(Button(label, lambda act=act: self._answer(act))
                            for label, act in answers), Button(cancel, self.app.pop)])

    def _answer(self, action: Callable[[], None]) -> None:
        self.app.pop()
        action()

    def relayout(self) -> None:
        super().relayout()
        lay = self.layout
        row, gap = lay.px(50), lay.px(10)
        buttons = len(self.form.widgets)
        height = lay.px(40) + self.question_height() + lay.px(24) + buttons * (row + gap) \
            + lay.px(18)
        self.panel = pygame.Rect(0, 0, lay.px(self.WIDTH), min(height, lay.height - lay.px(20)))
        self.panel.center = lay.rect.center
        y = self.panel.bottom - lay.px(28) - buttons * (row + gap) + gap
        for button in self.form.widgets:
            button.rect = pygame.Rect(0, 0, lay.px(460), row)
            button.rect.midtop = (self.panel.centerx, y)
            y += row + gap

    def answer(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_w, pygame.K_s):
            # (the keyboard's left half at a party: W/S as its Up/Down, Space presses)
            self.form.move_focus(-1 if event.key == pygame.K_w else 1)
            return
        self.form.handle(event)
