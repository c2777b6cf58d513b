"""The LAN part of ``starparty screenshots``: the join screen listing sample tables (open,
locked, full, another version; both games), the password prompt after a wrong password, the
host's waiting room of a locked table, and what leaving says to a LAN guest.

No network: the join screen browses nothing (its rows are ``TableAd``s made here), the host's
table is served by no socket (``PicturedServer`` only says where it would listen), and the
guest reaches its table through an in-process connection (``net.local``), as a remote seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.ai import default_level
from game.client.i18n import _
from game.client.kits import get_kit, playable_games
from game.client.net_text import error_text
from game.client.scenes.lan import JoinScene, LobbyScene
from game.client.scenes.menu import MainMenuScene
from game.client.session import HostSession, RemoteSession
from net.server import DEFAULT_PORT

if TYPE_CHECKING:
    from game.client.shooter import Shooter
    from net.discovery import TableAd

#: the LAN address the pictures show (a private network's, as a player's would be)
PICTURED_ADDRESS = "192.168.1.20"
#: the password of the pictured locked tables, and the wrong one typed first
PASSWORD, WRONG_PASSWORD = "orion", "orien"
#: a newer Star Party than any this window could be (its table cannot be joined)
NEWER_APP = "0.2.0"


@dataclass
class PicturedServer:
    """Stands in for ``net.server.ServerThread`` in the host's waiting room: the port and
    password it shows, no socket."""

    password: str
    port: int = DEFAULT_PORT
    server: Any = field(init=False)

    def __post_init__(self) -> None:
        self.server = self  # the waiting room reads ``server.server.password``

    def stop(self) -> None:
        """Nothing listens."""


@dataclass
class PicturedAdvertiser:
    """Stands in for ``net.discovery.Advertiser``: the address the waiting room shows."""

    addresses: list[str] = field(default_factory=lambda: [PICTURED_ADDRESS])

    def update(self, **_changes: Any) -> None:
        """Nothing is advertised."""

    def close(self) -> None:
        """Nothing to withdraw."""


def sample_tables() -> list[TableAd]:
    """What a LAN party's join screen might list: an open table, a locked one, a full one
    (of another game a spectator can watch: Stargazer), one of another version, one already
    playing."""
    from net.discovery import TableAd
    from net.wire import APP_VERSION, PROTOCOL_VERSION

    def ad(name: str, game: str, taken: int, total: int, host: int, *, status: str = "lobby",
           password: bool = False, newer: bool = False) -> TableAd:
        return TableAd(f"{name}._starparty._tcp.local.", name, game, taken, total, status,
                       PROTOCOL_VERSION + 1 if newer else PROTOCOL_VERSION,
                       (f"192.168.1.{host}",), DEFAULT_PORT, NEWER_APP if newer else APP_VERSION,
                       password)

    games = playable_games()
    # the first game and the next one whose table a spectator can watch (a third game's kit,
    # which cannot, took the second game's place: an outside developer adding a game)
    first = games[0]
    other = next((g for g in games[1:] if get_kit(g).watch), games[-1])
    return [ad("Vega's table", first, 1, 4, 21),
            ad("Orion's table", other, 2, 4, 22, password=True),
            ad("Bea's table", other, 4, 4, 23),
            ad("Kenji's table", first, 1, 3, 24, newer=True),
            ad("Deneb's table", first, 3, 3, 25, status="playing")]


def shoot(shot: Shooter) -> None:
    """From the main menu: ``lan-join``, ``lan-password``, ``lan-host-lobby``,
    ``lan-guest-leave``; back to the menu."""
    app = shot.app
    join = JoinScene(app, browse=False)
    app.push(join)
    tables = sample_tables()
    join.show_tables(tables)
    shot.step(10)
    shot.save("lan-join")
    locked = next(table for table in tables if table.password)
    # the password was asked for, typed wrong and refused by the host: asked again
    join.refused(locked.host, locked.port, locked.instance, WRONG_PASSWORD, "bad_password",
                 error_text("bad_password"))
    shot.step(10)
    shot.save("lan-password")
    app.reset_to(MainMenuScene(app))
    host_waiting_room(shot)
    app.reset_to(MainMenuScene(app))
    guest_leaving(shot)
    app.reset_to(MainMenuScene(app))
    shot.step(2)


def host_waiting_room(shot: Shooter) -> None:
    """The host's setup with a password typed, then its waiting room: one friend is here,
    the address and the password to tell the others."""
    from game.client.shooter import SEED
    from game.tables import new_table
    from net.local import LocalConnection

    app = shot.app
    app.scene.button("Host LAN game").activate()
    setup = app.scene
    setup.count.set_value(4)  # two seats still free: the start button offers bots for them
    setup._refresh()
    setup.password.value = PASSWORD
    shot.step(5)
    shot.look("lan-host-setup")
    config = setup.config()
    table = new_table(config.game, dict(config.options), SEED, config.seat_specs(),
                      name=_("{name}'s table").format(name=app.settings.player_name),
                      ai_delay=0.0, autosave_dir=None)
    host_seat = next(s["seat"] for s in table.info()["seats"] if s["kind"] == "human")
    session = HostSession(table, LocalConnection.for_seat(table, host_seat),
                          PicturedServer(PASSWORD), PicturedAdvertiser())
    friend = LocalConnection.join(table, "Bea")
    app.push(LobbyScene(app, session, hosting=True))
    shot.step(10)
    shot.save("lan-host-lobby")
    friend.close()
    session.close()


def guest_leaving(shot: Shooter) -> None:
    """A guest at a started table of the first game (Look at the Stars) presses Esc: what
    leaving does."""
    from game.client.shooter import SEED
    from game.tables import new_table
    from net.local import LocalConnection
    from net.table import SeatSpec

    app = shot.app
    game = playable_games()[0]
    table = new_table(game, {}, SEED, [SeatSpec("human", "Orion"), SeatSpec("open"),
                                       SeatSpec("ai", "Vega", default_level(game))],
                      name="Orion's table", ai_delay=0.0, autosave_dir=None)
    shot.tables.append(table)  # a guest's session holds no table: the shooter waits for its bot
    session = RemoteSession(LocalConnection.join(table, app.settings.player_name))
    lobby = LobbyScene(app, session, hosting=False)
    app.push(lobby)
    shot.step(2)
    table.start(fill_open=None)
    shot.until(lambda: app.scene is not lobby and getattr(app.scene, "view", None) is not None)
    shot.step(30)
    shot.key(pygame.K_ESCAPE)
    shot.step(5)
    shot.save("lan-guest-leave")
    shot.tables.remove(table)
    session.close()
    table.close()
