"""A LAN table whose link is down: said over the table until it comes back, or the player
leaves.

A guest (or a TV watching) whose host quit or dropped off the network was left on a board
that still looked live: the ghost said "Legal here", clicks did nothing, two toasts went by
(an outside LAN playtest). While the link is down this scene dims the table, says what
happened and what brings it back, and takes the input: the table under it keeps polling, so
the window reconnects by itself (``RemoteSession`` retries for as long as a game is under way)
and the overlay goes as soon as the table answers again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.client import theme
from game.client.i18n import N_, tr
from game.client.scenes.base import Scene
from game.client.widgets import Button, Form, draw_panel, shade_layer

if TYPE_CHECKING:
    from game.client.scenes.base import Stage


class LostTable(Protocol):
    """What the overlay asks of the table under it."""

    def link_words(self) -> tuple[str, str] | None: ...

    def leave(self) -> None: ...


class LinkLostScene(Scene):
    """Over a LAN table while its link is down (``GameTableScene.link_words``): the reason,
    what brings the game back, and Leave (Esc)."""

    opaque = False

    def __init__(self, app: Stage, table: LostTable) -> None:
        super().__init__(app)
        self.table = table
        self.leave_button = Button(N_("Leave the table (Esc)"), self.leave)
        self.form = Form([self.leave_button])
        self.form.focus = -1  # an Enter meant for the board leaves nothing: Esc or a click do
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shade: pygame.Surface | None = None

    def leave(self) -> None:
        self.app.pop()
        self.table.leave()

    def relayout(self) -> None:
        lay = self.layout
        self.panel = pygame.Rect(0, 0, lay.px(620), lay.px(250))
        self.panel.center = lay.rect.center
        self.leave_button.rect = pygame.Rect(0, 0, lay.px(300), lay.px(50))
        self.leave_button.rect.midbottom = (self.panel.centerx, self.panel.bottom - lay.px(24))
        self.shade = shade_layer(lay.rect.size, 150)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        self.form.handle(event)

    def update(self, dt: float) -> None:
        if self.table.link_words() is None and self.app.scene is self:
            self.app.pop()  # the table answers again

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        words = self.table.link_words()
        if words is None:
            return
        lay = self.layout
        if self.shade is not None:
            surface.blit(self.shade, (0, 0))
        draw_panel(surface, self.panel, lay, theme.PANEL, theme.WARNING, 2)
        title, line = (tr(text) for text in words)
        width = self.panel.w - lay.px(48)
        y = self.panel.y + lay.px(26)
        size = self.text.fit(title, lay.font_px("large"), width, True)
        label = self.text.render(title, size, theme.WARNING, bold=True)
        surface.blit(label, label.get_rect(midtop=(self.panel.centerx, y)))
        y += label.get_height() + lay.px(12)
        body = lay.font_px("body")
        for text in self.text.wrap(line, body, width)[:3]:
            label = self.text.render(text, body, theme.TEXT)
            surface.blit(label, label.get_rect(midtop=(self.panel.centerx, y)))
            y += int(body * 1.3)
        self.form.draw(surface, self.text, lay)
