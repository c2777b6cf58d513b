"""Shapes of what a game sends over the wire (views and events), as plain data, and the one
check of a value against them.

A window that shows a table on another machine checks each view and event its host sends
before any drawing code reads it (``game.client.session.RemoteSession``): a broken or hostile
host's board 99 or cube count of 2**40 is refused there with the place it was found, instead
of failing, or looping for ever, somewhere in the drawing. ``docs/PROTOCOL.md`` section 11
is the same in prose. (A few lines of our own rather than a schema library: the shapes are
small, and the one-file program carries no more dependencies.)

A shape is one of:

- ``"bool"``, ``"any"``;
- ``Int(low, high)``; ``Text(*choices, longest=64)`` (no choices: any string of at most
  ``longest`` characters);
- ``[item, longest]``: a list of at most ``longest`` items of shape ``item``;
- ``(a, b, ...)``: a list of exactly those items (a point, a line);
- ``{key: shape}``: a map with those keys (it may hold others, which are not read);
  ``Optional(shape)`` for a key that may be missing;
- ``Nullable(shape)``: nil or ``shape``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.base import short_repr


@dataclass(frozen=True)
class Int:
    low: int
    high: int


class Text:
    def __init__(self, *choices: str, longest: int = 64) -> None:
        self.choices = frozenset(choices)
        self.longest = longest


@dataclass(frozen=True)
class Nullable:
    shape: Any


@dataclass(frozen=True)
class Optional:
    shape: Any


def problem(value: Any, shape: Any, where: str = "") -> str | None:
    """None if ``value`` has ``shape``, else where and how it does not (e.g.
    ``"view.seats[0].board: 99 is not 0-7"``)."""
    if _fits_quickly(value, shape):  # (the common case, without a call per item)
        return None
    if isinstance(shape, Nullable | Optional):
        return None if value is None else problem(value, shape.shape, where)
    if shape == "any":
        return None
    if shape == "bool":
        return None if isinstance(value, bool) else f"{where}: {short_repr(value)} is not a bool"
    if isinstance(shape, Int):
        if not isinstance(value, int) or isinstance(value, bool):
            return f"{where}: {short_repr(value)} is not an int"
        if not shape.low <= value <= shape.high:
            return f"{where}: {value} is not {shape.low}-{shape.high}"
        return None
    if isinstance(shape, Text):
        if not isinstance(value, str) or len(value) > shape.longest:
            return f"{where}: {short_repr(value)} is not a string of at most {shape.longest}"
        if shape.choices and value not in shape.choices:
            return f"{where}: {short_repr(value)} is not one of {', '.join(sorted(shape.choices))}"
        return None
    if isinstance(shape, list):
        item, longest = shape
        if not isinstance(value, list) or len(value) > longest:
            return f"{where}: not a list of at most {longest}"
        for index, inner in enumerate(value):
            found = problem(inner, item, f"{where}[{index}]")
            if found:
                return found
        return None
    if isinstance(shape, tuple):
        if not isinstance(value, list) or len(value) != len(shape):
            return f"{where}: not a list of {len(shape)}"
        for index, (inner, item) in enumerate(zip(value, shape, strict=True)):
            found = problem(inner, item, f"{where}[{index}]")
            if found:
                return found
        return None
    if isinstance(shape, dict):
        if not isinstance(value, dict):
            return f"{where}: not a map"
        for key, item in shape.items():
            if key not in value:
                if isinstance(item, Optional):
                    continue
                return f"{where}.{key}: missing"
            found = problem(value[key], item, f"{where}.{key}")
            if found:
                return found
        return None
    raise TypeError(f"not a shape: {shape!r}")


def _fits_quickly(value: Any, shape: Any) -> bool:
    """True when ``value`` surely has ``shape``, for the shapes a view is mostly made of (an
    int in its range; a list of points or lines); False: ``problem`` looks item by item."""
    if type(shape) is Int:
        return type(value) is int and shape.low <= value <= shape.high
    if type(shape) is list and type(value) is list and len(value) <= shape[1]:
        item = shape[0]
        if type(item) is tuple and all(type(part) is Int for part in item):
            width = len(item)
            bounds = [(part.low, part.high) for part in item]
            return all(type(inner) is list and len(inner) == width and all(
                type(x) is int and low <= x <= high
                for x, (low, high) in zip(inner, bounds, strict=True)) for inner in value)
    return False


def event_problem(event: Any, shapes: dict[str, Any], where: str = "event") -> str | None:
    """``problem`` for one event by its ``type`` (``shapes``: type -> the fields' shape); an
    event of a type ``shapes`` does not name is the caller's to drop or keep."""
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        return f"{where}: not an event"
    shape = shapes.get(event["type"])
    return None if shape is None else problem(event, shape, f"{where} {event['type']}")


#: what a view's parts must agree on, beyond each one's own shape: ``(a, op, b)``, ``op`` "="
#: (as many) or "<" (an index into), where a list stands for its length, a number for itself
#: and ``"@seats"`` for the table's seat count: e.g. ``("hands", "=", "players")``
Agreement = tuple[str, str, str]


def agreement_problem(view: dict[str, Any], agreements: tuple[Agreement, ...], seats: int,
                      where: str = "view") -> str | None:
    """Where a ``view`` whose shape fits disagrees with itself or with its table (a host's
    ``hands`` for 1 seat of 3, or a seat list of none, broke the drawing: an outside check);
    None when it agrees. Keys a view does not hold (nil, optional) are not compared, nor
    the seats when the table's are not known yet (``seats`` 0)."""
    def measure(key: str) -> int | None:
        if key == "@seats":
            return seats if seats > 0 else None
        value = view.get(key)
        if isinstance(value, list):
            return len(value)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    for a, op, b in agreements:
        left, right = measure(a), measure(b)
        if left is None or right is None:
            continue
        if (op == "=" and left != right) or (op == "<" and not left < right):
            return f"{where}.{a}: {left}, not {'' if op == '=' else 'below '}{right} ({b})"
    return None


def shape_json(shape: Any) -> Any:
    """``shape`` as plain JSON, for ``docs/data/<game>.json`` (``docs/PROTOCOL.md`` section 12
    reads it): ``"bool"``, ``"any"``, ``{"int": [low, high]}``, ``{"text": longest}`` (with
    ``"one_of"``: the strings allowed), ``{"list": item, "longest": n}``, ``{"tuple": [items]}``,
    ``{"map": {key: shape}}`` (a key that may be missing is ``{"optional": shape}``),
    ``{"nullable": shape}``."""
    if isinstance(shape, str):
        return shape
    if isinstance(shape, Int):
        return {"int": [shape.low, shape.high]}
    if isinstance(shape, Text):
        out: dict[str, Any] = {"text": shape.longest}
        if shape.choices:
            out["one_of"] = sorted(shape.choices)
        return out
    if isinstance(shape, Nullable):
        return {"nullable": shape_json(shape.shape)}
    if isinstance(shape, Optional):
        return {"optional": shape_json(shape.shape)}
    if isinstance(shape, list):
        return {"list": shape_json(shape[0]), "longest": shape[1]}
    if isinstance(shape, tuple):
        return {"tuple": [shape_json(item) for item in shape]}
    if isinstance(shape, dict):
        return {"map": {key: shape_json(item) for key, item in shape.items()}}
    raise TypeError(f"not a shape: {shape!r}")
