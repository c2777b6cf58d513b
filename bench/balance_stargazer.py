"""Stargazer balance proof: self-play of the hard bot, figures against issue 14's criteria.

Plays ``--games`` seeded games for 3 and for 4 players on ``--workers`` processes: game ``g`` uses
seed ``--seed + g`` and seat ``s`` is ``HardBot(seed=(seed + g) * 10 + s, iterations=...)``
(``--bot strong``: the faster strong bot, for screening), so a run is reproducible and other seeds
can be checked. It prints the machine and a pure-Python calibration figure (``bench/ai.py``) and
writes the report to docs/balance/stargazer.md, keeping the report's other sections.

``--probes`` plays strategy probes instead: one seat follows a simple line of play (colour chaser,
max count, max motivation bonus, one-move greedy, always / never Captain Armstrong, dumper), the
others are bench bots; the probe's seat rotates (game g: seat g mod players). ``--readings``
compares the two readings of the free cubes (12 - players, 12) on the same seeds. Each mode
rewrites only its own section of the report; the iteration log is kept as it is. Against hard
at 1000 iterations the probes take hours: ``--probe-look 100`` stops a probe as soon as its
games show it cannot dominate, ``--games-log FILE --resume`` splits the run over sittings, and
``--control-log MAIN_LOG`` reads the control from the main run's log instead of playing it.

    .venv/bin/python bench/balance_stargazer.py [--games 2000] [--seed 0] [--iterations 20]
    .venv/bin/python bench/balance_stargazer.py --probes [NAME ...] [--probe-games 450]
        [--probe-look 100] [--games-log FILE --resume] [--control-log MAIN_LOG]
    .venv/bin/python bench/balance_stargazer.py --readings --games 500

``--crew armstrong.pick_vp=0`` (repeatable; the value is JSON) and ``--setup-cube armstrong=0``
screen a content variant without editing ``content.py``: the change is made in this process
before the workers start, printed with the machine line, and such a run never writes the
report (a variant is not what ships).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ai import interval, machine_line  # noqa: E402
from bench.games_log import logged_map, logged_results  # noqa: E402
from game.ai.stargazer_bots import PROBES, HardBot, StrongBot  # noqa: E402
from game.rules.stargazer import CREWS, PLANET_TYPES, RULESET  # noqa: E402
from game.rules.stargazer.content import START_CREW, WOOD_CUBES  # noqa: E402
from game.rules.stargazer.scoring import planet_vp  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "docs" / "balance" / "stargazer.md"
LOG_MARKER = "## Iteration log"
PROBES_MARKER = "## Strategy probes"
READINGS_MARKER = "## Free-cube readings"


def make_player(kind: str, seed: int, iterations: int) -> Any:
    """A bench seat: ``hard`` (``HardBot(iterations=...)``, the proof) or ``strong`` (screening)."""
    if kind == "hard":
        return HardBot(seed=seed, iterations=iterations)
    return StrongBot(seed=seed)


def game_options(players: int, free_cubes: int | None) -> dict[str, Any]:
    options: dict[str, Any] = {"players": players}
    if free_cubes is not None:
        options["free_cubes"] = free_cubes
    return RULESET.normalize_options(options)


def play_game(job: tuple[int, int, str, int, int | None]) -> dict[str, Any]:
    """One self-play game; returns the facts the report aggregates."""
    players, seed, kind, iterations, free_cubes = job
    state = RULESET.setup(game_options(players, free_cubes), seed)
    bots = [make_player(kind, seed * 10 + s, iterations) for s in range(players)]
    first_start = state["start"]
    picks: list[tuple[int, str, int]] = []  # (seat, crew, turn position in its round)
    crews_in_play = list(state["crews"])
    lowest_stock = state["stock"]
    moves = hashlib.sha256()
    while not RULESET.is_over(state):
        seat = state["current"]
        move = bots[seat].choose(RULESET, state, seat)
        if move["t"] == "crew":
            picks.append((seat, move["crew"], state["turns"]))
        moves.update(json.dumps(move, sort_keys=True).encode())
        RULESET.apply(state, seat, move)
        lowest_stock = min(lowest_stock, state["stock"])
    scores = RULESET.score(state)
    ranks = RULESET.ranking(state)
    winners = [s for s in range(players) if ranks[s] == 1]
    totals = [b["total"] for b in scores]
    ordered = sorted(totals, reverse=True)
    accidents = 0
    decided: list[str] = []
    for kind_, queue, zero in zip(state["planets"], state["tracks"], state["zero"], strict=True):
        if queue and PLANET_TYPES[kind_]["track"][len(queue) - 1] == 0:
            accidents += 1
        vp = planet_vp(kind_, queue, zero)
        without = [totals[s] - vp.get(s, 0) for s in range(players)]
        top = max(without)
        if {s for s in range(players) if without[s] == top} != set(winners):
            decided.append(kind_)
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
        "lowest_stock": lowest_stock,
        "moves": moves.hexdigest(),
    }


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


#: the issue's windows (points of win share around the fair share 1 / players)
SEAT_WINDOW = 0.03
CREW_WINDOW = 0.08
PICK_RATE_RANGE = (0.5, 1.5)
ROUNDS_RANGE = (5, 8)
#: share of games that must last ``ROUNDS_RANGE`` rounds
ROUNDS_SHARE = 0.95


def _rate_row(label: Any, wins: float, n: int, fair: float, window: float) -> tuple[str, bool]:
    rate = wins / n if n else 0.0
    low, high = interval(wins, n)
    ok = abs(rate - fair) <= window
    row = (f"| {label} | {pct(rate)} [{100 * low:.1f}, {100 * high:.1f}] | "
           f"{100 * (rate - fair):+.1f} pts {'' if ok else 'FAIL'} |")
    return row, ok


def round1_position(game: dict[str, Any], seat: int) -> int:
    """The turn position of ``seat`` in round 1 of a logged ``game`` (0: the first start
    player)."""
    return (seat - game["first_start"]) % game["players"]


def position_wins(games: list[dict[str, Any]], players: int) -> list[float]:
    """Wins of each round-1 turn position (0: the first start player), a tie's shared."""
    wins = [0.0] * players
    for g in games:
        for s in g["winners"]:
            wins[round1_position(g, s)] += 1 / len(g["winners"])
    return wins


def pickers(games: list[dict[str, Any]]) -> tuple[Counter[str], Counter[str]]:
    """Each crew's picks and the wins of its pickers (a tie's shared): a crew's picker win rate
    is ``wins[crew] / picks[crew]``."""
    picked: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for g in games:
        for seat, crew, _ in g["picks"]:
            picked[crew] += 1
            wins[crew] += seat_outcome(g["totals"], g["winners"], seat)[0]
    return picked, wins


def seat_outcome(totals: Sequence[int], winners: Sequence[int], seat: int) -> tuple[float, int]:
    """A seat's share of the win (a tie's shared) and its score minus the best other score."""
    best_other = max(t for s, t in enumerate(totals) if s != seat)
    return (1 / len(winners) if seat in winners else 0.0), totals[seat] - best_other


def summarise(players: int, games: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """Markdown lines for one player count, and the list of failed criteria."""
    n = len(games)
    fair = 1 / players
    failures: list[str] = []
    lines = [f"### {players} players ({n} games)", ""]
    seat_wins = [0.0] * players
    for g in games:
        for s in g["winners"]:
            seat_wins[s] += 1 / len(g["winners"])
    positions = position_wins(games, players)
    lines += ["| seat | win rate [95 %] | vs fair share |", "|---|---|---|"]
    for s in range(players):
        row, ok = _rate_row(s, seat_wins[s], n, fair, SEAT_WINDOW)
        lines.append(row)
        if not ok:
            failures.append(f"{players}p seat {s} win rate {pct(seat_wins[s] / n)}")
    lines += [
        "",
        "By turn position in round 1 (0 = the first start player, drawn at random at setup):",
        "",
        "| position | win rate [95 %] | vs fair share |",
        "|---|---|---|",
    ]
    for pos in range(players):
        row, ok = _rate_row(pos, positions[pos], n, fair, SEAT_WINDOW)
        lines.append(row)
        if not ok:
            failures.append(f"{players}p round-1 position {pos} win rate "
                            f"{pct(positions[pos] / n)}")
    lines.append("")
    available_rounds: Counter[str] = Counter()
    picked, picker_wins = pickers(games)
    last_picks: Counter[str] = Counter()
    for g in games:
        for crew in g["crews"]:
            available_rounds[crew] += g["rounds"]
        for _, crew, turn in g["picks"]:
            if turn == players - 1:
                last_picks[crew] += 1
    rates = {c: picked[c] / available_rounds[c] for c in available_rounds}
    mean_rate = statistics.mean(rates.values())
    lines += [
        f"Pick rate = picks / rounds the crew was in play (mean {pct(mean_rate)}); picker win "
        f"rate = share of picks whose picker won (fair share {pct(fair)}, window "
        f"±{100 * CREW_WINDOW:.0f} pts); last pick = share of its picks made last in the round.",
        "",
        "| crew | count | pick rate | x mean | last pick | picker win rate [95 %] | verdict |",
        "|---|---|---|---|---|---|---|",
    ]
    for crew in CREWS:
        cid = crew["id"]
        if cid not in rates:
            continue
        ratio = rates[cid] / mean_rate
        win = picker_wins[cid] / picked[cid] if picked[cid] else 0.0
        low, high = interval(picker_wins[cid], picked[cid])
        bad = []
        if ratio > PICK_RATE_RANGE[1]:
            bad.append("picked too often")
        if ratio < PICK_RATE_RANGE[0]:
            bad.append("picked too rarely")
        if win > fair + CREW_WINDOW:
            bad.append("pickers win too often")
        if win < fair - CREW_WINDOW:
            bad.append("pickers win too rarely")
        failures += [f"{players}p {cid}: {b}" for b in bad]
        last = last_picks[cid] / picked[cid] if picked[cid] else 0.0
        lines.append(
            f"| {crew['name']} | {crew['count']} | {pct(rates[cid])} | {ratio:.2f} | {pct(last)} "
            f"| {pct(win)} [{100 * low:.1f}, {100 * high:.1f}] "
            f"| {'ok' if not bad else 'FAIL: ' + ', '.join(bad)} |"
        )
    lines.append("")
    rounds = Counter(g["rounds"] for g in games)
    in_range = sum(c for r, c in rounds.items() if ROUNDS_RANGE[0] <= r <= ROUNDS_RANGE[1]) / n
    if in_range < ROUNDS_SHARE:
        failures.append(f"{players}p games of {ROUNDS_RANGE[0]}-{ROUNDS_RANGE[1]} rounds "
                        f"{pct(in_range)}")
    reasons = Counter(g["reason"] for g in games)
    accident_rate = sum(g["accidents"] for g in games) / sum(g["planets"] for g in games)
    spreads = [max(g["specialty"]) - min(g["specialty"]) for g in games]
    specialty = [v for g in games for v in g["specialty"]]
    lines += [
        "| figure | value |",
        "|---|---|",
        f"| rounds per game | mean {statistics.mean(g['rounds'] for g in games):.2f}; "
        + ", ".join(f"{r}: {pct(c / n)}" for r, c in sorted(rounds.items()))
        + f"; {ROUNDS_RANGE[0]}-{ROUNDS_RANGE[1]} rounds: {pct(in_range)} "
        f"{'' if in_range >= ROUNDS_SHARE else 'FAIL'} |",
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
    return lines, failures


def report_parts(path: Path) -> dict[str, str]:
    """The existing report split into its sections: main run, free-cube readings, strategy
    probes, iteration log (each bench mode rewrites its own and keeps the others)."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    parts = {"main": "", "readings": "", "probes": "",
             "log": f"{LOG_MARKER}\n\n(no iterations logged yet)\n"}
    for key, marker in (("log", LOG_MARKER), ("probes", PROBES_MARKER),
                        ("readings", READINGS_MARKER)):
        if marker in text:
            text, parts[key] = text[: text.index(marker)], text[text.index(marker):]
    parts["main"] = text
    return parts


# --- strategy probes ---------------------------------------------------------------------------
def play_probe_game(job: tuple[str, int, int, str, int, int | None]) -> dict[str, Any]:
    """Game ``seed`` with the probe in seat ``seed mod players``, bench bots elsewhere (each seat
    seeded as in the main run, so the deal and the other seats' bots are the main run's)."""
    probe, players, seed, kind, iterations, free_cubes = job
    cpu_started = time.process_time()
    state = RULESET.setup(game_options(players, free_cubes), seed)
    probe_seat = seed % players
    bots = [
        make_player(kind, seed * 10 + s, iterations)
        if s != probe_seat or probe == BASELINE
        else PROBES[probe](seed=seed * 10 + s)
        for s in range(players)
    ]
    cubes = [0, 0]  # [cubes placed, investigations]
    crews: Counter[str] = Counter()
    while not RULESET.is_over(state):
        seat = state["current"]
        move = bots[seat].choose(RULESET, state, seat)
        if seat == probe_seat:
            if move["t"] == "crew":
                crews[move["crew"]] += 1
            elif move["t"] == "investigate":
                cubes[0] += len(move["planets"])
                cubes[1] += 1
        RULESET.apply(state, seat, move)
    totals = [b["total"] for b in RULESET.score(state)]
    ranks = RULESET.ranking(state)
    winners = [s for s in range(players) if ranks[s] == 1]
    win, margin = seat_outcome(totals, winners, probe_seat)
    return {
        "probe": probe,
        "players": players,
        "win": win,
        "margin": margin,
        "cubes": cubes,
        "crews": crews,
        "rounds": state["round"],
        "cpu": time.process_time() - cpu_started,
    }


def summarise_probe(players: int, games: list[dict[str, Any]],
                    settled_at: int | None = None) -> tuple[str, bool]:
    """One table row for a probe at one player count, and whether it dominates (``settled_at``:
    the look at which its games showed it cannot)."""
    n = len(games)
    fair = 1 / players
    wins = sum(g["win"] for g in games)
    rate = wins / n
    low, high = interval(wins, n)
    margins = [g["margin"] for g in games]
    margin_hw = 1.96 * statistics.stdev(margins) / math.sqrt(n)
    dominant = settled_at is None and rate - fair > SEAT_WINDOW and low > fair
    counted = [g["cubes"] for g in games if g["cubes"] is not None]
    investigations = sum(c[1] for c in counted)
    per_turn = f"{sum(c[0] for c in counted) / investigations:.2f}" if investigations else "-"
    crews: Counter[str] = Counter()
    for g in games:
        crews.update(g["crews"])
    picks = sum(crews.values())
    top = ", ".join(f"{c} {pct(k / picks)}" for c, k in crews.most_common(2))
    verdict = ("control" if games[0]["probe"] == BASELINE else "**DOMINANT**" if dominant
               else f"no (settled at {settled_at})" if settled_at else "no")
    row = (
        f"| {games[0]['probe']} | {players} | {n} | {pct(rate)} "
        f"[{100 * low:.1f}, {100 * high:.1f}] "
        f"| {100 * (rate - fair):+.1f} pts | {statistics.mean(margins):+.2f} "
        f"± {margin_hw:.2f} | {per_turn} | {top} | {verdict} |"
    )
    return row, dominant


#: the control: the bench bot itself in the probe's seat (exactly the main run's games)
BASELINE = "control"
#: the issue's probe set
DEFAULT_PROBES = [
    BASELINE,
    "colour_chaser",
    "max_count",
    "bonus_chaser",
    "greedy",
    "always_armstrong",
    "never_armstrong",
    "dumper",
]

PROBE_TEXT = {
    BASELINE: "the control: the bench bot itself in the probe's seat, i.e. the main run's games "
    "on the same seeds",
    "colour_chaser": "the strong bot's search, every investigation restricted to those that put "
    "the most cubes on one colour (the colour group it holds most of; at first the most common "
    "colour in play)",
    "max_count": "picks a crew of the highest investigation count free, then plays as the strong "
    "bot",
    "bonus_chaser": "the max motivation bonus line: always picks the crew paying the largest "
    "motivation bonus",
    "greedy": "one-move greedy: every move (crew, skill, investigation) is the one whose result "
    "the strong bot's static evaluation likes best, no lookahead",
    "always_armstrong": "picks Captain Armstrong whenever he is free",
    "never_armstrong": "never picks Captain Armstrong unless he is the only crew left",
    "dumper": "always as many cubes as the crew allows",
    "hoarder": "the strong bot's search, 1 cube per investigation in rounds 1-3 while it holds "
    "more than half its cubes, then the most it may",
    "zero_hunter": "picks the Archaeologist or the Treasure Hunter whenever the skill applies",
    "always_driller": "picks the Deep Driller whenever free",
}


def bots_text(args: argparse.Namespace) -> str:
    if args.bot == "hard":
        return f"`HardBot(seed=g*10+s, iterations={args.iterations})`"
    return "`StrongBot(seed=g*10+s)`"


#: a probe and a player count: one row of the probes' table
Pair = tuple[str, int]


def probe_looks(probe_games: int, look: int) -> list[int]:
    """The game counts at which each probe's games so far are read: every ``look`` games and at
    ``probe_games``."""
    return sorted({*range(look, probe_games, look), probe_games}) if look > 0 else [probe_games]


def settled(wins: float, n: int, players: int, looks: int) -> bool:
    """Whether a probe's games already show it cannot dominate: the upper end of its win rate's
    (Wilson) interval is at most ``SEAT_WINDOW`` above the fair share. The interval is widened
    for the ``looks`` reads of one run (Bonferroni: 95 % over all of them together), so stopping
    at the first read that settles keeps the chance of missing a dominant probe under 5 %."""
    if n == 0:
        return False
    z = statistics.NormalDist().inv_cdf(1 - 0.025 / looks)
    rate = wins / n
    # Wilson's interval: the normal one has no width at 0 wins, which a short read can hold
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n))
    return centre + half <= 1 / players + SEAT_WINDOW


def control_game(main: dict[str, Any], seed: int) -> dict[str, Any]:
    """A main-run game (``play_game``'s result) read as the control in the probe's seat of game
    ``seed``: the same game the control would play, so it need not be played again. Cubes per
    investigation are not in the main run's results (``None``)."""
    players = main["players"]
    seat = seed % players
    win, margin = seat_outcome(main["totals"], main["winners"], seat)
    return {
        "probe": BASELINE,
        "players": players,
        "win": win,
        "margin": margin,
        "cubes": None,
        "crews": Counter(crew for s, crew, _ in main["picks"] if s == seat),
        "rounds": main["rounds"],
        "cpu": 0.0,
    }


def play_probes(pairs: list[Pair], args: argparse.Namespace, mapper: Any,
                play: Any = None) -> tuple[dict[Pair, list[dict[str, Any]]], dict[Pair, int]]:
    """Each pair's games, read at every look (``probe_looks``): a pair that has ``settled`` stops
    there (returned with the count it stopped at); the control never settles. Games go through
    ``--games-log`` (``--resume`` takes them back), so the run can be split over sittings."""
    play = play or play_probe_game
    looks = probe_looks(args.probe_games, args.probe_look)
    games: dict[Pair, list[dict[str, Any]]] = {pair: [] for pair in pairs}
    stopped: dict[Pair, int] = {}
    for end in looks:
        active = [pair for pair in pairs if pair not in stopped]
        jobs = [(name, players, args.seed + g, args.bot, args.iterations, args.free_cubes)
                for g in range(len(games[active[0]]) if active else end, end)
                for name, players in active]
        logged = logged_map(play, jobs, mapper, args.games_log, args.resume, args.variant)
        for job, result in zip(jobs, logged, strict=True):
            games[(job[0], job[1])].append(result)
        for name, players in active:
            wins = sum(g["win"] for g in games[(name, players)])
            if name != BASELINE and settled(wins, end, players, len(looks)):
                stopped[(name, players)] = end
        if len(stopped) == len(pairs):
            break
    return games, stopped


def run_probes(args: argparse.Namespace) -> None:
    names = args.probes or DEFAULT_PROBES
    known = [BASELINE, *PROBES]
    unknown = [name for name in names if name not in known]
    if unknown:
        raise SystemExit(f"unknown probe(s) {unknown}; known: {', '.join(known)}")
    machine = machine_line()
    print(machine)
    started = time.perf_counter()
    control: dict[Pair, list[dict[str, Any]]] = {}
    if args.control_log is not None and BASELINE in names:
        names = [name for name in names if name != BASELINE]
        logged = logged_results(args.control_log, args.variant)
        for players in args.players:
            seeds = range(args.seed, args.seed + args.probe_games)
            jobs = {seed: json.dumps([players, seed, args.bot, args.iterations, args.free_cubes])
                    for seed in seeds}
            control[(BASELINE, players)] = [control_game(logged[jobs[seed]], seed)
                                            for seed in seeds if jobs[seed] in logged]
    pairs = [(name, players) for name in names for players in args.players]
    with multiprocessing.Pool(args.workers) as pool:
        played, stopped = play_probes(pairs, args, pool.imap)
    results = {**control, **played}
    elapsed = time.perf_counter() - started
    cpu = sum(r["cpu"] for games in results.values() for r in games)
    rows: list[str] = []
    dominant: list[str] = []
    for name, players in [*control, *pairs]:
        row, bad = summarise_probe(players, results[(name, players)],
                                   stopped.get((name, players)))
        rows.append(row)
        if bad and name != BASELINE:
            dominant.append(f"{name} ({players}p)")
    verdict = (
        f"no probe dominates: none wins more than {100 * SEAT_WINDOW:.0f} points above the fair "
        "share with a 95 % interval that excludes it"
        if not dominant
        else "DOMINANT: " + ", ".join(dominant)
    )
    looks = probe_looks(args.probe_games, args.probe_look)
    look_switch = f"--probe-look {args.probe_look} " if args.probe_look else ""
    played_count = sum(len(games) for games in played.values())
    sequential = [] if len(looks) == 1 else [
        "",
        f"Each probe's games are read after {', '.join(map(str, looks))} games; a probe stops "
        f"at the first read where the upper end of its win rate's Wilson interval is at most "
        f"{100 * SEAT_WINDOW:.0f} points above the fair share (\"settled\": it cannot "
        f"dominate). That interval is {100 * (1 - 0.05 / len(looks)):.1f} % at each read, so "
        "95 % over all the reads together (Bonferroni).",
    ]
    if control:
        sequential += [
            "",
            "The control's games are the main run's (its `--games-log`, the same seeds and "
            "seats), read again with the probe's seat; that log does not keep the cubes per "
            "investigation.",
        ]
    section = [
        PROBES_MARKER,
        "",
        f"Written by `bench/balance_stargazer.py --probes --probe-games {args.probe_games} "
        f"{look_switch}--bot {args.bot} --iterations {args.iterations} --seed {args.seed} "
        f"--workers {args.workers}`: {played_count} games played, {elapsed:.0f} s wall, "
        f"{cpu:.0f} s of CPU in the workers{' (this sitting)' if args.resume else ''}.",
        "",
        "```",
        machine,
        "```",
        "",
        f"Each probe plays one seat against {bots_text(args)} in the others; game g uses seed "
        f"{args.seed} + g (the main run's deal and the other seats' bots) and puts the probe in "
        "seat g mod players, so every seat and every round-1 position is probed equally.",
        "",
        f"A probe **dominates** if it wins more than {100 * SEAT_WINDOW:.0f} points above the "
        "fair share and the 95 % interval of its win rate excludes the fair share. Margin = the "
        "probe's score minus the best opponent's (mean ± 95 % interval).",
        *sequential,
        "",
        *[f"- **{name}**: {PROBE_TEXT[name]}." for name in [*(n for n, _ in control), *names]],
        "",
        "| probe | players | games | win rate [95 %] | vs fair share | margin | cubes per "
        "investigation | most picked crews | dominant |",
        "|---|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        f"**Verdict: {verdict}.**",
        "",
        "",
    ]
    print("\n".join(section))
    if not replace_section(args, "probes", "\n".join(section)):
        return
    print(f"wrote {args.out} in {elapsed:.0f} s ({cpu:.0f} s of CPU in the workers)")


# --- the free-cube readings ----------------------------------------------------------------------
def reading_figures(players: int, games: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures the readings comparison prints for one reading and count."""
    lines, failures = summarise(players, games)
    n = len(games)
    fair = 1 / players
    positions = position_wins(games, players)
    picked, picker_wins = pickers(games)
    crew_rates = {c: picker_wins[c] / picked[c] for c in picked}
    reasons = Counter(g["reason"] for g in games)
    return {
        "positions": max(abs(w / n - fair) for w in positions),
        "armstrong": crew_rates.get(START_CREW, 0.0) - fair,
        "crews": (min(crew_rates.values()) - fair, max(crew_rates.values()) - fair),
        "rounds": statistics.mean(g["rounds"] for g in games),
        "full": reasons["planets_full"] / n,
        "score": statistics.mean(g["winning_score"] for g in games),
        "failures": len(failures),
    }


def run_readings(args: argparse.Namespace) -> None:
    machine = machine_line()
    print(machine)
    started = time.perf_counter()
    rows = []
    same: list[str] = []
    with multiprocessing.Pool(args.workers) as pool:
        for players in args.players:
            played = []
            for label, free in (("12 - players (default)", WOOD_CUBES - players),
                                ("12", WOOD_CUBES)):
                jobs = [(players, args.seed + g, args.bot, args.iterations, free)
                        for g in range(args.games)]
                games = pool.map(play_game, jobs, chunksize=5)
                played.append(games)
                f = reading_figures(players, games)
                rows.append(
                    f"| {players} | {label}: {free} | {100 * f['positions']:.1f} pts | "
                    f"{100 * f['armstrong']:+.1f} pts | {100 * f['crews'][0]:+.1f} .. "
                    f"{100 * f['crews'][1]:+.1f} pts | {f['rounds']:.2f} | {pct(f['full'])} | "
                    f"{f['score']:.1f} | {min(g['lowest_stock'] for g in games)} | "
                    f"{f['failures']} |")
                print(rows[-1])
            identical = sum(a["moves"] == b["moves"] for a, b in zip(*played, strict=True))
            same.append(f"{players} players: {identical} of {args.games} games are the same "
                        "move for move under both readings.")
    elapsed = time.perf_counter() - started
    section = [
        READINGS_MARKER,
        "",
        f"Written by `bench/balance_stargazer.py --readings --games {args.games} --bot {args.bot} "
        f"--iterations {args.iterations} --seed {args.seed} --workers {args.workers}`, "
        f"{elapsed:.0f} s. The same seeds under both readings of \"the remaining wood cubes\".",
        "",
        "```",
        machine,
        "```",
        "",
        "| players | free cubes | worst round-1 position vs fair | Armstrong's pickers vs fair "
        "| crews' pickers vs fair (min .. max) | rounds | ended by full planets | winning score "
        "| lowest stock in any game | failed criteria |",
        "|---|---|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        " ".join(same) + " The stock only binds when it runs dry (an Engineer with an empty "
        "stock, a round end with no cube for a crew); where no game comes near that, the two "
        "readings play the same games and every figure above is equal.",
        "",
        "",
    ]
    print("\n".join(section))
    replace_section(args, "readings", "\n".join(section))


# --- the report ----------------------------------------------------------------------------------
def replace_section(args: argparse.Namespace, key: str, text: str) -> bool:
    """Write ``text`` as the report's ``key`` section, keeping the others (False: --no-write)."""
    if args.no_write:
        return False
    parts = report_parts(args.out)
    parts[key] = text
    write_report(args.out, parts)
    return True


def write_report(path: Path, parts: dict[str, str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = parts["main"].rstrip("\n") + "\n\n"
    for key in ("readings", "probes", "log"):
        if parts[key].strip():
            text += parts[key].rstrip("\n") + "\n\n"
    path.write_text(text.rstrip("\n") + "\n", encoding="utf-8")


def patch_content(crew_changes: list[str], setup_cubes: list[str],
                  order_vps: Sequence[str] = ()) -> list[str]:
    """Apply ``ID.FIELD=JSON`` crew changes, ``ID=N`` setup cubes and ``PLAYERS=A,B,..``
    turn-order VP to the content in place (the workers inherit them); returns them as text.
    Every change is checked first: a bad one (unknown crew or field, a value that does not
    parse, a turn-order row of the wrong length) is an error and nothing changes."""
    from game.rules.stargazer.content import CREWS_BY_ID, SETUP_FREE_CUBES, TURN_ORDER_VP

    fields = set().union(*CREWS_BY_ID.values())  # e.g. pick_vp, which not every crew has
    crews: list[tuple[str, str, Any]] = []
    for change in crew_changes:
        target, _, value = change.partition("=")
        crew, _, field = target.partition(".")
        if crew not in CREWS_BY_ID or not field or not value:
            raise SystemExit(f"--crew wants ID.FIELD=VALUE with a known crew id, got {change!r}")
        if field not in fields:
            raise SystemExit(f"crews have no field {field!r}")
        try:
            crews.append((crew, field, json.loads(value)))
        except ValueError:
            raise SystemExit(f"--crew value is not JSON: {change!r}") from None
    cubes: list[tuple[str, int]] = []
    for change in setup_cubes:
        crew, _, value = change.partition("=")
        if crew not in CREWS_BY_ID or not value.isdigit():
            raise SystemExit(f"--setup-cube wants ID=N with a known crew id, got {change!r}")
        cubes.append((crew, int(value)))
    orders: list[tuple[int, list[int]]] = []
    for change in order_vps:
        count, _, value = change.partition("=")
        row = value.split(",")
        if (not count.isdigit() or int(count) not in TURN_ORDER_VP
                or len(row) != int(count) or not all(v.isdigit() for v in row)):
            raise SystemExit(f"--order-vp wants PLAYERS=VP,VP,... (one VP a turn position), "
                             f"got {change!r}")
        orders.append((int(count), [int(v) for v in row]))
    for crew, field, parsed in crews:
        CREWS_BY_ID[crew][field] = parsed
    for crew, count in cubes:
        SETUP_FREE_CUBES[crew] = count
    for count, row in orders:
        TURN_ORDER_VP[count] = row
    return ([f"crew {crew}.{field} = {json.dumps(parsed)}" for crew, field, parsed in crews]
            + [f"setup cubes on {crew} = {count}" for crew, count in cubes]
            + [f"turn-order VP in {count} players = {row}" for count, row in orders])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per player count")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4])
    parser.add_argument("--seed", type=int, default=0, help="base seed: game g uses seed + g")
    parser.add_argument("--bot", choices=("hard", "strong"), default="hard",
                        help="the bench bot (hard: the proof; strong: faster screening)")
    parser.add_argument("--iterations", type=int, default=20, help="the hard bot's iterations")
    parser.add_argument("--free-cubes", type=int, default=None,
                        help="the engine option free_cubes (default: 12 - players)")
    parser.add_argument("--no-write", action="store_true", help="print only, keep the report")
    parser.add_argument(
        "--probes",
        nargs="*",
        default=None,
        help="play strategy probes (the issue's set, or the named ones) instead of the main run",
    )
    parser.add_argument("--probe-games", type=int, default=450,
                        help="per probe and count, at most")
    parser.add_argument("--probe-look", type=int, default=0, metavar="N",
                        help="read each probe's games every N games and stop one that cannot "
                             "dominate (0: play all --probe-games)")
    parser.add_argument("--control-log", type=Path, metavar="FILE",
                        help="take the control's games from the main run's --games-log")
    parser.add_argument("--readings", action="store_true",
                        help="compare the two free-cube readings on --games games per count")
    parser.add_argument("--crew", action="append", default=[], metavar="ID.FIELD=JSON",
                        help="screen a crew change (not written to the report)")
    parser.add_argument("--setup-cube", action="append", default=[], metavar="ID=N",
                        help="screen the free cubes a crew gets at setup (not written)")
    parser.add_argument("--order-vp", action="append", default=[], metavar="PLAYERS=VP,..",
                        help="screen the turn-order VP of a player count, e.g. 3=0,1,2 "
                             "(not written)")
    parser.add_argument("--games-log", type=Path,
                        help="append every finished game here as a JSON line")
    parser.add_argument("--resume", action="store_true",
                        help="take the games of this variant already in --games-log from there")
    args = parser.parse_args()
    variant = patch_content(args.crew, args.setup_cube, args.order_vp)
    args.variant = "; ".join(variant)
    if variant:
        args.no_write = True
        print("# content variant: " + "; ".join(variant))
    if args.probes is not None:
        run_probes(args)
        return
    if args.readings:
        run_readings(args)
        return
    machine = machine_line()
    print(machine)
    started = time.perf_counter()
    body: list[str] = []
    failures: list[str] = []
    with multiprocessing.Pool(args.workers) as pool:
        for players in args.players:
            jobs = [(players, args.seed + g, args.bot, args.iterations, args.free_cubes)
                    for g in range(args.games)]
            games = logged_map(play_game, jobs, pool.imap, args.games_log, args.resume,
                               args.variant)
            lines, failed = summarise(players, games)
            body += lines
            failures += failed
            print("\n".join(lines))
    elapsed = time.perf_counter() - started
    verdict = "every criterion holds" if not failures else "FAILED: " + "; ".join(failures)
    free = ("12 - players" if args.free_cubes is None else str(args.free_cubes))
    header = [
        "# Stargazer balance (self-play of the hard bot)",
        "",
        "Written by `bench/balance_stargazer.py`: "
        f"`--games {args.games} --bot {args.bot} --iterations {args.iterations} "
        f"--seed {args.seed} --workers {args.workers}`, {elapsed:.0f} s wall; free cubes "
        f"{free}. Game g uses seed {args.seed} + g; seat s is {bots_text(args)}, so the run is "
        "reproducible.",
        "",
        "```",
        machine,
        "```",
        "",
        f"Criteria (issue 14): every seat and every round-1 turn position within "
        f"{100 * SEAT_WINDOW:.0f} points of the fair win share; Captain Armstrong's and every "
        f"crew's pickers within {100 * CREW_WINDOW:.0f} points of it; no crew picked more than "
        f"{PICK_RATE_RANGE[1]}x or less than {PICK_RATE_RANGE[0]}x the mean pick rate; games last "
        f"{ROUNDS_RANGE[0]}-{ROUNDS_RANGE[1]} rounds (here: at least {pct(ROUNDS_SHARE)} of "
        "them). Intervals are 95 % normal intervals.",
        "",
        f"**Verdict: {verdict}.**",
        "",
    ]
    print(f"\n{verdict}\nwall {elapsed:.0f} s")
    if not replace_section(args, "main", "\n".join(header + body)):
        return
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
