"""The end of the night: every player's final board side by side, with what scored marked in
its category's colour (constellations, the planets they touch, shooting stars, point-bonus
copies, power objects). What scored comes from the engine (``score_details``), item by item.

1-6 or Left/Right choose the category ("Everything" shows them all); a click or Enter on a
board shows it large with the list of its items; Esc goes back.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.client import theme
from game.client.i18n import N_, _, ngettext, tr
from game.client.scenes.base import SkyScene, corner_back
from game.client.stars.categories import CATEGORY, SCORE_COLUMNS
from game.client.stars.render import (
    BoardGeometry,
    SheetRenderer,
    draw_dashed_segment,
    draw_segment,
    power_label,
)
from game.client.widgets import Button, draw_panel
from game.rules.stars import score_details

if TYPE_CHECKING:
    from game.client.scenes.base import Stage

#: items that count other items' lines (their ``lines`` are constellations, ``stars[0]`` the
#: object itself)
COUNTING = ("planet", "twinkling_star", "crescent_moon")
#: what a line's colour says where it scores nothing (the legend under the boards: a new
#: player saw a second 6-line constellation drawn pale and could not tell why)
UNSCORED = {"already_scored": (theme.TEXT_DIM, N_("a size already scored: one of each counts")),
            "too_big": (theme.WARNING, N_("9 lines or more: scores nothing")),
            "too_small": (theme.LINE, N_("1 or 2 lines: not a constellation"))}
#: the selector: None shows every category at once
CHOICES: list[tuple[str | None, str]] = [(None, N_("Everything"))] + [
    (column.key, column.title) for column in SCORE_COLUMNS]


def item_words(item: dict[str, Any]) -> str:
    """A scoring item and its points, the words first ("constellation of 4 lines: 4 points":
    「4 4本の星座」 read as "44" in Japanese, a playtest)."""
    return ngettext("{what}: {n} point", "{what}: {n} points", item["points"]).format(
        what=item_label(item), n=item["points"])


def item_label(item: dict[str, Any]) -> str:
    """What a scoring item of ``score_details`` is, in the window's language (the engine's
    ``label`` is English: the words are made here from the item's kind and figures)."""
    kind, points, size = item["kind"], item["points"], len(item["lines"])
    if kind in ("constellation", "nova_group"):
        text = (_("constellation of {n} lines") if kind == "constellation"
                else _("nova constellation of {n} lines")).format(n=size)
        if points == 0 and kind == "constellation":
            text = _("{item} (a {n} already scored)").format(item=text, n=size)
        return text
    if kind == "dead_group":
        return _("{n} lines: too many, scores nothing").format(n=size)
    if kind == "planet":
        return ngettext("planet touching {n} constellation",
                        "planet touching {n} constellations", points).format(n=points)
    if kind == "shooting_star":
        return _("shooting star of {n}").format(n=points)
    if kind == "copy":
        return _("point-bonus copy")
    return power_label(kind).lower() if kind else item["label"]


def item_colour(item: dict[str, Any], pulse: float = 1.0) -> theme.Color:
    """A scoring item's colour on a board: its category's (``pulse``: its brightness now),
    or why it scores nothing (``UNSCORED``)."""
    if item["points"] == 0:
        return UNSCORED["too_big" if item["kind"] == "dead_group" else "already_scored"][0]
    return tuple(int(c * pulse) for c in CATEGORY[item["category"]].color)


def draw_item(surface: pygame.Surface, geo: BoardGeometry, item: dict[str, Any],
              color: theme.Color, counted_lines: bool = True, picked: bool = False) -> None:
    """One scoring item on a board drawn at ``geo``: its lines, or its object ringed (a
    planet, moon or twinkling star also the constellations it counts, unless
    ``counted_lines`` is False); ``picked``: bolder, every ring as wide as a planet's (the
    item the mouse points at in the large board's list)."""
    counted = item["kind"] in COUNTING
    line_w, ring_w = (geo.width(0.16), max(3, geo.width(0.09))) if picked else \
        (geo.width(0.13), max(2, geo.width(0.07)))
    # a group too big to score in dashes: its orange stood close to a shooting star's salmon
    draw = draw_dashed_segment if item["kind"] == "dead_group" else draw_segment
    for x1, y1, x2, y2 in item["lines"] if counted_lines or not counted else []:
        draw(surface, geo.to_px(x1, y1), geo.to_px(x2, y2), color, line_w)
    if counted:  # the planet (moon, twinkling star) itself, ringed
        x, y = item["stars"][0]
        pygame.draw.circle(surface, color, geo.to_px(x, y), int(geo.spacing * 0.5), ring_w)
    elif not item["lines"]:  # an object, and the stars it scores (a black hole)
        radius = int(geo.spacing * (0.5 if picked else 0.36))
        for x, y in item["stars"]:
            pygame.draw.circle(surface, color, geo.to_px(x, y), radius, ring_w)


def unscored_kinds(items: list[dict[str, Any]], sheet: dict[str, Any]) -> set[str]:
    """How a sheet's lines score nothing, as ``UNSCORED`` names them (constellations of a size
    already held, groups too big, groups of 1 or 2 lines), from its scoring ``items``."""
    kinds, grouped = set(), set()
    for item in items:
        if item["kind"] in ("constellation", "nova_group", "dead_group"):
            grouped.update(tuple(line) for line in item["lines"])
        if item["kind"] == "dead_group":
            kinds.add("too_big")
        elif item["kind"] == "constellation" and item["points"] == 0:
            kinds.add("already_scored")
    if any(tuple(line) not in grouped for line in sheet["lines"]):
        kinds.add("too_small")
    return kinds


class FinalBoardsScene(SkyScene):
    def __init__(self, app: Stage, view: dict[str, Any], names: list[str]) -> None:
        super().__init__(app)
        self.view = view
        self.names = names
        self.sheets = [seat["sheet"] for seat in view["seats"]]
        self.items = [score_details(sheet) for sheet in self.sheets]
        #: per seat, how its lines score nothing (the legend's entries come from these)
        self.unscored = [unscored_kinds(items, sheet)
                         for items, sheet in zip(self.items, self.sheets, strict=True)]
        self.totals = [{column.key: sum(i["points"] for i in items
                                        if i["category"] == column.key)
                        for column in SCORE_COLUMNS} for items in self.items]
        self.renderer = SheetRenderer(budget_mb=96)
        self.choice = 0
        #: the board shown large (None: all of them)
        self.focus: int | None = None
        self.tabs = [Button(title, lambda i=i: self.choose(i), size="small")
                     for i, (_, title) in enumerate(CHOICES)]
        self.board_rects: list[tuple[BoardGeometry, pygame.Rect, int]] = []
        self.clock = 0.0
        self.corner = corner_back(self.back)

    def back(self) -> None:
        """Esc, a pad's B or the corner's button: from one board large to all of them, from
        all of them back to the results."""
        if self.focus is not None:
            self.focus = None
            self.layout_boards()
        else:
            self.app.pop()

    @property
    def category(self) -> str | None:
        return CHOICES[self.choice][0]

    def choose(self, index: int) -> None:
        self.choice = index % len(CHOICES)

    def shown_items(self, seat: int) -> list[dict[str, Any]]:
        """The items of ``seat``'s board drawn now (the chosen category, or all)."""
        category = self.category
        return [item for item in self.items[seat]
                if category is None or item["category"] == category]

    def unscored_kinds(self, seat: int) -> set[str]:
        """How ``seat``'s lines score nothing, as ``UNSCORED`` names them."""
        return self.unscored[seat]

    def legend(self) -> list[str]:
        """The legend's entries for the boards shown (keys of ``UNSCORED``): only what they
        show, and only where the constellations are drawn."""
        if self.category not in (None, "constellations"):
            return []
        seats = [self.focus] if self.focus is not None else range(len(self.sheets))
        shown = set().union(*(self.unscored_kinds(seat) for seat in seats))
        return [kind for kind in UNSCORED if kind in shown]

    def legend_height(self) -> int:
        return self.text.pen(self.layout.font_px("small")).get_linesize() + self.layout.px(10)

    # --- layout ------------------------------------------------------------------------------
    def relayout(self) -> None:
        lay = self.layout
        self.corner.relayout(lay)
        tab_h = max(lay.px(36), lay.font_px("small") + 12)
        gap = lay.px(8)
        width = min(lay.px(170), (lay.width - lay.px(40) - gap * (len(self.tabs) - 1))
                    // len(self.tabs))
        x = lay.width // 2 - (width * len(self.tabs) + gap * (len(self.tabs) - 1)) // 2
        top = int(lay.height * 0.13)
        for tab in self.tabs:
            tab.rect = pygame.Rect(x, top, width, tab_h)
            x += width + gap
        area = pygame.Rect(lay.px(20), top + tab_h + lay.px(14), lay.width - lay.px(40),
                           lay.height - top - tab_h - lay.px(14) - lay.px(44)
                           - self.legend_height())
        self.area = area
        self.layout_boards()

    def layout_boards(self) -> None:
        lay = self.layout
        area = self.area
        seats = [self.focus] if self.focus is not None else list(range(len(self.sheets)))
        label_h = 2 * self.text.pen(lay.font_px("small")).get_linesize() + lay.px(6)
        if self.focus is not None:  # one board large, its items listed beside it
            board_area = pygame.Rect(area.x, area.y, int(area.w * 0.55), area.h - label_h)
            geo = BoardGeometry(board_area)
            self.board_rects = [(geo, geo.rect.inflate(0, label_h).move(0, label_h // 2),
                                 self.focus)]
            self.list_rect = pygame.Rect(geo.rect.right + lay.px(24), area.y,
                                         area.right - geo.rect.right - lay.px(24), area.h)
            return
        best = None
        for cols in range(1, len(seats) + 1):
            rows = math.ceil(len(seats) / cols)
            width = (area.w - (cols - 1) * lay.px(16)) / cols
            height = (area.h - (rows - 1) * lay.px(12)) / rows - label_h
            size = min(width, height * 10.5 / 12.5)
            if best is None or size > best[0]:
                best = (size, cols)
        size, cols = best
        w, h = int(size), int(size * 12.5 / 10.5)
        left = area.centerx - (cols * w + (cols - 1) * lay.px(16)) // 2
        self.board_rects = []
        for i, seat in enumerate(seats):
            col, row = i % cols, i // cols
            cell = pygame.Rect(left + col * (w + lay.px(16)),
                               area.y + row * (h + label_h + lay.px(12)), w, h)
            geo = BoardGeometry(cell)
            self.board_rects.append((geo, cell.inflate(0, label_h).move(0, label_h // 2),
                                     seat))

    # --- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.corner.click(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.choose(self.choice + (1 if event.key == pygame.K_RIGHT else -1))
            elif pygame.K_1 <= event.key <= pygame.K_6:
                self.choose(event.key - pygame.K_1)
            elif event.key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_UP):
                back = event.key == pygame.K_UP or event.mod & pygame.KMOD_SHIFT
                count = len(self.sheets)
                if self.focus is None:
                    self.focus = count - 1 if back else 0
                else:
                    self.focus = (self.focus + (-1 if back else 1)) % count
                self.layout_boards()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.focus = 0 if self.focus is None else None
                self.layout_boards()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for tab in self.tabs:
                if tab.rect.collidepoint(event.pos):
                    tab.activate()
                    return
            for _, rect, seat in self.board_rects:
                if rect.collidepoint(event.pos):
                    self.focus = None if self.focus is not None else seat
                    self.layout_boards()
                    return

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha)
        lay = self.layout
        self.draw_heading(surface, N_("Final boards"), 0.06, room=self.corner.heading_room(lay))
        self.corner.draw(surface, self.app)
        mouse = pygame.mouse.get_pos()
        for i, tab in enumerate(self.tabs):
            tab.draw(surface, self.text, lay, i == self.choice, tab.rect.collidepoint(mouse))
            key = CHOICES[i][0]
            if key is not None:  # a stripe of the category's colour under its tab
                stripe = pygame.Rect(tab.rect.x + lay.px(10), tab.rect.bottom - lay.px(5),
                                     tab.rect.w - lay.px(20), max(2, lay.px(3)))
                pygame.draw.rect(surface, CATEGORY[key].color, stripe)
        pointed = self.pointed_item(mouse)
        for geo, rect, seat in self.board_rects:
            self.draw_board(surface, geo, rect, seat)
            if pointed is not None:
                self.draw_pointed(surface, geo, pointed)
        if self.focus is not None:
            self.draw_items(surface, pointed)
        self.draw_legend(surface)
        hint = N_("Left/Right or 1-6: category  ·  click a board or Tab: one board large  ·  "
                  "Esc: back") if self.focus is None else \
            N_("Left/Right or 1-6: category  ·  the mouse on a line of the list: it shows on "
               "the board  ·  Tab: next board  ·  Esc: back")
        self.draw_footer(surface, hint, N_("Left/Right: category  ·  Up/Down or A: one board "
                                           "large  ·  B: back"))

    def draw_legend(self, surface: pygame.Surface) -> None:
        """One row under the boards: a stroke of each colour of lines that score nothing
        here, and why."""
        kinds = self.legend()
        if not kinds:
            return
        entries = [UNSCORED[kind] for kind in kinds]
        lay = self.layout
        stroke, gap = lay.px(22), lay.px(28)
        room = lay.width - lay.px(40) - (stroke + lay.px(8)) * len(entries) - \
            gap * (len(entries) - 1)
        size = lay.font_px("small")
        while size > theme.MIN_FONT_PX and sum(
                self.text.size(tr(words), size)[0] for _c, words in entries) > room:
            size -= 1
        labels = [(color, self.text.render(tr(words), size, theme.TEXT)) for color, words in
                  entries]
        width = sum(stroke + lay.px(8) + label.get_width() for _c, label in labels) + \
            gap * (len(labels) - 1)
        x = max(lay.px(20), lay.width // 2 - width // 2)
        # under the boards' names (one board large: under the list beside it too)
        top = self.area.bottom if self.focus is not None else min(
            self.area.bottom, max(rect.bottom for _geo, rect, _seat in self.board_rects)
            + lay.px(10))
        middle = top + self.legend_height() // 2
        for kind, (color, label) in zip(kinds, labels, strict=True):
            draw = draw_dashed_segment if kind == "too_big" else draw_segment  # as on the board
            draw(surface, (x, middle), (x + stroke, middle), color, max(2, lay.px(4)))
            x += stroke + lay.px(8)
            surface.blit(label, label.get_rect(midleft=(x, middle)))
            x += label.get_width() + gap

    def draw_board(self, surface: pygame.Surface, geo: BoardGeometry, rect: pygame.Rect,
                   seat: int) -> None:
        lay = self.layout
        badge = self.text.pen(max(theme.MIN_FONT_PX, int(geo.spacing * 0.26)), bold=True)
        layer = self.renderer.sheet_layer(self.sheets[seat], geo, badge_font=badge)
        surface.blit(layer, geo.rect)
        pulse = 0.8 + 0.2 * math.sin(self.clock * 4)
        everything = self.category is None
        # constellations under the copies and objects that sit on their lines
        order = {column.key: i for i, column in enumerate(SCORE_COLUMNS)}
        for item in sorted(self.shown_items(seat), key=lambda i: order[i["category"]]):
            # all at once, a planet (moon, twinkling star) shows itself, not the lines it
            # counts: those are the constellations' own
            draw_item(surface, geo, item, item_colour(item, pulse),
                      counted_lines=not everything)
        pygame.draw.rect(surface, theme.SEAT_COLORS[seat % 8], geo.rect, max(1, lay.px(2)))
        size = lay.font_px("small")
        total = sum(self.totals[seat].values())
        category = self.category
        points = (ngettext("{n} point", "{n} points", total).format(n=total)
                  if category is None else
                  _("{category}: {n}").format(category=tr(CATEGORY[category].title),
                                              n=self.totals[seat][category]))
        name = self.names[seat]
        fitted = self.text.fit(name, size, geo.rect.w, bold=True)
        label = self.text.render(name, fitted, theme.SEAT_COLORS[seat % 8], bold=True)
        surface.blit(label, (geo.rect.x, geo.rect.bottom + lay.px(4)))
        fitted = self.text.fit(points, size, geo.rect.w)
        detail = self.text.render(points, fitted, theme.TEXT)
        surface.blit(detail, (geo.rect.x, geo.rect.bottom + lay.px(4) + label.get_height()))

    def item_rows(self) -> list[tuple[pygame.Rect, dict[str, Any]]]:
        """The large board's list: each row's place and its item, as many as the panel holds
        (none while every board shows)."""
        if self.focus is None:
            return []
        lay, rect = self.layout, self.list_rect
        pad = lay.px(12)
        step = int(lay.font_px("small") * 1.3)
        items = sorted(self.shown_items(self.focus), key=lambda i: (i["category"], -i["points"]))
        fits = max(0, (rect.h - 2 * pad) // step)
        return [(pygame.Rect(rect.x + pad // 2, rect.y + pad + n * step - lay.px(2),
                             rect.w - pad, step), item) for n, item in enumerate(items[:fits])]

    def pointed_item(self, mouse: tuple[int, int]) -> dict[str, Any] | None:
        """The large board's item whose row is under the mouse (None: none, or all boards)."""
        return next((item for rect, item in self.item_rows() if rect.collidepoint(mouse)), None)

    def draw_pointed(self, surface: pygame.Surface, geo: BoardGeometry,
                     item: dict[str, Any]) -> None:
        """The item under the mouse picked out on the board: the rest dimmed, its lines (a
        planet's: the constellations it counts) and its star or object ringed in its
        category's colour (the Planets view named a planet's figures without showing which:
        a playtest)."""
        shade = pygame.Surface(geo.rect.size, pygame.SRCALPHA)
        shade.fill((*theme.SKY, 170))
        surface.blit(shade, geo.rect)
        colour = item_colour(item)
        draw_item(surface, geo, item, theme.TEXT if colour == theme.TEXT_DIM else colour,
                  picked=True)

    def draw_items(self, surface: pygame.Surface, pointed: dict[str, Any] | None = None) -> None:
        """The focused board's scoring items, in its categories' colours; the row under the
        mouse (``pointed``) on a lighter ground, its item picked out on the board."""
        lay = self.layout
        rect = self.list_rect
        draw_panel(surface, rect, lay)
        size = lay.font_px("small")
        pad = lay.px(12)
        rows = self.item_rows()
        for row, item in rows:
            if item is pointed:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, row, border_radius=lay.px(4))
            color = item_colour(item)  # as its lines on the board (a 9+ group: orange)
            text = item_words(item)
            fitted = self.text.fit(text, size, rect.w - 2 * pad)
            label = self.text.render(text, fitted, color)
            surface.blit(label, (rect.x + pad, row.y + lay.px(2)))
        if not rows:  # (an empty panel read as broken: a playtest)
            words = _("Nothing scores here: 0 points.")
            label = self.text.render(words, self.text.fit(words, size, rect.w - 2 * pad),
                                     theme.TEXT_DIM)
            surface.blit(label, (rect.x + pad, rect.y + pad))
