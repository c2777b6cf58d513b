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


def test_starparty_host_hints_lets_players_ask(tmp_path) -> None:  # noqa: ANN001
    from game.commands.host import build_table, host_parser

    for argv, allowed in (([], False), (["--hints"], True)):
        args = host_parser().parse_args(["--headless", "--no-autosave", "--seats", "2", *argv])
        table = build_table(args, autosave_dir=tmp_path, announce=lambda _line: None)
        assert table.info()["hints"] is allowed
        table.close()
