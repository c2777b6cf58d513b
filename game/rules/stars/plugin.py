"""Look at the Stars as a plugin: what ``game.registry`` needs (the ``starparty.games`` entry
point ``stars`` names ``GAME``). Names only: nothing of the game is imported by reading it."""

from __future__ import annotations

from game.registry import GamePlugin


def messages() -> list[tuple[str, str]]:
    """The strings the window shows from this game's data: solo ranks, board names and the
    statistics' labels (``tools/extract_messages.py``)."""
    from game.rules.stars import STATISTICS, data

    found = [(name, "stars solo rank") for _, name in data.SOLO_RANKS]
    found += [(board["name"], f"stars board {number}") for number, board in
              enumerate(data.BOARDS) if board.get("name")]
    found += [(label, f"stars statistic {key}") for key, label in STATISTICS.items()]
    return found


GAME = GamePlugin(
    name="stars",
    ruleset="game.rules.stars:RULESET",
    bots={"easy": "game.ai.stars_bots:EasyBot", "greedy": "game.ai.stars_bots:GreedyBot",
          "normal": "game.ai.stars_bots:PlanBot", "hard": "game.ai.stars_bots:HardBot"},
    default_bot="greedy",
    think_seconds={"hard": 0.25},
    client_kit="game.client.stars:KIT",
    messages="game.rules.stars.plugin:messages",
)
