"""The view and event shapes published in ``docs/data/<game>.json`` (``wire``, PROTOCOL
section 12) say what the reference window checks: a checker written from section 12's words
alone, as a client in another language would write it, gives the window's verdict on every
honest view and event of seeded games and on values spoilt one place at a time (an outside
client found the ranges only in source files)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.rules import get_ruleset
from game.rules.base import make_rng
from game.rules.shapes import agreement_problem, event_problem, problem
from tests.games import PROJECT_GAMES

ROOT = Path(__file__).resolve().parents[1]


def fits(value: Any, shape: Any) -> bool:
    """Section 12's shapes, read as a stranger reads them (no code of ours)."""
    if shape == "any":
        return True
    if shape == "bool":
        return isinstance(value, bool)
    if "nullable" in shape:
        return value is None or fits(value, shape["nullable"])
    if "optional" in shape:
        return value is None or fits(value, shape["optional"])
    if "int" in shape:
        low, high = shape["int"]
        return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    if "text" in shape:
        return isinstance(value, str) and len(value) <= shape["text"] and (
            "one_of" not in shape or value in shape["one_of"])
    if "list" in shape:
        return isinstance(value, list) and len(value) <= shape["longest"] and all(
            fits(item, shape["list"]) for item in value)
    if "tuple" in shape:
        return isinstance(value, list) and len(value) == len(shape["tuple"]) and all(
            fits(item, inner) for item, inner in zip(value, shape["tuple"], strict=True))
    if "map" in shape:
        return isinstance(value, dict) and all(
            (key in value and fits(value[key], inner)) or (key not in value and "optional"
                                                           in inner)
            for key, inner in shape["map"].items())
    raise AssertionError(f"section 12 names no such shape: {shape}")


def agrees(view: dict[str, Any], agreements: list[list[str]], seats: int) -> bool:
    def measure(key: str) -> int | None:
        if key == "@seats":
            return seats
        value = view.get(key)
        if isinstance(value, list):
            return len(value)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    for a, op, b in agreements:
        left, right = measure(a), measure(b)
        if left is not None and right is not None and not (
                left == right if op == "=" else left < right):
            return False
    return True


def honest(game: str) -> tuple[list[tuple[dict[str, Any], int]], list[dict[str, Any]]]:
    """(view, seats) pairs and events of two seeded games, every seat's view and a
    spectator's every few moves."""
    ruleset = get_ruleset(game)
    views: list[tuple[dict[str, Any], int]] = []
    events: list[dict[str, Any]] = []
    for number, players in enumerate((3, 4)):
        state = ruleset.setup(ruleset.normalize_options({"players": players}), 70 + number)
        rng = make_rng(number, "wire-data")
        moves = 0
        while True:
            if moves % 7 == 0 or ruleset.is_over(state):
                views += [(ruleset.view(state, seat), players) for seat in [*range(players), None]]
            if ruleset.is_over(state):
                break
            seat = rng.choice(sorted(ruleset.to_move(state)))
            events += ruleset.apply(state, seat, rng.choice(ruleset.legal_moves(state, seat)))
            moves += 1
    return views, events


def spoilt(value: Any, rng: random.Random) -> Any:
    """``value`` with one place changed: a number far off, a list grown long, a type swapped,
    a key taken away."""
    value = copy.deepcopy(value)
    places: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, inner in node.items():
                places.append((node, key))
                walk(inner)
        elif isinstance(node, list):
            for index, inner in enumerate(node):
                places.append((node, index))
                walk(inner)

    walk(value)
    if not places:
        return value
    parent, key = rng.choice(places)
    old = parent[key]
    change = rng.randrange(4)
    if change == 0 and isinstance(parent, dict):
        del parent[key]
    elif change == 1 and isinstance(old, list):
        parent[key] = old * 40 + [old[0] if old else 0] * 40
    elif isinstance(old, int) and not isinstance(old, bool):
        parent[key] = rng.choice([old + 10 ** 6, -(10 ** 6), True, str(old)])
    else:
        parent[key] = rng.choice([None, 12345, "x" * 300, [], {"a": 1}, False])
    return value


@pytest.mark.parametrize("game", PROJECT_GAMES)
def test_the_published_shapes_give_the_windows_verdict(game: str) -> None:
    ruleset = get_ruleset(game)
    wire = json.loads((ROOT / "docs" / "data" / f"{game}.json").read_text())["wire"]
    view_shape, event_shapes = ruleset.wire_shapes
    views, events = honest(game)
    assert views and events
    for view, seats in views:
        assert fits(view, wire["view"]), "an honest view fits the published shape"
        assert agrees(view, wire["agreements"], seats)
    for event in events:
        assert fits(event, wire["events"][event["type"]])
    rng = random.Random(26)
    refused = 0
    for _ in range(1500):
        view, seats = rng.choice(views)
        bad = spoilt(view, rng)
        window = problem(bad, view_shape, "view") is None and agreement_problem(
            bad, ruleset.wire_agreements, seats) is None
        assert (fits(bad, wire["view"]) and agrees(bad, wire["agreements"], seats)) == window
        refused += not window
        event = spoilt(rng.choice(events), rng)
        if isinstance(event.get("type"), str) and event["type"] in wire["events"]:
            assert fits(event, wire["events"][event["type"]]) == (
                event_problem(event, event_shapes) is None)
    assert refused > 500, "most spoilt views are refused: the comparison means something"


@pytest.mark.parametrize("game", PROJECT_GAMES)
def test_the_published_levels_and_reasons_are_the_games(game: str) -> None:
    from game.ai import levels_of

    data = json.loads((ROOT / "docs" / "data" / f"{game}.json").read_text())
    assert data["bot_levels"] == list(levels_of(game))
    assert data["bot_levels"][0] == "random" and "hard" in data["bot_levels"]
    engine = __import__(f"game.rules.{game}.engine", fromlist=["REASON_TEXT"])
    assert data["reasons"] == engine.REASON_TEXT and "malformed_move" in data["reasons"]
