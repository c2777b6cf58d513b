"""A finished game as data: options, seed, the host's secret and moves
(``game.rules.base.replay`` rebuilds any moment of it), with the seats' names and kinds.

The window has the record of every game whose table runs here (solo, hot-seat, Continue, the
LAN host): ``record_of(session)`` copies it from ``net.table.Table`` under the table's lock.
A LAN guest (or a spectator) gets it from the host with the results (``game_over.record``,
docs/PROTOCOL.md) and keeps it only once it has replayed it by the rules to the scores the
host announced: a host's word is checked like any other input.
"""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass, field, replace
from typing import Any

from game.client.session import LocalSession, RemoteSession, Session
from game.rules import get_ruleset
from game.rules.base import replay_checked
from net.table import clean_stand_ins

log = logging.getLogger(__name__)


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
    #: the hints this window showed in the game, by decision (``game.ai.hints.given_key``)
    #: -> the hinted moves: the review shows them as the bot's moves there (not sent by a
    #: host: each window's own)
    hints: dict[tuple[int, str], list[dict[str, Any]]] = field(default_factory=dict,
                                                              compare=False)
    #: the indices in ``moves`` of the moves a bot made for a player who had left (a LAN
    #: table's stand-in): the review leaves out the decisions it made alone
    stand_ins: list[int] = field(default_factory=list)


def record_of(session: Session | object) -> GameRecord | None:
    """The record of the game ``session`` plays, copied (later moves at that table never
    reach it); None when the table is not in this process (a LAN guest, a closed session)."""
    if isinstance(session, RemoteSession):
        record = received_record(session.results, session.info.get("game"),
                                 session.client.seat)
        return None if record is None else replace(record, hints=hints_of(session))
    if not isinstance(session, LocalSession):  # the host's seat too (``HostSession``)
        return None
    data = session.table.save_data()  # under the table's lock: a consistent moment
    return GameRecord(data["game"], copy.deepcopy(data["options"]), int(data["seed"]),
                      copy.deepcopy(data["moves"]), [s["name"] for s in data["seats"]],
                      [s["kind"] for s in data["seats"]], data.get("secret"),
                      hints_of(session),
                      clean_stand_ins(data.get("stand_ins"), len(data["moves"])))


def hints_of(session: LocalSession | RemoteSession) -> dict[tuple[int, str], list[Any]]:
    """A copy of the hints shown at this window in the game the session plays now."""
    return copy.deepcopy(session.hints_given.get(session.table_id, {}))


def received_record(results: Any, game: Any, seat: int | None) -> GameRecord | None:
    """The record a LAN host sent with its results, or None: none sent (an older host, a
    record too large for a frame), not a record of ``game``, or not a game by the rules
    ending in the scores ``results`` announce. The kinds are told as this window sees the
    table: its own ``seat`` is the ``human`` one (the replay watches from it, the review is
    of it), every other player ``remote``, bots ``ai``."""
    data = results.get("record") if isinstance(results, dict) else None
    if not isinstance(data, dict) or not isinstance(game, str) or data.get("game") != game:
        return None
    options, seed, secret = data.get("options"), data.get("seed"), data.get("secret")
    moves, names, kinds = data.get("moves"), data.get("names"), data.get("kinds")
    if not (isinstance(options, dict) and type(seed) is int and isinstance(moves, list)
            and (secret is None or isinstance(secret, str)) and isinstance(names, list)
            and isinstance(kinds, list) and len(names) == len(kinds)
            and all(isinstance(word, str) for word in names + kinds)):
        return None
    scores = results.get("scores")
    try:
        ruleset = get_ruleset(game)
        state, moves = replay_checked(ruleset, options, seed, moves, secret)
        told = [breakdown["total"] for breakdown in scores]
        replayed = [breakdown["total"] for breakdown in ruleset.score(state)]
    except Exception as exc:  # anything a hostile record makes of the rules: no record
        log.info("the host's record of the game is not used: %s: %s", type(exc).__name__, exc)
        return None
    if not ruleset.is_over(state) or told != replayed or len(names) != len(replayed):
        log.info("the host's record of the game does not end in its results")
        return None
    seen = ["human" if i == seat else "ai" if kind == "ai" else "remote"
            for i, kind in enumerate(kinds)]
    return GameRecord(game, copy.deepcopy(options), seed, moves, list(names), seen, secret,
                      stand_ins=clean_stand_ins(data.get("stand_ins"), len(moves)))
