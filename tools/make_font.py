"""Build the window's fallback font for Japanese (and Chinese and Korean) text.

``python tools/make_font.py [SOURCE]`` subsets Noto Sans CJK JP (SIL Open Font License 1.1)
with fontTools into ``game/client/fonts/NotoSansJP-subset.otf``. The source is Debian's
``fonts-noto-cjk`` package (``apt-get install fonts-noto-cjk``: the collection
``/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc``, face "Noto Sans CJK JP"), which
is Google's Noto CJK release repacked; its licence is ``game/client/fonts/OFL.txt``.

What the subset keeps (``characters()``), and why:
- Latin (ASCII, Latin-1, Latin Extended-A/B) and the general punctuation, arrows and shapes
  the UI draws, so a mixed line never falls between two fonts' looks mid-word;
- kana (hiragana, katakana and their extensions, half-width katakana), CJK punctuation and the
  full-width forms;
- every character of JIS X 0208 (the 6,355 kanji of Japanese text and names, plus its
  symbols), derived from Python's ``euc_jp`` codec: a BMP character whose EUC-JP encoding is
  one two-byte JIS X 0208 code;
- the 2,350 Hangul syllables and the hanja of KS X 1001 (``euc_kr`` codec) and the simplified
  hanzi of GB 2312 (``gb2312`` codec), so Korean and Chinese player names render too (the
  Japanese glyph forms of shared characters are used).
Emoji are not in any Noto CJK face: they show as the font's empty box (``.notdef``).
Bold is synthesised by SDL_ttf, so only the regular weight ships.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
FACE = "Noto Sans CJK JP"
OUTPUT = ROOT / "game" / "client" / "fonts" / "NotoSansJP-subset.otf"

RANGES = [
    (0x0020, 0x024F),  # Latin: ASCII, Latin-1, Latin Extended-A and -B
    (0x2000, 0x206F),  # general punctuation: dashes, quotes, bullets, ellipsis
    (0x2190, 0x21FF),  # arrows
    (0x2460, 0x24FF),  # enclosed numbers
    (0x25A0, 0x25FF),  # geometric shapes
    (0x2600, 0x26FF),  # miscellaneous symbols: stars, sun
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # hiragana, katakana
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0xFF00, 0xFFEF),  # full-width and half-width forms
]


def _two_byte(codec: str, lead: range) -> set[str]:
    """BMP characters that ``codec`` encodes as one two-byte code with a lead byte in
    ``lead`` (the double-byte plane of an EUC encoding)."""
    found = set()
    for code in range(0x80, 0x10000):
        if 0xD800 <= code <= 0xDFFF:
            continue
        char = chr(code)
        try:
            encoded = char.encode(codec)
        except UnicodeEncodeError:
            continue
        if len(encoded) == 2 and encoded[0] in lead:
            found.add(char)
    return found


def jis_x_0208() -> set[str]:
    return _two_byte("euc_jp", range(0xA1, 0xFF))


def ks_x_1001() -> set[str]:
    return _two_byte("euc_kr", range(0xA1, 0xFF))


def gb_2312() -> set[str]:
    return _two_byte("gb2312", range(0xA1, 0xFF))


def characters() -> set[str]:
    chars = {chr(c) for start, end in RANGES for c in range(start, end + 1)}
    return chars | jis_x_0208() | ks_x_1001() | gb_2312()


def build(source: Path = SOURCE, output: Path = OUTPUT) -> Path:
    collection = TTCollection(str(source))
    index = next(i for i, font in enumerate(collection.fonts)
                 if font["name"].getDebugName(4) == FACE)
    options = subset.Options()
    options.font_number = index
    options.layout_features = ["*"]  # keep vertical/proportional forms the shaper may ask for
    options.name_IDs = ["*"]  # the licence and copyright notices stay in the font
    options.name_languages = ["*"]
    options.hinting = False
    options.desubroutinize = False
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in characters()])
    subsetter.subset(font)
    output.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(output), options)
    return output


def main(argv: list[str]) -> int:
    path = build(Path(argv[0]) if argv else SOURCE)
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
