"""Stargazer's statistics (the results' Statistics, a guest's and a TV's too): counted from the
record by the engine, each checked against what the final scoring says independently."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.rules.stargazer import RULESET
from game.rules.stargazer.stats import STATISTICS, game_statistics
from tests.test_review import bot_game

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 8), (3, 21)])
def test_the_statistics_agree_with_the_final_scoring(players: int, seed: int) -> None:
    options, moves = bot_game("stargazer", players, seed)
    stats = game_statistics(options, seed, moves)
    state = RULESET.setup(RULESET.normalize_options(options), seed)
    for seat, move in moves:
        RULESET.apply(state, seat, move)
    scores = RULESET.score(state)
    assert len(stats) == players
    # every round had one start player (round 1's is dealt: no event tells it)
    assert sum(seat["rounds_started"] for seat in stats) == state["round"]
    for mine, score in zip(stats, scores, strict=True):
        assert mine["motivation_vp"] == score["motivation"]
        # the skills' VP: picking a crew that pays, clearing free cubes, less the repeat cost
        assert mine["pick_vp"] + mine["cleared_vp"] - mine["repeat_vp"] == score["skills"]
        assert all(value >= 0 for value in mine.values()), mine
    # every cube of a seat on a planet now was placed there (some may have gone back since)
    for seat, mine in enumerate(stats):
        on_planets = sum(cube == seat for track in state["tracks"] for cube in track) + \
            sum(holder == seat for holder in state["zero"])
        assert mine["cubes_placed"] >= on_planets


def test_every_statistic_counts_a_documented_event_field() -> None:
    """A statistic names an event type and fields that docs/PROTOCOL.md lists for Stargazer
    (a misspelt type or field would count nothing, silently)."""
    text = PROTOCOL.read_text(encoding="utf-8")
    fields = {m.group(1): m.group(2) for m in
              re.finditer(r"^\| `([a-z_]+)`(?: / `[a-z_]+`)? \| ([^|]+) \|", text, re.MULTILINE)}
    for key, (_label, kind, whose, summed) in STATISTICS.items():
        assert kind in fields or kind == "skill_ignored", (key, kind)
        row = fields.get(kind, fields.get("skill_applied", ""))
        assert f"`{whose}`" in row, (key, whose, row)
        if summed is not None:
            assert f"`{summed.lstrip('-')}`" in row, (key, summed, row)
