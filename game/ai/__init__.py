"""Bots: ordinary seats that see only the Ruleset contract (plus game heuristics).

``make_bot(game, level, seed)`` builds one by name; each game registers its levels in
``BOT_LEVELS`` as "module:class" targets taking ``seed``, weakest first (the last is the
strongest). ``BOT_ALIASES`` keeps older level names working (saves and seat lists name them).
Every bot's ``choose(ruleset, state, seat, stop=None)`` accepts an optional ``stop`` callable:
searching bots check it between iterations and return their best move so far once it says
True (a deadline or a cancellation the caller owns: bots read no clock themselves).
``THINK_SECONDS`` is the time budget a caller should turn into such a ``stop``.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.ai.base import Bot, RandomBot, StopCheck
from game.registry import RANDOM_BOT, GameTable, load_target

#: game -> level -> "module:Class" (the class takes ``seed``), weakest first. "random" works for
#: every game. Live views of ``game.registry`` (each game's ``GamePlugin``), like those below.
BOT_LEVELS: Mapping[str, dict[str, str]] = GameTable(lambda game: game.bot_levels)

#: game -> old level name -> the level it now means
BOT_ALIASES: Mapping[str, Mapping[str, str]] = GameTable(lambda game: game.bot_aliases)

#: what each level is like, in one sentence a menu shows beside its name (levels not listed:
#: none); ``{seconds}`` is the level's ``THINK_SECONDS`` for the game
LEVEL_NOTES: dict[str, str] = {
    "random": "Plays any legal move at random: an opponent for learning the rules.",
    "easy": "Often slips: a gentle opponent.",
    "greedy": "Takes the most points it can now and never plans ahead.",
    "normal": "Plans: weighs the points now against what a move leaves open.",
    "hard": "The strongest: plays the game ahead in its head before each move "
            "(up to {seconds} s).",
}

#: game -> level -> seconds of thinking a caller should allow per decision (turned into ``stop``);
#: levels not listed answer at once
THINK_SECONDS: Mapping[str, Mapping[str, float]] = GameTable(lambda game: game.think_seconds)


#: the names bots take at a table, seat after seat (the setup screen, the party lobby and
#: ``--seats ai``): stars, so that a bot reads as a bot everywhere its name shows; the window
#: names them in its language (``tools/extract_messages.py`` lists them for the translators)
BOT_STAR_NAMES = ("Vega", "Altair", "Deneb", "Rigel", "Sirius", "Lyra", "Mira", "Castor")


def resolve_level(game: str, level: str) -> str:
    """The registered level ``level`` names for ``game`` (aliases followed)."""
    return BOT_ALIASES.get(game, {}).get(level, level)


#: game -> the level an AI seat gets when none is named, everywhere (``--seats ai``, free seats
#: filled at the start, ``starparty bot``, the window's setup and LAN lobby through the game's
#: client kit): a sensible opponent that answers at once, not the random bot
DEFAULT_LEVELS: Mapping[str, str] = GameTable(lambda game: game.default_bot)


def strongest_level(game: str) -> str:
    """The game's strongest registered level."""
    return list(levels_of(game))[-1]


def default_level(game: str) -> str:
    """The level of an AI seat without one (``DEFAULT_LEVELS``; a game without an entry: its
    strongest)."""
    level = DEFAULT_LEVELS.get(game)
    return level if level in BOT_LEVELS.get(game, {}) else strongest_level(game)


def levels_of(game: str) -> Mapping[str, str]:
    """``game``'s bot levels: name -> "module:attribute" (a game without bots: random)."""
    return BOT_LEVELS.get(game, {"random": RANDOM_BOT})


def make_bot(game: str, level: str, seed: int = 0) -> Bot:
    """A bot for ``game`` at ``level``; ``KeyError`` names the known levels."""
    levels = levels_of(game)
    level = resolve_level(game, level)
    if level not in levels:
        raise KeyError(f"unknown bot level {level!r} for {game}; known: {', '.join(levels)}")
    return load_target(levels[level])(seed=seed)


__all__ = [
    "BOT_ALIASES",
    "BOT_STAR_NAMES",
    "BOT_LEVELS",
    "DEFAULT_LEVELS",
    "LEVEL_NOTES",
    "THINK_SECONDS",
    "Bot",
    "RandomBot",
    "StopCheck",
    "default_level",
    "levels_of",
    "make_bot",
    "resolve_level",
    "strongest_level",
]
