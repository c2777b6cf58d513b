"""Mixed tables (issue 25 point 5), on loopback only: the host's screen seats two players with
devices of their own, a third joins over TCP, a bot takes the last seat; moves made on both
local seats reach the remote player."""

from __future__ import annotations

import pygame
import pytest

from game.client.scenes import lan
from game.client.scenes import results as results_scene
from game.client.scenes.couch import CouchLobbyScene
from game.client.scenes.lan import LobbyScene
from game.client.scenes.lan_screenshots import PicturedAdvertiser, PicturedServer
from game.client.scenes.results import ResultsScene
from game.client.session import GameConfig, HostSession, SeatChoice
from game.tables import new_table
from net.client import Client
from net.local import LocalConnection
from net.table import SeatSpec
from tests.client.clienthelpers import Driver
from tests.client.test_client_couch_lobby import focus, open_lobby_by_keys, record_open_table
from tests.client.textboxes import drawn_texts

pytestmark = pytest.mark.xdist_group("zeroconf")


def events_by_seat(messages: list[dict]) -> dict[int, set[str]]:
    seen: dict[int, set[str]] = {}
    for message in messages:
        if message.get("t") == "events":
            for event in message.get("events", []):
                if "seat" in event:
                    seen.setdefault(event["seat"], set()).add(event["type"])
    return seen


@pytest.mark.timeout(60)
def test_a_host_seats_two_local_players_beside_a_remote_one_and_a_bot(
        drive: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = record_open_table(monkeypatch, lan)
    drive.app.lan_advertise = False  # loopback only, and nothing told to the LAN
    lobby = open_lobby_by_keys(drive)
    assert isinstance(lobby, CouchLobbyScene) and lobby.game.value == "stars"
    drive.key(pygame.K_SPACE)  # the left half of the keyboard sits down
    drive.key(pygame.K_RETURN)  # and the right half
    focus(drive, lobby, lobby.count)
    drive.key(pygame.K_d)
    drive.key(pygame.K_d)
    focus(drive, lobby, lobby.lan)
    drive.key(pygame.K_d)
    assert lobby.count.value == 4 and lobby.lan.value == 1
    assert [lobby.planned(i) for i in range(4)] == ["human", "human", "open", "ai"]
    focus(drive, lobby, lobby.start)
    drive.key(pygame.K_SPACE)
    waiting = drive.scene
    assert isinstance(waiting, LobbyScene) and waiting.hosting
    session = waiting.session
    assert isinstance(session, HostSession) and session.human_seats == [0, 1]
    drive.step()
    name = drive.app.settings.player_name
    assert {f"{name}  (at this screen)", "Player 2  (at this screen)"} <= set(
        drawn_texts(drive.app)), "the waiting room names both players at this screen"
    remote = Client("127.0.0.1", session.server.port, "Bea", reconnect=False)
    seen: list[dict] = []  # everything Bea's machine receives
    drive.hooks.append(lambda: seen.extend(remote.poll()))
    try:
        drive.until(lambda: session.table.seats_taken() == 4 and remote.seat is not None,
                    what="Bea to join")
        assert remote.seat == 2
        drive.key(pygame.K_RETURN)  # nothing chosen yet: an Enter starts nothing
        assert not opened.calls
        drive.key(pygame.K_DOWN)  # Start chosen, then pressed: the bot takes seat 4
        drive.key(pygame.K_RETURN)
        drive.until(lambda: opened.calls, what="the table to open")
        config, _seed, given = opened.calls[0]
        assert given is session and config.mode == "couch"
        assert [(s.kind, s.device) for s in config.seats] == [
            ("human", "keys:left"), ("human", "keys:right"), ("open", None), ("ai", None)]
        drive.hooks.append(session.poll)  # as the kit's table would, each frame
        drive.until(lambda: {0, 1} <= set(session.views), what="both local seats' views")
        # both local seats play the first card: each skips it, then each confirms
        for move in ({"t": "skip"}, {"t": "confirm"}):
            for seat in (0, 1):
                session.send(seat, move)
            drive.until(lambda move=move: all(
                session.views[seat].get("pending") is not None if move["t"] == "skip"
                else session.views[seat]["seats"][seat]["confirmed"] for seat in (0, 1)),
                what=f"both local seats' {move['t']}")
        drive.until(lambda: {0, 1} <= {seat for seat, types in events_by_seat(seen).items()
                                        if "turn_confirmed" in types},
                    what="Bea to see both local seats confirm")
        assert not session.refusals
        assert session.table.info()["seats"][3]["kind"] == "ai"
    finally:
        remote.close()
        session.close()


def test_play_again_at_a_couch_host_restarts_the_lan_table_with_its_devices(
        drive: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """A couch host's results keep its LAN table (the remote players stay seated) and hand the
    new game's table the same seats and devices, as a host's Play again does."""
    opened = record_open_table(monkeypatch, results_scene)
    table = new_table("stars", {}, 7, [SeatSpec("human", "Ann"), SeatSpec("human", "Bea"),
                                       SeatSpec("open"), SeatSpec("ai", "Vega", "easy")],
                      ai_delay=0.0, autosave_dir=None)
    config = GameConfig("stars", [SeatChoice("human", "Ann", device="keys:left"),
                                  SeatChoice("human", "Bea", device="keys:right"),
                                  SeatChoice("open", "Player 3"),
                                  SeatChoice("ai", "Vega", "easy")], mode="couch")
    session = HostSession(table, {seat: LocalConnection.for_seat(table, seat) for seat in (0, 1)},
                          PicturedServer(""), PicturedAdvertiser(), config)
    restarted: list[int] = []
    monkeypatch.setattr(table, "restart", restarted.append)
    try:
        results = ResultsScene(drive.app, "stars", config, {}, session.names, session.kinds,
                               session=session)
        drive.app.push(results)  # (not drawn: these results have no scores)
        results.play_again()
        assert restarted == [7]  # the driver's seed: a new game at the same table
        assert opened.calls == [(config, 0, session)]
        # shown again from the menu once the table has closed, it offers no Play again (a
        # local table with the LAN's open seats would wait for nobody)
        again = drive.app.last_results.scene(drive.app)
        assert "Play again" not in [str(widget.label) for widget in again.form.widgets]
    finally:
        session.close()


@pytest.mark.timeout(120)
def test_a_party_host_lets_a_bot_play_for_a_lan_player_who_left_from_the_menu(
        drive: Driver) -> None:
    """At a party table the departures panel (its B and G keys) never showed and a pad could
    not reach it (a playtest): the gone player's board says what Start / Esc offers, and the
    menu's question lists the host's answers before Leave."""
    from game.client.departures import REPLACE_AFTER
    from game.client.scenes.dialog import ChoiceDialog
    from game.client.stars.couch import CouchStarsScene

    drive.app.lan_advertise = False
    drive.app.lan_bind, drive.app.lan_port = "127.0.0.1", 0
    lobby = open_lobby_by_keys(drive)
    drive.key(pygame.K_SPACE)  # the left half of the keyboard sits down
    focus(drive, lobby, lobby.lan)
    drive.key(pygame.K_d)
    assert [lobby.planned(i) for i in range(2)] == ["human", "open"]
    focus(drive, lobby, lobby.start)
    drive.key(pygame.K_SPACE)
    waiting = drive.scene
    session = waiting.session
    remote = Client("127.0.0.1", session.server.port, "Bea", reconnect=False)
    drive.hooks.append(remote.poll)
    try:
        drive.until(lambda: session.table.seats_taken() == 2, what="Bea to join")
        drive.key(pygame.K_DOWN)
        drive.key(pygame.K_RETURN)
        drive.until(lambda: isinstance(drive.scene, CouchStarsScene), what="the table")
        table = drive.scene
        drive.hooks.remove(remote.poll)
        remote.close()  # Bea's machine goes away
        drive.until(lambda: 1 in table.departures.away_since, what="the host to notice")
        drive.step(int(REPLACE_AFTER / 0.25) + 4, seconds=0.25)
        assert table.departures.buttons
        view = table.shared_view()
        words, _colour = table.hint(table.boards[1], view)
        assert words == "Escape: let a bot play for them", words
        drive.step(2)
        assert words in drawn_texts(drive.app), "said under Bea's board"
        drive.key(pygame.K_ESCAPE)  # the left half's menu key
        dialog = drive.scene
        assert isinstance(dialog, ChoiceDialog)
        labels = [str(button.label) for button in dialog.form.widgets]
        assert labels[0].startswith("Let a bot play for Bea") and labels[-2:] == [
            "Leave", "Keep playing"], labels
        drive.key(pygame.K_SPACE)  # the first answer, chosen
        drive.step(2)
        seat = table.session.info["seats"][1]
        assert drive.scene is table and (seat["kind"], seat["stand_in"]) == ("ai", True)
        assert table.hint(table.boards[1], table.shared_view())[0] == \
            "Escape: give them the seat back"
        drive.key(pygame.K_ESCAPE)
        drive.key(pygame.K_s)  # W/S move in the dialog for the left half
        drive.key(pygame.K_w)
        drive.key(pygame.K_SPACE)  # give the seat back
        drive.step(2)
        assert table.session.info["seats"][1]["kind"] == "remote"
        assert drive.scene is table
    finally:
        remote.close()
        session.close()
