"""What a placement would do to a sheet's score, before it is made: the change in each
category and the scoring constellations it would break. Pure, and built on the engine's own
scoring (``cached_score``, ``SheetIndex.groups``), so the preview is the score the game will
give; the client asks it once per ghost position (it memoises per sheet and placement).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.stars.geometry import norm
from game.rules.stars.scoring import CATEGORIES, cached_score
from game.rules.stars.sheet import SheetIndex


def placement_preview(sheet: dict[str, Any], lines: Sequence[Sequence[int]] = (),
                      shooting_star: Sequence[Sequence[int]] | None = None,
                      objects: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """The score change if ``lines`` (and/or a ``shooting_star``, ``objects``) were added to a
    well-formed ``sheet`` by a legal placement.

    Returns ``{"delta": {category: change, ..., "total": change}, "after": breakdown,
    "broken": [{"size": n, "into": m, "lines": [...]}]}``: ``broken`` lists each scoring
    constellation (or nova group) that would end up in a group that scores nothing (too many
    lines, or a nova group losing its nova size), with the size it would grow to."""
    after_sheet = dict(sheet)
    after_sheet["lines"] = [*sheet["lines"], *(list(line) for line in lines)]
    if shooting_star is not None:
        after_sheet["shooting_stars"] = [*sheet["shooting_stars"],
                                         [list(p) for p in shooting_star]]
    if objects:
        after_sheet["objects"] = [*sheet["objects"],
                                  *({"kind": o["kind"], "at": list(o["at"])} for o in objects)]
    before, after = cached_score(sheet), cached_score(after_sheet)
    delta = {key: after[key] - before[key] for key in (*CATEGORIES, "total")}
    broken = []
    if lines:
        groups_after = SheetIndex(after_sheet).groups()
        where = {line: group for group in groups_after for line in group.lines}
        for group in SheetIndex(sheet).groups():
            if not group.valid:
                continue
            grown = where[norm(*group.lines[0])]
            if not grown.valid:
                broken.append({"size": group.size, "into": grown.size,
                               "lines": [list(s) for s in sorted(grown.lines)]})
    return {"delta": delta, "after": after, "broken": broken}
