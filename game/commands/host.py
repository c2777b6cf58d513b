"""``starparty host``: a LAN table, in the window (the host plays seat 1) or ``--headless``.

Both ways build the table with the one ``build_table`` below (``game.tables`` hands it the
ruleset and bots) from the one seat parser; the window then serves it exactly as hosting
from its menu does. Without ``--headless`` pygame is imported only when the window opens.

Every failure a user can cause (port in use, no such save, a damaged save, a bad seat list)
ends with one clear sentence and exit status 2; Ctrl-C on the host saves the table and stops
in order (status 0).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import gc
import logging
import random
import signal
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.ai import default_level
from game.commands.common import fail, parse_size, say
from game.registry import default_game
from game.rules import RULESETS
from game.tables import (
    load_ruleset,
    new_table,
    parse_options,
    parse_seats,
    resume_table,
    save_token,
    star_names,
)
from net.discovery import advertised_interfaces
from net.save import SaveError, default_autosave_dir, newest_save
from net.seats import player_away
from net.server import DEFAULT_PORT
from net.table import SeatSpec, Table, TableError

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.settings import Settings

#: the table name a headless host advertises when ``--name`` is not given (a window host
#: names the table after its player)
HEADLESS_NAME = "Star Party"


def table_name_of(host: str) -> str:
    """The name of a window host's table when ``--name`` is not given (in the window's
    language, as a table hosted from the menu)."""
    from game.client.i18n import _

    return _("{name}'s table").format(name=host)


#: a headless host lets a bot play for a LAN player gone this long (seconds; ``--bot-after``)
STAND_IN_AFTER = 60.0


class HostError(Exception):
    """``starparty host`` options that cannot be honoured (said in one sentence)."""


def host_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="starparty host",
        description="Host a LAN table and play at it in the window (--headless: no window).")
    parser.add_argument("--game", choices=sorted(RULESETS), default=default_game(),
                        help="default: %(default)s (the first registered game)")
    parser.add_argument("--seats", help="N seats, or e.g. remote:Ann,open,ai:hard (headless: "
                                        "every seat; in the window you take the first seat: N "
                                        "counts you, a list names the others); an ai seat "
                                        "without a level, and a free "
                                        f"seat at the start, plays at the game's default level: "
                                        f"{default_levels_text()}")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help="TCP port (default: %(default)s; 0: any free port)")
    parser.add_argument("--bind", default="0.0.0.0",
                        help="address to listen on; the table is advertised on that address "
                             "only (0.0.0.0: on every LAN address)")
    parser.add_argument("--name", help="table name shown in lobbies")
    parser.add_argument("--password",
                        help="players must give this password to join (saves do not keep "
                             "it: give it again with --resume)")
    parser.add_argument("--hints", action="store_true",
                        help="players may ask their windows for hints (the hard bot's move "
                             "from their own view); off by default")
    parser.add_argument("--resume", nargs="?", const="", metavar="FILE",
                        help="resume a saved table (no FILE: the newest autosave); without "
                             "--password it asks for none, even if it had one")
    parser.add_argument("--headless", action="store_true", help="dedicated host, no window")
    parser.add_argument("--seed", type=int,
                        help="the table's public seed (default: random): it picks Look at the "
                             "Stars' boards and random bonus cards, all of a Stargazer setup, "
                             "and the bots' own seeds; the order of Look at the Stars' cards "
                             "also takes a secret the host draws anew for every table, so one "
                             "seed does not repeat a Look at the Stars deck")
    parser.add_argument("--start", choices=("full", "now"), default="full",
                        help="start when every seat is taken (full) or at once, "
                             "free seats becoming bots at the default level (now)")
    parser.add_argument("--ai-delay", type=float, default=None,
                        help="seconds a bot waits (default: 0 headless, a short pause in "
                             "the window)")
    parser.add_argument("--autosave-dir", type=Path, help="where autosaves go")
    parser.add_argument("--no-autosave", action="store_true",
                        help="do not save (the table cannot be resumed)")
    parser.add_argument("--no-discovery", action="store_true", help="do not advertise on the LAN")
    parser.add_argument("--interfaces", help="comma list of IPv4 addresses to advertise on "
                                             "(with --bind 0.0.0.0)")
    parser.add_argument("--linger", type=float, default=10.0,
                        help="seconds a headless host keeps serving after the game ends "
                             "(default: %(default)s)")
    parser.add_argument("--bot-after", type=float, default=STAND_IN_AFTER, metavar="SECONDS",
                        help="headless: a LAN player gone this long in a game under way is "
                             "played by a bot until they reconnect (0: the game waits for "
                             "them; default: %(default)s)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (repeatable), e.g. --option live_score=true; VALUE "
                             "is an int, true/false or text: options that take a "
                             "list (Stargazer's planets, crews) cannot be set here")
    parser.add_argument("--size", type=parse_size, default=(1280, 720), help="window WxH")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--rate", type=float, default=200.0, help=argparse.SUPPRESS)
    parser.add_argument("--ruleset", help=argparse.SUPPRESS)  # developer: module:attribute
    return parser


def default_levels_text() -> str:
    """"level (game), ...": the default AI level of every registered game."""
    return ", ".join(f"{default_level(game)} ({game})" for game in sorted(RULESETS))


def build_table(args: argparse.Namespace, *, host: str | None = None,
                ai_delay: float = 0.0, autosave_dir: Path | None = None,
                announce: Callable[[str], None] = say,
                open_seat: Callable[[int], str] | None = None) -> Table:
    """The table ``args`` ask for: resumed from a save, or new from ``--game``, ``--seats``,
    ``--option`` and ``--seed``. ``host``: the player name of a window that plays seat 1;
    ``open_seat``: the name a free seat waits under, by its number (the window's language).
    ``SaveError`` / ``TableError`` / ``ValueError`` / ``KeyError`` say why not."""
    autosave_dir = args.autosave_dir or autosave_dir or default_autosave_dir()
    ruleset = load_ruleset(args.ruleset)
    if args.resume is not None:
        path = Path(args.resume) if args.resume else newest_save(autosave_dir)
        if path is None:
            raise SaveError(f"no autosave found in {autosave_dir}; name the file to resume")
        table = resume_table(path, ruleset=ruleset, ai_delay=ai_delay)
        if host is not None and not any(s["kind"] == "human" for s in table.info()["seats"]):
            table.close()
            raise HostError(f"{path} was hosted without a window: resume it with "
                            f"starparty host --headless --resume {path}")
        announce(f"Resumed {path} ({table.game}, move {table.version}, status {table.status})")
        if host is None:
            for seat, name, token in table.open_local_seats():
                kept = token_file(path, seat, token)
                announce(f"Seat {seat} ({name}) played at the original host's window; reclaim "
                         f"it with: starparty bot HOST:PORT --token {kept}")
        return table
    game = ruleset.name if ruleset is not None else args.game
    seats = parse_seats(args.seats, game, host=host)
    if open_seat is not None:  # (a Japanese window's lobby said "Player 2": a playtest)
        seats = [SeatSpec("open", open_seat(i + 1)) if spec.kind == "open" and not spec.name
                 else spec for i, spec in enumerate(seats)]
    options = parse_options(args.option)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    name = args.name or (HEADLESS_NAME if host is None else table_name_of(host))
    return new_table(game, options, seed, seats, ruleset=ruleset, name=name,
                     autosave_dir=None if args.no_autosave else autosave_dir,
                     ai_delay=ai_delay, hints=args.hints)


def token_file(save: Path, seat: int, token: str) -> Path:
    """Where a resumed seat's token is kept for its player (beside the save, 0600): a token is
    never printed nor put on a command line, where others could read it."""
    path = save.with_name(f"{save.name}.seat{seat}.token")
    with contextlib.suppress(FileNotFoundError):
        path.unlink()  # a token file of an earlier resume of this save
    return save_token(path, token)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = host_parser().parse_args(argv)
    if not args.headless:
        try:
            app = host_app(argv)
        except HostError as error:
            return fail(str(error))
        try:
            return app.run()
        except KeyboardInterrupt:  # Ctrl-C in the terminal: leave in order (the table saves)
            app.shutdown()
            return 0
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        advertised_interfaces(args.bind, args.interfaces.split(",") if args.interfaces else None)
    except ValueError as error:
        return fail(f"{error}; leave out --interfaces or bind 0.0.0.0")
    try:
        table = build_table(args, ai_delay=args.ai_delay or 0.0)
    except (SaveError, TableError, HostError, ValueError, KeyError) as exc:
        return fail(str(exc.args[0]) if isinstance(exc, KeyError) else str(exc))
    try:
        return asyncio.run(serve_headless(table, args))
    except KeyboardInterrupt:  # a second Ctrl-C while stopping
        return 130


def resume_options(args: argparse.Namespace) -> str:
    """The options a stopped host's "resume with" line repeats: where it listened (a host on
    loopback came back on every LAN address) and that it had a password (a save keeps none:
    it came back open to anyone; outside checks)."""
    words = []
    if args.bind != "0.0.0.0":
        words.append(f"--bind {args.bind}")
    if args.port != DEFAULT_PORT:
        words.append(f"--port {args.port}")
    if args.password:
        words.append("--password ...")
    return "".join(f" {word}" for word in words)


def say_if_served_open(table: Table, args: argparse.Namespace) -> None:
    """A resumed table that had a password, given none now, is served open: the host is told
    (a save keeps no password)."""
    from game.tables import had_password

    if args.resume is not None and had_password(table.seating) and not args.password:
        say("This table had a password; it is served without one now (give --password to "
            "keep it).")


# ---------------------------------------------------------------------------- headless
async def serve_headless(table: Table, args: argparse.Namespace) -> int:
    from game.tables import note_password
    from net.server import TableServer

    say_if_served_open(table, args)
    note_password(table, args.password)
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

        interfaces = advertised_interfaces(
            args.bind, args.interfaces.split(",") if args.interfaces else None)
        info = table.info()
        advertiser = Advertiser(server.port, name=table.name, game=table.game,
                                seats_taken=table.seats_taken(), seats_total=table.seat_count,
                                status=info["status"], interfaces=interfaces,
                                addresses=interfaces, password=bool(args.password),
                                table_id=table.table_id)
        advertiser.start_in_background()
    # everything alive now (modules, rules data, the table) lives as long as the host: move
    # it out of the garbage collector's reach, so the full collections that building views
    # triggers scan only what play allocates (figures in docs/BENCHMARKS.md, Network)
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
    status = await _host_loop(table, args, stop, advertiser)
    try:
        saved = table.save()
    except OSError as exc:  # a folder that cannot be written still lets everyone go cleanly
        # (the final save's PermissionError skipped the goodbyes: an outside hostile test)
        saved = None
        say(f"Could not save the game: {exc.strerror or exc}")
        status = status or 1
    await server.close()
    table.close()
    if advertiser is not None:
        await asyncio.to_thread(advertiser.close)
    if saved is not None:
        say(f"Saved {saved}; resume with: starparty host --headless --resume {saved}"
            f"{resume_options(args)}")
    say("Stopped.")
    return status


class StandIns:
    """A headless host's answer to a LAN player who left mid-game: after ``after`` seconds
    away, a bot plays their seat (``Table.replace_with_bot``, the table's default level) and
    they take it back by reconnecting with their token (``Table.reclaim_from_bot``). A window
    host asks its player instead (``game.client.departures``); nobody sits at a headless host
    to ask, and the game waited for ever (an outside hostile test)."""

    def __init__(self, table: Table, after: float) -> None:
        self.table = table
        self.after = after
        #: seats whose player is gone, and since when (``time.monotonic``)
        self.away_since: dict[int, float] = {}
        #: seats a bot plays for now
        self.standing: set[int] = set()

    def track(self, now: float) -> None:
        """Note who left and who came back; hand the seats away long enough to a bot."""
        if self.after <= 0 or self.table.status != "playing":
            self.away_since.clear()
            return
        for seat in self.table.info()["seats"]:
            index = seat["seat"]
            if index in self.standing and not seat["stand_in"]:
                self.standing.discard(index)
                say(f"Seat {index} ({seat['name']}) is back; the bot stepped aside")
            if not player_away(seat):
                self.away_since.pop(index, None)
            elif index not in self.away_since:
                self.away_since[index] = now
                say(f"Seat {index} ({seat['name']}) left; a bot plays for them in "
                    f"{self.after:g} s unless they come back")
            elif now - self.away_since[index] >= self.after:
                try:
                    self.table.replace_with_bot(index, "")
                except TableError:
                    continue  # back just now, or the game ended meanwhile
                del self.away_since[index]
                self.standing.add(index)
                say(f"A bot plays for seat {index} ({seat['name']}); they take the seat back "
                    f"by reconnecting")


async def _host_loop(table: Table, args: argparse.Namespace, stop: asyncio.Event,
                     advertiser: Any) -> int:
    ended_at: float | None = None
    last_status = table.status
    stand_ins = StandIns(table, args.bot_after)
    if args.start == "now" and table.status == "lobby":
        table.start(name_bots=star_names)  # (the free seats' bots named as --seats ai's)
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.2)
        if table.status == "lobby" and table.seats_taken() == table.seat_count:
            table.start(fill_open=None)
        stand_ins.track(time.monotonic())
        if table.status != last_status:
            last_status = table.status
            say(f"Table is now {table.status} (move {table.version})")
        if advertiser is not None:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(advertiser.update, seats_taken=table.seats_taken(),
                                        status=table.status, table_id=table.table_id)
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


# ---------------------------------------------------------------------------- window
def host_app(argv: Sequence[str], *, clock: Callable[[], float] = time.perf_counter,
             settings: Settings | None = None, save_settings: bool = True) -> App:
    """A window already hosting the table ``argv`` describes (its lobby on screen).
    ``HostError`` (the window is closed again) when that table cannot be hosted."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.client.app import App
    from game.client.i18n import _
    from game.client.kits import has_table
    from game.client.scenes.lan import LobbyScene, serve_table
    from game.client.scenes.title import NameScene
    from game.client.settings import Settings

    args = host_parser().parse_args(list(argv))
    if args.resume is None and not has_table(args.game):
        raise HostError(f"the window cannot show a {args.game} table yet; host it with "
                        f"--headless (starparty host --headless --game {args.game})")
    try:  # refuse bad options before a window opens
        parse_options(args.option)
        if args.resume is None:
            parse_seats(args.seats, args.game, host="")
    except ValueError as error:
        raise HostError(str(error)) from None
    settings = settings if settings is not None else Settings.load()
    if args.fullscreen:
        settings.fullscreen = True
    app = App(args.size, settings, clock=clock, start="menu", save_settings=save_settings)
    app.lan_bind = args.bind
    app.lan_advertise = not args.no_discovery
    if args.interfaces:
        app.lan_interfaces = args.interfaces.split(",")
    try:  # advertised where the table listens: --bind 127.0.0.1 stays off the LAN
        app.lan_interfaces = advertised_interfaces(args.bind, app.lan_interfaces)
    except ValueError as error:
        app.shutdown()
        raise HostError(f"{error}; leave out --interfaces or bind 0.0.0.0") from None
    if args.ai_delay is not None:
        app.ai_delay = args.ai_delay
    if args.no_autosave:
        app.autosave_dir = None
    elif args.autosave_dir is not None:
        app.autosave_dir = args.autosave_dir
    try:
        table = build_table(args, host=settings.player_name, ai_delay=app.ai_delay,
                            autosave_dir=app.autosave_dir,
                            open_seat=lambda n: _("Player {n}").format(n=n))
        if not has_table(table.game):
            table.close()
            raise HostError(f"the window cannot show a {table.game} table yet; resume it with "
                            "starparty host --headless --resume FILE")
        say_if_served_open(table, args)
        try:
            session = serve_table(app, table, password=args.password, port=args.port)
        except OSError:
            table.close()
            raise
    except OSError as error:
        app.shutdown()
        if error.errno == errno.EADDRINUSE:
            raise HostError(f"port {args.port} is already in use (another table?); "
                            "choose another with --port") from None
        raise HostError(str(error)) from None
    except (HostError, SaveError, TableError, ValueError, KeyError) as error:
        app.shutdown()
        raise HostError(str(error.args[0]) if isinstance(error, KeyError) else str(error)) \
            from None
    lobby = LobbyScene(app, session, hosting=True)
    lobby.auto_start = args.start == "full"
    app.push(lobby)
    if args.start == "now" and session.status == "lobby":
        lobby.start_game()
    if not settings.name_chosen and args.resume is None:
        # a first start hosts straight away: the name is asked over the table, not skipped
        # (the host played as "Player", an outside playtest)
        def named(name: str) -> None:
            session.rename_host(name, None if args.name else table_name_of(name))
            # (the terminal had said "Hosting 'Player's table'" and no more)
            say(f"The host is {name}: the table is now {session.table.name!r}")

        app.push(NameScene(app, then=named))
    port = session.server.port
    say(f"Hosting {session.table.name!r}: {session.table.game}, {session.table.seat_count} "
        f"seats, listening on {args.bind}:{port}")
    return app
