"""Autosaves: a table is options + seed + moves + seats, written atomically as msgpack.

Two files per table:

* ``NAME.spsave``, the snapshot: written atomically (temporary file, fsync, rename over the
  old one, fsync the directory), so a crash at any instant leaves the previous snapshot or the
  new one, never half of one;
* ``NAME.spsave.journal``: every accepted move appended as one msgpack record
  ``[version, seat, move]`` *before* anyone is told about the move (``[version, seat, move,
  true]`` for a move a bot made standing in for an away player: the review leaves it out).
  An append costs microseconds and survives the host process being killed (it is in the OS's
  cache at once); a background saver then fsyncs the journal (group commit), so a power cut
  can lose at most the moves of the last few milliseconds, and writes a fresh snapshot at
  most once every ``SNAPSHOT_INTERVAL`` seconds while moves keep coming (a snapshot packs
  every move of the game: too costly to write after every move, docs/BENCHMARKS.md). A torn
  last record is ignored.

``read_save`` returns the snapshot with the journal's later moves appended.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import stat
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgpack

SAVE_FORMAT = "starparty-save"
SAVE_VERSION = 1
SAVE_SUFFIX = ".spsave"
#: a save is small (moves are tiny); anything larger is not ours
MAX_SAVE_BYTES = 32 * 1024 * 1024
JOURNAL_SUFFIX = ".journal"
#: finished games whose autosaves are kept (the newest); unfinished games are always kept
KEEP_FINISHED_SAVES = 20
#: while moves keep coming, the background saver writes a snapshot at most this often (each
#: move is durable in the fsynced journal at once; ``flush`` writes a snapshot now)
SNAPSHOT_INTERVAL = 1.0
#: the names tables give their autosaves: ``<game>-<table id>.spsave`` (other files in the
#: folder, e.g. a save the player named, are never pruned)
AUTOSAVE_NAME = re.compile(r"[a-z][a-z0-9_]*-[0-9a-f]{12}" + re.escape(SAVE_SUFFIX))

log = logging.getLogger(__name__)


class SaveError(Exception):
    """A save file that cannot be used (missing, corrupt, another format or version)."""


def default_autosave_dir() -> Path:
    """``<user data dir>/starparty/autosave`` (platformdirs; created on first save), or
    ``$STARPARTY_AUTOSAVE_DIR`` if set (tests point it at a temporary directory)."""
    override = os.environ.get("STARPARTY_AUTOSAVE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("starparty")) / "autosave"


def journal_path(path: Path) -> Path:
    return Path(path).with_name(Path(path).name + JOURNAL_SUFFIX)


#: saves and journals hold every seat's token and the game's secret: only their owner reads
PRIVATE_FILE_MODE = 0o600
PRIVATE_DIR_MODE = 0o700


def write_save(path: Path, data: dict[str, Any] | bytes) -> None:
    """Write ``data`` to ``path`` atomically (temp file, fsync, rename, fsync dir), readable
    by its owner only (``PRIVATE_FILE_MODE``: a save holds the seats' tokens)."""
    path = Path(path)
    path.parent.mkdir(mode=PRIVATE_DIR_MODE, parents=True, exist_ok=True)
    payload = data if isinstance(data, bytes) else msgpack.packb(data, use_bin_type=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        os.unlink(temporary)  # a leftover of a crash may have other permissions
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE_MODE)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(payload)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
    try:
        directory = os.open(path.parent, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def read_limited(path: Path, what: str = "save") -> bytes:
    """The bytes of the regular file at ``path``, at most ``MAX_SAVE_BYTES`` of them.
    ``SaveError`` for anything else: a named pipe or a device (or a link to one) is refused
    without reading (a pipe blocked the host for ever, a link to /dev/zero filled its memory:
    an outside hostile test), and no more than the limit and one byte is ever read."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise SaveError(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise SaveError(f"{path} is not a file: not a Star Party {what}")
        with os.fdopen(fd, "rb", closefd=False) as file:
            raw = file.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        raise SaveError(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"{path} is too large to be a Star Party {what}")
    return raw


def read_save(path: Path) -> dict[str, Any]:
    """Load and check a save; ``SaveError`` says what is wrong with it (or with its
    journal)."""
    path = Path(path)
    raw = read_limited(path)
    try:
        data = msgpack.unpackb(raw, raw=False, strict_map_key=True)
    except Exception as exc:  # msgpack raises several unrelated types
        raise SaveError(f"{path} is not a Star Party save (corrupt: {exc})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path} is not a Star Party save")
    if data.get("save_version") != SAVE_VERSION:
        raise SaveError(
            f"{path} has save version {data.get('save_version')!r}; this build reads {SAVE_VERSION}"
        )
    for key, kind in (("game", str), ("options", dict), ("seed", int), ("moves", list),
                      ("seats", list)):
        if not isinstance(data.get(key), kind):
            raise SaveError(f"{path} is damaged: field {key!r} is missing or has the wrong type")
    later = [m for m in read_journal(journal_path(path)) if m[0] > len(data["moves"])]
    for version, seat, move, *stand_in in later:
        if version != len(data["moves"]) + 1:
            break  # a gap: the journal does not continue this snapshot
        if stand_in:  # ([True]; a save's own list is cleaned where the table reads it)
            if not isinstance(data.get("stand_ins"), list):
                data["stand_ins"] = []
            data["stand_ins"].append(len(data["moves"]))
        data["moves"].append([seat, move])
        data["version"] = version
        if data.get("status") == "lobby":
            data["status"] = "playing"
    return data


def read_journal(path: Path) -> list[list[Any]]:
    """The well-formed ``[version, seat, move]`` records of a journal (``[version, seat, move,
    True]`` for a stand-in bot's move; a torn tail ignored;
    none when there is no journal). ``SaveError`` for a journal that is not a file or too
    large to be one (``read_limited``)."""
    if not os.path.lexists(path):
        return []
    raw = read_limited(Path(path), "journal")
    records: list[list[Any]] = []
    try:
        unpacker = msgpack.Unpacker(raw=False, strict_map_key=True,
                                    max_buffer_size=MAX_SAVE_BYTES + 1)
        unpacker.feed(raw)
        for record in unpacker:
            if (isinstance(record, list) and len(record) in (3, 4)
                    and isinstance(record[0], int) and isinstance(record[1], int)
                    and isinstance(record[2], dict) and (len(record) == 3 or record[3] is True)):
                records.append(record)
    except Exception:  # a record torn by a crash ends the journal
        pass
    return records


class AutoSaver:
    """The journal + background snapshot writer for one table's autosave file.

    ``record`` appends a move synchronously (microseconds); ``checkpoint_soon`` wakes the
    saver thread, which fsyncs the journal at once and takes ``snapshot()`` (version, packed
    bytes) and writes it durably at most every ``SNAPSHOT_INTERVAL`` seconds, coalescing
    bursts; ``flush`` writes the snapshot now and waits.
    """

    def __init__(self, path: Path, snapshot: Callable[[], tuple[int, bytes]]) -> None:
        self.path = Path(path)
        self.snapshot = snapshot
        self.path.parent.mkdir(mode=PRIVATE_DIR_MODE, parents=True, exist_ok=True)
        # a complete durable snapshot first; only then may the old journal go
        self._written_version, payload = snapshot()
        write_save(self.path, payload)
        self._journal = os.open(journal_path(self.path),
                                os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_TRUNC,
                                PRIVATE_FILE_MODE)
        os.chmod(journal_path(self.path), PRIVATE_FILE_MODE)  # an older journal may be 0644
        self._wake = threading.Event()
        self._stop = False
        self._journal_lock = threading.Lock()
        self._journal_closed = False
        self._write_lock = threading.Lock()
        #: when the last snapshot (the saver's costly part) was written
        self._snapshot_at = time.monotonic()
        self._snapshot_wanted = False
        self._thread = threading.Thread(target=self._run, name="autosaver", daemon=True)
        self._thread.start()

    def record(self, version: int, seat: int, move: Any, stand_in: bool = False) -> None:
        """Append a move to the journal (``stand_in``: a bot made it for an away player);
        ``OSError`` once closed (never a write to a file descriptor that may since belong
        to another file)."""
        record = msgpack.packb([version, seat, move, True] if stand_in else
                               [version, seat, move], use_bin_type=True)
        with self._journal_lock:
            if self._journal_closed:
                raise OSError(f"the autosave journal of {self.path} is closed")
            os.write(self._journal, record)
        self._wake.set()

    def checkpoint_soon(self) -> None:
        self._wake.set()

    def flush(self) -> None:
        # take the snapshot outside the write lock (the caller may hold the table's lock,
        # which ``snapshot`` needs); never let an older snapshot overwrite a newer one
        version, payload = self.snapshot()
        with self._write_lock:
            if version < self._written_version:
                return
            write_save(self.path, payload)
            if not self._journal_closed:  # stable: close() takes the write lock too
                os.fsync(self._journal)
            self._written_version = version
            self._snapshot_at = time.monotonic()
            self._snapshot_wanted = False

    def _sync_journal(self) -> None:
        with self._write_lock:
            if not self._journal_closed:
                os.fsync(self._journal)

    def _run(self) -> None:
        while not self._stop:
            wait = (max(0.0, self._snapshot_at + SNAPSHOT_INTERVAL - time.monotonic())
                    if self._snapshot_wanted else None)
            woken = self._wake.wait(wait)
            self._wake.clear()
            if self._stop:
                break
            try:
                if time.monotonic() >= self._snapshot_at + SNAPSHOT_INTERVAL:
                    self.flush()  # the first move after a quiet spell, or a burst's end
                elif woken:
                    self._sync_journal()  # the move is durable; its snapshot comes later
                    self._snapshot_wanted = True
            except OSError as exc:  # a full disk must not stop the game
                log.error("autosave to %s failed: %s", self.path, exc)

    def close(self) -> None:
        self._stop = True
        self._wake.set()
        self._thread.join(timeout=10)
        try:
            self.flush()
        except OSError as exc:
            log.error("final autosave to %s failed: %s", self.path, exc)
        with self._write_lock, self._journal_lock:
            if not self._journal_closed:
                self._journal_closed = True
                os.close(self._journal)


def newest_save(directory: Path) -> Path | None:
    """The most recently written save in ``directory`` (None if there is none)."""
    directory = Path(directory)
    if not directory.is_dir():
        return None
    saves = [p for p in directory.glob(f"*{SAVE_SUFFIX}") if p.is_file()]
    return max(saves, key=lambda p: p.stat().st_mtime_ns, default=None)


def prune_finished_saves(directory: Path, keep: int = KEEP_FINISHED_SAVES,
                         spare: Path | None = None) -> list[Path]:
    """Delete the autosaves (and journals) of finished games in ``directory`` beyond the
    ``keep`` newest; returns what was deleted. A save that is not finished, that cannot be
    read, that is not named like an autosave, or that is ``spare`` is never deleted."""
    directory = Path(directory)
    if not directory.is_dir():
        return []
    finished: list[tuple[int, Path]] = []
    for path in directory.glob(f"*{SAVE_SUFFIX}"):
        if not AUTOSAVE_NAME.fullmatch(path.name) or (spare is not None and path == spare):
            continue
        try:
            if read_save(path).get("status") == "over":
                finished.append((path.stat().st_mtime_ns, path))
        except (SaveError, OSError):
            continue  # unreadable: not known to be finished, so kept
        except Exception as exc:  # another file's damage never stops this table (a hostile
            # test's journal crashed a new host as its game started)
            log.warning("could not read the old save %s: %s", path, exc)
            continue
    finished.sort(reverse=True)
    deleted: list[Path] = []
    for _, path in finished[max(0, keep):]:
        try:
            delete_save(path)
            deleted.append(path)
        except OSError as exc:
            log.warning("could not delete the old save %s: %s", path, exc)
    return deleted


def delete_save(path: Path) -> None:
    """Delete a save and its journal (a journal left behind would outlive it). ``OSError``
    if the save cannot be deleted; one already gone is no error."""
    journal_path(path).unlink(missing_ok=True)
    Path(path).unlink(missing_ok=True)
