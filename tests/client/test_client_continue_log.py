"""After Continue (and ``starparty host --resume`` in the window) the game log is there again:
the session hands the table the story so far, each event marked ``replayed``, as a replay's
jump does. Before: the log began empty at the card the game resumed on."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.client.loop import ManualClock
from game.client.resume import resume_session
from game.client.scenes.menu import CONTINUE
from game.client.settings import Settings
from game.client.stars.table import StarsTableScene
from game.commands.host import host_app
from game.rules import get_ruleset
from game.rules.base import visible_events
from game.tables import new_table
from net.save import write_save
from net.table import SeatSpec, Table
from tests.client.clienthelpers import Driver
from tests.client.stars_play import play_turn
from tests.client.test_client_continue import saved_stargazer
from tests.client.test_client_solo_game import start_solo

pytestmark = pytest.mark.timeout(120)


def log_texts(table: StarsTableScene) -> list[str]:
    return [str(text) for text, _ in table.log]


def test_continue_brings_the_stars_log_back(config_dir: Path, autosave_dir: Path) -> None:
    first = Driver(start="menu")
    try:
        table = start_solo(first)
        rng = random.Random(3)
        for _ in range(3):
            n = table.view["card"]["n"]
            first.step(40)
            play_turn(first, table, rng, skip_chance=0.3)
            first.until(lambda n=n: table.view["card"]["n"] > n, what=f"card {n + 1}")
        first.step(2)
        before = log_texts(table)
        me, bot = table.session.names
    finally:
        first.close()
    assert any(text.startswith("Card 3: ") for text in before), before
    assert any(me in text for text in before) and any(bot in text for text in before)

    second = Driver(start="menu")
    try:
        second.click(second.scene.button(CONTINUE).rect.center)
        resumed = second.scene
        assert isinstance(resumed, StarsTableScene)
        second.step(2)
        after = log_texts(resumed)
        # every line is the one the game told before the window closed, once, in order;
        # card 1's kind (no event names it) is read from what was drawn on it
        assert before[0] in ("Card 1: a line card", "Card 1: a shooting star")
        assert after[:len(before)] == before, (before, after)
        assert not resumed.flashes and not resumed.glows, "the story is told, not animated"
    finally:
        second.close()


def play_some(table: Table, moves: int, seed: int) -> None:
    """``moves`` legal moves by the table's (all human) seats, chosen at random."""
    rng = random.Random(seed)
    made = 0
    while made < moves:
        seat = rng.choice(table.to_move())
        move = rng.choice(table.ruleset.legal_moves(table.state, seat))
        if table.submit(seat, table.token_for(seat), table.version, move) is None:
            made += 1


class Stage:
    """What ``resume_session`` reads of the window for a game of local seats only."""

    ai_delay = 0.0


@pytest.mark.parametrize("game, players", [("stars", 2), ("stargazer", 3)])
def test_a_resumed_session_opens_with_the_story_so_far_for_any_game(
        tmp_path: Path, game: str, players: int) -> None:
    table = new_table(game, {}, 5, [SeatSpec("human", f"P{i}") for i in range(players)])
    table.start()
    play_some(table, 14, 5)
    data = table.save_data()
    table.close()
    path = tmp_path / f"{game}.spsave"
    write_save(path, data)
    session = resume_session(Stage(), path)  # type: ignore[arg-type]
    try:
        assert session.views, "the first view is in before the table's first poll"
        story = session.poll()
        ruleset = get_ruleset(game)
        state = ruleset.setup(data["options"], data["seed"], data["secret"])
        seen: list[dict[str, Any]] = []
        for mover, move in data["moves"]:
            seen += visible_events(ruleset.apply(state, mover, move), 0)
        public = [(s, e) for s, e in story if "to" not in e]
        assert [e for _, e in public] == [{**e, "replayed": True} for e in seen
                                          if "to" not in e]
        assert all(event["replayed"] for _, event in story)
        assert session.poll() == [], "told once"
    finally:
        session.close()


def test_a_window_host_resumed_from_a_save_shows_the_log(
        config_dir: Path, autosave_dir: Path, tmp_path: Path) -> None:
    table = new_table("stars", {}, 8, [SeatSpec("human", "Ann"), SeatSpec("open")])
    table.join("Bea")
    table.start()
    for _ in range(2):  # two cards: both skip and confirm
        for move in ({"t": "skip"}, {"t": "confirm"}):
            for seat in (0, 1):
                assert table.submit(seat, table.token_for(seat), table.version, move) is None
    path = tmp_path / "hosted.spsave"
    write_save(path, table.save_data())
    table.close()

    def build(clock: ManualClock):  # noqa: ANN202
        return host_app(["--bind", "127.0.0.1", "--port", "0", "--no-discovery", "--resume",
                         str(path)], clock=clock, settings=Settings(player_name="Ann"),
                        save_settings=False)

    drive = Driver(build=build)
    try:
        drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the table")
        drive.step(2)
        texts = log_texts(drive.scene)
        assert texts.count("Ann skipped the card") == 2 and texts.count("Bea skipped the card") \
            == 2, texts
        assert texts[0] == "Card 1" and any(t.startswith("Card 3: ") for t in texts), texts
    finally:
        drive.close()


def test_a_stargazer_game_continued_while_a_start_player_is_named_logs_round_1_as_played(
        config_dir: Path, autosave_dir: Path) -> None:
    """Continued in round 2 while its start player was being named, the log opened on "Round
    2" above round 1's events and never said who started round 1 (an outside playtest: the
    engine counts round 2 as soon as round 1 ends). It opens as a game played from the start
    shows it: "Round 1: Ann starts.", round 1, its end, then round 2 once it starts."""
    from game.client.stargazer.table import StargazerTableScene

    # (Ann picks Captain Armstrong first, and names who starts round 2)
    _data, view = saved_stargazer(autosave_dir, {"players": 3, "start_player": 0},
                                  lambda state: state["phase"] != "start_player", "random")
    assert view["round"] == 2 and view["current"] == 0, "Ann names who starts"

    drive = Driver(start="menu")
    try:
        drive.click(drive.scene.button(CONTINUE).rect.center)
        resumed = drive.scene
        assert isinstance(resumed, StargazerTableScene)
        drive.until(lambda: resumed.phase() == "start_player", what="Ann's start player")
        drive.step(2)
        log = [str(text) for text, _colour in resumed.log]
        assert log[0] == "Round 1: Ann starts.", log
        assert log[1].startswith("Ann picks Captain Armstrong"), log
        picks = [index for index, line in enumerate(log) if " picks " in line]
        assert len(picks) == 3 and picks[-1] < log.index("Round 1 is over."), log
        assert not any(line.startswith("Round 2") for line in log), \
            "round 2 has not started: no heading of it above round 1"
        drive.key(pygame.K_2)  # Ann names Vega
        drive.until(lambda: any(str(text) == "Round 2: Vega starts." for text, _c in
                                resumed.log), what="round 2's start in the log")
        log = [str(text) for text, _colour in resumed.log]
        assert log.index("Ann names Vega to start the next round.") \
            == log.index("Round 2: Vega starts.") - 1 > log.index("Round 1 is over."), log
        assert [line for line in log if line.startswith("Round ")] == [
            "Round 1: Ann starts.", "Round 1 is over.", "Round 2: Vega starts."], log
    finally:
        drive.close()
