"""Stargazer in the window: its table scene (the ring, the crews, cube drops, the final
scoring), rules page, screenshots and the rest of its client kit (``KIT``, registered in
``game.client.kits``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.client.kits import ClientKit, ScoreColumn
from game.client.stargazer.rules_text import STARGAZER

if TYPE_CHECKING:
    import pygame

    from game.client.layout import TextCache
    from game.client.scenes.base import Scene, Stage
    from game.client.session import GameConfig
    from game.client.shooter import Shooter

SCORE_COLUMNS = [
    ScoreColumn("majority", "Majority", (255, 210, 90)),
    ScoreColumn("specialty", "Specialty", (120, 170, 255)),
    ScoreColumn("motivation", "Motivation", (130, 230, 200)),
    ScoreColumn("skills", "Skills", (240, 150, 230)),
    ScoreColumn("order", "Turn order", (200, 200, 200)),
]


def progress_line(view: dict[str, Any]) -> str | None:
    """The handover's line: the round and what ends the game (the engine's figures)."""
    from game.rules.stargazer import end_progress

    if not view or "round" not in view or "hands" not in view:
        return None
    progress = end_progress(view)
    return (f"Round {view['round']}  ·  fewest cubes left: {progress['fewest_cubes']}  ·  "
            f"planets full: {progress['planets_full']} of {progress['planets_full_to_end']}")


def open_table(stage: Stage, config: GameConfig | None, seed: int = 0,
               session: Any = None) -> Scene:
    from game.client.stargazer.table import StargazerTableScene

    return StargazerTableScene(stage, config, seed, session=session)


def results_picture(session: Any, text: TextCache, size: tuple[int, int],
                    colour_blind: bool) -> pygame.Surface | None:
    from game.client.stargazer.ring import final_ring_picture

    views = getattr(session, "views", None) or {}
    view = next(iter(views.values()), None)
    return final_ring_picture(view, text, size, colour_blind) if view else None


def seat_token(seat: int, size: int, colour_blind: bool) -> pygame.Surface:
    """A seat's worker in its colour with its mark (the results show it beside the name)."""
    from game.client.stargazer.palette import palette_for, player_mark
    from game.client.stargazer.sprites import pawn_sprite

    return pawn_sprite(size, palette_for(colour_blind).player(seat), player_mark(seat))


def screenshots(shot: Shooter) -> None:
    from game.client.stargazer.screenshots import shoot

    shoot(shot)


KIT = ClientKit(
    game="stargazer",
    title="Stargazer",
    open_table=open_table,
    rules=STARGAZER,
    score_columns=SCORE_COLUMNS,
    progress_line=progress_line,
    # the strong heuristic bot answers at once; "hard" (a 2 s search per decision) stays a
    # choice on the setup screen
    default_bot="normal",
    screenshots=screenshots,
    results_picture=results_picture,
    seat_token=seat_token,
)
