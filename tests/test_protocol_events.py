"""docs/PROTOCOL.md names every field every event carries, per event type (issue 23, point 5b).

Seeded random games of both games (every Look at the Stars power card, both Stargazer table
sizes) are played through the engines; each event's keys are collected per type and checked
against that event's row in the game's events table of section 11, where a private event's
`to` must be listed too. Section 4 says what `to` is."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from game.rules import get_ruleset
from game.rules.base import make_rng, visible_events

DOC = (Path(__file__).resolve().parents[1] / "docs" / "PROTOCOL.md").read_text()
#: the games each game's key collection plays: (players, options) per game
GAMES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "stars": [(players, {"power_card": power}) for power in range(1, 10) for players in (1, 3)],
    "stargazer": [(players, {}) for players in (3, 4) for _ in range(6)],
}


def events_table(game: str) -> dict[str, set[str]]:
    """Event type -> the names in backticks in its row's fields cell, from the game's events
    table in section 11."""
    part = DOC.split(f'(`game` = `"{game}"`')[1].split("\n### ")[0]
    table = part.split("**Events**")[1].split("\n\n")[1]
    rows: dict[str, set[str]] = {}
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if not line.startswith("| `") or len(cells) < 3:
            continue
        for name in re.findall(r"`(\w+)`", cells[0]):
            rows[name] = set(re.findall(r"`(\w+)`", cells[1]))
    return rows


def collected_keys(game: str) -> dict[str, set[str]]:
    """Event type -> every key an event of that type carried in the seeded games."""
    ruleset = get_ruleset(game)
    keys: dict[str, set[str]] = {}
    for number, (players, options) in enumerate(GAMES[game]):
        state = ruleset.setup(ruleset.normalize_options({"players": players, **options}), number)
        rng = make_rng(number, "protocol-events")
        while not ruleset.is_over(state):
            seat = rng.choice(sorted(ruleset.to_move(state)))
            move = rng.choice(ruleset.legal_moves(state, seat))
            for event in ruleset.apply(state, seat, move):
                keys.setdefault(event["type"], set()).update(event)
                if "to" in event:  # what the doc says of every private event
                    assert event["to"] == [event["seat"]], event
                    assert visible_events([event], None) == []
    return keys


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_key_of_every_event_is_in_its_row_of_the_protocol(game: str) -> None:
    documented = events_table(game)
    seen = collected_keys(game)
    assert set(seen) == set(documented), "every event type, and no other, has a row"
    missing = {kind: sorted(keys - {"type"} - documented[kind])
               for kind, keys in seen.items() if keys - {"type"} - documented[kind]}
    assert not missing, f"docs/PROTOCOL.md section 11 ({game}) leaves out {missing}"


def test_the_events_message_says_what_to_is_and_bonus_has_its_type() -> None:
    section4 = DOC.split("### `events`")[1].split("\n### ")[0]
    assert "**`to`** (array of int" in section4
    row = next(line for line in DOC.split("### 11.1")[1].splitlines()
               if line.startswith("| `lines_drawn`"))
    assert "`bonus` (bool" in row
    assert "bonus" in collected_keys("stars")["lines_drawn"]
