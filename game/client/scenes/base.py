"""The scene contract: ``Scene``, the ``Stage`` a scene plays on, and the night-sky base.

Scenes never import the application (``game.client.app``): everything they may ask of it is
the ``Stage`` below (the scene stack, settings, sounds, the shared sky, where games save and
how tables are hosted), and ``App`` is one implementation of it. So the app can import every
scene while no scene imports the app, and tests can drive scenes on any stage.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.client import theme
from game.client.devices import is_pad
from game.client.i18n import N_, tr
from game.client.widgets import Button

if TYPE_CHECKING:
    from game.client.layout import Layout, TextCache
    from game.client.settings import Settings
    from game.client.sounds import Sounds
    from game.client.starfield import Starfield


class Stage(Protocol):
    """What a scene may use of the application that shows it."""

    # the scene stack
    stack: list[Scene]

    @property
    def scene(self) -> Scene: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def reset_to(self, scene: Scene) -> None: ...

    # shared resources
    settings: Settings
    sounds: Sounds
    layout: Layout
    text: TextCache
    starfield: Starfield
    screen: pygame.Surface

    def backdrop(self) -> pygame.Surface: ...

    def horizon(self) -> pygame.Surface: ...

    def store_settings(self) -> None: ...

    def set_fullscreen(self, on: bool, remember: bool = True) -> bool: ...

    def set_language(self, code: str) -> None: ...

    def toast(self, message: str, seconds: float = 3.0) -> None: ...

    def request_quit(self) -> None: ...

    def quit(self) -> None: ...

    # how games are started here (tests and the ``host`` command set these)
    seed_source: Callable[[], int] | None
    ai_delay: float
    autosave_dir: Path | None
    lan_bind: str
    lan_port: int
    lan_interfaces: list[str] | None
    lan_advertise: bool
    #: the main menu looks for LAN tables while it is shown (tests and screenshots: off)
    lan_browse: bool
    #: the results of the last game finished in this run (``scenes.results.FinishedGame``)
    last_results: Any
    #: the party lobby's game and each device's name for this run (``scenes.couch``)
    couch_memory: dict[str, Any]
    #: LAN tables' passwords typed in this run, per "host:port" (``scenes.lan``)
    table_passwords: dict[str, str]
    #: each setup screen's last choices in this run, per mode (``scenes.setup``)
    setup_memory: dict[str, dict[str, Any]]
    #: the reviews worked out in this run, per (record id, seat) (``scenes.review``)
    reviews: dict[tuple[int, int], tuple[Any, Any]]
    #: the device a player used last: a pad's id, "keyboard" or "mouse" (hints follow it)
    last_device: str


def pad_in_hand(app: Stage) -> bool:
    """The last thing a player touched was a game controller: hints name its buttons."""
    return is_pad(getattr(app, "last_device", "keyboard"))


def controls_hint(app: Stage, keys: str, pad: str | None) -> str:
    """The hint for the device in hand: ``pad`` ("A: choose  ·  B: back") after a controller,
    else ``keys`` (the keyboard's words). Footers and prompts ask this, never the device."""
    return pad if pad is not None and pad_in_hand(app) else keys


class Scene:
    """One screen. ``opaque=False`` scenes (dialogs) draw over the scene below them."""

    opaque = True
    #: only the sky moves here while nobody touches the window (the title, the menu, a
    #: lobby): left alone, it is drawn at fewer frames a second (``App.frame_limit``)
    restful = False
    #: a scene that holds a game in progress: quitting asks first
    holds_game = False

    def __init__(self, app: Stage) -> None:
        self.app = app

    @property
    def layout(self) -> Layout:
        return self.app.layout

    def covered(self) -> bool:
        """Under another scene on the stack (a question, the on-screen keyboard): the keys
        this scene would say are that scene's now (a scene drawn off the stack is not)."""
        stack = self.app.stack
        return self in stack and stack[-1] is not self

    def shown(self) -> bool:
        """On screen: the top scene, or under scenes that let it show through (a dialog)."""
        stack = self.app.stack
        return self in stack and not any(s.opaque for s in stack[stack.index(self) + 1:])

    @property
    def text(self) -> TextCache:
        return self.app.text

    def enter(self) -> None:
        self.relayout()

    def exit(self) -> None:
        pass

    def relayout(self) -> None:
        """Recompute rects, caches and translated labels from ``self.layout`` and the
        current language (called on enter, on resize and when the language changes)."""

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def back(self) -> None:
        self.app.pop()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        pass


class SkyScene(Scene):
    """A scene over the shared animated starfield."""

    def update(self, dt: float) -> None:
        self.app.starfield.update(dt)

    def draw_sky(self, surface: pygame.Surface, alpha: float, horizon: bool = False) -> None:
        surface.blit(self.app.backdrop(), (0, 0))
        self.app.starfield.draw(surface, alpha)
        if horizon:
            strip = self.app.horizon()
            surface.blit(strip, (0, self.layout.height - strip.get_height()))

    def draw_heading(self, surface: pygame.Surface, title: str, y: float = 0.09,
                     room: int | None = None) -> None:
        """The screen's title, centred at ``y`` (a share of the height); ``room``: the most
        width it may take (set smaller to fit, e.g. between corner buttons)."""
        size = self.layout.font_px("title")
        if room is not None:
            size = self.text.fit(tr(title), size, room, True)
        label = self.text.render(tr(title), size, theme.ACCENT, bold=True)
        surface.blit(label, label.get_rect(center=(self.layout.width // 2,
                                                   int(self.layout.height * y))))

    def draw_footer(self, surface: pygame.Surface, hint: str, pad: str | None = None) -> None:
        """The keys of this screen at the bottom; ``pad``: the same for a game controller,
        shown while one is in hand (``controls_hint``). Not drawn under another scene (the
        on-screen keyboard, a question): its keys are that scene's then (the name prompt's
        "X: keyboard  ·  A: OK" stood under the keyboard's "X: delete": a pad-only playtest)."""
        if self.covered():
            return
        label = self.text.render(tr(controls_hint(self.app, hint, pad)),
                                 self.layout.font_px("small"), theme.TEXT_DIM)
        surface.blit(label, label.get_rect(midbottom=(self.layout.width // 2,
                                                      self.layout.height - self.layout.px(14))))


class CornerButton:
    """A button in a top corner of a screen, for what the screen did only by a key: a player
    with the mouse alone was stuck on the review and the final boards, and the rules page
    switched games by the keys alone (a 4K playtest). ``pad_label``: its label while a pad is
    in hand (its button's name)."""

    def __init__(self, label: str, action: Callable[[], None], *, right: bool = False,
                 width: int = 150, pad_label: str | None = None) -> None:
        self.button = Button(label, action, size="small")
        self.label, self.pad_label = label, pad_label
        self.right, self.width = right, width

    def relayout(self, layout: Layout) -> None:
        self.button.rect = pygame.Rect(0, layout.px(16), layout.px(self.width), layout.px(40))
        if self.right:
            self.button.rect.right = layout.width - layout.px(20)
        else:
            self.button.rect.x = layout.px(20)

    def heading_room(self, layout: Layout) -> int:
        """How wide a centred heading may be and stay clear of the button."""
        inner = layout.width - self.button.rect.x if self.right else self.button.rect.right
        return layout.width - 2 * (inner + layout.px(16))

    def click(self, event: pygame.event.Event) -> bool:
        """A left click on the button presses it (True: the click was the button's)."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self.button.rect.collidepoint(event.pos):
            self.button.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface, app: Stage) -> None:
        self.button.label = self.pad_label if self.pad_label and pad_in_hand(app) else \
            self.label
        self.button.draw(surface, app.text, app.layout, False,
                         self.button.rect.collidepoint(pygame.mouse.get_pos()))


def corner_back(action: Callable[[], None]) -> CornerButton:
    """"Back (Esc)" in the top-left corner ("Back (B)" with a pad in hand)."""
    return CornerButton(N_("Back (Esc)"), action, pad_label=N_("Back (B)"))
