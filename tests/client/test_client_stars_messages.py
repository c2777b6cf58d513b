"""The table's status panel says each thing once: an illegal click's reason, what to do after
placing or skipping, the end of the night."""

from __future__ import annotations

import pygame
import pytest

from game.client.stars.table import StarsTableScene
from game.rules.stars import REASON_TEXT, legal_card_placements
from tests.client.clienthelpers import Driver
from tests.client.stars_play import aim
from tests.client.test_client_solo_game import first_line_card, start_solo


def texts(table: StarsTableScene) -> list[str]:
    return [text for text, _ in table.status_lines(table.view, table.phase())]


def mentions(table: StarsTableScene, words: str) -> int:
    return sum(words.lower() in text.lower() for text in texts(table))


def test_each_message_is_said_once(drive: Driver) -> None:
    table = start_solo(drive)
    first_line_card(drive, table)
    drive.step(40)
    off = table.geo.to_px(-0.6, -0.6)
    drive.click(off)  # an illegal spot: the reason is given, once
    reason = REASON_TEXT[table.ghost()[2]]
    assert texts(table).count(reason) == 1, texts(table)
    # placed: one line says what comes next
    drive.key(pygame.K_s)
    drive.until(lambda: table.phase() == "review", what="the skip")
    drive.step()
    assert mentions(table, "confirm") == 1, texts(table)
    drive.key(pygame.K_u)
    drive.until(lambda: table.phase() == "play", what="the undo")
    card = table.view["card"]
    rot, dx, dy = legal_card_placements(table.my_sheet(), card["id"], 0)[0]
    aim(drive, table, rot, dx, dy)
    drive.key(pygame.K_RETURN)
    drive.until(lambda: table.phase() == "review", what="the placement")
    drive.step()
    assert mentions(table, "confirm") == 1, texts(table)
    # the night is over: said once
    view = table.view
    table.session.views[table.active] = {**view, "over": True}
    table.on_event(table.active, {"type": "game_over", "scores": []})
    assert mentions(table, "night is over") == 1, texts(table)


@pytest.mark.parametrize("day", [1, 2])
def test_the_top_bar_counts_the_closed_rows_as_the_rules_close_them(day: int) -> None:
    """"Dawn: rows 0-1 closed" read like a programmer's count, on a board that shows no row
    numbers (an outside playtest): it counts the bottom rows, as many as the rules close."""
    import re

    from game.client.stars.table_draw import DAY_NAMES
    from game.rules.stars.placement import segment_problem
    from game.rules.stars.sheet import SheetIndex, new_sheet

    said = int(re.search(r"the bottom (\d+) rows closed", str(DAY_NAMES[day])).group(1))
    index = SheetIndex(new_sheet(0, 3, 4))
    closed = [y for y in range(12)
              if segment_problem(index, (5, y, 6, y), day) == "row_closed"]
    assert closed == list(range(said)), (closed, said)
