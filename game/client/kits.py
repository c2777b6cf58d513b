"""Per-game client kits, found by game name: what the generic scenes need of a game.

The generic scenes (setup, lobby, handover, results, rules, Continue) know no game: they ask
``get_kit(game)`` for its table scene, setup options, results columns, rules page and so on.
Each game's client is a package exposing a ``KIT`` that the game's ``GamePlugin.client_kit``
names (``game.registry``), the way ``game.rules.get_ruleset`` and ``game.ai.BOT_LEVELS``
work. Kits are imported by name only when asked for, so no generic
module imports a game's package and no two game packages import each other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.client.i18n import N_, ngettext
from game.registry import GameTable, load_target

if TYPE_CHECKING:
    import pygame

    from game.client.layout import TextCache
    from game.client.record import GameRecord
    from game.client.scenes.base import Scene, Stage
    from game.client.session import GameConfig, Session
    from game.client.shooter import Shooter

#: game name -> "module:attribute" of its ``ClientKit`` (imported on first use): a live view of
#: the registered games that have a window
CLIENT_KITS: Mapping[str, str] = GameTable(lambda game: game.client_kit)

Color = tuple[int, int, int]


def points_now(points: int) -> str:
    """A hint's points in words: "+2 points now" (``ClientKit.hint_points``)."""
    return ngettext("{points} point now", "{points} points now", abs(points)).format(
        points=f"{points:+d}")


@dataclass(frozen=True)
class SetupOption:
    """One game option on the setup screen: a ``Choice`` of ``values`` ((value, label) pairs)
    sent to the table as ``options[key]``; ``notes``: value -> the sentence the screen shows
    while the row is chosen or under the mouse (what that value does)."""

    key: str
    label: str
    values: Sequence[tuple[Any, str]]
    default: Any
    notes: Mapping[Any, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoreColumn:
    """One category of the results table and bar chart: ``key`` of the score breakdown."""

    key: str
    title: str
    color: Color


#: a rules page entry with this heading is a picture from the kit's ``rules_figures``, named by
#: the entry's second part (translated pages put it at the same place in their own order)
FIGURE_HEADING = "@figure"


@dataclass(frozen=True)
class ClientKit:
    """A game's client. ``open_table(stage, config, seed, session)`` makes its table scene:
    a new local game from ``config`` + ``seed``, or the given session (LAN, Continue)."""

    game: str
    title: str
    open_table: Callable[[Stage, GameConfig | None, int, Session | None], Scene]
    #: the rules page: (heading, paragraph) pairs in the project's words
    rules: Sequence[tuple[str, str]]
    score_columns: Sequence[ScoreColumn]
    setup_options: Sequence[SetupOption] = ()
    #: card pictures beside the setup form for the chosen options: (caption, surface) pairs
    setup_previews: Callable[[TextCache, dict[str, Any], int],
                             list[tuple[str, pygame.Surface]]] | None = None
    #: solo results: the rank line for a score and the game's final view (None when the
    #: window has none), whether to add where the score stands among the bots (False
    #: while the results' bars show it) and the bot levels played in the game (the level the
    #: line compares with, as the bars mark it); None: the game has no solo ranks
    solo_line: Callable[[int, dict[str, Any] | None, bool, Sequence[str]], str] | None = None
    #: solo, where the total stands among each bot level's measured solo games: (level, the
    #: percent of its games the total beats), weakest first (``(total, final view)``)
    solo_standing: Callable[[int, dict[str, Any] | None], list[tuple[str, int]]] | None = None
    #: results: how a tie on points for first place was broken, in the rules' words,
    #: ``(final view, totals, ranking, names)`` -> a line, or None (no tie, or no view)
    tie_line: Callable[[dict[str, Any] | None, list[int], list[int], list[str]],
                       str | None] | None = None
    #: results: a line under the score table about what a column counts in this game, from
    #: the final view (None: nothing to say); Look at the Stars: what the power's column holds
    score_note: Callable[[dict[str, Any]], Any] = field(default=lambda view: None)
    #: the handover screen's button for the player the screen is passed to ({name}): a game
    #: with a private board shows it, one with everything public just gives the turn
    take_over_words: str = N_("I am {name}: show my board")
    #: a hint's points in words, as the game says its scores ("+2 points now")
    hint_points: Callable[[int], str] = field(default=points_now)
    #: the handover recaps the game log since the player's last turn: for a game played in
    #: turns; Look at the Stars' players play each card in secret, its log tells a card's
    #: moves only once everyone has drawn it, so a recap told a player their own move and
    #: never the one just made (a playtest)
    handover_recap: bool = False
    #: the handover screen's line about where the game stands (None: nothing to say)
    progress_line: Callable[[dict[str, Any]], str | None] = field(default=lambda view: None)
    #: the bot level a LAN host fills free seats with (None: the strongest registered)
    default_bot: str | None = None
    #: ``starparty screenshots``: from the main menu, shoot this game's scenes and return there
    screenshots: Callable[[Shooter], None] | None = None
    #: results: every final board with what scored, ``final_boards(stage, final view, names)``
    final_boards: Callable[[Stage, dict[str, Any], list[str]], Scene] | None = None
    #: results: the game's statistics from its record, ``[(label, [value per seat]), ...]``
    statistics: Callable[[GameRecord], list[tuple[str, list[int]]]] | None = None
    #: results: a picture of the finished game under the buttons (Stargazer: the final ring):
    #: ``(final view, text, (width, height), colour_blind)`` -> a surface of at most that size
    results_picture: Callable[[dict[str, Any], TextCache, tuple[int, int], bool],
                              pygame.Surface | None] | None = None
    #: a seat's piece (colour and mark) beside its name on the results, as the table shows it:
    #: ``(seat, size in px, colour_blind)`` -> surface (None: names in the generic seat colours)
    seat_token: Callable[[int, int, bool], pygame.Surface] | None = None
    #: Watch replay: one move in the window's language, ``(state, seat, move, name_of)``
    #: (``name_of(seat)`` -> the seat's name); None: the ruleset's English ``describe_move``
    describe_move: Callable[[dict[str, Any], int, dict[str, Any], Callable[[int], str]],
                            str] | None = None
    #: each seat plays on a board of its own (Look at the Stars): a replay that shows one
    #: seat's board says whose board another seat's move went on
    own_boards: bool = False
    #: its table scene shows a LAN spectator's public view, read-only (no seat of its own):
    #: the join screen then offers to watch a full or started table of this game
    watch: bool = False
    #: the review's name for one decision of a seat, ``{n}`` its number (Look at the Stars
    #: decides once per card: "Card {n}")
    decision_name: str = N_("Turn {n}")
    #: pictures a rules page shows where an entry reads ``(FIGURE_HEADING, name)``: ``name`` ->
    #: ``(text, width, unit, body px, small px, colour_blind)`` -> a surface that wide
    rules_figures: Mapping[str, Callable[[TextCache, int, float, int, int, bool],
                                         pygame.Surface]] = field(default_factory=dict)


def get_kit(game: str) -> ClientKit:
    """The client kit registered for ``game``; ``KeyError`` when this window cannot show it."""
    try:
        target = CLIENT_KITS[game]
    except KeyError:
        raise KeyError(f"this window has no table for {game!r} yet") from None
    return load_target(target)


def has_table(game: object) -> bool:
    """Whether the window can show a table of ``game`` (any value: saves and LAN adverts
    are not trusted)."""
    return isinstance(game, str) and game in CLIENT_KITS


def playable_games() -> list[str]:
    """Games the window can play, in registry order."""
    return list(CLIENT_KITS)
