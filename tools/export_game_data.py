"""Export the game data a client needs to ``docs/data/<game>.json``, from the engines' own data.

``python tools/export_game_data.py`` writes ``docs/data/stars.json`` (Look at the Stars: the
grid, the 8 boards, the 30 night cards, the shooting-star shapes, the point and power cards)
and ``docs/data/stargazer.json`` (Stargazer: the planet types with their tracks, the crews and
the setup numbers). ``--check`` writes nothing and fails if a file differs from what the
engines' data gives now (``tests/test_game_data.py`` does the same in CI: a content change
without a new export fails). ``docs/PROTOCOL.md`` section 12 explains every field.

Each registered game that publishes its components names the function that builds its file
(``GamePlugin.public_data``: Look at the Stars' and Stargazer's ``plugin.py`` build theirs
field by field from ``game.rules.stars.data`` and ``game.rules.stargazer.content``, points and
lines as arrays, card numbers as fields); this tool adds the format version and writes them,
never edited by hand.
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

from game.registry import games, load_target  # noqa: E402

#: where the files go
DATA_DIR = ROOT / "docs" / "data"
#: the files' own format version: it changes when a field changes meaning or goes away
FORMAT_VERSION = 1


def exports() -> dict[str, Callable[[], dict[str, Any]]]:
    """game -> the function that builds its file (``GamePlugin.public_data``), for every
    registered game that publishes its components."""
    return {name: load_target(plugin.public_data) for name, plugin in games().items()
            if plugin.public_data}


def rendered(game: str) -> str:
    """The text of ``docs/data/<game>.json`` (stable: fixed key order, one trailing newline):
    the game's components, then what every game publishes alike (``wire_data``)."""
    return _dump({"format": FORMAT_VERSION, **exports()[game](), **wire_data(game)}, "") + "\n"


def wire_data(game: str) -> dict[str, Any]:
    """What a client in another language needs besides the components: the bot levels a
    seat's ``bot`` names, and the shapes and agreements the reference window checks each view
    and event against (``game.rules.shapes``; an outside client written from the protocol
    alone found them only in source files)."""
    from game.rules import get_ruleset
    from game.rules.shapes import shape_json

    ruleset = get_ruleset(game)
    out: dict[str, Any] = {"bot_levels": list(games()[game].bot_levels)}
    if ruleset.wire_shapes is not None:
        view, events = ruleset.wire_shapes
        out["wire"] = {
            "view": shape_json(view),
            "events": {kind: shape_json(shape) for kind, shape in events.items()},
            "agreements": [list(agreement) for agreement in ruleset.wire_agreements],
        }
    return out


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
    return [directory / f"{game}.json" for game in exports()
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
    for game in exports():
        path = args.out / f"{game}.json"
        path.write_text(rendered(game), encoding="utf-8")
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
