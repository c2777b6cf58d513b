"""Screen other round-1 turn-order VP on a balance games log, without playing: each logged
game's totals are scored again with the turn-order VP it was played with taken off and the
variant's put on, and the round-1 positions' win shares printed (issue 26, docs/balance).

Only a screen: the bots played to the rule of the log, and would play otherwise under another.
A tie on VP goes to the positions with the fewest turn-order VP where the content says so
(``TIES_TO_FEWEST_TURN_ORDER_VP``), else is shared: cubes in hand are not in the log, so the
seed's own tie-break cannot be applied (a tie among the fewest is shared too). The first line
checks the method: the log's winners by position beside the same rescoring with the VP it was
played with.

    .venv/bin/python bench/balance_rescore.py docs/balance/games/hard1000-ships-3p.jsonl.gz \\
        0,1,1 0,2,1 0,1,0

A log of a variant run (``balance_stargazer.py --order-vp 3=0,2,1``), or of what shipped
before the content's turn-order VP changed, is read with ``--played 0,2,1``: its games of that
variant (else its games of what ships), rescored from the VP they were played with. The
3-player log ``hard1000-ships-3p`` was played with 0, 1, 1 (until log step 25). Copy a log that
a run is still writing before reading it (a cut last line is repaired in place).

``--ties-to-fewest`` screens the tie rule for a player count whose content does not have it:
in every variant line a tie on VP goes to the positions with the fewest turn-order VP.

The line "draws to later" screens a finer dial than any VP: the logged games with a first place
still shared after cubes in hand (the seed's "then a draw") given to the tied player latest in
round 1's turn order (log step 27).

``--pick-vp security=1`` screens a crew's pick VP the same way: each pick of that crew scores 1
VP more for its picker; the positions and every crew's pickers are printed with it.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.balance_stargazer import pickers, position_wins, round1_position  # noqa: E402
from bench.games_log import logged_results  # noqa: E402
from game.rules.stargazer import (  # noqa: E402
    fewest_turn_order_vp,
    tie_break_fewest_turn_order_vp,
)
from game.rules.stargazer.content import TURN_ORDER_VP  # noqa: E402
from game.rules.stargazer.scoring import ranking_with_tie_break  # noqa: E402


def rescored_winners(
    game: dict, vp: list[int], played: list[int] | None = None,
    pick_vp: dict[str, int] | None = None, ties_to_fewest: bool = False,
) -> list[int]:
    """The winners of a logged ``game`` had it been played with turn-order VP ``vp`` (it was
    played with ``played``; None: what ships) and ``pick_vp[crew]`` more VP for each pick of
    that crew; ``ties_to_fewest``: a tie on VP goes to the fewest turn-order VP whatever the
    content says for the player count."""
    players = game["players"]
    played = played if played is not None else TURN_ORDER_VP[players]
    position = [round1_position(game, seat) for seat in range(players)]
    totals = [game["totals"][s] - played[position[s]] + vp[position[s]] for s in range(players)]
    for seat, crew, _ in game["picks"] if pick_vp else ():
        totals[seat] += pick_vp.get(crew, 0)
    # the engine's ranking, its tie rule included; cubes in hand are not logged: all equal
    order_vp = [vp[position[s]] for s in range(players)]
    handicap = (fewest_turn_order_vp(order_vp) if ties_to_fewest
                else tie_break_fewest_turn_order_vp({"players": players, "order_vp": order_vp}))
    ranks = ranking_with_tie_break(totals, [0] * players, handicap)
    return [s for s in range(players) if ranks[s] == 1]


def rescored(
    games: list[dict], vp: list[int] | None, played: list[int] | None = None,
    pick_vp: dict[str, int] | None = None, ties_to_fewest: bool = False,
) -> list[dict]:
    """The games with their winners rescored as ``rescored_winners`` (``vp`` None: as logged)."""
    if vp is None:
        return games
    return [{**game, "winners": rescored_winners(game, vp, played, pick_vp, ties_to_fewest)}
            for game in games]


def position_shares(
    games: list[dict], vp: list[int] | None, played: list[int] | None = None,
    pick_vp: dict[str, int] | None = None, ties_to_fewest: bool = False,
) -> list[float]:
    """Win share (%) of each round-1 position: the logged winners (``vp`` None) or the totals
    rescored with turn-order VP ``vp`` (from ``played``, as ``rescored_winners``)."""
    games = rescored(games, vp, played, pick_vp, ties_to_fewest)
    players = games[0]["players"]
    return [100 * w / len(games) for w in position_wins(games, players)]


def draws_to_later(games: list[dict]) -> list[dict]:
    """The logged games with every shared first place (a draw after the whole tie chain) given
    to the winner latest in round 1's turn order: a screen of replacing the seed's draw."""
    out = []
    for game in games:
        winners = game["winners"]
        if len(winners) > 1:
            winners = [max(winners, key=lambda seat: round1_position(game, seat))]
        out.append({**game, "winners": winners})
    return out


def picker_shares(games: list[dict]) -> dict[str, float]:
    """Each crew's picker win share (%), counted as the balance report counts it."""
    picks, wins = pickers(games)
    return {crew: 100 * wins[crew] / picks[crew] for crew in picks}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("log", type=Path, help="a balance games log")
    parser.add_argument("variants", nargs="*", help="turn-order VP by position, e.g. 0,2,1")
    parser.add_argument("--played", type=parse_vp, default=None,
                        help="the log's games were played with these turn-order VP "
                             "(an --order-vp run); default: what ships")
    parser.add_argument("--pick-vp", action="append", default=[], metavar="CREW=VP",
                        help="each pick of CREW scores VP more (its pick VP raised), in every "
                             "rescored line; the crews' pickers are printed before and after")
    parser.add_argument("--ties-to-fewest", action="store_true",
                        help="in every variant line a tie on VP goes to the positions with the "
                             "fewest turn-order VP, whatever the content says for the log's "
                             "player count")
    args = parser.parse_args()
    fewest: bool = args.ties_to_fewest
    pick_vp = parse_pick_vp(args.pick_vp)
    played: list[int] | None = args.played
    variant = "" if played is None else f"turn-order VP in {len(played)} players = {played}"
    games = list(logged_results(args.log, variant).values())
    if not games and variant:
        games = list(logged_results(args.log).values())  # what shipped when it was played
    if not games:
        raise SystemExit(f"no game of {variant or 'what ships'} in {args.log}")
    players = games[0]["players"]
    games = [g for g in games if g["players"] == players]
    if played is not None and len(played) != players:
        raise SystemExit(f"--played: one VP per position ({players})")
    fair = 100 / players
    half = 196 * math.sqrt((1 / players) * (1 - 1 / players) / len(games))
    print(f"# {len(games)} games of {players} players; a share's 95 % interval is +-{half:.1f}")

    def line(name: str, shares: list[float]) -> str:
        return f"{name:>14}: " + " / ".join(f"{s:.1f} ({s - fair:+.1f})" for s in shares)

    print(line("logged", position_shares(games, None)))
    print(line("draws to later", position_shares(draws_to_later(games), None)))
    played = played if played is not None else TURN_ORDER_VP[players]
    print(line(",".join(map(str, played)) + " again", position_shares(games, played, played)))
    if pick_vp:
        print(line("+ pick VP", position_shares(games, played, played, pick_vp)))
    for text in args.variants:
        vp = parse_vp(text)
        if len(vp) != players:
            raise SystemExit(f"{text}: one VP per position ({players})")
        print(line(text, position_shares(games, vp, played, pick_vp, fewest)))
    if pick_vp:
        before = picker_shares(games)
        after = picker_shares(rescored(games, played, played, pick_vp))
        print(f"# crews' pickers (fair {fair:.1f} %), logged -> with {', '.join(args.pick_vp)}:")
        for crew in sorted(before, key=before.__getitem__):
            print(f"{crew:>16}: {before[crew]:.1f} ({before[crew] - fair:+.1f}) -> "
                  f"{after[crew]:.1f} ({after[crew] - fair:+.1f})")


def parse_pick_vp(changes: list[str]) -> dict[str, int]:
    """``["security=1"]`` -> {"security": 1}; an unknown crew or a bad number is an error."""
    from game.rules.stargazer.content import CREWS_BY_ID

    out: dict[str, int] = {}
    for change in changes:
        crew, _, value = change.partition("=")
        if crew not in CREWS_BY_ID or not value.lstrip("-").isdigit():
            raise SystemExit(f"--pick-vp wants CREW=VP with a known crew id, got {change!r}")
        out[crew] = int(value)
    return out


def parse_vp(text: str) -> list[int]:
    """``0,2,1`` -> [0, 2, 1] (turn-order VP by round-1 position)."""
    try:
        return [int(v) for v in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"turn-order VP as N,N,N, got {text!r}") from None


if __name__ == "__main__":
    main()
