"""A LAN host's players who left: after a while the host may let a bot play on for them.

Any game's table scene can hold a ``Departures``: it notes when a remote seat's player goes
(and comes back), and after ``REPLACE_AFTER`` seconds away offers a button per seat that
hands the seat to the game's LAN fill-in bot (``net.Table.replace_with_bot``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.client import theme
from game.client.i18n import N_, _
from game.client.layout import Layout, TextCache
from game.client.widgets import Button, draw_panel

#: a LAN host is offered a bot for a remote player who has been gone this long (seconds)
REPLACE_AFTER = 20.0


class Departures:
    def __init__(self, session: Any, toast: Callable[[str], None],
                 replaced: Callable[[int, str], None]) -> None:
        self.session = session
        self.toast = toast
        self.replaced = replaced
        #: remote seats whose player is gone (seat -> clock when they left)
        self.away_since: dict[int, float] = {}
        self.buttons: dict[int, Button] = {}
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.changed = False

    @property
    def hosting(self) -> bool:
        return getattr(self.session, "server", None) is not None

    def track(self, clock: float) -> None:
        """Note who left and who came back; ``changed`` is set when the buttons change."""
        if not self.hosting or self.session.status != "playing":
            self.away_since.clear()
        else:
            for seat in self.session.info["seats"]:
                gone = seat["kind"] in ("remote", "open") and seat.get("taken") and \
                    not seat.get("connected")
                if gone:
                    self.away_since.setdefault(seat["seat"], clock)
                else:
                    self.away_since.pop(seat["seat"], None)
        due = sorted(s for s, since in self.away_since.items() if clock - since >= REPLACE_AFTER)
        if due != sorted(self.buttons):
            self.buttons = {
                seat: self.buttons.get(seat) or Button(
                    N_("Let a bot play for {name} (B)", name=self.session.names[seat]),
                    lambda seat=seat: self.replace(seat), size="small")
                for seat in due}
            self.changed = True

    def replace(self, seat: int) -> None:
        from game.client.scenes.lan import fill_level
        from net.table import TableError

        level = fill_level(self.session.info.get("game", ""))
        name = self.session.names[seat]
        try:
            self.session.table.replace_with_bot(seat, level)
        except TableError as error:
            self.toast(error.message)
            return
        self.away_since.pop(seat, None)
        self.replaced(seat, name)

    def layout(self, column: pygame.Rect, lay: Layout) -> None:
        """A panel at the foot of ``column`` with one button per departed seat."""
        row = lay.px(38)
        buttons = list(self.buttons.values())
        height = lay.px(40) + len(buttons) * (row + lay.px(6))
        self.rect = pygame.Rect(column.x, column.bottom - height, column.w, height)
        y = self.rect.y + lay.px(34)
        for button in buttons:
            button.rect = pygame.Rect(self.rect.x + lay.px(10), y, self.rect.w - lay.px(20), row)
            y += row + lay.px(6)
        self.changed = False

    def draw(self, surface: pygame.Surface, text: TextCache, lay: Layout) -> None:
        if not self.buttons:
            return
        draw_panel(surface, self.rect, lay)
        names = ", ".join(self.session.names[s] for s in self.buttons)
        line = _("Left the table: {names}").format(names=names)
        label = text.render(line, text.fit(line, lay.font_px("small"), self.rect.w - lay.px(24),
                                           True), theme.WARNING,
                            bold=True)
        surface.blit(label, (self.rect.x + lay.px(12), self.rect.y + lay.px(10)))
        mouse = pygame.mouse.get_pos()
        for button in self.buttons.values():
            button.draw(surface, text, lay, False, button.rect.collidepoint(mouse))

    def click(self, pos: tuple[int, int]) -> bool:
        for button in self.buttons.values():
            if button.rect.collidepoint(pos):
                button.activate()
                return True
        return False
