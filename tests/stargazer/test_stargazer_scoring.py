"""Scoring rule sentences: rank-shifted majorities, accidents, 0 squares, specialty, tie-break."""

from __future__ import annotations

from sg_helpers import new_game

from game.rules.stargazer import PLANET_TYPES, RULESET
from game.rules.stargazer.content import TURN_ORDER_VP
from game.rules.stargazer.scoring import (
    FREE,
    best_specialty,
    planet_ranking,
    planet_vp,
    ranking_with_tie_break,
)

LAVA = PLANET_TYPES["lava"]["track"]
OCEAN = PLANET_TYPES["ocean"]["track"]
GAS = PLANET_TYPES["gas"]["track"]
DARK = PLANET_TYPES["dark"]["track"]


def test_tracks_have_accident_squares_and_a_reward_at_the_end() -> None:
    for kind, info in PLANET_TYPES.items():
        track = info["track"]
        assert 5 <= len(track) <= 8, kind
        assert track[-1] == max(track), kind
        if kind != "dark":
            assert 0 in track, f"{kind} has no accident"
    assert 0 not in DARK  # the dark planet differs: no accident, pioneers win ties


def test_no_planet_is_winner_take_all_when_full() -> None:
    """Project decision (issue 14): on every track the square before the last pays VP, so the
    runner-up of a full planet scores."""
    for kind, info in PLANET_TYPES.items():
        track = info["track"]
        assert track[-2] > 0, kind
        full = [0] * (len(track) - 2) + [1, 1]  # seat 0 leads, seat 1 (2 cubes) is second
        assert planet_vp(kind, full, None)[1] == track[-2] > 0, kind


def test_more_cubes_rank_higher_and_first_scores_the_last_filled_square() -> None:
    queue = [0, 1, 1, 0, 2, 1]  # seat 1: 3 cubes, seat 0: 2, seat 2: 1; k = 6
    assert planet_ranking("ocean", queue, None) == [1, 0, 2]
    assert planet_vp("ocean", queue, None) == {1: OCEAN[5], 0: OCEAN[4], 2: OCEAN[3]}


def test_a_tie_goes_to_the_owner_whose_first_cube_is_further_back() -> None:
    queue = [0, 1, 1, 0, 2]  # seats 0 and 1 have 2 each; seat 1's first cube is on square 2
    assert planet_ranking("ocean", queue, None) == [1, 0, 2]
    assert planet_vp("ocean", queue, None) == {1: OCEAN[4], 0: OCEAN[3], 2: OCEAN[2]}


def test_on_the_dark_planet_a_tie_goes_to_the_first_cube_nearer_the_front() -> None:
    queue = [0, 1, 1, 0]
    assert planet_ranking("dark", queue, None) == [0, 1]
    assert planet_vp("dark", queue, None) == {0: DARK[3], 1: DARK[2]}


def test_free_cubes_rank_as_a_virtual_player_whose_vp_nobody_scores() -> None:
    state = new_game()
    state["tracks"][2] = [FREE, FREE, 0, 1]  # gas: virtual 1st, then seat 1 (later), seat 0
    assert planet_vp("gas", state["tracks"][2], None) == {FREE: GAS[3], 1: GAS[2], 0: GAS[1]}
    scores = RULESET.score(state)
    assert [s["majority"] for s in scores] == [GAS[1], GAS[2], 0]


def test_an_accident_square_gives_its_rank_nothing_and_the_row_shifts_up_for_the_next() -> None:
    assert LAVA[2] == 0
    queue = [0, 1, 0]  # k = 3, an accident: seat 0 first scores 0, seat 1 scores square 2
    assert planet_vp("lava", queue, None) == {0: 0, 1: LAVA[1]}


def test_every_owner_scores_a_square_when_each_has_one_cube() -> None:
    # owners can never outnumber the filled squares (the 0 square is no owner): with k single
    # cubes the last of the k owners scores square 1
    queue = [0, 1, 2]  # ocean, k = 3: ties go to the later first cube
    assert planet_ranking("ocean", queue, 3) == [2, 1, 0]
    assert planet_vp("ocean", queue, 3) == {2: OCEAN[2], 1: OCEAN[1], 0: OCEAN[0]}


def test_a_zero_square_cube_does_not_count_for_the_majority() -> None:
    """Seed: the special squares are treated differently from normal squares (they count for
    the colour bonus only): the holder of a 0 square is ranked by its queue cubes alone."""
    queue = [1, 0, 1]
    assert planet_ranking("ocean", queue, 0) == planet_ranking("ocean", queue, None) == [1, 0]
    assert planet_vp("ocean", queue, 0) == {1: OCEAN[2], 0: OCEAN[1]}
    tie = [0, 1]  # 1 v 1: the later first cube (seat 1) wins, seat 0's 0 square changes nothing
    assert planet_ranking("ocean", tie, 0) == [1, 0]
    assert planet_vp("ocean", [], 2) == {}  # a 0 square alone is no owner of the planet
    state = new_game()
    state["tracks"][1] = [0, 1]  # 1 v 1: seat 1's later first cube wins the tie
    state["zero"][1] = 0
    majority = [s["majority"] for s in RULESET.score(state)]
    assert majority[:2] == [OCEAN[0], OCEAN[1]]  # seat 0 is second despite its 0 square


def test_an_empty_track_scores_nothing_even_with_a_zero_square_cube() -> None:
    assert planet_vp("lava", [], 2) == {}


def test_specialty_scores_the_largest_colour_group() -> None:
    assert best_specialty((4, 2, 0, 1, 0), 0) == 4
    assert best_specialty((0, 0, 0, 0, 0), 0) == 0


def test_specialty_scores_every_tied_largest_colour() -> None:
    assert best_specialty((3, 3, 3, 3, 0), 0) == 12  # the draft's example
    assert best_specialty((2, 2, 1, 0, 0), 0) == 4


def test_diamond_cubes_are_wild_and_join_the_best_group() -> None:
    assert best_specialty((3, 2, 0, 0, 0), 1) == 6
    assert best_specialty((2, 2, 2, 2, 0), 1) == 8  # a wild cube may stay out of every group
    assert best_specialty((2, 2, 2, 2, 0), 4) == 12
    assert best_specialty((0, 0, 0, 0, 0), 2) == 2


def test_specialty_counts_queues_and_zero_squares_by_planet_colour() -> None:
    state = new_game(players=4)  # lava, ocean, gas, primordial, dark, diamond, lava
    state["tracks"][0] = [0, 0]
    state["tracks"][6] = [0]  # the second lava planet: the same red group
    state["tracks"][1] = [0, 1, 0]
    state["zero"][1] = 0  # the 0 square counts: blue 3
    state["tracks"][4] = [0]  # dark: black group
    assert RULESET.score(state)[0]["specialty"] == 6  # red 3 and blue 3 tie
    state["tracks"][5] = [0]  # one diamond cube (wild): red 4 or blue 4, or black 2
    assert RULESET.score(state)[0]["specialty"] == 6  # staying out is as good as 4 alone
    state["tracks"][5] = [0, 0, 0]  # 3 wild: 2 raise black to 3 -> red, blue, black 3 each
    assert RULESET.score(state)[0]["specialty"] == 9


def test_the_total_adds_majority_specialty_motivation_skill_and_turn_order_vp() -> None:
    state = new_game()  # seat 0 starts round 1
    order = TURN_ORDER_VP[3]
    state["tracks"][1] = [0, 0, 1]
    state["motivation_vp"] = [3, 0, 1]
    state["skill_vp"] = [1, 0, 0]
    scores = RULESET.score(state)
    assert scores[0] == {
        "majority": OCEAN[2],
        "specialty": 2,
        "motivation": 3,
        "skills": 1,
        "order": order[0],
        "total": OCEAN[2] + 2 + 3 + 1 + order[0],
    }
    assert scores[1]["total"] == OCEAN[1] + 1 + 0 + 0 + order[1]
    assert scores[2]["total"] == 1 + order[2]


def test_most_vp_wins_ties_go_to_more_cubes_in_hand_then_a_draw() -> None:
    assert ranking_with_tie_break([20, 20, 18], [3, 5, 9]) == [2, 1, 3]
    assert ranking_with_tie_break([20, 20, 18], [4, 4, 9]) == [1, 1, 3]
    state = new_game()
    state["order_vp"] = [0, 0, 0]
    state["motivation_vp"] = [5, 5, 1]
    state["hands"] = [7, 9, 12]
    assert RULESET.ranking(state) == [2, 1, 3]


def test_the_fewest_turn_order_vp_win_a_tie_on_vp_before_cubes_in_hand() -> None:
    # the handicap: 0 for the fewest turn-order VP (3 players: the first start player), else 1
    assert ranking_with_tie_break([20, 20, 18], [4, 9, 9], [0, 1, 1]) == [1, 2, 3]
    assert ranking_with_tie_break([20, 20, 20], [4, 5, 4], [0, 1, 1]) == [1, 2, 3]
    assert ranking_with_tie_break([20, 20, 20], [4, 4, 4], [1, 0, 1]) == [2, 1, 2]
    assert ranking_with_tie_break([21, 20, 20], [0, 9, 9], [0, 1, 1]) == [1, 2, 2]
    assert ranking_with_tie_break([20, 21, 21], [9, 4, 4], [0, 1, 1]) == [3, 1, 1]
    for players, start in ((3, 1), (3, 2), (4, 1)):
        state = new_game(players=players, start=start)
        order = state["order_vp"]
        state["motivation_vp"] = [10 - vp for vp in order]  # every total is 10
        state["hands"] = [5] * players
        state["hands"][start] = 4  # the first start player has the fewest cubes in hand
        assert [b["total"] for b in RULESET.score(state)] == [10] * players
        ranks = RULESET.ranking(state)
        if players == 3:  # the first start player wins the tie; the others' is shared
            assert ranks[start] == 1 and sorted(ranks) == [1, 2, 2]
            state["hands"][(start + 1) % 3] = 6  # the second player of round 1: more cubes
            ranks = RULESET.ranking(state)
            assert ranks[start] == 1 and ranks[(start + 1) % 3] == 2 and sorted(ranks) == [1, 2, 3]
        else:  # 4 players: the third and fourth of round 1 (0 VP) win it; between them, cubes
            third, fourth = (start + 2) % 4, (start + 3) % 4
            assert ranks[third] == ranks[fourth] == 1 and sorted(ranks) == [1, 1, 3, 4]
            assert ranks[start] == 4, "the first start player, with 1 VP and fewer cubes"
            state["hands"][fourth] = 6
            ranks = RULESET.ranking(state)
            assert (ranks[fourth], ranks[third], ranks[start]) == (1, 2, 4)


def test_the_virtual_player_never_ranks_or_wins() -> None:
    state = new_game()
    state["tracks"][1] = [FREE] * 5 + [0]
    state["phase"] = "over"
    ranks = RULESET.ranking(state)
    assert len(ranks) == 3 and ranks[0] == 1


def test_the_tie_rule_favours_whom_the_rules_pages_name() -> None:
    """The rules pages (docs/rules, the Japanese page) name who wins a tie: with 3 players the
    first start player alone, with 4 the third and fourth of round 1. The rule finds them by
    their turn-order VP (no other state), so the content must keep those the only ones with the
    fewest."""
    from game.rules.stargazer.content import TIES_TO_FEWEST_TURN_ORDER_VP, TURN_ORDER_VP

    named = {3: [0], 4: [2, 3]}
    for players, rule in TIES_TO_FEWEST_TURN_ORDER_VP.items():
        vp = TURN_ORDER_VP[players]
        assert rule, players
        assert [i for i, v in enumerate(vp) if v == min(vp)] == named[players], players
