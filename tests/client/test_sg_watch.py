"""The Stargazer watch window (issue 25, point 6): a spectator of a LAN table, for a projector
or a TV, sees the ring larger than at a player's table, the last move's crew and cubes marked
in the mover's colour after the move has played, and follows the game to its results.

The table is served over real TCP on 127.0.0.1 and played by bots."""

from __future__ import annotations

import time

import pytest

from game.client.scenes.results import ResultsScene
from game.client.stargazer.table import StargazerTableScene
from tests.client.clienthelpers import Driver
from tests.client.sg_play import painted
from tests.client.test_client_lan_watch import Served, texts, watch_from_list

#: zeroconf on loopback is shared by every process (see test_client_lan_watch)
pytestmark = pytest.mark.xdist_group("zeroconf")


def near(pixel: tuple[int, ...], colour: tuple[int, ...]) -> bool:
    return all(abs(a - b) < 30 for a, b in zip(pixel, colour, strict=False))


def marked_crews(drive: Driver, table: StargazerTableScene) -> list[int]:
    """The crews outlined on screen in the colour of the last move's player (just left of
    their row, where nothing else is drawn in a player's colour; the outline is dashed: any
    row of its left edge)."""
    beat = table.last_move
    colour = table.palette.player(beat.by)
    found = []
    for place in table.beat_places(beat):
        if place[0] != "crew":
            continue
        rect = table.target_rect(place)
        if any(near(drive.pixel((x, y)), colour) for x in range(rect.x - 9, rect.x)
               for y in range(rect.top, rect.bottom, 2)):
            found.append(place[1])
    return found


@pytest.mark.timeout(240)
def test_the_watch_window_follows_a_lan_game_with_the_last_move_marked(drive: Driver) -> None:
    with Served("stargazer", ["Vega", "Rigel", "Deneb"], start=False, delay=0.03) as served:
        watch_from_list(drive, served, "stargazer", "lobby")
        lobby = drive.scene
        drive.until(lambda: lobby.session.info.get("seats"), what="the lobby's seats")
        served.table.start()  # (started before the spectator is in, the bots could finish)
        drive.until(lambda: isinstance(drive.scene, StargazerTableScene), what="the table")
        table = drive.scene
        assert table.watching and table.session.human_seats == []
        drive.step(2)
        # the projector's layout: the ring's cards larger than a player's table draws them
        assert table.ring.geo.scale > table.layout.unit * 1.05, table.ring.geo.scale
        # a move played (at the speed Instant it holds the stage no time): its crew stays
        # outlined in its player's colour, and its caption says what it was
        marked = 0
        for _ in range(400):
            drive.step()
            time.sleep(0.002)  # the host's bots play in threads this loop must not starve
            beat = table.last_move
            if beat is None or isinstance(drive.scene, ResultsScene) or \
                    not any(p[0] == "crew" for p in table.beat_places(beat)):
                continue
            assert table.pacer.holding() is None
            crews = [p[1] for p in table.beat_places(beat) if p[0] == "crew"]
            assert marked_crews(drive, table) == crews, "the last move's crew is marked"
            caption = [str(line) for line, _colour in table.caption()]
            assert caption and caption[0].split()[0] in table.session.names
            shown = painted(drive, table)
            assert any(item.text and caption[0].startswith(item.text) for item in shown.drawn)
            marked += 1
            if marked >= 5:
                break
        assert marked >= 5, "no move was seen marked"
        # it follows the game to its end: the final scoring, then the results
        drive.until(lambda: table.scoring is not None or isinstance(drive.scene, ResultsScene),
                    timeout=150, what="the final scoring")
        drive.until(lambda: isinstance(drive.scene, ResultsScene), timeout=60,
                    what="the results")
        assert "game_over" in table.events_seen
        assert drive.scene.winner_text() and "Vega" in texts(drive)
