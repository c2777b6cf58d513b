"""Every screen without a mouse (issue 25 point 4): a game controller alone (SDL virtual pads,
the real event path) and the keyboard alone reach every screen (title and name prompt, main
menu and its LAN tables, setup with its seats, names, bot levels and options, settings, rules,
hosting and joining with the address and password fields, confirmations), each with its focus
drawn; a pad types in text fields with the on-screen keyboard; hints name the pad's buttons
while one is in hand; a solo game of each game is played to its results by pad, and the
results (statistics, final boards, replay) are walked. No mouse event is ever posted."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from game.client import theme
from game.client.devices import KEY_FOR_INTENT
from game.client.scenes.base import controls_hint
from game.client.scenes.dialog import ConfirmDialog
from game.client.scenes.keyboard import ROWS, KeyboardScene
from game.client.scenes.lan import JoinScene, LobbyScene, PasswordPrompt
from game.client.scenes.lan_screenshots import sample_tables
from game.client.scenes.menu import MainMenuScene
from game.client.scenes.replay import ReplayScene
from game.client.scenes.results import ResultsScene
from game.client.scenes.rules import RulesScene
from game.client.scenes.settings_scene import SettingsScene
from game.client.scenes.setup import SetupScene
from game.client.scenes.title import NameScene, TitleScene
from game.client.stargazer.table import StargazerTableScene
from game.client.stars.board_view import BoardViewScene
from game.client.stars.table import StarsTableScene
from game.client.widgets import Form, NamedChoice, Widget, focus_ring
from game.rules.stars import legal_card_placements, legal_shooting_stars
from tests.client.clienthelpers import Driver
from tests.client.sg_play import legal
from tests.client.textboxes import drawn_texts
from tests.client.virtual_pads import VirtualPad

#: a pad's buttons by the intent they stand for (devices.PAD_BUTTONS the other way round)
BUTTON = {"up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
          "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
          "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT, "confirm": pygame.CONTROLLER_BUTTON_A,
          "back": pygame.CONTROLLER_BUTTON_B, "rotate": pygame.CONTROLLER_BUTTON_X,
          "skip": pygame.CONTROLLER_BUTTON_Y, "previous": pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
          "next": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, "hint": pygame.CONTROLLER_BUTTON_BACK}


class Hands:
    """One player's input: ``press(intent)`` and ``type(text)`` into the focused field."""

    name = ""

    def __init__(self, drive: Driver) -> None:
        self.drive = drive

    def press(self, intent: str) -> None:
        raise NotImplementedError

    def type(self, text: str) -> None:
        raise NotImplementedError

    def close(self) -> None:
        pass


class PadHands(Hands):
    """A virtual game controller; text goes in through the on-screen keyboard."""

    name = "pad"

    def __init__(self, drive: Driver) -> None:
        super().__init__(drive)
        self.pad = VirtualPad()
        drive.step(2)  # the pad is announced

    def press(self, intent: str) -> None:
        self.pad.press(BUTTON[intent])
        self.drive.step()
        self.pad.release(BUTTON[intent])
        self.drive.step()

    def type(self, text: str) -> None:
        self.press("rotate")  # X in a text field: the on-screen keyboard
        keyboard = self.drive.scene
        assert isinstance(keyboard, KeyboardScene), "X in a text field opens the keyboard"
        for char in text:
            row = next(r for r, keys in enumerate(ROWS) if char.lower() in keys)
            col = ROWS[row].index(char.lower())
            if keyboard.capitals != char.isupper():
                self.walk_to(keyboard, (len(ROWS), 0))  # Shift
                self.press("confirm")
            self.walk_to(keyboard, (row, col))
            assert_focus_drawn(self.drive, keyboard.focus_rect(), ring=False)
            self.press("confirm")
        self.press("back")
        assert self.drive.scene is not keyboard

    def walk_to(self, keyboard: KeyboardScene, place: tuple[int, int]) -> None:
        for _ in range(40):
            if keyboard.at == place:
                return
            row, col = keyboard.at
            self.press("down" if row < place[0] else "up" if row > place[0]
                       else "right" if col < place[1] else "left")
        raise AssertionError(f"the keyboard's focus never reached {place}")

    def close(self) -> None:
        self.pad.unplug()


class KeyHands(Hands):
    """The keyboard: the keys a pad's buttons stand for, and typed text."""

    name = "keys"

    def press(self, intent: str) -> None:
        self.drive.key(KEY_FOR_INTENT[intent])

    def type(self, text: str) -> None:
        self.drive.type_text(text)


@pytest.fixture(params=[PadHands, KeyHands], ids=["pad", "keyboard"])
def hands(request, config_dir) -> Iterator[Hands]:  # noqa: ANN001
    yield from held(request.param)


@pytest.fixture
def pad(config_dir) -> Iterator[Hands]:  # noqa: ANN001
    yield from held(PadHands)


def held(kind: type[Hands]) -> Iterator[Hands]:
    drive = Driver(start="title")
    drive.app.lan_advertise = False
    drive.step(3)
    hands = kind(drive)
    try:
        yield hands
    finally:
        hands.close()
        drive.close()


# --- what a player sees ------------------------------------------------------------------
def near(colour: tuple[int, int, int], target: tuple[int, ...], tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target[:3], strict=True))


def ring_pixels(drive: Driver, rect: pygame.Rect) -> list[tuple[int, int, int]]:
    """The pixels along the middle of each side of ``rect``'s outline (its ring's place)."""
    inset = 1
    points = [(rect.centerx, rect.top + inset), (rect.centerx, rect.bottom - 1 - inset),
              (rect.left + inset, rect.centery), (rect.right - 1 - inset, rect.centery)]
    return [drive.pixel(p) for p in points]


def assert_focus_drawn(drive: Driver, rect: pygame.Rect | None, ring: bool = True,
                       unfocused: Widget | None = None) -> None:
    """The focused thing at ``rect`` (its ring's rect when ``ring``) is outlined in gold on
    the screen; ``unfocused`` (another widget) is not."""
    assert rect is not None, "something has the focus"
    drive.step()
    if not ring:
        rect = focus_ring(rect, drive.app.layout)
    edge = [p for p in ring_pixels(drive, rect) if near(p, theme.ACCENT)]
    assert len(edge) == 4, f"the focus ring at {rect} is not drawn: {ring_pixels(drive, rect)}"
    if unfocused is not None:
        other = focus_ring(unfocused.rect, drive.app.layout)
        assert not all(near(p, theme.ACCENT) for p in ring_pixels(drive, other)), \
            "an unfocused widget looks focused"


def assert_form_focus(drive: Driver, form: Form) -> None:
    others = [w for w in form.widgets if w is not form.focused() and w.focusable
              and w.rect.w and not form.focused().rect.inflate(30, 30).colliderect(w.rect)]
    assert_focus_drawn(drive, form.focus_rect(drive.app.layout),
                       unfocused=others[0] if others else None)


def focus_on(hands: Hands, form: Form, wanted: Callable[[Widget], bool],
             step: str = "down") -> Widget:
    """Move the form's focus (D-pad or arrows) to the first widget ``wanted`` accepts (back
    the other way once the focus stops at an end: the main menu's does not go round)."""
    back = {"down": "up", "up": "down", "left": "right", "right": "left"}
    for _ in range(2 * len(form.widgets) + 2):
        widget = form.focused()
        if widget is not None and wanted(widget):
            return widget
        before = form.focus
        hands.press(step)
        if form.focus == before:
            step = back[step]
    raise AssertionError("the focus never got there")


def labelled(label: str) -> Callable[[Widget], bool]:
    return lambda widget: getattr(widget, "label", None) == label


def open_item(hands: Hands, label: str) -> None:
    menu = hands.drive.scene
    assert isinstance(menu, MainMenuScene)
    focus_on(hands, menu.form, labelled(label))
    hands.press("confirm")


# --- the walk ------------------------------------------------------------------------------
def test_every_screen_is_reached_and_focused_without_a_mouse(hands: Hands,
                                                             monkeypatch) -> None:  # noqa: ANN001
    import net.discovery

    class NoBrowser:  # the join screen lists what the test shows it, nothing from mDNS
        def __init__(self, **_kwargs: Any) -> None:
            pass

        def poll(self) -> bool:
            return False

        def tables(self) -> list:
            return []

        def close(self) -> None:
            pass

    monkeypatch.setattr(net.discovery, "Browser", NoBrowser)
    drive = hands.drive
    posted: list[int] = []
    real_post = pygame.event.post
    monkeypatch.setattr(pygame.event, "post",
                        lambda event: posted.append(event.type) or real_post(event))

    # title, then the name prompt (its field focused): a name typed, A or Enter takes it
    assert isinstance(drive.scene, TitleScene)
    hands.press("confirm")
    name = drive.scene
    assert isinstance(name, NameScene)
    assert_form_focus(drive, name.form)
    name.field.value = ""
    hands.type("Ann")
    assert name.field.value == "Ann"
    hands.press("confirm")
    menu = drive.scene
    assert isinstance(menu, MainMenuScene) and drive.app.settings.player_name == "Ann"
    assert_form_focus(drive, menu.form)
    hands.press("down")
    assert_form_focus(drive, menu.form)
    footer = controls_hint(drive.app, "keys", "pad")
    assert footer == ("pad" if hands.name == "pad" else "keys"), "hints follow the device"

    # the quit question: B / Esc asks, and B / Esc again stays
    hands.press("back")
    assert isinstance(drive.scene, ConfirmDialog)
    assert_form_focus(drive, drive.scene.form)
    hands.press("back")
    assert drive.scene is menu

    # setup (solo): the count, a bot's level, an option; the player's name typed in place
    open_item(hands, "Play solo")
    setup = drive.scene
    assert isinstance(setup, SetupScene) and setup.mode == "solo"
    assert_form_focus(drive, setup.form)
    focus_on(hands, setup.form, lambda w: w is setup.count)
    before = setup.count.value
    hands.press("right")
    assert setup.count.value != before, "Right changes the focused row"
    focus_on(hands, setup.form, lambda w: w is setup.your_name)
    assert_form_focus(drive, setup.form)
    hands.type("n")
    assert setup.your_name.value == "Annn"
    bot = setup.seats[1]
    focus_on(hands, setup.form, lambda w: w is bot)
    level = bot.value
    hands.press("right")
    assert bot.value != level, "a bot's level changes"
    assert_form_focus(drive, setup.form)
    option = next(iter(setup.options.values()))
    focus_on(hands, setup.form, lambda w: w is option)
    value = option.value
    hands.press("right")
    assert option.value != value
    assert_form_focus(drive, setup.form)
    focus_on(hands, setup.form, lambda w: w is setup.back_button)
    assert_form_focus(drive, setup.form)
    hands.press("confirm")
    assert drive.scene is menu

    # setup (hot-seat): a seat's name typed in its row
    open_item(hands, "Hot-seat")
    setup = drive.scene
    seat = setup.seats[1]
    assert isinstance(seat, NamedChoice)
    focus_on(hands, setup.form, lambda w: w is seat)
    assert_form_focus(drive, setup.form)
    seat.name = ""
    hands.type("Bo")
    assert seat.name == "Bo"
    hands.press("back")
    assert drive.scene is menu

    # settings: a value changed, then back
    open_item(hands, "Settings")
    settings = drive.scene
    assert isinstance(settings, SettingsScene)
    assert_form_focus(drive, settings.form)
    focus_on(hands, settings.form, lambda w: w is settings.volume)
    volume = settings.volume.value
    hands.press("left")
    assert settings.volume.value != volume
    assert_form_focus(drive, settings.form)
    hands.press("back")
    assert drive.scene is menu

    # rules: scrolled, another game, back
    open_item(hands, "Rules")
    rules = drive.scene
    assert isinstance(rules, RulesScene)
    hands.press("down")
    assert rules.scroll > 0
    index = rules.index
    hands.press("right")
    assert rules.index != index or len(rules.kits) == 1
    hands.press("back")
    assert drive.scene is menu

    # hosting: the table's password typed, then its lobby (Start focused), then leave
    open_item(hands, "Host LAN game")
    setup = drive.scene
    assert setup.mode == "host"
    focus_on(hands, setup.form, lambda w: w is setup.password)
    hands.type("pw")
    assert setup.password.value == "pw"
    focus_on(hands, setup.form, lambda w: w is setup.start)
    hands.press("confirm")
    lobby = drive.scene
    assert isinstance(lobby, LobbyScene) and lobby.hosting
    assert lobby.form.focused() is None, "nothing chosen: a stray press starts nothing"
    hands.press("down")
    assert lobby.form.focused() is lobby.start_button
    assert_form_focus(drive, lobby.form)
    hands.press("back")
    assert drive.scene is setup
    hands.press("back")
    assert drive.scene is menu

    # joining: an address typed in its field
    open_item(hands, "Join LAN game")
    join = drive.scene
    assert isinstance(join, JoinScene)
    assert join.form.focused() is join.address
    assert_form_focus(drive, join.form)
    hands.type("127.0.0.1:9")
    assert join.address.value == "127.0.0.1:9"
    hands.press("back")
    assert drive.scene is menu

    # the menu's LAN tables: Right reaches them, a locked one asks for its password
    menu.lan_tables.show(sample_tables())
    drive.step()
    hands.press("right")
    tables = menu.lan_tables
    assert tables.focus == 0
    assert_focus_drawn(drive, tables.rows[0].rect, ring=False, unfocused=tables.rows[1])
    while not tables.rows[tables.focus].table.password:
        hands.press("down")
    hands.press("confirm")
    prompt = drive.scene
    assert isinstance(prompt, PasswordPrompt)
    assert_form_focus(drive, prompt.form)
    hands.type("orion")
    assert prompt.field.value == "orion"
    hands.press("back")
    assert isinstance(drive.scene, JoinScene)
    row = next(r for r in drive.scene.table_buttons if r.table.password)
    assert drive.scene.form.focused() is row
    assert_form_focus(drive, drive.scene.form)
    hands.press("back")
    assert isinstance(drive.scene, MainMenuScene)

    assert not {pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
                pygame.MOUSEWHEEL} & set(posted), "no mouse event was used"


def test_hints_name_the_pads_buttons_while_one_is_in_hand(pad: Hands) -> None:
    drive = pad.drive
    pad.press("confirm")  # title -> name prompt
    scene = drive.scene
    assert controls_hint(drive.app, "Enter OK", "A: OK") == "A: OK"
    drive.key(pygame.K_DOWN)  # the keyboard in hand again
    assert drive.app.last_device == "keyboard"
    assert controls_hint(drive.app, "Enter OK", "A: OK") == "Enter OK"
    assert isinstance(scene, NameScene)


def test_a_pad_is_never_stuck_in_a_field(pad: Hands) -> None:
    """In the name prompt a pad accepts the suggestion with A, moves on with the D-pad, and
    B leaves; the on-screen keyboard closes with B keeping what was typed."""
    drive = pad.drive
    pad.press("confirm")
    name = drive.scene
    assert isinstance(name, NameScene) and name.form.focused() is name.field
    pad.press("down")
    assert name.form.focused() is name.ok
    pad.press("up")
    pad.press("back")
    assert isinstance(drive.scene, TitleScene)
    pad.press("confirm")
    name = drive.scene
    name.field.value = "Kai"
    pad.press("confirm")
    assert isinstance(drive.scene, MainMenuScene) and drive.app.settings.player_name == "Kai"


def test_the_pads_shift_holds_for_one_letter(pad: Hands) -> None:
    """After Y, J the name went on in capitals ("JUNO" for "Juno": a playtest): Y makes the
    next letter a capital, as a phone's Shift does."""
    drive = pad.drive
    pad.press("confirm")
    name = drive.scene
    assert isinstance(name, NameScene) and name.form.focused() is name.field
    name.field.value = ""
    pad.type("Juno")
    assert name.field.value == "Juno"
    drive.step()
    assert any(text.startswith("X: keyboard") for text in drawn_texts(drive.app))
    pad.press("rotate")  # X: the keyboard again
    keyboard = drive.scene
    assert isinstance(keyboard, KeyboardScene) and not keyboard.capitals
    # the prompt's footer gives way to the keyboard's own keys (its "X: keyboard" stood
    # under the keyboard's "X: delete": an outside pad-only playtest)
    drive.step()
    shown = drawn_texts(drive.app)
    assert any("X: delete" in text for text in shown), shown
    assert not any(text.startswith("X: keyboard") for text in shown), shown
    # a pointer resting on another key does not light it beside the pad's ring (an outside
    # re-check); once the mouse moves, it does
    other = keyboard.rows[2][4]
    inside = (other.rect.x + 3, other.rect.centery + other.rect.h // 3)
    drive.move(other.rect.center)
    assert near(drive.pixel(inside), theme.PANEL_LIGHT, 8), "the mouse moved: it lights"
    pad.press("right")  # the pad again: the resting pointer's light goes out
    drive.step(3)
    assert near(drive.pixel(inside), theme.PANEL, 8), drive.pixel(inside)
    pad.press("skip")  # Y: one capital
    assert keyboard.capitals
    keyboard.type("b")
    keyboard.type("e")
    assert name.field.value == "JunoBe" and not keyboard.capitals


# --- games by pad --------------------------------------------------------------------------
def start_solo(hands: Hands, game: str, item: str = "Play solo") -> Any:
    drive = hands.drive
    hands.press("confirm")  # title
    drive.scene.field.value = "Ann"
    hands.press("confirm")  # name
    open_item(hands, item)
    setup = drive.scene
    assert setup.form.focused() is setup.game
    while setup.game.value != game:
        hands.press("right")
    hands.press("confirm")  # Enter / A on a row starts the game
    table = drive.scene
    drive.until(lambda: table.view is not None, what="the first view")
    return table


def steer(hands: Hands, get: Callable[[], Any], want: Any, moves: tuple[str, str],
          limit: int = 40) -> None:
    """Press ``moves[0]`` (or ``moves[1]``) until ``get()`` is ``want``."""
    for _ in range(limit):
        if get() == want:
            return
        hands.press(moves[0])
    raise AssertionError(f"never reached {want!r}")


def aim(hands: Hands, table: StarsTableScene, rot: int, dx: int, dy: int) -> None:
    steer(hands, lambda: table.rot, rot, ("rotate", "rotate"), 4)
    for _ in range(40):
        ax, ay = table.anchor
        if (ax, ay) == (dx, dy) and table.keyboard_ghost:
            return
        hands.press("right" if ax < dx else "left" if ax > dx else "up" if ay < dy else
                    "down" if ay > dy else "right")
    raise AssertionError("the ghost never got there")


def play_stars_turn(hands: Hands, table: StarsTableScene, rng: random.Random,
                    first: bool) -> None:
    drive = hands.drive
    view = table.view
    card, sheet, day = view["card"], table.my_sheet(), view["day"]
    if card["kind"] == "line":
        spots = legal_card_placements(sheet, card["id"], day)
        if spots:
            aim(hands, table, *rng.choice(spots))
            hands.press("confirm")
        else:
            hands.press("skip")
    else:
        stars = legal_shooting_stars(sheet, day)
        if stars:
            size, rot, dx, dy = rng.choice(stars)
            steer(hands, lambda: table.shooting_size, size, ("next", "next"), 3)
            aim(hands, table, rot, dx, dy)
            hands.press("confirm")
        else:
            hands.press("skip")
    drive.until(lambda: table.view.get("pending") is not None, what="the move")
    if first:  # LB takes it back (a pad's undo), then the same again
        hands.press("previous")
        drive.until(lambda: table.view.get("pending") is None, what="the undo")
        assert table.phase() == "play"
        hands.press("skip")
        drive.until(lambda: table.view.get("pending") is not None, what="the skip")
    while table.phase() == "power":
        targets = table.targets()
        assert targets
        hands.press("right")
        hands.press("confirm" if rng.random() < 0.7 else "skip")
        drive.step(2)
    assert table.phase() == "review"
    said = " ".join(line for line, _colour in table.status_lines(table.view, "review"))
    assert ("(A)" if hands.name == "pad" else "(Enter)") in said, "the prompt names the key"
    hands.press("confirm")


def test_a_solo_stars_game_without_a_mouse_then_its_results(hands: Hands) -> None:
    """By pad, and by the keyboard alone: place, turn, size, skip, undo, powers, confirm,
    the board view and the leave question; then the countdown and every results screen."""
    pad = hands
    drive = pad.drive
    table = start_solo(pad, "stars")
    assert isinstance(table, StarsTableScene)
    drive.step()
    assert table.buttons["rotate"].label == ("Rotate (X)" if pad.name == "pad" else
                                             "Rotate (R)"), "the buttons name the device's keys"
    rng = random.Random(5)
    # the board view (RB on a card that is no shooting star, Tab) and the leave question (B)
    assert not table.shooting_star_to_draw()
    pad.press("next")
    assert isinstance(drive.scene, BoardViewScene)
    pad.press("back")
    assert drive.scene is table
    pad.press("back")
    assert isinstance(drive.scene, ConfirmDialog)
    assert_form_focus(drive, drive.scene.form)
    pad.press("back")
    assert drive.scene is table
    turns, countdown = 0, False
    deadline = time.monotonic() + 120
    while not isinstance(drive.scene, ResultsScene):
        assert time.monotonic() < deadline, "the game did not end in time"
        if drive.scene is table and table.phase() == "play":
            serial = table.view["card"]["n"], table.view["day"]
            play_stars_turn(pad, table, rng, first=turns == 0)
            turns += 1
            drive.until(lambda s=serial: table.view["over"] or isinstance(
                drive.scene, ResultsScene) or (table.view["card"]["n"], table.view["day"]) != s
                or table.phase() != "confirmed", what="the next card")
        else:
            countdown = countdown or table.results_in is not None
            drive.step()
    assert turns >= 10 and countdown, "the game was played and counted down to its results"
    walk_results(pad, drive.scene)


def walk_results(hands: Hands, results: ResultsScene) -> None:
    """Statistics, final boards and the replay's controls, all by pad; then the menu."""
    drive = hands.drive
    assert results.form.focused() is None, "no button is chosen before the arrows choose"
    focus_on(hands, results.form, labelled("Statistics"), "right")
    assert_form_focus(drive, results.form)
    buttons = [tuple(button.rect) for button in results.form.widgets]
    hands.press("confirm")
    assert results.showing_statistics
    # the buttons stay where they were (they jumped under the pointer: a playtest)
    assert [tuple(button.rect) for button in results.form.widgets] == buttons
    hands.press("back")
    assert not results.showing_statistics and drive.scene is results
    assert [tuple(button.rect) for button in results.form.widgets] == buttons
    focus_on(hands, results.form, labelled("Final boards"), "right")
    assert_form_focus(drive, results.form)
    hands.press("confirm")
    boards = drive.scene
    assert boards is not results
    choice = boards.choice
    hands.press("right")
    assert boards.choice != choice
    hands.press("down")
    assert boards.focus == 0, "one board large"
    hands.press("back")
    hands.press("back")
    assert drive.scene is results
    focus_on(hands, results.form, labelled("Watch replay"), "right")
    hands.press("confirm")
    replay = drive.scene
    assert isinstance(replay, ReplayScene)
    hands.press("right")
    assert replay.session.position == 1
    hands.press("confirm")
    assert replay.playing
    hands.press("confirm")
    assert not replay.playing
    seat = replay.session.seat
    if hands.name == "pad":
        hands.press("rotate")  # X: whose place
    else:
        drive.key(pygame.K_TAB)
    assert replay.session.seat != seat
    hands.press("back")
    assert drive.scene is results
    focus_on(hands, results.form, labelled("Back to menu"), "right")
    hands.press("confirm")
    assert isinstance(drive.scene, MainMenuScene)
    open_item(hands, "Last results")  # the same results once more, from the menu
    again = drive.scene
    assert isinstance(again, ResultsScene) and again is not results
    assert again.form.focused() is None
    hands.press("right")
    assert_form_focus(drive, again.form)
    hands.press("back")
    assert isinstance(drive.scene, MainMenuScene)


def play_stargazer_turn(hands: Hands, table: StargazerTableScene,
                        rng: random.Random) -> None:
    phase = table.phase()
    move = rng.choice(legal(table))
    if phase == "crew":
        index = table.view["crews"].index(move["crew"])
        steer(hands, lambda: table.crew_choice, index, ("down", "down"))
    elif phase == "skill":
        index = table.skill_targets().index(move)
        steer(hands, lambda: table.target_choice, index, ("right", "right"))
    elif phase == "investigate":
        planets = move["planets"]
        _title, lines = table.action_lines(table.view)
        assert any("A: start there" in line for line, _colour in lines), \
            "the panel names the pad's buttons"
        while table.count != len(planets):
            hands.press("up" if table.count < len(planets) else "down")
        steer(hands, lambda: table.focus_planet, planets[0], ("right", "right"))
        hands.press("confirm")  # the first planet
        assert table.buttons["confirm"].label == "Confirm (A)", "the button names A"
        for planet in planets[1:]:
            steer(hands, lambda: table.focus_planet, planet, ("right", "right"))
            hands.press("rotate")  # X: the next planet of the path
        assert table.preview() == planets
    elif phase == "start_player":
        steer(hands, lambda: table.start_choice, move["seat"], ("right", "right"))
    hands.press("confirm")


def test_a_solo_stargazer_game_by_pad_alone(pad: Hands) -> None:
    drive = pad.drive
    table = start_solo(pad, "stargazer")
    assert isinstance(table, StargazerTableScene)
    rng = random.Random(3)
    decisions = 0
    deadline = time.monotonic() + 120
    while not isinstance(drive.scene, ResultsScene):
        assert time.monotonic() < deadline, "the game did not end in time"
        phase = table.phase()
        if drive.scene is table and phase in ("crew", "skill", "investigate", "start_player"):
            key = table.turn_key
            play_stargazer_turn(pad, table, rng)
            decisions += 1
            drive.until(lambda key=key: table.turn_key != key or drive.scene is not table,
                        what="the move to be played")
        elif phase == "over" and table.scoring is not None:
            pad.press("confirm")  # the final scoring, planet by planet
        else:
            drive.step()
    assert decisions >= 5
    results = drive.scene
    assert isinstance(results, ResultsScene)
    # the A pressed through the final scoring chooses nothing there: no button has the focus
    for _ in range(3):
        pad.press("confirm")
        drive.step(40)
    assert drive.scene is results and results.form.focused() is None
    pad.press("right")
    assert_form_focus(drive, results.form)


def test_a_pads_early_press_does_not_lock_the_handover(pad: Hands) -> None:
    """Hot-seat: A pressed before the handover screen takes input is ignored, and the next A
    (a pad sends no key-up) shows the board."""
    from game.client.scenes.handover import HandoverScene

    drive = pad.drive
    pad.press("confirm")
    drive.scene.field.value = "Ann"
    pad.press("confirm")
    open_item(pad, "Hot-seat")
    pad.press("confirm")  # two human seats: the first handover
    drive.until(lambda: isinstance(drive.scene, HandoverScene), what="the handover")
    handover = drive.scene
    assert not handover.armed
    pad.press("confirm")  # too early: ignored
    assert drive.scene is handover
    drive.until(lambda: handover.armed, what="the handover to take input")
    assert_form_focus(drive, handover.form)
    pad.press("confirm")
    assert drive.scene is not handover, "A shows the board once the screen takes input"


def test_the_menus_focus_stops_at_its_ends(hands: Hands) -> None:
    """One Up from Play solo went round to Quit, and a pad's A there closed the game in the
    middle of a couch party (an outside playtest): the main menu's focus stops at the top
    and at Quit, and the window is still open."""
    drive = hands.drive
    drive.app.settings.choose_name("Ann")
    hands.press("confirm")
    menu = drive.scene
    assert isinstance(menu, MainMenuScene)
    menu.form.focus = 0
    hands.press("up")
    assert menu.form.focus == 0, "Up at the top stays there"
    assert drive.app.running and drive.scene is menu
    for _ in range(len(menu.form.widgets) + 2):
        hands.press("down")
    assert menu.form.widgets[menu.form.focus].label == "Quit", "Down stops at Quit"
