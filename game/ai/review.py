"""The post-game review: each decision of a seat beside the hard bot's choice in the same spot.

``review_game(game, options, seed, moves, seat)`` replays a finished game's record
(``game.rules.base.replay``'s options + seed + secret + moves) and cuts the seat's part into
decisions: in Look at the Stars one per card (where the card went and the powers it used), in
Stargazer one per turn (crew, skill, investigation) or start-player choice. At the start of
each decision the hard bot (``make_bot(game, "hard")``, one bot for the whole review so it
remembers the cards it has seen, fed the seat's view only) plays the seat's part instead, on a
copy of the position, with the stop the caller hands in per position (its time budget).

**How regret is measured**: in points at once, the engine's own score change over that
decision (Look at the Stars: the seat's sheet score before the card and after its turn on it;
Stargazer: the seat's score as if the game ended now, before and after the turn). ``regret`` =
the bot's points - your points, so a negative regret means your move scored more at once than
the bot's (the bot played for later). Pure: no clock, no thread; the caller runs it off the
window's thread and bounds it with ``stop_for``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai import make_bot
from game.ai.base import Bot, StopCheck
from game.ai.hints import decision_seed, given_key
from game.ai.teaching import Teacher, teacher_of
from game.rules import get_ruleset
from game.rules.base import Move, Ruleset, State

#: the most moves the bot may make in one decision (a card's prompts, a whole turn)
MOST_BOT_MOVES = 12
#: rows the review shows first: the biggest regrets
TOP = 3


@dataclass(frozen=True)
class Decision:
    """One decision of the seat: ``turn`` (Look at the Stars: the card's number; Stargazer: the
    round it is played in, a turn and a start-player choice sharing one), ``at`` (moves of
    the record before it: the board at that moment), the seat's moves and the bot's, and the
    points each made at once."""

    turn: int
    at: int
    your_moves: list[Move]
    bot_moves: list[Move]
    your_points: int
    bot_points: int

    @property
    def regret(self) -> int:
        """Points at once the bot's choice would have made over yours (may be negative)."""
        return self.bot_points - self.your_points

    @property
    def same(self) -> bool:
        """You chose what the bot chose."""
        return self.your_moves == self.bot_moves


def _bot_plays(game: str, teacher: Teacher, ruleset: Ruleset, start: State, state: State,
               seat: int, bot: Bot, stop: StopCheck | None,
               hinted: Mapping[tuple[int, str], list[Move]],
               yours: Sequence[Move] = ()) -> list[Move]:
    """The bot plays the seat's decision on ``state`` (changed in place; ``start``: the same
    position, left as it is) until the game's
    ``Teacher`` says it waits (Look at the Stars: the confirm) or its turn is over
    (Stargazer: the whole turn); a hint shown at a step of it (``hinted``, by ``given_key``)
    first, as long as it is legal. A hint asked in the middle of a turn was asked where the
    player's own moves (``yours``) had led: it is taken while the bot's moves so far are the
    same."""
    played: list[Move] = []
    queue: list[Move] = []
    while len(played) < MOST_BOT_MOVES:
        if seat not in ruleset.to_move(state):
            break
        legal = ruleset.legal_moves(state, seat)
        if not legal or teacher.waits(legal):
            break
        if not queue and list(yours[:len(played)]) == played:  # (at the start: always)
            queue = list(hinted.get(given_key(game, ruleset.view(state, seat), seat), []))
        if queue and queue[0] not in legal:
            queue = []  # (not the position it was hinted in after all: the bot decides)
        move = queue.pop(0) if queue else bot.choose(ruleset, state, seat, stop)
        ruleset.apply(state, seat, move)
        played.append(move)
        if teacher.turn_over(start, state):
            break
    return played


def review_game(game: str, options: dict[str, Any], seed: int, moves: list[list[Any]],
                seat: int, *, secret: str | None = None,
                stop_for: Callable[[], StopCheck | None] | None = None,
                progress: Callable[[int, int], None] | None = None,
                hinted: Mapping[tuple[int, str], list[Move]] | None = None,
                stand_ins: Collection[int] = ()) -> list[Decision]:
    """Every decision of ``seat`` in the recorded game beside the hard bot's, in game order.
    ``stop_for()`` gives each position's stop (its time budget); ``progress(done, total)`` is
    told after each position; ``hinted``: the hints the player was shown, by decision
    (``given_key``): where one was, the bot's moves are those (the hint and the review
    agree even where a search cut by time would have ended elsewhere); ``stand_ins``: the
    indices of the moves a bot made for the seat while its player was away (a decision made
    by those alone is not the player's: it is left out)."""
    ruleset = get_ruleset(game)
    teacher = teacher_of(game)
    if teacher is None:
        raise KeyError(f"{game} has no review (its plugin names no teacher)")
    segments = teacher.segments(ruleset, ruleset.setup(options, seed, secret), moves, seat)
    if stand_ins:
        away = set(stand_ins)
        segments = [segment for segment in segments
                    if any(who == seat and index not in away for index, (who, _) in
                           enumerate(moves[segment.at:segment.end], start=segment.at))]
    state = ruleset.setup(options, seed, secret)
    applied = 0
    out: list[Decision] = []
    for done, segment in enumerate(segments):
        for who, move in moves[applied:segment.at]:
            ruleset.apply(state, who, move)
        applied = segment.at
        before = teacher.own_points(ruleset, state, seat)
        trial = copy.deepcopy(state)
        # (seeded as a hint asked at that moment is: the two agree)
        view = ruleset.view(state, seat)
        bot = make_bot(game, teacher.level, decision_seed(game, view, seat))
        yours = teacher.your_moves([move for who, move in moves[segment.at:segment.end]
                                    if who == seat])
        bot_moves = _bot_plays(game, teacher, ruleset, state, trial, seat, bot,
                               stop_for() if stop_for is not None else None, hinted or {},
                               yours)
        bot_points = teacher.own_points(ruleset, trial, seat) - before
        after = copy.deepcopy(state)
        for who, move in moves[segment.at:segment.end]:
            ruleset.apply(after, who, move)
        your_points = teacher.own_points(ruleset, after, seat) - before
        out.append(Decision(segment.turn, segment.at, yours, bot_moves, your_points,
                            bot_points))
        if progress is not None:
            progress(done + 1, len(segments))
    return out


def biggest_first(decisions: list[Decision], top: int = TOP) -> list[Decision]:
    """The ``top`` biggest regrets (largest first; only those the bot would have done better),
    then every decision in game order."""
    worst = sorted((d for d in decisions if d.regret > 0), key=lambda d: (-d.regret, d.turn))
    return [*worst[:top], *decisions]
