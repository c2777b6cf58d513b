"""The wire shapes (``game.rules.shapes``) a window checks a remote host's views and events
against: every view and event real games make fits them (a shape too tight would cut a
guest off an honest host), they name what docs/PROTOCOL.md section 11 names, and a value
off its shape is found with its place."""

from __future__ import annotations

import re
from typing import Any

import pytest

from game.rules import get_ruleset
from game.rules.base import make_rng
from game.rules.shapes import (
    Int,
    Nullable,
    Optional,
    Text,
    agreement_problem,
    event_problem,
    problem,
)
from tests.test_protocol_events import DOC, GAMES, events_table


def view_keys(game: str) -> set[str]:
    """The keys of the game's view table in section 11 (a row may name two: `a` / `b`)."""
    part = DOC.split(f'(`game` = `"{game}"`')[1].split("\n### ")[0]
    table = part.split("**View**")[1].split("\n\n")[1]
    return {name for line in table.splitlines() if line.startswith("| `")
            for name in re.findall(r"`(\w+)`", line.strip("|").split("|")[0])}


def played(game: str, undo: float = 0.05) -> tuple[int, int]:
    """Play the seeded games of ``GAMES`` (and Stargazer's other stocks); check every event
    and, every few moves, every seat's and a spectator's view. Returns (views, events)."""
    ruleset = get_ruleset(game)
    view_shape, event_shapes = ruleset.wire_shapes
    games = GAMES[game] + ([(3, {"free_cubes": 0}), (4, {"free_cubes": 12})]
                           if game == "stargazer" else [(8, {"point_card": 10})])
    views = events = 0
    for number, (players, options) in enumerate(games):
        state = ruleset.setup(ruleset.normalize_options({"players": players, **options}), number)
        rng = make_rng(number, "wire-shapes")
        moves = 0
        while True:
            if moves % 5 == 0 or ruleset.is_over(state):
                for seat in [*range(players), None]:
                    view = ruleset.view(state, seat)
                    assert problem(view, view_shape, "view") is None, (game, number, moves)
                    assert agreement_problem(view, ruleset.wire_agreements, players) is None, \
                        (game, number, moves, "an honest view agrees with itself")
                    views += 1
            if ruleset.is_over(state):
                break
            seat = rng.choice(sorted(ruleset.to_move(state)))
            legal = ruleset.legal_moves(state, seat)
            kept = [m for m in legal if m.get("t") != "undo" or rng.random() < undo]
            for event in ruleset.apply(state, seat, rng.choice(kept or legal)):
                assert event["type"] in event_shapes, event
                assert event_problem(event, event_shapes) is None, event
                assert set(event) - {"type"} <= set(event_shapes[event["type"]]), event
                events += 1
            moves += 1
    return views, events


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_view_and_event_of_real_games_fits_its_shape(game: str) -> None:
    views, events = played(game)
    assert views > 500 and events > 1000


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_shapes_name_what_the_protocol_names(game: str) -> None:
    view_shape, event_shapes = get_ruleset(game).wire_shapes
    documented = events_table(game)
    assert set(event_shapes) == set(documented)
    for kind, shape in event_shapes.items():
        assert set(shape) <= documented[kind], kind  # (the doc's cell names values too)
    assert set(view_shape) == view_keys(game)


def test_a_value_off_its_shape_is_found_with_its_place() -> None:
    sheet = {"board": Int(0, 7), "lines": [(Int(0, 9), Int(0, 10)), 3],
             "who": Nullable(Text("ann", "bea")), "extra": Optional("bool")}
    good: dict[str, Any] = {"board": 2, "lines": [[0, 0], [9, 10]], "who": None}
    assert problem(good, sheet, "view") is None
    assert problem({**good, "more": [1]}, sheet) is None, "keys not in the shape are not read"
    for bad, said in [
        ({**good, "board": 99}, "view.board: 99 is not 0-7"),
        ({**good, "board": True}, "view.board: True is not an int"),
        ({**good, "board": 2 ** 40}, "view.board: 1099511627776 is not 0-7"),
        ({**good, "lines": [[0, 0]] * 4}, "view.lines: not a list of at most 3"),
        ({**good, "lines": [[0, 0], [1, 2, 3]]}, "view.lines[1]: not a list of 2"),
        ({**good, "lines": [[0, "x"]]}, "view.lines[0][1]: 'x' is not an int"),
        ({**good, "who": "cy"}, "view.who: 'cy' is not one of ann, bea"),
        ({**good, "extra": 1}, "view.extra: 1 is not a bool"),
        ({"board": 1, "lines": []}, "view.who: missing"),
        ([good], "view: not a map"),
    ]:
        assert problem(bad, sheet, "view") == said
    assert problem("x" * 65, Text(), "name") == \
        "name: '" + "x" * 40 + "'... is not a string of at most 64"
    deep: list[Any] = []
    for _ in range(100_000):  # a host's value too deep for repr: named by its type
        deep = [deep]
    assert problem(deep, "bool", "view.x") == "view.x: a list is not a bool"
    assert problem("x" * 65, Text(longest=65), "name") is None
    shapes = {"sun_rose": {"day": Int(1, 2)}}
    assert event_problem({"type": "sun_rose", "day": 3}, shapes) == \
        "event sun_rose.day: 3 is not 1-2"
    assert event_problem({"type": "other"}, shapes) is None, "another type is the caller's"
    assert event_problem(["sun_rose"], shapes) == "event: not an event"


@pytest.mark.parametrize(("game", "spoil", "found"), [
    ("stars", lambda v: v.update(seats=[]), "view.seats: 0, not 2 (@seats)"),
    ("stars", lambda v: v.update(you=5), "view.you: 5, not below 2 (@seats)"),
    ("stargazer", lambda v: v.update(hands=[1]), "view.hands: 1, not 3 (players)"),
    ("stargazer", lambda v: v.update(tracks=[[0]]), "view.tracks: 1, not"),
    ("stargazer", lambda v: v.update(current=3), "view.current: 3, not below 3 (players)"),
    ("stargazer", lambda v: v.update(players=4), "view.players: 4, not 3 (@seats)"),
])
def test_a_view_that_disagrees_with_itself_or_its_table_is_found(game: str, spoil: Any,
                                                                 found: str) -> None:
    """Values that fit their shapes but not each other (an outside hostile-host check: a
    seat list of none, 1 hand for 3 players, a planet's track missing) broke the drawing."""
    ruleset = get_ruleset(game)
    players = 2 if game == "stars" else 3
    view = ruleset.view(ruleset.setup(ruleset.normalize_options({"players": players}), 1), 0)
    assert agreement_problem(view, ruleset.wire_agreements, players) is None
    spoil(view)
    assert problem(view, ruleset.wire_shapes[0], "view") is None, "(it fits its shape)"
    said = agreement_problem(view, ruleset.wire_agreements, players)
    assert said is not None and said.startswith(found), said
    unknown = agreement_problem(view, ruleset.wire_agreements, 0) or ""
    assert "@seats" not in unknown, "the table's seats unknown yet: not compared"
