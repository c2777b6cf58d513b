"""High Bid in the window: a minimal table scene and the client kit (``KIT``).

The scene shows the prize, every seat's prize points and bid (another seat's bid: "?" until
all are revealed together), and your cards; a number key bids that card. The rest (the
session, Esc with the leave question, refusals said, the countdown to the results) is
``GameTableScene``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client import theme
from game.client.kits import ClientKit, ScoreColumn
from game.client.scenes.table import GameTableScene

if TYPE_CHECKING:
    from game.client.scenes.base import Scene, Stage
    from game.client.session import GameConfig, Session


class HighBidTable(GameTableScene):
    """One game of High Bid for the first local seat of ``config`` (or a given session)."""

    def animate(self, dt: float) -> None:
        self.app.starfield.update(dt)  # the window's sky, as behind the menus

    def handle_input(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.unicode.isdigit() and \
                self.view is not None and not self.watching:
            card = int(event.unicode)
            if card in self.view["hands"][self.active]:
                self.send({"t": "bid", "card": card})
        else:
            super().handle_input(event)  # Esc: leave, after the one question

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.app.backdrop(), (0, 0))
        self.app.starfield.draw(surface, alpha)
        view, text = self.view, self.text
        width, height = surface.get_size()
        heading = text.render("High Bid", self.layout.font_px("title"), theme.ACCENT, bold=True)
        surface.blit(heading, heading.get_rect(center=(width // 2, int(height * 0.09))))
        if self.status_time > 0:  # the base's status line: a refused bid, whose turn
            picture = text.render(self.status[0], height // 30, self.status[1])
            surface.blit(picture, picture.get_rect(center=(width // 2, int(height * 0.18))))
        if view is None:
            return
        prize = "Game over" if view["over"] else f"Prize: {view['prize']}"
        picture = text.render(prize, height // 12, theme.ACCENT)
        surface.blit(picture, picture.get_rect(center=(width // 2, int(height * 0.3))))
        for seat, (won, bid) in enumerate(zip(view["won"], view["bids"], strict=True)):
            shown = "-" if bid is None else "?" if bid == "hidden" else str(bid)
            you = " (you)" if seat == self.active and not self.watching else ""
            line = f"Seat {seat + 1}{you}:  {won} points  ·  bid {shown}"
            picture = text.render(line, height // 26, theme.TEXT)
            surface.blit(picture, picture.get_rect(
                center=(width // 2, int(height * (0.42 + 0.07 * seat)))))
        if not self.watching:
            hand = "   ".join(str(card) for card in view["hands"][self.active])
            picture = text.render(f"Your cards (press one):   {hand}", height // 26,
                                  theme.TEXT)
            surface.blit(picture, picture.get_rect(center=(width // 2, int(height * 0.8))))


def open_table(stage: Stage, config: GameConfig | None, seed: int = 0,
               session: Session | None = None) -> Scene:
    return HighBidTable(stage, config, seed, session=session)


KIT = ClientKit(
    game="highbid",
    title="High Bid",
    open_table=open_table,
    rules=[("Goal", "Win the most prize points."),
           ("A round", "Everyone bids a card in secret; the one highest bid wins the prize.")],
    score_columns=[ScoreColumn("prizes", "Prizes", (255, 210, 90))],
    default_bot="rollout",
    watch=True,
)
