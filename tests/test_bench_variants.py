"""The benches' variant switches, which measurements rely on: a hard Look at the Stars bot with
one weight changed (``bench/ai.py``), and a Stargazer content variant screened without editing
``content.py`` (``bench/balance_stargazer.py``), with bad switches refused."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from bench.ai import stars_bot
from bench.balance_stargazer import patch_content
from game.ai.stars_model import HARD_WEIGHTS
from game.rules.stargazer import RULESET
from game.rules.stargazer.content import CREWS_BY_ID, SETUP_FREE_CUBES


def test_a_hard_variant_changes_only_the_weights_it_names() -> None:
    bot = stars_bot("hard:width=6,w.low_rows=0.2,w.fade=6,w.shape=0/0.1/0.3", 3)
    assert bot.width == 6 and bot.samples == 16
    assert bot.weights == dataclasses.replace(HARD_WEIGHTS, low_rows=0.2, fade=6,
                                              shape=(0.0, 0.1, 0.3))
    assert stars_bot("hard", 3).weights == HARD_WEIGHTS


@pytest.fixture
def restored_content():  # noqa: ANN201
    crews, cubes = copy.deepcopy(CREWS_BY_ID), dict(SETUP_FREE_CUBES)
    yield
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


@pytest.mark.parametrize("crew, cubes", [
    (["nobody.pick_vp=0"], []), (["armstrong.bogus=1"], []), (["armstrong"], []),
    (["armstrong.pick_vp=zero"], []), ([], ["armstrong=lots"]),
    (["armstrong.pick_vp=0"], ["nobody=1"]),
])
def test_a_bad_variant_is_refused_and_changes_nothing(
        restored_content: None, crew: list[str], cubes: list[str]) -> None:
    before = copy.deepcopy(CREWS_BY_ID), dict(SETUP_FREE_CUBES)
    with pytest.raises(SystemExit):
        patch_content(crew, cubes)
    assert before == (CREWS_BY_ID, SETUP_FREE_CUBES)
