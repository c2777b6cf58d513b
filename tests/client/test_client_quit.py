"""Quitting: Esc on the main menu asks first; SIGTERM to the window saves the game and quits
without a question (nobody is there to answer it)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.client.scenes.dialog import ConfirmDialog
from tests.client.clienthelpers import Driver

ROOT = Path(__file__).resolve().parents[2]


def test_esc_on_the_main_menu_asks_before_quitting(drive: Driver) -> None:
    menu = drive.scene
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.scene, ConfirmDialog) and drive.app.running
    drive.key(pygame.K_ESCAPE)  # Esc again means "no"
    assert drive.scene is menu and drive.app.running
    drive.key(pygame.K_ESCAPE)
    drive.key(pygame.K_y)
    assert not drive.app.running


WINDOW = """
import sys
from game.client.app import App
from game.client.kits import get_kit
from game.client.session import GameConfig, SeatChoice
from game.client.settings import Settings

app = App((800, 600), settings=Settings(player_name="Ann"), start="menu", save_settings=False)
app.ai_delay = 0.0
config = GameConfig("stars", [SeatChoice("human", "Ann"), SeatChoice("ai", "Vega", "random")])
table = get_kit("stars").open_table(app, config, 5, None)
app.push(table)
for _ in range(10):
    app.frame()
table.session.send(0, {"t": "skip"})  # Ann's first move (a game nobody played is not kept)
while table.phase() != "review":
    app.frame()
print("playing", flush=True)
sys.exit(app.run())
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.timeout(60)
def test_sigterm_saves_the_game_and_quits_without_a_question(tmp_path: Path) -> None:
    from game.client.resume import resumable_saves
    from net.save import read_save

    saves = tmp_path / "saves"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "STARPARTY_AUTOSAVE_DIR": str(saves), "STARPARTY_CONFIG_DIR": str(tmp_path)}
    window = subprocess.Popen([sys.executable, "-c", WINDOW], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert window.stdout.readline().strip() == "playing"
        time.sleep(0.3)
        window.send_signal(signal.SIGTERM)
        code = window.wait(timeout=15)
    except subprocess.TimeoutExpired:
        window.kill()
        raise AssertionError("the window did not quit on SIGTERM (a dialog waits for nobody)") \
            from None
    finally:
        if window.poll() is None:
            window.kill()
        window.communicate()
    assert code == 0
    continued = resumable_saves(saves)
    assert continued, "the game in progress was saved and can be continued"
    assert read_save(continued[0])["status"] == "playing"


#: the window, sent SIGTERM while it is still starting (as a session logging out can)
STARTING_WINDOW = """
import os, signal
import game.client.app as app_module
started = app_module.App.__init__
def start_then_signal(self, *args, **kwargs):
    os.kill(os.getpid(), signal.SIGTERM)  # before SDL or App.run handle it
    started(self, *args, **kwargs)
app_module.App.__init__ = start_then_signal
from game.commands.play import main
raise SystemExit(main([]))
"""


def test_sigterm_while_the_window_starts_still_quits_cleanly(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "STARPARTY_CONFIG_DIR": str(tmp_path), "STARPARTY_LAN_INTERFACES": "127.0.0.1"}
    window = subprocess.run([sys.executable, "-c", STARTING_WINDOW], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert window.returncode == 0, (window.returncode, window.stderr[-2000:])
    assert "Traceback" not in window.stderr
    assert (tmp_path / "settings.json").exists(), "it quit as Quit does, saving its settings"
