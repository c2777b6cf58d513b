"""Issue 23, point 4: spectators learn nothing of private moves.

In Look at the Stars a seat's moves during a card (drawing, answering a power prompt) are its
own until the card is final: before, every one of them reached spectators as an ``events``
message naming the seat (``by``) with an empty event list, so a spectator learnt who was
drawing, when, and how many moves it took (a power prompt, an undo). Now a spectator is told
only of moves it can see something of, and its versions count only those."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.tables import new_table
from net.client import Client
from net.server import ServerThread
from net.table import Message, SeatSpec, Table

pytestmark = pytest.mark.timeout(120)


def private_play(table: Table, seat: int) -> dict[str, Any]:
    """A move of ``seat`` on the current card that only that seat sees (its drawing)."""
    moves = table.legal_message(seat)["moves"]
    return next(m for m in moves if m["t"] in ("place", "shooting_star", "skip"))


def test_a_spectator_hears_nothing_of_a_seats_drawing_until_it_is_public() -> None:
    table = new_table("stars", {}, 11, [SeatSpec("remote", "Ann"), SeatSpec("remote", "Bo")])
    server = ServerThread(table, host="127.0.0.1", port=0)
    server.start()
    ann = Client("127.0.0.1", server.port, "Ann")
    bo = Client("127.0.0.1", server.port, "Bo")
    watcher = Client("127.0.0.1", server.port, "Watcher", role="spectator")
    try:
        for client in (ann, bo, watcher):
            assert client.wait_for(lambda m: m["t"] == "snapshot", 5)
        table.start()
        for client in (ann, bo, watcher):
            assert client.wait_for(lambda m: m["t"] == "snapshot"
                                   and m["table"]["status"] == "playing", 5)
        watched = watcher.version
        ann.send_move(private_play(table, 0))
        mine = ann.wait_for(lambda m: m["t"] == "events" and m["by"] == 0, 5)
        assert mine is not None and mine["events"]  # Ann sees her drawing
        assert bo.wait_for(lambda m: m["t"] == "events", 5)  # a seat still hears of it
        # the spectator was sent nothing: a sync brings a snapshot at the version it had,
        # with nothing before it
        watcher.request_snapshot()
        seen: list[Message] = []
        snapshot = watcher.wait_for(lambda m: (seen.append(m), m["t"] == "snapshot")[1], 5)
        assert snapshot is not None
        assert [m["t"] for m in seen if m["t"] == "events"] == [], seen
        assert snapshot["version"] == watched
        assert snapshot["view"] == table.view(None)
        # Ann confirms: that is public, and reaches the spectator as its very next version
        # (no gap for its client to mend with a sync)
        ann.send_move({"t": "confirm"})
        told = watcher.wait_for(lambda m: m["t"] == "events", 5)
        assert told is not None and told["version"] == watched + 1 and told["by"] == 0
        assert [e["type"] for e in told["events"]] == ["turn_confirmed"]
        assert told["view"] == table.view(None)
    finally:
        for client in (ann, bo, watcher):
            client.close()
        server.stop()
        table.close()


@pytest.mark.parametrize(("game", "players"), [("stars", 3), ("stargazer", 3)])
def test_what_spectators_are_not_told_changes_nothing_they_see(game: str, players: int) -> None:
    """A whole game of random moves: after every move spectators were not told of, their
    view and ``to_move`` are what they were told last (nothing was kept from them that their
    view would show), and their versions run 1, 2, 3... without a gap."""
    table = new_table(game, {}, 5, [SeatSpec("human", f"P{i}") for i in range(players)])
    told: list[Message] = []
    table.attach(None, told.append)
    table.start()
    rng = random.Random(3)
    try:
        for _ in range(3000):
            if table.status != "playing":
                break
            seat = rng.choice(table.to_move())
            moves = [m for m in table.legal_message(seat)["moves"]
                     if m["t"] != "undo" or rng.random() < 0.05]
            heard = len(told)
            assert table.submit(seat, table.token_for(seat), table.version,
                                rng.choice(moves)) is None
            last = told[-1]
            if len(told) == heard:
                assert (last["view"], last["to_move"]) == (table.view(None), table.to_move())
        assert table.status == "over"
        events = [m for m in told if m["t"] == "events"]
        assert [m["version"] for m in events] == list(range(1, len(events) + 1))
        assert told[-1]["t"] == "game_over" and told[-1]["version"] == len(events)
        if game == "stars":  # some moves were kept from spectators
            assert len(events) < table.version
    finally:
        table.close()
