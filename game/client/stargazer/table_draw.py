"""How the Stargazer table looks: layout from the window size and every drawing pass.

A mixin of ``StargazerTableScene`` (which holds the state, input and events). Left: the ring of
planet cards (``ring.py``) with the players, the round, the stock and what ends the game in its
middle. Right: the crews (count, skill, worker, cubes on them, the motivation bonus a pick
pays now) and the action panel (what to decide, the buttons), painted by ``panels.py``. On
top: what is highlighted or previewed, cubes in flight, and a crew's or planet's full text.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.client import theme
from game.client.i18n import N_, _, ngettext, tr
from game.client.scenes.base import controls_hint, pad_in_hand
from game.client.starfield import Starfield
from game.client.stargazer.couch_play import hint_glyph
from game.client.stargazer.motion import FIRST_IMPACT, bounce
from game.client.stargazer.names import planet_name
from game.client.stargazer.palette import colour_word, player_mark
from game.client.stargazer.panels import StargazerPanels, ordinal, phase_words, timing_words
from game.client.stargazer.ring import COLOR_KEY, RingGeometry, path_spans
from game.client.stargazer.sprites import cube_sprite, faded_cube, pawn_sprite
from game.client.widgets import Button, draw_dashed_rect, draw_panel
from game.rules.stargazer import CREWS_BY_ID, PLANET_TYPES, room_left

#: a crew's or planet's full text shows once the mouse has rested on it this long (seconds)
TOOLTIP_DELAY = 0.45
#: a spectator's screen: the ring's cards may grow to this many times their usual size; the
#: right column (nothing to play there) is narrower: at least this many reference pixels,
#: else this share of the width
WATCH_RING_SCALE = 1.6
WATCH_COLUMN = (330, 0.26)
#: ... as long as the middle of the ring keeps this many reference pixels of width
WATCH_CENTRE_WIDTH = 235


def readable(size: int) -> int:
    """A label's type size on the ring, never below what a player can read."""
    return max(theme.MIN_FONT_PX, size)


#: the action buttons' words while a game controller is in hand (A confirms, Y takes back)
PAD_LABELS = {"Confirm (Enter)": N_("Confirm (A)"), "Start here (Enter)": N_("Start here (A)"),
              "Pick this crew (Enter)": N_("Pick this crew (A)"),
              "Use the skill here (Enter)": N_("Use the skill here (A)"),
              "Take back a cube (U)": N_("Take back a cube (Y)")}

class StargazerTablePainter(StargazerPanels):
    """Layout and drawing for ``StargazerTableScene`` (uses its session, view and choices)."""

    # --- layout ----------------------------------------------------------------------------
    def relayout(self) -> None:
        lay = self.layout
        w, h = lay.width, lay.height
        margin = lay.px(14)
        self.top_bar = pygame.Rect(0, 0, w, lay.px(46))
        # couch play: a footer says whose turn it is and the keys of their device
        footer_h = lay.px(40) if self.couch is not None else 0
        self.footer_rect = pygame.Rect(0, h - footer_h, w, footer_h)
        h -= footer_h
        # a spectator's screen (a projector, a TV): the ring as large as the window allows
        ring_scale = WATCH_RING_SCALE if self.watching else 1.0
        least, share = (WATCH_COLUMN if self.watching else (384, 0.3))
        right_w = int(min(max(lay.px(least), w * share), w * 0.4))
        self.right = pygame.Rect(w - right_w - margin, self.top_bar.bottom + margin // 2,
                                 right_w, h - self.top_bar.bottom - margin - margin // 2)
        area = pygame.Rect(margin, self.right.y, self.right.x - 2 * margin, self.right.h)
        view = self.view
        count = len(view["planets"]) if view else 7
        geometry = RingGeometry(area, count, lay.unit * ring_scale)
        while ring_scale > 1.0 and geometry.centre.w < lay.px(WATCH_CENTRE_WIDTH):
            ring_scale -= 0.1  # the middle keeps room for the players' names and scores
            geometry = RingGeometry(area, count, lay.unit * ring_scale)
        self.ring.set_geometry(geometry)
        crews = len(view["crews"]) if view else 6
        row_h, gap = lay.px(58), lay.px(5)
        self.crews_rect = pygame.Rect(self.right.x, self.right.y, self.right.w,
                                      lay.px(34) + crews * (row_h + gap))
        self.crew_rects = [pygame.Rect(self.right.x + lay.px(8),
                                       self.crews_rect.y + lay.px(30) + i * (row_h + gap),
                                       self.right.w - lay.px(16), row_h)
                           for i in range(crews)]
        self._memo: dict[tuple, Any] = {}
        self._panels: dict[str, tuple[Any, pygame.Surface]] = {}
        self._scratch: pygame.Surface | None = None
        self.departures.layout(self.right, lay)
        self.departures_laid_out()
        self.starfield = Starfield(lay.rect.size, lay.unit, count=140, seed=23)

    def departures_laid_out(self) -> None:
        """The action panel fills the right column under the crews, and ends above a LAN
        host's departures prompt while one shows (the prompt covered the panel's newest log
        lines, and its buttons on the host's turn); its buttons follow."""
        lay = self.layout
        bottom = self.right.bottom
        if self.departures.all_buttons:
            bottom = min(bottom, self.departures.rect.y - lay.px(8))
        top = self.crews_rect.bottom + lay.px(8)
        self.action_rect = pygame.Rect(self.right.x, top, self.right.w,
                                       max(lay.px(60), bottom - top))
        self.make_buttons()

    def make_buttons(self) -> None:
        lay = self.layout
        if not hasattr(self, "buttons"):
            self.buttons = {
                "confirm": Button(N_("Confirm (Enter)"), self.confirm, size="body"),
                "fewer": Button(N_("- cube"), lambda: self.change_count(-1), size="body"),
                "more": Button(N_("+ cube"), lambda: self.change_count(1), size="body"),
                "undo": Button(N_("Take back a cube (U)"), self.undo_pick, size="body"),
                "previous": Button(N_("< Previous"), lambda: self._cycle_target(-1),
                                   size="body"),
                "next": Button(N_("Next >"), lambda: self._cycle_target(1), size="body"),
            }
        self.seat_buttons = [Button(name, lambda s=s: self.choose_start_player(s), size="body")
                             for s, name in enumerate(self.session.names)]
        row_h, gap = lay.px(38), lay.px(8)
        inner = self.action_rect.inflate(-lay.px(20), 0)
        half = (inner.w - gap) // 2
        bottom = self.action_rect.bottom - lay.px(10)
        self.buttons["confirm"].rect = pygame.Rect(inner.x, bottom - row_h, inner.w, row_h)
        if self.hints.offered:  # the Hint button beside Confirm
            hint_w = (inner.w - gap) // 3
            self.buttons["confirm"].rect.w = inner.w - hint_w - gap
            self.hints.button.rect = pygame.Rect(inner.right - hint_w, bottom - row_h, hint_w,
                                                 row_h)
        second = bottom - 2 * row_h - gap
        for name in ("undo", "previous"):
            self.buttons[name].rect = pygame.Rect(inner.x, second, half, row_h)
        self.buttons["next"].rect = pygame.Rect(inner.x + half + gap, second, half, row_h)
        quarter = (half - gap) // 2
        self.buttons["fewer"].rect = pygame.Rect(inner.x + half + gap, second, quarter, row_h)
        self.buttons["more"].rect = pygame.Rect(inner.x + half + gap + quarter + gap, second,
                                                half - quarter - gap, row_h)
        rows = math.ceil(len(self.seat_buttons) / 2)
        for i, button in enumerate(self.seat_buttons):
            row = rows - 1 - i // 2
            button.rect = pygame.Rect(inner.x + (i % 2) * (half + gap),
                                      bottom - (row + 1) * row_h - row * gap, half, row_h)

    def _cycle_target(self, step: int) -> None:
        targets = self.skill_targets()
        if targets:
            at = -step if self.target_choice is None else self.target_choice
            self.target_choice = (at + step) % len(targets)

    def visible_buttons(self) -> list[Button]:
        phase = self.phase()
        if phase == "crew":
            names = ["confirm"]
        elif phase == "skill":
            names = ["previous", "next", "confirm"]
        elif phase == "investigate":
            names = ["undo", "fewer", "more", "confirm"]
        elif phase == "start_player":
            return self.seat_buttons
        else:
            names = []
        buttons = [self.buttons[n] for n in names]
        for button in buttons:
            button.enabled = True
        if self.hints.offered and names:  # (none while others play, nor at the scoring)
            buttons.append(self.hints.button)
            self.hints.button.enabled = not self.hints.thinking
        if phase == "investigate":
            self.buttons["undo"].enabled = bool(self.path)
            # (as the - key: a cube fewer takes the last planet chosen off the path; the
            # button stayed off once the path had its cubes, a hint's path too: a playtest)
            self.buttons["fewer"].enabled = self.count > 1
            self.buttons["more"].enabled = self.count < self.most_cubes()
            self.buttons["confirm"].enabled = bool(self.path) or self.focus_planet is not None
            self.buttons["confirm"].label = (N_("Confirm (Enter)") if self.path
                                             else N_("Start here (Enter)"))
        elif phase == "crew":
            self.buttons["confirm"].enabled = self.crew_choice is not None
            self.buttons["confirm"].label = N_("Pick this crew (Enter)")
        elif phase == "skill":
            self.buttons["confirm"].label = N_("Use the skill here (Enter)")
            self.buttons["confirm"].enabled = self.target_choice is not None
            several = len(self.skill_targets()) > 1
            self.buttons["previous"].enabled = self.buttons["next"].enabled = several
        if self.couch is not None:
            for name, label in (("undo", N_("Take back a cube (U)")),
                                ("previous", N_("< Previous")), ("next", N_("Next >"))):
                self.buttons[name].label = label
            self.couch_labels(buttons)
            device = self.turn_device()
            self.hints.name_key("" if device in (None, "mouse") else hint_glyph(device, "hint"))
        else:
            self.buttons["undo"].label = N_("Take back a cube (U)")
            pad = pad_in_hand(self.app)
            self.hints.name_key(hint_glyph(self.app.last_device, "hint") if pad else "H")
            if pad:  # the pad's buttons on the buttons
                for button in buttons:
                    button.label = PAD_LABELS.get(button.label, button.label)
        return buttons

    # --- where things are --------------------------------------------------------------------
    def crew_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, rect in enumerate(getattr(self, "crew_rects", []))
                     if rect.collidepoint(pos)), None)

    def target_rect(self, place: tuple[Any, ...]) -> pygame.Rect | None:
        """Where a skill target is outlined and clicked: a crew's whole row, else its place."""
        if place[0] == "crew" and place[1] < len(self.crew_rects):
            return self.crew_rects[place[1]]
        return self.place_rect(place)

    def place_rect(self, place: tuple[Any, ...]) -> pygame.Rect | None:
        geo = self.ring.geo
        kind = place[0]
        if kind == "square" and geo is not None and place[1] < len(geo.cards):
            return geo.square_rect(place[1], place[2])
        if kind == "planet" and geo is not None and place[1] < len(geo.cards):
            return geo.cards[place[1]]
        if kind in ("crew", "worker") and place[1] < len(self.crew_rects):
            row = self.crew_rects[place[1]]
            size = self.layout.px(24)
            if kind == "worker":
                return pygame.Rect(row.right - self.layout.px(34), row.y + self.layout.px(5),
                                   size, size)
            return pygame.Rect(row.right - self.layout.px(120), row.y + self.layout.px(8),
                               self.layout.px(80), self.layout.px(18))
        return None

    # --- drawing -----------------------------------------------------------------------------
    def cached_panel(self, surface: pygame.Surface, name: str, key: Any, rect: pygame.Rect,
                     paint: Any) -> None:
        """Blit the panel ``name`` at ``rect``, painting it again (``paint(target)``, screen
        coordinates) only when ``key`` changes: a panel of a few dozen texts and sprites
        becomes one opaque colour-keyed blit per frame."""
        cached = self._panels.get(name)
        if cached is None or cached[0] != key or cached[1].get_size() != rect.size:
            size = self.layout.rect.size
            if self._scratch is None or self._scratch.get_size() != size:
                self._scratch = pygame.Surface(size).convert()
            scratch = self._scratch
            scratch.fill(COLOR_KEY, rect)
            scratch.set_clip(rect)
            paint(scratch)
            scratch.set_clip(None)
            picture = scratch.subsurface(rect).copy()
            picture.set_colorkey(COLOR_KEY, pygame.RLEACCEL)
            cached = self._panels[name] = (key, picture)
        surface.blit(cached[1], rect)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.SKY)
        if self.starfield is not None:
            self.starfield.draw(surface, alpha)
        view = self.view
        if view is None:
            label = self.text.render(_("Waiting for the table..."), self.layout.font_px("large"),
                                     theme.TEXT_DIM)
            surface.blit(label, label.get_rect(center=self.layout.rect.center))
            return
        if self.ring.geo is None or len(self.ring.geo.cards) != len(view["planets"]):
            self.relayout()
        palette = self.palette
        hidden = {(p[1], p[2]) for p in self.motion.hidden() if p[0] == "square"}
        self.draw_top_bar(surface, view)
        self.ring.draw_path(surface)
        self.ring.draw_cards(surface, view, palette, hidden)
        palette_name = palette.name
        if self.scoring is None:
            ended = self.round_end
            key = ("centre", self.view_serial, palette_name, self.ring.geo.centre.size,
                   (ended.round, ended.start) if ended is not None else None,
                   tuple(self.session.names), tuple(self.session.kinds))
        else:
            key = ("scoring", self.scoring.index, self.scoring.revealed(), palette_name)
        self.cached_panel(surface, "centre", key, self.ring.geo.centre,
                          lambda target: self.draw_centre(target, view))
        falling = tuple(sorted((f.place[1], f.owner) for f in self.motion.flights
                               if f.kind == "drop" and f.place[0] in ("crew", "worker")))
        key = (self.view_serial, self.phase(), self.crew_choice, self.hover_crew, falling,
               palette_name, self.turn_device())
        self.cached_panel(surface, "crews", key, self.crews_rect,
                          lambda target: self.draw_crews(target, view))
        if self.scoring is not None:
            self.draw_scoring_marks(surface, view)
        else:  # over the ring and the crews (a skill may target a crew)
            self.draw_choices(surface, view)
            self.draw_beat(surface, view)
        self.draw_action(surface, view)
        self.draw_flights(surface)
        self.draw_full_log(surface)
        self.draw_tooltip(surface, view)
        self.departures.draw(surface, self.text, self.layout)
        if self.couch is not None:
            self.draw_paused(surface)
            self.draw_footer_bar(surface)

    def draw_top_bar(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        lay = self.layout
        pygame.draw.rect(surface, theme.PANEL, self.top_bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, self.top_bar.bottomleft,
                         self.top_bar.bottomright, max(1, lay.px(1)))
        line = self.top_bar.centery  # every text on the line's baseline (TextCache.line_top)
        name = _("Stargazer")
        title = self.text.render(name, lay.font_px("large"), theme.ACCENT, bold=True)
        surface.blit(title, (lay.px(16), self.text.line_top(name, lay.font_px("large"), line,
                                                            bold=True)))
        names = self.session.names
        if view["phase"] == "over":
            doing = _("The game is over: final scoring")
        else:
            current = view["current"]
            doing = phase_words(view["phase"], names[current])
            if current in self.departures.away_since:  # the wait's reason
                doing = _("{name} left the table: the game waits for them").format(
                    name=names[current])
            doing = _("Round {n}  ·  {doing}").format(n=view["round"], doing=doing)
        who = names[self.active] if self.active < len(names) else ""
        if view["phase"] == "over" and not self.replaying:  # everyone's scoring: no one's name
            words = controls_hint(self.app, _("Esc: results"), _("B: results"))
        else:
            words = self.way_out_words(who)
        colour = theme.TEXT_DIM
        couch = self.couch is not None and view["phase"] != "over"
        if couch:  # whose turn, with which device (or a bot, or none yet), in their colour
            current = view["current"]
            device = self.turn_device()
            if device is not None:
                words = _("{name}  ·  {device}").format(name=names[current],
                                                       device=self.app.devices.device_words(device))
            elif self.paused_seat() is not None:
                words = _("{name}: waiting for a device").format(name=names[current])
            else:
                words = _("{name} (AI) plays").format(name=names[current])
            colour = self.palette.player(current)
        if couch:
            # whose turn it is, left of the menu's button: every device has its way to the
            # menu (a pad's Start, the keyboard's Esc), and the mouse this button (it had
            # none: the bar said only whose turn it was)
            menu = self.draw_way_out(surface, _("Start / Esc: menu"), line)
            right = self.draw_way_out(surface, words, line, colour, button=False,
                                      right=menu.x - lay.px(14))
        else:
            right = self.draw_way_out(surface, words, line, colour)
        left = title.get_width() + lay.px(40)
        size = self.text.fit(doing, lay.font_px("body"), right.x - lay.px(24) - left)
        label = self.text.render(doing, size, theme.TEXT)
        # on the line's baseline: a name in Japanese must not drop the line a few pixels
        surface.blit(label, (left, self.text.line_top(doing, size, line)))

    # --- highlights on the ring --------------------------------------------------------------
    def draw_choices(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        phase = self.phase()
        geo = self.ring.geo
        lay = self.layout
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        if phase == "investigate":
            for planet in self.candidates():
                color = theme.ACCENT if planet == self.focus_planet else theme.LEGAL
                pygame.draw.rect(surface, color, geo.cards[planet].inflate(lay.px(4), lay.px(4)),
                                 max(2, lay.px(2 if planet != self.focus_planet else 3)),
                                 border_radius=lay.px(12))
            self.draw_path_preview(surface, view, self.shown_path())
        elif phase == "skill":
            targets = self.skill_targets()
            for index in range(len(targets)):
                chosen = index == self.target_choice
                color = theme.ACCENT if chosen else (
                    theme.HIGHLIGHT if index == self.hover_target else theme.LEGAL)
                for place in self.target_places(index):
                    rect = self.target_rect(place)
                    if rect is None:
                        continue
                    grow = lay.px(4) + (int(lay.px(3) * pulse) if chosen else 0)
                    pygame.draw.rect(surface, color, rect.inflate(grow, grow),
                                     max(2, lay.px(3 if chosen else 2)), border_radius=lay.px(5))
            shown = self.target_choice if self.hover_target is None else self.hover_target
            outcome = self.simulated(targets[shown]) if shown is not None and \
                shown < len(targets) else None
            for event in (outcome[0] if outcome else []):
                if event.get("type") == "cube_placed":
                    rect = geo.square_rect(event["planet"], event["square"])
                    owner = event["owner"]
                    ghost = faded_cube(geo.square_size - geo.px(3), self.palette.player(owner),
                                       player_mark(owner), 170)
                    surface.blit(ghost, ghost.get_rect(center=rect.center))

    def draw_beat(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """While another player's move holds the stage: its crew and the places its cubes went
        to, outlined in the mover's colour."""
        beat = self.pacer.holding()
        if beat is None and self.last_move_left > 0:
            beat = self.last_move  # a spectator's screen: the last move stays marked a while
        if beat is None or beat.view is None:
            return
        lay = self.layout
        by = beat.by
        color = self.palette.player(by) if isinstance(by, int) and by >= 0 else theme.ACCENT
        grow = lay.px(8)
        # marching ants: another's move, never the solid ring of one's own focus
        shift = self.clock * lay.px(24)
        for place in self.beat_places(beat):
            rect = self.target_rect(place)
            if rect is not None:
                draw_dashed_rect(surface, color, rect.inflate(grow, grow), max(2, lay.px(3)),
                                 max(4, lay.px(8)), shift)

    def draw_path_preview(self, surface: pygame.Surface, view: dict[str, Any],
                          path: list[int]) -> None:
        """Ghost cubes where the path's cubes would land, the VP each square prints, arrows
        round the ring between the planets in placing order."""
        if not path:
            return
        geo = self.ring.geo
        mine = self.palette.player(self.active)
        ghost = faded_cube(geo.square_size - geo.px(3), mine, player_mark(self.active), 150)
        for number, cube in enumerate(self.path_outcome(path), 1):
            rect = geo.square_rect(cube["planet"], cube["square"])
            surface.blit(ghost, ghost.get_rect(center=rect.center))
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(geo.px(2), geo.px(2)),
                             max(1, geo.px(2)), border_radius=geo.px(3))
            # the VP printed on that square, picked out where it is printed
            accident = not cube["vp"]
            label = self.text.render(str(cube["vp"]), readable(geo.px(14)), theme.SKY,
                                     bold=True)
            pill = label.get_rect(midbottom=(rect.centerx, rect.y)).inflate(geo.px(8), 0)
            pygame.draw.rect(surface, theme.ILLEGAL if accident else theme.LEGAL, pill,
                             border_radius=geo.px(5))
            surface.blit(label, label.get_rect(center=pill.center))
            # the cube's place in the path, on a disc of its own at the square's corner
            badge = self.text.render(str(number), readable(geo.px(12)), theme.SKY, bold=True)
            tag = badge.get_rect(center=(rect.right, rect.bottom))
            side = max(tag.w, tag.h) + geo.px(2)
            if accident:  # the word under the path's numbers (where the card has room for it)
                word = self.text.render(_("accident"), readable(geo.px(12)), theme.ILLEGAL,
                                        bold=True)
                below = rect.bottom + side // 2 + geo.px(2)
                box = word.get_rect(midtop=(rect.centerx, below))
                box.clamp_ip(geo.cards[cube["planet"]])
                if box.y >= below:  # else the red 0 and the stripes say it alone
                    pygame.draw.rect(surface, (12, 16, 36), box.inflate(geo.px(6), geo.px(2)),
                                     border_radius=geo.px(4))
                    surface.blit(word, box)
            disc = pygame.Rect(0, 0, side, side)
            disc.center = tag.center
            pygame.draw.rect(surface, theme.ACCENT, disc, border_radius=side // 2)
            surface.blit(badge, tag)
        # the way each cube went round (the shorter way drew the walk backwards past an
        # open planet when full ones were skipped: a playtest)
        for a, span in zip(path, path_spans(room_left(view), path), strict=False):
            self._ring_arrow(surface, a, span, mine)

    def _ring_arrow(self, surface: pygame.Surface, a: int, span: int,
                    color: theme.Color) -> None:
        """The way from planet ``a`` ``span`` planets round the ring (``path_spans``: negative
        counter-clockwise) drawn along the ring itself, where no card covers it, with an
        arrowhead where it arrives."""
        geo = self.ring.geo
        if not span:
            return
        key = ("arrow", a, span, geo.area.size, geo.area.topleft, geo.scale)
        runs = self._memo.get(key)
        if runs is None:
            steps = 40 * abs(span)
            runs = [[]]
            for i in range(steps + 1):
                point = geo.ring_point(a + span * i / steps)
                if any(card.collidepoint(point) for card in geo.cards):
                    if runs[-1]:
                        runs.append([])
                else:
                    runs[-1].append(point)
            runs = self._memo[key] = [run for run in runs if len(run) > 1]
        width = max(3, geo.px(5))
        for run in runs:
            pygame.draw.lines(surface, (12, 16, 36), False, run, width + geo.px(4))
            pygame.draw.lines(surface, color, False, run, width)
        if not runs:
            return
        (x1, y1), (x2, y2) = runs[-1][-2], runs[-1][-1]
        angle = math.atan2(y2 - y1, x2 - x1)
        s = geo.px(16)
        head = [(x2 + math.cos(angle) * s * 0.5, y2 + math.sin(angle) * s * 0.5),
                (x2 + math.cos(angle + 2.5) * s, y2 + math.sin(angle + 2.5) * s),
                (x2 + math.cos(angle - 2.5) * s, y2 + math.sin(angle - 2.5) * s)]
        pygame.draw.polygon(surface, color, head)
        pygame.draw.polygon(surface, (12, 16, 36), head, max(1, geo.px(1)))

    # --- the final scoring on the ring -------------------------------------------------------
    def draw_scoring_marks(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        show = self.scoring
        kind, planet = show.step
        if kind != "planet":
            return
        geo = self.ring.geo
        card = geo.cards[planet]
        pygame.draw.rect(surface, theme.ACCENT, card.inflate(geo.px(8), geo.px(8)),
                         max(2, geo.px(3)), border_radius=geo.px(14))
        queue = view["tracks"][planet]
        for row in show.standings[planet][:show.revealed()]:
            square = row["square"]
            if not 1 <= square <= len(queue):
                continue
            rect = geo.square_rect(planet, square)
            color = self.palette.player(row["owner"])
            pygame.draw.rect(surface, color, rect.inflate(geo.px(5), geo.px(5)),
                             max(2, geo.px(3)), border_radius=geo.px(4))
            # the rank on a chip of the ranked player's colour, as the square's frame: a
            # "3rd" on the panel's dark under Ann's red cube read as Ann being 3rd (a 4K
            # playtest); it is the square the 3rd player scores, whoever's cube is on it
            label = self.text.render(ordinal(row["rank"]), readable(geo.px(13)),
                                     theme.ink_on(color), bold=True)
            box = label.get_rect(midtop=(rect.centerx, rect.bottom + geo.px(4)))
            box.bottom = min(box.bottom, card.y + geo.px(89))  # above the card's standings
            pygame.draw.rect(surface, color, box.inflate(geo.px(4), geo.px(2)),
                             border_radius=geo.px(3))
            surface.blit(label, box)

    # --- what moves --------------------------------------------------------------------------
    def draw_flights(self, surface: pygame.Surface) -> None:
        """Cubes and workers in the air, and the VP rising from where they land: between the
        top bar and the footer (a cube falling onto a top planet, or a worker lifting off the
        first crew, flew over the bar's "Esc: menu": a playtest)."""
        below = pygame.Rect(0, self.top_bar.bottom, surface.get_width(),
                            self.footer_rect.y - self.top_bar.bottom)
        clip = surface.get_clip()
        surface.set_clip(below.clip(clip))
        try:
            self.draw_in_air(surface)
        finally:
            surface.set_clip(clip)

    def draw_in_air(self, surface: pygame.Surface) -> None:
        lay = self.layout
        geo = self.ring.geo
        size = geo.square_size - geo.px(3)
        for flight, t in self.motion.in_air():
            rect = self.place_rect(flight.place)
            if rect is None:
                continue
            owner = flight.owner
            body = self.palette.player(owner)
            cube_size = size if flight.place[0] == "square" else lay.px(15)
            if flight.sprite == "pawn":
                sprite = pawn_sprite(rect.w, body, player_mark(owner))
            else:
                sprite = cube_sprite(cube_size, body, player_mark(owner))
            height = max(lay.px(70), size * 4)
            cx, cy = rect.center
            if flight.kind == "drop":
                fallen = bounce(t)
                lift = height * (1 - fallen)
                shadow_w = int(sprite.get_width() * (0.5 + 0.5 * fallen))
                shade = pygame.Rect(0, 0, shadow_w, max(2, shadow_w // 3))
                shade.center = (cx, rect.centery + sprite.get_height() // 2 - 1)
                pygame.draw.ellipse(surface, (6, 8, 20), shade)
                if t < FIRST_IMPACT and flight.sprite == "cube":  # falling fast: a trail
                    for k, fade in ((2, 48), (1, 96)):
                        trail = faded_cube(cube_size, body, player_mark(owner), fade)
                        up = height * (1 - bounce(max(0.0, t - 0.035 * k)))
                        surface.blit(trail, trail.get_rect(center=(cx, cy - up)))
                surface.blit(sprite, sprite.get_rect(center=(cx, cy - lift)))
            elif flight.kind == "lift":
                ghost = faded_cube(cube_size, body, player_mark(owner), int(255 * (1 - t)))
                surface.blit(ghost, ghost.get_rect(center=(cx, cy - height * t * t)))
            elif flight.to is not None:
                target = self.place_rect(flight.to)
                if target is None:
                    continue
                x = cx + (target.centerx - cx) * t
                y = cy + (target.centery - cy) * t - math.sin(math.pi * t) * size * 1.5
                surface.blit(sprite, sprite.get_rect(center=(int(x), int(y))))
        for floater in self.motion.floaters:
            rect = self.place_rect(floater.place)
            if rect is None:
                continue
            age = self.motion.clock - floater.start
            label = self.text.render(tr(floater.text), lay.font_px("body"), floater.color,
                                     bold=True)
            label.set_alpha(int(255 * max(0.0, 1 - age / 1.4)))
            # it rises from its place, inside the crew row it belongs to (not over the next)
            bottom = rect.bottom - int(lay.px(30) * age)
            home = self.target_rect(floater.place)
            if home is not None and home != rect:
                bottom = max(bottom, home.y + label.get_height() + lay.px(2))
            # floaters of one place and moment stand side by side, the later to the left,
            # the group centred on the place; on a crew's row it starts no further left than
            # the place (the crew's name ends there) and stays inside the row
            gap = lay.px(6)
            together = sum(1 for other in self.motion.floaters
                           if other.place == floater.place and other.start == floater.start)
            span = together * label.get_width() + (together - 1) * gap
            left = rect.centerx - span // 2
            if home is not None and home != rect:
                left = max(rect.left, min(left, home.right - lay.px(4) - span))
            x = left + span - label.get_width() // 2 - floater.row * (label.get_width() + gap)
            surface.blit(label, label.get_rect(midbottom=(x, bottom)))

    def draw_tooltip(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """The full text of the crew or planet the mouse rests on."""
        lay = self.layout
        mouse = pygame.mouse.get_pos()
        lines: list[tuple[str, theme.Color]] = []
        if self.clock - self.hover_since < TOOLTIP_DELAY:
            return
        if self.hover_crew is not None and self.hover_crew < len(view["crews"]):
            crew = CREWS_BY_ID[view["crews"][self.hover_crew]]
            lines = [(ngettext("{crew}: up to {n} cube", "{crew}: up to {n} cubes",
                               crew["count"]).format(crew=_(crew["name"]), n=crew["count"]),
                      theme.ACCENT),
                     (_(crew["text"]), theme.TEXT),
                     (_("Skill timing: {timing}.").format(timing=timing_words(crew["timing"])),
                      theme.TEXT_DIM)]
        elif self.hover_planet is not None and self.scoring is None and \
                self.hover_planet < len(view["planets"]):
            info = PLANET_TYPES[view["planets"][self.hover_planet]]
            track = " ".join(str(v) for v in info["track"])
            lines = [(_("{planet} ({colour})").format(planet=planet_name(view["planets"],
                                                                         self.hover_planet,
                                                                         short=False),
                                                      colour=colour_word(info["colour"])),
                      theme.ACCENT), (_(info["text"]), theme.TEXT),
                     (_("VP on squares 1, 2, ...: {track}").format(track=track), theme.TEXT_DIM),
                     # the card's own shorthand ("1 VP +1", "(tie)") was explained only on
                     # the rules page (a 4K playtest)
                     (_("Under the card: what each place would score if the game ended now; "
                        "+N: the leader's lead in cubes, (tie): none."), theme.TEXT_DIM)]
        if not lines:
            return
        width = lay.px(300)
        if self.hover_crew is not None:
            # beside the crews, clear of the scores in the centre where it fits in a readable
            # width (it hid the player's own VP: a playtest)
            room = self.crews_rect.x - lay.px(20) - self.ring.geo.centre.right
            if room >= lay.px(200):
                width = min(width, room)
        small = lay.font_px("small")
        key = ("tooltip", tuple(lines), width, id(self.text))
        cached = self._panels.get("tooltip")
        if cached is None or cached[0] != key:
            wrapped = [(line, color) for text, color in lines
                       for line in self.wrap(text, small, width - lay.px(20))]
            box = pygame.Rect(0, 0, width, lay.px(14) + len(wrapped) * int(small * 1.15))
            picture = pygame.Surface(box.size).convert()
            picture.fill(COLOR_KEY)
            draw_panel(picture, box, lay, fill=(12, 16, 40), edge=theme.ACCENT)
            y = lay.px(7)
            for line, color in wrapped:
                picture.blit(self.text.render(line, small, color), (lay.px(10), y))
                y += int(small * 1.15)
            picture.set_colorkey(COLOR_KEY, pygame.RLEACCEL)
            cached = self._panels["tooltip"] = (key, picture)
        box = cached[1].get_rect()
        if self.hover_crew is not None:  # beside the crews, level with the row
            row = self.crew_rects[self.hover_crew]
            box.topright = (self.crews_rect.x - lay.px(10), row.y)
        elif self.couch is not None and self.turn_device() != "mouse":  # under the planet
            box.midtop = self.ring.geo.cards[self.hover_planet].midbottom
            box.y += lay.px(6)
            if box.bottom > lay.height:
                box.bottom = self.ring.geo.cards[self.hover_planet].y - lay.px(6)
        else:
            box.topleft = (mouse[0] + lay.px(18), mouse[1] + lay.px(18))
        box.clamp_ip(lay.rect)
        surface.blit(cached[1], box)
        self.tooltip_rect = box

    def fit(self, text: str, size: int, width: float, bold: bool = False) -> str:
        """``text`` shortened with "…" to fit ``width`` pixels at ``size`` (memoised: the
        same names and skills are fitted every frame)."""
        key = ("fit", text, size, int(width), bold)
        cached = self._memo.get(key)
        if cached is None:
            cached = text
            if self.text.size(text, size, bold)[0] > width:
                while cached and self.text.size(cached + "…", size, bold)[0] > width:
                    cached = cached[:-1]
                cached = cached.rstrip() + "…"
            self._memo[key] = cached
        return cached

    def wrap(self, text: str, size: int, width: int) -> list[str]:
        """``TextCache.wrap``, memoised per text, size and width."""
        key = ("wrap", text, size, int(width))
        cached = self._memo.get(key)
        if cached is None:
            if len(self._memo) > 2000:
                self._memo.clear()
            cached = self._memo[key] = self.text.wrap(text, size, width)
        return cached
