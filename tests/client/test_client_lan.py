"""LAN play from the window, on loopback only: host and let a TCP player join; join a table
by address; find an advertised table in the lobby."""

from __future__ import annotations

import random
import time
from typing import Any

import pygame
import pytest

from game.client.record import GameRecord
from game.client.scenes.dialog import ConfirmDialog
from game.client.scenes.lan import JoinScene, LobbyScene
from game.client.scenes.results import ResultsScene
from game.client.stars.table import StarsTableScene
from game.tables import new_table
from net.client import Client
from net.server import ServerThread
from net.table import SeatSpec
from tests.client.stars_play import play_turn
from tests.client.textboxes import drawn_texts, text_problems

#: zeroconf on loopback is shared by every process: the modules that advertise or browse run
#: on one pytest-xdist worker, so one's tables never show in another's lobby
pytestmark = pytest.mark.xdist_group("zeroconf")

LOOPBACK = ["127.0.0.1"]


class SkippingPlayer:
    """A remote human (over TCP) who skips every card: enough to move the game along."""

    def __init__(self, port: int, name: str, token: str | None = None) -> None:
        self.client = Client("127.0.0.1", port, name, token=token, reconnect=False)
        self.answered = -1

    def __call__(self) -> None:
        client = self.client
        client.poll()
        view, seat = client.view, client.seat
        if not view or seat is None or view.get("over") or seat not in client.to_move:
            return
        if view["seats"][seat]["confirmed"] or client.version == self.answered:
            return
        self.answered = client.version  # one answer per state it has seen
        client.send_move({"t": "confirm"} if view.get("pending") else {"t": "skip"})


def play_to_results(drive, table: StarsTableScene, rng: random.Random) -> None:  # noqa: ANN001
    while not isinstance(drive.scene, ResultsScene):
        if table.view["over"]:
            drive.until(lambda: isinstance(drive.scene, ResultsScene), what="results")
            break
        if table.phase() != "play":
            drive.step()
            continue
        n = table.view["card"]["n"]
        drive.step(20)
        play_turn(drive, table, rng, skip_chance=0.2)
        drive.until(lambda n=n: table.view["card"]["n"] > n or table.view["over"],
                    what=f"card {n + 1}")


@pytest.mark.timeout(120)
def test_host_from_the_window_and_a_tcp_player_joins(drive) -> None:  # noqa: ANN001
    drive.click(drive.scene.button("Host LAN game").rect.center)
    setup = drive.scene
    assert setup.mode == "host" and setup.seats[1].value == "open"
    drive.click(setup.start.rect.center)
    lobby = drive.scene
    assert isinstance(lobby, LobbyScene) and lobby.hosting
    port = lobby.session.server.port
    player = SkippingPlayer(port, "Bea")
    drive.hooks.append(player)
    drive.until(lambda: lobby.session.table.seats_taken() == 2, what="Bea to join")
    # the lobby hears of her with the table's next info (a few frames; more on a busy machine)
    drive.until(lambda: [s["name"] for s in lobby.session.info["seats"]] == [
        drive.app.settings.player_name, "Bea"], what="Bea's name in the lobby")
    # a TV watching is counted in the host's waiting room (it was not said anywhere)
    assert not any("watching" in t for t in drawn_texts(drive.app))
    tv = Client("127.0.0.1", port, "TV", role="spectator")
    try:
        drive.until(lambda: any("1 watching" in t for t in drawn_texts(drive.app)),
                    what="the TV counted")
    finally:
        tv.close()
    drive.until(lambda: not any("watching" in t for t in drawn_texts(drive.app)),
                what="the TV gone")
    drive.click(lobby.start_button.rect.center)
    drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the game to start")
    table = drive.scene
    assert table.session.kinds == ["human", "open"] or table.session.names[1] == "Bea"
    play_to_results(drive, table, random.Random(5))
    results = drive.scene
    assert results.names == [drive.app.settings.player_name, "Bea"]
    assert results.scores == table.session.table.ruleset.score(table.session.table.state)
    # the way back closes the table under Bea: asked first (one Esc meant for the scoring's
    # end closed it and left the guests' Play again dead: a LAN evening's playtest)
    drive.step(40)  # (past the results' first moments)
    drive.key(pygame.K_ESCAPE)
    question = drive.scene
    assert isinstance(question, ConfirmDialog) and "Bea" in question.question
    drive.click(question.form.widgets[0].rect.center)  # "Stay"
    assert drive.scene is results and table.session.table.status != "closed"
    # play again: the same table and seats, a new game; Bea (still connected) gets it too
    finished_version = player.client.version
    play_again = results.form.widgets[0]
    assert play_again.enabled, "the host may play again"
    drive.click(play_again.rect.center)
    again = drive.scene
    assert isinstance(again, StarsTableScene) and again is not table
    assert again.session is table.session and table.session.table.status == "playing"
    drive.until(lambda: player.client.version < finished_version, what="Bea's new snapshot")
    assert player.client.table["id"] == table.session.table.table_id
    assert player.client.table["status"] == "playing" and not player.client.view["over"]
    drive.until(lambda: again.view is not None and again.phase() == "play", what="card 1")
    drive.step(20)
    play_turn(drive, again, random.Random(1), skip_chance=0.0)
    drive.until(lambda: again.view["card"]["n"] > 1, what="Bea answering in the new game")
    player.client.close()
    drive.key(pygame.K_ESCAPE)


@pytest.mark.timeout(120)
def test_join_a_table_by_address_and_play_it_to_the_end(drive) -> None:  # noqa: ANN001
    table_host = new_table("stars", {}, 99, [SeatSpec("open", "Seat 1"),
                                         SeatSpec("ai", "Vega", "greedy")])
    server = ServerThread(table_host, host="127.0.0.1", port=0)
    port = server.start()
    try:
        drive.click(drive.scene.button("Join LAN game").rect.center)
        join = drive.scene
        assert isinstance(join, JoinScene)
        drive.click(join.address.rect.center)
        drive.type_text(f"127.0.0.1:{port}")
        drive.key(pygame.K_RETURN)
        lobby = drive.scene
        assert isinstance(lobby, LobbyScene) and not lobby.hosting
        drive.until(lambda: table_host.seats_taken() == 2, what="the join")
        drive.until(lambda: lobby.session.human_seats == [0], what="the welcome")
        drive.key(pygame.K_RETURN)  # an Enter meant for something else: Leave is not chosen
        assert drive.scene is lobby and not lobby.session.closed
        table_host.start()
        drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the game")
        table = drive.scene
        assert table.session.names == [drive.app.settings.player_name, "Vega"]
        play_to_results(drive, table, random.Random(8))
        results = drive.scene
        assert results.scores == table_host.ruleset.score(table_host.state)
        assert not results.form.widgets[0].enabled, "the host decides about another round"
        drive.step(30)
        assert drive.scene is results, "still connected, waiting for the host"
        # an Enter to get past the scores leaves nothing: no button has the focus (it was
        # "Back to menu", and a guest missed the host's Play again: an outside playtest)
        drive.key(pygame.K_RETURN)
        drive.step(2)
        assert drive.scene is results
        name = drive.app.settings.player_name
        assert f"{name} (you)" in drawn_texts(drive.app), "the guest's own row"
        assert results.footer() == "Left/Right, then Enter: choose  ·  Esc: back to the menu"
        # the host sent the game's record with the results: the guest has what the host has
        assert results.record is not None and results.record.moves == table_host.moves
        assert results.record.kinds == ["human", "ai"], "the guest's own seat is reviewed"
        labels = [w.label for w in results.form.widgets]
        for wanted in ("Statistics", "Watch replay", "Review"):
            assert wanted in labels, labels
        assert isinstance(drive.app.last_results.record, GameRecord)
        # the menu's Last results marks the guest's row too (it dropped "(you)")
        again_shown = drive.app.last_results.scene(drive.app)
        assert again_shown.mine == 0
        assert "Review" in [w.label for w in again_shown.form.widgets]
        # the statistics of a guest who asked for hints (a row more): the guest's note under
        # the buttons stays clear of the keys' footer (they overlapped: an outside playtest)
        results.statistics.append(("Hints asked", [0, 10]))
        results.toggle_statistics()
        drive.step(2)
        lay = drive.app.layout
        line = results.text.font(lay.font_px("small")).get_linesize()
        note_bottom = results.form.widgets[0].rect.bottom + lay.px(14) + line
        assert note_bottom <= lay.height - lay.px(14) - line, "the note above the footer"
        assert not text_problems(drive.app), text_problems(drive.app)
        results.statistics.pop()
        results.toggle_statistics()
        table_host.restart(21)  # the host plays again: this window follows into the new game
        drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the new game")
        again = drive.scene
        assert again is not table and again.session is table.session
        drive.until(lambda: again.view is not None and again.view["card"]["n"] == 1
                    and not again.view["over"], what="the new game's first card")
        fresh = table_host.view(0)  # (the bot may already have played on it)
        assert again.view["card"] == fresh["card"]
        assert again.view["seats"][0] == fresh["seats"][0]
        assert not again.view["seats"][0]["sheet"]["lines"], "a fresh board"
        drive.key(pygame.K_ESCAPE)
    finally:
        server.stop()
        table_host.close()


def test_a_bad_address_is_refused_in_words(drive) -> None:  # noqa: ANN001
    drive.click(drive.scene.button("Join LAN game").rect.center)
    join = drive.scene
    drive.click(join.address.rect.center)
    drive.type_text("somewhere:notaport")
    drive.key(pygame.K_RETURN)
    assert drive.scene is join
    assert join.address_note and drive.app.sounds.played[-1] == "invalid"


@pytest.mark.timeout(60)
def test_an_unreachable_table_brings_you_back_with_the_reason(drive) -> None:  # noqa: ANN001
    drive.click(drive.scene.button("Join LAN game").rect.center)
    join = drive.scene
    drive.click(join.address.rect.center)
    drive.type_text("127.0.0.1:9")  # nothing listens on the discard port here
    drive.key(pygame.K_RETURN)  # the waiting room opens, then gives up
    drive.until(lambda: drive.scene is join, timeout=40, what="the failed join to come back")
    assert "Could not join" in str(join.address_note), "said beside the address box"


@pytest.mark.timeout(60)
def test_the_lobby_lists_a_table_advertised_on_the_lan(drive) -> None:  # noqa: ANN001
    from net.discovery import Advertiser

    advertiser = Advertiser(47311, name="Orion's table", game="stars", seats_taken=1,
                            seats_total=3, interfaces=LOOPBACK, addresses=LOOPBACK)
    advertiser.start_in_background()
    try:
        drive.click(drive.scene.button("Join LAN game").rect.center)
        join = drive.scene
        deadline = time.monotonic() + 20

        def orion() -> list[str]:
            return [b.label for b in join.table_buttons if "Orion's table" in b.label]

        while not orion() and time.monotonic() < deadline:
            drive.step()
            time.sleep(0.02)
        assert orion(), "the advertised table shows up"
        assert "2 of 3 seats free" in orion()[0] and "Look at the Stars" in orion()[0]
    finally:
        advertiser.close()


def test_tables_appearing_do_not_steal_the_focus_from_the_address(drive) -> None:  # noqa: ANN001
    from net.discovery import TableAd

    class FakeBrowser:  # the list changes while the player types
        error = ""

        def __init__(self) -> None:
            self.ads = [TableAd("x._starparty._tcp.local.", "Old table", "stars", 1, 2, "lobby",
                                1, ("127.0.0.1",), 47000)]

        def poll(self) -> list:
            return [("added", self.ads[0])]

        def tables(self) -> list:
            return self.ads

        def close(self) -> None:
            pass

    drive.click(drive.scene.button("Join LAN game").rect.center)
    join = drive.scene
    drive.click(join.address.rect.center)
    drive.type_text("127.0.")
    drive.until(lambda: join.browser is not None or join.browse_error, what="the browser")
    if join.browser is not None:  # (the real one must not replace the fake one later)
        join.browser.close()
    join.browser = FakeBrowser()
    drive.step()
    assert join.table_buttons and join.form.widgets[join.form.focus] is join.address
    drive.type_text("0.1:5")
    assert join.address.value == "127.0.0.1:5"
    join.browser = None


@pytest.mark.timeout(120)
def test_the_host_lets_a_bot_play_on_for_a_player_who_left_and_gives_the_seat_back(
        drive) -> None:  # noqa: ANN001
    from game.client.departures import REPLACE_AFTER

    drive.click(drive.scene.button("Host LAN game").rect.center)
    drive.click(drive.scene.start.rect.center)
    lobby = drive.scene
    port = lobby.session.server.port
    player = SkippingPlayer(port, "Bea")
    drive.hooks.append(player)
    drive.until(lambda: lobby.session.table.seats_taken() == 2, what="Bea to join")
    drive.click(lobby.start_button.rect.center)
    drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the game to start")
    table = drive.scene
    departures = table.departures
    token = table.session.table.token_for(1)  # Bea's token (her client may not have polled it)
    drive.hooks.remove(player)
    player.client.close()  # Bea's machine goes away mid-game
    drive.until(lambda: 1 in departures.away_since, what="the host to notice")
    seconds = REPLACE_AFTER / 2
    drive.step(int(seconds / 0.25), seconds=0.25)
    assert not departures.buttons, "a short absence is waited out"
    back = Client("127.0.0.1", port, "Bea", token=token, reconnect=False)  # Bea is back...
    drive.until(lambda: 1 not in departures.away_since, what="Bea to be back")
    back.close()  # ...and leaves again: the wait starts over
    drive.until(lambda: 1 in departures.away_since, what="the host to notice again")
    drive.step(int(seconds / 0.25), seconds=0.25)
    assert not departures.buttons
    drive.step(int(seconds / 0.25) + 4, seconds=0.25)
    button = departures.buttons[1]
    assert "Bea" in button.label and departures.rect.contains(button.rect)
    assert drive.pixel((button.rect.x + 1, button.rect.centery)) != drive.pixel(
        (button.rect.x - 20, departures.rect.y - 20)), "the prompt is drawn"
    # the game log stands above the prompt, its newest lines in view (the prompt covered them)
    shown_log = table.shown_log_rect()
    assert shown_log.h > 0 and shown_log.bottom <= departures.rect.y
    assert not shown_log.colliderect(departures.rect)
    # where the other boards leave room above, the log moves up whole (at 1600x900 it was
    # squeezed to its title, the sky empty above it: a LAN evening's playtest)
    drive.app.resize((1600, 900))
    drive.step(2)
    assert not table.stacked
    shown_log = table.shown_log_rect()
    assert shown_log.h == table.log_rect.h and shown_log.bottom <= departures.rect.y
    assert not any(shown_log.colliderect(rect) for rect, _seat in table.thumb_rects)
    drive.app.resize((1280, 720))
    drive.step(2)
    button = departures.buttons[1]
    drive.click(button.rect.center)
    drive.step(2)
    seat = table.session.info["seats"][1]
    assert (seat["kind"], seat["name"], seat["stand_in"]) == ("ai", "Bea", True)
    assert not departures.buttons and 1 not in departures.away_since
    # the host gives the seat back (G): the game waits for Bea again
    give_back = departures.returns[1]
    assert "Bea" in give_back.label and departures.rect.contains(give_back.rect)
    drive.key(pygame.K_g)
    drive.step(2)
    seat = table.session.info["seats"][1]
    assert (seat["kind"], seat["stand_in"]) == ("remote", False) and not departures.returns
    assert "Bea" in table.status[0] and "again" in table.status[0], table.status
    # a bot again, and this time Bea comes back by herself with her token
    drive.step(int(REPLACE_AFTER / 0.25) + 4, seconds=0.25)
    drive.click(departures.buttons[1].rect.center)
    drive.step(2)
    assert table.session.info["seats"][1]["kind"] == "ai"
    bea = SkippingPlayer(port, "Bea", token=token)
    drive.hooks.append(bea)
    drive.until(lambda: table.session.info["seats"][1]["kind"] == "remote", what="Bea's seat")
    drive.step(2)
    assert not departures.returns and "back" in table.status[0], table.status
    play_to_results(drive, table, random.Random(4))
    results = drive.scene
    assert results.scores == table.session.table.ruleset.score(table.session.table.state)
    drive.hooks.remove(bea)
    bea.client.close()
    drive.key(pygame.K_ESCAPE)


@pytest.mark.timeout(60)
def stargazer_host_setup(drive: Any) -> Any:
    """From the menu: Host LAN game, set to Stargazer for 3 players (the setup scene)."""
    drive.click(drive.scene.button("Host LAN game").rect.center)
    setup = drive.scene
    setup.game.set_value("stargazer")
    setup._refresh()
    setup.count.set_value(3)
    setup._refresh()
    return setup


def test_the_host_lobby_button_says_bots_only_while_a_seat_is_free(drive) -> None:  # noqa: ANN001
    drive.click(drive.scene.button("Host LAN game").rect.center)
    drive.click(drive.scene.start.rect.center)
    lobby = drive.scene
    assert isinstance(lobby, LobbyScene)
    drive.step(2)
    assert "bot" in lobby.start_button.label.lower(), "one seat is free: a bot would take it"
    player = SkippingPlayer(lobby.session.server.port, "Bea")
    drive.hooks.append(player)
    drive.until(lambda: lobby.session.table.seats_taken() == 2, what="Bea to join")
    # the host's lobby learns of the join from its own connection's next snapshot, which a
    # loaded machine may deliver a few frames after the table seated her
    drive.until(lambda: "bot" not in lobby.start_button.label.lower(), timeout=10,
                what="the start button to drop the bot")
    player.client.close()
    drive.key(pygame.K_ESCAPE)


@pytest.mark.timeout(120)
def test_a_stargazer_hosts_departures_prompt_leaves_the_action_panel_whole(
        drive) -> None:  # noqa: ANN001
    """The prompt at the right column's foot covered the Stargazer action panel's newest log
    lines (and its buttons, on the host's turn): the panel ends above it while it shows."""
    from game.client.departures import REPLACE_AFTER
    from tests.client.sg_play import bea_goes_away, bea_joins_the_game

    setup = stargazer_host_setup(drive)
    setup.seats[2].set_value("normal")
    setup.start_game()
    table, bea = bea_joins_the_game(drive, drive.scene)
    whole = table.action_rect.copy()
    bea_goes_away(drive, table, bea)
    drive.step(int(REPLACE_AFTER / 0.25) + 4, seconds=0.25)
    drive.until(lambda: bool(table.departures.buttons), what="the prompt")
    drive.step(2)
    prompt = table.departures.rect
    assert not table.action_rect.colliderect(prompt) and table.action_rect.top == whole.top
    assert table.log_rect.h > 0 and table.log_rect.bottom <= prompt.top
    assert not any(button.rect.colliderect(prompt) for button in table.buttons.values())
    drive.click(table.departures.buttons[1].rect.center)  # a bot plays for Bea
    drive.step(2)
    assert table.departures.returns and not table.action_rect.colliderect(
        table.departures.rect), "the give-back button is a prompt too"
    drive.key(pygame.K_g)  # given back: no prompt, the panel whole again
    drive.step(2)
    assert not table.departures.all_buttons and table.action_rect == whole
    drive.key(pygame.K_ESCAPE)


def test_a_stargazer_lobby_shows_each_seat_with_the_piece_it_plays_with(drive) -> None:  # noqa: ANN001
    """The waiting room named the players in the generic seat colours (Ann yellow) and the
    table then gave them Stargazer's (Ann red): a playtest. Each seat's piece stands beside
    its name, drawn as the table and the results draw it."""
    from game.client.kits import get_kit
    from tests.client.textboxes import RecordingSurface, recording

    setup = stargazer_host_setup(drive)
    drive.click(setup.start.rect.center)
    lobby = drive.scene
    assert isinstance(lobby, LobbyScene)
    drive.step(2)
    size = lobby.layout.px(22)
    kit = get_kit("stargazer")
    expected = [pygame.image.tobytes(kit.seat_token(seat, size, False), "RGBA")
                for seat in range(3)]
    blitted: list[bytes] = []
    surface = RecordingSurface(drive.app.screen.get_size())
    original = surface.blit

    def blit(source, dest=(0, 0), area=None, special_flags=0):  # noqa: ANN001, ANN202
        blitted.append(pygame.image.tobytes(source, "RGBA"))
        return original(source, dest, area, special_flags)

    surface.blit = blit  # type: ignore[method-assign]
    with recording(drive.app) as recorder:
        surface.recorder = recorder
        lobby.draw(surface, 0.0)
    assert all(token in blitted for token in expected), "each seat's piece beside its name"
    drive.key(pygame.K_ESCAPE)


def test_a_free_seat_a_bot_takes_at_the_start_is_named_after_a_star(drive) -> None:  # noqa: ANN001
    """A Japanese host who started with a seat still free gave every window a bot called
    「プレイヤー2」 ("プレイヤー2 (AI)" in an English guest's log and results: an outside
    playtest): it takes a star's name in the host's language, as the setup's bots do."""
    from game.client.i18n import set_language

    set_language("ja")
    drive.click(drive.scene.button("Host LAN game").rect.center)
    setup = drive.scene
    assert setup.seats[1].value == "open"
    drive.click(setup.start.rect.center)
    lobby = drive.scene
    assert isinstance(lobby, LobbyScene) and lobby.hosting
    drive.step(2)
    drive.click(lobby.start_button.rect.center)
    drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the game to start")
    names = drive.scene.session.table.info()["seats"]
    assert names[1]["kind"] == "ai" and names[1]["name"] == "ベガ", names


@pytest.mark.timeout(60)
def test_a_guest_names_free_seats_in_its_own_language(drive) -> None:  # noqa: ANN001
    """A Japanese host's free seats read 「プレイヤー3」 in an English guest's lobby (an outside
    playtest): a free seat's name is a placeholder, which the guest's window words itself."""
    from game.tables import new_table
    from net.server import ServerThread
    from net.table import SeatSpec

    host = new_table("stars", {}, 5, [SeatSpec("open", "王小明"), SeatSpec("open", "プレイヤー2"),
                                      SeatSpec("open", "プレイヤー3")], name="王小明さんのテーブル")
    host.join("王小明")
    server = ServerThread(host, host="127.0.0.1", port=0)
    port = server.start()
    try:
        drive.click(drive.scene.button("Join LAN game").rect.center)
        join = drive.scene
        drive.click(join.address.rect.center)
        drive.type_text(f"127.0.0.1:{port}")
        drive.key(pygame.K_RETURN)
        lobby = drive.scene
        assert isinstance(lobby, LobbyScene)
        drive.until(lambda: lobby.session.human_seats, what="the welcome")
        drive.step(3)
        texts = drawn_texts(drive.app)
        assert "王小明" in texts and "Player 3" in texts, texts
        assert not [text for text in texts if "プレイヤー" in text], texts
        lobby.leave()
    finally:
        server.stop()
        host.close()
