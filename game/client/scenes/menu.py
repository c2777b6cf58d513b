"""Main menu: Continue (when an unfinished game was autosaved), Play solo, Hot-seat, Party at
one screen (couch play), LAN, Rules, Settings, Quit; beside them, the tables found on the LAN
(``menu_tables``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.client import theme
from game.client.i18n import N_, _, ngettext
from game.client.scenes.base import SkyScene
from game.client.scenes.menu_tables import MenuTables, join_chosen
from game.client.widgets import Button, Form, stack_rects

if TYPE_CHECKING:
    from game.client.scenes.base import Stage
    from game.client.session import GameConfig

CONTINUE = N_("Continue")
#: the results of the last game finished in this run, just above Quit when there is one
LAST_RESULTS = N_("Last results")
ITEMS = (N_("Play solo"), N_("Hot-seat"), N_("Party at one screen"), N_("Host LAN game"),
         N_("Join LAN game"), N_("Rules"), N_("Settings"), N_("Quit"))
#: what a way to play is, beside its button while it has the focus or the mouse (a Japanese
#: player could not tell Hot-seat from Party at one screen: a playtest)
ITEM_NOTES = {
    "Play solo": N_("You alone against the AI."),
    "Hot-seat": N_("Take turns at this screen: the players pass the mouse and the keyboard, "
                   "one at a time."),
    "Party at one screen": N_("Everyone plays at once at this screen, each with a game "
                              "controller or half of the keyboard."),
    "Host LAN game": N_("Open a table that the computers on this network can join."),
    "Join LAN game": N_("Find a table on this network, and join or watch it."),
}


def back_to_menu(app: Stage, party: GameConfig | None = None) -> None:
    """The main menu, afresh; a party at one screen (``party``: its game's config) goes on to
    its lobby, seated again (from its results or after leaving its game, the party was at the
    main menu and every pad had to join again: an outside pad-only playtest)."""
    app.reset_to(MainMenuScene(app))
    if party is not None:
        from game.client.scenes.couch import CouchLobbyScene

        app.push(CouchLobbyScene(app, party.game).seat_party(party))


class MainMenuScene(SkyScene):
    """Arrows + Enter, or the mouse. Esc asks before quitting (the Quit item does not). Right
    and Left move between the buttons and the LAN tables beside them."""

    restful = True

    def __init__(self, app: Stage) -> None:
        super().__init__(app)
        from game.client.resume import resumable_saves, saved_game

        #: every unfinished game saved here, the newest first: "Continue" resumes the newest
        #: when it is the only one, and lists them all when there are more
        self.saves: list[Path] = resumable_saves(app.autosave_dir)
        #: the autosave "Continue" resumes (None: the item is not shown)
        self.resumable: Path | None = self.saves[0] if self.saves else None
        #: what the caption beside "Continue" says of it: which game, where, with whom
        self.saved = saved_game(self.resumable) if self.resumable is not None else None
        actions = {
            CONTINUE: self._continue,
            "Play solo": lambda: self._setup("solo"),
            "Hot-seat": lambda: self._setup("hotseat"),
            "Party at one screen": self._couch,
            "Host LAN game": lambda: self._lan("host"),
            "Join LAN game": lambda: self._lan("join"),
            "Rules": self._rules,
            "Settings": self._settings,
            "Quit": self.app.request_quit,
            LAST_RESULTS: self._last_results,
        }
        labels = ((CONTINUE,) if self.resumable is not None else ()) + ITEMS
        if app.last_results is not None:
            labels = labels[:-1] + (LAST_RESULTS, labels[-1])
        # (the focus stops at the ends: one Up from Play solo went round to Quit, and a pad's
        # A there closed the game at a couch party, an outside playtest)
        self.form = Form([Button(label, actions[label]) for label in labels], wraps=False,
                         hover_focuses=True)
        #: the LAN's tables beside the buttons (found while the menu is shown)
        self.lan_tables = MenuTables(app, self._join_table)
        #: where Continue's caption and the noted button's note were drawn last
        self.saved_game_rect = pygame.Rect(0, 0, 0, 0)
        self.item_note_rect = pygame.Rect(0, 0, 0, 0)

    def saved_game_lines(self) -> list[str]:
        """The caption of "Continue": the game, where it stands, who plays it (the newest),
        and how many other unfinished games Continue lists beside it."""
        from game.client.resume import saved_game_lines

        if self.saved is None:
            return []
        lines = saved_game_lines(self.saved)
        others = len(self.saves) - 1
        if others > 0:
            lines.append(ngettext("and {n} other unfinished game",
                                  "and {n} other unfinished games", others).format(n=others))
        return lines

    def draw_saved_game(self, surface: pygame.Surface) -> None:
        """Beside "Continue", right-aligned to its left: which game it brings back."""
        if self.resumable is None:
            return
        button = self.button(CONTINUE)
        lay = self.layout
        right = button.rect.left - lay.px(24)
        width = right - lay.px(24)
        if width < lay.px(120):
            return
        rows = []
        for index, line in enumerate(self.saved_game_lines()):
            # the details wrap in the body's type too (the small type read too small: a
            # playtest)
            size = lay.font_px("body")
            colour = theme.ACCENT if index == 0 else theme.TEXT_DIM
            for part in [line] if index == 0 else self.text.wrap(line, size, width):
                rows.append(self.text.render(self.text.cut(part, size, width, bold=index == 0),
                                             size, colour, bold=index == 0))
        y = button.rect.centery - sum(r.get_height() for r in rows) // 2
        self.saved_game_rect = pygame.Rect(right - max((r.get_width() for r in rows), default=0),
                                           y, max((r.get_width() for r in rows), default=0),
                                           sum(r.get_height() for r in rows))
        for row in rows:
            surface.blit(row, row.get_rect(topright=(right, y)))
            y += row.get_height()

    def noted_item(self) -> Button | None:
        """The button whose note shows (``Form.noted``; drawn while a LAN table's row, not a
        button, has the keys' focus: then only the mouse notes one)."""
        widget = self.form.noted()
        return widget if isinstance(widget, Button) else None

    def draw_item_note(self, surface: pygame.Surface) -> None:
        """Left of the noted button, level with it: what that way to play is (``ITEM_NOTES``);
        never over Continue's caption."""
        self.item_note_rect = pygame.Rect(0, 0, 0, 0)
        button = self.noted_item()
        note = ITEM_NOTES.get(str(button.label)) if button is not None else None
        if button is None or note is None:
            return
        lay = self.layout
        right = button.rect.left - lay.px(24)
        width = min(right - lay.px(24), lay.px(380))
        if width < lay.px(160):
            return
        size = lay.font_px("body")  # (as Continue's caption: small type read too small)
        lines = self.text.wrap(_(note), size, width)
        height = len(lines) * int(size * 1.2)
        top = button.rect.centery - height // 2
        area = pygame.Rect(right - width, top, width, height)
        if self.resumable is not None and area.colliderect(self.saved_game_rect):
            return
        for index, line in enumerate(lines):
            label = self.text.render(line, size, theme.TEXT_DIM)
            surface.blit(label, label.get_rect(topright=(right, top + index * int(size * 1.2))))
        self.item_note_rect = area

    def _continue(self) -> None:
        from game.client.scenes.saved_games import SavedGamesScene, continue_saved

        if self.resumable is None:
            return
        if len(self.saves) > 1:
            self.app.push(SavedGamesScene(self.app, self.saves, self.save_forgotten))
            return
        if not continue_saved(self.app, self.resumable):
            self.forget_continue()

    def forget_continue(self) -> None:
        """No unfinished game left to offer (the one there would not load, or the list
        forgot them all): the Continue item goes, the other buttons stay where they are."""
        self.saves = []
        self.resumable = self.saved = None
        self.form.widgets = [w for w in self.form.widgets
                             if not (isinstance(w, Button) and w.label == CONTINUE)]
        self.form.focus = 0
        self.relayout()

    def save_forgotten(self, path: Path) -> None:
        """The list of saved games deleted ``path``: Continue offers what is left."""
        from game.client.resume import saved_game

        self.saves = [p for p in self.saves if p != path]
        if not self.saves:
            self.forget_continue()
        elif self.resumable != self.saves[0]:
            self.resumable = self.saves[0]
            self.saved = saved_game(self.resumable)

    def _last_results(self) -> None:
        self.app.push(self.app.last_results.scene(self.app))

    def _setup(self, mode: str) -> None:
        from game.client.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app, mode))

    def _couch(self) -> None:
        from game.client.scenes.couch import CouchLobbyScene

        self.app.push(CouchLobbyScene(self.app))

    def _lan(self, mode: str) -> None:
        if mode == "host":
            self._setup("host")
            return
        from game.client.scenes.lan import JoinScene

        self.app.push(JoinScene(self.app))

    def _join_table(self, tables: list[Any], table: Any, watch: bool = False) -> None:
        self.lan_tables.close()  # the join screen browses by itself
        join_chosen(self.app, tables, table, watch)

    def poll(self) -> None:
        self.lan_tables.browse(self.app.lan_browse and self.shown())

    def exit(self) -> None:
        self.lan_tables.close()

    def _rules(self) -> None:
        from game.client.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app))

    def _settings(self) -> None:
        from game.client.scenes.settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def button(self, label: str) -> Button:
        return next(w for w in self.form.widgets if isinstance(w, Button) and w.label == label)

    def relayout(self) -> None:
        """Continue's place is kept while it is not offered: the other buttons stay where
        they are (a hand that knows where Play solo is finds it there tomorrow); Last results,
        once a game has finished, comes in above Quit."""
        lay = self.layout
        slots = len(ITEMS) + 2  # and Continue, Last results
        top = int(lay.height * 0.2)
        room = lay.height - top - lay.px(56)  # the footer keeps its line
        gap = lay.px(12)
        height = min(lay.px(56), room // slots - gap)
        offered = any(isinstance(w, Button) and w.label == CONTINUE for w in self.form.widgets)
        stack_rects(self.form.widgets, lay.width // 2, top if offered else top + height + gap,
                    lay.px(360), height, gap)
        # the LAN's tables to the right of the buttons, which never move for them
        left = lay.width // 2 + lay.px(180) + lay.px(36)
        self.lan_tables.relayout(pygame.Rect(left, top, lay.width - lay.px(36) - left,
                                             lay.height - lay.px(56) - top))

    def handle(self, event: pygame.event.Event) -> None:
        self.form.note_input(event)  # (the LAN tables may take the event before the form)
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.lan_tables.untouched = False  # (the player's own choice stays theirs)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from game.client.scenes.dialog import ConfirmDialog

            self.app.push(ConfirmDialog(self.app, N_("Quit Star Party?"), self.app.quit,
                                        yes=N_("Quit"), no=N_("Stay")))
            return
        if self.lan_tables.handle(event):
            self.app.sounds.play("click")
            return
        if event.type == pygame.KEYDOWN and (self.lan_tables.focus is not None or (
                event.key == pygame.K_RIGHT and self.lan_tables.take_focus())):
            return  # a row has the keyboard (or has just taken it)
        if self.form.handle(event):
            if event.type == pygame.MOUSEBUTTONUP:
                self.lan_tables.focus = None
            self.app.sounds.play("click")

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha, horizon=True)
        self.draw_heading(surface, "Star Party")
        focus = self.form.focus
        if self.lan_tables.focus is not None:
            self.form.focus = -1  # no button shows the focus while a table row has it
        self.draw_saved_game(surface)  # (before the note, which keeps clear of it)
        try:
            self.form.draw(surface, self.text, self.layout)
            self.draw_item_note(surface)
        finally:
            self.form.focus = focus
        self.lan_tables.draw(surface, self.text, self.layout)
        self.draw_footer(surface, N_("Arrows + Enter or the mouse  ·  F11 fullscreen  ·  "
                                     "Esc: quit"),
                         N_("D-pad: choose  ·  A: open  ·  B: quit"))
