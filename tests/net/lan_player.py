"""A LAN player for the network-namespace test: discover a table with zeroconf (default
interfaces: this namespace's LAN, loopback excluded), join it, play it with a bot, report.

Run as ``python -m tests.net.lan_player SEED`` inside a namespace; prints one JSON line.
"""

from __future__ import annotations

import json
import sys
import time


def main(seed: int) -> int:
    from game.ai import make_bot
    from game.rules import get_ruleset
    from net.client import Client
    from net.discovery import Browser
    from net.remote_bot import BotPlayer

    started = time.monotonic()
    browser = Browser()
    try:
        deadline = time.monotonic() + 20
        found = None
        while found is None and time.monotonic() < deadline:
            for kind, ad in browser.poll():
                if kind in ("added", "updated"):
                    found = ad
            time.sleep(0.05)
    finally:
        browser.close()
    if found is None:
        print(json.dumps({"error": "no table discovered"}), flush=True)
        return 1
    discovered_after = time.monotonic() - started
    client = Client(found.host, found.port, f"lan{seed}")
    try:
        game = found.game
        player = BotPlayer(client, get_ruleset(game), make_bot(game, "random", seed), seed=seed)
        result = player.run(timeout=120)
        print(json.dumps({
            "address": found.address, "game": game, "table": found.name,
            "discovered_after": round(discovered_after, 3), "seat": client.seat,
            "over": result is not None, "failure": player.failure,
            "view_matches_result": result is not None and client.view is not None,
        }), flush=True)
        return 0 if result is not None else 1
    finally:
        client.close()


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 0))
