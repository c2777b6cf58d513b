"""The benches' variant switches, which measurements rely on: a hard Look at the Stars bot with
one weight changed (``bench/ai.py``), and a Stargazer content variant screened without editing
``content.py`` (``bench/balance_stargazer.py``), with bad switches refused; logged games
scored again under other turn-order VP (``bench/balance_rescore.py``)."""

from __future__ import annotations

import argparse
import copy
import dataclasses
import gzip

import pytest

from bench.ai import STARS, stars_bot
from bench.balance_rescore import (
    draws_to_later,
    parse_pick_vp,
    picker_shares,
    position_shares,
    rescored,
)
from bench.balance_stargazer import (
    control_game,
    patch_content,
    play_probes,
    probe_looks,
    settled,
    summarise_probe,
)
from bench.games_log import logged_map
from bench.stars_information import (
    AT_CARD,
    best_last,
    information_value,
    position_value,
    state_at_card,
)
from game.ai.stars_model import HARD_WEIGHTS
from game.rules.stargazer import RULESET
from game.rules.stargazer.content import (
    CREWS_BY_ID,
    SETUP_FREE_CUBES,
    TIES_TO_FEWEST_TURN_ORDER_VP,
    TURN_ORDER_VP,
)


def test_a_lookahead_variant_changes_only_the_weights_it_names() -> None:
    from game.ai.stars_bots import LookaheadBot

    bot = stars_bot("lookahead:width=6,w.low_rows=0.2,w.fade=6,w.shape=0/0.1/0.3", 3)
    assert isinstance(bot, LookaheadBot) and bot.width == 6 and bot.samples == 16
    assert bot.weights == dataclasses.replace(HARD_WEIGHTS, low_rows=0.2, fade=6,
                                              shape=(0.0, 0.1, 0.3))
    assert stars_bot("lookahead", 3).weights == HARD_WEIGHTS


def test_a_hard_variant_takes_its_settings_from_the_level() -> None:
    from game.ai.stars_playouts import PlayoutBot

    bot = stars_bot("hard:steps=300,orders=4", 3)
    assert isinstance(bot, PlayoutBot) and (bot.steps, bot.orders) == (300, 4)
    assert bot.width == PlayoutBot().width
    shipped = stars_bot("hard", 3)
    assert isinstance(shipped, PlayoutBot) and shipped.steps == PlayoutBot().steps
    tuned = stars_bot("hard:p.shape=0/0.25/0.6,p.fade=8,steps=500", 3)
    assert tuned.steps == 500 and tuned.weights == shipped.weights
    assert tuned.policy == dataclasses.replace(shipped.policy, shape=(0.0, 0.25, 0.6), fade=8.0)
    endgame = stars_bot("hard:end=8,end_wide=3,end_width=12,end_steps=1600", 3)
    assert (endgame.end, endgame.end_wide, endgame.end_width, endgame.end_steps) == (8, 3, 12, 1600)
    assert stars_bot("hard:end=0", 3).end == 0  # hard without its endgame search
    assert shipped.end == PlayoutBot().end > 0  # hard as it ships searches the endgame


def test_the_stars_bench_plays_the_power_cards_asked_for_in_their_order(
        tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """``--cards 4 2``: card 4's games first (a long run gets the default card's figures
    early), then card 2's, no other card."""
    import json

    from bench import ai

    played: list[tuple] = []

    def in_this_process(play, jobs, workers, resume=False):  # noqa: ANN001, ANN202
        played.extend(jobs)  # (a process pool inside a pytest-xdist worker can hang)
        return [play(job) for job in jobs]

    monkeypatch.setattr(ai, "map_games", in_this_process)
    out = tmp_path / "report.json"
    ai.main(["stars", "--games", "0", "--power-cards", "--cards", "4", "2", "--power-games",
             "2", "--levels", "random", "--workers", "1", "--json", str(out)])
    assert list(json.loads(out.read_text())) == ["power4", "power2"]
    assert played == [("random", 0, 4), ("random", 1, 4), ("random", 0, 2), ("random", 1, 2)]


@pytest.fixture
def restored_content():  # noqa: ANN201
    crews, cubes = copy.deepcopy(CREWS_BY_ID), dict(SETUP_FREE_CUBES)
    orders = copy.deepcopy(TURN_ORDER_VP)
    yield
    TURN_ORDER_VP.update(orders)
    for crew_id, crew in crews.items():
        CREWS_BY_ID[crew_id].clear()
        CREWS_BY_ID[crew_id].update(crew)
    SETUP_FREE_CUBES.clear()
    SETUP_FREE_CUBES.update(cubes)


def test_a_content_variant_reaches_the_game(restored_content: None) -> None:
    before = RULESET.setup({"players": 3}, 5)
    assert before["crew_free"][before["crews"].index("armstrong")] == 1
    done = patch_content(["armstrong.pick_vp=0"], ["armstrong=0"])
    assert done == ["crew armstrong.pick_vp = 0", "setup cubes on armstrong = 0"]
    after = RULESET.setup({"players": 3}, 5)
    assert after["crew_free"][after["crews"].index("armstrong")] == 0
    assert CREWS_BY_ID["armstrong"]["pick_vp"] == 0


def test_turn_order_vp_variant_reaches_the_game(restored_content: None) -> None:
    assert patch_content([], [], ["3=0,1,2"]) == ["turn-order VP in 3 players = [0, 1, 2]"]
    state = RULESET.setup({"players": 3}, 5)
    start = state["start"]
    assert [state["order_vp"][(start + k) % 3] for k in range(3)] == [0, 1, 2]


@pytest.mark.parametrize("crew, cubes, orders", [
    (["nobody.pick_vp=0"], [], []), (["armstrong.bogus=1"], [], []), (["armstrong"], [], []),
    (["armstrong.pick_vp=zero"], [], []), ([], ["armstrong=lots"], []),
    (["armstrong.pick_vp=0"], ["nobody=1"], []), (["armstrong.pick_vp=0"], [], ["3=0,1"]),
    ([], [], ["5=0,0,0,0,0"]), ([], [], ["3=0,-1,2"]), ([], [], ["3"]),
])
def test_a_bad_variant_is_refused_and_changes_nothing(
        restored_content: None, crew: list[str], cubes: list[str], orders: list[str]) -> None:
    before = copy.deepcopy(CREWS_BY_ID), dict(SETUP_FREE_CUBES), copy.deepcopy(TURN_ORDER_VP)
    with pytest.raises(SystemExit):
        patch_content(crew, cubes, orders)
    assert before == (CREWS_BY_ID, SETUP_FREE_CUBES, TURN_ORDER_VP)


@pytest.mark.parametrize("name", ["games.jsonl", "games.jsonl.gz"])
def test_a_long_run_resumes_from_its_games_log(tmp_path, name: str) -> None:  # noqa: ANN001
    played: list[tuple] = []

    def play(job: tuple) -> dict:
        played.append(job)
        return {"seed": job[1], "winners": [job[1] % 3]}

    def played_games(jobs: list[tuple], log, variant: str, resume: bool) -> list:  # noqa: ANN001
        return logged_map(play, jobs, map, log, resume, variant)  # map: the games in order

    jobs = [(3, 913000 + g, "hard", 1000, None) for g in range(5)]
    log = tmp_path / name
    first = played_games(jobs[:3], log, "count 2", resume=False)
    with (gzip.open(log, "ab") if name.endswith(".gz") else log.open("ab")) as out:
        out.write(b'{"job": [3, 913003, "ha')  # a sitting stopped while writing
    if name.endswith(".gz"):  # and a gzip member cut short
        log.write_bytes(log.read_bytes() + gzip.compress(b'{"job": [3]}\n')[:12])
    whole = played_games(jobs, log, "count 2", resume=True)
    assert played == jobs, "the logged games were not played again"
    assert whole[:3] == first and [r["seed"] for r in whole] == [job[1] for job in jobs]
    played.clear()
    assert played_games(jobs, log, "count 2", resume=True) == whole
    assert played == [], "the games appended after the damaged end are read back too"
    played.clear()
    played_games(jobs[:2], log, "what ships", resume=True)
    assert played == jobs[:2], "another content variant's games are not taken"


def test_rescoring_moves_the_turn_order_vp_and_breaks_ties_as_the_content_says() -> None:
    assert TIES_TO_FEWEST_TURN_ORDER_VP[3], "the first start player wins a tie on VP"
    played = [0, 1, 1]  # the games were played with 0, 1, 1 (what shipped until step 25)
    # first start seat 1: seat 1 is position 0, seat 2 position 1, seat 0 position 2
    games = [{"players": 3, "first_start": 1, "totals": [30, 31, 29], "winners": [1]},
             {"players": 3, "first_start": 0, "totals": [20, 25, 24], "winners": [1]}]
    assert position_shares(games, None) == [50.0, 50.0, 0.0]
    assert position_shares(games, [0, 1, 1], played) == [50.0, 50.0, 0.0]  # what was played, again
    # 0, 2, 1: game 1 becomes 30 / 31 / 30 (position 0 keeps it); game 2 is 20 / 26 / 24
    assert position_shares(games, [0, 2, 1], played) == [50.0, 50.0, 0.0]
    # 0, 0, 0: game 1 is 29 / 31 / 28, game 2 20 / 24 / 23: the same winners
    assert position_shares(games, [0, 0, 0], played) == [50.0, 50.0, 0.0]
    # 0, 0, 2: game 2 becomes 20 / 24 / 25: position 2 wins it
    assert position_shares(games, [0, 0, 2], played) == [50.0, 0.0, 50.0]
    # a tie on VP goes to the first start player (fewest turn-order VP; 3 players), else shared
    tie = [{"players": 3, "first_start": 0, "totals": [31, 31, 30], "winners": [0]}]
    assert position_shares(tie, [0, 1, 1], played) == [100.0, 0.0, 0.0]
    assert position_shares(tie, [1, 2, 1], played) == [100.0, 0.0, 0.0]  # 32 / 32 / 30
    # 0, 2, 1: 31 / 32 / 30; 0, 1, 2: 31 / 31 / 31, the first start player's
    assert position_shares(tie, [0, 1, 2], played) == [100.0, 0.0, 0.0]
    later = [{"players": 3, "first_start": 0, "totals": [29, 31, 30], "winners": [1]}]
    # 0, 1, 2: 29 / 31 / 31: positions 1 and 2 tie, and share it (cubes in hand are not logged)
    assert position_shares(later, [0, 1, 2], played) == [0.0, 50.0, 50.0]
    shared = [{"players": 3, "first_start": 0, "totals": [30, 31, 31], "winners": [1, 2]}]
    assert position_shares(shared, [0, 1, 1], played) == [0.0, 50.0, 50.0]  # the same VP: shared


def test_the_tie_rule_is_screened_for_a_count_whose_content_lacks_it(monkeypatch) -> None:  # noqa: ANN001
    """``--ties-to-fewest``: a 4-player tie on VP goes to the positions with the fewest
    turn-order VP (without it, and without the rule in the content, a 4-player tie is shared:
    cubes in hand are not logged)."""
    monkeypatch.setitem(TIES_TO_FEWEST_TURN_ORDER_VP, 4, False)  # as before log step 27
    played = [1, 1, 0, 0]
    # first start seat 0: totals 33 / 31 / 33 / 30 hold 1 / 1 / 0 / 0 turn-order VP
    games = [{"players": 4, "first_start": 0, "totals": [33, 31, 33, 30], "winners": [0, 2]}]
    assert position_shares(games, played, played) == [50.0, 0.0, 50.0, 0.0]
    assert position_shares(games, played, played, ties_to_fewest=True) == [0.0, 0.0, 100.0, 0.0]
    # 0, 0, 0, 0: 32 / 30 / 33 / 30, no tie
    assert position_shares(games, [0, 0, 0, 0], played, ties_to_fewest=True) == [0, 0, 100, 0]
    # 33 / 31 / 32 / 30 with 1, 1, 1, 1: 33 / 31 / 33 / 31, every seat has the fewest: shared
    even = [{**games[0], "totals": [33, 31, 32, 30], "winners": [0]}]
    assert position_shares(even, [1, 1, 1, 1], played, ties_to_fewest=True) == [50, 0, 50, 0]


def test_the_draws_to_later_screen_gives_a_shared_first_to_the_latest_position() -> None:
    # first start seat 2 of 4: seats 2, 3, 0, 1 are positions 0, 1, 2, 3
    drawn = {"players": 4, "first_start": 2, "totals": [30, 30, 30, 28], "winners": [0, 2]}
    won = {**drawn, "totals": [31, 30, 30, 28], "winners": [0]}
    screened = draws_to_later([drawn, won])
    assert [g["winners"] for g in screened] == [[0], [0]], "seat 0 is position 2, after seat 2"
    assert position_shares([drawn], None) == [50.0, 0.0, 50.0, 0.0]
    assert position_shares(screened, None) == [0.0, 0.0, 100.0, 0.0]
    assert drawn["winners"] == [0, 2], "the log's games are not changed"


def test_a_variant_log_is_rescored_from_the_vp_it_was_played_with() -> None:
    # played with 0, 2, 1; first start seat 0: totals 30 / 32 / 31 hold 0 / 2 / 1 turn-order VP
    games = [{"players": 3, "first_start": 0, "totals": [30, 32, 31], "winners": [1]}]
    assert position_shares(games, [0, 2, 1], played=[0, 2, 1]) == [0.0, 100.0, 0.0]
    # back to 0, 1, 1: 30 / 31 / 31, a tie of positions 1 and 2: shared
    assert position_shares(games, [0, 1, 1], played=[0, 2, 1]) == [0.0, 50.0, 50.0]
    # read as if played with 0, 1, 1, the same VP would give 30 / 33 / 31
    assert position_shares(games, [0, 2, 1], played=[0, 1, 1]) == [0.0, 100.0, 0.0]
    assert position_shares(games, [0, 0, 2], played=[0, 2, 1]) == [0.0, 0.0, 100.0]


def test_a_probe_that_cannot_dominate_stops_at_the_first_read_that_shows_it(tmp_path) -> None:  # noqa: ANN001
    """Sequential probes: a losing probe stops early, a fair one and the control play on, and
    a second sitting takes every game back from the log."""
    played: list[tuple] = []

    def play(job: tuple) -> dict:
        played.append(job)
        name, players, seed = job[0], job[1], job[2]
        wins = {"loser": seed % 10 == 0, "fair": seed % players == 0, "control": seed % 3 == 0}
        return {"probe": name, "players": players, "win": float(wins[name]), "margin": 0,
                "cubes": [2, 1], "crews": {}, "rounds": 6, "cpu": 0.0}

    args = argparse.Namespace(probe_games=400, probe_look=100, seed=0, bot="hard",
                              iterations=1000, free_cubes=None, games_log=tmp_path / "p.jsonl",
                              resume=True, variant="")
    pairs = [("loser", 3), ("fair", 3), ("control", 3)]
    games, stopped = play_probes(pairs, args, map, play)
    assert probe_looks(400, 100) == [100, 200, 300, 400]
    assert stopped == {("loser", 3): 100}, "10 % wins settles at once; a third does not"
    assert [len(games[pair]) for pair in pairs] == [100, 400, 400]
    assert len(played) == 900
    played.clear()
    assert play_probes(pairs, args, map, play) == (games, stopped)
    assert played == [], "a second sitting plays nothing again"
    assert not settled(0.34 * 400, 400, 3, 4), "a fair rate never settles at these counts"
    assert settled(0.2 * 100, 100, 3, 4) and not settled(0.3 * 100, 100, 3, 4)
    assert not settled(0, 10, 3, 3), "no wins in 10 games is not yet proof"
    row, dominant = summarise_probe(3, games[("loser", 3)], stopped[("loser", 3)])
    assert not dominant and "no (settled at 100)" in row


def test_a_win_rate_interval_stays_within_0_and_100_percent() -> None:
    from bench.ai import interval

    assert interval(1, 100)[0] == 0.0 and 0.02 < interval(1, 100)[1] < 0.04
    assert interval(100, 100) == (1.0, 1.0) and interval(0, 0) == (0.0, 0.0)
    low, high = interval(30, 100)
    assert round(low, 3) == 0.210 and round(high, 3) == 0.390, "the normal interval inside"


def test_the_control_is_read_from_the_main_runs_games() -> None:
    main = {"players": 3, "winners": [1], "totals": [20, 31, 25], "rounds": 6,
            "picks": [[1, "armstrong", 0], [2, "medic", 1], [1, "scout", 0]]}
    seat_1 = control_game(main, 913000)  # 913000 % 3 == 1: the probe's seat is the winner's
    assert seat_1["win"] == 1.0 and seat_1["margin"] == 6
    assert seat_1["crews"] == {"armstrong": 1, "scout": 1}
    seat_2 = control_game(main, 913001)
    assert seat_2["win"] == 0.0 and seat_2["margin"] == -6
    row, _ = summarise_probe(3, [seat_1, seat_2])
    assert "| control | 3 | 2 | 50.0 %" in row and "| - |" in row, row


def test_rescoring_a_crews_pick_vp_moves_its_pickers_wins() -> None:
    # played with 0, 2, 1 (what ships); first start seat 0; seat 2 picked the Security Chief twice
    games = [{"players": 3, "first_start": 0, "totals": [30, 31, 30], "winners": [1],
              "picks": [[0, "armstrong", 0], [2, "security", 1], [2, "security", 2],
                        [1, "medic", 0]]}]
    assert picker_shares(games) == {"armstrong": 0.0, "security": 0.0, "medic": 100.0}
    plus_one = rescored(games, [0, 2, 1], [0, 2, 1], {"security": 1})
    assert plus_one[0]["winners"] == [2], "30 / 31 / 32: the Chief's picker wins"
    assert picker_shares(plus_one)["security"] == 100.0
    assert position_shares(games, [0, 2, 1], [0, 2, 1], {"medic": 1}) == [0.0, 100.0, 0.0]
    # a tie made by pick VP: 30 / 31 / 31 shared by positions 1 and 2 (cubes in hand not logged)
    once = [{**games[0], "picks": games[0]["picks"][:2]}]
    assert rescored(once, [0, 2, 1], [0, 2, 1], {"security": 1})[0]["winners"] == [1, 2]
    # and one with position 0 goes to the first start player: 31 / 31 / 30
    assert rescored(once, [0, 2, 1], [0, 2, 1], {"armstrong": 1})[0]["winners"] == [0]
    assert parse_pick_vp(["security=1", "medic=-1"]) == {"security": 1, "medic": -1}
    for bad in (["nobody=1"], ["security=x"], ["security"]):
        with pytest.raises(SystemExit):
            parse_pick_vp(bad)


def test_a_foresight_level_is_hard_told_the_next_cards_with_hard_s_settings() -> None:
    from game.ai.stars_clairvoyant import ForesightBot

    bot = stars_bot("foresight:k=3,steps=400,p.fade=8", 5)
    assert isinstance(bot, ForesightBot) and (bot.k, bot.steps) == (3, 400)
    assert bot.policy.fade == 8 and bot.weights == stars_bot("hard", 5).weights
    assert stars_bot("foresight", 5).k == 1


@pytest.mark.parametrize(
    ("table", "worth"),
    [
        ([[3, 0], [0, 3]], 1.5),  # each play wins on one last card: knowing it is worth half
        ([[5, 5], [1, 2]], 0.0),  # one play is best whatever comes: knowing is worth nothing
        ([[4, 2], [3, 3]], 0.5),
    ],
)
def test_the_information_value_is_what_knowing_the_last_card_gains(
    table: list[list[float]], worth: float
) -> None:
    assert information_value(table) == pytest.approx(worth)


def test_the_information_bench_weighs_card_17_before_it_is_played() -> None:
    state = state_at_card("normal", 7, AT_CARD)
    assert state["flipped"] == AT_CARD and state["seats"][0]["turn"] is None
    assert not STARS.is_over(state)
    assert position_value(("normal", 7)) >= 0


def test_the_best_last_card_is_the_engine_s_best_final_score() -> None:
    """``best_last`` against the engine: card 18 played every legal way (power prompts
    skipped), the best final total, where no way earns a power use."""
    from game.ai.stars_model import Model

    for seed in range(3, 12):
        state = state_at_card("normal", seed, 18)
        me = state["seats"][0]
        model = Model(me["sheet"], state["day"], me["spent"], me["once_used"])
        totals = []
        prompted = False
        for move in STARS.legal_moves(state, 0):
            trial = copy.deepcopy(state)
            STARS.apply(trial, 0, move)
            while not STARS.is_over(trial):
                moves = STARS.legal_moves(trial, 0)
                kinds = {m["t"] for m in moves}
                prompted |= "skip_power" in kinds
                STARS.apply(trial, 0, next(m for m in moves if m["t"] in (
                    "skip_power", "confirm")))
            totals.append(STARS.score(trial)[0]["total"])
        if not prompted:
            assert best_last(model, state["deck"][17]) == max(totals), seed
            return
    pytest.fail("no seed without a power prompt at the last card")
