"""Solo rank titles must not read as a game's name, and the results line must read well."""

from __future__ import annotations

import os

import pytest

from game.rules import RULESETS, get_ruleset
from game.rules.stars import data, next_solo_rank, solo_rank

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def test_no_solo_rank_is_named_like_a_game_of_the_project() -> None:
    game_names = {name.casefold() for name in RULESETS}
    game_names |= {get_ruleset(name).title.casefold() for name in RULESETS}
    for _, title in data.SOLO_RANKS:
        assert title.casefold() not in game_names, title


def test_the_forty_point_rank_is_sky_watcher() -> None:
    assert solo_rank(40) == "Sky Watcher" and solo_rank(54) == "Sky Watcher"
    assert next_solo_rank(39) == (40, "Sky Watcher")
    assert next_solo_rank(40) == (55, "Astronomer")
    assert next_solo_rank(70) is None


@pytest.mark.parametrize(
    ("total", "expected"),
    [
        (30, "Your solo rank: Apprentice (30 points)  ·  next rank: Sky Watcher, from 40 points"),
        (41, "Your solo rank: Sky Watcher (41 points)  ·  next rank: Astronomer, from 55 points"),
        (88, "Your solo rank: Master of the Night (88 points)"),
    ],
)
def test_the_results_screen_names_the_rank_earned_and_the_next(total: int, expected: str) -> None:
    from game.client.stars import solo_rank_text

    assert solo_rank_text(total) == expected
    assert "points for" not in solo_rank_text(total)
