"""The autosave folder does not grow forever: a table that starts saving keeps the newest
finished games' saves (20 by default) and deletes older finished ones, never an unfinished game."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from net.save import (
    KEEP_FINISHED_SAVES,
    SAVE_FORMAT,
    SAVE_VERSION,
    SaveError,
    journal_path,
    prune_finished_saves,
    read_save,
    write_save,
)
from net.table import SeatSpec
from tests.net.nethelpers import toy_table, wait_until


def _save(directory: Path, index: int, status: str, *, game: str = "toy",
          name: str | None = None) -> Path:
    """A save named like a table's autosave, written ``index`` minutes after the epoch base."""
    path = directory / (name or f"{game}-{index:012x}.spsave")
    write_save(path, {"format": SAVE_FORMAT, "save_version": SAVE_VERSION, "game": game,
                      "options": {"rounds": 1}, "seed": index, "moves": [], "seats": [],
                      "status": status, "version": 0})
    journal_path(path).write_bytes(b"")
    stamp = 1_700_000_000 + 60 * index
    os.utime(path, (stamp, stamp))
    return path


def test_the_oldest_finished_saves_go_when_a_new_table_starts_saving(tmp_path: Path) -> None:
    finished = [_save(tmp_path, i, "over") for i in range(KEEP_FINISHED_SAVES + 5)]
    unfinished = [_save(tmp_path, 100 + i, status) for i, status in
                  enumerate(["playing", "lobby", "playing"])]
    oldest_unfinished = _save(tmp_path, 200, "playing")
    os.utime(oldest_unfinished, (1, 1))  # older than every finished save: still kept
    corrupt = tmp_path / "stars-0123456789ab.spsave"
    corrupt.write_bytes(b"not a save")
    os.utime(corrupt, (1, 1))
    named_by_player = _save(tmp_path, 300, "over", name="my best game.spsave")
    os.utime(named_by_player, (1, 1))

    table = toy_table([SeatSpec("human", "A")], autosave_dir=tmp_path)
    assert sorted(tmp_path.glob("*.spsave")) == sorted(  # nothing goes before saving starts
        [*finished, *unfinished, oldest_unfinished, corrupt, named_by_player])
    table.start()
    try:
        left = set(tmp_path.glob("*.spsave"))
        assert set(finished[:5]).isdisjoint(left)
        assert not any(journal_path(p).exists() for p in finished[:5])
        assert set(finished[5:]) <= left and all(journal_path(p).exists() for p in finished[5:])
        assert {*unfinished, oldest_unfinished, corrupt, named_by_player} <= left
        assert table.autosave_path in left
        assert read_save(table.autosave_path)["status"] == "playing"
    finally:
        table.close()


def test_a_finished_game_is_kept_by_the_next_table_and_pruned_once_enough_follow(
        tmp_path: Path) -> None:
    first = toy_table([SeatSpec("ai", "A", "random")], rounds=1, autosave_dir=tmp_path,
                      keep_finished_saves=2)
    first.start()
    wait_until(lambda: first.status == "over")
    first.close()
    assert read_save(first.autosave_path)["status"] == "over"
    os.utime(first.autosave_path, (1, 1))
    newer = [_save(tmp_path, i, "over") for i in range(2)]
    second = toy_table([SeatSpec("human", "A")], autosave_dir=tmp_path, keep_finished_saves=3)
    second.start()
    second.close()
    assert first.autosave_path.exists()  # 3 finished saves, 3 kept
    third = toy_table([SeatSpec("human", "A")], autosave_dir=tmp_path, keep_finished_saves=2)
    third.start()
    third.close()
    assert not first.autosave_path.exists() and all(p.exists() for p in newer)
    assert second.autosave_path.exists() and third.autosave_path.exists()  # unfinished


def test_pruning_can_be_turned_off_and_a_missing_folder_is_fine(tmp_path: Path) -> None:
    finished = [_save(tmp_path, i, "over") for i in range(4)]
    table = toy_table([SeatSpec("human", "A")], autosave_dir=tmp_path, keep_finished_saves=None)
    table.start()
    table.close()
    assert all(p.exists() for p in finished)
    assert prune_finished_saves(tmp_path, keep=1, spare=finished[0]) == finished[1:3][::-1]
    assert finished[0].exists() and finished[3].exists()
    assert prune_finished_saves(tmp_path / "missing") == []


def _poison_journal(save: Path, kind: str) -> None:
    """Make ``save``'s journal something reading must not trust (an outside hostile test)."""
    journal = journal_path(save)
    journal.unlink(missing_ok=True)
    if kind == "big":
        with journal.open("wb") as file:  # a damaged journal past the save size limit
            file.truncate(40 * 1024 * 1024)
    elif kind == "fifo":
        os.mkfifo(journal)  # a named pipe: reading it would block for ever
    else:
        journal.symlink_to("/dev/zero")  # a link to a device: reading it never ends


@pytest.mark.timeout(30)
@pytest.mark.parametrize("kind", ["big", "fifo", "devzero"])
def test_a_poisoned_journal_beside_an_old_save_neither_stops_nor_stalls_a_new_table(
        tmp_path: Path, kind: str) -> None:
    """A 40 MiB journal crashed a new host as its game started (msgpack's BufferFull out of
    the pruning), a named pipe froze it, a link to /dev/zero filled its memory: the old save
    is only kept, and the new table saves and plays."""
    old = _save(tmp_path, 1, "over")
    _poison_journal(old, kind)
    table = toy_table([SeatSpec("human", "A")], autosave_dir=tmp_path)
    try:
        table.start()
        assert old.exists(), "a save that cannot be read is kept"
        assert read_save(table.autosave_path)["status"] == "playing"
    finally:
        table.close()


@pytest.mark.timeout(30)
@pytest.mark.parametrize("kind", ["big", "fifo", "devzero"])
def test_a_poisoned_save_or_journal_is_refused_in_one_sentence(tmp_path: Path,
                                                              kind: str) -> None:
    save = _save(tmp_path, 1, "playing")
    _poison_journal(save, kind)
    with pytest.raises(SaveError) as journal_error:
        read_save(save)
    assert "journal" in str(journal_error.value)
    other = tmp_path / "other.spsave"
    if kind == "big":
        with other.open("wb") as file:
            file.truncate(40 * 1024 * 1024)
    elif kind == "fifo":
        os.mkfifo(other)
    else:
        other.symlink_to("/dev/zero")
    with pytest.raises(SaveError) as save_error:
        read_save(other)
    assert str(other) in str(save_error.value) and "\n" not in str(save_error.value)
