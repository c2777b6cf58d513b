"""``starparty`` / ``python -m game``: the one entry point, dispatching to subcommands.

Every subcommand parses its arguments in a module of this package and wires rules, bots,
tables and the window there: ``net`` stays a library, and the client only provides scenes.
A subcommand's module is imported only when asked for, so ``starparty host --headless``
never loads pygame.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence

from game import __version__

#: subcommand -> ("module:function", one-line help). The function takes the remaining argv.
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "play": ("game.commands.play:main", "open the game window (the default)"),
    "demo": ("game.commands.demo:main", "play a seeded game between bots in the terminal"),
    "host": ("game.commands.host:main", "host a LAN table (add --headless for no window)"),
    "bot": ("game.commands.bot:main", "join a table at HOST:PORT as an AI player"),
    "screenshots": ("game.commands.screenshots:main", "render the key scenes to PNG files"),
}


def _usage() -> str:
    lines = ["usage: starparty [COMMAND] [ARGS...]", "", "commands:"]
    lines += [f"  {name:<12} {text}" for name, (_, text) in SUBCOMMANDS.items()]
    lines += ["", "  --version    print the release number (host and guests need the same)"]
    return "\n".join(lines)


def _resolve(target: str) -> Callable[[Sequence[str]], int | None]:
    module_name, _, function = target.partition(":")
    return getattr(importlib.import_module(module_name), function)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help", "help"):
        print(_usage())
        return 0
    if args and args[0] in ("--version", "-V"):
        print(f"starparty {__version__}")
        return 0
    command = args.pop(0) if args and args[0] in SUBCOMMANDS else "play"
    result = _resolve(SUBCOMMANDS[command][0])(args)
    return int(result or 0)
