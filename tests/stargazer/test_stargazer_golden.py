"""Golden playthroughs: recorded games (options, seed, moves, every event, final scores).

Replaying a record must give exactly the recorded events and scores, and the seeded strong bots
must choose exactly the recorded moves. If the designed content changes on purpose, regenerate:

    .venv/bin/python tests/stargazer/test_stargazer_golden.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.ai.stargazer_bots import StrongBot  # noqa: E402
from game.rules.stargazer import RULESET  # noqa: E402

GOLDEN = Path(__file__).with_name("golden")
RECORDS = [(3, 11), (4, 12)]


def record(players: int, seed: int) -> dict[str, Any]:
    options = RULESET.normalize_options({"players": players})
    state = RULESET.setup(options, seed)
    bots = [StrongBot(seed=seed * 10 + s) for s in range(players)]
    moves: list[list[Any]] = []
    events: list[dict[str, Any]] = []
    while not RULESET.is_over(state):
        seat = state["current"]
        move = bots[seat].choose(RULESET, state, seat)
        moves.append([seat, move])
        events.append(RULESET.apply(state, seat, move))
    return {
        "options": options,
        "seed": seed,
        "bot": "StrongBot(seed=seed*10+seat)",
        "moves": moves,
        "events": events,
        "scores": RULESET.score(state),
        "ranking": RULESET.ranking(state),
        "end_reason": state["end_reason"],
    }


def path_for(players: int, seed: int) -> Path:
    return GOLDEN / f"stargazer_{players}p_seed{seed}.json"


@pytest.mark.parametrize(("players", "seed"), RECORDS)
def test_replaying_a_golden_record_gives_its_events_and_scores(players: int, seed: int) -> None:
    golden = json.loads(path_for(players, seed).read_text(encoding="utf-8"))
    state = RULESET.setup(golden["options"], golden["seed"])
    for (seat, move), expected in zip(golden["moves"], golden["events"], strict=True):
        assert RULESET.apply(state, seat, move) == expected
    assert RULESET.is_over(state)
    assert RULESET.score(state) == golden["scores"]
    assert RULESET.ranking(state) == golden["ranking"]
    assert state["end_reason"] == golden["end_reason"]
    assert golden["events"][-1][-1]["type"] == "game_over"


@pytest.mark.parametrize(("players", "seed"), RECORDS)
def test_seeded_strong_bots_replay_their_golden_moves(players: int, seed: int) -> None:
    golden = json.loads(path_for(players, seed).read_text(encoding="utf-8"))
    assert record(players, seed)["moves"] == golden["moves"]


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for players, seed in RECORDS:
        path_for(players, seed).write_text(
            json.dumps(record(players, seed), indent=1) + "\n", encoding="utf-8"
        )
        print("wrote", path_for(players, seed))
