"""Bot strength and speed: prints figures, asserts nothing (see docs/AI.md).

Look at the Stars (``stars``): solo scores of every level over seeded games (game g uses seed g;
the bot's seed is g too), mean, sd, 95 % interval of the mean, percentiles, CPU ms per card
decision (median and p90), with the default options and per power card. Stargazer
(``stargazer``): win rates of levels against each other, seats rotated. ``calibrate`` prints the
pure-Python calibration figure alone. Every run prints the machine and the calibration figure
(a fixed pure-Python loop, in million loop steps per CPU-second) so rates can be compared as
ratios across machines.

    .venv/bin/python bench/ai.py stars [--games 500] [--levels random greedy ...] [--power-cards]
        [--cards 4 1 2 ...]   # with --power-cards: which power cards, in which order
    .venv/bin/python bench/ai.py stargazer [--games 300] [--players 3 4]
    .venv/bin/python bench/ai.py deadline [--games 10] [--busy 1]   # hard's stop under load
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import os
import platform
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.games_log import logged_map  # noqa: E402
from game.ai import make_bot  # noqa: E402
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


# --- running games -------------------------------------------------------------------------------
#: if set (``--games-log``), every finished game is appended here as one JSON line at once, so a
#: long run that is stopped early still leaves the games it finished
GAMES_LOG: Path | None = None
#: ``--resume``: games already in the log are read back instead of played again
RESUME = False


def map_games(play: Any, jobs: list[Any], workers: int, resume: bool = False) -> list[Any]:
    """``play`` over ``jobs`` on ``workers`` processes, in order (each game is seeded by its job,
    so the figures do not depend on the number of workers), logged in ``GAMES_LOG``
    (``bench.games_log``). With ``resume``, a job already in the games log is not played
    again: its logged result is used."""

    def on_workers(function: Any, todo: list[Any]) -> Iterator[Any]:
        with multiprocessing.Pool(workers) as pool:
            yield from pool.imap(function, todo, chunksize=1)

    return logged_map(play, jobs, on_workers, GAMES_LOG, resume)


# --- Look at the Stars solo ----------------------------------------------------------------------
def stars_bot(level: str, seed: int) -> Any:
    """The level's bot; ``clairvoyantN`` is the clairvoyant at beam N (``clairvoyant``: 48),
    ``hard:steps=1500`` the hard bot (``game.ai.stars_playouts``) with those settings (a
    variant to compare; ``p.NAME=V`` items change a field of its playouts' policy weights);
    ``foresight:k=1`` hard told the next k cards (measurement only, with hard's settings too);
    ``lookahead`` the one-card lookahead that was hard until session 38
    (``lookahead:width=8,samples=12``: with those settings; ``w.NAME=V`` items change a field
    of its ``HARD_WEIGHTS``, tuples as ``0/0.15/0.45``)."""
    if level.startswith("lookahead"):
        from game.ai.stars_bots import LookaheadBot

        numbers, weights = _settings(level.removeprefix("lookahead"), "w.")
        if weights:
            from game.ai.stars_model import HARD_WEIGHTS

            numbers["weights"] = dataclasses.replace(HARD_WEIGHTS, **weights)
        return LookaheadBot(seed=seed, **numbers)
    if level.startswith(("hard:", "foresight")):
        from game.ai.stars_clairvoyant import ForesightBot
        from game.ai.stars_playouts import PlayoutBot

        name, _, text = level.partition(":")
        numbers, policy = _settings(text, "p.")
        bot = (ForesightBot if name == "foresight" else PlayoutBot)(seed=seed, **numbers)
        if policy:
            bot.policy = dataclasses.replace(bot.policy, **policy)
        return bot
    if level.startswith("clairvoyant"):
        from game.ai.stars_clairvoyant import ClairvoyantBot

        return ClairvoyantBot(seed=seed, beam=int(level.removeprefix("clairvoyant") or 48))
    return make_bot("stars", level, seed)


def _settings(text: str, prefix: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """``:NAME=V,NAME=V`` after a level's name: the bot's numeric settings, and the
    ``Weights`` fields named ``PREFIX+FIELD`` (by field; none: both empty)."""
    items = dict(item.split("=", 1) for item in text.removeprefix(":").split(",") if item)
    numbers = {k: _number(v) for k, v in items.items() if not k.startswith(prefix)}
    weights = {k.removeprefix(prefix): _weight(v) for k, v in items.items()
               if k.startswith(prefix)}
    return numbers, weights


def _number(text: str) -> int | float:
    """A bot setting from the level string: whole (``750``) or not (``2.5``)."""
    return float(text) if "." in text else int(text)


def _weight(text: str) -> Any:
    """A ``Weights`` field from the level string: ``0.5`` or a tuple ``0/0.15/0.45``."""
    return tuple(float(x) for x in text.split("/")) if "/" in text else float(text)


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


def run_stars(levels: list[str], games: int, power: Any, workers: int,
              first: int = 0) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for level in levels:
        jobs = [(level, g, power) for g in range(first, first + games)]
        t0 = time.time()
        results = map_games(play_stars_solo, jobs, workers, RESUME)
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


# --- the deadline under load ---------------------------------------------------------------------
def busy_loop(seconds: float) -> None:
    """Burn one core for ``seconds`` (the load beside ``deadline``)."""
    end = time.monotonic() + seconds
    x = 0
    while time.monotonic() < end:
        for i in range(10_000):
            x ^= i * i


def run_deadline(level: str, games: int, first: int, busy: int, limit: float,
                 adaptive: bool = True) -> dict[str, Any]:
    """Solo games of ``level`` with the table's stop (``net.ai_runner.Deadline`` at its
    ``THINK_SECONDS``; with ``adaptive`` False, the plain "True once the budget has passed on
    the wall clock" it replaced), beside ``busy`` processes that burn a core each. Prints how
    far past the budget decisions end."""
    from game.ai import THINK_SECONDS
    from net.ai_runner import Deadline

    budget = THINK_SECONDS["stars"][level.split(":")[0]]
    helpers = [multiprocessing.Process(target=busy_loop, args=(limit,), daemon=True)
               for _ in range(busy)]
    for helper in helpers:
        helper.start()
    walls: list[float] = []
    cpus: list[float] = []
    totals: dict[int, int] = {}
    try:
        for seed in range(first, first + games):
            state = STARS.setup({"players": 1}, seed)
            bot = stars_bot(level, seed)
            while not STARS.is_over(state):
                start = time.monotonic()
                cpu = time.process_time()
                stop = Deadline(budget) if adaptive else (
                    lambda d=start + budget: time.monotonic() >= d)
                move = bot.choose(STARS, state, 0, stop=stop)
                walls.append(time.monotonic() - start)
                cpus.append(time.process_time() - cpu)
                STARS.apply(state, 0, move)
            totals[seed] = STARS.score(state)[0]["total"]
    finally:
        for helper in helpers:
            helper.terminate()
            helper.join()
    searched = sorted(w for w in walls if w > 0.005)
    worst = max(range(len(walls)), key=walls.__getitem__)
    cpu_over = sorted(max(0.0, c - budget) for c in cpus)
    over = sorted(max(0.0, w - budget) for w in searched)
    cut = sum(1 for w in walls if w >= budget)

    def pct(values: list[float], q: float) -> float:
        return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0

    out = {"decisions": len(walls), "searched": len(searched), "cut": cut,
           "wall_ms_p50": 1000 * pct(searched, 0.5), "wall_ms_p99": 1000 * pct(searched, 0.99),
           "wall_ms_max": 1000 * max(walls), "over_ms_p99": 1000 * pct(over, 0.99),
           "over_ms_max": 1000 * over[-1], "cpu_ms_max": 1000 * max(cpus),
           "worst_cpu_ms": 1000 * cpus[worst], "cpu_over_ms_max": 1000 * cpu_over[-1],
           "totals": totals}
    stop_name = "Deadline" if adaptive else "plain stop"
    print(f"stars deadline {level} {stop_name} budget {1000 * budget:.0f} ms, {games} games, "
          f"{busy} busy process(es), load {os.getloadavg()[0]:.1f}: {len(walls)} decisions, "
          f"{len(searched)} searching, {cut} cut by the stop; wall ms of a searching decision "
          f"p50 {out['wall_ms_p50']:.0f} p99 {out['wall_ms_p99']:.0f} max "
          f"{out['wall_ms_max']:.0f}; past the budget (searching decisions) p99 "
          f"{out['over_ms_p99']:.1f} ms, max "
          f"{out['over_ms_max']:.1f} ms (its CPU time {out['worst_cpu_ms']:.0f} ms; CPU time past "
          f"the budget at most {out['cpu_over_ms_max']:.1f} ms); mean score "
          f"{statistics.fmean(totals.values()):.2f}", flush=True)
    return out


# --- Stargazer win rates ------------------------------------------------------------------------
def stargazer_bot(level: str, seed: int, hard_iterations: int | None) -> Any:
    if level == "hard" and hard_iterations is not None:
        from game.ai.stargazer_bots import HardBot

        return HardBot(seed=seed, iterations=hard_iterations)
    return make_bot("stargazer", level, seed)


def play_stargazer(job: tuple[list[str], int, int | None]) -> dict[str, Any]:
    """One game; ``lineup`` is rotated by the game number so every level sits in every seat."""
    lineup, game, iterations = job
    from game.rules.stargazer import RULESET as SG

    players = len(lineup)
    shift = game % players
    seats = [lineup[(s - shift) % players] for s in range(players)]
    state = SG.setup(SG.normalize_options({"players": players}), game)
    bots = [stargazer_bot(level, game * 10 + s, iterations) for s, level in enumerate(seats)]
    seconds: dict[str, list[float]] = {}
    while not SG.is_over(state):
        seat = state["current"]
        t0 = time.process_time()
        move = bots[seat].choose(SG, state, seat)
        seconds.setdefault(seats[seat], []).append(time.process_time() - t0)
        SG.apply(state, seat, move)
    ranks = SG.ranking(state)
    winners = [s for s in range(players) if ranks[s] == 1]
    share: dict[str, float] = {}
    for s in winners:
        share[seats[s]] = share.get(seats[s], 0.0) + 1.0 / len(winners)
    return {"seats": seats, "share": share, "seconds": seconds}


def interval(wins: float, n: int) -> tuple[float, float]:
    """The 95 % normal interval of a win rate ``wins / n``, kept within 0-1 (a level that
    wins once in 100 games would otherwise print a negative rate)."""
    rate = wins / n if n else 0.0
    half = 1.96 * math.sqrt(rate * (1 - rate) / n) if n else 0.0
    return max(0.0, rate - half), min(1.0, rate + half)


def run_stargazer_lineup(lineup: list[str], games: int, iterations: int | None,
                         workers: int, first: int = 0) -> dict[str, Any]:
    t0 = time.time()
    jobs = [(lineup, g, iterations) for g in range(first, first + games)]
    results = map_games(play_stargazer, jobs, workers, RESUME)
    wall = time.time() - t0
    out: dict[str, Any] = {"lineup": lineup, "games": games, "wall_s": wall,
                           "iterations": iterations}
    for level in dict.fromkeys(lineup):
        copies = lineup.count(level)
        wins = sum(r["share"].get(level, 0.0) for r in results) / copies
        rate = wins / games
        low, high = interval(wins, games)
        moves = [s for r in results for s in r["seconds"].get(level, [])]
        out[level] = {"win_rate": rate, "lo": low, "hi": high,
                      "move_ms_p50": 1000 * statistics.median(moves),
                      "move_ms_max": 1000 * max(moves)}
    fair = 1 / len(lineup)
    print(f"stargazer {len(lineup)}p {'/'.join(lineup)} (hard iterations {iterations}), "
          f"{games} games, fair share {fair:.1%}, {wall:.0f} s wall:", flush=True)
    for level in dict.fromkeys(lineup):
        f = out[level]
        each = " each" if lineup.count(level) > 1 else ""
        print(f"  {level:7} wins {f['win_rate']:.1%}{each} [{f['lo']:.1%}, {f['hi']:.1%}]  "
              f"ms a move p50 {f['move_ms_p50']:.1f} max {f['move_ms_max']:.0f}", flush=True)
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
    stars.add_argument("--cards", type=int, nargs="+", metavar="N",
                       help="with --power-cards: these cards only, in this order (default 1-9)")
    stars.add_argument("--workers", type=int, default=2)
    stars.add_argument("--json", type=Path, help="write the figures here")
    sub.add_parser("calibrate", help="the calibration figure alone")
    dl = sub.add_parser("deadline", help="how far past its budget hard ends, under load")
    dl.add_argument("--games", type=int, default=10)
    dl.add_argument("--first", type=int, default=913000)
    dl.add_argument("--level", default="hard")
    dl.add_argument("--busy", type=int, default=1, help="processes burning a core beside it")
    dl.add_argument("--plain-stop", action="store_true",
                    help="the stop before net.ai_runner.Deadline (True once the budget passed)")
    dl.add_argument("--json", type=Path, help="write the figures and each game's total here")
    sg = sub.add_parser("stargazer", help="Stargazer win rates between levels")
    sg.add_argument("--games", type=int, default=300)
    sg.add_argument("--players", type=int, nargs="*", default=[3, 4])
    sg.add_argument("--workers", type=int, default=2)
    sg.add_argument("--hard-iterations", type=int, default=None,
                    help="hard's iteration budget (default: its own, about 1 s a move)")
    sg.add_argument("--lineup", nargs="*", help="one lineup only, e.g. hard normal normal")
    sg.add_argument("--json", type=Path)
    for command in (stars, sg):
        command.add_argument("--first", type=int, default=0,
                             help="first game number (seed): split a long run into parts")
        command.add_argument("--games-log", type=Path,
                             help="append every finished game here as a JSON line")
        command.add_argument("--resume", action="store_true",
                             help="take the games already in --games-log from there")
    args = parser.parse_args(argv)
    global GAMES_LOG, RESUME
    GAMES_LOG = getattr(args, "games_log", None)
    RESUME = getattr(args, "resume", False)
    print(machine_line(), flush=True)
    if args.what == "calibrate":
        return 0
    if args.what == "deadline":
        # the busy processes burn for as long as the games may take (18 cards at the budget)
        out = run_deadline(args.level, args.games, args.first, args.busy,
                           limit=max(900.0, 60.0 * args.games), adaptive=not args.plain_stop)
        if args.json:
            args.json.write_text(json.dumps(out))
        return 0
    if args.what == "stars":
        report: dict[str, Any] = {}
        if args.games:
            report["default"] = run_stars(args.levels, args.games, None, args.workers,
                                           args.first)
        if args.power_cards:
            for power in args.cards or range(1, len(stars_data.POWER_CARDS) + 1):
                report[f"power{power}"] = run_stars(args.levels, args.power_games, power,
                                                    args.workers, args.first)
        if args.json:
            args.json.write_text(json.dumps(report))
        return 0
    if args.what == "stargazer":
        report = {}
        if args.lineup:
            report["/".join(args.lineup)] = run_stargazer_lineup(
                args.lineup, args.games, args.hard_iterations, args.workers, args.first)
            args.players = []
        for players in args.players:
            lineups = [["hard"] + ["normal"] * (players - 1),
                       ["normal"] + ["easy"] * (players - 1),
                       ["easy"] + ["random"] * (players - 1),
                       ["hard", "normal", "easy", "random"][:players]]
            for lineup in lineups:
                report["/".join(lineup)] = run_stargazer_lineup(
                    lineup, args.games, args.hard_iterations, args.workers, args.first)
        if args.json:
            args.json.write_text(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
