"""The rules page lists every crew and planet exactly as the engine's data has them."""

from __future__ import annotations

import re
from pathlib import Path

from game.rules.stargazer import CREWS, PLANET_TYPES, REASON_TEXT

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "stargazer.md"


def table_rows() -> dict[str, list[str]]:
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("| ") and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            rows[cells[0]] = cells[1:]
    return rows


def test_every_crew_is_documented_with_its_count_and_skill() -> None:
    rows = table_rows()
    for crew in CREWS:
        assert crew["name"] in rows, crew["name"]
        count, text = rows[crew["name"]][:2]
        assert int(count) == crew["count"]
        assert text.startswith(crew["text"])


def test_every_planet_is_documented_with_its_track() -> None:
    rows = table_rows()
    for info in PLANET_TYPES.values():
        colour, cards, squares, track = rows[info["name"]][:4]
        assert colour == info["colour"] and int(cards) == info["copies"]
        assert int(squares) == len(info["track"])
        assert [int(v) for v in re.findall(r"\d+", track)] == info["track"]


def test_every_reason_code_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    for code in REASON_TEXT:
        assert f"`{code}`" in text
