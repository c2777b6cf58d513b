"""Hot-seat handover: hides the last player's board until the next player is at the screen.

The screen must be passed on purpose: for its first ``ARM_SECONDS`` it takes no input, and a
key that was already down when it appeared (a held Enter repeating from the last turn) counts
only once it has been released and pressed again (``game.client.press_guard``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.client import theme
from game.client.i18n import N_, _, ngettext, tr
from game.client.kits import get_kit
from game.client.press_guard import PressGuard
from game.client.scenes.base import SkyScene
from game.client.widgets import Button, Form, stack_rects

if TYPE_CHECKING:
    from game.client.scenes.base import Stage
    from game.client.session import Session

#: seconds the handover ignores input after it appears (a double press cannot skip it)
ARM_SECONDS = 0.8
#: the recap's lines at most (the newest, as many as the window holds up to this; the game
#: log keeps the rest: 6 hid an opponent's whole turn where the window had room, a playtest)
RECAP_LINES = 14


@dataclass(frozen=True)
class Recap:
    """The game log's entries a player has not seen at the screen: ``since_turn`` those since
    their last turn, else (their first) the game so far."""

    entries: list[Any]
    since_turn: bool


class HandoverTable(Protocol):
    """What the handover needs of a game's table scene (hot-seat)."""

    session: Session

    @property
    def view(self) -> dict[str, Any] | None: ...

    def take_over(self, seat: int) -> None: ...

    def back(self) -> None: ...


class HandoverScene(SkyScene):
    """"Pass the screen to NAME". ``previous`` (if any) may still take back their turn: the
    screen goes back to them and ``undo`` (the game's own) takes their turn back."""

    holds_game = True

    def __init__(self, app: Stage, table: HandoverTable, seat: int,
                 previous: int | None = None, undo: Callable[[], None] | None = None,
                 recap: Recap | None = None) -> None:
        super().__init__(app)
        self.table = table
        self.recap = recap
        self.seat = seat
        self.previous = previous if undo is not None else None
        self.undo = undo
        self.name = table.session.names[seat]
        self.kit = get_kit(table.session.info["game"])
        widgets = [Button(N_(self.kit.take_over_words, name=self.name), self.ready)]
        if self.previous is not None:
            prev_name = table.session.names[self.previous]
            widgets.append(Button(N_("Back to {name} (undo their turn)", name=prev_name),
                                  self.undo_previous, size="body"))
        self.form = Form(widgets)
        self.guard = PressGuard(ARM_SECONDS)
        #: where the recap was drawn last (tests)
        self.recap_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def armed(self) -> bool:
        """Whether the screen takes input yet."""
        return self.guard.armed

    def enter(self) -> None:
        super().enter()
        self.guard.start()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.guard.advance(dt, self.app.settings.animation_speed)
        for widget in self.form.widgets:
            widget.enabled = self.armed

    def ready(self) -> None:
        self.app.pop()
        self.table.take_over(self.seat)

    def undo_previous(self) -> None:
        previous, undo = self.previous, self.undo
        assert previous is not None and undo is not None
        self.app.pop()
        self.table.take_over(previous)
        undo()

    def relayout(self) -> None:
        lay = self.layout
        stack_rects(self.form.widgets, lay.width // 2, int(lay.height * 0.55),
                    lay.px(520), lay.px(58), lay.px(72) - lay.px(58))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.back()
            return
        if not self.guard.blocks(event):
            self.form.handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha)
        lay = self.layout
        view = self.table.view
        progress = self.kit.progress_line(view) if view is not None else None
        if progress:
            label = self.text.render(progress, lay.font_px("large"), theme.TEXT_DIM)
            surface.blit(label, label.get_rect(center=(lay.width // 2, int(lay.height * 0.28))))
        words = _("Pass the screen to {name}").format(name=self.name)
        size = self.text.fit(words, lay.font_px("title"), lay.width - lay.px(40), bold=True)
        title = self.text.render(words, size, theme.ACCENT, bold=True)
        surface.blit(title, title.get_rect(center=(lay.width // 2, int(lay.height * 0.4))))
        self.form.draw(surface, self.text, lay)
        self.draw_recap(surface)
        self.draw_footer(surface, N_("Enter: ready  ·  Esc: leave the game"),
                         N_("A: ready  ·  B: leave the game"))

    def draw_recap(self, surface: pygame.Surface) -> None:
        """Under the buttons: what happened since this player last had the screen (their
        newest ``RECAP_LINES`` entries of the game log, as the log words and colours them)."""
        recap = self.recap
        if recap is None or not recap.entries:
            return
        lay = self.layout
        size = lay.font_px("small")
        step = int(size * 1.25)
        top = max(w.rect.bottom for w in self.form.widgets) + lay.px(24)
        room = (lay.height - lay.px(44) - top) // step - 1  # (a line for the heading)
        shown = recap.entries[-max(1, min(RECAP_LINES, room)):]
        earlier = len(recap.entries) - len(shown)
        heading = _("Since your last turn:") if recap.since_turn else _("So far:")
        if earlier:
            heading += " " + ngettext("({n} earlier line in the game log)",
                                      "({n} earlier lines in the game log)", earlier).format(
                n=earlier)
        width = lay.px(760)
        rows = [(heading, theme.TEXT_DIM)] + [(tr(text), colour) for text, colour in shown]
        self.recap_rect = pygame.Rect(0, top, 0, 0)
        for index, (words, colour) in enumerate(rows):
            fitted = self.text.cut(words, size, width)
            label = self.text.render(fitted, size, colour)
            place = label.get_rect(midtop=(lay.width // 2, top + index * step))
            surface.blit(label, place)
            self.recap_rect = self.recap_rect.union(place) if self.recap_rect.w else place
