"""A two-human hot-seat game: handover screens between the players, to the results."""

from __future__ import annotations

import random

import pygame
import pytest

from game.client.scenes.handover import HandoverScene
from game.client.scenes.results import ResultsScene
from game.client.stars.board_view import BoardViewScene
from game.client.stars.table import StarsTableScene
from game.rules.stars import RULESET
from tests.client.stars_play import play_turn


@pytest.mark.timeout(180)
def test_two_humans_hot_seat_to_results(drive) -> None:  # noqa: ANN001
    drive.click(drive.scene.button("Hot-seat").rect.center)
    setup = drive.scene
    drive.click(setup.start.rect.center)
    handover = drive.scene
    assert isinstance(handover, HandoverScene)
    table = handover.table
    assert table.session.kinds == ["human", "human"]
    # no recap: each card is played in secret, and its moves reach the log only once both
    # have drawn it (a recap told a player their own move and never the other's: a playtest)
    assert handover.recap is None
    rng = random.Random(11)
    turns = {0: 0, 1: 0}
    handovers = 0
    while not isinstance(drive.scene, ResultsScene):
        scene = drive.scene
        if isinstance(scene, HandoverScene):
            handovers += 1
            assert scene.recap is None
            # the next player's board stays hidden until they say they are there
            assert table.awaiting_handover
            accept_handover(drive)
            assert drive.scene is table and table.active == scene.seat
            continue
        assert isinstance(scene, StarsTableScene)
        if table.view["over"]:
            drive.until(lambda: isinstance(drive.scene, ResultsScene), what="results")
            break
        if table.phase() == "confirmed":
            drive.step()
            continue
        drive.step(30)
        turns[table.active] += 1
        play_turn(drive, table, rng, skip_chance=0.15)
        drive.step(2)
    assert turns == {0: 18, 1: 18}
    assert handovers == 36  # before each player's turn on every card
    results = drive.scene
    assert results.scores == RULESET.score(table.session.table.state)
    assert len(results.names) == 2


def test_handover_lets_the_previous_player_undo(drive) -> None:  # noqa: ANN001
    drive.click(drive.scene.button("Hot-seat").rect.center)
    drive.click(drive.scene.start.rect.center)
    table = drive.scene.table
    accept_handover(drive)
    assert table.active == 0
    drive.key(pygame.K_s)  # skip the card
    drive.until(lambda: table.phase() == "review")
    drive.key(pygame.K_RETURN)  # confirm: the screen goes to player 2
    drive.until(lambda: isinstance(drive.scene, HandoverScene))
    handover = drive.scene
    assert handover.seat == 1 and handover.previous == 0
    drive.until(lambda: handover.armed, what="the handover to take input")
    drive.click(handover.form.widgets[1].rect.center)  # back to player 1, undo
    assert drive.scene is table and table.active == 0
    drive.until(lambda: table.phase() == "play", what="the undo")
    assert table.session.table.state["seats"][0]["turn"] is None


def start_hot_seat(drive) -> StarsTableScene:  # noqa: ANN001
    """Menu -> Hot-seat -> Start; the first handover is accepted once it takes input."""
    drive.click(drive.scene.button("Hot-seat").rect.center)
    drive.click(drive.scene.start.rect.center)
    table = drive.scene.table
    accept_handover(drive)
    return table


def accept_handover(drive) -> None:  # noqa: ANN001
    """Wait until the handover screen takes input (it ignores the first moments), press
    Enter."""
    handover = drive.scene
    assert isinstance(handover, HandoverScene)
    drive.until(lambda: getattr(handover, "armed", True), what="the handover to take input")
    drive.key(pygame.K_RETURN)
    assert drive.scene is handover.table


def skip_and_confirm(drive, table) -> None:  # noqa: ANN001
    drive.key(pygame.K_s)
    drive.until(lambda: table.phase() == "review", what="the skip")
    drive.key(pygame.K_RETURN)


def test_the_second_player_can_look_at_the_first_players_board(drive) -> None:  # noqa: ANN001
    table = start_hot_seat(drive)
    assert table.active == 0 and [seat for _, seat in table.thumb_rects] == [1]
    skip_and_confirm(drive, table)
    drive.until(lambda: isinstance(drive.scene, HandoverScene), what="the handover")
    accept_handover(drive)
    assert table.active == 1
    assert [seat for _, seat in table.thumb_rects] == [0], "the thumbnail shows the other player"
    drive.key(pygame.K_TAB)
    view = drive.scene
    assert isinstance(view, BoardViewScene) and view.seat == 0
    drive.key(pygame.K_ESCAPE)
    drive.click(table.thumb_rects[0][0].center)
    assert isinstance(drive.scene, BoardViewScene) and drive.scene.seat == 0


def test_a_quick_or_held_enter_cannot_pass_the_handover(drive) -> None:  # noqa: ANN001
    table = start_hot_seat(drive)
    drive.key(pygame.K_s)
    drive.until(lambda: table.phase() == "review", what="the skip")
    # Enter confirms and is held down: key repeat sends more KEYDOWNs, no KEYUP
    enter = {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r", "scancode": 0}
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **enter))
    drive.until(lambda: isinstance(drive.scene, HandoverScene), what="the handover")
    handover = drive.scene
    for _ in range(60):  # two seconds of key repeat
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **enter))
        drive.step(2)
    assert drive.scene is handover, "a held Enter from the last turn does not pass the screen"
    pygame.event.post(pygame.event.Event(pygame.KEYUP, **enter))
    drive.step()
    drive.key(pygame.K_RETURN)  # a fresh press, once released: the next player is there
    assert drive.scene is table and table.active == 1
    # and a double press (Enter to confirm, Enter again at once) does not pass it either
    skip_and_confirm(drive, table)
    drive.until(lambda: isinstance(drive.scene, HandoverScene), what="the next card's handover")
    drive.key(pygame.K_RETURN)
    drive.key(pygame.K_RETURN)
    assert isinstance(drive.scene, HandoverScene)


def test_hot_seat_players_name_their_seats_and_the_names_are_remembered(drive) -> None:  # noqa: ANN001
    from game.client.scenes.setup import SetupScene

    drive.click(drive.scene.button("Hot-seat").rect.center)
    setup = drive.scene
    second = setup.seats[1]
    drive.click(second.rect.center)  # a click focuses the row (and turns its value)
    second.set_value("human")
    setup.form.focus = setup.form.widgets.index(second)
    for _ in range(len(second.name)):
        drive.key(pygame.K_BACKSPACE)
    drive.type_text("Bea Orion")
    assert second.name == "Bea Orion"
    drive.click(setup.start.rect.center)
    table = drive.scene.table
    assert table.session.names == [drive.app.settings.player_name, "Bea Orion"]
    assert drive.app.settings.hotseat_names[:2] == [drive.app.settings.player_name,
                                                    "Bea Orion"]
    accept_handover(drive)
    skip_and_confirm(drive, table)
    drive.until(lambda: isinstance(drive.scene, HandoverScene), what="the handover")
    assert drive.scene.name == "Bea Orion"
    table.leave()
    again = SetupScene(drive.app, "hotseat")
    assert again.seats[1].name == "Bea Orion", "offered again next time"
    again.seats[1].name = drive.app.settings.player_name  # the same name twice: numbered
    assert again.seat_names() == [drive.app.settings.player_name,
                                  f"{drive.app.settings.player_name} 2"]


def test_a_third_hot_seat_player_is_offered_again_as_a_player(drive) -> None:  # noqa: ANN001
    """A third player's seat came back as a bot next time, their name hidden (a playtest):
    a seat a player took is offered to a player again, with their name."""
    from game.client.scenes.setup import SetupScene

    drive.click(drive.scene.button("Hot-seat").rect.center)
    setup = drive.scene
    while setup.game.value != "stargazer":
        drive.key(pygame.K_RIGHT)
    third = setup.seats[2]
    assert third.value != "human", "a bot by default"
    third.set_value("human")
    third.name = "Deneb Lyra"
    drive.click(setup.start.rect.center)
    table = next(s for s in drive.app.stack if getattr(s, "session", None) is not None)
    assert table.session.kinds[:3] == ["human", "human", "human"]
    table.leave()
    again = SetupScene(drive.app, "hotseat")
    assert again.game.value == "stargazer"
    assert again.seats[2].value == "human" and again.seats[2].name == "Deneb Lyra"
    solo = SetupScene(drive.app, "solo")
    solo.game.set_value("stargazer")
    solo._refresh()
    assert solo.seats[2].value in solo.levels, "solo play offers a bot there, as before"
