"""``starparty bot`` when its host stops (issue 21, point 15): it says so and exits with status 1
(at once when the host closed the table, after ``--reconnect-for`` when the host vanished),
unless ``--wait`` keeps it waiting for the host, which then takes it back from its save."""

from __future__ import annotations

import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.net.nethelpers import wait_until
from tests.net.test_net_cli import ROOT, TOY, free_port, host_process, starparty

pytestmark = pytest.mark.timeout(120)


@contextmanager
def bot_process(port: int, *args: str) -> Iterator[tuple[subprocess.Popen[str], list[str]]]:
    """A ``starparty bot`` joined to the table at ``port``; yields it and its output lines
    (stdout and stderr, kept up to date)."""
    process = subprocess.Popen(starparty("bot", f"127.0.0.1:{port}", "--ruleset", TOY, *args),
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True)
    lines: list[str] = []

    def pump() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line.rstrip())

    threading.Thread(target=pump, daemon=True).start()
    try:
        wait_until(lambda: any(line.startswith("Joined ") for line in lines)
                   or process.poll() is not None, 20)
        assert any(line.startswith("Joined ") for line in lines), lines
        yield process, lines
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)


def test_a_bot_whose_host_stops_says_so_and_exits_with_status_1(tmp_path: Path) -> None:
    with host_process("--ruleset", TOY, "--seats", "2", "--port", "0",
                      "--autosave-dir", str(tmp_path)) as (host, port, _), \
            bot_process(port) as (bot, lines):
        host.send_signal(signal.SIGINT)  # Ctrl-C on the host: the table is closed
        assert host.wait(20) == 0
        assert bot.wait(15) == 1, lines
        time.sleep(0.2)  # the last lines reach the pump
    assert any("the host closed the table" in line for line in lines), lines
    assert any("--wait" in line for line in lines), "it says how to make it wait"
    assert not any("reconnect" in line for line in lines), "it does not pretend to retry"


def test_a_bot_whose_host_vanishes_tries_to_reconnect_then_gives_up(tmp_path: Path) -> None:
    with host_process("--ruleset", TOY, "--seats", "2", "--port", "0",
                      "--autosave-dir", str(tmp_path)) as (host, port, _), \
            bot_process(port, "--reconnect-for", "1") as (bot, lines):
        host.send_signal(signal.SIGKILL)  # no goodbye: the link just drops
        host.wait(10)
        assert bot.wait(20) == 1, lines
        time.sleep(0.2)
    assert any("lost the host" in line and "trying to reconnect" in line for line in lines)
    assert any("the host went away" in line for line in lines), lines


def test_a_waiting_bot_stays_until_the_host_is_back_and_plays_on(tmp_path: Path) -> None:
    port = free_port()
    common = ("--ruleset", TOY, "--port", str(port), "--autosave-dir", str(tmp_path))
    with host_process(*common, "--seats", "2") as (host, _, _lines), \
            bot_process(port, "--wait") as (bot, lines):
        host.send_signal(signal.SIGINT)
        assert host.wait(20) == 0
        wait_until(lambda: any("waiting for it to come back" in line for line in lines), 10)
        time.sleep(2)
        assert bot.poll() is None, f"a waiting bot stays: {lines}"
        (save,) = tmp_path.glob("*.spsave")
        # the table comes back from its save; the free seat is a bot's, the waiting bot's
        # seat is still its own
        with host_process(*common, "--resume", str(save), "--start", "now",
                          "--linger", "0.5") as (again, _, host_lines):
            assert bot.wait(60) == 0, lines
            assert again.wait(30) == 0, host_lines
    assert any("back at the table" in line for line in lines), lines
    assert any(line.startswith("Game over: seat 0") for line in lines), lines
