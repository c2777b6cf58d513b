"""Headless pygame for every client test; settings go to a temp dir, never the user's."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["STARPARTY_CONFIG_DIR"] = tempfile.mkdtemp(prefix="starparty-test-config-")

import pytest  # noqa: E402

from tests.client.clienthelpers import Driver  # noqa: E402


@pytest.fixture
def config_dir(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    monkeypatch.setenv("STARPARTY_CONFIG_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def drive(config_dir):  # noqa: ANN001, ANN201
    driver = Driver(start="menu")
    yield driver
    driver.close()
