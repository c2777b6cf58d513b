"""Which way round the ring the investigation's arrows go (``ring.path_spans``).

A playtest saw the arrow from Lava to Gas run the short way, past an open planet, while the
cube went clockwise past two full ones: each step goes the way the walk went."""

from __future__ import annotations

from game.client.stargazer.ring import path_spans

# a ring of five planets, 0 to 4 clockwise


def test_the_clockwise_walk_goes_clockwise_past_full_planets() -> None:
    room = [2, 0, 0, 3, 2]  # 1 and 2 are full: from 0 the next cube goes to 3
    assert path_spans(room, [0, 3]) == [3]  # not -2, past open planet 4
    assert path_spans(room, [4, 0, 3]) == [1, 3]


def test_a_planet_filled_by_the_path_itself_is_skipped_too() -> None:
    room = [1, 1, 5, 5, 5]
    # the first two cubes fill planets 0 and 1; the third goes on clockwise to 2
    assert path_spans(room, [0, 1, 2]) == [1, 1]
    room = [1, 1, 0, 0, 5]
    assert path_spans(room, [1, 4, 0]) == [3, 1]  # past full 2 and 3, not back past 0


def test_the_pilots_walk_goes_counter_clockwise() -> None:
    room = [3, 3, 3, 3, 3]
    assert path_spans(room, [3, 2, 1]) == [-1, -1]
    room = [3, 0, 0, 3, 3]
    assert path_spans(room, [3, 0]) == [-3]  # counter-clockwise past the two full ones


def test_a_lap_back_to_the_one_open_planet_goes_all_the_way_round() -> None:
    assert path_spans([2, 0, 0, 0, 0], [0, 0]) == [5]


def test_a_stack_and_a_free_order_go_the_shorter_way() -> None:
    assert path_spans([3, 1, 1, 1, 1], [0, 0, 0]) == [0, 0]  # a stack: no arrow
    room = [3, 3, 3, 3, 3]
    assert path_spans(room, [0, 3]) == [-2]  # placed anywhere: the shorter way
    assert path_spans(room, [0]) == []
