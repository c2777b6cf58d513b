"""Look at the Stars in the window: its table scene, board drawing, rules page and the rest of
its client kit (``KIT``, registered in ``game.client.kits``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.client.kits import ClientKit, SetupOption
from game.client.stars.categories import SCORE_COLUMNS
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
    from game.client.session import GameConfig
    from game.client.shooter import Shooter


SETUP_OPTIONS = [
    SetupOption("point_card", "Point bonus card",
                [("default", "Default (card 3, plus)"), ("random", "Random")]
                + [(n, f"Card {n} ({card['points']} pts)")
                   for n, card in enumerate(data.POINT_CARDS, 1)], "default"),
    SetupOption("power_card", "Power bonus card",
                [("default", "Default (Line)"), ("random_beginner", "Random beginner"),
                 ("random_experienced", "Random experienced")]
                + [(n, f"{n}: {card['power'].replace('_', ' ').capitalize()}")
                   for n, card in enumerate(data.POWER_CARDS, 1)], "default"),
    SetupOption("live_score", "Live score", [(False, "Hidden"), (True, "Shown")], False),
]


def solo_rank_text(total: int) -> str:
    """The solo line: the rank earned, which rank is next and from how many points, and where
    the total stands among the strongest bot's measured games (``solo_standing``)."""
    line = f"Your solo rank: {solo_rank(total)} ({total} points)"
    following = next_solo_rank(total)
    if following is not None:
        lowest, title = following
        line += f"  ·  next: {title}, from {lowest}"
    level, share = solo_standing(total)[-1]
    return line + f"  ·  better than {share}% of the {level} bot's games"


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
    small = text.font(theme.MIN_FONT_PX)
    for kind, key, default, caption in (
            ("point", "point_card", data.DEFAULT_POINT_CARD, "Point bonus"),
            ("power", "power_card", data.DEFAULT_POWER_CARD, "Power bonus")):
        value = options.get(key, "default")
        value = default if value == "default" else value
        if isinstance(value, int):
            if not bonus_title_fits(kind, value, size, small):
                caption = bonus_title(kind, value)  # too small a card to print it
            card = render_bonus_card(kind, value, size,
                                     text.font(max(theme.MIN_FONT_PX, int(size * 0.11)),
                                               bold=True), small)
        else:
            card = render_card_back(size)
            mark = text.font(int(size * 0.3), bold=True).render("?", True, theme.TEXT)
            card.blit(mark, mark.get_rect(center=(size // 2, size // 2)))
        previews.append((caption, card))
    return previews


def progress_line(view: dict[str, Any]) -> str | None:
    card = view.get("card")
    return f"Night card {card['n']} of {card['of']}" if card else None


def open_table(stage: Stage, config: GameConfig | None, seed: int = 0,
               session: Any = None) -> Scene:
    from game.client.stars.table import StarsTableScene

    return StarsTableScene(stage, config, seed, session=session)


def final_boards(stage: Stage, view: dict[str, Any], names: list[str]) -> Scene:
    from game.client.stars.final_boards import FinalBoardsScene

    return FinalBoardsScene(stage, view, names)


#: statistics shown even when nobody has any (the others only when someone does)
ALWAYS_SHOWN = ("lines_drawn", "cards_skipped", "powers_used", "constellations")


def statistics(record: GameRecord) -> list[tuple[str, list[int]]]:
    """BGA's statistics of the game, replayed by the engine (``game_statistics``)."""
    per_seat = game_statistics(record.options, record.seed, record.moves, record.secret)
    return [(label, [seat[key] for seat in per_seat]) for key, label in STATISTICS.items()
            if key in ALWAYS_SHOWN or any(seat[key] for seat in per_seat)]


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
    progress_line=progress_line,
    default_bot="greedy",
    screenshots=screenshots,
    final_boards=final_boards,
    statistics=statistics,
)
