"""Rules: each game's rules page (from its client kit) in short paragraphs and the kit's
pictures between them; wheel or Up/Down scroll, Left/Right switch games, Esc backs out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.client import theme
from game.client.i18n import N_, _, rules_page
from game.client.kits import FIGURE_HEADING, get_kit, playable_games
from game.client.layout import Pen, TextCache
from game.client.scenes.base import CornerButton, SkyScene, corner_back
from game.client.widgets import draw_panel

if TYPE_CHECKING:
    from game.client.scenes.base import Stage


class _Unwritten:
    """A ``TextCache`` that measures as the real one and writes nothing: a picture made with
    it shows, by what differs, where the real picture has text."""

    def __init__(self, text: TextCache) -> None:
        self._text = text

    def __getattr__(self, name: str) -> Any:
        return getattr(self._text, name)

    def render(self, words: str, size: int, color: theme.Color = theme.TEXT,
               bold: bool = False) -> pygame.Surface:
        return pygame.Surface(self._text.render(words, size, color, bold).get_size(),
                              pygame.SRCALPHA)

    def pen(self, size: int, bold: bool = False) -> Pen:
        return Pen(self, size, bold)  # type: ignore[arg-type]


def text_free_rows(figure: pygame.Surface, unwritten: pygame.Surface) -> list[int]:
    """The rows of ``figure`` no text crosses (the rows it shares with ``unwritten``, the same
    picture drawn without its text), with its top and its bottom: where it may be cut."""
    width, height = figure.get_size()
    if unwritten.get_size() != (width, height):
        return [0, height]
    full, bare = (pygame.image.tobytes(picture, "RGBA") for picture in (figure, unwritten))
    row = 4 * width
    return [0] + [y for y in range(height)
                  if full[y * row:(y + 1) * row] == bare[y * row:(y + 1) * row]] + [height]


class RulesScene(SkyScene):
    def __init__(self, app: Stage, game: str | None = None) -> None:
        super().__init__(app)
        self.kits = [get_kit(name) for name in playable_games()]
        self.index = next((i for i, kit in enumerate(self.kits) if kit.game == game), 0)
        self.scroll = 0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.lines: list[tuple[str, str]] = []
        #: the page's pictures by name, made at this layout
        self.figures: dict[str, pygame.Surface] = {}
        #: per picture, the rows where it may be cut at the panel's edge (no text crosses
        #: them), with its top and bottom
        self.figure_cuts: dict[str, list[int]] = {}
        self.content_height = 0
        #: the mouse's ways: back (top left) and the other game's page (top right); the keys
        #: alone switched games and left (a 4K playtest)
        self.corner = corner_back(self.back)
        self.other = CornerButton("", lambda: self.switch(1), right=True, width=220)
        #: (the other game's button: shown, named in relayout, where there is another game)

    def switch(self, step: int) -> None:
        """The next (``step`` -1: the previous) game's page, from its top."""
        self.index = (self.index + step) % len(self.kits)
        self.scroll = 0
        self.relayout()

    def relayout(self) -> None:
        lay = self.layout
        self.corner.relayout(lay)
        self.other.relayout(lay)
        if len(self.kits) > 1:
            # (relayout runs again when the language changes: the title is the new one's)
            self.other.label = N_("{game} >", game=_(self.kits[(self.index + 1)
                                                               % len(self.kits)].title))
        self.panel = pygame.Rect(0, 0, min(lay.px(980), lay.width - lay.px(40)),
                                 int(lay.height * 0.74))
        self.panel.midtop = (lay.width // 2, int(lay.height * 0.16))
        width = self.panel.w - lay.px(60)
        self.lines = []
        self.figures = {}
        self.figure_cuts = {}
        kit = self.kits[self.index]
        for heading, body in rules_page(kit.game, kit.rules):
            if heading == FIGURE_HEADING:
                make = kit.rules_figures.get(body)
                if make is not None:
                    sizes = (width, lay.unit, lay.font_px("body"), lay.font_px("small"),
                             self.app.settings.colour_blind)
                    self.figures[body] = make(self.text, *sizes)
                    self.figure_cuts[body] = text_free_rows(
                        self.figures[body], make(_Unwritten(self.text), *sizes))
                    self.lines += [("figure", body), ("gap", "")]
                continue
            self.lines.append(("heading", heading))
            self.lines += [("body", line) for line in
                           self.text.wrap(body, lay.font_px("body"), width)]
            self.lines.append(("gap", ""))
        self.content_height = sum(self._line_height(kind, line) for kind, line in self.lines)
        self.scroll = min(self.scroll, self.max_scroll)

    def figure_part(self, name: str, top: int, bottom: int) -> pygame.Rect:
        """The rows of picture ``name`` to show when rows ``top`` to ``bottom`` (its own
        coordinates) are inside the panel: from its first cut at or under ``top`` to its last
        at or above ``bottom`` (a drawing may be cut, a text never)."""
        figure = self.figures[name]
        cuts = self.figure_cuts.get(name, [0, figure.get_height()])
        start = next((c for c in cuts if c >= top), figure.get_height())
        end = next((c for c in reversed(cuts) if c <= bottom), 0)
        return pygame.Rect(0, start, figure.get_width(), max(0, end - start))

    def _line_height(self, kind: str, line: str) -> int:
        lay = self.layout
        if kind == "figure":
            return self.figures[line].get_height()
        return {"heading": lay.px(34), "body": lay.px(25), "gap": lay.px(10)}[kind]

    def figure_offset(self, name: str) -> int | None:
        """How far down the page the picture ``name`` starts (None: not on this page)."""
        y = 0
        for kind, line in self.lines:
            if kind == "figure" and line == name:
                return y
            y += self._line_height(kind, line)
        return None

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_height - self.panel.h + self.layout.px(50))

    def cue_height(self) -> int:
        """The row "More below" takes at the panel's foot."""
        return self.text.font(self.layout.font_px("small")).get_linesize() + self.layout.px(4)

    def scroll_track(self, inner: pygame.Rect) -> pygame.Rect:
        """The scroll bar's track at the panel's right edge, beside the ``inner`` text area."""
        lay = self.layout
        return pygame.Rect(self.panel.right - lay.px(12), inner.top, max(2, lay.px(4)),
                           inner.h)

    def click(self, pos: tuple[int, int]) -> None:
        """A click beside the page goes back; on the scroll bar's track it scrolls there; on
        the page it does nothing (a click anywhere went back, and a player clicking on the
        page to read on lost it: a Japanese player's playtest)."""
        if not self.panel.collidepoint(pos):
            self.back()
            return
        track = self.scroll_track(self.panel.inflate(-self.layout.px(20),
                                                     -self.layout.px(20)))
        if self.max_scroll > 0 and pos[0] >= track.x - self.layout.px(14) and track.h:
            self.scroll = round(self.max_scroll * (pos[1] - track.top) / track.h)

    def draw_scroll_cues(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        """A scroll bar at the panel's right edge and "More below" under the last whole line
        while the page goes on (a new player met the page's end clipped, the footer alone
        saying it scrolls)."""
        most = self.max_scroll
        if most <= 0:
            return
        lay = self.layout
        track = self.scroll_track(inner)
        pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=track.w // 2)
        shown = inner.h / (inner.h + most)
        thumb_h = max(lay.px(24), int(track.h * shown))
        thumb = pygame.Rect(track.x, track.y + int((track.h - thumb_h) * self.scroll / most),
                            track.w, thumb_h)
        pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=track.w // 2)
        if self.scroll < most:
            words = self.text.render(_("More below"), lay.font_px("small"), theme.ACCENT)
            place = words.get_rect(bottomright=(track.x - lay.px(10), inner.bottom))
            surface.blit(words, place)
            tip = (place.right + lay.px(10), place.centery + lay.px(4))
            half = lay.px(5)
            pygame.draw.polygon(surface, theme.ACCENT, [
                (tip[0] - half, tip[1] - 2 * half + lay.px(2)),
                (tip[0] + half, tip[1] - 2 * half + lay.px(2)), tip])

    def handle(self, event: pygame.event.Event) -> None:
        step = self.layout.px(60)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * step
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll += step * (5 if event.key == pygame.K_PAGEDOWN else 1)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll -= step * (5 if event.key == pygame.K_PAGEUP else 1)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.switch(1 if event.key == pygame.K_RIGHT else -1)
        elif self.corner.click(event) or (len(self.kits) > 1 and self.other.click(event)):
            pass
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.back()
        else:
            super().handle(event)
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha)
        self.draw_heading(surface, _("{game}: rules").format(game=_(self.kits[self.index].title)),
                          room=min(self.corner.heading_room(self.layout),
                                   self.other.heading_room(self.layout)))
        self.corner.draw(surface, self.app)
        if len(self.kits) > 1:
            self.other.draw(surface, self.app)
        lay = self.layout
        draw_panel(surface, self.panel, lay)
        clip = surface.get_clip()
        inner = self.panel.inflate(-lay.px(20), -lay.px(20))
        surface.set_clip(inner)
        y = self.panel.y + lay.px(25) - self.scroll
        x = self.panel.x + lay.px(30)
        # while the page goes on, its last row is the cue's ("More below"), not a line's
        bottom = inner.bottom - (self.cue_height() if self.scroll < self.max_scroll else 0)
        for kind, line in self.lines:
            height = self._line_height(kind, line)
            if kind == "figure" and inner.top - height < y < bottom:
                # the part of a picture between the panel's edges, cut only where no text
                # crosses (a picture's text, like a line, shows whole or not at all)
                shown = self.figure_part(line, inner.top - y, bottom - y)
                if shown.h > 0:
                    surface.blit(self.figures[line], (x, y + shown.y), shown)
            elif kind not in ("gap", "figure") and inner.top - height < y < inner.bottom:
                if kind == "heading":
                    label = self.text.render(line, lay.font_px("large"), theme.ACCENT, bold=True)
                else:
                    label = self.text.render(line, lay.font_px("body"), theme.TEXT)
                # whole lines only: a line half under the panel's edge is left for the scroll
                if inner.top <= y and y + label.get_height() <= bottom:
                    surface.blit(label, (x, y))
            y += height
        surface.set_clip(clip)
        self.draw_scroll_cues(surface, inner)
        footer = (_("Wheel or arrows scroll  ·  Left/Right: another game  ·  Esc, Enter or "
                    "a click beside the page: back") if len(self.kits) > 1
                  else _("Wheel or arrows scroll  ·  Esc, Enter or a click beside the page: "
                         "back"))
        self.draw_footer(surface, footer,
                         _("D-pad up/down: scroll  ·  left/right: another game  ·  A or B: back")
                         if len(self.kits) > 1 else _("D-pad: scroll  ·  A or B: back"))
