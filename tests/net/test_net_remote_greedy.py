"""A remote Look at the Stars greedy bot (``starparty bot``) decides from its seat's view and the
host's ``legal`` list, exactly as the table's own greedy seat would, never seeing the deck."""

from __future__ import annotations

import copy
import threading
from pathlib import Path
from typing import Any

import pytest

from game.ai.base import RandomBot
from game.ai.stars_bots import GreedyBot
from game.rules import get_ruleset
from game.rules.base import Move, Ruleset, State, replay
from game.tables import new_table
from net.client import Client
from net.remote_bot import BotPlayer
from net.server import ServerThread
from net.table import SeatSpec

pytestmark = pytest.mark.timeout(120)
STARS = get_ruleset("stars")


class RecordingGreedy:
    """A GreedyBot that records what it was given (version, view, legal moves) and chose."""

    name = "greedy"

    def __init__(self, seed: int, client: Client) -> None:
        self.bot, self.client = GreedyBot(seed), client
        self.calls: list[tuple[int, dict[str, Any], list[Move], Move]] = []

    def choose(self, ruleset: Ruleset, state: State, seat: int) -> Move:
        raise AssertionError("the remote bot treated a view as a full state")

    def choose_from_view(self, view: dict[str, Any], seat: int, moves: list[Move]) -> Move:
        move = self.bot.choose_from_view(view, seat, moves)
        self.calls.append((self.client.version, copy.deepcopy(view), copy.deepcopy(moves), move))
        return move


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def test_a_remote_greedy_bot_chooses_what_the_local_greedy_bot_chooses(tmp_path: Path) -> None:
    table = new_table("stars", {}, 23, [SeatSpec("remote"), SeatSpec("remote")],
                  autosave_dir=tmp_path)
    server = ServerThread(table, host="127.0.0.1", port=0, rate=1000, burst=2000)
    server.start()
    clients: list[Client] = []
    try:
        # no automatic resend of a stale move: each accepted move is then decided on the very
        # version it was played at, so it can be compared with the local bot's decision there
        clients = [Client("127.0.0.1", server.port, f"bot{i}", retry_stale=False)
                   for i in range(2)]
        for client in clients:
            assert client.wait_for(lambda m: m["t"] == "welcome", 5)
        greedy_client = next(c for c in clients if c.seat == 0)
        other = next(c for c in clients if c.seat == 1)
        recorder = RecordingGreedy(7, greedy_client)
        table.start()
        players = [BotPlayer(greedy_client, STARS, recorder, seed=7),
                   BotPlayer(other, STARS, RandomBot(seed=1), seed=1)]
        threads = [threading.Thread(target=p.run, kwargs={"timeout": 100}) for p in players]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert table.status == "over", [p.failure for p in players]
        assert players[0].failure is None and players[0].refusals == 0
    finally:
        for client in clients:
            client.close()
        server.stop()
        table.close()

    # every move seat 0 made at the table is a recorded greedy decision (no random stand-in),
    # made on the version it was played at or an earlier one (a move stays current while only
    # the other seat draws on its own sheet)
    played = [(index, move) for index, (seat, move) in enumerate(table.moves) if seat == 0]
    decided = [(version, move) for version, _, _, move in recorder.calls]
    missing = [(i, m) for i, m in played if not any(v <= i and d == m for v, d in decided)]
    assert played and not missing, missing

    twin = GreedyBot(7)
    for version, view, moves, move in recorder.calls:
        assert "deck" not in _keys(view)
        state = replay(STARS, table.options, table.seed, table.moves[:version], table.secret)
        assert view == STARS.view(state, 0)
        assert moves == STARS.legal_moves(state, 0)
        assert twin.choose(STARS, state, 0) == move
        hidden_reshuffled = STARS.reshuffle_hidden(state, version)
        assert GreedyBot(7).choose_from_view(STARS.view(hidden_reshuffled, 0), 0, moves) == (
            GreedyBot(7).choose_from_view(view, 0, moves))


def test_choose_is_choose_from_view_of_the_seat() -> None:
    state = STARS.setup({"players": 3}, 5)
    for seat in range(3):
        expected = GreedyBot(2).choose(STARS, state, seat)
        from_view = GreedyBot(2).choose_from_view(STARS.view(state, seat), seat,
                                                  STARS.legal_moves(state, seat))
        assert from_view == expected and from_view["t"] != "skip"
