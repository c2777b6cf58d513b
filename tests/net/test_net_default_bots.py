"""Issue 23, point 6: an AI seat without a level plays at one sensible default everywhere, and
``--help`` says which (and says truly what ``--seed`` does).

Before: ``--seats ai`` and the free seats of ``--start now`` made random bots (undoing over and
over) while ``starparty bot`` played the strongest level and the window its kit's choice."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from game.ai import BOT_LEVELS, default_level
from game.client.kits import get_kit, has_table
from game.commands import bot as bot_command
from game.commands.host import build_table, host_parser
from game.tables import new_table, parse_seats
from net.server import ServerThread
from net.table import SeatSpec

pytestmark = pytest.mark.timeout(60)

GAMES = sorted(BOT_LEVELS)


@pytest.mark.parametrize("game", GAMES)
def test_the_default_level_is_the_windows_and_not_the_random_bot(game: str) -> None:
    level = default_level(game)
    assert level in BOT_LEVELS[game] and level != "random"
    if has_table(game):  # the window's setup screen and LAN lobby fill seats with this
        assert get_kit(game).default_bot == level


@pytest.mark.parametrize("game", GAMES)
def test_an_ai_seat_without_a_level_gets_the_default(game: str) -> None:
    specs = parse_seats("ai,ai:random,open,open", game)
    assert [spec.bot for spec in specs[:2]] == [default_level(game), "random"]
    table = new_table(game, {}, 7, [SeatSpec("ai"), *specs[1:]])
    try:
        assert table.info()["seats"][0]["bot"] == default_level(game)
    finally:
        table.close()


@pytest.mark.parametrize("game", GAMES)
def test_start_now_fills_free_seats_at_the_default_level(game: str) -> None:
    args = host_parser().parse_args(["--headless", "--game", game, "--seats", "open,open,ai",
                                     "--no-autosave", "--start", "now"])
    table = build_table(args, announce=lambda _text: None)
    try:
        table.start()  # what --start now does
        assert {seat["bot"] for seat in table.info()["seats"]} == {default_level(game)}
    finally:
        table.close()


def test_starparty_bot_plays_at_the_default_level(monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table("stars", {}, 7, [SeatSpec("open"), SeatSpec("open")])
    server = ServerThread(table, host="127.0.0.1", port=0)
    server.start()
    asked: list[str] = []

    def table_bot(game: str, level: str, seed: int = 0) -> Any:
        asked.append(level)
        raise KeyError("stop here: the level is what this test wants")

    monkeypatch.setattr(bot_command, "table_bot", table_bot)
    result: list[int] = []
    runner = threading.Thread(target=lambda: result.append(
        bot_command.main([f"127.0.0.1:{server.port}", "--timeout", "5"])))
    try:
        runner.start()
        runner.join(30)
        assert asked == [default_level("stars")] and result == [2]
    finally:
        server.stop()
        table.close()


def test_help_names_the_default_level_and_what_the_seed_does() -> None:
    host_help = " ".join(host_parser().format_help().split())
    for game in GAMES:
        assert f"{default_level(game)} ({game})" in host_help
    assert "does not repeat a Look at the Stars deck" in host_help
    bot_help = " ".join(bot_command.bot_parser().format_help().split())
    assert f"{default_level('stars')} (stars)" in bot_help
