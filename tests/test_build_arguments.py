"""The one-file build's PyInstaller command per system (the build itself runs on Linux only
here: tests/test_build_app.py). A guest double-clicks what it makes: on Windows no console, on
macOS an app bundle that opens no Terminal."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.build_app import program_name, pyinstaller_arguments


def arguments(platform: str) -> list[str]:
    return pyinstaller_arguments(Path("/dist"), Path("/work"), platform)


def test_linux_builds_one_stripped_file() -> None:
    args = arguments("linux")
    assert "--onefile" in args and "--strip" in args and "--windowed" not in args
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
