"""Look at the Stars' hints and review (``game.ai.teaching.Teacher``): a hint is the hard bot's
placement of the card (or a power's target) with its points at once and the line groups it
leaves open; a decision is one card, from its flip to the next."""

from __future__ import annotations

from typing import Any

from game.ai import make_bot
from game.ai.base import StopCheck
from game.ai.teaching import HINT_LEVEL, Hint, Segment, Teacher
from game.rules.base import Move, Ruleset, State
from game.rules.stars import data as stars_data
from game.rules.stars.geometry import card_segments, shooting_star_points
from game.rules.stars.placement import legal_card_placements, legal_shooting_stars_index
from game.rules.stars.preview import placement_preview
from game.rules.stars.sheet import SheetIndex


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


def decision_key(view: dict[str, Any], seat: int) -> Any:
    """The card, whether the seat has confirmed it, and a power prompt if one is open."""
    pending = view.get("pending")
    return (view["card"]["n"], view["seats"][seat]["confirmed"],
            None if pending is None else (pending["action"], repr(pending["prompt"])))


def segments(ruleset: Ruleset, state: State, moves: list[list[Any]],
             seat: int) -> list[Segment]:
    """One per card: from the card's flip to the next flip (or the end)."""
    starts = [0]
    flipped = state["flipped"]
    for index, (who, move) in enumerate(moves):
        ruleset.apply(state, who, move)
        if state["flipped"] != flipped:
            flipped = state["flipped"]
            starts.append(index + 1)
    ends = [*starts[1:], len(moves)]
    return [Segment(n + 1, at, end) for n, (at, end) in enumerate(zip(starts, ends, strict=True))
            if any(who == seat for who, _ in moves[at:end])]


def your_moves(mine: list[Move]) -> list[Move]:
    """The seat's moves of a card as they stood: from its last play of the card, without
    undos and the confirm."""
    plays = [i for i, m in enumerate(mine) if m.get("t") in ("place", "shooting_star", "skip")]
    kept = mine[plays[-1]:] if plays else []
    return [m for m in kept if m.get("t") not in ("confirm", "undo")]


def own_points(ruleset: Ruleset, state: State, seat: int) -> int:
    """The seat's sheet score with the turn not yet confirmed (the view's ``my_score``)."""
    return int(ruleset.view(state, seat)["my_score"]["total"])


def waits(legal: list[Move]) -> bool:
    """The card is played: its confirm is the seat's."""
    return any(move["t"] == "confirm" for move in legal)


TEACHER = Teacher(hint=stars_hint, decision_key=decision_key, segments=segments,
                  your_moves=your_moves, own_points=own_points, waits=waits)
