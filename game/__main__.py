"""``python -m game``: the ``starparty`` command (see ``game.commands``)."""

from __future__ import annotations

import sys

from game.commands import main

if __name__ == "__main__":
    sys.exit(main())
