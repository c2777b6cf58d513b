"""The bot contract: a bot is an ordinary seat that picks one of the Ruleset's legal moves.

Bots run on the server side (the Table hands them the state), but they must use only what the
seat's ``view`` would show: never the undealt deck order. Every bot is seeded so games between
bots replay exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.rules.base import Move, Ruleset, State, make_rng

#: handed to ``choose`` by the caller: True once the bot must answer (deadline, cancellation)
StopCheck = Callable[[], bool]


class Bot(Protocol):
    """Anything with ``choose``; ``name`` is shown in menus and logs."""

    name: str

    def choose(
        self, ruleset: Ruleset, state: State, seat: int, stop: StopCheck | None = None
    ) -> Move:
        """One legal move for ``seat`` (which must be in ``ruleset.to_move(state)``); a search
        ends early, with a legal move, once ``stop()`` is True."""
        ...


class RandomBot:
    """Uniformly random legal moves: the generic suite's driver and the weakest opponent."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = make_rng(seed, "random-bot")

    def choose(
        self, ruleset: Ruleset, state: State, seat: int, stop: StopCheck | None = None
    ) -> Move:
        moves = ruleset.legal_moves(state, seat)
        if not moves:
            raise ValueError(f"seat {seat} has no legal move")
        return self.rng.choice(moves)
