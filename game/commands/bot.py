"""``starparty bot HOST:PORT``: an AI player joins a table over the network.

The bot learns the game from the table it joins, then plays it with the registered ruleset
and bot level (``net.remote_bot.BotPlayer`` drives the connection). When the host stops or
goes away the bot says so and exits with status 1 (at once when the host closed the table,
after ``--reconnect-for`` seconds when the link was lost), unless ``--wait`` keeps it waiting
for the host to come back (a host resumed from its save takes the bot's seat back)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from game.ai import default_level
from game.commands.common import fail, say
from game.rules import RULESETS, get_ruleset
from game.tables import TOKEN_ENV, load_ruleset, read_token, save_token, table_bot


def bot_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="starparty bot",
                                     description="Join a table as an AI player.")
    parser.add_argument("address", metavar="HOST:PORT")
    parser.add_argument("--name", default="Bot")
    defaults = ", ".join(f"{default_level(game)} ({game})" for game in sorted(RULESETS))
    parser.add_argument("--level", help=f"bot level (default: the game's default level, as "
                                        f"for a host's ai seat without one: {defaults})")
    parser.add_argument("--seed", type=int, default=0,
                        help="seeds the bot's own choices (default: %(default)s)")
    parser.add_argument("--password")
    parser.add_argument("--token", type=Path, metavar="FILE",
                        help="a file holding a seat's token: reclaim that seat; if FILE does "
                             "not exist yet, join and write the new seat's token there (0600). "
                             f"Without --token, ${TOKEN_ENV} (if set) is the token to reclaim")
    parser.add_argument("--timeout", type=float, default=3600.0,
                        help="seconds the bot plays at most (default: %(default)g)")
    parser.add_argument("--reconnect-for", type=float, default=30.0, metavar="SECONDS",
                        help="when the link to the host is lost, keep trying to reconnect "
                             "this long, then exit with status 1 (default: %(default)g)")
    parser.add_argument("--wait", action="store_true",
                        help="never give up on the host: when it stops or goes away, keep "
                             "trying until it is back (e.g. resumed from its save)")
    parser.add_argument("--ruleset", help=argparse.SUPPRESS)  # developer: module:attribute
    return parser


def token_to_reclaim(path: Path | None) -> str | None:
    """The token ``--token FILE`` (an existing file) or ``$STARPARTY_TOKEN`` holds; None to
    join a free seat. ``ValueError`` for an unreadable or empty file."""
    if path is not None:
        return read_token(path) if path.exists() else None
    return os.environ.get(TOKEN_ENV, "").strip() or None


def main(argv: Sequence[str] | None = None) -> int:
    from net.client import Client, parse_address
    from net.remote_bot import BotPlayer
    from net.server import DEFAULT_PORT

    args = bot_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        host, port = parse_address(args.address, DEFAULT_PORT)
        token = token_to_reclaim(args.token)
    except ValueError as exc:
        return fail(str(exc))
    # the bot, not the client, decides when to give up on a host that went away
    client = Client(host, port, args.name, token=token, password=args.password)
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
        kept = ""
        if args.token is not None and token is None and client.token:
            try:
                kept = f" (its token is in {save_token(args.token, client.token)})"
            except OSError as exc:
                kept = f" (could not keep its token in {args.token}: {exc.strerror or exc})"
        say(f"Joined {first['table']['name']!r} ({game}) as seat {client.seat}{kept}")
        try:
            ruleset = load_ruleset(args.ruleset) or get_ruleset(game)
            # with the level's thinking time, as at the table: a search answers in time
            bot = table_bot(game, args.level or default_level(game), args.seed)
        except (KeyError, ImportError) as exc:
            return fail(f"cannot play {game!r} here: {exc}")
        player = BotPlayer(client, ruleset, bot, seed=args.seed, notice=say,
                           reconnect_for=None if args.wait else args.reconnect_for)
        result = player.run(timeout=args.timeout)
        if result is None:
            if player.failure is None:
                return fail("the game did not finish", 1)
            return fail(f"{player.failure}; the bot stops (--wait keeps it waiting for the "
                        "host)", 1)
        seat = client.seat
        rank = result["ranking"][seat] if seat is not None else None
        say(f"Game over: seat {seat} finished #{rank} with {result['scores'][seat]['total']}")
        return 0
    except KeyboardInterrupt:
        return 130
    finally:
        client.close()
