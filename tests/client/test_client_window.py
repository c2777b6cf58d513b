"""Resizing and fullscreen never lose the game; layout follows the window size."""

from __future__ import annotations

import pygame
import pytest

from game.client.stars.table import StarsTableScene
from tests.client.clienthelpers import Driver


def start_table(drive: Driver) -> StarsTableScene:
    drive.click(drive.scene.button("Play solo").rect.center)
    drive.click(drive.scene.start.rect.center)
    table = drive.scene
    drive.until(lambda: table.view is not None)
    return table


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160), (1280, 720), (800, 600),
                                  (1024, 768)])
def test_resize_relayouts_and_keeps_the_game(drive, size) -> None:  # noqa: ANN001
    table = start_table(drive)
    drive.key(pygame.K_s)
    drive.until(lambda: table.phase() == "review")
    session, card = table.session, table.view["card"]
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    drive.step(2)
    assert drive.app.screen.get_size() == size
    assert drive.app.layout.width == size[0]
    assert drive.scene is table and table.session is session
    assert table.view["card"] == card
    assert table.phase() == "review"
    # the board scales with the window and stays inside it, clear of the side columns
    assert table.geo.rect.h > size[1] * 0.85, "the board takes the window's height"
    assert drive.app.layout.rect.contains(table.geo.rect)
    if size[0] / size[1] < 1.5:  # 4:3: the card panel and the others share one column
        assert table.stacked
        assert table.geo.rect.right < table.middle.x and table.middle.bottom < table.right.y
    else:
        assert table.geo.rect.right < table.middle.x < table.middle.right < table.right.x
    for rect, _ in table.thumb_rects:
        assert drive.app.layout.rect.contains(rect)
        assert table.thumbs_area.contains(rect) and not rect.colliderect(table.log_rect)
    assert drive.app.layout.rect.contains(table.log_rect)
    # text is rendered at the new size, not scaled, and never below the readable minimum
    body = drive.app.layout.font_px("body")
    assert body == max(12, round(21 * drive.app.layout.unit))
    assert drive.app.layout.font_px("tiny") >= 12


def test_f11_toggles_fullscreen_and_back_keeping_the_game(drive) -> None:  # noqa: ANN001
    table = start_table(drive)
    view_before = table.view
    drive.key(pygame.K_F11)
    assert pygame.display.is_fullscreen()
    assert drive.app.settings.fullscreen
    assert drive.scene is table and table.view["card"] == view_before["card"]
    assert table.geo.rect.h <= drive.app.screen.get_height()
    drive.key(pygame.K_F11)
    assert not pygame.display.is_fullscreen()
    assert drive.app.screen.get_size() == (1280, 720)
    assert not drive.app.settings.fullscreen


def test_a_refused_fullscreen_is_reported_and_changes_nothing(drive, monkeypatch) -> None:  # noqa: ANN001
    table = start_table(drive)
    real_set_mode = pygame.display.set_mode

    def refuse(size, flags=0, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        if flags & pygame.FULLSCREEN:
            raise pygame.error("That operation is not supported")
        return real_set_mode(size, flags, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", refuse)
    drive.key(pygame.K_F11)
    assert not pygame.display.is_fullscreen()
    assert drive.app.screen.get_size() == (1280, 720)
    assert any("not available" in text for text, _ in drive.app.toasts)
    assert drive.scene is table and not drive.app.settings.fullscreen


def test_settings_fullscreen_switch(drive) -> None:  # noqa: ANN001
    drive.click(drive.scene.button("Settings").rect.center)
    settings = drive.scene
    drive.click((settings.fullscreen.rect.right - 10, settings.fullscreen.rect.centery))
    assert pygame.display.is_fullscreen()
    assert settings.fullscreen.value is True
    drive.click((settings.fullscreen.rect.right - 10, settings.fullscreen.rect.centery))
    assert not pygame.display.is_fullscreen()


def test_layer_caches_stay_within_their_memory_budget() -> None:
    from game.client.stars.render import SurfaceCache

    cache = SurfaceCache(budget_bytes=3 * 100 * 100 * 4)
    for i in range(10):
        cache.put((i,), pygame.Surface((100, 100), 0, 32))
    assert len(cache) == 3 and cache.bytes <= cache.budget
    assert cache.get((9,)) is not None and cache.get((0,)) is None


def test_the_same_news_twice_shows_once(drive) -> None:  # noqa: ANN001
    """Each reconnection attempt toasted "Connection lost: reconnecting..." again, three
    stacked at the top of a guest's window (a LAN evening's playtest): the same words show
    once, for the longer time; other words still stack."""
    from game.client.i18n import N_

    drive.app.toast(N_("Connection lost: reconnecting..."), seconds=2.0)
    drive.app.toast(N_("Connection lost: reconnecting..."), seconds=3.0)
    drive.app.toast(N_("Connection lost: reconnecting..."), seconds=1.0)
    assert [str(t[0]) for t in drive.app.toasts] == ["Connection lost: reconnecting..."]
    assert drive.app.toasts[0][1] == 3.0
    drive.app.toast(N_("Connected to the table."))
    assert len(drive.app.toasts) == 2


@pytest.mark.parametrize(("rate", "cap"), [(60, 60), (144, 144), (0, 60), (30, 60),
                                           (500, 240)])
def test_the_window_draws_at_most_the_displays_refresh_rate(
        drive, monkeypatch: pytest.MonkeyPatch, rate: int, cap: int) -> None:  # noqa: ANN001
    """An idle menu drew 240 frames a second on a 60 Hz screen, 40 % of a core for nothing
    (a LAN evening's playtest): the loop's cap is the display's rate, 60 to 240."""
    from game.client.app import frame_cap

    monkeypatch.setattr(pygame.display, "get_current_refresh_rate", lambda: rate)
    assert frame_cap() == cap


def test_a_restful_screen_left_alone_is_drawn_at_fewer_frames(drive) -> None:  # noqa: ANN001
    """A 4K menu waiting for the party took half a core at 60 frames a second (the whole sky
    drawn each frame: an outside check): the title, the menu and a lobby left alone
    ``RESTING_AFTER`` seconds draw ``RESTING_FPS``; a touch wakes them, a toast keeps them
    awake, and a game table never rests (its animations run at full rate)."""
    from game.client.app import RESTING_AFTER, RESTING_FPS

    app = drive.app
    assert app.frame_limit(144) == 144, "just opened"
    drive.step(int(RESTING_AFTER * 60) + 10)
    assert app.frame_limit(144) == RESTING_FPS and app.frame_limit(24) == 24
    drive.key(pygame.K_DOWN)
    assert app.frame_limit(144) == 144, "a key wakes it"
    drive.step(int(RESTING_AFTER * 60) + 10)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    drive.step()
    assert app.frame_limit(144) == 144, "so does the mouse"
    drive.step(int(RESTING_AFTER * 60) + 10)
    app.toast("Ann's table appeared")
    assert app.frame_limit(144) == 144, "a toast is news"
    while app.toasts:
        drive.step(30)
    assert app.frame_limit(144) == RESTING_FPS
    from tests.client.test_client_solo_game import start_solo

    table = start_solo(drive)
    drive.step(int(RESTING_AFTER * 60) + 10)
    assert app.scene is table and not table.restful and app.frame_limit(144) == 144
