"""Look at the Stars' views and events as they go over the wire (``game.rules.shapes``; the
same as ``docs/PROTOCOL.md`` section 11.1): what a window checks before it shows a host's."""

from __future__ import annotations

from typing import Any

from game.rules.shapes import Int, Nullable, Optional, Text
from game.rules.stars import data

POWER = Text(data.AURA, data.PLANET, data.NEW_STAR, data.LINE, data.GALAXY, data.BLACK_HOLE,
             data.NOVA, data.TWINKLING_STAR, data.CRESCENT_MOON)
X, Y = Int(0, data.GRID_WIDTH - 1), Int(0, data.GRID_HEIGHT - 1)
POINT = (X, Y)
LINE = (X, Y, X, Y)
#: the most lines a sheet can hold: every pair of neighbouring points, counted generously
LINES = 4 * data.GRID_WIDTH * data.GRID_HEIGHT
SEAT = Int(0, 7)
ON_CARD = Int(0, 3)

SHEET = {
    "board": Int(0, len(data.BOARDS) - 1),
    "lines": [LINE, LINES],
    "shooting_stars": [[POINT, 4], data.CARDS_PER_GAME * 2],
    "objects": [{"kind": POWER, "at": POINT}, 100],
    "point_card": Int(1, 10),
    "power_card": Int(1, 9),
}
BREAKDOWN = {key: Int(-1000, 1000) for key in (
    "constellations", "planets", "shooting_stars", "point_bonus", "power_bonus", "total")}
CARD = {
    "id": Int(0, 29),
    "kind": Text("line", "shooting_star"),
    "segments": Optional([(ON_CARD, ON_CARD, ON_CARD, ON_CARD), 4]),
}
TARGET = {"at": Optional(POINT), "line": Optional(LINE)}

VIEW: dict[str, Any] = {
    "game": Text("stars"),
    "options": "any",
    "point_card": Int(1, 10),
    "power_card": Int(1, 9),
    "power": POWER,
    "card": {**CARD, "n": Int(1, data.CARDS_PER_GAME), "of": Int(data.CARDS_PER_GAME,
                                                               data.CARDS_PER_GAME)},
    "day": Int(0, 2),
    "over": "bool",
    "seats": [{"seat": SEAT, "board": Int(0, len(data.BOARDS) - 1), "sheet": SHEET,
               "confirmed": "bool"}, 8],
    "you": Nullable(SEAT),
    "pending": Nullable({
        "action": Text("place", "shooting_star", "skip"),
        "sheet": SHEET,
        "prompt": Nullable({"power": POWER, "uses": Int(0, 99), "stars_left": Int(0, 2),
                            "copy": [LINE, LINES], "targets": [TARGET, LINES]}),
    }),
    "my_score": Nullable(BREAKDOWN),
    "scores": Nullable([BREAKDOWN, 8]),
    "spent": Optional([LINE, LINES]),
    "once_used": Optional("bool"),
}

#: ``game.rules.shapes.agreement_problem``: a board per seat of the table, "you" one of them
AGREEMENTS = (("seats", "=", "@seats"), ("you", "<", "@seats"))

TO = Optional([SEAT, 8])
EVENTS: dict[str, Any] = {
    "lines_drawn": {"seat": SEAT, "lines": [LINE, LINES], "final": "bool", "to": TO,
                    "bonus": Optional("bool")},
    "shooting_star_drawn": {"seat": SEAT, "points": [POINT, 4], "final": "bool", "to": TO},
    "object_placed": {"seat": SEAT, "kind": POWER, "at": POINT, "final": "bool", "to": TO},
    "card_skipped": {"seat": SEAT, "final": "bool", "to": TO},
    "power_offered": {"seat": SEAT, "power": POWER, "uses": Int(0, 99), "to": TO},
    "power_skipped": {"seat": SEAT, "power": POWER, "to": TO},
    "turn_confirmed": {"seat": SEAT},
    "turn_undone": {"seat": SEAT},
    "constellation_formed": {"seat": SEAT, "size": Int(0, LINES), "lines": [LINE, LINES]},
    "group_too_big": {"seat": SEAT, "size": Int(0, LINES), "lines": [LINE, LINES]},
    "sun_rose": {"day": Int(1, 2)},
    "card_flipped": {"n": Int(1, data.CARDS_PER_GAME), "card": CARD},
    "game_over": {"scores": [BREAKDOWN, 8]},
}
