"""``starparty bot HOST:PORT``: an AI player joins a table over the network.

The bot learns the game from the table it joins, then plays it with the registered ruleset
and bot level (``net.remote_bot.BotPlayer`` drives the connection)."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from game.ai import make_bot, strongest_level
from game.commands.common import fail, say
from game.rules import get_ruleset
from game.tables import load_ruleset


def bot_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="starparty bot",
                                     description="Join a table as an AI player.")
    parser.add_argument("address", metavar="HOST:PORT")
    parser.add_argument("--name", default="Bot")
    parser.add_argument("--level", help="bot level (default: the game's strongest)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--password")
    parser.add_argument("--token", help="reclaim a seat with its token")
    parser.add_argument("--timeout", type=float, default=3600.0)
    parser.add_argument("--ruleset", help=argparse.SUPPRESS)  # developer: module:attribute
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from net.client import Client, parse_address
    from net.remote_bot import BotPlayer
    from net.server import DEFAULT_PORT

    args = bot_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        host, port = parse_address(args.address, DEFAULT_PORT)
    except ValueError as exc:
        return fail(str(exc))
    client = Client(host, port, args.name, token=args.token, password=args.password,
                    max_attempts=20)
    try:
        first = client.wait_for(
            lambda m: m["t"] == "snapshot" or (m["t"] == "connection"
                                               and m["state"] in ("failed", "closed")), 30)
        if first is None:
            return fail(f"no answer from {host}:{port}", 1)
        if first["t"] == "connection":
            error = client.last_error
            return fail(error["message"] if error else first["detail"])
        game = first["table"]["game"]
        say(f"Joined {first['table']['name']!r} ({game}) as seat {client.seat}; "
            f"token {client.token}")
        try:
            ruleset = load_ruleset(args.ruleset) or get_ruleset(game)
            bot = make_bot(game, args.level or strongest_level(game), args.seed)
        except (KeyError, ImportError) as exc:
            return fail(f"cannot play {game!r} here: {exc}")
        player = BotPlayer(client, ruleset, bot, seed=args.seed)
        result = player.run(timeout=args.timeout)
        if result is None:
            return fail(player.failure or "the game did not finish", 1)
        seat = client.seat
        rank = result["ranking"][seat] if seat is not None else None
        say(f"Game over: seat {seat} finished #{rank} with {result['scores'][seat]['total']}")
        return 0
    except KeyboardInterrupt:
        return 130
    finally:
        client.close()
