"""The rules page documents every reason code, option and category the engine uses."""

from __future__ import annotations

from pathlib import Path

from game.rules.stars import REASON_TEXT, RULESET, data
from game.rules.stars.scoring import CATEGORIES

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "look-at-the-stars.md"


def test_every_reason_code_is_documented_with_its_sentence() -> None:
    text = DOC.read_text()
    for code, sentence in REASON_TEXT.items():
        assert f"| `{code}` | {sentence} |" in text, code


def test_options_categories_and_solo_ranks_are_documented() -> None:
    text = DOC.read_text()
    for option in RULESET.default_options(2):
        assert f"`{option}`" in text
    for category in (*CATEGORIES, "total"):
        assert f"`{category}`" in text
    for _, title in data.SOLO_RANKS:
        assert title in text
