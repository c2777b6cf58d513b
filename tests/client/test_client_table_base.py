"""One table-scene base for every game (issue 24 point 3): the session plumbing (set-up,
handover, departures, leaving, results) lives in ``GameTableScene`` against the declared
``Session`` protocol, and each game's table writes only its drawing and input."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.client.kits import get_kit, playable_games
from game.client.record import GameRecord
from game.client.replay_session import ReplaySession
from game.client.scenes.dialog import ConfirmDialog
from game.client.scenes.handover import HandoverScene
from game.client.scenes.table import GameTableScene
from game.client.session import (
    GameConfig,
    HostSession,
    LocalSession,
    RemoteSession,
    SeatChoice,
    Session,
)
from game.client.stargazer.table import StargazerTableScene
from game.client.stars.table import StarsTableScene
from tests.games import PROJECT_GAMES

#: what the base does once for every game: no game's table writes its own
PLUMBING = ("back", "leave", "exit", "enter", "show_handover", "show_results", "say",
            "_seat_news", "update", "handle", "undo_previous")


@pytest.mark.parametrize("scene", [StarsTableScene, StargazerTableScene])
def test_each_games_table_builds_on_the_base_and_repeats_none_of_its_plumbing(
        scene: type) -> None:
    assert issubclass(scene, GameTableScene)
    copied = [name for name in PLUMBING if name in vars(scene)]
    allowed = {"enter", "update"} & set(copied)  # extended with super(): the opening handover
    assert set(copied) == allowed, copied


def protocol_members() -> list[str]:
    names = set(Session.__annotations__)
    names |= {name for name in vars(Session) if not name.startswith("_")}
    return sorted(names)


def test_every_session_offers_what_a_table_scene_asks() -> None:
    """Solo (and hot-seat), a LAN guest and a replay answer the ``Session`` protocol."""
    config = GameConfig("stars", [SeatChoice("human", "Ann"), SeatChoice("ai", "Vega")])
    local = LocalSession(config, 3, ai_delay=0.0)
    guest = RemoteSession(SimpleNamespace(seat=None))
    record = GameRecord("stars", {"players": 2}, 3, [], ["Ann", "Vega"], ["human", "ai"])
    replay = ReplaySession(record)
    try:
        for session in (local, guest, replay):
            missing = [name for name in protocol_members() if not hasattr(session, name)]
            assert missing == [], (type(session).__name__, missing)
        assert issubclass(HostSession, LocalSession)
        assert (local.replay, guest.replay, replay.replay) == (False, False, True)
    finally:
        local.close()


def test_a_stargazer_handover_offers_no_undo_that_does_nothing(drive) -> None:  # noqa: ANN001
    """A Stargazer move is final once sent: the handover offers only "I am ..."; the table has
    no empty ``undo`` kept for it."""
    kit = get_kit("stargazer")
    config = GameConfig("stargazer", [SeatChoice("human", "Ann"), SeatChoice("human", "Bo"),
                                      SeatChoice("ai", "Vega")], {"start_player": 1})
    drive.app.push(kit.open_table(drive.app, config, 3, None))
    drive.until(lambda: isinstance(drive.scene, HandoverScene), what="the handover")
    handover = drive.scene
    # (its table is public: no board of one's own to show, a playtest)
    assert [widget.label for widget in handover.form.widgets] == ["I am Bo: my turn"]
    assert not hasattr(handover.table, "undo")


def test_a_stargazer_hot_seat_game_hands_over_its_first_turn_too(drive) -> None:  # noqa: ANN001
    """A hot-seat game (a continued one too) opened on the first player's turn at once, where
    Look at the Stars asks who is at the screen (a playtest): the first turn is handed over."""
    kit = get_kit("stargazer")
    config = GameConfig("stargazer", [SeatChoice("human", "Ann"), SeatChoice("human", "Bo"),
                                      SeatChoice("ai", "Vega")], {"start_player": 0})
    drive.app.push(kit.open_table(drive.app, config, 3, None))
    drive.until(lambda: isinstance(drive.scene, HandoverScene), what="the handover")
    assert [widget.label for widget in drive.scene.form.widgets] == ["I am Ann: my turn"]


@pytest.mark.parametrize("game", PROJECT_GAMES)
def test_esc_asks_before_leaving_a_game_in_play_and_the_answer_leaves(
        drive, game: str) -> None:  # noqa: ANN001
    assert game in playable_games()
    config = GameConfig(game, [SeatChoice("human", "Ann"), SeatChoice("ai", "Vega"),
                               SeatChoice("ai", "Rigel")], {"players": 3})
    table = get_kit(game).open_table(drive.app, config, 5, None)
    drive.app.push(table)
    drive.until(lambda: table.view is not None, what="the first view")
    drive.key(pygame.K_ESCAPE)
    dialog = drive.scene
    assert isinstance(dialog, ConfirmDialog)
    assert str(dialog.question).startswith("Leave this game?")
    drive.click(dialog.form.widgets[1].rect.center)  # Leave
    assert table.session.closed and table not in drive.app.stack


class BareTable(GameTableScene):
    """A table that draws nothing of its own: everything else is the base's."""


def test_a_bare_table_on_the_base_plays_tells_and_asks_before_leaving(drive) -> None:  # noqa: ANN001
    config = GameConfig("stars", [SeatChoice("human", "Ann")], {"players": 1})
    table = BareTable(drive.app, config, 4)
    drive.app.push(table)
    drive.until(lambda: table.view is not None, what="the first view")
    table.send({"t": "rotate"})  # no such move: the table refuses it, the base says why
    drive.until(lambda: "refused" in table.events_seen, what="the refusal")
    assert table.status[0] and table.status_time > 0
    table.send({"t": "skip"})
    drive.until(lambda: "card_skipped" in table.events_seen, what="the skip")
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.scene, ConfirmDialog)
