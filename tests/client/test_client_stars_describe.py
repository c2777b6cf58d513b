"""Look at the Stars' moves in words (Watch replay, the review, the demo): the lines a card
draws star to star, a power's place, never raw lists."""

from __future__ import annotations

from game.client.stars import describe_move
from game.rules.stars import RULESET, card_segments


def test_a_placement_names_the_stars_its_lines_join() -> None:
    state = RULESET.setup({"players": 1}, 3)
    state["flipped"] = 2  # a line card
    card = state["deck"][1]
    words = describe_move(state, 0, {"t": "place", "rot": 1, "dx": 2, "dy": 3},
                          lambda seat: "Ann")
    for x1, y1, x2, y2 in card_segments(card, 1, 2, 3):
        assert f"({x1 + 1}, {y1 + 1})–({x2 + 1}, {y2 + 1})" in words, words
    assert "turn" not in words and "shift" not in words


def test_a_power_names_its_place_not_a_list() -> None:
    state = RULESET.setup({"players": 1}, 3)
    line = describe_move(state, 0, {"t": "power", "line": [0, 2, 1, 2]}, lambda seat: "Ann")
    at = describe_move(state, 0, {"t": "power", "at": [4, 5]}, lambda seat: "Ann")
    assert "(1, 3)–(2, 3)" in line and "[" not in line
    assert "(5, 6)" in at and "[" not in at


def test_a_shooting_star_names_where_it_goes() -> None:
    """The review said "Ann draws a shooting star of 3" and nothing of where (session 56's
    playtest): its head and tail, star to star."""
    from game.rules.stars.geometry import shooting_star_points

    state = RULESET.setup({"players": 1}, 3)
    move = {"t": "shooting_star", "size": 3, "rot": 1, "dx": 4, "dy": 2}
    words = describe_move(state, 0, move, lambda seat: "Ann")
    head, *_middle, tail = shooting_star_points(3, 1, 4, 2)
    assert words.startswith("Ann draws a shooting star of 3")
    assert f"({head[0] + 1}, {head[1] + 1})–({tail[0] + 1}, {tail[1] + 1})" in words, words
