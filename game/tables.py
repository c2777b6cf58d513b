"""Tables of the registered games: ``net.Table`` handed its Ruleset and bot factory.

``net`` is a game-agnostic library that is always *given* a ruleset and a way to make bots;
this module is where the game package plugs its registries (``game.rules.get_ruleset``,
``game.ai.make_bot``) into it. The command line (``game.commands``) and the window build and
resume every table through these functions, and read seats and options with the one parser
below, so hosting from a terminal or from the window is the same code.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from game.ai import (
    BOT_STAR_NAMES,
    THINK_SECONDS,
    default_level,
    levels_of,
    make_bot,
    resolve_level,
)
from game.registry import GameTable, default_game
from game.rules import get_ruleset
from game.rules.base import Ruleset
from net.local import LocalConnection, local_game
from net.seats import SEAT_KINDS, SeatSpec
from net.table import Table

#: ``--seats`` when none is given, per game (``GamePlugin.default_seats``)
DEFAULT_SEATS: Mapping[str, str] = GameTable(lambda game: game.default_seats)
#: the most seats a table offers
MAX_SEATS = 8


def star_names(taken: Collection[str], count: int,
               word: Callable[[str], str] = str) -> list[str]:
    """``count`` names for bots that fill free seats: the stars' (``BOT_STAR_NAMES``, in
    ``word``'s language) that no name in ``taken`` is, in order (``Table.start``'s
    ``name_bots``: a free seat turned bot kept "Player 3", in the host's language)."""
    stars = [word(star) for star in BOT_STAR_NAMES]
    free = [star for star in stars if star not in taken] or stars
    return [free[i % len(free)] for i in range(count)]


def parse_seats(text: str | None, game: str | None = None, *,
                host: str | None = None) -> list[SeatSpec]:
    """Seats from ``"4"`` (four open seats) or a comma list of ``open``, ``remote[:name]``,
    ``ai[:level]`` (e.g. ``"remote:Ann,open,ai:greedy"``; ``ai`` alone: the game's
    ``game.ai.default_level``); ``None``: the game's default.

    ``host`` (a window that plays at its own table) takes seat 1 as a local human: ``"4"`` then
    counts every seat (the host and three open seats) and a list names the others. ``ValueError``
    says what is wrong in one sentence. ``game`` None: the first registered game."""
    game = game or default_game()
    text = (text or DEFAULT_SEATS.get(game, "4")).strip()
    fewest = 1 if host is None else 2
    if re.fullmatch(r"[0-9]+", text):  # (not isdigit: "²" is a digit int() cannot read)
        count = int(text)
        if not fewest <= count <= MAX_SEATS:
            raise ValueError(f"a table has {fewest} to {MAX_SEATS} seats, not {count}")
        specs = [SeatSpec("open") for _ in range(count - (fewest - 1))]
    else:
        specs = []
        for part in text.split(","):
            kind, _, extra = part.strip().partition(":")
            if kind not in SEAT_KINDS or kind == "human":
                raise ValueError(f"seat {part.strip()!r}: use open, remote[:name] or ai[:level]")
            levels = levels_of(game)
            if kind == "ai" and extra and resolve_level(game, extra) not in levels:
                # (a bot that cannot be built played random, said only in the host's log)
                raise ValueError(f"seat {part.strip()!r}: {game} has no bot level {extra!r}; "
                                 f"its levels: {', '.join(levels)}")
            if kind == "ai":  # named after stars, as a window names its bots ("Player 3" read
                bots = sum(spec.kind == "ai" for spec in specs)  # as a person: a playtest)
                specs.append(SeatSpec("ai", BOT_STAR_NAMES[bots % len(BOT_STAR_NAMES)],
                                      extra or default_level(game)))
            else:
                specs.append(SeatSpec(kind, extra))
    if host is not None:
        specs.insert(0, SeatSpec("human", host))
    if not fewest <= len(specs) <= MAX_SEATS:
        raise ValueError(f"a table has {fewest} to {MAX_SEATS} seats, not {len(specs)}")
    return specs


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    """``["rounds=5", "variant=dark", "hints=false"]`` -> typed option map."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise ValueError(f"option {item!r}: write KEY=VALUE")
        value: Any = raw
        # (a number is ASCII digits with one sign at most: "--5" and "²" passed isdigit and
        # int() refused them in its own words: an outside read of the code)
        if re.fullmatch(r"-?[0-9]+", raw):
            value = int(raw)
        elif raw.lower() in ("true", "false"):
            value = raw.lower() == "true"
        options[key] = value
    return options


#: the environment variable ``starparty bot`` reads a token from (never a command-line word:
#: other users of the machine can read command lines)
TOKEN_ENV = "STARPARTY_TOKEN"


def read_token(path: Path) -> str:
    """The token stored in ``path`` (its first line). ``ValueError`` if it holds none."""
    try:
        text = Path(path).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"cannot read a token from {path}: {exc}") from None
    if not text or len(text) > 256 or not text.isprintable() or " " in text:
        raise ValueError(f"{path} does not hold a seat token")
    return text


def save_token(path: Path, token: str) -> Path:
    """Write ``token`` to a new file readable by its owner only (0600); ``FileExistsError``
    rather than overwrite one."""
    path = Path(path)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(token + "\n")
    return path


def load_ruleset(target: str | None) -> Ruleset | None:
    """A Ruleset from ``module:attribute`` (a developer option of ``host`` and ``bot``), or
    None to use the registry."""
    if not target:
        return None
    module_name, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


def table_bot(game: str, level: str, seed: int) -> Any:
    """A bot for a table's AI seat: ``make_bot`` with the level's thinking time
    (``game.ai.THINK_SECONDS``) as ``think_seconds``, which the table turns into the ``stop``
    that ends a search in time (and at once when the table closes)."""
    bot = make_bot(game, level, seed)
    seconds = THINK_SECONDS.get(game, {}).get(resolve_level(game, level))
    if seconds is not None:
        bot.think_seconds = seconds
    return bot


def new_table(game: str, options: dict[str, Any], seed: int, seats: list[SeatSpec], *,
              ruleset: Ruleset | None = None, **table_kwargs: Any) -> Table:
    """A new table of the registered ``game`` (``ruleset``: a developer's stand-in). The rest
    of the keywords are ``net.table.Table``'s (name, autosave_dir, ai_delay...). An AI seat
    without a level, and a free seat filled at the start, get ``game.ai.default_level``."""
    table_kwargs.setdefault("default_bot", default_level(game))
    return Table(game, options, seed, seats, ruleset=ruleset or get_ruleset(game),
                 bot_factory=table_bot, **table_kwargs)


#: ``Table.seating``'s mark of a table served with a password: a save keeps no password,
#: only that there was one, so whoever serves it again is told (the window asks for it again;
#: a resumed table was served open without a word: an outside client)
LOCKED = "locked"


def note_password(table: Table, password: str | None) -> None:
    """Mark in ``table``'s seating whether it is served with a password (``LOCKED``)."""
    if password:
        table.seating[LOCKED] = "yes"
    else:
        table.seating.pop(LOCKED, None)


def had_password(seating: Mapping[str, Any] | None) -> bool:
    """Whether a table (its seating, or a save's) was served with a password."""
    return bool(seating) and seating.get(LOCKED) == "yes"


def resume_table(source: Path | dict[str, Any], *, ruleset: Ruleset | None = None,
                 **table_kwargs: Any) -> Table:
    """A saved table brought back (``net.table.Table.resume``) with the registered game the
    save names. ``SaveError`` / ``TableError`` when the save cannot be used."""
    table = Table.resume(source, ruleset_for=(lambda _game: ruleset) if ruleset else get_ruleset,
                         bot_factory=table_bot, **table_kwargs)
    table.default_bot = default_level(table.game)
    return table


def new_local_game(game: str, options: dict[str, Any], seed: int, seats: list[SeatSpec],
                   **table_kwargs: Any) -> tuple[Table, dict[int, LocalConnection]]:
    """A started table of ``game`` and one in-process connection per local human seat (solo
    and hot-seat play)."""
    table_kwargs.setdefault("default_bot", default_level(game))
    return local_game(game, options, seed, seats, ruleset=get_ruleset(game),
                      bot_factory=table_bot, **table_kwargs)
