"""Menus, settings and quitting, driven by synthetic keyboard and mouse events."""

from __future__ import annotations

import json

import pygame
import pytest

from game.client import theme
from game.client.scenes.couch import CouchLobbyScene
from game.client.scenes.lan import JoinScene
from game.client.scenes.menu import ITEMS, MainMenuScene
from game.client.scenes.rules import RulesScene
from game.client.scenes.settings_scene import SettingsScene
from game.client.scenes.setup import SetupScene
from game.client.scenes.title import TitleScene
from game.client.settings import Settings
from tests.client.clienthelpers import Driver


def test_title_goes_to_menu_on_any_key(config_dir) -> None:  # noqa: ANN001
    Settings(player_name="Ann").save()  # a name chosen before: no name prompt first
    drive = Driver(start="title")
    try:
        drive.step(10)
        assert isinstance(drive.scene, TitleScene)
        # the sky is animated: two frames a second apart differ
        before = pygame.image.tobytes(drive.app.screen, "RGB")
        drive.step(60)
        assert pygame.image.tobytes(drive.app.screen, "RGB") != before
        drive.key(pygame.K_SPACE)
        assert isinstance(drive.scene, MainMenuScene)
    finally:
        drive.close()


def test_menu_has_every_item_and_keyboard_reaches_each(drive) -> None:  # noqa: ANN001
    menu = drive.scene
    assert [b.label for b in menu.form.widgets] == list(ITEMS)
    expected = [SetupScene, SetupScene, CouchLobbyScene, SetupScene, JoinScene, RulesScene,
                SettingsScene]
    for index, kind in enumerate(expected):
        for _ in range(index):
            drive.key(pygame.K_DOWN)
        drive.key(pygame.K_RETURN)
        assert isinstance(drive.scene, kind), ITEMS[index]
        drive.key(pygame.K_ESCAPE)  # Esc backs out to the menu, focus kept at the top again
        assert drive.scene is menu
        menu.form.focus = 0


def test_mouse_click_opens_rules_and_esc_backs_out(drive) -> None:  # noqa: ANN001
    drive.click(drive.scene.button("Rules").rect.center)
    assert isinstance(drive.scene, RulesScene)
    rules = drive.scene
    drive.key(pygame.K_PAGEDOWN)
    assert rules.scroll > 0
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.scene, MainMenuScene)


def test_a_rules_page_says_it_goes_on_below(drive) -> None:  # noqa: ANN001
    """The last heading was clipped at the panel's edge, only the footer saying the page
    scrolls (a new player's playtest): "More below" and a scroll bar whose thumb goes down
    with the page, until its end."""
    from tests.client.textboxes import drawn_texts

    drive.click(drive.scene.button("Rules").rect.center)
    rules = drive.scene
    assert rules.max_scroll > 0, "(the page is longer than its panel)"
    drive.step()
    assert "More below" in drawn_texts(drive.app)

    def thumb_top() -> int:  # the first row of the bar's track in the accent colour
        x = rules.panel.right - rules.layout.px(12) + 1
        inner = rules.panel.inflate(-rules.layout.px(20), -rules.layout.px(20))
        return next(y for y in range(inner.top, inner.bottom)
                    if drive.pixel((x, y)) == theme.ACCENT)

    top = thumb_top()
    drive.key(pygame.K_PAGEDOWN)
    assert thumb_top() > top, "the thumb goes down with the page"
    while rules.scroll < rules.max_scroll:
        drive.key(pygame.K_PAGEDOWN)
    assert "More below" not in drawn_texts(drive.app), "at the end, nothing more below"


def test_a_lan_tables_bot_levels_are_not_offered_to_the_next_solo_game(
        drive, config_dir) -> None:  # noqa: ANN001
    """A LAN host's "random" bot for seat 3 came back in the next solo setup (a new
    player's playtest): a LAN table's bots fill its free seats and are not remembered."""
    from game.client.scenes.lan import LobbyScene

    host = SetupScene(drive.app, "host", "stars")
    drive.app.push(host)
    host.count.set_value(3)
    host._refresh()
    host.seats[2].set_value("random")
    host.start_game()
    lobby = drive.scene
    assert isinstance(lobby, LobbyScene)
    drive.key(pygame.K_ESCAPE)  # leave the waiting room (the table closes)
    assert "random" not in Settings.load().seat_levels
    solo = SetupScene(drive.app, "solo", "stars")
    assert solo.seats[2].value == "greedy", "the solo default, not the LAN table's bot"


def test_quit_from_menu_stops_without_asking(drive) -> None:  # noqa: ANN001
    drive.click(drive.scene.button("Quit").rect.center)
    assert not drive.app.running


def test_settings_change_and_are_saved_in_the_config_dir(drive, config_dir) -> None:  # noqa: ANN001
    drive.click(drive.scene.button("Settings").rect.center)
    settings_scene = drive.scene
    assert isinstance(settings_scene, SettingsScene)
    # the name field has focus first: type into it
    for _ in range(len(drive.app.settings.player_name)):
        drive.key(pygame.K_BACKSPACE)
    drive.type_text("Ann")
    drive.key(pygame.K_DOWN)  # fullscreen
    drive.key(pygame.K_DOWN)  # volume
    drive.key(pygame.K_LEFT)
    drive.key(pygame.K_DOWN)  # sound on/muted
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_DOWN)  # animation speed
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_ESCAPE)
    saved = json.loads((config_dir / "settings.json").read_text())
    assert saved["player_name"] == "Ann"
    assert saved["volume"] == 0.6
    assert saved["muted"] is True
    assert saved["animation_speed"] == 1.5
    assert drive.app.sounds.muted
    assert Settings.load().player_name == "Ann"


def test_corrupt_settings_fall_back_to_defaults(config_dir) -> None:  # noqa: ANN001
    (config_dir / "settings.json").write_text("{not json")
    assert Settings.load() == Settings()
    (config_dir / "settings.json").write_text(json.dumps(
        {"volume": 7, "animation_speed": 3.3, "player_name": 5, "fullscreen": "yes"}))
    loaded = Settings.load()
    assert loaded.volume == 1.0
    assert loaded.animation_speed == 1.0
    assert loaded.player_name == Settings().player_name
    assert loaded.fullscreen is False


def test_setup_offers_seats_and_every_option(drive) -> None:  # noqa: ANN001
    drive.click(drive.scene.button("Hot-seat").rect.center)
    setup = drive.scene
    assert isinstance(setup, SetupScene)
    assert setup.seat_count == 2
    drive.click((setup.count.rect.right - 10, setup.count.rect.centery))  # right arrow: +1
    assert setup.seat_count == 3
    labels = {w.label for w in setup.form.widgets if hasattr(w, "label")}
    assert {"Point bonus card", "Power bonus card", "Live score", "Game"} <= labels
    assert len(setup.options["point_card"].values) == 12  # default, random, 1..10
    assert len(setup.options["power_card"].values) == 12  # default, 2 randoms, 1..9
    # the cards named alike ("Card 1 (3 pts)" stood beside "1: Aura": a playtest)
    from game.client.i18n import tr

    cards = [tr(label) for value, label in [*setup.options["point_card"].values,
                                            *setup.options["power_card"].values]
             if isinstance(value, int)]
    assert len(cards) == 19 and all(card.startswith("Card ") for card in cards), cards
    setup.seats[2].set_value("random")
    config = setup.config()
    assert [s.kind for s in config.seats] == ["human", "human", "ai"]
    assert config.seats[2].bot == "random"
    assert config.mode == "hotseat"


def test_the_solo_setup_offers_the_bot_levels_chosen_last_time(
        drive, config_dir) -> None:  # noqa: ANN001
    """A new player chose "Bot (normal)" for seat 2, played, and found the next setup back at
    the default (greedy): the level chosen for each seat is kept (in the settings file) and
    offered again where the game has it."""
    drive.click(drive.scene.button("Play solo").rect.center)
    setup = drive.scene
    assert isinstance(setup, SetupScene) and setup.seats[1].value == "greedy"
    setup.seats[1].set_value("normal")
    setup.start_game()
    assert Settings.load().seat_levels[:2] == ["", "normal"], "kept on disk"
    while len(drive.app.stack) > 1:  # back to the menu (the game's session closed)
        drive.app.pop()
    drive.click(drive.scene.button("Play solo").rect.center)
    again = drive.scene
    assert isinstance(again, SetupScene) and again is not setup
    assert again.seats[1].value == "normal", "offered again"
    again.game.set_value("stargazer")
    again._build_seats()
    assert again.seats[1].value == "normal", "the other game has that level too"
    drive.app.settings.seat_levels = ["", "no-such-level"]
    again._build_seats()
    assert again.seats[1].value == "normal", "a level the game lacks: its default"
    (config_dir / "settings.json").write_text(json.dumps({"seat_levels": "hard"}))
    assert Settings.load().seat_levels == [], "a corrupt entry is ignored"


def test_a_japanese_window_names_its_bots_in_japanese(drive) -> None:  # noqa: ANN001
    """A Japanese player met 「Altairさんがカードを描いた」 and 「Denebさんの勝ち！」: a star's
    name is given to a bot seat in the window's language (ベガ, アルタイル), and kept as given."""
    from game.client import i18n

    drive.click(drive.scene.button("Play solo").rect.center)
    setup = drive.scene
    assert isinstance(setup, SetupScene)
    english = [seat.name for seat in setup.config().seats if seat.kind == "ai"]
    drive.app.set_language("ja")
    try:
        japanese = [seat.name for seat in setup.config().seats if seat.kind == "ai"]
    finally:
        drive.app.set_language("en")
    assert english and all(name.isascii() for name in english), english
    assert len(japanese) == len(english) and all(not name.isascii() for name in japanese), \
        japanese
    assert i18n.language() == "en"


def test_the_menu_lights_one_button_the_mouse_or_the_keys_chose(config_dir) -> None:  # noqa: ANN001, ARG001
    """The mouse over Hot-seat lit it while the keyboard's focus stayed lit on Play solo: two
    buttons read as chosen (a Japanese playtest). On the menu the focus follows the mouse, and
    Enter presses the one lit."""
    drive = Driver(start="menu")
    try:
        menu = drive.scene
        assert str(menu.form.focused().label) != "Hot-seat"
        drive.move(menu.button("Hot-seat").rect.center)
        assert str(menu.form.focused().label) == "Hot-seat", "one button lit"
        drive.key(pygame.K_RETURN)
        assert isinstance(drive.scene, SetupScene) and drive.scene.mode == "hotseat"
    finally:
        drive.close()


def _solo_setup(drive: Driver, game: str) -> SetupScene:
    """Play solo from the menu, with ``game`` chosen as on screen."""
    while len(drive.app.stack) > 1:  # back to the menu (a game's session closed)
        drive.app.pop()
    drive.click(drive.scene.button("Play solo").rect.center)
    setup = drive.scene
    assert isinstance(setup, SetupScene)
    setup.game.set_value(game)
    setup._refresh()
    return setup


def test_each_game_offers_its_own_bot_levels_again(config_dir) -> None:  # noqa: ANN001
    """A player's greedy Look at the Stars bot showed as Stargazer's default, and the hard
    Stargazer bot chosen next came back in Look at the Stars (an outside playtest): each game
    keeps the levels chosen for it; a game with none kept yet takes the last ones chosen."""
    drive = Driver(start="menu")
    try:
        stars = _solo_setup(drive, "stars")
        stars.seats[1].set_value("greedy")
        stars.start_game()
        stargazer = _solo_setup(drive, "stargazer")
        assert stargazer.seats[1].value == "normal", "greedy is no Stargazer level: its default"
        stargazer.count.set_value(3)
        stargazer._refresh()
        for seat in stargazer.seats[1:4]:
            seat.set_value("hard")
        stargazer.start_game()
        assert _solo_setup(drive, "stars").seats[1].value == "greedy", "Stars' own level"
        assert [s.value for s in _solo_setup(drive, "stargazer").seats[1:4]] == ["hard"] * 3
    finally:
        drive.close()
    saved = Settings.load()
    assert saved.game_seat_levels["stars"][1] == "greedy"
    assert saved.game_seat_levels["stargazer"][1:4] == ["hard"] * 3


def test_the_number_of_opponents_is_offered_again_after_a_restart(
        config_dir) -> None:  # noqa: ANN001
    """The solo opponent count was kept only while the window stayed open (a playtest)."""
    drive = Driver(start="menu")
    try:
        setup = _solo_setup(drive, "stargazer")
        assert setup.count.value == 2, "Stargazer's fewest: two opponents"
        setup.count.set_value(3)
        setup._refresh()
        setup.start_game()
        stars = _solo_setup(drive, "stars")
        assert stars.count.value == 1, "Look at the Stars keeps its own count (none yet)"
    finally:
        drive.close()
    assert Settings.load().seat_counts == {"solo:stargazer": 3}
    restarted = Driver(start="menu")
    try:
        again = _solo_setup(restarted, "stargazer")
        assert again.count.value == 3 and again.seat_count == 4
        restarted.app.pop()
        restarted.click(restarted.scene.button("Hot-seat").rect.center)
        hotseat = restarted.scene
        assert isinstance(hotseat, SetupScene) and hotseat.count.value == 3, \
            "hot-seat counts its own players (Stargazer's fewest: 3)"
    finally:
        restarted.close()


def test_corrupt_remembered_levels_and_counts_are_ignored(config_dir) -> None:  # noqa: ANN001
    (config_dir / "settings.json").write_text(json.dumps({
        "game_seat_levels": {"stars": "hard", "stargazer": ["", "hard", 7], "7": None},
        "seat_counts": {"solo:stars": "3", "solo:x": True, "solo:y": 99, "hotseat:stars": 4}}))
    loaded = Settings.load()
    assert loaded.game_seat_levels == {"stargazer": ["", "hard"]}
    assert loaded.seat_counts == {"hotseat:stars": 4}
    (config_dir / "settings.json").write_text(json.dumps(
        {"game_seat_levels": ["hard"], "seat_counts": "many"}))
    loaded = Settings.load()
    assert loaded.game_seat_levels == {} and loaded.seat_counts == {}
    drive = Driver(start="menu")
    try:
        drive.app.settings.seat_counts = {"solo:stars": 12}  # more than the game seats
        setup = _solo_setup(drive, "stars")
        assert setup.count.value == 1, "a count the game does not have: its default"
    finally:
        drive.close()


def test_the_setup_offers_the_game_started_last_even_after_a_restart(
        drive, config_dir) -> None:  # noqa: ANN001
    """A new player played Stargazer solo; in the next run Play solo offered Look at the Stars
    again. The game last started is kept in the settings and offered by every setup."""
    drive.click(drive.scene.button("Play solo").rect.center)
    setup = drive.scene
    assert setup.game.value == "stars", "the first game by default"
    setup.game.set_value("stargazer")
    setup._refresh()  # (as choosing it on screen does)
    setup.start_game()
    assert Settings.load().last_game == "stargazer"
    restarted = Driver(start="menu")  # a new run: only the settings file is kept
    try:
        restarted.click(restarted.scene.button("Hot-seat").rect.center)
        assert isinstance(restarted.scene, SetupScene)
        assert restarted.scene.game.value == "stargazer"
    finally:
        restarted.close()
    (config_dir / "settings.json").write_text(json.dumps({"last_game": "chess"}))
    again = Driver(start="menu")
    try:
        again.click(again.scene.button("Play solo").rect.center)
        assert again.scene.game.value == "stars", "a game this window lacks: the first"
    finally:
        again.close()


def test_starparty_play_opens_the_window_and_quits_cleanly(config_dir) -> None:  # noqa: ANN001
    from game.commands.play import main

    pygame.init()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    assert main(["--size", "1280x720"]) == 0  # Esc on the title quits
    assert (config_dir / "settings.json").exists()


def test_starparty_lang_opens_the_window_in_that_language(config_dir) -> None:  # noqa: ANN001
    """A Japanese player typed `starparty --lang ja` (as `demo` and `screenshots` take it) and
    was refused: the window opens in that language, kept as if chosen in Settings."""
    from game.client import i18n
    from game.commands import main

    pygame.init()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    try:
        assert main(["--lang", "ja", "--size", "1280x720"]) == 0
        assert i18n.language() == "ja"
        assert json.loads((config_dir / "settings.json").read_text())["language"] == "ja"
    finally:
        i18n.set_language("en")


def test_default_player_name_is_never_a_game_or_rank_name(monkeypatch) -> None:
    """The default name shows on results and in lobbies: it must not read like a game title."""
    from game.client import settings as settings_module

    monkeypatch.setattr(settings_module.getpass, "getuser", lambda: "vega")
    assert settings_module.Settings().player_name == "Vega"
    monkeypatch.setattr(settings_module.getpass, "getuser", lambda: "root")
    assert settings_module.Settings().player_name == "Player"

    def no_login() -> str:
        raise OSError("no login")

    monkeypatch.setattr(settings_module.getpass, "getuser", no_login)
    assert settings_module.Settings().player_name == "Player"


def test_the_title_prompt_never_fades_out_of_sight() -> None:
    """"Press any key" pulsed down to a tenth of its brightness (a new player's playtest)."""
    from game.client.scenes.title import prompt_pulse

    samples = [prompt_pulse(t / 100) for t in range(0, 500)]
    assert min(samples) >= 0.45 - 1e-9 and max(samples) <= 1.0 + 1e-9
    assert max(samples) - min(samples) > 0.5, "it still pulses"


def test_a_click_on_the_rules_page_keeps_it_and_one_beside_it_goes_back(drive) -> None:  # noqa: ANN001
    """A click anywhere closed the rules page, and a player clicking on it to read on lost
    their place (a Japanese player's playtest): on the page a click does nothing, on the
    scroll bar it scrolls there, beside the page it goes back."""
    drive.click(drive.scene.button("Rules").rect.center)
    rules = drive.scene
    assert isinstance(rules, RulesScene) and rules.max_scroll > 0
    drive.click(rules.panel.center)
    assert drive.scene is rules and rules.scroll == 0, "a click on the page changes nothing"
    track_x = rules.panel.right - rules.layout.px(10)
    drive.click((track_x, rules.panel.bottom - rules.layout.px(12)))
    assert drive.scene is rules and rules.scroll > rules.max_scroll * 0.8, "the bar scrolls"
    drive.click((track_x, rules.panel.top + rules.layout.px(11)))
    assert rules.scroll < rules.max_scroll * 0.05
    drive.click((rules.panel.centerx, rules.panel.bottom + rules.layout.px(20)))
    assert drive.scene is not rules, "beside the page: back"


def test_the_mouse_switches_the_rules_page_and_leaves_it_with_buttons(drive) -> None:  # noqa: ANN001
    """Only Left/Right switched to the other game's rules and only keys (or a click beside
    the page) left it (a 4K playtest): a button names the other game, another goes back."""
    from tests.client.textboxes import drawn_marks

    menu = drive.scene
    drive.click(menu.button("Rules").rect.center)
    rules = drive.scene
    first = rules.kits[rules.index].game
    drive.step()
    marks = {m.text: m.rect for m in drawn_marks(drive.app)}
    other = rules.kits[(rules.index + 1) % len(rules.kits)]
    switch = marks[f"{other.title} >"]
    heading = next(rect for text, rect in marks.items() if text.endswith(": rules"))
    assert not switch.colliderect(heading) and not marks["Back (Esc)"].colliderect(heading)
    drive.click(switch.center)
    assert drive.scene is rules and rules.kits[rules.index].game != first
    drive.click(marks["Back (Esc)"].center)
    assert drive.scene is menu
    drive.app.set_language("ja")
    drive.click(menu.button("Rules").rect.center)
    drive.step()
    assert "スターゲイザーへ ＞" in [m.text for m in drawn_marks(drive.app)], "in its language"


def test_each_setting_says_what_it_does_beside_it(drive) -> None:  # noqa: ANN001
    """"Animation speed" and "AI speed" read alike, and no row said what it does (a 4K
    playtest): the row in focus, or under the mouse, is described on its right."""
    from game.client.scenes.settings_scene import SettingsScene
    from tests.client.textboxes import drawn_marks, text_problems

    drive.click(drive.scene.button("Settings").rect.center)
    settings = drive.scene
    assert isinstance(settings, SettingsScene)
    seen = set()
    for row in (settings.speed, settings.ai_speed):
        drive.move(row.rect.center)
        drive.step()
        beside = [m for m in drawn_marks(drive.app)
                  if m.rect.left > row.rect.right and m.rect.top < row.rect.bottom + 40]
        assert beside and beside[0].rect.top >= row.rect.top - 2, row.label
        seen.add(" ".join(m.text for m in beside))
        assert not text_problems(drive.app)
    assert len(seen) == 2 and any("Stargazer" in words for words in seen), seen
    drive.move((2, 2))
    drive.key(pygame.K_DOWN)  # the keyboard's focus: Fullscreen
    drive.step()
    assert any("F11" in m.text for m in drawn_marks(drive.app)
               if m.rect.left > settings.fullscreen.rect.right)


def test_each_way_to_play_says_what_it_is_beside_its_button(drive) -> None:  # noqa: ANN001
    """A new player could not tell Hot-seat from Party at one screen (a Japanese player's
    playtest): the way to play in focus, or under the mouse, says what it is beside it."""
    from tests.client.textboxes import drawn_texts, text_problems

    menu = drive.scene
    resting = menu.button("Host LAN game").rect.center  # where the window opened: not moved
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pygame.mouse, "get_pos", lambda: resting)
        drive.step()
        said = " ".join(drawn_texts(drive.app))
    assert "You alone against the AI." in said and "Open a table" not in said, said
    drive.move((1, 1))
    drive.step()
    assert "You alone against the AI." in drawn_texts(drive.app), "Play solo is in focus"
    drive.key(pygame.K_DOWN)
    said = " ".join(drawn_texts(drive.app))
    assert "Take turns at this screen" in said and "You alone" not in said
    party = menu.button("Party at one screen")
    drive.move(party.rect.center)
    drive.step()
    said = " ".join(drawn_texts(drive.app))
    assert "Everyone plays at once at this screen" in said, said
    assert menu.item_note_rect.right < party.rect.left
    assert abs(menu.item_note_rect.centery - party.rect.centery) <= 2
    assert text_problems(drive.app) == []
    drive.move(menu.button("Settings").rect.center)
    drive.step()
    assert not menu.item_note_rect, "Settings needs no note"


def test_the_options_started_with_are_offered_again_after_a_restart(config_dir) -> None:  # noqa: ANN001
    """The bonus cards chosen were back at their defaults after a restart (a Japanese
    player's playtest): each game's options come back as last started; a value the game
    does not have, or of another type, is its default."""
    drive = Driver(start="menu")
    try:
        setup = _solo_setup(drive, "stars")
        assert setup.options["power_card"].value == "default"
        setup.options["power_card"].set_value(5)
        setup.options["live_score"].set_value(True)
        setup.start_game()
    finally:
        drive.close()
    assert Settings.load().game_options["stars"]["power_card"] == 5
    restarted = Driver(start="menu")
    try:
        again = _solo_setup(restarted, "stars")
        assert again.options["power_card"].value == 5
        assert again.options["live_score"].value is True
        assert again.options["point_card"].value == "default"
    finally:
        restarted.close()
    (config_dir / "settings.json").write_text(json.dumps({"game_options": {
        "stars": {"power_card": 99, "live_score": 1, "point_card": [3]}, "x": "y"}}))
    assert Settings.load().game_options == {"stars": {"power_card": 99, "live_score": 1}}
    corrupt = Driver(start="menu")
    try:
        setup = _solo_setup(corrupt, "stars")
        assert setup.options["power_card"].value == "default", "no card 99: the default"
        assert setup.options["live_score"].value is False, "1 is no True"
    finally:
        corrupt.close()


def test_a_held_enter_is_one_press_wherever_its_repeats_land(
        drive: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """Enter held a second on a first start went through the name, the menu's Play solo, the
    setup's Start and drew card 1 (a LAN evening's playtest: key repeat sends more KEYDOWNs,
    each screen took one as a new press). The repeats of a key still down are dropped; a press
    after its release counts."""
    enter = {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r", "scancode": 0}
    held = {pygame.K_RETURN}

    class Keyboard:  # the keyboard's state as SDL reports it: Enter down
        def __getitem__(self, key: int) -> bool:
            return key in held

    monkeypatch.setattr(pygame.key, "get_pressed", Keyboard)
    menu = drive.scene
    assert isinstance(menu, MainMenuScene)
    menu.form.focus = next(i for i, b in enumerate(menu.form.widgets)
                           if getattr(b, "label", None) == "Play solo")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **enter))
    drive.step()
    setup = drive.scene
    assert isinstance(setup, SetupScene), "the press chose Play solo"
    for _ in range(40):  # over a second of key repeat at 40 ms
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **enter))
        drive.step()
    assert drive.scene is setup, "the held key's repeats did not start the game"
    # a slow frame gets the last repeats and the release together, the keyboard already up
    # (an outside re-check: a tap during a screen change pressed the next screen's button)
    held.clear()
    for _ in range(7):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **enter))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, **enter))
    drive.step()
    assert drive.scene is setup, "the repeats that came with the release did not count"
    held.add(pygame.K_RETURN)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **enter))
    drive.step()
    assert drive.scene is not setup, "a press after the release counts"
