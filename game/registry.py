"""The registered games: every game is a plugin found here, none is listed in generic code.

A game registers itself in one place: an entry point of the group ``starparty.games`` (the way
pytest and pluggy find plugins) naming its ``GamePlugin``, e.g. in its ``pyproject.toml``::

    [project.entry-points."starparty.games"]
    stars = "game.rules.stars.plugin:GAME"

A ``GamePlugin`` holds only "module:attribute" strings and plain data, so reading it imports
none of the game's bots or window: ``game.rules.get_ruleset``, ``game.ai.make_bot`` and
``game.client.kits.get_kit`` import the named modules when first asked. Their tables
(``RULESETS``, ``BOT_LEVELS``, ``CLIENT_KITS``...) are live views of this registry
(``GameTable``). The entry-point loader calls ``register``, and so does a game that is not
installed (a test's game): one code path.

Order (what ``--game`` defaults to, how menus list games): the games found by their own
``order`` (lower first), ties as found: the ``starparty`` distribution's, then other
distributions' by distribution name; then games registered at run time, in the order of their
``register`` calls. (An installed table's order is not the ``pyproject.toml`` one: setuptools
writes it sorted, which once made an installed program default to Stargazer.) In a source
checkout (``pyproject.toml`` beside ``game/``)
the project's own table is read from that file, so a stale or missing install does not hide
or invent a game.
"""

from __future__ import annotations

import importlib
import tomllib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

#: the entry-point group a game registers in
GROUP = "starparty.games"
#: the distribution whose games come first
PROJECT = "starparty"
#: every game's weakest bot, registered without asking
RANDOM_BOT = "game.ai.base:RandomBot"
_SOURCE_PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


@dataclass(frozen=True)
class GamePlugin:
    """What the generic code needs to know of a game, as names to import on first use."""

    #: the short name (``--game``, saves, the wire)
    name: str
    #: "module:attribute" of its ``game.rules.base.Ruleset`` instance
    ruleset: str
    #: bot level -> "module:Class" (taking ``seed``), weakest first; ``random`` comes first
    #: by itself
    bots: Mapping[str, str] = field(default_factory=dict)
    #: the level of an AI seat without one (None: the strongest)
    default_bot: str | None = None
    #: level -> seconds a caller allows a searching bot per decision
    think_seconds: Mapping[str, float] = field(default_factory=dict)
    #: old level name -> the level it now means (saves and seat lists name old levels)
    bot_aliases: Mapping[str, str] = field(default_factory=dict)
    #: level -> the one sentence a menu shows about it, for the game's own levels (the
    #: shared levels' notes are ``game.ai.LEVEL_NOTES``; ``{seconds}``: its thinking time)
    level_notes: Mapping[str, str] = field(default_factory=dict)
    #: "module:attribute" of its window ``ClientKit`` (table scene, rules page, results...);
    #: None: headless only
    client_kit: str | None = None
    #: "module:attribute" of its ``game.ai.teaching.Teacher`` (hints and the post-game
    #: review by the hard bot); None: the game has neither
    teacher: str | None = None
    #: ``--seats`` when none is given
    default_seats: str = "4"
    #: "module:function" returning ``[(msgid, where), ...]``: the strings the window shows
    #: from the game's data (crew names, board names...), for ``tools/extract_messages.py``
    messages: str | None = None
    #: "module:function" returning the game's components as plain data for
    #: ``docs/data/<name>.json`` (``tools/export_game_data.py``); None: it publishes none
    public_data: str | None = None
    #: where it stands among the games found (lower first; ties keep the order found): the
    #: first is what ``--game`` and the setup screen default to. Installers do not keep an
    #: entry-point table's order (setuptools writes it sorted), so the order is the game's own
    order: int = 1000

    @property
    def bot_levels(self) -> dict[str, str]:
        """Every level, weakest first: ``random`` and the game's own."""
        return {"random": RANDOM_BOT, **self.bots}


_games: dict[str, GamePlugin] = {}
_loaded = False


def load_target(target: str) -> Any:
    """The attribute a "module:attribute" string names (its module imported now)."""
    module_name, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


def register(plugin: GamePlugin) -> None:
    """Add ``plugin`` (a game registered again under its name is replaced in place)."""
    _load_entry_points()
    if not isinstance(plugin, GamePlugin):
        raise TypeError(f"a {GROUP} entry point must name a GamePlugin, not {plugin!r}")
    _games[plugin.name] = plugin


def unregister(name: str) -> None:
    """Remove the game ``name`` (a test's game, after the test)."""
    _load_entry_points()
    _games.pop(name, None)


@contextmanager
def registered(plugin: GamePlugin) -> Iterator[GamePlugin]:
    """``plugin`` registered for the block (a test's game, or a game changed for one test);
    after it, the game it replaced is back in its place, or none."""
    before = games().get(plugin.name)
    register(plugin)
    try:
        yield plugin
    finally:
        if before is None:
            unregister(plugin.name)
        else:
            register(before)


def games() -> dict[str, GamePlugin]:
    """Every registered game by name, in the registry's order (see the module docstring)."""
    _load_entry_points()
    return dict(_games)


def game_names() -> list[str]:
    """The registered games' names, in order."""
    return list(games())


def default_game() -> str:
    """The game a command plays when ``--game`` is not given: the first registered."""
    names = game_names()
    if not names:
        raise LookupError(f"no game is registered in the entry-point group {GROUP!r}")
    return names[0]


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True  # before loading: a plugin module may itself call register()
    found: list[GamePlugin] = []
    for name, target in _entry_points():
        if name in _games or any(p.name == name for p in found):
            continue  # the first in order keeps a name: no package hides a game
        plugin = load_target(target)
        if getattr(plugin, "name", None) != name:
            raise ValueError(f"the {GROUP} entry point {name!r} names a game called "
                             f"{getattr(plugin, 'name', None)!r}")
        found.append(plugin)
    for plugin in sorted(found, key=lambda p: p.order):  # stable: ties as found
        register(plugin)


def _entry_points() -> list[tuple[str, str]]:
    """(name, "module:attribute") of every game entry point, in the registry's order."""
    own = _source_entry_points()
    found: list[tuple[str, int, str, str]] = []
    for index, point in enumerate(metadata.entry_points(group=GROUP)):
        dist = point.dist.name if point.dist is not None else ""
        if own is not None and dist == PROJECT:
            continue  # the checkout's own table is the truth, not an older install's
        found.append(("" if dist == PROJECT else dist or "~", index, point.name, point.value))
    listed = [(name, value) for name, value in (own or {}).items()]
    return listed + [(name, value) for _, _, name, value in sorted(found)]


def _source_entry_points() -> dict[str, str] | None:
    """The project's table in ``pyproject.toml`` when running from a source checkout."""
    if not _SOURCE_PYPROJECT.is_file():
        return None
    project = tomllib.loads(_SOURCE_PYPROJECT.read_text(encoding="utf-8")).get("project", {})
    if project.get("name") != PROJECT:
        return None
    return dict(project.get("entry-points", {}).get(GROUP, {}))


class GameTable(Mapping[str, Any]):
    """A live, read-only table ``game name -> pick(plugin)`` over the registered games (the
    games for which ``pick`` gives None are left out): ``RULESETS``, ``BOT_LEVELS``..."""

    def __init__(self, pick: Callable[[GamePlugin], Any]) -> None:
        self._pick = pick

    def __getitem__(self, name: str) -> Any:
        plugin = games().get(name)
        value = None if plugin is None else self._pick(plugin)
        if value is None:
            raise KeyError(name)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter([name for name, plugin in games().items() if self._pick(plugin) is not None])

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"GameTable({dict(self)!r})"
