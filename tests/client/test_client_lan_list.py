"""The join screen as a player meets it (issue 21): each table found on the LAN says its game,
free seats, lock and version; a locked table asks for its password (a wrong one is said beside
the field, for another try); a host can lock its table; a refusal stays beside what caused it;
the player's name is edited here. Loopback only."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.client import i18n
from game.client.app import App
from game.client.loop import ManualClock
from game.client.scenes import lan
from game.client.scenes.lan import JoinScene, LobbyScene
from game.client.scenes.menu import MainMenuScene
from game.client.settings import Settings
from game.tables import new_table
from net.client import Client
from net.discovery import TableAd
from net.server import ServerThread
from net.table import SeatSpec
from net.wire import APP_VERSION, PROTOCOL_VERSION
from tests.client.clienthelpers import Driver
from tests.client.textboxes import RecordingSurface, drawn_texts, recording, text_problems

#: zeroconf on loopback is shared by every process: the modules that advertise or browse run
#: on one pytest-xdist worker, so one's tables never show in another's lobby
pytestmark = pytest.mark.xdist_group("zeroconf")


def ad(name: str, *, game: str = "stars", taken: int = 1, total: int = 4,
       status: str = "lobby", protocol: int = PROTOCOL_VERSION, app: str = APP_VERSION,
       password: bool = False, port: int = 47077) -> TableAd:
    return TableAd(f"{name}._starparty._tcp.local.", name, game, taken, total, status,
                   protocol, ("127.0.0.1",), port, app, password)


def type_password_and_join(drive: Driver, password: str) -> LobbyScene:
    """Type ``password`` in the prompt and press Enter: the table's lobby, seat 1 taken."""
    drive.type_text(password)
    drive.key(pygame.K_RETURN)
    lobby = drive.scene
    assert isinstance(lobby, LobbyScene)
    drive.until(lambda: lobby.session.human_seats == [0], what="the welcome")
    return lobby


#: a locked, a full, an incompatible and a normal table
TABLES = [ad("Orion's table", password=True), ad("Bea's table", taken=4),
          ad("Kenji's table", protocol=PROTOCOL_VERSION + 1, app="9.9.9", total=3),
          ad("Star Party", game="stargazer", taken=2)]


class FakeBrowser:
    """What zeroconf would have found (the rows are the point here, not mDNS)."""

    error = ""

    def __init__(self, tables: list[TableAd]) -> None:
        self.ads = tables

    def poll(self) -> list:
        return [("added", a) for a in self.ads]

    def tables(self) -> list[TableAd]:
        return self.ads

    def close(self) -> None:
        pass


def open_join(drive: Driver, tables: list[TableAd]) -> JoinScene:
    drive.click(drive.scene.button("Join LAN game").rect.center)
    join = drive.scene
    assert isinstance(join, JoinScene)
    # the real browser (loopback) first, so that it cannot replace the fake one later
    drive.until(lambda: join.browser is not None or join.browse_error, what="the browser")
    if join.browser is not None:
        join.browser.close()
    join.browser = FakeBrowser(tables)
    drive.step()
    join.browser = None  # the list stays as it is
    drive.step()
    return join


def row(join: JoinScene, name: str) -> lan.TableRow:
    return next(r for r in join.table_buttons if r.table.name == name)


def row_texts(drive: Driver, join: JoinScene, name: str) -> str:
    """Every text drawn inside a table's row, in one string."""
    box = row(join, name).rect
    surface = RecordingSurface(drive.app.screen.get_size())
    with recording(drive.app) as recorder:
        surface.recorder = recorder
        recorder.screen = surface.get_rect()
        join.draw(surface, 0.0)
    return "  ".join(mark.text for mark in surface.marks()
                     if mark.kind == "text" and box.contains(mark.rect))


def test_each_row_says_its_game_free_seats_lock_and_version(drive) -> None:  # noqa: ANN001
    join = open_join(drive, TABLES)
    orion = row_texts(drive, join, "Orion's table")
    assert "Look at the Stars" in orion and "3 of 4 seats free" in orion
    assert "Password needed" in orion
    assert "Star Party " + APP_VERSION in orion
    bea = row_texts(drive, join, "Bea's table")
    assert "Look at the Stars" in bea and "Full" in bea and "Every seat is taken" in bea
    kenji = row_texts(drive, join, "Kenji's table")
    assert "the host runs Star Party 9.9.9" in kenji and APP_VERSION in kenji
    assert "Install the same version" in kenji
    normal = row_texts(drive, join, "Star Party")
    assert "Stargazer" in normal and "2 of 4 seats free" in normal and "Click to join" in normal
    # the lock is drawn (a padlock beside the name), and the warning mark for the version
    locked, plain = row(join, "Orion's table").rect, row(join, "Star Party").rect
    mark = (locked.x + drive.app.layout.px(25), locked.y + locked.h // 3)
    assert drive.pixel(mark) != drive.pixel((plain.x + drive.app.layout.px(25),
                                             plain.y + plain.h // 3))


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_list_and_the_password_prompt_keep_their_text_in_their_boxes(
        size: tuple[int, int], language: str, config_dir: Path, autosave_dir: Path) -> None:
    clock = ManualClock()
    app = App(size, settings=Settings(player_name="Ann", language=language), clock=clock,
              start="menu", save_settings=False)
    app.lan_interfaces = ["127.0.0.1"]  # the join screen browses: loopback only
    try:
        join = JoinScene(app)
        app.push(join)
        while join.browser is None and not join.browse_error:
            app.frame()
        join.browser.close()
        join.browser = FakeBrowser([*TABLES, ad("Deneb's table with a name that goes on and on",
                                                status="playing", taken=3, total=3),
                                    ad("Vega's table")])  # one more: "scroll" under the list
        app.frame()
        join.browser = None
        join.choose(row(join, "Bea's table"))
        join.refused("127.0.0.1", 9, "", None, "table_full", "Every seat is taken.")
        app.frame()
        assert not text_problems(app), text_problems(app)
        join.choose(row(join, "Orion's table"))
        app.frame()
        assert isinstance(app.scene, lan.PasswordPrompt)
        app.scene.error = i18n.N_("Wrong table password.")
        app.scene.field.value = "secret"
        app.frame()
        assert not text_problems(app), text_problems(app)
        if language == "ja":
            assert "パスワード" in "".join(drawn_texts(app))
    finally:
        i18n.set_language("en")
        pygame.display.quit()


def test_clicking_a_full_table_says_so_beside_its_row(drive, monkeypatch) -> None:  # noqa: ANN001
    import dataclasses

    import game.client.stars

    # a game this window cannot show to a spectator (Stars can: test_client_lan_watch.py)
    monkeypatch.setattr(game.client.stars, "KIT", dataclasses.replace(game.client.stars.KIT,
                                                                      watch=False))
    join = open_join(drive, TABLES)
    full = row(join, "Bea's table")
    drive.click(full.rect.center)
    assert drive.scene is join, "nothing to join: the list stays"
    assert "Full: every seat is taken" in full.note
    assert "Watching is not possible" in full.note
    drive.step(600)  # ten seconds later it is still there
    assert "Full: every seat is taken" in row_texts(drive, join, "Bea's table")
    assert not drive.app.toasts
    kenji = row(join, "Kenji's table")
    drive.click(kenji.rect.center)
    assert drive.scene is join and "Install the same version" in kenji.note


@pytest.mark.timeout(60)
def test_a_locked_table_asks_for_its_password_and_a_wrong_one_can_be_retyped(
        drive) -> None:  # noqa: ANN001
    host = new_table("stars", {}, 5, [SeatSpec("open"), SeatSpec("open")], name="Orion's table")
    server = ServerThread(host, host="127.0.0.1", port=0, password="orion")
    port = server.start()
    try:
        join = open_join(drive, [ad("Orion's table", password=True, port=port)])
        drive.click(row(join, "Orion's table").rect.center)
        prompt = drive.scene
        assert isinstance(prompt, lan.PasswordPrompt) and "password" in " ".join(drawn_texts(
            drive.app)).lower()
        drive.type_text("orien")
        drive.key(pygame.K_RETURN)
        drive.until(lambda: isinstance(drive.scene, lan.PasswordPrompt) and drive.scene.error,
                    what="the refusal")
        again = drive.scene
        assert str(again.error) == "Wrong table password."
        assert "Wrong table password." in drawn_texts(drive.app)
        assert not drive.app.toasts, "said beside the field, not in a passing toast"
        assert again.field.value == "orien", "what was typed stays, to be corrected"
        drive.key(pygame.K_BACKSPACE)
        assert not again.error, "editing the password clears the error"
        drive.key(pygame.K_BACKSPACE)
        drive.type_text("on")
        drive.key(pygame.K_RETURN)
        lobby = drive.scene
        assert isinstance(lobby, LobbyScene)
        drive.until(lambda: lobby.session.human_seats == [0], what="the welcome")
        assert host.seats_taken() == 1
        # left and joined again in the same run: the password typed is not asked for again
        # (a player typed it three times in one evening: an outside playtest)
        lobby.leave()
        drive.until(lambda: isinstance(drive.scene, lan.JoinScene) and host.seats_taken() == 0,
                    what="back at the join screen")
        drive.scene.show_tables(drive.scene.tables)  # (the list as the browser refreshes it)
        assert "Waiting for players. Click to join with the password you typed (right-click " \
            "or W: watch)." in row_texts(drive, drive.scene, "Orion's table")
        drive.click(row(drive.scene, "Orion's table").rect.center)
        lobby = drive.scene
        assert isinstance(lobby, LobbyScene), "joined at once"
        drive.until(lambda: lobby.session.human_seats == [0], what="the welcome again")
    finally:
        server.stop()
        host.close()


@pytest.mark.timeout(60)
def test_a_typed_address_whose_host_wants_a_password_asks_for_it(drive) -> None:  # noqa: ANN001
    host = new_table("stars", {}, 5, [SeatSpec("open"), SeatSpec("open")])
    server = ServerThread(host, host="127.0.0.1", port=0, password="orion")
    port = server.start()
    try:
        join = open_join(drive, [])
        drive.click(join.address.rect.center)
        drive.type_text(f"127.0.0.1:{port}")
        drive.key(pygame.K_RETURN)
        drive.until(lambda: isinstance(drive.scene, lan.PasswordPrompt), what="the prompt")
        assert not drive.scene.error, "no password was given: nothing was wrong yet"
        type_password_and_join(drive, "orion")
    finally:
        server.stop()
        host.close()


@pytest.mark.timeout(60)
def test_a_refused_address_stays_beside_the_address_box_until_edited(
        drive) -> None:  # noqa: ANN001
    host = new_table("stars", {}, 43, [SeatSpec("open"), SeatSpec("ai", "Vega", "greedy")])
    host.start()
    server = ServerThread(host, host="127.0.0.1", port=0)
    port = server.start()
    try:
        join = open_join(drive, [])
        drive.click(join.address.rect.center)
        drive.type_text(f"127.0.0.1:{port}")
        drive.key(pygame.K_RETURN)
        drive.until(lambda: drive.scene is join, what="the refusal")
        assert "started" in str(join.address_note)
        drive.step(600)  # ten seconds: still there, under the address box
        shown = [t for t in drawn_texts(drive.app) if "started" in t]
        assert len(shown) == 1 and not drive.app.toasts
        drive.type_text("0")
        assert not join.address_note, "editing the address clears it"
        drive.key(pygame.K_BACKSPACE)
        drive.click(join.address.rect.center)
        for _ in range(len(join.address.value)):
            drive.key(pygame.K_BACKSPACE)
        drive.type_text("not an address:x")
        drive.key(pygame.K_RETURN)
        assert drive.scene is join and "host:port" in str(join.address_note)
    finally:
        server.stop()
        host.close()


@pytest.mark.timeout(60)
def test_hosting_from_the_window_can_lock_the_table_with_a_password(
        drive) -> None:  # noqa: ANN001
    drive.app.lan_advertise = True  # (loopback only) what the LAN is told is checked here
    drive.click(drive.scene.button("Host LAN game").rect.center)
    setup = drive.scene
    drive.click(setup.password.rect.center)
    drive.type_text("orion")
    drive.click(setup.start.rect.center)
    lobby = drive.scene
    assert isinstance(lobby, LobbyScene) and lobby.hosting
    assert lobby.session.server.server.password == "orion"
    assert lobby.session.advertiser.txt["password"] == "yes", "advertised as locked"
    assert any("orion" in t for t in drawn_texts(drive.app)), "the host sees what to tell"
    port = lobby.session.server.port
    stranger = Client("127.0.0.1", port, "Eve", reconnect=False)
    friend = Client("127.0.0.1", port, "Bea", password="orion", reconnect=False)
    try:
        refused = stranger.wait_for(lambda m: m["t"] == "error", 10)
        assert refused is not None and refused["code"] == "bad_password"
        assert friend.wait_for(lambda m: m["t"] == "welcome", 10)
    finally:
        stranger.close()
        friend.close()
    drive.key(pygame.K_ESCAPE)


def test_the_name_is_edited_on_the_join_screen_and_kept(drive, config_dir) -> None:  # noqa: ANN001
    join = open_join(drive, [])
    drive.click(join.name.rect.center)
    for _ in range(len(join.name.value)):
        drive.key(pygame.K_BACKSPACE)
    drive.type_text("Bea")
    assert drive.app.settings.player_name == "Bea"
    assert Settings.load(config_dir / "settings.json").player_name == "Bea"
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.scene, MainMenuScene)


def test_a_list_longer_than_the_screen_scrolls_with_the_wheel(drive) -> None:  # noqa: ANN001
    many = [ad(f"Table {n}") for n in range(1, 8)]
    join = open_join(drive, many)
    assert [r.table.name for r in join.table_buttons] == [f"Table {n}" for n in range(1, 6)]
    assert any("2 more tables" in t for t in drawn_texts(drive.app))
    drive.wheel(-5)
    assert [r.table.name for r in join.table_buttons][-1] == "Table 7"
    drive.wheel(5)
    assert join.table_buttons[0].table.name == "Table 1"


@pytest.mark.timeout(120)
def test_a_full_or_started_table_of_a_watchable_game_is_watched(drive) -> None:  # noqa: ANN001
    """Stargazer's table shows a spectator's view: its started table's row says "Click to
    watch" and a click opens the game without a seat, following the bots' moves."""
    from game.client.stargazer.table import StargazerTableScene

    host = new_table("stargazer", {}, 8, [SeatSpec("ai", name, "random")
                                          for name in ("Vega", "Rigel", "Deneb")], ai_delay=0.05)
    server = ServerThread(host, host="127.0.0.1", port=0)
    port = server.start()
    host.start()
    try:
        join = open_join(drive, [ad("Bots' table", game="stargazer", taken=3, total=3,
                                    status="playing", port=port)])
        assert "Click to watch" in row_texts(drive, join, "Bots' table")
        drive.click(row(join, "Bots' table").rect.center)
        # a started game may open at once (the first snapshot can arrive in the click's frame)
        lobby = drive.scene
        assert isinstance(lobby, StargazerTableScene) or (isinstance(lobby, LobbyScene)
                                                          and lobby.watching)
        drive.until(lambda: isinstance(drive.scene, StargazerTableScene), what="the table")
        table = drive.scene
        assert table.session.human_seats == [] and table.phase() in ("watching", "over")
        version = table.session.client.version
        drive.until(lambda: table.session.client.version > version, what="a bot's move")
        assert host.seats_taken() == 3, "no seat was taken"
    finally:
        server.stop()
        host.close()


def test_a_window_host_bound_to_loopback_is_advertised_on_loopback_only(
        config_dir, autosave_dir, monkeypatch) -> None:  # noqa: ANN001
    """``starparty host --bind 127.0.0.1`` (window): advertised where it listens, not on the
    LAN (the advertiser is only looked at here: nothing is sent)."""
    import net.discovery
    from game.commands.host import host_app

    given: list[dict] = []

    class SpyAdvertiser(net.discovery.Advertiser):
        def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
            given.append(kwargs)
            super().__init__(*args, **kwargs)

        def start_in_background(self) -> None:  # noqa: D102
            return None

    monkeypatch.setattr(net.discovery, "Advertiser", SpyAdvertiser)
    drive = Driver(build=lambda clock: host_app(
        ["--bind", "127.0.0.1", "--port", "0", "--no-autosave"], clock=clock,
        settings=Settings(player_name="Ann"), save_settings=False))
    try:
        lobby = drive.scene
        assert isinstance(lobby, LobbyScene)
        assert given and given[0]["interfaces"] == ["127.0.0.1"]
        assert lobby.session.advertiser.addresses == ["127.0.0.1"]
        # the table's id is advertised, and a new game at the table advertises its new id
        table = lobby.session.table
        assert lobby.session.advertiser.txt["id"] == table.table_id
        table.table_id = "a-new-game"  # what ``Table.restart`` gives the next game
        drive.until(lambda: lobby.session.advertiser.txt.get("id") == table.table_id,
                    what="the new id advertised")
        # a host who names themselves after the table is up: the lobbies read the new name
        table.rename_table("Zoe's table")
        drive.until(lambda: lobby.session.advertiser.txt.get("table") == "Zoe's table",
                    what="the new name advertised")
    finally:
        drive.close()


def test_the_password_prompt_to_watch_says_watch(drive) -> None:  # noqa: ANN001
    """Clicking "Click to watch" on a locked table asked for the password with a Join button
    (an outside LAN playtest)."""
    join = open_join(drive, [])
    watching = lan.PasswordPrompt(drive.app, join, "127.0.0.1", 47077, "Orion's table", "",
                                  watch=True)
    joining = lan.PasswordPrompt(drive.app, join, "127.0.0.1", 47077, "Orion's table", "")
    assert (str(watching.ok.label), str(joining.ok.label)) == ("Watch", "Join")


@pytest.mark.timeout(60)
def test_a_table_with_free_seats_can_be_watched_with_a_right_click(drive) -> None:  # noqa: ANN001
    """A TV set up before everyone arrived could not attach: a table with free seats offered
    only joining (an outside LAN playtest). Right-click (or W on its row) watches it."""
    host = new_table("stars", {}, 5, [SeatSpec("open"), SeatSpec("open")], name="Open table")
    server = ServerThread(host, host="127.0.0.1", port=0)
    port = server.start()
    try:
        join = open_join(drive, [ad("Open table", taken=0, total=2, port=port)])
        assert "Waiting for players. Click to join (right-click or W: watch)." in \
            row_texts(drive, join, "Open table")
        drive.click(row(join, "Open table").rect.center, button=3)
        lobby = drive.scene
        assert isinstance(lobby, LobbyScene) and lobby.watching
        drive.until(lambda: lobby.session.info.get("seats"), what="the table's news")
        drive.step(5)
        assert lobby.session.human_seats == [] and host.seats_taken() == 0, "no seat taken"
        lobby.leave()
    finally:
        server.stop()
        host.close()


@pytest.mark.timeout(60)
def test_a_remembered_password_refused_by_a_new_table_there_asks_afresh(drive) -> None:  # noqa: ANN001
    """A host closed its table and locked a new one at the same address: the window tried the
    old password, and its prompt opened with the old one filled in under "Wrong table
    password." (typing the right one added to it: a second outside playtest). The prompt
    opens empty, with nothing said to be wrong."""
    host = new_table("stars", {}, 5, [SeatSpec("open"), SeatSpec("open")], name="Orion's table")
    server = ServerThread(host, host="127.0.0.1", port=0, password="orion")
    port = server.start()
    drive.app.table_passwords[f"127.0.0.1:{port}"] = "an older table's"
    try:
        join = open_join(drive, [ad("Orion's table", password=True, port=port)])
        drive.click(row(join, "Orion's table").rect.center)
        drive.until(lambda: isinstance(drive.scene, lan.PasswordPrompt), what="the prompt")
        prompt = drive.scene
        assert prompt.field.value == "" and not prompt.error
        type_password_and_join(drive, "orion")
    finally:
        server.stop()
        host.close()


def test_a_started_table_keeping_your_seat_says_so_on_the_join_screen(drive) -> None:  # noqa: ANN001
    """The join screen's row said "Full" beside "your seat is kept for you" (a second outside
    playtest): both say the seat is kept."""
    from game.client.settings import SeatTokens

    SeatTokens().put("127.0.0.1:47090", "a-token", None)
    join = open_join(drive, [ad("Ann's table", taken=2, total=2, status="playing", port=47090)])
    texts = row_texts(drive, join, "Ann's table")
    assert "your seat is kept for you" in texts and "Full" not in texts, texts


def test_a_finished_table_says_so_and_its_note_goes_when_it_plays_again(drive) -> None:  # noqa: ANN001
    """A TV's window listed a table whose game had ended as "Full · click or W: watch"; a
    click said "This game is over.", and that stayed beside the row after the host started
    the next game, until a second click (an outside playtest). The row says the game is
    finished, and a note goes when the table's state changes."""
    finished = ad("Mei's table", taken=4, status="over")
    join = open_join(drive, [finished])
    assert "Finished" in row_texts(drive, join, "Mei's table")
    assert "Full" not in row_texts(drive, join, "Mei's table")
    drive.click(row(join, "Mei's table").rect.center)
    assert drive.scene is join and row(join, "Mei's table").note == "This game is over."
    join.show_tables([finished])  # the browser's next look: still over, the note stays
    assert row(join, "Mei's table").note == "This game is over."
    join.show_tables([ad("Mei's table", taken=4, status="playing")])  # played again
    assert row(join, "Mei's table").note == ""
    assert "This game is over." not in row_texts(drive, join, "Mei's table")
