"""Continue brings a couch game back as couch play: every board at once, each player on the
device they had; a pad that is not there now leaves its seat waiting for a device."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client.devices import Action
from game.client.scenes.menu import CONTINUE
from game.client.session import GameConfig, SeatChoice
from game.client.stars import KIT
from game.client.stars.couch import CouchStarsScene
from net.save import read_save
from tests.client.clienthelpers import Driver


def test_a_couch_game_continues_as_couch_play(config_dir: Path, autosave_dir: Path) -> None:
    first = Driver(start="menu")
    try:
        config = GameConfig("stars", [SeatChoice("human", "Ann", device="keys:left"),
                                      SeatChoice("human", "Ben", device="pad:57"),
                                      SeatChoice("ai", "Bot", bot="greedy")], {}, "couch")
        table = KIT.open_table(first.app, config, 5)
        first.app.reset_to(table)
        first.until(lambda: table.view is not None, what="the first view")
        # Ann skips the card from her keyboard half: a move, so the save holds the game
        table.handle_action(Action("keys:left", "skip"))
        first.until(lambda: table.session.table.moves, what="Ann's move")
        path = table.session.table.autosave_path
        table.session.table.save()
    finally:
        first.close()
    assert read_save(path)["seating"] == {"mode": "couch", "0": "keys:left", "1": "pad:57"}

    second = Driver(start="menu")
    try:
        menu = second.scene
        second.click(menu.button(CONTINUE).rect.center)
        resumed = second.scene
        assert isinstance(resumed, CouchStarsScene), "a couch game comes back as one"
        assert resumed.session.config.mode == "couch"
        second.until(lambda: resumed.view is not None, what="the resumed snapshot")
        assert resumed.couch.devices[0] == "keys:left"
        assert resumed.couch.waiting == [1], "the pad that is not here leaves Ben's seat waiting"
        # the right keyboard half takes Ben's seat, as a plugged-in pad would
        second.key(pygame.K_RETURN)
        assert resumed.couch.waiting == [] and resumed.couch.devices[1] == "keys:right"
    finally:
        second.close()


def test_a_hand_edited_seating_in_a_save_is_cleaned() -> None:
    from net.table import SEATING_ENTRIES, clean_seating

    assert clean_seating(["pad:0"]) == {}
    assert clean_seating({"0": 5, 1: "pad:0", "mode": "couch"}) == {"mode": "couch"}
    assert clean_seating({"x" * 41: "a", "0": "b" * 41}) == {}
    assert len(clean_seating({str(i): "keys:left" for i in range(99)})) == SEATING_ENTRIES
