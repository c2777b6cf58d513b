"""The one-file build's PyInstaller command per system (the build itself runs on Linux only
here: tests/test_build_app.py). A guest double-clicks what it makes: on Windows no console, on
macOS an app bundle that opens no Terminal."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game import __version__
from tools.build_app import ROOT, program_name, pyinstaller_arguments, write_metadata


def arguments(platform: str) -> list[str]:
    return pyinstaller_arguments(Path("/dist"), Path("/work"), platform)


def test_linux_builds_one_file_not_stripped() -> None:
    args = arguments("linux")
    assert "--onefile" in args and "--windowed" not in args
    assert "--strip" not in args, "numpy's OpenBLAS does not load once stripped"
    assert program_name("linux") == "starparty"


def test_windows_builds_one_file_that_opens_no_console() -> None:
    args = arguments("win32")
    assert "--onefile" in args and args[args.index("--hide-console") + 1] == "hide-early"
    assert program_name("win32") == "starparty.exe"


def test_macos_builds_an_app_bundle_that_opens_no_terminal() -> None:
    args = arguments("darwin")
    assert "--windowed" in args and "--onedir" in args and "--onefile" not in args
    assert "--strip" not in args, "stripping would break the bundle's signatures"
    assert program_name("darwin") == "starparty.app"


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_every_system_carries_the_same_data_files(platform: str) -> None:
    def data(args: list[str]) -> list[str]:
        return [value for flag, value in zip(args, args[1:], strict=False) if flag == "--add-data"]

    assert data(arguments(platform)) == data(arguments("linux")) != []


def test_the_program_carries_the_games_entry_points_of_pyproject(tmp_path: Path) -> None:
    """Not a stale ``starparty.egg-info`` of an older install: a program without its games'
    entry points knows no game at all."""
    import tomllib
    from importlib.metadata import PathDistribution

    folder = write_metadata(tmp_path)
    assert f"{folder}:{folder.name}" in " ".join(arguments_with_work(tmp_path)).replace(
        os.pathsep, ":")
    dist = PathDistribution(folder)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    games = {p.name: p.value for p in dist.entry_points.select(group="starparty.games")}
    assert games == project["entry-points"]["starparty.games"] != {}
    assert dist.version == __version__ and dist.metadata["Name"] == "starparty"


def arguments_with_work(work: Path) -> list[str]:
    return pyinstaller_arguments(Path("/dist"), work, "linux")
