"""A headless host lets a bot play for a LAN player gone too long, and gives the seat back when
they reconnect (nobody sits at a headless host to hand the seat over, and the game waited for
ever for a player who had left: an outside hostile test)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from game.commands.host import StandIns, host_parser
from net.save import read_save
from net.table import SeatSpec
from tests.net.nethelpers import toy_table
from tests.net.test_net_cli import ROOT, TOY, host_process, starparty


def seats_of(table) -> list[dict]:  # noqa: ANN001
    return table.info()["seats"]


def test_a_player_gone_past_the_wait_is_played_by_a_bot_until_they_come_back(
        capsys: pytest.CaptureFixture[str]) -> None:
    table = toy_table([SeatSpec("remote", "Ann"), SeatSpec("remote", "Bo")])
    try:
        _seat, ann = table.join("Ann")
        _seat, bo = table.join("Bo")
        table.start()
        stand_ins = StandIns(table, 30.0)
        stand_ins.track(100.0)  # nobody is connected: both are gone from now on
        assert "Seat 1 (Bo) left; a bot plays for them in 30 s" in capsys.readouterr().out
        stand_ins.track(129.9)
        assert not any(seat["stand_in"] for seat in seats_of(table)), "not before the wait"
        assert table.reclaim_from_bot(ann) is None
        stand_ins.track(130.0)
        assert [seat["stand_in"] for seat in seats_of(table)] == [True, True]
        assert [seat["kind"] for seat in seats_of(table)] == ["ai", "ai"]
        assert "A bot plays for seat 1 (Bo)" in capsys.readouterr().out
        assert table.reclaim_from_bot(bo) == 1, "Bo's token takes the seat back"
        stand_ins.track(131.0)
        assert seats_of(table)[1]["kind"] == "remote" and not seats_of(table)[1]["stand_in"]
        out = capsys.readouterr().out
        assert "Seat 1 (Bo) is back; the bot stepped aside" in out
        assert "Seat 1 (Bo) left" in out, "gone again (not connected): the wait starts again"
        stand_ins.track(160.9)
        assert seats_of(table)[1]["kind"] == "remote"
        stand_ins.track(161.0)
        assert seats_of(table)[1]["stand_in"]
    finally:
        table.close()


def test_bot_after_zero_waits_for_the_player_as_before() -> None:
    table = toy_table([SeatSpec("remote", "Ann"), SeatSpec("ai")])
    try:
        table.join("Ann")
        table.start()
        stand_ins = StandIns(table, host_parser().parse_args(["--bot-after", "0"]).bot_after)
        for now in (0.0, 1e6):
            stand_ins.track(now)
        assert seats_of(table)[0]["kind"] == "remote" and not seats_of(table)[0]["stand_in"]
    finally:
        table.close()


@pytest.mark.timeout(120)
def test_a_headless_game_ends_although_a_player_left(tmp_path: Path) -> None:
    """Two LAN players; one leaves at once: a bot plays for them after --bot-after and the
    other player's game goes on to its end."""
    from net.client import Client

    with host_process("--ruleset", TOY, "--seats", "remote:A,remote:B", "--port", "0",
                      "--bot-after", "0.5", "--linger", "0.5", "--autosave-dir",
                      str(tmp_path)) as (host, port, lines):
        leaver = Client("127.0.0.1", port, "B")
        assert leaver.wait_for(lambda m: m["t"] == "welcome", 10) is not None
        player = subprocess.Popen(starparty("bot", f"127.0.0.1:{port}", "--ruleset", TOY,
                                            "--name", "A", "--seed", "1"),
                                  cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True)
        assert leaver.wait_for(lambda m: m["t"] == "snapshot"
                               and m["table"]["status"] == "playing", 10) is not None
        leaver.close()  # gone without a word, as a pulled cable
        out, err = player.communicate(timeout=60)
        assert player.returncode == 0 and "Game over: seat" in out, (out, err)
        assert host.wait(30) == 0
    assert any("A bot plays for seat 1 (B)" in line for line in lines), lines
    (save,) = tmp_path.glob("*.spsave")
    data = read_save(save)
    assert data["status"] == "over" and data["seats"][1]["away_token"]
