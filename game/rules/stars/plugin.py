"""Look at the Stars as a plugin: the ``GamePlugin`` (``GAME``) that the ``starparty.games`` entry
point ``stars`` names, and the functions it names for the tools. Its bots and its window are
named, not imported: reading it imports only this rules package."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.registry import GamePlugin


def messages() -> list[tuple[str, str]]:
    """The strings the window shows from this game's data: solo ranks, board names and the
    statistics' labels (``tools/extract_messages.py``)."""
    from game.rules.stars import STATISTICS, data

    found = [(name, "stars solo rank") for _, name in data.SOLO_RANKS]
    found += [(board["name"], f"stars board {number}") for number, board in
              enumerate(data.BOARDS) if board.get("name")]
    found += [(label, f"stars statistic {key}") for key, label in STATISTICS.items()]
    return found


def _points(points: Sequence[Sequence[int]]) -> list[list[int]]:
    return [list(point) for point in points]


def public_data() -> dict[str, Any]:
    """Look at the Stars' components for ``docs/data/stars.json``
    (``tools/export_game_data.py``), as ``docs/PROTOCOL.md`` section 12.1 describes them."""
    from game.rules.stars import data
    from game.rules.stars.engine import REASON_TEXT, SHIFT_LIMIT

    return {
        "game": "stars",
        "grid": {
            "width": data.GRID_WIDTH,
            "height": data.GRID_HEIGHT,
            "outside_arch": _points(sorted(data.ARCH_MISSING, key=lambda p: (p[1], p[0]))),
        },
        "card_grid": 4,
        "shift_limit": SHIFT_LIMIT,
        "boards": [
            {
                "id": index,
                "name": board["name"],
                "printed_lines": _points(board["printed_lines"]),
                "planets": _points(board["planets"]),
                "illustration": _points(board["illustration"]),
                "bottom": _points(board["bottom"]),
            }
            for index, board in enumerate(data.BOARDS)
        ],
        "night_cards": [
            {"id": card_id, "kind": "line", "segments": _points(segments)}
            for card_id, segments in enumerate(data.LINE_CARDS)
        ] + [
            {"id": card_id, "kind": "shooting_star"} for card_id in data.SHOOTING_STAR_CARD_IDS
        ],
        "shooting_stars": [
            {"size": size, "points": _points(points)}
            for size, points in sorted(data.SHOOTING_STAR_SHAPES.items())
        ],
        "cards_per_game": data.CARDS_PER_GAME,
        "cards_per_pile": data.CARDS_PER_PILE,
        "point_cards": [
            {"number": index + 1, "points": card["points"], "segments": _points(card["segments"])}
            for index, card in enumerate(data.POINT_CARDS)
        ],
        "default_point_card": data.DEFAULT_POINT_CARD,
        "power_cards": [
            {
                "number": index + 1,
                "power": card["power"],
                "set": card["set"],
                "once_per_game": card["power"] in data.ONCE_PER_GAME_POWERS,
                "segments": _points(card["segments"]),
            }
            for index, card in enumerate(data.POWER_CARDS)
        ],
        "default_power_card": data.DEFAULT_POWER_CARD,
        "constellation_sizes": list(data.VALID_SIZES),
        "nova_sizes": list(data.NOVA_SIZES),
        "flat_object_points": dict(data.FLAT_OBJECT_POINTS),
        "twinkling_star_points": data.TWINKLING_STAR_POINTS,
        "reasons": dict(REASON_TEXT),
    }


GAME = GamePlugin(
    name="stars",
    order=0,
    ruleset="game.rules.stars:RULESET",
    bots={"easy": "game.ai.stars_bots:EasyBot", "greedy": "game.ai.stars_bots:GreedyBot",
          "normal": "game.ai.stars_bots:PlanBot", "hard": "game.ai.stars_playouts:PlayoutBot"},
    default_bot="greedy",
    think_seconds={"hard": 0.5},
    client_kit="game.client.stars:KIT",
    teacher="game.ai.stars_teaching:TEACHER",
    messages="game.rules.stars.plugin:messages",
    public_data="game.rules.stars.plugin:public_data",
)
