"""Title: the animated sky, the name, and "press any key"; on a first start, the name prompt
before the menu."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.client import i18n, theme
from game.client.i18n import N_, _
from game.client.kits import playable_games
from game.client.scenes.base import SkyScene
from game.client.scenes.settings_scene import language_choice
from game.client.settings import system_user_name
from game.client.tweens import Tween
from game.client.widgets import Button, Form, TextField
from game.rules import get_ruleset

if TYPE_CHECKING:
    from game.client.scenes.base import Stage

#: the Big Dipper, in fractions of the screen, drawn as a faint constellation by the title
DIPPER = [(0.70, 0.16), (0.75, 0.13), (0.80, 0.15), (0.84, 0.19), (0.85, 0.27), (0.92, 0.29),
          (0.93, 0.20)]
DIPPER_LINES = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 3)]


def games_line() -> str:
    """The title's line of the games this window plays, by their titles (a game added by a
    plugin shows there too: the line named the two games of the project)."""
    return "  ·  ".join(_(get_ruleset(game).title or game) for game in playable_games())


class TitleScene(SkyScene):
    """Any key or click goes to the main menu (first the name prompt while the player has
    not chosen a name); Esc quits."""

    restful = True

    def enter(self) -> None:
        super().enter()
        self.fade = Tween(0.0, 1.0, 1.2)
        self.clock = 0.0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            from game.client.scenes.menu import MainMenuScene

            self.app.sounds.play("click")
            self.app.replace(MainMenuScene(self.app) if self.app.settings.name_chosen
                             else NameScene(self.app))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.fade.update(dt)
        self.clock += dt

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_sky(surface, alpha, horizon=True)
        lay = self.layout
        k = self.fade.progress(alpha)
        points = [(int(x * lay.width), int(y * lay.height)) for x, y in DIPPER]
        line_color = tuple(int(c * k * 0.5) for c in theme.PRINTED_LINE)
        for a, b in DIPPER_LINES:
            pygame.draw.aaline(surface, line_color, points[a], points[b])
        for i, p in enumerate(points):
            glow = 0.75 + 0.25 * math.sin(self.clock * 2.0 + i)
            r = max(2, lay.px(3))
            pygame.draw.circle(surface, tuple(int(c * k * glow) for c in theme.STAR), p, r)
        glow_color = tuple(int(c * k) for c in theme.ACCENT_DARK)
        title = self.text.render("STAR PARTY", lay.font_px("huge"), glow_color, bold=True)
        centre = (lay.width // 2, int(lay.height * 0.38))
        for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
            surface.blit(title, title.get_rect(center=(centre[0] + lay.px(dx),
                                                       centre[1] + lay.px(dy))))
        main = self.text.render("STAR PARTY", lay.font_px("huge"),
                                tuple(int(c * k) for c in theme.ACCENT), bold=True)
        surface.blit(main, main.get_rect(center=centre))
        sub = self.text.render(games_line(), lay.font_px("large"),
                               tuple(int(c * k) for c in theme.TEXT_DIM))
        surface.blit(sub, sub.get_rect(center=(centre[0], centre[1] + lay.px(70))))
        prompt_color = tuple(int(c * k * prompt_pulse(self.clock)) for c in theme.TEXT)
        prompt = self.text.render(_("Press any key or button, or click"), lay.font_px("body"),
                                  prompt_color)
        surface.blit(prompt, prompt.get_rect(center=(centre[0], int(lay.height * 0.78))))


class NameScene(SkyScene):
    """First start: "What is your name?", asked once, before the menu. The field holds a
    suggestion (the login name, else nothing); Enter takes it. It cannot be skipped into a
    default: a blank name is refused with a word beside the field, and Esc goes back to the
    title, not on. Every player at a LAN table or a hot-seat screen then has a name of their
    own, not "Player", for one keystroke when the suggestion is right. Below, the language,
    named in every language: the system's locale chose it, and a guest whose computer does
    not say Japanese would otherwise read English until they found Settings.

    ``then``: asked over another scene (``starparty host`` on a first start, its table already
    up): the name is handed on by ``then`` and the scene below comes back; Esc goes back to it
    too, the name still unchosen."""

    def __init__(self, app: Stage, suggestion: str | None = None,
                 then: Callable[[str], None] | None = None) -> None:
        super().__init__(app)
        self.then = then
        self.field = TextField(N_("Your name"), system_user_name() if suggestion is None
                               else suggestion, self._typed, limit=16)
        self.ok = Button(N_("OK"), self.accept)
        self.language = language_choice(app, " / ".join(i18n.LANGUAGE_WORD.values()))
        self.form = Form([self.field, self.ok, self.language])
        #: the warning under the field after an attempt with a blank name
        self.refused = False
        #: False until drawn once: the text of the key that left the title comes after its
        #: key press, and is not a letter of the name
        self.shown = False

    def _typed(self, _value: str) -> None:
        self.refused = False

    def accept(self) -> None:
        """Keep the name (settings.json) and open the menu (or hand it on: ``then``); a blank
        one is refused."""
        from game.client.scenes.menu import MainMenuScene

        if not self.app.settings.choose_name(self.field.value):
            self.refused = True
            self.app.sounds.play("invalid")
            return
        self.app.store_settings()
        self.app.sounds.play("click")
        if self.then is None:
            self.app.replace(MainMenuScene(self.app))
            return
        self.app.pop()
        self.then(self.app.settings.player_name)

    def back(self) -> None:
        if self.then is not None:
            self.app.pop()
            return
        self.app.replace(TitleScene(self.app))

    def relayout(self) -> None:
        lay = self.layout
        width = min(lay.px(560), lay.width - lay.px(40))
        self.field.rect = pygame.Rect(0, 0, width, lay.px(56))
        self.field.rect.center = (lay.width // 2, int(lay.height * 0.46))
        self.ok.rect = pygame.Rect(0, 0, min(lay.px(300), width), lay.px(56))
        self.ok.rect.midtop = (lay.width // 2, self.field.rect.bottom + lay.px(56))
        self.language.rect = pygame.Rect(0, 0, width, lay.px(56))
        self.language.rect.midtop = (lay.width // 2, self.ok.rect.bottom + lay.px(40))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.accept()
        elif event.type == pygame.TEXTINPUT and self.shown:
            # letters go to the one field whatever has the focus (after a refused OK click
            # they went nowhere: a playtest)
            self.form.focus = self.form.widgets.index(self.field)
            self.form.handle(event)
        elif event.type != pygame.TEXTINPUT:
            self.form.handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.shown = True
        self.draw_sky(surface, alpha, horizon=True)
        self.draw_heading(surface, N_("What is your name?"), y=0.2)
        lay = self.layout
        size = lay.font_px("body")
        lines = self.text.wrap(_("The other players see it at the table and on the results. "
                                 "You can change it later in Settings."),
                               size, min(lay.px(760), lay.width - lay.px(40)))
        y = int(lay.height * 0.28)
        for line in lines:
            label = self.text.render(line, size, theme.TEXT_DIM)
            surface.blit(label, label.get_rect(midtop=(lay.width // 2, y)))
            y += label.get_height()
        self.form.draw(surface, self.text, lay)
        if self.refused:
            warning = self.text.render(_("Type a name first: it is how the others know you."),
                                       lay.font_px("small"), theme.WARNING)
            surface.blit(warning, warning.get_rect(midtop=(lay.width // 2,
                                                           self.field.rect.bottom
                                                           + lay.px(12))))
        self.draw_footer(surface, N_("Type your name  ·  Enter OK  ·  Esc back"),
                         N_("X: keyboard  ·  A: OK  ·  B: back"))


#: the faintest the title's "Press any key" gets as it pulses (it faded to a tenth, almost
#: out of sight, in a new player's playtest)
PROMPT_FAINTEST = 0.45


def prompt_pulse(clock: float) -> float:
    """The brightness of "Press any key" at ``clock`` seconds: between ``PROMPT_FAINTEST``
    and 1, about twice a second."""
    return PROMPT_FAINTEST + (1 - PROMPT_FAINTEST) * (0.5 + 0.5 * math.sin(clock * 3.0))
