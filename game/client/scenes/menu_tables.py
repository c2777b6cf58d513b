"""The main menu's "Tables on your network": a guest sees the LAN's tables on the first
screen and joins one with a click, without looking for "Join LAN game" first.

The menu browses (zeroconf, ``net.discovery.Browser``) only while it is shown and
``Stage.lan_browse`` allows it; the browser opens on a thread (zeroconf's start-up never holds
a frame) and every opening has its close, when the menu is left or covered. A click on a row
opens the join screen with that table chosen: the join screen's own flow (a password asked, a
note beside the row when it cannot be joined, the lobby) does the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.client import theme
from game.client.i18n import N_, _, ngettext
from game.client.lan_browser import BackgroundBrowser
from game.client.layout import Layout, TextCache
from game.client.scenes.base import pad_in_hand
from game.client.scenes.lan import (
    JoinScene,
    TableRow,
    can_watch,
    draw_table_marks,
    fitted,
    game_title,
    seats_text,
)
from game.client.settings import SeatTokens
from game.client.widgets import draw_frame, draw_panel

if TYPE_CHECKING:
    from game.client.scenes.base import Stage

#: the most tables the menu lists (the join screen lists them all)
MENU_TABLES = 3
HEADING = N_("Tables on your network")


def open_tables_first(tables: list[Any]) -> list[Any]:
    """Tables a guest can sit down at first, the rest after (each part in the browser's
    name order)."""
    return sorted(tables, key=lambda t: not (t.compatible and t.status == "lobby"
                                             and t.seats_taken < t.seats_total))


class MenuTableRow(TableRow):
    """A compact table row: lock or warning mark and name; game and free seats below. What a
    click does, and why a table cannot be joined, the join screen says beside its row."""

    #: the row names a pad's buttons (set by the panel while a pad is in hand)
    pad_words = False

    def draw(self, surface: pygame.Surface, text: TextCache, layout: Layout,
             focused: bool, hovered: bool) -> None:
        table = self.table
        draw_frame(surface, self.rect, layout, focused, hovered)
        pad, mark = layout.px(12), layout.px(20)
        body, small = layout.font_px("body"), layout.font_px("small")
        x = draw_table_marks(surface, text, layout, table, self.rect.x + pad,
                             self.rect.y + self.rect.h // 3, mark)
        colour = theme.TEXT if self.joinable else theme.TEXT_DIM
        name, size = fitted(text, table.name, body, self.rect.right - pad - x, bold=True)
        surface.blit(text.render(name, size, colour, bold=True), (x, self.rect.y + layout.px(7)))
        line = f"{game_title(table.game)}  ·  {seats_text(table, self.seated)}"
        if self.watch is not None and not self.joinable and table.compatible and \
                table.status != "over" and can_watch(table.game):
            # ("Full" said nothing of watching: a playtest; a finished game is not watched)
            # (a full table has no seat to join: a click or a pad's A watches it too, which
            # the row did not say to a pad: a party's playtest)
            line += "  ·  " + (_("A: watch") if self.pad_words else _("click or W: watch"))
        line, size = fitted(text, line, small, self.rect.w - 2 * pad)
        y = self.rect.bottom - layout.px(7) - text.size(line or " ", size)[1]
        surface.blit(text.render(line, size, theme.LEGAL if self.joinable else theme.TEXT_DIM),
                     (self.rect.x + pad, y))


class MenuTables:
    """The panel beside the menu's buttons: nothing while no table is found, else a heading,
    up to ``MENU_TABLES`` rows and how many more the join screen lists. The keyboard reaches
    it with Right (from the buttons) and leaves it with Left; Up/Down move between its rows."""

    def __init__(self, app: Stage, choose: Callable[..., None]) -> None:
        self.app = app
        #: called with (every table found, the table clicked) and ``watch=True`` for a
        #: right-click (or W) on it
        self.choose = choose
        self.browser: BackgroundBrowser | None = None
        #: every table found, in the browser's order (the join screen's)
        self.tables: list[Any] = []
        self.rows: list[MenuTableRow] = []
        #: the row with the keyboard's focus (None: the menu's buttons have it)
        self.focus: int | None = None
        #: no key pressed nor click made since the menu showed: a game waiting for this
        #: window's player takes the focus when its row appears (``show``)
        self.untouched = True
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.area = pygame.Rect(0, 0, 0, 0)

    # --- browsing ----------------------------------------------------------------------
    def browse(self, shown: bool) -> None:
        """Each frame: browse while the menu is shown (``shown``), stop when it is not."""
        if not shown:
            if self.browser is not None:
                self.close()
            return
        if self.browser is None:
            self.browser = BackgroundBrowser(self.app.lan_interfaces, "menu-lan-browser")
            return
        if self.browser.poll():
            self.show(self.browser.tables())

    def close(self) -> None:
        """Stop browsing; the list empties (it is found again when the menu shows again)."""
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        self.show([])
        self.untouched = True

    def show(self, tables: list[Any]) -> None:
        """List ``tables`` (the focus stays on its row while there is one)."""
        self.tables = list(tables)
        seats = SeatTokens()
        self.rows = [MenuTableRow(t, self._click, seats.kept_for(t.address, t.table_id),
                                  self._watch)
                     for t in open_tables_first(self.tables)[:MENU_TABLES]]
        if self.focus is not None:
            self.focus = min(self.focus, len(self.rows) - 1) if self.rows else None
        elif self.untouched:
            # a game under way that keeps this window's seat is what Enter should reach, not
            # an older solo game's Continue (a guest whose program was restarted mid-game
            # pressed Enter and resumed the wrong game: a LAN evening's playtest)
            waiting = [i for i, row in enumerate(self.rows)
                       if row.seated and row.table.status == "playing"]
            if waiting:
                self.focus = waiting[0]
        self.place()

    def _click(self, row: TableRow) -> None:
        self.choose(self.tables, row.table)

    def _watch(self, row: TableRow) -> None:
        self.choose(self.tables, row.table, watch=True)

    # --- layout, input, drawing ---------------------------------------------------------
    def relayout(self, area: pygame.Rect) -> None:
        """``area``: where the panel may be (beside the buttons, above the footer)."""
        self.area = area
        self.place()

    def place(self) -> None:
        lay = self.app.layout
        pad, row_h, gap = lay.px(12), lay.px(58), lay.px(10)
        more = len(self.tables) > len(self.rows)
        height = lay.px(46) + len(self.rows) * (row_h + gap) + (lay.px(26) if more else 0)
        self.panel = pygame.Rect(self.area.x, self.area.y, self.area.w,
                                 min(height, self.area.h))
        y = self.panel.y + lay.px(46)
        for row in self.rows:
            row.rect = pygame.Rect(self.panel.x + pad, y, self.panel.w - 2 * pad, row_h)
            y += row_h + gap

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on a row, or a key while a row has the focus (Left gives it back)."""
        for index, row in enumerate(self.rows):
            if row.handle(event, index == self.focus):
                return True
        if self.focus is None or event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_LEFT:
            self.focus = None
        elif event.key in (pygame.K_UP, pygame.K_DOWN):
            step = 1 if event.key == pygame.K_DOWN else -1
            self.focus = max(0, min(len(self.rows) - 1, self.focus + step))
        else:
            return False
        return True

    def take_focus(self) -> bool:
        """Right from the buttons: the first row takes the focus (False: no row)."""
        if not self.rows:
            return False
        self.focus = 0
        return True

    def draw(self, surface: pygame.Surface, text: TextCache, layout: Layout) -> None:
        if not self.rows:
            return
        draw_panel(surface, self.panel, layout)
        pad = layout.px(14)
        heading, size = fitted(text, _(HEADING), layout.font_px("body"),
                               self.panel.w - 2 * pad, bold=True)
        surface.blit(text.render(heading, size, theme.ACCENT, bold=True),
                     (self.panel.x + pad, self.panel.y + layout.px(12)))
        mouse = pygame.mouse.get_pos()
        pad = pad_in_hand(self.app)
        for index, row in enumerate(self.rows):
            row.pad_words = pad
            row.draw(surface, text, layout, index == self.focus, row.rect.collidepoint(mouse))
        more = len(self.tables) - len(self.rows)
        if more > 0:
            words = ngettext("{n} more table in 'Join LAN game'",
                             "{n} more tables in 'Join LAN game'", more).format(n=more)
            line, size = fitted(text, words, layout.font_px("small"), self.panel.w - 2 * pad)
            label = text.render(line, size, theme.TEXT_DIM)
            surface.blit(label, (self.panel.x + pad,
                                 self.panel.bottom - layout.px(8) - label.get_height()))


def join_chosen(app: Stage, tables: list[Any], table: Any, watch: bool = False) -> JoinScene:
    """The join screen over the menu with ``table`` chosen: its row shown and focused, then
    clicked (the join screen's own flow: the lobby, a password prompt, or a note beside the
    row saying why not); ``watch``: right-clicked (watched)."""
    join = JoinScene(app)
    app.push(join)
    instances = [t.instance for t in tables]
    join.first = instances.index(table.instance)  # (the list keeps it in sight)
    join.show_tables(tables)
    row = next(r for r in join.table_buttons if r.table.instance == table.instance)
    join.form.focus = join.form.widgets.index(row)
    if watch:
        join.watch_row(row)
    else:
        join.choose(row)
    return join
