"""``starparty host`` (a dedicated table, no window) and ``starparty bot HOST:PORT``.

Without ``--headless``, ``host`` is handed to the client's ``game.client.app:host_main``
(imported by name only then, so ``net`` never loads pygame): the window opens straight into
hosting with the same options; there the host plays seat 1, ``--seats N`` counts every seat
and a ``--seats`` list names the other seats.

Every failure a user can cause (port in use, nobody at that address, version mismatch, full
table, wrong password, a damaged save) ends with one clear sentence and exit status 2 (1 for
a lost connection); Ctrl-C on the host saves the table and stops in order (status 0).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import gc
import importlib
import importlib.util
import logging
import os
import random
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from net.save import SaveError, default_autosave_dir, newest_save
from net.table import SEAT_KINDS, SeatSpec, Table, TableError

GAMES = ("stars", "stargazer")
DEFAULT_SEATS = {"stars": "4", "stargazer": "4"}


def say(text: str) -> None:
    print(text, flush=True)


def fail(text: str, status: int = 2) -> int:
    print(f"starparty: {text}", file=sys.stderr, flush=True)
    return status


def parse_seats(text: str) -> list[SeatSpec]:
    """``"4"`` (four open seats) or a comma list of ``open``, ``remote[:name]``,
    ``ai[:level]`` (e.g. ``"remote:Ann,open,ai:greedy"``)."""
    text = text.strip()
    if text.isdigit():
        return [SeatSpec("open") for _ in range(int(text))]
    specs = []
    for part in text.split(","):
        kind, _, extra = part.strip().partition(":")
        if kind not in SEAT_KINDS or kind == "human":
            raise ValueError(f"seat {part!r}: use open, remote[:name] or ai[:level]")
        if kind == "ai":
            specs.append(SeatSpec("ai", "", extra or "random"))
        else:
            specs.append(SeatSpec(kind, extra))
    return specs


def load_ruleset(target: str | None) -> Any:
    """A Ruleset from ``module:attribute`` (developer option), or None for the registry."""
    if not target:
        return None
    module_name, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


# ---------------------------------------------------------------------------- host
def host_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="starparty host", description="Host a LAN table.")
    parser.add_argument("--game", choices=GAMES, default="stars")
    parser.add_argument("--seats", help="N open seats, or e.g. remote:Ann,open,ai:greedy")
    parser.add_argument("--port", type=int, default=47077, help="TCP port (0: any free port)")
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    parser.add_argument("--name", default="Star Party", help="table name shown in lobbies")
    parser.add_argument("--password", help="players must give this password to join")
    parser.add_argument("--resume", nargs="?", const="", metavar="FILE",
                        help="resume a saved table (no FILE: the newest autosave)")
    parser.add_argument("--headless", action="store_true", help="dedicated host, no window")
    parser.add_argument("--seed", type=int, help="game seed (default: random)")
    parser.add_argument("--start", choices=("full", "now"), default="full",
                        help="start when every seat is taken (full) or at once, "
                             "free seats becoming bots (now)")
    parser.add_argument("--ai-delay", type=float, default=0.0, help="seconds a bot waits")
    parser.add_argument("--autosave-dir", type=Path, help="where autosaves go")
    parser.add_argument("--no-autosave", action="store_true",
                        help="do not save (the table cannot be resumed)")
    parser.add_argument("--no-discovery", action="store_true", help="do not advertise on the LAN")
    parser.add_argument("--interfaces", help="comma list of IPv4 addresses to advertise on")
    parser.add_argument("--linger", type=float, default=10.0,
                        help="seconds to keep serving after the game ends")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (repeatable), e.g. --option rounds=5")
    parser.add_argument("--rate", type=float, default=200.0, help=argparse.SUPPRESS)
    parser.add_argument("--ruleset", help=argparse.SUPPRESS)  # developer: module:attribute
    return parser


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    """``["rounds=5", "variant=dark", "hints=false"]`` -> typed option map."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise ValueError(f"option {item!r}: write KEY=VALUE")
        value: Any = raw
        if raw.lstrip("-").isdigit():
            value = int(raw)
        elif raw.lower() in ("true", "false"):
            value = raw.lower() == "true"
        options[key] = value
    return options


def host_main(argv: Sequence[str]) -> int:
    args = host_parser().parse_args(list(argv))
    if not args.headless:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        spec = importlib.util.find_spec("game.client.app")
        if spec is not None:
            app = importlib.import_module("game.client.app")
            if hasattr(app, "host_main"):
                return int(app.host_main(list(argv)) or 0)
        return fail("this build can only host without a window: add --headless "
                    "(starparty host --headless --game stars ...)")
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        table = build_table(args)
    except (SaveError, TableError, ValueError, KeyError) as exc:
        return fail(str(exc.args[0]) if isinstance(exc, KeyError) else str(exc))
    try:
        return asyncio.run(serve_headless(table, args))
    except KeyboardInterrupt:  # a second Ctrl-C while stopping
        return 130


def build_table(args: argparse.Namespace) -> Table:
    autosave_dir = args.autosave_dir or default_autosave_dir()
    ruleset = load_ruleset(args.ruleset)
    if args.resume is not None:
        path = Path(args.resume) if args.resume else newest_save(autosave_dir)
        if path is None:
            raise SaveError(f"no autosave found in {autosave_dir}; name the file to resume")
        table = Table.resume(path, ruleset=ruleset, ai_delay=args.ai_delay)
        say(f"Resumed {path} ({table.game}, move {table.version}, status {table.status})")
        for seat, name, token in table.open_local_seats():
            say(f"Seat {seat} ({name}) played at the original host's window; reclaim it with "
                f"its token: starparty bot HOST:PORT --token {token}")
        return table
    seats = parse_seats(args.seats or DEFAULT_SEATS[args.game])
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    game = ruleset.name if ruleset is not None else args.game
    return Table(game, parse_options(args.option), seed, seats, name=args.name,
                 autosave_dir=None if args.no_autosave else autosave_dir,
                 ai_delay=args.ai_delay, ruleset=ruleset)


async def serve_headless(table: Table, args: argparse.Namespace) -> int:
    from net.server import TableServer

    server = TableServer(table, host=args.bind, port=args.port, password=args.password,
                         rate=args.rate, burst=2 * args.rate)
    try:
        await server.start()
    except OSError as exc:
        table.close()
        if exc.errno == errno.EADDRINUSE:
            return fail(f"port {args.port} is already in use (another table?); "
                        "choose another with --port")
        return fail(f"cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    advertiser = None
    if not args.no_discovery:
        from net.discovery import Advertiser

        interfaces = args.interfaces.split(",") if args.interfaces else None
        info = table.info()
        advertiser = Advertiser(server.port, name=table.name, game=table.game,
                                seats_taken=table.seats_taken(), seats_total=table.seat_count,
                                status=info["status"], interfaces=interfaces,
                                addresses=interfaces)
        advertiser.start_in_background()
    # everything alive now (modules, rules data, the table) lives as long as the host: move
    # it out of the garbage collector's reach, so the full collections that building views
    # triggers scan only what play allocates (this cut an 8-seat Look at the Stars move's
    # p99 in the table from ~5 to ~1.3 ms; see docs/BENCHMARKS.md)
    gc.collect()
    gc.freeze()
    say(f"Hosting {table.name!r}: {table.game}, {table.seat_count} seats, "
        f"listening on {args.bind}:{server.port}")
    if args.bind in ("0.0.0.0", ""):
        from net.discovery import lan_addresses

        reachable = ", ".join(f"{a}:{server.port}" for a in lan_addresses()) or "no LAN address"
        say(f"Players on the LAN connect to: {reachable}")
    if table.autosave_path is not None:
        say(f"Autosave: {table.autosave_path}")
    say("Players join from the lobby or with: starparty bot HOST:PORT. Ctrl-C saves and stops.")
    status = await _host_loop(table, server, args, stop, advertiser)
    saved = table.save()
    await server.close()
    table.close()
    if advertiser is not None:
        await asyncio.to_thread(advertiser.close)
    if saved is not None:
        say(f"Saved {saved}; resume with: starparty host --headless --resume {saved}")
    say("Stopped.")
    return status


async def _host_loop(table: Table, server: Any, args: argparse.Namespace, stop: asyncio.Event,
                     advertiser: Any) -> int:
    ended_at: float | None = None
    last_status = table.status
    if args.start == "now" and table.status == "lobby":
        table.start()
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.2)
        if table.status == "lobby" and table.seats_taken() == table.seat_count:
            table.start(fill_open=None)
        if table.status != last_status:
            last_status = table.status
            say(f"Table is now {table.status} (move {table.version})")
        if advertiser is not None:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(advertiser.update, seats_taken=table.seats_taken(),
                                        status=table.status)
        if table.status == "over":
            if ended_at is None:
                ended_at = time.monotonic()
                results = table.results()
                say("Game over. Ranking: " + ", ".join(
                    f"seat {s}: #{r} ({results['scores'][s]['total']})"
                    for s, r in enumerate(results["ranking"])))
            elif time.monotonic() - ended_at > args.linger:
                break
    return 0


# ---------------------------------------------------------------------------- bot
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


def _strongest_level(game: str) -> str:
    from game.ai import BOT_LEVELS

    levels = list(BOT_LEVELS.get(game, {"random": ""}))
    return levels[-1]


def bot_main(argv: Sequence[str]) -> int:
    from net.client import Client, parse_address
    from net.remote_bot import BotPlayer
    from net.server import DEFAULT_PORT

    args = bot_parser().parse_args(list(argv))
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
            ruleset = load_ruleset(args.ruleset)
            if ruleset is None:
                from game.rules import get_ruleset

                ruleset = get_ruleset(game)
            from game.ai import make_bot

            bot = make_bot(game, args.level or _strongest_level(game), args.seed)
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
