"""Stargazer balance proof: self-play of the strong bot, figures against the issue's criteria.

Plays ``--games`` seeded games for 3 and for 4 players on ``--workers`` processes (game ``g`` uses
seed ``g``; seat ``s`` is ``StrongBot(seed=g * 10 + s)``), so a run is reproducible, and writes
the report to docs/balance/stargazer.md (the iteration log is kept from the existing file).

    .venv/bin/python bench/balance_stargazer.py [--games 2000] [--workers 2] [--out PATH]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.stargazer_bots import StrongBot  # noqa: E402
from game.rules.stargazer import CREWS, PLANET_TYPES, RULESET  # noqa: E402
from game.rules.stargazer.scoring import planet_vp  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "docs" / "balance" / "stargazer.md"
LOG_MARKER = "## Iteration log"


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


def existing_log(path: Path) -> str:
    if path.exists():
        text = path.read_text(encoding="utf-8")
        if LOG_MARKER in text:
            return text[text.index(LOG_MARKER) :]
    return f"{LOG_MARKER}\n\n(no iterations logged yet)\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per player count")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4])
    args = parser.parse_args()
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
    args.out.write_text("\n".join(header + body) + "\n" + existing_log(args.out), encoding="utf-8")
    print(f"\n{verdict}\nwrote {args.out} in {elapsed:.0f} s")


if __name__ == "__main__":
    main()
