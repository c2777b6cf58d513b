"""Layout computed from the window size: one scale unit, fonts re-rendered at each size.

Everything is expressed at a 1280x720 reference and scaled by ``unit``; nothing assumes a
pixel size, so 1280x720 .. 3840x2160 (and odd fullscreen sizes) all work and text stays crisp.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pygame.freetype

from game.client import theme

REFERENCE = (1280, 720)


def scaled_px(value: float, unit: float) -> int:
    """``value`` reference pixels (at 1280x720) at the scale ``unit``, never below 1."""
    return max(1, round(value * unit))


class Layout:
    """Sizes for the current window. Rebuilt on every resize."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.width, self.height = max(size[0], 320), max(size[1], 240)
        self.unit = min(self.width / REFERENCE[0], self.height / REFERENCE[1])
        self.rect = pygame.Rect(0, 0, self.width, self.height)

    def px(self, value: float) -> int:
        return scaled_px(value, self.unit)

    def font_px(self, name: str) -> int:
        """The pixel size of type ``name``: scaled, never below what stays readable."""
        return max(theme.MIN_FONT_PX, self.px(theme.FONT_SIZES[name]))


#: below this type size (the small and tiny type at 1280x720) the default font is drawn
#: ``SMOOTH_SCALE`` times larger and scaled down (``SmoothFont``): hinted, its letters fell on
#: whole pixels unevenly ("bot tom", "spec ialty"), and below 14 px its space was about a
#: pixel wide, so words ran together ("4left", "no cubesyet"). From this size up it is drawn
#: by FreeType directly (``EvenFont``), whose spacing is even at these sizes
SMOOTH_BELOW = 20
SMOOTH_SCALE = 3
#: a space of ``SmoothFont`` in spaces of the font: wide enough to stand out from the gaps
#: inside words at every small size (a test measures both)
WIDE_SPACE = 1.6
#: the pixel size pygame gives its default font per size unit (``pygame.font`` applies it
#: to the default font itself; ``pygame.freetype`` does not)
DEFAULT_FONT_SCALE = 0.6875
#: how much FreeType thickens bold type, in ems (its default, 1/36, read as barely bold
#: beside SDL_ttf's bold; the default font is a bold face already)
BOLD_STRENGTH = 1 / 24
#: the fallback for characters the default font lacks: kana, kanji, hangul, hanzi, symbols
#: (a subset of Noto Sans CJK JP made by ``tools/make_font.py``; licence ``fonts/OFL.txt``)
FALLBACK_FONT = Path(__file__).resolve().parent / "fonts" / "NotoSansJP-subset.otf"
#: the fallback's pixel size per size unit: pygame draws its default font at 0.6875 of the
#: asked size, and a kanji fills more of its em than a Latin capital; this makes kanji stand
#: a little taller than capitals, as in Japanese typesetting
FALLBACK_SCALE = 0.68
#: a private-use character no font here has: what a missing glyph looks like
_NO_GLYPH = "\ue000"
#: characters a line may not start with (kinsoku): closing brackets, stops, small kana
NO_LINE_START = frozenset("、。，．・：；？！゛゜ヽヾゝゞ々ー）］｝」』】〕〉》〙〗”’"
                          "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ!),.:;?]}…")
#: characters a line may not end with: opening brackets
NO_LINE_END = frozenset("（［｛「『【〔〈《〘〖“‘([{")


def is_wide(char: str) -> bool:
    """A character of a script written without spaces (kana, CJK ideographs and punctuation,
    full-width forms): a line may break before or after it."""
    code = ord(char)
    return (0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFF60
            or 0x20000 <= code <= 0x3FFFF)


class _LinesOf:
    """A font drawn another way than ``pygame.font`` draws it, with the heights, ascent and
    line size of the default font at its size (``small``), so no line moves."""

    small: pygame.font.Font

    def get_ascent(self) -> int:
        return self.small.get_ascent()

    def get_descent(self) -> int:
        return self.small.get_descent()

    def get_height(self) -> int:
        return self.small.get_height()

    def get_linesize(self) -> int:
        return self.small.get_linesize()


class SmoothFont(_LinesOf):
    """The default font at a small size, drawn ``SMOOTH_SCALE`` times larger and scaled down
    into the width the small font gives the text: the letters spread evenly over it (the
    font's own hinting put them on whole pixels unevenly, so words read as two: "bot tom"),
    and every measure (width, height, baseline) stays the small font's, so no layout moves."""

    def __init__(self, size: int, bold: bool = False) -> None:
        self.small = pygame.font.Font(None, size)
        self.small.bold = bold
        self.large = pygame.font.Font(None, size * SMOOTH_SCALE)
        self.large.bold = bold

    def size(self, text: str) -> tuple[int, int]:
        return self.small.size(text)

    def render(self, text: str, antialias: bool, color: theme.Color) -> pygame.Surface:
        """As ``pygame.font.Font.render`` (a line, ``get_linesize``, high)."""
        width = self.small.size(text)[0]
        surface = pygame.Surface((max(1, width), self.small.get_linesize()), pygame.SRCALPHA)
        # the words on the large font's line, each space ``WIDE_SPACE`` of the font's (at
        # small sizes its space barely stood out from the gaps inside words)
        space = self.large.size(" ")[0] * WIDE_SPACE
        placed, x = [], 0.0
        for n, word in enumerate(text.split(" ")):
            if n:
                x += space
            if word:
                placed.append((word, round(x)))
                x += self.large.size(word)[0]
        if not placed or width < 1:
            return surface
        # the baseline on a boundary of SMOOTH_SCALE rows, so that letters standing on it
        # end on a whole pixel (no faint row under them), as the small font's do
        top = -self.large.get_ascent() % SMOOTH_SCALE
        rows = -(-(top + self.large.get_height()) // SMOOTH_SCALE)
        large = pygame.Surface((max(1, round(x)), rows * SMOOTH_SCALE), pygame.SRCALPHA)
        large.fill((*color[:3], 0))
        for word, left in placed:
            large.blit(self.large.render(word, True, color), (left, top))
        # a pixel short of the width: the last letter's blur stays off the next text, as
        # the small font's own last letter does
        small = pygame.transform.smoothscale(large, (max(1, width - 1), rows))
        baseline = (top + self.large.get_ascent()) // SMOOTH_SCALE
        surface.blit(small, (0, self.small.get_ascent() - baseline))
        return surface


class EvenFont(_LinesOf):
    """The default font at body size and up, drawn by ``pygame.freetype``: SDL_ttf's hinting
    put its letters on whole pixels unevenly at every size ("bot tom", "le ft", "f rom"),
    FreeType's own rendering spaces them evenly and stays crisp. Heights, ascent and line
    size are ``pygame.font``'s, so no line moves; widths are FreeType's (the letters' own
    advances, within a few per cent of the hinted ones). Bold letters grow into the space
    between words, so a bold space is widened by as much as a letter grows."""

    def __init__(self, size: int, bold: bool = False) -> None:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        self.small = pygame.font.Font(None, size)
        self.small.bold = bold
        self.face = pygame.freetype.Font(None, size * DEFAULT_FONT_SCALE)
        self.face.pad = True  # widths by advance, as pygame.font measures them
        self.face.origin = True  # render_to's position is the pen on the baseline
        self.space = self.face.get_rect(" ").width
        if bold:
            self.face.strong = True
            self.face.strength = BOLD_STRENGTH
            self.space += max(1, round(BOLD_STRENGTH * size * DEFAULT_FONT_SCALE))

    def _placed(self, text: str) -> tuple[list[tuple[str, int]], int]:
        """Each word of ``text`` and where it starts, and the width of the whole."""
        placed, x = [], 0
        for n, word in enumerate(text.split(" ")):
            if n:
                x += self.space
            if word:
                placed.append((word, x))
                x += self.face.get_rect(word).width
        return placed, x

    def size(self, text: str) -> tuple[int, int]:
        return self._placed(text)[1], self.small.get_linesize()

    def render(self, text: str, antialias: bool, color: theme.Color) -> pygame.Surface:
        """As ``pygame.font.Font.render`` (a line, ``get_linesize``, high)."""
        placed, width = self._placed(text)
        surface = pygame.Surface((max(1, width), self.small.get_linesize()), pygame.SRCALPHA)
        baseline = self.small.get_ascent()
        for word, left in placed:
            self.face.render_to(surface, (left, baseline), word, color)
        return surface


class TextCache:
    """Pre-rendered text: a font per pixel size and an LRU of rendered surfaces.

    Text renders with pygame's default font; a run of characters that font lacks (Japanese,
    Chinese, Korean, symbols) renders with the bundled fallback font on the same baseline, so
    "星野 wins!" and a name in any of those scripts show. A character neither font has (emoji)
    shows as the default font's empty box. Measure text with ``size`` (not ``font().size``),
    which knows about the fallback.
    """

    def __init__(self, limit: int = 800) -> None:
        self.fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self.fallbacks: dict[tuple[int, bool], pygame.font.Font] = {}
        self.drawing: dict[tuple[int, bool], SmoothFont | EvenFont] = {}
        self.surfaces: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.limit = limit
        self._default_has: dict[str, bool] = {}
        self._fallback_has: dict[str, bool] = {}
        #: answers of ``wrap`` and ``fit`` (scenes ask the same ones every frame)
        self._measured: dict[tuple, Any] = {}
        #: the window's language is written in the fallback font's script (Japanese): every
        #: character the fallback has renders in it, Latin and digits too, so a label never
        #: mixes the default font's bold Latin with the fallback's kana ("AIの速さ": a
        #: playtest). Set with the language, then ``clear``
        self.fallback_first = False

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        if key not in self.fonts:
            font = pygame.font.Font(None, size)
            font.bold = bold
            self.fonts[key] = font
        return self.fonts[key]

    def drawing_font(self, size: int, bold: bool = False) -> SmoothFont | EvenFont:
        """The font the default font's runs are drawn with: below ``SMOOTH_BELOW`` a
        ``SmoothFont``, from there an ``EvenFont``."""
        key = (size, bold)
        if key not in self.drawing:
            self.drawing[key] = (SmoothFont if size < SMOOTH_BELOW else EvenFont)(size, bold)
        return self.drawing[key]

    def fallback(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        if key not in self.fallbacks:
            font = pygame.font.Font(FALLBACK_FONT, max(1, round(size * FALLBACK_SCALE)))
            font.bold = bold
            self.fallbacks[key] = font
        return self.fallbacks[key]

    def _has_glyph(self, char: str, fallback: bool) -> bool:
        known = self._fallback_has if fallback else self._default_has
        if char not in known:
            font = self.fallback(32) if fallback else self.font(32)
            known[char] = _glyph_signature(font, char) != _glyph_signature(font, _NO_GLYPH)
        return known[char]

    def runs(
        self, text: str, size: int, bold: bool = False
    ) -> list[tuple[str, pygame.font.Font | SmoothFont | EvenFont]]:
        """``text`` cut into runs that each render with one font (``drawing_font`` for the
        default font's, the fallback for characters it lacks; with ``fallback_first``, the
        fallback for every character it has)."""
        if not text or (text.isascii() and not self.fallback_first):
            return [(text, self.drawing_font(size, bold))]
        runs: list[tuple[str, bool]] = []
        for char in text:
            use_fallback = self._has_glyph(char, True) and (
                self.fallback_first or not self._has_glyph(char, False))
            if runs and runs[-1][1] == use_fallback:
                runs[-1] = (runs[-1][0] + char, use_fallback)
            else:
                runs.append((char, use_fallback))
        return [(run, self.fallback(size, bold)) if fb else
                (run, self.drawing_font(size, bold)) for run, fb in runs]

    def size(self, text: str, size: int, bold: bool = False) -> tuple[int, int]:
        """The pixel size ``render`` gives ``text``."""
        key = ("size", text, size, bold)
        found = self._measured.get(key)
        if found is not None:
            return found
        runs = self.runs(text, size, bold)
        if len(runs) == 1:
            found = runs[0][1].size(runs[0][0])
        else:
            ascent = max(font.get_ascent() for _, font in runs)
            descent = max(-font.get_descent() for _, font in runs)
            found = sum(font.size(run)[0] for run, font in runs), ascent + descent
        self._remember(key, found)
        return found

    def render(
        self, text: str, size: int, color: theme.Color = theme.TEXT, bold: bool = False
    ) -> pygame.Surface:
        key = (text, size, color, bold)
        surface = self.surfaces.get(key)
        if surface is None:
            surface = self._render_runs(text, size, color, bold).convert_alpha()
            self.surfaces[key] = surface
            if len(self.surfaces) > self.limit:
                self.surfaces.popitem(last=False)
        else:
            self.surfaces.move_to_end(key)
        return surface

    def baseline(self, text: str, size: int, bold: bool = False) -> int:
        """Pixels from the top of ``render``'s surface to the baseline of ``text``: lower
        when a run takes the CJK fallback font, whose ascent is taller."""
        return max(font.get_ascent() for _, font in self.runs(text, size, bold))

    def line_top(self, text: str, size: int, centery: int, bold: bool = False) -> int:
        """Where to blit ``text`` on a line centred on ``centery``: on the baseline a Latin
        text centred there has, so a name in another script does not move the line (centring
        the taller surface of a mixed text would drop its Latin letters a few pixels)."""
        font = self.font(size, bold)  # a Latin text's surface is a line (linesize) high
        return centery - font.get_linesize() // 2 + font.get_ascent() - self.baseline(
            text, size, bold)

    def fit(self, text: str, size: int, width: int, bold: bool = False) -> int:
        """The largest type size up to ``size`` (not below ``theme.MIN_FONT_PX``) at which
        ``text`` is at most ``width`` pixels wide: labels shrink rather than leave their box."""
        key = ("fit", text, size, width, bold)
        found = self._measured.get(key)
        if found is None:
            found = size
            while found > theme.MIN_FONT_PX and self.size(text, found, bold)[0] > width:
                found -= 1
            self._remember(key, found)
        return found

    def fit_label(self, template: str, name: str, size: int, least: int, width: float,
                  bold: bool = False) -> tuple[str, int]:
        """``template`` (a label with ``{name}``: "{name} (AI)", "{name} (you)") filled with
        ``name``, and the largest type size from ``size`` down to ``least`` at which it is at
        most ``width`` pixels wide; where none is, at ``least`` with the name cut ("…"), never
        the template's words (a bot cut to "Altair (…" read as a person: a playtest)."""
        text = template.format(name=name)
        fitted = self.fit(text, size, int(width), bold)
        if fitted >= least and self.size(text, fitted, bold)[0] <= width:
            return text, fitted
        rest = self.size(template.format(name=""), least, bold)[0]
        return template.format(name=self.cut(name, least, int(width - rest), bold)), least

    def cut(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """``text`` cut with an ellipsis until it is at most ``width`` pixels wide (a single
        character stays, however wide)."""
        while len(text) > 1 and self.size(text, size, bold)[0] > width:
            text = text[:-2] + "…"
        return text

    def _remember(self, key: tuple, value: Any) -> None:
        if len(self._measured) > 4 * self.limit:
            self._measured.clear()
        self._measured[key] = value

    def _render_runs(self, text: str, size: int, color: theme.Color,
                     bold: bool) -> pygame.Surface:
        runs = self.runs(text, size, bold)
        if len(runs) == 1:
            return runs[0][1].render(runs[0][0], True, color)
        ascent = max(font.get_ascent() for _, font in runs)
        surface = pygame.Surface(self.size(text, size, bold), pygame.SRCALPHA)
        x = 0
        for run, font in runs:
            piece = font.render(run, True, color)
            # runs never overlap, so the brighter pixel is the run's own
            surface.blit(piece, (x, ascent - font.get_ascent()),
                         special_flags=pygame.BLEND_RGBA_MAX)
            x += piece.get_width()
        return surface

    def wrap(self, text: str, size: int, width: int) -> list[str]:
        """``text`` broken into lines that fit ``width`` pixels: at spaces, and between the
        characters of Japanese/Chinese text (which has none), never starting a line with a
        closing mark such as 。、」） nor ending one with an opening bracket. A word wider than
        the line stays whole on a line of its own."""
        key = ("wrap", text, size, width)
        found = self._measured.get(key)
        if found is not None:
            return list(found)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for token, spaced in self._fitted_units(paragraph, size, width):
                trial = (f"{line} {token}" if spaced else line + token) if line else token
                if line and self.size(trial, size)[0] > width:
                    lines.append(line)
                    line = token
                else:
                    line = trial
            lines.append(line)
        self._remember(key, tuple(lines))
        return lines

    def _fitted_units(self, paragraph: str, size: int, width: int) -> list[tuple[str, bool]]:
        """``_break_units`` of ``paragraph``, a Japanese phrase wider than the line broken
        between its characters after all (a Latin word stays whole)."""
        units: list[tuple[str, bool]] = []
        for token, spaced in _break_units(paragraph, phrase_starts(paragraph)):
            if len(token) > 1 and self.size(token, size)[0] > width and \
                    any(is_wide(char) for char in token):
                pieces = _break_units(token, None)
                units += [(pieces[0][0], spaced), *pieces[1:]]
            else:
                units.append((token, spaced))
        return units

    def clear(self) -> None:
        self.surfaces.clear()
        self._measured.clear()

    def pen(self, size: int, bold: bool = False) -> Pen:
        """One type size of this cache, to hand to code that draws text of one size (board
        labels, card titles): it renders with the fallback font like everything else."""
        return Pen(self, size, bold)


class Pen:
    """A ``TextCache`` at one size and weight: ``render(text, color)`` and ``size(text)``.

    Drawing code that was given a ``pygame.font.Font`` takes a pen instead, so names and
    Japanese text render with the CJK fallback there too."""

    def __init__(self, cache: TextCache, px: int, bold: bool = False) -> None:
        self.cache, self.px, self.bold = cache, px, bold

    def render(self, text: str, color: theme.Color = theme.TEXT) -> pygame.Surface:
        return self.cache.render(text, self.px, color, self.bold)

    def size(self, text: str) -> tuple[int, int]:
        return self.cache.size(text, self.px, self.bold)

    def get_linesize(self) -> int:
        """The height of a line holding Latin and CJK text."""
        return max(self.cache.font(self.px, self.bold).get_linesize(),
                   self.cache.size("Ag星", self.px, self.bold)[1])


def _break_units(paragraph: str, starts: frozenset[int] | None) -> list[tuple[str, bool]]:
    """The unbreakable pieces of ``paragraph`` and whether a space came before each: words
    between spaces, and in Japanese the phrases ``phrase_starts`` finds (BudouX), with kinsoku
    characters glued to their neighbour; ``starts`` None: between any two wide characters.
    (Each wide character was a piece of its own: lines broke inside words, 「取り消せ／ます。」,
    「テー／ブル」: a Japanese playtest.)"""
    units: list[tuple[str, bool]] = []
    spaced = False
    glue_next = False
    for i, char in enumerate(paragraph):
        if char == " ":
            spaced = bool(units)
            glue_next = False
            continue
        joins_previous = units and not spaced and (
            glue_next or char in NO_LINE_START
            or not (is_wide(char) or is_wide(units[-1][0][-1]))
            or (starts is not None and i not in starts))
        if joins_previous:
            units[-1] = (units[-1][0] + char, units[-1][1])
        else:
            units.append((char, spaced))
        spaced = False
        glue_next = char in NO_LINE_END
    return units


def phrase_starts(paragraph: str) -> frozenset[int] | None:
    """Where a line may break inside ``paragraph``'s Japanese text: the index of each phrase's
    first character by BudouX's Japanese model (a phrase is a word with its particles, as a
    typesetter breaks it); None for text with no wide character (spaces break it)."""
    if not any(is_wide(char) for char in paragraph):
        return None
    starts = set()
    at = 0
    for chunk in _phrase_parser().parse(paragraph):
        starts.add(at)
        at += len(chunk)
    return frozenset(starts)


@cache
def _phrase_parser() -> Any:
    """BudouX's Japanese parser, loaded once (its model is a JSON file in the package)."""
    import budoux

    return budoux.load_default_japanese_parser()


def _glyph_signature(font: pygame.font.Font, char: str) -> tuple:
    """What ``font`` draws for ``char``: equal to the missing-glyph signature when it has none."""
    drawn = font.render(char, False, (255, 255, 255))
    return font.metrics(char)[0], drawn.get_size(), pygame.image.tobytes(drawn, "RGB")
