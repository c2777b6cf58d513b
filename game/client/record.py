"""A finished game as data: options, seed, the host's secret and moves
(``game.rules.base.replay`` rebuilds any moment of it), with the seats' names and kinds.

The window has the record of every game whose table runs here (solo, hot-seat, Continue, the
LAN host): ``record_of(session)`` copies it from ``net.table.Table`` under the table's lock.
A LAN guest has no record: its host keeps the move log (see docs/ARCHITECTURE.md, Replay).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from game.client.session import LocalSession, Session


@dataclass(frozen=True)
class GameRecord:
    game: str
    options: dict[str, Any]
    seed: int
    #: ``[[seat, move], ...]`` in the order the table accepted them
    moves: list[list[Any]]
    names: list[str]
    kinds: list[str]
    #: the host's secret that dealt the hidden order (``game.rules.base.new_secret``; None:
    #: the seed alone dealt it). At game over nothing is hidden any more.
    secret: str | None = None


def record_of(session: Session | object) -> GameRecord | None:
    """The record of the game ``session`` plays, copied (later moves at that table never
    reach it); None when the table is not in this process (a LAN guest, a closed session)."""
    if not isinstance(session, LocalSession):  # the host's seat too (``HostSession``)
        return None
    data = session.table.save_data()  # under the table's lock: a consistent moment
    return GameRecord(data["game"], copy.deepcopy(data["options"]), int(data["seed"]),
                      copy.deepcopy(data["moves"]), [s["name"] for s in data["seats"]],
                      [s["kind"] for s in data["seats"]], data.get("secret"))
