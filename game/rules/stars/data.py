"""Look at the Stars components as plain data: grid, 8 boards, 30 night cards, bonus cards.

Coordinates follow the reference: a point is ``(x, y)`` with x = column 0..9 left to right and
y = row 0..10 bottom to top. Shapes are given on a local 4x4 grid (points 0..3) and are placed
by turning them ``r`` quarter turns with ``(x, y) -> (y, 3 - x)`` and shifting them.
"""

from __future__ import annotations

from typing import Any

GRID_WIDTH = 10
GRID_HEIGHT = 11

#: points of the 10x11 grid outside the arch: never part of any board
ARCH_MISSING: frozenset[tuple[int, int]] = frozenset(
    [(x, 10) for x in (0, 1, 2, 7, 8, 9)]
    + [(x, 9) for x in (0, 1, 8, 9)]
    + [(0, 8), (9, 8), (0, 7), (9, 7)]
)

#: the 8 boards, indexed as in the reference (0 Southern Africa ... 7 Polynesians).
#: ``illustration``: covered by the constellation artwork (New Stars may re-open them);
#: ``bottom``: covered by the people at the bottom (never usable).
BOARDS: list[dict[str, Any]] = [
    {
        "name": "Southern Africa",
        "printed_lines": [(7, 2, 8, 1), (4, 9, 5, 9)],
        "planets": [(2, 2), (7, 5), (3, 8)],
        "illustration": [
            (0, 5),
            (1, 5),
            (2, 5),
            (3, 5),
            (0, 6),
            (1, 6),
            (6, 8),
            (7, 8),
            (6, 9),
            (7, 9),
            (6, 10),
        ],
        "bottom": [(3, 0), (4, 0), (5, 0), (5, 1), (6, 0), (6, 1)],
    },
    {
        "name": "China",
        "printed_lines": [(8, 1, 8, 2), (4, 9, 5, 10)],
        "planets": [(2, 2), (8, 5), (3, 8)],
        "illustration": [
            (0, 5),
            (1, 5),
            (2, 5),
            (0, 6),
            (1, 6),
            (2, 6),
            (7, 7),
            (8, 7),
            (6, 8),
            (7, 8),
            (8, 8),
        ],
        "bottom": [(3, 0), (4, 0), (4, 1), (5, 0), (6, 0), (6, 1)],
    },
    {
        "name": "Ancient Egypt",
        "printed_lines": [(1, 1, 2, 2), (6, 9, 7, 9)],
        "planets": [(6, 2), (1, 5), (5, 8)],
        "illustration": [
            (6, 5),
            (7, 5),
            (8, 5),
            (9, 5),
            (8, 6),
            (9, 6),
            (2, 8),
            (3, 8),
            (2, 9),
            (3, 9),
            (3, 10),
        ],
        "bottom": [(3, 0), (3, 1), (4, 0), (4, 1), (5, 0), (6, 0)],
    },
    {
        "name": "Ancient Greece",
        "printed_lines": [(7, 2, 8, 1), (4, 9, 5, 9)],
        "planets": [(1, 2), (7, 5), (3, 8)],
        "illustration": [
            (0, 5),
            (1, 5),
            (2, 5),
            (3, 5),
            (0, 6),
            (1, 6),
            (6, 8),
            (7, 8),
            (8, 8),
            (6, 9),
            (7, 9),
        ],
        "bottom": [(4, 0), (4, 1), (5, 0), (5, 1), (6, 0), (6, 1)],
    },
    {
        "name": "India",
        "printed_lines": [(0, 1, 0, 2), (4, 10, 5, 9)],
        "planets": [(8, 2), (2, 5), (6, 8)],
        "illustration": [
            (7, 5),
            (8, 5),
            (9, 5),
            (7, 6),
            (8, 6),
            (9, 6),
            (1, 7),
            (2, 7),
            (1, 8),
            (2, 8),
            (3, 8),
        ],
        "bottom": [(3, 0), (3, 1), (4, 0), (5, 0), (5, 1), (6, 0)],
    },
    {
        "name": "Inuit",
        "printed_lines": [(7, 1, 8, 2), (4, 9, 4, 10)],
        "planets": [(2, 2), (7, 5), (3, 8)],
        "illustration": [
            (0, 5),
            (1, 5),
            (2, 5),
            (0, 6),
            (1, 6),
            (2, 6),
            (6, 8),
            (7, 8),
            (8, 8),
            (6, 9),
            (7, 9),
        ],
        "bottom": [(4, 0), (4, 1), (5, 0), (5, 1), (6, 0), (6, 1)],
    },
    {
        "name": "Navajo",
        "printed_lines": [(1, 1, 1, 2), (4, 9, 5, 10)],
        "planets": [(7, 2), (2, 5), (6, 8)],
        "illustration": [
            (7, 5),
            (8, 5),
            (9, 5),
            (7, 6),
            (8, 6),
            (9, 6),
            (1, 8),
            (2, 8),
            (3, 8),
            (2, 9),
            (3, 9),
        ],
        "bottom": [(3, 0), (3, 1), (4, 0), (4, 1), (5, 0), (5, 1)],
    },
    {
        "name": "Polynesians",
        "printed_lines": [(8, 1, 9, 2), (5, 9, 5, 10)],
        "planets": [(1, 2), (7, 5), (3, 8)],
        "illustration": [
            (0, 5),
            (1, 5),
            (0, 6),
            (1, 6),
            (2, 6),
            (3, 6),
            (7, 7),
            (8, 7),
            (7, 8),
            (8, 8),
            (7, 9),
        ],
        "bottom": [(3, 0), (3, 1), (4, 0), (5, 0), (6, 0), (6, 1)],
    },
]

#: the 27 line cards (card id = reference index 0..26), two unit segments each
LINE_CARDS: list[list[tuple[int, int, int, int]]] = [
    [(1, 1, 1, 2), (1, 1, 2, 1)],
    [(1, 2, 2, 2), (2, 1, 2, 2)],
    [(1, 1, 2, 1), (2, 1, 3, 1)],
    [(1, 1, 2, 2), (2, 2, 3, 3)],
    [(1, 2, 2, 1), (2, 1, 3, 1)],
    [(1, 1, 2, 1), (2, 1, 3, 2)],
    [(1, 1, 2, 1), (2, 1, 1, 2)],
    [(1, 1, 2, 1), (1, 1, 2, 2)],
    [(0, 2, 1, 1), (2, 1, 3, 2)],
    [(0, 1, 1, 2), (1, 2, 2, 1)],
    [(1, 1, 1, 2), (2, 1, 2, 2)],
    [(1, 1, 1, 2), (3, 1, 3, 2)],
    [(0, 1, 0, 2), (3, 1, 3, 2)],
    [(1, 1, 2, 0), (1, 3, 2, 2)],
    [(1, 0, 2, 1), (1, 2, 2, 3)],
    [(1, 1, 1, 2), (2, 1, 3, 1)],
    [(1, 1, 1, 2), (2, 2, 3, 2)],
    [(1, 1, 1, 2), (2, 1, 3, 2)],
    [(1, 1, 1, 2), (2, 2, 3, 1)],
    [(0, 1, 1, 1), (2, 2, 3, 2)],
    [(0, 2, 1, 2), (2, 1, 3, 1)],
    [(1, 1, 1, 2), (2, 2, 2, 3)],
    [(1, 1, 1, 2), (2, 0, 2, 1)],
    [(0, 1, 1, 1), (2, 1, 3, 1)],
    [(0, 0, 1, 1), (2, 2, 3, 3)],
    [(0, 2, 1, 1), (2, 1, 3, 1)],
    [(0, 0, 1, 1), (2, 1, 3, 1)],
]

#: the 3 shooting-star cards take the card ids after the line cards
SHOOTING_STAR_CARD_IDS: tuple[int, ...] = (27, 28, 29)
CARD_COUNT = len(LINE_CARDS) + len(SHOOTING_STAR_CARD_IDS)

#: a shooting star of each size, as its points in order (head first), on the 4x4 card grid
SHOOTING_STAR_SHAPES: dict[int, list[tuple[int, int]]] = {
    1: [(1, 1), (2, 2)],
    2: [(0, 0), (1, 1), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2), (3, 3)],
}

#: cards dealt per game, cards per pile (the sun rises after each pile)
CARDS_PER_GAME = 18
CARDS_PER_PILE = 6

#: point-bonus cards 1..10 (list index = number - 1): points per copy and segments
POINT_CARDS: list[dict[str, Any]] = [
    {"points": 3, "segments": [(0, 1, 1, 2), (0, 3, 1, 2), (1, 2, 2, 1), (1, 2, 2, 3)]},
    {"points": 3, "segments": [(2, 1, 2, 2), (2, 2, 2, 3), (1, 3, 2, 3), (2, 3, 3, 3)]},
    {"points": 3, "segments": [(1, 2, 2, 2), (2, 1, 2, 2), (2, 2, 2, 3), (2, 2, 3, 2)]},
    {"points": 3, "segments": [(1, 1, 2, 2), (2, 2, 3, 3), (2, 3, 3, 3), (3, 2, 3, 3)]},
    {"points": 3, "segments": [(2, 1, 1, 2), (1, 2, 2, 3), (2, 1, 3, 2), (3, 2, 2, 3)]},
    {"points": 3, "segments": [(0, 1, 1, 2), (0, 3, 1, 2), (1, 2, 2, 2), (2, 2, 3, 2)]},
    {
        "points": 5,
        "segments": [(0, 1, 1, 2), (0, 3, 1, 2), (1, 2, 2, 2), (2, 2, 3, 1), (2, 2, 3, 3)],
    },
    {
        "points": 6,
        "segments": [
            (0, 1, 1, 1),
            (1, 1, 2, 1),
            (2, 1, 3, 1),
            (3, 1, 2, 2),
            (0, 1, 1, 2),
            (1, 2, 2, 2),
        ],
    },
    {
        "points": 6,
        "segments": [
            (0, 3, 1, 2),
            (1, 2, 2, 1),
            (2, 1, 2, 0),
            (2, 1, 3, 1),
            (2, 0, 3, 0),
            (3, 0, 3, 1),
        ],
    },
    {
        "points": 5,
        "segments": [(0, 2, 1, 2), (2, 1, 2, 2), (2, 2, 2, 3), (1, 2, 2, 2), (2, 2, 3, 2)],
    },
]
DEFAULT_POINT_CARD = 3

#: power names as they appear in moves, views and object kinds
AURA = "aura"
PLANET = "planet"
NEW_STAR = "new_star"
LINE = "line"
GALAXY = "galaxy"
BLACK_HOLE = "black_hole"
NOVA = "nova"
TWINKLING_STAR = "twinkling_star"
CRESCENT_MOON = "crescent_moon"

#: power-bonus cards 1..9 (list index = number - 1)
POWER_CARDS: list[dict[str, Any]] = [
    {"power": AURA, "set": "experienced", "segments": [(1, 1, 1, 2), (1, 2, 2, 2), (1, 2, 1, 3)]},
    {"power": PLANET, "set": "beginner", "segments": [(0, 2, 1, 2), (1, 2, 2, 2), (2, 2, 3, 2)]},
    {"power": NEW_STAR, "set": "beginner", "segments": [(1, 1, 2, 1), (1, 1, 1, 2), (1, 2, 2, 2)]},
    {"power": LINE, "set": "beginner", "segments": [(0, 3, 1, 2), (1, 2, 2, 1), (2, 1, 3, 0)]},
    {"power": GALAXY, "set": "beginner", "segments": [(1, 1, 2, 2), (1, 3, 2, 2), (2, 2, 3, 2)]},
    {
        "power": BLACK_HOLE,
        "set": "experienced",
        "segments": [(2, 1, 3, 2), (2, 2, 3, 2), (2, 3, 3, 2)],
    },
    {"power": NOVA, "set": "experienced", "segments": [(2, 0, 1, 1), (1, 1, 2, 2), (2, 2, 3, 1)]},
    {
        "power": TWINKLING_STAR,
        "set": "beginner",
        "segments": [(1, 1, 2, 2), (2, 2, 3, 1), (2, 2, 3, 3)],
    },
    {
        "power": CRESCENT_MOON,
        "set": "experienced",
        "segments": [(0, 2, 1, 1), (1, 1, 2, 1), (2, 1, 3, 2)],
    },
]
DEFAULT_POWER_CARD = 4
BEGINNER_POWER_CARDS: tuple[int, ...] = tuple(
    i + 1 for i, card in enumerate(POWER_CARDS) if card["set"] == "beginner"
)

#: powers usable at most once per game (a skipped copy does not count)
ONCE_PER_GAME_POWERS: frozenset[str] = frozenset({BLACK_HOLE, CRESCENT_MOON})

#: object kinds a sheet may hold, and the points an object placement must respect
OBJECT_KINDS: tuple[str, ...] = (
    PLANET,
    GALAXY,
    TWINKLING_STAR,
    NOVA,
    AURA,
    CRESCENT_MOON,
    BLACK_HOLE,
    NEW_STAR,
)

#: end-of-game points of objects that score a flat amount
FLAT_OBJECT_POINTS: dict[str, int] = {GALAXY: 2, AURA: 2}
TWINKLING_STAR_POINTS = 3
#: sizes a constellation may have: normally, and with a nova on it
VALID_SIZES = range(3, 9)
NOVA_SIZES = range(9, 11)

#: solo ranks by final total: (lowest total, title), best last. Each threshold is a bot's median
#: solo score (docs/AI.md, ``bench/ai.py stars``): Apprentice plays like the easy bot, Sky Watcher
#: like the greedy bot, Astronomer like the normal bot (500 games each); Master of the Night
#: beats about 70 % of the hard bot's games (500 games of hard as it ships since session 61,
#: its batched wide search: 77 % are below 52, 61 % below 51; so the threshold moved from 51,
#: where session 51's hard had 74 % below, 50 before it, 49 and 48 before that).
SOLO_RANKS: list[tuple[int, str]] = [
    (0, "Novice"),
    (24, "Apprentice"),
    (39, "Sky Watcher"),
    (44, "Astronomer"),
    (52, "Master of the Night"),
]

#: bot level -> (mean, sd) of its solo scores with the default options (500 seeded games each;
#: docs/AI.md; hard's measured again in session 61, the playout bot as it ships): where a
#: player's total stands among the bots (``solo_standing``)
SOLO_BOT_SCORES: dict[str, tuple[float, float]] = {
    "random": (12.0, 6.7),
    "easy": (24.3, 8.8),
    "greedy": (39.1, 3.3),
    "normal": (43.5, 3.8),
    "hard": (49.44, 2.99),
}

#: the same per power card (1-9): 500 seeded games a level (docs/AI.md), but hard's since
#: session 61 (the playout bot as it ships; on cards 6, 8 and 9 it plays as session 51's, whose
#: figures stand): 100 games a card (seeds 0-99), 500 on the default card 4; the cards shift a
#: bot's mean by up to ~4 points, so a solo total is measured against games with its card
SOLO_BOT_SCORES_BY_POWER: dict[int, dict[str, tuple[float, float]]] = {
    1: {
        "random": (16.63, 7.37),
        "easy": (27.08, 8.7),
        "greedy": (41.04, 3.67),
        "normal": (43.29, 4.53),
        "hard": (53.48, 3.76),
    },
    2: {
        "random": (12.43, 7.05),
        "easy": (26.02, 8.78),
        "greedy": (40.36, 3.7),
        "normal": (45.74, 4.57),
        "hard": (54.18, 4.47),
    },
    3: {
        "random": (12.0, 6.39),
        "easy": (25.05, 9.1),
        "greedy": (39.82, 3.36),
        "normal": (43.72, 3.55),
        "hard": (49.96, 2.92),
    },
    4: {
        "random": (12.02, 6.69),
        "easy": (24.29, 8.81),
        "greedy": (39.1, 3.28),
        "normal": (43.48, 3.77),
        "hard": (49.44, 2.99),
    },
    5: {
        "random": (12.99, 6.55),
        "easy": (25.28, 8.59),
        "greedy": (39.44, 3.22),
        "normal": (43.5, 4.11),
        "hard": (51.59, 3.25),
    },
    6: {
        "random": (13.06, 6.7),
        "easy": (27.1, 8.43),
        "greedy": (41.02, 4.24),
        "normal": (47.38, 3.93),
        "hard": (53.18, 3.19),
    },
    7: {
        "random": (12.24, 6.78),
        "easy": (25.02, 9.01),
        "greedy": (39.32, 3.3),
        "normal": (43.54, 3.7),
        "hard": (50.59, 2.95),
    },
    8: {
        "random": (12.27, 6.77),
        "easy": (24.43, 8.98),
        "greedy": (39.39, 3.27),
        "normal": (44.01, 4.24),
        "hard": (50.12, 3.51),
    },
    9: {
        "random": (12.33, 6.83),
        "easy": (24.95, 9.16),
        "greedy": (40.51, 3.62),
        "normal": (45.01, 4.04),
        "hard": (51.24, 3.54),
    },
}
