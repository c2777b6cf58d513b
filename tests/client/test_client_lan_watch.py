"""Watching a LAN table without a seat (issue 21, point 8): a full Look at the Stars table is
watched from the list and its spectator sees every board, read-only, up to the results;
Stargazer's spectator is not shown as seat 0; a typed address that is full offers watching.

Every table here is served over real TCP on 127.0.0.1 and played by bots."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from game.client.scenes.lan import JoinScene, LobbyScene
from game.client.scenes.results import ResultsScene
from game.client.scenes.table import GameTableScene
from game.client.stars.table import StarsTableScene
from game.tables import new_table
from net.server import ServerThread
from net.table import SeatSpec
from tests.client.clienthelpers import Driver
from tests.client.test_client_lan_list import ad, open_join, row, row_texts
from tests.client.textboxes import drawn_texts, text_problems

#: zeroconf on loopback is shared by every process: the modules that advertise or browse run
#: on one pytest-xdist worker, so one's tables never show in another's lobby
pytestmark = pytest.mark.xdist_group("zeroconf")


class Served:
    """A bots' table served on loopback (closed at the end of the ``with``)."""

    def __init__(self, game: str, bots: list[str], *, level: str = "random",
                 seed: int = 3, start: bool = True, delay: float = 0.01) -> None:
        self.table = new_table(game, {}, seed, [SeatSpec("ai", name, level) for name in bots],
                               ai_delay=delay)
        self.server = ServerThread(self.table, host="127.0.0.1", port=0)
        self.start = start

    def __enter__(self) -> Served:
        self.port = self.server.start()
        if self.start:
            self.table.start()
        return self

    def __exit__(self, *_exc: Any) -> None:
        self.server.stop()
        self.table.close()




def watch_from_list(drive: Driver, served: Served, game: str, status: str) -> JoinScene:
    seats = served.table.seat_count
    join = open_join(drive, [ad("Bots' table", game=game, taken=seats, total=seats,
                                status=status, port=served.port)])
    assert "Click to watch" in row_texts(drive, join, "Bots' table")
    drive.click(row(join, "Bots' table").rect.center)
    assert_watching(drive)
    return join


def assert_watching(drive: Driver) -> None:
    """The click opened a spectator's window: its lobby, or (a table already playing can hand
    over within the same frame) the table itself, watching."""
    scene = drive.scene
    assert isinstance(scene, (LobbyScene, GameTableScene)) and scene.watching, scene


def texts(drive: Driver) -> str:
    return "  ".join(drawn_texts(drive.app))


@pytest.mark.timeout(180)
def test_a_full_stars_table_is_watched_from_the_list_up_to_its_results(
        drive: Driver) -> None:
    """Every seat taken (bots), not started yet: the row offers watching; the spectator's
    window waits in the lobby, then shows every board as the bots play, and the results."""
    with Served("stars", ["Vega", "Rigel", "Deneb"], start=False) as served:
        watch_from_list(drive, served, "stars", "lobby")
        lobby = drive.scene
        drive.until(lambda: lobby.session.info.get("seats"), what="the lobby's seats")
        served.table.start()
        drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the table")
        table = drive.scene
        assert table.watching and table.session.human_seats == []
        assert served.table.seats_taken() == 3, "no seat was taken"
        drive.step(3)
        shown = texts(drive)
        assert "Watching" in shown and "Vega's sky" in shown
        # every board: one large (a drawn board's stars), the two others as thumbnails
        assert table.my_sheet() is not None
        assert sorted(seat for _rect, seat in table.thumb_rects) == [1, 2]
        # read-only: no play buttons, nothing sent however it is clicked or keyed
        for label in ("Skip card (S)", "Undo (U)", "Confirm (Enter)", "Rotate (R)"):
            assert label not in shown
        assert table.phase() in ("watching", "over")
        sent = table.session.client.send_move
        table.session.client.send_move = lambda move: pytest.fail(f"a spectator sent {move}")
        drive.move(table.geo.rect.center)
        drive.click(table.geo.rect.center)
        for key in (pygame.K_RETURN, pygame.K_s, pygame.K_u, pygame.K_c, pygame.K_r):
            drive.key(key)
        assert table.ghost() is None or table.phase() != "play"
        table.session.client.send_move = sent
        # Tab (or a click on a thumbnail) shows another player's board large
        drive.key(pygame.K_TAB)
        assert table.active == 1 and "Rigel's sky" in texts(drive)
        assert sorted(seat for _rect, seat in table.thumb_rects) == [0, 2]
        rect, seat = next((r, s) for r, s in table.thumb_rects if s == 2)
        drive.click(rect.center)
        assert table.active == 2 and drive.scene is table, "no overlay: the board goes large"
        # the bots play on and the spectator follows: card after card, up to the results
        first = table.view["card"]["n"]
        drive.until(lambda: isinstance(drive.scene, ResultsScene)
                    or (table.view or {}).get("card", {}).get("n", 0) > first,
                    what="the next card")
        drive.until(lambda: isinstance(drive.scene, ResultsScene), timeout=150,
                    what="the results")
        assert table.events_seen.count("card_flipped") >= 10 and "game_over" in table.events_seen
        results = drive.scene
        assert results.winner_text() and "Vega" in texts(drive)
        # a TV joins nothing: the next game shows here (it said "you join")
        assert "If the host plays again, the new game shows here." in texts(drive)
        assert "you join" not in texts(drive)
        # the host's record came with the results: statistics and the replay, no review
        labels = [w.label for w in results.form.widgets]
        assert "Statistics" in labels and "Watch replay" in labels and "Review" not in labels


@pytest.mark.timeout(90)
def test_stargazer_top_bar_says_watching_not_seat_0s_name(drive: Driver) -> None:
    from game.client.stargazer.table import StargazerTableScene

    with Served("stargazer", ["Vega", "Rigel", "Deneb"]) as served:
        watch_from_list(drive, served, "stargazer", "playing")
        drive.until(lambda: isinstance(drive.scene, StargazerTableScene), what="the table")
        table = drive.scene
        drive.step(3)
        bar = [t for t in drawn_texts(drive.app) if t.startswith(("Watching", "Esc: "))]
        # a spectator leaves at once (the bar said "Esc: menu", the panel "Esc: leave": a
        # party's playtest); the final scoring is everyone's, and Esc goes to the results
        assert bar == (["Esc: results"] if table.view["phase"] == "over" else
                       ["Watching  ·  Esc: leave"]), bar
        # nobody's turn is played here: no prompt, no buttons, whoever is to move
        for _ in range(20):
            assert table.watching and table.phase() in ("watching", "over")
            assert table.legal() == []
            shown = texts(drive)
            for word in ("Confirm (Enter)", "Take back a cube (U)", "your turn", "Choose a crew"):
                assert word not in shown, word
            drive.step(5)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("started", [False, True])
def test_a_typed_address_that_is_full_offers_watching(drive: Driver, started: bool) -> None:
    """The host answers ``table_full`` (or ``already_started``): beside the address box a
    Watch button appears, and it joins as a spectator."""
    with Served("stars", ["Vega", "Rigel"], start=started) as served:
        join = open_join(drive, [])
        drive.click(join.address.rect.center)
        drive.type_text(f"127.0.0.1:{served.port}")
        drive.key(pygame.K_RETURN)
        drive.until(lambda: drive.scene is join, what="the refusal")
        shown = texts(drive)
        assert ("has started" if started else "Every seat at this table is taken") in shown
        assert join.watch_button in join.form.widgets and join.watch_button.rect.w
        assert "Watch" in drawn_texts(drive.app)
        # beside the address box, on its row (which stays where it was), the Join button too
        watch, address = join.watch_button.rect, join.address.rect
        assert watch.y == address.y and watch.x >= address.right
        assert not watch.colliderect(join.join_button.rect)
        assert "Watch: look on without a seat" in shown
        drive.click(join.watch_button.rect.center)
        assert_watching(drive)
        if not started:
            served.table.start()
        drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the table")
        assert drive.scene.watching and served.table.seats_taken() == 2


@pytest.mark.timeout(120)
@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_stars_spectator_view_keeps_its_text_in_its_boxes(
        size: tuple[int, int], language: str, config_dir: Any, autosave_dir: Any) -> None:
    from game.client import i18n

    drive = Driver(start="menu", size=size)
    drive.app.settings.language = language
    i18n.set_language(language)
    try:
        # slow bots: a game still going when it is looked at
        with Served("stars", ["Vega", "Rigel", "Deneb", "Altair"], delay=0.2) as served:
            join = open_join(drive, [])
            join.join("127.0.0.1", served.port, watch=True)
            drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the table")
            drive.step(40)
            assert drive.scene.watching and not text_problems(drive.app), \
                text_problems(drive.app)
            drive.key(pygame.K_TAB)
            assert not text_problems(drive.app), text_problems(drive.app)
    finally:
        i18n.set_language("en")
        drive.close()


@pytest.mark.timeout(90)
@pytest.mark.parametrize("cut", [False, True])
def test_a_tv_coming_to_a_game_under_way_is_told_the_story_so_far(
        drive: Driver, cut: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A TV that joined in round 3 had an empty log (an outside playtest): the host's snapshot
    tells it the game so far, as the log would have told it from the start. A story cut to
    its newest events (``Table.STORY_EVENTS``) opens on the round it starts in."""
    from game.client.stargazer.table import StargazerTableScene
    from net.table import Table

    if cut:
        monkeypatch.setattr(Table, "STORY_EVENTS", 30)

    with Served("stargazer", ["Vega", "Rigel", "Deneb"], delay=0.0) as served:
        table = served.table
        deadline = time.monotonic() + 30
        # (round 4: the game has told more than 30 events, so a story cut to 30 leaves its
        # start out)
        while table.view(None)["round"] < 4 and time.monotonic() < deadline:
            time.sleep(0.01)
        table.ai.close()  # the bots stop here: what the TV is told is all there was
        assert table.view(None)["round"] >= 4
        watch_from_list(drive, served, "stargazer", "playing")
        drive.until(lambda: isinstance(drive.scene, StargazerTableScene), what="the table")
        tv = drive.scene
        drive.step(3)
        log = [str(text) for text, _colour in tv.log]
        story = table.story(None)
        rounds = [e["round"] for e in story if e["type"] == "round_started"]
        first = rounds[0] - 1 if cut else 1  # (the round the story starts in)
        # cut: only the newest 30 events came (they may start in round 1 or later: the bots'
        # rounds are short; "first > 1" flaked under load)
        assert len(story) == 30 if cut else len(story) < Table.STORY_EVENTS
        if cut:  # "Round 2": who started it is told only by a story that holds its start
            assert log[0] == f"Round {first}" or log[0].startswith(f"Round {first}: "), log
        else:  # as the log of a game watched from its start: who started round 1
            starter = next(e["seat"] for e in story if e["type"] == "crew_chosen")
            assert log[0] == f"Round 1: {tv.session.names[starter]} starts.", log
        starts = [line for line in log if line.startswith(f"Round {first + 1}: ")]
        assert len(starts) == 1, log
        assert any(line.startswith("Vega picks ") for line in log), log
        assert not tv.pacer.waiting, "the story is told, not played out move by move"
