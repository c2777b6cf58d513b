"""Stargazer in the window: its table scene (the ring, the crews, cube drops, the final
scoring), rules page, screenshots and the rest of its client kit (``KIT``, named by
``game.rules.stargazer.plugin``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.client.i18n import N_, _, ngettext
from game.client.kits import ClientKit, ScoreColumn
from game.client.stargazer.rules_figure import majority_figure
from game.client.stargazer.rules_text import STARGAZER

if TYPE_CHECKING:
    import pygame

    from game.client.layout import TextCache
    from game.client.record import GameRecord
    from game.client.scenes.base import Scene, Stage
    from game.client.session import GameConfig, Session
    from game.client.shooter import Shooter

SCORE_COLUMNS = [
    ScoreColumn("majority", N_("Majority"), (255, 210, 90)),
    ScoreColumn("specialty", N_("Specialty"), (120, 170, 255)),
    ScoreColumn("motivation", N_("Motivation"), (130, 230, 200)),
    ScoreColumn("skills", N_("Skills"), (240, 150, 230)),
    ScoreColumn("order", N_("Turn order"), (200, 200, 200)),
]


def progress_line(view: dict[str, Any]) -> str | None:
    """The handover's line: the round and what ends the game (the engine's figures)."""
    from game.rules.stargazer import end_progress

    if not view or "round" not in view or "hands" not in view:
        return None
    progress = end_progress(view)
    fewest, full = progress["fewest_cubes"], progress["planets_full"]
    needed = progress["planets_full_to_end"]
    # (it said "planets full: 6 of 4" once the end was met, and "fewest cubes left: 12"
    # without whose: a 4K playtest)
    if fewest == 0:
        return _("Round {n}  ·  the last round: a hand is empty").format(n=view["round"])
    if full >= needed:
        return _("Round {n}  ·  the last round: {full} planets are full ({needed} end the "
                 "game)").format(n=view["round"], full=full, needed=needed)
    return _("Round {n}  ·  fewest cubes in a hand: {fewest}  ·  planets full: {full} "
             "({needed} end the game)").format(n=view["round"], fewest=fewest, full=full,
                                               needed=needed)


def tie_line(view: dict[str, Any] | None, totals: list[int], ranking: list[int],
             names: list[str]) -> str | None:
    """The results' line when players tie on VP for first place: which tie-break of the rules
    (docs/rules/stargazer.md, "Winner") decided it, so an equal score that lost makes sense.
    The engine's own ranking keys tell, so this line never restates the rule."""
    from game.rules.stargazer import tie_break_fewest_turn_order_vp
    from game.rules.stargazer.scoring import ranking_keys

    if not view or not totals or len(totals) != len(ranking) or len(names) < len(totals):
        return None
    top = max(totals)
    tied = [seat for seat, total in enumerate(totals) if total == top]
    winners = [seat for seat in tied if ranking[seat] == 1]
    if len(tied) < 2 or not winners:
        return None
    if len(winners) > 1:
        return _("Equal on {n} VP and on cubes left in hand: the win is shared.").format(n=top)
    winner = winners[0]
    try:  # a view from the wire: anything malformed gives no line rather than an error
        handicap = tie_break_fewest_turn_order_vp(view)
        keys = ranking_keys(totals, view["hands"][:len(totals)], handicap)
        runner_up = max(keys[seat] for seat in tied if seat != winner)
    except (KeyError, TypeError, ValueError):
        return None
    if keys[winner][1] != runner_up[1]:
        return _("A tie on {n} VP: {name} wins it, having started with the fewest turn-order "
                 "VP.").format(n=top, name=names[winner])
    return _("A tie on {n} VP: {name} wins it with more cubes left in hand ({mine} against "
             "{theirs}).").format(n=top, name=names[winner], mine=keys[winner][2],
                                  theirs=runner_up[2])


def open_table(stage: Stage, config: GameConfig | None, seed: int = 0,
               session: Session | None = None) -> Scene:
    from game.client.stargazer.table import StargazerTableScene

    return StargazerTableScene(stage, config, seed, session=session)


def results_picture(view: dict[str, Any], text: TextCache, size: tuple[int, int],
                    colour_blind: bool) -> pygame.Surface | None:
    """The final ring, with every planet's cubes, under the results' buttons."""
    from game.client.stargazer.ring import final_ring_picture

    return final_ring_picture(view, text, size, colour_blind)


def seat_token(seat: int, size: int, colour_blind: bool) -> pygame.Surface:
    """A seat's worker in its colour with its mark (the results show it beside the name)."""
    from game.client.stargazer.palette import palette_for, player_mark
    from game.client.stargazer.sprites import pawn_sprite

    return pawn_sprite(size, palette_for(colour_blind).player(seat), player_mark(seat))


def hint_points(points: int) -> str:
    """A hint's points: "+2 VP this turn", as Stargazer says its scores, for the whole turn
    the hint plans (the Japanese hint said 点 beside the preview's VP, and "now" beside the
    preview's "If the game ended now: +0" of the crew alone: playtests)."""
    return ngettext("{points} VP this turn", "{points} VP this turn", abs(points)).format(
        points=f"{points:+d}")


def describe_move(state: dict[str, Any], seat: int, move: dict[str, Any],
                  name_of: Callable[[int], str]) -> str:
    """Watch replay's line for a move, in the window's language (crews and planets named)."""
    from game.client.stargazer.names import planet_name
    from game.rules.stargazer import CREWS_BY_ID, PLANET_TYPES
    from game.rules.stargazer.skills import skill_move_words

    name, kind = name_of(seat), move.get("t")
    words = skill_move_words(state, move) if kind == "skill" else None
    if words is not None:  # the skill's data text, its planet and crew names translated too
        template, values = words
        values = {key: _(value) if key == "crew" else value for key, value in values.items()}
        if "planet" in values:  # its type translated, its letter kept
            values["planet"] = planet_name(state["planets"], move["planet"], short=False)
        return _(template).format(name=name, **values)
    if kind == "crew":
        crew = CREWS_BY_ID.get(str(move.get("crew", "")))
        return _("{name} picks {crew}").format(
            name=name, crew=_(crew["name"]) if crew else move.get("crew"))
    if kind == "investigate":
        planets = state.get("planets", [])
        path = [planet_name(planets, p) if isinstance(p, int) and 0 <= p < len(planets)
                and all(kind in PLANET_TYPES for kind in planets) else str(p)
                for p in move.get("planets") or []]
        return _("{name} investigates: {path}").format(name=name, path=" > ".join(path))
    if kind == "start_player":
        other = move.get("seat")
        # the round it starts by number: the state counts it already, so a review row
        # "Round 2" over "... the next round" read as round 3 (a playtest)
        n = state.get("round")
        if other == seat:  # ("Mika names Mika start player")
            return _("{name} chooses to start round {n}").format(name=name, n=n)
        return _("{name} names {other} to start round {n}").format(
            name=name, other=name_of(other) if isinstance(other, int) else other, n=n)
    return _("{name}: {move}").format(name=name, move=move)


def screenshots(shot: Shooter) -> None:
    from game.client.stargazer.screenshots import shoot

    shoot(shot)


#: statistics shown even when nobody has any (the others only when someone does)
ALWAYS_SHOWN = ("rounds_started", "cubes_placed", "motivation_vp", "skills_used")


def statistics(record: GameRecord) -> list[tuple[str, list[int]]]:
    """The game's statistics, replayed by the engine (``game_statistics``)."""
    from game.rules.stargazer.stats import STATISTICS, game_statistics

    per_seat = game_statistics(record.options, record.seed, record.moves, record.secret)
    return [(N_(label), [seat[key] for seat in per_seat])
            for key, (label, *_how) in STATISTICS.items()
            if key in ALWAYS_SHOWN or any(seat[key] for seat in per_seat)]


KIT = ClientKit(
    game="stargazer",
    title="Stargazer",
    open_table=open_table,
    rules=STARGAZER,
    score_columns=SCORE_COLUMNS,
    progress_line=progress_line,
    # (its table is public: "show my board" read oddly, a playtest)
    take_over_words=N_("I am {name}: my turn"),
    handover_recap=True,
    hint_points=hint_points,
    tie_line=tie_line,
    # the strong heuristic bot answers at once; "hard" (a 2 s search per decision) stays a
    # choice on the setup screen
    default_bot="normal",
    screenshots=screenshots,
    results_picture=results_picture,
    seat_token=seat_token,
    describe_move=describe_move,
    statistics=statistics,
    # a review's row is named by its round (a new player read "Turn 7" in a 6-round game:
    # the start-player choice is a row of its own, in the round it ends)
    decision_name=N_("Round {n}"),
    rules_figures={"majority": majority_figure},
    watch=True,  # a spectator's table is "watching" (everything in Stargazer is public)
)
