"""The turn flow: simultaneous cards, confirm and undo, the sun, the end, views and events."""

from __future__ import annotations

import copy

import msgpack
import pytest
from stars_testkit import confirm_all, crafted_state, packed, path, set_card

from game.rules.base import IllegalMove, visible_events
from game.rules.shapes import event_problem
from game.rules.stars import RULESET, card_segments, data
from game.rules.stars.wire_shapes import EVENTS


def test_options_defaults_and_validation() -> None:
    assert RULESET.default_options(3) == {
        "players": 3,
        "point_card": "default",
        "power_card": "default",
        "live_score": False,
    }
    for bad in (
        {"point_card": 11},
        {"point_card": "best"},
        {"power_card": 0},
        {"power_card": "random"},
        {"live_score": 1},
        {"point_card": True},
    ):
        with pytest.raises(ValueError, match=next(iter(bad))):
            RULESET.normalize_options({"players": 2, **bad})


def test_setup_resolves_cards_from_the_options_and_the_seed() -> None:
    state = RULESET.setup({"players": 2}, 3)
    assert state["point_card"] == 3 and state["power_card"] == 4  # the plus sign and Line
    fixed = RULESET.setup({"players": 2, "point_card": 7, "power_card": 9}, 3)
    assert fixed["point_card"] == 7 and fixed["power_card"] == 9
    beginner = {
        RULESET.setup({"players": 2, "power_card": "random_beginner"}, s)["power_card"]
        for s in range(60)
    }
    assert beginner == set(data.BEGINNER_POWER_CARDS)
    experienced = {
        RULESET.setup({"players": 2, "power_card": "random_experienced"}, s)["power_card"]
        for s in range(80)
    }
    assert experienced == set(range(1, 10))
    points = {
        RULESET.setup({"players": 2, "point_card": "random"}, s)["point_card"] for s in range(80)
    }
    assert points == set(range(1, 11))
    for record in fixed["seats"]:
        assert record["sheet"]["point_card"] == 7 and record["sheet"]["power_card"] == 9


def test_every_seat_gets_a_different_board_and_18_of_30_cards_are_used() -> None:
    state = RULESET.setup({"players": 8}, 11)
    assert sorted(s["sheet"]["board"] for s in state["seats"]) == list(range(8))
    assert sorted(state["deck"]) == list(range(30))
    boards = {
        tuple(s["sheet"]["board"] for s in RULESET.setup({"players": 3}, k)["seats"])
        for k in range(10)
    }
    assert len(boards) > 1


def test_all_seats_act_at_once_and_the_card_is_final_when_the_last_confirms() -> None:
    state = crafted_state(players=3, card=0)
    assert RULESET.to_move(state) == {0, 1, 2}
    RULESET.apply(state, 1, {"t": "place", "rot": 0, "dx": 3, "dy": 3})
    RULESET.apply(state, 1, {"t": "confirm"})
    assert RULESET.to_move(state) == {0, 2}
    RULESET.apply(state, 0, {"t": "skip"})
    RULESET.apply(state, 0, {"t": "confirm"})
    assert state["flipped"] == 1
    RULESET.apply(state, 2, {"t": "place", "rot": 1, "dx": 2, "dy": 2})
    events = RULESET.apply(state, 2, {"t": "confirm"})
    assert state["flipped"] == 2
    assert RULESET.to_move(state) == {0, 1, 2}
    flipped = [e for e in events if e["type"] == "card_flipped"]
    assert len(flipped) == 1 and flipped[0]["n"] == 2
    assert flipped[0]["card"]["id"] == state["deck"][1]
    assert len(state["seats"][1]["sheet"]["lines"]) == 2
    assert state["seats"][0]["sheet"]["lines"] == []


def test_a_placed_card_draws_both_segments_rotated_and_shifted() -> None:
    state = crafted_state(card=6)
    RULESET.apply(state, 0, {"t": "place", "rot": 3, "dx": 2, "dy": 1})
    drawn = sorted(map(tuple, state["seats"][0]["sheet"]["lines"]))
    expected = sorted(tuple(s) for s in card_segments(6, 3, 2, 1))
    assert drawn == expected
    for x1, y1, x2, y2 in drawn:
        assert (x1, y1) < (x2, y2)


def test_undo_restores_the_seat_exactly_even_after_confirming() -> None:
    state = crafted_state(players=2, card=0)
    before = packed(state)
    RULESET.apply(state, 0, {"t": "place", "rot": 0, "dx": 3, "dy": 3})
    RULESET.apply(state, 0, {"t": "confirm"})
    assert RULESET.legal_moves(state, 0) == [{"t": "undo"}]
    events = RULESET.apply(state, 0, {"t": "undo"})
    assert events == [{"type": "turn_undone", "seat": 0}]
    # the three moves count towards the card's move limit; everything else is as before
    assert state["seats"][0]["card_moves"] == 3
    state["seats"][0]["card_moves"] = 0
    assert packed(state) == before
    assert 0 in RULESET.to_move(state)


def test_once_the_card_is_final_it_cannot_be_undone() -> None:
    state = crafted_state(players=2, card=0)
    RULESET.apply(state, 0, {"t": "place", "rot": 0, "dx": 3, "dy": 3})
    confirm_all(state)
    with pytest.raises(IllegalMove) as refused:
        RULESET.apply(state, 0, {"t": "undo"})
    assert refused.value.code == "nothing_to_undo"
    assert len(state["seats"][0]["sheet"]["lines"]) == 2


def test_legal_moves_by_phase() -> None:
    state = crafted_state(players=2, card=0)
    fresh = RULESET.legal_moves(state, 0)
    assert {m["t"] for m in fresh} == {"place", "skip"}
    shapes = [
        frozenset(map(tuple, card_segments(0, m["rot"], m["dx"], m["dy"])))
        for m in fresh
        if m["t"] == "place"
    ]
    assert len(shapes) == len(set(shapes))
    RULESET.apply(state, 0, fresh[0])
    assert RULESET.legal_moves(state, 0) == [{"t": "confirm"}, {"t": "undo"}]
    set_card(state, 27)  # seat 1 now faces a shooting-star card
    assert {m["t"] for m in RULESET.legal_moves(state, 1)} == {"shooting_star", "skip"}
    assert RULESET.legal_moves(state, 5) == []


def test_every_listed_move_is_accepted() -> None:
    state = crafted_state(players=1, card=9, lines={0: path((3, 3), (4, 4), (5, 3), (6, 4))})
    for move in RULESET.legal_moves(state, 0):
        trial = copy.deepcopy(state)
        RULESET.apply(trial, 0, move)


def _play_skipping(state: dict, cards: int) -> list[dict]:
    events = []
    for _ in range(cards):
        events += confirm_all(state)
    return events


def test_the_sun_rises_after_cards_6_and_12_and_closes_rows() -> None:
    state = crafted_state(players=2, card=0)
    events = _play_skipping(state, 6)
    assert state["flipped"] == 7 and state["day"] == 1
    assert {"type": "sun_rose", "day": 1} in events
    set_card(state, 0)
    with pytest.raises(IllegalMove) as refused:
        RULESET.apply(state, 0, {"t": "place", "rot": 0, "dx": 6, "dy": 0})  # (7,1)-(7,2)...
    assert refused.value.code == "row_closed"
    assert all(
        min(s[1], s[3]) >= 2
        for m in RULESET.legal_moves(state, 0)
        if m["t"] == "place"
        for s in card_segments(0, m["rot"], m["dx"], m["dy"])
    )
    events = _play_skipping(state, 6)
    assert state["flipped"] == 13 and state["day"] == 2
    assert {"type": "sun_rose", "day": 2} in events
    set_card(state, 0)
    assert all(
        min(s[1], s[3]) >= 4
        for m in RULESET.legal_moves(state, 0)
        if m["t"] == "place"
        for s in card_segments(0, m["rot"], m["dx"], m["dy"])
    )


def test_the_game_ends_after_18_cards_and_closed_rows_still_score() -> None:
    state = crafted_state(players=1, card=2)
    RULESET.apply(state, 0, {"t": "place", "rot": 0, "dx": -1, "dy": 0})  # (0,1)-(1,1)-(2,1)
    confirm_all(state)
    set_card(state, 2)
    RULESET.apply(state, 0, {"t": "place", "rot": 0, "dx": 1, "dy": 0})  # (2,1)-(3,1)-(4,1)
    events = confirm_all(state)
    events += _play_skipping(state, 16)
    assert RULESET.is_over(state) and RULESET.to_move(state) == set()
    assert RULESET.legal_moves(state, 0) == []
    over = [e for e in events if e["type"] == "game_over"]
    assert len(over) == 1 and over[0]["scores"] == RULESET.score(state)
    assert RULESET.score(state)[0]["constellations"] == 4  # drawn in rows closed since card 7
    assert state["flipped"] == 18
    with pytest.raises(IllegalMove) as refused:
        RULESET.apply(state, 0, {"t": "skip"})
    assert refused.value.code == "game_over"


def test_a_solo_game_plays_to_the_end() -> None:
    state = RULESET.setup({"players": 1}, 4)
    steps = 0
    while not RULESET.is_over(state):
        moves = [m for m in RULESET.legal_moves(state, 0) if m["t"] != "undo"]
        confirm = [m for m in moves if m["t"] == "confirm"]
        RULESET.apply(state, 0, confirm[0] if confirm else moves[steps * 7 % len(moves)])
        steps += 1
        assert steps < 2000
    assert len(RULESET.score(state)) == 1


def test_other_seats_pending_placements_stay_hidden_until_the_card_is_final() -> None:
    state = crafted_state(players=2, card=0)
    events = RULESET.apply(state, 0, {"t": "place", "rot": 0, "dx": 3, "dy": 3})
    assert visible_events(events, 1) == [] and visible_events(events, None) == []
    assert visible_events(events, 0)[0]["type"] == "lines_drawn"
    mine = RULESET.view(state, 0)
    assert len(mine["pending"]["sheet"]["lines"]) == 2
    assert mine["seats"][0]["sheet"]["lines"] == []  # the public (confirmed) sheet
    for viewer in (1, None):
        view = RULESET.view(state, viewer)
        assert view["seats"][0]["sheet"]["lines"] == []
        assert view["pending"] is None
        assert msgpack.unpackb(msgpack.packb(view)) == view
    RULESET.apply(state, 0, {"t": "confirm"})
    final = RULESET.apply(state, 1, {"t": "skip"}) + RULESET.apply(state, 1, {"t": "confirm"})
    public = visible_events(final, None)
    drawn = [e for e in public if e["type"] == "lines_drawn"]
    assert drawn and drawn[0]["seat"] == 0 and drawn[0]["final"] is True
    assert any(e["type"] == "card_skipped" and e["seat"] == 1 for e in public)
    assert len(RULESET.view(state, 1)["seats"][0]["sheet"]["lines"]) == 2


def test_view_layout_and_live_scores() -> None:
    hidden = crafted_state(players=2, card=0, lines={0: path((3, 3), (4, 3), (5, 3), (6, 3))})
    view = RULESET.view(hidden, 1)
    for key in (
        "game",
        "options",
        "point_card",
        "power_card",
        "power",
        "card",
        "day",
        "over",
        "seats",
        "you",
        "pending",
        "my_score",
        "scores",
    ):
        assert key in view
    assert view["card"]["n"] == 1 and view["card"]["of"] == 18
    assert view["card"]["id"] == 0 and view["card"]["kind"] == "line"
    assert view["scores"] is None and view["my_score"]["total"] == 0
    assert RULESET.view(hidden, 0)["my_score"]["constellations"] == 3
    assert "deck" not in view
    live = crafted_state(
        players=2, card=0, live_score=True, lines={0: path((3, 3), (4, 3), (5, 3), (6, 3))}
    )
    assert RULESET.view(live, 1)["scores"][0]["constellations"] == 3
    assert RULESET.view(live, None)["scores"][0]["total"] == RULESET.score(live)[0]["total"]


def test_reshuffling_the_hidden_deck_changes_no_view() -> None:
    state = crafted_state(players=3, card=0)
    RULESET.apply(state, 0, {"t": "place", "rot": 0, "dx": 3, "dy": 3})
    other = RULESET.reshuffle_hidden(state, 99)
    assert other["deck"] != state["deck"]
    assert other["deck"][: state["flipped"]] == state["deck"][: state["flipped"]]
    for seat in (None, 0, 1, 2):
        assert RULESET.view(other, seat) == RULESET.view(state, seat)


def test_a_shooting_star_card_draws_a_diagonal_run() -> None:
    state = crafted_state(card=28)
    events = RULESET.apply(state, 0, {"t": "shooting_star", "size": 3, "rot": 0, "dx": 3, "dy": 3})
    assert state["seats"][0]["sheet"]["shooting_stars"] == [[[3, 3], [4, 4], [5, 5], [6, 6]]]
    assert events[0]["type"] == "shooting_star_drawn"
    confirm_all(state)
    assert RULESET.score(state)[0]["shooting_stars"] == 3


def test_skip_is_always_offered_and_every_move_has_a_log_line() -> None:
    state = crafted_state(players=2, card=27)
    assert {"t": "skip"} in RULESET.legal_moves(state, 0)
    set_card(state, 5)
    assert {"t": "skip"} in RULESET.legal_moves(state, 0)
    for move in (
        {"t": "place", "rot": 1, "dx": 2, "dy": 3},
        {"t": "shooting_star", "size": 2, "rot": 0, "dx": 1, "dy": 1},
        {"t": "power", "at": [3, 3]},
        {"t": "power", "line": [3, 3, 4, 4]},
        {"t": "skip"},
        {"t": "skip_power"},
        {"t": "confirm"},
        {"t": "undo"},
    ):
        text = RULESET.describe_move(state, 0, move)
        assert text.startswith("seat 0 ") and len(text) > 10


def test_a_final_card_announces_the_constellations_it_made() -> None:
    state = crafted_state(players=1, card=2, lines={0: [[3, 3, 4, 3]]})
    RULESET.apply(state, 0, {"t": "place", "rot": 0, "dx": 3, "dy": 2})  # (4,3)-(5,3)-(6,3)
    events = RULESET.apply(state, 0, {"t": "confirm"})
    formed = [e for e in events if e["type"] == "constellation_formed"]
    assert formed == [
        {
            "type": "constellation_formed",
            "seat": 0,
            "size": 3,
            "lines": [[3, 3, 4, 3], [4, 3, 5, 3], [5, 3, 6, 3]],
        }
    ]
    set_card(state, 27)
    RULESET.apply(state, 0, {"t": "skip"})
    events = RULESET.apply(state, 0, {"t": "confirm"})
    assert not [e for e in events if e["type"] == "constellation_formed"]


def test_a_final_card_that_grows_a_group_past_8_lines_says_it_scores_nothing() -> None:
    """A constellation of 7 grown to 9 lines scores nothing: the card says so
    (``group_too_big``), where before the score fell with nothing said (a playtest)."""
    chain = [[3, 3, 4, 3]] + [[3, y, 3, y + 1] for y in range(3, 9)]  # 7 lines, one group
    state = crafted_state(players=1, card=2, lines={0: chain})
    before = RULESET.score(state)[0]["constellations"]
    assert before > 0, "7 lines: a constellation"
    RULESET.apply(state, 0, {"t": "place", "rot": 0, "dx": 3, "dy": 2})  # (4,3)-(5,3)-(6,3)
    events = RULESET.apply(state, 0, {"t": "confirm"})
    assert [e["type"] for e in events if "size" in e] == ["group_too_big"]
    lost = next(e for e in events if e["type"] == "group_too_big")
    assert lost["seat"] == 0 and lost["size"] == 9 and len(lost["lines"]) == 9
    assert RULESET.score(state)[0]["constellations"] == 0
    assert "group_too_big" in EVENTS and event_problem(lost, EVENTS) is None, "its wire shape"
