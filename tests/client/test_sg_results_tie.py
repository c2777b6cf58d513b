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


def test_the_bars_rank_as_the_totals_when_a_skill_cost_vp() -> None:
    """Ann's -4 skills were left off her bar, which then ran past the winner's (a 4K
    playtest: 44 against 47): points lost are marked at the bar's end, and what stays filled
    ends at each total."""
    from game.client.kits import get_kit
    from game.client.scenes.results import bar_segments, positive_sum

    columns = get_kit("stargazer").score_columns
    keys = [column.key for column in columns]
    player_3 = dict(zip(keys, [30, 9, 5, 2, 1], strict=True), total=47)
    ann = dict(zip(keys, [29, 12, 7, -4, 0], strict=True), total=44)
    scale = 600 / max(positive_sum(player_3, columns), positive_sum(ann, columns))

    def filled_end(score: dict) -> int:
        return max(left + width for left, width, _c, lost in bar_segments(score, columns, scale)
                   if not lost)

    def lost(score: dict) -> int:
        return sum(width for _l, width, _c, lost in bar_segments(score, columns, scale) if lost)

    assert filled_end(player_3) > filled_end(ann), "the winner's bar is the longer"
    assert abs(filled_end(ann) - (44 * scale)) <= 2 and abs(filled_end(player_3) - 47 * scale) <= 2
    assert abs(lost(ann) - 4 * scale) <= 2 and lost(player_3) == 0
    assert max(left + width for left, width, *_ in bar_segments(ann, columns, scale)) <= 601, \
        "the whole bar stays in the chart"
