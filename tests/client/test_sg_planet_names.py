"""Two planets of one type are told apart everywhere a player reads a planet's name: a ring of
seven holds up to three Lava planets, and "puts a cube on Lava planet, square 3" did not say
which (a new player's playtest). The letter is on the card, in the log, the prompts, the replay
and the demo, in both languages."""

from __future__ import annotations

from typing import Any

import pytest

from game.client.i18n import set_language
from game.client.stargazer import describe_move
from game.client.stargazer.names import planet_name
from game.client.stargazer.story import story_lines
from game.rules.stargazer import CREWS_BY_ID, PLANET_TYPES, RULESET
from game.rules.stargazer.content import planet_marks

RING = ["lava", "ocean", "lava", "gas", "lava", "dark", "ocean"]
NAMES = ["Ann", "Bea", "Cy", "Dee"]


def table(crews: list[str] | None = None) -> dict[str, Any]:
    options = {"players": 4, "planets": RING, "start_player": 0}
    if crews:
        options["crews"] = crews
    return RULESET.setup(RULESET.normalize_options(options), 1)


def test_a_repeated_type_gets_letters_in_ring_order_and_a_single_one_none() -> None:
    assert planet_marks(RING) == ["A", "A", "B", "", "C", "", "B"]
    assert planet_marks(["lava", "ocean", "gas"]) == ["", "", ""]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_no_two_planets_of_any_ring_share_a_name(language: str) -> None:
    set_language(language)
    for seed in range(40):
        planets = RULESET.setup(RULESET.normalize_options({"players": 4}), seed)["planets"]
        for short in (True, False):
            names = [planet_name(planets, i, short) for i in range(len(planets))]
            assert len(set(names)) == len(names), (seed, names)


def test_the_log_says_which_lava_planet() -> None:
    view = table()
    events = [{"type": "cube_placed", "seat": 1, "owner": 1, "planet": 2, "square": 3},
              {"type": "cube_recalled", "seat": 1, "planet": 4, "square": 1},
              {"type": "cube_placed", "seat": 1, "owner": 1, "planet": 3, "square": 1}]
    lines = [str(text) for text, _colour in story_lines(events, NAMES, view)]
    assert lines[0].endswith(": Lava B") and "Lava planet C, square 1" in lines[1], lines
    assert lines[2].endswith(": Gas"), lines  # one of its kind: no letter


def test_an_investigation_and_a_skill_move_name_the_planet_with_its_letter() -> None:
    view = table()
    path = {"t": "investigate", "planets": [0, 1, 2]}
    assert describe_move(view, 0, path, NAMES.__getitem__) == \
        "Ann investigates: Lava A > Ocean A > Lava B"
    assert RULESET.describe_move(view, 0, path) == \
        "seat 0 investigates: Lava planet A > Ocean planet A > Lava planet B"
    crews = ["engineer", "medic", "pilot", "scout", "driller"]
    view = table(crews)
    view["active_crew"] = view["crews"].index("engineer")
    assert CREWS_BY_ID["engineer"]["effect"] == "free_cube_to_planet"
    move = {"t": "skill", "planet": 4}
    assert describe_move(view, 0, move, NAMES.__getitem__) == \
        "Ann adds a free cube to Lava planet C"
    assert RULESET.describe_move(view, 0, move) == "seat 0 adds a free cube to Lava planet C"


def test_japanese_names_keep_the_letter() -> None:
    set_language("ja")
    view = table()
    first, second = planet_name(RING, 0, short=False), planet_name(RING, 2, short=False)
    assert first.endswith(" A") and second.endswith(" B") and first[:-2] == second[:-2]
    assert first[:-2] != "Lava planet"  # translated
    line = describe_move(view, 0, {"t": "investigate", "planets": [2]}, NAMES.__getitem__)
    assert second in line or planet_name(RING, 2) in line, line


def test_a_squares_vp_is_what_the_final_scoring_counts_there() -> None:
    """The cards print VP over the squares, not their numbers: the words give a square's VP
    (``square_vp``), the same the engine scores for that square."""
    import random

    from game.client.stargazer.names import square_vp
    from game.rules.stargazer.scoring import planet_standings

    rng = random.Random(7)
    planets = sorted(PLANET_TYPES)
    checked = 0
    for _ in range(200):
        index = rng.randrange(len(planets))
        length = len(PLANET_TYPES[planets[index]]["track"])
        queue = [rng.randrange(-1, 4) for _ in range(rng.randrange(1, length + 1))]
        for row in planet_standings(planets[index], queue, None):
            if row["square"] >= 1:
                assert square_vp(planets, index, row["square"]) == row["vp"]
                checked += 1
    assert checked > 300
    assert square_vp(planets, 0, 0) is None and square_vp(planets, 99, 1) is None
    assert square_vp(planets, 0, 99) is None and square_vp(["?"], 0, 1) is None
