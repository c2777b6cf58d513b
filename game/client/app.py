"""The client application: window, scene stack and one fixed-timestep loop.

``App`` is the ``Stage`` every scene plays on (``game.client.scenes.base``); scenes never
import this module. ``App.frame()`` runs exactly one frame (poll input and network, simulate
fixed steps, draw), so tests step the real app frame by frame with a ``ManualClock``;
``App.run()`` loops it. The ``starparty`` commands (``game.commands``) build and run it.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.client import i18n, quit_signals, theme
from game.client.devices import INTENTS, Action, DeviceHub, is_pad, key_event_for
from game.client.i18n import N_, tr
from game.client.layout import Layout, TextCache
from game.client.loop import STEP, FixedTimestep
from game.client.press_guard import HeldKeys
from game.client.scenes.base import Scene
from game.client.scenes.keyboard import KeyboardScene, typing_widget
from game.client.settings import Settings
from game.client.sounds import Sounds
from game.client.starfield import Starfield
from net.save import default_autosave_dir
from net.server import DEFAULT_PORT

DEFAULT_SIZE = (1280, 720)
#: the frames a second the window draws at most: the display's refresh rate, within these
#: bounds (an idle menu drew 240 a second on a 60 Hz screen, 40 % of a core for nothing: a
#: LAN evening's playtest; a 144 Hz screen still gets 144)
FRAME_CAP = 240
FRAME_FLOOR = 60
#: a restful screen (the title, the menu, a lobby: ``Scene.restful``) left alone this long
#: (seconds) is drawn at ``RESTING_FPS``: only the sky moves there, and a 4K menu waiting
#: for the party cost half a core at 60 frames a second (a full-window sky each frame)
RESTING_AFTER = 15.0
RESTING_FPS = 30
#: what counts as the player touching the window (wakes a resting screen)
INPUT_EVENTS = frozenset({
    pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP,
    pygame.JOYAXISMOTION, pygame.JOYHATMOTION, pygame.CONTROLLERBUTTONDOWN,
    pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION, pygame.VIDEORESIZE,
    pygame.WINDOWFOCUSGAINED})


def frame_cap() -> int:
    """The display's refresh rate within ``FRAME_FLOOR``..``FRAME_CAP`` (unknown: the floor)."""
    try:
        rate = pygame.display.get_current_refresh_rate()
    except (pygame.error, AttributeError):  # (no window yet; an older pygame)
        rate = 0
    return min(FRAME_CAP, max(FRAME_FLOOR, int(rate or 0)))


class App:
    """Owns the display, shared resources (text cache, sounds, sky) and the scene stack."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, settings: Settings | None = None,
                 clock: Callable[[], float] = time.perf_counter, start: str = "title",
                 save_settings: bool = True) -> None:
        pygame.init()
        pygame.key.set_repeat(300, 40)  # (arrows and Backspace; a confirming key: held_keys)
        self.held_keys = HeldKeys()
        pygame.key.start_text_input()  # the player-name and address fields read TEXTINPUT
        self.settings = settings if settings is not None else Settings.load()
        self.save_settings = save_settings
        i18n.set_language(i18n.resolve(self.settings.language))
        self.windowed_size = size
        pygame.display.set_caption("Star Party")
        pygame.display.set_icon(_icon())
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.layout = Layout(self.screen.get_size())
        self.text = TextCache()
        self.text.fallback_first = i18n.language() in i18n.FALLBACK_FIRST
        self.sounds = Sounds(self.settings.volume, self.settings.muted)
        self.starfield = self._make_starfield()
        self._backdrop: pygame.Surface | None = None
        self._horizon: pygame.Surface | None = None
        self.timestep = FixedTimestep(clock)
        self.clock = clock
        #: when the player last touched the window (``clock``; a resting screen wakes)
        self.input_at = clock()
        self.stack: list[Scene] = []
        self.running = True
        #: set by SIGTERM / SIGHUP: save and quit at the next frame, asking nobody
        self.terminating = False
        self._signal_handlers: dict[int, object] = {}
        self.toasts: list[list] = []  # [text, seconds left]
        self.frames = 0
        #: errors met showing a LAN host's data, each of which left its table
        #: (``_leave_failed_remote_table``)
        self.host_failures: list[Exception] = []
        #: game controllers, keyboard halves, mouse: who asked for what (``devices``)
        self.devices = DeviceHub()
        self.devices.start()
        #: the device a player used last: a pad's id, "keyboard" or "mouse" (hints name its
        #: buttons: "A: choose" after a pad, "Enter: choose" after the keyboard)
        self.last_device = "keyboard"
        #: tests fix these: the seed of new games and the bots' visible thinking delay
        self.seed_source: Callable[[], int] | None = None
        self.ai_delay = 0.4
        #: LAN: where a hosted table listens and which interfaces zeroconf uses (None: all
        #: LAN interfaces); tests keep everything on 127.0.0.1
        self.lan_bind = "0.0.0.0"
        self.lan_port = DEFAULT_PORT
        self.lan_interfaces: list[str] | None = lan_interfaces_from_env()
        self.lan_advertise = True
        #: the main menu lists the LAN's tables (zeroconf on ``lan_interfaces``) while shown
        self.lan_browse = True
        #: where games started here autosave (None: nowhere; "Continue" then offers nothing)
        self.autosave_dir: Path | None = default_autosave_dir()
        #: the results of the last game finished in this run (``scenes.results.FinishedGame``;
        #: the menu's "Last results"), None before the first
        self.last_results: Any = None
        #: the party lobby's game and each device's name, remembered for this run (a party
        #: back at the lobby found every name and its game forgotten)
        self.couch_memory: dict[str, Any] = {"game": None, "names": {}}
        #: LAN tables' passwords typed in this run, per "host:port" (a player typed one three
        #: times in an evening); never written to disk
        self.table_passwords: dict[str, str] = {}
        #: each setup screen's last choices in this run, per mode ("host": its game, player
        #: count, hints and password; a host setting up the next table found them gone)
        self.setup_memory: dict[str, dict[str, Any]] = {}
        #: the reviews worked out in this run, per (id of the game's record, seat): the same
        #: game reviewed again shows the same rows (the bot searches against the clock, and a
        #: second search differed: an outside playtest) and costs no second search
        self.reviews: dict[tuple[int, int], tuple[Any, Any]] = {}
        if self.settings.fullscreen:
            self.set_fullscreen(True, remember=False)
        if start == "title":
            from game.client.scenes.title import TitleScene

            self.push(TitleScene(self))
        elif start == "menu":
            from game.client.scenes.menu import MainMenuScene

            self.push(MainMenuScene(self))

    # --- scene stack -------------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        return self.stack[-1]

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> None:
        if self.stack:
            self.stack.pop().exit()
        if not self.stack:
            self.quit()

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def reset_to(self, scene: Scene) -> None:
        """Clear the stack down to nothing and start over at ``scene`` (e.g. back to menu)."""
        while self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def find(self, kind: type) -> Scene | None:
        return next((s for s in reversed(self.stack) if isinstance(s, kind)), None)

    # --- window ------------------------------------------------------------------------
    def backdrop(self) -> pygame.Surface:
        """The painted sky for the window size (built on first use after each resize)."""
        if self._backdrop is None or self._backdrop.get_size() != self.layout.rect.size:
            from game.client.backdrop import make_backdrop

            self._backdrop = make_backdrop(self.layout.rect.size)
        return self._backdrop

    def horizon(self) -> pygame.Surface:
        if self._horizon is None or self._horizon.get_width() != self.layout.width:
            from game.client.backdrop import make_horizon

            self._horizon = make_horizon(self.layout.rect.size, self.layout.unit)
        return self._horizon

    def _make_starfield(self) -> Starfield:
        area = self.layout.width * self.layout.height
        count = int(260 + 180 * min(area / (1920 * 1080), 2.0))
        return Starfield(self.layout.rect.size, self.layout.unit, count=count)

    def resize(self, size: tuple[int, int]) -> None:
        """Adopt a new window size: layout, text and every scene's caches follow."""
        size = (max(640, size[0]), max(360, size[1]))
        if self.screen.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        if not pygame.display.is_fullscreen():
            self.windowed_size = size
        self._relayout()

    def _relayout(self) -> None:
        self.screen = pygame.display.get_surface()
        self.layout = Layout(self.screen.get_size())
        self.text.fallback_first = i18n.language() in i18n.FALLBACK_FIRST
        self.text.clear()
        self.starfield = self._make_starfield()
        for scene in self.stack:
            scene.relayout()

    def set_fullscreen(self, on: bool, remember: bool = True) -> bool:
        """Switch modes without touching game state; a refused switch keeps the old mode."""
        was_fullscreen = pygame.display.is_fullscreen()
        if on == was_fullscreen:
            return True
        try:
            if on:
                self.windowed_size = self.screen.get_size()
                desktop = pygame.display.get_desktop_sizes()
                size = desktop[0] if desktop else (0, 0)
                pygame.display.set_mode(size, pygame.FULLSCREEN)
            else:
                pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        except pygame.error as error:
            with contextlib.suppress(pygame.error):
                pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self._relayout()
            self.toast(N_("Fullscreen is not available here ({error})", error=str(error)))
            return False
        if remember:
            self.settings.fullscreen = on
            self.store_settings()
        self._relayout()
        return True

    def set_language(self, code: str) -> None:
        """Show the window in ``code`` from the next frame on, and remember it: every scene
        rebuilds its labels (``relayout``) and the text cache starts afresh."""
        self.settings.language = i18n.set_language(code)
        self.store_settings()
        self._relayout()

    def toggle_fullscreen(self) -> bool:
        return self.set_fullscreen(not pygame.display.is_fullscreen())

    def store_settings(self) -> None:
        if self.save_settings:
            try:
                self.settings.save()
            except OSError as error:
                self.toast(N_("Could not save settings: {error}", error=str(error)))

    def toast(self, message: str, seconds: float = 3.0) -> None:
        """Show ``message`` briefly at the top (an ``N_()`` message is translated when drawn).
        The same words already showing are shown once, for the longer of the two times (each
        reconnection attempt stacked "Connection lost: reconnecting..." again: a playtest)."""
        for toast in self.toasts:
            if str(toast[0]) == str(message):
                toast[1] = max(toast[1], seconds)
                return
        self.toasts.append([message, seconds])

    # --- quitting ----------------------------------------------------------------------
    def request_quit(self) -> None:
        """Quit now, or ask first when a game is in progress."""
        from game.client.leaving import quit_warning
        from game.client.scenes.dialog import ConfirmDialog

        if isinstance(self.scene, ConfirmDialog):
            return
        holding = [scene for scene in self.stack if scene.holds_game]
        if holding:
            question = quit_warning(getattr(holding[-1], "session", None))
            self.push(ConfirmDialog(self, question, self.quit, yes=N_("Quit"),
                                    no=N_("Keep playing")))
        else:
            self.quit()

    def quit(self) -> None:
        self.running = False

    def _terminate(self, signum: int, frame: object) -> None:
        self.terminating = True

    def install_signal_handlers(self) -> None:
        """SIGTERM (``kill``, a session logging out), SIGHUP and SIGINT (Ctrl-C in the
        terminal): leave like Quit at the next frame, without the "Quit?" dialog SDL's own
        handler would lead to (nobody is there to answer it); the games in progress are saved
        as the scenes close. (Ctrl-C as a KeyboardInterrupt could land anywhere in a frame,
        between a table's lock and its listeners, and leave the window host hanging.)"""
        self._signal_handlers.update(quit_signals.install(self._terminate))

    def restore_signal_handlers(self) -> None:
        quit_signals.restore(self._signal_handlers)

    # --- the loop ------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.request_quit()
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif self.stack:
            actions = self.devices.translate(event)
            self.note_device(event, actions)
            if actions and (hasattr(self.scene, "handle_action") or is_pad(actions[0].device)):
                for action in actions:
                    self.dispatch_action(action)
            else:
                self.scene.handle(event)

    def note_device(self, event: pygame.event.Event, actions: list[Action]) -> None:
        """Remember which kind of device was used last (pad, keyboard, mouse click)."""
        if event.type == pygame.KEYDOWN:
            self.last_device = "keyboard"
        elif event.type == pygame.MOUSEBUTTONUP:
            self.last_device = "mouse"
        elif actions and is_pad(actions[0].device) and actions[0].intent in INTENTS:
            self.last_device = actions[0].device

    def dispatch_action(self, action: Action) -> None:
        """One player's action to the top scene: as an action to a scene that reads them
        (couch play), else a controller's action as the key it stands for."""
        if not self.stack:
            return
        handler = getattr(self.scene, "handle_action", None)
        if handler is not None:
            handler(action)
        elif is_pad(action.device):
            field = typing_widget(self.scene) if action.intent == "rotate" else None
            if field is not None:  # X in a text field: the on-screen keyboard types in it
                self.push(KeyboardScene(self, field))
                return
            key_event = key_event_for(action)
            if key_event is not None:
                self.scene.handle(key_event)

    def visible_scenes(self) -> list[Scene]:
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        return self.stack[start:]

    def frame(self) -> None:
        """One frame: input and network (never blocking), fixed steps, draw, present.

        A table on another machine is input like any other: if showing what its host sent
        fails (a broken or hostile host: views and events this window cannot draw), the
        window leaves that table for the menu and says so, instead of closing with an
        error; the game goes on at the host. Anything else still raises."""
        try:
            self._frame()
        except Exception as error:
            if not self._leave_failed_remote_table(error):
                raise

    def _leave_failed_remote_table(self, error: Exception) -> bool:
        """Back to the menu with a notice when a scene holds a LAN table's link (False:
        no scene does, the error is the window's own)."""
        from game.client.session import RemoteSession

        sessions = [getattr(scene, "session", None) for scene in self.stack]
        remote = [s for s in sessions if isinstance(s, RemoteSession)]
        if not remote:
            return False
        import traceback

        print("starparty: could not show what the host sent; left the table:", file=sys.stderr)
        traceback.print_exception(error, file=sys.stderr)
        self.host_failures.append(error)
        for session in remote:
            session.close()
        from game.client.scenes.menu import MainMenuScene

        while self.stack:  # (``reset_to``, but a scene's exit may meet the same data)
            with contextlib.suppress(Exception):
                self.stack.pop().exit()
        self.push(MainMenuScene(self))
        self.toast(N_("The host sent what this window cannot show: you left the table. "
                      "Join it again from the menu."), seconds=8.0)
        return True

    def _frame(self) -> None:
        if self.terminating:
            self.quit()
            return
        # (a held Enter's repeats dropped: one press, whatever screen they would land on)
        for event in self.held_keys.filter(pygame.event.get()):
            if event.type in INPUT_EVENTS:
                self.input_at = self.clock()
            self.dispatch(event)
            if not self.running:
                return
        for scene in list(self.stack):
            poll = getattr(scene, "poll", None)
            if poll is not None:
                poll()
        steps, alpha = self.timestep.advance()
        for action in self.devices.update(steps * STEP):
            self.dispatch_action(action)
        dt = STEP * self.settings.animation_speed
        for _ in range(steps):
            for scene in self.visible_scenes():
                scene.update(dt)
            for toast in self.toasts:
                toast[1] -= STEP
            self.toasts = [t for t in self.toasts if t[1] > 0]
        if not self.stack:
            return
        for scene in self.visible_scenes():
            scene.draw(self.screen, alpha)
        self._draw_toasts()
        pygame.display.flip()
        self.frames += 1

    def _draw_toasts(self) -> None:
        # under a table's top bar, whose card track and news it covered (a playtest)
        bar = getattr(self.scene, "top_bar", None) if self.stack else None
        y = bar.bottom + self.layout.px(10) if isinstance(bar, pygame.Rect) and bar.h \
            else self.layout.px(16)
        for message, _ in self.toasts[-3:]:
            label = self.text.render(tr(message), self.layout.font_px("body"), theme.TEXT)
            box = label.get_rect(midtop=(self.layout.width // 2, y)).inflate(
                self.layout.px(28), self.layout.px(14))
            pygame.draw.rect(self.screen, theme.PANEL_LIGHT, box,
                             border_radius=self.layout.px(8))
            pygame.draw.rect(self.screen, theme.ACCENT, box, 1, border_radius=self.layout.px(8))
            self.screen.blit(label, label.get_rect(center=box.center))
            y = box.bottom + self.layout.px(6)

    def run(self) -> int:
        # Start-up objects (fonts, layers, modules) live for the whole session: keep them out of
        # the collector's sweeps so a LAN table hosted here does not pause mid-move (see
        # docs/BENCHMARKS.md, Network).
        gc.collect()
        gc.freeze()
        self.install_signal_handlers()
        limiter = pygame.time.Clock()
        cap, since = frame_cap(), time.monotonic()
        while self.running:
            self.frame()
            limiter.tick(self.frame_limit(cap))
            if time.monotonic() - since > 2.0:  # (the window may move to another screen)
                cap, since = frame_cap(), time.monotonic()
        self.shutdown()
        return 0

    def frame_limit(self, cap: int) -> int:
        """The frames a second to draw now: ``cap``, or ``RESTING_FPS`` on a restful screen
        the player has left alone ``RESTING_AFTER`` seconds with no toast up."""
        scene = self.stack[-1] if self.stack else None
        if scene is not None and scene.restful and not self.toasts and \
                self.clock() - self.input_at >= RESTING_AFTER:
            return min(cap, RESTING_FPS)
        return cap

    def shutdown(self) -> None:
        """Leave every scene (tables close, LAN tables stop being advertised), save, quit."""
        from game.client.session import finish_cleanups

        while self.stack:
            self.stack.pop().exit()
        finish_cleanups()
        self.store_settings()
        self.restore_signal_handlers()
        self.devices.close()
        pygame.quit()


def lan_interfaces_from_env() -> list[str] | None:
    """``STARPARTY_LAN_INTERFACES=127.0.0.1`` (a comma list) keeps the window's zeroconf, the
    menu's browsing included, on those interfaces: a window tried out on a machine that must
    not talk to its network. Unset or empty: every LAN interface, as a player wants."""
    listed = [a.strip() for a in os.environ.get("STARPARTY_LAN_INTERFACES", "").split(",")]
    return [a for a in listed if a] or None


def _icon() -> pygame.Surface:
    """A small gold star on the night sky, drawn (no image file needed)."""
    import math

    icon = pygame.Surface((32, 32))
    icon.fill(theme.SKY)
    points = [(16 + (14 if i % 2 == 0 else 6) * math.cos(-math.pi / 2 + i * math.pi / 5),
               17 + (14 if i % 2 == 0 else 6) * math.sin(-math.pi / 2 + i * math.pi / 5))
              for i in range(10)]
    pygame.draw.polygon(icon, theme.ACCENT, points)
    return icon
