"""The signals that mean "leave now" (``kill``, a session logging out, Ctrl-C in the terminal),
installed and restored in one place for the window's start-up guard and the running window."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable
from typing import Any

QUIT_SIGNALS = ("SIGTERM", "SIGHUP", "SIGINT")


def install(handler: Callable[[int, Any], None]) -> dict[int, Any]:
    """Point every quit signal this platform has at ``handler``; returns the handlers they
    had. A signal that cannot be set (not the main thread) is left alone."""
    previous: dict[int, Any] = {}
    for name in QUIT_SIGNALS:
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            previous[number] = signal.signal(number, handler)
        except (ValueError, OSError):
            continue
    return previous


def restore(previous: dict[int, Any]) -> None:
    """Put back the handlers ``install`` returned, and forget them."""
    for number, handler in previous.items():
        with contextlib.suppress(ValueError, OSError, TypeError):
            signal.signal(number, handler)
    previous.clear()
