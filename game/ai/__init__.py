"""Bots: ordinary seats that see only the Ruleset contract (plus game heuristics).

``make_bot(game, level, seed)`` builds one by name; each game registers its levels in
``BOT_LEVELS`` as "module:class" targets taking ``seed``.
"""

from __future__ import annotations

import importlib

from game.ai.base import Bot, RandomBot

#: game -> level -> "module:Class" (the class takes ``seed``). "random" works for every game.
BOT_LEVELS: dict[str, dict[str, str]] = {
    "stars": {
        "random": "game.ai.base:RandomBot",
        "greedy": "game.ai.stars_bots:GreedyBot",
    },
    "stargazer": {
        "random": "game.ai.base:RandomBot",
        "strong": "game.ai.stargazer_bots:StrongBot",
    },
}


def make_bot(game: str, level: str, seed: int = 0) -> Bot:
    """A bot for ``game`` at ``level``; ``KeyError`` names the known levels."""
    levels = BOT_LEVELS.get(game, {"random": "game.ai.base:RandomBot"})
    if level not in levels:
        raise KeyError(f"unknown bot level {level!r} for {game}; known: {', '.join(levels)}")
    module_name, _, cls = levels[level].partition(":")
    return getattr(importlib.import_module(module_name), cls)(seed=seed)


__all__ = ["BOT_LEVELS", "Bot", "RandomBot", "make_bot"]
