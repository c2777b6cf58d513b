"""Rules-engine speed: prints figures, asserts nothing (see docs/BENCHMARKS.md).

For each game: random full games per CPU-second (one core) (by player count) and the median time to
enumerate every legal move of a seat at a mid-game decision (for Look at the Stars: every legal
placement of one card on a mid-game board).

    .venv/bin/python bench/rules.py [--seconds 3] [--game stars|stargazer]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import RULESETS, get_ruleset  # noqa: E402
from game.rules.base import Ruleset, make_rng  # noqa: E402

PLAYER_COUNTS = {"stars": (1, 4, 8), "stargazer": (3, 4)}
TARGETS = {("stars", 4): 50.0, ("stargazer", 4): 500.0}
ENUMERATION_TARGET_MS = {"stars": 1.0}


def random_game(ruleset: Ruleset, players: int, seed: int) -> None:
    """Play one random game to the end."""
    state = ruleset.setup(ruleset.normalize_options({"players": players}), seed)
    rng = make_rng(seed, "bench")
    while not ruleset.is_over(state):
        seat = rng.choice(sorted(ruleset.to_move(state)))
        ruleset.apply(state, seat, rng.choice(ruleset.legal_moves(state, seat)))


def games_per_second(ruleset: Ruleset, players: int, seconds: float) -> float:
    """Games per second of this process's CPU time: one core, whatever else the VM runs."""
    start = time.process_time()
    games = 0
    while time.process_time() - start < seconds:
        random_game(ruleset, players, seed=games)
        games += 1
    return games / (time.process_time() - start)


def mid_game_enumeration_ms(ruleset: Ruleset, players: int, samples: int = 40) -> float:
    """Median ms of ``legal_moves`` at real decisions (more than 5 options) mid-game."""
    timings: list[float] = []
    seed = 0
    while len(timings) < samples:
        state = ruleset.setup(ruleset.normalize_options({"players": players}), seed)
        rng = make_rng(seed, "bench-mid")
        history = []
        while not ruleset.is_over(state):
            seat = rng.choice(sorted(ruleset.to_move(state)))
            t0 = time.process_time()
            legal = ruleset.legal_moves(state, seat)
            history.append((time.process_time() - t0, len(legal)))
            ruleset.apply(state, seat, rng.choice(legal))
        third = len(history) // 3
        timings += [t for t, n in history[third : 2 * third] if n > 5]
        seed += 1
    return statistics.median(timings) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--game", choices=sorted(RULESETS), action="append")
    args = parser.parse_args(argv)
    from bench.ai import machine_line

    print(machine_line(), flush=True)
    for game in args.game or sorted(RULESETS):
        ruleset = get_ruleset(game)
        for players in PLAYER_COUNTS.get(game, (ruleset.max_players,)):
            rate = games_per_second(ruleset, players, args.seconds)
            target = TARGETS.get((game, players))
            note = f" (target >= {target:g})" if target else ""
            print(f"{game}: random {players}-player games/s: {rate:.1f}{note}")
        mid_players = 4 if ruleset.min_players <= 4 <= ruleset.max_players else ruleset.max_players
        ms = mid_game_enumeration_ms(ruleset, mid_players)
        target_ms = ENUMERATION_TARGET_MS.get(game)
        note = f" (target <= {target_ms:g} ms)" if target_ms else ""
        print(f"{game}: median legal-move enumeration mid-game: {ms:.3f} ms{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
