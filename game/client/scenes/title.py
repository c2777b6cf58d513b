"""Title: the animated sky, the name, and "press any key"."""

from __future__ import annotations

import math

import pygame

from game.client import theme
from game.client.i18n import _
from game.client.scenes.base import SkyScene
from game.client.tweens import Tween

#: the Big Dipper, in fractions of the screen, drawn as a faint constellation by the title
DIPPER = [(0.70, 0.16), (0.75, 0.13), (0.80, 0.15), (0.84, 0.19), (0.85, 0.27), (0.92, 0.29),
          (0.93, 0.20)]
DIPPER_LINES = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 3)]


class TitleScene(SkyScene):
    """Any key or click goes to the main menu; Esc quits."""

    def enter(self) -> None:
        super().enter()
        self.fade = Tween(0.0, 1.0, 1.2)
        self.clock = 0.0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            from game.client.scenes.menu import MainMenuScene

            self.app.sounds.play("click")
            self.app.replace(MainMenuScene(self.app))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.fade.update(dt)
        self.clock += dt

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha, horizon=True)
        lay = self.layout
        k = self.fade.progress(alpha)
        points = [(int(x * lay.width), int(y * lay.height)) for x, y in DIPPER]
        line_color = tuple(int(c * k * 0.5) for c in theme.PRINTED_LINE)
        for a, b in DIPPER_LINES:
            pygame.draw.aaline(surface, line_color, points[a], points[b])
        for i, p in enumerate(points):
            glow = 0.75 + 0.25 * math.sin(self.clock * 2.0 + i)
            r = max(2, lay.px(3))
            pygame.draw.circle(surface, tuple(int(c * k * glow) for c in theme.STAR), p, r)
        glow_color = tuple(int(c * k) for c in theme.ACCENT_DARK)
        title = self.text.render("STAR PARTY", lay.font_px("huge"), glow_color, bold=True)
        centre = (lay.width // 2, int(lay.height * 0.38))
        for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
            surface.blit(title, title.get_rect(center=(centre[0] + lay.px(dx),
                                                       centre[1] + lay.px(dy))))
        main = self.text.render("STAR PARTY", lay.font_px("huge"),
                                tuple(int(c * k) for c in theme.ACCENT), bold=True)
        surface.blit(main, main.get_rect(center=centre))
        sub = self.text.render(_("Look at the Stars  ·  Stargazer"), lay.font_px("large"),
                               tuple(int(c * k) for c in theme.TEXT_DIM))
        surface.blit(sub, sub.get_rect(center=(centre[0], centre[1] + lay.px(70))))
        pulse = 0.55 + 0.45 * math.sin(self.clock * 3.0)
        prompt_color = tuple(int(c * k * pulse) for c in theme.TEXT)
        prompt = self.text.render(_("Press any key"), lay.font_px("body"), prompt_color)
        surface.blit(prompt, prompt.get_rect(center=(centre[0], int(lay.height * 0.78))))
