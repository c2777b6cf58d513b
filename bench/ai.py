"""Bot strength and speed: prints figures, asserts nothing (see docs/AI.md).

Look at the Stars (``stars``): solo scores of every level over seeded games (game g uses seed g;
the bot's seed is g too), mean, sd, 95 % interval of the mean, percentiles, CPU ms per card
decision (median and p90), with the default options and per power card. Stargazer
(``stargazer``): win rates of levels against each other, seats rotated. ``calibrate`` prints the
pure-Python calibration figure alone. Every run prints the machine and the calibration figure
(a fixed pure-Python loop, in million loop steps per CPU-second) so rates can be compared as
ratios across machines.

    .venv/bin/python bench/ai.py stars [--games 500] [--levels random greedy ...] [--power-cards]
    .venv/bin/python bench/ai.py stargazer [--games 300] [--players 3 4]
    .venv/bin/python bench/ai.py speed          # ms per decision of every level, one core
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_bot  # noqa: E402
from game.rules.base import make_rng  # noqa: E402
from game.rules.stars import RULESET as STARS  # noqa: E402
from game.rules.stars import data as stars_data  # noqa: E402

STARS_LEVELS = ("random", "easy", "greedy", "normal", "hard", "clairvoyant")


# --- the machine ---------------------------------------------------------------------------------
def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def calibration() -> float:
    """Million steps per CPU-second of a fixed pure-Python loop (dict, list and int work, like
    the bots): divide a rate by it to compare machines."""
    start = time.process_time()
    steps = 0
    table: dict[int, int] = {}
    items: list[int] = []
    for i in range(600_000):
        table[i & 1023] = table.get(i & 1023, 0) + (i ^ (i >> 3))
        items.append(i & 7)
        if len(items) > 64:
            items.clear()
        steps += 1
    return steps / (time.process_time() - start) / 1e6


def machine_line() -> str:
    return (
        f"# {platform.node()} {platform.machine()} {cpu_model()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, calibration {calibration():.2f} M steps/CPU-s"
    )


# --- Look at the Stars solo ----------------------------------------------------------------------
def stars_bot(level: str, seed: int) -> Any:
    if level == "clairvoyant":
        from game.ai.stars_clairvoyant import ClairvoyantBot

        return ClairvoyantBot(seed=seed)
    return make_bot("stars", level, seed)


def play_stars_solo(job: tuple[str, int, Any]) -> dict[str, Any]:
    """One solo game; the score breakdown and the CPU seconds of each card decision."""
    level, seed, power = job
    options: dict[str, Any] = {"players": 1}
    if power is not None:
        options["power_card"] = power
    state = STARS.setup(options, seed)
    bot = stars_bot(level, seed)
    per_card: dict[int, float] = {}
    while not STARS.is_over(state):
        n = state["flipped"]
        t0 = time.process_time()
        move = bot.choose(STARS, state, 0)
        per_card[n] = per_card.get(n, 0.0) + time.process_time() - t0
        STARS.apply(state, 0, move)
    return {"score": STARS.score(state)[0], "card_seconds": list(per_card.values())}


def summarize(totals: list[float]) -> dict[str, float]:
    n = len(totals)
    mean = statistics.fmean(totals)
    sd = statistics.stdev(totals) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    qs = statistics.quantiles(totals, n=20) if n > 1 else [mean] * 19
    return {"n": n, "mean": mean, "sd": sd, "lo": mean - half, "hi": mean + half,
            "p5": qs[0], "p25": qs[4], "p50": qs[9], "p75": qs[14], "p95": qs[18],
            "min": min(totals), "max": max(totals)}


def run_stars(levels: list[str], games: int, power: Any, workers: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for level in levels:
        jobs = [(level, g, power) for g in range(games)]
        t0 = time.time()
        with multiprocessing.Pool(workers) as pool:
            results = pool.map(play_stars_solo, jobs, chunksize=1)
        wall = time.time() - t0
        totals = [r["score"]["total"] for r in results]
        card_ms = sorted(1000 * s for r in results for s in r["card_seconds"])
        parts = {k: statistics.fmean(r["score"][k] for r in results)
                 for k in results[0]["score"] if k != "total"}
        summary = summarize(totals)
        summary.update(
            card_ms_p50=statistics.median(card_ms),
            card_ms_p90=card_ms[int(0.9 * (len(card_ms) - 1))],
            wall_s=wall,
            parts=parts,
            totals=totals,
        )
        out[level] = summary
        label = "default" if power is None else f"power {power}"
        print(
            f"stars solo {label:9} {level:11} n={summary['n']:4} mean {summary['mean']:6.2f} "
            f"sd {summary['sd']:5.2f} 95% [{summary['lo']:.2f}, {summary['hi']:.2f}] "
            f"p5/50/95 {summary['p5']:.0f}/{summary['p50']:.0f}/{summary['p95']:.0f} "
            f"card ms p50 {summary['card_ms_p50']:.1f} p90 {summary['card_ms_p90']:.1f} "
            f"({wall:.0f} s wall) "
            + " ".join(f"{k[:5]} {v:.1f}" for k, v in parts.items()),
            flush=True,
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    stars = sub.add_parser("stars", help="solo scores of Look at the Stars levels")
    stars.add_argument("--games", type=int, default=500)
    stars.add_argument("--levels", nargs="*", default=list(STARS_LEVELS))
    stars.add_argument("--power-cards", action="store_true",
                       help="also per power card 1-9 (--power-games each)")
    stars.add_argument("--power-games", type=int, default=100)
    stars.add_argument("--workers", type=int, default=2)
    stars.add_argument("--json", type=Path, help="write the figures here")
    sub.add_parser("calibrate", help="the calibration figure alone")
    sg = sub.add_parser("stargazer", help="Stargazer win rates between levels")
    sg.add_argument("--games", type=int, default=300)
    sg.add_argument("--players", type=int, nargs="*", default=[3, 4])
    sg.add_argument("--workers", type=int, default=2)
    sg.add_argument("--hard-iterations", type=int, default=None)
    sg.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    print(machine_line(), flush=True)
    if args.what == "calibrate":
        return 0
    if args.what == "stars":
        report: dict[str, Any] = {"default": run_stars(args.levels, args.games, None,
                                                       args.workers)}
        if args.power_cards:
            for power in range(1, len(stars_data.POWER_CARDS) + 1):
                report[f"power{power}"] = run_stars(args.levels, args.power_games, power,
                                                    args.workers)
        if args.json:
            args.json.write_text(json.dumps(report))
        return 0
    if args.what == "stargazer":
        from bench_stargazer_ai import run_stargazer  # type: ignore[import-not-found]

        run_stargazer(args)
    return 0


if __name__ == "__main__":
    _ = make_rng
    sys.exit(main())
