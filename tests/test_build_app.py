"""The one-file program (issue 22): ``tools/build_app.py`` builds ``dist/starparty`` once per run
of this module, and the file is used as a guest with no Python would use it: copied alone to an
empty folder, with a fresh HOME and XDG folders, no PYTHONPATH, run from that folder. It prints
its version, plays a demo of each game, renders the screenshots in English and in Japanese (the
Japanese glyphs drawn from the bundled font, pixel for pixel as the source tree draws them), hosts
a headless table that a ``bot`` from the same file joins and plays to the end, and opens the
window under SDL's dummy driver, both for a few frames and until a SIGTERM, using the sounds
it carries instead of making them again.

The build takes one to three minutes, so it runs once (a module fixture) and the module is
marked slow; ``-m 'not slow'`` leaves it out locally. Linux and macOS only (the tests send
POSIX signals and run a file without an extension).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from game import __version__
from tests.games import PROJECT_GAMES
from tools.build_app import package_data_files

ROOT = Path(__file__).resolve().parent.parent
#: one worker builds once for the whole module (pytest-xdist --dist loadgroup)
pytestmark = [pytest.mark.slow, pytest.mark.timeout(900), pytest.mark.xdist_group("build_app"),
              pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals, no .exe")]

#: renders the title and menu from the source tree, as ``starparty screenshots`` does, then stops
SOURCE_SHOTS = """
import sys
from pathlib import Path

from game.client import shooter
from game.commands import screenshots


class Enough(Exception):
    pass


class FirstShots(shooter.Shooter):
    def save(self, name):
        super().save(name)
        if name == "menu":
            raise Enough


shooter.Shooter = FirstShots
try:
    screenshots.run((1280, 720), Path(sys.argv[1]), sys.argv[2])
except Enough:
    pass
"""


@dataclass
class Guest:
    """The program copied alone into an empty folder, and the environment of a fresh account."""

    program: Path
    folder: Path
    env: dict[str, str]

    def run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(self.program), *args], cwd=self.folder, env=self.env,
                              capture_output=True, text=True, timeout=timeout)

    def start(self, *args: str) -> subprocess.Popen[str]:
        return subprocess.Popen([str(self.program), *args], cwd=self.folder, env=self.env,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    @property
    def home(self) -> Path:
        return Path(self.env["HOME"])


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``python tools/build_app.py`` into a temporary dist folder (the checkout's is left be)."""
    where = tmp_path_factory.mktemp("build")
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_app.py"),
         "--dist", str(where / "dist"), "--work", str(where / "work")],
        cwd=ROOT, capture_output=True, text=True, timeout=840)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    program = where / "dist" / "starparty"
    assert program.is_file() and os.access(program, os.X_OK), result.stdout[-2000:]
    # (PyInstaller's cache of processed libraries is used only to strip or compress them, which
    # the build does not since session 61; where it is used, it is the build's own:
    # PYINSTALLER_CONFIG_DIR in the work folder, so another build cannot half-write its index)
    print(f"built {program} ({program.stat().st_size / 2**20:.1f} MiB) in "
          f"{time.perf_counter() - started:.0f} s")
    return program


@pytest.fixture(scope="module")
def guest(built: Path, tmp_path_factory: pytest.TempPathFactory) -> Guest:
    folder = tmp_path_factory.mktemp("guest")
    program = folder / built.name
    shutil.copy2(built, program)
    home = tmp_path_factory.mktemp("guest-home")
    (home / "tmp").mkdir()
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8",
           "XDG_CONFIG_HOME": str(home / ".config"), "XDG_CACHE_HOME": str(home / ".cache"),
           "XDG_DATA_HOME": str(home / ".local/share"),
           "XDG_STATE_HOME": str(home / ".local/state"), "TMPDIR": str(home / "tmp"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    assert sorted(p.name for p in folder.iterdir()) == ["starparty"]
    return Guest(program, folder, env)


def test_the_program_says_its_version(guest: Guest) -> None:
    result = guest.run("--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"starparty {__version__}"


@pytest.mark.parametrize("game", PROJECT_GAMES)
def test_the_program_plays_a_demo_of_each_game(guest: Guest, game: str) -> None:
    result = guest.run("demo", "--game", game, "--quiet", "--seed", "4")
    assert result.returncode == 0, result.stderr
    title, header, _, *rows = result.stdout.strip().splitlines()
    assert title.endswith("seed 4") and header.split()[:2] == ["seat", "rank"]
    assert header.split()[-1] == "total"
    assert len(rows) >= 2 and all(row.split()[-1].lstrip("-").isdigit() for row in rows)


def test_the_programs_hard_bot_plays_its_batched_playouts(guest: Guest) -> None:
    """Look at the Stars' hard bot plays its playouts with numpy: stripped by PyInstaller,
    numpy's bundled OpenBLAS failed to load ("ELF load command address/offset not
    page-aligned") and the program's hard bot could not be built."""
    result = guest.run("demo", "--game", "stars", "--players", "1", "--bot", "hard", "--quiet",
                       "--seed", "4", timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "1 hard bot" in result.stdout, result.stdout


def pixels(path: Path) -> bytes:
    import pygame

    return pygame.image.tobytes(pygame.image.load(str(path)), "RGB")


def test_the_program_renders_the_screenshots_in_english_and_japanese(
        guest: Guest, tmp_path: Path) -> None:
    shots = {language: guest.folder / f"shots-{language}" for language in ("en", "ja")}
    # both at once: they are independent processes, and CI has two cores
    runs = {language: guest.start("screenshots", str(folder), "--lang", language)
            for language, folder in shots.items()}
    for language, process in runs.items():
        output = process.communicate(timeout=300)[0]
        assert process.returncode == 0, f"{language}: {output[-3000:]}"
    names = sorted(p.name for p in shots["en"].glob("*.png"))
    assert {"title.png", "menu.png", "settings.png", "stargazer-table.png"} <= set(names)
    assert sorted(p.name for p in shots["ja"].glob("*.png")) == names
    assert pixels(shots["ja"] / "menu.png") != pixels(shots["en"] / "menu.png")
    # the same menu drawn by the source tree: every Japanese glyph of the program's picture
    # comes from the bundled font (a missing font or catalog would change the picture)
    source = tmp_path / "source-ja"
    subprocess.run([sys.executable, "-c", SOURCE_SHOTS, str(source), "ja"], cwd=ROOT,
                   env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
                   check=True, capture_output=True, timeout=120)
    for name in ("title.png", "menu.png"):
        assert pixels(shots["ja"] / name) == pixels(source / name), name


def test_a_bot_from_the_program_plays_a_table_it_hosts_to_the_end(guest: Guest) -> None:
    host = guest.start("host", "--headless", "--game", "stargazer", "--seats", "open,ai,ai",
                       "--bind", "127.0.0.1", "--port", "0", "--no-discovery", "--no-autosave",
                       "--seed", "5", "--linger", "1")
    lines: list[str] = []

    def pump() -> None:
        assert host.stdout is not None
        lines.extend(line.rstrip() for line in host.stdout)

    reader = threading.Thread(target=pump, daemon=True)
    reader.start()
    try:
        port = None
        deadline = time.monotonic() + 60
        while port is None and host.poll() is None and time.monotonic() < deadline:
            port = next((m.group(1) for line in list(lines)
                         if (m := re.search(r"listening on 127\.0\.0\.1:(\d+)", line))), None)
            time.sleep(0.05)
        assert port is not None, f"the host did not start: {lines}"
        bot = guest.run("bot", f"127.0.0.1:{port}", "--name", "Guest", "--seed", "2",
                        timeout=240)
        assert bot.returncode == 0, bot.stdout + bot.stderr
        assert "Joined 'Star Party' (stargazer) as seat 0" in bot.stdout
        assert re.search(r"Game over: seat 0 finished #[1-3] with \d+", bot.stdout), bot.stdout
        assert host.wait(60) == 0
        reader.join(10)
        assert any(line.startswith("Game over. Ranking:") for line in lines), lines
    finally:
        if host.poll() is None:
            host.kill()
        host.wait(10)


def test_the_program_opens_the_window_for_a_few_frames(guest: Guest) -> None:
    result = guest.run("play", "--frames", "30")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    # the window's settings were saved in the fresh account's config folder (platformdirs)
    assert (guest.home / ".config" / "starparty" / "settings.json").is_file()


def test_the_window_runs_until_sigterm_with_the_sounds_it_carries(guest: Guest) -> None:
    window = guest.start()  # plain ``starparty``: the window, as a double-click opens it
    try:
        time.sleep(3)
        assert window.poll() is None, window.communicate()[0]
        window.send_signal(signal.SIGTERM)
        output = window.communicate(timeout=30)[0]
    finally:
        if window.poll() is None:
            window.kill()
            window.communicate()
    assert window.returncode == 0, output
    assert "Traceback" not in output
    # the bundled sounds were found: none were made again in the user cache
    assert not (guest.home / ".cache" / "starparty" / "sounds").exists()
    # the program unpacked itself into TMPDIR and cleaned up after itself
    assert list((guest.home / "tmp").iterdir()) == []


def test_the_program_carries_every_package_data_file() -> None:
    """The build lists its data from the wheel's own package-data globs (and the sounds)."""
    bundled = {(path.relative_to(ROOT).as_posix(), folder)
               for path, folder in package_data_files()}
    for needed in ("game/client/fonts/NotoSansJP-subset.otf",
                   "game/client/locale/ja/LC_MESSAGES/starparty.mo",
                   "game/client/locale/ja/rules/stars.json",
                   "game/client/locale/ja/rules/stargazer.json",
                   "assets/sounds/click.wav"):
        assert (needed, needed.rpartition("/")[0]) in bundled, needed
