"""Planets named as the player reads them, in the window's language: one module the board, the
log, the prompts and the replay all call, so a planet has one name everywhere."""

from __future__ import annotations

from game.client.i18n import _
from game.rules.stargazer import PLANET_TYPES
from game.rules.stargazer.content import planet_marks


def planet_name(planets: list[str], index: int, short: bool = True) -> str:
    """Planet ``index`` of the ring named in the window's language, with its letter when its type
    is in the ring twice ("Lava planet B"); ``short`` drops a trailing " planet" ("Lava B" for the
    path prompt) where the language has one to drop."""
    name = _(PLANET_TYPES[planets[index]]["name"])
    if short and name.endswith(" planet"):
        name = name[: -len(" planet")]
    mark = planet_marks(planets)[index]
    return f"{name} {mark}" if mark else name


def square_vp(planets: list[str], planet: object, square: object) -> int | None:
    """The VP printed over ``square`` (1 the first after the 0 square) of ``planet``'s track,
    None where the numbers name no square: the cards print VP, not square numbers, so a
    "square 3" alone could not be found on them (a playtest)."""
    if not isinstance(planet, int) or not isinstance(square, int) or square < 1 or \
            not 0 <= planet < len(planets) or planets[planet] not in PLANET_TYPES:
        return None
    track = PLANET_TYPES[planets[planet]]["track"]
    return int(track[square - 1]) if square <= len(track) else None
