"""The Ruleset contract every Star Party game implements.

A game is *options + seed + moves*: replay, saves, undo and reconnect all rest on that, so
state, moves and events are plain data that msgpack can carry (dicts with string keys, lists,
ints, bools, str, None). Rulesets are pure: no pygame, no sockets, no threads, no clocks.

Conventions shared by every ruleset:

* ``setup(options, seed)`` builds the initial state. ``options["players"]`` is the number of
  seats; every other option has a default (``default_options``). Bad options raise
  ``ValueError`` naming the option.
* Seats are ints ``0 .. players-1``. ``to_move`` returns the seats that may act now (Look at the
  Stars: every seat that has not confirmed the current card; Stargazer: one seat).
* ``apply(state, seat, move)`` mutates ``state`` in place and returns the events. If the move
  is not allowed it raises ``IllegalMove(code, detail)`` *before* touching anything, so the
  state is exactly as it was (the generic suite checks this byte for byte).
* ``view(state, seat)`` is what that seat may see (``seat=None``: a spectator). Hidden
  information (an undealt deck's order) never appears in a view; ``reshuffle_hidden`` gives a
  state that differs only in what is hidden, so a test can show views do not depend on it.
* Events are dicts with a ``"type"`` (``card_flipped``, ``lines_drawn``, ``cube_placed``, ...).
  An event with a ``"to"`` list of seats is private to them; ``visible_events`` filters.
"""

from __future__ import annotations

import hashlib
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]
Options = dict[str, Any]
Breakdown = dict[str, int]


class IllegalMove(Exception):
    """A move the rules refuse. ``code`` is a stable, documented reason code (snake_case)."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


def make_rng(seed: int, *salt: object) -> random.Random:
    """A ``random.Random`` derived from ``seed`` and a salt, stable across Python versions.

    Salting keeps independent streams (the deal, a bot's choices) from sharing numbers.
    """
    text = repr((int(seed),) + tuple(str(s) for s in salt)).encode()
    return random.Random(int.from_bytes(hashlib.sha256(text).digest()[:8], "big"))


class Ruleset(ABC):
    """One game's rules. Subclasses are stateless; all game data lives in ``State``."""

    name: str = ""
    title: str = ""
    min_players: int = 1
    max_players: int = 1

    # --- options -----------------------------------------------------------------------
    @abstractmethod
    def default_options(self, players: int) -> Options:
        """Every option with its default for ``players`` seats (includes ``"players"``)."""

    def normalize_options(self, options: Options) -> Options:
        """Fill defaults and check values; raise ``ValueError`` naming a bad option."""
        if not isinstance(options, dict):
            raise ValueError("options must be a map")
        players = options.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError("option 'players' must be an integer")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"option 'players' must be {self.min_players}..{self.max_players}, got {players}"
            )
        merged = self.default_options(players)
        unknown = set(options) - set(merged)
        if unknown:
            raise ValueError(f"unknown option(s): {', '.join(sorted(map(str, unknown)))}")
        merged.update(options)
        return merged

    # --- the game ----------------------------------------------------------------------
    @abstractmethod
    def setup(self, options: Options, seed: int) -> State:
        """The initial state; all randomness comes from ``seed``."""

    @abstractmethod
    def to_move(self, state: State) -> set[int]:
        """Seats that may act now (empty once the game is over)."""

    @abstractmethod
    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every move ``seat`` may make now (empty if it may not act)."""

    @abstractmethod
    def apply(self, state: State, seat: int, move: Move) -> list[Event]:
        """Play ``move`` for ``seat``, mutating ``state``; raise ``IllegalMove`` untouched."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> State:
        """What ``seat`` may see (``None``: a spectator). Never the hidden deck order."""

    @abstractmethod
    def is_over(self, state: State) -> bool:
        """True once no more moves can be made."""

    @abstractmethod
    def score(self, state: State) -> list[Breakdown]:
        """Per seat, each scoring category and ``"total"`` (their sum), valid at any time."""

    def ranking(self, state: State) -> list[int]:
        """Rank per seat (1 = best; ties share a rank). Default: by total score."""
        totals = [b["total"] for b in self.score(state)]
        return [1 + sum(1 for other in totals if other > mine) for mine in totals]

    def reshuffle_hidden(self, state: State, seed: int) -> State:
        """A copy of ``state`` whose hidden part is re-randomised (default: none hidden)."""
        import copy

        return copy.deepcopy(state)

    def describe_move(self, state: State, seat: int, move: Move) -> str:
        """One human-readable line for logs."""
        return f"seat {seat}: {move}"


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see: public ones and those addressed ``"to"`` it."""
    return [e for e in events if "to" not in e or (seat is not None and seat in e["to"])]


def replay(ruleset: Ruleset, options: Options, seed: int, moves: Sequence[Sequence[Any]]) -> State:
    """Rebuild a game from options + seed + ``[[seat, move], ...]``."""
    state = ruleset.setup(options, seed)
    for seat, move in moves:
        ruleset.apply(state, seat, move)
    return state
