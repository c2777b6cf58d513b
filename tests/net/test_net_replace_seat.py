"""``Table.replace_with_bot``: the host hands the seat of a remote player who left mid-game
to a bot, and only that: connected, local and AI seats, and tables not in play, are refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from net.local import LocalConnection
from net.save import read_save
from net.table import SeatSpec, Table, TableError
from tests.net.nethelpers import resume_toy, toy_table, wait_until

pytestmark = pytest.mark.timeout(30)


def _table(tmp_path: Path) -> tuple[Table, LocalConnection, LocalConnection]:
    table = toy_table([SeatSpec("human", "Host"), SeatSpec("remote"), SeatSpec("ai", "Vega")],
                      rounds=3, autosave_dir=tmp_path)
    host = LocalConnection.for_seat(table, 0)
    remote = LocalConnection.join(table, "Bo")
    return table, host, remote


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
