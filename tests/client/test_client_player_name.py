"""Everyone was called "Player": a first start asks for a name once, keeps it, and the setup
screen and Settings edit it (issue 21, point 1)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from game.client import settings as settings_module
from game.client.scenes.menu import MainMenuScene
from game.client.scenes.settings_scene import SettingsScene
from game.client.scenes.title import NameScene, TitleScene
from game.client.settings import Settings
from game.client.stars.table import StarsTableScene
from game.client.widgets import TextField
from tests.client.clienthelpers import Driver
from tests.client.textboxes import drawn_texts


def login(monkeypatch: pytest.MonkeyPatch, name: str | None) -> None:
    """The system's login name (None: there is none, as in some containers)."""
    def getuser() -> str:
        if name is None:
            raise OSError("no login")
        return name

    monkeypatch.setattr(settings_module.getpass, "getuser", getuser)


def leave_title(drive: Driver) -> None:
    """Any key on the title, with the text its key press types (a space) right behind it."""
    drive.step(5)
    assert isinstance(drive.scene, TitleScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                         unicode=" ", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=" "))
    drive.step()


def test_a_first_start_asks_for_a_name_once_and_keeps_it(
        config_dir: Path, autosave_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    login(monkeypatch, "vega")
    first = Driver(start="title")
    try:
        leave_title(first)
        prompt = first.scene
        assert isinstance(prompt, NameScene), "no name yet: the window asks before the menu"
        assert prompt.field.value == "Vega", "the login name is offered, nothing else typed"
        for _ in range(4):
            first.key(pygame.K_BACKSPACE)
        first.type_text("Ann Orion")
        first.key(pygame.K_RETURN)
        assert isinstance(first.scene, MainMenuScene)
    finally:
        first.close()
    saved = json.loads((config_dir / "settings.json").read_text())
    assert saved["player_name"] == "Ann Orion" and saved["name_chosen"] is True
    again = Driver(start="title")
    try:
        leave_title(again)
        assert isinstance(again.scene, MainMenuScene), "asked once, not at every start"
        assert again.app.settings.player_name == "Ann Orion"
    finally:
        again.close()


def test_the_name_prompt_cannot_be_skipped_into_a_default(
        config_dir: Path, autosave_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    login(monkeypatch, None)
    drive = Driver(start="title")
    try:
        leave_title(drive)
        prompt = drive.scene
        assert isinstance(prompt, NameScene)
        assert prompt.field.value == "", "no login name: the field is empty, not 'Player'"
        drive.key(pygame.K_RETURN)
        assert drive.scene is prompt and prompt.refused, "a blank name is refused, and said so"
        drive.click(prompt.ok.rect.center)
        assert drive.scene is prompt
        assert not drive.app.settings.name_chosen
        # the letters typed after a refused OK click go to the field (they went nowhere:
        # OK kept the focus, a playtest)
        drive.type_text("Cy")
        assert prompt.field.value == "Cy" and not prompt.refused
        for _ in range(2):
            drive.key(pygame.K_BACKSPACE)
        assert prompt.field.value == ""
        drive.key(pygame.K_ESCAPE)
        assert isinstance(drive.scene, TitleScene), "Esc goes back, not on to the menu"
        leave_title(drive)
        assert isinstance(drive.scene, NameScene), "still asked"
        drive.type_text("Bo")
        assert not drive.scene.refused
        drive.click(drive.scene.ok.rect.center)
        assert isinstance(drive.scene, MainMenuScene)
        assert Settings.load().player_name == "Bo"
    finally:
        drive.close()


def test_settings_from_before_the_prompt_keep_their_name(config_dir: Path) -> None:
    """A settings file that already has a name (every file written before this version) is
    not asked again; one written before a name was chosen is; a name given in code counts."""
    (config_dir / "settings.json").write_text(json.dumps({"player_name": "Cy", "volume": 0.5}))
    old = Settings.load()
    assert old.player_name == "Cy" and old.name_chosen
    Settings().save()
    assert not Settings.load().name_chosen
    assert Settings(player_name="Ann").name_chosen
    assert not Settings().name_chosen and Settings().player_name  # a usable name meanwhile


def test_the_solo_setup_has_your_name_field_and_the_game_uses_it(drive: Driver) -> None:  # noqa: ANN001
    drive.click(drive.scene.button("Play solo").rect.center)
    setup = drive.scene
    fields = [w for w in setup.form.widgets if isinstance(w, TextField)]
    assert [f.label for f in fields] == ["Your name"], "seat 1 is a name field"
    field = fields[0]
    assert field.rect.top == setup.count.rect.bottom + (setup.count.rect.top
                                                        - setup.game.rect.bottom), \
        "in seat 1's place, under the player count"
    drive.click(field.rect.center)  # a click takes the focus to type
    for _ in range(len(field.value)):
        drive.key(pygame.K_BACKSPACE)
    drive.type_text("Dee")
    drive.click(setup.start.rect.center)
    table = drive.scene
    assert isinstance(table, StarsTableScene)
    assert table.session.names[0] == "Dee"
    assert Settings.load().player_name == "Dee", "kept for next time"


def test_a_name_typed_in_settings_counts_as_chosen(config_dir: Path,
                                                   autosave_dir: Path) -> None:
    drive = Driver(start="menu")  # e.g. `starparty host` opens the window at the menu
    try:
        assert not drive.app.settings.name_chosen
        drive.click(drive.scene.button("Settings").rect.center)
        assert isinstance(drive.scene, SettingsScene)
        drive.click(drive.scene.name.rect.center)
        drive.type_text("x")
        assert Settings.load().name_chosen
    finally:
        drive.close()


@contextmanager
def name_prompt(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Driver, NameScene]]:
    """A first start (login name "vega") at its name prompt; the window closes after."""
    login(monkeypatch, "vega")
    drive = Driver(start="title")
    try:
        leave_title(drive)
        assert isinstance(drive.scene, NameScene)
        yield drive, drive.scene
    finally:
        drive.close()


def test_the_first_start_offers_the_language_in_words_every_language_reads(
        config_dir: Path, autosave_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Japanese guest whose computer does not say Japanese met an English window until
    they found Settings (a Japanese player's playtest): the name prompt has the language
    choice, labelled in every language, which switches the window at once and is kept."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.setenv(name, "")
    monkeypatch.setenv("LANG", "C")
    with name_prompt(monkeypatch) as (drive, prompt):
        texts = drawn_texts(drive.app)
        assert "What is your name?" in texts, "the system says nothing: English"
        label = next(t for t in texts if "言語" in t)
        assert "Language" in label, "the row names itself in both languages"
        assert "English" in texts
        assert prompt.language.rect.top > prompt.ok.rect.bottom, "below OK, not in the way"
        drive.type_text("Ann")
        drive.click(prompt.language.rect.center)
        texts = drawn_texts(drive.app)
        assert "日本語" in texts and "What is your name?" not in texts, \
            "the prompt itself is in Japanese at once"
        assert drive.scene is prompt and prompt.field.value == "VegaAnn", \
            "the name typed so far stays"
        assert Settings.load().language == "ja", "kept for the next start"
        drive.key(pygame.K_RETURN)
        assert isinstance(drive.scene, MainMenuScene)
        assert Settings.load().player_name == "VegaAnn"


def test_the_language_row_is_reached_by_the_keyboard_and_enter_still_means_ok(
        config_dir: Path, autosave_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with name_prompt(monkeypatch) as (drive, prompt):
        start = prompt.language.value
        drive.key(pygame.K_DOWN)
        drive.key(pygame.K_DOWN)
        assert prompt.form.focused() is prompt.language
        drive.key(pygame.K_RIGHT)
        assert prompt.language.value != start
        drive.key(pygame.K_RETURN)
        assert isinstance(drive.scene, MainMenuScene), "Enter takes the name from any row"
        assert Settings.load().language == prompt.language.value
