"""The main menu lists the LAN's tables beside its buttons (issue 22, point 3): a guest's first
screen shows the tables to join; a click (or Right, then Enter) joins one through the join
screen's own flow. The menu browses only while shown, every browser it opens is closed, and
with no table the menu looks as before. Zeroconf on loopback only."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

import net.discovery
from game.client.scenes import lan
from game.client.scenes.lan import JoinScene, LobbyScene
from game.client.scenes.menu import MainMenuScene
from game.client.scenes.menu_tables import MenuTableRow
from game.client.scenes.setup import SetupScene
from game.tables import new_table
from net.discovery import Advertiser
from net.server import ServerThread
from net.table import SeatSpec
from tests.client.clienthelpers import Driver
from tests.client.textboxes import drawn_texts, text_problems

#: zeroconf on loopback is shared by every process: the modules that advertise or browse run
#: on one pytest-xdist worker, so one's tables never show in another's lobby
pytestmark = pytest.mark.xdist_group("zeroconf")

LOOPBACK = ["127.0.0.1"]


@pytest.fixture
def browsers(monkeypatch) -> list:  # noqa: ANN001
    """Every LAN browser opened (real zeroconf, loopback only), each knowing if it was
    closed."""
    made: list = []

    class SpyBrowser(net.discovery.Browser):
        def __init__(self, **kwargs) -> None:  # noqa: ANN003
            assert kwargs["interfaces"] == LOOPBACK, "tests browse on loopback only"
            super().__init__(**kwargs)
            self.closed = False
            made.append(self)

        def close(self) -> None:
            self.closed = True
            super().close()

    monkeypatch.setattr(net.discovery, "Browser", SpyBrowser)
    return made


@contextmanager
def advertised(name: str, password: str | None = None) -> Iterator[object]:
    """A two-seat table served and advertised on loopback."""
    host = new_table("stars", {}, 5, [SeatSpec("open"), SeatSpec("open")], name=name)
    server = ServerThread(host, host="127.0.0.1", port=0, password=password)
    port = server.start()
    advertiser = Advertiser(port, name=name, game="stars", seats_taken=0, seats_total=2,
                            interfaces=LOOPBACK, addresses=LOOPBACK, password=bool(password))
    advertiser.start()
    try:
        yield host
    finally:
        advertiser.close()
        server.stop()
        host.close()


def back_to_the_menu(drive: Driver) -> MainMenuScene:
    """The menu once a spectator has left: a table leaves to a new menu, a lobby pops back to
    the old one (the lobby left after it had turned into the table popped the table, the
    stack's only scene: a CI run)."""
    drive.step()
    while not isinstance(drive.scene, MainMenuScene) and len(drive.app.stack) > 1:
        drive.app.pop()
    assert isinstance(drive.scene, MainMenuScene), drive.scene
    return drive.scene


def menu_row(menu: MainMenuScene, name: str) -> MenuTableRow | None:
    return next((r for r in menu.lan_tables.rows if r.table.name == name), None)


def wait_for_row(drive: Driver, menu: MainMenuScene, name: str) -> MenuTableRow:
    # a bound against hanging, not a speed check (bench/net.py measures discovery): on a
    # loaded two-core CI machine one run took more than 8 s
    drive.until(lambda: menu_row(menu, name) is not None, timeout=20,
                what=f"{name} on the menu")
    drive.step()
    return menu_row(menu, name)


@pytest.mark.timeout(60)
def test_a_table_on_the_lan_shows_on_the_menu_and_a_click_joins_it(
        drive: Driver, browsers: list) -> None:
    menu = drive.scene
    buttons = [w.rect.copy() for w in menu.form.widgets]
    drive.app.lan_browse = True  # as in a player's window (the Driver turns it off)
    # a name of its own: a table another test advertised may linger in zeroconf's caches
    name = f"Aaron's table {uuid.uuid4().hex[:4]}"
    with advertised(name) as host:
        row = wait_for_row(drive, menu, name)
        texts = drawn_texts(drive.app)
        assert "Tables on your network" in texts and name in texts
        assert "Look at the Stars  ·  2 of 2 seats free" in texts
        assert [w.rect for w in menu.form.widgets] == buttons, "the buttons never move"
        assert not any(row.rect.colliderect(b) for b in buttons)
        assert text_problems(drive.app) == []
        menu_browser = browsers[0]
        drive.click_live(lambda: menu_row(menu, name).rect)
        lobby = drive.scene
        assert isinstance(lobby, LobbyScene), (
            f"an open table: joined at once, not {type(lobby).__name__} "
            f"{getattr(lobby, 'title', '')!r}; rows {[r.table.name for r in menu.lan_tables.rows]}")
        drive.until(lambda: lobby.session.human_seats == [0], what="the welcome")
        assert host.seats_taken() == 1
        join = drive.app.find(JoinScene)
        assert join is not None and name in [r.table.name for r in join.table_buttons]
        chosen = join.form.widgets[join.form.focus]
        assert getattr(getattr(chosen, "table", None), "name", None) == name, \
            "Leave goes back to the join screen, the table chosen"
        drive.until(lambda: menu_browser.closed, what="the menu's browser closed")
        assert menu.lan_tables.browser is None
        lobby.leave()


@pytest.mark.timeout(60)
def test_a_locked_table_is_reached_with_the_keyboard_and_asks_for_its_password(
        drive: Driver, browsers: list) -> None:
    menu = drive.scene
    drive.app.lan_browse = True
    name = f"Aaron's locked table {uuid.uuid4().hex[:4]}"
    with advertised(name, password="orion") as host:
        wait_for_row(drive, menu, name)
        drive.key(pygame.K_RIGHT)  # from the buttons to the tables
        assert menu.lan_tables.focus == 0
        for _ in range(len(menu.lan_tables.rows)):  # (a lingering table may come first)
            if menu.lan_tables.rows[menu.lan_tables.focus].table.name == name:
                break
            drive.key(pygame.K_DOWN)
        assert menu.lan_tables.rows[menu.lan_tables.focus].table.name == name
        drive.key(pygame.K_RETURN)
        prompt = drive.scene
        assert isinstance(prompt, lan.PasswordPrompt), "the join screen's password prompt"
        assert prompt.title == name
        assert isinstance(drive.app.stack[-2], JoinScene)
        drive.type_text("orion")
        drive.key(pygame.K_RETURN)
        lobby = drive.scene
        assert isinstance(lobby, LobbyScene)
        drive.until(lambda: lobby.session.human_seats == [0], what="the welcome")
        assert host.seats_taken() == 1
        lobby.leave()


def test_left_gives_the_keyboard_back_to_the_buttons(drive: Driver) -> None:
    from tests.client.test_client_lan_list import ad

    menu = drive.scene
    menu.lan_tables.show([ad("Orion's table"), ad("Bea's table")])
    assert not drive.app.lan_browse
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_DOWN)
    assert menu.lan_tables.focus == 1
    drive.key(pygame.K_LEFT)
    assert menu.lan_tables.focus is None
    drive.key(pygame.K_DOWN)  # Play solo -> Hot-seat, as before the tables came
    drive.key(pygame.K_RETURN)
    assert isinstance(drive.scene, SetupScene) and drive.scene.mode == "hotseat"


@pytest.mark.timeout(60)
def test_the_menu_browses_only_while_it_is_shown_and_closes_what_it_opens(
        drive: Driver, browsers: list) -> None:
    menu = drive.scene
    drive.step(3)
    assert browsers == [], "off (tests, screenshots): no browser at all"
    drive.app.lan_browse = True
    drive.until(lambda: len(browsers) == 1, what="the menu's browser")
    drive.click(menu.button("Settings").rect.center)  # covered: it stops
    assert drive.scene is not menu
    drive.until(lambda: browsers[0].closed, what="closed under Settings")
    drive.step(10)
    assert len(browsers) == 1
    drive.key(pygame.K_ESCAPE)  # shown again: it browses again
    assert drive.scene is menu
    drive.until(lambda: len(browsers) == 2, what="browsing again")
    drive.key(pygame.K_ESCAPE)  # the quit question: the menu still shows under it
    drive.step(10)
    assert not browsers[1].closed and len(browsers) == 2
    drive.key(pygame.K_ESCAPE)
    drive.app.reset_to(MainMenuScene(drive.app))  # left: closed; the new menu opens its own
    drive.until(lambda: browsers[1].closed and len(browsers) == 3, what="one menu, one browser")
    drive.app.scene.exit()
    drive.until(lambda: all(b.closed for b in browsers), what="every browser closed")


def test_with_no_table_the_menu_looks_as_before(drive: Driver, monkeypatch) -> None:  # noqa: ANN001
    opened: list = []

    class NothingFound:
        def __init__(self, **kwargs) -> None:  # noqa: ANN003
            opened.append(self)

        def poll(self) -> list:
            return []

        def tables(self) -> list:
            return []

        def close(self) -> None:
            pass

    monkeypatch.setattr(net.discovery, "Browser", NothingFound)
    drive.app.lan_browse = True
    browsing = drive.scene
    drive.until(lambda: opened, what="browsing")
    drive.step(5)
    plain = MainMenuScene(drive.app)  # never browses: not on the stack
    plain.relayout()
    pictures = []
    for menu in (browsing, plain):
        menu.draw(drive.app.screen, 0.0)
        pictures.append(pygame.image.tobytes(drive.app.screen, "RGB"))
    assert pictures[0] == pictures[1]
    assert "Tables on your network" not in drawn_texts(drive.app)


def test_a_players_window_lists_the_lan_tables_and_the_screenshots_do_not(config_dir) -> None:  # noqa: ANN001
    """On in the window ``starparty`` opens (the tests' Driver turns it off), off for the
    pictures: they show no network and need none."""
    from game.client.app import App
    from game.client.loop import ManualClock
    from game.client.settings import Settings
    from game.client.shooter import Shooter

    clock = ManualClock()
    app = App((640, 480), settings=Settings(player_name="Ann"), clock=clock, start="title",
              save_settings=False)
    try:
        assert app.lan_browse
        Shooter(app, clock, config_dir)
        assert not app.lan_browse
    finally:
        pygame.display.quit()


def test_a_table_that_appears_goes_below_so_no_row_moves_under_the_pointer(
        drive: Driver, monkeypatch) -> None:  # noqa: ANN001
    """Rows were in name order: "Aardvark" appearing pushed "Mira" down one row between a
    player's aim and click, and the click joined another table (session 42's flake; a
    player on a busy LAN would meet it too). Both the menu and the join screen list tables
    in the order they were first found."""
    from net.discovery import TableAd
    from net.wire import PROTOCOL_VERSION

    found: list[TableAd] = []

    def ad(name: str) -> TableAd:
        return TableAd(instance=f"{name}-1", name=name, game="stars", seats_taken=1,
                       seats_total=4, status="lobby", protocol=PROTOCOL_VERSION,
                       addresses=("127.0.0.1",), port=4000 + len(found))

    class FakeBrowser:
        def __init__(self, **kwargs) -> None:  # noqa: ANN003
            self.reported = 0

        def poll(self) -> list:
            news, self.reported = len(found) - self.reported, len(found)
            return [("added", None)] * news

        def tables(self) -> list:
            return sorted(found, key=lambda t: t.name)  # the real browser's name order

        def close(self) -> None:
            pass

    def appear(name: str) -> None:
        found.append(ad(name))
        drive.step(3)

    monkeypatch.setattr(net.discovery, "Browser", FakeBrowser)
    drive.app.lan_browse = True
    menu = drive.scene
    appear("Mira")
    appear("Vega")
    drive.until(lambda: len(menu.lan_tables.rows) == 2, what="two rows")
    before = {row.table.name: row.rect.copy() for row in menu.lan_tables.rows}
    appear("Aardvark")
    drive.until(lambda: len(menu.lan_tables.rows) == 3, what="the third row")
    after = {row.table.name: row.rect for row in menu.lan_tables.rows}
    assert after["Mira"] == before["Mira"] and after["Vega"] == before["Vega"]
    assert after["Aardvark"].y > after["Vega"].y, "the newcomer goes below"
    drive.click(menu.button("Join LAN game").rect.center)
    join = drive.scene
    assert isinstance(join, JoinScene)
    drive.until(lambda: len(join.table_buttons) == 3, what="the join screen's rows")
    rows = {row.table.name: row.rect.copy() for row in join.table_buttons}
    appear("Aaron")
    drive.until(lambda: len(join.tables) == 4, what="the fourth table")
    assert [row.table.name for row in join.table_buttons][:3] == ["Mira", "Vega", "Aardvark"]
    assert all(row.rect == rows[row.table.name] for row in join.table_buttons
               if row.table.name in rows)


def test_a_started_table_keeping_your_seat_says_so_on_the_menu(drive: Driver) -> None:
    """The menu's row said only "Full" to a player whose seat the table keeps (the join screen
    said it; an outside LAN playtest): it says the seat is kept."""
    from types import SimpleNamespace

    from game.client.settings import SeatTokens

    def table(name: str, address: str, table_id: str = "t1") -> SimpleNamespace:
        return SimpleNamespace(name=name, game="stars", seats_total=2, seats_taken=2,
                               status="playing", compatible=True, password=False,
                               address=address, app="", protocol=0, host="127.0.0.1",
                               port=int(address.rsplit(":", 1)[1]), table_id=table_id)

    SeatTokens().put("127.0.0.1:47001", "a-token", "t1")
    menu = drive.scene
    menu.lan_tables.show([table("Ann's table", "127.0.0.1:47001")])
    drive.step()
    assert "Look at the Stars  ·  your seat is kept for you" in drawn_texts(drive.app)
    # another table, or a new table at the same address (the host closed the first one and
    # hosted again: a second outside playtest), is full
    for other in (table("Ben's table", "127.0.0.1:47002"),
                  table("Ann's new table", "127.0.0.1:47001", "t2")):
        menu.lan_tables.show([other])
        drive.step()
        texts = drawn_texts(drive.app)
        assert "Look at the Stars  ·  Full  ·  click or W: watch" in texts, (
            other.name, texts)
    # a finished game is neither full nor watched (a TV was offered to watch one: a playtest)
    over = table("Ann's table", "127.0.0.1:47001")
    over.status = "over"
    menu.lan_tables.show([over])
    drive.step()
    texts = drawn_texts(drive.app)
    assert "Look at the Stars  ·  Finished" in texts, texts
    assert not [text for text in texts if "watch" in text], texts


@pytest.mark.timeout(60)
def test_a_right_click_on_a_menu_table_watches_it(drive: Driver) -> None:
    """Right-click watched a table from the join screen but did nothing on the menu's list
    (a second outside playtest)."""
    from net.discovery import TableAd
    from net.wire import APP_VERSION, PROTOCOL_VERSION

    host = new_table("stars", {}, 5, [SeatSpec("open"), SeatSpec("open")], name="Open table")
    server = ServerThread(host, host="127.0.0.1", port=0)
    port = server.start()
    try:
        menu = drive.scene
        menu.lan_tables.show([TableAd("Open table._starparty._tcp.local.", "Open table",
                                      "stars", 0, 2, "lobby", PROTOCOL_VERSION,
                                      ("127.0.0.1",), port, APP_VERSION, False,
                                      host.table_id)])
        drive.step()
        drive.click(menu_row(menu, "Open table").rect.center, button=3)
        lobby = drive.scene
        assert isinstance(lobby, LobbyScene) and lobby.watching
        drive.until(lambda: lobby.session.info.get("seats"), what="the table's news")
        assert lobby.session.human_seats == [] and host.seats_taken() == 0
        lobby.leave()
    finally:
        server.stop()
        host.close()


def test_a_full_menu_table_says_it_can_be_watched_and_w_over_it_watches(drive: Driver) -> None:
    """A started or full table said only "Full" on the menu, and W with the mouse over its
    row did nothing (the row had no keyboard focus): an outside playtest."""
    from net.discovery import TableAd
    from net.wire import APP_VERSION, PROTOCOL_VERSION

    host = new_table("stars", {}, 5, [SeatSpec("ai", "Vega", "random"),
                                      SeatSpec("ai", "Rigel", "random")], name="Bots")
    server = ServerThread(host, host="127.0.0.1", port=0)
    port = server.start()
    try:
        host.start()
        menu = drive.scene
        ad = TableAd("Bots._starparty._tcp.local.", "Bots", "stars", 2, 2, "playing",
                     PROTOCOL_VERSION, ("127.0.0.1",), port, APP_VERSION, False,
                     host.table_id)
        menu.lan_tables.show([ad])
        drive.step()
        shown = " ".join(drawn_texts(drive.app))
        assert "Full  ·  click or W: watch" in shown, shown
        drive.move(menu_row(menu, "Bots").rect.center)
        drive.key(pygame.K_w)
        lobby = drive.scene
        assert getattr(lobby, "watching", False), lobby
        drive.until(lambda: lobby.session.info.get("seats"), what="the table's news")
        drive.scene.leave()  # the lobby, or the table it may have turned into meanwhile
        # a left click watches a full table too, as the row says (a pad's A: the same)
        menu = back_to_the_menu(drive)
        menu.lan_tables.show([ad])
        drive.step()
        drive.click(menu_row(menu, "Bots").rect.center)
        assert getattr(drive.scene, "watching", False), drive.scene
        drive.scene.leave()
        # with a pad in hand the row names its button (it named only the keyboard's and the
        # mouse's: a party's playtest)
        from tests.client.virtual_pads import VirtualPad, pump_until, tap

        menu = back_to_the_menu(drive)
        menu.lan_tables.show([ad])
        pad = VirtualPad()
        try:
            pump_until(drive.app, lambda: pad.instance_id in drive.app.devices.controllers)
            tap(drive.app, pad, pygame.CONTROLLER_BUTTON_DPAD_UP)
            drive.step()
            shown = " ".join(drawn_texts(drive.app))
            assert "Full  ·  A: watch" in shown and "W: watch" not in shown, shown
        finally:
            pad.unplug()
    finally:
        server.stop()
        host.close()


def test_a_game_waiting_for_you_takes_the_menus_focus_until_you_choose(drive: Driver) -> None:
    """A guest whose program restarted mid-game found Continue (an older solo game) focused,
    the table keeping their seat beside it, and Enter resumed the wrong game (a LAN evening's
    playtest): that table's row takes the focus when it appears, unless the player has
    pressed a key or clicked since the menu showed."""
    from types import SimpleNamespace

    from game.client.settings import SeatTokens

    def table(name: str, address: str, status: str) -> SimpleNamespace:
        return SimpleNamespace(name=name, game="stars", seats_total=2, seats_taken=2,
                               status=status, compatible=True, password=False,
                               address=address, app="", protocol=0, host="127.0.0.1",
                               port=int(address.rsplit(":", 1)[1]), table_id="t1")

    SeatTokens().put("127.0.0.1:47001", "a-token", "t1")
    menu = drive.scene
    open_one = table("Ben's table", "127.0.0.1:47002", "lobby")
    mine = table("Ann's table", "127.0.0.1:47001", "playing")
    menu.lan_tables.show([open_one])
    assert menu.lan_tables.focus is None, "an open table takes nothing"
    menu.lan_tables.show([open_one, mine])
    assert menu.lan_tables.focus == 1
    drive.step()
    joined: list = []
    menu.lan_tables.choose = lambda tables, chosen, watch=False: joined.append(chosen)
    drive.key(pygame.K_RETURN)
    assert joined == [mine], "Enter goes back to the game that waits"
    menu.lan_tables.focus = None
    menu.lan_tables.show([])
    drive.key(pygame.K_DOWN)  # the player chooses among the buttons...
    menu.lan_tables.show([open_one, mine])
    assert menu.lan_tables.focus is None, "...and the focus stays theirs"
