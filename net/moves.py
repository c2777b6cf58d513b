"""The moves a connection has sent and the table has not answered yet, and the one retry.

Every client side of a seat (``net.client.Client`` over TCP, ``net.local.LocalConnection``
in process, the remote bot that waits for its own move's answer) keeps one ``SentMoves``:
the table answers a seat's moves in the order they were sent, each with ``events`` by that
seat (accepted) or a ``refused`` message, so the oldest move waiting is always the one an
answer belongs to.

Why one retry: a move made on an older version stands while nothing concerning its seat
changed (``Table.seat_versions``); when something did, it is refused ``stale_version``, a
race with another seat and not the player's mistake. The move is then sent once more against
the version the refusal carries (the rules check it again on the new state); if that is
refused too, the player hears of it. Never more: a retry never turns an illegal move into a
legal one, and a second race means the table keeps moving under the player.
"""

from __future__ import annotations

from collections import deque
from typing import Any

Message = dict[str, Any]

#: the refusal a move earns by a race with another seat, retried once
STALE = "stale_version"


class SentMoves:
    """Moves in flight, oldest first, each remembered with whether it is already a retry."""

    def __init__(self, *, retry_stale: bool = True) -> None:
        #: resend a move refused ``stale_version`` once (False: every refusal is reported)
        self.retry_stale = retry_stale
        self._waiting: deque[tuple[Message, bool]] = deque()
        #: refusals that stood (reported to the player), and of them the races
        self.refused_count = 0
        self.stale_count = 0

    def __len__(self) -> int:
        return len(self._waiting)

    @property
    def waiting(self) -> bool:
        """A move has been sent and not answered yet."""
        return bool(self._waiting)

    def sent(self, message: Message) -> None:
        """``message`` (a ``{"t": "move", ...}`` wire message) went to the table."""
        self._waiting.append((message, False))

    def accepted(self) -> Message | None:
        """The table accepted the oldest move in flight (``events`` by this seat); returns it."""
        return self._waiting.popleft()[0] if self._waiting else None

    def refused(self, refusal: Message) -> Message | None:
        """The table refused the oldest move in flight. Returns the message to send again (a
        first ``stale_version`` with retries on: the move against the refusal's version,
        already recorded as in flight), or None: the refusal stands and goes to the player."""
        entry = self._waiting.popleft() if self._waiting else None
        version = refusal.get("version")
        if (entry is not None and not entry[1] and self.retry_stale
                and refusal.get("code") == STALE and isinstance(version, int)):
            again = {**entry[0], "version": version}
            self._waiting.append((again, True))
            return again
        self.refused_count += 1
        self.stale_count += refusal.get("code") == STALE
        return None

    def forget(self) -> None:
        """A fresh snapshot or a new link: answers to older moves can no longer be matched."""
        self._waiting.clear()
