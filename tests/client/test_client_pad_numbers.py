"""A pad goes by one number on every screen (a playtest at one screen saw the same pad called
"Pad 2" in the lobby, "Pad 3" at the Stargazer table and "Pad 2" in the notice that it was
gone, and a pad that nobody touched renamed when another was replaced). ``DeviceHub`` numbers
each pad as it is plugged in, the lowest number no connected pad holds, and the lobby, both
tables and their notices ask it."""

from __future__ import annotations

import pytest

from game.client.scenes.couch import CouchLobbyScene
from game.client.session import GameConfig, SeatChoice
from game.client.stargazer import open_table as open_stargazer
from game.client.stars import KIT as STARS
from tests.client.clienthelpers import Driver
from tests.client.sg_play import painted
from tests.client.textboxes import drawn_texts
from tests.client.virtual_pads import VirtualPad, pump_until


@pytest.mark.timeout(60)
def test_pad_numbers_stay_put_while_pads_come_and_go(drive: Driver) -> None:
    hub = drive.app.devices
    first, second = VirtualPad(), VirtualPad()
    third: VirtualPad | None = None
    try:
        pump_until(drive.app, lambda: {first.device, second.device} <= set(hub.devices()))
        assert (hub.pad_number(first.device), hub.pad_number(second.device)) == (1, 2)
        first.unplug()
        pump_until(drive.app, lambda: first.device not in hub.devices())
        assert hub.pad_number(second.device) == 2, "an untouched pad keeps its number"
        third = VirtualPad()
        pump_until(drive.app, lambda: third.device in hub.devices())
        assert hub.pad_number(third.device) == 1, "the newcomer takes the free number"
        assert hub.device_words(second.device) == "Pad 2"
    finally:
        for pad in (first, second, third):
            if pad is not None:
                pad.unplug()
        drive.step(2)


@pytest.mark.timeout(60)
def test_the_lobby_and_both_tables_call_a_pad_by_the_same_number(drive: Driver) -> None:
    hub = drive.app.devices
    pads = [VirtualPad(), VirtualPad(), VirtualPad()]
    try:
        pump_until(drive.app, lambda: all(p.device in hub.devices() for p in pads))
        pads[0].unplug()  # the numbers the others hold are not the order of SDL's ids now
        pump_until(drive.app, lambda: pads[0].device not in hub.devices())
        ann, bea = pads[1], pads[2]
        words = {ann.device: hub.device_words(ann.device), bea.device: hub.device_words(bea.device)}
        assert words == {ann.device: "Pad 2", bea.device: "Pad 3"}
        lobby = CouchLobbyScene(drive.app)
        assert lobby.device_word(bea.device) == "Pad 3"
        seats = [SeatChoice("human", "Ann", device=ann.device),
                 SeatChoice("human", "Bea", device=bea.device), SeatChoice("ai", "Vega")]
        stars = STARS.open_table(drive.app, GameConfig("stars", seats, mode="couch"), 3)
        drive.app.push(stars)
        drive.until(lambda: all(s in stars.session.views for s in (0, 1)), what="the boards")
        drive.step(3)
        shown = "  ".join(drawn_texts(drive.app))
        assert "Ann  ·  Pad 2" in shown and "Bea  ·  Pad 3" in shown, shown
        drive.app.pop()
        table = open_stargazer(drive.app, GameConfig("stargazer", seats, mode="couch"), 11)
        drive.app.push(table)
        drive.until(lambda: table.view is not None, what="the Stargazer table")
        drive.step(3)
        shown = "  ".join(item.text for item in painted(drive, table).drawn)
        seat = table.turn_seat()
        if seat in (0, 1):
            assert words[seats[seat].device] in shown, shown
        assert "Pad 1" not in shown and "Pad 4" not in shown
    finally:
        for pad in pads:
            pad.unplug()
        drive.step(2)
