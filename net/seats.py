"""A table's seats: how each is filled (``SeatSpec``), what the table keeps of it (``Seat``),
and the players' names and secret tokens.

Plain data and pure functions, no lock: ``net.table.Table`` owns the seats and guards them.
"""

from __future__ import annotations

import itertools
import secrets
import unicodedata
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

SEAT_KINDS = ("human", "remote", "ai", "open")
MAX_NAME_LENGTH = 32


@dataclass
class SeatSpec:
    """How a seat is filled: a local ``human``, a ``remote`` human (a ``name`` reserves it:
    only a player of that name may take it), an ``ai`` with bot level ``bot`` (None: the
    table's ``default_bot``), or ``open`` (the first joiner takes it; at start it becomes
    AI)."""

    kind: str
    name: str = ""
    bot: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"seat kind must be one of {SEAT_KINDS}, got {self.kind!r}")


@dataclass
class Seat:
    """One seat as the table keeps it (``SeatSpec`` plus who holds it and how it is named)."""

    kind: str
    name: str
    bot: str | None
    token: str | None = None
    claimed: bool = False
    connections: int = 0
    #: a ``remote`` seat kept for the player of this name (None: anyone may take it)
    reserved: str | None = None
    #: while a bot stands in for a remote player who left (``Table.replace_with_bot``), the
    #: player's token waits here: it gives the seat back (``Table.give_back`` or a reconnect)
    away_token: str | None = None
    #: the name the seat's player (or the seat list) asked for; ``name`` is what the table
    #: shows, this with a suffix when another seat already shows it (``Table._settle_names``)
    asked: str = ""
    #: when ``asked`` was set (a table-wide count): of two seats asking for one name, the
    #: earlier keeps it
    named_at: int = 0
    #: the name the seat shows again when its player leaves the lobby
    vacant_name: str = ""

    @property
    def free(self) -> bool:
        """A seat no one has taken yet: its name is only a placeholder."""
        return self.kind in ("remote", "open") and not self.claimed

    def public(self, index: int) -> dict[str, Any]:
        return {
            "seat": index,
            "name": self.name,
            "kind": self.kind,
            "bot": self.bot,
            "taken": self.claimed or self.kind == "ai",
            "connected": self.kind == "ai" or self.connections > 0,
            "stand_in": self.away_token is not None,
        }


def player_away(seat: dict[str, Any]) -> bool:
    """Whether a seat of the table's public list (``Seat.public``) is a LAN player's who left:
    taken, not connected (a host may let a bot play for them: the window asks its player,
    ``game.client.departures``; a headless host does it after a while, ``starparty host``)."""
    return seat["kind"] in ("remote", "open") and bool(seat.get("taken")) \
        and not seat.get("connected")


#: printable characters that draw nothing and are not ignorable (the blank Braille pattern):
#: read as a space, so a name of them and spaces showed as an empty seat and one at a name's
#: end was not trimmed (outside hostile tests)
BLANK_LOOKING = {"\u2800": " "}


#: Unicode's default-ignorable code points (DerivedCoreProperties.txt) that ``isprintable``
#: lets through: they draw nothing, so "Bob" with one after it showed as a second "Bob" (an
#: outside hostile client); the rest of the property is format characters, dropped anyway
IGNORABLE_RANGES = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
                    (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xE0100, 0xE01EF))
#: the same as characters, to look one up at once
IGNORABLE = frozenset(chr(code) for low, high in IGNORABLE_RANGES
                      for code in range(low, high + 1))


def clean_name(name: Any, fallback: str) -> str:
    """A display name: printable, in Unicode's composed form (NFC: "Åsa" typed as A and a
    ring is the same name as "Åsa"), without characters that draw nothing, trimmed (blank-
    looking ends too), at most ``MAX_NAME_LENGTH`` characters, with something to see (else
    ``fallback``)."""
    if not isinstance(name, str):
        return fallback
    text = unicodedata.normalize("NFC", "".join(ch for ch in name
                                                if ch.isprintable() and ch not in IGNORABLE))
    # (trimmed again after the cut: a space at the cut ended the name)
    text = "".join(BLANK_LOOKING.get(ch, ch) for ch in text).strip()[:MAX_NAME_LENGTH].strip()
    if not any(not ch.isspace() for ch in text):
        return fallback
    return text


def distinct_name(wanted: str, shown: Collection[str]) -> str:
    """``wanted``, or ``wanted`` with the smallest suffix (" 2", " 3"...) that makes it differ
    from every casefolded name in ``shown``: a suffix, not a new name, so a player still
    recognises their own seat. The result stays within ``MAX_NAME_LENGTH``."""
    if wanted.casefold() not in shown:
        return wanted
    for number in itertools.count(2):
        suffix = f" {number}"
        candidate = wanted[:MAX_NAME_LENGTH - len(suffix)].rstrip() + suffix
        if candidate.casefold() not in shown:
            return candidate
    raise AssertionError("unreachable")


#: token characters: URL-safe, and a token never starts with "-" (a command line would take
#: it for an option); 32 of them carry 190 bits
TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
TOKEN_LENGTH = 32


def new_token() -> str:
    """A seat's secret: ``TOKEN_LENGTH`` letters and digits from ``secrets``."""
    return "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(TOKEN_LENGTH))
