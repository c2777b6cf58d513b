"""A searching bot at a table is handed a ``stop``: it ends the search at the bot's own thinking
time (well inside the table's budget, so its own move is played, not the random stand-in) and
at once when the table closes. A remote bot (``starparty bot``) gets the same stop for its own
thinking time."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from game.tables import table_bot
from net.ai_runner import Deadline
from net.remote_bot import BotPlayer
from net.table import SeatSpec
from tests.net.nethelpers import toy_table, wait_until


class _SearchingBot:
    """Searches until told to stop; then plays its marked move (``add 2``)."""

    name = "searching"

    def __init__(self, think_seconds: float | None) -> None:
        self.think_seconds = think_seconds
        self.searching = threading.Event()
        self.stopped = threading.Event()

    def choose(self, ruleset, state, seat, stop=None):  # noqa: ANN001, ANN201
        self.searching.set()
        while not stop():
            self.stopped.wait(0.005)
        self.stopped.set()
        return {"t": "add", "n": 2}


def test_a_search_ends_at_the_bots_thinking_time_with_its_own_move() -> None:
    bot = _SearchingBot(think_seconds=0.05)
    table = toy_table([SeatSpec("ai")], rounds=1, ai_budget=30.0,
                      bot_factory=lambda game, level, seed: bot)
    table.start()
    try:
        wait_until(lambda: table.status == "over", timeout=20)
        assert bot.stopped.is_set()
        assert [move for _, move in table.moves] == [{"t": "add", "n": 2}], \
            "the bot's own move, not the random stand-in after the budget"
    finally:
        table.close()


def test_closing_the_table_stops_a_search_at_once() -> None:
    bot = _SearchingBot(think_seconds=None)  # it would think for most of the 30 s budget
    table = toy_table([SeatSpec("ai"), SeatSpec("human")], rounds=1, ai_budget=30.0,
                      bot_factory=lambda game, level, seed: bot)
    table.start()
    wait_until(bot.searching.is_set)  # (a closed table starts no new search)
    table.close()
    assert bot.stopped.wait(10), "close() told the search to stop"


def test_table_bots_carry_their_levels_thinking_time() -> None:
    from game.ai import THINK_SECONDS

    assert table_bot("stargazer", "hard", 1).think_seconds == THINK_SECONDS["stargazer"]["hard"]
    assert getattr(table_bot("stars", "greedy", 1), "think_seconds", None) is None


class _Connection:
    """What a remote bot reads of its connection: its seat is to move at version 3."""

    seat, version, to_move = 0, 3, [0]
    view: dict[str, Any] = {"n": 1}

    def __init__(self) -> None:
        self.sent: list[Any] = []
        self.inbox: list[dict[str, Any]] = [{"t": "legal", "version": 3, "moves": [{"t": "a"}]}]

    def poll(self) -> list[dict[str, Any]]:
        inbox, self.inbox = self.inbox, []
        return inbox

    def send_move(self, move: Any) -> None:
        self.sent.append(move)

    def send(self, message: Any) -> None:
        pass


class _ViewSearchingBot(_SearchingBot):
    """Decides from the view and the host's legal list, as Look at the Stars' bots do."""

    def choose_from_view(self, view, seat, moves, stop=None):  # noqa: ANN001, ANN201
        self.given = stop
        return self.choose(None, view, seat, stop)


@pytest.mark.parametrize("kind", [_SearchingBot, _ViewSearchingBot])
def test_a_remote_bot_searches_within_its_thinking_time(kind: type[_SearchingBot]) -> None:
    bot = kind(think_seconds=0.05)
    connection = _Connection()
    player = BotPlayer(connection, None, bot)  # type: ignore[arg-type]
    finished = threading.Event()

    def play() -> None:
        while not connection.sent and player.step():
            pass
        finished.set()

    threading.Thread(target=play, daemon=True).start()
    assert finished.wait(20), "without a stop the search would never end"
    assert connection.sent == [{"t": "add", "n": 2}] and bot.stopped.is_set()
    if kind is _ViewSearchingBot:
        assert isinstance(bot.given, Deadline)


@pytest.mark.parametrize("seconds", [None, 0.5])
def test_a_remote_bot_without_thinking_time_or_stop_is_called_as_before(
        seconds: float | None) -> None:
    class Plain:
        name = "plain"
        think_seconds = seconds  # with thinking time but no ``stop``: none is handed in

        def choose(self, ruleset, state, seat):  # noqa: ANN001, ANN201  (no stop at all)
            return {"t": "b"}

    connection = _Connection()
    player = BotPlayer(connection, None, Plain())  # type: ignore[arg-type]
    player.step()
    assert connection.sent == [{"t": "b"}]
