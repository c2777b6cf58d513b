"""The in-game rules screen's text (Stargazer), in the project's words.

The crews and planets come from the content data (``game.rules.stargazer.content``), so the page
follows every change of the design; ``docs/rules/stargazer.md`` is the full reference.
"""

from __future__ import annotations

from game.client.kits import FIGURE_HEADING
from game.rules.stargazer import fewest_turn_order_vp
from game.rules.stargazer.content import (
    CREWS,
    CUBES_PER_PLAYER,
    MAX_FREE_CUBES_ON_CREW,
    PLANET_TYPES,
    PLANETS_FOR_PLAYERS,
    TIES_TO_FEWEST_TURN_ORDER_VP,
    TURN_ORDER_VP,
    WOOD_CUBES,
)


def _planet_line(info: dict) -> str:
    squares = " ".join(str(vp) for vp in info["track"])
    cards = f"{info['copies']} planet card{'s' if info['copies'] > 1 else ''} in the box"
    return f"{info['colour']}, {cards}; VP on squares 1, 2, ...: {squares}. {info['text']}"


def _crew_line(crew: dict) -> str:
    count = crew["count"]
    return f"investigates with up to {count} cube{'s' if count > 1 else ''}. {crew['text']}"


_PLANETS = ", ".join(f"{n} planets for {p} players" for p, n in PLANETS_FOR_PLAYERS.items())
_ORDER = "; ".join(
    f"{p} players: " + (", ".join(map(str, vp)) if any(vp) else "none")
    for p, vp in TURN_ORDER_VP.items()
)
_ORDINALS = ("first", "second", "third", "fourth")


def _fewest_holders(vp: list[int]) -> str:
    """Who starts with the fewest turn-order VP, in words: "the first start player" alone, else
    the round-1 positions ("the third and fourth players of round 1")."""
    held = [i for i, tie in enumerate(fewest_turn_order_vp(vp)) if tie == 0]
    if held == [0]:
        return "the first start player"
    return f"the {' and '.join(_ORDINALS[i] for i in held)} players of round 1"


_TIE_HOLDERS = "; ".join(f"with {p} players {_fewest_holders(TURN_ORDER_VP[p])}"
                         for p, rule in TIES_TO_FEWEST_TURN_ORDER_VP.items() if rule)
_TIES = (f"Ties: a tie on VP goes to whoever started with the fewest turn-order VP ({_TIE_HOLDERS}"
         "); then more cubes left in hand; then a shared place."
         if _TIE_HOLDERS else "Ties: more cubes left in hand; then a shared place.")

STARGAZER: list[tuple[str, str]] = [
    ("The game", f"3 or 4 players explore a ring of planets ({_PLANETS}), clockwise order "
     f"matters. Each player has a worker and {CUBES_PER_PLAYER} cubes of their colour: the "
     "cubes not yet placed are your hand. Apart "
     f"from those there are {WOOD_CUBES} white cubes: each player takes one as a score marker, "
     f"and the others ({WOOD_CUBES - 3} with 3 players, {WOOD_CUBES - 4} with 4) are the "
     "neutral free cubes: one starts on Captain Armstrong, the rest wait in the stock. The "
     "crews are cards with a skill each, beside the ring: each round every player picks one "
     "and puts their worker on it. Captain Armstrong is always in play, with players + 1 "
     "other crews."),
    ("Turn order", "The first start player is chosen at random; the others follow clockwise. "
     "Where you sit in round 1 matters (who picks a crew first, whose cubes land on the "
     "higher squares), so to even it out each player starts with a few VP by their round-1 "
     f"position, first start player first ({_ORDER})."
     + (f" Whoever starts with the fewest also wins a tie on VP ({_TIE_HOLDERS}; see Winner)."
        if _TIE_HOLDERS else "")),
    ("A turn", "Pick a crew without a worker (its motivation bonus: +1 VP per free cube on it, "
     "+2 VP per player cube on it). Apply its skill: it is mandatory when it can apply and "
     "ignored when it cannot. Then investigate."),
    ("Investigating", "Place up to the crew's count of cubes: one on a start planet, then one "
     "on each following planet clockwise, full planets skipped, never two in a row on one "
     "planet (coming back after a whole lap is fine: when every other planet is full, the "
     "next cube goes round the ring to the same one). Each cube goes at the back of the "
     "queue: the next free square. You must place at "
     "least one cube if you can. The table shows the path and the VP of each square before you "
     "confirm; until then you may change it."),
    ("Round end", "When everyone has played, the round ends. Each crew without a worker gets "
     f"a free cube from the stock (at most {MAX_FREE_CUBES_ON_CREW}), the workers come back, "
     "and Captain Armstrong's holder names the next start player."),
    ("Game end", "At a round's end the game ends if any player's hand is empty or at least "
     "as many planets as players are full (the 0 squares do not count). Then everyone scores: "
     "Majority, Specialty and Winner below say how."),
    ("Majority", "On each planet the owners are ranked by cubes (the free cubes are a virtual "
     "player who scores nothing). Of two owners with as many cubes, the one whose first cube "
     "(the one nearest the front) sits further back, on a higher square, ranks higher (on the "
     "dark planet: nearer the front); a cube on a 0 square does not count here. With k the "
     "highest filled square, the first scores the VP of square k, the second of k - 1, and "
     "so on. A 0 VP square is an accident: whoever's rank lands there scores nothing on that "
     "planet. No planet's second-to-last square is an accident, so a full planet always pays "
     "its runner-up."),
    (FIGURE_HEADING, "majority"),  # a worked example: rules_figure.py
    ("Specialty", "Group your cubes by planet colour (0 squares included): score 1 VP per cube "
     "of your largest group, or of every group tied for largest (3 cubes in each of 4 colours: "
     "12 VP). The diamond planet's cubes are wild."),
    ("The 0 square", "Every planet has one square numbered 0, the box left of square 1 (not "
     "an accident: those are squares of the track worth 0 VP, their number in red). It "
     "never fills the planet's track and only skills use it (the Archaeologist puts a cube "
     "there, the Treasure Hunter swaps another player's cube there for one of yours). A cube "
     "on a 0 square does not count for the majority, but counts for the specialty."),
    ("Winner", f"Majority + specialty + motivation + skill + turn-order VP. {_TIES}"),
    ("The planets and the crews", "For reference, the cards on the table: each planet's "
     "track and each crew's skill. During play, hover one (or choose it with the keys) for "
     "the same text."),
    *[(info["name"], _planet_line(info)) for info in PLANET_TYPES.values()],
    *[(crew["name"], _crew_line(crew)) for crew in CREWS],
    ("Under each planet", "Who would score what if the game ended now, leader first: a "
     "cube of the owner's colour and the VP that place pays. \"4 VP +1\" means the leader "
     "would score 4 VP with 1 cube more than the next; \"4 VP (tie)\" that the next has as "
     "many cubes (Majority says who is ahead then). White cubes without a mark are "
     "the free cubes: they rank like a player and score nothing. The stock is the supply of "
     "free cubes: a motivation bonus puts the cubes it takes back there, and each round end "
     "takes one for every crew without a worker."),
    ("Colours", "Every player's cubes carry a mark (dot, cross, bar, triangle; free cubes none) "
     "and every planet colour a texture, so no colour has to be told apart by hue alone. "
     "Settings has a colour-blind palette."),
    ("Controls", "Click a crew (green) and click again or press Enter to pick it. Skill: click a "
     "highlighted place (arrows + Enter). Investigating: the mouse over a green planet shows"
     " the path; click it to start there, click a highlighted planet to send the next cube "
     "elsewhere, + / - or the wheel change the number of cubes, U or right click takes back "
     "the last cube, Enter confirms. Hover a crew or planet for its full text. H (or the "
     "Hint button) asks the hard bot for its move. Esc backs out. Without the mouse: Left / "
     "Right choose a crew, a skill's place or the start planet, Enter picks it; "
     "investigating, Up / Down change the number of cubes, Space puts the next cube on the "
     "planet chosen, U takes one back, Enter confirms; L opens the game log."),
    ("At one screen", "Party at one screen: each player holds a pad, half of the keyboard "
     "(left: W A S D, right: the arrows) or the mouse; the player whose turn it is plays, and "
     "the bar at the bottom names them and their buttons. Each control is given as pad / left "
     "half / right half (the pad's X, the left half's X). Choose: D-pad / W A S D / arrows. "
     "Pick, use, confirm: A / Space / Return. Add the highlighted planet to the path: X / E / "
     "Right Shift. Take one back: B / Q / Right Ctrl. Fewer or more cubes: LB, RB / Z, C / "
     "Page Up, Page Down. A crew's or planet's full text: Y / X / Delete. A hint (where "
     "hints are on), pressed "
     "again the game log: Back / H / End. Menu: Start / Esc / F10. A pad pulled out on its "
     "turn pauses the game until a free pad or keyboard half takes the seat with A / Space / "
     "Return."),
]
