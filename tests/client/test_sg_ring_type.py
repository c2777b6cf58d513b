"""The ring's planet cards at 1280x720 read during play: each square's VP number and the
standings under the track are drawn at the table's small type at least (a first-time player
found the 12-13 px figures faint: "which square pays what" is the card's main news)."""

from __future__ import annotations

import pygame

from game.rules.stargazer import PLANET_TYPES
from tests.client.clienthelpers import Driver
from tests.client.test_sg_pacing import play_until_a_bot_moves, solo_table
from tests.client.textboxes import drawn_marks, tracking


def test_track_numbers_and_standings_are_drawn_in_readable_type(drive: Driver) -> None:
    table = solo_table(drive, "normal")
    play_until_a_bot_moves(drive, table)
    drive.step(5)
    smallest = drive.app.layout.font_px("tiny")
    assert smallest >= 14, "the reference window's small type"
    with tracking(drive.app):
        table.ring.cards.clear()  # the cards drawn anew while their text is watched
        marks = drawn_marks(drive.app)
    cards = table.ring.geo.cards
    on_cards = [m for m in marks if any(card.contains(m.rect) for card in cards)]
    vp_numbers = [m for m in on_cards if m.text.isdigit()]
    standings = [m for m in on_cards if "VP" in m.text or m.text == "no cubes yet"]
    squares = sum(len(PLANET_TYPES[kind]["track"]) + 1 for kind in table.view["planets"])
    assert len(vp_numbers) == squares, "every square's number is on a card"
    assert standings, "someone leads a planet after a bot's move"
    small = sorted({(m.text, m.size) for m in vp_numbers + standings if m.size < smallest})
    assert not small, f"drawn smaller than {smallest} px: {small[:10]}"
    assert pygame.display.get_surface().get_size() == (1280, 720)
