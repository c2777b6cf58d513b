"""The client application: window, scene stack and one fixed-timestep loop.

``App.frame()`` runs exactly one frame (poll input and network, simulate fixed steps, draw),
so tests step the real app frame by frame with a ``ManualClock``; ``App.run()`` loops it.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import gc
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.client import theme
from game.client.layout import Layout, TextCache
from game.client.loop import STEP, FixedTimestep
from game.client.scenes.base import Scene
from game.client.settings import Settings
from game.client.sounds import Sounds
from game.client.starfield import Starfield
from net.save import default_autosave_dir

if TYPE_CHECKING:
    from game.client.session import SeatChoice

DEFAULT_SIZE = (1280, 720)
FRAME_CAP = 240


class App:
    """Owns the display, shared resources (text cache, sounds, sky) and the scene stack."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, settings: Settings | None = None,
                 clock: Callable[[], float] = time.perf_counter, start: str = "title",
                 save_settings: bool = True) -> None:
        pygame.init()
        pygame.key.set_repeat(300, 40)
        pygame.key.start_text_input()  # the player-name and address fields read TEXTINPUT
        self.settings = settings if settings is not None else Settings.load()
        self.save_settings = save_settings
        self.windowed_size = size
        pygame.display.set_caption("Star Party")
        pygame.display.set_icon(_icon())
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.layout = Layout(self.screen.get_size())
        self.text = TextCache()
        self.sounds = Sounds(self.settings.volume, self.settings.muted)
        self.starfield = self._make_starfield()
        self._backdrop: pygame.Surface | None = None
        self._horizon: pygame.Surface | None = None
        self.timestep = FixedTimestep(clock)
        self.clock = clock
        self.stack: list[Scene] = []
        self.running = True
        self.toasts: list[list] = []  # [text, seconds left]
        self.frames = 0
        #: tests fix these: the seed of new games and the bots' visible thinking delay
        self.seed_source: Callable[[], int] | None = None
        self.ai_delay = 0.4
        #: LAN: where a hosted table listens and which interfaces zeroconf uses (None: all
        #: LAN interfaces); tests keep everything on 127.0.0.1
        self.lan_bind = "0.0.0.0"
        self.lan_port = 47077
        self.lan_interfaces: list[str] | None = None
        self.lan_advertise = True
        #: where games started here autosave (None: nowhere; "Continue" then offers nothing)
        self.autosave_dir: Path | None = default_autosave_dir()
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
            self.toast(f"Fullscreen is not available here ({error})")
            return False
        if remember:
            self.settings.fullscreen = on
            self.store_settings()
        self._relayout()
        return True

    def toggle_fullscreen(self) -> bool:
        return self.set_fullscreen(not pygame.display.is_fullscreen())

    def store_settings(self) -> None:
        if self.save_settings:
            try:
                self.settings.save()
            except OSError as error:
                self.toast(f"Could not save settings: {error}")

    def toast(self, message: str, seconds: float = 3.0) -> None:
        self.toasts.append([message, seconds])

    # --- quitting ----------------------------------------------------------------------
    def request_quit(self) -> None:
        """Quit now, or ask first when a game is in progress."""
        from game.client.scenes.dialog import ConfirmDialog

        if isinstance(self.scene, ConfirmDialog):
            return
        holding = [scene for scene in self.stack if scene.holds_game]
        if holding:
            table = getattr(getattr(holding[-1], "session", None), "table", None)
            question = ("Quit Star Party? The game is saved: 'Continue' brings it back."
                        if getattr(table, "autosave_path", None) is not None
                        else "Quit Star Party? The game in progress will be lost.")
            self.push(ConfirmDialog(self, question, self.quit, yes="Quit", no="Keep playing"))
        else:
            self.quit()

    def quit(self) -> None:
        self.running = False

    # --- the loop ------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.request_quit()
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif self.stack:
            self.scene.handle(event)

    def visible_scenes(self) -> list[Scene]:
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        return self.stack[start:]

    def frame(self) -> None:
        """One frame: input and network (never blocking), fixed steps, draw, present."""
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        for scene in list(self.stack):
            poll = getattr(scene, "poll", None)
            if poll is not None:
                poll()
        steps, alpha = self.timestep.advance()
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
        y = self.layout.px(16)
        for message, _ in self.toasts[-3:]:
            label = self.text.render(message, self.layout.font_px("body"), theme.TEXT)
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
        limiter = pygame.time.Clock()
        while self.running:
            self.frame()
            limiter.tick(FRAME_CAP)
        self.shutdown()
        return 0

    def shutdown(self) -> None:
        """Leave every scene (tables close, LAN tables stop being advertised), save, quit."""
        from game.client.session import finish_cleanups

        while self.stack:
            self.stack.pop().exit()
        finish_cleanups()
        self.store_settings()
        pygame.quit()


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


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, got {text!r}") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"size out of range: {text}")
    return w, h


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="starparty play", description="Open the game window.")
    parser.add_argument("--size", type=parse_size, default=DEFAULT_SIZE, help="window WxH")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    settings = Settings.load()
    if args.fullscreen:
        settings.fullscreen = True
    return App(args.size, settings).run()


def host_parser() -> argparse.ArgumentParser:
    """``starparty host``'s options (``net.cli``) plus the window's own."""
    from net.cli import host_parser as cli_host_parser

    parser = cli_host_parser()
    parser.prog = "starparty host"
    parser.description = "Host a LAN table and play at it in the window (--headless: no window)."
    parser.add_argument("--size", type=parse_size, default=DEFAULT_SIZE, help="window WxH")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.set_defaults(ai_delay=None)
    return parser


class HostError(Exception):
    """``starparty host`` options the window cannot honour (said in one sentence)."""


def host_seats(text: str | None) -> list[SeatChoice]:
    """The host plays seat 1; ``--seats N`` counts every seat, a list names the others."""
    from game.client.session import SeatChoice
    from net.cli import DEFAULT_SEATS, parse_seats

    text = (text or DEFAULT_SEATS["stars"]).strip()
    try:
        specs = parse_seats(text)
    except ValueError as error:
        raise HostError(str(error)) from None
    if text.isdigit():
        specs = specs[1:]
    if not 1 <= len(specs) + 1 <= 8:
        raise HostError(f"a table has 2 to 8 seats, not {len(specs) + 1}")
    seats = []
    for index, spec in enumerate(specs, start=2):
        if spec.kind == "ai":
            seats.append(SeatChoice("ai", f"Bot {index}", spec.bot or "random"))
        else:
            seats.append(SeatChoice(spec.kind, spec.name or f"Player {index}"))
    return seats


def host_app(argv: Sequence[str], *, clock: Callable[[], float] = time.perf_counter,
             settings: Settings | None = None, save_settings: bool = True) -> App:
    """A window already hosting the table ``argv`` describes (its lobby on screen).
    ``HostError`` (the window is closed again) when that table cannot be hosted."""
    import random

    from game.client.scenes.lan import LobbyScene, serve_table, start_hosting
    from game.client.session import GameConfig, SeatChoice
    from net.cli import parse_options
    from net.save import SaveError, newest_save
    from net.table import Table, TableError

    args = host_parser().parse_args(list(argv))
    if args.game != "stars":
        raise HostError(f"the window cannot show a {args.game} table yet; host it with "
                        f"--headless (starparty host --headless --game {args.game})")
    seats = host_seats(args.seats) if args.resume is None else []
    try:
        options = parse_options(args.option)
    except ValueError as error:
        raise HostError(str(error)) from None
    settings = settings if settings is not None else Settings.load()
    if args.fullscreen:
        settings.fullscreen = True
    app = App(args.size, settings, clock=clock, start="menu", save_settings=save_settings)
    app.lan_bind = args.bind
    app.lan_advertise = not args.no_discovery
    if args.interfaces:
        app.lan_interfaces = args.interfaces.split(",")
    if args.ai_delay is not None:
        app.ai_delay = args.ai_delay
    if args.no_autosave:
        app.autosave_dir = None
    elif args.autosave_dir is not None:
        app.autosave_dir = args.autosave_dir
    try:
        if args.resume is not None:
            path = (Path(args.resume) if args.resume
                    else newest_save(app.autosave_dir or default_autosave_dir()))
            if path is None:
                raise HostError("no autosave found; name the file to resume")
            table = Table.resume(path, ai_delay=app.ai_delay)
            if not any(s["kind"] == "human" for s in table.info()["seats"]):
                table.close()
                raise HostError(f"{path} was hosted without a window: resume it with "
                                f"starparty host --headless --resume {path}")
            try:
                session = serve_table(app, table, table.game, password=args.password,
                                      port=args.port)
            except OSError:
                table.close()
                raise
        else:
            me = SeatChoice("human", settings.player_name)
            config = GameConfig("stars", [me, *seats], options, "host")
            seed = args.seed if args.seed is not None else random.randrange(1 << 30)
            session = start_hosting(app, config, seed, name=args.name
                                    if args.name != "Star Party" else None,
                                    password=args.password, port=args.port)
    except OSError as error:
        app.shutdown()
        if error.errno == errno.EADDRINUSE:
            raise HostError(f"port {args.port} is already in use (another table?); "
                            "choose another with --port") from None
        raise HostError(str(error)) from None
    except (HostError, SaveError, TableError, ValueError) as error:
        app.shutdown()
        raise HostError(str(error)) from None
    lobby = LobbyScene(app, session, hosting=True)
    lobby.auto_start = args.start == "full"
    app.push(lobby)
    if args.start == "now" and session.status == "lobby":
        lobby.start_game()
    port = session.server.port
    print(f"Hosting {session.table.name!r}: {session.table.game}, {session.table.seat_count} "
          f"seats, listening on {args.bind}:{port}", flush=True)
    return app


def host_main(argv: Sequence[str] | None = None) -> int:
    """``starparty host`` without ``--headless``: the window opens straight into hosting."""
    try:
        app = host_app(list(sys.argv[1:] if argv is None else argv))
    except HostError as error:
        print(f"starparty: {error}", file=sys.stderr, flush=True)
        return 2
    try:
        return app.run()
    except KeyboardInterrupt:  # Ctrl-C in the terminal: leave in order (the table saves)
        app.shutdown()
        return 0


if __name__ == "__main__":
    sys.exit(main())
