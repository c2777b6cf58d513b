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
