"""The ghost is the placement: over a grid of pointer positions, after every way of turning
the card (R, the wheel, a right click, a shooting star's size keys), a click with the mouse
held still plays exactly the card the ghost shows."""

from __future__ import annotations

import pygame
import pytest

from game.client.stars.table import StarsTableScene
from game.rules.stars import card_segments, shooting_star
from tests.client.clienthelpers import Driver
from tests.client.test_client_solo_game import start_solo

#: pointer positions in grid units, off the stars' lattice so every rounding case comes up
XS = [-0.4 + 1.31 * i for i in range(8)]
YS = [-0.3 + 1.43 * i for i in range(8)]


def click_in_place(drive: Driver, pos: tuple[int, int], button: int = 1) -> None:
    """A click with no mouse motion before it (what a real mouse held still sends)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    drive.step()


def to_card(drive: Driver, table: StarsTableScene, kind: str) -> None:
    while table.view["card"]["kind"] != kind:
        n = table.view["card"]["n"]
        drive.key(pygame.K_s)
        drive.until(lambda: table.phase() == "review", what="the skip")
        drive.key(pygame.K_RETURN)
        drive.until(lambda n=n: table.view["card"]["n"] > n, what="the next card")
    drive.step(40)


def shown(table: StarsTableScene) -> list:
    """The ghost drawn now (its segments or points)."""
    return sorted(map(tuple, table.ghost()[1]))


def record_clicks(table: StarsTableScene) -> list:
    """Replace ``place`` so a click records the placement it would play (nothing is sent)."""
    played: list = []
    card = table.view["card"]

    def place() -> None:
        if card["kind"] == "line":
            placed = card_segments(card["id"], table.rot, *table.anchor)
        else:
            placed = shooting_star(table.shooting_size, table.rot, *table.anchor)
        played.append(sorted(map(tuple, placed)))

    table.place = place
    return played


def turn(drive: Driver, table: StarsTableScene, way: str, pos: tuple[int, int]) -> None:
    if way == "key":
        drive.key(pygame.K_r)
    elif way == "shift-key":
        drive.key(pygame.K_r, mod=pygame.KMOD_SHIFT)
    elif way == "wheel":
        drive.wheel(-1)
    elif way == "right-click":
        click_in_place(drive, pos, button=3)
    else:  # a shooting star's size key
        drive.key(pygame.K_0 + int(way))


@pytest.mark.parametrize("kind, ways", [
    ("line", ("key", "wheel", "right-click", "shift-key")),
    ("shooting_star", ("key", "3", "wheel", "1", "right-click", "2")),
])
def test_a_click_plays_exactly_the_ghost_shown(drive: Driver, kind: str,
                                               ways: tuple[str, ...]) -> None:
    table = start_solo(drive)
    to_card(drive, table, kind)
    played = record_clicks(table)
    mismatches = []
    for gx in XS:
        for gy in YS:
            pos = table.geo.to_px(gx, gy)
            drive.move(pos)
            for way in ways:
                turn(drive, table, way, pos)
                ghost = shown(table)
                click_in_place(drive, pos)
                if played[-1] != ghost:
                    mismatches.append((round(gx, 2), round(gy, 2), way, table.rot))
    assert len(played) == len(XS) * len(YS) * len(ways)
    assert not mismatches, f"the click played another spot than the ghost: {mismatches[:5]}"
