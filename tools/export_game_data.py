"""Export the game data a client needs to ``docs/data/<game>.json``, from the engines' own data.

``python tools/export_game_data.py`` writes ``docs/data/stars.json`` (Look at the Stars: the
grid, the 8 boards, the 30 night cards, the shooting-star shapes, the point and power cards)
and ``docs/data/stargazer.json`` (Stargazer: the planet types with their tracks, the crews and
the setup numbers). ``--check`` writes nothing and fails if a file differs from what the
engines' data gives now (``tests/test_game_data.py`` does the same in CI: a content change
without a new export fails). ``docs/PROTOCOL.md`` section 12 explains every field.

The files are built field by field from ``game.rules.stars.data`` and
``game.rules.stargazer.content`` (points and lines as arrays, card numbers as fields), never
edited by hand.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from game.rules.stargazer import content  # noqa: E402
from game.rules.stars import data  # noqa: E402
from game.rules.stars.engine import SHIFT_LIMIT  # noqa: E402

#: where the files go
DATA_DIR = ROOT / "docs" / "data"
#: the files' own format version: it changes when a field changes meaning or goes away
FORMAT_VERSION = 1


def _points(points: Sequence[Sequence[int]]) -> list[list[int]]:
    return [list(point) for point in points]


def stars_data() -> dict[str, Any]:
    """Look at the Stars' components, as ``docs/PROTOCOL.md`` section 12.1 describes them."""
    return {
        "format": FORMAT_VERSION,
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
    }


def stargazer_data() -> dict[str, Any]:
    """Stargazer's planet types, crews and setup numbers (``docs/PROTOCOL.md`` section 12.2)."""
    return {
        "format": FORMAT_VERSION,
        "game": "stargazer",
        "cubes_per_player": content.CUBES_PER_PLAYER,
        "wood_cubes": content.WOOD_CUBES,
        "max_free_cubes_on_crew": content.MAX_FREE_CUBES_ON_CREW,
        "planets_for_players": {str(n): count
                                for n, count in sorted(content.PLANETS_FOR_PLAYERS.items())},
        "start_crew": content.START_CREW,
        "setup_free_cubes": dict(content.SETUP_FREE_CUBES),
        "turn_order_vp": {str(n): list(vp) for n, vp in sorted(content.TURN_ORDER_VP.items())},
        "ties_to_fewer_turn_order_vp": {
            str(n): flag for n, flag in sorted(content.TIES_TO_FEWER_TURN_ORDER_VP.items())},
        "colour_groups": list(content.COLOUR_GROUPS),
        "planet_types": [{"id": kind, **info} for kind, info in content.PLANET_TYPES.items()],
        "crews": [dict(crew) for crew in content.CREWS],
    }


#: game -> the function that builds its file
EXPORTS: dict[str, Callable[[], dict[str, Any]]] = {
    "stars": stars_data,
    "stargazer": stargazer_data,
}


def rendered(game: str) -> str:
    """The text of ``docs/data/<game>.json`` (stable: fixed key order, one trailing newline)."""
    return _dump(EXPORTS[game](), "") + "\n"


def _flat(value: Any) -> bool:
    """Short enough for one line: a scalar, or an array of scalars or of arrays of scalars
    (a point, a line, a list of points)."""
    if isinstance(value, list):
        return all(not isinstance(v, (list, dict)) or (isinstance(v, list) and all(
            not isinstance(w, (list, dict)) for w in v)) for v in value)
    return not isinstance(value, dict)


def _dump(value: Any, indent: str) -> str:
    """JSON with maps and long arrays spread over lines, points and lines kept on one."""
    if _flat(value):
        return json.dumps(value, ensure_ascii=False)
    inner = indent + "  "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(str(k))}: {_dump(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}" if items else "{}"
    items = [inner + _dump(v, inner) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + indent + "]"


def stale_files(directory: Path = DATA_DIR) -> list[Path]:
    """The files in ``directory`` that differ from (or lack) what the engines' data gives."""
    return [directory / f"{game}.json" for game in EXPORTS
            if not (directory / f"{game}.json").is_file()
            or (directory / f"{game}.json").read_text(encoding="utf-8") != rendered(game)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; fail if a file is out of date")
    parser.add_argument("--out", type=Path, default=DATA_DIR, help="the folder of the files")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    stale = stale_files(args.out)
    if args.check:
        for path in stale:
            print(f"{path} is out of date: run python tools/export_game_data.py", file=sys.stderr)
        return 1 if stale else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for game in EXPORTS:
        path = args.out / f"{game}.json"
        path.write_text(rendered(game), encoding="utf-8")
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
