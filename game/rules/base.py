"""The Ruleset contract every Star Party game implements.

A game is *options + seed + moves*: replay, saves, undo and reconnect all rest on that, so
state, moves and events are plain data that msgpack can carry (dicts with string keys, lists,
ints, bools, str, None). Rulesets are pure: no pygame, no sockets, no threads, no clocks.

Conventions shared by every ruleset:

* ``setup(options, seed, secret)`` builds the initial state. ``options["players"]`` is the
  number of seats; every other option has a default (``default_options``). Bad options raise
  ``ValueError`` naming the option. ``seed`` is public (it names the game); hidden order (an
  undealt deck) comes from ``secret`` too (``new_secret``: 128 bits from the OS that never
  leave the host), so knowing the seed and what was dealt so far predicts nothing. Without a
  secret (tests, demos) the seed alone decides everything.
* Seats are ints ``0 .. players-1``. ``to_move`` returns the seats that may act now (Look at the
  Stars: every seat that has not confirmed the current card; Stargazer: one seat).
* ``apply(state, seat, move)`` mutates ``state`` in place and returns the events. If the move
  is not allowed it raises ``IllegalMove(code, detail)`` *before* touching anything, so the
  state is exactly as it was (the generic suite checks this byte for byte).
* Moves are maps with a string ``"t"`` and the fields ``move_fields`` documents for that type.
  ``normalize_move`` reduces an untrusted move to exactly those fields (a fresh map that is
  what gets stored, saved and broadcast); every game refuses a move that is not such a map
  with the shared codes ``malformed_move`` / ``unknown_move_type`` (``SHAPE_CODES``). One rule
  for every game: a field missing, unknown, of the wrong type or outside its declared range
  (``Field.low``/``high``), or a move without exactly one of its ``one_of`` fields, is
  ``malformed_move`` whatever the state; a well-formed move the rules refuse in this state
  gets the rule's own code (``off_board``, ``no_power_prompt``...).
* ``max_moves(options)`` bounds the length of one game's move list (undo cycles included),
  so the save of any legal game stays small enough to resume.
* ``view(state, seat)`` is what that seat may see (``seat=None``: a spectator). Hidden
  information (an undealt deck's order) never appears in a view; ``reshuffle_hidden`` gives a
  state that differs only in what is hidden, so a test can show views do not depend on it.
* Events are dicts with a ``"type"`` (``card_flipped``, ``lines_drawn``, ``cube_placed``, ...).
  An event with a ``"to"`` list of seats is private to them; ``visible_events`` filters.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
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


#: refusal codes every game gives for a move's shape (pinned for every registered game by
#: ``tests/test_generic_rulesets.py``; ``docs/PROTOCOL.md`` section 7)
MALFORMED_MOVE = "malformed_move"
UNKNOWN_MOVE_TYPE = "unknown_move_type"
SHAPE_CODES = {
    MALFORMED_MOVE: "The move is not understood: not a map with a string 't', or a field is "
                    "missing, unknown, of the wrong type or out of its range.",
    UNKNOWN_MOVE_TYPE: "This game has no move of that type.",
}
#: bits of a game's secret (``new_secret``)
SECRET_BITS = 128


#: the secret ``new_secret`` returns while ``reproducible_secrets`` is active (tools only)
_REPRODUCIBLE: list[str] = []


def new_secret() -> str:
    """A fresh game secret: ``SECRET_BITS`` random bits from the OS, as hex digits. The host
    keeps it (in its save) and never sends it: it keys the hidden order of the game."""
    if _REPRODUCIBLE:
        return _REPRODUCIBLE[-1]
    return secrets.token_hex(SECRET_BITS // 8)


@contextmanager
def reproducible_secrets(secret: str) -> Iterator[None]:
    """While active, ``new_secret`` returns ``secret``: for tools whose output must follow from
    their seeds alone (``starparty screenshots``), never for a game people play."""
    _REPRODUCIBLE.append(secret)
    try:
        yield
    finally:
        _REPRODUCIBLE.pop()


def make_rng(seed: int, *salt: object, secret: str | None = None) -> random.Random:
    """A ``random.Random`` derived from ``seed`` and a salt, stable across Python versions.

    Salting keeps independent streams (the deal, a bot's choices) from sharing numbers. With
    a ``secret`` the stream is keyed by it (HMAC-SHA256, all 256 bits seed the generator), so
    whoever knows only the seed cannot reproduce it.
    """
    text = repr((int(seed),) + tuple(str(s) for s in salt)).encode()
    if secret is None:
        return random.Random(int.from_bytes(hashlib.sha256(text).digest()[:8], "big"))
    key = str(secret).encode()
    return random.Random(int.from_bytes(hmac.new(key, text, hashlib.sha256).digest(), "big"))


def short_repr(value: Any, limit: int = 40) -> str:
    """A bounded description of an untrusted value for a refusal's detail (never a repr of a
    deep or huge value: that can raise or run for long)."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return repr(value) if -10**12 < value < 10**12 else "a very large integer"
    if isinstance(value, str):
        return repr(value[:limit]) + ("..." if len(value) > limit else "")
    return f"a {type(value).__name__}"


@dataclass(frozen=True)
class Field:
    """One documented field of a move type: what ``normalize_move`` accepts and keeps.

    ``kind``: ``"int"`` (never a bool), ``"str"`` (at most ``size`` characters) or
    ``"ints"`` (a list of ints: exactly ``size`` of them, or at most ``size`` when
    ``exact`` is False). ``low``/``high``: the declared range of every int in it, the same in
    every state (outside it: ``malformed_move``, like a wrong type). A range that depends on
    the state (a point on the board, a planet of this game) is the rules' business, refused
    with their own codes (``off_board``, ``illegal_start_player``...).
    """

    kind: str
    size: int = 0
    exact: bool = True
    required: bool = True
    meaning: str = ""
    low: int | None = None
    high: int | None = None

    def accepts(self, value: Any) -> bool:
        if self.kind == "int":
            return self._in_range(value)
        if self.kind == "str":
            return isinstance(value, str) and len(value) <= self.size
        if not isinstance(value, list) or not all(self._in_range(v) for v in value):
            return False
        return len(value) == self.size if self.exact else len(value) <= self.size

    def _in_range(self, value: Any) -> bool:
        return _is_int(value) and (self.low is None or value >= self.low) and (
            self.high is None or value <= self.high)

    def describe(self) -> str:
        """The type as ``docs/PROTOCOL.md`` writes it."""
        span = "" if self.low is None or self.high is None else f" {self.low}..{self.high}"
        if self.kind == "int":
            return "int" + span
        if self.kind == "str":
            return f"str (at most {self.size} characters)"
        count = f"exactly {self.size}" if self.exact else f"at most {self.size}"
        return f"array of int{span} ({count})"

    def packed_size(self) -> int:
        """The most msgpack bytes a value of this field takes (ints at most 9 bytes)."""
        if self.kind == "int":
            return 9
        if self.kind == "str":
            return 5 + 4 * self.size
        return 5 + 9 * self.size


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Ruleset(ABC):
    """One game's rules. Subclasses are stateless; all game data lives in ``State``."""

    name: str = ""
    title: str = ""
    min_players: int = 1
    max_players: int = 1
    #: move type -> its documented fields (besides ``"t"``); ``normalize_move`` enforces it
    move_fields: dict[str, dict[str, Field]] = {}
    #: move type -> optional fields of which a move of that type has exactly one
    one_of: dict[str, tuple[str, ...]] = {}
    #: (view shape, event type -> its shape) as they go over the wire (``game.rules.shapes``):
    #: a window checks a remote host's against them; None: not declared, not checked
    wire_shapes: tuple[dict[str, Any], dict[str, Any]] | None = None
    #: what a view's parts must agree on beyond their shapes (``shapes.agreement_problem``)
    wire_agreements: tuple[tuple[str, str, str], ...] = ()

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
    def setup(self, options: Options, seed: int, secret: str | None = None) -> State:
        """The initial state; public randomness comes from ``seed``, hidden order from
        ``seed`` and ``secret`` (None: from ``seed`` alone)."""

    @abstractmethod
    def max_moves(self, options: Options) -> int:
        """The most moves one game with these options can take (undo cycles included)."""

    def normalize_move(self, move: Any) -> Move:
        """``move`` reduced to its documented fields, as a fresh map; ``IllegalMove`` with
        ``malformed_move`` (not a map with a string ``t``; a field missing, unknown, of the
        wrong type or out of its declared range; not exactly one of ``one_of``) or
        ``unknown_move_type``. What depends on the state is ``apply``'s business."""
        if not isinstance(move, dict) or not isinstance(move.get("t"), str):
            raise IllegalMove(MALFORMED_MOVE, "a move is a map with a string 't'")
        kind = move["t"]
        fields = self.move_fields.get(kind)
        if fields is None:
            raise IllegalMove(UNKNOWN_MOVE_TYPE, f"no move of type {short_repr(kind)}")
        for key in move:
            if key != "t" and key not in fields:
                raise IllegalMove(MALFORMED_MOVE,
                                  f"a {kind!r} move has no field {short_repr(key)}")
        clean: Move = {"t": kind}
        for key, spec in fields.items():
            if key not in move:
                if spec.required:
                    raise IllegalMove(MALFORMED_MOVE, f"a {kind!r} move needs {key!r}")
                continue
            value = move[key]
            if not spec.accepts(value):
                raise IllegalMove(MALFORMED_MOVE, f"'{kind}.{key}' must be {spec.describe()}, "
                                                  f"not {short_repr(value)}")
            clean[key] = list(value) if isinstance(value, list) else value
        choices = self.one_of.get(kind, ())
        if choices and sum(key in clean for key in choices) != 1:
            raise IllegalMove(MALFORMED_MOVE, f"a {kind!r} move has exactly one of "
                                              + ", ".join(map(repr, choices)))
        return clean

    def max_move_bytes(self) -> int:
        """The most msgpack bytes a normalized move of this game takes."""
        return max(
            (16 + len(kind) + sum(len(k) + 2 + f.packed_size() for k, f in fields.items())
             for kind, fields in self.move_fields.items()),
            default=16,
        )

    @abstractmethod
    def to_move(self, state: State) -> set[int]:
        """Seats that may act now (empty once the game is over)."""

    @abstractmethod
    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every move ``seat`` may make now (empty if it may not act)."""

    @abstractmethod
    def apply(self, state: State, seat: int, move: Move) -> list[Event]:
        """Play ``move`` for ``seat``, mutating ``state``; raise ``IllegalMove`` untouched."""

    def apply_legal(self, state: State, seat: int, move: Move) -> list[Event]:
        """``apply`` for a move taken from ``legal_moves(state, seat)`` at this very state:
        the same effects and events, and a game may skip the checks (a bot's search applies
        its own legal moves by the hundred thousand; ``apply`` checks each as if it came off
        the wire). Never for a move from outside."""
        return self.apply(state, seat, move)

    def seats_affected(self, state: State, seat: int, move: Move,
                       events: list[Event]) -> set[int] | None:
        """After ``seat``'s ``move`` was applied (``state`` is the new state, ``events`` what
        it produced): the seats whose part of the game it may have changed, or None for every
        seat (the default: any move may concern anyone). The table accepts a move made on an
        older version when nothing since has touched the mover's part (simultaneous play:
        another seat drawing on its own sheet does not make your move stale)."""
        return None

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


def replay(ruleset: Ruleset, options: Options, seed: int, moves: Sequence[Sequence[Any]],
           secret: str | None = None) -> State:
    """Rebuild a game from options + seed + ``[[seat, move], ...]`` (+ the game's secret)."""
    state = ruleset.setup(options, seed, secret)
    for seat, move in moves:
        ruleset.apply(state, seat, move)
    return state


def may_act(ruleset: Ruleset, state: State, seat: int, move: Move) -> bool:
    """Whether ``seat`` may make ``move`` now at all: it is to move, or the move is one of
    its legal ones (simultaneous play: undoing on one's own sheet while others draw). The
    table asks this before ``apply``; whether the move itself is legal is ``apply``'s."""
    return seat in ruleset.to_move(state) or move in ruleset.legal_moves(state, seat)


def replay_checked(ruleset: Ruleset, options: Options, seed: int, moves: Sequence[Any],
                   secret: str | None = None) -> tuple[State, list[list[Any]]]:
    """Rebuild a game from a record made elsewhere (a LAN host's ``game_over.record``):
    every move normalized and checked as the table checks it. Returns the state and the
    moves as normalized; ``IllegalMove`` for a record that is not a game by the rules."""
    state = ruleset.setup(options, seed, secret)
    players = len(ruleset.score(state))
    kept: list[list[Any]] = []
    for entry in moves:
        if not isinstance(entry, list | tuple) or len(entry) != 2:
            raise IllegalMove(MALFORMED_MOVE, "a record's move is [seat, move]")
        seat, move = entry
        if type(seat) is not int or not 0 <= seat < players:
            raise IllegalMove(MALFORMED_MOVE, f"there is no seat {short_repr(seat)}")
        move = ruleset.normalize_move(move)
        if not may_act(ruleset, state, seat, move):
            raise IllegalMove("not_your_turn", f"seat {seat} may not act now")
        ruleset.apply(state, seat, copy.deepcopy(move))
        kept.append([seat, move])
    return state, kept
