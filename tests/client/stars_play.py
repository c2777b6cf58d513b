"""A test 'player' for the Look at the Stars table: picks a legal spot with the engine's own
helpers (as a human would by looking), then plays it through the UI with real input events."""

from __future__ import annotations

import random

import pygame

from game.client import theme
from game.client.stars.table import StarsTableScene
from game.rules.stars import card_segments, legal_card_placements, legal_shooting_stars
from tests.client.clienthelpers import Driver


def near(color: tuple[int, int, int], target: tuple[int, int, int], tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(color, target, strict=True))


def midpoint_px(table: StarsTableScene, seg: list[int]) -> tuple[int, int]:
    return table.geo.to_px((seg[0] + seg[2]) / 2, (seg[1] + seg[3]) / 2)


def aim(drive: Driver, table: StarsTableScene, rot: int, dx: int, dy: int) -> None:
    """Turn the ghost with R, then move the mouse so it snaps at (dx, dy)."""
    presses = 0
    while table.rot != rot:
        drive.key(pygame.K_r)
        presses += 1
        assert presses <= 4
    cx, cy = table._ghost_centre()
    drive.move(table.geo.to_px(dx + cx, dy + cy))
    assert table.anchor == (dx, dy)


def play_turn(drive: Driver, table: StarsTableScene, rng: random.Random,
              skip_chance: float = 0.1, check_pixels: bool = False) -> str:
    """Play the active seat's turn on the current card and confirm it. Returns what it did."""
    view = table.view
    card = view["card"]
    sheet = table.my_sheet()
    day = view["day"]
    did = "skip"
    if rng.random() < skip_chance:
        drive.key(pygame.K_s)
    elif card["kind"] == "line":
        spots = legal_card_placements(sheet, card["id"], day)
        if spots:
            rot, dx, dy = rng.choice(spots)
            aim(drive, table, rot, dx, dy)
            segments = card_segments(card["id"], rot, dx, dy)
            assert table.ghost()[2] is None
            if check_pixels:
                assert near(drive.pixel(midpoint_px(table, segments[0])), theme.LEGAL)
            cx, cy = table._ghost_centre()
            drive.click(table.geo.to_px(dx + cx, dy + cy))
            drive.until(lambda: table.view.get("pending") is not None, what="placement")
            assert [list(s) for s in segments] == table.view["pending"]["sheet"]["lines"][
                len(view["seats"][table.active]["sheet"]["lines"]):][:2]
            if check_pixels:
                drive.step()
                assert near(drive.pixel(midpoint_px(table, segments[0])), theme.PENDING_LINE)
            did = "place"
        else:
            drive.key(pygame.K_s)
    else:
        stars = legal_shooting_stars(sheet, day)
        if stars:
            size, rot, dx, dy = rng.choice(stars)
            drive.key(pygame.K_0 + size)
            assert table.shooting_size == size
            aim(drive, table, rot, dx, dy)
            drive.key(pygame.K_RETURN)
            did = "shooting_star"
        else:
            drive.key(pygame.K_s)
    drive.until(lambda: table.view.get("pending") is not None, what="the turn to register")
    while table.phase() == "power":
        targets = table.targets()
        assert targets, "a power prompt always lists legal targets"
        if rng.random() < 0.7:
            drive.key(pygame.K_RETURN)
        else:
            drive.key(pygame.K_s)
        drive.step(2)
    assert table.phase() == "review"
    drive.key(pygame.K_RETURN)
    return did
