"""The published game data files (issue 23, point 5a): ``docs/data/<game>.json`` are what
``tools/export_game_data.py`` makes of the engines' current data, every field is explained in
``docs/PROTOCOL.md`` section 12, and a client that follows that section draws what the engine
plays (cards turned and shifted as moves name them, boards as the rules block them)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from game.rules.stargazer import RULESET as STARGAZER
from game.rules.stars import card_segments
from game.rules.stars.geometry import norm, shooting_star_points
from game.rules.stars.sheet import usable_on_board
from tools import export_game_data

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "PROTOCOL.md").read_text()
#: maps whose keys are data (player counts, crew ids, power names), not field names
KEYED = {"planets_for_players", "setup_free_cubes", "turn_order_vp",
         "ties_to_fewest_turn_order_vp", "flat_object_points",
         # reason codes, view keys and event types (section 11 names those)
         "reasons", "map", "events"}


def published(game: str) -> dict[str, Any]:
    return json.loads((ROOT / "docs" / "data" / f"{game}.json").read_text(encoding="utf-8"))


def test_the_files_are_what_the_tool_makes_of_the_engines_data_now() -> None:
    assert export_game_data.stale_files() == [], (
        "docs/data is out of date: run python tools/export_game_data.py")
    assert export_game_data.main(["--check"]) == 0


def test_a_content_change_without_a_new_export_is_caught(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    assert export_game_data.main(["--out", str(tmp_path)]) == 0
    assert export_game_data.main(["--check", "--out", str(tmp_path)]) == 0
    from game.rules.stargazer import content

    monkeypatch.setitem(content.PLANET_TYPES["lava"], "track", [1, 2, 0, 4, 0, 5, 9])
    assert export_game_data.stale_files(tmp_path) == [tmp_path / "stargazer.json"]
    assert export_game_data.main(["--check", "--out", str(tmp_path)]) == 1


def _keys(value: Any, parent: str = "") -> set[str]:
    if isinstance(value, dict):
        own = set() if parent in KEYED else set(value)
        return own | {k for key, v in value.items() for k in _keys(v, key)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v, parent)}
    return set()


@pytest.mark.parametrize("game", ["stars", "stargazer"])
def test_every_field_of_the_files_is_explained_in_the_protocol(game: str) -> None:
    section = DOC.split("## 12. Game data files")[1]
    common, stars, stargazer = re.split(r"\n### 12\.[12] ", section)
    part = common + (stars if game == "stars" else stargazer)
    missing = sorted(key for key in _keys(published(game)) if f"`{key}`" not in part)
    assert not missing, f"docs/PROTOCOL.md section 12 does not explain {missing}"


def test_a_client_turns_and_shifts_the_cards_as_section_12_says() -> None:
    """(x, y) -> (y, 3 - x) per quarter turn, then the shift: the engine's placements."""
    data = published("stars")

    def turned(x: int, y: int, rot: int, dx: int, dy: int) -> tuple[int, int]:
        for _ in range(rot):
            x, y = y, data["card_grid"] - 1 - x
        return x + dx, y + dy

    for card in data["night_cards"]:
        if card["kind"] != "line":
            continue
        for rot in range(4):
            for dx, dy in ((0, 0), (3, 5), (-1, 2)):
                mine = sorted(norm(*turned(a, b, rot, dx, dy), *turned(c, d, rot, dx, dy))
                              for a, b, c, d in card["segments"])
                assert mine == sorted(norm(*s) for s in card_segments(card["id"], rot, dx, dy))
    for star in data["shooting_stars"]:
        for rot in range(4):
            assert [list(turned(x, y, rot, 2, 3)) for x, y in star["points"]] == [
                list(p) for p in shooting_star_points(star["size"], rot, 2, 3)]


def test_a_client_sees_the_boards_the_engine_blocks() -> None:
    """Every point the file marks outside the arch, under the people or the artwork, or a
    planet, is one the engine refuses to draw on; every other point of the grid is open."""
    data = published("stars")
    grid = data["grid"]
    for board in data["boards"]:
        blocked = {tuple(p) for key in ("planets", "illustration", "bottom") for p in board[key]}
        blocked |= {tuple(p) for p in grid["outside_arch"]}
        for x in range(grid["width"]):
            for y in range(grid["height"]):
                assert usable_on_board(board["id"], (x, y)) == ((x, y) not in blocked), (
                    board["name"], x, y)
        assert grid["width"] * grid["height"] - len(blocked) == 76


def test_stargazer_views_name_only_what_the_file_describes() -> None:
    data = published("stargazer")
    planets = {planet["id"]: planet for planet in data["planet_types"]}
    crews = {crew["id"] for crew in data["crews"]}
    for players in (3, 4):
        for seed in range(5):
            view = STARGAZER.view(STARGAZER.setup({"players": players}, seed), 0)
            assert set(view["planets"]) <= set(planets) and set(view["crews"]) <= crews
            assert len(view["planets"]) == data["planets_for_players"][str(players)]
            assert view["crews"][0] == data["start_crew"]
    assert all(re.fullmatch(r"[a-z_]+", crew) for crew in crews)
