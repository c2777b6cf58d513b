"""Game setup: the game, the seats (human / bot and its level) and every game option."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.client import theme
from game.client.scenes.base import SkyScene
from game.client.session import GameConfig, SeatChoice, bot_levels
from game.client.widgets import Button, Choice, Form, Widget
from game.rules.stars import data as stars_data

if TYPE_CHECKING:
    from game.client.app import App

GAMES = [("stars", "Look at the Stars"), ("stargazer", "Stargazer (table coming soon)")]
BOT_NAMES = {"random": "Bot (easy)", "greedy": "Bot (greedy)", "strong": "Bot (strong)"}
MAX_SEATS = 8
BOT_STAR_NAMES = ("Vega", "Altair", "Deneb", "Rigel", "Sirius", "Lyra", "Mira", "Castor")

POINT_CARD_VALUES = [("default", "Default (card 3, plus)"), ("random", "Random")] + [
    (n, f"Card {n} ({card['points']} pts)") for n, card in enumerate(stars_data.POINT_CARDS, 1)
]
POWER_CARD_VALUES = [("default", "Default (Line)"), ("random_beginner", "Random beginner"),
                     ("random_experienced", "Random experienced")] + [
    (n, f"{n}: {card['power'].replace('_', ' ').capitalize()}")
    for n, card in enumerate(stars_data.POWER_CARDS, 1)
]


class SetupScene(SkyScene):
    """``mode`` "solo": you plus 0..7 bots. "hotseat": 2..8 seats, each human or bot."""

    def __init__(self, app: App, mode: str) -> None:
        super().__init__(app)
        self.mode = mode
        self.levels = bot_levels("stars")
        seat_values = [("human", "Human")] + [(lvl, BOT_NAMES.get(lvl, lvl)) for lvl in
                                              self.levels]
        default_bot = "greedy" if "greedy" in self.levels else self.levels[0]
        self.game = Choice("Game", GAMES, "stars", lambda _: self._refresh())
        if mode == "host":
            seat_values = [("open", "LAN player")] + seat_values[1:]
        if mode == "solo":
            self.count = Choice("AI opponents", [(n, str(n)) for n in range(0, MAX_SEATS)], 1,
                                lambda _: self._refresh())
        else:
            self.count = Choice("Players", [(n, str(n)) for n in range(2, MAX_SEATS + 1)], 2,
                                lambda _: self._refresh())
        self.seats: list[Choice] = []
        for i in range(MAX_SEATS):
            if mode in ("solo", "host") and i == 0:
                values = [("human", f"You ({app.settings.player_name})")]
            elif mode == "solo":
                values = seat_values[1:]
            else:
                values = seat_values
            if i == 0 or (mode == "hotseat" and i < 2):
                default = "human"
            elif mode == "host":
                default = "open"
            else:
                default = default_bot
            self.seats.append(Choice(f"Seat {i + 1}", values, default))
        self.point_card = Choice("Point bonus card", POINT_CARD_VALUES, "default")
        self.power_card = Choice("Power bonus card", POWER_CARD_VALUES, "default")
        self.live_score = Choice("Live score", [(False, "Hidden"), (True, "Shown")], False)
        self.start = Button("Start game", self.start_game)
        self.back_button = Button("Back", self.back, size="body")
        self.form = Form()
        self._previews: dict[tuple, pygame.Surface] = {}
        self._refresh()

    @property
    def seat_count(self) -> int:
        return self.count.value + 1 if self.mode == "solo" else self.count.value

    def _refresh(self) -> None:
        visible: list[Widget] = [self.game, self.count, *self.seats[: self.seat_count],
                                 self.point_card, self.power_card, self.live_score, self.start,
                                 self.back_button]
        focused = self.form.widgets[self.form.focus] if self.form.widgets else None
        self.form.widgets = visible
        self.form.focus = visible.index(focused) if focused in visible else 0
        self.start.enabled = self.game.value == "stars"
        self.relayout()

    def config(self) -> GameConfig:
        seats = []
        human_number = 0
        for choice in self.seats[: self.seat_count]:
            if choice.value == "open":
                seats.append(SeatChoice("open", f"Player {len(seats) + 1}"))
            elif choice.value == "human":
                human_number += 1
                name = (self.app.settings.player_name if human_number == 1
                        else f"Player {human_number}")
                seats.append(SeatChoice("human", name))
            else:
                star = BOT_STAR_NAMES[len(seats) % len(BOT_STAR_NAMES)]
                seats.append(SeatChoice("ai", star, choice.value))
        options = {"point_card": self.point_card.value, "power_card": self.power_card.value,
                   "live_score": self.live_score.value}
        mode = "hotseat" if sum(1 for s in seats if s.kind == "human") > 1 else "solo"
        return GameConfig(self.game.value, seats, options,
                          "host" if self.mode == "host" else mode)

    def start_game(self) -> None:
        from game.client.scenes.table_stars import StarsTableScene

        config = self.config()
        seed = self.app.seed_source() if self.app.seed_source else random.randrange(1 << 30)
        if self.mode == "host":
            from game.client.scenes.lan import LobbyScene, start_hosting

            try:
                session = start_hosting(self.app, config, seed)
            except OSError as error:
                self.app.toast(f"Could not host: {error}")
                return
            self.app.push(LobbyScene(self.app, session, hosting=True))
            return
        self.app.push(StarsTableScene(self.app, config, seed))

    def relayout(self) -> None:
        lay = self.layout
        h, gap = lay.px(44), lay.px(8)
        col_w = min(lay.px(520), (lay.width - lay.px(80)) // 2)
        left_x = lay.width // 2 - col_w - lay.px(14)
        right_x = lay.width // 2 + lay.px(14)
        top = int(lay.height * 0.17)
        y = top
        for widget in [self.game, self.count, *self.seats[: self.seat_count]]:
            widget.rect = pygame.Rect(left_x, y, col_w, h)
            y += h + gap
        y = top
        for widget in (self.point_card, self.power_card, self.live_score):
            widget.rect = pygame.Rect(right_x, y, col_w, h)
            y += h + gap
        y += lay.px(20)
        self.start.rect = pygame.Rect(right_x, y, col_w, lay.px(64))
        self.back_button.rect = pygame.Rect(right_x, self.start.rect.bottom + lay.px(14), col_w,
                                            lay.px(48))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.form.handle(event)

    def preview(self, kind: str, size: int) -> pygame.Surface:
        """The chosen bonus card (a card back with "?" when it will be drawn at random)."""
        from game.client.stars_render import render_bonus_card, render_card_back

        value = (self.point_card if kind == "point" else self.power_card).value
        if value == "default":
            value = (stars_data.DEFAULT_POINT_CARD if kind == "point"
                     else stars_data.DEFAULT_POWER_CARD)
        key = (kind, value, size)
        if key not in self._previews:
            if isinstance(value, int):
                font = self.text.font(max(9, int(size * 0.11)), bold=True)
                small = self.text.font(max(8, int(size * 0.09)))
                card = render_bonus_card(kind, value, size, font, small)
            else:
                card = render_card_back(size)
                mark = self.text.font(int(size * 0.3), bold=True).render("?", True, theme.TEXT)
                card.blit(mark, mark.get_rect(center=(size // 2, size // 2)))
            self._previews[key] = card
        return self._previews[key]

    def draw_previews(self, surface: pygame.Surface) -> None:
        lay = self.layout
        size = lay.px(120)
        y = self.back_button.rect.bottom + lay.px(40)
        if y + size > lay.height - lay.px(40):
            return
        for i, (kind, title) in enumerate((("point", "Point bonus"), ("power", "Power bonus"))):
            x = self.start.rect.centerx + (i * 2 - 1) * lay.px(80) - size // 2
            label = self.text.render(title, lay.font_px("small"), theme.TEXT_DIM)
            surface.blit(label, label.get_rect(midbottom=(x + size // 2, y - lay.px(4))))
            surface.blit(self.preview(kind, size), (x, y))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha)
        self.draw_heading(surface, {"solo": "Solo game", "hotseat": "Hot-seat game",
                                    "host": "Host a LAN game"}[self.mode])
        self.form.draw(surface, self.text, self.layout)
        if self.game.value == "stars":
            self.draw_previews(surface)
        if not self.start.enabled:
            note = self.text.render("Only Look at the Stars has a table in this version.",
                                    self.layout.font_px("small"), theme.WARNING)
            surface.blit(note, note.get_rect(midtop=(self.start.rect.centerx,
                                                     self.back_button.rect.bottom
                                                     + self.layout.px(12))))
        self.draw_footer(surface, "Up/Down choose  ·  Left/Right change  ·  Enter start  ·  "
                                  "Esc back")
