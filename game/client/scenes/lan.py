"""Host / Join LAN game: the lobby belongs to a later issue; this screen says how to play now."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.scenes.base import SkyScene
from game.client.widgets import Button, Form, draw_panel

MESSAGES = {
    "host": ("Host a LAN game",
             "The in-window LAN lobby is coming soon. Today, host a table from a terminal with "
             "'starparty host --headless'; the others join it from their own terminal or with "
             "'starparty bot HOST:PORT' for an AI seat."),
    "join": ("Join a LAN game",
             "The in-window LAN lobby, which will list the tables on your network, is coming "
             "soon. Until then, ask the host for HOST:PORT and use the terminal commands "
             "shown by 'starparty --help'."),
}


class LanScene(SkyScene):
    def __init__(self, app, mode: str) -> None:  # noqa: ANN001
        super().__init__(app)
        self.title, self.message = MESSAGES[mode]
        self.form = Form([Button("Back", self.back)])
        self.panel = pygame.Rect(0, 0, 0, 0)

    def relayout(self) -> None:
        lay = self.layout
        self.panel = pygame.Rect(0, 0, lay.px(820), lay.px(300))
        self.panel.center = (lay.width // 2, int(lay.height * 0.48))
        button = self.form.widgets[0]
        button.rect = pygame.Rect(0, 0, lay.px(220), lay.px(54))
        button.rect.midtop = (lay.width // 2, self.panel.bottom + lay.px(24))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha)
        self.draw_heading(surface, self.title)
        lay = self.layout
        draw_panel(surface, self.panel, lay)
        y = self.panel.y + lay.px(30)
        for line in self.text.wrap(self.message, lay.font_px("large"),
                                   self.panel.w - lay.px(60)):
            label = self.text.render(line, lay.font_px("large"), theme.TEXT)
            surface.blit(label, label.get_rect(midtop=(self.panel.centerx, y)))
            y += label.get_height() + lay.px(8)
        self.form.draw(surface, self.text, lay)
        self.draw_footer(surface, "Esc or Enter: back")
