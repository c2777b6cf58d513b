"""The balance bench's strategy probes really play their degenerate line.

Each probe is the strong bot's search restricted by a policy. These seeded games check, move by
move, that the probe obeys its policy wherever the policy has a say, and that the strong bot in
the same deals does not (so the probe cannot silently become the strong bot, and a measured
"no probe dominates" is about the line of play it names).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from game.ai.stargazer_bots import (
    HOARD_UNTIL_ROUND,
    PROBES,
    BonusChaserBot,
    HoarderBot,
    StrongBot,
)
from game.rules.stargazer import CREWS_BY_ID, PLANET_TYPES, RULESET, clone_state
from game.rules.stargazer.content import COLOUR_GROUPS, CUBES_PER_PLAYER, START_CREW
from game.rules.stargazer.skills import CHOICE_EFFECTS

Move = dict[str, Any]
#: (state before the move, legal moves, the move) -> True/False (obeys the policy), None (no say)
Policy = Callable[[dict[str, Any], list[Move], Move], bool | None]

SEEDS = (1, 2, 3, 4)
PLAYERS = 3
SEAT = 0


def _sizes(legal: list[Move]) -> list[int]:
    return [len(m["planets"]) for m in legal]


def hoarder(state: dict[str, Any], legal: list[Move], move: Move) -> bool | None:
    if move["t"] != "investigate" or len(set(_sizes(legal))) < 2:
        return None
    early = state["round"] < HOARD_UNTIL_ROUND and state["hands"][SEAT] > CUBES_PER_PLAYER // 2
    wanted = min(_sizes(legal)) if early else max(_sizes(legal))
    return len(move["planets"]) == wanted


def dumper(state: dict[str, Any], legal: list[Move], move: Move) -> bool | None:
    if move["t"] != "investigate" or len(set(_sizes(legal))) < 2:
        return None
    return len(move["planets"]) == max(_sizes(legal))


def _crew_policy(wanted: Callable[[dict[str, Any], Move], bool]) -> Policy:
    def policy(state: dict[str, Any], legal: list[Move], move: Move) -> bool | None:
        if move["t"] != "crew":
            return None
        good = [m for m in legal if wanted(state, m)]
        if not good or len(good) == len(legal):
            return None
        return move in good

    return policy


def _zero_crew(state: dict[str, Any], move: Move) -> bool:
    effect = CREWS_BY_ID[move["crew"]]["effect"]
    return effect in ("cube_to_zero_square", "claim_zero_square") and bool(
        CHOICE_EFFECTS[effect][0](state, SEAT)
    )


def _largest_bonus(state: dict[str, Any], move: Move) -> bool:
    bonus = [f + 2 * len(c) for f, c in zip(state["crew_free"], state["crew_cubes"], strict=True)]
    free = [i for i, w in enumerate(state["workers"]) if w is None]
    return bonus[state["crews"].index(move["crew"])] == max(bonus[i] for i in free)


def colour_chaser(state: dict[str, Any], legal: list[Move], move: Move) -> bool | None:
    """Its investigation puts the most cubes that any legal one could on its chased colour: the
    colour group it holds most cubes of (before its first cube: the most common in play)."""
    if move["t"] != "investigate":
        return None
    mine = Counter()
    for kind, queue, zero in zip(state["planets"], state["tracks"], state["zero"], strict=True):
        colour = PLANET_TYPES[kind]["colour"]
        if colour in COLOUR_GROUPS:
            mine[colour] += queue.count(SEAT) + (zero == SEAT)
    if sum(mine.values()):
        colour = max(COLOUR_GROUPS, key=lambda c: (mine[c], -COLOUR_GROUPS.index(c)))
    else:
        ring = [PLANET_TYPES[kind]["colour"] for kind in state["planets"]]
        colour = max(COLOUR_GROUPS, key=lambda c: (ring.count(c), -COLOUR_GROUPS.index(c)))

    def on_colour(m: Move) -> int:
        return sum(PLANET_TYPES[state["planets"][p]]["colour"] == colour for p in m["planets"])

    counts = {on_colour(m) for m in legal}
    if len(counts) < 2:
        return None
    return on_colour(move) == max(counts)


def greedy(state: dict[str, Any], legal: list[Move], move: Move) -> bool | None:
    """Its move is one whose immediate result the static evaluation rates best."""
    if move["t"] == "start_player" or len(legal) < 2:
        return None
    judge = StrongBot(seed=0)
    values = []
    for candidate in legal:
        trial = clone_state(state)
        RULESET.apply(trial, SEAT, candidate)
        values.append(judge.evaluate(trial, SEAT))
    if max(values) - min(values) < 0.01:
        return None
    return values[legal.index(move)] >= max(values) - 0.002


POLICIES: dict[str, Policy] = {
    "colour_chaser": colour_chaser,
    "max_count": _crew_policy(
        lambda s, m: CREWS_BY_ID[m["crew"]]["count"]
        == max(CREWS_BY_ID[c]["count"] for c, w in zip(s["crews"], s["workers"], strict=True)
               if w is None)
    ),
    "greedy": greedy,
    "hoarder": hoarder,
    "dumper": dumper,
    "zero_hunter": _crew_policy(_zero_crew),
    "always_armstrong": _crew_policy(lambda s, m: m["crew"] == START_CREW),
    "never_armstrong": _crew_policy(lambda s, m: m["crew"] != START_CREW),
    "bonus_chaser": _crew_policy(_largest_bonus),
    "always_driller": _crew_policy(lambda s, m: m["crew"] == "driller"),
}


def seat_decisions(bot: StrongBot, seed: int) -> list[tuple[dict[str, Any], list[Move], Move]]:
    """Seat 0's decisions (state before, legal moves, move) in a game vs strong bots."""
    state = RULESET.setup(RULESET.normalize_options({"players": PLAYERS}), seed)
    bots = [bot if s == SEAT else StrongBot(seed=seed * 10 + s) for s in range(PLAYERS)]
    decisions = []
    while not RULESET.is_over(state):
        seat = state["current"]
        move = bots[seat].choose(RULESET, state, seat)
        if seat == SEAT:
            before = RULESET.view(state, seat)
            decisions.append((before, RULESET.legal_moves(state, seat), move))
        RULESET.apply(state, seat, move)
    return decisions


def verdicts(name: str, make: Callable[[int], StrongBot]) -> list[bool]:
    policy = POLICIES[name]
    found = []
    for seed in SEEDS:
        for state, legal, move in seat_decisions(make(seed * 10 + SEAT), seed):
            verdict = policy(state, legal, move)
            if verdict is not None:
                found.append(verdict)
    return found


def test_every_probe_has_a_policy_check() -> None:
    assert set(POLICIES) == set(PROBES)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("name", sorted(POLICIES))
def test_the_probe_obeys_its_policy_where_the_strong_bot_does_not(name: str) -> None:
    probe = verdicts(name, PROBES[name])
    assert probe, f"{name}: its policy never had a say in {len(SEEDS)} games"
    assert all(probe), f"{name} broke its policy in {probe.count(False)} of {len(probe)} choices"
    strong = verdicts(name, StrongBot)
    assert not all(strong), f"the strong bot already plays like {name}: the probe tests nothing"


def test_the_hoarder_places_one_cube_early_and_the_most_later() -> None:
    """A recorded game: every early investigation is 1 cube, and it does dump later."""
    decisions = seat_decisions(HoarderBot(seed=30), 3)
    placed = [
        (state["round"], state["hands"][SEAT], len(move["planets"]), max(_sizes(legal)))
        for state, legal, move in decisions
        if move["t"] == "investigate"
    ]
    early = [p for p in placed if p[0] < HOARD_UNTIL_ROUND and p[1] > CUBES_PER_PLAYER // 2]
    late = [p for p in placed if p not in early]
    assert early and all(size == 1 for _, _, size, _ in early)
    assert any(most == 2 for *_, most in early), "no early choice: the test would prove nothing"
    assert late and all(size == most for *_, size, most in late)
    assert any(size == 2 for *_, size, _ in late)


def test_the_bonus_chaser_takes_the_largest_bonus_on_a_set_position() -> None:
    state = RULESET.setup(
        RULESET.normalize_options(
            {"players": 3, "crews": ["pilot", "scout", "medic", "driller"], "start_player": 0}
        ),
        5,
    )
    state["crew_free"] = [1, 0, 0, 2, 0]
    move = BonusChaserBot(seed=1).choose(RULESET, state, 0)
    assert move == {"t": "crew", "crew": "medic"}
