"""Look at the Stars at one screen, everyone at once: every board large, each player's own
device, cursor, ghost, rotation, undo, skip and confirm (issue 25); and a spectator's view of
every board at once (the Watch window on a big screen).

``CouchStarsScene`` is the single table (``StarsTableScene``) with a board per seat laid out in
a grid (``board_grid``). The single table's moves and drawing act for ``self.active`` on
``self.geo`` with ``self.cursor``; ``acting_for(seat)`` points them at one seat's board (its
``SeatCursor``, geometry, flashes and status) for one action, event or drawing pass, so the
ghost, the score preview, the power prompt and the shooting star work per seat with the very
code the single table runs. Which seat an action is for is ``CouchSeats.route``'s answer: a pad
pulled out pauses only its seat, until a free device presses confirm.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.client import theme
from game.client.couch import CouchSeats, remember_device
from game.client.devices import (
    DIRECTIONS,
    Action,
    directions_glyph,
    glyph,
    is_pad,
    join_keys,
)
from game.client.i18n import N_, _, ngettext, progress_dots, tr
from game.client.layout import is_wide
from game.client.scenes.base import controls_hint
from game.client.stars.cursor import SeatCursor
from game.client.stars.render import (
    GRID_H,
    GRID_W,
    MARGIN,
    BoardGeometry,
    draw_segment,
    power_label,
)
from game.client.stars.table import StarsTableScene
from game.client.stars.table_draw import WATCHING_HELP, reason_text
from game.client.widgets import draw_panel

if TYPE_CHECKING:
    from game.client.scenes.base import Stage
    from game.client.session import GameConfig, Session

#: a board's width over its height (stars and margins)
BOARD_ASPECT = (GRID_W - 1 + 2 * MARGIN) / (GRID_H - 1 + 2 * MARGIN)
#: a spectator's window at least this wide opens on every board at once
GRID_BY_DEFAULT_FROM = 1920
#: the keys a pad's D-pad and a keyboard half's arrows move the ghost by (grid units)
STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, 1), "down": (0, -1)}
#: how long a board shows its player's controls after the "hint" button (again: hides them)
CONTROLS_SECONDS = 8.0
#: a spectator's controls when every board shows (Esc and G are in the top bar)
GRID_WATCHING_HELP = (N_("A click on a board: show it large"), N_("Wheel over the log: back"))
#: the mouse seat's own buttons under its board (a mouse has no skip or undo button)
MOUSE_BUTTONS = (("skip", N_("Skip")), ("undo", N_("Undo")))


def board_grid(count: int, area: pygame.Rect, gap: int, label_h: int) -> list[pygame.Rect]:
    """``count`` cells in ``area``, in the rows and columns that give the largest boards
    (each cell a board of ``BOARD_ASPECT`` plus ``label_h`` px of name and hints); the last
    row is centred. Cells never overlap and stay inside ``area``."""
    if count <= 0:
        return []
    best: tuple[float, int] | None = None
    for cols in range(1, count + 1):
        rows = math.ceil(count / cols)
        width = (area.w - (cols - 1) * gap) / cols
        height = (area.h - (rows - 1) * gap) / rows - label_h
        board_w = min(width, height * BOARD_ASPECT)
        if best is None or board_w > best[0]:
            best = (board_w, cols)
    board_w, cols = best
    rows = math.ceil(count / cols)
    cell_w = max(8, int(board_w))
    cell_h = max(8, int(board_w / BOARD_ASPECT) + label_h)
    top = area.y + (area.h - rows * cell_h - (rows - 1) * gap) // 2
    cells = []
    for row in range(rows):
        in_row = min(cols, count - row * cols)
        left = area.x + (area.w - in_row * cell_w - (in_row - 1) * gap) // 2
        for col in range(in_row):
            cells.append(pygame.Rect(left + col * (cell_w + gap), top + row * (cell_h + gap),
                                     cell_w, cell_h))
    return cells


@dataclass
class CouchBoard:
    """One seat's board at the couch table: where it is and what its player is doing."""

    seat: int
    cursor: SeatCursor = field(default_factory=SeatCursor)
    geo: BoardGeometry = field(default_factory=lambda: BoardGeometry(pygame.Rect(0, 0, 9, 9)))
    #: the coloured frame round the name line, the board and the hint line
    frame: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    header: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    footer: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    flashes: list[list[Any]] = field(default_factory=list)
    glows: list[list[Any]] = field(default_factory=list)
    status: tuple[str, theme.Color] = ("", theme.TEXT)
    status_time: float = 0.0
    #: the mouse seat's skip and undo buttons (name -> rect)
    buttons: dict[str, pygame.Rect] = field(default_factory=dict)
    #: a spectator's highlight: the lines this board gained last
    last_lines: list[list[int]] = field(default_factory=list)
    #: seconds the player's controls still show over the board (the "hint" button)
    help_time: float = 0.0
    #: the cached frame, panel and sheet (``CouchStarsScene.framed``) and what it shows
    picture: pygame.Surface | None = None
    picture_key: tuple | None = None


class CouchStarsScene(StarsTableScene):
    """Every board at once: the couch table (``config.mode == "couch"``: each local seat
    plays with its ``SeatChoice.device``) or a spectator's table. ``grid`` False shows the
    single table's layout instead (a spectator's switch, G)."""

    @property
    def watching_help(self) -> tuple[str, ...]:
        """A spectator's controls: for every board at once, or for the single layout."""
        if self.grid:
            return GRID_WATCHING_HELP
        return (*WATCHING_HELP, N_("G: every board at once"))

    @property
    def watching_pad_help(self) -> tuple[str, ...]:
        """The same for a pad: A switches the layout, the D-pad or LB/RB the large board."""
        return (N_("Left/Right: another board large"), N_("A: every board at once"),
                N_("B: leave"))

    def __init__(self, app: Stage, config: GameConfig | None, seed: int = 0,
                 session: Session | None = None) -> None:
        super().__init__(app, config, seed, session)
        # everyone plays at once: no handover between the players at this screen
        self.hotseat = False
        self.awaiting_handover = False
        #: one per seat (a spectator learns the seats with the first snapshot: ``poll``)
        self.boards = [CouchBoard(seat) for seat in range(len(self.session.names))]
        self.couch = CouchSeats(self._seat_devices(config))
        self.couch.wait_for_absent(app.devices.devices())  # the lobby's pad may be gone
        for board in self.boards:
            board.cursor.keyboard_ghost = self.couch.devices.get(board.seat) != "mouse"
        self.grid = not self.watching or app.layout.width >= GRID_BY_DEFAULT_FROM
        self.side = pygame.Rect(0, 0, 0, 0)
        self.side_card = pygame.Rect(0, 0, 0, 0)
        self.grid_fonts: dict[str, int] = {}
        self._backdrop: pygame.Surface | None = None
        self._backdrop_key: tuple | None = None

    def _seat_devices(self, config: GameConfig | None) -> dict[int, str]:
        """seat -> device for the local seats: the lobby's choice, else a device nobody
        holds (the keyboard halves, then the mouse)."""
        chosen: dict[int, str] = {}
        for seat in self.session.human_seats:
            choice = config.seats[seat] if config and seat < len(config.seats) else None
            if choice is not None and choice.device:
                chosen[seat] = choice.device
        spare = [d for d in ("keys:right", "keys:left", "mouse") if d not in chosen.values()]
        for seat in self.session.human_seats:
            if seat not in chosen and spare:
                chosen[seat] = spare.pop(0)
        return chosen

    # --- one seat at a time -----------------------------------------------------------------
    @contextlib.contextmanager
    def acting_for(self, seat: int) -> Iterator[CouchBoard]:
        """The single table's moves and drawing act for ``seat``'s board meanwhile."""
        board = self.boards[seat]
        saved = (self.active, self.cursor, self.geo, self.flashes, self.glows, self.status,
                 self.status_time)
        self.active, self.cursor, self.geo = seat, board.cursor, board.geo
        self.flashes, self.glows = board.flashes, board.glows
        self.status, self.status_time = board.status, board.status_time
        try:
            yield board
        finally:
            board.flashes, board.glows = self.flashes, self.glows
            board.status, board.status_time = self.status, self.status_time
            (self.active, self.cursor, self.geo, self.flashes, self.glows, self.status,
             self.status_time) = saved

    def local(self, seat: int) -> bool:
        return seat in self.session.views and not self.watching

    def shared_view(self) -> dict[str, Any] | None:
        """A view every board can be drawn from: a spectator's, or the first local seat's
        (everyone's confirmed sheet is public)."""
        views = self.session.views
        return next(iter(views.values()), None)

    # --- layout -----------------------------------------------------------------------------
    def relayout(self) -> None:
        super().relayout()  # the single layout: the spectator's other view, and its fonts
        if not self.grid:
            return
        lay = self.layout
        margin = lay.px(12)
        top = self.top_bar.bottom + margin
        side_w = max(lay.px(180), min(lay.px(230), lay.width // 6))
        self.side = pygame.Rect(margin, top, side_w, lay.height - top - margin)
        pad = lay.px(10)
        card = self.side.w - 2 * pad
        self.side_card = pygame.Rect(self.side.x + pad, self.side.y + lay.font_px("body")
                                     + lay.px(16), card, card)
        small = lay.font_px("small")
        bonus = (card - pad) // 2
        bonus_y = self.side_card.bottom + pad + small + lay.px(4)
        self.bonus_rects = [pygame.Rect(self.side.x + pad + i * (bonus + pad), bonus_y, bonus,
                                        bonus) for i in range(2)]
        log_top = self.bonus_rects[0].bottom + pad
        help_h = len(self.help_lines) * int(lay.font_px("tiny") * 1.2) + lay.px(12) \
            if self.watching else 0
        self.log_rect = pygame.Rect(self.side.x, log_top, self.side.w,
                                    self.side.bottom - log_top - help_h)
        area = pygame.Rect(self.side.right + margin, top,
                           lay.width - self.side.right - 2 * margin, self.side.h)
        count = len(self.boards)
        header, footer, lines = self.label_fonts(count, area, margin)
        self.grid_fonts = {"header": header, "footer": footer, "footer_lines": lines}
        header_h, footer_h = self.label_heights(header, footer, lines)
        cells = board_grid(count, area, margin, header_h + footer_h)
        for board, cell in zip(self.boards, cells, strict=True):
            geo = BoardGeometry(pygame.Rect(cell.x, cell.y + header_h, cell.w,
                                            cell.h - header_h - footer_h))
            board.geo = geo
            board.header = pygame.Rect(geo.rect.x, geo.rect.y - header_h, geo.rect.w, header_h)
            board.footer = pygame.Rect(geo.rect.x, geo.rect.bottom, geo.rect.w, footer_h)
            board.frame = board.header.union(board.footer).inflate(lay.px(6), lay.px(6))
            board.buttons = {}
            if self.couch.devices.get(board.seat) == "mouse":
                width = max(self.text.size(_(label), footer, True)[0]
                            for _name, label in MOUSE_BUTTONS) + lay.px(14)
                x = board.footer.right
                for name, _label in reversed(MOUSE_BUTTONS):
                    x -= width + lay.px(4)
                    button = pygame.Rect(x, 0, width, int(footer * 1.3) + lay.px(2))
                    button.centery = board.footer.centery
                    board.buttons[name] = button
            if board.cursor.pointer is not None and board.cursor.mouse_on_board:
                board.cursor.mouse_on_board = geo.rect.collidepoint(board.cursor.pointer)
        spacing = self.boards[0].geo.spacing if self.boards else 20
        self.fonts["board"] = self.text.pen(max(theme.MIN_FONT_PX, int(spacing * 0.42)))
        self.fonts["badge"] = self.text.pen(max(theme.MIN_FONT_PX, int(spacing * 0.26)),
                                            bold=True)

    def label_heights(self, header: int, footer: int, lines: int) -> tuple[int, int]:
        """The px of a board's name line and of its ``lines`` hint lines at those sizes."""
        lay = self.layout
        # a spectator's boards have no hint line: nothing to press under them
        footer_h = 0 if self.watching else lines * int(footer * 1.3) + lay.px(6)
        return int(header * 1.3) + lay.px(6), footer_h

    def label_fonts(self, count: int, area: pygame.Rect, margin: int) -> tuple[int, int, int]:
        """The name line's and the hint line's type sizes and the hint's number of lines.

        They grow with the boards, from the smallest type up; where the boards are held by the
        screen's width (four in a row at 1280x720: the space above and below stays empty),
        the names and hints take the body and small sizes and the hint two lines, as long
        as the boards keep their size (a playtest read 9-11 px type at 720p)."""
        lay = self.layout
        trial = board_grid(count, area, margin, 2 * lay.font_px("small") + lay.px(12))
        board_h = trial[0].h if trial else 100
        header = max(theme.MIN_FONT_PX, min(lay.font_px("body"), board_h // 18))
        footer = max(theme.MIN_FONT_PX, min(lay.font_px("small"), board_h // 22))
        fitted = board_grid(count, area, margin, sum(self.label_heights(header, footer, 1)))
        if not fitted:
            return header, footer, 1
        for larger in ((lay.font_px("body"), lay.font_px("small"), 2),
                       (lay.font_px("body"), lay.font_px("small"), 1),
                       (header, footer, 2)):
            cells = board_grid(count, area, margin, sum(self.label_heights(*larger)))
            if cells[0].w >= fitted[0].w - lay.px(2):
                return larger
        return header, footer, 1

    def toggle_grid(self) -> None:
        """A spectator's switch: every board at once, or one large with the others small."""
        self.grid = not self.grid
        self.relayout()

    def top_bar_words(self) -> str:
        if not self.grid:
            return super().top_bar_words()
        if self.watching:
            return controls_hint(self.app, _("Watching  ·  G: one board large  ·  Esc: leave"),
                                 _("Watching  ·  A: one board large  ·  B: leave"))
        return _("Everyone plays at once  ·  Start / Esc: menu")

    # --- events -----------------------------------------------------------------------------
    def poll(self) -> None:
        super().poll()
        if len(self.boards) != len(self.session.names):  # the seats are known now
            self.boards = [CouchBoard(seat) for seat in range(len(self.session.names))]
            self.relayout()

    def on_event(self, seat: int, event: dict[str, Any]) -> None:
        self.note_last_lines(event)
        mover = event.get("seat")
        target = mover if isinstance(mover, int) and self.local(mover) else \
            seat if self.local(seat) else None
        if target is None:
            super().on_event(seat, event)
        else:
            with self.acting_for(target):
                super().on_event(seat, event)
        if event.get("type") == "card_flipped" and not event.get("replayed"):
            # after the single table's own new card (it hid the ghost of the seat whose
            # cursor it held: the first seat's card vanished at every new card, a playtest)
            for board in self.boards:
                board.cursor.new_card()
                board.cursor.keyboard_ghost = self.couch.devices.get(board.seat) != "mouse"

    def note_last_lines(self, event: dict[str, Any]) -> None:
        """A spectator's highlight: what each board drew with the card last revealed (the
        table's final reveal of a card: its lines, or its shooting star)."""
        seat = event.get("seat")
        if not event.get("final") or not isinstance(seat, int) or \
                not 0 <= seat < len(self.boards):
            return
        kind = event.get("type")
        if kind == "lines_drawn":
            self.boards[seat].last_lines = [list(line) for line in event.get("lines", [])]
        elif kind == "shooting_star_drawn":
            points = event.get("points", [])
            self.boards[seat].last_lines = [[*a, *b] for a, b in zip(points, points[1:],
                                                                      strict=False)]
        elif kind == "card_skipped":
            self.boards[seat].last_lines = []

    def animate(self, dt: float) -> None:
        super().animate(dt)
        for board in self.boards:
            for flash in board.flashes:
                flash[1] -= dt
            board.flashes = [f for f in board.flashes if f[1] > 0]
            for glow in board.glows:
                glow[1] -= dt
            board.glows = [g for g in board.glows if g[1] > 0]
            board.status_time = max(0.0, board.status_time - dt)
            board.help_time = max(0.0, board.help_time - dt)

    # --- input ------------------------------------------------------------------------------
    def handle_input(self, event: pygame.event.Event) -> None:
        """Keys no keyboard half uses: G (a spectator's switch), Tab (the single layout's)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_g and self.watching:
            self.toggle_grid()
        elif not self.grid:
            super().handle_input(event)

    def handle_action(self, action: Action) -> None:
        """One device's action: to the seat it holds (``CouchSeats.route``); the mouse's click
        on the top bar's way out is the menu (or leaving, for a spectator)."""
        if action.device == "mouse" and action.intent == "confirm" and \
                action.pos is not None and self.way_out_rect.collidepoint(action.pos):
            self.back(owner="mouse")
            return
        if self.watching:
            self.watch_action(action)
            return
        if action.intent == "added":
            return
        routed = self.couch.route(action)
        if action.intent == "removed":
            return  # its seat (if any) waits: its board says how to take it again
        if routed.claimed:
            remember_device(self.config, routed.seat, action.device)
            self.app.sounds.play("click")
            with self.acting_for(routed.seat):
                self.say(N_("{name} plays with this device now.",
                            name=self.session.names[routed.seat]), theme.ACCENT)
            return
        if action.intent == "menu":
            self.back(owner=action.device)
            return
        if routed.seat is None:
            return
        with self.acting_for(routed.seat) as board:
            self.act(board, action)

    def watch_action(self, action: Action) -> None:
        """A spectator's device: Esc/B leaves; a click shows a board large (or, in the single
        layout, picks a thumbnail); the wheel scrolls the log. A pad (the keyboard has G):
        A switches the layout, Left/Right or LB/RB show another board large (a TV driven
        by a pad could do none of it: a playtest)."""
        intent, pos = action.intent, action.pos
        if intent in ("menu", "back"):
            self.back()
        elif intent == "confirm" and pos is None and is_pad(action.device):
            self.toggle_grid()
            if not self.grid:
                self.show_seat(self.active)
        elif intent == "confirm" and pos is not None:
            if self.grid:
                for board in self.boards:
                    if board.frame.collidepoint(pos):
                        self.toggle_grid()
                        self.show_seat(board.seat)
                        return
            else:
                for rect, seat in self.thumb_rects:
                    if rect.collidepoint(pos):
                        self.show_seat(seat)
                        return
        elif intent in ("previous", "next") and action.device == "mouse":
            self.scroll_log(1 if intent == "previous" else -1)
        elif not self.grid and (intent in ("left", "right") or (
                intent in ("previous", "next") and is_pad(action.device))):
            self.show_next_seat(1 if intent in ("right", "next") else -1)

    def act(self, board: CouchBoard, action: Action) -> None:
        """``action`` for the seat of ``board`` (acting for it: ``acting_for``)."""
        phase = self.phase()
        intent, pos = action.intent, action.pos
        cursor = board.cursor
        if intent == "point" and pos is not None:
            self.point_at(pos)  # (acting for the board: its cursor and geometry)
        elif intent in DIRECTIONS:
            if phase == "power":
                self.target_toward(STEPS[intent])
            elif phase == "play":
                self.move_ghost(*STEPS[intent])
        elif intent == "rotate":
            if pos is not None and board.geo.rect.collidepoint(pos):
                cursor.mouse_on_board, cursor.pointer = True, pos
            self.rotate(1)
        elif intent in ("previous", "next"):
            step = 1 if intent == "next" else -1
            card = self.card()
            if phase == "power":
                cursor.step_target(step, len(self.targets()))
            elif phase == "play" and card and card["kind"] == "shooting_star":
                self.set_size(max(1, min(3, cursor.shooting_size + step)))
            else:
                self.rotate(step)
        elif intent == "hint":  # the player's controls over their board, a while
            board.help_time = 0.0 if board.help_time > 0 else CONTROLS_SECONDS
        elif intent == "skip":
            self.skip()
        elif intent == "back":
            if phase in ("power", "review", "confirmed") and self.view.get("pending"):
                self.undo()
            else:
                # nothing to undo: said on this board only (it opened the leave question for
                # the whole table, a playtest's "cancel" press); the menu key asks to leave
                self.say(N_("Nothing to undo  ·  {menu}: menu",
                            menu=glyph(action.device, "menu")), theme.TEXT_DIM, 2.5)
        elif intent == "confirm" and not self.decision_blocks():
            self.confirm_action(board, phase, pos, action.device)

    def confirm_action(self, board: CouchBoard, phase: str,
                       pos: tuple[int, int] | None, device: str) -> None:
        """A/Space/Enter/click: draw the ghost, use the chosen power target (where it costs
        points, at a second press), confirm."""
        cursor = board.cursor
        if pos is not None:  # the mouse: its buttons, else where it points
            for name, rect in board.buttons.items():
                if rect.collidepoint(pos):
                    (self.skip if name == "skip" else self.undo)()
                    return
            if not board.geo.rect.collidepoint(pos):
                return
            if phase == "play":
                shown, keyboard = cursor.anchor, cursor.keyboard_ghost
                cursor.mouse_on_board = True
                self.follow_pointer(pos)
                if keyboard and cursor.anchor != shown:
                    return  # the keys' ghost was elsewhere: this click only brings it here
                self.place()
                return
            if phase == "power":
                hovered = self.hovered_target(pos)
                if hovered is not None:
                    self.use_power(self.targets()[hovered])
                return
        if phase == "play":
            if not cursor.shown:
                cursor.keyboard_ghost = True  # the first press shows where the card is
            else:
                self.place()
        elif phase == "power":
            self.use_chosen_power(glyph(device, "confirm"))
        elif phase == "review":
            self.confirm()

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if not self.grid:
            super().draw(surface, alpha)
            return
        view = self.shared_view()
        if view is None:
            surface.fill(theme.SKY)
            return
        surface.blit(self.backdrop(surface, view, alpha), (0, 0))
        self.draw_top_bar(surface, view)
        self.draw_side(surface, view, alpha)
        for board in self.boards:
            self.draw_seat(surface, board, view, alpha)

    def draw_side(self, surface: pygame.Surface, view: dict[str, Any], alpha: float) -> None:
        """The card (shown once for everyone), the bonus cards, the log."""
        lay = self.layout
        draw_panel(surface, pygame.Rect(self.side.x, self.side.y, self.side.w,
                                        self.bonus_rects[0].bottom + lay.px(10) - self.side.y),
                   lay)
        card = view["card"]
        heading = (_("Shooting star  {n}/{total}") if card["kind"] == "shooting_star"
                   else _("Night card  {n}/{total}")).format(n=card["n"], total=card["of"])
        size = self.text.fit(heading, lay.font_px("body"), self.side.w - lay.px(12), True)
        label = self.text.render(heading, size, theme.ACCENT, bold=True)
        surface.blit(label, label.get_rect(midtop=(self.side.centerx, self.side.y + lay.px(8))))
        self.draw_night_card(surface, self.side_card, card, 0, 3, alpha)
        small = lay.font_px("small")
        for rect, kind, number, title in (
                (self.bonus_rects[0], "point", view["point_card"], _("Point bonus")),
                (self.bonus_rects[1], "power", view["power_card"], _("Power bonus"))):
            size = self.text.fit(title, small, rect.w + lay.px(8))
            caption = self.text.render(title, size, theme.TEXT_DIM)
            surface.blit(caption, caption.get_rect(midbottom=(rect.centerx,
                                                              rect.y - lay.px(3))))
            surface.blit(self.card_surface(kind, number, rect.w), rect)
        self.draw_log(surface)
        if self.watching:
            tiny = lay.font_px("tiny")
            y = self.log_rect.bottom + lay.px(8)
            for line in self.help_lines:
                size = self.text.fit(line, tiny, self.side.w)
                surface.blit(self.text.render(line, size, theme.TEXT_DIM), (self.side.x, y))
                y += int(tiny * 1.2)

    def board_picture(self, board: CouchBoard, view: dict[str, Any]) -> pygame.Surface | None:
        """``board``'s frame, panel and sheet as one cached picture (``framed``)."""
        seat = board.seat
        if self.local(seat):
            with self.acting_for(seat):
                layer = self.board_layer(self.session.views[seat])
        else:
            day = view["day"]
            layer = self.renderer.sheet_layer(
                view["seats"][seat]["sheet"], board.geo,
                day=day - 1 if self.sun is not None else day, font=self.fonts["board"],
                badge_font=self.fonts["badge"])
        if layer is None:
            return None
        return self.framed(board, layer, view["seats"][seat]["confirmed"] and not view["over"])

    def draw_seat(self, surface: pygame.Surface, board: CouchBoard, view: dict[str, Any],
                  alpha: float) -> None:
        """What moves on one board (ghost, targets, highlights) and its name and hint lines,
        over its picture in the backdrop."""
        seat = board.seat
        if seat in self.couch.waiting:
            pass  # a paused seat: no ghost, only how to take it again (``draw_waiting``)
        elif self.local(seat):
            with self.acting_for(seat):
                self.draw_board(surface, self.session.views[seat], alpha, layer_drawn=True)
        else:
            self.draw_other_board(surface, board, view)
        self.draw_header(surface, board, view, theme.SEAT_COLORS[seat % len(theme.SEAT_COLORS)])
        self.draw_footer(surface, board, view)
        if seat in self.couch.waiting:
            self.draw_waiting(surface, board)
        elif board.help_time > 0 and self.local(seat):
            self.draw_controls(surface, board)

    def controls_lines(self, device: str) -> list[str]:
        """A seat's device's controls, one per line (the "hint" button shows them)."""
        def key(intent: str) -> str:
            return glyph(device, intent) or intent

        return [_("{keys}: move the card").format(keys=directions_glyph(device)),
                _("{key}: turn it").format(key=key("rotate")),
                _("{key}: draw, then confirm").format(key=key("confirm")),
                _("{key}: skip  ·  {undo}: undo").format(key=key("skip"), undo=key("back")),
                _("{a}, {b}: a shooting star's size").format(a=key("previous"),
                                                             b=key("next")),
                _("{key}: menu").format(key=key("menu"))]

    def draw_controls(self, surface: pygame.Surface, board: CouchBoard) -> None:
        """The player's controls over their board while the "hint" button's time runs."""
        device = self.couch.devices.get(board.seat, "")
        if not device or device == "mouse":
            return
        lay = self.layout
        size = max(theme.MIN_FONT_PX, self.grid_fonts.get("footer", lay.font_px("small")))
        rows = [self.text.render(line, self.text.fit(line, size, board.geo.rect.w - lay.px(24)),
                                 theme.TEXT) for line in self.controls_lines(device)]
        height = sum(r.get_height() for r in rows) + lay.px(16)
        panel = pygame.Rect(0, 0, board.geo.rect.w - lay.px(8), height)
        panel.midbottom = (board.geo.rect.centerx, board.geo.rect.bottom - lay.px(4))
        draw_panel(surface, panel, lay, theme.PANEL, theme.ACCENT, 1)
        y = panel.y + lay.px(8)
        for row in rows:
            surface.blit(row, (panel.x + lay.px(10), y))
            y += row.get_height()

    def backdrop(self, surface: pygame.Surface, view: dict[str, Any],
                 alpha: float) -> pygame.Surface:
        """The sky and every board's picture as one screen-sized picture, redrawn only when a
        board's picture changes (a move, a new card, a resize): a frame then copies it once
        instead of filling the sky and copying eight boards (the stars in the sky hold still
        behind a couch table)."""
        pictures = [(board, self.board_picture(board, view)) for board in self.boards]
        key = (surface.get_size(), tuple(board.picture_key for board in self.boards))
        if self._backdrop is None or self._backdrop_key != key:
            backdrop = pygame.Surface(surface.get_size()).convert()
            backdrop.fill(theme.SKY)
            if self.starfield is not None:
                self.starfield.draw(backdrop, alpha)
            for board, picture in pictures:
                if picture is not None:
                    backdrop.blit(picture, board.frame)
            self._backdrop, self._backdrop_key = backdrop, key
        return self._backdrop

    def framed(self, board: CouchBoard, layer: pygame.Surface, ready: bool) -> pygame.Surface:
        """The board's frame (its player's colour; green once ready), panel and sheet."""
        # the layer itself, not its id: held here, it cannot be freed and its id reused
        key = (tuple(board.frame), layer, ready)
        if board.picture is not None and board.picture_key == key:
            return board.picture
        lay = self.layout
        picture = pygame.Surface(board.frame.size).convert()
        picture.fill(theme.SKY)
        local = picture.get_rect()
        pygame.draw.rect(picture, theme.PANEL, local, border_radius=lay.px(8))
        picture.blit(layer, (board.geo.rect.x - board.frame.x, board.geo.rect.y - board.frame.y))
        color = theme.SEAT_COLORS[board.seat % len(theme.SEAT_COLORS)]
        pygame.draw.rect(picture, color, local, max(2, lay.px(3 if ready else 2)),
                         border_radius=lay.px(8))
        board.picture, board.picture_key = picture, key
        return picture

    def draw_other_board(self, surface: pygame.Surface, board: CouchBoard,
                         view: dict[str, Any]) -> None:
        """Over a bot's or (watching) anyone's board: the sun as it rises, and for a
        spectator the lines it gained last."""
        geo = board.geo
        if self.sun is not None:
            shade = self.renderer.shade(geo.local(), 2 * view["day"])
            height = max(1, int(shade.get_height() * self.sun.progress(0.0)))
            part = shade.subsurface((0, shade.get_height() - height, shade.get_width(), height))
            surface.blit(part, (geo.rect.x, geo.rect.bottom - height - int(geo.spacing * 0.1)))
        if self.watching:
            for x1, y1, x2, y2 in board.last_lines:
                draw_segment(surface, geo.to_px(x1, y1), geo.to_px(x2, y2), theme.HIGHLIGHT,
                             geo.width(0.12))

    def seat_state(self, board: CouchBoard, view: dict[str, Any]) -> tuple[str, theme.Color]:
        seat = board.seat
        if view["over"]:
            return _("final board"), theme.ACCENT
        if seat in self.couch.waiting:
            return _("no device"), theme.WARNING
        if seat in self.departures.away_since:  # (a LAN player gone: the TV says so too)
            return _("left the table"), theme.WARNING
        if seat in self.departures.stand_ins:
            return _("a bot plays for now"), theme.TEXT_DIM
        if view["seats"][seat]["confirmed"]:
            return _("ready"), theme.LEGAL
        if self.session.kinds[seat] == "ai":
            return _("thinking") + progress_dots(self.clock), theme.TEXT_DIM
        return _("playing"), theme.TEXT_DIM

    def seat_score(self, seat: int, view: dict[str, Any]) -> int | None:
        """The running score this screen may show: a local player's own, everyone's when the
        table shows live scores (or at the end)."""
        if self.local(seat):
            own = self.session.views[seat].get("my_score")
            if own:
                return own["total"]
        scores = view.get("scores")
        return scores[seat]["total"] if scores else None

    def draw_header(self, surface: pygame.Surface, board: CouchBoard, view: dict[str, Any],
                    color: theme.Color) -> None:
        """Name · device on the left; running score and "ready" on the right."""
        lay = self.layout
        size = self.grid_fonts["header"]
        rect = board.header
        state, state_color = self.seat_state(board, view)
        score = self.seat_score(board.seat, view)
        points = ngettext("{n} pt", "{n} pts", score).format(n=score) if score is not None \
            else ""
        ready = state_color == theme.LEGAL  # "ready" stands out: light on a green badge
        pad = lay.px(6) if ready else 0
        inset = lay.px(5)  # off the frame's lines (the texts sat on them: a playtest)
        state_size = self.text.fit(state, size, rect.w // 4, True)
        badge = self.text.render(state, state_size, theme.SKY if ready else state_color,
                                 bold=True)
        box = badge.get_rect(midright=(rect.right - pad - inset, rect.centery)).inflate(
            2 * pad, 0)
        if ready:
            pygame.draw.rect(surface, theme.LEGAL, box.inflate(0, lay.px(2)),
                             border_radius=lay.px(5))
        surface.blit(badge, badge.get_rect(center=box.center))
        label = self.text.render(points, self.text.fit(points, size, rect.w // 4), theme.TEXT) \
            if points else None
        if label is not None:
            surface.blit(label, label.get_rect(midright=(box.x - lay.px(8), rect.centery)))
        used = rect.right - (box.x if label is None else box.x - lay.px(8) - label.get_width())
        room = rect.w - used - lay.px(10) - inset
        text = self.header_name(board.seat, size, room)
        left = self.text.render(text, self.text.fit(text, size, room, True), color, bold=True)
        surface.blit(left, left.get_rect(midleft=(rect.x + inset, rect.centery)))

    def header_name(self, seat: int, size: int, room: int) -> str:
        """A board header's left end: the player's name and device, the device shortened,
        then dropped before the name is cut ("Playe… · Arrows" stood where "Player 3" fitted:
        a party's playtest; the footer names the device's keys anyway)."""
        name = self.session.names[seat]
        if self.session.kinds[seat] == "ai":  # a bot's board says so, as everywhere
            name = _("{name} (AI)").format(name=name)
        held = self.couch.devices.get(seat)
        candidates = [name, name[:8] + "…"]
        if held and self.local(seat):
            device = self.app.devices.device_words(held)
            short = self.app.devices.device_words(held, short=True)
            candidates = [f"{name}  ·  {device}", f"{name} · {short}", *candidates]
        return self.shortest_fit(candidates, size, room, True)

    def hint(self, board: CouchBoard, view: dict[str, Any]) -> tuple[str, theme.Color]:
        """The line under a board: what its player can do now, with their device's buttons,
        or what the table just said to them."""
        seat = board.seat
        if not view["over"] and (seat in self.departures.buttons
                                 or seat in self.departures.returns):
            # a LAN player gone (or a bot in their seat): the host's answers are in the menu
            # (Start / Esc), which every device at this screen reaches (the panel with its
            # B and G keys is the single table's: a party of pads never saw it, a playtest)
            menu = " / ".join(dict.fromkeys(
                glyph(device, "menu") for device in self.couch.devices.values()
                if device != "mouse")) or glyph("keys:left", "menu")
            words = (N_("{menu}: let a bot play for them") if seat in self.departures.buttons
                     else N_("{menu}: give them the seat back"))
            return _(words).format(menu=menu), theme.WARNING
        if not self.local(seat) or view["over"] or seat in self.couch.waiting:
            # (a seat whose pad was pulled out listed that pad's buttons under the board's
            # "take this seat" words: a playtest)
            return "", theme.TEXT_DIM
        if board.status_time > 0 and board.status[0]:
            return tr(board.status[0]), board.status[1]
        device = self.couch.devices.get(seat, "")
        with self.acting_for(seat):
            phase = self.phase()
            ghost = self.ghost() if phase == "play" and board.cursor.shown else None
            pending = (self.view or {}).get("pending") or {}
            prompt = pending.get("prompt")

        def key(intent: str) -> str:
            if intent == "up":  # the four directions at once: "D-pad", "W/A/S/D", "Arrows"
                return directions_glyph(device) if device else intent
            return glyph(device, intent) or intent

        if phase == "play":
            if ghost is not None and ghost[2] is not None:
                with self.acting_for(seat):
                    floats = self.reason_floats(ghost[2])
                if not floats:
                    return reason_text(ghost[2]), theme.ILLEGAL
            if ghost is not None and ghost[2] is None:
                with self.acting_for(seat):
                    preview = self.preview()
                if preview is not None:
                    total = preview["delta"]["total"]
                    return _("{draw}: draw here ({total:+d})").format(
                        draw=key("confirm"), total=total), \
                        theme.WARNING if total < 0 else theme.LEGAL
            star = (self.card() or {}).get("kind") == "shooting_star"
            if device == "mouse":
                return (_("Wheel: size · Click: draw · Right-click: turn") if star else
                        _("Click: draw · Right-click: turn · or Skip")), theme.TEXT_DIM
            if star:  # the shooting star's size: the shoulder buttons (or their keys)
                return _("{size}: size · {move}: move · {turn}: turn · {draw}: draw").format(
                    size=f"{key('previous')}/{key('next')}", move=key("up"),
                    turn=key("rotate"), draw=key("confirm")), theme.TEXT_DIM
            return _("{move}: move · {turn}: turn · {draw}: draw · {skip}: skip").format(
                move=key("up"), turn=key("rotate"), draw=key("confirm"),
                skip=key("skip")), theme.TEXT_DIM
        if phase == "power":
            power = power_label(prompt["power"]) if prompt else ""
            if device == "mouse":
                return _("Power bonus ({power}): click a ring to use it · or Skip").format(
                    power=power), theme.ACCENT
            return _("Power bonus ({power}) · {pick}: where · {use}: use · {skip}: skip").format(
                power=power, pick=key("up"), use=key("confirm"), skip=key("skip")), theme.ACCENT
        if phase == "review" and pending.get("action") == "skip":  # nothing on the board
            if device == "mouse":
                return _("Card skipped · click the board: confirm · or Undo"), theme.LEGAL
            return _("Card skipped · {confirm}: confirm · {undo}: undo").format(
                confirm=key("confirm"), undo=key("back")), theme.LEGAL
        if phase == "review":
            if device == "mouse":
                return _("Click the board: confirm · or Undo"), theme.LEGAL
            return _("{confirm}: confirm · {undo}: undo").format(
                confirm=key("confirm"), undo=key("back")), theme.LEGAL
        if phase == "confirmed":
            undo = _("Undo") if device == "mouse" else key("back")
            return _("Ready · {undo}: undo until all are ready").format(undo=undo), \
                theme.TEXT_DIM
        return "", theme.TEXT_DIM

    def draw_footer(self, surface: pygame.Surface, board: CouchBoard,
                    view: dict[str, Any]) -> None:
        lay = self.layout
        size = self.grid_fonts["footer"]
        rect = board.footer
        if board.buttons and self.local(board.seat) and not view["over"]:
            with self.acting_for(board.seat):
                phase = self.phase()
                enabled = {"skip": phase in ("play", "power"),
                           "undo": phase in ("power", "review", "confirmed")
                           and bool(self.view.get("pending"))}
            labels = dict(MOUSE_BUTTONS)
            for name, rect_b in board.buttons.items():
                label = labels[name]
                on = enabled[name]
                pygame.draw.rect(surface, theme.PANEL_LIGHT if on else theme.PANEL, rect_b,
                                 border_radius=lay.px(4))
                words = _(label)
                fit = self.text.fit(words, size, rect_b.w - lay.px(6), True)
                text = self.text.render(words, fit, theme.TEXT if on else theme.TEXT_DIM,
                                        bold=True)
                surface.blit(text, text.get_rect(center=rect_b.center))
        words, color = self.hint(board, view)
        if not words:
            return
        inset = lay.px(5)  # off the frame's line, as the header's name
        room = self.hint_room(board)
        lines, size = self.hint_lines(words, size, room, self.grid_fonts["footer_lines"])
        step = int(size * 1.3)
        top = rect.centery - step * len(lines) // 2
        for i, line in enumerate(lines):
            label = self.text.render(line, size, color)
            surface.blit(label, label.get_rect(midleft=(rect.x + inset,
                                                        top + i * step + step // 2)))

    def reason_floats(self, problem: str) -> bool:
        """Every board at once: why a spot is refused is said in the acting board's hint
        line, not over the board (a box over a small board hid the stars round the ghost, a
        playtest), unless the line is too short for it."""
        if not self.grid or self.watching:
            return True
        board = self.boards[self.active]
        size, room = self.grid_fonts["footer"], self.hint_room(board)
        lines = self.text.wrap(reason_text(problem), size, room)
        return len(lines) > self.grid_fonts["footer_lines"] \
            or any(self.text.size(line, size)[0] > room for line in lines)

    def hint_room(self, board: CouchBoard) -> int:
        """The px of ``board``'s hint line left of its mouse buttons, off the frame."""
        room = board.footer.w
        if board.buttons:
            room = min(r.x for r in board.buttons.values()) - board.footer.x - self.layout.px(6)
        return room - self.layout.px(5)

    def hint_lines(self, words: str, size: int, width: int, most: int) -> tuple[list[str], int]:
        """``words`` in at most ``most`` lines of ``width`` px, and their type size: ``size``
        if they fit, smaller (not below the smallest type) if not, the last line cut short
        with "…" if even that is too long."""
        while True:
            lines = self.text.wrap(words, size, width)
            if len(lines) <= most or size <= theme.MIN_FONT_PX:
                break
            size -= 1
        if len(lines) > most:
            rest = lines[most - 1:]
            joiner = "" if is_wide(rest[0][-1]) else " "  # Japanese has no spaces to put back
            lines = lines[:most - 1] + [joiner.join(rest)]
        return [self.clipped(line, size, width) for line in lines], size

    def clipped(self, words: str, size: int, width: int) -> str:
        """``words`` cut short with "…" to fit ``width`` px (a tiny board's hint line)."""
        if self.text.size(words, size)[0] <= width:
            return words
        cut = len(words)
        while cut > 1 and self.text.size(words[:cut] + "…", size)[0] > width:
            cut -= 1
        return words[:cut].rstrip() + "…"

    def draw_waiting(self, surface: pygame.Surface, board: CouchBoard) -> None:
        """A seat whose device went away: its board dimmed, and how to take the seat."""
        lay = self.layout
        geo = board.geo
        veil = pygame.Surface(geo.rect.size, pygame.SRCALPHA)
        veil.fill((*theme.SKY, 190))
        surface.blit(veil, geo.rect)
        words = _("Reconnect a pad or press {keys} to take this seat").format(keys=join_keys())
        size = max(theme.MIN_FONT_PX, min(lay.font_px("body"), int(geo.spacing * 0.55)))
        pad = lay.px(10)
        lines = self.text.wrap(words, size, geo.rect.w - 4 * pad)
        step = int(size * 1.25)
        box = pygame.Rect(0, 0, max(self.text.size(line, size)[0] for line in lines) + 2 * pad,
                          step * len(lines) + 2 * pad)
        box.center = geo.rect.center
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=lay.px(8))
        pygame.draw.rect(surface, theme.WARNING, box, max(1, lay.px(2)),
                         border_radius=lay.px(8))
        y = box.y + pad
        for line in lines:
            label = self.text.render(line, size, theme.WARNING)
            surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
            y += step
