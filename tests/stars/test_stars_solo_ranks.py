"""Solo rank titles must not read as a game's name, and the results line must read well."""

from __future__ import annotations

import os

import pytest

from game.rules import RULESETS, get_ruleset
from game.rules.stars import data, next_solo_rank, solo_rank, solo_standing

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def test_no_solo_rank_is_named_like_a_game_of_the_project() -> None:
    game_names = {name.casefold() for name in RULESETS}
    game_names |= {get_ruleset(name).title.casefold() for name in RULESETS}
    for _, title in data.SOLO_RANKS:
        assert title.casefold() not in game_names, title


def test_each_rank_starts_at_its_published_total() -> None:
    """The table of docs/rules/look-at-the-stars.md: each threshold is a bot's median score."""
    assert data.SOLO_RANKS == [(0, "Novice"), (24, "Apprentice"), (39, "Sky Watcher"),
                               (44, "Astronomer"), (52, "Master of the Night")]
    for (low, title), (high, _) in zip(data.SOLO_RANKS, data.SOLO_RANKS[1:], strict=False):
        assert solo_rank(low) == title and solo_rank(high - 1) == title
        assert next_solo_rank(low) == next_solo_rank(high - 1)
    assert next_solo_rank(38) == (39, "Sky Watcher")
    assert next_solo_rank(52) is None and solo_rank(150) == "Master of the Night"


def test_the_standing_among_the_bots_rises_with_the_score() -> None:
    low = dict(solo_standing(20))
    high = dict(solo_standing(50))
    assert list(low) == ["random", "easy", "greedy", "normal", "hard"]
    assert all(0 <= share <= 100 for share in (*low.values(), *high.values()))
    assert low["random"] > 50 > low["greedy"]
    assert high["greedy"] > 95 and all(high[level] >= low[level] for level in low)


@pytest.mark.parametrize(
    ("total", "expected"),
    [
        (30, "Your solo rank: Apprentice (30 points)  ·  next: Sky Watcher, from 39"),
        (41, "Your solo rank: Sky Watcher (41 points)  ·  next: Astronomer, from 44"),
        (88, "Your solo rank: Master of the Night (88 points)"),
    ],
)
def test_the_results_screen_names_the_rank_earned_and_the_next(total: int, expected: str) -> None:
    from game.client.stars import solo_rank_text

    line = solo_rank_text(total)
    assert line.startswith(expected + "  ·  better than ")
    # against the strongest bot the total beats in at least 10 % of its games: never "better
    # than 0 % of the hard bot's games" for a beginner (a new player's playtest)
    standing = solo_standing(total)
    level, share = next((lv, sh) for lv, sh in reversed(standing) if sh >= 10)
    # the level named as the setup names it: its place among the five (a playtest)
    place = {"random": 1, "easy": 2, "greedy": 3, "normal": 4, "hard": 5}[level]
    assert line.endswith(f"better than {share}% of the games of the {level} bot ({place} of "
                         "5)"), line
    assert "points for" not in line


def test_the_standing_is_measured_against_games_with_the_same_power_card() -> None:
    """Power card 6 lifts every planning bot by about 4 points: the same total stands lower
    against its games than against the default card's."""
    from game.client.stars import solo_rank_text

    assert set(data.SOLO_BOT_SCORES_BY_POWER) == set(range(1, len(data.POWER_CARDS) + 1))
    default = dict(solo_standing(49))["hard"]
    card6 = dict(solo_standing(49, 6))["hard"]
    assert card6 < default
    view = {"seats": [{"sheet": {"power_card": 6}}]}
    assert solo_rank_text(49, view).endswith(f"better than {card6}% of the games of the hard "
                                             "bot (5 of 5)")
    assert dict(solo_standing(49, "default"))["hard"] == default, "an unknown card: default"
    # with card 6, 46 points beat hard's games too rarely to say so: normal's are the measure
    normal6 = dict(solo_standing(46, 6))["normal"]
    assert solo_rank_text(46, view).endswith(f"better than {normal6}% of the games of the "
                                             "normal bot (4 of 5)")


def test_the_line_compares_with_the_level_played_even_one_the_total_rarely_beats() -> None:
    """After a game against hard, "better than 37% of the games of the greedy bot (3 of 5)"
    named a level nobody had played, beside bars marking hard (an outside playtest): with
    the level played known, the line names it, whatever its share; with several, the
    strongest; with none at the table (a one-player game), the old reference stays."""
    from game.client.stars import solo_rank_text

    hard = dict(solo_standing(41))["hard"]
    assert hard < 10, "a total that beats few of hard's games"
    assert solo_rank_text(41, None, True, ["hard"]).endswith(
        f"better than {hard}% of the games of the hard bot you faced (5 of 5)")
    normal = dict(solo_standing(41))["normal"]
    assert solo_rank_text(41, None, True, ["easy", "normal"]).endswith(
        f"better than {normal}% of the games of the normal bot you faced (4 of 5)")
    assert solo_rank_text(41, None, True, []) == solo_rank_text(41), "no bot: as before"
    assert solo_rank_text(41).endswith(f"better than {normal}% of the games of the normal bot "
                                       "(4 of 5)"), "the strongest it beats in 10 % of games"
