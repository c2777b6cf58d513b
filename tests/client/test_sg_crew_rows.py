"""A crew's row on the Stargazer table says its whole skill at 1280x720, in both languages:
Rivera's and Kaur's ended in "..." (a playtest), their rows now say it in fewer words
(``brief``: the rules page, the hover and the prompts keep the full text)."""

from __future__ import annotations

import copy

import pytest

from game.rules.stargazer import CREWS
from tests.client.clienthelpers import Driver
from tests.client.test_sg_pacing import solo_table
from tests.client.textboxes import drawn_marks, tracking


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_crews_skill_shows_whole_on_its_row(drive: Driver, language: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    drive.app.set_language(language)
    try:
        table = solo_table(drive, "instant")
        drive.until(lambda: table.view is not None, what="the table")
        drive.step(2)
        view = copy.deepcopy(table.view)
        monkeypatch.setattr(table, "legal_crews", list)  # (the game's own crews are legal)
        rows = len(view["crews"])
        ids = [crew["id"] for crew in CREWS]
        cut: list[str] = []
        for start in range(0, len(ids), rows):
            chunk = (ids[start:] + ids)[:rows]  # (the last rows filled from the first)
            # two cubes on every crew: each row has its "+2 VP" corner, the widest it gets
            shown = {**view, "crews": chunk, "workers": [None] * rows,
                     "crew_free": [2] * rows, "crew_cubes": [[] for _ in range(rows)]}
            table.pacer.shown = shown
            with tracking(drive.app):  # (the rows are drawn into a cached picture first)
                table.relayout()  # (its pictures made anew, their text watched)
                marks = drawn_marks(drive.app)
            in_rows = [m for m in marks if any(r.contains(m.rect)
                                               for r in table.crew_rects[:rows])]
            assert len(in_rows) >= 2 * rows, "each row's name and skill are drawn"
            assert sum("+2" in m.text for m in in_rows) >= rows, "each row's corner label"
            cut += [m.text for m in in_rows if m.text.endswith(("...", "…"))]
        table.pacer.shown = None
        assert not cut, cut
    finally:
        drive.app.set_language("en")


def test_a_brief_skill_is_only_given_where_the_full_one_is_longer() -> None:
    for crew in CREWS:
        if "brief" in crew:
            assert len(crew["brief"]) < len(crew["text"]), crew["id"]
