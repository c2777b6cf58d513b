"""Stargazer rule sentences: setup, crew choice, motivation bonus, investigation, round end."""

from __future__ import annotations

from collections import Counter

import pytest
from sg_helpers import (
    investigate,
    legal_sequences,
    new_game,
    pick,
    play,
    refused,
    types,
)

from game.rules.stargazer import CREWS, CREWS_BY_ID, PLANET_TYPES, RULESET
from game.rules.stargazer.content import (
    CUBES_PER_PLAYER,
    MAX_FREE_CUBES_ON_CREW,
    START_CREW,
    TURN_ORDER_VP,
    WOOD_CUBES,
)
from game.rules.stargazer.scoring import FREE


# --- components and setup --------------------------------------------------------------------
def test_fourteen_planet_cards_four_colours_of_three_and_one_dark_one_diamond() -> None:
    copies = {kind: info["copies"] for kind, info in PLANET_TYPES.items()}
    assert sum(copies.values()) == 14
    assert sorted(copies.values()) == [1, 1, 3, 3, 3, 3]
    colours = {info["colour"] for info in PLANET_TYPES.values()}
    assert colours == {"red", "blue", "yellow", "green", "black", "white"}


def test_twelve_crews_with_captain_armstrong_each_with_a_count_and_a_unique_skill() -> None:
    assert len(CREWS) == 12
    assert CREWS[0]["id"] == START_CREW == "armstrong"
    assert len({crew["effect"] for crew in CREWS}) == 12
    assert all(isinstance(c["count"], int) and c["count"] >= 1 for c in CREWS)
    assert all(c["name"] and c["text"] for c in CREWS)


@pytest.mark.parametrize(("players", "planets"), [(3, 5), (4, 7)])
def test_setup_deals_the_planet_ring_crews_cubes_and_stock(players: int, planets: int) -> None:
    for seed in range(30):
        state = RULESET.setup(RULESET.normalize_options({"players": players}), seed)
        assert len(state["planets"]) == planets
        dealt = Counter(state["planets"])
        assert all(dealt[k] <= PLANET_TYPES[k]["copies"] for k in dealt)
        assert state["crews"][0] == "armstrong"
        assert len(state["crews"]) == players + 2
        assert len(set(state["crews"])) == players + 2
        assert state["hands"] == [CUBES_PER_PLAYER] * players == [12] * players
        # seed: of the 12 wood cubes each player takes one, "the remaining wood cubes" are the
        # free cubes (project reading: 12 - players); one starts on Captain Armstrong
        assert state["stock"] + sum(state["crew_free"]) == WOOD_CUBES - players == 12 - players
        assert state["crew_free"] == [1] + [0] * (players + 1)
        assert state["tracks"] == [[] for _ in range(planets)]


def test_setup_uses_the_seed_for_the_ring_and_the_crew_draw() -> None:
    deals = {
        (tuple(s["planets"]), tuple(s["crews"]))
        for s in (RULESET.setup(RULESET.normalize_options({"players": 4}), n) for n in range(20))
    }
    assert len(deals) > 10


def test_bad_planet_and_crew_options_are_refused() -> None:
    for bad in (
        {"players": 3, "planets": ["lava"] * 5},
        {"players": 3, "planets": ["lava", "ocean"]},
        {"players": 3, "planets": ["moon", "ocean", "gas", "dark", "lava"]},
        {"players": 3, "crews": ["armstrong", "pilot", "scout", "medic"]},
        {"players": 3, "crews": ["pilot", "pilot", "scout", "medic"]},
        {"players": 3, "start_player": 3},
        {"players": 3, "start_player": True},
    ):
        with pytest.raises(ValueError):
            RULESET.normalize_options(bad)


# --- turn order and crew choice -------------------------------------------------------------
def test_the_round_goes_clockwise_from_the_start_player() -> None:
    state = new_game(start=1)
    seen = []
    for crew in ("engineer", "driller", "navigator"):
        seen.append(state["current"])
        pick(state, crew)
        if state["phase"] == "skill":
            play(state, state["current"], RULESET.legal_moves(state, state["current"])[0])
        investigate(state, legal_sequences(state)[0])
    assert seen == [1, 2, 0]


def test_only_a_crew_without_a_worker_may_be_picked() -> None:
    state = new_game()
    pick(state, "driller")
    investigate(state, [0])
    assert {"t": "crew", "crew": "driller"} not in RULESET.legal_moves(state, 1)
    assert refused(state, 1, {"t": "crew", "crew": "driller"}) == "crew_taken"
    assert refused(state, 1, {"t": "crew", "crew": "scout"}) == "unknown_crew"


def test_motivation_bonus_free_cubes_go_back_to_the_stock_for_one_vp_each() -> None:
    state = new_game()
    index = state["crews"].index("driller")
    state["crew_free"][index] = 3
    state["stock"] -= 3
    stock = state["stock"]
    events = pick(state, "driller")
    assert state["motivation_vp"][0] == 3
    assert state["stock"] == stock + 3
    assert state["crew_free"][index] == 0
    bonus = next(e for e in events if e["type"] == "motivation_bonus")
    assert bonus["vp"] == 3 and bonus["free_cubes"] == 3


def test_motivation_bonus_player_cubes_go_to_the_stock_not_their_owner_for_two_vp_each() -> None:
    state = new_game()
    index = state["crews"].index("driller")
    state["crew_cubes"][index] = [1, 2]
    state["hands"][1] -= 1
    state["hands"][2] -= 1
    state["crew_free"][index] = 1
    state["stock"] -= 1
    stock = state["stock"]
    pick(state, "driller")
    assert state["motivation_vp"][0] == 2 * 2 + 1
    assert state["hands"][1] == 11 and state["hands"][2] == 11  # not back to their owners
    assert state["retired"] == [0, 1, 1]
    assert state["stock"] == stock + 1  # the free cube is back; player cubes are not free ones
    assert state["crew_cubes"][index] == []


# --- investigation ---------------------------------------------------------------------------
def test_investigation_goes_clockwise_one_cube_per_planet_at_the_back_of_each_queue() -> None:
    state = new_game()
    state["tracks"][4] = [1, 2]
    pick(state, "driller")  # count 2
    events = investigate(state, [4, 0])
    assert state["tracks"][4] == [1, 2, 0]
    assert state["tracks"][0] == [0]
    placed = [(e["planet"], e["square"]) for e in events if e["type"] == "cube_placed"]
    assert placed == [(4, 3), (0, 1)]
    assert state["hands"][0] == 10


def test_up_to_the_count_from_any_start_planet_and_never_more() -> None:
    state = new_game()
    assert CREWS_BY_ID["archaeologist"]["count"] == 1
    pick(state, "archaeologist")  # count 1, skill first
    play(state, 0, {"t": "skill", "planet": 2})
    assert sorted(legal_sequences(state)) == [[p] for p in range(5)]
    assert refused(state, 0, {"t": "investigate", "planets": [0, 1]}) == "illegal_investigation"
    state = new_game()
    pick(state, "engineer")  # count 1 after its skill
    play(state, 0, {"t": "skill", "planet": 0})
    sequences = legal_sequences(state)
    assert all(len(seq) == 1 for seq in sequences)
    state = new_game()
    pick(state, "navigator")  # count 2
    sequences = legal_sequences(state)
    assert [0, 1] in sequences and [0] in sequences  # stop early is allowed
    assert max(len(s) for s in sequences) == 2
    assert refused(state, 0, {"t": "investigate", "planets": [0, 1, 2]}) == "illegal_investigation"


def test_at_least_one_cube_must_be_placed_when_one_can_be() -> None:
    state = new_game()
    pick(state, "navigator")
    assert [] not in legal_sequences(state)
    assert refused(state, 0, {"t": "investigate", "planets": []}) == "illegal_investigation"


def test_standard_investigation_never_puts_two_in_a_row_and_skips_full_planets() -> None:
    state = new_game(crews=["archaeologist", "engineer", "medic", "scout"])  # scout: count 2
    state["tracks"][1] = [FREE] * len(PLANET_TYPES["ocean"]["track"])  # planet 1 full
    pick(state, "medic")  # count 2, standard placement (its skill cannot apply: ignored)
    sequences = legal_sequences(state)
    assert [0, 2] in sequences  # full planet 1 is skipped
    assert [0, 1] not in sequences and [0, 0] not in sequences
    assert all(seq[i] != seq[i + 1] for seq in sequences for i in range(len(seq) - 1))
    assert refused(state, 0, {"t": "investigate", "planets": [1]}) == "illegal_investigation"


def test_a_whole_lap_may_bring_the_next_cube_back_to_the_same_planet() -> None:
    state = new_game()
    for p in (1, 2, 3, 4):
        state["tracks"][p] = [FREE] * len(PLANET_TYPES[state["planets"][p]]["track"])
    pick(state, "driller")
    assert [0, 0] in legal_sequences(state)
    state = new_game()
    pick(state, "navigator")
    assert [0, 0] not in legal_sequences(state)


def test_investigation_is_limited_by_the_cubes_in_hand() -> None:
    state = new_game()
    state["hands"][0] = 1
    pick(state, "navigator")
    assert max(len(s) for s in legal_sequences(state)) == 1


def test_a_player_with_no_cube_or_no_open_planet_skips_the_investigation() -> None:
    state = new_game()
    state["hands"][0] = 0
    events = pick(state, "navigator")
    assert state["current"] == 1 and state["phase"] == "crew"
    assert "cube_placed" not in types(events)


# --- round end -------------------------------------------------------------------------------
def play_round(state: dict, crews: list[str]) -> list[dict]:
    events: list[dict] = []
    for crew in crews:
        events += pick(state, crew)
        while state["phase"] in ("skill", "investigate"):
            events += play(state, state["current"], RULESET.legal_moves(state, state["current"])[0])
    return events


def test_round_end_puts_a_free_cube_on_each_unpicked_crew_and_returns_the_workers() -> None:
    state = new_game()
    events = play_round(state, ["engineer", "driller", "navigator"])
    free = dict(zip(state["crews"], state["crew_free"], strict=True))
    assert free == {"armstrong": 2, "archaeologist": 1, "engineer": 0, "driller": 0, "navigator": 0}
    assert state["workers"] == [None] * 5
    # 12 - 3 free cubes, one on Armstrong at setup, one went on a planet (engineer), two on crews
    assert state["stock"] == WOOD_CUBES - 3 - 1 - 1 - 2
    assert types(events).count("free_cube_added") == 2
    assert state["round"] == 2


def test_at_most_three_free_cubes_on_a_crew() -> None:
    state = new_game()
    index = state["crews"].index("archaeologist")
    state["crew_free"][index] = MAX_FREE_CUBES_ON_CREW
    state["stock"] -= 3
    play_round(state, ["engineer", "driller", "navigator"])
    assert state["crew_free"][index] == 3


def test_no_free_cube_is_added_when_the_stock_is_empty() -> None:
    state = new_game()
    state["stock"] = 0
    play_round(state, ["archaeologist", "driller", "navigator"])
    assert state["crew_free"] == [1, 0, 0, 0, 0]  # only the one from setup


def test_without_armstrong_the_start_player_stays() -> None:
    state = new_game(start=2)
    events = play_round(state, ["engineer", "driller", "navigator"])
    assert state["start"] == 2 and state["current"] == 2 and state["phase"] == "crew"
    assert events[-1] == {"type": "round_started", "round": 2, "start": 2}


def test_armstrongs_holder_names_the_next_start_player() -> None:
    state = new_game()
    play_round(state, ["driller", "armstrong", "navigator"])
    assert state["phase"] == "start_player" and RULESET.to_move(state) == {1}
    assert RULESET.legal_moves(state, 1) == [{"t": "start_player", "seat": s} for s in range(3)]
    assert refused(state, 0, {"t": "start_player", "seat": 0}) == "not_your_turn"
    assert refused(state, 1, {"t": "start_player", "seat": 3}) == "illegal_start_player"
    events = play(state, 1, {"t": "start_player", "seat": 2})
    assert events[0] == {"type": "start_player_set", "seat": 1, "start": 2}
    assert state["start"] == 2 and state["current"] == 2 and state["phase"] == "crew"


# --- game end --------------------------------------------------------------------------------
def test_the_game_ends_at_the_round_end_when_a_hand_is_empty() -> None:
    state = new_game()
    state["hands"][1] = 1
    play_round(state, ["driller"])
    pick(state, "navigator")
    investigate(state, [0])
    assert state["hands"][1] == 0 and not RULESET.is_over(state)  # not before the round ends
    events = play_round(state, ["engineer"])
    assert RULESET.is_over(state) and state["end_reason"] == "hand_empty"
    assert events[-1]["type"] == "game_over"
    assert RULESET.to_move(state) == set() and RULESET.legal_moves(state, 0) == []
    assert refused(state, 0, {"t": "crew", "crew": "armstrong"}) == "game_over"


def test_the_game_ends_when_as_many_planets_as_players_are_full() -> None:
    state = new_game()
    for p in (0, 1):
        state["tracks"][p] = [FREE] * len(PLANET_TYPES[state["planets"][p]]["track"])
    state["tracks"][2] = [FREE] * (len(PLANET_TYPES["gas"]["track"]) - 1)
    play_round(state, ["driller", "navigator", "archaeologist"])
    assert state["tracks"][2][-1] != FREE  # someone filled it
    assert RULESET.is_over(state) and state["end_reason"] == "planets_full"


def test_two_full_planets_do_not_end_a_three_player_game_and_zero_squares_do_not_fill() -> None:
    state = new_game()
    for p in (0, 1):
        state["tracks"][p] = [FREE] * len(PLANET_TYPES[state["planets"][p]]["track"])
    state["zero"] = [2, 2, 2, 2, 2]
    play_round(state, ["driller", "navigator", "engineer"])
    assert not RULESET.is_over(state)


# --- issue 14: the free-cube reading and the turn-order VP -------------------------------------
def test_free_cubes_default_to_the_wood_cubes_left_after_each_player_took_one() -> None:
    for players in (3, 4):
        options = RULESET.normalize_options({"players": players})
        assert options["free_cubes"] == WOOD_CUBES - players
        state = RULESET.setup(options, 1)
        assert state["stock"] + sum(state["crew_free"]) == WOOD_CUBES - players
        every = RULESET.setup(RULESET.normalize_options({"players": players,
                                                          "free_cubes": 12}), 1)
        assert every["stock"] + sum(every["crew_free"]) == 12
        assert every["planets"] == state["planets"] and every["crews"] == state["crews"]


@pytest.mark.parametrize("bad", [-1, 13, "9", 2.0, True, None])
def test_a_bad_free_cubes_option_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="free_cubes"):
        RULESET.normalize_options({"players": 3, "free_cubes": bad})


def test_a_stock_too_small_for_the_setup_cube_puts_none_on_armstrong() -> None:
    state = RULESET.setup(RULESET.normalize_options({"players": 3, "free_cubes": 0}), 1)
    assert state["stock"] == 0 and sum(state["crew_free"]) == 0


@pytest.mark.parametrize("players", [3, 4])
def test_each_player_starts_with_the_turn_order_vp_of_their_round_one_position(
    players: int,
) -> None:
    table = TURN_ORDER_VP[players]
    assert len(table) == players and all(vp >= 0 for vp in table)
    for start in range(players):
        state = new_game(players=players, start=start)
        for seat in range(players):
            position = (seat - start) % players
            assert state["order_vp"][seat] == table[position]
            assert RULESET.score(state)[seat]["order"] == table[position]
            assert RULESET.score(state)[seat]["total"] == table[position]
    # the start player named later never changes them
    state = new_game(players=players, start=0)
    before = list(state["order_vp"])
    state["start"] = 1
    assert state["order_vp"] == before
