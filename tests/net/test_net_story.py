"""``snapshot.story`` (docs/PROTOCOL.md): a window that comes to a game under way (a player
rejoining from a fresh window, a late spectator) is told, with its connection's first
snapshot, the events so far that it would have been told, so its game log is not empty;
nothing private to another seat."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from game.rules import get_ruleset
from game.tables import new_table
from net.table import SeatSpec, Table
from tests.net.test_net_game_over_record import play_to_the_end

pytestmark = pytest.mark.timeout(60)


def listening(table: Table, seat: int | None) -> list[dict[str, Any]]:
    """Every event ``seat`` is told from now on (appended as they come)."""
    told: list[dict[str, Any]] = []
    table.attach(seat, lambda m: told.extend(m["events"]) if m["t"] == "events" else None)
    return told


def some_moves(table: Table, count: int, rng: random.Random) -> None:
    for _ in range(count):
        if table.status != "playing":
            return
        seat = table.to_move()[0]
        moves = [m for m in table.legal_message(seat)["moves"] if m.get("t") != "undo"]
        assert table.submit(seat, table.token_for(seat), table.version, rng.choice(moves)) is None


@pytest.mark.parametrize(("game", "players"), [("stars", 3), ("stargazer", 3)])
def test_the_story_is_what_each_seat_and_a_spectator_were_told(game: str, players: int) -> None:
    table = new_table(game, {"players": players}, 9,
                      [SeatSpec("human", f"P{i}") for i in range(players)])
    try:
        told = {seat: listening(table, seat) for seat in [*range(players), None]}
        table.start()
        some_moves(table, 40, random.Random(9))
        for seat, events in told.items():
            assert events and table.story(seat) == events, seat
            assert table.snapshot(seat, story=True)["story"] == events
            assert "story" not in table.snapshot(seat), "a sync asks for the state only"
        if game == "stars":  # a seat's lines are its own until the card is over
            private = [e for e in told[0] if e.get("to") == [0]]
            assert private, "seat 0 was told something of its own"
            assert not any(e.get("to") == [0] for e in table.story(1) + table.story(None))
    finally:
        table.close()


def test_a_long_story_keeps_its_newest_events(monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table("stars", {}, 4, [SeatSpec("human", "A"), SeatSpec("human", "B")])
    try:
        told = listening(table, 0)
        table.start()
        some_moves(table, 30, random.Random(4))
        monkeypatch.setattr(Table, "STORY_EVENTS", 7)
        assert len(told) > 7 and table.story(0) == told[-7:]
    finally:
        table.close()


def test_a_new_game_at_the_table_starts_a_new_story() -> None:
    table = new_table("stargazer", {"players": 3}, 2,
                      [SeatSpec("human", f"P{i}") for i in range(3)])
    try:
        table.start()
        play_to_the_end(table, random.Random(2))
        assert table.story(0)
        table.restart(3)
        assert table.story(0) == [] and table.snapshot(None, story=True)["story"] == []
    finally:
        table.close()


def test_a_table_brought_back_from_its_save_tells_the_same_story(tmp_path: Path) -> None:
    table = new_table("stars", {}, 5, [SeatSpec("human", "A"), SeatSpec("human", "B")],
                      autosave_dir=tmp_path)
    table.start()
    some_moves(table, 25, random.Random(5))
    stories = {seat: table.story(seat) for seat in (0, 1, None)}
    table.close()
    back = Table.resume(table.autosave_path, ruleset_for=get_ruleset,
                        bot_factory=lambda *args: None, keep_autosave=False)
    try:
        assert {seat: back.story(seat) for seat in (0, 1, None)} == stories
    finally:
        back.close()
