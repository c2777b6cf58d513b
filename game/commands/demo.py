"""``starparty demo``: a seeded game between bots in the terminal, then the score table.

Moves are told in the window's words (the game's client kit's ``describe_move``, the line Watch
replay shows) in the language ``--lang`` names; a game without a window uses its ruleset's
English ``describe_move``. A bot level that cannot be built stops the demo with a message and
exit status 2 (it used to seat random bots without a word).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from game.demo import (
    BotLevelError,
    MoveDescriber,
    check_level,
    default_level,
    play,
    score_table,
    title_line,
)
from game.registry import default_game, games
from game.rules import RULESETS, get_ruleset
from game.rules.base import Move, State

#: the exit status when the bots cannot be built (argparse's for a usage error)
BAD_LEVEL_STATUS = 2


def window_describer(game: str) -> MoveDescriber | None:
    """The game's translated ``describe_move`` (its client kit's), seats named "seat N" in the
    current language; None for a game without a window."""
    if not games()[game].client_kit:
        return None
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.client.i18n import _
    from game.client.kits import get_kit

    describe = get_kit(game).describe_move
    if describe is None:
        return None

    def name_of(seat: int) -> str:
        return _("seat {n}").format(n=seat)

    def described(state: State, seat: int, move: Move) -> str:
        return describe(state, seat, move, name_of)

    return described


def main(argv: Sequence[str] | None = None) -> int:
    from game.client.i18n import LANGUAGES, set_language, translations
    from game.client.i18n import language as current_language

    parser = argparse.ArgumentParser(
        prog="starparty demo",
        description="A seeded game between bots in the terminal, then the score table.")
    parser.add_argument("--game", default=default_game(), choices=sorted(RULESETS),
                        help="default: %(default)s (the first registered game)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default=None, help="bot level (default: normal)")
    parser.add_argument("--lang", default="en", choices=sorted(LANGUAGES),
                        help="the language of the moves (default: %(default)s)")
    parser.add_argument("--quiet", action="store_true", help="print only the score table")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    ruleset = get_ruleset(args.game)
    players = args.players or max(ruleset.min_players, min(3, ruleset.max_players))
    if not ruleset.min_players <= players <= ruleset.max_players:
        parser.error(f"{args.game} takes {ruleset.min_players}..{ruleset.max_players} players")
    level = default_level(args.game, args.bot)
    language = translations(args.lang)
    previous = current_language()
    set_language(args.lang)
    try:
        check_level(args.game, level)
        describe = None if args.quiet else window_describer(args.game)
        title = language.gettext(ruleset.title) if ruleset.title else ruleset.name
        print(title_line(title, players, level, args.seed, language))
        state = play(ruleset, players, args.seed, level, verbose=not args.quiet,
                     describe=describe, language=language)
    except BotLevelError as error:
        print(f"starparty demo: error: {error}", file=sys.stderr)
        return BAD_LEVEL_STATUS
    finally:
        set_language(previous)
    print(score_table(ruleset, state))
    return 0
