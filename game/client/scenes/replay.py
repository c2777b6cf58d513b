"""Watch replay: a finished game again, move by move, forward and back, on its own table.

Generic: the game's kit opens its ordinary table scene on a ``ReplaySession`` (the record
replayed by the game's ``Ruleset``), and this scene drives it: it forwards no input to the
table (a replay takes no moves), steps the session and draws a control bar over the table's
top bar. Every game with a table gets its replay this way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.client import theme
from game.client.i18n import N_, _, tr
from game.client.kits import get_kit
from game.client.replay_session import ReplaySession
from game.client.scenes.base import Scene, pad_in_hand
from game.client.widgets import Button, draw_panel

if TYPE_CHECKING:
    from game.client.record import GameRecord
    from game.client.scenes.base import Stage

#: seconds between moves while playing
PLAY_EVERY = 0.45


class ReplayScene(Scene):
    """Left/Right: a move; Up/Down: ten; Home/End; Space or Enter: play or pause; Tab: whose
    place the game is watched from; Esc: back to the results. A pad: D-pad, A (play), X (whose
    place), B (back); the buttons name the pad's buttons while one is in hand."""

    def __init__(self, app: Stage, record: GameRecord, seat: int | None = None) -> None:
        super().__init__(app)
        humans = [i for i, kind in enumerate(record.kinds) if kind == "human"]
        self.session = ReplaySession(record, seat if seat is not None else
                                     (humans[0] if humans else 0))
        self.table = get_kit(record.game).open_table(app, None, 0, self.session)
        self.playing = False
        self.wait = 0.0
        self.buttons = {
            "start": Button("|<", lambda: self.go(0), size="body"),
            "back": Button("<", lambda: self.go(self.session.position - 1), size="body"),
            "play": Button(N_("Play"), self.toggle_play, size="body"),
            "forward": Button(">", self.step_forward, size="body"),
            "end": Button(">|", lambda: self.go(self.session.length), size="body"),
            "seat": Button("", self.next_seat, size="body"),
            "close": Button(N_("Back (Esc)"), self.back, size="body"),
        }
        self.bar = pygame.Rect(0, 0, 0, 0)
        #: (position, words): what the caption says at that position instead of the move
        #: before it (the review opens a decision's moment: the move before belonged to
        #: the card before, and "Just played: Mika confirms" read as the move under review)
        self.moment: tuple[int, Any] | None = None

    # --- moving --------------------------------------------------------------------------------
    def go(self, position: int) -> None:
        self.session.go_to(position)
        self.show()

    def step_forward(self) -> None:
        if not self.session.forward():
            self.playing = False
        self.show()

    def show(self) -> None:
        """Hand the session's news to the table; after a jump, a fresh table that reads the
        story so far (its log) and shows the game as it stands there."""
        if self.session.jumped:
            self.session.jumped = False
            self.table.exit()
            self.table = get_kit(self.session.record.game).open_table(self.app, None, 0,
                                                                       self.session)
            self.table.enter()
        else:
            self.table.poll()

    def toggle_play(self) -> None:
        if self.session.position >= self.session.length:
            self.go(0)
        self.playing = not self.playing
        self.wait = 0.0

    def next_seat(self) -> None:
        self.session.watch(self.session.seat + 1)
        self.show()

    # --- scene hooks -------------------------------------------------------------------------
    def enter(self) -> None:
        self.table.enter()
        super().enter()

    def exit(self) -> None:
        self.table.exit()

    def relayout(self) -> None:
        self.table.relayout()
        lay = self.layout
        self.bar = pygame.Rect(0, 0, lay.width, max(lay.px(46), lay.font_px("body") + 14))
        x, gap = lay.px(12), lay.px(6)
        small, row = lay.px(44), self.bar.h - lay.px(10)
        for name in ("start", "back", "play", "forward", "end"):
            width = lay.px(96) if name == "play" else small
            self.buttons[name].rect = pygame.Rect(x, lay.px(5), width, row)
            x += width + gap
        self.moves_x = x + lay.px(8)
        close_w = lay.px(130)
        self.buttons["close"].rect = pygame.Rect(lay.width - close_w - lay.px(12), lay.px(5),
                                                 close_w, row)
        seat_w = lay.px(200)
        self.buttons["seat"].rect = pygame.Rect(self.buttons["close"].rect.x - seat_w - gap,
                                                lay.px(5), seat_w, row)

    def caption(self, pad: bool) -> str:
        """The bar's second line: the move that led here (at a card's end the board already
        shows the next), saying whose board it went on when that is not the board shown; or
        the moment the review opened (``moment``)."""
        session = self.session
        if self.moment is not None and session.position == self.moment[0]:
            return tr(self.moment[1])
        what = session.describe()
        if not what:
            return ""
        by = session.record.moves[session.position - 1][0]
        if get_kit(session.record.game).own_boards and by != session.seat:
            return (_("Just played, on {name}'s board (X: watch it): {move}") if pad else
                    _("Just played, on {name}'s board (Tab: watch it): {move}")).format(
                name=session.names[by], move=what)
        return _("Just played: {move}").format(move=what)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            key = event.key
            position = self.session.position
            if key == pygame.K_ESCAPE:
                self.back()
            elif key == pygame.K_RIGHT:
                self.step_forward()
            elif key == pygame.K_LEFT:
                self.go(position - 1)
            elif key in (pygame.K_UP, pygame.K_PAGEUP):
                self.go(position + 10)
            elif key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.go(position - 10)
            elif key == pygame.K_HOME:
                self.go(0)
            elif key == pygame.K_END:
                self.go(self.session.length)
            elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.toggle_play()  # (Enter: a pad's A)
            elif key == pygame.K_TAB or (key == pygame.K_r and getattr(event, "device", None)):
                self.next_seat()  # (a pad's X)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for button in self.buttons.values():
                if button.rect.collidepoint(event.pos):
                    button.activate()
                    return
        elif event.type == pygame.MOUSEMOTION and hasattr(self.table, "hover"):
            # what is under the mouse is described, as the table's own hint line promises
            # ("the mouse on a crew: its full text" showed nothing in a replay: a playtest)
            self.table.hover(event.pos)

    def update(self, dt: float) -> None:
        self.table.update(dt)
        if self.playing:
            self.wait += dt
            if self.wait >= PLAY_EVERY:
                self.wait = 0.0
                self.step_forward()

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.table.draw(surface, alpha)
        lay = self.layout
        draw_panel(surface, self.bar.inflate(0, 0), lay, theme.PANEL, theme.ACCENT, 1)
        session = self.session
        pad = pad_in_hand(self.app)
        self.buttons["seat"].label = (_("Watching {name} (X)") if pad else
                                      _("Watching {name} (Tab)")).format(
            name=session.names[session.seat])
        self.buttons["close"].label = N_("Back (B)") if pad else N_("Back (Esc)")
        self.buttons["play"].label = (N_("Pause (A)") if pad else N_("Pause")) if self.playing \
            else (N_("Play (A)") if pad else N_("Play"))
        mouse = pygame.mouse.get_pos()
        for button in self.buttons.values():
            button.draw(surface, self.text, lay, False, button.rect.collidepoint(mouse))
        right = self.buttons["seat"].rect.x - lay.px(12)
        size = lay.font_px("small")
        header = _("Replay  ·  move {n} of {total}").format(n=session.position,
                                                         total=session.length)
        label = self.text.render(header, size, theme.ACCENT, bold=True)
        # two lines on fixed baselines: a name in Japanese does not drop the move's line;
        # the header's own height apart (in Japanese its Latin is drawn in the CJK font too)
        line_h = max(self.text.font(size).get_linesize(), self.text.size(header, size, True)[1])
        half = line_h // 2  # a Latin line's centre is this far below its top
        surface.blit(label, (self.moves_x, self.text.line_top(
            header, size, self.bar.centery - line_h + half, True)))
        what = self.caption(pad)
        if what:
            width = right - self.moves_x
            shown = what
            while shown and self.text.size(shown, size)[0] > width:
                shown = shown[:-2]
            if shown != what:
                shown = shown[:-1] + "…"
            detail = self.text.render(shown, size, theme.TEXT)
            surface.blit(detail, (self.moves_x, self.text.line_top(shown, size,
                                                                   self.bar.centery + half)))
