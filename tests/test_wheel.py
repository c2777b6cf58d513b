"""The release for Python users (issue 22): ``python -m build`` makes the sdist and, from it, the
wheel; the wheel installed into a fresh venv outside the checkout plays, so a data file that the
package data forgets (a font, a catalog, a rules text) fails here instead of on a player's
machine. Built once per run of this module (a module fixture), marked slow.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from game import __version__
from tests.games import PROJECT_GAMES

ROOT = Path(__file__).resolve().parent.parent
#: one worker builds once for the whole module (pytest-xdist --dist loadgroup)
pytestmark = [pytest.mark.slow, pytest.mark.timeout(600), pytest.mark.xdist_group("wheel")]
BIN = "Scripts" if sys.platform == "win32" else "bin"


def tracked_files(*folders: str) -> list[str]:
    """The files of ``folders`` that belong to the project (git's list; without git, every file
    but caches)."""
    try:
        listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", *folders],
                                capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        skipped = {"__pycache__", ".git", ".venv", "build", "dist"}
        listed = [p.relative_to(ROOT).as_posix() for folder in folders or (".",)
                  for p in (ROOT / folder).rglob("*")
                  if p.is_file() and not skipped & set(p.relative_to(ROOT).parts)
                  and not any(part.endswith(".egg-info") for part in p.parts)]
    return sorted(listed)


def clean_copy(into: Path) -> Path:
    """The project's files (as in the working tree) without what an install leaves in the
    checkout: setuptools keeps every file an old ``*.egg-info/SOURCES.txt`` lists, so a build
    in the checkout would still ship a file that the package data no longer names."""
    for name in tracked_files():
        source = ROOT / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    return into


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``python -m build`` of a clean copy into a temporary folder: {"sdist", "wheel"}."""
    if importlib.util.find_spec("build") is None:
        pytest.fail("the 'build' package is missing: pip install -e '.[test]' again (the test "
                    "extra includes the build extra since issue 22)")
    out = tmp_path_factory.mktemp("dist")
    source = clean_copy(tmp_path_factory.mktemp("source"))
    result = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(source)],
                            cwd=source, capture_output=True, text=True, timeout=500)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    found = {"sdist": sorted(out.glob("starparty-*.tar.gz")),
             "wheel": sorted(out.glob("starparty-*-py3-none-any.whl"))}
    assert all(len(paths) == 1 for paths in found.values()), sorted(out.iterdir())
    return {kind: paths[0] for kind, paths in found.items()}


@pytest.fixture(scope="module")
def installed(dists: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv outside the checkout with only the wheel (and its dependencies) in it."""
    venv = tmp_path_factory.mktemp("wheel-venv")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    result = subprocess.run([str(venv / BIN / "python"), "-m", "pip", "install", "--quiet",
                             str(dists["wheel"])], cwd=venv, capture_output=True, text=True,
                            timeout=400)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return venv


def guest_env(home: Path) -> dict[str, str]:
    """A guest's environment: a fresh home, and nothing of this checkout or of the suite's own
    folders (``STARPARTY_*``: the client tests' shared config and autosave folders)."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")
           and not key.startswith("STARPARTY_")}
    return {**env, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_CACHE_HOME": str(home / ".cache"), "XDG_DATA_HOME": str(home / ".local/share"),
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def test_both_archives_carry_the_version_of_game_init(dists: dict[str, Path]) -> None:
    assert dists["wheel"].name.startswith(f"starparty-{__version__}-")
    assert dists["sdist"].name == f"starparty-{__version__}.tar.gz"
    with zipfile.ZipFile(dists["wheel"]) as wheel:
        metadata = wheel.read(f"starparty-{__version__}.dist-info/METADATA").decode()
    assert f"\nVersion: {__version__}\n" in metadata
    assert "Requires-Dist: pygame-ce" in metadata
    assert "pyinstaller" not in metadata.split("Provides-Extra: build")[0].lower(), \
        "PyInstaller is only in the build extra, never a player's dependency"


def test_the_wheel_and_the_sdist_carry_every_file_of_the_packages(
        dists: dict[str, Path]) -> None:
    """Every file of ``game/`` and ``net/`` in git, fonts, catalogs and rules texts included."""
    wanted = tracked_files("game", "net")
    assert "game/client/locale/ja/LC_MESSAGES/starparty.mo" in wanted
    with zipfile.ZipFile(dists["wheel"]) as wheel:
        in_wheel = set(wheel.namelist())
    with tarfile.open(dists["sdist"]) as sdist:
        prefix = f"starparty-{__version__}/"
        in_sdist = {name.removeprefix(prefix) for name in sdist.getnames()}
    assert [name for name in wanted if name not in in_wheel] == []
    assert [name for name in wanted if name not in in_sdist] == []


def test_the_installed_wheel_says_its_version_and_plays_both_demos(
        installed: Path, tmp_path: Path) -> None:
    starparty = str(installed / BIN / "starparty")
    env = guest_env(tmp_path / "home")
    version = subprocess.run([starparty, "--version"], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=60)
    assert version.stdout.strip() == f"starparty {__version__}", version.stderr
    for game in PROJECT_GAMES:
        demo = subprocess.run([starparty, "demo", "--game", game, "--quiet"], cwd=tmp_path,
                              env=env, capture_output=True, text=True, timeout=120)
        assert demo.returncode == 0, demo.stderr
        assert demo.stdout.splitlines()[1].split()[-1] == "total", demo.stdout


CHECK_DATA = """
import sys
from pathlib import Path

import game
from game.client import i18n, layout

assert "site-packages" in game.__file__, game.__file__  # the wheel, not this checkout
assert layout.FALLBACK_FONT.is_file(), layout.FALLBACK_FONT
i18n.set_language("ja")
assert i18n._("Settings") != "Settings", "the Japanese catalog (.mo) is missing"
assert i18n.rules_page("stars", []) != [], "the Japanese rules text is missing"
print("ok")
"""


def test_the_installed_wheel_opens_the_window_in_japanese(
        installed: Path, tmp_path: Path) -> None:
    env = {**guest_env(tmp_path / "home"), "LANG": "ja_JP.UTF-8", "LC_ALL": "",
           "LANGUAGE": ""}
    window = subprocess.run([str(installed / BIN / "starparty"), "play", "--frames", "10"],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert window.returncode == 0, window.stderr
    check = subprocess.run([str(installed / BIN / "python"), "-c", CHECK_DATA], cwd=tmp_path,
                           env=env, capture_output=True, text=True, timeout=60)
    assert check.stdout.strip().splitlines()[-1:] == ["ok"], check.stdout + check.stderr
