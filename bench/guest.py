"""What a LAN guest's window pays to check its host's data: prints figures, asserts nothing.

Every view and event a host sends is checked against the game's wire shapes
(``game.rules.shapes``) in ``RemoteSession.poll`` before the window shows it. This plays
seeded games on a real ``Table`` (Look at the Stars at 8 seats with live scores, the largest
views there are; Stargazer at 4), records every message seat 0 is sent, and times, per message,
the check (``RemoteSession._unusable``) against msgpack decoding the same message from its
bytes, which every guest pays anyway: the ratio compares across machines.

    .venv/bin/python bench/guest.py [--games 4]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import msgpack

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.net import calibration, machine_line  # noqa: E402
from game.client.session import RemoteSession  # noqa: E402
from game.tables import new_table  # noqa: E402
from net.table import SeatSpec  # noqa: E402


class Silent:
    """The client side ``RemoteSession`` reads when it only checks."""

    seat = 0
    token = None


def messages(game: str, options: dict[str, Any], players: int, seed: int) -> list[dict]:
    """Every message seat 0 is sent in a game of random moves (no undo)."""
    table = new_table(game, {"players": players, **options}, seed,
                      [SeatSpec("human", f"P{n}") for n in range(players)], ai_delay=0.0,
                      autosave_dir=None)
    rng = random.Random(seed)
    sent: list[dict] = []
    table.attach(0, sent.append)
    table.start()
    while table.to_move():
        seat = rng.choice(table.to_move())
        legal = [m for m in table.ruleset.legal_moves(table.state, seat) if m["t"] != "undo"]
        table.submit(seat, table.token_for(seat), table.version, rng.choice(legal))
    table.close()
    return sent


def timed(function: Any, repeat: int) -> float:
    """Microseconds of CPU time per call, the best of three rounds of ``repeat`` calls."""
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        for _ in range(repeat):
            function()
        best = min(best, (time.process_time() - started) / repeat * 1e6)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    print(machine_line())
    print(f"# calibration: {calibration():.1f} M pure-Python loop steps/s (CPU time)")
    print("| game | messages | check us p50 / p99 / max | decode us p50 | check / decode "
          "(sum) |")
    print("|---|---|---|---|---|")
    for game, options, players in (("stars", {"live_score": True}, 8), ("stargazer", {}, 4)):
        checks: list[float] = []
        decodes: list[float] = []
        for seed in range(args.games):
            session = RemoteSession(Silent())
            session.info = {"game": game}  # (what the first snapshot's table says)
            for message in messages(game, options, players, seed):
                packed = msgpack.packb(message, use_bin_type=True)
                repeat = 20
                decodes.append(timed(lambda p=packed: msgpack.unpackb(p, raw=False), repeat))
                checks.append(timed(lambda m=message, s=session: s._unusable(m), repeat))
                assert session._unusable(message) is None, "an honest host's data is usable"
        quantiles = statistics.quantiles(checks, n=100)
        print(f"| {game} ({players} seats) | {len(checks)} | {statistics.median(checks):.0f} / "
              f"{quantiles[98]:.0f} / {max(checks):.0f} | {statistics.median(decodes):.0f} | "
              f"{sum(checks) / sum(decodes):.2f} |")


if __name__ == "__main__":
    main()
