"""Another player's board, enlarged over the table; any click or key closes it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.client import theme
from game.client.i18n import N_, _, ngettext
from game.client.scenes.base import Scene
from game.client.stars.render import BoardGeometry
from game.client.widgets import draw_panel

if TYPE_CHECKING:
    from game.client.scenes.base import Stage


HINT = N_("Tab / arrows: next player  ·  any other key or click: close")


class BoardViewScene(Scene):
    """``table``: the ``StarsTableScene`` below (its view, renderer and thumbnails)."""

    opaque = False
    holds_game = True

    def __init__(self, app: Stage, table: Any, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.shade: pygame.Surface | None = None

    def relayout(self) -> None:
        lay = self.layout
        area = pygame.Rect(0, 0, int(lay.width * 0.6), int(lay.height * 0.84))
        area.center = (lay.width // 2, lay.height // 2 + lay.px(16))
        self.geo = BoardGeometry(area)
        shade = pygame.Surface(lay.rect.size).convert()
        shade.fill((0, 0, 10))
        shade.set_alpha(150)  # after convert(), which would drop it (a black screen)
        self.shade = shade

    def handle(self, event: pygame.event.Event) -> None:
        others = [seat for _, seat in self.table.thumb_rects]
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_RIGHT,
                                                          pygame.K_LEFT) and others:
            step = -1 if event.key == pygame.K_LEFT or event.mod & pygame.KMOD_SHIFT else 1
            index = others.index(self.seat) if self.seat in others else 0
            self.seat = others[(index + step) % len(others)]
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.app.pop()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        view = self.table.view
        if self.shade is not None:
            surface.blit(self.shade, (0, 0))
        if view is None:
            return
        layer = self.table.renderer.sheet_layer(
            self.table.others_sheet(view, self.seat), self.geo, day=view["day"],
            font=self.table.fonts.get("board"),
            badge_font=self.text.pen(max(theme.MIN_FONT_PX, int(self.geo.spacing * 0.26)),
                                     bold=True))
        surface.blit(layer, self.geo.rect)
        pygame.draw.rect(surface, theme.ACCENT, self.geo.rect, max(1, self.layout.px(2)))
        name = self.table.session.names[self.seat]
        scores = view.get("scores")
        words = _("{name}'s sky").format(name=name)
        if scores:
            total = scores[self.seat]["total"]
            words = ngettext("{sky}  ·  {n} point", "{sky}  ·  {n} points", total).format(
                sky=words, n=total)
        lay = self.layout
        size = self.text.fit(words, lay.font_px("large"), lay.width, True)
        label = self.text.render(words, size, theme.ACCENT, bold=True)
        hint = self.text.render(_(HINT), lay.font_px("small"), theme.TEXT_DIM)
        # each on a plate of its own: the dimmed table's texts showed through them (the card's
        # title under the name, the table's keys under these)
        for text, place in ((label, {"midbottom": (self.geo.rect.centerx,
                                                   self.geo.rect.y - lay.px(6))}),
                            (hint, {"midtop": (self.geo.rect.centerx,
                                               self.geo.rect.bottom + lay.px(6))})):
            rect = text.get_rect(**place)
            draw_panel(surface, rect.inflate(lay.px(24), lay.px(6)), lay)
            surface.blit(text, rect)
