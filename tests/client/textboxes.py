"""Where text lands: redraw the app's visible scenes onto a recording surface and report every
piece of text drawn outside its box, off the screen, cut off by a clip, over another text, or
too small to read.

Text is recognised by the surfaces ``TextCache.render`` returns. A *box* is any rectangle drawn
with ``pygame.draw.rect`` (panels, buttons, bars, the top bar) or a big panel blitted from
``widgets.PANEL_CACHE``; a text's box is the smallest one its scene drew before it that holds
the centre of its visible pixels, else the window.

Text drawn into a picture first (a table's cached panel, a board, the results' ring) counts
where the picture lands: while ``tracking`` is on, every ``pygame.Surface`` made is a ``Layer``
that notes the texts, boxes and fills drawn on it, and blitting it carries them along (shifted,
cut by the area blitted and the clip in force). A fill hides the texts and boxes under it.
Pictures made before ``tracking`` started (or scaled by ``pygame.transform``) show no text.
The smallest-type rule holds for text drawn on the screen itself: a picture's text is checked
for boxes, clips and overlaps but may be a miniature's (Stargazer's ring cards draw 8-10 px
at 800x600, the results' ring 6-10 px: a question for that kit, not found here).

Overlaps: text over a box, a sprite or a picture is fine (that is what panels are for); text
over other text is not; the same text drawn again within ``SHADOW_PX`` of itself (a shadow, an
outline) is one text. Each visible scene (a dialog over a table...) is judged on its own.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import pygame

from game.client.widgets import PANEL_CACHE

#: the smallest type a player can read (font size in px; pygame's default font)
MIN_TEXT_PX = 12
#: pixels a text may poke past its box (anti-aliasing, rounding)
SLACK = 1
#: the same text drawn again this close to itself is its shadow or outline: one text
SHADOW_PX = 3

_BaseSurface = pygame.Surface


class Mark(NamedTuple):
    """One thing drawn on a surface, in its coordinates: a text, a box, or a fill (a named
    tuple: the walk moves hundreds of thousands of them from picture to screen)."""

    kind: str  # "text", "box" (outline), "fill" (a filled box: hides what was under it)
    rect: pygame.Rect
    text: str = ""
    size: int = 0
    cut: bool = False  # partly outside the clip or the area it was blitted from
    #: a fill's colour (RGBA; None: unknown); a text's: drawn into a picture first
    color: tuple[int, int, int, int] | None = None
    pictured: bool = False

    def moved(self, dx: int, dy: int) -> Mark:
        return self._replace(rect=self.rect.move(dx, dy))


@dataclass
class Drawn:
    text: str
    size: int
    rect: pygame.Rect  # the visible pixels, on screen
    box: pygame.Rect
    cut: bool  # partly outside the clip in force
    pictured: bool = False  # drawn into a picture first (perhaps a miniature)


@dataclass
class Recorder:
    """The texts ``TextCache.render`` made, and what one redraw put on the screen."""

    texts: dict[int, tuple[str, int]] = field(default_factory=dict)
    #: the text surfaces still alive (an id is only a text's while its surface lives)
    alive: weakref.WeakValueDictionary = field(default_factory=weakref.WeakValueDictionary)
    #: the boxes drawn so far, each with whether it is filled (it hides the boxes before it)
    boxes: list[tuple[pygame.Rect, bool]] = field(default_factory=list)
    drawn: list[Drawn] = field(default_factory=list)
    screen: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    #: how close the same text drawn again is its shadow (``SHADOW_PX`` at 1280x720, growing
    #: with the window: the title's shadow copies stand 2 layout pixels apart each way)
    shadow: int = SHADOW_PX

    def text_of(self, surface: Any) -> tuple[str, int] | None:
        known = self.texts.get(id(surface))
        return known if known is not None and self.alive.get(id(surface)) is surface else None

    def cover(self, fill: pygame.Rect) -> None:
        """A filled box hides the text and boxes drawn before it inside it (a bar over a
        table's top bar): they are not on screen to judge."""
        self.drawn = [item for item in self.drawn if not fill.contains(item.rect)]
        self.boxes = [box for box in self.boxes if not fill.contains(box[0])]

    def box_for(self, rect: pygame.Rect) -> pygame.Rect:
        """The smallest box under the text's centre that shows there (no filled box drawn
        after it) and is not smaller than the text (a cube or a marker the text passes over
        is no box of it)."""
        area = rect.w * rect.h
        holding: list[pygame.Rect] = []
        for box, filled in self.boxes:
            if box.collidepoint(rect.center) and box.w > 2 and box.h > 2:
                if filled:
                    holding.clear()  # a panel over the others: the text is on it
                if box.w * box.h >= area:
                    holding.append(box)
        return min(holding, key=lambda b: b.w * b.h) if holding else self.screen

    def replay(self, marks: list[Mark]) -> None:
        """What a scene drew, in order: boxes and fills are the boxes of the texts after."""
        self.boxes.clear()
        self.drawn.clear()
        for mark in marks:
            if mark.kind == "text":
                self.drawn.append(Drawn(mark.text, mark.size, mark.rect,
                                        self.box_for(mark.rect), mark.cut, mark.pictured))
            else:
                if mark.kind == "fill":
                    self.cover(mark.rect)
                self.boxes.append((mark.rect, mark.kind == "fill"))

    def problems(self) -> list[str]:
        found = []
        for item in self.drawn:
            if not item.box.inflate(2 * SLACK, 2 * SLACK).contains(item.rect):
                found.append(f"{item.text!r} at {tuple(item.rect)} leaves its box "
                             f"{tuple(item.box)}")
            if not self.screen.contains(item.rect):
                found.append(f"{item.text!r} at {tuple(item.rect)} leaves the screen "
                             f"{tuple(self.screen)}")
            if item.cut:
                found.append(f"{item.text!r} at {tuple(item.rect)} is cut off by a clip")
            if item.size < MIN_TEXT_PX and not item.pictured:
                found.append(f"{item.text!r} is {item.size} px: too small to read")
        found += self.overlaps()
        return found

    def overlaps(self) -> list[str]:
        """Text drawn over other text (a text's own shadow or outline excepted)."""
        found = []
        texts = sorted(self.drawn, key=lambda item: item.rect.x)
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                if b.rect.x >= a.rect.right:
                    break
                if not a.rect.colliderect(b.rect):
                    continue
                if a.text == b.text and abs(a.rect.x - b.rect.x) <= self.shadow \
                        and abs(a.rect.y - b.rect.y) <= self.shadow:
                    continue  # one text and its shadow
                found.append(f"{a.text!r} at {tuple(a.rect)} overlaps {b.text!r} at "
                             f"{tuple(b.rect)}")
        return found


#: the recorder watching now (None: surfaces note nothing)
_WATCHING: list[Recorder] = []


def _dest_xy(dest: Any) -> tuple[int, int]:
    if isinstance(dest, pygame.Rect):
        return dest.x, dest.y
    return int(dest[0]), int(dest[1])


class Layer(_BaseSurface):
    """A surface that notes what is drawn on it (``Mark``s in its own coordinates), so that
    a picture blitted elsewhere carries its texts and boxes along. A subsurface notes on the
    surface it is part of."""

    def marks(self) -> list[Mark]:
        marks = self.__dict__.get("_marks")
        if marks is None:
            marks = self.__dict__["_marks"] = []
        return marks

    def _note(self, marks: list[Mark]) -> None:
        """Add ``marks`` (in this surface's coordinates) to the surface that holds them."""
        root = self.get_abs_parent()
        if not isinstance(root, Layer):
            return
        dx, dy = self.get_abs_offset()
        target = root.marks()
        for mark in marks:
            if mark.kind == "fill":
                gone = mark.rect.move(dx, dy)
                target[:] = [m for m in target if not gone.contains(m.rect)]
            target.append(mark.moved(dx, dy))

    def own_marks(self) -> list[Mark]:
        """The marks on this surface's pixels, in its coordinates (a subsurface: the part of
        its parent's marks it shows; a text across its edge is cut)."""
        root = self.get_abs_parent()
        if not isinstance(root, Layer):
            return []
        if root is self:
            return list(self.marks())
        dx, dy = self.get_abs_offset()
        return _within(root.marks(), pygame.Rect((dx, dy), self.get_size()), -dx, -dy)

    def blit(self, source: Any, dest: Any = (0, 0), area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        done = super().blit(source, dest, area, special_flags)
        if _WATCHING:
            self._note(_marks_of_blit(_WATCHING[-1], source, _dest_xy(dest), area,
                                      self.get_clip()))
        return done

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        done = super().fill(color, rect, special_flags)
        if special_flags == 0:
            self._note([Mark("fill", pygame.Rect(done), color=_rgba(self, color))])
        return done

    def copy(self) -> Layer:
        new = super().copy()
        new.__dict__["_marks"] = self.own_marks()
        return new

    def convert(self, *args: Any) -> Layer:
        new = super().convert(*args)
        new.__dict__["_marks"] = self.own_marks()
        return new

    def convert_alpha(self, *args: Any) -> Layer:
        new = super().convert_alpha(*args)
        new.__dict__["_marks"] = self.own_marks()
        return new


def _rgba(surface: Any, color: Any) -> tuple[int, int, int, int] | None:
    try:
        found = surface.unmap_rgb(color) if isinstance(color, int) else pygame.Color(color)
    except (TypeError, ValueError):
        return None
    return (found.r, found.g, found.b, found.a)


def _hides(source: Any, fill: Mark) -> bool:
    """Whether a picture's fill is opaque where the picture lands (not its colour key, not
    see-through): it hides the texts under it like a panel."""
    alpha = source.get_alpha()
    if fill.color is None or (alpha is not None and alpha < 255) or fill.color[3] < 255:
        return False
    key = source.get_colorkey()
    return key is None or tuple(key[:3]) != fill.color[:3]


def _within(marks: list[Mark], window: pygame.Rect, dx: int, dy: int) -> list[Mark]:
    """``marks`` seen through ``window``, moved by (dx, dy): a text across its edge is cut."""
    seen = []
    for mark in marks:
        if not window.colliderect(mark.rect):
            continue
        if mark.kind == "text":
            seen.append(mark._replace(rect=mark.rect.move(dx, dy),
                                      cut=mark.cut or not window.contains(mark.rect)))
        else:
            seen.append(mark._replace(rect=mark.rect.clip(window).move(dx, dy)))
    return seen


def _marks_of_blit(recorder: Recorder, source: Any, xy: tuple[int, int], area: Any,
                   clip: pygame.Rect) -> list[Mark]:
    """What blitting ``source`` at ``xy`` puts on the target, in the target's coordinates."""
    if any(source is panel for panel in PANEL_CACHE.values()):  # a cached panel: a box
        return [Mark("fill", source.get_rect(topleft=xy),
                     color=tuple(source.get_at(source.get_rect().center)))]
    window = pygame.Rect(area) if area is not None else source.get_rect()
    window = window.clip(source.get_rect())
    dx, dy = xy[0] - window.x, xy[1] - window.y
    known = recorder.text_of(source)
    if known is not None:
        visible = source.get_bounding_rect()
        if not (visible.w and visible.h):
            return []
        marks = _within([Mark("text", visible, known[0], known[1])], window, dx, dy)
    elif isinstance(source, Layer):
        # a picture's fills are its boxes; they hide what is under them where the picture
        # is opaque (not a shade, not its colour key)
        marks = [mark._replace(kind="fill" if _hides(source, mark) else "box")
                 if mark.kind == "fill" else
                 mark._replace(pictured=True) if mark.kind == "text" else mark
                 for mark in _within(source.own_marks(), window, dx, dy)]
    else:
        return []
    # what falls outside the target's clip is not drawn; a text across it is cut
    return _within(marks, clip, 0, 0)


@contextmanager
def tracking(app: Any) -> Iterator[Recorder]:
    """Within: ``TextCache.render`` and ``pygame.draw.rect`` are watched and every new
    ``pygame.Surface`` is a ``Layer``, so pictures made now carry their text later."""
    recorder = Recorder()
    text = app.text
    original_render = text.render
    original_rect = pygame.draw.rect

    def render(message: str, size: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        surface = original_render(message, size, *args, **kwargs)
        if recorder.alive.get(id(surface)) is not surface:
            recorder.texts[id(surface)] = (message, size)
            recorder.alive[id(surface)] = surface
        return surface

    def rect(surface: pygame.Surface, color: Any, box: Any, *args: Any,
             **kwargs: Any) -> pygame.Rect:
        done = original_rect(surface, color, box, *args, **kwargs)
        if isinstance(surface, Layer):
            box = pygame.Rect(box)
            filled = (args[0] if args else kwargs.get("width", 0)) == 0
            surface._note([Mark("fill", box, color=_rgba(surface, color)) if filled
                           else Mark("box", box)])
        return done

    text.render = render
    pygame.draw.rect = rect
    pygame.Surface = Layer
    _WATCHING.append(recorder)
    try:
        yield recorder
    finally:
        _WATCHING.remove(recorder)
        pygame.Surface = _BaseSurface
        text.render = original_render
        pygame.draw.rect = original_rect


@contextmanager
def recording(app: Any) -> Iterator[Recorder]:
    """``tracking`` unless it is on already (a whole walk is tracked): its recorder."""
    if _WATCHING:
        yield _WATCHING[-1]
        return
    with tracking(app) as recorder:
        yield recorder


class RecordingSurface(Layer):
    """A screen-sized surface whose marks are judged (``text_problems``)."""

    recorder: Recorder


def _scene_marks(surface: RecordingSurface, draw: Any) -> list[Mark]:
    surface.marks().clear()
    draw()
    return list(surface.marks())


def text_problems(app: Any) -> list[str]:
    """Redraw what the window shows now and report text out of place."""
    surface = RecordingSurface(app.screen.get_size())
    with recording(app) as recorder:
        surface.recorder = recorder
        recorder.screen = surface.get_rect()
        recorder.shadow = max(SHADOW_PX, 2 * app.layout.px(2))
        screen = app.screen
        app.screen = surface
        found: list[str] = []
        try:
            # each scene on its own: a dialog's text is judged against the dialog's boxes,
            # not against the dimmed menu under it
            for scene in app.visible_scenes():
                recorder.replay(_scene_marks(surface, lambda scene=scene: scene.draw(surface,
                                                                                     0.0)))
                found += recorder.problems()
            recorder.replay(_scene_marks(surface, app._draw_toasts))
            found += recorder.problems()
        finally:
            app.screen = screen
    return found


def drawn_texts(app: Any) -> list[str]:
    """Every text the visible scenes draw now, in drawing order."""
    return [text for text, _size in drawn_sizes(app)]


def drawn_sizes(app: Any) -> list[tuple[str, int]]:
    """Every text the visible scenes draw now with its type size (px), in drawing order."""
    return [(mark.text, mark.size) for mark in drawn_marks(app)]


def drawn_marks(app: Any) -> list[Mark]:
    """Every text the visible scenes draw now (where on the screen, its size), in drawing
    order."""
    surface = RecordingSurface(app.screen.get_size())
    with recording(app) as recorder:
        surface.recorder = recorder
        recorder.screen = surface.get_rect()
        for scene in app.visible_scenes():
            scene.draw(surface, 0.0)
    return [mark for mark in surface.marks() if mark.kind == "text"]
