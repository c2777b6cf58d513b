"""What a placement would do to a sheet's score, before it is made: the change in each
category, the scoring constellations it would break, and why a category would lose points.
Pure, and built on the engine's own scoring (``cached_score``, ``score_items``,
``SheetIndex.groups``), so the preview is the score the game will give; the client asks it
once per ghost position (it memoises per sheet and placement).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.stars import data
from game.rules.stars.geometry import norm
from game.rules.stars.powers import offered_copies
from game.rules.stars.scoring import CATEGORIES, cached_score, score_items
from game.rules.stars.sheet import SheetIndex

#: items that score a group of lines (their ``lines`` are the group's own)
GROUP_KINDS = ("constellation", "nova_group", "dead_group")

Item = dict[str, Any]


def placement_preview(sheet: dict[str, Any], lines: Sequence[Sequence[int]] = (),
                      shooting_star: Sequence[Sequence[int]] | None = None,
                      objects: Sequence[dict[str, Any]] = (), *,
                      spent: Sequence[Sequence[int]] | None = None,
                      once_used: bool = False) -> dict[str, Any]:
    """The score change if ``lines`` (and/or a ``shooting_star``, ``objects``) were added to a
    well-formed ``sheet`` by a legal placement.

    Returns ``{"delta": {category: change, ..., "total": change}, "after": breakdown,
    "broken": [{"size": n, "into": m, "lines": [...]}], "losses": [...], "power_uses": n}``:
    ``broken`` lists each scoring constellation (or nova group) that would end up in a group
    that scores nothing (too many lines, or a nova group losing its nova size), with the size it
    would grow to; ``losses`` says why each category that goes down loses (``losses_between``);
    ``power_uses``, when the seat's ``spent`` power lines (and ``once_used``) are given, how
    many uses of the power the lines would earn (copies of the power shape they complete, as
    the engine offers them after the card), else 0."""
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
    losing = {key for key in CATEGORIES if delta[key] < 0}
    # both sheets indexed once, for whatever below needs them (a spot not looked at before
    # is asked once, and each index costs about as much as the scoring)
    index, index_after = (SheetIndex(sheet), SheetIndex(after_sheet)) if lines or losing \
        else (None, None)
    broken = []
    if lines:
        where = {line: group for group in index_after.groups() for line in group.lines}
        for group in index.groups():
            if not group.valid:
                continue
            grown = where[norm(*group.lines[0])]
            if not grown.valid:
                broken.append({"size": group.size, "into": grown.size,
                               "lines": [list(s) for s in sorted(grown.lines)]})
    losses: list[dict[str, Any]] = []
    if losing:  # the item lists cost more: only on a loss
        losses = [loss for loss in losses_between(index, index_after)
                  if loss["category"] in losing]
    power_uses = 0
    if spent is not None and lines:
        spent_lines = [tuple(line) for line in spent]
        power_uses = max(0, len(offered_copies(index_after, spent_lines, once_used))
                         - len(offered_copies(index, spent_lines, once_used)))
    return {"delta": delta, "after": after, "broken": broken, "losses": losses,
            "power_uses": power_uses}


def losses_between(before: SheetIndex, after: SheetIndex) -> list[dict[str, Any]]:
    """Every scoring item of ``before`` that scores less on ``after`` (the same sheet with more
    drawn on it), and why, read from the engine's own ``score_items`` of both.

    A loss is ``{"category", "kind" (the item's, as ``score_items``), "why", "points" (lost),
    "size", "into", "lines"}``; ``why`` is ``size_taken`` (its group grows to a size that
    another constellation already scores: ``into`` is that size), ``moved`` (it grows into a
    nova group, scored under the power bonus), ``too_big`` (its group, or one the object
    counts, grows past what scores), ``merged`` (constellations the object
    counts join into one), ``crowded`` (a twinkling star would touch more than two
    constellations) or ``covered`` (a star beside a black hole is no longer free). ``size``
    is the group's size before (objects: the constellations counted before), ``into`` its
    size after (objects: how many of those still count after, as constellations of their
    own)."""
    items_after = score_items(after)
    group_after: dict[tuple[int, ...], Item] = {}
    for item in items_after:
        if item["kind"] in GROUP_KINDS:
            for line in item["lines"]:
                group_after[tuple(line)] = item
    losses = []
    for item in score_items(before):
        if item["points"] <= 0:
            continue
        if item["kind"] in GROUP_KINDS:
            grown = group_after.get(tuple(item["lines"][0]))
            points = grown["points"] if grown is not None and \
                grown["category"] == item["category"] else 0
            if points >= item["points"]:
                continue
            if grown is None or grown["kind"] == "dead_group":
                why = "too_big"
            elif grown["category"] != item["category"]:
                why = "moved"  # a constellation grown into a nova group: power bonus now
            else:
                why = "size_taken"
            size, into = len(item["lines"]), len(grown["lines"]) if grown else 0
        else:
            same = next((i for i in items_after if i["kind"] == item["kind"]
                         and i["stars"][:1] == item["stars"][:1]), None)
            points = same["points"] if same is not None else 0
            if points >= item["points"]:
                continue
            why, size, into = _object_loss(item, before, group_after)
        losses.append({"category": item["category"], "kind": item["kind"], "why": why,
                       "points": item["points"] - points, "size": size, "into": into,
                       "lines": item["lines"]})
    return losses


def _object_loss(item: Item, before: SheetIndex,
                 group_after: dict[tuple[int, ...], Item]) -> tuple[str, int, int]:
    """(why, constellations counted before, how many of them still count) for an object item
    that loses points: its constellations grow too big or join, a twinkling star gets a
    third, a black hole's star is covered."""
    if item["kind"] == data.BLACK_HOLE:  # it counts free stars, not constellations
        return "covered", len(item["stars"]) - 1, 0
    counted = {line: group for group in before.groups() if group.valid
               for line in map(tuple, group.lines)}
    groups = {id(counted[key]): counted[key] for key in map(tuple, item["lines"])
              if key in counted}.values()
    grown = [group_after.get(tuple(group.lines[0])) for group in groups]
    still = len({id(g) for g in grown if g is not None and g["kind"] != "dead_group"})
    if any(g is None or g["kind"] == "dead_group" for g in grown):
        return "too_big", len(groups), still
    if still < len(grown):
        return "merged", len(groups), still
    return "crowded", len(groups), still
