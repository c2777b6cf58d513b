"""Stargazer everywhere the window offers a game: the Rules screen, Continue, LAN (join a table
by address and play it to the end against bots, host from the window), joining either game,
the colour-blind setting, every window size."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.client.scenes.lan import JoinScene, LobbyScene
from game.client.scenes.menu import CONTINUE
from game.client.scenes.results import ResultsScene
from game.client.session import GameConfig, SeatChoice
from game.client.stargazer.table import StargazerTableScene
from game.client.stars.table import StarsTableScene
from game.rules.stargazer import CREWS, PLANET_TYPES, RULESET
from game.tables import new_table
from net.client import Client
from net.remote_bot import BotPlayer
from net.server import ServerThread
from net.table import SeatSpec
from tests.client.clienthelpers import Driver
from tests.client.sg_play import (
    bea_goes_away,
    bea_joins_the_game,
    open_stargazer_rules,
    play_to_results,
    play_turn,
)


def test_the_rules_screen_has_every_crew_and_planet(drive) -> None:  # noqa: ANN001
    rules = open_stargazer_rules(drive)
    drive.step()
    headings = [line for kind, line in rules.lines if kind == "heading"]
    body = " ".join(line for kind, line in rules.lines if kind == "body")
    for crew in CREWS:
        assert crew["name"] in headings
        assert " ".join(crew["text"].split()[:6]) in body
    for info in PLANET_TYPES.values():
        assert info["name"] in headings
        assert " ".join(str(vp) for vp in info["track"]) in body
    for word in ("Majority", "Specialty", "Round end", "Investigating"):
        assert word in headings
    # what a first-time player missed (a playtest): how the first start player is chosen
    # (the Japanese page said it, the English did not), the keys without a mouse, and the
    # 0 square told apart from an accident
    for words in ("The first start player is chosen at random",
                  "Without the mouse: Left / Right choose a crew",
                  "Up / Down change the number of cubes", "not an accident"):
        assert words in body, words
    for _ in range(80):  # the whole page scrolls into view
        drive.key(pygame.K_PAGEDOWN)
    assert rules.scroll == rules.max_scroll > 0


@pytest.mark.timeout(60)
def test_continue_brings_back_a_stargazer_game(config_dir: Path, autosave_dir: Path) -> None:
    first = Driver(start="menu")
    try:
        config = GameConfig("stargazer", [SeatChoice("human", "Ann"),
                                          SeatChoice("ai", "Vega", "random"),
                                          SeatChoice("ai", "Rigel", "random")],
                            {"start_player": 0}, "solo")
        table = StargazerTableScene(first.app, config, 21)
        first.app.push(table)
        first.until(lambda: table.phase() == "crew")
        rng = random.Random(2)
        while table.view["round"] < 2:
            if table.phase() in ("crew", "skill", "investigate", "start_player"):
                key = table.turn_key
                play_turn(first, table, rng)
                first.until(lambda key=key: table.turn_key != key)
            else:
                first.step()
        played = table.session.table
        version, path = played.version, played.autosave_path
        assert path is not None and version > 3
    finally:
        first.close()
    second = Driver(start="menu")
    try:
        menu = second.scene
        assert menu.form.widgets[0].label == CONTINUE
        second.click(menu.button(CONTINUE).rect.center)
        resumed = second.scene
        assert isinstance(resumed, StargazerTableScene)
        second.until(lambda: resumed.view is not None)
        assert resumed.session.table.version == version
        assert resumed.view["tracks"] == played.state["tracks"]
        assert resumed.session.names == ["Ann", "Vega", "Rigel"]
        second.until(lambda: resumed.phase() in ("crew", "skill", "investigate",
                                                 "start_player"))
        key = resumed.turn_key
        play_turn(second, resumed, random.Random(3))
        second.until(lambda: resumed.turn_key != key, what="a move in the continued game")
    finally:
        second.close()


def join_by_address(drive: Driver, port: int) -> LobbyScene:
    drive.click(drive.scene.button("Join LAN game").rect.center)
    join = drive.scene
    assert isinstance(join, JoinScene)
    drive.click(join.address.rect.center)
    drive.type_text(f"127.0.0.1:{port}")
    drive.key(pygame.K_RETURN)
    lobby = drive.scene
    assert isinstance(lobby, LobbyScene) and not lobby.hosting
    return lobby


@pytest.mark.timeout(120)
def test_join_a_stargazer_table_and_play_it_to_the_end_with_bots(drive) -> None:  # noqa: ANN001
    host = new_table("stargazer", {}, 31, [SeatSpec("open", "Seat 1"),
                                          SeatSpec("ai", "Vega", "random"),
                                          SeatSpec("ai", "Rigel", "random")])
    server = ServerThread(host, host="127.0.0.1", port=0)
    port = server.start()
    try:
        lobby = join_by_address(drive, port)
        drive.until(lambda: host.seats_taken() == 3, what="the join")
        drive.until(lambda: lobby.session.human_seats == [0], what="the welcome")
        host.start()
        drive.until(lambda: isinstance(drive.scene, StargazerTableScene), what="the table")
        table = drive.scene
        assert table.session.names == [drive.app.settings.player_name, "Vega", "Rigel"]
        seen = play_to_results(drive, table, random.Random(4))
        assert seen["moves"][0], "this window played its seat over the network"
        results = drive.scene
        assert isinstance(results, ResultsScene)
        assert results.scores == RULESET.score(host.state)
        assert not results.form.widgets[0].enabled, "the host decides about another game"
        drive.key(pygame.K_ESCAPE)
    finally:
        server.stop()
        host.close()


@pytest.mark.timeout(90)
def test_host_stargazer_from_the_window_a_network_bot_joins(drive) -> None:  # noqa: ANN001
    from game.ai import make_bot

    drive.click(drive.scene.button("Host LAN game").rect.center)
    setup = drive.scene
    while setup.game.value != "stargazer":
        drive.key(pygame.K_RIGHT)
    assert setup.count.value == 3 and setup.seats[1].value == "open"
    while setup.seats[2].value != "random":
        drive.click((setup.seats[2].rect.right - 10, setup.seats[2].rect.centery))
    drive.click(setup.start.rect.center)
    lobby = drive.scene
    assert isinstance(lobby, LobbyScene) and lobby.hosting
    client = Client("127.0.0.1", lobby.session.server.port, "Bea", reconnect=False)
    guest = BotPlayer(client, RULESET, make_bot("stargazer", "random", 5), seed=5)
    drive.hooks.append(guest.step)
    try:
        drive.until(lambda: lobby.session.table.seats_taken() == 3, what="Bea to join")
        drive.click(lobby.start_button.rect.center)
        drive.until(lambda: isinstance(drive.scene, StargazerTableScene), what="the game")
        table = drive.scene
        assert table.session.names[1] == "Bea" and table.departures.hosting
        rng = random.Random(9)
        while table.view["round"] < 3:  # two rounds with the network player
            if table.phase() in ("crew", "skill", "investigate", "start_player"):
                key = table.turn_key
                play_turn(drive, table, rng)
                drive.until(lambda key=key: table.turn_key != key)
            else:
                drive.step()
        assert guest.moves_sent >= 2, "Bea played from her machine"
        assert table.view == table.session.table.view(0), "the host's screen follows its table"
    finally:
        drive.hooks.remove(guest.step)
        client.close()


@pytest.mark.timeout(60)
@pytest.mark.parametrize("game, scene", [("stars", StarsTableScene),
                                         ("stargazer", StargazerTableScene)])
def test_the_window_survives_joining_a_table_of_either_game(drive, game, scene) -> None:  # noqa: ANN001
    bots = [SeatSpec("ai", "Vega", "random"), SeatSpec("ai", "Rigel", "random")]
    host = new_table(game, {}, 8, [SeatSpec("open", "Seat 1"), *bots[:2 if game ==
                                                                       "stargazer" else 1]])
    server = ServerThread(host, host="127.0.0.1", port=0)
    port = server.start()
    try:
        lobby = join_by_address(drive, port)
        drive.until(lambda: lobby.session.human_seats == [0], what="the welcome")
        host.start()
        drive.until(lambda: isinstance(drive.scene, scene), what=f"the {game} table")
        table = drive.scene
        drive.until(lambda: table.view is not None)
        for size in ((1920, 1080), (1280, 720)):
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0],
                                                 h=size[1]))
            drive.step(10)
        assert drive.scene is table and drive.app.running
        drive.key(pygame.K_ESCAPE)  # leave: asks first ("Keep playing" has the focus)
        dialog = drive.scene
        drive.click(dialog.form.widgets[1].rect.center)
        assert type(drive.scene).__name__ == "MainMenuScene"
    finally:
        server.stop()
        host.close()


def test_the_colour_blind_palette_is_a_setting_the_table_follows(drive, config_dir) -> None:  # noqa: ANN001
    from game.client.settings import Settings
    from game.client.stargazer.palette import CLASSIC, COLOUR_BLIND

    drive.click(drive.scene.button("Settings").rect.center)
    settings = drive.scene
    assert settings.colours.value is False
    drive.click((settings.colours.rect.right - 10, settings.colours.rect.centery))
    assert drive.app.settings.colour_blind is True
    assert Settings.load(config_dir / "settings.json").colour_blind is True, "remembered"
    drive.key(pygame.K_ESCAPE)
    config = GameConfig("stargazer", [SeatChoice("human", "Ann"),
                                      SeatChoice("ai", "Vega", "random"),
                                      SeatChoice("ai", "Rigel", "random")],
                        {"start_player": 1}, "solo")
    table = StargazerTableScene(drive.app, config, 4)
    drive.app.push(table)
    drive.until(lambda: table.phase() == "crew", what="Ann's first turn")
    drive.step(60)  # Vega's cubes have landed
    assert table.palette is COLOUR_BLIND
    geo = table.ring.geo
    planet = next(p for p, queue in enumerate(table.view["tracks"]) if queue)
    rect = geo.square_rect(planet, 1)
    size = geo.square_size - geo.px(3)
    face = drive.pixel((rect.centerx - int(size * 0.32), rect.centery + int(size * 0.25)))
    owner = table.view["tracks"][planet][0]
    assert face == COLOUR_BLIND.player(owner) != CLASSIC.player(owner)


@pytest.mark.timeout(60)
def test_starparty_host_opens_a_stargazer_table_in_the_window(config_dir: Path,
                                                               autosave_dir: Path) -> None:
    """``starparty host --game stargazer`` (no ``--headless``): the window hosts and plays it."""
    from game.client.settings import Settings
    from game.commands.host import host_app

    def build(clock):  # noqa: ANN001, ANN202
        return host_app(["--game", "stargazer", "--seats", "ai:random,ai:random", "--start",
                         "now", "--bind", "127.0.0.1", "--port", "0", "--no-discovery",
                         "--ai-delay", "0", "--no-autosave"], clock=clock,
                        settings=Settings(player_name="Ann"), save_settings=False)

    drive = Driver(build=build)
    try:
        drive.until(lambda: isinstance(drive.scene, StargazerTableScene), what="the table")
        table = drive.scene
        assert table.session.kinds == ["human", "ai", "ai"] and table.departures.hosting
        drive.until(lambda: table.phase() in ("crew", "skill", "investigate"),
                    what="Ann's turn")
        key = table.turn_key
        play_turn(drive, table, random.Random(1))
        drive.until(lambda: table.turn_key != key, what="Ann's move")
    finally:
        drive.close()


@pytest.mark.timeout(90)
def test_the_host_lets_a_bot_play_on_for_a_stargazer_player_who_left(drive) -> None:  # noqa: ANN001
    from game.client.departures import REPLACE_AFTER

    drive.click(drive.scene.button("Host LAN game").rect.center)
    setup = drive.scene
    while setup.game.value != "stargazer":
        drive.key(pygame.K_RIGHT)
    while setup.seats[2].value != "random":
        drive.click((setup.seats[2].rect.right - 10, setup.seats[2].rect.centery))
    drive.click(setup.start.rect.center)
    table, bea = bea_joins_the_game(drive, drive.scene)
    bea_goes_away(drive, table, bea)
    assert not table.departures.buttons, "a short absence is waited out"
    drive.step(int(REPLACE_AFTER / 0.25) + 4, seconds=0.25)
    button = table.departures.buttons[1]
    assert "Bea" in button.label and table.departures.rect.contains(button.rect)
    drive.click(button.rect.center)
    drive.step(2)
    assert table.session.info["seats"][1]["kind"] == "ai" and not table.departures.buttons
    rng = random.Random(2)
    while table.view["round"] < 2:  # the bot plays Bea's turns now
        if table.phase() in ("crew", "skill", "investigate", "start_player"):
            key = table.turn_key
            play_turn(drive, table, rng)
            drive.until(lambda key=key: table.turn_key != key)
        else:
            drive.step()
    drive.key(pygame.K_ESCAPE)


def test_naming_the_start_player_is_told_as_part_of_the_round_it_starts() -> None:
    """The engine counts the new round as soon as the last one ends, so the header read
    "Round 5 · Ann names the next start player" at the end of round 4 (a new player's
    playtest): the words now name the round the header shows."""
    from game.client.stargazer.panels import phase_words
    from game.rules.stargazer import RULESET as STARGAZER

    state = STARGAZER.setup({"players": 3, "start_player": 0}, 3)
    while state["phase"] != "start_player":
        seat = state["current"]
        STARGAZER.apply(state, seat, STARGAZER.legal_moves(state, seat)[0])
    assert state["round"] == 2, "the round it names the start player of"
    header = f"Round {state['round']}  ·  {phase_words(state['phase'], 'Ann')}"
    assert header == "Round 2  ·  Ann names who starts this round"


@pytest.mark.timeout(60)
def test_a_click_on_another_crew_after_the_pick_says_the_pick_stands(drive) -> None:  # noqa: ANN001
    """Clicking another crew after the pick did nothing and said nothing (a 4K playtest)."""
    from game.client.kits import get_kit
    from game.client.session import GameConfig, SeatChoice

    config = GameConfig("stargazer", [SeatChoice("human", "Ann"), SeatChoice("ai", "B", "normal"),
                                      SeatChoice("ai", "C", "normal")])
    drive.app.push(get_kit("stargazer").open_table(drive.app, config, 7, None))
    table = drive.scene
    drive.until(lambda: table.phase() == "crew" and not table.decision_blocks(), timeout=60,
                what="Ann's crew pick")
    picked = table.legal_crews()[0]
    drive.click(table.crew_rects[picked].center)
    drive.click(table.crew_rects[picked].center)  # chosen, then picked
    drive.until(lambda: table.phase() in ("skill", "investigate") and not table.pacer.busy,
                timeout=30, what="the rest of Ann's turn")
    other = next(i for i in range(len(table.view["crews"])) if i != picked)
    drive.click(table.crew_rects[other].center)
    assert table.status is not None and "picked" in str(table.status[0]), table.status
    assert table.view["active_crew"] == picked
