"""Stargazer's hints and review (``game.ai.teaching.Teacher``): a hint is the hard bot's whole
turn (crew, skill, investigation) from the move asked, with its points if the game ended now
and the cubes it keeps; a decision is one turn of the seat or a start-player choice."""

from __future__ import annotations

import copy
from typing import Any

from game.ai import make_bot
from game.ai.base import StopCheck
from game.ai.teaching import HINT_LEVEL, Hint, Segment, Teacher
from game.rules import get_ruleset
from game.rules.base import IllegalMove, Move, Ruleset, State
from game.rules.stargazer.engine import clone_state

#: a Stargazer seat's turn: a crew, its skill, an investigation
STARGAZER_TURN_PHASES = ("crew", "skill", "investigate")


def stargazer_hint(view: dict[str, Any], seat: int, stop: StopCheck | None,
                   seed: int) -> Hint | None:
    """The hard bot's move, and the rest of the turn it plans from it, played on a copy of the
    view (Stargazer hides nothing: the view is the whole position)."""
    ruleset = get_ruleset("stargazer")
    if not ruleset.legal_moves(view, seat):
        return None
    bot = make_bot("stargazer", HINT_LEVEL, seed)
    state = clone_state(view)
    before = ruleset.score(state)[seat]["total"]
    moves: list[Move] = []
    phase = state["phase"]
    while True:
        move = bot.choose(ruleset, state, seat, stop)
        moves.append(move)
        ruleset.apply(state, seat, move)
        if phase not in STARGAZER_TURN_PHASES or state["current"] != seat or \
                state["phase"] not in STARGAZER_TURN_PHASES or len(moves) >= 4:
            break
        phase = state["phase"]
    after = ruleset.score(state)[seat]["total"]
    return Hint(moves, after - before, {"cubes": state["hands"][seat]})


def stargazer_plan_goes_on(asked: dict[str, Any], hint: Hint, view: dict[str, Any],
                           seat: int) -> Hint | None:
    """The rest of a hinted turn, when the seat has played its first moves as hinted: the
    moves left and the points the whole turn makes from here (None: the seat played
    otherwise, or the turn is over). A crew's hint said "then 1 cube" and the investigation's,
    searched afresh, said 2 (a new player's playtest): the turn hinted goes on as planned."""
    ruleset = get_ruleset("stargazer")
    state = clone_state(asked)
    for played, move in enumerate(hint.moves[:-1], 1):
        try:
            ruleset.apply(state, seat, copy.deepcopy(move))
        except IllegalMove:
            return None
        if ruleset.view(state, seat) == view:
            rest = hint.moves[played:]
            now = ruleset.score(view)[seat]["total"]
            for step in rest:
                ruleset.apply(state, seat, copy.deepcopy(step))
            return Hint(rest, ruleset.score(state)[seat]["total"] - now,
                        {"cubes": state["hands"][seat]})
    return None


def decision_key(view: dict[str, Any], seat: int) -> Any:
    """The round, the turn and its phase, and whose turn it is."""
    return (view["round"], view["turns"], view["phase"], view["current"])


def segments(ruleset: Ruleset, state: State, moves: list[list[Any]],
             seat: int) -> list[Segment]:
    """One per turn of the seat (crew, skill, investigation) and per start-player choice,
    numbered by the round it is played in."""
    out: list[Segment] = []
    start: int | None = None
    round_at_start = 1
    for index, (who, move) in enumerate(moves):
        opens = who == seat and state["phase"] not in STARGAZER_TURN_PHASES[1:]
        if start is not None and (who != seat or opens):
            out.append(Segment(round_at_start, start, index))
            start = None
        if who == seat and start is None:
            start, round_at_start = index, state["round"]
        ruleset.apply(state, who, move)
    if start is not None:
        out.append(Segment(round_at_start, start, len(moves)))
    return out


def turn_over(start: State, now: State) -> bool:
    """A turn is played out (or the decision was no turn: a start-player choice)."""
    return start.get("phase") not in STARGAZER_TURN_PHASES or \
        now["phase"] not in STARGAZER_TURN_PHASES


TEACHER = Teacher(hint=stargazer_hint, decision_key=decision_key, segments=segments,
                  plan_goes_on=stargazer_plan_goes_on, turn_over=turn_over)
