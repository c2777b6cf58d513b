"""Stargazer's designed card content as plain data: planet types and the twelve crews.

The draft (seed 001, draft 7) names the components but never published their numbers;
everything here is the project's design (see docs/rules/stargazer.md and the balance log in
docs/balance/stargazer.md). Lessons taken from the designer's earlier drafts 4-6 (published on
the designer's site, not in the seed) are attributed to them there, never to the seed. Skills
are data: an ``effect`` name interpreted by ``skills.py`` / ``placement.py`` plus optional
parameters (``pick_vp``: VP when picked; ``repeat_cost``: VP paid per cube placed right after
one on the same planet, read by the engine), never a code branch per crew.
"""

from __future__ import annotations

from typing import Any

CUBES_PER_PLAYER = 12
#: Wood cubes in the box. At setup each player takes one with their score card and "the
#: remaining wood cubes" become the free cubes of the stock: the project reads that as
#: ``WOOD_CUBES - players`` (9 for 3 players, 8 for 4). The other reading (the seed lists the
#: score sets separately, so all 12 are free) is the engine option ``free_cubes=12``; the balance
#: report measures both.
WOOD_CUBES = 12


def default_free_cubes(players: int) -> int:
    """The free cubes of the stock at setup under the project's reading of the seed."""
    return WOOD_CUBES - players


MAX_FREE_CUBES_ON_CREW = 3
PLANETS_FOR_PLAYERS: dict[int, int] = {3: 5, 4: 7}
START_CREW = "armstrong"
#: Free cubes put on crews at setup (project rule: they make the first round's first pick worth
#: something; see docs/balance/stargazer.md). They come out of the stock.
SETUP_FREE_CUBES: dict[str, int] = {"armstrong": 1}

#: VP each player starts with, by their turn position in round 1 (0 = the first start player).
#: Project rule: the seed lets players pick the first start player freely and says nothing of
#: compensation, but self-play measured an edge by round-1 position that these VP even out
#: (balance log): in 4 players for the last two (later cubes take the higher squares and see the
#: others' moves first); in 3 players for the second and third, the second most (with the hard
#: bot as it ships, 0, 1, 1 left the second player 4.5 points short: log step 25).
TURN_ORDER_VP: dict[int, list[int]] = {3: [0, 2, 1], 4: [1, 1, 0, 0]}

#: Player counts where a tie on VP goes to the players who started with the fewest turn-order
#: VP, before the seed's cubes-in-hand tie-break (which still decides among them, and among the
#: others). Project rule, the half VP that whole turn-order VP cannot give. In 3 players (0, 2, 1)
#: that is the first start player alone: their turn-order VP are "0, and the tie"; with 0, 2, 1
#: a rule by *fewer* VP had the third player win the ties with the second, 3.3 points above a fair
#: share of wins (balance log steps 20, 25). In 4 players (1, 1, 0, 0) it is the third and fourth:
#: with the hard bot as it ships a fifth of the games end in a tie on VP, and the first start
#: player won 6.4 points above a fair share without the rule (step 27).
TIES_TO_FEWEST_TURN_ORDER_VP: dict[int, bool] = {3: True, 4: True}

#: Colour groups the specialty bonus counts (the diamond planet is wild, see "specialty").
COLOUR_GROUPS: list[str] = ["red", "blue", "yellow", "green", "black"]

#: Planet types. ``track[i]`` is the VP printed on square ``i + 1``; a 0 is an accident.
#: ``tie_break``: "later" (draft rule: the first cube further back wins a tie) or "earlier".
#: ``specialty``: "colour" (cubes count for their colour group) or "wild" (each cube joins the
#: colour group of its owner's choice, picked to score the most).
PLANET_TYPES: dict[str, dict[str, Any]] = {
    "lava": {
        "name": "Lava planet",
        "colour": "red",
        "copies": 3,
        "track": [1, 2, 0, 4, 0, 5, 8],
        "tie_break": "later",
        "specialty": "colour",
        "text": "Eruptions: accidents on squares 3 and 5, a rich last square.",
    },
    "ocean": {
        "name": "Ocean planet",
        "colour": "blue",
        "copies": 3,
        "track": [1, 2, 3, 0, 4, 5, 7],
        "tie_break": "later",
        "specialty": "colour",
        "text": "Deep and calm: a single storm, on square 4.",
    },
    "gas": {
        "name": "Gas planet",
        "colour": "yellow",
        "copies": 3,
        "track": [2, 0, 3, 0, 4, 7],
        "tie_break": "later",
        "specialty": "colour",
        "text": "Storm bands: the shortest colour track, accidents on squares 2 and 4.",
    },
    "primordial": {
        "name": "Primordial planet",
        "colour": "green",
        "copies": 3,
        "track": [1, 2, 0, 0, 3, 5, 8],
        "tie_break": "later",
        "specialty": "colour",
        "text": "A swamp of two accidents in the middle, then a rich end.",
    },
    "dark": {
        "name": "Dark planet",
        "colour": "black",
        "copies": 1,
        "track": [1, 2, 3, 4, 5, 6],
        "tie_break": "earlier",
        "specialty": "colour",
        "text": "No accidents, but in the dark the pioneer wins ties: the first cube nearer "
        "the front wins a tie.",
    },
    "diamond": {
        "name": "Diamond planet",
        "colour": "white",
        "copies": 1,
        "track": [2, 0, 0, 3, 5, 9],
        "tie_break": "later",
        "specialty": "wild",
        "text": "A short, brilliant track; its cubes are wild for the specialty bonus.",
    },
}


def planet_marks(planets: list[str]) -> list[str]:
    """A letter for each planet whose type is in the ring more than once ("A", "B", "C" in ring
    order), "" for the others: two Lava planets are "Lava planet A" and "Lava planet B" on their
    cards, in the log and in the prompts, where one name for both was ambiguous."""
    seen: dict[str, int] = {}
    marks = []
    for kind in planets:
        marks.append("ABCDEFGH"[seen.get(kind, 0)] if planets.count(kind) > 1 else "")
        seen[kind] = seen.get(kind, 0) + 1
    return marks


def planet_label(planets: list[str], index: int) -> str:
    """The English name of planet ``index`` of the ring, with its letter when its type repeats."""
    mark = planet_marks(planets)[index]
    name = PLANET_TYPES[planets[index]]["name"]
    return f"{name} {mark}" if mark else name


#: The twelve crews. ``count`` = investigation count; ``effect`` (+ ``params``) = the skill.
#: ``timing``: "choice" skills are resolved with a skill move right after the crew is picked;
#: "placement" skills widen the investigation's options; "round_end" acts at the round's end.
#: ``text`` is the skill as the rules page, the hover and the prompts say it; ``brief``, where
#: given, says the same in fewer words for a crew's row on the table, where ``text`` did not
#: fit two lines at 720p (it ended in "...": a playtest).
CREWS: list[dict[str, Any]] = [
    {
        "id": "armstrong",
        "name": "Captain Armstrong",
        "count": 1,
        "effect": "name_start_player",
        "timing": "round_end",
        "params": {},
        "pick_vp": 1,
        "text": "Always in play. +1 VP when picked. At the end of the round, name the next "
        "round's start player.",
    },
    {
        "id": "archaeologist",
        "name": "Dr. Okafor, Archaeologist",
        "count": 1,
        "effect": "cube_to_zero_square",
        "timing": "choice",
        "params": {},
        "pick_vp": 1,
        "text": "+1 VP when picked. Put one cube from your hand on the empty 0 square of any "
        "planet.",
    },
    {
        "id": "quartermaster",
        "name": "Rivera, Quartermaster",
        "count": 2,
        "effect": "cube_to_crew",
        "timing": "choice",
        "params": {},
        "text": "Put one cube from your hand on another crew without a worker: whoever picks "
        "that crew later scores it as a 2 VP motivation bonus.",
        "brief": "Put one cube from your hand on another crew without a worker: 2 VP to "
        "whoever picks that crew later.",
    },
    {
        "id": "engineer",
        "name": "Kowalski, Engineer",
        "count": 1,
        "effect": "free_cube_to_planet",
        "timing": "choice",
        "params": {},
        "text": "Put one free cube from the stock at the back of any planet that is not full.",
    },
    {
        "id": "driller",
        "name": "Kaur, Deep Driller",
        "count": 2,
        "effect": "stack",
        "timing": "placement",
        "params": {},
        "repeat_cost": 2,
        "text": "You may place all your investigation cubes in a row on your start planet; "
        "each cube placed right after one on the same planet costs you 2 VP, unless the normal "
        "rule puts it there too (a lap back to the only open planet).",
        "brief": "You may place all your cubes in a row on your start planet; each cube after "
        "the first there costs you 2 VP.",
    },
    {
        "id": "navigator",
        "name": "Sol, Navigator",
        "count": 2,
        "effect": "any_order",
        "timing": "placement",
        "params": {},
        "text": "Place your cubes on any planets in any order (never twice in a row on one).",
    },
    {
        "id": "pilot",
        "name": "Reyes, Pilot",
        "count": 2,
        "effect": "either_direction",
        "timing": "placement",
        "params": {},
        "text": "You may investigate counter-clockwise instead of clockwise.",
    },
    {
        "id": "scout",
        "name": "Lindqvist, Scout",
        "count": 2,
        "effect": "leap",
        "timing": "placement",
        "params": {"reach": 2},
        "text": "Each cube after the first may go on the next or the second-next open planet "
        "clockwise.",
    },
    {
        "id": "security",
        "name": "Vance, Security Chief",
        "count": 1,
        "effect": "clear_crew",
        "timing": "choice",
        "params": {"most": 1},
        "pick_vp": 1,
        "text": "+1 VP when picked. Take one free cube from another crew without a worker back "
        "to the stock: +1 VP.",
    },
    {
        "id": "medic",
        "name": "Dr. Hale, Medic",
        "count": 3,
        "effect": "recall",
        "timing": "choice",
        "params": {},
        "text": "Take back one of your cubes that is last in a planet's queue to your hand.",
    },
    {
        "id": "diplomat",
        "name": "Ade, Diplomat",
        "count": 2,
        "effect": "swap_ahead",
        "timing": "choice",
        "params": {},
        "text": "Swap one of your cubes in a queue with the cube just ahead of it that is not "
        "yours.",
    },
    {
        "id": "treasure_hunter",
        "name": "Quinn, Treasure Hunter",
        "count": 2,
        "effect": "claim_zero_square",
        "timing": "choice",
        "params": {},
        "text": "Replace another player's cube on a 0 square with one from your hand; theirs "
        "goes back to its owner's hand.",
    },
]

CREWS_BY_ID: dict[str, dict[str, Any]] = {crew["id"]: crew for crew in CREWS}
