"""``starparty play`` (and plain ``starparty``): open the game window."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from game.client.i18n import LANGUAGES
from game.commands.common import EarlySignals, parse_size


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="starparty play", description="Open the game window.")
    parser.add_argument("--size", type=parse_size, default=(1280, 720), help="window WxH")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--lang", choices=sorted(LANGUAGES),
                        help="the window's language (kept, as if chosen in Settings)")
    # start-up checks (tests, bench/startup.py): draw N frames of the title, then quit as
    # closing the window does
    parser.add_argument("--frames", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    early = EarlySignals()
    try:
        return _open_window(args, early)
    finally:
        early.restore()


def _open_window(args: argparse.Namespace, early: EarlySignals) -> int:
    from game.client.app import App
    from game.client.settings import Settings

    settings = Settings.load()
    if args.fullscreen:
        settings.fullscreen = True
    if args.lang:  # (a player tried `starparty --lang ja`, as `demo` and `screenshots` take it)
        settings.language = args.lang
    app = App(args.size, settings)
    app.terminating = early.came
    if args.frames <= 0:
        return app.run()
    for _ in range(args.frames):
        app.frame()
    app.shutdown()
    return 0
