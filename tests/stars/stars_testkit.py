"""Helpers for the Look at the Stars tests: crafted sheets and states, byte-exact snapshots."""

from __future__ import annotations

import itertools
from typing import Any

import msgpack

from game.rules.base import IllegalMove
from game.rules.stars import RULESET, data
from game.rules.stars.sheet import new_sheet


def most_disjoint(copies: list) -> int:
    """How many of ``copies`` can be taken with no segment shared, by trying every subset (an
    oracle of its own for the packing search; keep the lists small)."""
    for size in range(len(copies), 0, -1):
        for combo in itertools.combinations(copies, size):
            segments = [s for c in combo for s in c]
            if len(segments) == len(set(segments)):
                return size
    return 0


POWER_NUMBER = {card["power"]: i + 1 for i, card in enumerate(data.POWER_CARDS)}


def sheet(
    board: int = 0,
    lines: list[list[int]] | None = None,
    shooting_stars: list[list[list[int]]] | None = None,
    objects: list[dict[str, Any]] | None = None,
    point_card: int = 3,
    power_card: int = 4,
) -> dict[str, Any]:
    out = new_sheet(board, point_card, power_card)
    out["lines"] = [list(line) for line in lines or []]
    out["shooting_stars"] = [list(map(list, s)) for s in shooting_stars or []]
    out["objects"] = list(objects or [])
    return out


def obj(kind: str, x: int, y: int) -> dict[str, Any]:
    return {"kind": kind, "at": [x, y]}


def path(*points: tuple[int, int]) -> list[list[int]]:
    """Lines joining consecutive points."""
    return [[a[0], a[1], b[0], b[1]] for a, b in zip(points, points[1:], strict=False)]


def crafted_state(
    *,
    players: int = 1,
    power: str = "line",
    point_card: int = 3,
    card: int = 0,
    boards: list[int] | None = None,
    lines: dict[int, list[list[int]]] | None = None,
    objects: dict[int, list[dict[str, Any]]] | None = None,
    flipped: int = 1,
    live_score: bool = False,
) -> dict[str, Any]:
    """A state with chosen boards (default: seat i has board i), power card, current card
    and pre-drawn lines per seat."""
    state = RULESET.setup(
        {
            "players": players,
            "power_card": POWER_NUMBER[power],
            "point_card": point_card,
            "live_score": live_score,
        },
        seed=1,
    )
    deck = state["deck"]
    deck.remove(card)
    deck.insert(flipped - 1, card)
    state["flipped"] = flipped
    state["day"] = (flipped - 1) // data.CARDS_PER_PILE
    for seat, record in enumerate(state["seats"]):
        record["sheet"]["board"] = boards[seat] if boards is not None else seat
        record["sheet"]["lines"] = [list(line) for line in (lines or {}).get(seat, [])]
        record["sheet"]["objects"] = list((objects or {}).get(seat, []))
    return state


def packed(state: Any) -> bytes:
    return msgpack.packb(state)


def assert_refused(state: dict[str, Any], seat: int, move: Any, code: str) -> None:
    """The move raises ``IllegalMove(code)`` and leaves the state byte for byte unchanged."""
    before = packed(state)
    try:
        RULESET.apply(state, seat, move)
    except IllegalMove as refused:
        assert refused.code == code, f"{move!r}: expected {code}, got {refused.code} ({refused})"
    else:
        raise AssertionError(f"{move!r} was accepted; expected {code}")
    assert packed(state) == before, f"{move!r} changed the state"


def place_segments(card: int, segments: list[list[int]]) -> dict[str, Any]:
    """The place move that draws ``card`` exactly as ``segments`` (in any order)."""
    from game.rules.stars import card_segments
    from game.rules.stars.geometry import norm

    want = sorted(norm(*s) for s in segments)
    for rot in range(4):
        for dx in range(-4, 11):
            for dy in range(-4, 12):
                got = sorted(norm(*s) for s in card_segments(card, rot, dx, dy))
                if got == want:
                    return {"t": "place", "rot": rot, "dx": dx, "dy": dy}
    raise AssertionError(f"card {card} cannot draw {segments}")


def set_card(state: dict[str, Any], card: int) -> None:
    """Make ``card`` the face-up card (swapping it with the one there)."""
    deck = state["deck"]
    here = state["flipped"] - 1
    where = deck.index(card)
    deck[here], deck[where] = deck[where], deck[here]


def completing_move(
    state: dict[str, Any], seat: int, target: list[int], far_from: list[tuple[int, int]] = ()
) -> dict[str, Any]:
    """Make the face-up card one that can draw ``target`` with its other segment well away
    from ``far_from`` points (Chebyshev distance >= 3), and return that place move."""
    from game.rules.stars import card_segments, placement_problem
    from game.rules.stars.geometry import norm

    want = norm(*target)
    me = state["seats"][seat]["sheet"]
    for card in range(len(data.LINE_CARDS)):
        for rot in range(4):
            for dx in range(-3, 10):
                for dy in range(-3, 11):
                    segs = [norm(*s) for s in card_segments(card, rot, dx, dy)]
                    if want not in segs:
                        continue
                    other = segs[1] if segs[0] == want else segs[0]
                    ends = [(other[0], other[1]), (other[2], other[3])]
                    if any(
                        max(abs(e[0] - p[0]), abs(e[1] - p[1])) < 3 for e in ends for p in far_from
                    ):
                        continue
                    if placement_problem(me, segs, state["day"]) is None:
                        set_card(state, card)
                        return {"t": "place", "rot": rot, "dx": dx, "dy": dy}
    raise AssertionError(f"no card draws {target} away from {far_from}")


def confirm_all(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Every seat that has not played skips; then every seat confirms."""
    events = []
    for seat, record in enumerate(state["seats"]):
        if record["turn"] is None:
            events += RULESET.apply(state, seat, {"t": "skip"})
    for seat, record in enumerate(state["seats"]):
        if not record["confirmed"]:
            events += RULESET.apply(state, seat, {"t": "confirm"})
    return events


def solo_position_with_a_line_card(seed: int) -> dict[str, Any]:
    """A solo game a few cards in (greedy played the first ones), a line card to place: a spot
    where the searching bots weigh placements ahead."""
    from game.ai.stars_bots import GreedyBot

    state = RULESET.setup({"players": 1}, seed)
    greedy = GreedyBot(seed)
    while state["flipped"] < 4 or state["seats"][0]["turn"] is not None or not any(
            m["t"] == "place" for m in RULESET.legal_moves(state, 0)):
        RULESET.apply(state, 0, greedy.choose(RULESET, state, 0))
    return state
