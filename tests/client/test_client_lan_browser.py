"""The LAN browser of the join screen and the menu opens on a thread: every browser opened is
closed, even one whose owner closed it before zeroconf had started, and a machine without
discovery says so on the join screen (typing an address still works). Fake browsers: the
point is the lifecycle, not mDNS."""

from __future__ import annotations

import threading
import time

import pytest

import net.discovery
from game.client.lan_browser import BackgroundBrowser
from game.client.scenes.lan import JoinScene
from tests.client.clienthelpers import Driver
from tests.client.textboxes import drawn_texts


class GatedBrowser:
    """A browser whose start-up waits for ``gate`` (zeroconf can take a while)."""

    gate = threading.Event()
    made: list[GatedBrowser] = []

    def __init__(self, **_kwargs: object) -> None:
        GatedBrowser.gate.wait(10)
        self.closed = 0
        GatedBrowser.made.append(self)

    def poll(self) -> list:
        return []

    def tables(self) -> list:
        return []

    def close(self) -> None:
        self.closed += 1


@pytest.fixture
def gated(monkeypatch: pytest.MonkeyPatch) -> type[GatedBrowser]:
    GatedBrowser.gate = threading.Event()
    GatedBrowser.made = []
    monkeypatch.setattr(net.discovery, "Browser", GatedBrowser)
    return GatedBrowser


def wait_for(condition, what: str) -> None:  # noqa: ANN001
    for _ in range(1000):
        if condition():
            return
        time.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_browser_closed_before_it_opened_is_closed_once_it_opens(gated) -> None:  # noqa: ANN001
    browser = BackgroundBrowser(["127.0.0.1"])
    assert browser.poll() == [] and browser.tables() == []  # at once, nothing found yet
    browser.close()
    gated.gate.set()
    wait_for(lambda: gated.made and gated.made[0].closed, "the late browser closed")
    browser.close()  # twice: still one close
    assert [b.closed for b in gated.made] == [1]


def test_the_join_screen_left_while_its_browser_starts_leaves_none_open(
        drive: Driver, gated) -> None:  # noqa: ANN001
    join = JoinScene(drive.app)
    drive.app.push(join)
    drive.step(2)
    drive.app.pop()  # back to the menu before zeroconf answered
    gated.gate.set()
    wait_for(lambda: gated.made and gated.made[0].closed, "the join screen's browser closed")
    drive.step(5)
    assert len(gated.made) == 1, "no second browser once the screen is gone"


def test_the_join_screen_browses_again_when_it_shows_again(drive: Driver, gated) -> None:  # noqa: ANN001
    gated.gate.set()
    join = JoinScene(drive.app)
    drive.app.push(join)
    wait_for(lambda: len(gated.made) == 1, "the first browser")
    drive.app.push(JoinScene(drive.app, browse=False))  # covered (as by a lobby)
    drive.step(2)
    wait_for(lambda: gated.made[0].closed == 1, "closed while covered")
    drive.app.pop()
    drive.step(2)
    wait_for(lambda: len(gated.made) == 2, "browsing again")
    drive.app.pop()
    wait_for(lambda: gated.made[1].closed == 1, "closed when left")


def test_without_discovery_the_join_screen_says_why(drive: Driver, monkeypatch) -> None:  # noqa: ANN001
    class NoNetwork:
        def __init__(self, **_kwargs: object) -> None:
            raise OSError("no network here")

    monkeypatch.setattr(net.discovery, "Browser", NoNetwork)
    join = JoinScene(drive.app)
    drive.app.push(join)
    drive.until(lambda: join.browse_error, what="the reason")
    drive.step()
    assert "LAN discovery is unavailable (no network here)" in " ".join(drawn_texts(drive.app))
