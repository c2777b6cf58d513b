"""Look at the Stars in the window: its table scene, board drawing, rules page and the rest of
its client kit (``KIT``, named by ``game.rules.stars.plugin``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from game.client.i18n import N_, Lazy, _, ngettext
from game.client.kits import ClientKit, SetupOption
from game.client.stars.categories import SCORE_COLUMNS
from game.client.stars.rules_figures import line_card_figure, scoring_figure
from game.client.stars.rules_text import LOOK_AT_THE_STARS
from game.rules.stars import (
    STATISTICS,
    data,
    game_statistics,
    next_solo_rank,
    solo_rank,
    solo_standing,
)

if TYPE_CHECKING:
    import pygame

    from game.client.layout import TextCache
    from game.client.record import GameRecord
    from game.client.scenes.base import Scene, Stage
    from game.client.session import GameConfig, Session
    from game.client.shooter import Shooter


def _point_card_label(n: int, points: int) -> str:
    return ngettext("Card {n} ({points} pt)", "Card {n} ({points} pts)", points).format(
        n=n, points=points)


def _power_card_label(n: int, power: str) -> str:
    from game.client.stars.render import power_label

    # (as the point cards: "Card 1 (3 pts)" stood beside "1: Aura", a playtest)
    return _("Card {n} ({power})").format(n=n, power=power_label(power))


SETUP_OPTIONS = [
    SetupOption("point_card", N_("Point bonus card"),
                [("default", N_("Default (card 3, plus)")), ("random", N_("Random"))]
                + [(n, Lazy(lambda n=n, points=card["points"]: _point_card_label(n, points)))
                   for n, card in enumerate(data.POINT_CARDS, 1)], "default"),
    SetupOption("power_card", N_("Power bonus card"),
                [("default", N_("Default (Line)")), ("random_beginner", N_("Random beginner")),
                 ("random_experienced", N_("Random experienced"))]
                + [(n, Lazy(lambda n=n, power=card["power"]: _power_card_label(n, power)))
                   for n, card in enumerate(data.POWER_CARDS, 1)], "default"),
    # your own running total always shows: the option is whether the others' show too
    SetupOption("live_score", N_("Live score"),
                [(False, N_("Yours only")), (True, N_("Everyone's"))], False,
                {False: N_("Each player sees only their own running total; everyone's shows "
                           "at the end."),
                 True: N_("Every player's running total shows beside their name all game.")}),
]


#: results: what the "Power bonus" column holds for the game's power, where it is not what a
#: player who used the power would expect (its uses score in another column, or nothing)
POWER_COLUMN_NOTES = {
    # (said plainly: "the power's own marks ... not here" took a new player several readings)
    "line": N_("Power bonus: 0 with the Line power, which places no marks of its own; its "
               "lines score like any others, under Constellations and the point bonus."),
    "planet": N_("Power bonus: a planet the power places scores under Planets, so nothing "
                 "shows here."),
    "new_star": N_("Power bonus: new stars score nothing themselves; they give you more "
                   "points to draw lines between."),
}


def score_note(view: dict[str, Any]) -> Any:
    """The results' line under the table: what the power's column holds in this game."""
    power = view.get("power")
    if power not in {card["power"] for card in data.POWER_CARDS}:
        return None
    from game.client.stars.render import power_label

    return POWER_COLUMN_NOTES.get(power) or N_(
        "Power bonus: the points of the {power} marks drawn with the power.",
        power=power_label(power))


#: the solo line compares a total with the strongest bot level it beats in at least this
#: percent of that level's games (the weakest level if none)
STANDING_SHARE = 10


def standing_among_bots(total: int, view: dict[str, Any] | None = None) -> list[tuple[str, int]]:
    """Per bot level this window offers (weakest first), the percent of its measured solo
    games ``total`` beats, with the game's power card (the final ``view`` tells it)."""
    from game.client.session import bot_levels

    power_card = None
    if view is not None and view.get("seats"):
        power_card = view["seats"][0].get("sheet", {}).get("power_card")
    offered, standing = bot_levels("stars"), solo_standing(total, power_card)
    return [(level, share) for level, share in standing if level in offered] or standing


def solo_rank_text(total: int, view: dict[str, Any] | None = None,
                   with_standing: bool = True, played: Sequence[str] = ()) -> str:
    """The solo line: the rank earned, which rank is next and from how many points, and
    (``with_standing``) where the total stands among the measured games of the bot level
    faced in this game (``played``: the strongest of them), with the same power card
    (``solo_standing``; the final ``view`` tells the card). With no bot at the table, the
    strongest level it beats in a fair share of its games (``STANDING_SHARE``)."""
    line = ngettext("Your solo rank: {rank} ({n} point)", "Your solo rank: {rank} ({n} points)",
                    total).format(rank=_(solo_rank(total)), n=total)
    following = next_solo_rank(total)
    if following is not None:
        lowest, title = following
        line = _("{line}  ·  next: {rank}, from {n}").format(line=line, rank=_(title), n=lowest)
    if not with_standing:
        return line
    standing = standing_among_bots(total, view)
    from game.client.session import bot_level_word, bot_levels

    # the level as the setup names it, "(4 of 5)": "normal" alone, beside a setup that said
    # "greedy, 3 of 5", read as a contradiction (a playtest)
    levels = bot_levels("stars")
    faced = [(lv, sh) for lv, sh in standing if lv in played]
    if faced:
        # the level played, as the bars beside the scores mark it: after a game against
        # hard the Statistics' line compared the player with greedy, a level nobody had
        # played, and the 0 % beside hard read as contradicted (an outside playtest)
        level, share = faced[-1]
        words = _("{line}  ·  better than {share}% of the games of the {level} bot you faced "
                  "({n} of {count})")
    else:
        # no bot here: the strongest bot the total beats in a fair share of its games
        # ("better than 0 % of the hard bot's games" told a new player nothing: a playtest)
        level, share = next(((lv, sh) for lv, sh in reversed(standing)
                             if sh >= STANDING_SHARE), standing[0])
        words = _("{line}  ·  better than {share}% of the games of the {level} bot ({n} of "
                  "{count})")
    return words.format(line=line, share=share, level=bot_level_word(level),
                        n=levels.index(level) + 1 if level in levels else "?",
                        count=len(levels))


def setup_previews(text: TextCache, options: dict[str, Any],
                   size: int) -> list[tuple[str, pygame.Surface]]:
    """The chosen bonus cards (a card back with "?" when one will be drawn at random)."""
    from game.client import theme
    from game.client.stars.render import (
        bonus_title,
        bonus_title_fits,
        render_bonus_card,
        render_card_back,
    )

    previews = []
    small = text.pen(theme.MIN_FONT_PX)
    for kind, key, default, caption in (
            ("point", "point_card", data.DEFAULT_POINT_CARD, _("Point bonus")),
            ("power", "power_card", data.DEFAULT_POWER_CARD, _("Power bonus"))):
        value = options.get(key, "default")
        value = default if value == "default" else value
        if isinstance(value, int):
            if not bonus_title_fits(kind, value, size, small):
                caption = bonus_title(kind, value)  # too small a card to print it
            card = render_bonus_card(kind, value, size,
                                     text.pen(max(theme.MIN_FONT_PX, int(size * 0.11)),
                                              bold=True), small)
        else:
            card = render_card_back(size)
            mark = text.render("?", int(size * 0.3), theme.TEXT, bold=True)
            card.blit(mark, mark.get_rect(center=(size // 2, size // 2)))
        previews.append((caption, card))
    return previews


def progress_line(view: dict[str, Any]) -> str | None:
    """The handover's line: the card, and once the sun has risen which rows are closed (after
    card 6 the handover said only "card 7", and a player missed the dawn: a playtest)."""
    from game.client.i18n import tr
    from game.client.stars.table_draw import DAY_NAMES

    card = view.get("card")
    if not card:
        return None
    line = _("Night card {n} of {total}").format(n=card["n"], total=card["of"])
    day = view.get("day")
    if isinstance(day, int) and 0 < day < len(DAY_NAMES):
        line = _("{card}  ·  {day}").format(card=line, day=tr(DAY_NAMES[day]))
    return line


def open_table(stage: Stage, config: GameConfig | None, seed: int = 0,
               session: Session | None = None) -> Scene:
    from game.client.stars.couch import CouchStarsScene
    from game.client.stars.table import StarsTableScene

    # everyone at one screen, or a spectator (every board at once on a big screen)
    watching = session is not None and not session.human_seats and not session.replay
    if (config is not None and config.mode == "couch") or watching:
        return CouchStarsScene(stage, config, seed, session=session)
    return StarsTableScene(stage, config, seed, session=session)


def final_boards(stage: Stage, view: dict[str, Any], names: list[str]) -> Scene:
    from game.client.stars.final_boards import FinalBoardsScene

    return FinalBoardsScene(stage, view, names)


#: statistics shown even when nobody has any (the others only when someone does)
ALWAYS_SHOWN = ("lines_drawn", "cards_skipped", "powers_used", "constellations")


def statistics(record: GameRecord) -> list[tuple[str, list[int]]]:
    """BGA's statistics of the game, replayed by the engine (``game_statistics``)."""
    per_seat = game_statistics(record.options, record.seed, record.moves, record.secret)
    return [(N_(label), [seat[key] for seat in per_seat]) for key, label in STATISTICS.items()
            if key in ALWAYS_SHOWN or any(seat[key] for seat in per_seat)]


def spot(point: Any) -> str:
    """A star of the board for a reader: column and row from 1 (row 1 at the bottom)."""
    return _("({column}, {row})").format(column=point[0] + 1, row=point[1] + 1)


def placed_lines(state: dict[str, Any], move: dict[str, Any]) -> str | None:
    """The lines a card placement draws, star to star ("(2, 3)–(3, 4), ..."); None when the
    state does not say which card it is."""
    from game.rules.stars.geometry import card_segments

    try:
        card = state["deck"][state["flipped"] - 1]
        segments = card_segments(card, int(move["rot"]), int(move["dx"]), int(move["dy"]))
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    return _(", ").join(_("{a}–{b}").format(a=spot(seg[:2]), b=spot(seg[2:]))
                        for seg in segments)


def shooting_star_ends(move: dict[str, Any]) -> str | None:
    """A shooting star's head to its tail, star to star ("(2, 3)–(4, 5)"); None for a move
    that does not say."""
    from game.rules.stars.geometry import shooting_star_points

    try:
        points = shooting_star_points(int(move["size"]), int(move["rot"]), int(move["dx"]),
                                      int(move["dy"]))
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    return _("{a}–{b}").format(a=spot(points[0]), b=spot(points[-1]))


def describe_move(state: dict[str, Any], seat: int, move: dict[str, Any],
                  name_of: Callable[[int], str]) -> str:
    """Watch replay's line for a move, in the window's language."""
    from game.client.stars.render import power_label

    name, kind = name_of(seat), move.get("t")
    if kind == "place":
        lines = placed_lines(state, move)
        if lines:
            return _("{name} draws {lines}").format(name=name, lines=lines)
        return _("{name} draws the card (turn {rot}, shift {dx},{dy})").format(
            name=name, rot=move.get("rot"), dx=move.get("dx"), dy=move.get("dy"))
    if kind == "shooting_star":
        where = shooting_star_ends(move)
        if where:  # (the review said only its size: where it went could not be read)
            return _("{name} draws a shooting star of {n}: {ends}").format(
                name=name, n=move.get("size"), ends=where)
        return _("{name} draws a shooting star of {n}").format(name=name, n=move.get("size"))
    if kind == "power":
        prompt = (state["seats"][seat].get("turn") or {}).get("prompt") \
            if 0 <= seat < len(state.get("seats", [])) else None
        at, line = move.get("at"), move.get("line")
        where = (spot(at) if isinstance(at, list) and len(at) == 2 else
                 _("{a}–{b}").format(a=spot(line[:2]), b=spot(line[2:]))
                 if isinstance(line, list) and len(line) == 4 else at or line)
        if prompt:
            return _("{name} uses the power ({power}) at {where}").format(
                name=name, power=power_label(prompt["power"]).lower(), where=where)
        return _("{name} uses the power at {where}").format(name=name, where=where)
    words = {"skip": N_("{name} skips the card"), "skip_power": N_("{name} skips the power"),
             "confirm": N_("{name} confirms"), "undo": N_("{name} takes the turn back")}
    if kind in words:
        return _(words[kind]).format(name=name)
    return _("{name}: {move}").format(name=name, move=move)


def screenshots(shot: Shooter) -> None:
    from game.client.stars.screenshots import shoot

    shoot(shot)


KIT = ClientKit(
    game="stars",
    title="Look at the Stars",
    open_table=open_table,
    rules=LOOK_AT_THE_STARS,
    score_columns=SCORE_COLUMNS,
    setup_options=SETUP_OPTIONS,
    setup_previews=setup_previews,
    solo_line=solo_rank_text,
    solo_standing=standing_among_bots,
    progress_line=progress_line,
    score_note=score_note,
    default_bot="greedy",
    screenshots=screenshots,
    final_boards=final_boards,
    statistics=statistics,
    describe_move=describe_move,
    watch=True,  # a spectator's table shows every board, read-only (``StarsTableScene``)
    own_boards=True,
    decision_name=N_("Card {n}"),
    rules_figures={"line_card": line_card_figure, "scoring": scoring_figure},
)
