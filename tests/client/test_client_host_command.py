"""``starparty host`` without ``--headless``: the window opens straight into hosting the table
the options describe (loopback only, no LAN advertisement)."""

from __future__ import annotations

import socket
from pathlib import Path

import pygame
import pytest

from game.client.loop import ManualClock
from game.client.scenes.lan import LobbyScene
from game.client.settings import Settings
from game.client.stars.table import StarsTableScene
from game.commands.host import host_app
from game.commands.host import main as host_main
from game.tables import parse_options, parse_seats
from net.client import Client
from tests.client.clienthelpers import Driver

#: zeroconf on loopback is shared by every process: the modules that advertise or browse run
#: on one pytest-xdist worker, so one's tables never show in another's lobby
pytestmark = [pytest.mark.timeout(60), pytest.mark.xdist_group("zeroconf")]


def hosting(argv: list[str], language: str = "") -> Driver:
    def build(clock: ManualClock):  # noqa: ANN202
        return host_app(["--bind", "127.0.0.1", "--port", "0", "--no-discovery", "--ai-delay",
                         "0", *argv], clock=clock,
                        settings=Settings(player_name="Ann", language=language),
                        save_settings=False)

    return Driver(build=build)


def test_the_window_opens_on_the_hosted_table_with_the_given_options(
        config_dir: Path, autosave_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    drive = hosting(["--name", "Orion", "--password", "pw", "--seats", "3", "--seed", "12",
                     "--option", "live_score=true", "--autosave-dir", str(autosave_dir)])
    clients: list[Client] = []
    try:
        lobby = drive.scene
        assert isinstance(lobby, LobbyScene) and lobby.hosting
        table = lobby.session.table
        port = lobby.session.server.port
        assert f"listening on 127.0.0.1:{port}" in capsys.readouterr().out
        assert table.name == "Orion" and table.seed == 12
        assert table.options["live_score"] is True
        assert [(s["kind"], s["name"]) for s in table.info()["seats"]] == [
            ("human", "Ann"), ("open", "Player 2"), ("open", "Player 3")]
        assert lobby.session.advertiser is None, "--no-discovery: not advertised"
        intruder = Client("127.0.0.1", port, "Eve", password="nope", reconnect=False)
        clients.append(intruder)
        drive.until(lambda: (intruder.poll(), intruder.last_error)[1] is not None,
                    what="the refusal")
        assert intruder.last_error["code"] == "bad_password"
        for taken, name in enumerate(("Bea", "Cy"), start=2):
            clients.append(Client("127.0.0.1", port, name, password="pw", reconnect=False))
            drive.until(lambda taken=taken: table.seats_taken() == taken, what=name)
        # --start full (the default): the game begins by itself once every seat is taken
        drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the game")
        assert drive.scene.session.names == ["Ann", "Bea", "Cy"]
        assert table.status == "playing"
        assert table.autosave_path is not None and table.autosave_path.parent == autosave_dir
    finally:
        for client in clients:
            client.close()
        drive.close()


def test_start_now_fills_free_seats_with_bots(config_dir: Path, autosave_dir: Path) -> None:
    drive = hosting(["--seats", "open,ai:greedy", "--start", "now", "--no-autosave"])
    try:
        drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the game")
        assert drive.scene.session.kinds == ["human", "ai", "ai"]
        assert drive.scene.session.table.autosave_path is None
    finally:
        drive.close()


def test_a_first_start_host_is_asked_their_name_over_the_table(
        config_dir: Path, autosave_dir: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``starparty host`` on a fresh machine went straight to the lobby and the host played
    as "Player" (an outside playtest): the name is asked over the hosted table, and the
    host's seat, the table's name and a guest who joined meanwhile all follow it."""
    from game.client.scenes.title import NameScene
    from tests.client.test_client_player_name import login

    login(monkeypatch, None)

    def first_start(*argv: str) -> Driver:
        def build(clock: ManualClock):  # noqa: ANN202
            return host_app(["--bind", "127.0.0.1", "--port", "0", "--no-discovery",
                             "--no-autosave", *argv], clock=clock, settings=Settings(),
                            save_settings=False)

        return Driver(build=build)

    drive = first_start("--seats", "3")
    guest = None
    try:
        prompt = drive.scene
        assert isinstance(prompt, NameScene), "no name chosen yet: asked before anything"
        session = drive.app.stack[-2].session
        table = session.table
        guest = Client("127.0.0.1", session.server.port, "Bea", reconnect=False)
        drive.until(lambda: table.seats_taken() == 2, what="the guest")
        drive.key(pygame.K_RETURN)
        assert drive.scene is prompt and prompt.refused, "a blank name is still refused"
        drive.type_text("Zoe")
        drive.key(pygame.K_RETURN)
        lobby = drive.scene
        assert isinstance(lobby, LobbyScene) and lobby.hosting
        assert drive.app.settings.name_chosen and drive.app.settings.player_name == "Zoe"
        assert [s["name"] for s in table.info()["seats"]][:2] == ["Zoe", "Bea"]
        assert table.name == "Zoe's table"
        assert "the table is now \"Zoe's table\"" in capsys.readouterr().out, \
            "the terminal says the new name too"
        drive.until(lambda: (guest.poll(), guest.table or {})[1].get("name") == "Zoe's table",
                    what="the guest hears the table's new name")
        assert [s["name"] for s in guest.table["seats"]][:2] == ["Zoe", "Bea"]
    finally:
        if guest is not None:
            guest.close()
        drive.close()
    # a table named on the command line keeps its name; Esc goes to the table, the name
    # still to choose
    drive = first_start("--name", "Orion")
    try:
        drive.step()
        drive.type_text("Zoe")
        drive.key(pygame.K_RETURN)
        table = drive.scene.session.table
        assert table.name == "Orion" and table.info()["seats"][0]["name"] == "Zoe"
    finally:
        drive.close()
    drive = first_start()
    try:
        assert isinstance(drive.scene, NameScene)
        drive.key(pygame.K_ESCAPE)
        assert isinstance(drive.scene, LobbyScene) and not drive.app.settings.name_chosen
    finally:
        drive.close()


def test_a_busy_port_and_options_the_window_cannot_honour_are_one_clear_sentence(
        config_dir: Path, autosave_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status = host_main(["--bind", "127.0.0.1", "--port", str(port), "--no-discovery"])
    assert status == 2
    assert f"port {port} is already in use" in capsys.readouterr().err
    from dataclasses import replace

    from game.registry import games, registered

    # a game this window has no table for
    with registered(replace(games()["stargazer"], client_kit=None)):
        assert host_main(["--game", "stargazer", "--no-discovery"]) == 2
    assert "--headless" in capsys.readouterr().err
    assert host_main(["--seats", "9", "--no-discovery"]) == 2
    assert "2 to 8 seats" in capsys.readouterr().err
    with pytest.raises(ValueError, match="2 to 8 seats"):
        parse_seats("9", host="Ann")
    with pytest.raises(ValueError, match="use open, remote"):
        parse_seats("dragons", host="Ann")
    with pytest.raises(ValueError, match="use open, remote"):  # (int() refused "²" in its words)
        parse_seats("\u00b2", host="Ann")
    assert parse_options(["k=--5", "n=\u00b2", "m=-3", "on=true"]) == {
        "k": "--5", "n": "\u00b2", "m": -3, "on": True}, "a number is ASCII digits, one sign"
    assert [s.kind for s in parse_seats("remote:Bo,ai:random", host="Ann")] == [
        "human", "remote", "ai"]
    assert len(parse_seats("4", host="Ann")) == 4, "--seats 4 counts the host's own seat"
    # a level the game has no bot for is refused in words (Stargazer's "ai:greedy" silently
    # played random: an outside playtest); a level of that game is taken
    with pytest.raises(ValueError, match="stargazer has no bot level 'greedy'; its levels: "):
        parse_seats("open,ai:greedy,ai:greedy", "stargazer")
    assert [s.bot for s in parse_seats("open,ai:greedy", "stars")] == [None, "greedy"]
    # bots are named after stars, as a window names them (a headless host's "Player 3" read
    # as a person in the join list, the log and the review: an outside playtest)
    named = parse_seats("remote:Ann,ai,ai:easy,open", "stars")
    assert [s.name for s in named] == ["Ann", "Vega", "Altair", ""]
    assert host_main(["--game", "stargazer", "--seats", "ai:greedy,ai,ai", "--headless",
                      "--no-discovery"]) == 2
    assert "no bot level 'greedy'" in capsys.readouterr().err


def _hosted_save(directory: Path, password: str | None = None) -> tuple[Path, str]:
    """A LAN game hosted at a window, mid-game: (its autosave, the guest's token)."""
    from game.tables import new_table, note_password
    from net.local import LocalConnection
    from net.table import SeatSpec

    table = new_table("stars", {}, 5, [SeatSpec("human", "Ann"), SeatSpec("open")],
                  autosave_dir=directory)
    note_password(table, password)  # (as serving it does)
    _, token = table.join("Bea")
    table.start()
    host = LocalConnection.for_seat(table, 0)
    host.poll()
    host.send_move({"t": "skip"})
    table.close()
    assert table.version == 1
    return table.autosave_path, token


def test_host_resume_serves_the_saved_game_again_and_the_guest_reclaims_her_seat(
        config_dir: Path, autosave_dir: Path) -> None:
    path, token = _hosted_save(autosave_dir)
    drive = hosting(["--resume", str(path)])
    guest = None
    try:
        drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the saved game")
        table = drive.scene
        assert table.session.table.version == 1 and table.session.human_seats == [0]
        guest = Client("127.0.0.1", table.session.server.port, "Bea", token=token,
                       reconnect=False)
        snapshot = guest.wait_for(lambda m: m["t"] == "snapshot", 10)
        assert snapshot is not None and guest.seat == 1 and snapshot["version"] == 1
    finally:
        if guest is not None:
            guest.close()
        drive.close()


def test_continue_a_lan_game_serves_it_again(config_dir: Path, autosave_dir: Path) -> None:
    from game.client.scenes.menu import CONTINUE

    path, token = _hosted_save(autosave_dir)
    drive = Driver(start="menu")
    guest = None
    try:
        assert drive.scene.resumable == path
        drive.click(drive.scene.button(CONTINUE).rect.center)
        table = drive.scene
        assert isinstance(table, StarsTableScene) and table.departures.hosting
        guest = Client("127.0.0.1", table.session.server.port, "Bea", token=token,
                       reconnect=False)
        assert guest.wait_for(lambda m: m["t"] == "snapshot", 10) is not None
        assert guest.seat == 1
        drive.until(lambda: table.session.info["seats"][1]["connected"], what="Bea back")
    finally:
        if guest is not None:
            guest.close()
        drive.close()


def test_continue_a_lan_game_that_had_a_password_asks_for_it_again(
        config_dir: Path, autosave_dir: Path) -> None:
    """A LAN table served with a password came back from Continue open to anyone, without a
    word (a save keeps no password: an outside client): the host is asked for it again, and
    may leave it empty to serve the table open."""
    from game.client.scenes.menu import CONTINUE
    from game.client.scenes.saved_games import HostAgainPrompt

    path, token = _hosted_save(autosave_dir, password="sesame")
    drive = Driver(start="menu")
    guests: list[Client] = []
    try:
        drive.click(drive.scene.button(CONTINUE).rect.center)
        prompt = drive.scene
        assert isinstance(prompt, HostAgainPrompt), prompt
        drive.type_text("sesame")
        drive.key(pygame.K_RETURN)
        table = drive.scene
        assert isinstance(table, StarsTableScene) and table.departures.hosting
        port = table.session.server.port
        guests.append(Client("127.0.0.1", port, "Bea", token=token, reconnect=False))
        refused = guests[-1].wait_for(lambda m: m["t"] == "error", 10)
        assert refused is not None and refused["code"] == "bad_password", refused
        guests.append(Client("127.0.0.1", port, "Bea", token=token, password="sesame",
                             reconnect=False))
        assert guests[-1].wait_for(lambda m: m["t"] == "snapshot", 10) is not None
    finally:
        for guest in guests:
            guest.close()
        drive.close()


def test_a_window_host_resuming_a_protected_table_without_its_password_is_told(
        config_dir: Path, autosave_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``starparty host --resume`` (the window) served a table that had a password open to
    anyone, without a word: it says so, and with ``--password`` it says nothing."""
    for given, told in (([], True), (["--password", "sesame"], False)):
        path, _token = _hosted_save(autosave_dir / str(told), password="sesame")
        drive = hosting(["--resume", str(path), *given])
        try:
            drive.until(lambda d=drive: isinstance(d.scene, StarsTableScene), what="the game")
        finally:
            drive.close()
        out = capsys.readouterr().out
        assert ("had a password; it is served without one" in out) == told, out


def test_a_japanese_window_hosts_free_seats_under_japanese_names(
        config_dir: Path, autosave_dir: Path) -> None:
    """`starparty host` in a Japanese window listed its free seats as "Player 2", "Player 3"
    (hosting from the menu said 「プレイヤー2」: an outside re-check)."""
    from game.client import i18n

    drive = hosting(["--seats", "3", "--autosave-dir", str(autosave_dir)], language="ja")
    try:
        names = [seat["name"] for seat in drive.scene.session.info["seats"]]
        assert names[1:] == ["プレイヤー2", "プレイヤー3"], names
    finally:
        drive.close()
        i18n.set_language("en")
