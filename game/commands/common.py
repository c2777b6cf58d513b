"""What every ``starparty`` subcommand shares: one-line messages and the window size option."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from game.client import quit_signals


def say(text: str) -> None:
    print(text, flush=True)


def fail(text: str, status: int = 2) -> int:
    """Say what went wrong in one sentence on stderr; return the exit status."""
    print(f"starparty: {text}", file=sys.stderr, flush=True)
    return status


def parse_size(text: str) -> tuple[int, int]:
    """``--size 1280x720`` -> (1280, 720), within what a display can have."""
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, got {text!r}") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"size out of range: {text}")
    return w, h



class EarlySignals:
    """Hold SIGTERM, SIGHUP and SIGINT while the window starts (fonts, sounds, the sky: a
    second or more on a busy machine, before ``App.run`` installs its own handlers), so a
    session logging out then still gets a clean quit, not a killed process. ``came`` says
    whether one did (the window then quits at its first frame); ``restore`` puts back the
    handlers there were."""

    def __init__(self) -> None:
        self.caught: list[int] = []
        self.previous: dict[int, Any] = quit_signals.install(self._catch)

    def _catch(self, signum: int, frame: object) -> None:
        self.caught.append(signum)

    @property
    def came(self) -> bool:
        return bool(self.caught)

    def restore(self) -> None:
        quit_signals.restore(self.previous)
