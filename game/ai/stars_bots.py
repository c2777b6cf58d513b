"""Look at the Stars bots. ``GreedyBot`` plays the move with the best immediate score gain.

It decides from the seat's own view (its sheet, the face-up card, its power prompt) and the
legal moves, never from the undealt deck. Ties on the gain go to the move that grows line
groups towards 8 lines, then to a seeded random pick, so bot games replay exactly.
"""

from __future__ import annotations

from typing import Any

from game.rules.base import Move, Ruleset, State, make_rng
from game.rules.stars import data
from game.rules.stars.geometry import card_segments, norm, shooting_star_points
from game.rules.stars.scoring import score_index
from game.rules.stars.sheet import SheetIndex


def _with(sheet: dict[str, Any], **extra: list) -> dict[str, Any]:
    """A shallow copy of ``sheet`` with items appended to its lists."""
    out = dict(sheet)
    for key, items in extra.items():
        out[key] = sheet[key] + items
    return out


def _value(sheet: dict[str, Any]) -> tuple[int, int]:
    """(score total, growth potential) of a sheet: groups of up to 8 lines weigh their square."""
    index = SheetIndex(sheet)
    potential = sum(g.size * g.size for g in index.groups() if g.size <= 8)
    return score_index(index)["total"], potential


class GreedyBot:
    """Best immediate score gain; it confirms as soon as its card is played and never undoes."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = make_rng(seed, "stars-greedy")

    def choose(self, ruleset: Ruleset, state: State, seat: int) -> Move:
        return self.choose_from_view(ruleset.view(state, seat), seat,
                                     ruleset.legal_moves(state, seat))

    def choose_from_view(self, view: dict[str, Any], seat: int, moves: list[Move]) -> Move:
        """The move for ``seat`` from its ``view`` and its ``moves`` (the host's ``legal``
        list): what a remote bot has, so it plays exactly like a table's own AI seat."""
        if not moves:
            raise ValueError(f"seat {seat} has no legal move")
        kinds = {m["t"] for m in moves}
        if "confirm" in kinds:
            return {"t": "confirm"}
        pending = view["pending"]
        sheet = pending["sheet"] if pending else view["seats"][seat]["sheet"]
        base_total, base_potential = _value(sheet)
        best: list[Move] = []
        best_key: tuple[float, int] | None = None
        for move in moves:
            key = self._evaluate(move, sheet, view, base_total, base_potential)
            if key is None:
                continue
            if best_key is None or key > best_key:
                best, best_key = [move], key
            elif key == best_key:
                best.append(move)
        return self.rng.choice(best) if best else moves[0]

    def _evaluate(
        self,
        move: Move,
        sheet: dict[str, Any],
        view: dict[str, Any],
        base_total: int,
        base_potential: int,
    ) -> tuple[float, int] | None:
        t = move["t"]
        if t in ("undo", "confirm"):
            return None
        if t == "skip":
            return (0.0, 0)
        if t == "skip_power":
            return (-0.5, 0)
        if t == "place":
            segs = card_segments(view["card"]["id"], move["rot"], move["dx"], move["dy"])
            after = _with(sheet, lines=[list(norm(*s)) for s in segs])
        elif t == "shooting_star":
            pts = shooting_star_points(move["size"], move["rot"], move["dx"], move["dy"])
            after = _with(sheet, shooting_stars=[[list(p) for p in pts]])
        elif t == "power" and "line" in move:
            after = _with(sheet, lines=[list(norm(*move["line"]))])
        elif t == "power":
            power = view["pending"]["prompt"]["power"]
            kind = power if power in data.OBJECT_KINDS else data.NEW_STAR
            after = _with(sheet, objects=[{"kind": kind, "at": list(move["at"])}])
        else:
            return None
        total, potential = _value(after)
        return (float(total - base_total), potential - base_potential)
