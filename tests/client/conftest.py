"""Headless pygame for every client test; settings and autosaves go to temp dirs, never the
user's."""

from __future__ import annotations

import os
import tempfile
import threading
import time
from collections.abc import Iterator

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


def _browsers() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name.startswith("zeroconf-ServiceBrowser")}


@pytest.fixture(autouse=True)
def no_browser_outlives_its_test() -> Iterator[None]:
    """Every LAN browser a test's window opened is closed by its end (closes run in the
    background: a moment is allowed). A leaked one keeps querying the network and moving the
    global random state (zeroconf's query jitter) under later tests. The grace is generous
    (a leaked browser never closes; a slow close on a loaded machine does)."""
    before = _browsers()
    yield
    deadline = time.monotonic() + 10.0
    while (left := _browsers() - before) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not left, f"LAN browsers left open: {sorted(t.name for t in left)}"


@pytest.fixture
def drive(config_dir, autosave_dir):  # noqa: ANN001, ANN201
    driver = Driver(start="menu")
    yield driver
    driver.close()


#: the pause as shipped, read before any test turns it off
from game.client.stargazer.table import (  # noqa: E402
    DECISION_SETTLE_SECONDS as SHIPPED_DECISION_SETTLE,
)
from game.client.stars.table import DECISION_SETTLE_SECONDS as SHIPPED_STARS_SETTLE  # noqa: E402


@pytest.fixture(autouse=True)
def results_answer_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The results' pause against keys mashed through a game's end (``SETTLE_SECONDS``) is
    off: tests press what they mean at once. ``test_client_game_end`` checks the pause."""
    from game.client.scenes import results

    monkeypatch.setattr(results, "SETTLE_SECONDS", 0.0)


@pytest.fixture(autouse=True)
def decisions_answer_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Look at the Stars' pause before a new card or power prompt takes a press
    (``DECISION_SETTLE_SECONDS``), and Stargazer's before a new decision does, are off: tests
    press what they mean at once. The tests of the pauses ask for them back (``settling``)."""
    from game.client.stargazer import table as stargazer
    from game.client.stars import table

    monkeypatch.setattr(table, "DECISION_SETTLE_SECONDS", 0.0)
    monkeypatch.setattr(stargazer, "DECISION_SETTLE_SECONDS", 0.0)


@pytest.fixture
def settling(monkeypatch: pytest.MonkeyPatch) -> float:
    """The pauses of ``decisions_answer_at_once`` as they ship; the longer one's seconds."""
    from game.client.stargazer import table as stargazer
    from game.client.stars import table

    monkeypatch.setattr(table, "DECISION_SETTLE_SECONDS", SHIPPED_STARS_SETTLE)
    monkeypatch.setattr(stargazer, "DECISION_SETTLE_SECONDS", SHIPPED_DECISION_SETTLE)
    return max(SHIPPED_STARS_SETTLE, SHIPPED_DECISION_SETTLE)
