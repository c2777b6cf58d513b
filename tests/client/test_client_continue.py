"""Games started from the window autosave; "Continue" in the menu brings back the newest
unfinished one (same seats, same lines), and only when there is one to bring back."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.client.scenes.handover import HandoverScene
from game.client.scenes.menu import CONTINUE, MainMenuScene
from game.client.stars.table import StarsTableScene
from game.rules.base import replay
from game.rules.stars import RULESET
from game.tables import new_table
from net.save import read_save, write_save
from net.table import SeatSpec
from tests.client.clienthelpers import Driver
from tests.client.stars_play import midpoint_px, near, play_turn
from tests.client.test_client_solo_game import start_solo


def saved_stargazer(autosave_dir: Path, options: dict, playing: Callable[[dict], bool],
                    bot: str) -> tuple[dict, dict]:
    """A Stargazer game of Ann, Vega and Rigel played by first legal moves while ``playing``
    its state, saved in ``autosave_dir`` with Vega and Rigel made ``bot`` bots: (the save's
    data, Ann's view)."""
    from game.rules.stargazer import RULESET as STARGAZER

    autosave_dir.mkdir(parents=True, exist_ok=True)
    table = new_table("stargazer", options, 4, [SeatSpec("human", name)
                                                for name in ("Ann", "Vega", "Rigel")])
    table.start()
    while playing(table.state):
        seat = min(STARGAZER.to_move(table.state))
        move = STARGAZER.legal_moves(table.state, seat)[0]
        assert table.submit(seat, table.token_for(seat), table.version, move) is None
    data, view = table.save_data(), table.view(0)
    table.close()
    for seat in data["seats"][1:]:
        seat.update(kind="ai", bot=bot, token=None)
    write_save(autosave_dir / "stargazer.spsave", data)
    return data, view


def labels(menu: MainMenuScene) -> list[str]:
    return [widget.label for widget in menu.form.widgets]


@pytest.mark.timeout(120)
def test_a_solo_game_autosaves_and_continue_brings_back_the_same_board(
        config_dir: Path, autosave_dir: Path) -> None:
    first = Driver(start="menu")
    try:
        assert CONTINUE not in labels(first.scene), "nothing to continue yet"
        table = start_solo(first)
        rng = random.Random(11)
        for _ in range(4):
            n = table.view["card"]["n"]
            first.step(40)
            play_turn(first, table, rng, skip_chance=0.0)
            first.until(lambda n=n: table.view["card"]["n"] > n, what=f"card {n + 1}")
        played = table.session.table
        path = played.autosave_path
        assert path is not None and path.parent == autosave_dir
    finally:
        first.close()  # the window goes away mid-game
    saved_state = copy.deepcopy(played.state)
    saved_view = played.view(0)
    assert saved_view["seats"][0]["sheet"]["lines"], "some lines were drawn"
    assert read_save(path)["moves"] == played.moves

    second = Driver(start="menu")
    try:
        menu = second.scene
        assert labels(menu)[0] == CONTINUE and menu.resumable == path
        second.click(menu.button(CONTINUE).rect.center)
        resumed = second.scene
        assert isinstance(resumed, StarsTableScene)
        second.until(lambda: resumed.view is not None, what="the resumed snapshot")
        second.step(5)
        # the bot plays on at once: the table holds the saved moves, then maybe its own
        continued = resumed.session.table
        assert continued.moves[:len(played.moves)] == played.moves
        assert replay(RULESET, continued.options, continued.seed,
                      continued.moves[:len(played.moves)], continued.secret) == saved_state
        assert resumed.session.kinds == ["human", "ai"]
        assert resumed.session.human_seats == [0]
        assert resumed.view["seats"][0] == saved_view["seats"][0]
        assert resumed.view["card"] == saved_view["card"]
        lines = resumed.view["seats"][0]["sheet"]["lines"]
        assert all(near(second.pixel(midpoint_px(resumed, line)), (250, 250, 255), 40)
                   for line in lines[:3]), "the saved lines are drawn on the board"
        # the game goes on from there, and keeps saving to the same file
        n = resumed.view["card"]["n"]
        second.step(40)
        play_turn(second, resumed, random.Random(2), skip_chance=0.0)
        second.until(lambda: resumed.view["card"]["n"] > n, what="the next card")
        assert len(read_save(path)["moves"]) > len(played.moves)
    finally:
        second.close()


def _stars_save(directory: Path, name: str, seats: list[SeatSpec], status: str) -> Path:
    table = new_table("stars", {}, 3, seats)
    table.start()
    data = table.save_data()
    table.close()
    data["status"] = status
    path = directory / f"{name}.spsave"
    write_save(path, data)
    return path


def test_continue_is_offered_only_for_an_unfinished_game_played_here(
        config_dir: Path, autosave_dir: Path) -> None:
    autosave_dir.mkdir(parents=True)
    (autosave_dir / "junk.spsave").write_bytes(b"not a save")
    _stars_save(autosave_dir, "finished", [SeatSpec("human", "Ann"), SeatSpec("ai")], "over")
    _stars_save(autosave_dir, "headless", [SeatSpec("remote", "Bo"), SeatSpec("ai")],
                "playing")
    drive = Driver(start="menu")
    try:
        assert CONTINUE not in labels(drive.scene)
        playing = _stars_save(autosave_dir, "mine", [SeatSpec("human", "Ann"),
                                                     SeatSpec("human", "Cy")], "playing")
        drive.app.reset_to(MainMenuScene(drive.app))
        assert drive.scene.resumable == playing
        drive.click(drive.scene.button(CONTINUE).rect.center)
        table = drive.app.find(StarsTableScene)
        assert isinstance(table, StarsTableScene)
        assert isinstance(drive.scene, HandoverScene), "hot-seat: the screen is handed over"
        assert table.hotseat and table.session.human_seats == [0, 1], \
            "both local players get their seats back"
    finally:
        drive.close()


def test_a_save_that_cannot_be_replayed_is_reported_and_no_longer_offered(
        config_dir: Path, autosave_dir: Path) -> None:
    path = _stars_save(autosave_dir, "broken", [SeatSpec("human", "Ann"), SeatSpec("ai")],
                       "playing")
    data = read_save(path)
    data["moves"] = [[0, {"t": "fly_away"}]]
    write_save(path, data)
    drive = Driver(start="menu")
    try:
        menu = drive.scene
        drive.click(menu.button(CONTINUE).rect.center)
        assert drive.scene is menu
        assert any("Could not continue" in text for text, _ in drive.app.toasts)
        assert CONTINUE not in labels(menu)
    finally:
        drive.close()


def test_continue_in_hot_seat_hands_the_screen_to_the_player_still_to_play(
        config_dir: Path, autosave_dir: Path) -> None:
    """Ann confirmed the card before the window closed: Continue asks for Cy, not Ann."""
    autosave_dir.mkdir(parents=True)
    table = new_table("stars", {}, 3, [SeatSpec("human", "Ann"), SeatSpec("human", "Cy")])
    table.start()
    for move in ({"t": "skip"}, {"t": "confirm"}):
        assert table.submit(0, table.token_for(0), table.version, move) is None
    data = table.save_data()
    table.close()
    write_save(autosave_dir / "ann-confirmed.spsave", data)
    drive = Driver(start="menu")
    try:
        drive.click(drive.scene.button(CONTINUE).rect.center)
        handover = drive.scene
        assert isinstance(handover, HandoverScene)
        assert handover.seat == 1 and handover.name == "Cy"
        drive.until(lambda: getattr(handover, "armed", True), what="the handover to take input")
        drive.key(pygame.K_RETURN)
        resumed = handover.table
        drive.step(5)
        assert drive.scene is resumed and resumed.active == 1, "no second handover"
    finally:
        drive.close()


@pytest.mark.timeout(60)
@pytest.mark.parametrize("language", ["en", "ja"])
def test_continue_says_which_game_it_brings_back_where_it_stands_and_with_whom(
        config_dir: Path, autosave_dir: Path, language: str) -> None:
    """A new player saw "Continue" and could not tell which game it meant (playtest)."""
    from game.client.i18n import _
    from game.client.kits import get_kit
    from tests.client.textboxes import drawn_texts

    data, view = saved_stargazer(autosave_dir, {}, lambda state: state["round"] < 3, "normal")
    drive = Driver(start="menu")
    try:
        drive.app.set_language(language)
        menu = MainMenuScene(drive.app)
        drive.app.reset_to(menu)
        assert labels(menu)[0] == CONTINUE
        drive.step(2)
        shown = drawn_texts(drive.app)
        assert _(get_kit("stargazer").title) in shown, shown
        assert language == "en" or "スターゲイザー" in shown
        progress = get_kit("stargazer").progress_line(view)
        assert progress and progress.startswith(_("Round {n}").format(n=3)), progress
        flat = "".join(shown).replace(" ", "")  # the caption wraps where it must
        assert progress.replace(" ", "") in flat, shown
        assert _("{players} with {others}").format(
            players="Ann", others=_(", ").join(["Vega", "Rigel"])).replace(" ", "") in flat
        # the details read at the body's type, as the game's name (they were in the small
        # type at 1280x720, hard to read: a new player's playtest)
        from tests.client.textboxes import drawn_sizes

        body = menu.layout.font_px("body")
        sizes = dict(drawn_sizes(drive.app))
        detail = next(text for text in sizes if text.replace(" ", "") in
                      progress.replace(" ", ""))
        assert sizes[detail] == body, sizes
    finally:
        drive.close()
