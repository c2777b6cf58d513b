"""Hints: the hard bot's move for a seat, and why, from that seat's own view only.

``hint_for(game, view, seat, stop)`` asks ``make_bot(game, "hard", seed)`` for a move on the
seat's view (what the seat's screen shows, nothing hidden from it) and explains it with the
engine's own scoring: ``points_now`` is the score the hinted move (Stargazer: the whole turn
the bot plans from it) makes at once, and ``keeps_open`` counts what it leaves to grow
(Look at the Stars: line groups that may still become constellations; Stargazer: cubes still
in hand). Pure: the caller owns the clock and the thread, and hands in ``stop`` (the bot's
time budget, ``game.ai.THINK_SECONDS``).
"""

from __future__ import annotations

import copy
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.ai import make_bot
from game.ai.base import StopCheck
from game.rules import get_ruleset
from game.rules.base import IllegalMove, Move
from game.rules.stargazer.engine import clone_state
from game.rules.stars import data as stars_data
from game.rules.stars.geometry import card_segments, shooting_star_points
from game.rules.stars.placement import legal_card_placements, legal_shooting_stars_index
from game.rules.stars.preview import placement_preview
from game.rules.stars.sheet import SheetIndex

#: the level a hint asks
HINT_LEVEL = "hard"


@dataclass(frozen=True)
class Hint:
    """The bot's advice: ``moves`` (the hinted move first, then the rest of the turn it plans
    from there, if any), the seat's score change they make at once (``points_now``, the
    engine's own scoring) and what they keep open (``keeps_open``: fact -> count)."""

    moves: list[Move]
    points_now: int
    keeps_open: dict[str, int] = field(default_factory=dict)

    @property
    def move(self) -> Move:
        return self.moves[0]


# --- Look at the Stars -----------------------------------------------------------------------
def stars_sheet(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """The sheet the seat plays on now (its pending sheet during a power prompt)."""
    pending = view.get("pending")
    return pending["sheet"] if pending else view["seats"][seat]["sheet"]


def stars_legal_moves(view: dict[str, Any], seat: int) -> list[Move]:
    """The seat's decisions now from its view (the engine's placement rules): the card's
    placements and skip, or a power prompt's targets and skip; none when there is no choice
    (confirmed, reviewing its turn, the game over)."""
    if view["over"] or view["seats"][seat]["confirmed"]:
        return []
    pending = view.get("pending")
    if pending:
        prompt = pending.get("prompt")
        if not prompt:
            return []
        return [{"t": "power", **target} for target in prompt["targets"]] + [{"t": "skip_power"}]
    card, sheet, day = view["card"], view["seats"][seat]["sheet"], view["day"]
    if card["kind"] == "line":
        moves: list[Move] = [{"t": "place", "rot": r, "dx": dx, "dy": dy}
                             for r, dx, dy in legal_card_placements(sheet, card["id"], day)]
    else:
        moves = [{"t": "shooting_star", "size": size, "rot": r, "dx": dx, "dy": dy}
                 for size, r, dx, dy in legal_shooting_stars_index(SheetIndex(sheet), day)]
    return [*moves, {"t": "skip"}]


def stars_move_preview(view: dict[str, Any], seat: int, move: Move) -> dict[str, Any]:
    """The engine's ``placement_preview`` of ``move`` on the seat's sheet (a skip: nothing)."""
    sheet = stars_sheet(view, seat)
    kind = move["t"]
    if kind == "place":
        segments = card_segments(view["card"]["id"], move["rot"], move["dx"], move["dy"])
        return placement_preview(sheet, [list(s) for s in segments])
    if kind == "shooting_star":
        points = shooting_star_points(move["size"], move["rot"], move["dx"], move["dy"])
        return placement_preview(sheet, shooting_star=[list(p) for p in points])
    if kind == "power" and "line" in move:
        return placement_preview(sheet, [move["line"]])
    if kind == "power":
        power = view["pending"]["prompt"]["power"]
        return placement_preview(sheet, objects=[{"kind": power, "at": move["at"]}])
    return placement_preview(sheet)


def stars_open_groups(sheet: dict[str, Any]) -> int:
    """Line groups that may still grow into a constellation (fewer lines than the largest)."""
    largest = max(stars_data.VALID_SIZES)
    return sum(1 for group in SheetIndex(sheet).groups() if group.size < largest)


def stars_hint(view: dict[str, Any], seat: int, stop: StopCheck | None, seed: int) -> Hint | None:
    moves = stars_legal_moves(view, seat)
    if not moves:
        return None
    bot = make_bot("stars", HINT_LEVEL, seed)
    move = bot.choose_from_view(view, seat, moves, stop)  # type: ignore[attr-defined]
    preview = stars_move_preview(view, seat, move)
    if view["card"]["n"] >= view["card"]["of"]:  # the last card: nothing grows after it
        return Hint([move], preview["delta"]["total"], {})
    after = dict(stars_sheet(view, seat))
    if move["t"] == "place" or (move["t"] == "power" and "line" in move):
        # the groups as the preview scored them: the sheet with the move's lines
        lines = (card_segments(view["card"]["id"], move["rot"], move["dx"], move["dy"])
                 if move["t"] == "place" else [move["line"]])
        after["lines"] = [*after["lines"], *(list(s) for s in lines)]
    return Hint([move], preview["delta"]["total"], {"open_groups": stars_open_groups(after)})


# --- Stargazer -------------------------------------------------------------------------------
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


#: game -> the rest of a hinted decision's plan once the seat has followed it so far:
#: ``(view hinted, hint, view now, seat)`` -> a Hint, or None
PLAN_KEEPERS: dict[str, Callable[[dict[str, Any], Hint, dict[str, Any], int], Hint | None]] = {
    "stargazer": stargazer_plan_goes_on,
}


def plan_goes_on(game: str, asked: dict[str, Any], hint: Hint, view: dict[str, Any],
                 seat: int) -> Hint | None:
    """The rest of ``hint`` (asked in view ``asked``) for the seat's decision in ``view``, if
    the seat has followed it there; None otherwise (ask the bot afresh)."""
    keeper = PLAN_KEEPERS.get(game)
    return keeper(asked, hint, view, seat) if keeper is not None and len(hint.moves) > 1 \
        else None


#: game -> its hint: ``(view, seat, stop, seed)`` -> a Hint, or None (no decision now)
HINTERS: dict[str, Callable[[dict[str, Any], int, StopCheck | None, int], Hint | None]] = {
    "stars": stars_hint,
    "stargazer": stargazer_hint,
}


def hint_for(game: str, view: dict[str, Any], seat: int, stop: StopCheck | None = None,
             seed: int = 0) -> Hint | None:
    """The hard bot's hint for ``seat`` from its ``view`` (None: nothing to decide now, or a
    game without hints)."""
    hinter = HINTERS.get(game)
    return hinter(view, seat, stop, seed) if hinter is not None else None


def has_hints(game: str) -> bool:
    return game in HINTERS


def decision_seed(game: str, view: dict[str, Any], seat: int) -> int:
    """The hard bot's seed for the seat's decision in ``view``: the hint asked there and the
    post-game review of the same moment search alike, and so agree (a new player followed a
    hint and the review called that move a mistake: each had searched with its own seed)."""
    return zlib.crc32(repr(decision_key(game, view, seat)).encode())


def given_key(game: str, view: dict[str, Any], seat: int) -> tuple[int, str]:
    """How a hint shown for the seat's decision in ``view`` is filed with the game's record:
    the review finds it there and shows the moves the player was hinted (the two searched
    alike, but a search cut by its time budget on a busy machine ends elsewhere)."""
    return seat, repr(decision_key(game, view, seat))


def decision_key(game: str, view: dict[str, Any], seat: int) -> Any:
    """What identifies the seat's decision in ``view``: a hint holds while it is the same
    (other seats' moves change the view, not the decision)."""
    if game == "stars":
        pending = view.get("pending")
        return (view["card"]["n"], view["seats"][seat]["confirmed"],
                None if pending is None else (pending["action"], repr(pending["prompt"])))
    if game == "stargazer":
        return (view["round"], view["turns"], view["phase"], view["current"])
    return id(view)
