"""``starparty demo`` reads like a game (issue 26 point 5): every seat's every move in words, in
English or Japanese, every card and round from the first, plurals right, and a bot level that
cannot be built is an error, not a random bot in its place."""

from __future__ import annotations

import dataclasses
import re

import pytest

from game import registry
from game.commands.demo import main


def demo(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    assert main(list(args)) == 0
    return capsys.readouterr().out.splitlines()


def test_stargazer_demo_tells_every_seats_turn_of_every_round(capsys) -> None:
    lines = demo(capsys, "--game", "stargazer", "--seed", "2")
    assert not any("{'" in line for line in lines), "a move printed as a raw dict"
    rounds = [int(m.group(1)) for line in lines if (m := re.fullmatch(r"round (\d+)", line))]
    assert rounds == list(range(1, len(rounds) + 1)) and len(rounds) >= 4
    for number in rounds:
        start = lines.index(f"round {number}")
        end = lines.index(f"round {number} ends")
        picks = [line for line in lines[start:end] if " picks " in line]
        assert sorted(line.split()[1] for line in picks) == ["0", "1", "2"], lines[start:end]
        assert any(" investigates: " in line for line in lines[start:end])
    assert "game over" in lines


def test_stargazer_skill_moves_read_as_sentences(capsys) -> None:
    from game.rules.stargazer.skills import (  # the data the lines come from
        SKILL_MOVE_TEXT,
        SKILL_MOVE_TEXT_MANY,
    )

    lines = demo(capsys, "--game", "stargazer", "--seed", "2", "--players", "4")
    patterns = [re.escape(text).replace(r"\{name\}", "seat \\d")
                .replace(r"\{planet\}", ".+ planet( [A-C])?").replace(r"\{crew\}", "[^,]+, .+")
                .replace(r"\{square\}", "\\d").replace(r"\{n\}", "\\d")
                for text in [*SKILL_MOVE_TEXT.values(), *SKILL_MOVE_TEXT_MANY.values()]]
    skills = [line for line in lines if any(re.fullmatch("  " + p, line) for p in patterns)]
    assert len(skills) >= 3, lines


def test_stars_demo_shows_every_card_from_the_first_with_every_seats_move(capsys) -> None:
    lines = demo(capsys, "--players", "2", "--seed", "3")
    cards = [i for i, line in enumerate(lines) if line.startswith("card ")]
    assert [lines[i].split(":")[0] for i in cards] == [f"card {n}" for n in range(1, 19)]
    for start, end in zip(cards, cards[1:] + [lines.index("game over")], strict=True):
        moves = [line for line in lines[start:end] if line.startswith("  seat ")]
        for seat in (0, 1):
            assert any(line.startswith(f"  seat {seat} ") and "confirms" not in line
                       for line in moves), lines[start:end]


def test_the_demo_speaks_japanese(capsys) -> None:
    lines = demo(capsys, "--game", "stargazer", "--seed", "2", "--lang", "ja")
    assert lines[0] == "スターゲイザー：AI（normal）3体、シード2"
    assert "ラウンド1" in lines and "ゲーム終了" in lines
    moves = [line for line in lines[:lines.index("ゲーム終了")] if line.startswith("  ")]
    assert moves and all(re.search("[ぁ-んァ-ン]", line) for line in moves), moves[:5]
    assert not any(" picks " in line or " investigates" in line for line in moves)


def test_one_bot_is_one_bot(capsys) -> None:
    assert demo(capsys, "--players", "1", "--quiet")[0] == \
        "Look at the Stars: 1 normal bot, seed 1"
    assert demo(capsys, "--game", "stargazer", "--bot", "easy", "--quiet", "--seed", "5")[0] == \
        "Stargazer: 3 easy bots, seed 5"
    assert demo(capsys, "--players", "2", "--quiet")[0] == \
        "Look at the Stars: 2 normal bots, seed 1"


def test_a_level_that_cannot_be_built_is_an_error_not_a_random_bot(capsys) -> None:
    plugin = registry.games()["stargazer"]
    broken = dataclasses.replace(
        plugin, bots={**plugin.bots, "hard": "game.ai.stargazer_bots:NoSuchBot"})
    with registry.registered(broken):
        assert main(["--game", "stargazer", "--bot", "hard", "--quiet"]) == 2
    captured = capsys.readouterr()
    assert "NoSuchBot" in captured.err and "hard" in captured.err
    assert "total" not in captured.out  # no game was played with other bots
    assert main(["--game", "stargazer", "--bot", "nonsense", "--quiet"]) == 2
    assert "unknown bot level 'nonsense'" in capsys.readouterr().err
