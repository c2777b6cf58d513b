"""A two-human hot-seat game: handover screens between the players, to the results."""

from __future__ import annotations

import random

import pygame
import pytest

from game.client.scenes.handover import HandoverScene
from game.client.scenes.results import ResultsScene
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
    rng = random.Random(11)
    turns = {0: 0, 1: 0}
    handovers = 0
    while not isinstance(drive.scene, ResultsScene):
        scene = drive.scene
        if isinstance(scene, HandoverScene):
            handovers += 1
            # the next player's board stays hidden until they say they are there
            assert table.awaiting_handover
            drive.key(pygame.K_RETURN)
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
    drive.key(pygame.K_RETURN)
    assert table.active == 0
    drive.key(pygame.K_s)  # skip the card
    drive.until(lambda: table.phase() == "review")
    drive.key(pygame.K_RETURN)  # confirm: the screen goes to player 2
    drive.until(lambda: isinstance(drive.scene, HandoverScene))
    handover = drive.scene
    assert handover.seat == 1 and handover.previous == 0
    drive.click(handover.form.widgets[1].rect.center)  # back to player 1, undo
    assert drive.scene is table and table.active == 0
    drive.until(lambda: table.phase() == "play", what="the undo")
    assert table.session.table.state["seats"][0]["turn"] is None
