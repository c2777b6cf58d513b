"""A player who leaves a started LAN game from the window joins it again and gets the same seat
back, also after the program restarts (the window keeps its seat token per table address).
Before: "the game has already started", shown twice."""

from __future__ import annotations

import os
import random
import stat
import time

import pygame
import pytest

from game.client.scenes.dialog import ConfirmDialog
from game.client.scenes.lan import JoinScene, LobbyScene
from game.client.scenes.menu import MainMenuScene
from game.client.settings import SeatTokens
from game.client.stars.table import StarsTableScene
from game.tables import new_table
from net.server import ServerThread
from net.table import SeatSpec
from tests.client.clienthelpers import Driver

#: zeroconf on loopback is shared by every process: the modules that advertise or browse run
#: on one pytest-xdist worker, so one's tables never show in another's lobby
pytestmark = pytest.mark.xdist_group("zeroconf")


def type_address(drive: Driver, port: int) -> JoinScene:
    """From the menu: Join LAN game, type 127.0.0.1:PORT, Enter; the join screen."""
    drive.click(drive.scene.button("Join LAN game").rect.center)
    join = drive.scene
    assert isinstance(join, JoinScene)
    drive.click(join.address.rect.center)
    drive.type_text(f"127.0.0.1:{port}")
    drive.key(pygame.K_RETURN)
    return join


def join_by_address(drive: Driver, port: int) -> LobbyScene | StarsTableScene:
    type_address(drive, port)
    lobby = drive.scene  # (a seat taken back may already show its table)
    assert isinstance(lobby, LobbyScene | StarsTableScene)
    return lobby


def leave_the_game(drive: Driver) -> None:
    drive.key(pygame.K_ESCAPE)
    dialog = drive.scene
    assert isinstance(dialog, ConfirmDialog)
    drive.click(dialog.form.widgets[1].rect.center)  # "Leave"
    drive.until(lambda: isinstance(drive.scene, MainMenuScene), what="the menu")


@pytest.mark.timeout(120)
def test_leaving_a_started_lan_game_and_joining_again_takes_the_same_seat(
        config_dir, autosave_dir) -> None:  # noqa: ANN001
    host = new_table("stars", {}, 41, [SeatSpec("ai", "Vega", "greedy"), SeatSpec("open")])
    server = ServerThread(host, host="127.0.0.1", port=0)
    port = server.start()
    drive = Driver(start="menu")
    try:
        lobby = join_by_address(drive, port)
        assert isinstance(lobby, LobbyScene)
        drive.until(lambda: lobby.session.human_seats == [1], what="the welcome")
        host.start()
        card_1 = host.view(None)["card"]  # (it stays up until seat 1 has played it)
        drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the game")
        token = host.token_for(1)
        assert SeatTokens().get(f"127.0.0.1:{port}") == token
        assert stat.S_IMODE(os.stat(config_dir / "seats.json").st_mode) == 0o600
        leave_the_game(drive)
        drive.until(lambda: not host.info()["seats"][1]["connected"], what="the seat freed")
        # back from the menu: the same seat, the same token, no "already started"
        join_by_address(drive, port)
        drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the game again")
        assert drive.scene.session.human_seats == [1]
        assert host.info()["seats"][1]["connected"] and host.token_for(1) == token
        assert not [t for t in drive.app.toasts if "already started" in str(t)]
    finally:
        drive.close()
    # the program restarts (a new window, the same config directory): it rejoins too
    drive = Driver(start="menu")
    try:
        drive.until(lambda: not host.info()["seats"][1]["connected"], what="the old window gone")
        rng = random.Random(41)  # meanwhile the seat's cards 1-3 are played (its token)
        while host.view(1)["card"]["n"] < 4:
            if 1 in host.to_move():
                moves = [m for m in host.legal_message(1)["moves"] if m["t"] != "undo"]
                assert host.submit(1, token, host.version, rng.choice(moves)) is None
            time.sleep(0.01)
        join_by_address(drive, port)
        drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the game again")
        table = drive.scene
        assert table.session.human_seats == [1] and host.token_for(1) == token
        drive.step(3)
        # the fresh window's log tells the game so far, as the host's table told it (it was
        # empty but for the card on the table: an outside playtest)
        log = [str(text) for text, _colour in table.log]
        # card 1 is named by what the bot drew on it (no event names it)
        kind = "a line card" if card_1["kind"] == "line" else "a shooting star"
        assert log[0] == f"Card 1: {kind}", log
        for n in (2, 3, 4):
            assert any(line.startswith(f"Card {n}:") for line in log), (n, log)
        assert table.events_seen.count("card_flipped") == 3, "each card told once"
        drive.key(pygame.K_ESCAPE)
    finally:
        drive.close()
        server.stop()
        host.close()


@pytest.mark.timeout(60)
def test_a_kept_token_the_host_no_longer_knows_joins_as_a_newcomer(
        config_dir, autosave_dir) -> None:  # noqa: ANN001
    host = new_table("stars", {}, 42, [SeatSpec("open"), SeatSpec("ai", "Vega", "greedy")])
    server = ServerThread(host, host="127.0.0.1", port=0)
    port = server.start()
    SeatTokens().put(f"127.0.0.1:{port}", "A" * 32, "an-older-table")
    drive = Driver(start="menu")
    try:
        lobby = join_by_address(drive, port)
        assert isinstance(lobby, LobbyScene)
        drive.until(lambda: host.seats_taken() == 2, what="the join")
        drive.until(lambda: lobby.session.human_seats == [0], what="the welcome")
        assert drive.scene is lobby and not drive.app.toasts
        drive.until(lambda: SeatTokens().get(f"127.0.0.1:{port}") == host.token_for(0),
                    what="the new token kept")
    finally:
        drive.close()
        server.stop()
        host.close()


@pytest.mark.timeout(60)
def test_a_refused_join_says_why_once(config_dir, autosave_dir) -> None:  # noqa: ANN001
    host = new_table("stars", {}, 43, [SeatSpec("open"), SeatSpec("ai", "Vega", "greedy")])
    host.start()
    server = ServerThread(host, host="127.0.0.1", port=0)
    port = server.start()
    drive = Driver(start="menu")
    try:
        join = type_address(drive, port)
        # the lobby shows until the refusal comes back (which may be in the same frame)
        drive.until(lambda: drive.scene is join, what="the refusal")
        assert isinstance(join, JoinScene) and "started" in str(join.address_note)
        assert not [t for t in drive.app.toasts if "started" in str(t)], "said once, in place"
    finally:
        drive.close()
        server.stop()
        host.close()


@pytest.mark.timeout(120)
def test_a_seat_taken_back_never_joins_the_next_table_at_that_address(
        config_dir, autosave_dir) -> None:  # noqa: ANN001
    """A guest who had taken their seat back with its kept token, left at a table the host
    then closed, was seated at the host's next table by the reconnect (its token unknown
    there, the window joined "as a newcomer", the way a first click on a table does: a LAN
    evening's playtest). Once seated, an unknown token means the table is gone."""
    host = new_table("stars", {}, 43, [SeatSpec("ai", "Vega", "greedy"), SeatSpec("open")])
    server = ServerThread(host, host="127.0.0.1", port=0)
    port = server.start()
    drive = Driver(start="menu")
    following = None
    try:
        lobby = join_by_address(drive, port)
        drive.until(lambda: lobby.session.human_seats == [1], what="the welcome")
        host.start()
        drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the game")
        leave_the_game(drive)
        drive.until(lambda: not host.info()["seats"][1]["connected"], what="the seat freed")
        join_by_address(drive, port)  # with the kept token: the seat taken back
        drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the game again")
        session = drive.scene.session
        server.stop()  # the host closes this table...
        host.close()
        following = new_table("stars", {}, 44, [SeatSpec("ai", "Vega", "greedy"),
                                                SeatSpec("open")])
        server = ServerThread(following, host="127.0.0.1", port=port)  # ...and hosts another
        server.start()
        drive.until(lambda: session.connection == "failed" or following.seats_taken() > 1,
                    timeout=60, what="the reconnect's answer")
        drive.step(30)
        assert following.seats_taken() == 1, "the guest was seated at a table never joined"
    finally:
        drive.close()
        server.stop()
        host.close()
        if following is not None:
            following.close()
