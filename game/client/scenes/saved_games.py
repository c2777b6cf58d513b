"""Continue, when more than one unfinished game is saved here: every one of them, the newest
first, each saying which game it is, where it stands, with whom and when it was last played.
Enter (A, a click) brings one back; Delete (Y) forgets one, after asking. With a single
unfinished game the menu's Continue brings it back at once and this list is not shown."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.client import theme
from game.client.i18n import N_, _, ngettext
from game.client.layout import Layout, TextCache
from game.client.resume import SavedGame, saved_game, saved_game_lines
from game.client.scenes.base import SkyScene
from game.client.scenes.lan import PasswordScene
from game.client.widgets import Button, Form, Widget, draw_frame, pressed

if TYPE_CHECKING:
    from game.client.scenes.base import Stage

TITLE = N_("Continue a game")


def continue_saved(app: Stage, path: Path, password: str | None = None,
                   asked: bool = False) -> bool:
    """Bring the saved game at ``path`` back and open its table over the current scene; a LAN
    table that had a password asks for it first (``HostAgainPrompt``; ``asked``: it did,
    ``password`` is the answer). False (and a toast saying why) when the save cannot be
    used."""
    from game.client.kits import get_kit
    from game.client.net_text import error_text
    from game.client.resume import resume_session
    from game.tables import had_password
    from net.save import SaveError, read_save
    from net.table import TableError

    if not asked:
        try:
            data = read_save(path)
        except SaveError:
            data = {}  # (resuming says what is wrong with it)
        if had_password(data.get("seating")) and any(
                seat.get("kind") in ("remote", "open") for seat in data.get("seats", [])):
            app.push(HostAgainPrompt(app, path, str(data.get("name") or "")))
            return True
    try:
        session = resume_session(app, path, password)
    except (SaveError, TableError, OSError) as error:
        code = getattr(error, "code", None)
        why = error_text(code, error.message) if isinstance(error, TableError) and code \
            else str(error)
        app.toast(N_("Could not continue that game: {error}", error=why))
        return False
    game = session.info["game"]
    app.push(get_kit(game).open_table(app, session.config, 0, session))
    return True


def saved_when(seconds: float, now: float | None = None) -> str:
    """When a save was last written, as a player says it: today 21:04, yesterday 18:30, or
    the date for anything older."""
    if seconds <= 0:
        return ""
    now = time.time() if now is None else now
    moment, today = time.localtime(seconds), time.localtime(now)
    clock = time.strftime("%H:%M", moment)
    days = (time.mktime(today[:3] + (0, 0, 0, 0, 0, -1))
            - time.mktime(moment[:3] + (0, 0, 0, 0, 0, -1))) / 86400
    if round(days) == 0:
        return _("today {time}").format(time=clock)
    if round(days) == 1:
        return _("yesterday {time}").format(time=clock)
    return time.strftime("%Y-%m-%d %H:%M", moment)


class SavedGameRow(Widget):
    """One unfinished game: its title and when it was saved on the first line, where it
    stands and who plays it below (the menu's caption of Continue, row by row)."""

    def __init__(self, path: Path, saved: SavedGame | None,
                 action: Callable[[SavedGameRow], None]) -> None:
        super().__init__()
        self.path = path
        self.saved = saved
        self.action = action

    @property
    def label(self) -> str:
        return self.lines()[0]

    def lines(self) -> list[str]:
        if self.saved is None:
            return [self.path.stem, _("This save cannot be read.")]
        return saved_game_lines(self.saved)

    def handle(self, event: pygame.event.Event, focused: bool) -> bool:
        if pressed(event, self.rect, focused):
            self.action(self)
            return True
        return False

    def draw(self, surface: pygame.Surface, text: TextCache, layout: Layout,
             focused: bool, hovered: bool) -> None:
        draw_frame(surface, self.rect, layout, focused, hovered)
        pad = layout.px(16)
        body, small = layout.font_px("body"), layout.font_px("small")
        width = self.rect.w - 2 * pad
        lines = self.lines()
        when = saved_when(self.saved.saved_at) if self.saved is not None else ""
        right = self.rect.right - pad
        stamp = text.render(text.cut(when, small, width // 3), small, theme.TEXT_DIM) \
            if when else None
        if stamp is not None:
            right -= stamp.get_width() + pad
        title = text.render(text.cut(lines[0], body, right - self.rect.x - pad, bold=True),
                            body, theme.ACCENT, bold=True)
        rest = "  ·  ".join(lines[1:])
        below = text.render(text.cut(rest, small, width), small, theme.TEXT) if rest else None
        gap = layout.px(2)
        height = title.get_height() + (gap + below.get_height() if below else 0)
        y = self.rect.centery - height // 2
        surface.blit(title, (self.rect.x + pad, y))
        if stamp is not None:
            surface.blit(stamp, stamp.get_rect(bottomright=(self.rect.right - pad,
                                                            y + title.get_height())))
        if below is not None:
            surface.blit(below, (self.rect.x + pad, y + title.get_height() + gap))


class SavedGamesScene(SkyScene):
    """The unfinished games saved at this window. ``forgotten(path)`` tells the menu that the
    player deleted one (its Continue then offers what is left)."""

    def __init__(self, app: Stage, saves: list[Path],
                 forgotten: Callable[[Path], None] | None = None) -> None:
        super().__init__(app)
        self.forgotten = forgotten
        self.rows = [SavedGameRow(path, saved_game(path), self._open) for path in saves]
        self.back_button = Button(N_("Back"), self.back)
        self.form = Form([*self.rows, self.back_button])
        #: the first row shown (the list scrolls when it is longer than the screen)
        self.first = 0
        #: how many rows the screen shows at once
        self.visible = len(self.rows)

    def _open(self, row: SavedGameRow) -> None:
        if not continue_saved(self.app, row.path):
            self._drop(row)  # a save that will not load is not offered again

    def _drop(self, row: SavedGameRow) -> None:
        index = self.rows.index(row)
        self.rows.remove(row)
        self.form.widgets.remove(row)
        self.form.focus = min(index, len(self.rows) - 1) if self.rows else 0
        if self.forgotten is not None:
            self.forgotten(row.path)
        if not self.rows:
            self.app.pop()
            return
        self.relayout()

    def ask_forget(self, row: SavedGameRow) -> None:
        from game.client.scenes.dialog import ConfirmDialog

        def forget() -> None:
            from net.save import delete_save

            try:
                delete_save(row.path)  # and its journal
            except OSError as error:
                self.app.toast(N_("Could not delete that save: {error}", error=str(error)))
                return
            self._drop(row)

        question = N_("Forget this game ({game})? It cannot be brought back.",
                      game=row.label)
        self.app.push(ConfirmDialog(self.app, question, forget, yes=N_("Forget"),
                                    no=N_("Keep")))

    def relayout(self) -> None:
        lay = self.layout
        width = min(lay.width - lay.px(80), lay.px(820))
        top = int(lay.height * 0.17)
        gap, row_h = lay.px(14), lay.px(64)
        button_h = lay.px(54)
        bottom = lay.height - lay.px(56) - button_h - lay.px(40)  # the cue and the footer
        self.visible = max(1, (bottom - top + gap) // (row_h + gap))
        focus = self.form.focus
        if focus < len(self.rows):
            if focus < self.first:
                self.first = focus
            elif focus >= self.first + self.visible:
                self.first = focus - self.visible + 1
        self.first = max(0, min(self.first, len(self.rows) - self.visible))
        y = top
        for index, row in enumerate(self.rows):
            shown = self.first <= index < self.first + self.visible
            row.rect = pygame.Rect(0, 0, width, row_h) if shown else pygame.Rect(0, 0, 0, 0)
            if shown:
                row.rect.midtop = (lay.width // 2, y)
                y += row_h + gap
        self.back_button.rect = pygame.Rect(0, 0, lay.px(240), button_h)
        self.back_button.rect.midbottom = (lay.width // 2, lay.height - lay.px(56))

    def shown_rows(self) -> list[SavedGameRow]:
        return self.rows[self.first:self.first + self.visible]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        focused = self.form.focused()
        if isinstance(focused, SavedGameRow) and event.type == pygame.KEYDOWN and (
                event.key == pygame.K_DELETE
                or (event.key == pygame.K_s and getattr(event, "device", None))):
            self.ask_forget(focused)  # (S stands for a pad's Y: the keyboard's S does not)
            return
        if event.type == pygame.MOUSEWHEEL and self.rows:
            self.first = max(0, min(self.first - event.y, len(self.rows) - self.visible))
            if self.form.focus < len(self.rows):
                self.form.focus = max(self.first, min(self.form.focus,
                                                      self.first + self.visible - 1))
            self.relayout()
            return
        if self.form.handle(event):
            self.app.sounds.play("click")
            if self in self.app.stack:
                self.relayout()  # the focus may have moved past the rows shown

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        lay = self.layout
        self.draw_sky(surface, alpha)
        self.draw_heading(surface, TITLE)
        mouse = pygame.mouse.get_pos()
        shown = self.shown_rows()
        for index, row in enumerate(shown, start=self.first):
            row.draw(surface, self.text, lay, index == self.form.focus,
                     row.rect.collidepoint(mouse))
        self.back_button.draw(surface, self.text, lay, self.form.focus == len(self.rows),
                              self.back_button.rect.collidepoint(mouse))
        small = lay.font_px("small")
        above, below = self.first, len(self.rows) - self.first - len(shown)
        if above and shown:
            cue = self.text.render(ngettext("{n} more above", "{n} more above", above).format(
                n=above), small, theme.TEXT_DIM)
            surface.blit(cue, cue.get_rect(midbottom=(lay.width // 2,
                                                      shown[0].rect.top - lay.px(4))))
        if below and shown:
            cue = self.text.render(ngettext("{n} more below", "{n} more below", below).format(
                n=below), small, theme.TEXT_DIM)
            surface.blit(cue, cue.get_rect(midtop=(lay.width // 2,
                                                   shown[-1].rect.bottom + lay.px(6))))
        self.draw_footer(surface, N_("Arrows + Enter or the mouse  ·  Delete: forget a game  ·  "
                                     "Esc: back"),
                         N_("D-pad: choose  ·  A: continue  ·  Y: forget  ·  B: back"))



class HostAgainPrompt(PasswordScene):
    """A LAN table that was served with a password, continued: the password again (a save
    keeps none; the table was served open without a word: an outside client), or none."""

    empty_allowed = True

    def __init__(self, app: Stage, path: Path, title: str) -> None:
        super().__init__(app, title, N_("It had a password: type it to keep it, or leave it "
                                        "empty."), N_("Host"))
        self.path = path

    def submitted(self, password: str) -> None:
        continue_saved(self.app, self.path, password or None, asked=True)
