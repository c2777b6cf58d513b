"""Player settings, saved as JSON in the user config directory (platformdirs).

``STARPARTY_CONFIG_DIR`` overrides the directory (tests point it at a temp dir so they never
touch the real user config). A corrupt or partial file falls back to defaults per field.
"""

from __future__ import annotations

import contextlib
import dataclasses
import getpass
import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

from game.client.i18n import LANGUAGES

APP_NAME = "starparty"
ANIMATION_SPEEDS: tuple[float, ...] = (0.5, 1.0, 1.5, 2.0, 4.0)
#: how long the window lets each move of a bot (or another player) hold the stage, as a
#: factor of the game's own pacing; 0: every move shows at once
AI_SPEEDS: dict[str, float] = {"slow": 1.7, "normal": 1.0, "fast": 0.5, "instant": 0.0}


def system_user_name() -> str:
    """The login name, capitalised (what friends at a LAN party know you by), else "" (no
    login, or root: nobody's name). The first-start name prompt suggests it."""
    try:
        name = getpass.getuser().strip()
    except (KeyError, OSError):  # no passwd entry or no login in a container
        name = ""
    return name[:16].capitalize() if name and name != "root" else ""


def default_player_name() -> str:
    """The name used until the player chooses one: the login name, else "Player"."""
    return system_user_name() or "Player"


def config_dir() -> Path:
    override = os.environ.get("STARPARTY_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))


@dataclass
class Settings:
    """What the player chose; every field has a safe default.

    ``player_name`` left empty means "not chosen yet": ``__post_init__`` fills in
    ``default_player_name()`` and ``name_chosen`` stays False, so the window asks once (the
    name prompt after the title). ``Settings(player_name="Ann")`` counts as chosen."""

    player_name: str = ""
    fullscreen: bool = False
    volume: float = 0.7
    muted: bool = False
    animation_speed: float = 1.0
    #: colours chosen to stay apart for colour-blind players (shapes and patterns are always on)
    colour_blind: bool = False
    #: the window's language ("en", "ja"); empty until chosen: the system locale decides
    language: str = ""
    #: hot-seat: the names last given to each seat (seat 1 first), offered again next time
    hotseat_names: list[str] = dataclasses.field(default_factory=list)
    #: the bot level last chosen for each seat (seat 1 first; "" where no bot sat), in any
    #: game: offered by the setup of a game with no levels of its own kept yet, where that
    #: game has the level
    seat_levels: list[str] = dataclasses.field(default_factory=list)
    #: per game, the bot levels last chosen for it (as ``seat_levels``): each game offers its
    #: own again (a player's greedy Look at the Stars bot showed as Stargazer's normal, and
    #: the hard Stargazer bots chosen the day before were back at normal: an outside playtest)
    game_seat_levels: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    #: per "mode:game" ("solo:stars"), the number last chosen there (solo: the AI opponents,
    #: hot-seat and host: the players), offered again by the next setup, after a restart too
    seat_counts: dict[str, int] = dataclasses.field(default_factory=dict)
    #: per game, the options last started with ({"power_card": 5, ...}), offered again by the
    #: next setup (the bonus cards chosen were back at their defaults after a restart: a
    #: Japanese player's playtest); a value the game no longer has is its default
    game_options: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)
    #: the game last started from a setup screen, offered first by the next one (a new player
    #: played Stargazer, came back the next day and found Look at the Stars chosen)
    last_game: str = ""
    #: how fast the moves of bots and other players are played out (a key of ``AI_SPEEDS``)
    ai_speed: str = "normal"
    #: the player gave ``player_name`` (None: work it out from ``player_name`` being given)
    name_chosen: bool | None = None

    def __post_init__(self) -> None:
        if self.name_chosen is None:
            self.name_chosen = bool(self.player_name.strip())
        if not self.player_name.strip():
            self.player_name = default_player_name()

    def choose_name(self, name: str) -> bool:
        """Take ``name`` as the player's (the name prompt, setup, Settings); a blank one is
        refused (False): a name is never silently replaced by the default."""
        name = name.strip()[:24]
        if not name:
            return False
        self.player_name = name
        self.name_chosen = True
        return True

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        path = path or config_dir() / "settings.json"
        settings = cls()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return settings
        if not isinstance(data, dict):
            return settings
        for field in fields(cls):
            value = data.get(field.name)
            default = getattr(settings, field.name)
            if isinstance(default, list):
                if isinstance(value, list):
                    setattr(settings, field.name, [v.strip()[:24] for v in value[:8]
                                                   if isinstance(v, str)])
            elif isinstance(default, bool):
                if isinstance(value, bool):
                    setattr(settings, field.name, value)
            elif isinstance(default, float):
                if isinstance(value, int | float) and not isinstance(value, bool):
                    setattr(settings, field.name, float(value))
            elif isinstance(value, str) and value.strip():
                setattr(settings, field.name, value.strip()[:24])
        settings.game_seat_levels = {
            key[:24]: [v.strip()[:24] for v in value[:8] if isinstance(v, str)]
            for key, value in _entries(data.get("game_seat_levels")) if isinstance(value, list)}
        settings.seat_counts = {
            key[:24]: value for key, value in _entries(data.get("seat_counts"))
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 8}
        settings.game_options = {
            game[:24]: {key[:24]: value for key, value in _entries(options)
                        if isinstance(value, bool | int | str) and len(str(value)) <= 24}
            for game, options in _entries(data.get("game_options")) if isinstance(options, dict)}
        if "name_chosen" not in data and isinstance(data.get("player_name"), str) \
                and data["player_name"].strip():
            settings.name_chosen = True  # a file from before the prompt: its name stands
        settings.volume = min(1.0, max(0.0, settings.volume))
        if settings.animation_speed not in ANIMATION_SPEEDS:
            settings.animation_speed = 1.0
        if settings.language not in LANGUAGES:
            settings.language = ""
        if settings.ai_speed not in AI_SPEEDS:
            settings.ai_speed = "normal"
        return settings

    def save(self, path: Path | None = None) -> Path:
        path = path or config_dir() / "settings.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(asdict(self), indent=2), encoding="utf-8")
        tmp.replace(path)
        return path


def _entries(value: Any, limit: int = 16) -> list[tuple[str, Any]]:
    """A map read from the settings file: its first ``limit`` entries with text keys (none
    when it is not a map: a corrupt entry is ignored, as every other field's)."""
    if not isinstance(value, dict):
        return []
    return [(k, v) for k, v in list(value.items())[:limit] if isinstance(k, str)]


class NewestKept:
    """A JSON map in the config directory that keeps its newest ``LIMIT`` entries: {} when
    missing or corrupt, written whole through a temporary file (``PRIVATE``: readable by its
    owner only)."""

    LIMIT = 20
    FILE = ""
    PRIVATE = False

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or config_dir() / self.FILE

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write(self, data: dict[str, Any]) -> None:
        data = dict(list(data.items())[-self.LIMIT:])
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        mode = 0o600 if self.PRIVATE else 0o644
        descriptor = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(data, indent=2))
        os.chmod(tmp, mode)
        tmp.replace(self.path)


class SeatTokens(NewestKept):
    """The seat tokens this window holds, by table address ``host:port`` (``seats.json`` in the
    config directory, readable by its owner only): a player who leaves a started LAN game, or
    restarts the program, joins again and gets the same seat back. The newest ``LIMIT`` kept."""

    FILE = "seats.json"
    PRIVATE = True

    def _load(self) -> dict[str, dict[str, Any]]:
        return {k: v for k, v in self._read().items()
                if isinstance(k, str) and isinstance(v, dict) and isinstance(v.get("token"), str)}

    def get(self, address: str) -> str | None:
        """The token kept for the table at ``address`` (None: none)."""
        return self._load().get(address, {}).get("token")

    def kept_for(self, address: str, table_id: str = "") -> bool:
        """A seat is kept for this window at the table ``table_id`` at ``address`` ("": a
        host that does not say its table's id; the address alone decides). A new table at
        the same address is not the one the token was for."""
        kept = self._load().get(address)
        if kept is None:
            return False
        return not table_id or kept.get("table") in (None, table_id)

    def put(self, address: str, token: str | None, table_id: str | None = None) -> None:
        """Keep ``token`` for ``address`` (None: forget it)."""
        data = self._load()
        data.pop(address, None)
        if token:
            data[address] = {"token": token, "table": table_id}
        self._write(data)


class HintCounts(NewestKept):
    """The hints asked per seat in each game this window played (``hints.json`` in the config
    directory, by the table's id): the results count them, and a player who closes the window
    and comes back to the game (Continue, or a LAN seat joined again) keeps its count. The
    newest ``LIMIT`` games kept; a corrupt file counts from nothing."""

    FILE = "hints.json"

    def _load(self) -> dict[str, dict[str, int]]:
        return {game: {seat: n for seat, n in counts.items()
                       if seat.isdigit() and isinstance(n, int) and 0 < n < 1 << 20}
                for game, counts in self._read().items()
                if isinstance(game, str) and isinstance(counts, dict)}

    def get(self, table_id: str) -> dict[int, int]:
        """Hints asked per seat in the game ``table_id`` ({}: none kept)."""
        return {int(seat): n for seat, n in self._load().get(table_id, {}).items()}

    def put(self, table_id: str, asked_by: dict[int, int]) -> None:
        """Keep ``asked_by`` for the game ``table_id`` (the newest game last)."""
        data = self._load()
        data.pop(table_id, None)
        data[table_id] = {str(seat): n for seat, n in asked_by.items()}
        with contextlib.suppress(OSError):  # a read-only config directory: the count lasts
            self._write(data)  # as long as the window
