"""How the Look at the Stars table looks: layout from the window size and every drawing pass.

A mixin of ``StarsTableScene`` (which holds the state, input and events): the cached board
layers come from ``stars_render``; this module arranges them with the card, the buttons, the
status, the bonus cards and the other players' thumbnails, and draws what moves on top.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.client import theme
from game.client.devices import glyph
from game.client.i18n import N_, _, language, ngettext, person, progress_dots, tr
from game.client.scenes.base import controls_hint, pad_in_hand
from game.client.starfield import Starfield
from game.client.stars.categories import CATEGORY, SCORE_COLUMNS
from game.client.stars.render import (
    GRID_H,
    GRID_W,
    RULER_AT,
    BoardGeometry,
    bonus_title,
    bonus_title_fits,
    draw_segment,
    power_label,
    render_bonus_card,
    render_card,
    render_card_back,
)
from game.client.widgets import draw_panel, same_type_size
from game.rules.stars import REASON_TEXT, data

POWER_HELP = {
    data.PLANET: N_("put a new planet on a free star"),
    # (which line a circle stands for, and which of two crossing ones: a playtest)
    data.LINE: N_("draw one extra line: click the circle at its middle"),
    data.NEW_STAR: N_("open a covered illustration point as a new star"),
    data.GALAXY: N_("put a galaxy on two free stars side by side"),
    data.TWINKLING_STAR: N_("put a twinkling star on a free star"),
    data.NOVA: N_("put a nova on a star of a group of 3+ lines"),
    data.AURA: N_("put a luminous aura on a star of a group of 3+ lines"),
    data.CRESCENT_MOON: N_("put the crescent moon on a free star"),
    data.BLACK_HOLE: N_("put the black hole on a free star"),
}
#: why a category would lose points (``placement_preview``'s losses: the item kind that
#: loses and why); a group grown too big is told by the "Breaks your..." line instead
LOSS_WORDS = {
    ("constellation", "size_taken"): N_("you already have a {into}-line constellation, and "
                                        "only one of each size scores"),
    ("nova_group", "size_taken"): N_("you already have a {into}-line constellation, and only "
                                     "one of each size scores"),
    ("constellation", "moved"): N_("your {size}-line constellation would grow into a "
                                   "{into}-line nova constellation, scored as power bonus"),
    ("planet", "too_big"): N_("a constellation beside your planet would grow too big to count"),
    ("planet", "merged"): N_("constellations beside your planet would join into one"),
    ("twinkling_star", "too_big"): N_("a constellation beside your twinkling star would grow "
                                      "too big to count"),
    ("twinkling_star", "merged"): N_("the two constellations beside your twinkling star would "
                                     "join into one, and it needs two"),
    ("twinkling_star", "crowded"): N_("your twinkling star would touch a third constellation, "
                                      "and it scores only between exactly two"),
    ("crescent_moon", "too_big"): N_("a constellation your crescent moon lights would grow too "
                                     "big to count"),
    ("crescent_moon", "merged"): N_("constellations your crescent moon lights would join into "
                                    "one"),
    ("black_hole", "covered"): N_("a star beside your black hole would no longer be free"),
}
#: losses the "Breaks your {size}-line constellation" line already explains
TOLD_AS_BROKEN = {("constellation", "too_big"), ("nova_group", "too_big")}
GLOW_SECONDS = 1.4
#: the controls, under the status lines (wrapped to the panel's width)
HELP = (N_("Mouse: carry the card"), N_("click: draw"), N_("Wheel / R / right click: turn"),
        N_("Arrows + Enter: keyboard"), N_("S skip"), N_("U undo"), N_("Enter confirm"),
        N_("Tab: other boards"))
#: the same with a game controller in hand (its buttons arrive as devices.KEY_FOR_INTENT)
PAD_HELP = (N_("D-pad: move the card"), N_("A: draw"), N_("X: turn"), N_("RB: star size"),
            N_("Y: skip"), N_("LB: undo"), N_("A: confirm"), N_("RB: other boards"),
            N_("Back: hint"))
#: the action buttons' words: the keyboard's keys, or a pad's buttons while one is in hand
BUTTON_WORDS = {"rotate": N_("Rotate (R)"), "skip": N_("Skip card (S)"),
                "skip power": N_("Skip power (S)"), "undo": N_("Undo (U)"),
                "confirm": N_("Confirm (Enter)")}
PAD_BUTTON_WORDS = {"rotate": N_("Rotate (X)"), "skip": N_("Skip card (Y)"),
                    "skip power": N_("Skip power (Y)"), "undo": N_("Undo (LB)"),
                    "confirm": N_("Confirm (A)")}
#: a spectator's controls (nothing to play: only whose board is large, and the log)
WATCHING_HELP = (N_("Tab or a click on a board: show it large"), N_("Wheel over the log: back"),
                 N_("Esc: leave"))
#: the same for a pad in hand (a TV driven by a pad read the keyboard's keys: a playtest)
WATCHING_PAD_HELP = (N_("RB: another board large"), N_("B: leave"))
#: a replay's controls (the replay's own: nothing is played at a replayed table)
REPLAY_HELP = (N_("Left/Right: a move"), N_("Up/Down: ten"), N_("Space: play or pause"),
               N_("Tab: whose place"), N_("Esc: back"))
REPLAY_PAD_HELP = (N_("D-pad: a move, ten"), N_("A: play or pause"), N_("X: whose place"),
                   N_("B: back"))
#: what the top bar says of the sun, by day (0: no pile played yet)
DAY_NAMES = (N_("Night: all rows open"), N_("Dawn: the bottom 2 rows closed"),
             N_("Morning: the bottom 4 rows closed"))


def reason_text(problem: str) -> str:
    """Why a placement is refused, in the window's language (the engine's sentence)."""
    return _(REASON_TEXT[problem]) if problem in REASON_TEXT else problem


class StarsTablePainter:
    """Layout and drawing for ``StarsTableScene`` (uses its session, view and ghost)."""

    #: a spectator's controls (the couch table adds its switch to every board at once)
    watching_help: tuple[str, ...] = WATCHING_HELP
    watching_pad_help: tuple[str, ...] = WATCHING_PAD_HELP
    #: every board at once (the couch table's layout, where no board says what the circled
    #: numbers are: the same two lines on each of eight boards); one large board otherwise
    grid = False

    # --- layout ----------------------------------------------------------------------------
    def relayout(self) -> None:
        """Board on the left at the window's full height; beside it the card panel and a
        column with the bonus cards, your score, the other boards and the log. A window too
        narrow for both columns (4:3, 800x600) stacks them in one column, so the board keeps
        its size."""
        lay = self.layout
        w, h = lay.width, lay.height
        self.top_bar = pygame.Rect(0, 0, w, lay.px(46))
        margin = lay.px(14)
        top = self.top_bar.bottom + margin // 2
        height = h - top - margin
        mid_w, right_min = lay.px(300), lay.px(280)
        board_w = BoardGeometry(pygame.Rect(0, 0, 10 * w, height)).rect.w
        room = w - board_w - 2 * margin
        self.stacked = room < mid_w + right_min + lay.px(34)
        if self.stacked:
            room = max(room, lay.px(240))
        else:
            board_w = min(board_w, w - 2 * margin - mid_w - right_min - lay.px(34))
        self.geo = BoardGeometry(pygame.Rect(margin, top, board_w, height))
        self.geo.rect.topleft = (margin, top)
        side_x = self.geo.rect.right + lay.px(18)
        side = pygame.Rect(side_x, top, w - side_x - margin, self.geo.rect.h)
        fonts = {"tiny": lay.font_px("tiny"), "small": lay.font_px("small")}
        keys, pad_keys = ((self.watching_help, self.watching_pad_help) if self.watching else
                          (REPLAY_HELP, REPLAY_PAD_HELP) if self.replaying else (HELP, PAD_HELP))
        self.help_lines = self.join_items(keys, fonts["tiny"],
                                          (side.w if self.stacked else mid_w) - lay.px(24))
        self.pad_help_lines = self.join_items(pad_keys, fonts["tiny"],
                                              (side.w if self.stacked else mid_w) - lay.px(24))
        help_h = max(len(self.help_lines), len(self.pad_help_lines)) * int(
            fonts["tiny"] * 1.2) + lay.px(20)
        if self.stacked:
            self.middle = pygame.Rect(side.x, side.y, side.w, 0)
            self.layout_card_panel(self.middle, help_h, bonus_in_panel=True)
            self.right = pygame.Rect(side.x, self.middle.bottom + lay.px(10), side.w,
                                     side.bottom - self.middle.bottom - lay.px(10))
        else:
            self.middle = pygame.Rect(side.x, side.y, mid_w, side.h)
            self.layout_card_panel(self.middle, help_h, bonus_in_panel=False)
            right_x = self.middle.right + lay.px(16)
            self.right = pygame.Rect(right_x, side.y, w - right_x - margin, side.h)
            bonus = min(lay.px(132), (self.right.w - lay.px(16)) // 2)
            caption = fonts["small"] + lay.px(6)
            self.bonus_rects = [pygame.Rect(self.right.x + i * (bonus + lay.px(16)),
                                            self.right.y + caption, bonus, bonus)
                                for i in range(2)]
        below = self.right.y if self.stacked else self.bonus_rects[0].bottom + lay.px(8)
        # your own running total always shows; "Live score" only decides about the others'
        score_h = 2 * fonts["small"] + lay.px(10)
        self.score_rect = pygame.Rect(self.right.x, below, self.right.w, score_h)
        rest = pygame.Rect(self.right.x, self.score_rect.bottom + lay.px(6), self.right.w,
                           self.right.bottom - self.score_rect.bottom - lay.px(6))
        if self.stacked:  # the other boards and the log side by side, under the card panel
            log_w = int(rest.w * 0.46)
            self.log_rect = pygame.Rect(rest.right - log_w, rest.y, log_w, rest.h)
            self.thumbs_area = pygame.Rect(rest.x, rest.y, rest.w - log_w - lay.px(10), rest.h)
        else:
            log_h = max(4 * int(fonts["tiny"] * 1.25) + lay.px(34), int(rest.h * 0.3))
            self.log_rect = pygame.Rect(rest.x, rest.bottom - log_h, rest.w, log_h)
            self.thumbs_area = pygame.Rect(rest.x, rest.y, rest.w,
                                           self.log_rect.y - lay.px(8) - rest.y)
        bonus = self.bonus_rects[0].w
        self.fonts = {
            "board": self.text.pen(fonts["small"]),
            "badge": self.text.pen(max(theme.MIN_FONT_PX, int(self.geo.spacing * 0.26)),
                                   bold=True),
            "card": self.text.pen(max(theme.MIN_FONT_PX, int(bonus * 0.11)), bold=True),
            "card_small": self.text.pen(theme.MIN_FONT_PX),
        }
        self.card_cache.clear()
        #: the log and the other boards as laid out with no departures prompt
        self.log_base, self.thumbs_base = self.log_rect, self.thumbs_area
        self.departures.layout(self.right, lay)
        self.departures_laid_out()
        # only the margins show sky here: a thinner field than the menus' costs less per frame
        self.starfield = Starfield(lay.rect.size, lay.unit, count=160, seed=11)

    def join_items(self, items: tuple[str, ...], size: int, width: int) -> list[str]:
        """``items`` joined by dots into lines of ``width`` px, never splitting an item."""
        lines: list[str] = []
        for item in map(tr, items):
            trial = f"{lines[-1]}  ·  {item}" if lines else item
            if lines and self.text.size(trial, size)[0] <= width:
                lines[-1] = trial
            else:
                lines.append(item)
        return lines

    def layout_card_panel(self, panel: pygame.Rect, help_h: int, bonus_in_panel: bool) -> None:
        """The night card (with the bonus cards beside it when stacked), the size and action
        buttons, the status lines and the help, inside ``panel`` (its height is set here when
        it is 0)."""
        lay = self.layout
        pad, gap, row_h = lay.px(12), lay.px(8), max(lay.px(40), lay.font_px("body") + 10)
        inner_w = panel.w - 2 * pad
        card_top = panel.y + lay.font_px("large") + lay.px(18)
        if bonus_in_panel:
            caption = lay.font_px("small") + lay.px(4)
            card = min(lay.px(190), int((inner_w - 2 * gap) / (1 + 2 * 0.72)))
            bonus = int(card * 0.72)
            self.card_rect = pygame.Rect(panel.x + pad, card_top, card, card)
            self.bonus_rects = [
                pygame.Rect(self.card_rect.right + gap + i * (bonus + gap),
                            card_top + caption, bonus, bonus) for i in range(2)]
        else:
            card = min(lay.px(190), panel.w - lay.px(40))
            self.card_rect = pygame.Rect(0, 0, card, card)
            self.card_rect.midtop = (panel.centerx, card_top)
        sizes_y = self.card_rect.bottom + pad
        if self.watching:  # no size or action buttons: the status lines come up under the card
            for button in [*self.size_buttons, *self.buttons.values()]:
                button.rect = pygame.Rect(panel.x, sizes_y, 0, 0)
            status_y = sizes_y
            if panel.h == 0:
                status_h = 6 * int(lay.font_px("small") * 1.15) + lay.px(12)
                panel.h = status_y + status_h + help_h - panel.y
            self.status_rect = pygame.Rect(panel.x + pad, status_y, inner_w,
                                           panel.bottom - help_h - status_y)
            return
        third = (inner_w - 2 * gap) // 3
        for i, button in enumerate(self.size_buttons):
            button.rect = pygame.Rect(panel.x + pad + i * (third + gap), sizes_y, third, row_h)
        y = sizes_y + row_h + pad
        half = (inner_w - gap) // 2
        for i, name in enumerate(("rotate", "skip", "undo", "confirm")):
            self.buttons[name].rect = pygame.Rect(
                panel.x + pad + (i % 2) * (half + gap), y + (i // 2) * (row_h + gap),
                half, row_h)
        status_y = y + 2 * (row_h + gap) + lay.px(6)
        if panel.h == 0:  # stacked: room for five status lines, then the help
            status_h = 6 * int(lay.font_px("small") * 1.15) + lay.px(12)
            panel.h = status_y + status_h + help_h - panel.y
        self.status_rect = pygame.Rect(panel.x + pad, status_y, inner_w,
                                       panel.bottom - help_h - status_y)

    def layout_thumbs(self) -> None:
        lay = self.layout
        others = [s for s in range(len(self.session.names)) if s != self.active]
        area = self.thumbs_area
        self.thumb_rects = []
        if not others:
            return
        label_h = 2 * self.text.pen(lay.font_px("tiny")).get_linesize() + lay.px(4)
        best = None
        for cols in range(1, 5):
            rows = math.ceil(len(others) / cols)
            width = (area.w - (cols - 1) * lay.px(10)) / cols
            height = (area.h - (rows - 1) * lay.px(8)) / rows - label_h
            size = min(width / 1.0, height / (12.5 / 10.5))  # board aspect
            if best is None or size > best[0]:
                best = (size, cols)
        size, cols = best
        w = max(8, int(size))
        h = max(8, int(size * 12.5 / 10.5))
        self.thumb_label_h = label_h
        for i, seat in enumerate(others):
            col, row = i % cols, i // cols
            rect = pygame.Rect(area.x + col * (w + lay.px(10)),
                               area.y + row * (h + label_h + lay.px(8)), w, h + label_h)
            self.thumb_rects.append((rect, seat))

    # --- drawing -----------------------------------------------------------------------------
    def card_surface(self, kind: str, key: Any, size: int) -> pygame.Surface:
        # a bonus card prints its title in the window's language
        cache_key = (kind, key, size) if kind in ("face", "back") else \
            (kind, key, size, language())
        surface = self.card_cache.get(cache_key)
        if surface is None:
            if len(self.card_cache) > 48:  # faces per card, turn and size: keep a few
                self.card_cache.clear()
            if kind == "face":
                card_id, rot, star_size = key
                surface = render_card(card_id, size, rot, star_size)
            elif kind == "back":
                surface = render_card_back(size)
            else:
                surface = render_bonus_card(kind, key, size, self.fonts["card"],
                                            self.fonts["card_small"])
            self.card_cache[cache_key] = surface
        return surface

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.SKY)
        if self.starfield is not None:
            self.starfield.draw(surface, alpha)
        view = self.view
        if view is None:
            return
        self.draw_top_bar(surface, view)
        self.draw_board(surface, view, alpha)
        self.draw_middle(surface, view, alpha)
        self.draw_right(surface, view)
        self.departures.draw(surface, self.text, self.layout)

    def draw_top_bar(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        lay = self.layout
        pygame.draw.rect(surface, theme.PANEL, self.top_bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, self.top_bar.bottomleft,
                         self.top_bar.bottomright, max(1, lay.px(1)))
        line = self.top_bar.centery  # every text on the line's baseline (TextCache.line_top)
        name = _("Look at the Stars")
        title = self.text.render(name, lay.font_px("large"), theme.ACCENT, bold=True)
        surface.blit(title, (lay.px(16), self.text.line_top(name, lay.font_px("large"), line,
                                                            bold=True)))
        n, of = view["card"]["n"], view["card"]["of"]
        progress = _("Card {n}/{total}").format(n=n, total=of)
        progress_label = self.text.render(progress, lay.font_px("body"), theme.TEXT)
        px = title.get_rect().w + lay.px(40)
        surface.blit(progress_label, (px, self.text.line_top(progress, lay.font_px("body"), line)))
        bar = pygame.Rect(px + progress_label.get_width() + lay.px(12), 0, lay.px(220),
                          lay.px(12))
        bar.centery = self.top_bar.centery
        pile_w = bar.w // 3
        for pile in range(3):
            cell = pygame.Rect(bar.x + pile * pile_w, bar.y, pile_w - lay.px(4), bar.h)
            done = max(0, min(data.CARDS_PER_PILE, n - pile * data.CARDS_PER_PILE))
            pygame.draw.rect(surface, theme.PANEL_LIGHT, cell, border_radius=lay.px(4))
            if done:
                filled = cell.copy()
                filled.w = int(cell.w * done / data.CARDS_PER_PILE)
                color = theme.SUN_SHADE if pile < view["day"] else theme.ACCENT
                pygame.draw.rect(surface, color, filled, border_radius=lay.px(4))
        day = _(DAY_NAMES[view["day"]])
        day_label = self.text.render(day, lay.font_px("small"),
                                     theme.SUN_SHADE if view["day"] else theme.TEXT_DIM)
        surface.blit(day_label, (bar.right + lay.px(14), self.text.line_top(
            day, lay.font_px("small"), line)))
        # on the line's baseline: a name in Japanese must not drop the line a few pixels
        self.draw_way_out(surface, self.top_bar_words(), line)

    def top_bar_words(self) -> str:
        """The top bar's right end: who plays here, and the way out."""
        return self.way_out_words(self.session.names[self.active])

    def board_layer(self, view: dict[str, Any]) -> pygame.Surface | None:
        """The cached picture of the active seat's sheet (its pending lines marked)."""
        sheet = self.my_sheet(view)
        if sheet is None:
            return None
        confirmed = view["seats"][self.active]["sheet"]
        pending_lines = sheet["lines"][len(confirmed["lines"]):] if view.get("pending") else []
        day = view["day"]
        shown_day = day - 1 if self.sun is not None else day
        return self.renderer.sheet_layer(sheet, self.geo, day=shown_day, pending=pending_lines,
                                         font=self.fonts["board"],
                                         badge_font=self.fonts["badge"],
                                         legend=not self.grid)

    def draw_board(self, surface: pygame.Surface, view: dict[str, Any], alpha: float,
                   layer_drawn: bool = False) -> None:
        """The active seat's board: its layer (unless ``layer_drawn``: a caller's cached
        picture holds it), the rising sun, the ghost or the power targets, the highlights."""
        if not layer_drawn:
            layer = self.board_layer(view)
            if layer is None:
                return
            surface.blit(layer, self.geo.rect)
        if self.session.replay or self.couch is None:
            # (the rules count rows "as the board's edge numbers them", hints and the review
            # name stars by them: a new player found them only in the replay; the small
            # boards at one screen have no margin for them)
            self.draw_rulers(surface)
        day = view["day"]
        if self.sun is not None:
            shade = self.renderer.shade(self.geo.local(), 2 * day)
            height = max(1, int(shade.get_height() * self.sun.progress(alpha)))
            part = shade.subsurface((0, shade.get_height() - height, shade.get_width(), height))
            surface.blit(part, (self.geo.rect.x, self.geo.rect.bottom - height -
                                int(self.geo.spacing * 0.1)))
        phase = self.phase()
        if phase in ("play", "power"):
            self.draw_preview_marks(surface)
        if phase == "play" and (self.mouse_on_board or self.keyboard_ghost):
            self.draw_ghost(surface)
        elif phase == "power":
            self.draw_targets(surface)
        for lines, left in self.glows:
            k = min(1.0, left / GLOW_SECONDS * 2)
            color = tuple(int(c * k + b * (1 - k)) for c, b in zip(theme.ACCENT, theme.LINE,
                                                                   strict=True))
            for x1, y1, x2, y2 in lines:
                draw_segment(surface, self.geo.to_px(x1, y1), self.geo.to_px(x2, y2), color,
                             self.geo.width(0.12))
        for points, left in self.flashes:
            k = left / 0.6
            r = int(self.geo.spacing * (0.5 - 0.3 * k))
            for p in points:  # grid points: right after a resize too
                pygame.draw.circle(surface, theme.ACCENT, self.geo.to_px(*p), max(2, r),
                                   max(1, self.geo.width(0.04)))

    def draw_rulers(self, surface: pygame.Surface) -> None:
        """Column numbers under the board and row numbers beside it, in its margin: a replay
        and the review name stars as (column, row) (``game.client.stars.spot``). In the text
        colour: dim, they faded under the dawn's shade (a playtest)."""
        geo = self.geo
        size = max(theme.MIN_FONT_PX, round(geo.spacing * 0.28))
        for column in range(GRID_W):
            label = self.text.render(str(column + 1), size, theme.TEXT)
            surface.blit(label, label.get_rect(center=geo.to_px(column, -RULER_AT)))
        for row in range(GRID_H):
            label = self.text.render(str(row + 1), size, theme.TEXT)
            surface.blit(label, label.get_rect(center=geo.to_px(-RULER_AT, row)))

    def draw_ghost(self, surface: pygame.Surface) -> None:
        ghost = self.ghost()
        if ghost is None:
            return
        kind, shape, problem = ghost
        color = theme.LEGAL if problem is None else theme.ILLEGAL
        geo = self.geo
        width = geo.width(0.1)
        if kind == "lines":
            for x1, y1, x2, y2 in shape:
                draw_segment(surface, geo.to_px(x1, y1), geo.to_px(x2, y2), color, width)
                for p in ((x1, y1), (x2, y2)):
                    pygame.draw.circle(surface, color, geo.to_px(*p), int(geo.spacing * 0.16),
                                       max(1, geo.width(0.03)))
        else:
            points = [geo.to_px(*p) for p in shape]
            for a, b in zip(points, points[1:], strict=False):
                draw_segment(surface, a, b, color, width)
            pygame.draw.circle(surface, color, points[0], int(geo.spacing * 0.22))
        if problem is not None and self.reason_floats(problem):
            # the reason floats just above the ghost, kept inside the board
            # (wrapped to the board: a small board at one screen with everyone's is narrow)
            pad = self.layout.px(8)
            size = self.layout.font_px("small")
            lines = self.text.wrap(reason_text(problem), size, geo.rect.w - 4 * pad)
            labels = [self.text.render(line, size, theme.ILLEGAL) for line in lines]
            step = int(size * 1.2)
            points = [geo.to_px(*p) for p in self._ghost_points(kind, shape)]
            top = min(p[1] for p in points) - int(geo.spacing * 0.35)
            centre_x = sum(p[0] for p in points) // len(points)
            box = pygame.Rect(0, 0, max(label.get_width() for label in labels),
                              step * (len(labels) - 1) + labels[-1].get_height())
            box.midbottom = (centre_x, top)
            # its background (a pad wider on each side) inside the board too: at the left
            # edge it stood past the board's frame (a mouse-only playtest)
            box.clamp_ip(geo.rect.inflate(-4 * pad, -2 * pad))
            pygame.draw.rect(surface, (30, 10, 20), box.inflate(2 * pad, pad),
                             border_radius=self.layout.px(6))
            for i, label in enumerate(labels):
                surface.blit(label, label.get_rect(midtop=(box.centerx, box.y + i * step)))

    def reason_floats(self, problem: str) -> bool:
        """Whether why the ghost is refused floats just above it (the couch table says it
        in the board's hint line where it fits)."""
        return True

    @staticmethod
    def _ghost_points(kind: str, shape: list) -> list[tuple[int, int]]:
        if kind == "lines":
            return [(s[0], s[1]) for s in shape] + [(s[2], s[3]) for s in shape]
        return [(p[0], p[1]) for p in shape]

    def draw_targets(self, surface: pygame.Surface) -> None:
        targets = self.targets()
        if not targets:
            return
        geo = self.geo
        pulse = 0.6 + 0.4 * math.sin(self.clock * 5)
        ring = tuple(int(c * (0.5 + 0.5 * pulse)) for c in theme.HIGHLIGHT)  # never faint
        earned = tuple(int(c * (0.7 + 0.3 * pulse)) for c in theme.POWER_COPY)
        for x1, y1, x2, y2 in self.view["pending"]["prompt"].get("copy", []):
            draw_segment(surface, geo.to_px(x1, y1), geo.to_px(x2, y2), earned, geo.width(0.11))
        selected = self.target_index % len(targets)
        galaxy = self.view["pending"]["prompt"]["power"] == data.GALAXY

        def target_points(target: dict[str, Any]) -> list[list[int]]:
            at = target["at"]
            return [at, [at[0] + 1, at[1]]] if galaxy else [at]

        for target in targets:  # every legal place, pulsing; the chosen one on top
            if "line" in target:  # a dot in a ring: tiny dots alone read as background stars
                centre = geo.to_px(*self.target_centre(target))
                pygame.draw.circle(surface, ring, centre, max(2, geo.width(0.05)))
                pygame.draw.circle(surface, ring, centre, int(geo.spacing * 0.14),
                                   max(1, geo.width(0.03)))
            else:
                for p in target_points(target):
                    pygame.draw.circle(surface, ring, geo.to_px(*p), int(geo.spacing * 0.22),
                                       max(1, geo.width(0.04)))
        chosen = targets[selected]
        if "line" in chosen:
            x1, y1, x2, y2 = chosen["line"]
            draw_segment(surface, geo.to_px(x1, y1), geo.to_px(x2, y2), theme.LEGAL,
                         geo.width(0.1))
        else:
            for p in target_points(chosen):
                pygame.draw.circle(surface, theme.LEGAL, geo.to_px(*p), int(geo.spacing * 0.3),
                                   max(2, geo.width(0.07)))

    def draw_middle(self, surface: pygame.Surface, view: dict[str, Any], alpha: float) -> None:
        lay = self.layout
        draw_panel(surface, self.middle, lay)
        card = view["card"]
        heading = (_("Shooting star  {n}/{total}") if card["kind"] == "shooting_star"
                   else _("Night card  {n}/{total}")).format(n=card["n"], total=card["of"])
        size = self.text.fit(heading, lay.font_px("large"), self.middle.w - lay.px(16), True)
        label = self.text.render(heading, size, theme.ACCENT, bold=True)
        surface.blit(label, label.get_rect(midtop=(self.middle.centerx,
                                                   self.middle.y + lay.px(10))))
        # the card turns with the ghost (and shows the shooting star's chosen size)
        self.draw_night_card(surface, self.card_rect, card, self.rot, self.shooting_size, alpha)
        phase = self.phase()
        if self.watching or self.replaying:
            for button in [*self.size_buttons, *self.buttons.values()]:
                button.enabled = False  # not drawn either: a spectator has nothing to press,
            self.draw_status(surface, view, phase)  # nor a replay (its buttons looked live)
            return
        is_star = card["kind"] == "shooting_star"
        for button in self.size_buttons:
            button.enabled = is_star and phase == "play"
        if is_star:
            mouse = pygame.mouse.get_pos()
            for n, button in enumerate(self.size_buttons, 1):
                button.label = ngettext("{n} segment", "{n} segments", n).format(n=n)
            same_type_size(self.size_buttons, self.text, lay)  # (they read in three sizes)
            for n, button in enumerate(self.size_buttons, 1):
                button.draw(surface, self.text, lay, n == self.shooting_size,
                            button.rect.collidepoint(mouse))
        elif not self.replaying:  # (a replay turns no card)
            words = controls_hint(self.app, _("Wheel, R or right click: rotate"),
                                  _("X: rotate"))
            size = self.text.fit(words, lay.font_px("small"), self.middle.w - lay.px(16))
            hint = self.text.render(words, size, theme.TEXT_DIM)
            surface.blit(hint, hint.get_rect(center=self.size_buttons[1].rect.center))
        playing = not self.replaying
        self.buttons["rotate"].enabled = phase == "play" and playing
        self.buttons["skip"].enabled = phase in ("play", "power") and playing
        words = PAD_BUTTON_WORDS if pad_in_hand(self.app) else BUTTON_WORDS
        for name, button in self.buttons.items():
            button.label = words[name]
        self.buttons["skip"].label = words["skip power"] if phase == "power" else words["skip"]
        self.buttons["undo"].enabled = phase in ("power", "review", "confirmed") and bool(
            view.get("pending")) and playing
        self.buttons["confirm"].enabled = phase == "review" and playing
        mouse = pygame.mouse.get_pos()
        for button in self.buttons.values():
            button.draw(surface, self.text, lay, False, button.rect.collidepoint(mouse))
        self.draw_status(surface, view, phase)

    def draw_night_card(self, surface: pygame.Surface, rect: pygame.Rect, card: dict[str, Any],
                        rot: int, star_size: int, alpha: float) -> None:
        """The night card in ``rect``: it flips in (back shrinks, face grows: a cheap scale,
        no rotozoom) while ``self.flip`` runs."""
        t = self.flip.progress(alpha)
        size = rect.w
        face = self.card_surface("face", (card["id"], rot, star_size), size)
        if t < 1.0:
            half = abs(1 - 2 * t)
            source = self.card_surface("back", 0, size) if t < 0.5 else face
            width = max(1, int(size * half))
            lift = int(self.layout.px(10) * math.sin(math.pi * t))
            flipped = pygame.transform.scale(source, (width, size))
            surface.blit(flipped, flipped.get_rect(center=(rect.centerx, rect.centery - lift)))
        else:
            surface.blit(face, rect)

    def status_lines(self, view: dict[str, Any], phase: str) -> list[tuple[str, theme.Color]]:
        lines: list[tuple[str, theme.Color]] = []
        if self.watching:
            lines += self.watching_lines(view)
        elif self.replaying and phase in ("play", "power", "review"):
            name = self.session.names[self.active]
            lines.append(({"play": _("{name} has not played this card yet."),
                           "power": _("{name} is choosing where to use a power bonus."),
                           "review": _("{name} has played this card, not yet confirmed.")
                           }[phase].format(name=name), theme.TEXT))
        elif phase == "power":
            prompt = view["pending"]["prompt"]
            lines.append((_("Power bonus: {power}").format(power=power_label(prompt["power"])),
                          theme.ACCENT))
            uses = ngettext("{n} use", "{n} uses", prompt["uses"]).format(n=prompt["uses"])
            if prompt.get("stars_left"):
                uses = ngettext("{uses} ({n} star left)", "{uses} ({n} stars left)",
                                prompt["stars_left"]).format(uses=uses, n=prompt["stars_left"])
            help_text = POWER_HELP.get(prompt["power"])
            lines.append((_("{uses}: {what}.").format(uses=uses,
                                                      what=_(help_text) if help_text else ""),
                          theme.TEXT))
            lines += self.preview_lines()  # before the keys: the panel cuts the last lines
            lines.append((controls_hint(
                # (the keyboard's arrows + Enter are in the help under the panel: said here
                # too, the line ran past the Hint button and ended in "…", a 4K playtest)
                self.app, _("Click a highlighted place, or skip (S)."),
                _("D-pad: choose a highlighted place  ·  A: use it  ·  Y: skip")),
                theme.TEXT_DIM))
        elif phase == "play":
            ghost = self.ghost()
            if ghost and (self.mouse_on_board or self.keyboard_ghost):
                problem = ghost[2]
                if problem is None:
                    # what the spot scores and why first, how to draw it after: at 720p the
                    # panel cut the "Breaks your constellation" warning (a playtest), and the
                    # help under the panel says how to draw too
                    lines += self.preview_lines()
                    lines.append((controls_hint(self.app,
                                                _("Legal here: click or Enter to draw."),
                                                _("Legal here: A to draw.")), theme.LEGAL))
                else:
                    lines.append((reason_text(problem), theme.ILLEGAL))
            else:
                lines.append((controls_hint(
                    self.app, _("Move the card over your board (mouse or arrows)."),
                    _("Move the card over your board (D-pad).")), theme.TEXT))
        elif phase == "review":
            done = {"skip": N_("Card skipped: confirm your turn (Enter), or undo (U)."),
                    "shooting_star": N_("Shooting star drawn: confirm your turn (Enter), or "
                                        "undo (U).")}.get(
                view["pending"]["action"], N_("Placed: confirm your turn (Enter), or undo (U)."))
            if pad_in_hand(self.app):
                done = N_("Played: confirm your turn (A), or undo (LB).")
            lines.append((_(done), theme.LEGAL))
        elif phase == "confirmed":
            waiting = self.unconfirmed_names(view)
            lines.append((_("Confirmed. Waiting for {names}.").format(
                names=_(", ").join(waiting)), theme.TEXT_DIM))
            if not self.replaying:  # (a replay watching a seat undoes nothing)
                lines.append((_("You may still undo (U) until everyone has confirmed."),
                              theme.TEXT_DIM))
        elif phase == "over":
            lines.append((_("The night is over. Counting the stars..."), theme.ACCENT))
        hint = self.hints.line() if phase in ("play", "power", "review") else None
        if hint:  # first: what the player asked for is never the line the panel cuts
            lines.insert(0, (hint, theme.ACCENT))
        status = tr(self.status[0])
        if self.status_time > 0 and status and \
                all(status != text for text, _color in lines):
            # first (unless a line says it already); in a power prompt under what the place
            # scores and why: its "costs 9 points" pushed "Breaks your 8-line constellation"
            # out of the panel (a playtest)
            at = len(lines) - 1 if phase == "power" and not self.replaying else 0
            lines.insert(max(0, at), (status, self.status[1]))
        return lines

    def unconfirmed_names(self, view: dict[str, Any]) -> list[str]:
        """Who has not confirmed this card yet, a LAN player who left the table said so."""
        names, away = self.session.names, self.departures.away_since
        # each as a list names a person (「星野さん」); the one who left says so, honoured in
        # its own words (「Bobさん（テーブルを離れています）」, not followed by a second さん)
        return [_("{name} (left the table)").format(name=names[s]) if s in away
                else person(names[s])
                for s in range(len(view["seats"])) if not view["seats"][s]["confirmed"]]

    def watching_lines(self, view: dict[str, Any]) -> list[tuple[str, theme.Color]]:
        """A spectator's status: whose board is large, and who has not finished the card."""
        names = self.session.names
        lines = [(_("You are watching this game: {name}'s sky is shown large.").format(
            name=names[self.active]), theme.TEXT)]
        if view["over"]:
            return [*lines, (_("The night is over. Counting the stars..."), theme.ACCENT)]
        waiting = self.unconfirmed_names(view)
        if waiting:
            lines.append((_("Playing this card: {names}.").format(names=_(", ").join(waiting)),
                          theme.TEXT_DIM))
        return lines

    def preview_lines(self) -> list[tuple[str, theme.Color]]:
        """The score this placement would change, per category, and what it would break
        (the engine's ``placement_preview``)."""
        preview = self.preview()
        if preview is None:
            return []
        delta = preview["delta"]
        parts = [f"{tr(column.title)} {delta[column.key]:+d}" for column in SCORE_COLUMNS
                 if delta[column.key]]
        total = delta["total"]
        verdict = f"{total:+d}" if parts else _("no change")
        lines = [(_("Score if drawn here: {verdict}").format(verdict=verdict),
                  theme.WARNING if total < 0 else
                  theme.ACCENT if total > 0 else theme.TEXT_DIM)]
        # why it costs before the sums per category: a panel too short at 720p cuts the last
        # lines, and the warnings are what a player must not miss (a playtest)
        for broken in preview["broken"]:
            lines.append((_("Breaks your {size}-line constellation: it would grow to {into} "
                            "lines and score nothing.").format(size=broken["size"],
                                                               into=broken["into"]),
                          theme.WARNING))
        lines += [(text, theme.WARNING) for text in self.loss_reasons(preview)]
        uses = preview.get("power_uses", 0)
        if uses:
            power = power_label(self.view["power"])
            lines.append((ngettext("Completes your power shape: {n} use of {power}.",
                                   "Completes your power shapes: {n} uses of {power}.",
                                   uses).format(n=uses, power=power), theme.ACCENT))
        if parts:
            lines.append((_(", ").join(parts), theme.TEXT))
        return lines

    @staticmethod
    def loss_reasons(preview: dict[str, Any]) -> list[str]:
        """Why each category that would go down loses, once per reason, in the window's
        language: "Constellations: you already have a 5-line constellation, ..."."""
        reasons: list[str] = []
        for loss in preview.get("losses", ()):
            key = (loss["kind"], loss["why"])
            if key in TOLD_AS_BROKEN:
                continue
            why = _(LOSS_WORDS[key]).format(size=loss["size"], into=loss["into"]) \
                if key in LOSS_WORDS else _("it would score less here")
            text = _("{category}: {why}.").format(category=tr(CATEGORY[loss["category"]].title),
                                                  why=why)
            if text not in reasons:
                reasons.append(text)
        return reasons

    def draw_preview_marks(self, surface: pygame.Surface) -> None:
        """The constellations a placement would break, pulsing in the warning colour."""
        preview = self.preview()
        if not preview or not preview["broken"]:
            return
        pulse = 0.65 + 0.35 * math.sin(self.clock * 6)
        color = tuple(int(c * pulse) for c in theme.WARNING)
        for broken in preview["broken"]:
            for x1, y1, x2, y2 in broken["lines"]:
                draw_segment(surface, self.geo.to_px(x1, y1), self.geo.to_px(x2, y2), color,
                             self.geo.width(0.16))

    def draw_help(self, surface: pygame.Surface) -> int:
        """The controls, at the bottom of the card panel; returns the top y used."""
        lay = self.layout
        size = lay.font_px("tiny")
        lines = getattr(self, "pad_help_lines", None) if pad_in_hand(self.app) else None
        lines = lines or self.help_lines
        y = self.middle.bottom - lay.px(10) - len(lines) * int(size * 1.2)
        top = y
        pygame.draw.line(surface, theme.PANEL_EDGE, (self.status_rect.x, y - lay.px(6)),
                         (self.status_rect.right, y - lay.px(6)))
        for line in lines:
            label = self.text.render(line, size, theme.TEXT_DIM)
            surface.blit(label, (self.status_rect.x, y))
            y += int(size * 1.2)
        return top - lay.px(10)

    def draw_status(self, surface: pygame.Surface, view: dict[str, Any], phase: str) -> None:
        lay = self.layout
        size = lay.font_px("small")
        y = self.status_rect.y
        bottom = self.draw_help(surface)
        if self.hints.offered and phase in ("play", "power", "review", "confirmed"):
            bottom = self.draw_hint_button(surface, bottom)
        rows: list[tuple[str, theme.Color, int, int]] = []  # (line, colour, y, message)
        for number, (message, color) in enumerate(self.status_lines(view, phase)):
            for line in self.text.wrap(message, size, self.status_rect.w):
                rows.append((line, color, y, number))
                y += int(size * 1.15)
            y += lay.px(6)
        placed = [row for row in rows if row[2] + size <= bottom]
        if placed and len(placed) < len(rows) and rows[len(placed)][3] == placed[-1][3]:
            # a message cut in the middle says so (a whole message left out does not: its
            # "…" after the full stop of the message before read "....")
            line, color, at, number = placed[-1]
            placed[-1] = (self.text.cut(line + "…", size, self.status_rect.w), color, at,
                          number)
        for line, color, at, _number in placed:
            surface.blit(self.text.render(line, size, color), (self.status_rect.x, at))

    def draw_hint_button(self, surface: pygame.Surface, bottom: int) -> int:
        """The Hint button above the help (``hinting.HintAsker``); returns the top y used."""
        lay = self.layout
        button = self.hints.button
        row_h = max(lay.px(34), lay.font_px("body") + 8)
        button.rect = pygame.Rect(self.status_rect.x, bottom - row_h,
                                  (self.status_rect.w - lay.px(8)) // 2, row_h)
        button.enabled = not self.hints.thinking
        self.hints.name_key(glyph(self.app.last_device, "hint") if pad_in_hand(self.app) else "H")
        button.draw(surface, self.text, lay, False,
                    button.rect.collidepoint(pygame.mouse.get_pos()))
        return button.rect.y - lay.px(8)

    def draw_right(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        lay = self.layout
        small = lay.font_px("small")
        for rect, kind, number, title in (
                (self.bonus_rects[0], "point", view["point_card"], _("Point bonus")),
                (self.bonus_rects[1], "power", view["power_card"], _("Power bonus"))):
            if not bonus_title_fits(kind, number, rect.w, self.fonts["card_small"]):
                title = bonus_title(kind, number)  # the card is too small to print it
            size = self.text.fit(title, small, rect.w + lay.px(6))
            label = self.text.render(title, size, theme.TEXT_DIM)
            surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.y - lay.px(3))))
            surface.blit(self.card_surface(kind, number, rect.w), rect)
        scores = view.get("scores")
        if self.score_rect.h:
            self.draw_score(surface, view, scores)
        for rect, seat in self.thumb_rects:
            self.draw_thumb(surface, view, rect, seat, scores)
        self.draw_log(surface)

    def draw_score(self, surface: pygame.Surface, view: dict[str, Any],
                   scores: list | None) -> None:
        """Your running score; a spectator's line names the sky shown large, with its score
        when everyone's is public (``live_score``, or the end)."""
        lay = self.layout
        small = lay.font_px("small")
        score = (scores[self.active] if scores else None) if self.watching else \
            view.get("my_score")
        if self.watching:
            words = _("{name}'s sky").format(name=self.session.names[self.active])
            if score:
                words = ngettext("{sky}  ·  {n} point", "{sky}  ·  {n} points",
                                 score["total"]).format(sky=words, n=score["total"])
        elif score and self.replaying:  # a replay is watched from a player's place
            words = _("{name}'s score: {total}").format(name=self.session.names[self.active],
                                                        total=score["total"])
        elif score:
            words = _("Your score: {total}").format(total=score["total"])
        else:
            return
        size = self.text.fit(words, small, self.score_rect.w, True)
        line1 = self.text.render(words, size, theme.ACCENT, bold=True)
        surface.blit(line1, (self.score_rect.x, self.score_rect.y))
        if not score:
            return
        parts = _("const {constellations} · planets {planets} · shooting {shooting} · "
                  "bonus {bonus}").format(constellations=score["constellations"],
                                          planets=score["planets"],
                                          shooting=score["shooting_stars"],
                                          bonus=score["point_bonus"] + score["power_bonus"])
        size = self.text.fit(parts, lay.font_px("tiny"), self.score_rect.w)
        line2 = self.text.render(parts, size, theme.TEXT_DIM)
        surface.blit(line2, (self.score_rect.x, self.score_rect.y + line1.get_height()))

    def departures_laid_out(self) -> None:
        """A LAN host's departures prompt stands at the foot of the right column: the log
        moves above it whole and the other boards shrink to make room (the log was squeezed
        to its title at 1600x900, the sky empty above it: a LAN evening's playtest). Beside
        the boards (stacked) the log only ends above it (``shown_log_rect``)."""
        log, area = self.log_base, self.thumbs_base
        if self.departures.all_buttons and not self.stacked:
            bottom = self.departures.rect.y - self.layout.px(6)
            if log.bottom > bottom:
                log = pygame.Rect(log.x, bottom - log.h, log.w, log.h)
                area = pygame.Rect(area.x, area.y, area.w,
                                   max(0, log.y - self.layout.px(8) - area.y))
        self.log_rect, self.thumbs_area = log, area
        self.layout_thumbs()

    def shown_log_rect(self) -> pygame.Rect:
        """The log's box, above a LAN host's departures panel while that shows (the panel
        covered the log's newest lines: a playtest)."""
        rect = self.log_rect
        panel = self.departures.rect
        if self.departures.all_buttons and panel.colliderect(rect):
            rect = pygame.Rect(rect.x, rect.y, rect.w, max(0, panel.y - self.layout.px(6)
                                                           - rect.y))
        return rect

    def draw_log(self, surface: pygame.Surface) -> None:
        """The game log: the newest lines that fit, or older ones after a wheel back."""
        lay = self.layout
        rect = self.shown_log_rect()
        if rect.h <= 0:
            return
        draw_panel(surface, rect, lay)
        pad = lay.px(10)
        size = lay.font_px("tiny")
        step = int(size * 1.25)
        # (the wheel is the mouse's: with a pad in hand the title says nothing of it)
        words = _("Game log  (wheel: back)") if self.log and not pad_in_hand(self.app) \
            else _("Game log")
        if self.text.size(words, lay.font_px("small"), True)[0] > rect.w - 2 * pad:
            words = _("Game log")  # a narrow column: the hint gives way to the title
        size = self.text.fit(words, lay.font_px("small"), rect.w - 2 * pad, True)
        title = self.text.render(words, size, theme.TEXT_DIM, bold=True)
        surface.blit(title, (rect.x + pad, rect.y + pad // 2))
        top = rect.y + pad // 2 + title.get_height() + lay.px(4)
        room = max(0, (rect.bottom - pad // 2 - top) // step)
        self.draw_log_page(surface, rect.x + pad, top, rect.w - 2 * pad, room, step, size,
                           self.text.wrap)

    def others_sheet(self, view: dict[str, Any], seat: int) -> dict[str, Any]:
        """Another seat's board as this screen may show it: its lines up to the last card
        that ended, or in a replay (nothing is secret there) the card being played too."""
        if self.replaying:
            pending = self.session.seat_view(seat).get("pending")
            if pending:
                return pending["sheet"]
        return view["seats"][seat]["sheet"]

    def draw_thumb(self, surface: pygame.Surface, view: dict[str, Any], rect: pygame.Rect,
                   seat: int, scores: list | None) -> None:
        lay = self.layout
        info = view["seats"][seat]
        label_h = self.thumb_label_h
        geo = BoardGeometry(pygame.Rect(rect.x, rect.y, rect.w, rect.h - label_h))
        layer = self.renderer.sheet_layer(self.others_sheet(view, seat), geo, day=view["day"],
                                          sizes=False)
        surface.blit(layer, geo.rect)
        mouse_over = rect.collidepoint(pygame.mouse.get_pos())
        pygame.draw.rect(surface, theme.ACCENT if mouse_over else theme.SEAT_COLORS[seat % 8],
                         geo.rect, max(1, lay.px(2 if mouse_over else 1)))
        name = self.session.names[seat]
        kind = self.session.kinds[seat]
        if view["over"]:
            state, color = _("final board"), theme.ACCENT
        elif seat in self.departures.away_since:
            state, color = _("left the table"), theme.WARNING
        elif seat in self.departures.stand_ins:
            state, color = _("a bot plays for now"), theme.TEXT_DIM
        elif info["confirmed"]:
            state, color = _("ready"), theme.LEGAL
        elif kind == "ai" and not self.replaying:
            dots = progress_dots(self.clock)
            state, color = _("thinking") + dots, theme.TEXT_DIM
        else:
            state, color = _("playing"), theme.TEXT_DIM
        tiny = lay.font_px("tiny")
        points = (ngettext("{n} pt", "{n} pts", scores[seat]["total"]).format(
            n=scores[seat]["total"]) if scores else "")
        name = self.shortest_fit([name, name[:10] + "…", name[:5] + "…"], tiny, rect.w, True)
        extra = self.shortest_fit([f"{state} · {points}" if points else state,
                                   points or state.rstrip("."), state[:5]], tiny, rect.w)
        label = self.text.render(name, tiny, theme.SEAT_COLORS[seat % 8], bold=True)
        surface.blit(label, (rect.x, geo.rect.bottom + lay.px(2)))
        label2 = self.text.render(extra, tiny, color)
        surface.blit(label2, (rect.x, geo.rect.bottom + lay.px(2) + label.get_height()))

    def shortest_fit(self, candidates: list[str], size: int, width: int,
                     bold: bool = False) -> str:
        """The first of ``candidates`` (longest first) that fits ``width`` px, else the last."""
        return next((text for text in candidates
                     if self.text.size(text, size, bold)[0] <= width), candidates[-1])
