"""Stargazer balance proof: self-play of the strong bot, figures against the issue's criteria.

Plays ``--games`` seeded games for 3 and for 4 players on ``--workers`` processes (game ``g`` uses
seed ``g``; seat ``s`` is ``StrongBot(seed=g * 10 + s)``), so a run is reproducible, and writes
the report to docs/balance/stargazer.md (the iteration log is kept from the existing file).

``--probes`` instead plays strategy probes: one seat follows a degenerate line of play (the
Hoarder's "place little early, dump late", always the most cubes, always the 0 square, ...),
the other seats are strong bots; the probe's seat rotates (game g: seat g mod players). It
rewrites only the report's "Strategy probes" section; the main run keeps that section.

    .venv/bin/python bench/balance_stargazer.py [--games 2000] [--workers 2] [--out PATH]
    .venv/bin/python bench/balance_stargazer.py --probes [NAME ...] [--probe-games 400]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.stargazer_bots import HOARD_UNTIL_ROUND, PROBES, StrongBot  # noqa: E402
from game.rules.stargazer import CREWS, PLANET_TYPES, RULESET  # noqa: E402
from game.rules.stargazer.scoring import planet_vp  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "docs" / "balance" / "stargazer.md"
LOG_MARKER = "## Iteration log"
PROBES_MARKER = "## Strategy probes"


def play_game(job: tuple[int, int]) -> dict[str, Any]:
    """One self-play game; returns the facts the report aggregates."""
    players, seed = job
    state = RULESET.setup(RULESET.normalize_options({"players": players}), seed)
    bots = [StrongBot(seed=seed * 10 + s) for s in range(players)]
    first_start = state["start"]
    picks: list[tuple[int, str]] = []  # (seat, crew)
    crews_in_play = list(state["crews"])
    while not RULESET.is_over(state):
        seat = state["current"]
        move = bots[seat].choose(RULESET, state, seat)
        if move["t"] == "crew":
            picks.append((seat, move["crew"]))
        RULESET.apply(state, seat, move)
    scores = RULESET.score(state)
    ranks = RULESET.ranking(state)
    winners = [s for s in range(players) if ranks[s] == 1]
    totals = [b["total"] for b in scores]
    ordered = sorted(totals, reverse=True)
    accidents = 0
    decided: list[str] = []
    for kind, queue, zero in zip(state["planets"], state["tracks"], state["zero"], strict=True):
        if queue and PLANET_TYPES[kind]["track"][len(queue) - 1] == 0:
            accidents += 1
        vp = planet_vp(kind, queue, zero)
        without = [totals[s] - vp.get(s, 0) for s in range(players)]
        top = max(without)
        if {s for s in range(players) if without[s] == top} != set(winners):
            decided.append(kind)
    specialty = [b["specialty"] for b in scores]
    plain = [totals[s] - specialty[s] for s in range(players)]
    specialty_decides = {s for s in range(players) if plain[s] == max(plain)} != set(winners)
    return {
        "players": players,
        "winners": winners,
        "first_start": first_start,
        "picks": picks,
        "crews": crews_in_play,
        "rounds": state["round"],
        "reason": state["end_reason"],
        "accidents": accidents,
        "planets": len(state["planets"]),
        "planet_types": list(state["planets"]),
        "winning_score": ordered[0],
        "margin": ordered[0] - ordered[1],
        "specialty": specialty,
        "specialty_decides": specialty_decides,
        "decided_by": decided,
        "totals": totals,
    }


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def summarise(players: int, games: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """Markdown lines for one player count, and the list of failed criteria."""
    n = len(games)
    fair = 1 / players
    failures: list[str] = []
    lines = [f"### {players} players ({n} games)", ""]
    # seats
    seat_wins = [0.0] * players
    for g in games:
        for s in g["winners"]:
            seat_wins[s] += 1 / len(g["winners"])
    lines += ["| seat | win rate | vs fair share |", "|---|---|---|"]
    for s in range(players):
        rate = seat_wins[s] / n
        ok = abs(rate - fair) <= 0.05
        if not ok:
            failures.append(f"{players}p seat {s} win rate {pct(rate)}")
        lines.append(
            f"| {s} | {pct(rate)} | {100 * (rate - fair):+.1f} pts {'' if ok else 'FAIL'} |"
        )
    lines.append("")
    position_wins = [0.0] * players
    for g in games:
        for s in g["winners"]:
            position_wins[(s - g["first_start"]) % players] += 1 / len(g["winners"])
    lines += [
        "By turn position in round 1 (0 = the first start player, drawn at random at setup):",
        "",
        "| position | win rate | vs fair share |",
        "|---|---|---|",
    ]
    for pos in range(players):
        rate = position_wins[pos] / n
        ok = abs(rate - fair) <= 0.05
        if not ok:
            failures.append(f"{players}p round-1 position {pos} win rate {pct(rate)}")
        verdict = "" if ok else "FAIL"
        lines.append(f"| {pos} | {pct(rate)} | {100 * (rate - fair):+.1f} pts {verdict} |")
    lines.append("")
    # crews
    available_rounds: Counter[str] = Counter()
    picked: Counter[str] = Counter()
    picker_wins: Counter[str] = Counter()
    for g in games:
        for crew in g["crews"]:
            available_rounds[crew] += g["rounds"]
        for seat, crew in g["picks"]:
            picked[crew] += 1
            if seat in g["winners"]:
                picker_wins[crew] += 1 / len(g["winners"])
    rates = {c: picked[c] / available_rounds[c] for c in available_rounds}
    mean_rate = statistics.mean(rates.values())
    lines += [
        f"Pick rate = picks / rounds the crew was in play (mean {pct(mean_rate)}); picker win "
        f"rate = share of picks whose picker won (fair share {pct(fair)}).",
        "",
        "| crew | count | pick rate | x mean | picker win rate | verdict |",
        "|---|---|---|---|---|---|",
    ]
    for crew in CREWS:
        cid = crew["id"]
        if cid not in rates:
            continue
        ratio = rates[cid] / mean_rate
        win = picker_wins[cid] / picked[cid] if picked[cid] else 0.0
        bad = []
        if ratio > 1.5:
            bad.append("picked too often")
        if ratio < 0.5:
            bad.append("picked too rarely")
        if win > fair + 0.15:
            bad.append("pickers win too often")
        failures += [f"{players}p {cid}: {b}" for b in bad]
        lines.append(
            f"| {crew['name']} | {crew['count']} | {pct(rates[cid])} | {ratio:.2f} | {pct(win)} "
            f"| {'ok' if not bad else 'FAIL: ' + ', '.join(bad)} |"
        )
    lines.append("")
    rounds = Counter(g["rounds"] for g in games)
    reasons = Counter(g["reason"] for g in games)
    accident_rate = sum(g["accidents"] for g in games) / sum(g["planets"] for g in games)
    spreads = [max(g["specialty"]) - min(g["specialty"]) for g in games]
    specialty = [v for g in games for v in g["specialty"]]
    lines += [
        "| figure | value |",
        "|---|---|",
        f"| rounds per game | mean {statistics.mean(g['rounds'] for g in games):.2f}; "
        + ", ".join(f"{r}: {pct(c / n)}" for r, c in sorted(rounds.items()))
        + " |",
        f"| end trigger | planets full {pct(reasons['planets_full'] / n)}, "
        f"hand empty {pct(reasons['hand_empty'] / n)} |",
        f"| accident rate (planets ending on a 0 VP square) | {pct(accident_rate)} |",
        f"| winning score | mean {statistics.mean(g['winning_score'] for g in games):.1f}, "
        f"median {statistics.median(g['winning_score'] for g in games)} |",
        f"| winning margin | mean {statistics.mean(g['margin'] for g in games):.1f}, "
        f"ties for first {pct(sum(1 for g in games if g['margin'] == 0) / n)} |",
        f"| specialty bonus per player | mean {statistics.mean(specialty):.1f}, "
        f"min {min(specialty)}, max {max(specialty)} |",
        f"| specialty spread in a game (max - min) | mean {statistics.mean(spreads):.1f}, "
        f"median {statistics.median(spreads)} |",
        "| games the specialty bonus decides (the winner(s) without it would differ) | "
        f"{pct(sum(1 for g in games if g['specialty_decides']) / n)} |",
        "",
    ]
    in_games: Counter[str] = Counter()
    deciding: Counter[str] = Counter()
    for g in games:
        for kind in set(g["planet_types"]):
            in_games[kind] += 1
        for kind in set(g["decided_by"]):
            deciding[kind] += 1
    lines += [
        "A planet *decides* a game when removing its majority VP would change the winner(s).",
        "",
        "| planet type | in play in | decides (of the games it is in) |",
        "|---|---|---|",
    ]
    for kind, info in PLANET_TYPES.items():
        if in_games[kind]:
            share = pct(deciding[kind] / in_games[kind])
            lines.append(f"| {info['name']} | {pct(in_games[kind] / n)} | {share} |")
    lines.append("")
    by_reason = Counter(g["reason"] for g in games)
    split_ok = min(by_reason.values(), default=0) / n >= 0.3 and len(by_reason) == 2
    if not split_ok:
        failures.append(f"{players}p end trigger split {dict(by_reason)}")
    return lines, failures


def report_parts(path: Path) -> tuple[str, str, str]:
    """The existing report split into (main run, strategy probes section, iteration log)."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    log = f"{LOG_MARKER}\n\n(no iterations logged yet)\n"
    if LOG_MARKER in text:
        text, log = text[: text.index(LOG_MARKER)], text[text.index(LOG_MARKER) :]
    probes = ""
    if PROBES_MARKER in text:
        text, probes = text[: text.index(PROBES_MARKER)], text[text.index(PROBES_MARKER) :]
    return text, probes, log


# --- strategy probes ---------------------------------------------------------------------------
def play_probe_game(job: tuple[str, int, int]) -> dict[str, Any]:
    """Game ``seed`` with the probe in seat ``seed mod players``, strong bots elsewhere (each
    seat seeded as in the main run, so the deal and the other seats' bots are the main run's)."""
    probe, players, seed = job
    cpu_started = time.process_time()
    state = RULESET.setup(RULESET.normalize_options({"players": players}), seed)
    probe_seat = seed % players
    probe_class = StrongBot if probe == BASELINE else PROBES[probe]
    bots = [
        (probe_class if s == probe_seat else StrongBot)(seed=seed * 10 + s) for s in range(players)
    ]
    cubes = {"early": [0, 0], "late": [0, 0]}  # [cubes placed, investigations]
    crews: Counter[str] = Counter()
    while not RULESET.is_over(state):
        seat = state["current"]
        move = bots[seat].choose(RULESET, state, seat)
        if seat == probe_seat:
            if move["t"] == "crew":
                crews[move["crew"]] += 1
            elif move["t"] == "investigate":
                half = "early" if state["round"] < HOARD_UNTIL_ROUND else "late"
                cubes[half][0] += len(move["planets"])
                cubes[half][1] += 1
        RULESET.apply(state, seat, move)
    totals = [b["total"] for b in RULESET.score(state)]
    ranks = RULESET.ranking(state)
    winners = [s for s in range(players) if ranks[s] == 1]
    best_other = max(t for s, t in enumerate(totals) if s != probe_seat)
    return {
        "probe": probe,
        "players": players,
        "win": 1 / len(winners) if probe_seat in winners else 0.0,
        "margin": totals[probe_seat] - best_other,
        "cubes": cubes,
        "crews": crews,
        "rounds": state["round"],
        "cpu": time.process_time() - cpu_started,
    }


def summarise_probe(players: int, games: list[dict[str, Any]]) -> tuple[str, bool]:
    """One table row for a probe at one player count, and whether it dominates."""
    n = len(games)
    fair = 1 / players
    rate = sum(g["win"] for g in games) / n
    half_width = 1.96 * math.sqrt(rate * (1 - rate) / n)
    margins = [g["margin"] for g in games]
    margin_hw = 1.96 * statistics.stdev(margins) / math.sqrt(n)
    dominant = rate - fair > 0.05 and rate - half_width > fair
    per_cube = {}
    for half in ("early", "late"):
        placed = sum(g["cubes"][half][0] for g in games)
        investigations = sum(g["cubes"][half][1] for g in games)
        per_cube[half] = placed / investigations if investigations else 0.0
    crews: Counter[str] = Counter()
    for g in games:
        crews.update(g["crews"])
    picks = sum(crews.values())
    top = ", ".join(f"{c} {pct(k / picks)}" for c, k in crews.most_common(2))
    verdict = "control" if games[0]["probe"] == BASELINE else "**DOMINANT**" if dominant else "no"
    row = (
        f"| {games[0]['probe']} | {players} | {n} | {pct(rate)} "
        f"[{100 * (rate - half_width):.1f}, {100 * (rate + half_width):.1f}] "
        f"| {100 * (rate - fair):+.1f} pts | {statistics.mean(margins):+.2f} "
        f"± {margin_hw:.2f} | {per_cube['early']:.2f} / {per_cube['late']:.2f} | {top} "
        f"| {verdict} |"
    )
    return row, dominant


#: the control: the strong bot itself in the probe's seat (exactly the main run's games)
BASELINE = "strong"
#: the probes a plain ``--probes`` plays: the baseline and five lines, sized so that 400 games per
#: count each finish in about 8 minutes on 2 cores (the others can be named)
DEFAULT_PROBES = [BASELINE, "hoarder", "dumper", "zero_hunter", "never_armstrong"]

PROBE_TEXT = {
    BASELINE: "the control: the strong bot itself in the probe's seat, i.e. the main run's games "
    "on the same seeds; its margin is the reference for the others",
    "hoarder": "the strong bot's search, forced to place 1 cube per investigation (the least it "
    f"may) while the round is below {HOARD_UNTIL_ROUND} and it holds more than half its cubes, "
    "then as many as the crew allows",
    "dumper": "always as many cubes as the crew allows",
    "zero_hunter": "picks the Archaeologist or the Treasure Hunter whenever the skill applies",
    "always_armstrong": "picks Captain Armstrong whenever he is free",
    "never_armstrong": "never picks Captain Armstrong unless he is the only crew left",
    "bonus_chaser": "always picks the crew with the largest motivation bonus",
    "always_driller": "picks the Deep Driller (the strongest crew in self-play) whenever free",
}


def run_probes(args: argparse.Namespace) -> None:
    names = args.probes or DEFAULT_PROBES
    known = [BASELINE, *PROBES]
    unknown = [name for name in names if name not in known]
    if unknown:
        raise SystemExit(f"unknown probe(s) {unknown}; known: {', '.join(known)}")
    started = time.perf_counter()
    jobs = [
        (name, players, seed)
        for name in names
        for players in args.players
        for seed in range(args.probe_games)
    ]
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(play_probe_game, jobs, chunksize=10)
    elapsed = time.perf_counter() - started
    cpu = sum(r["cpu"] for r in results)
    rows: list[str] = []
    dominant: list[str] = []
    for name in names:
        for players in args.players:
            games = [r for r in results if r["probe"] == name and r["players"] == players]
            row, bad = summarise_probe(players, games)
            rows.append(row)
            if bad and name != BASELINE:
                dominant.append(f"{name} ({players}p)")
    verdict = (
        "no probe dominates: none wins more than 5 points above the fair share with a 95 % "
        "interval that excludes it"
        if not dominant
        else "DOMINANT: " + ", ".join(dominant)
    )
    section = [
        PROBES_MARKER,
        "",
        "Written by `bench/balance_stargazer.py --probes "
        f"--probe-games {args.probe_games} --workers {args.workers}`: {len(results)} games, "
        f"{elapsed:.0f} s wall, {cpu:.0f} s of CPU in the workers (= {cpu / args.workers:.0f} s "
        f"on {args.workers} idle cores). "
        "Each probe plays one seat against strong bots in the others; game g uses seed g (the "
        "main run's deal and the other seats' bots) and puts the probe in seat g mod players, "
        "so every seat and every round-1 position is probed equally.",
        "",
        "A probe **dominates** if it wins more than 5 points above the fair share and the 95 % "
        "interval of its win rate excludes the fair share. Margin = the probe's score minus the "
        "best opponent's (mean ± 95 % interval). Cubes per investigation are the probe's own, in "
        f"rounds 1-{HOARD_UNTIL_ROUND - 1} / from round {HOARD_UNTIL_ROUND} (the strong bot "
        "can place 1 or 2: every crew's count is 1 or 2).",
        "",
        *[f"- **{name}**: {PROBE_TEXT[name]}." for name in names],
        "",
        "| probe | players | games | win rate [95 %] | vs fair share | margin | cubes per "
        "investigation early / late | most picked crews | dominant |",
        "|---|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        f"**Verdict: {verdict}.**",
        "",
        "",
    ]
    print("\n".join(section))
    main_text, _, log = report_parts(args.out)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(main_text + "\n".join(section) + log, encoding="utf-8")
    print(f"wrote {args.out} in {elapsed:.0f} s ({cpu:.0f} s of CPU in the workers)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per player count")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4])
    parser.add_argument(
        "--probes",
        nargs="*",
        default=None,
        help="play strategy probes (all, or the named ones) instead of the main run",
    )
    parser.add_argument("--probe-games", type=int, default=400, help="per probe and count")
    args = parser.parse_args()
    if args.probes is not None:
        run_probes(args)
        return
    started = time.perf_counter()
    body: list[str] = []
    failures: list[str] = []
    with multiprocessing.Pool(args.workers) as pool:
        for players in args.players:
            jobs = [(players, seed) for seed in range(args.games)]
            games = pool.map(play_game, jobs, chunksize=20)
            lines, failed = summarise(players, games)
            body += lines
            failures += failed
            print("\n".join(lines))
    elapsed = time.perf_counter() - started
    verdict = "every criterion holds" if not failures else "FAILED: " + "; ".join(failures)
    header = [
        "# Stargazer balance (self-play of the strong bot)",
        "",
        "Written by `bench/balance_stargazer.py`: "
        f"`--games {args.games} --workers {args.workers}`, {elapsed:.0f} s. Game g uses seed g; "
        "seat s is `StrongBot(seed=g*10+s)`, so the run is reproducible.",
        "",
        "Criteria (issue): each seat within 5 points of the fair win share; no crew picked more "
        "than 1.5x or less than 0.5x the mean pick rate; no crew whose pickers win more than 15 "
        "points above the fair share; games end by filled planets as often as by empty hands "
        "(here: each trigger ends at least 30 % of games), in 5 to 8 rounds.",
        "",
        f"**Verdict: {verdict}.**",
        "",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    _, probes, log = report_parts(args.out)
    args.out.write_text("\n".join(header + body) + "\n" + probes + log, encoding="utf-8")
    print(f"\n{verdict}\nwrote {args.out} in {elapsed:.0f} s")


if __name__ == "__main__":
    main()
