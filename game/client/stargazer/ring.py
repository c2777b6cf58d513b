"""The ring of planets: where each planet card, track square and cube goes, and how a card is
drawn (from the view and the content data only).

Planet cards sit on an ellipse in clockwise ring order (the first at the top), so the ring reads
as the table: going clockwise round the screen is going clockwise round the ring. Each card has
its planet (colour and texture), its track (the 0 square, then squares 1.. with the VP each
prints and the accidents marked), the cubes in queue order, a notch under each owner's first
cube (ties look at it) and the standings if the game ended now (``planet_standings``). A card's
picture is cached until what it shows changes; a frame only blits it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.client import theme
from game.client.i18n import _
from game.client.layout import TextCache
from game.client.stargazer.names import planet_name
from game.client.stargazer.palette import PLANET_TEXTURES, Palette, player_mark
from game.client.stargazer.sprites import cube_sprite, planet_sprite
from game.rules.stargazer import PLANET_TYPES, planet_standings, room_left

#: a card at the 1280x720 reference, in reference pixels
CARD_W, CARD_H = 214, 120
LONGEST_TRACK = max(len(info["track"]) for info in PLANET_TYPES.values())
ACCIDENT: theme.Color = (120, 34, 44)
SQUARE: theme.Color = (40, 50, 98)
ZERO_SQUARE: theme.Color = (70, 58, 30)
RING_LINE: theme.Color = (48, 58, 108)
#: the colour keyed out of cached pictures (their rounded corners): opaque pictures with a
#: colour key blit much faster than per-pixel alpha, which matters at 4K
COLOR_KEY: theme.Color = (255, 0, 255)

Spot = tuple[int, int]  # (planet, square); square 0 is the planet's 0 square


class RingGeometry:
    """Card and square rectangles for ``count`` planets inside ``area`` (pixels). ``strip``:
    the cards in one row in ring order (a picture of the final ring), with no middle box."""

    def __init__(self, area: pygame.Rect, count: int, unit: float, strip: bool = False) -> None:
        self.area = area
        self.count = count
        if strip:
            self._strip(unit)
            return
        scale = unit
        while True:
            w, h = int(CARD_W * scale), int(CARD_H * scale)
            rx, ry = max(0, (area.w - w) / 2), max(0, (area.h - h) / 2)
            self.cards = []
            for i in range(count):
                angle = -math.pi / 2 + 2 * math.pi * i / count
                rect = pygame.Rect(0, 0, w, h)
                rect.center = (round(area.centerx + rx * math.cos(angle)),
                               round(area.centery + ry * math.sin(angle)))
                self.cards.append(rect)
            gap = int(6 * scale)
            apart = all(not a.inflate(gap, gap).colliderect(b) for i, a in enumerate(self.cards)
                        for b in self.cards[i + 1:])
            if (apart and w <= area.w and h * 2 <= area.h) or scale < unit * 0.45:
                break
            scale *= 0.95
        self.scale = scale
        self.radii = (rx, ry)
        self.centre = self._centre_box()

    def _strip(self, unit: float) -> None:
        gap = 10
        scale = min(unit, self.area.w / (self.count * (CARD_W + gap)), self.area.h / CARD_H)
        self.scale = scale
        self.radii = (0.0, 0.0)
        w, h = int(CARD_W * scale), int(CARD_H * scale)
        step = w + int(gap * scale)
        left = self.area.centerx - (self.count * step - int(gap * scale)) // 2
        self.cards = [pygame.Rect(left + i * step, self.area.centery - h // 2, w, h)
                      for i in range(self.count)]
        self.centre = pygame.Rect(self.area.center, (0, 0))

    def _centre_box(self) -> pygame.Rect:
        """The largest box in the middle of the ring that no card covers (tried over a few
        shapes, on every relayout only)."""
        margin = int(10 * self.scale)
        cards = [card.inflate(margin, margin) for card in self.cards]
        best = pygame.Rect(self.area.center, (0, 0))
        for tenth in range(2, 9):
            box = pygame.Rect(0, 0, int(self.area.w * tenth / 10), 0)
            low, high = 0, self.area.h
            while high - low > 2:  # the tallest box of this width that fits
                box.h = (low + high) // 2
                box.center = self.area.center
                if any(box.colliderect(card) for card in cards):
                    high = box.h
                else:
                    low = box.h
            box.h = low
            box.center = self.area.center
            if box.h * box.w > best.w * best.h and box.h >= box.w * 0.5:
                best = box.copy()
        return best

    def px(self, value: float) -> int:
        return max(1, round(value * self.scale))

    @property
    def square_size(self) -> int:
        return self.px((CARD_W - 16 - 10) / (LONGEST_TRACK + 1) - 1)

    def square_rect(self, planet: int, square: int) -> pygame.Rect:
        """Square ``square`` of ``planet``'s track (0: its 0 square), in screen pixels."""
        card = self.cards[planet]
        size = self.square_size
        x = card.x + self.px(8)
        if square > 0:
            x += size + self.px(10) + (square - 1) * (size + self.px(1))
        return pygame.Rect(x, card.y + self.px(48), size, size)

    def planet_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, card in enumerate(self.cards) if card.collidepoint(pos)), None)

    def ring_point(self, t: float) -> tuple[float, float]:
        """A point of the ring's ellipse; ``t`` in planets (0 = the first card, clockwise)."""
        angle = -math.pi / 2 + 2 * math.pi * t / self.count
        return (self.area.centerx + self.radii[0] * math.cos(angle),
                self.area.centery + self.radii[1] * math.sin(angle))


def draw_track_square(surface: pygame.Surface, rect: pygame.Rect, vp: int | None,
                      px: Callable[[float], int]) -> None:
    """One square of a planet's track as the table draws it: the 0 square (``vp`` None) in its
    own colour and edge, an accident (``vp`` 0) red with hazard stripes, else a plain square;
    ``px`` scales the corners and lines (the ring's, or the rules page's example)."""
    if vp is None:
        pygame.draw.rect(surface, ZERO_SQUARE, rect, border_radius=px(5))
        pygame.draw.rect(surface, theme.ACCENT_DARK, rect, max(1, px(1)), border_radius=px(5))
        return
    pygame.draw.rect(surface, ACCIDENT if vp == 0 else SQUARE, rect, border_radius=px(3))
    if vp == 0:  # an accident: hazard stripes as well as the red
        clip = surface.get_clip()
        surface.set_clip(rect)
        for x in range(rect.x - rect.h, rect.right, max(3, rect.w // 3)):
            pygame.draw.line(surface, (170, 70, 80), (x, rect.bottom), (x + rect.h, rect.y),
                             max(1, px(2)))
        surface.set_clip(clip)


def draw_first_notch(surface: pygame.Surface, rect: pygame.Rect, colour: theme.Color,
                     gap: int, half: int, height: int) -> None:
    """The notch under an owner's first cube on a track (ties look at it)."""
    tip = (rect.centerx, rect.bottom + gap)
    pygame.draw.polygon(surface, colour, [tip, (tip[0] - half, tip[1] + height),
                                          (tip[0] + half, tip[1] + height)])


def track_of(view: dict[str, Any], planet: int) -> list[int]:
    return PLANET_TYPES[view["planets"][planet]]["track"]


def path_spans(room: list[int], path: list[int]) -> list[int]:
    """How far round the ring each step of ``path`` goes, signed (+ clockwise, a whole lap
    is the ring's count): the way the walk went when every planet it passed on that side was
    full as it passed (the draft's clockwise walk skipping full planets, or the Pilot's
    counter-clockwise one), taking the whole path one way; else, a skill that places anywhere
    or stacks on one planet, the shorter way (0: none). ``room``: each planet's free squares
    before the path's first cube."""
    n = len(room)

    def walked(way: int) -> list[int] | None:
        left = room[:]
        spans = []
        for a, b in zip(path, path[1:], strict=False):
            left[a] -= 1
            span = ((b - a) * way) % n or n
            if any(left[(a + way * k) % n] > 0 for k in range(1, span)):
                return None
            spans.append(way * span)
        return spans

    found = walked(1) or walked(-1)
    if found is not None:
        return found
    return [(b - a) % n if (b - a) % n <= (a - b) % n else -((a - b) % n)
            for a, b in zip(path, path[1:], strict=False)]


class RingPainter:
    """Draws the ring for a view; caches each card's picture by what it shows."""

    def __init__(self, text: TextCache) -> None:
        self.text = text
        self.geo: RingGeometry | None = None
        self.cards: dict[int, tuple[Any, pygame.Surface]] = {}
        self.backdrop: tuple[Any, Any] | None = None

    def set_geometry(self, geo: RingGeometry) -> None:
        self.geo = geo
        self.cards.clear()
        self.backdrop = None

    # --- the ring's path -----------------------------------------------------------------
    def draw_path(self, surface: pygame.Surface) -> None:
        """The ellipse the planets sit on, with clockwise arrows between the cards: a few
        draw calls on precomputed points (cheaper at 4K than blitting a layer)."""
        geo = self.geo
        assert geo is not None
        key = (geo.area.size, geo.area.topleft, geo.count, geo.scale)
        if self.backdrop is None or self.backdrop[0] != key:
            steps = 48 * geo.count
            ring = [geo.ring_point(geo.count * i / steps) for i in range(steps)]
            arrows = [self._arrow_points(geo, i + 0.5) for i in range(geo.count)]
            self.backdrop = (key, (ring, arrows))
        ring, arrows = self.backdrop[1]
        pygame.draw.lines(surface, RING_LINE, True, ring, geo.px(2))
        for points in arrows:
            pygame.draw.polygon(surface, theme.TEXT_DIM, points)

    @staticmethod
    def _arrow_points(geo: RingGeometry, t: float, size: float = 9) -> list[tuple[float, float]]:
        x, y = geo.ring_point(t)
        nx, ny = geo.ring_point(t + 0.02)
        angle = math.atan2(ny - y, nx - x)
        s = geo.px(size)
        return [(x + math.cos(angle + turn) * s, y + math.sin(angle + turn) * s)
                for turn in (0.0, 2.5, -2.5)]

    # --- cards -----------------------------------------------------------------------------
    def draw_cards(self, surface: pygame.Surface, view: dict[str, Any], palette: Palette,
                   hidden: set[Spot] | frozenset[Spot] = frozenset(),
                   names: list[str] | None = None) -> None:
        geo = self.geo
        assert geo is not None
        room = room_left(view)
        for planet in range(len(view["planets"])):
            gone = frozenset(s for s in hidden if s[0] == planet)
            key = (view["planets"][planet], tuple(view["tracks"][planet]), view["zero"][planet],
                   gone, palette.name, geo.cards[planet].size, geo.scale, room[planet])
            cached = self.cards.get(planet)
            if cached is None or cached[0] != key:
                cached = (key, self.render_card(view, planet, palette, gone, room[planet]))
                self.cards[planet] = cached
            surface.blit(cached[1], geo.cards[planet])

    def render_card(self, view: dict[str, Any], planet: int, palette: Palette,
                    hidden: frozenset[Spot], room: int) -> pygame.Surface:
        geo = self.geo
        assert geo is not None
        card = geo.cards[planet]
        info = PLANET_TYPES[view["planets"][planet]]
        surface = pygame.Surface(card.size)
        surface.fill(COLOR_KEY)
        local = pygame.Rect(0, 0, card.w, card.h)
        radius = geo.px(10)
        pygame.draw.rect(surface, theme.PANEL, local, border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, local, max(1, geo.px(1)),
                         border_radius=radius)
        ox, oy = -card.x, -card.y
        # header: the planet, its name, its room
        colour = palette.planet(info["colour"])
        disc = planet_sprite(geo.px(12), colour, PLANET_TEXTURES.get(info["colour"], "none"))
        surface.blit(disc, (geo.px(8), geo.px(8)))
        tags = []
        if info.get("tie_break") == "earlier":
            tags.append(_("ties: front"))
        if info.get("specialty") == "wild":
            tags.append(_("wild"))
        status = _("FULL") if room == 0 else _("{n} left").format(n=room)
        tag = self.text.render(" · ".join([*tags, status]), geo.px(12),
                               theme.WARNING if room == 0 else theme.TEXT_DIM, bold=room == 0)
        surface.blit(tag, tag.get_rect(topright=(card.w - geo.px(8), geo.px(11))))
        title = planet_name(view["planets"], planet, short=False)
        room_px = card.w - geo.px(38) - tag.get_width() - geo.px(14)
        size = max(geo.px(12), self.text.fit(title, geo.px(16), room_px, bold=True))
        name = self.text.render(title, size, theme.TEXT, bold=True)
        surface.blit(name, name.get_rect(midleft=(geo.px(38),
                                                  geo.px(8) + disc.get_height() // 2)))
        # the track
        track = info["track"]
        queue = view["tracks"][planet]
        # the card's main news, which square pays what: the table's small type at 720p (12 px
        # read faint to a first-time player)
        small = geo.px(14)
        for square in range(len(track) + 1):
            rect = geo.square_rect(planet, square).move(ox, oy)
            draw_track_square(surface, rect, track[square - 1] if square else None, geo.px)
            if square == 0:
                label = self.text.render("0", small, theme.ACCENT, bold=True)
            else:
                vp = track[square - 1]
                label = self.text.render(str(vp), small, theme.ILLEGAL if vp == 0 else theme.TEXT,
                                         bold=vp == max(track))
            surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.y - geo.px(1))))
        # cubes in queue order, and a notch under each owner's first cube
        cube = geo.square_size - geo.px(3)
        seen: set[int] = set()
        for square, owner in enumerate(queue, start=1):
            rect = geo.square_rect(planet, square).move(ox, oy)
            if (planet, square) not in hidden:
                sprite = cube_sprite(cube, palette.player(owner), player_mark(owner))
                surface.blit(sprite, sprite.get_rect(center=rect.center))
            if owner not in seen:
                seen.add(owner)
                draw_first_notch(surface, rect, palette.player(owner), geo.px(2), geo.px(4),
                                 geo.px(5))
        zero = view["zero"][planet]
        if zero is not None and (planet, 0) not in hidden:
            rect = geo.square_rect(planet, 0).move(ox, oy)
            sprite = cube_sprite(cube, palette.player(zero), player_mark(zero))
            surface.blit(sprite, sprite.get_rect(center=rect.center))
        self.render_standings(surface, view, planet, palette, geo.px(95))
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        surface.set_colorkey(COLOR_KEY, pygame.RLEACCEL)
        return surface

    def render_standings(self, surface: pygame.Surface, view: dict[str, Any], planet: int,
                         palette: Palette, y: int) -> None:
        """Who leads if the game ended now and by how much; each rank's VP row."""
        geo = self.geo
        assert geo is not None
        rows = planet_standings(view["planets"][planet], view["tracks"][planet],
                                view["zero"][planet])
        size = geo.px(14)
        x = geo.px(8)
        if not rows:
            label = self.text.render(_("no cubes yet"), size, theme.TEXT_DIM)
            surface.blit(label, (x, y + geo.px(3)))
            return
        chip = geo.px(16)
        right = surface.get_width() - geo.px(6)
        for i, row in enumerate(rows):
            owner = row["owner"]
            words = f"{row['vp']}"
            if i == 0:
                lead = row["cubes"] - rows[1]["cubes"] if len(rows) > 1 else row["cubes"]
                words = (_("{vp} VP +{lead}").format(vp=row["vp"], lead=lead) if lead
                         else _("{vp} VP (tie)").format(vp=row["vp"]))
            label = self.text.render(words, size, theme.ACCENT if i == 0 else theme.TEXT_DIM,
                                     bold=i == 0)
            if x + chip + label.get_width() > right:
                more = self.text.render("…", size, theme.TEXT_DIM)
                surface.blit(more, (x, y + geo.px(2)))
                break
            sprite = cube_sprite(chip, palette.player(owner), player_mark(owner))
            surface.blit(sprite, (x, y + geo.px(2)))
            surface.blit(label, (x + chip + geo.px(3), y + geo.px(3)))
            x += chip + label.get_width() + geo.px(9)


def final_ring_picture(view: dict[str, Any], text: TextCache, size: tuple[int, int],
                       colour_blind: bool) -> pygame.Surface:
    """The finished game's planets in ring order, for the results screen."""
    from game.client.stargazer.palette import palette_for

    surface = pygame.Surface(size, pygame.SRCALPHA)
    words = _("The final ring, clockwise from the left (click: the whole table at the end)")
    caption = text.render(words, text.fit(words, max(10, size[1] // 10), size[0]),
                          theme.TEXT_DIM)
    surface.blit(caption, caption.get_rect(midtop=(size[0] // 2, 0)))
    painter = RingPainter(text)
    area = pygame.Rect(0, caption.get_height() + 4, size[0], size[1] - caption.get_height() - 4)
    geo = RingGeometry(area, len(view["planets"]), 1.5, strip=True)
    painter.set_geometry(geo)
    painter.draw_cards(surface, view, palette_for(colour_blind))
    return surface
