"""``starparty demo``: a seeded game between bots in the terminal, then the score table."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from game.demo import default_level, play, score_table
from game.registry import default_game
from game.rules import RULESETS, get_ruleset


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="starparty demo",
        description="A seeded game between bots in the terminal, then the score table.")
    parser.add_argument("--game", default=default_game(), choices=sorted(RULESETS),
                        help="default: %(default)s (the first registered game)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default=None, help="bot level (default: normal)")
    parser.add_argument("--quiet", action="store_true", help="print only the score table")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    ruleset = get_ruleset(args.game)
    players = args.players or max(ruleset.min_players, min(3, ruleset.max_players))
    if not ruleset.min_players <= players <= ruleset.max_players:
        parser.error(f"{args.game} takes {ruleset.min_players}..{ruleset.max_players} players")
    level = default_level(args.game, args.bot)
    print(f"{ruleset.title or ruleset.name}: {players} {level} bots, seed {args.seed}")
    state = play(ruleset, players, args.seed, level, verbose=not args.quiet)
    print(score_table(ruleset, state))
    return 0
