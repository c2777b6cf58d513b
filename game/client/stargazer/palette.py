"""Stargazer's colours, and the shape or pattern each colour also carries.

Red, blue, yellow and green are the classic colour-blindness trap, so colour is never the only
cue: every player's cubes carry a mark (dot, cross, bar, triangle; free cubes carry none) and
every planet colour a texture (lava spots, ocean waves, gas bands...). Settings offers a
colour-blind palette (Okabe & Ito's colours) in which the colours themselves stay apart under
deuteranopia too; ``tests/client/test_sg_colours.py`` checks both palettes by CIEDE2000.
Planet colours are keyed by the content data's colour names (``PLANET_TYPES[...]["colour"]``).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.client.i18n import N_, _

Color = tuple[int, int, int]

#: the mark on each seat's cubes and worker, by seat
PLAYER_MARKS: tuple[str, ...] = ("dot", "cross", "bar", "triangle")
#: free cubes (the virtual player) carry no mark
FREE_MARK = "none"
#: the texture of each planet colour (content colour name -> pattern)
PLANET_TEXTURES: dict[str, str] = {
    "red": "spots", "blue": "waves", "yellow": "bands", "green": "hatch", "black": "stars",
    "white": "facets",
}
#: shown as words too (the specialty bonus groups cubes by these names)
COLOUR_WORDS: dict[str, str] = {
    "red": N_("red"), "blue": N_("blue"), "yellow": N_("yellow"), "green": N_("green"),
    "black": N_("black"), "white": N_("white (wild)"),
}
#: a colour in one word (the specialty lines: "red 2, blue 1, wild 1")
COLOUR_SHORT: dict[str, str] = {**COLOUR_WORDS, "white": N_("white")}


def colour_word(colour: str, short: bool = False) -> str:
    """A planet colour in the window's language."""
    word = (COLOUR_SHORT if short else COLOUR_WORDS).get(colour)
    return _(word) if word is not None else colour


@dataclass(frozen=True)
class Palette:
    name: str
    players: tuple[Color, ...]
    free: Color
    planets: dict[str, Color]

    def player(self, seat: int) -> Color:
        return self.free if seat < 0 else self.players[seat % len(self.players)]

    def planet(self, colour: str) -> Color:
        return self.planets.get(colour, (128, 128, 128))


CLASSIC = Palette(
    "classic",
    players=((222, 52, 52), (52, 112, 232), (240, 200, 40), (42, 166, 72)),
    free=(214, 214, 224),
    planets={"red": (205, 68, 42), "blue": (42, 102, 212), "yellow": (228, 188, 62),
             "green": (62, 160, 74), "black": (58, 52, 84), "white": (226, 234, 250)},
)

#: Okabe & Ito (2008): vermillion, blue, yellow, reddish purple; bluish green for a planet
COLOUR_BLIND = Palette(
    "colour-blind",
    players=((213, 94, 0), (0, 114, 178), (240, 228, 66), (204, 121, 167)),
    free=(214, 214, 224),
    planets={"red": (213, 94, 0), "blue": (0, 114, 178), "yellow": (240, 228, 66),
             "green": (0, 158, 115), "black": (46, 46, 58), "white": (234, 234, 240)},
)


def palette_for(colour_blind: bool) -> Palette:
    return COLOUR_BLIND if colour_blind else CLASSIC


def player_mark(seat: int) -> str:
    return FREE_MARK if seat < 0 else PLAYER_MARKS[seat % len(PLAYER_MARKS)]


def ink_on(body: Color) -> Color:
    """The colour of a mark drawn on ``body``: near-black on light colours, white on dark."""
    r, g, b = body
    return (24, 24, 34) if 0.299 * r + 0.587 * g + 0.114 * b > 128 else (250, 250, 255)
