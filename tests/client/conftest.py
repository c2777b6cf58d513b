"""Headless pygame for every client test; settings and autosaves go to temp dirs, never the
user's."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["STARPARTY_CONFIG_DIR"] = tempfile.mkdtemp(prefix="starparty-test-config-")
os.environ["STARPARTY_AUTOSAVE_DIR"] = tempfile.mkdtemp(prefix="starparty-test-autosave-")
# the window follows the system locale until a language is chosen: the suite reads English
os.environ["LANGUAGE"] = "en"

import pytest  # noqa: E402

from tests.client.clienthelpers import Driver  # noqa: E402


@pytest.fixture
def config_dir(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    monkeypatch.setenv("STARPARTY_CONFIG_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def autosave_dir(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """Each test's own autosave directory (what ``default_autosave_dir()`` answers)."""
    directory = tmp_path / "autosave"
    monkeypatch.setenv("STARPARTY_AUTOSAVE_DIR", str(directory))
    return directory


@pytest.fixture
def drive(config_dir, autosave_dir):  # noqa: ANN001, ANN201
    driver = Driver(start="menu")
    yield driver
    driver.close()
