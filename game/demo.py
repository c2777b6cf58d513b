"""A seeded game between bots (``starparty demo``), then the score table.

It uses only the Ruleset contract and the bot registry, so it works for every game. Every move
of every seat is printed, described by ``describe`` (the ruleset's English ``describe_move``,
or what the command hands in: the window's translated one), between the game's milestones
(each card, each sun rise, each round). The demo's own lines are gettext messages read
through ``language`` (a ``gettext`` translations object; English by default), so the command
can print them in the window's language without this layer importing the window.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from typing import Any

from game.ai import levels_of, make_bot
from game.rules.base import Event, Move, Ruleset, State, visible_events

MAX_STEPS = 100_000

#: (state before the move, seat, move) -> one line in words
MoveDescriber = Callable[[State, int, Move], str]


class BotLevelError(Exception):
    """A bot level that cannot be built (unknown, or its class does not load): the demo stops
    with this message instead of quietly seating another bot."""


def default_level(game: str, wanted: str | None) -> str:
    """``wanted``, or the game's ``normal`` level (quick enough to watch a whole game), or its
    strongest."""
    if wanted:
        return wanted
    levels = list(levels_of(game))
    return "normal" if "normal" in levels else levels[-1]


def check_level(game: str, level: str) -> None:
    """Raise ``BotLevelError`` unless a ``level`` bot of ``game`` can be built."""
    _make_bots(game, level, 1, 0)


def _make_bots(game: str, level: str, players: int, seed: int) -> list:
    try:
        return [make_bot(game, level, seed * 101 + seat) for seat in range(players)]
    except KeyError as error:
        raise BotLevelError(error.args[0]) from error
    except (ImportError, AttributeError) as error:
        raise BotLevelError(f"the {level} bot of {game} cannot be built: {error}") from error


def title_line(title: str, players: int, level: str, seed: int,
               language: gettext.NullTranslations | None = None) -> str:
    """The first line: the game, how many bots of which level, the seed (plural-correct)."""
    ngettext = (language or gettext.NullTranslations()).ngettext
    return ngettext("{title}: {n} {level} bot, seed {seed}",
                    "{title}: {n} {level} bots, seed {seed}", players).format(
        title=title, n=players, level=level, seed=seed)


def play(ruleset: Ruleset, players: int, seed: int, level: str, verbose: bool = True,
         describe: MoveDescriber | None = None,
         language: gettext.NullTranslations | None = None,
         say: Callable[[str], Any] = print) -> State:
    """Play one game between bots of ``level`` and return the final state; ``verbose``: ``say``
    every move (``describe``; default the ruleset's ``describe_move``) and every milestone."""
    describe = describe or ruleset.describe_move
    language = language or gettext.NullTranslations()
    state = ruleset.setup(ruleset.normalize_options({"players": players}), seed)
    bots = _make_bots(ruleset.name, level, players, seed)
    if verbose:
        for line in _opening(ruleset, state, language):
            say(line)
    for _step in range(MAX_STEPS):
        if ruleset.is_over(state):
            return state
        for seat in sorted(ruleset.to_move(state)):
            if seat not in ruleset.to_move(state):
                continue
            move = bots[seat].choose(ruleset, state, seat)
            line = describe(state, seat, move) if verbose else ""
            events = ruleset.apply(state, seat, move)
            if verbose:
                say("  " + line)
                for event in visible_events(events, None):
                    text = describe_event(event, language)
                    if text:
                        say(text)
    raise RuntimeError("the game did not end")


def _opening(ruleset: Ruleset, state: State, language: gettext.NullTranslations) -> list[str]:
    """The milestone the setup already reached: the first card, or round 1 (a game's setup
    returns no events, so without this the first card was never shown)."""
    view = ruleset.view(state, None)
    card = view.get("card")
    if isinstance(card, dict) and "n" in card:
        return [describe_event({"type": "card_flipped", "n": card["n"], "card": card}, language)
                or ""]
    round_line = _round_line(ruleset, state, language)
    return [round_line] if round_line else []


def _round_line(ruleset: Ruleset, state: State, language: gettext.NullTranslations) -> str:
    """"round N" for a game counted in rounds (its view's ``round``), else nothing."""
    number = ruleset.view(state, None).get("round")
    if not isinstance(number, int):
        return ""
    return describe_event({"type": "round_started", "round": number}, language) or ""


def describe_event(event: Event, language: gettext.NullTranslations | None = None) -> str | None:
    """A milestone of the game in words (None: an event the moves already tell)."""
    _ = (language or gettext.NullTranslations()).gettext
    kind = event["type"]
    if kind == "card_flipped":
        card = event.get("card", {})
        what = {"line": _("a line card"), "shooting_star": _("a shooting star")}.get(
            card.get("kind"), str(card.get("kind", "")))
        return _("card {n}: {what} (#{id})").format(n=event.get("n"), what=what,
                                                     id=card.get("id", ""))
    if kind == "sun_rose":
        return _("the sun rises (day {day})").format(day=event.get("day"))
    if kind == "round_started":
        return _("round {n}").format(n=event.get("round"))
    if kind == "round_ended":
        return _("round {n} ends").format(n=event.get("round"))
    if kind == "game_over":
        return _("game over")
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
