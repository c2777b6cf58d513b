""""Continue": find the newest autosave of an unfinished game played at this window and bring
it back through ``Table.resume`` with the same seats (each local human gets a connection back;
a LAN game is served again so its remote players can reclaim their seats by token). The
table scene's first poll hands it the story so far, so its game log is there again."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.client.kits import has_table
from game.client.session import GameConfig, LocalSession, SeatChoice

if TYPE_CHECKING:
    from game.client.scenes.base import Stage

#: how many of the newest saves are looked at (old finished games pile up in the directory)
SAVES_CONSIDERED = 20


def resumable(data: dict[str, Any]) -> bool:
    """A save this window can continue: a game in progress, with a seat played here."""
    seats = data.get("seats") or []
    return (data.get("status") == "playing" and has_table(data.get("game"))
            and any(isinstance(s, dict) and s.get("kind") == "human" and s.get("token")
                    for s in seats))


def resumable_saves(directory: Path | None) -> list[Path]:
    """The saves in ``directory`` that ``resumable`` accepts, the most recently written
    first (among the ``SAVES_CONSIDERED`` newest files): every unfinished game, not only the
    newest (a hot-seat game hid behind a LAN game hosted later: an outside playtest)."""
    from net.save import SAVE_SUFFIX, SaveError, read_save

    if directory is None or not Path(directory).is_dir():
        return []
    found = []
    for path in Path(directory).glob(f"*{SAVE_SUFFIX}"):
        try:
            if path.is_file():
                found.append((path.stat().st_mtime_ns, path))
        except OSError:
            continue  # gone while listed
    found.sort(reverse=True)
    saves = []
    for _, path in found[:SAVES_CONSIDERED]:
        try:
            if resumable(read_save(path)):
                saves.append(path)
        except (SaveError, OSError):
            continue  # a damaged save is skipped, never offered
    return saves


@dataclass(frozen=True)
class SavedGame:
    """What the menu says of the game "Continue" brings back."""

    game: str
    #: the players at this window, then the others
    local_names: list[str]
    other_names: list[str]
    #: the first local seat's view where the game stands (None: the moves could not be
    #: replayed; "Continue" then says why when chosen)
    view: dict[str, Any] | None
    #: when the save was last written (seconds since the epoch; 0: unknown)
    saved_at: float = 0.0


def saved_game(path: Path) -> SavedGame | None:
    """The save at ``path`` read and replayed (no table, no thread: the rules alone), or None
    when it cannot be read. A few hundred moves: milliseconds."""
    from game.rules import get_ruleset
    from game.rules.base import IllegalMove, replay
    from net.save import SaveError, read_save

    try:
        data = read_save(path)
    except (SaveError, OSError):
        return None
    seats = [s for s in data["seats"] if isinstance(s, dict)]
    local = [s for s in seats if s.get("kind") == "human" and s.get("token")]
    names = [str(s.get("name", "")) for s in local]
    others = [str(s.get("name", "")) for s in seats if s not in local]
    view = None
    try:
        ruleset = get_ruleset(data["game"])
        options = ruleset.normalize_options({**data["options"], "players": len(data["seats"])})
        secret = data.get("secret")
        state = replay(ruleset, options, data["seed"], data["moves"],
                       secret if isinstance(secret, str) and secret else None)
        view = ruleset.view(state, data["seats"].index(local[0])) if local else None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, IllegalMove):
        view = None  # a save that does not replay only loses its progress line here
    try:
        saved_at = path.stat().st_mtime
    except OSError:
        saved_at = 0.0
    return SavedGame(data["game"], names, others, view, saved_at)


def saved_game_lines(saved: SavedGame) -> list[str]:
    """What a saved game is, in a few lines: the game, where it stands, who plays it."""
    from game.client.i18n import _
    from game.client.kits import get_kit

    kit = get_kit(saved.game)
    lines = [_(kit.title)]
    progress = kit.progress_line(saved.view) if saved.view is not None else None
    if progress:
        lines.append(progress)
    if saved.local_names and saved.other_names:
        lines.append(_("{players} with {others}").format(
            players=_(", ").join(saved.local_names), others=_(", ").join(saved.other_names)))
    elif saved.local_names:
        lines.append(_(", ").join(saved.local_names))
    return lines


def config_of(info: dict[str, Any], seating: dict[str, str] | None = None) -> GameConfig:
    """The setup that would start this table again ("Play again" after a continued game).
    ``seating`` (``Table.seating``): a couch game is continued as one, each player on the
    device they had (a pad that is not there now leaves its seat waiting for a device)."""
    seating = seating or {}
    seats = [SeatChoice("human" if s["kind"] == "human" else "ai", s["name"], s.get("bot")
                        or "random", seating.get(str(i)) if s["kind"] == "human" else None)
             for i, s in enumerate(info["seats"])]
    options = {k: v for k, v in info["options"].items() if k != "players"}
    humans = sum(1 for s in seats if s.kind == "human")
    mode = "couch" if seating.get("mode") == "couch" else "hotseat" if humans > 1 else "solo"
    return GameConfig(info["game"], seats, options, mode)


def resume_session(app: Stage, path: Path, password: str | None = None) -> LocalSession:
    """Reopen the saved table at ``path`` (it keeps autosaving there); a LAN table is served
    with ``password`` (None: open). ``SaveError`` / ``TableError`` when the file cannot be
    used."""
    from game.tables import resume_table
    from net.local import LocalConnection

    table = resume_table(path, ai_delay=app.ai_delay)
    info = table.info()
    humans = [s["seat"] for s in info["seats"] if s["kind"] == "human"]
    remote = any(s["kind"] in ("remote", "open") for s in info["seats"])
    if remote:
        from game.client.scenes.lan import serve_table

        config = config_of(info, table.seating)
        try:
            session = serve_table(app, table, password=password,
                                  config=config if config.mode == "couch" else None)
        except OSError:
            table.close()
            raise
    else:
        connections = {seat: LocalConnection.for_seat(table, seat) for seat in humans}
        session = LocalSession(config_of(info, table.seating), table=table,
                               connections=connections)
    # the first snapshot read now: the table's first poll opens with the story so far
    session.read_ahead()
    return session
