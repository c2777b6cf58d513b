"""Shared helpers for the net tests: toy tables and waiting without timed assertions."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from net.table import SeatSpec, Table
from tests.net.toy_ruleset import TOY_SIMULTANEOUS, TOY_TURNS

RULESETS = {"toy": TOY_TURNS, "toysim": TOY_SIMULTANEOUS}


def toy_table(
    seats: list[SeatSpec], *, game: str = "toy", seed: int = 5, rounds: int = 3,
    autosave_dir: Path | None = None, **kwargs: Any,
) -> Table:
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
