"""A seeded game between bots (``starparty demo``), then the score table.

It uses only the Ruleset contract and the bot registry, so it works for every game.
"""

from __future__ import annotations

from game.ai import BOT_LEVELS, make_bot
from game.rules.base import Ruleset, State, visible_events

MAX_STEPS = 100_000


def default_level(game: str, wanted: str | None) -> str:
    """``wanted``, or the game's ``normal`` level (quick enough to watch a whole game), or its
    strongest."""
    if wanted:
        return wanted
    levels = list(BOT_LEVELS.get(game, {"random": ""}))
    return "normal" if "normal" in levels else levels[-1]


def _make_bots(game: str, level: str, players: int, seed: int) -> list:
    bots = []
    for seat in range(players):
        try:
            bots.append(make_bot(game, level, seed * 101 + seat))
        except (ImportError, AttributeError):
            bots.append(make_bot(game, "random", seed * 101 + seat))
    return bots


def play(ruleset: Ruleset, players: int, seed: int, level: str, verbose: bool = True) -> State:
    """Play one game between bots of ``level`` and return the final state."""
    state = ruleset.setup(ruleset.normalize_options({"players": players}), seed)
    bots = _make_bots(ruleset.name, level, players, seed)
    for _ in range(MAX_STEPS):
        if ruleset.is_over(state):
            return state
        for seat in sorted(ruleset.to_move(state)):
            if seat not in ruleset.to_move(state):
                continue
            move = bots[seat].choose(ruleset, state, seat)
            events = ruleset.apply(state, seat, move)
            if verbose:
                for event in visible_events(events, None):
                    line = _describe(event)
                    if line:
                        print(line)
    raise RuntimeError("the game did not end")


def _describe(event: dict) -> str | None:
    kind = event["type"]
    if kind == "card_flipped":
        card = event.get("card", {})
        return f"card {event.get('n')}: {card.get('kind', '')} #{card.get('id', '')}"
    if kind == "sun_rose":
        return f"the sun rises (day {event.get('day')})"
    if kind in ("round_ended", "game_over"):
        return kind.replace("_", " ")
    return None


def score_table(ruleset: Ruleset, state: State) -> str:
    """The final scores by category, one row per seat, with the rank."""
    scores = ruleset.score(state)
    ranks = ruleset.ranking(state)
    categories = [c for c in scores[0] if c != "total"] + ["total"]
    width = max(len(c) for c in categories) + 2
    header = "seat  rank" + "".join(f"{c:>{width}}" for c in categories)
    rows = [header, "-" * len(header)]
    for seat, (breakdown, rank) in enumerate(zip(scores, ranks, strict=True)):
        cells = "".join(f"{breakdown[c]:>{width}}" for c in categories)
        rows.append(f"{seat:>4}  {rank:>4}{cells}")
    return "\n".join(rows)
