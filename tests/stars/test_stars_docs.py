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


TRACE = DOC.with_name("look-at-the-stars-traceability.md")
TRACE_FILES = {
    "seed": "test_stars_seed_rules.py",
    "scoring": "test_stars_scoring.py",
    "placement": "test_stars_placement.py",
    "engine": "test_stars_engine.py",
    "powers": "test_stars_powers.py",
    "codes": "test_stars_codes.py",
    "data": "test_stars_data.py",
    "packing": "test_stars_packing.py",
    "golden": "test_stars_golden.py",
    "bots": "test_stars_bots.py",
    "demo": "test_stars_demo.py",
    "docs": "test_stars_docs.py",
}


def test_every_test_the_traceability_table_names_exists() -> None:
    import re

    here = Path(__file__).parent
    named = re.findall(r"\b([a-z]+)::(test_\w+)", TRACE.read_text())
    assert len(named) > 200
    for short, test in set(named):
        source = (here / TRACE_FILES[short]).read_text()
        assert f"def {test}(" in source, f"{short}::{test}"


def test_every_seed_rule_and_reference_section_has_a_row() -> None:
    import re

    text = TRACE.read_text()
    seed_rows = set(re.findall(r"^\| (S\d\d) \|", text, re.M))
    assert seed_rows == {f"S{n:02d}" for n in range(1, 59)}
    for section in ("R3.1", "R3.2", "R3.3", "R4.1", "R4.2", "R4.3", "R4.4", "R5", "R6.1", "R6.2"):
        assert f"| {section}" in text, section
    assert "| R7" in text
