"""Closing a table is orderly: moves racing the close are either in the final save or refused
with ``table_closed``; the AI stops; nothing is written to a closed journal."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest

from net.save import AutoSaver, journal_path, read_save
from net.table import SeatSpec, TableError
from tests.net.nethelpers import toy_table, wait_until

pytestmark = pytest.mark.timeout(60)


def _hammer(table: Any, seat: int, codes: list[str], stop: threading.Event) -> None:
    """Play ``seat`` as fast as possible until a move is refused for good."""
    token = table.token_for(seat)
    waiting = {"t": "add", "n": 1} if table.game == "toy" else {"t": "pick", "n": 1}
    while not stop.is_set():
        legal = table.legal_message(seat)
        move = legal["moves"][0] if legal["moves"] else waiting  # not its turn
        refusal = table.submit(seat, token, legal["version"], move)
        if refusal is not None and refusal["code"] not in ("stale_version", "not_your_turn"):
            codes.append(refusal["code"])
            return


@pytest.mark.parametrize("game", ["toy", "toysim"])
def test_moves_racing_the_close_are_saved_or_refused_never_lost(game: str,
                                                                 tmp_path: Path) -> None:
    seats = [SeatSpec("human", "A"), SeatSpec("human", "B"), SeatSpec("ai", "C", "random"),
             SeatSpec("ai", "D", "random")]
    table = toy_table(seats, game=game, rounds=100_000, autosave_dir=tmp_path)
    heard: list[dict[str, Any]] = []
    table.attach(None, heard.append)
    table.start()
    codes: list[str] = []
    stop = threading.Event()
    hammers = [threading.Thread(target=_hammer, args=(table, seat, codes, stop))
               for seat in (0, 1)]
    for thread in hammers:
        thread.start()
    try:
        wait_until(lambda: table.version >= 60)
        table.close()
        closed_at = table.version
        heard_at_close = len(heard)
        for thread in hammers:
            thread.join(timeout=10)
        assert codes == ["table_closed", "table_closed"]
    finally:
        stop.set()
    assert table.version == closed_at and len(heard) == heard_at_close
    saved = read_save(table.autosave_path)
    assert saved["version"] == closed_at
    assert saved["moves"] == table.moves
    # the AI threads have stopped: a later look finds nothing new
    for _ in range(50):
        assert table.version == closed_at
        threading.Event().wait(0.005)


def test_after_close_every_change_is_refused_with_a_clear_reason(tmp_path: Path) -> None:
    table = toy_table([SeatSpec("human", "A"), SeatSpec("remote", "B")], autosave_dir=tmp_path)
    table.close()
    with pytest.raises(TableError) as start:
        table.start()
    assert start.value.code == "table_closed"
    refusal = table.submit(0, table.token_for(0), 0, {"t": "add", "n": 1})
    assert refusal is not None and refusal["code"] == "table_closed"
    assert "not played" in refusal["detail"] and table.version == 0 and table.status == "lobby"


def test_a_move_the_table_is_applying_when_close_begins_is_in_the_final_save(
        tmp_path: Path) -> None:
    table = toy_table([SeatSpec("human", "A"), SeatSpec("human", "B")], autosave_dir=tmp_path)
    table.start()
    entered, release = threading.Event(), threading.Event()
    original_apply = table.ruleset.apply

    def slow_apply(state: Any, seat: int, move: Any) -> Any:
        entered.set()
        release.wait(10)
        return original_apply(state, seat, move)

    table.ruleset = type("Slow", (), {})()  # a thin proxy: only apply is slowed
    for name in ("to_move", "legal_moves", "is_over", "view", "score", "ranking", "setup",
                 "normalize_move"):
        setattr(table.ruleset, name, getattr(original_apply.__self__, name))
    table.ruleset.apply = slow_apply
    move = table.legal_message(0)["moves"][0]
    mover = threading.Thread(target=lambda: table.submit(0, table.token_for(0), 0, move))
    mover.start()
    assert entered.wait(10)
    closer = threading.Thread(target=table.close)
    closer.start()
    release.set()
    mover.join(10)
    closer.join(10)
    assert table.version == 1
    assert read_save(table.autosave_path)["moves"] == [[0, move]]
    assert table.submit(1, table.token_for(1), 1, move)["code"] == "table_closed"


def test_a_closed_journal_is_never_written_even_when_its_descriptor_is_reused(
        tmp_path: Path) -> None:
    saver = AutoSaver(tmp_path / "game.spsave", lambda: (0, b"\x80"))
    saver.record(1, 0, {"t": "add"})
    saver.close()
    journal_size = journal_path(tmp_path / "game.spsave").stat().st_size
    other = os.open(tmp_path / "other", os.O_WRONLY | os.O_CREAT, 0o600)  # likely the same fd
    try:
        with pytest.raises(OSError, match="closed"):
            saver.record(2, 0, {"t": "add"})
        saver.flush()  # a late flush rewrites the snapshot but touches no journal
    finally:
        os.close(other)
    assert (tmp_path / "other").stat().st_size == 0
    assert journal_path(tmp_path / "game.spsave").stat().st_size == journal_size
