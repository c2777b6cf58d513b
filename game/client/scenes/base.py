"""The scene contract and the shared night-sky background."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client import theme

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.layout import Layout, TextCache


class Scene:
    """One screen. ``opaque=False`` scenes (dialogs) draw over the scene below them."""

    opaque = True
    #: a scene that holds a game in progress: quitting asks first
    holds_game = False

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def layout(self) -> Layout:
        return self.app.layout

    @property
    def text(self) -> TextCache:
        return self.app.text

    def enter(self) -> None:
        self.relayout()

    def exit(self) -> None:
        pass

    def relayout(self) -> None:
        """Recompute rects and caches from ``self.layout`` (called on enter and resize)."""

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def back(self) -> None:
        self.app.pop()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        pass


class SkyScene(Scene):
    """A scene over the shared animated starfield."""

    def update(self, dt: float) -> None:
        self.app.starfield.update(dt)

    def draw_sky(self, surface: pygame.Surface, alpha: float, horizon: bool = False) -> None:
        surface.blit(self.app.backdrop(), (0, 0))
        self.app.starfield.draw(surface, alpha)
        if horizon:
            strip = self.app.horizon()
            surface.blit(strip, (0, self.layout.height - strip.get_height()))

    def draw_heading(self, surface: pygame.Surface, title: str, y: float = 0.09) -> None:
        label = self.text.render(title, self.layout.font_px("title"), theme.ACCENT, bold=True)
        surface.blit(label, label.get_rect(center=(self.layout.width // 2,
                                                   int(self.layout.height * y))))

    def draw_footer(self, surface: pygame.Surface, hint: str) -> None:
        label = self.text.render(hint, self.layout.font_px("small"), theme.TEXT_DIM)
        surface.blit(label, label.get_rect(midbottom=(self.layout.width // 2,
                                                      self.layout.height - self.layout.px(14))))
