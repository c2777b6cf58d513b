"""The Stargazer results say which tie-break decided a tie on VP for first place."""

from __future__ import annotations

from types import SimpleNamespace

from game.client.stargazer import tie_line
from game.rules.stargazer import RULESET


def finished(players: int, start: int, extra: list[int], hands: list[int]) -> dict:
    """A 3 or 4 player game at its end with these VP on top of the turn-order VP."""
    options = {"players": players, "start_player": start}
    state = RULESET.setup(RULESET.normalize_options(options), 1)
    state["motivation_vp"] = list(extra)
    state["hands"] = list(hands)
    state["phase"] = "over"
    return state


def explain(state: dict, names: list[str]) -> str | None:
    totals = [b["total"] for b in RULESET.score(state)]
    return tie_line(state, totals, RULESET.ranking(state), names)


def test_a_3_player_tie_won_by_the_first_start_player_says_so() -> None:
    state = finished(3, 1, [4, 5, 2], [6, 2, 6])  # seat 1 starts: turn-order VP 1, 0, 2
    line = explain(state, ["Ann", "Bo", "Cy"])
    assert RULESET.ranking(state) == [2, 1, 3] and line is not None
    assert "Bo" in line and "fewest turn-order VP" in line and "5 VP" in line


def test_a_4_player_tie_won_by_a_late_player_says_so() -> None:
    state = finished(4, 0, [4, 4, 5, 1], [3, 2, 7, 1])  # turn-order VP 1, 1, 0, 0: 5 / 5 / 5 / 1
    line = explain(state, ["Ann", "Bo", "Cy", "Di"])
    assert RULESET.ranking(state) == [2, 3, 1, 4]  # Cy (0 turn-order VP) before Ann's 3 cubes
    assert line is not None and "Cy" in line and "fewest turn-order VP" in line


def test_a_tie_won_on_cubes_in_hand_names_both_counts() -> None:
    state = finished(4, 0, [1, 4, 5, 5], [3, 2, 7, 4])  # turn-order VP 1, 1, 0, 0: 2 / 5 / 5 / 5
    line = explain(state, ["Ann", "Bo", "Cy", "Di"])
    assert RULESET.ranking(state) == [4, 3, 1, 2]
    assert line is not None and "Cy" in line and "(7 against 4)" in line
    state = finished(3, 0, [3, 3, 4], [0, 2, 5])  # VP 0, 2, 1: seats 1 and 2 tie on 5
    line = explain(state, ["Ann", "Bo", "Cy"])
    assert line is not None and "Cy" in line and "(5 against 2)" in line


def test_a_shared_win_and_no_tie() -> None:
    state = finished(4, 0, [4, 4, 5, 5], [3, 3, 3, 3])
    line = explain(state, ["Ann", "Bo", "Cy", "Di"])
    assert line is not None and "shared" in line
    assert explain(finished(3, 0, [9, 3, 2], [0, 2, 5]), ["Ann", "Bo", "Cy"]) is None
    assert tie_line(None, [5, 5, 5], [1, 2, 2], ["Ann", "Bo", "Cy"]) is None


def test_the_results_scene_shows_the_line(drive) -> None:  # noqa: ANN001
    from game.client.scenes.results import ResultsScene

    state = finished(3, 1, [4, 5, 2], [6, 2, 6])
    results = {"scores": RULESET.score(state), "ranking": RULESET.ranking(state)}
    session = SimpleNamespace(views={0: dict(state, over=True)})
    scene = ResultsScene(drive.app, "stargazer", None, results, ["Ann", "Bo", "Cy"],
                         ["human", "open", "open"], session=session)
    assert scene.winner_text() == "Bo wins!"
    assert scene.tie_text() == explain(state, ["Ann", "Bo", "Cy"])


def test_the_statistics_name_the_players_as_the_table_does(drive) -> None:  # noqa: ANN001
    """Statistics named the players in the generic seat colours (pink, yellow, light blue)
    where the table and the scores show each seat's piece (a new player misread whose column
    was whose): each name stands beside its piece, as on the scores."""
    import dataclasses

    import pygame

    from game.client import theme
    from game.client.kits import get_kit
    from game.client.record import GameRecord
    from game.client.scenes.results import ResultsScene
    from tests.client.textboxes import RecordingSurface, recording
    from tests.test_review import bot_game

    options, moves = bot_game("stargazer", 3, 5)
    state = RULESET.setup(RULESET.normalize_options(options), 5)
    for seat, move in moves:
        RULESET.apply(state, seat, move)
    names = ["Ann", "Bo", "Cy"]
    record = GameRecord("stargazer", options, 5, moves, names, ["human", "ai", "ai"])
    results = {"scores": RULESET.score(state), "ranking": RULESET.ranking(state)}
    scene = ResultsScene(drive.app, "stargazer", None, results, names,
                         ["human", "ai", "ai"], record=record)
    drive.app.push(scene)
    tokens: list[int] = []
    kit = get_kit("stargazer")
    real = kit.seat_token
    assert scene.kit is kit
    scene.kit = dataclasses.replace(kit, seat_token=lambda seat, size, blind: (
        tokens.append(seat), real(seat, size, blind))[1])
    scene.toggle_statistics()
    drive.step(2)
    surface = RecordingSurface(drive.app.screen.get_size())
    with recording(drive.app) as recorder:
        surface.recorder = recorder
        scene.draw(surface, 0.0)
    assert sorted(set(tokens)) == [0, 1, 2], "each seat's piece beside its name"
    where = {mark.text: mark.rect for mark in surface.marks() if mark.kind == "text"}
    for name in names:
        rect = where[name]
        shades = {drive.pixel((x, y)) for x in range(rect.x, rect.right)
                  for y in range(rect.y, rect.bottom)}
        assert theme.TEXT in shades, (name, "in the text colour, not a seat colour")
    pygame.event.clear()
