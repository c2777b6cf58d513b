"""The hints a player asked are kept per game in the config directory: a window closed and
opened again (Continue, a LAN seat joined again from a restarted program) still counts them
in the results' statistics (an outside playtest: a guest's count was lost with its window)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.client.scenes.menu import CONTINUE
from game.client.settings import HintCounts
from game.client.stars.table import StarsTableScene
from tests.client.clienthelpers import Driver
from tests.client.test_client_hints import ask_hint
from tests.client.test_client_solo_game import start_solo


@pytest.mark.timeout(120)
def test_a_continued_game_keeps_the_hints_asked_before(config_dir: Path,
                                                       autosave_dir: Path) -> None:
    first = Driver(start="menu")
    try:
        table = start_solo(first)
        first.step(30)
        ask_hint(first, table, "stars")
        assert table.hints.asked_by == {0: 1}
        game = table.session.table_id
        n = table.view["card"]["n"]  # a move (a game left before its first is not kept)
        first.key(pygame.K_s)
        first.until(lambda: table.phase() == "review", what="the skip")
        first.key(pygame.K_RETURN)
        first.until(lambda: table.view["card"]["n"] > n, what="the next card")
    finally:
        first.close()
    assert HintCounts().get(game) == {0: 1}
    second = Driver(start="menu")
    try:
        second.click(second.scene.button(CONTINUE).rect.center)
        resumed = second.scene
        assert isinstance(resumed, StarsTableScene) and resumed.session.table_id == game
        second.step(2)
        assert resumed.hints.asked_by == {0: 1}, "the hint asked before the window closed"
        second.step(30)
        ask_hint(second, resumed, "stars")
        assert resumed.hints.asked_by == {0: 2}
    finally:
        second.close()


def test_counts_are_kept_per_game_the_newest_ones(tmp_path: Path) -> None:
    counts = HintCounts(tmp_path / "hints.json")
    assert counts.get("abc") == {}
    counts.put("abc", {0: 2, 3: 1})
    assert counts.get("abc") == {0: 2, 3: 1} and counts.get("other") == {}
    for n in range(HintCounts.LIMIT):
        counts.put(f"game{n}", {1: n + 1})
    assert counts.get("abc") == {}, "only the newest games are kept"
    assert counts.get(f"game{HintCounts.LIMIT - 1}") == {1: HintCounts.LIMIT}


@pytest.mark.parametrize("text", ["", "[1, 2]", "{not json", '{"g": {"x": 1, "0": -4, "1": "2"}}',
                                  '{"g": [1]}', '{"g": {"2": 3}, "h": null}'])
def test_a_corrupt_file_counts_from_nothing(tmp_path: Path, text: str) -> None:
    path = tmp_path / "hints.json"
    path.write_text(text, encoding="utf-8")
    counts = HintCounts(path)
    assert counts.get("g") in ({}, {2: 3})
    counts.put("g", {0: 1})  # and writing over it works
    assert counts.get("g") == {0: 1}
