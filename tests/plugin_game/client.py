"""High Bid in the window: a minimal table scene and the client kit (``KIT``).

The scene shows the prize, every seat's prize points and bid (another seat's bid: "?" until
all are revealed together), and your cards; a number key bids that card, Esc leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.client import theme
from game.client.kits import ClientKit, ScoreColumn
from game.client.scenes.base import SkyScene
from game.client.session import LocalSession

if TYPE_CHECKING:
    from game.client.scenes.base import Scene, Stage
    from game.client.session import GameConfig


class HighBidTable(SkyScene):
    """One game of High Bid for the first local seat of ``config`` (or a given session)."""

    holds_game = True

    def __init__(self, app: Stage, config: GameConfig | None, seed: int = 0,
                 session: Any = None) -> None:
        super().__init__(app)
        self.session = session or LocalSession(config, seed, ai_delay=app.ai_delay,
                                               autosave_dir=app.autosave_dir)
        humans = self.session.human_seats
        self.seat = humans[0] if humans else None
        self.view: dict[str, Any] | None = None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.session.poll()
        views = self.session.views
        self.view = views.get(self.seat) or next(iter(views.values()), None)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE:
            self.back()
        elif self.view is not None and self.seat is not None and event.unicode.isdigit():
            card = int(event.unicode)
            if card in self.view["hands"][self.seat]:
                self.session.send(self.seat, {"t": "bid", "card": card})

    def back(self) -> None:
        self.session.close()
        self.app.pop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha)
        self.draw_heading(surface, "High Bid")
        view, text = self.view, self.text
        if view is None:
            return
        width, height = surface.get_size()
        prize = "Game over" if view["over"] else f"Prize: {view['prize']}"
        picture = text.render(prize, height // 12, theme.ACCENT)
        surface.blit(picture, picture.get_rect(center=(width // 2, int(height * 0.3))))
        for seat, (won, bid) in enumerate(zip(view["won"], view["bids"], strict=True)):
            shown = "-" if bid is None else "?" if bid == "hidden" else str(bid)
            line = f"Seat {seat + 1}{' (you)' if seat == self.seat else ''}:  " \
                   f"{won} points  ·  bid {shown}"
            picture = text.render(line, height // 26, theme.TEXT)
            surface.blit(picture, picture.get_rect(
                center=(width // 2, int(height * (0.42 + 0.07 * seat)))))
        if self.seat is not None:
            hand = "   ".join(str(card) for card in view["hands"][self.seat])
            picture = text.render(f"Your cards (press one):   {hand}", height // 26,
                                  theme.TEXT)
            surface.blit(picture, picture.get_rect(center=(width // 2, int(height * 0.8))))


def open_table(stage: Stage, config: GameConfig | None, seed: int = 0,
               session: Any = None) -> Scene:
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
