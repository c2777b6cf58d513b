"""High Bid's ``Teacher``: hints and the post-game review for a game outside ``game/``, from
nothing but its plugin naming it (``GamePlugin.teacher``)."""

from __future__ import annotations

from typing import Any

from game.ai import make_bot
from game.ai.base import StopCheck
from game.ai.teaching import Hint, Segment, Teacher
from game.rules import get_ruleset
from game.rules.base import Ruleset, State


def hint(view: dict[str, Any], seat: int, stop: StopCheck | None, seed: int) -> Hint | None:
    """The rollout bot's bid from the seat's view (the prizes face down stand in as unknown)."""
    ruleset = get_ruleset("highbid")
    if not ruleset.legal_moves(view, seat):
        return None
    state = {key: value for key, value in view.items() if key != "deck_left"}
    state["deck"] = [0] * view["deck_left"]
    move = make_bot("highbid", "rollout", seed).choose(ruleset, state, seat, stop)
    return Hint([move], 0, {"cards": len(view["hands"][seat]) - 1})


def decision_key(view: dict[str, Any], seat: int) -> Any:
    return view["round"], view["bids"][seat] is None


def segments(ruleset: Ruleset, state: State, moves: list[list[Any]],
             seat: int) -> list[Segment]:
    """One per bid of the seat, numbered by its round (counted from 1)."""
    out = []
    for index, (who, move) in enumerate(moves):
        if who == seat:
            out.append(Segment(state["round"] + 1, index, index + 1))
        ruleset.apply(state, who, move)
    return out


def one_bid(_start: State, _now: State) -> bool:
    """A decision is one bid (the seat bids again next round: another decision)."""
    return True


TEACHER = Teacher(hint=hint, decision_key=decision_key, segments=segments, turn_over=one_bid,
                  level="rollout")
