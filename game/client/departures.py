"""A LAN table's players who left: every window at the table is told (the others kept
seeing "Bob playing" with no reason for the wait: an outside playtest); after a while the host
may let a bot play on for them, and give the seat back.

Any game's table scene holds a ``Departures``: it notes when a remote seat's player goes (and
comes back), and after ``REPLACE_AFTER`` seconds away offers a button per seat that hands the
seat to the game's LAN fill-in bot (``net.Table.replace_with_bot``, key B). While a bot stands
in, a button gives the seat back (``net.Table.give_back``, key G: the game then waits for the
player again); a player who reconnects with their token takes the seat back by themselves, and
the host is told.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client import theme
from game.client.i18n import N_, _
from game.client.layout import Layout, TextCache
from game.client.net_text import error_text
from game.client.session import HostSession, RemoteSession, Session
from game.client.widgets import Button, draw_panel
from net.seats import player_away
from net.table import TableError

#: a LAN host is offered a bot for a remote player who has been gone this long (seconds)
REPLACE_AFTER = 20.0


class Departures:
    def __init__(self, session: Session, toast: Callable[[str], None],
                 say: Callable[[str], None], fill_level: Callable[[str], str]) -> None:
        self.session = session
        self.toast = toast
        #: the bot level that plays on for a departed player, per game (the lobby's choice)
        self.fill_level = fill_level
        #: tells the table what changed ("A bot plays on for Bo.")
        self.say = say
        #: remote seats whose player is gone (seat -> clock when they left)
        self.away_since: dict[int, float] = {}
        #: "let a bot play" buttons, per seat away long enough
        self.buttons: dict[int, Button] = {}
        #: "give the seat back" buttons, per seat a bot stands in for (its keys: those seats)
        self.returns: dict[int, Button] = {}
        #: seats a bot stands in for now (every LAN window knows them; the host has buttons)
        self.stand_ins: set[int] = set()
        #: the table's clock at the last ``track``
        self.clock = 0.0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.changed = False
        #: whether this window has seen the table playing yet: a seat already away then (a
        #: game the host continued from its save, before its guests are back) did not leave
        #: in front of it
        self.looked = False

    @property
    def hosting(self) -> bool:
        return isinstance(self.session, HostSession)

    @property
    def at_lan_table(self) -> bool:
        return isinstance(self.session, HostSession | RemoteSession)

    def track(self, clock: float) -> None:
        """Note who left, who came back and where a bot stands in, and say so; ``changed``
        is set when the host's buttons change."""
        self.clock = clock
        stand_ins: set[int] = set()
        playing = self.at_lan_table and self.session.status == "playing"
        if not playing:
            self.away_since.clear()
        else:
            names = self.session.names
            for seat in self.session.info["seats"]:
                index = seat["seat"]
                gone = player_away(seat)
                if gone and index not in self.away_since:
                    self.away_since[index] = clock
                    # (a continued game said "Jonas left the table" of every guest, though the
                    # host had left: a LAN evening's playtest)
                    self.say(N_("{name} left the table: the game waits for them.",
                                name=names[index]) if self.looked else
                             N_("{name} is not back at the table yet: the game waits for them.",
                                name=names[index]))
                elif not gone and index in self.away_since:
                    del self.away_since[index]
                    if seat["kind"] != "ai":
                        self.say(N_("{name} is back at the table.", name=names[index]))
                if seat.get("stand_in"):
                    stand_ins.add(index)
            self.looked = True
            for index in sorted(stand_ins - self.stand_ins):
                if not self.hosting:  # (the host said it as it asked for the bot)
                    self.say(N_("A bot plays on for {name}.", name=names[index]))
            for index in sorted(self.stand_ins - stand_ins):
                if self.session.kinds[index] != "ai" and \
                        (not self.hosting or index in self.returns):
                    self.say(N_("{name} has the seat back; the bot stepped aside.",
                                name=names[index]))
        self.stand_ins = stand_ins
        if not self.hosting:
            return  # the buttons are the host's
        due = sorted(s for s, since in self.away_since.items() if clock - since >= REPLACE_AFTER)
        if due != sorted(self.buttons) or stand_ins != self.returns.keys():
            self.buttons = {
                seat: self.buttons.get(seat) or Button(
                    N_("Let a bot play for {name} (B)", name=self.session.names[seat]),
                    lambda seat=seat: self.replace(seat), size="small")
                for seat in due}
            self.returns = {
                seat: self.returns.get(seat) or Button(
                    N_("Give {name} the seat back (G)", name=self.session.names[seat]),
                    lambda seat=seat: self.give_back(seat), size="small")
                for seat in sorted(stand_ins)}
            self.changed = True

    def replace(self, seat: int) -> None:
        assert isinstance(self.session, HostSession)
        level = self.fill_level(self.session.info.get("game", ""))
        name = self.session.names[seat]
        try:
            self.session.table.replace_with_bot(seat, level)
        except TableError as error:
            self.toast(error_text(error.code, error.message))
            return
        self.away_since.pop(seat, None)
        self.say(N_("A bot plays on for {name}.", name=name))

    def give_back(self, seat: int) -> None:
        assert isinstance(self.session, HostSession)
        name = self.session.names[seat]
        try:
            self.session.table.give_back(seat)
        except TableError as error:
            self.toast(error_text(error.code, error.message))
            return
        self.returns.pop(seat, None)  # given back by the host: no "took it back" news
        self.away_since[seat] = self.clock  # and no "left" news: the wait starts again
        self.changed = True
        self.say(N_("The seat is {name}'s again: the game waits for them.", name=name))

    def key(self, key: int) -> bool:
        """B: a bot for the first seat away long enough; G: the first stand-in's seat back."""
        if key == pygame.K_b and self.buttons:
            self.replace(min(self.buttons))
            return True
        if key == pygame.K_g and self.returns:
            self.give_back(min(self.returns))
            return True
        return False

    @property
    def all_buttons(self) -> list[Button]:
        return [*self.buttons.values(), *self.returns.values()]

    def layout(self, column: pygame.Rect, lay: Layout) -> None:
        """A panel at the foot of ``column`` with one button per departed or stood-in seat."""
        row = lay.px(38)
        buttons = self.all_buttons
        height = lay.px(40) + len(buttons) * (row + lay.px(6))
        self.rect = pygame.Rect(column.x, column.bottom - height, column.w, height)
        y = self.rect.y + lay.px(34)
        for button in buttons:
            button.rect = pygame.Rect(self.rect.x + lay.px(10), y, self.rect.w - lay.px(20), row)
            y += row + lay.px(6)
        self.changed = False

    def heading(self) -> str:
        parts = []
        if self.buttons:
            parts.append(_("Left the table: {names}").format(
                names=_(", ").join(self.session.names[s] for s in self.buttons)))
        if self.returns:
            parts.append(_("A bot plays for: {names}").format(
                names=_(", ").join(self.session.names[s] for s in self.returns)))
        return " · ".join(parts)

    def draw(self, surface: pygame.Surface, text: TextCache, lay: Layout) -> None:
        if not self.all_buttons:
            return
        draw_panel(surface, self.rect, lay)
        width = self.rect.w - lay.px(24)
        heading = self.heading()
        size = text.fit(heading, lay.font_px("small"), width, bold=True)
        while len(heading) > 4 and text.size(heading, size, bold=True)[0] > width:
            heading = heading[:-2] + "…"
        label = text.render(heading, size, theme.WARNING, bold=True)
        surface.blit(label, (self.rect.x + lay.px(12), self.rect.y + lay.px(10)))
        mouse = pygame.mouse.get_pos()
        for button in self.all_buttons:
            button.draw(surface, text, lay, False, button.rect.collidepoint(mouse))

    def click(self, pos: tuple[int, int]) -> bool:
        for button in self.all_buttons:
            if button.rect.collidepoint(pos):
                button.activate()
                return True
        return False
