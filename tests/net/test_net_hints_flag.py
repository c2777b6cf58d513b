"""A table says whether its host allows hints (``info["hints"]``, off unless set), and keeps
it through a save: a resumed LAN table offers what it offered before."""

from __future__ import annotations

from game.tables import new_table, resume_table
from net.table import SeatSpec


def test_hints_are_off_unless_the_host_allows_them_and_survive_a_save() -> None:
    seats = [SeatSpec("human", "Ann"), SeatSpec("remote", "Bea")]
    plain = new_table("stars", {}, 3, seats)
    assert plain.info()["hints"] is False
    allowed = new_table("stars", {}, 3, seats, hints=True)
    assert allowed.info()["hints"] is True
    assert resume_table(allowed.save_data()).info()["hints"] is True
    assert resume_table(plain.save_data()).info()["hints"] is False
    for table in (plain, allowed):
        table.close()
