"""``starparty host --headless`` and ``starparty bot`` as real processes on loopback: whole games,
clear failure messages, Ctrl-C saving, and a host killed mid-game resumed from its autosave
without losing any acknowledged move."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.ai.base import RandomBot
from game.rules.base import replay
from net.client import Client
from net.remote_bot import BotPlayer
from net.save import read_save
from net.server import ServerThread
from net.table import SeatSpec
from tests.net.nethelpers import toy_table, wait_until
from tests.net.toy_ruleset import TOY_TURNS

ROOT = Path(__file__).resolve().parents[2]
TOY = "tests.net.toy_ruleset:TOY_TURNS"
pytestmark = pytest.mark.timeout(120)


def starparty(*args: str) -> list[str]:
    return [sys.executable, "-m", "game", *args]


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(starparty(*args), cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


@contextlib.contextmanager
def host_process(*args: str) -> Iterator[tuple[subprocess.Popen[str], int, list[str]]]:
    """A headless host; yields (process, port, output lines so far — kept up to date)."""
    process = subprocess.Popen(
        starparty("host", "--headless", "--no-discovery", "--bind", "127.0.0.1", *args),
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    lines: list[str] = []

    def pump() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line.rstrip())

    threading.Thread(target=pump, daemon=True).start()
    try:
        found = wait_until(lambda: next((m for line in lines
                                         if (m := re.search(r"listening on \S+:(\d+)", line))),
                                        None) or process.poll() is not None, 20)
        if not isinstance(found, re.Match):
            raise AssertionError(f"host did not start: {lines}")
        yield process, int(found.group(1)), lines
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_port_in_use_is_a_clear_message(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run("host", "--headless", "--no-discovery", "--bind", "127.0.0.1",
                     "--port", str(port), "--autosave-dir", str(tmp_path))
    assert result.returncode == 2
    assert f"port {port} is already in use" in result.stderr


def test_host_without_headless_opens_the_window_hosting_the_table(tmp_path: Path) -> None:
    """``net.cli`` hands the windowed host to the client (imported only then, by name)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "STARPARTY_CONFIG_DIR": str(tmp_path / "config"),
           "STARPARTY_AUTOSAVE_DIR": str(tmp_path / "autosave")}
    process = subprocess.Popen(
        starparty("host", "--no-discovery", "--bind", "127.0.0.1", "--port", "0",
                  "--name", "Window table", "--seats", "2"),
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    lines: list[str] = []

    def pump() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line.rstrip())

    threading.Thread(target=pump, daemon=True).start()
    client = None
    try:
        found = wait_until(lambda: next((m for line in lines
                                         if (m := re.search(r"listening on \S+:(\d+)", line))),
                                        None) or process.poll() is not None, 30)
        assert isinstance(found, re.Match), f"the window host did not start: {lines}"
        client = Client("127.0.0.1", int(found.group(1)), "Bea", reconnect=False)
        welcome = client.wait_for(lambda m: m["t"] == "snapshot", 10)
        assert welcome is not None and client.seat == 1
        assert welcome["table"]["name"] == "Window table"
        assert [s["kind"] for s in welcome["table"]["seats"]] == ["human", "open"]
        process.send_signal(signal.SIGINT)  # Ctrl-C in the terminal: an orderly stop
        assert process.wait(20) == 0
    finally:
        if client is not None:
            client.close()
        if process.poll() is None:
            process.kill()
        process.wait(10)


def test_bad_resume_file_and_bad_seats_are_clear(tmp_path: Path) -> None:
    junk = tmp_path / "x.spsave"
    junk.write_bytes(b"junk")
    result = run("host", "--headless", "--resume", str(junk))
    assert result.returncode == 2 and "not a Star Party save" in result.stderr
    result = run("host", "--headless", "--resume", "--autosave-dir", str(tmp_path / "empty"))
    assert result.returncode == 2 and "no autosave found" in result.stderr
    result = run("host", "--headless", "--seats", "dragons")
    assert result.returncode == 2 and "use open, remote" in result.stderr


def test_bot_to_nowhere_full_table_and_wrong_password() -> None:
    result = run("bot", f"127.0.0.1:{free_port()}")
    assert result.returncode == 2 and "no table at" in result.stderr
    table = toy_table([SeatSpec("human")])
    server = ServerThread(table, host="127.0.0.1", port=0, password="pw")
    server.start()
    try:
        result = run("bot", f"127.0.0.1:{server.port}", "--password", "nope")
        assert result.returncode == 2 and "wrong table password" in result.stderr
        result = run("bot", f"127.0.0.1:{server.port}", "--password", "pw")
        assert result.returncode == 2 and "every seat at this table is taken" in result.stderr
    finally:
        server.stop()
        table.close()


@pytest.mark.slow
def test_headless_host_and_two_bot_processes_play_a_whole_game(tmp_path: Path) -> None:
    with host_process("--ruleset", TOY, "--seats", "2", "--port", "0", "--linger", "0.5",
                      "--autosave-dir", str(tmp_path), "--seed", "3") as (host, port, lines):
        kept = tmp_path / "b0.token"  # the first bot keeps its token in a file (0600)
        bots = [subprocess.Popen(starparty("bot", f"127.0.0.1:{port}", "--ruleset", TOY,
                                           "--name", f"b{i}", "--seed", str(i),
                                           *(["--token", str(kept)] if i == 0 else [])),
                                 cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True) for i in range(2)]
        outputs = [bot.communicate(timeout=60) for bot in bots]
        assert [bot.returncode for bot in bots] == [0, 0], outputs
        assert all("Game over: seat" in out for out, _ in outputs)
        assert f"its token is in {kept}" in outputs[0][0]
        assert host.wait(30) == 0
    assert any("Game over. Ranking" in line for line in lines)
    (save,) = tmp_path.glob("*.spsave")
    data = read_save(save)
    tokens = [seat["token"] for seat in data["seats"]]
    assert kept.read_text().strip() in tokens and (kept.stat().st_mode & 0o077) == 0
    printed = "".join(out + err for out, err in outputs) + "\n".join(lines)
    assert not any(token in printed for token in tokens), "a token was printed"
    assert data["status"] == "over"
    state = replay(TOY_TURNS, data["options"], data["seed"], data["moves"], data["secret"])
    assert TOY_TURNS.is_over(state)


def test_ctrl_c_saves_and_stops_cleanly(tmp_path: Path) -> None:
    with host_process("--ruleset", TOY, "--seats", "remote:A,ai", "--port", "0",
                      "--autosave-dir", str(tmp_path)) as (host, port, lines):
        client = Client("127.0.0.1", port, "A")
        assert client.wait_for(lambda m: m["t"] == "snapshot"
                               and m["table"]["status"] == "playing", 10)
        host.send_signal(signal.SIGINT)
        assert host.wait(20) == 0
        bye = client.wait_for(lambda m: m["t"] == "bye", 5)
        assert bye is not None and bye["reason"] == "shutting_down"
        client.close()
    (saved,) = [line for line in lines if line.startswith("Saved ")]
    # where it listened is said again (on loopback it came back on every LAN address)
    assert saved.endswith(".spsave --bind 127.0.0.1 --port 0") and "--password" not in saved
    (save,) = tmp_path.glob("*.spsave")
    assert read_save(save)["status"] == "playing"
    # a password-protected table's line asks for the password again (a save keeps none:
    # following the line brought the table back open to anyone, an outside client)
    with host_process("--ruleset", TOY, "--seats", "remote:A,ai", "--port", "0",
                      "--password", "sesame", "--autosave-dir", str(tmp_path / "p")) as (
            host, _port, lines):
        host.send_signal(signal.SIGINT)
        assert host.wait(20) == 0
    (saved,) = [line for line in lines if line.startswith("Saved ")]
    assert saved.endswith("--password ...") and "sesame" not in saved, saved
    # resumed without it, the table is served open, and the host is told
    (protected,) = (tmp_path / "p").glob("*.spsave")
    with host_process("--ruleset", TOY, "--port", "0", "--resume", str(protected)) as (
            host, _port, lines):
        host.send_signal(signal.SIGINT)
        assert host.wait(20) == 0
    assert any("had a password; it is served without one" in line for line in lines), lines


def test_a_save_that_cannot_be_written_still_says_goodbye(tmp_path: Path) -> None:
    """The final save's error out of an unwritable folder skipped the players' goodbye (their
    connections were just cut) and showed a traceback (an outside hostile test)."""
    import shutil

    folder = tmp_path / "saves"
    with host_process("--ruleset", TOY, "--seats", "remote:A,ai", "--port", "0",
                      "--autosave-dir", str(folder)) as (host, port, lines):
        client = Client("127.0.0.1", port, "A")
        assert client.wait_for(lambda m: m["t"] == "snapshot"
                               and m["table"]["status"] == "playing", 10)
        shutil.rmtree(folder)
        folder.write_text("not a folder any more")  # every write there fails now
        host.send_signal(signal.SIGINT)
        assert host.wait(20) == 1, lines
        bye = client.wait_for(lambda m: m["t"] == "bye", 5)
        assert bye is not None and bye["reason"] == "shutting_down"
        client.close()
    assert any(line.startswith("Could not save the game") for line in lines), lines
    assert not any("Traceback" in line for line in lines), lines


@pytest.mark.slow
def test_host_killed_mid_game_resumes_without_losing_acknowledged_moves(tmp_path: Path) -> None:
    port = free_port()
    common = ("--ruleset", TOY, "--port", str(port), "--autosave-dir", str(tmp_path))
    acknowledged: dict[int, tuple[int, dict]] = {}
    with host_process(*common, "--seats", "2", "--seed", "8", "--option", "rounds=40") as (
        host, _, _lines
    ):
        clients = [Client("127.0.0.1", port, f"p{i}", max_backoff=0.5) for i in range(2)]
        players = [BotPlayer(c, TOY_TURNS, RandomBot(seed=i), seed=i, think_delay=0.02)
                   for i, c in enumerate(clients)]
        wait_until(lambda: all(p.step() and p.connection.version >= 0 for p in players)
                   and all(c.to_move for c in clients), 10)
        # play some moves, then kill -9 the host right after a move is acknowledged
        wait_until(lambda: all(p.step() for p in players) and clients[0].version >= 7, 20)
        host.send_signal(signal.SIGKILL)
        host.wait(10)
        for client in clients:
            client.poll()
            acknowledged[client.seat] = (client.version, client.view)
    (save,) = tmp_path.glob("*.spsave")
    with host_process(*common, "--resume", str(save), "--linger", "0.5") as (host, _, lines):
        assert any("Resumed" in line for line in lines)
        for player in players:
            player.waiting_since = None
        threads = [threading.Thread(target=p.run, kwargs={"timeout": 60}) for p in players]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert all(p.result is not None for p in players)
        # both clients got their old seats back with their tokens
        assert sorted(c.seat for c in clients) == [0, 1]
        assert host.wait(30) == 0
    data = read_save(save)
    for seat, (version, view) in acknowledged.items():
        assert len(data["moves"]) >= version
        state = replay(TOY_TURNS, data["options"], data["seed"], data["moves"][:version],
                       data["secret"])
        assert TOY_TURNS.view(state, seat) == view, "an acknowledged move was lost"
    assert len(data["moves"]) == 80 and data["status"] == "over"
    for client in clients:
        client.close()


def test_bot_reports_a_version_mismatch(monkeypatch: pytest.MonkeyPatch) -> None:
    import net.server

    # a host of another version: everything it is sent looks incompatible to it
    monkeypatch.setattr(net.server, "versions_compatible", lambda protocol, app: False)
    table = toy_table([SeatSpec("remote")])
    server = ServerThread(table, host="127.0.0.1", port=0)
    server.start()
    try:
        result = run("bot", f"127.0.0.1:{server.port}")
        assert result.returncode == 2
        assert "version mismatch" in result.stderr and "same version" in result.stderr
        assert table.seats_taken() == 0
    finally:
        server.stop()
        table.close()
