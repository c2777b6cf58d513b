"""``starparty demo``: a seeded bot game printed with its score table by category."""

from __future__ import annotations

import importlib

import pytest

from game.commands.demo import main


def test_demo_plays_a_stars_game_and_prints_the_score_table(capsys) -> None:
    assert main(["--players", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "card 18:" in out and "game over" in out
    table = out[out.index("seat  rank") :].splitlines()
    for category in ("constellations", "planets", "shooting_stars", "point_bonus", "power_bonus"):
        assert category in table[0]
    assert len(table) == 2 + 2  # header, rule, one row per seat


def test_demo_is_seeded(capsys) -> None:
    main(["--players", "3", "--seed", "9", "--quiet"])
    first = capsys.readouterr().out
    main(["--players", "3", "--seed", "9", "--quiet"])
    assert capsys.readouterr().out == first


def test_demo_works_for_the_other_game(capsys) -> None:
    try:
        importlib.import_module("game.rules.stargazer")
    except ImportError:
        pytest.skip("Stargazer is not there yet")
    assert main(["--game", "stargazer", "--seed", "2", "--quiet"]) == 0
    assert "total" in capsys.readouterr().out


def test_demo_refuses_a_bad_player_count() -> None:
    with pytest.raises(SystemExit):
        main(["--players", "9"])
