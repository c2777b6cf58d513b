"""How the Stargazer table looks: layout from the window size and every drawing pass.

A mixin of ``StargazerTableScene`` (which holds the state, input and events). Left: the ring of
planet cards (``ring.py``) with the players, the round, the stock and what ends the game in its
middle. Right: the crews (count, skill, worker, cubes on them, the motivation bonus a pick
pays now) and the action panel (what to decide, the buttons). On top: what is highlighted or
previewed, cubes in flight, and a tooltip with a crew's or planet's full text.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.client import theme
from game.client.starfield import Starfield
from game.client.stargazer.motion import FIRST_IMPACT, bounce
from game.client.stargazer.palette import COLOUR_WORDS, player_mark
from game.client.stargazer.ring import COLOR_KEY, RingGeometry
from game.client.stargazer.sprites import cube_sprite, faded_cube, pawn_sprite
from game.client.widgets import Button, draw_panel
from game.rules.stargazer import CREWS_BY_ID, PLANET_TYPES, end_progress, motivation_bonus
from game.rules.stargazer.content import COLOUR_GROUPS

PHASE_WORDS = {"crew": "is choosing a crew", "skill": "is using a skill",
               "investigate": "is investigating", "start_player": "names the next start player"}
TIMING_WORDS = {"choice": "a choice right after the pick", "placement": "widens where cubes go",
                "round_end": "acts at the end of the round"}
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def direction_word(last: int, planet: int, count: int) -> str:
    """Which way round the ring ``planet`` lies from ``last`` (words for the path prompt)."""
    ahead = (planet - last) % count
    if ahead == 0:
        return "the same planet"
    return "clockwise" if ahead <= count // 2 else "counter-clockwise"


def ordinal(n: int) -> str:
    return ORDINAL.get(n, f"{n}th")


class StargazerTablePainter:
    """Layout and drawing for ``StargazerTableScene`` (uses its session, view and choices)."""

    # --- layout ----------------------------------------------------------------------------
    def relayout(self) -> None:
        lay = self.layout
        w, h = lay.width, lay.height
        margin = lay.px(14)
        self.top_bar = pygame.Rect(0, 0, w, lay.px(46))
        right_w = int(min(max(lay.px(384), w * 0.3), w * 0.4))
        self.right = pygame.Rect(w - right_w - margin, self.top_bar.bottom + margin // 2,
                                 right_w, h - self.top_bar.bottom - margin - margin // 2)
        area = pygame.Rect(margin, self.right.y, self.right.x - 2 * margin, self.right.h)
        view = self.view
        count = len(view["planets"]) if view else 7
        self.ring.set_geometry(RingGeometry(area, count, lay.unit))
        crews = len(view["crews"]) if view else 6
        row_h, gap = lay.px(58), lay.px(5)
        self.crews_rect = pygame.Rect(self.right.x, self.right.y, self.right.w,
                                      lay.px(34) + crews * (row_h + gap))
        self.crew_rects = [pygame.Rect(self.right.x + lay.px(8),
                                       self.crews_rect.y + lay.px(30) + i * (row_h + gap),
                                       self.right.w - lay.px(16), row_h)
                           for i in range(crews)]
        self.action_rect = pygame.Rect(self.right.x, self.crews_rect.bottom + lay.px(8),
                                       self.right.w, self.right.bottom - self.crews_rect.bottom
                                       - lay.px(8))
        self._memo: dict[tuple, Any] = {}
        self._panels: dict[str, tuple[Any, pygame.Surface]] = {}
        self._scratch: pygame.Surface | None = None
        self.make_buttons()
        self.departures.layout(self.right, lay)
        self.starfield = Starfield(lay.rect.size, lay.unit, count=140, seed=23)

    def make_buttons(self) -> None:
        lay = self.layout
        if not hasattr(self, "buttons"):
            self.buttons = {
                "confirm": Button("Confirm (Enter)", self.confirm, size="body"),
                "fewer": Button("- cube", lambda: self.change_count(-1), size="body"),
                "more": Button("+ cube", lambda: self.change_count(1), size="body"),
                "undo": Button("Undo pick (U)", self.undo_pick, size="body"),
                "previous": Button("< Previous", lambda: self._cycle_target(-1), size="body"),
                "next": Button("Next >", lambda: self._cycle_target(1), size="body"),
            }
        self.seat_buttons = [Button(name, lambda s=s: self.choose_start_player(s), size="body")
                             for s, name in enumerate(self.session.names)]
        row_h, gap = lay.px(38), lay.px(8)
        inner = self.action_rect.inflate(-lay.px(20), 0)
        half = (inner.w - gap) // 2
        bottom = self.action_rect.bottom - lay.px(10)
        self.buttons["confirm"].rect = pygame.Rect(inner.x, bottom - row_h, inner.w, row_h)
        second = bottom - 2 * row_h - gap
        for name in ("undo", "previous"):
            self.buttons[name].rect = pygame.Rect(inner.x, second, half, row_h)
        self.buttons["next"].rect = pygame.Rect(inner.x + half + gap, second, half, row_h)
        third = second - row_h - gap
        quarter = (half - gap) // 2
        self.buttons["fewer"].rect = pygame.Rect(inner.x + half + gap, second, quarter, row_h)
        self.buttons["more"].rect = pygame.Rect(inner.x + half + gap + quarter + gap, second,
                                                half - quarter - gap, row_h)
        rows = math.ceil(len(self.seat_buttons) / 2)
        for i, button in enumerate(self.seat_buttons):
            row = rows - 1 - i // 2
            button.rect = pygame.Rect(inner.x + (i % 2) * (half + gap),
                                      bottom - (row + 1) * row_h - row * gap, half, row_h)
        self.prompt_bottom = third + row_h

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
        if phase == "investigate":
            self.buttons["undo"].enabled = bool(self.path)
            self.buttons["fewer"].enabled = self.count > max(1, len(self.path))
            self.buttons["more"].enabled = self.count < self.most_cubes()
            self.buttons["confirm"].enabled = bool(self.path) or self.focus_planet is not None
            self.buttons["confirm"].label = ("Confirm (Enter)" if self.path
                                             else "Start here (Enter)")
        elif phase == "crew":
            self.buttons["confirm"].enabled = self.crew_choice is not None
            self.buttons["confirm"].label = "Pick this crew (Enter)"
        elif phase == "skill":
            self.buttons["confirm"].label = "Use the skill here (Enter)"
            self.buttons["confirm"].enabled = self.target_choice is not None
            several = len(self.skill_targets()) > 1
            self.buttons["previous"].enabled = self.buttons["next"].enabled = several
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
            label = self.text.render("Waiting for the table...", self.layout.font_px("large"),
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
            key = ("centre", self.view_serial, palette_name, self.ring.geo.centre.size)
        else:
            key = ("scoring", self.scoring.index, self.scoring.revealed(), palette_name)
        self.cached_panel(surface, "centre", key, self.ring.geo.centre,
                          lambda target: self.draw_centre(target, view))
        falling = tuple(sorted((f.place[1], f.owner) for f in self.motion.flights
                               if f.kind == "drop" and f.place[0] in ("crew", "worker")))
        key = (self.view_serial, self.phase(), self.crew_choice, self.hover_crew, falling,
               palette_name)
        self.cached_panel(surface, "crews", key, self.crews_rect,
                          lambda target: self.draw_crews(target, view))
        if self.scoring is not None:
            self.draw_scoring_marks(surface, view)
        else:  # over the ring and the crews (a skill may target a crew)
            self.draw_choices(surface, view)
        self.draw_action(surface, view)
        self.draw_flights(surface)
        self.draw_tooltip(surface, view)
        self.departures.draw(surface, self.text, self.layout)

    def draw_top_bar(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        lay = self.layout
        pygame.draw.rect(surface, theme.PANEL, self.top_bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, self.top_bar.bottomleft,
                         self.top_bar.bottomright, max(1, lay.px(1)))
        title = self.text.render("Stargazer", lay.font_px("large"), theme.ACCENT, bold=True)
        surface.blit(title, title.get_rect(midleft=(lay.px(16), self.top_bar.centery)))
        names = self.session.names
        if view["phase"] == "over":
            doing = "The game is over: final scoring"
        else:
            current = view["current"]
            doing = (f"Round {view['round']}  ·  {names[current]} "
                     f"{PHASE_WORDS.get(view['phase'], '')}")
        label = self.text.render(doing, lay.font_px("body"), theme.TEXT)
        surface.blit(label, label.get_rect(midleft=(title.get_width() + lay.px(40),
                                                    self.top_bar.centery)))
        who = names[self.active] if self.active < len(names) else ""
        right = self.text.render(f"{who}  ·  Esc: menu", lay.font_px("body"), theme.TEXT_DIM)
        surface.blit(right, right.get_rect(midright=(lay.width - lay.px(16),
                                                     self.top_bar.centery)))

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
            label = self.text.render(str(cube["vp"]), geo.px(14), theme.SKY, bold=True)
            pill = label.get_rect(midbottom=(rect.centerx, rect.y)).inflate(geo.px(8), 0)
            pygame.draw.rect(surface, theme.ILLEGAL if accident else theme.LEGAL, pill,
                             border_radius=geo.px(5))
            surface.blit(label, label.get_rect(center=pill.center))
            if accident:
                word = self.text.render("accident", geo.px(12), theme.ILLEGAL, bold=True)
                box = word.get_rect(midtop=(rect.centerx, rect.bottom + geo.px(3)))
                box.clamp_ip(geo.cards[cube["planet"]])
                pygame.draw.rect(surface, (12, 16, 36), box.inflate(geo.px(6), geo.px(2)),
                                 border_radius=geo.px(4))
                surface.blit(word, box)
            badge = self.text.render(str(number), geo.px(12), theme.SKY, bold=True)
            tag = badge.get_rect(center=(rect.right, rect.bottom))
            pygame.draw.circle(surface, theme.ACCENT, tag.center, geo.px(7))
            surface.blit(badge, tag)
        for a, b in zip(path, path[1:], strict=False):
            self._ring_arrow(surface, a, b, mine)

    def _ring_arrow(self, surface: pygame.Surface, a: int, b: int, color: theme.Color) -> None:
        """The way from planet ``a`` to planet ``b`` drawn along the ring itself (the shorter
        way round: the Pilot's counter-clockwise walk runs backwards), where no card covers
        it, with an arrowhead where it reaches ``b``."""
        geo = self.ring.geo
        n = geo.count
        if a == b:
            return
        key = ("arrow", a, b, geo.area.size, geo.area.topleft, geo.scale)
        runs = self._memo.get(key)
        if runs is None:
            forward, backward = (b - a) % n, (a - b) % n
            span = forward if forward <= backward else -backward
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
            label = self.text.render(ordinal(row["rank"]), geo.px(13), theme.TEXT, bold=True)
            box = label.get_rect(midtop=(rect.centerx, rect.bottom + geo.px(4)))
            pygame.draw.rect(surface, (12, 16, 36), box.inflate(geo.px(4), geo.px(2)),
                             border_radius=geo.px(3))
            surface.blit(label, box)

    # --- the middle of the ring ----------------------------------------------------------------
    def draw_centre(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        box = self.ring.geo.centre
        lay = self.layout
        draw_panel(surface, box, lay, fill=(16, 21, 50))
        if self.scoring is not None:
            self.draw_scoring_panel(surface, view, box)
            return
        x, y = box.x + lay.px(12), box.y + lay.px(10)
        width = box.w - lay.px(24)
        title = self.text.render(f"Round {view['round']}", lay.font_px("large"), theme.ACCENT,
                                 bold=True)
        surface.blit(title, (x, y))
        y += title.get_height() + lay.px(6)
        scores = self.shown_scores(view)
        body, small = lay.font_px("small"), lay.font_px("tiny")
        row_h = lay.px(28)
        # the score breakdown under each name when the middle of the ring has room for it
        detail = box.bottom - y > view["players"] * (row_h + small + lay.px(4)) + lay.px(120)
        for seat in range(view["players"]):
            row = pygame.Rect(box.x + lay.px(6), y, box.w - lay.px(12),
                              row_h + (small + lay.px(2) if detail else 0))
            if seat == view["current"] and view["phase"] != "over":
                pygame.draw.rect(surface, theme.PANEL_LIGHT, row, border_radius=lay.px(6))
            middle = row.y + row_h // 2
            pawn = pawn_sprite(lay.px(22), self.palette.player(seat), player_mark(seat))
            surface.blit(pawn, pawn.get_rect(midleft=(x, middle)))
            name = self.session.names[seat] + (" (AI)" if self.session.kinds[seat] == "ai" else "")
            label = self.text.render(self.fit(name, body, width * 0.42), body, theme.TEXT,
                                     bold=seat == view["current"])
            surface.blit(label, label.get_rect(midleft=(x + lay.px(28), middle)))
            right = row.right - lay.px(6)
            score = self.text.render(f"{scores[seat]['total']} VP", body, theme.ACCENT, bold=True)
            surface.blit(score, score.get_rect(midright=(right, middle)))
            right -= lay.px(56)
            cubes = self.text.render(f"x{view['hands'][seat]}", body, theme.TEXT)
            surface.blit(cubes, cubes.get_rect(midright=(right, middle)))
            right -= cubes.get_width() + lay.px(3)
            cube = cube_sprite(lay.px(15), self.palette.player(seat), player_mark(seat))
            surface.blit(cube, cube.get_rect(midright=(right, middle)))
            if seat == view["start"]:
                star = self.text.render("start", small, theme.SKY, bold=True)
                tag = star.get_rect(midright=(right - cube.get_width() - lay.px(8), middle))
                pygame.draw.rect(surface, theme.ACCENT, tag.inflate(lay.px(6), lay.px(2)),
                                 border_radius=lay.px(4))
                surface.blit(star, tag)
            if detail:
                parts = scores[seat]
                words = (f"majority {parts['majority']} · specialty {parts['specialty']} · "
                         f"motivation {parts['motivation']}")
                if parts["skills"]:
                    words += f" · skills {parts['skills']}"
                line = self.text.render(self.fit(words, small, width), small, theme.TEXT_DIM)
                surface.blit(line, (x, row.y + row_h - lay.px(3)))
            y = row.bottom + lay.px(2)
        y += lay.px(6)
        free = cube_sprite(lay.px(15), self.palette.free, "none")
        surface.blit(free, (x, y + lay.px(1)))
        stock = self.text.render(f"Stock: {view['stock']} free cubes", body, theme.TEXT)
        surface.blit(stock, (x + lay.px(22), y))
        y += stock.get_height() + lay.px(6)
        progress = end_progress(view)
        words = (f"The game ends at a round's end once a hand is empty (fewest left: "
                 f"{progress['fewest_cubes']}) or {progress['planets_full_to_end']} planets "
                 f"are full (now {progress['planets_full']}).")
        for line in self.wrap(words, small, width):
            if y + small > box.bottom - lay.px(6):
                break
            label = self.text.render(line, small, theme.TEXT_DIM)
            surface.blit(label, (x, y))
            y += int(small * 1.15)

    def shown_scores(self, view: dict[str, Any]) -> list[dict[str, int]]:
        """Each player's score if the game ended now (the engine's breakdown), cached."""
        cached = getattr(self, "_scores", None)
        if cached is None or cached[0] is not view:
            from game.rules.stargazer import RULESET

            cached = (view, RULESET.score(view))
            self._scores = cached
        return cached[1]

    def draw_scoring_panel(self, surface: pygame.Surface, view: dict[str, Any],
                           box: pygame.Rect) -> None:
        show = self.scoring
        lay = self.layout
        x, y = box.x + lay.px(12), box.y + lay.px(10)
        width = box.w - lay.px(24)
        body, small = lay.font_px("small"), lay.font_px("tiny")
        names = self.session.names
        kind, planet = show.step
        heading = {"planet": PLANET_TYPES[view["planets"][planet]]["name"] if planet >= 0
                   else "", "specialty": "Specialty bonus",
                   "bonus": "Motivation and skills"}[kind]
        title = self.text.render("Final scoring", lay.font_px("small"), theme.TEXT_DIM)
        surface.blit(title, (x, y))
        y += title.get_height()
        label = self.text.render(heading, lay.font_px("large"), theme.ACCENT, bold=True)
        surface.blit(label, (x, y))
        y += label.get_height() + lay.px(4)
        if kind == "planet":
            for row in show.standings[planet][:show.revealed()]:
                owner = row["owner"]
                who = "Free cubes" if owner < 0 else names[owner]
                if row["square"] < 1:
                    where, color = "no square: 0", theme.TEXT_DIM
                elif row["vp"] == 0:
                    where, color = f"square {row['square']}: accident, 0", theme.ILLEGAL
                else:
                    where, color = f"square {row['square']}: {row['vp']} VP", theme.ACCENT
                cube = cube_sprite(lay.px(16), self.palette.player(owner), player_mark(owner))
                surface.blit(cube, (x, y + lay.px(2)))
                line = f"{ordinal(row['rank'])}  {who}, {row['cubes']} cube" + \
                    ("s" if row["cubes"] > 1 else "")
                text = self.text.render(self.fit(line, body, width - lay.px(22)), body,
                                        theme.TEXT_DIM if owner < 0 else theme.TEXT)
                surface.blit(text, (x + lay.px(22), y))
                y += text.get_height()
                score = self.text.render(where, small, color, bold=True)
                surface.blit(score, (x + lay.px(22), y))
                y += score.get_height() + lay.px(5)
            if show.revealed() == len(show.standings[planet]) and \
                    any(r["owner"] < 0 for r in show.standings[planet]):
                note = self.text.render("(free cubes: a virtual player who scores nothing)",
                                        small, theme.TEXT_DIM)
                surface.blit(note, (x, y))
                y += note.get_height()
        elif kind == "specialty":
            for seat in range(show.players):
                counts, wild = show.specialty[seat]
                parts = [f"{COLOUR_WORDS.get(g, g).split(' ')[0]} {c}"
                         for g, c in zip(COLOUR_GROUPS, counts, strict=True) if c]
                if wild:
                    parts.append(f"wild {wild}")
                label = self.text.render(names[seat], body, theme.TEXT, bold=True)
                surface.blit(label, (x, y))
                vp = self.text.render(f"{show.specialty_vp(seat)} VP", body, theme.ACCENT,
                                      bold=True)
                surface.blit(vp, vp.get_rect(topright=(box.right - lay.px(12), y)))
                y += label.get_height()
                line = ", ".join(parts) or "no cubes on planets"
                text = self.text.render(self.fit(line, small, width), small, theme.TEXT_DIM)
                surface.blit(text, (x, y))
                y += text.get_height() + lay.px(4)
        else:
            for seat in range(show.players):
                parts = show.breakdown(seat)
                line = (f"{names[seat]}: motivation {parts.get('motivation', 0)}, "
                        f"skills {parts.get('skills', 0)}")
                text = self.text.render(self.fit(line, body, width), body, theme.TEXT)
                surface.blit(text, (x, y))
                y += text.get_height() + lay.px(4)
        y = max(y + lay.px(8), box.bottom - lay.px(12) - show.players * lay.px(22))
        totals = show.totals_so_far()
        for seat in range(show.players):
            pawn = pawn_sprite(lay.px(18), self.palette.player(seat), player_mark(seat))
            surface.blit(pawn, (x, y))
            label = self.text.render(self.fit(names[seat], body, width * 0.6), body, theme.TEXT)
            surface.blit(label, (x + lay.px(24), y))
            total = self.text.render(f"{totals[seat]} VP", body, theme.ACCENT, bold=True)
            surface.blit(total, total.get_rect(topright=(box.right - lay.px(12), y)))
            y += lay.px(22)

    # --- crews -------------------------------------------------------------------------------
    def draw_crews(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        lay = self.layout
        draw_panel(surface, self.crews_rect, lay)
        head = self.text.render("Crews", lay.font_px("body"), theme.ACCENT, bold=True)
        surface.blit(head, (self.crews_rect.x + lay.px(12), self.crews_rect.y + lay.px(6)))
        hint = self.text.render("the mouse on a crew: its full text", lay.font_px("tiny"),
                                theme.TEXT_DIM)
        surface.blit(hint, hint.get_rect(topright=(self.crews_rect.right - lay.px(12),
                                                   self.crews_rect.y + lay.px(9))))
        phase = self.phase()
        legal = set(self.legal_crews()) if phase == "crew" else set()
        active = view.get("active_crew")
        body, small = lay.font_px("small"), lay.font_px("tiny")
        falling: dict[int, list[int]] = {}
        for flight in self.motion.flights:
            if flight.kind == "drop" and flight.place[0] == "crew":
                falling.setdefault(flight.place[1], []).append(flight.owner)
        for index, rect in enumerate(self.crew_rects[:len(view["crews"])]):
            crew = CREWS_BY_ID[view["crews"][index]]
            taken = view["workers"][index] is not None
            chosen = phase == "crew" and index == self.crew_choice
            fill = theme.PANEL_LIGHT if chosen or index == self.hover_crew else (24, 31, 66)
            pygame.draw.rect(surface, fill, rect, border_radius=lay.px(8))
            if chosen:
                edge, width = theme.ACCENT, 3
            elif index in legal:
                edge, width = theme.LEGAL, 2
            elif index == active:
                edge, width = theme.HIGHLIGHT, 2
            else:
                edge, width = theme.PANEL_EDGE, 1
            pygame.draw.rect(surface, edge, rect, max(1, lay.px(width)), border_radius=lay.px(8))
            # investigation count
            badge = pygame.Rect(rect.x + lay.px(6), rect.y + lay.px(8), lay.px(30), lay.px(30))
            pygame.draw.rect(surface, (14, 18, 40), badge, border_radius=lay.px(6))
            count = self.text.render(str(crew["count"]), lay.font_px("large"), theme.ACCENT,
                                     bold=True)
            surface.blit(count, count.get_rect(center=badge.center))
            caption = self.text.render("cubes", lay.px(11), theme.TEXT_DIM)
            surface.blit(caption, caption.get_rect(midtop=(badge.centerx, badge.bottom)))
            text_x = badge.right + lay.px(8)
            text_w = rect.right - lay.px(128) - text_x
            dim = taken and index != active
            name = self.text.render(self.fit(crew["name"], body, text_w), body,
                                    theme.TEXT_DIM if dim else theme.TEXT, bold=True)
            surface.blit(name, (text_x, rect.y + lay.px(6)))
            words = self.wrap(crew["text"], small, text_w)
            for i, line in enumerate(words[:2]):
                if i == 1 and len(words) > 2:
                    line = self.fit(line + " ...", small, text_w)
                label = self.text.render(line, small, theme.TEXT_DIM)
                surface.blit(label, (text_x, rect.y + lay.px(26) + i * lay.px(14)))
            # what is on the crew: its worker, free cubes, players' cubes, the bonus
            landing = falling.get(index, [])
            worker = view["workers"][index]
            slot = self.place_rect(("worker", index))
            if worker is not None and not any(
                    f.kind == "drop" and f.place == ("worker", index) for f in self.motion.flights):
                pawn = pawn_sprite(slot.w, self.palette.player(worker), player_mark(worker))
                surface.blit(pawn, slot)
            spot = self.place_rect(("crew", index))
            cube = lay.px(15)
            x = spot.x
            free = view["crew_free"][index] - landing.count(-1)
            owners = list(view["crew_cubes"][index])
            for owner in landing:
                if owner >= 0 and owner in owners:
                    owners.remove(owner)
            for owner in [-1] * max(0, free) + owners:
                sprite = cube_sprite(cube, self.palette.player(owner), player_mark(owner))
                surface.blit(sprite, (x, spot.y))
                x += cube + lay.px(2)
            bonus = motivation_bonus(view, index)
            if bonus and not taken:
                label = self.text.render(f"+{bonus} VP", small, theme.ACCENT, bold=True)
                surface.blit(label, label.get_rect(bottomright=(rect.right - lay.px(8),
                                                                rect.bottom - lay.px(5))))
            elif taken and worker is not None:
                label = self.text.render(self.session.names[worker], small,
                                         theme.TEXT_DIM)
                surface.blit(label, label.get_rect(bottomright=(rect.right - lay.px(8),
                                                                rect.bottom - lay.px(5))))

    # --- the action panel --------------------------------------------------------------------
    def action_lines(self, view: dict[str, Any]) -> tuple[str, list[tuple[str, theme.Color]]]:
        """The panel's title and lines for what the player decides now."""
        phase = self.phase()
        names = self.session.names
        lines: list[tuple[str, theme.Color]] = []
        if phase == "over":
            return "Final scoring", [("Planet by planet. Enter or a click: next.", theme.TEXT),
                                     ("Esc: straight to the results.", theme.TEXT_DIM)]
        if phase in ("watching", "handover"):
            current = view["current"]
            kind = self.session.kinds[current]
            dots = "." * (1 + int(self.clock * 3) % 3)
            title = f"{names[current]} {PHASE_WORDS.get(view['phase'], 'plays')}{dots}"
            if kind == "ai":
                lines.append(("A bot: watch its cubes drop.", theme.TEXT_DIM))
            active = view.get("active_crew")
            if active is not None:
                crew = CREWS_BY_ID[view["crews"][active]]
                lines.append((f"{crew['name']} (up to {crew['count']}): {crew['text']}",
                              theme.TEXT))
            return title, lines
        if phase == "crew":
            if self.crew_choice is not None:
                crew = CREWS_BY_ID[view["crews"][self.crew_choice]]
                bonus = motivation_bonus(view, self.crew_choice)
                lines.append((f"{crew['name']}: investigates with up to {crew['count']} "
                              f"cube{'s' if crew['count'] > 1 else ''}.", theme.ACCENT))
                if bonus:
                    lines.append((f"Picking it now pays +{bonus} VP (motivation).", theme.LEGAL))
                lines.append((f"Skill ({TIMING_WORDS.get(crew['timing'], crew['timing'])}): "
                              f"{crew['text']}", theme.TEXT))
            lines.append(("Click a crew (green) to choose; click again or Enter to pick.",
                          theme.TEXT_DIM))
            return "Choose a crew", lines
        if phase == "skill":
            crew = CREWS_BY_ID[view["crews"][view["active_crew"]]]
            targets = self.skill_targets()
            lines.append((crew["text"], theme.TEXT))
            if targets and self.target_choice is not None:
                index = self.target_choice % len(targets)
                lines.append((f"Target {index + 1} of {len(targets)}: "
                              f"{self.describe_target(index)}", theme.ACCENT))
                change = self.score_change(targets[index])
                if change is not None:
                    lines.append((f"Your score if the game ended now: {change:+d} VP",
                                  theme.LEGAL if change > 0 else theme.TEXT_DIM))
            lines.append(("Click a highlighted place (arrows + Enter).", theme.TEXT_DIM))
            return f"{crew['name']}: the skill", lines
        if phase == "investigate":
            crew = CREWS_BY_ID[view["crews"][view["active_crew"]]]
            most = self.most_cubes()
            path = self.shown_path()
            if crew["timing"] == "placement":
                lines.append((f"{crew['name']}: {crew['text']}", theme.TEXT_DIM))
            if not self.path:
                lines.append(("Click the start planet (green); the mouse shows the path.",
                              theme.TEXT))
            if path:
                planets = [PLANET_TYPES[view["planets"][p]]["name"].split(" ")[0] for p in path]
                lines.append((f"{len(path)} cube{'s' if len(path) > 1 else ''}: "
                              + " > ".join(planets), theme.ACCENT))
                change = self.score_change({"t": "investigate", "planets": path})
                if change is not None:
                    lines.append((f"Your score if the game ended now: {change:+d} VP",
                                  theme.LEGAL if change > 0 else theme.TEXT_DIM))
            if self.path:
                last, n = self.path[-1], len(view["planets"])
                nxt = [f"{PLANET_TYPES[view['planets'][p]]['name'].split(' ')[0]} "
                       f"({direction_word(last, p, n)})" for p in self.candidates()]
                if nxt and len(self.path) < most:
                    lines.append(("Next cube may go to: " + ", ".join(nxt) + " (click).",
                                  theme.TEXT_DIM))
            return f"Investigate: up to {most} cube{'s' if most > 1 else ''}", lines
        if phase == "start_player":
            lines.append(("Captain Armstrong: name the player who starts the next round "
                          "(yourself too).", theme.TEXT))
            return "Who starts next round?", lines
        return "", lines

    def describe_target(self, index: int) -> str:
        view = self.view
        places = self.target_places(index)
        squares = [p for p in places if p[0] == "square"]
        if squares:
            name = PLANET_TYPES[view["planets"][squares[0][1]]]["name"]
            numbers = sorted(p[2] for p in squares)
            if numbers == [0]:
                return f"{name}, its 0 square"
            if len(numbers) == 2:
                return f"{name}, swap squares {numbers[0]} and {numbers[1]}"
            return f"{name}, square {numbers[0]}"
        crews = [p for p in places if p[0] == "crew"]
        if crews:
            return CREWS_BY_ID[view["crews"][crews[0][1]]]["name"]
        planets = [p for p in places if p[0] == "planet"]
        if planets:
            return PLANET_TYPES[view["planets"][planets[0][1]]]["name"]
        return str(self.skill_targets()[index])

    def draw_action(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """The action panel, painted again only when its words or buttons change."""
        title, lines = self.action_lines(view)
        if self.status_time > 0 and self.status[0]:
            lines = [self.status, *lines]
        buttons = self.visible_buttons()
        mouse = pygame.mouse.get_pos()
        phase = self.phase()
        states = tuple((b.label, b.enabled, b.rect.collidepoint(mouse),
                        phase == "start_player" and i == self.start_choice)
                       for i, b in enumerate(buttons))
        self.cached_panel(surface, "action", (title, tuple(lines), states), self.action_rect,
                          lambda target: self.paint_action(target, title, lines, buttons,
                                                           states))

    def paint_action(self, surface: pygame.Surface, title: str,
                     lines: list[tuple[str, theme.Color]], buttons: list[Button],
                     states: tuple) -> None:
        lay = self.layout
        rect = self.action_rect
        draw_panel(surface, rect, lay)
        x, y = rect.x + lay.px(12), rect.y + lay.px(8)
        width = rect.w - lay.px(24)
        heading = self.text.render(self.fit(title, lay.font_px("body"), width),
                                   lay.font_px("body"), theme.ACCENT, bold=True)
        surface.blit(heading, (x, y))
        y += heading.get_height() + lay.px(4)
        bottom = min([b.rect.y for b in buttons] + [rect.bottom]) - lay.px(6)
        small = lay.font_px("small")
        for message, color in lines:
            for line in self.wrap(message, small, width):
                if y + small > bottom:
                    break
                label = self.text.render(line, small, color)
                surface.blit(label, (x, y))
                y += int(small * 1.12)
            y += lay.px(3)
        for button, (_, _, hovered, focused) in zip(buttons, states, strict=True):
            button.draw(surface, self.text, lay, focused, hovered)

    # --- what moves --------------------------------------------------------------------------
    def draw_flights(self, surface: pygame.Surface) -> None:
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
            label = self.text.render(floater.text, lay.font_px("body"), floater.color, bold=True)
            label.set_alpha(int(255 * max(0.0, 1 - age / 1.4)))
            surface.blit(label, label.get_rect(midbottom=(rect.centerx,
                                                          rect.y - int(lay.px(30) * age))))

    def draw_tooltip(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """The full text of the crew or planet the mouse rests on."""
        from game.client.stargazer.table import TOOLTIP_DELAY

        lay = self.layout
        mouse = pygame.mouse.get_pos()
        lines: list[tuple[str, theme.Color]] = []
        if self.clock - self.hover_since < TOOLTIP_DELAY:
            return
        if self.hover_crew is not None and self.hover_crew < len(view["crews"]):
            crew = CREWS_BY_ID[view["crews"][self.hover_crew]]
            lines = [(f"{crew['name']}: up to {crew['count']} "
                      f"cube{'s' if crew['count'] > 1 else ''}", theme.ACCENT),
                     (crew["text"], theme.TEXT),
                     (f"Skill timing: {TIMING_WORDS.get(crew['timing'], crew['timing'])}.",
                      theme.TEXT_DIM)]
        elif self.hover_planet is not None and self.scoring is None and \
                self.hover_planet < len(view["planets"]):
            info = PLANET_TYPES[view["planets"][self.hover_planet]]
            track = " ".join(str(v) for v in info["track"])
            lines = [(f"{info['name']} ({COLOUR_WORDS.get(info['colour'], info['colour'])})",
                      theme.ACCENT), (info["text"], theme.TEXT),
                     (f"VP on squares 1, 2, ...: {track}", theme.TEXT_DIM)]
        if not lines:
            return
        width = lay.px(300)
        small = lay.font_px("small")
        key = ("tooltip", tuple(lines), width)
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
        else:
            box.topleft = (mouse[0] + lay.px(18), mouse[1] + lay.px(18))
        box.clamp_ip(lay.rect)
        surface.blit(cached[1], box)

    def fit(self, text: str, size: int, width: float) -> str:
        """``text`` shortened with "..." to fit ``width`` pixels at ``size`` (memoised: the
        same names and skills are fitted every frame)."""
        key = ("fit", text, size, int(width))
        cached = self._memo.get(key)
        if cached is None:
            font = self.text.font(size)
            cached = text
            if font.size(text)[0] > width:
                while cached and font.size(cached + "...")[0] > width:
                    cached = cached[:-1]
                cached = cached.rstrip() + "..."
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
