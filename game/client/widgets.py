"""Widgets: buttons, choice rows and text fields, all usable by mouse and keyboard.

A ``Form`` owns a list of rows and a focus index: arrows/Tab move focus, Left/Right change a
choice, Enter/Space activate. Rects are assigned by the owning scene from its ``Layout``.
The keyboard's focus and the mouse's hover look different (``draw_frame``): focus is a thick
gold ring around the widget and a gold edge, hover a lighter face; the mouse never moves the
keyboard's focus except by clicking. A game controller moves the same focus (its D-pad and A
arrive as arrows and Enter), and types in a text field with the on-screen keyboard
(``scenes/keyboard.py``).
Labels and choice values pass through ``i18n.tr`` when drawn: give them ``N_("...")`` and they
follow a language switch by themselves (a player's name or other plain text shows as it is).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import accumulate
from typing import Any

import pygame

from game.client import theme
from game.client.i18n import tr
from game.client.layout import Layout, TextCache


class Widget:
    """Something with a rect that can take focus."""

    focusable = True

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True

    def handle(self, event: pygame.event.Event, focused: bool) -> bool:
        return False

    def draw(self, surface: pygame.Surface, text: TextCache, layout: Layout,
             focused: bool, hovered: bool) -> None:
        raise NotImplementedError


#: big panels drawn once per size and colours, then blitted (a rounded rectangle the size of a
#: table's side column costs ~1 ms a frame to draw at 1080p); tests see these as boxes too
PANEL_CACHE: dict[tuple, pygame.Surface] = {}
#: panels smaller than this (px area) are drawn directly: cheap, and too many sizes to keep
PANEL_CACHE_AREA = 40_000
_COLORKEY = (255, 0, 255)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, layout: Layout,
               fill: theme.Color = theme.PANEL, edge: theme.Color = theme.PANEL_EDGE,
               width: int = 1) -> None:
    radius = layout.px(10)
    line = max(1, layout.px(width))
    if rect.w * rect.h < PANEL_CACHE_AREA:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, edge, rect, line, border_radius=radius)
        return
    key = (rect.size, fill, edge, line, radius)
    panel = PANEL_CACHE.get(key)
    if panel is None:
        if len(PANEL_CACHE) > 32:
            PANEL_CACHE.clear()
        panel = pygame.Surface(rect.size).convert()
        panel.fill(_COLORKEY)
        local = panel.get_rect()
        pygame.draw.rect(panel, fill, local, border_radius=radius)
        pygame.draw.rect(panel, edge, local, line, border_radius=radius)
        panel.set_colorkey(_COLORKEY, pygame.RLEACCEL)
        PANEL_CACHE[key] = panel
    surface.blit(panel, rect)


def draw_frame(surface: pygame.Surface, rect: pygame.Rect, layout: Layout, focused: bool,
               hovered: bool, enabled: bool = True) -> None:
    """A widget's face: lighter under the mouse, a ring outside it when it has the focus."""
    hovered = hovered and enabled
    focused = focused and enabled
    fill = theme.PANEL_LIGHT if hovered else theme.PANEL  # (hover and focus stay apart)
    edge = theme.ACCENT if focused else theme.TEXT_DIM if hovered else theme.PANEL_EDGE
    draw_panel(surface, rect, layout, fill, edge, 1)
    if focused:
        ring = focus_ring(rect, layout)
        pygame.draw.rect(surface, theme.ACCENT, ring, max(3, layout.px(3)),
                         border_radius=layout.px(10) + max(3, layout.px(5)))


def focus_ring(rect: pygame.Rect, layout: Layout) -> pygame.Rect:
    """Where the focus ring of a widget at ``rect`` is drawn: a pad or keyboard player must
    see at a glance which row A or Enter acts on (also on text fields and table rows)."""
    gap = max(3, layout.px(5))
    return rect.inflate(2 * gap, 2 * gap)


def draw_dashed_rect(surface: pygame.Surface, color: theme.Color, rect: pygame.Rect,
                     width: int, dash: int, shift: float = 0.0) -> None:
    """``rect``'s outline, ``width`` px thick inside it, in dashes ``dash`` px long with gaps
    as long, moved ``shift`` px along clockwise (marching ants). A move being shown is drawn
    so, never solid: a solid gold outline is the focus ring (``draw_frame``), and a yellow
    player's move outlined solid read as one's own choice (a playtest)."""
    inner = rect.inflate(-width, -width)
    corners = [inner.topleft, (inner.right, inner.top), (inner.right, inner.bottom),
               (inner.left, inner.bottom)]
    edges = list(zip(corners, corners[1:] + corners[:1], strict=True))
    lengths = [abs(b[0] - a[0]) + abs(b[1] - a[1]) for a, b in edges]
    perimeter = sum(lengths)
    if perimeter <= 0 or dash <= 0:
        return

    def point(at: float) -> tuple[float, float]:
        for (a, b), length in zip(edges, lengths, strict=True):
            if at <= length and length:
                return (a[0] + (b[0] - a[0]) * at / length, a[1] + (b[1] - a[1]) * at / length)
            at -= length
        return corners[0]

    turns = list(accumulate(lengths[:-1]))  # how far along each corner after the first is
    start = shift % (2 * dash) - 2 * dash
    while start < perimeter:
        low, high = max(0.0, start), min(float(perimeter), start + dash)
        # a dash round a corner is drawn as two pieces, one on each edge
        cuts = [low, *(turn for turn in turns if low < turn < high), high]
        for a, b in zip(cuts, cuts[1:], strict=False):
            if b > a:
                pygame.draw.line(surface, color, point(a), point(b), width)
        start += 2 * dash


def blit_on_line(surface: pygame.Surface, text: TextCache, shown: str, size: int,
                 colour: theme.Color, x: int, centery: int, bold: bool = False,
                 centred: bool = False) -> pygame.Surface:
    """Draw ``shown`` on the line centred on ``centery``, starting at ``x`` (``centred``:
    centred on it), on the baseline a Latin text has there (``TextCache.line_top``): a row's
    label and value stay on one line whatever their scripts (a Japanese label centred on its
    own sat a few pixels below a Latin value, "70%", beside it). Returns what it drew."""
    label = text.render(shown, size, colour, bold=bold)
    left = x - label.get_width() // 2 if centred else x
    surface.blit(label, (left, text.line_top(shown, size, centery, bold)))
    return label


def draw_well(surface: pygame.Surface, layout: Layout, row: pygame.Rect, left: int, right: int,
              focused: bool) -> pygame.Rect:
    """A sunken box from ``left`` to ``right`` inside ``row``: it reads as a place to type (a
    name field), not a value to cycle. Returns the box."""
    inset = layout.px(7)
    well = pygame.Rect(left, row.y + inset, max(1, right - left), row.h - 2 * inset)
    pygame.draw.rect(surface, theme.BOARD, well, border_radius=layout.px(6))
    pygame.draw.rect(surface, theme.ACCENT if focused else theme.PANEL_EDGE, well,
                     max(2, layout.px(2)) if focused else 1, border_radius=layout.px(6))
    return well


def pressed(event: pygame.event.Event, rect: pygame.Rect, focused: bool) -> bool:
    """A left click on ``rect``, or Enter / Space while the widget has the focus: what presses
    a button or a row."""
    return (event.type == pygame.MOUSEBUTTONUP and event.button == 1
            and rect.collidepoint(event.pos)) or (
        focused and event.type == pygame.KEYDOWN
        and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))


def shade_layer(size: tuple[int, int], alpha: int = 140) -> pygame.Surface:
    """A dimming layer the size of the window, for a dialog over the scene below it (made
    once per size by the dialog's ``relayout``)."""
    shade = pygame.Surface(size).convert()
    shade.fill((0, 0, 10))
    shade.set_alpha(alpha)  # after convert(), which would drop it (a black screen)
    return shade


class Button(Widget):
    """A labelled button; ``action`` runs on click, Enter or Space."""

    def __init__(self, label: str, action: Callable[[], Any], size: str = "large",
                 hint: str = "") -> None:
        super().__init__()
        self.label = label
        self.action = action
        self.size = size
        self.hint = hint
        #: a type size (px) set by a row of buttons that should read alike (None: the largest
        #: of ``size`` at which this label fits, which differs from label to label)
        self.type_px: int | None = None

    def activate(self) -> None:
        if self.enabled:
            self.action()

    def handle(self, event: pygame.event.Event, focused: bool) -> bool:
        if not self.enabled:
            return False
        if pressed(event, self.rect, focused):
            self.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface, text: TextCache, layout: Layout,
             focused: bool, hovered: bool) -> None:
        active = (focused or hovered) and self.enabled
        draw_frame(surface, self.rect, layout, focused, hovered, self.enabled)
        color = theme.TEXT if self.enabled else theme.TEXT_DISABLED
        shown = tr(self.label)
        size = self.type_px or text.fit(shown, layout.font_px(self.size),
                                        self.rect.w - layout.px(12), bold=active)
        label = text.render(shown, size, color, bold=active)
        surface.blit(label, label.get_rect(center=self.rect.center))


class Choice(Widget):
    """``Label   < value >``: Left/Right or a click on either half cycles the values."""

    #: the arrows' places as fractions of the width, when the value fits between them
    LEFT_ARROW, RIGHT_ARROW = 0.52, 0.96

    def __init__(self, label: str, values: Sequence[tuple[Any, str]], value: Any = None,
                 on_change: Callable[[Any], None] | None = None) -> None:
        super().__init__()
        self.label = label
        self.values = list(values)
        keys = [v for v, _ in self.values]
        self.index = keys.index(value) if value in keys else 0
        self.on_change = on_change
        #: where the left arrow was last drawn, as a fraction of the width (a wide value
        #: moves it left: see ``value_geometry``); a click around it steps back
        self.left_arrow_at = self.LEFT_ARROW

    @property
    def value(self) -> Any:
        return self.values[self.index][0]

    def set_value(self, value: Any) -> None:
        keys = [v for v, _ in self.values]
        if value in keys:
            self.index = keys.index(value)

    def step(self, delta: int) -> None:
        if not self.enabled or len(self.values) < 2:
            return
        self.index = (self.index + delta) % len(self.values)
        if self.on_change:
            self.on_change(self.value)

    def handle(self, event: pygame.event.Event, focused: bool) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3) and \
                self.rect.collidepoint(event.pos):
            # the left arrow (where it was last drawn) steps back; elsewhere steps forward
            offset = (event.pos[0] - self.rect.x) / max(1, self.rect.w)
            back = event.button == 3 or \
                self.left_arrow_at - 0.08 <= offset < self.left_arrow_at + 0.10
            self.step(-1 if back else 1)
            return True
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.step(-1 if event.y > 0 else 1)
            return True
        if focused and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_LEFT:
                self.step(-1)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE,
                             pygame.K_KP_ENTER):
                self.step(1)
                return True
        return False

    def label_end(self, label_width: int, pad: int) -> int:
        """The x where the row's left part (its label) ends: the value keeps right of it."""
        return self.rect.x + pad + label_width

    def value_geometry(self, text: TextCache, layout: Layout, shown: str,
                       label_end: int) -> tuple[int, int, int]:
        """The left and right arrows' x and the value's type size. The arrows stay in their
        column while the value fits between them; a wider value (a long title, Japanese)
        moves the left arrow left, never over the label, and only then is set smaller."""
        size, arrow, gap = layout.font_px("body"), layout.px(6), layout.px(10)
        right = self.rect.x + int(self.rect.w * self.RIGHT_ARROW)
        left = self.rect.x + int(self.rect.w * self.LEFT_ARROW)
        width = text.size(shown, size, bold=True)[0]
        if width > right - left - 2 * (arrow + gap):
            left = max(label_end + gap + arrow, right - width - 2 * (arrow + gap))
            size = text.fit(shown, size, right - left - 2 * (arrow + gap), bold=True)
        return left, right, size

    def draw(self, surface: pygame.Surface, text: TextCache, layout: Layout,
             focused: bool, hovered: bool) -> None:
        active = focused or hovered
        draw_frame(surface, self.rect, layout, focused, hovered)
        size = layout.font_px("body")
        pad = layout.px(14)
        label = blit_on_line(surface, text, tr(self.label), size,
                             theme.TEXT if self.enabled else theme.TEXT_DIM, self.rect.x + pad,
                             self.rect.centery)
        value_text = tr(self.values[self.index][1])
        left, right, value_size = self.value_geometry(
            text, layout, value_text, self.label_end(label.get_width() if self.label else 0,
                                                     pad))
        self.left_arrow_at = (left - self.rect.x) / max(1, self.rect.w)
        blit_on_line(surface, text, value_text, value_size,
                     theme.ACCENT if self.enabled else theme.TEXT_DIM, (left + right) // 2,
                     self.rect.centery, bold=True, centred=True)
        if self.enabled and len(self.values) > 1:
            arrow_color = theme.ACCENT if active else theme.TEXT_DIM
            s = layout.px(6)
            cy = self.rect.centery
            for sign, x in ((-1, left), (1, right)):
                points = [(x + sign * s, cy), (x - sign * s, cy - s), (x - sign * s, cy + s)]
                pygame.draw.polygon(surface, arrow_color, points)


class NamedChoice(Choice):
    """A choice row that, while its value is ``named``, also carries a name typed in place:
    a hot-seat seat, "Seat 2  Bea  < Human >". Typing edits the name; Left/Right still change
    the value (Enter and Space do not: a name may have spaces)."""

    def __init__(self, label: str, values: Sequence[tuple[Any, str]], value: Any = None,
                 named: Any = None, name: str = "", limit: int = 16) -> None:
        super().__init__(label, values, value)
        self.named = named
        self.name = name
        self.limit = limit

    @property
    def editable(self) -> bool:
        return self.value == self.named

    def label_end(self, label_width: int, pad: int) -> int:
        """The seat and its name own the row's left half, even while the name is short."""
        return max(super().label_end(label_width, pad), self.rect.x + self.rect.w // 2)

    def on_name(self, event: pygame.event.Event) -> bool:
        """A click left of the value's arrows: the name field (or the seat's label). It takes
        the focus to type a name and never changes the seat's kind (only the arrows do)."""
        offset = (event.pos[0] - self.rect.x) / max(1, self.rect.w)
        return (event.button == 1 and self.rect.collidepoint(event.pos)
                and offset < max(0.5, self.left_arrow_at - 0.08))

    def handle(self, event: pygame.event.Event, focused: bool) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and self.on_name(event):
            return True  # handled: the Form moves its focus here
        if focused and self.editable:
            if event.type == pygame.TEXTINPUT:
                printable = "".join(ch for ch in event.text if ch.isprintable())
                self.name = (self.name + printable)[: self.limit]
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
                self.name = self.name[:-1]
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN,
                                                              pygame.K_KP_ENTER):
                return True
        return super().handle(event, focused)

    def draw(self, surface: pygame.Surface, text: TextCache, layout: Layout,
             focused: bool, hovered: bool) -> None:
        if not self.editable:
            super().draw(surface, text, layout, focused, hovered)
            return
        label, self.label = self.label, ""
        super().draw(surface, text, layout, focused, hovered)
        self.label = label
        size = layout.font_px("body")
        pad = layout.px(14)
        seat = blit_on_line(surface, text, tr(label), size, theme.TEXT_DIM, self.rect.x + pad,
                            self.rect.centery)
        left = self.rect.x + pad + seat.get_width() + pad // 2
        well = draw_well(surface, layout, self.rect, left,
                         self.rect.x + self.rect.w // 2 - layout.px(4), focused)
        shown = self.name + ("_" if focused else "")
        fitted = text.fit(shown or " ", size, well.w - pad, bold=True)
        blit_on_line(surface, text, shown or " ", fitted, theme.TEXT, well.x + pad // 2,
                     self.rect.centery, bold=True)


class TextField(Widget):
    """One line of text input (player name)."""

    def __init__(self, label: str, value: str, on_change: Callable[[str], None],
                 limit: int = 24) -> None:
        super().__init__()
        self.label = label
        self.value = value
        self.on_change = on_change
        self.limit = limit

    def handle(self, event: pygame.event.Event, focused: bool) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self.rect.collidepoint(event.pos):
            return True  # a click takes the focus (the Form moves it here) to type
        if not focused:
            return False
        if event.type == pygame.TEXTINPUT:
            printable = "".join(ch for ch in event.text if ch.isprintable())
            if printable:
                self.value = (self.value + printable)[: self.limit]
                self.on_change(self.value)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            self.on_change(self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface, text: TextCache, layout: Layout,
             focused: bool, hovered: bool) -> None:
        draw_frame(surface, self.rect, layout, focused, hovered)
        size = layout.font_px("body")
        pad = layout.px(14)
        label = blit_on_line(surface, text, tr(self.label), size, theme.TEXT,
                             self.rect.x + pad, self.rect.centery)
        # where a choice row shows its value
        left = max(self.rect.x + self.rect.w // 2, self.rect.x + 2 * pad + label.get_width())
        well = draw_well(surface, layout, self.rect, left, self.rect.right - pad // 2, focused)
        shown = (self.value + ("_" if focused else "")) or " "
        fitted = text.fit(shown, size, well.w - 2 * pad, bold=True)
        blit_on_line(surface, text, shown, fitted, theme.ACCENT, well.centerx,
                     self.rect.centery, bold=True, centred=True)


class Form:
    """Rows of widgets with one keyboard focus; the mouse hovers and clicks directly."""

    def __init__(self, widgets: Sequence[Widget] = (), *, wraps: bool = True,
                 hover_focuses: bool = False) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus = 0
        #: the mouse moved last, not a key (``noted``)
        self.pointing = False
        #: the focus goes round from the last row to the first and back (False: it stops)
        self.wraps = wraps
        #: the mouse moved onto a row gives it the focus (a menu of buttons: two of them lit,
        #: the hovered one and the focused one, read as two chosen: a Japanese playtest); not
        #: for forms with a text field, which would lose the typing to a passing pointer
        self.hover_focuses = hover_focuses

    def move_focus(self, delta: int) -> None:
        if not self.widgets:
            return
        focus = self.focus
        for _ in range(len(self.widgets)):
            focus += delta
            if not self.wraps and not 0 <= focus < len(self.widgets):
                return  # (the focus stays where it was)
            focus %= len(self.widgets)
            widget = self.widgets[focus]
            if widget.focusable and widget.enabled:
                self.focus = focus
                return

    def focused(self) -> Widget | None:
        """The widget with the keyboard's (or a pad's) focus, None when none has it."""
        if 0 <= self.focus < len(self.widgets):
            widget = self.widgets[self.focus]
            if widget.focusable and widget.enabled:
                return widget
        return None

    def note_input(self, event: pygame.event.Event) -> None:
        """Whether the mouse or a key moved last (``handle`` tells it; a scene whose other
        parts take some events first tells it too)."""
        if event.type in (pygame.MOUSEMOTION, pygame.KEYDOWN):
            self.pointing = event.type == pygame.MOUSEMOTION

    def noted(self, among: Iterable[Widget] | None = None) -> Widget | None:
        """The widget a note beside it speaks of: the one (of ``among``) under the mouse once
        the mouse has moved since the last key, else the one with the focus. A pointer resting
        where the window opened chose nothing: it noted a row beside the focused one (a
        playtest)."""
        if self.pointing:
            mouse = pygame.mouse.get_pos()
            for widget in self.widgets if among is None else among:
                if widget.rect.collidepoint(mouse):
                    return widget
        return self.focused()

    def focus_rect(self, layout: Layout) -> pygame.Rect | None:
        """Where the focus ring is drawn (tests look there for it), None without a focus."""
        widget = self.focused()
        return focus_ring(widget.rect, layout) if widget is not None else None

    def handle(self, event: pygame.event.Event) -> bool:
        self.note_input(event)
        if event.type == pygame.MOUSEMOTION:
            if self.hover_focuses:
                for i, widget in enumerate(self.widgets):
                    if widget.focusable and widget.enabled and \
                            widget.rect.collidepoint(event.pos):
                        self.focus = i
            return False  # hover is drawn (the focus follows it only with ``hover_focuses``)
        for i, widget in enumerate(self.widgets):
            if widget.handle(event, i == self.focus):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.focus = i
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_DOWN or (
                    event.key == pygame.K_TAB and not event.mod & pygame.KMOD_SHIFT):
                self.move_focus(1)
                return True
            if event.key in (pygame.K_UP, pygame.K_TAB):
                self.move_focus(-1)
                return True
        return False

    def draw(self, surface: pygame.Surface, text: TextCache, layout: Layout) -> None:
        # the hover shows once the mouse has moved since the last key or pad press: a pointer
        # resting on a button lit it beside the pad's own focus (an outside 4K playtest)
        mouse = pygame.mouse.get_pos() if self.pointing else (-1, -1)
        for i, widget in enumerate(self.widgets):
            widget.draw(surface, text, layout, i == self.focus, widget.rect.collidepoint(mouse))


def same_type_size(buttons: Sequence[Button], text: TextCache, layout: Layout) -> None:
    """One type size for a row of buttons: the largest at which every label fits, bold (as
    when chosen), so the row does not read in as many sizes as it has labels."""
    sizes = [text.fit(tr(b.label), layout.font_px(b.size), b.rect.w - layout.px(12), bold=True)
             for b in buttons]
    for button in buttons:
        button.type_px = min(sizes) if sizes else None


def stack_rects(widgets: Sequence[Widget], centre_x: int, top: int, width: int, height: int,
                gap: int) -> int:
    """Place widgets in a centred column; returns the bottom y."""
    y = top
    for widget in widgets:
        widget.rect = pygame.Rect(0, 0, width, height)
        widget.rect.midtop = (centre_x, y)
        y += height + gap
    return y
