"""The point-bonus count is a true maximum of segment-disjoint copies (vs brute force)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stars_testkit import most_disjoint, sheet

from game.rules.stars import data, score_sheet
from game.rules.stars.geometry import norm
from game.rules.stars.packing import max_disjoint
from game.rules.stars.sheet import usable_on_board

SEGMENTS = [(i, 0, i + 1, 0) for i in range(9)]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(SEGMENTS), min_size=1, max_size=3, unique=True),
        max_size=11,
        unique_by=lambda c: tuple(sorted(c)),
    )
)
def test_max_disjoint_matches_brute_force(raw: list[list[tuple]]) -> None:
    copies = [tuple(sorted(c)) for c in raw]
    chosen = max_disjoint(copies)
    segs = [s for c in chosen for s in c]
    assert len(segs) == len(set(segs)), "chosen copies share a segment"
    assert len(chosen) == most_disjoint(copies)


def test_odd_cycle_of_conflicts() -> None:
    # five copies in a ring, each sharing one segment with the next: at most 2
    ring = [(SEGMENTS[i], SEGMENTS[(i + 1) % 5]) for i in range(5)]
    ring = [tuple(sorted(c)) for c in ring]
    assert len(max_disjoint(ring)) == 2


@pytest.mark.timeout(60)
def test_a_hostile_sheet_with_every_segment_drawn_scores_in_bounded_time() -> None:
    points = {(x, y) for x in range(10) for y in range(11) if usable_on_board(0, (x, y))}
    printed = {norm(*s) for s in data.BOARDS[0]["printed_lines"]}
    lines = [
        [x, y, x + dx, y + dy]
        for x, y in sorted(points)
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1))
        if (x + dx, y + dy) in points and norm(x, y, x + dx, y + dy) not in printed
    ]
    score = score_sheet(sheet(lines=lines, point_card=4))
    assert score["point_bonus"] >= 3 * 30  # at least 30 disjoint copies found
