"""A table's autosave: its file, the journal and snapshot writer, the final save, old saves.

``net.save`` is the file format (atomic snapshots, the move journal, ``AutoSaver``'s
background thread); this is one table's use of it, with an explicit lifecycle: ``start``
(the game starts or is resumed) writes a first durable snapshot, prunes finished games' old
autosaves and starts the saver thread; every accepted move is ``record``-ed to the journal
before anyone hears of it; ``close`` (``Table.close``) writes the final save, which holds every
move the table accepted, and ends the thread. ``close_file`` ends one file only (``Table.restart``
goes on in a new one). Why its own module: the table's lock, its moves and its AI thread are
already plenty for one class, and saving has its own thread and its own failures (a full
disk must never stop the game).

The saver thread takes the table's lock to pack a snapshot (``snapshot``), so ``close`` and
``close_file`` must be called without holding that lock.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from net.save import SAVE_SUFFIX, AutoSaver, prune_finished_saves, read_save, write_save

log = logging.getLogger(__name__)


def autosave_file(directory: Path, game: str, table_id: str) -> Path:
    """Where a table autosaves in ``directory``: ``<game>-<table id>.spsave``."""
    return Path(directory) / f"{game}-{table_id}{SAVE_SUFFIX}"


def load(source: Path | dict[str, Any]) -> dict[str, Any]:
    """A save to resume from: read from a file (``SaveError`` if unusable), or as given."""
    return source if isinstance(source, dict) else read_save(Path(source))


class Persistence:
    """The autosave of one table at ``path`` (None: the table is not saved).

    ``snapshot() -> (version, packed save)`` is the table's ``packed_save``;
    ``keep_finished``: when saving starts, finished games' autosaves in the folder beyond that
    many (newest kept) are deleted (None: never)."""

    def __init__(self, path: Path | None, snapshot: Callable[[], tuple[int, bytes]], *,
                 keep_finished: int | None) -> None:
        self.path = Path(path) if path is not None else None
        self.snapshot = snapshot
        self.keep_finished = keep_finished
        self._saver: AutoSaver | None = None
        self._closed = False
        #: guards ``_saver``: the table's thread starts it, ``close`` (any thread) takes it
        self._lock = threading.Lock()

    @property
    def active(self) -> bool:
        """A saver thread writes this table's file now."""
        return self._saver is not None

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> None:
        """Save from now on: a durable snapshot now, the journal and the saver thread (once;
        nothing when not saving or after ``close``)."""
        self.checkpoint(durable=True)

    def close_file(self) -> None:
        """End the current file: its final snapshot, the saver thread stopped. A later
        ``start`` opens ``path`` (which the caller may have changed) afresh."""
        with self._lock:
            saver, self._saver = self._saver, None
        if saver is not None:
            saver.close()

    def close(self) -> None:
        """The final save (every accepted move in it) and the end of saving; twice is fine."""
        with self._lock:
            self._closed = True
        self.close_file()

    # ------------------------------------------------------------------ writing
    def record(self, version: int, seat: int, move: Any, *, durable: bool = False,
               stand_in: bool = False) -> None:
        """Journal an accepted move at once (before anyone hears of it; ``stand_in``: a bot
        made it for an away player) and let the saver write a durable snapshot in the
        background (``durable``: right now)."""
        self._write((version, seat, move, stand_in), durable)

    def checkpoint(self, *, durable: bool = True) -> None:
        """A snapshot of the table as it is (seats changed, a stand-in bot...)."""
        self._write(None, durable)

    def _write(self, record: tuple[int, int, Any, bool] | None, durable: bool) -> None:
        if self.path is None:
            return
        try:
            saver = self._open()
            if saver is None:
                return  # closed: close() wrote the last save
            if record is not None:
                saver.record(*record)
            if durable:
                saver.flush()
            else:
                saver.checkpoint_soon()
        except OSError as exc:  # a full disk must not stop the game
            log.error("autosave to %s failed: %s", self.path, exc)

    def _open(self) -> AutoSaver | None:
        with self._lock:
            if self._saver is None and not self._closed and self.path is not None:
                self._saver = AutoSaver(self.path, self.snapshot)
                self._prune_old_saves()
            return self._saver

    def save(self, path: Path | None = None) -> Path | None:
        """Write the save durably now (to ``path`` or the autosave file); returns where."""
        saver = self._saver  # read once: close() may clear it from another thread
        if path is None and saver is not None:
            saver.flush()
            return saver.path
        target = Path(path) if path is not None else self.path
        if target is None:
            return None
        write_save(target, self.snapshot()[1])
        return target

    def _prune_old_saves(self) -> None:
        """A table starting to save keeps the folder from growing: finished games beyond
        the newest ``keep_finished`` go (never an unfinished one, never this one)."""
        if self.path is None or self.keep_finished is None:
            return
        try:
            prune_finished_saves(self.path.parent, self.keep_finished, spare=self.path)
        except OSError as exc:
            log.warning("pruning old saves in %s failed: %s", self.path.parent, exc)
