"""Settings: player name, language, fullscreen, volume, mute, animation speed, colour-blind
palette. Saved on every change; a new language shows at once (``Stage.set_language``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client import i18n, theme
from game.client.i18n import N_, tr
from game.client.scenes.base import SkyScene
from game.client.settings import AI_SPEEDS, ANIMATION_SPEEDS
from game.client.widgets import Button, Choice, Form, TextField, Widget, stack_rects

if TYPE_CHECKING:
    from game.client.scenes.base import Stage

AI_SPEED_WORDS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"),
                  "instant": N_("Instant")}
VOLUMES = [(round(v / 10, 1), f"{v * 10}%") for v in range(0, 11)]


def language_choice(app: Stage, label: str) -> Choice:
    """The window's language as a row: each language named in itself, whatever the window
    shows now; a change shows at once and is kept (``Stage.set_language``)."""
    return Choice(label, list(i18n.LANGUAGES.items()), i18n.language(), app.set_language)


class SettingsScene(SkyScene):
    def __init__(self, app: Stage) -> None:
        super().__init__(app)
        s = app.settings
        volume = min((v for v, _ in VOLUMES), key=lambda v: abs(v - s.volume))
        self.name = TextField(N_("Player name"), s.player_name, self._name)
        # (named in every language, as on the first start: a player who switched to one they
        # do not read must find the way back: a Japanese playtest)
        self.language = language_choice(app, " / ".join(i18n.LANGUAGE_WORD.values()))
        self.fullscreen = Choice(N_("Fullscreen (F11)"), [(False, N_("Off")), (True, N_("On"))],
                                 bool(pygame.display.is_fullscreen()), self._fullscreen)
        self.volume = Choice(N_("Volume"), VOLUMES, volume, self._volume)
        self.mute = Choice(N_("Sound"), [(False, N_("On")), (True, N_("Muted"))], s.muted,
                           self._mute)
        self.speed = Choice(N_("Animation speed"), [(v, N_("{n}x", n=format(v, "g")))
                                                             for v in ANIMATION_SPEEDS],
                            s.animation_speed, self._speed)
        self.ai_speed = Choice(N_("AI speed"), [(k, AI_SPEED_WORDS[k]) for k in AI_SPEEDS],
                               s.ai_speed, self._ai_speed)
        self.colours = Choice(N_("Colour-blind palette"), [(False, N_("Off")), (True, N_("On"))],
                              s.colour_blind, self._colours)
        self.done = Button(N_("Back"), self.back)
        self.form = Form([self.name, self.fullscreen, self.volume, self.mute, self.speed,
                          self.ai_speed, self.colours, self.language, self.done])
        #: what a row does, shown beside it while it has the focus or the mouse ("Animation
        #: speed" and "AI speed" read alike: a 4K playtest)
        self.descriptions: dict[Widget, str] = {
            self.name: N_("The name the other players see at the table and on the results."),
            self.fullscreen: N_("The whole screen, or a window; F11 switches at any time."),
            self.volume: N_("How loud the sounds are."),
            self.mute: N_("All sounds on or off, whatever the volume."),
            self.speed: N_("How fast the window moves its pictures: cards flipping, lines "
                           "drawn, cubes dropping."),
            self.ai_speed: N_("Stargazer: how long each move of a bot or another player "
                              "stays on screen before the next (Space skips to your turn)."),
            self.colours: N_("Colours chosen to be told apart with colour blindness; pieces "
                             "and planets carry marks and textures either way."),
            self.language: N_("The window's language; it changes at once."),
        }

    def _name(self, value: str) -> None:
        if self.app.settings.choose_name(value):
            self.app.store_settings()

    def _fullscreen(self, on: bool) -> None:
        self.app.set_fullscreen(on)
        self.fullscreen.set_value(bool(pygame.display.is_fullscreen()))

    def _volume(self, value: float) -> None:
        self.app.settings.volume = value
        self._apply_sound()

    def _mute(self, muted: bool) -> None:
        self.app.settings.muted = muted
        self._apply_sound()

    def _apply_sound(self) -> None:
        self.app.sounds.set_volume(self.app.settings.volume, self.app.settings.muted)
        self.app.store_settings()
        self.app.sounds.play("line_drawn")

    def _speed(self, value: float) -> None:
        self.app.settings.animation_speed = value
        self.app.store_settings()

    def _ai_speed(self, value: str) -> None:
        self.app.settings.ai_speed = value
        self.app.store_settings()

    def _colours(self, on: bool) -> None:
        self.app.settings.colour_blind = on
        self.app.store_settings()

    def relayout(self) -> None:
        lay = self.layout
        top = int(lay.height * 0.18)
        room = (lay.height - top - lay.px(40)) // len(self.form.widgets)  # above the footer
        stack_rects(self.form.widgets, lay.width // 2, top, lay.px(620),
                    min(lay.px(52), room - lay.px(10)), lay.px(10))
        self.fullscreen.set_value(bool(pygame.display.is_fullscreen()))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.form.handle(event)

    def back(self) -> None:
        self.app.store_settings()
        self.app.pop()

    def draw_description(self, surface: pygame.Surface) -> None:
        """What the row in focus (or under the mouse: ``Form.noted``) does, beside it on the
        right; left out where the window leaves no room there."""
        widget = self.form.noted(self.descriptions)
        words = self.descriptions.get(widget) if widget is not None else None
        if widget is None or words is None:
            return
        lay = self.layout
        x = widget.rect.right + lay.px(24)
        width = lay.width - lay.px(24) - x
        size = lay.font_px("small")
        if width < lay.px(180):
            return
        y = widget.rect.y + lay.px(4)
        for line in self.text.wrap(tr(words), size, width):
            label = self.text.render(line, size, theme.TEXT_DIM)
            surface.blit(label, (x, y))
            y += int(size * 1.2)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha)
        self.draw_heading(surface, N_("Settings"))
        self.form.draw(surface, self.text, self.layout)
        self.draw_description(surface)
        self.draw_footer(surface, N_("Up/Down choose  ·  Left/Right change  ·  Esc back"),
                         N_("D-pad: choose and change  ·  X: type a name  ·  B: back"))
