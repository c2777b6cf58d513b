"""The party lobby (couch play, issue 25 point 1), driven as players would: SDL virtual pads
through the real event path and key presses of both keyboard halves; no mouse unless a test
is about the mouse. Joining, leaving with B, a pad pulled out and another plugged in, bots
filling the rest, the game chosen with left/right, and the config the start hands the kit."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.client.devices import INTENTS, KEYBOARD_HALVES, PAD_GLYPHS
from game.client.kits import get_kit
from game.client.scenes import couch
from game.client.scenes.base import Scene
from game.client.scenes.couch import CouchLobbyScene, RenameScene
from game.client.scenes.dialog import ConfirmDialog
from game.client.scenes.menu import MainMenuScene
from game.client.session import GameConfig, Session
from tests.client.clienthelpers import Driver
from tests.client.textboxes import drawn_texts, text_problems
from tests.client.virtual_pads import VirtualPad, pump_until, tap

A, B = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B
DOWN, RIGHT = pygame.CONTROLLER_BUTTON_DPAD_DOWN, pygame.CONTROLLER_BUTTON_DPAD_RIGHT


class Opened:
    """Stands in for a kit's ``open_table``: remembers what it was asked to open."""

    def __init__(self) -> None:
        self.calls: list[tuple[GameConfig | None, int, Session | None]] = []

    def __call__(self, stage: Any, config: GameConfig | None, seed: int = 0,
                 session: Session | None = None) -> Scene:
        self.calls.append((config, seed, session))
        return Scene(stage)


def record_open_table(monkeypatch: pytest.MonkeyPatch, module: Any) -> Opened:
    """``module.get_kit(game)`` answers the real kit with ``open_table`` recorded."""
    opened = Opened()
    monkeypatch.setattr(module, "get_kit",
                        lambda game: dataclasses.replace(get_kit(game), open_table=opened))
    return opened


def open_lobby_by_keys(drive: Driver) -> CouchLobbyScene:
    """From the main menu with arrows and Enter only."""
    menu = drive.scene
    assert isinstance(menu, MainMenuScene)
    for _ in range(len(menu.form.widgets)):
        if menu.form.widgets[menu.form.focus].label == "Party at one screen":
            break
        drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RETURN)
    drive.step(2)
    assert isinstance(drive.scene, CouchLobbyScene)
    return drive.scene


def seated(lobby: CouchLobbyScene) -> list[tuple[str, str | None] | None]:
    return [(s.name, s.device) if s is not None else None
            for s in lobby.seats[: lobby.count.value]]


def focus(drive: Driver, lobby: CouchLobbyScene, widget: Any, key: int = pygame.K_s) -> None:
    """Move the lobby's focus to ``widget`` with a device's "down" (the left half's S)."""
    for _ in range(len(lobby.form.widgets)):
        if lobby.form.widgets[lobby.form.focus] is widget:
            return
        drive.key(key)
    assert lobby.form.widgets[lobby.form.focus] is widget


def test_two_pads_and_both_keyboard_halves_join_leave_and_swap_pads(
        drive: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = record_open_table(monkeypatch, couch)
    name = drive.app.settings.player_name
    lobby = open_lobby_by_keys(drive)
    one, two = VirtualPad(), VirtualPad()
    three = None
    try:
        pump_until(drive.app, lambda: len(drive.app.devices.controllers) >= 2)
        tap(drive.app, one, A)
        drive.key(pygame.K_SPACE)  # the left half's confirm
        drive.key(pygame.K_RETURN)  # the right half's confirm
        tap(drive.app, two, A)
        assert seated(lobby) == [(name, one.device), ("Player 2", "keys:left"),
                                 ("Player 3", "keys:right"), ("Player 4", two.device)]
        # pressing confirm again on a seated device takes no second seat
        drive.key(pygame.K_SPACE)
        assert len(lobby.joined()) == 4
        # the first pad leaves with B: its seat is free (a bot's, unless someone joins)
        tap(drive.app, one, B)
        assert seated(lobby)[0] is None and lobby.planned(0) == "ai"
        # the second pad is pulled out: its seat waits, name and colour kept
        two.unplug()
        pump_until(drive.app, lambda: lobby.seats[3].device is None)
        assert lobby.seats[3].name == "Player 4" and lobby.planned(3) == "ai"
        drive.step(2)
        # and its card says what starting now would do to it (a bot took it unannounced)
        assert "Its pad is gone: a bot plays it if the game starts now" in \
            drawn_texts(drive.app)
        # another pad is plugged in: its A takes the waiting seat before the free one
        three = VirtualPad()
        pump_until(drive.app, lambda: three.instance_id in drive.app.devices.controllers)
        tap(drive.app, three, A)
        assert seated(lobby) == [None, ("Player 2", "keys:left"), ("Player 3", "keys:right"),
                                 ("Player 4", three.device)]
        # one more seat for a bot, chosen on the pad: down to Players, right once
        focus(drive, lobby, lobby.count)
        tap(drive.app, three, RIGHT)
        assert lobby.count.value == 5
        # and start from the right half: down to "Start the game", Enter
        focus(drive, lobby, lobby.start, pygame.K_DOWN)
        drive.key(pygame.K_RETURN)
    finally:
        for pad in (one, two, three):
            if pad is not None:
                pad.unplug()
    assert len(opened.calls) == 1
    config, seed, session = opened.calls[0]
    assert session is None and seed == 7 and config.mode == "couch"
    assert config.game == lobby.game.value
    assert [(s.kind, s.device) for s in config.seats] == [
        ("ai", None), ("human", "keys:left"), ("human", "keys:right"),
        ("human", three.device), ("ai", None)]
    assert [s.name for s in config.seats][1:4] == ["Player 2", "Player 3", "Player 4"]
    assert {s.bot for s in config.seats if s.kind == "ai"} == {lobby.bots.value}


def test_the_game_and_its_player_count_are_chosen_with_a_pad(drive: Driver) -> None:
    lobby = open_lobby_by_keys(drive)
    pad = VirtualPad()
    try:
        pump_until(drive.app, lambda: pad.instance_id in drive.app.devices.controllers)
        first = lobby.game.value
        tap(drive.app, pad, RIGHT)  # the focus starts on Game
        assert lobby.game.value != first
        ruleset_counts = [n for n, _label in lobby.count.values]
        from game.rules import get_ruleset

        ruleset = get_ruleset(lobby.game.value)
        assert ruleset_counts[0] == max(1, ruleset.min_players)
        assert ruleset_counts[-1] == min(8, ruleset.max_players)
        tap(drive.app, pad, DOWN)
        assert lobby.form.widgets[lobby.form.focus] is lobby.count
    finally:
        pad.unplug()


def test_the_bots_row_says_what_the_level_is_like(drive: Driver) -> None:
    """The bot levels read as names alone (a new player could not tell greedy from normal):
    the labels rank them and, while the row is chosen, a line under the rows says what the
    level is like."""
    from game.client.i18n import tr
    from tests.client.textboxes import drawn_texts

    lobby = open_lobby_by_keys(drive)
    drive.move((1, 1))
    assert lobby.bots_note() is None, "another row is chosen"
    while lobby.form.widgets[lobby.form.focus] is not lobby.bots:
        drive.key(pygame.K_DOWN)
    labels = [tr(label) for _level, label in lobby.bots.values]
    assert labels[-1].startswith("Bot (hard, ") and labels[-1].endswith(
        f"{len(labels)} of {len(labels)})"), labels
    while lobby.bots.value != "hard":
        drive.key(pygame.K_RIGHT)
    note = tr(lobby.bots_note())
    assert note.startswith("The strongest"), note
    assert any(note.startswith(text) for text in drawn_texts(drive.app)), "on the screen"


def table_on(drive: Driver) -> Any:
    """The game's table on the stack (a scene may be over it: a handover, a prompt)."""
    return next((scene for scene in drive.app.stack if scene.holds_game and
                 getattr(scene, "session", None) is not None), None)


def test_the_start_opens_a_table_for_the_seated_devices(drive: Driver) -> None:
    """Without a stand-in: the kit opens its table for mode "couch" on a session whose local
    seats are the seated players."""
    lobby = open_lobby_by_keys(drive)
    drive.key(pygame.K_SPACE)
    drive.key(pygame.K_RETURN)
    focus(drive, lobby, lobby.start)
    drive.key(pygame.K_d)  # a direction on a button does nothing
    drive.key(pygame.K_SPACE)  # the left half, seated: presses the focused Start
    drive.until(lambda: table_on(drive) is not None, what="a table")
    table = table_on(drive)
    assert table.config.mode == "couch"
    assert [s.device for s in table.config.seats] == ["keys:left", "keys:right"]
    assert table.session.human_seats == [0, 1]


def test_start_needs_a_player_and_back_with_nobody_seated_leaves(
        drive: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = record_open_table(monkeypatch, couch)
    lobby = open_lobby_by_keys(drive)
    lobby.start_game()
    drive.step()
    assert not opened.calls and drive.scene is lobby
    assert any("to join first" in str(toast) for toast, _t in drive.app.toasts)
    drive.key(pygame.K_q)  # the left half's back: nobody is seated, so the lobby closes
    assert isinstance(drive.scene, MainMenuScene)


def test_the_mouse_joins_by_clicking_a_free_seat_and_leaves_by_clicking_its_own(
        drive: Driver) -> None:
    lobby = open_lobby_by_keys(drive)
    drive.key(pygame.K_RETURN)  # the right half takes seat 1
    drive.step()
    drive.click(lobby.cards[1].center)
    assert seated(lobby)[1] == ("Player 2", "mouse")
    drive.click(lobby.cards[0].center)  # someone else's seat: nothing
    assert seated(lobby)[0][1] == "keys:right"
    drive.click(lobby.cards[1].center)
    assert seated(lobby)[1] is None


def test_the_lobby_never_seats_more_than_the_game_allows(drive: Driver) -> None:
    lobby = open_lobby_by_keys(drive)
    most = lobby.players_range[1]
    devices = [f"pad:{100 + i}" for i in range(most + 1)]
    from game.client.devices import Action

    for device in devices:
        lobby.handle_action(Action(device, "confirm"))
    assert len(lobby.joined()) == most and lobby.count.value == most
    assert lobby.seat_of(devices[-1]) is None


def readme_key_rows() -> dict[str, list[str]]:
    """The README's key map ("A party at one screen"): intent -> its row's cells."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## A party at one screen", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells and re.fullmatch(r"`\w+`", cells[0]):
            rows[cells[0].strip("`")] = cells
    return rows


def key_names(cell: str) -> set[str]:
    """"Return, Enter (keypad)" -> {"return", "enter"}: the names as pygame gives them."""
    return {re.sub(r"\(.*?\)", "", name).strip().lower() for name in cell.split(",")}


def test_the_readme_key_map_is_the_devices_data() -> None:
    pygame.init()
    rows = readme_key_rows()
    assert set(rows) == set(INTENTS)
    for intent, cells in rows.items():
        _intent, _what, pad, left, right = cells
        assert PAD_GLYPHS[intent] in pad, intent
        for cell, half in ((left, "keys:left"), (right, "keys:right")):
            assert key_names(cell) == {pygame.key.name(key).lower()
                                       for key in KEYBOARD_HALVES[half][intent]}, intent


def test_a_seated_player_names_their_seat(drive: Driver) -> None:
    lobby = open_lobby_by_keys(drive)
    drive.key(pygame.K_SPACE)  # the left half sits in seat 1, under the settings' name
    drive.key(pygame.K_e)  # and opens its name (E: the left half's "turn")
    rename = drive.scene
    assert isinstance(rename, RenameScene) and rename.field.value == "", \
        "the field starts empty: typing replaces the name ('Player 3Dave' before)"
    drive.type_text("Bea")
    drive.key(pygame.K_RETURN)
    assert drive.scene is lobby and seated(lobby)[0] == ("Bea", "keys:left")
    drive.key(pygame.K_e)
    drive.type_text("trice")
    drive.key(pygame.K_ESCAPE)  # Esc keeps the name it had
    assert drive.scene is lobby and seated(lobby)[0] == ("Bea", "keys:left")


def test_a_pad_pulled_while_a_name_is_typed_still_leaves_its_seat_waiting(
        drive: Driver) -> None:
    lobby = open_lobby_by_keys(drive)
    pad = VirtualPad()
    try:
        pump_until(drive.app, lambda: pad.instance_id in drive.app.devices.controllers)
        tap(drive.app, pad, A)
        tap(drive.app, pad, pygame.CONTROLLER_BUTTON_X)  # its name opens over the lobby
        assert isinstance(drive.app.stack[-2], RenameScene), "under the on-screen keys"
    finally:
        pad.unplug()
    drive.step(3)
    while drive.scene is not lobby:
        drive.key(pygame.K_ESCAPE)
    assert drive.scene is lobby
    assert lobby.seats[0].device is None and lobby.waiting == [lobby.seats[0]]


def test_a_seated_pads_start_button_starts_with_the_bot_level_chosen(
        drive: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = record_open_table(monkeypatch, couch)
    lobby = open_lobby_by_keys(drive)
    pad = VirtualPad()
    try:
        pump_until(drive.app, lambda: pad.instance_id in drive.app.devices.controllers)
        tap(drive.app, pad, pygame.CONTROLLER_BUTTON_START)  # no seat yet: starts nothing
        assert not opened.calls and drive.scene is lobby
        tap(drive.app, pad, A)
        focus(drive, lobby, lobby.bots)
        before = lobby.bots.value
        drive.key(pygame.K_LEFT)  # the right half changes the bots' level
        assert lobby.bots.value != before
        tap(drive.app, pad, pygame.CONTROLLER_BUTTON_START)
    finally:
        pad.unplug()
    config = opened.calls[0][0]
    assert [(s.kind, s.device) for s in config.seats] == [("human", pad.device), ("ai", None)]
    assert config.seats[1].bot == lobby.bots.value


def test_a_pad_player_types_their_name_on_the_screens_keys(drive: Driver) -> None:
    """A pad has no letters: its X opened a name field only the keyboard could fill (a
    playtest at one screen). The on-screen keyboard opens over it for the pad."""
    from game.client.scenes.keyboard import KeyboardScene

    lobby = open_lobby_by_keys(drive)
    pad = VirtualPad()
    try:
        pump_until(drive.app, lambda: pad.instance_id in drive.app.devices.controllers)
        tap(drive.app, pad, A)
        tap(drive.app, pad, pygame.CONTROLLER_BUTTON_X)
        keys, rename = drive.scene, drive.app.stack[-2]
        assert isinstance(keys, KeyboardScene) and isinstance(rename, RenameScene)
        # the keys stand under the whole dialog, which says whose seat it names (they hung
        # over its lower half, and it did not say whose: a playtest)
        drive.step(2)
        screen = drive.app.screen.get_rect()
        assert not keys.panel.colliderect(rename.panel) and screen.contains(keys.panel)
        seat_number = next(n for n, s in enumerate(lobby.seats, 1)
                           if s is not None and s.device == pad.device)
        assert f"Seat {seat_number}  ·  Pad 1" in drawn_texts(drive.app), drawn_texts(drive.app)
        assert not text_problems(drive.app)
        # only the keyboard's own keys are said (the box's "X: type a name  ·  ... B: keep"
        # stood above the keyboard's "X: delete  ·  B: done": an outside re-check)
        assert not any(text.startswith("X: type a name") for text in drawn_texts(drive.app))
        for _ in range(2):  # D-pad right twice from "1": "3"
            tap(drive.app, pad, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        tap(drive.app, pad, A)
        tap(drive.app, pad, pygame.CONTROLLER_BUTTON_B)  # the keys close with what was typed
        assert isinstance(drive.scene, RenameScene) and drive.scene.field.value == "3"
        # the dialog names the pad's buttons (it said "Enter OK  ·  Esc cancel" to a pad
        # player: a playtest), and X brings the keys back
        drive.step(2)
        # B says what it keeps: the name the seat has ("(now: ...)" beside the name being
        # typed read as stale: an outside pad-only playtest)
        assert any(text.startswith("X: type a name") and "A: OK  ·  B: keep " in text
                   for text in drawn_texts(drive.app)), drawn_texts(drive.app)
        tap(drive.app, pad, pygame.CONTROLLER_BUTTON_X)
        assert isinstance(drive.scene, KeyboardScene)
        tap(drive.app, pad, pygame.CONTROLLER_BUTTON_B)
        tap(drive.app, pad, A)  # OK
        assert drive.scene is lobby
        seat = next(s for s in lobby.seats if s is not None and s.device == pad.device)
        assert seat.name == "3"
        drive.step(2)
        assert any("B: leave your seat" in text for text in drawn_texts(drive.app)), \
            "the lobby's footer names the pad's buttons too"
    finally:
        pad.unplug()
        drive.step(2)


def test_the_next_lobby_of_the_run_keeps_the_game_and_each_devices_name(
        drive: Driver) -> None:
    """Back at the lobby after a game, a party found every name and its game forgotten: the
    lobby remembers both for the run (not across runs), each name with its device."""
    lobby = open_lobby_by_keys(drive)
    first = lobby.game.value
    focus(drive, lobby, lobby.game)
    drive.key(pygame.K_RIGHT)  # the right half changes the game
    other = lobby.game.value
    assert other != first
    drive.key(pygame.K_SPACE)  # the left half sits
    drive.key(pygame.K_e)
    drive.type_text("Bea")
    drive.key(pygame.K_RETURN)
    assert seated(lobby)[0] == ("Bea", "keys:left")
    again = CouchLobbyScene(drive.app)
    drive.app.push(again)
    drive.step(2)
    assert again.game.value == other, "the game chosen last"
    drive.key(pygame.K_SPACE)
    assert seated(again)[0] == ("Bea", "keys:left"), "the left half is Bea again"


def test_esc_with_players_seated_asks_before_the_lobby_closes(drive: Driver) -> None:
    """One stray Esc of a seated keyboard half closed the lobby and every seat with it (a
    party's playtest): with anyone seated, Esc and Back ask first; Stay keeps every seat."""
    lobby = open_lobby_by_keys(drive)
    drive.key(pygame.K_SPACE)  # the left half sits in seat 1
    drive.key(pygame.K_RETURN)  # the right half in seat 2
    before = seated(lobby)
    assert before[0] is not None and before[1] is not None
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.scene, ConfirmDialog), "a question, not the menu"
    drive.key(pygame.K_ESCAPE)  # Esc on the question: stay
    assert drive.scene is lobby and seated(lobby) == before
    lobby.back_button.activate()  # the Back button asks the same
    assert isinstance(drive.scene, ConfirmDialog)
    drive.scene.form.widgets[1].activate()  # Leave
    drive.step()
    assert isinstance(drive.scene, MainMenuScene)


def test_another_pad_cannot_type_or_answer_in_a_players_name(drive: Driver) -> None:
    """Pad 2 opened its name on the screen's keys and typed "Ben"; pad 1's A typed an "n"
    into it ("Benn": a party's playtest). The keys and the name dialog answer only the pad
    whose seat it is."""
    from game.client.scenes.keyboard import KeyboardScene

    lobby = open_lobby_by_keys(drive)
    mine, other = VirtualPad(), VirtualPad()
    try:
        pump_until(drive.app, lambda: {mine.instance_id, other.instance_id}
                   <= set(drive.app.devices.controllers))
        tap(drive.app, other, A)  # both seated
        tap(drive.app, mine, A)
        tap(drive.app, mine, pygame.CONTROLLER_BUTTON_X)  # mine opens its name's keys
        keys = drive.scene
        assert isinstance(keys, KeyboardScene)
        tap(drive.app, mine, A)  # "1"
        tap(drive.app, other, A)  # nothing
        tap(drive.app, other, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        tap(drive.app, mine, A)  # still "1": the other pad moved nothing
        assert keys.field.value == "11", keys.field.value
        tap(drive.app, other, pygame.CONTROLLER_BUTTON_B)  # not the other's to close
        assert drive.scene is keys
        tap(drive.app, mine, pygame.CONTROLLER_BUTTON_B)
        rename = drive.scene
        assert isinstance(rename, RenameScene)
        tap(drive.app, other, A)  # not the other's to confirm
        assert drive.scene is rename
        tap(drive.app, mine, A)
        assert drive.scene is lobby
        assert next(s for s in lobby.seats if s is not None and s.device == mine.device).name \
            == "11"
    finally:
        mine.unplug()
        other.unplug()
        drive.step(2)


def test_the_mouse_joins_when_every_seat_is_taken_and_names_its_seat(drive: Driver) -> None:
    """With every seat taken a click where the seat cards stand did nothing, and the mouse's
    seat could only be left, not named (a party's playtest)."""
    lobby = open_lobby_by_keys(drive)
    focus(drive, lobby, lobby.count)
    while lobby.count.value > 2:
        drive.key(pygame.K_a)  # the left half's Left: one player fewer
    drive.key(pygame.K_SPACE)  # the keyboard's halves take both seats
    drive.key(pygame.K_RETURN)
    drive.step()
    count = lobby.count.value
    assert all(seat is not None for seat in seated(lobby))
    empty = (lobby.seats_room.right - 5, lobby.seats_room.bottom - 5)
    assert not any(card.collidepoint(empty) for card in lobby.cards)
    drive.click(empty)
    assert lobby.count.value == count + 1 and seated(lobby)[count][1] == "mouse"
    drive.step()
    assert any("Right-click: your name" in text for text in drawn_texts(drive.app))
    drive.click(lobby.cards[count].center, button=3)
    assert isinstance(drive.scene, RenameScene)
    drive.type_text("Mia")
    drive.key(pygame.K_RETURN)
    assert drive.scene is lobby and seated(lobby)[count] == ("Mia", "mouse")


def test_a_pad_cannot_answer_the_leave_question_the_keyboard_asked(drive: Driver) -> None:
    """The lobby's leave question, asked by the keyboard's Esc, was answered by a seated
    pad's A (a party's playtest): a pad answers only a question it asked."""
    lobby = open_lobby_by_keys(drive)
    pad = VirtualPad()
    try:
        pump_until(drive.app, lambda: pad.instance_id in drive.app.devices.controllers)
        tap(drive.app, pad, A)  # the pad sits
        drive.key(pygame.K_SPACE)  # and the left half
        before = seated(lobby)
        drive.key(pygame.K_ESCAPE)
        dialog = drive.scene
        assert isinstance(dialog, ConfirmDialog)
        for button in (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, A, pygame.CONTROLLER_BUTTON_B):
            tap(drive.app, pad, button)
            assert drive.scene is dialog and dialog.form.focus == 0
        drive.key(pygame.K_ESCAPE)
        assert drive.scene is lobby and seated(lobby) == before
    finally:
        pad.unplug()


def test_a_free_seat_says_the_ai_plays_it_unless_someone_joins(drive: Driver) -> None:
    """A free seat's card read 「Lyra（AI・欲ばり）」 over a bare 「空席」: two things at once
    (a Japanese player's playtest). It says who plays it if nobody joins."""
    from tests.client.textboxes import drawn_texts

    open_lobby_by_keys(drive)
    drive.step(2)
    texts = drawn_texts(drive.app)
    assert any(text == "Free seat: the AI plays it unless someone joins" for text in texts), \
        texts
