"""Stargazer at one screen (issue 25, point 3): three players, each with a pad, play a whole
game through SDL's real event path (virtual pads: no mouse, no keyboard event), the seat to
move drives with its own pad and the others' presses do nothing; a pad pulled out on its
turn pauses the game only until another device takes the seat."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest

from game.client.devices import KEYBOARD_HALVES, Action
from game.client.scenes.couch import CouchLobbyScene
from game.client.scenes.results import ResultsScene
from game.client.session import GameConfig, SeatChoice
from game.client.stargazer import open_table
from game.client.stargazer.table import StargazerTableScene
from game.rules.stargazer import CREWS_BY_ID, RULESET
from tests.client.clienthelpers import Driver
from tests.client.sg_play import painted
from tests.client.textboxes import drawn_texts
from tests.client.virtual_pads import VirtualPad, pump_until

A, B, X, Y = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B,
              pygame.CONTROLLER_BUTTON_X, pygame.CONTROLLER_BUTTON_Y)
RIGHT = pygame.CONTROLLER_BUTTON_DPAD_RIGHT
LB, RB = pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER


#: what a seat whose device went away says
WAITING = "Reconnect a pad or press A / Space / Return to take this seat"


def press(drive: Driver, pad: VirtualPad, button: int) -> None:
    """A thumb on ``button``: down for a frame, then up (the frames tick the clock)."""
    pad.press(button)
    drive.step()
    pad.release(button)
    drive.step()


def couch_table(drive: Driver, players: list[tuple[str, str | None]]) -> StargazerTableScene:
    """A couch game of Stargazer opened as the couch lobby opens it: ``(name, device)`` per
    seat, a device of None an AI seat."""
    seats = [SeatChoice("human", name, device=device) if device else SeatChoice("ai", name)
             for name, device in players]
    table = open_table(drive.app, GameConfig("stargazer", seats, mode="couch"), seed=11)
    drive.app.push(table)
    drive.until(lambda: table.view is not None, what="the table")
    drive.step(2)  # on screen
    return table


def legal(table: StargazerTableScene) -> list[dict[str, Any]]:
    return RULESET.legal_moves(table.session.table.state, table.active)


def play_with_pad(drive: Driver, table: StargazerTableScene, pad: VirtualPad,
                  move: dict[str, Any]) -> None:
    """Make ``move`` with the D-pad, X, the shoulders and A, as a player would."""
    buttons = {"right": RIGHT, "confirm": A, "back": B, "rotate": X, "previous": LB,
               "next": RB}
    play_with(drive, table, lambda intent: press(drive, pad, buttons[intent]), move)


def play_with_keys(drive: Driver, table: StargazerTableScene, half: str,
                   move: dict[str, Any]) -> None:
    """Make ``move`` with one half of the keyboard (``KEYBOARD_HALVES``)."""
    play_with(drive, table, lambda intent: drive.key(KEYBOARD_HALVES[half][intent][0]), move)


def play_with(drive: Driver, table: StargazerTableScene, push: Callable[[str], None],
              move: dict[str, Any]) -> None:
    """Make ``move`` through a device's intents (``push``): directions to the choice, "rotate"
    to put a planet on the path, "back" to take one back, "previous"/"next" for the number
    of cubes, "confirm"."""
    view = table.view
    kind = move["t"]
    if kind == "crew":
        index = view["crews"].index(move["crew"])
        while table.crew_choice != index:
            push("right")
    elif kind == "skill":
        index = table.skill_targets().index(move)
        while table.target_choice != index:
            push("right")
    elif kind == "investigate":
        planets = move["planets"]
        while table.count > len(planets):
            push("previous")
        while table.count < len(planets):
            push("next")
        for planet in planets:
            assert planet in table.candidates()
            while table.focus_planet != planet:
                push("right")
            push("rotate")  # this planet's cube
        assert table.path == planets
        push("back")  # takes the last planet back...
        assert table.path == planets[:-1]
        while table.focus_planet != planets[-1]:
            push("right")
        push("rotate")  # ...and puts it again
    elif kind == "start_player":
        while table.start_choice != move["seat"]:
            push("right")
    push("confirm")


@pytest.mark.timeout(240)
def test_three_players_play_a_whole_game_with_pads_alone(drive: Driver) -> None:
    pads = [VirtualPad() for _ in range(3)]
    try:
        pump_until(drive.app, lambda: all(p.device in drive.app.devices.devices()
                                          for p in pads))
        table = couch_table(drive, [("Ann", pads[0].device), ("Ben", pads[1].device),
                                    ("Cleo", pads[2].device)])
        seen: list[Action] = []
        heard = table.couch_action
        table.couch_action = table.handle_action = lambda action: (seen.append(action),
                                                                   heard(action))
        rng = random.Random(4)
        turns: dict[int, int] = {}
        checked_others = False
        while not isinstance(drive.scene, ResultsScene):
            assert len(seen) < 20000, "the game did not reach its end"
            if table.phase() not in ("crew", "skill", "investigate", "start_player"):
                if table.scoring is not None:
                    step = table.scoring.index
                    press(drive, pads[rng.randrange(3)], A)  # any player steps the scoring on
                    assert table.scoring is None or table.scoring.index != step
                    # and B goes straight to the results, as the panel says (it did nothing)
                    press(drive, pads[rng.randrange(3)], B)
                    assert isinstance(drive.scene, ResultsScene)
                else:
                    drive.step()
                continue
            seat = table.view["current"]
            assert table.active == seat and drive.scene is table, "no handover screen"
            mine = pads[seat]
            # the footer's edge in the colour of the player to move
            assert drive.pixel((2, table.footer_rect.centery)) == table.palette.player(seat)
            shown = "  ".join(drawn_texts(drive.app))
            name = table.session.names[seat]
            assert f"{name}'s turn  ·  Pad {drive.app.devices.pad_number(mine.device)}" in shown
            assert "A" in table.couch_key("confirm") and "D-pad" in shown
            if not checked_others:
                # another player's pad: its D-pad, A and B do nothing at all
                other = pads[(seat + 1) % 3]
                key = table.turn_key
                for button in (RIGHT, A, RIGHT, A, B):
                    press(drive, other, button)
                assert table.turn_key == key and table.crew_choice is None
                assert table.session.last_move == {}, "a move was sent"
                checked_others = True
            key = table.turn_key
            move = rng.choice(legal(table))
            play_with_pad(drive, table, mine, move)
            assert table.session.last_move[seat] == move, "the pad sent the chosen move"
            turns[seat] = turns.get(seat, 0) + 1
            drive.until(lambda key=key: table.turn_key != key or drive.scene is not table,
                        what="the move to be played")
        assert sorted(turns) == [0, 1, 2] and sum(turns.values()) >= 20, turns
        assert {action.device for action in seen} <= {pad.device for pad in pads}
        assert "game_over" in table.events_seen
        assert drive.scene.winner_text()
        # B on the results: back to the party's lobby, everyone seated on their pad (one B
        # threw the party out to the menu, every pad to join again: a pad-only playtest), as
        # its button and footer say (they said "Back to menu": an outside re-check)
        results = drive.scene
        assert str(results.form.widgets[-1].label) == "Back to the party"
        drive.step(2)
        assert any("B: back to the party" in text for text in drawn_texts(drive.app))
        press(drive, pads[2], B)
        lobby = drive.scene
        assert isinstance(lobby, CouchLobbyScene) and lobby.game.value == "stargazer"
        assert [(seat.name, seat.device) for seat in lobby.joined()] == [
            ("Ann", pads[0].device), ("Ben", pads[1].device), ("Cleo", pads[2].device)]
        drive.step(3)
        assert len(lobby.joined()) == 3 and not lobby.waiting, "their pads are still here"
    finally:
        for pad in pads:
            pad.unplug()


@pytest.mark.timeout(60)
def test_a_pad_pulled_out_on_its_turn_pauses_until_another_device_takes_the_seat(
        drive: Driver) -> None:
    first, second = VirtualPad(), VirtualPad()
    spare = None
    try:
        pump_until(drive.app, lambda: second.device in drive.app.devices.devices())
        table = couch_table(drive, [("Ann", first.device), ("Ben", second.device),
                                    ("Vega", None)])
        drive.until(lambda: table.phase() == "crew", what="a player's turn")
        seat = table.view["current"]
        mine, other = (first, second) if seat == 0 else (second, first)
        mine.unplug()
        drive.step(3)
        assert table.paused_seat() == seat
        assert WAITING in drawn_texts(drive.app)
        key = table.turn_key
        # the other player's A keeps their own seat; a new pad's D-pad claims nothing
        press(drive, other, A)
        spare = VirtualPad()
        pump_until(drive.app, lambda: spare.device in drive.app.devices.devices())
        press(drive, spare, RIGHT)
        drive.step(20)
        assert table.paused_seat() == seat and table.turn_key == key
        assert table.crew_choice is None
        # the new pad's A takes the seat (that press does nothing more), then it plays
        press(drive, spare, A)
        assert table.paused_seat() is None and table.couch.device_of(seat) == spare.device
        assert table.crew_choice is None
        assert WAITING not in drawn_texts(drive.app)
        # what the mouse resting on a crew shows, Y shows for the crew in focus
        press(drive, spare, RIGHT)
        crew = CREWS_BY_ID[table.view["crews"][table.crew_choice]]
        press(drive, spare, Y)
        shown = [item.text for item in painted(drive, table).drawn]
        assert any(text.startswith(f"{crew['name']}: up to") for text in shown), shown
        press(drive, spare, Y)
        assert not any(text.startswith(f"{crew['name']}: up to")
                       for text in (item.text for item in painted(drive, table).drawn))
        move = next(m for m in legal(table) if m["t"] == "crew")
        play_with_pad(drive, table, spare, move)
        assert table.session.last_move[seat] == move
    finally:
        for pad in (first, second, spare):
            if pad is not None:
                pad.unplug()


@pytest.mark.timeout(60)
def test_the_keyboard_halves_play_their_own_turns(drive: Driver) -> None:
    """Two players on one keyboard (WASD + Space..., the arrows + Enter...) and a bot: each
    half plays its own seat's turns; the other half's keys do nothing meanwhile."""
    table = couch_table(drive, [("Ann", "keys:left"), ("Ben", "keys:right"), ("Vega", None)])
    rng = random.Random(2)
    played = {0: 0, 1: 0}
    while min(played.values()) < 4:
        drive.until(lambda: table.phase() in ("crew", "skill", "investigate", "start_player"),
                    what="a player's turn")
        seat = table.view["current"]
        half, other = ("keys:left", "keys:right") if seat == 0 else ("keys:right", "keys:left")
        assert glyph_shown(drive, table, half)
        key = table.turn_key
        for intent in ("right", "confirm", "rotate"):
            drive.key(KEYBOARD_HALVES[other][intent][0])
        assert table.turn_key == key and seat not in table.session.last_move
        move = rng.choice(legal(table))
        play_with_keys(drive, table, half, move)
        assert table.session.last_move.pop(seat) == move
        played[seat] += 1
        drive.until(lambda key=key: table.turn_key != key, what="the move to be played")


def glyph_shown(drive: Driver, table: StargazerTableScene, half: str) -> bool:
    """The footer names the keys of the half whose turn it is ("Space confirm")."""
    shown = drawn_texts(drive.app)
    confirm = "Space" if half == "keys:left" else "Return"
    return confirm in shown and ("Keys WASD" if half == "keys:left"
                                 else "Keys arrows") in "  ".join(shown)


@pytest.mark.timeout(60)
def test_a_keyboard_half_takes_the_seat_of_a_pulled_pad(drive: Driver) -> None:
    """"Press a key": Enter on the keyboard's right half takes the waiting seat, then plays it
    with the arrows."""
    pad = VirtualPad()
    try:
        pump_until(drive.app, lambda: pad.device in drive.app.devices.devices())
        table = couch_table(drive, [("Ann", pad.device), ("Vega", None), ("Rigel", None)])
        drive.until(lambda: table.phase() == "crew", what="Ann's turn")
        pad.unplug()
        drive.step(3)
        assert table.paused_seat() == 0
        drive.key(pygame.K_LEFT)  # a direction claims nothing
        assert table.paused_seat() == 0
        drive.key(pygame.K_RETURN)
        assert table.paused_seat() is None and table.couch.device_of(0) == "keys:right"
        assert "Keys arrows" in "  ".join(drawn_texts(drive.app))
        move = next(m for m in legal(table) if m["t"] == "crew")
        play_with_keys(drive, table, "keys:right", move)
        assert table.session.last_move[0] == move
    finally:
        pad.unplug()


@pytest.mark.timeout(60)
def test_a_seat_whose_pad_is_gone_when_the_table_opens_waits_for_a_device(
        drive: Driver) -> None:
    """Continue, or Play again, after the lobby's pad was pulled: the seat was bound to a pad
    that was not there, nothing could act for it, and the game froze on its turn. It waits
    like a seat whose pad is pulled during play; the device that takes it is kept for Play
    again."""
    table = couch_table(drive, [("Ann", "keys:left"), ("Bea", "pad:97"), ("Vega", None)])
    assert table.couch.waiting == [1], "the absent pad's seat waits from the start"
    rng = random.Random(3)
    for _turn in range(12):  # Ann (and the bot) play until it is Bea's turn
        drive.until(lambda: table.turn_seat() == 1 or (
            table.turn_seat() == 0 and table.phase() in ("crew", "skill", "investigate",
                                                         "start_player")), what="a turn")
        if table.turn_seat() == 1:
            break
        key = table.turn_key
        play_with_keys(drive, table, "keys:left", rng.choice(legal(table)))
        drive.until(lambda key=key: table.turn_key != key, what="Ann's move played")
    assert table.turn_seat() == 1, "Bea's turn comes"
    drive.step(2)
    assert table.paused_seat() == 1
    drive.key(pygame.K_RETURN)  # the free right half's confirm takes the seat
    assert table.paused_seat() is None and table.couch.device_of(1) == "keys:right"
    assert table.config.seats[1].device == "keys:right", "Play again seats Bea with it"
    move = next(m for m in legal(table) if m["t"] == "crew")
    play_with_keys(drive, table, "keys:right", move)
    assert table.session.last_move[1] == move


@pytest.mark.timeout(60)
def test_at_one_screen_a_double_confirm_picks_the_crew_only(drive: Driver,
                                                            settling: float) -> None:
    """A pad's A tapped twice picked a crew and started the path at once (playtest)."""
    table = couch_table(drive, [("Ann", "keys:right"), ("Vega", None), ("Rigel", None)])
    drive.until(lambda: table.turn_seat() == 0 and table.phase() == "crew", what="Ann's turn")
    drive.step(int(settling * 60) + 2)
    drive.key(pygame.K_RIGHT)
    for _ in range(4):
        drive.key(pygame.K_RETURN)
    drive.until(lambda: table.phase() != "crew", what="the crew picked")
    drive.step(2)
    assert table.session.last_move[0]["t"] == "crew" and not table.path


@pytest.mark.timeout(60)
def test_the_footer_offers_undo_only_when_there_is_a_pick_to_take_back(drive: Driver) -> None:
    """The footer offered "Right Ctrl: undo" while "Take back a cube" was greyed (nothing
    picked)."""
    table = couch_table(drive, [("Ann", "keys:right"), ("Vega", None), ("Rigel", None)])
    drive.until(lambda: table.turn_seat() == 0 and table.phase() == "crew", what="Ann's turn")
    move = next(m for m in legal(table) if m["t"] == "crew" and CREWS_BY_ID[m["crew"]]["timing"]
                != "choice")
    play_with_keys(drive, table, "keys:right", move)
    drive.until(lambda: table.phase() == "investigate", what="the investigation")
    assert not table.path
    assert "undo" not in [words for _key, words in table.couch_hints()]
    drive.key(pygame.K_RSHIFT)  # add the planet in focus
    assert table.path
    assert "undo" in [words for _key, words in table.couch_hints()]


@pytest.mark.parametrize("players", [3, 4])
def test_at_one_screen_the_middle_shows_each_players_score_breakdown(drive: Driver,
                                                                     players: int) -> None:
    """A 16:9 screen at one screen showed only the totals: the couch footer took the height the
    breakdown under each name asked for, though the middle had room for it (a playtest)."""
    seats = [("Ann", "keys:right"), ("Vega", None), ("Rigel", None), ("Deneb", None)][:players]
    table = couch_table(drive, seats)
    drive.until(lambda: table.turn_seat() == 0, what="Ann's turn")
    assert drive.app.screen.get_size() == (1280, 720)
    shown = [item.text for item in painted(drive, table).drawn]
    breakdowns = [text for text in shown if text.startswith("majority ")]
    assert len(breakdowns) == players, shown
    # and not at the cost of what follows: the stock and the end condition, to its last word
    assert any(text.startswith("Stock: ") for text in shown)
    assert any(text.endswith("(now 0).") for text in shown), shown


def test_at_one_screen_the_hint_key_asks_a_hint_then_opens_the_log(drive: Driver) -> None:
    """The Hint button read "Hint (H)" at one screen, where H is the left keyboard half's log
    key and a pad had no way to ask (a playtest): the seat's own hint key asks for a hint (the
    button names it), and pressed again opens the game log, as the footer says."""
    table = couch_table(drive, [("Ann", "keys:right"), ("Vega", None), ("Rigel", None)])
    drive.until(lambda: table.turn_seat() == 0 and table.phase() == "crew", what="Ann's turn")
    drive.step(2)
    end = KEYBOARD_HALVES["keys:right"]["hint"][0]
    assert str(table.hints.button.label) == "Hint (End)"
    assert ("End", "hint, again: game log") in table.couch_hints()
    drive.key(end)
    assert not table.log_open
    drive.until(lambda: table.hints.hint is not None, timeout=15, what="the hint")
    drive.step(2)
    assert table.crew_choice == table.view["crews"].index(table.hints.hint.move["crew"])
    assert ("End", "game log") in table.couch_hints()
    drive.key(end)
    assert table.log_open
    drive.key(end)
    assert not table.log_open
    # the confirm key closes the log too, and picks nothing (it did nothing while the panel
    # under the log still said "Pick this crew": a player sat stuck, a pad-only playtest)
    drive.key(end)
    assert table.log_open
    drive.key(KEYBOARD_HALVES["keys:right"]["confirm"][0])
    assert not table.log_open and table.turn_seat() == 0 and table.phase() == "crew"
    # another player's keys ask nothing for Ann
    drive.key(KEYBOARD_HALVES["keys:left"]["hint"][0])
    assert not table.log_open


def test_at_one_screen_the_menu_key_closes_the_open_log_before_asking(drive: Driver) -> None:
    """Esc opened "Leave this game?" over Stargazer's open log (an outside playtest): at one
    screen too, a device's menu key (Esc, F10, a pad's Start) closes the log first, as B does,
    and asks at the next press; the log's footer offers what closes it, not the menu."""
    from game.client.scenes.dialog import ConfirmDialog

    table = couch_table(drive, [("Ann", "keys:right"), ("Bea", "keys:left"), ("Rigel", None)])
    drive.until(lambda: table.turn_seat() == 0 and table.phase() == "crew", what="Ann's turn")
    table.log_open = True  # (End, pressed twice: a hint, then the log)
    assert ("Right Ctrl", "close the log") in table.couch_hints()
    assert "menu" not in [words for _key, words in table.couch_hints()]
    for half in ("keys:left", "keys:right"):  # Bea's menu key too: the log is the table's
        table.log_open = True
        drive.key(KEYBOARD_HALVES[half]["menu"][0])
        assert drive.scene is table and not table.log_open, half
        drive.key(KEYBOARD_HALVES[half]["menu"][0])
        assert isinstance(drive.scene, ConfirmDialog), half
        drive.key(pygame.K_ESCAPE)  # (Keep playing)
        assert drive.scene is table


@pytest.mark.timeout(60)
def test_a_press_out_of_turn_says_whose_turn_it_is(drive: Driver) -> None:
    """A pad not to move pressed A and nothing happened (a playtest): it is told whose turn
    it is (not at every press), and nothing is played for it."""
    table = couch_table(drive, [("Ann", "keys:right"), ("Bea", "keys:left"), ("Rigel", None)])
    drive.until(lambda: table.turn_seat() == 0 and table.phase() == "crew", what="Ann's turn")
    before = table.session.table.version
    drive.key(pygame.K_SPACE)  # Bea's confirm, out of turn
    drive.step(2)
    assert table.status[0] == "It is Ann's turn." and table.status_time > 0
    assert table.session.table.version == before, "nothing played for Bea"
    from tests.client.sg_play import painted

    assert any("It is Ann's turn." in item.text for item in painted(drive, table).drawn), \
        "said on the screen"
    table.status = ("", table.status[1])
    drive.key(pygame.K_d)  # again at once: not said at every press
    assert table.status[0] == ""
    drive.step(int(2.1 * 60))
    drive.key(pygame.K_d)
    assert table.status[0] == "It is Ann's turn."


@pytest.mark.timeout(60)
def test_news_of_the_move_before_stands_under_the_decisions_own_words(drive: Driver) -> None:
    """"Ade, Diplomat: the skill cannot apply now..." stood above the Captain's "Who starts
    round 3?" as if it were the question (a playtest): a decision's words come first."""
    from tests.client.sg_play import painted

    table = couch_table(drive, [("Ann", "keys:right"), ("Vega", None), ("Rigel", None)])
    drive.until(lambda: table.turn_seat() == 0 and table.phase() == "crew", what="Ann's turn")
    drive.key(pygame.K_RIGHT)  # a crew chosen: the panel says what it does
    _title, lines = table.action_lines(table.view)
    first = str(lines[0][0])
    table.say("Earlier news.")
    drive.step(2)
    drawn = {item.text: item.rect.y for item in painted(drive, table).drawn}
    assert first in drawn and "Earlier news." in drawn, sorted(drawn)
    assert drawn[first] < drawn["Earlier news."]


MOUSE_WORDS = "hover a crew for its full text"


def crew_texts(drive: Driver, table: StargazerTableScene) -> list[str]:
    return [item.text for item in painted(drive, table).drawn]


@pytest.mark.timeout(60)
def test_the_crews_header_offers_the_full_text_only_to_a_device_that_can_ask(
        drive: Driver) -> None:
    """At one screen only the device to move points at a crew; while nobody's device plays
    (a bot's turn, a seat waiting for its pad) the header said "the mouse on a crew: its full
    text" and the mouse showed nothing (a party's playtest)."""
    table = couch_table(drive, [("Ann", "pad:97"), ("Vega", None), ("Rigel", None)])
    drive.until(lambda: table.paused_seat() == 0, what="Ann's turn, her pad gone")
    drive.step(2)
    texts = crew_texts(drive, table)
    assert "Crews" in texts, "the panel is read"
    assert MOUSE_WORDS not in texts and not any("full text of the crew" in t for t in texts)
    drive.move(table.crew_rects[0].center)
    drive.step(60)
    assert not any(t.startswith(CREWS_BY_ID[table.view["crews"][0]]["name"] + ":")
                   for t in crew_texts(drive, table)), "indeed the mouse shows nothing"


@pytest.mark.timeout(60)
def test_the_crews_header_names_the_mouse_to_the_mouse_and_a_key_to_a_half(
        drive: Driver) -> None:
    table = couch_table(drive, [("Ann", "mouse"), ("Bea", "keys:left"), ("Rigel", None)])
    drive.until(lambda: table.turn_seat() in (0, 1) and table.phase() == "crew",
                what="a player's crew pick")
    drive.step(2)
    texts = crew_texts(drive, table)
    if table.turn_seat() == 0:
        assert MOUSE_WORDS in texts
    else:
        assert MOUSE_WORDS not in texts and any("full text of the crew" in t for t in texts)


@pytest.mark.timeout(60)
def test_behind_the_waiting_band_nobody_is_told_to_click(drive: Driver) -> None:
    """A seat whose pad is gone: the action panel behind the band kept the window's words
    ("Click a crew (green) or Left/Right to choose...") though no device could (a party's
    playtest); the band says what takes the seat."""
    table = couch_table(drive, [("Ann", "pad:97"), ("Vega", None), ("Rigel", None)])
    drive.until(lambda: table.paused_seat() == 0 and table.phase() == "crew",
                what="Ann's turn, her pad gone")
    drive.step(2)
    texts = crew_texts(drive, table)
    assert not any("Click a crew" in t or "D-pad" in t for t in texts), texts
    assert any("Reconnect a pad" in t for t in texts), "the band says what to do"


@contextmanager
def ann_and_bea_on_pads(drive: Driver) -> Iterator[tuple[StargazerTableScene, list[VirtualPad]]]:
    """A couch Stargazer table: Ann and Bea each on a pad of their own, Vega a bot."""
    pads = [VirtualPad(), VirtualPad()]
    try:
        pump_until(drive.app, lambda: all(p.instance_id in drive.app.devices.controllers
                                          for p in pads))
        yield couch_table(drive, [("Ann", pads[0].device), ("Bea", pads[1].device),
                                  ("Vega", None)]), pads
    finally:
        for pad in pads:
            pad.unplug()


@pytest.mark.timeout(60)
def test_the_leave_question_answers_only_the_pad_that_asked(drive: Driver) -> None:
    """Another player's pad answered the leave question (a party's playtest)."""
    from game.client.scenes.dialog import ConfirmDialog

    with ann_and_bea_on_pads(drive) as (table, pads):
        press(drive, pads[1], pygame.CONTROLLER_BUTTON_START)  # Bea asks, on anyone's turn
        dialog = drive.scene
        assert isinstance(dialog, ConfirmDialog)
        number = drive.app.devices.pad_number(pads[1].device)
        assert f"Pad {number} answers (the pad that asked)." in drawn_texts(drive.app), \
            "the dialog says whose pad answers (other pads did nothing, unsaid)"
        for button in (RIGHT, A, B):
            press(drive, pads[0], button)
            assert drive.scene is dialog and dialog.form.focus == 0, "Ann's pad does nothing"
        press(drive, pads[1], B)
        assert drive.scene is table, "Bea's B keeps playing"
        # leaving: the party's lobby, everyone seated again (not the menu, where every pad
        # had to join again: a pad-only playtest)
        press(drive, pads[1], pygame.CONTROLLER_BUTTON_START)
        dialog = drive.scene
        labels = [str(getattr(w, "label", "")) for w in dialog.form.widgets]
        while labels[dialog.form.focus] != "Leave":
            press(drive, pads[1], RIGHT)
        press(drive, pads[1], A)
        lobby = drive.scene
        assert isinstance(lobby, CouchLobbyScene), lobby
        assert [(seat.name, seat.device) for seat in lobby.joined()] == [
            ("Ann", pads[0].device), ("Bea", pads[1].device)]
        assert lobby.count.value == 3 and lobby.planned(2) == "ai"


def test_the_mouse_has_a_way_to_the_menu_at_one_screen(drive: Driver) -> None:
    """At one screen the top bar's right end said only whose turn it was: a pad has Start and
    the keyboard Esc, but the mouse had no way to the menu (a playtest). A button there asks
    the leave question, the mouse's own: its click answers, a pad's press does not."""
    from game.client.scenes.dialog import ConfirmDialog
    from tests.client.textboxes import drawn_marks

    table = couch_table(drive, [("Ann", "keys:left"), ("Bea", "keys:right"), ("Vega", None)])
    drive.step(2)
    marks = drawn_marks(drive.app)
    button = next(m for m in marks if m.text == "Start / Esc: menu")
    turn = next(m for m in marks if m.text.startswith("Ann  ·  "))
    assert table.way_out_rect.contains(button.rect)
    assert turn.rect.right < table.way_out_rect.left, "whose turn stands left of the button"
    drive.click(button.rect.center)
    dialog = drive.scene
    assert isinstance(dialog, ConfirmDialog), "the mouse's click asks the leave question"
    assert dialog.owner == "mouse"


def test_b_goes_to_the_results_in_the_moment_before_the_final_scoring(drive: Driver) -> None:
    """Between the game's end and its final scoring the top bar already said "B: results",
    and B did nothing (an outside re-check): B (and the menu button) go to the results."""
    from tests.client.test_sg_pacing import random_finished_game

    with ann_and_bea_on_pads(drive) as (table, pads):
        over = RULESET.view(random_finished_game(), 0)
        table.pacer.shown = over  # the end on screen, its scoring not started yet
        assert table.phase() == "over" and table.scoring is None and table.ending()
        press(drive, pads[1], B)
        assert isinstance(drive.scene, ResultsScene)


def test_a_question_whose_pad_is_pulled_out_is_answered_by_any_pad(drive: Driver) -> None:
    """A pad-only party was stuck in a question once the pad that asked was pulled out (no
    other pad could answer, and a new pad took its number: an outside re-check): then any
    device answers, and the dialog no longer names a pad."""
    from game.client.scenes.dialog import ConfirmDialog

    with ann_and_bea_on_pads(drive) as (table, pads):
        press(drive, pads[1], pygame.CONTROLLER_BUTTON_START)  # Bea asks
        dialog = drive.scene
        assert isinstance(dialog, ConfirmDialog)
        press(drive, pads[0], B)
        assert drive.scene is dialog, "Ann's pad does not answer Bea's question"
        pads[1].unplug()
        pump_until(drive.app, lambda: pads[1].device not in drive.app.devices.devices())
        drive.step(2)
        assert not any("answers (the pad that asked)" in text
                       for text in drawn_texts(drive.app))
        press(drive, pads[0], B)
        assert drive.scene is table, "Ann's pad answers now: Stay"
