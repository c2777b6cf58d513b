"""The benches' variant switches, which measurements rely on: a hard Look at the Stars bot with
one weight changed (``bench/ai.py``), and a Stargazer content variant screened without editing
``content.py`` (``bench/balance_stargazer.py``), with bad switches refused."""

from __future__ import annotations

import copy
import dataclasses
import gzip

import pytest

from bench.ai import stars_bot
from bench.balance_stargazer import patch_content
from bench.games_log import logged_map
from game.ai.stars_model import HARD_WEIGHTS
from game.rules.stargazer import RULESET
from game.rules.stargazer.content import CREWS_BY_ID, SETUP_FREE_CUBES, TURN_ORDER_VP


def test_a_hard_variant_changes_only_the_weights_it_names() -> None:
    bot = stars_bot("hard:width=6,w.low_rows=0.2,w.fade=6,w.shape=0/0.1/0.3", 3)
    assert bot.width == 6 and bot.samples == 16
    assert bot.weights == dataclasses.replace(HARD_WEIGHTS, low_rows=0.2, fade=6,
                                              shape=(0.0, 0.1, 0.3))
    assert stars_bot("hard", 3).weights == HARD_WEIGHTS


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
