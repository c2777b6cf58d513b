"""What knowing the last card is worth, exactly: the part of the clairvoyant's lead that no honest
Look at the Stars player can win back (docs/AI.md, session 40).

A level's bot plays a solo game up to card 17 (of 18); there the player knows its sheet and
card 17, and card 18 is one of the 13 cards it has not seen. For every way to play card 17
(and skipping; power uses resolved as the clairvoyant resolves them) and every card that may
come last, the final score with that last card played at its best is computed exactly: a table
Q[play][last card]. The clairvoyant, who knows the last card, scores the mean over the last
cards of the best play for each (E max); the best honest player the best play on average
(max E). Their difference is what the information of one card is worth at that position, exact
and never negative; printed as a mean over the games with its 95 % interval.

    .venv/bin/python bench/stars_information.py [--games 200] [--first 5000] [--level hard]
        [--workers 2]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ai import STARS, machine_line, stars_bot  # noqa: E402
from game.ai.stars_bots import card_options, day_of_card  # noqa: E402
from game.ai.stars_clairvoyant import played  # noqa: E402
from game.ai.stars_model import DEFAULT_WEIGHTS, Model  # noqa: E402
from game.rules.base import State  # noqa: E402
from game.rules.stars import data  # noqa: E402

#: the card at which the information is weighed: the last but one
AT_CARD = data.CARDS_PER_GAME - 1


def information_value(table: list[list[float]]) -> float:
    """E over the columns (equally likely cards) of the best row, minus the best row's mean:
    what a player who knew the column before choosing the row would gain."""
    columns = range(len(table[0]))
    knowing = statistics.fmean(max(row[j] for row in table) for j in columns)
    return knowing - max(statistics.fmean(row) for row in table)


def children(model: Model, card: int, n: int) -> list[Model]:
    """The sheet after each way to play ``card`` as card ``n`` (skipping first), the power uses
    a placement earns resolved by the model, as the clairvoyant does."""
    left = data.CARDS_PER_GAME - n
    return [played(model, option, DEFAULT_WEIGHTS, left)[0]
            for option in [None, *card_options(model, card)]]


def best_last(model: Model, card: int) -> int:
    """The best final score with ``card`` played last on ``model``."""
    model.set_day(day_of_card(data.CARDS_PER_GAME))
    return max(child.score() for child in children(model, card, data.CARDS_PER_GAME))


def state_at_card(level: str, seed: int, n: int) -> State:
    """The solo game of ``seed`` played by ``level`` until card ``n`` is face up, untouched."""
    state = STARS.setup({"players": 1}, seed)
    bot = stars_bot(level, seed)
    while state["flipped"] < n or state["seats"][0]["turn"] is not None:
        STARS.apply(state, 0, bot.choose(STARS, state, 0))
    return state


def position_value(job: tuple[str, int]) -> float:
    """The value of knowing the last card at card 17 of the game ``job`` = (level, seed)."""
    level, seed = job
    state = state_at_card(level, seed, AT_CARD)
    me = state["seats"][0]
    model = Model(me["sheet"], state["day"], me["spent"], me["once_used"])
    seen = set(state["deck"][:AT_CARD])
    last = [c for c in range(data.CARD_COUNT) if c not in seen]
    plays = children(model, state["deck"][AT_CARD - 1], AT_CARD)
    return information_value([[best_last(p.clone(), c) for c in last] for p in plays])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=5000)
    parser.add_argument("--level", default="hard", help="the bot whose positions are weighed")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    print(machine_line(), flush=True)
    jobs = [(args.level, seed) for seed in range(args.first, args.first + args.games)]
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            values = pool.map(position_value, jobs)
    else:
        values = [position_value(job) for job in jobs]
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    print(f"card {AT_CARD} of {args.level}'s games (seeds {args.first}-"
          f"{args.first + args.games - 1}): knowing the last card is worth {mean:.3f} "
          f"[{mean - half:.3f}, {mean + half:.3f}] points; 0 in "
          f"{sum(1 for v in values if v == 0)} of {len(values)} positions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
