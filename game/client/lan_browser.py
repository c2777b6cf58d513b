"""A LAN browser (``net.discovery.Browser``) opened on a thread and closed off the frame loop.

Zeroconf's start-up takes a moment and may fail (no network, no zeroconf): a scene that
browses must not hold a frame for it. ``BackgroundBrowser`` answers at once with the same
``poll``/``tables``/``close`` a ``Browser`` has (nothing found until it is open), and
``error`` says why discovery is unavailable. Every opening has its close: ``close`` before the
browser is open closes it as soon as it is, so no browser outlives its owner.
"""

from __future__ import annotations

import threading
from typing import Any

from game.client.session import background

#: each table's place in the order this window first found it, kept across browsers: the join
#: screen lists the tables in the order the menu showed them (a few bytes per table seen)
FIRST_SEEN: dict[str, int] = {}


class BackgroundBrowser:
    """A ``net.discovery.Browser`` for ``interfaces``, opened on a thread named ``name``."""

    def __init__(self, interfaces: list[str] | None, name: str = "lan-browser") -> None:
        self.interfaces = interfaces
        self._lock = threading.Lock()
        self._browser: Any = None
        self._closed = False
        #: why discovery is unavailable here ("" while it is, or not yet known)
        self.error = ""
        threading.Thread(target=self._open, daemon=True, name=name).start()

    def _open(self) -> None:
        try:
            from net.discovery import Browser

            browser = Browser(interfaces=self.interfaces)
        except Exception as error:  # no zeroconf here: nothing is found, typing still works
            self.error = str(error) or type(error).__name__
            return
        with self._lock:
            if not self._closed:
                self._browser = browser
                return
        background(browser.close)

    def poll(self) -> list[Any]:
        """What changed since the last call, as ``Browser.poll`` says ([] until open)."""
        with self._lock:
            browser = self._browser
        return browser.poll() if browser is not None else []

    def tables(self) -> list[Any]:
        """Every table found now ([] until open), in the order they were first found (those
        found together in the browser's name order): a table that appears goes below the
        others, so no row moves under a pointer about to click it."""
        with self._lock:
            browser = self._browser
        found = browser.tables() if browser is not None else []
        for table in found:
            FIRST_SEEN.setdefault(table.instance, len(FIRST_SEEN))
        return sorted(found, key=lambda table: FIRST_SEEN[table.instance])

    def close(self) -> None:
        """Stop browsing (off the frame loop); safe before the browser is open, and twice."""
        with self._lock:
            self._closed = True
            browser, self._browser = self._browser, None
        if browser is not None:
            background(browser.close)
