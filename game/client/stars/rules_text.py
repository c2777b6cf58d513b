"""The in-game rules screen's text (Look at the Stars), in the project's words."""

from __future__ import annotations

from game.client.kits import FIGURE_HEADING
from game.rules.stars import data

_RANKS = ", ".join(f"{name} from {low}" if low else name for low, name in data.SOLO_RANKS)

LOOK_AT_THE_STARS: list[tuple[str, str]] = [
    ("The night", "18 night cards are turned over one at a time, in three piles of six. "
     "Everyone draws the same card on their own board at the same time."),
    ("Line cards", "Draw both segments of the card as one rigid shape between stars: turn it in "
     "quarter turns (never mirrored) and put it anywhere legal. You may skip any card."),
    (FIGURE_HEADING, "line_card"),  # the card's quarter turns: rules_figures.py
    ("Where lines may go", "Line ends must be on usable stars: not on planets, covered points "
     "or objects, not in rows closed by the sun. A segment may not repeat one already drawn "
     "and may not touch or cross a shooting star. Lines may share stars and cross each other."),
    ("Shooting stars", "On a shooting-star card choose a straight diagonal of 1, 2 or 3 "
     "segments. It may not touch or cross any line or other shooting star. 1 point per "
     "segment."),
    ("The sun rises", "Rows count from the bottom of the board, row 1 first, as the board's "
     "edge numbers them. After the first pile the two bottom rows (1-2) close; after the "
     "second pile rows 1-4 are closed. What is drawn there still scores. The orange marks "
     "on both edges of the board stand where the rows close: the lower pair at dawn, the "
     "upper pair in the morning."),
    ("Constellations", "Lines that share a star or cross form a group. A group of 3 to 8 lines is "
     "a constellation. Each size from 3 to 8 scores its size once (at most 33). On your "
     "board a circled number beside a group counts its lines."),
    ("Planets", "Each planet scores 1 per different constellation touching one of its 8 "
     "neighbouring stars."),
    ("Point bonus", "Every copy of the point-bonus shape in your lines (turned, never mirrored) "
     "scores the card's points. Copies may share stars but not segments; Star Party counts the "
     "largest number of copies that share no segment."),
    (FIGURE_HEADING, "scoring"),  # a worked example: rules_figures.py
    ("Power bonus", "Whenever your lines complete the power-bonus shape you may use its power "
     "once per copy (a planet, an extra line, new stars, a galaxy, ...) or skip it."),
    ("Powers", "Line: draw one extra line (it may complete another copy): click the circle at "
     "its middle; where two possible lines cross, the one nearer the pointer is drawn.\n"
     "Planet: put a planet on a free star; it scores as a planet.\n"
     "New stars: open 2 covered artwork points as stars.\n"
     "Galaxy: cover 2 side-by-side free stars, one next to the constellation that earned it: "
     "2 points.\n"
     "Aura: put it on a star of a group of 3+ lines: 2 points, and no line may touch that "
     "constellation any more.\n"
     "Nova: put it on a star of a group of 3+ lines: that constellation also scores at 9 or "
     "10 lines.\n"
     "Twinkling star: on a free star: 3 points if exactly 2 constellations touch its 8 "
     "neighbours.\n"
     "Crescent moon (once a game): on a free star: 1 point per constellation with a star in "
     "its row or column.\n"
     "Black hole (once a game): on a free star; it and its 8 neighbours close: 1 point per "
     "neighbour still a free star at the end.\n"
     "(A free star is a usable star that no line end, shooting star or object uses yet.)"),
    ("Undo", "You may undo your own placement until every player has confirmed the card; then "
     "the card is final."),
    ("Solo", "Alone you play the same rules and your total earns a rank: " + _RANKS + " points. "
     "Add AI opponents to race them too: as the one player at the screen you still earn your "
     "rank."),
    ("Controls", "Move the mouse to carry the card (it hangs by its middle from the pointer); "
     "the wheel, R or right click turns it; click or Enter places it. Arrows move it with the "
     "keyboard. S skips, U or Backspace undoes, C or Enter confirms. H (or the Hint button) "
     "asks the hard bot where it would draw. Tab shows the other players' boards (or click "
     "one). F11 toggles fullscreen, Esc backs out."),
    ("At one screen", "Party at one screen: each player holds a pad, half of the keyboard "
     "(left: W A S D, right: the arrows) or the mouse, and everyone plays the card at once on "
     "their own board. Each control is given as pad / left half / right half (the pad's X, "
     "the left half's X). Move the card: D-pad / W A S D / arrows. Turn it: X / E / Right "
     "Shift. "
     "Draw it, then confirm: A / Space / Return. Skip: Y / X / Delete. Undo: B / Q / Right "
     "Ctrl. A shooting star's size: LB, RB / Z, C / Page Up, Page Down. In a power prompt the "
     "directions pick the place that lies that way. Menu: Start / Esc / F10. A pad pulled out "
     "leaves its seat waiting: a free pad or keyboard half takes it with A / Space / Return."),
]
