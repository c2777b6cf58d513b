"""Stargazer as a plugin: what ``game.registry`` needs (the ``starparty.games`` entry point
``stargazer`` names ``GAME``). Names only: nothing of the game is imported by reading it."""

from __future__ import annotations

from game.registry import GamePlugin


def messages() -> list[tuple[str, str]]:
    """The strings the window shows from this game's data: planets and crews
    (``tools/extract_messages.py``)."""
    from game.rules.stargazer import content

    found: list[tuple[str, str]] = []
    for planet_type, planet in content.PLANET_TYPES.items():
        found += [(planet[key], f"stargazer planet {planet_type}: {key}")
                  for key in ("name", "text")]
    for crew in content.CREWS:
        found += [(crew[key], f"stargazer crew {crew['id']}: {key}") for key in ("name", "text")]
    return found


GAME = GamePlugin(
    name="stargazer",
    ruleset="game.rules.stargazer:RULESET",
    bots={"easy": "game.ai.stargazer_bots:EasyBot",
          "normal": "game.ai.stargazer_bots:StrongBot",
          "hard": "game.ai.stargazer_bots:HardBot"},
    default_bot="normal",
    think_seconds={"hard": 2.0},
    bot_aliases={"strong": "normal"},
    client_kit="game.client.stargazer:KIT",
    messages="game.rules.stargazer.plugin:messages",
)
