"""Stargazer as a plugin: the ``GamePlugin`` (``GAME``) that the ``starparty.games`` entry
point ``stargazer`` names, and the functions it names for the tools. Its bots and its window are
named, not imported: reading it imports only this rules package."""

from __future__ import annotations

from typing import Any

from game.registry import GamePlugin


def messages() -> list[tuple[str, str]]:
    """The strings the window shows from this game's data: planets, crews, how a skill move
    reads and the statistics' labels (``tools/extract_messages.py``)."""
    from game.rules.stargazer import content
    from game.rules.stargazer.skills import SKILL_MOVE_TEXT, SKILL_MOVE_TEXT_MANY
    from game.rules.stargazer.stats import STATISTICS

    found: list[tuple[str, str]] = []
    for planet_type, planet in content.PLANET_TYPES.items():
        found += [(planet[key], f"stargazer planet {planet_type}: {key}")
                  for key in ("name", "text")]
    for crew in content.CREWS:
        found += [(crew[key], f"stargazer crew {crew['id']}: {key}")
                  for key in ("name", "text", "brief") if key in crew]
    found += [(text, f"stargazer skill move {effect}") for effect, text in SKILL_MOVE_TEXT.items()]
    found += [(text, f"stargazer skill move {effect}, more than one cube")
              for effect, text in SKILL_MOVE_TEXT_MANY.items()]
    found += [(label, f"stargazer statistic {key}") for key, (label, *_how) in
              STATISTICS.items()]
    return found


def public_data() -> dict[str, Any]:
    """Stargazer's planet types, crews and setup numbers for ``docs/data/stargazer.json``
    (``tools/export_game_data.py``; ``docs/PROTOCOL.md`` section 12.2)."""
    from game.rules.stargazer import content
    from game.rules.stargazer.engine import REASON_TEXT

    return {
        "game": "stargazer",
        "cubes_per_player": content.CUBES_PER_PLAYER,
        "wood_cubes": content.WOOD_CUBES,
        "max_free_cubes_on_crew": content.MAX_FREE_CUBES_ON_CREW,
        "planets_for_players": {str(n): count
                                for n, count in sorted(content.PLANETS_FOR_PLAYERS.items())},
        "start_crew": content.START_CREW,
        "setup_free_cubes": dict(content.SETUP_FREE_CUBES),
        "turn_order_vp": {str(n): list(vp) for n, vp in sorted(content.TURN_ORDER_VP.items())},
        "ties_to_fewest_turn_order_vp": {
            str(n): flag for n, flag in sorted(content.TIES_TO_FEWEST_TURN_ORDER_VP.items())},
        "colour_groups": list(content.COLOUR_GROUPS),
        "planet_types": [{"id": kind, **info} for kind, info in content.PLANET_TYPES.items()],
        "crews": [dict(crew) for crew in content.CREWS],
        "reasons": dict(REASON_TEXT),
    }


GAME = GamePlugin(
    name="stargazer",
    order=1,
    ruleset="game.rules.stargazer:RULESET",
    bots={"easy": "game.ai.stargazer_bots:EasyBot",
          "normal": "game.ai.stargazer_bots:StrongBot",
          "hard": "game.ai.stargazer_bots:HardBot"},
    default_bot="normal",
    think_seconds={"hard": 2.0},
    bot_aliases={"strong": "normal"},
    client_kit="game.client.stargazer:KIT",
    teacher="game.ai.stargazer_teaching:TEACHER",
    messages="game.rules.stargazer.plugin:messages",
    public_data="game.rules.stargazer.plugin:public_data",
)
