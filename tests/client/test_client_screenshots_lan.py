"""``starparty screenshots`` pictures the LAN lobby of issue 21 without any network: the join
screen's rows (open, locked, full and watchable, another version, playing; both games), the
password asked again after a wrong one, the host's waiting room of a locked table, and what
leaving says to a LAN guest. The waiting room's rows keep a Latin name and a Japanese state on
one baseline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.client import i18n
from game.client.app import App
from game.client.loop import ManualClock
from game.client.scenes import lan_screenshots
from game.client.settings import Settings
from game.client.shooter import Shooter
from tests.client.textboxes import drawn_texts


class NoNetwork(Exception):
    """A socket or a zeroconf browser was asked for."""


class ReadingShooter(Shooter):
    """Keeps what each picture shows (its texts) instead of saving it."""

    def __init__(self, app: App, clock: ManualClock, outdir: Path) -> None:
        super().__init__(app, clock, outdir)
        self.shown: dict[str, list[str]] = {}

    def save(self, name: str) -> None:
        self.shown[name] = drawn_texts(self.app)
        self.saved.append(self.outdir / name)


def refuse_the_network(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    import net.discovery
    import net.server

    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise NoNetwork

    monkeypatch.setattr(socket, "socket", refuse)
    monkeypatch.setattr(net.discovery, "Browser", refuse)
    monkeypatch.setattr(net.server, "ServerThread", refuse)


def walk(language: str, tmp_path: Path) -> ReadingShooter:
    clock = ManualClock()
    app = App((1280, 720), settings=Settings(player_name="Ann", language=language),
              clock=clock, start="menu", save_settings=False)
    shot = ReadingShooter(app, clock, tmp_path)
    try:
        lan_screenshots.shoot(shot)
    finally:
        pygame.display.quit()
        i18n.set_language("en")
    return shot


@pytest.mark.timeout(60)
def test_the_walk_pictures_the_lan_lobby_without_a_network(
        config_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    refuse_the_network(monkeypatch)
    shot = walk("en", tmp_path)
    assert list(shot.shown) == ["lan-join", "lan-password", "lan-host-lobby",
                                "lan-guest-leave"]
    join = " | ".join(shot.shown["lan-join"])
    for row in ("Vega's table  ·  Look at the Stars", "Orion's table  ·  Stargazer",
                "3 of 4 seats free", "Password needed", "Full",
                "Every seat is taken. Click to watch.",
                "Another version: the host runs Star Party 0.2.0",
                "Playing: only its players may come back."):
        assert row in join, row
    assert "Wrong table password." in shot.shown["lan-password"]
    assert "This table asks for a password." in shot.shown["lan-password"]
    lobby = " | ".join(shot.shown["lan-host-lobby"])
    assert "192.168.1.20:47077" in lobby and "password: orion" in lobby
    assert "Bea" in lobby and "Start now (2 free seats: bots)" in lobby
    leave = " ".join(shot.shown["lan-guest-leave"])
    assert "Leave this game? It goes on at the host and your seat stays yours" in leave


@pytest.mark.timeout(60)
def test_a_latin_name_and_a_japanese_state_share_the_waiting_rooms_baseline(
        config_dir: Path, tmp_path: Path) -> None:
    """Before: each text's top at the row's top, so "Bea" sat 2-3 px above "参加中"."""
    rendered: dict[int, tuple[str, int, bool]] = {}
    baselines: dict[str, int] = {}

    class Screen(pygame.Surface):
        """Notes where each text's baseline lands."""

        def blit(self, source: Any, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
            known = rendered.get(id(source))
            if known is not None:
                text, size, bold = known
                baselines[text] = int(dest[1]) + app.text.baseline(text, size, bold)
            return super().blit(source, dest, *args, **kwargs)

    class RoomShooter(Shooter):
        def save(self, name: str) -> None:
            if name == "lan-host-lobby":
                self.app.scene.draw(Screen(self.app.screen.get_size()), 0.0)

    clock = ManualClock()
    app = App((1280, 720), settings=Settings(player_name="Ann", language="ja"), clock=clock,
              start="menu", save_settings=False)
    original = app.text.render

    def render(text: str, size: int, color: Any = None, bold: bool = False) -> pygame.Surface:
        surface = original(text, size, *(() if color is None else (color,)), bold=bold)
        rendered[id(surface)] = (text, size, bold)
        return surface

    app.text.render = render
    try:
        lan_screenshots.host_waiting_room(RoomShooter(app, clock, tmp_path))
    finally:
        pygame.display.quit()
        i18n.set_language("en")
    # (Bea's row is the last to say 参加中, "here")
    assert baselines["Bea"] == baselines["参加中"], "a Latin name sits on its row's baseline"
