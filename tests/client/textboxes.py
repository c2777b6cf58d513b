"""Where text lands: redraw the app's visible scenes onto a recording surface and report every
piece of text drawn outside its box, cut off by a clip, over another text, or too small to read.

A *box* is any rectangle drawn with ``pygame.draw.rect`` (panels, buttons, bars, the top bar)
or a big panel blitted from ``widgets.PANEL_CACHE``;
a text's box is the smallest one its scene drew before it that holds the centre of its visible
pixels, else the window. Text is recognised by the surfaces ``TextCache.render`` returns. Each
visible scene (a dialog over a table...) is judged on its own; a filled box drawn over text
hides it (it is not judged).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.client.widgets import PANEL_CACHE

#: the smallest type a player can read (font size in px; pygame's default font)
MIN_TEXT_PX = 12
#: pixels a text may poke past its box (anti-aliasing, rounding)
SLACK = 1


@dataclass
class Drawn:
    text: str
    size: int
    rect: pygame.Rect  # the visible pixels, on screen
    box: pygame.Rect
    cut: bool  # partly outside the clip in force


@dataclass
class Recorder:
    """What one redraw put on the screen."""

    texts: dict[int, tuple[str, int]] = field(default_factory=dict)
    boxes: list[pygame.Rect] = field(default_factory=list)
    drawn: list[Drawn] = field(default_factory=list)
    screen: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def cover(self, fill: pygame.Rect) -> None:
        """A filled box hides the text and boxes drawn before it inside it (a bar over a
        table's top bar): they are not on screen to judge."""
        self.drawn = [item for item in self.drawn if not fill.contains(item.rect)]
        self.boxes = [box for box in self.boxes if not fill.contains(box)]

    def box_for(self, rect: pygame.Rect) -> pygame.Rect:
        holding = [b for b in self.boxes if b.collidepoint(rect.center) and b.w > 2 and b.h > 2]
        return min(holding, key=lambda b: b.w * b.h) if holding else self.screen

    def problems(self) -> list[str]:
        found = []
        for item in self.drawn:
            outside = not item.box.inflate(2 * SLACK, 2 * SLACK).contains(item.rect)
            if outside:
                found.append(f"{item.text!r} at {tuple(item.rect)} leaves its box "
                             f"{tuple(item.box)}")
            if item.cut:
                found.append(f"{item.text!r} at {tuple(item.rect)} is cut off by a clip")
            if item.size < MIN_TEXT_PX:
                found.append(f"{item.text!r} is {item.size} px: too small to read")
        for i, a in enumerate(self.drawn):
            for b in self.drawn[i + 1:]:
                if a.text != b.text and a.rect.colliderect(b.rect):
                    found.append(f"{a.text!r} at {tuple(a.rect)} overlaps {b.text!r} at "
                                 f"{tuple(b.rect)}")
        return found


class RecordingSurface(pygame.Surface):
    """A screen-sized surface that notes every text blit."""

    recorder: Recorder

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        done = super().blit(source, dest, area, special_flags)
        if any(source is panel for panel in PANEL_CACHE.values()):  # a cached panel: a box
            box = source.get_rect(topleft=(dest.x, dest.y) if isinstance(dest, pygame.Rect)
                                  else dest[:2])
            self.recorder.cover(box)
            self.recorder.boxes.append(box)
            return done
        known = self.recorder.texts.get(id(source))
        if known is not None and area is None:
            x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else dest[:2]
            visible = source.get_bounding_rect().move(int(x), int(y))
            if visible.w and visible.h:
                clip = self.get_clip()
                self.recorder.drawn.append(Drawn(known[0], known[1], visible,
                                                 self.recorder.box_for(visible),
                                                 not clip.contains(visible)))
        return done


@contextmanager
def recording(app: Any) -> Iterator[Recorder]:
    """Within: ``TextCache.render`` and ``pygame.draw.rect`` are watched."""
    recorder = Recorder()
    text = app.text
    original_render = text.render
    original_rect = pygame.draw.rect

    def render(message: str, size: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        surface = original_render(message, size, *args, **kwargs)
        recorder.texts[id(surface)] = (message, size)
        return surface

    def rect(surface: pygame.Surface, color: Any, box: Any, *args: Any,
             **kwargs: Any) -> pygame.Rect:
        if isinstance(surface, RecordingSurface):
            box = pygame.Rect(box)
            if (args[0] if args else kwargs.get("width", 0)) == 0:
                recorder.cover(box)
            recorder.boxes.append(box)
        return original_rect(surface, color, box, *args, **kwargs)

    text.render = render
    pygame.draw.rect = rect
    try:
        yield recorder
    finally:
        text.render = original_render
        pygame.draw.rect = original_rect


def text_problems(app: Any) -> list[str]:
    """Redraw what the window shows now and report text out of place."""
    surface = RecordingSurface(app.screen.get_size())
    with recording(app) as recorder:
        surface.recorder = recorder
        recorder.screen = surface.get_rect()
        screen = app.screen
        app.screen = surface
        found: list[str] = []
        try:
            # each scene on its own: a dialog's text is judged against the dialog's boxes,
            # not against the dimmed menu under it
            for scene in app.visible_scenes():
                recorder.boxes.clear()
                recorder.drawn.clear()
                scene.draw(surface, 0.0)
                found += recorder.problems()
            recorder.boxes.clear()
            recorder.drawn.clear()
            app._draw_toasts()
            found += recorder.problems()
        finally:
            app.screen = screen
    return found


def drawn_texts(app: Any) -> list[str]:
    """Every text the visible scenes draw now, in drawing order."""
    surface = RecordingSurface(app.screen.get_size())
    with recording(app) as recorder:
        surface.recorder = recorder
        recorder.screen = surface.get_rect()
        for scene in app.visible_scenes():
            scene.draw(surface, 0.0)
    return [item.text for item in recorder.drawn]
