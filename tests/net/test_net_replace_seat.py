"""``Table.replace_with_bot``: the host hands the seat of a remote player who left mid-game
to a bot, and only that: connected, local and AI seats, and tables not in play, are refused.
And back: the player who returns with their token, or the host (``Table.give_back``), takes
the seat back from the bot."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from game.ai.base import RandomBot
from net.client import Client
from net.local import LocalConnection
from net.save import read_save, write_save
from net.server import ServerThread
from net.table import SeatSpec, Table, TableError
from tests.net.nethelpers import resume_toy, toy_table, wait_until

pytestmark = pytest.mark.timeout(30)


def _table(tmp_path: Path) -> tuple[Table, LocalConnection, LocalConnection]:
    table = toy_table([SeatSpec("human", "Host"), SeatSpec("remote"), SeatSpec("ai", "Vega")],
                      rounds=3, autosave_dir=tmp_path)
    host = LocalConnection.for_seat(table, 0)
    remote = LocalConnection.join(table, "Bo")
    return table, host, remote


def _stood_in(tmp_path: Path) -> tuple[Table, LocalConnection, str]:
    """``_table`` started, Bo gone and a bot standing in for him: (table, host, Bo's token)."""
    table, host, remote = _table(tmp_path)
    table.start()
    token = remote.token
    assert token is not None
    remote.close()
    table.replace_with_bot(1, "random")
    return table, host, token


def _play_host_until_over(table: Table, host: LocalConnection) -> None:
    def step() -> bool:
        host.poll()
        if table.status == "playing" and 0 in table.to_move() and host.to_move == [0]:
            host.send_move({"t": "add", "n": 1})
        return table.status == "over"

    wait_until(step, 20)


def test_a_departed_remote_seat_is_played_by_a_bot_to_the_end(tmp_path: Path) -> None:
    table, host, remote = _table(tmp_path)
    table.start()
    remote_token = remote.token
    before = table.info()
    with pytest.raises(TableError) as refused:
        table.replace_with_bot(1, "random")
    assert refused.value.code == "seat_connected"
    assert table.info() == before, "a refusal changes nothing"
    remote.close()  # Bo's machine went away
    host.poll()
    assert not table.info()["seats"][1]["connected"]
    table.replace_with_bot(1, "random")
    seat = table.info()["seats"][1]
    assert (seat["kind"], seat["bot"], seat["name"], seat["connected"]) == (
        "ai", "random", "Bo", True)
    assert any(m["t"] == "table" and m["table"]["seats"][1]["kind"] == "ai"
               for m in host.poll()), "the host's window hears of it"
    assert table.seat_for_token(remote_token) is None, "Bo's token no longer holds the seat"
    assert table.submit(1, remote_token, table.version, {"t": "add", "n": 1})["code"] in (
        "bad_token", "not_your_turn")
    assert read_save(table.autosave_path)["seats"][1]["kind"] == "ai", "saved at once"
    _play_host_until_over(table, host)
    assert sum(1 for seat, _ in table.moves if seat == 1) == 3, "the bot played Bo's turns"
    table.close()


def test_only_remote_seats_during_play_can_be_handed_to_a_bot(tmp_path: Path) -> None:
    table, host, remote = _table(tmp_path)
    remote.close()
    with pytest.raises(TableError) as lobby:
        table.replace_with_bot(1, "random")
    assert lobby.value.code == "not_started"
    table.start()
    for seat, code in ((0, "not_remote"), (2, "not_remote"), (3, "no_such_seat"),
                       (-1, "no_such_seat"), (True, "no_such_seat")):
        with pytest.raises(TableError) as refused:
            table.replace_with_bot(seat, "random")  # type: ignore[arg-type]
        assert refused.value.code == code, seat
    table.replace_with_bot(1, "random")
    with pytest.raises(TableError) as again:
        table.replace_with_bot(1, "random")
    assert again.value.code == "not_remote", "already a bot"
    _play_host_until_over(table, host)
    with pytest.raises(TableError) as over:
        table.replace_with_bot(1, "random")
    assert over.value.code == "game_over"
    table.close()


def test_a_replaced_seat_stays_a_bot_after_resume(tmp_path: Path) -> None:
    table, host, remote = _table(tmp_path)
    table.start()
    remote.close()
    table.replace_with_bot(1, "random")
    table.close()
    host.close()
    resumed = resume_toy(table.autosave_path)
    assert [s["kind"] for s in resumed.info()["seats"]] == ["human", "ai", "ai"]
    host = LocalConnection.for_seat(resumed, 0)
    _play_host_until_over(resumed, host)
    resumed.close()


def test_the_moves_a_bot_made_standing_in_are_saved_and_in_the_finished_record(
        tmp_path: Path) -> None:
    table, host, remote = _table(tmp_path)
    table.start()
    remote.close()
    table.replace_with_bot(1, "random")
    _play_host_until_over(table, host)
    stood_in = [i for i, (who, _) in enumerate(table.moves) if who == 1]
    assert stood_in and table.stand_in_moves == stood_in
    assert table.finished_record()["stand_ins"] == stood_in
    path = table.autosave_path
    table.close()
    host.close()
    assert read_save(path)["stand_ins"] == stood_in
    # a host killed before a snapshot caught up: the journal tells the stand-in's moves too
    # (they were lost, and the review showed them as the player's own)
    stale = read_save(path)
    stale["moves"], stale["version"], stale["stand_ins"] = stale["moves"][:1], 1, []
    write_save(path, stale)
    journaled = read_save(path)
    assert journaled["moves"] == table.moves and journaled["stand_ins"] == stood_in
    resumed = resume_toy(path)
    assert resumed.stand_in_moves == stood_in, "a continued game still tells them apart"
    resumed.close()
    # a save edited by hand: its stand-ins are cleaned, never a reason to refuse it
    data = read_save(path)
    data["stand_ins"] = [True, -1, 10**9, "2", stood_in[0], stood_in[0]]
    resumed = resume_toy(data)
    assert resumed.stand_in_moves == [stood_in[0]]
    resumed.close()


def _moves_of(table: Table, seat: int) -> int:
    return sum(1 for who, _ in table.moves if who == seat)


def test_the_player_who_comes_back_gets_the_seat_back_from_the_bot(tmp_path: Path) -> None:
    table, host, token = _stood_in(tmp_path)
    assert table.info()["seats"][1]["stand_in"] is True, "everyone sees a bot stands in for Bo"
    server = ServerThread(table, host="127.0.0.1", port=0)
    server.start()
    try:
        # the host plays one turn; the bot plays Bo's turn after it
        wait_until(lambda: host.poll() is not None and host.to_move == [0])
        host.send_move({"t": "add", "n": 1})
        wait_until(lambda: _moves_of(table, 1) >= 1)
        client = Client("127.0.0.1", server.port, "Bo", token=token)
        welcome = client.wait_for(lambda m: m["t"] == "welcome", 5)
        assert welcome is not None and welcome["seat"] == 1 and welcome["token"] == token
        seat = table.info()["seats"][1]
        assert (seat["kind"], seat["stand_in"], seat["connected"]) == ("remote", False, True)
        assert table.seat_for_token(token) == 1, "Bo's own token holds the seat again"
        bot_moves = _moves_of(table, 1)
        # Bo's turn comes round again: the game waits for Bo, the bot no longer plays it
        wait_until(lambda: host.poll() is not None and host.to_move == [0])
        host.send_move({"t": "add", "n": 1})
        wait_until(lambda: 1 in table.to_move())
        assert _moves_of(table, 1) == bot_moves
        client.wait_for(lambda m: m["t"] in ("snapshot", "events") and m["version"]
                        == table.version, 5)
        client.send_move({"t": "add", "n": 2})
        wait_until(lambda: _moves_of(table, 1) == bot_moves + 1)
        assert [m for who, m in table.moves if who == 1][-1] == {"t": "add", "n": 2}, \
            "Bo's own move"
        # the bot's moves are told apart from Bo's (his review is not of them: a playtest
        # found the stand-in's cards under "your moves")
        bots = [i for i, (who, _) in enumerate(table.moves) if who == 1][:bot_moves]
        assert table.stand_in_moves == bots and len(table.moves) - 1 not in bots
        assert read_save(table.autosave_path)["seats"][1]["kind"] == "remote", "saved at once"
        client.close()
    finally:
        server.stop()
        table.close()
        host.close()


def test_the_others_hear_of_a_player_back_from_a_bot_once(tmp_path: Path) -> None:
    """Taking the seat back told the others twice (not connected, then connected: an outside
    client read the protocol's "one table message per reconnection")."""
    table, host, token = _stood_in(tmp_path)
    host.poll()
    server = ServerThread(table, host="127.0.0.1", port=0)
    server.start()
    try:
        back = Client("127.0.0.1", server.port, "Bo", token=token)
        assert back.wait_for(lambda m: m["t"] == "welcome", 5) is not None
        told: list[dict] = []
        wait_until(lambda: told.extend(m["table"]["seats"][1] for m in host.poll() or []
                                       if m["t"] == "table") or told)
        threading.Event().wait(0.2)  # (a second one would have come by now)
        told += [m["table"]["seats"][1] for m in host.poll() or [] if m["t"] == "table"]
        assert [(seat["kind"], seat["connected"], seat["stand_in"]) for seat in told] == [
            ("remote", True, False)], told
        back.close()
    finally:
        server.stop()
        host.close()
        table.close()


def test_a_player_whose_seat_a_bot_played_to_the_end_still_sees_the_results(
        tmp_path: Path) -> None:
    """The bot stood in until the game was over, then its player came back with their token:
    ``bad_token``, and the protocol tells a client not to try again (an outside hostile
    client). They are welcomed to the results, as any player at a finished table."""
    table, host, token = _stood_in(tmp_path)
    _play_host_until_over(table, host)
    server = ServerThread(table, host="127.0.0.1", port=0)
    server.start()
    try:
        client = Client("127.0.0.1", server.port, "Bo", token=token)
        welcome = client.wait_for(lambda m: m["t"] in ("welcome", "error"), 5)
        assert welcome is not None and welcome["t"] == "welcome" and welcome["seat"] == 1, \
            welcome
        over = client.wait_for(lambda m: m["t"] == "game_over", 5)
        assert over is not None, "the results"
        assert client.wait_for(lambda m: m["t"] == "error", 0.3) is None
        client.close()
        assert client.wait_for(lambda m: False, 0.1) is None
        stranger = Client("127.0.0.1", server.port, "Eve", token="not-a-token-of-this-table")
        refused = stranger.wait_for(lambda m: m["t"] in ("welcome", "error"), 5)
        assert refused is not None and refused.get("code") == "bad_token", refused
        stranger.close()
    finally:
        server.stop()
        table.close()
        host.close()


def test_the_host_gives_the_seat_back_and_the_game_waits_for_its_player(
        tmp_path: Path) -> None:
    table, host, token = _stood_in(tmp_path)
    table.give_back(1)
    seat = table.info()["seats"][1]
    assert (seat["kind"], seat["stand_in"], seat["connected"]) == ("remote", False, False)
    assert seat["bot"] is None, "no bot plays the seat (an outside client read it as one)"
    wait_until(lambda: host.poll() is not None and host.to_move == [0])
    host.send_move({"t": "add", "n": 1})
    wait_until(lambda: 1 in table.to_move())
    threading.Event().wait(0.3)  # a bot would have moved by now (the toy bots answer at once)
    assert 1 in table.to_move() and _moves_of(table, 1) == 0, "nobody plays for Bo"
    back = LocalConnection(table, 1, token)
    back.poll()
    back.send_move({"t": "add", "n": 2})
    assert not [m for m in back.poll() if m["t"] == "refused"]
    assert _moves_of(table, 1) == 1, "Bo moves with the token kept for him"
    back.close()
    host.close()
    table.close()


def test_give_back_refuses_seats_no_bot_stands_in_for(tmp_path: Path) -> None:
    table, host, remote = _table(tmp_path)
    with pytest.raises(TableError) as lobby:
        table.give_back(1)
    assert lobby.value.code == "not_started"
    table.start()
    for seat, code in ((0, "not_stand_in"), (1, "not_stand_in"), (2, "not_stand_in"),
                       (5, "no_such_seat"), ("1", "no_such_seat")):
        before = table.info()
        with pytest.raises(TableError) as refused:
            table.give_back(seat)  # type: ignore[arg-type]
        assert refused.value.code == code, seat
        assert table.info() == before, "a refusal changes nothing"
    assert table.reclaim_from_bot(remote.token) is None, "Bo still holds the seat"
    assert table.reclaim_from_bot("") is None and table.reclaim_from_bot(None) is None
    remote.close()
    host.close()
    table.close()


def test_a_stand_in_survives_a_resume_and_its_player_still_comes_back(tmp_path: Path) -> None:
    table, host, token = _stood_in(tmp_path)
    table.close()
    host.close()
    resumed = resume_toy(table.autosave_path)
    assert resumed.info()["seats"][1]["stand_in"] is True
    assert resumed.reclaim_from_bot(token) == 1
    assert resumed.info()["seats"][1]["kind"] == "remote"
    assert resumed.seat_for_token(token) == 1
    resumed.close()


class _GatedBot:
    """A bot that thinks until the test lets it answer."""

    def __init__(self) -> None:
        self.thinking = threading.Event()
        self.release = threading.Event()

    def choose(self, ruleset: Any, state: Any, seat: int) -> Any:
        self.thinking.set()
        self.release.wait(10)
        return RandomBot(1).choose(ruleset, state, seat)


def test_a_move_the_bot_was_thinking_about_is_dropped_when_the_seat_goes_back(
        tmp_path: Path) -> None:
    gated = _GatedBot()
    table = toy_table([SeatSpec("remote"), SeatSpec("human", "Host")], rounds=3,
                      autosave_dir=tmp_path, bot_factory=lambda game, level, seed: gated)
    remote = LocalConnection.join(table, "Bo")
    token = remote.token
    table.start()
    remote.close()
    table.replace_with_bot(0, "random")
    assert gated.thinking.wait(5), "the bot is thinking about Bo's turn"
    table.give_back(0)
    gated.release.set()
    threading.Event().wait(0.3)
    assert table.moves == [], "the bot's late move was not played for Bo"
    back = LocalConnection(table, 0, token)
    back.poll()
    back.send_move({"t": "add", "n": 1})
    assert table.moves == [[0, {"t": "add", "n": 1}]]
    back.close()
    table.close()
