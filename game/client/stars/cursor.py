"""One player's hand on their Look at the Stars board: the ghost's turn, spot and size, the
power target chosen, and who carries the ghost (the mouse or the keys).

The single-player table holds one ``SeatCursor``; the couch table (everyone at one screen)
holds one per local seat, so each player's ghost, rotation, shooting-star size and power
target are their own. The ghost and the score preview are asked of the rules engine once per
change of card, spot or sheet (memoised here), never once per frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.client.stars.render import BoardGeometry, shape_box
from game.rules.stars import (
    card_segments,
    data,
    placement_preview,
    placement_problem,
    shooting_star,
    shooting_star_problem,
)

#: the stars of a board: the keys' ghost stays within them (``keep_on_board``)
GRID = (data.GRID_WIDTH, data.GRID_HEIGHT)


class SeatCursor:
    """The ghost of one seat (see the module's docstring)."""

    def __init__(self) -> None:
        self.rot = 0
        self.anchor = (3, 4)
        self.shooting_size = 3
        #: the mouse is over this seat's board (its ghost shows there)
        self.mouse_on_board = False
        #: the keys (or a pad) moved the ghost last: it no longer follows the pointer
        self.keyboard_ghost = False
        #: where the pointer is (pixels): the mouse's ghost is always aimed from here
        self.pointer: tuple[int, int] | None = None
        #: the power-bonus target chosen (index into the prompt's targets)
        self.target_index = 0
        #: the (card, target) a press asked about (what it costs, or whether it is meant): a
        #: second press there uses it
        self.asked_about: tuple[Any, str] | None = None
        #: the player chose the target (the mouse, a direction, a hint), not the prompt: an
        #: Enter meant to confirm the card used the power where the prompt opened (a playtest)
        self.target_chosen = False
        self._ghost_key: tuple | None = None
        self._ghost: tuple[str, list, str | None] | None = None
        self._ghost_sheet: dict[str, Any] | None = None
        #: score previews of the placements looked at on the current sheet (sheet held: its
        #: id stays unique while memoised)
        self.previews: dict[tuple, dict[str, Any]] = {}
        self._preview_sheet: dict[str, Any] | None = None

    @property
    def shown(self) -> bool:
        """The ghost is on the board (the mouse over it, or moved by the keys)."""
        return self.mouse_on_board or self.keyboard_ghost

    @property
    def carried_by_mouse(self) -> bool:
        return self.mouse_on_board and not self.keyboard_ghost and self.pointer is not None

    def new_card(self) -> None:
        """A card flipped: it comes unturned, and the keys' ghost waits for a key again."""
        self.rot = 0
        self.keyboard_ghost = False

    # --- the ghost ------------------------------------------------------------------------
    def ghost(self, card: dict[str, Any], sheet: dict[str, Any], day: int,
              geo: BoardGeometry) -> tuple[str, list, str | None]:
        """("lines", segments, problem) or ("shooting", points, problem) for ``card``."""
        if self.carried_by_mouse:
            # the mouse carries it: always where a click on the pointer puts the card, whatever
            # changed since the pointer last moved (a turn, a new card, a resize)
            self.aim_at(card, *geo.to_grid(*self.pointer))
        else:  # the keys' ghost, after a new card or a turn too: on its own board
            self.keep_on_board(card)
        key = (id(sheet), card["id"], card["n"], self.rot, self.anchor, self.shooting_size)
        if self._ghost_key == key:
            return self._ghost
        dx, dy = self.anchor
        if card["kind"] == "line":
            segments = card_segments(card["id"], self.rot, dx, dy)
            ghost = "lines", segments, placement_problem(sheet, segments, day)
        else:
            points = shooting_star(self.shooting_size, self.rot, dx, dy)
            ghost = "shooting", points, shooting_star_problem(sheet, points, day)
        # holding the sheet keeps its id from being reused by another sheet while memoised
        self._ghost_key, self._ghost, self._ghost_sheet = key, ghost, sheet
        return ghost

    def preview(self, sheet: dict[str, Any], lines: list, star: list | None,
                objects: list, spent: list | None = None,
                once_used: bool = False) -> dict[str, Any]:
        """``placement_preview`` of the engine, memoised per sheet and placement (``spent``,
        ``once_used``: the seat's, to count the power uses the card would earn)."""
        if self._preview_sheet is not sheet:
            self.previews.clear()
            self._preview_sheet = sheet
        key = (tuple(map(tuple, lines)), None if star is None else tuple(map(tuple, star)),
               tuple((o["kind"], tuple(o["at"])) for o in objects),
               None if spent is None else tuple(map(tuple, spent)), once_used)
        found = self.previews.get(key)
        if found is None:
            found = self.previews[key] = placement_preview(sheet, lines, star, objects,
                                                           spent=spent, once_used=once_used)
        return found

    def centre(self, card: dict[str, Any] | None) -> tuple[float, float]:
        """The ghost's centre relative to its anchor (grid units)."""
        if card is None:
            return 1.5, 1.5
        if card["kind"] == "line":
            return shape_box(card_segments(card["id"], self.rot, 0, 0))
        pts = shooting_star(self.shooting_size, self.rot, 0, 0)
        return shape_box([[*pts[0], *pts[-1]]])

    def aim_at(self, card: dict[str, Any] | None, gx: float, gy: float) -> None:
        """Put the ghost's centre on grid position (gx, gy), snapped to stars."""
        cx, cy = self.centre(card)
        self.anchor = (math.floor(gx - cx + 0.5), math.floor(gy - cy + 0.5))

    def follow_pointer(self, card: dict[str, Any] | None, geo: BoardGeometry,
                       pos: tuple[int, int]) -> None:
        """The mouse carries the ghost: aim it from the pointer at ``pos``."""
        self.pointer = pos
        self.keyboard_ghost = False
        self.aim_at(card, *geo.to_grid(*pos))

    def reaim(self, card: dict[str, Any] | None, geo: BoardGeometry,
              change: Callable[[], None]) -> None:
        """Turn or resize the ghost (``change()``) and aim it again: from the pointer when
        the mouse carries it (so a click where the mouse rests plays exactly this ghost), else
        around its old centre (the keys' ghost turns in place)."""
        cx, cy = self.centre(card)
        centre = (self.anchor[0] + cx, self.anchor[1] + cy)
        change()
        if self.carried_by_mouse:
            self.aim_at(card, *geo.to_grid(*self.pointer))
        else:
            self.aim_at(card, *centre)

    def turn(self, card: dict[str, Any] | None, geo: BoardGeometry, step: int = 1) -> None:
        def change() -> None:
            self.rot = (self.rot + step) % 4

        self.reaim(card, geo, change)

    def resize(self, card: dict[str, Any] | None, geo: BoardGeometry, size: int) -> None:
        self.reaim(card, geo, lambda: setattr(self, "shooting_size", size))

    def move(self, ddx: int, ddy: int, card: dict[str, Any] | None = None) -> None:
        """The keys (or a pad) move the ghost one star, never off the board's stars."""
        self.keyboard_ghost = True
        dx, dy = self.anchor
        self.anchor = (dx + ddx, dy + ddy)
        self.keep_on_board(card)

    def keep_on_board(self, card: dict[str, Any] | None) -> None:
        """Bring the anchor back so that every point of ``card``'s ghost is a star of the
        board: at one screen a ghost pushed past the edge was drawn on the neighbour's board,
        and a new card could start out of sight."""
        if card is None:
            return
        if card["kind"] == "line":
            segments = card_segments(card["id"], self.rot, 0, 0)
            points = [p for seg in segments for p in (seg[:2], seg[2:])]
        else:
            points = shooting_star(self.shooting_size, self.rot, 0, 0)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        dx, dy = self.anchor
        self.anchor = (max(-min(xs), min(GRID[0] - 1 - max(xs), dx)),
                       max(-min(ys), min(GRID[1] - 1 - max(ys), dy)))

    def propose_target(self, index: int) -> None:
        """The target a new prompt opens on: shown, not yet the player's choice."""
        self.target_index, self.target_chosen = index, False

    def choose_target(self, index: int) -> None:
        """The target the player points at (the mouse, a hint they asked for)."""
        self.target_index, self.target_chosen = index, True

    def step_target(self, step: int, count: int) -> None:
        """The next (or previous) power target in the prompt's order (a pad's shoulders)."""
        if count:
            self.choose_target((self.target_index + step) % count)

    def target_toward(self, centres: list[tuple[float, float]], way: tuple[int, int]) -> None:
        """A direction picks the power target that lies that way on the board (the nearest,
        straight ahead first): stepping through the prompt's list took dozens of presses to
        reach the other side of the board. ``centres``: the targets' grid positions; ``way``:
        (1, 0) right, (0, 1) up... Nothing that way: the target stays."""
        if not centres:
            return
        here = centres[self.target_index % len(centres)]
        best, best_cost = None, math.inf
        for index, (x, y) in enumerate(centres):
            vx, vy = x - here[0], y - here[1]
            ahead = vx * way[0] + vy * way[1]
            if ahead <= 0.01:
                continue
            cost = ahead + 2 * abs(vx * way[1] - vy * way[0])
            if cost < best_cost:
                best, best_cost = index, cost
        if best is not None:
            self.choose_target(best)
