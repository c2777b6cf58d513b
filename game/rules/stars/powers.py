"""Power-bonus copies: which copies of the power shape a sheet offers, and what each power is.

A copy is offered only if none of its segments is *spent* (already part of a copy that was used
or skipped). Each copy in the largest set of disjoint unspent copies gives one use. Black hole
and crescent moon stop being offered once one has been used.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.rules.stars import data
from game.rules.stars.geometry import POWER_CARD_ROTATIONS, Segment, find_copies, norm
from game.rules.stars.packing import Copy, max_disjoint
from game.rules.stars.sheet import SheetIndex


def power_name(power_card: int) -> str:
    """The power of card 1..9 (``"aura"`` ... ``"crescent_moon"``)."""
    return data.POWER_CARDS[power_card - 1]["power"]


def offered_copies(index: SheetIndex, spent: Iterable[Segment], once_used: bool) -> list[Copy]:
    """The disjoint unspent copies of the power shape on the sheet: one use each."""
    power = power_name(index.power_card)
    if once_used and power in data.ONCE_PER_GAME_POWERS:
        return []
    spent_set = {norm(*s) for s in spent}
    free_lines = index.line_set - spent_set
    copies = find_copies(POWER_CARD_ROTATIONS[index.power_card - 1], free_lines)
    return max_disjoint(copies)
