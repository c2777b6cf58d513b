"""Issue 23, points 5(d) and 5(e): what docs/PROTOCOL.md promises is what a client gets, over
TCP on 127.0.0.1.

(d) Section 7's check order against a spectator's move (and a move naming another seat) before
the start and after the end. (e) The joiner's own first ``snapshot`` shows its seat connected."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from net.client import Client
from net.server import ServerThread
from net.table import SeatSpec, Table
from tests.net.nethelpers import toy_table, wait_until

pytestmark = pytest.mark.timeout(60)

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"


def documented_check_order() -> list[str]:
    """The codes of PROTOCOL.md section 7's table, in the order the host checks them."""
    text = PROTOCOL.read_text(encoding="utf-8")
    section = text[text.index("## 7."):text.index("## 8.")]
    return re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.MULTILINE)


def first_applicable(*codes: str) -> str:
    """Of ``codes`` (each of which applies to the move), the one section 7 checks first."""
    order = documented_check_order()
    return min(codes, key=order.index)


def refusal_code(client: Client, **fields: object) -> str:
    client.send({"t": "move", "version": client.version, "move": {"t": "add", "n": 1}, **fields})
    refused = client.wait_for(lambda m: m["t"] == "refused", 5)
    assert refused is not None
    return refused["code"]


def finish(table: Table) -> None:
    """Play the toy game to its end from the host's side (seat 0 only moves)."""
    while table.status == "playing":
        seat = table.to_move()[0]
        assert table.submit(seat, table.token_for(seat), table.version,
                            table.legal_message(seat)["moves"][0]) is None


@pytest.fixture()
def served() -> tuple[Table, ServerThread]:
    table = toy_table([SeatSpec("human", "Host"), SeatSpec("remote", "Ann")], rounds=1)
    server = ServerThread(table, host="127.0.0.1", port=0)
    server.start()
    yield table, server
    server.stop()
    table.close()


def test_a_spectators_move_gets_the_code_section_7_checks_first(
        served: tuple[Table, ServerThread]) -> None:
    table, server = served
    watcher = Client("127.0.0.1", server.port, "Watcher", role="spectator")
    ann = Client("127.0.0.1", server.port, "Ann")
    try:
        assert watcher.wait_for(lambda m: m["t"] == "snapshot", 5)
        assert ann.wait_for(lambda m: m["t"] == "snapshot", 5)
        # before the start: both "spectator" and "not_started" apply
        assert refusal_code(watcher) == first_applicable("spectator", "not_started")
        assert refusal_code(ann, seat=0) == first_applicable("wrong_seat", "not_started")
        table.start()
        finish(table)
        assert watcher.wait_for(lambda m: m["t"] == "game_over", 5)
        assert ann.wait_for(lambda m: m["t"] == "game_over", 5)
        # after the end: "spectator" and "game_over" apply
        assert refusal_code(watcher) == first_applicable("spectator", "game_over")
        assert refusal_code(ann, seat=0) == first_applicable("wrong_seat", "game_over")
    finally:
        watcher.close()
        ann.close()


def test_the_joiners_first_snapshot_shows_it_connected(
        served: tuple[Table, ServerThread]) -> None:
    table, server = served
    ann = Client("127.0.0.1", server.port, "Ann", max_backoff=0.2)
    try:
        first = ann.wait_for(lambda m: m["t"] == "snapshot", 5)
        assert first is not None and first["seat"] == 1
        assert first["table"]["seats"][1]["connected"], "the joiner sees itself away"
        # and so after a reconnect with its token
        loop, connection = server.loop, server.server.seat_owner[1]
        assert loop is not None
        loop.call_soon_threadsafe(connection.writer.transport.abort)
        wait_until(lambda: not table.info()["seats"][1]["connected"])
        again = ann.wait_for(lambda m: m["t"] == "snapshot", 10)
        assert again is not None and again["table"]["seats"][1]["connected"]
    finally:
        ann.close()
