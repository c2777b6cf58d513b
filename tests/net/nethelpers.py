"""Shared helpers for the net tests: toy tables and waiting without timed assertions."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from game.ai.base import RandomBot
from game.rules.base import Ruleset
from net.local import LocalConnection, local_game
from net.server import ServerThread
from net.table import SeatSpec, Table
from tests.net.toy_ruleset import TOY_SIMULTANEOUS, TOY_TURNS

RULESETS = {"toy": TOY_TURNS, "toysim": TOY_SIMULTANEOUS}


def toy_bots(game: str, level: str, seed: int) -> RandomBot:
    """The bot factory of toy tables: every level plays random legal moves."""
    return RandomBot(seed)


def toy_local_game(game: str, options: dict[str, Any], seed: int, seats: list[SeatSpec],
                   **kwargs: Any) -> tuple[Table, dict[int, LocalConnection]]:
    """``net.local.local_game`` of a toy game (its ruleset and random bots by default)."""
    kwargs.setdefault("ruleset", RULESETS[game])
    kwargs.setdefault("bot_factory", toy_bots)
    return local_game(game, options, seed, seats, **kwargs)


def resume_toy(source: Any, ruleset: Ruleset = TOY_TURNS, **kwargs: Any) -> Table:
    """``Table.resume`` of a toy game's save."""
    return Table.resume(source, ruleset_for=lambda _game: ruleset, bot_factory=toy_bots,
                        **kwargs)


def toy_table(
    seats: list[SeatSpec], *, game: str = "toy", seed: int = 5, rounds: int = 3,
    autosave_dir: Path | None = None, **kwargs: Any,
) -> Table:
    kwargs.setdefault("bot_factory", toy_bots)
    return Table(game, {"rounds": rounds}, seed, seats, ruleset=RULESETS[game],
                 autosave_dir=autosave_dir, **kwargs)


def wait_until(predicate: Callable[[], Any], timeout: float = 10.0, step: float = 0.005) -> Any:
    """Poll ``predicate`` until it is truthy; fail the test (not time it) after ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout}s: {predicate}")
        time.sleep(step)


def seats(*kinds: str) -> list[SeatSpec]:
    """``seats("human", "ai", "remote")`` -> SeatSpecs with readable names."""
    return [SeatSpec(kind, f"{kind}-{i}") for i, kind in enumerate(kinds)]


@contextlib.contextmanager
def serving(table: Table, **kwargs: object) -> Iterator[ServerThread]:
    """``table`` served over TCP on 127.0.0.1 (a free port) until the ``with`` ends; then the
    server stops and the table closes."""
    server = ServerThread(table, host="127.0.0.1", port=0, **kwargs)
    server.start()
    try:
        yield server
    finally:
        server.stop()
        table.close()
