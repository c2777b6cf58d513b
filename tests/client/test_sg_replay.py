"""Stargazer's replay: a jump shows the game as it stands without piling "+1 VP" labels over
the crews, the story so far goes to the log, and the table shows no buttons that do nothing."""

from __future__ import annotations

import pygame
import pytest

from game.client.record import GameRecord
from game.client.scenes.replay import ReplayScene
from game.rules.base import make_rng
from game.rules.stargazer import RULESET
from tests.client.sg_play import painted

NAMES = ["Ann", "Deneb", "Vega"]




def finished_record() -> GameRecord:
    options = RULESET.normalize_options({"players": 3})
    state = RULESET.setup(options, 3)
    rng = make_rng(3, "sg-replay")
    moves = []
    while not RULESET.is_over(state):
        seat = sorted(RULESET.to_move(state))[0]
        move = rng.choice(RULESET.legal_moves(state, seat))
        RULESET.apply(state, seat, move)
        moves.append([seat, move])
    return GameRecord("stargazer", options, 3, moves, NAMES, ["human", "ai", "ai"])


@pytest.mark.parametrize("jump", [pygame.K_END, pygame.K_UP])
def test_a_replay_jump_piles_no_labels_over_the_crews(drive, jump: int) -> None:  # noqa: ANN001
    replay = ReplayScene(drive.app, finished_record(), 0)
    drive.app.push(replay)
    drive.step(2)
    drive.key(jump)
    table = replay.table
    drive.step()
    assert not table.motion.floaters, "a jump spawns no '+1 VP' labels"
    assert not table.motion.flights, "nor cubes in flight"
    log = " ".join(str(text) for text, _color in table.log)
    assert "Deneb picks" in log, "the story so far is in the log"
    if jump == pygame.K_END:  # the end of a replay offers no final scoring to step through
        texts = " ".join(item.text for item in painted(drive, table).drawn)
        assert "Enter or a click: next" not in texts and "The game is over." in texts


def test_a_replay_shows_no_buttons_that_do_nothing(drive) -> None:  # noqa: ANN001
    replay = ReplayScene(drive.app, finished_record(), 0)
    drive.app.push(replay)
    drive.step(2)
    for position in [*range(12), 0]:  # stepping forward, and a jump back to the start
        replay.go(position)
        drive.step()
        table = replay.table
        assert table.visible_buttons() == []
        texts = " ".join(item.text for item in painted(drive, table).drawn)
        for label in ("< Previous", "Next >", "Use the skill here", "Pick this crew",
                      "Confirm (Enter)", "Start here", "Take back a cube"):
            assert label not in texts, (position, label)


def test_the_mouse_on_a_crew_shows_its_full_text_in_a_replay(drive) -> None:  # noqa: ANN001
    """The crews panel says "the mouse on a crew: its full text", which a replay did not do
    (a playtest)."""
    from game.client.stargazer.table_draw import TOOLTIP_DELAY
    from game.rules.stargazer import CREWS_BY_ID

    replay = ReplayScene(drive.app, finished_record(), 0)
    drive.app.push(replay)
    drive.step(2)
    replay.go(5)
    drive.step()
    table = replay.table
    crew = CREWS_BY_ID[table.view["crews"][1]]
    drive.move(table.crew_rects[1].center)
    drive.step(int(TOOLTIP_DELAY * 60) + 6)
    texts = " ".join(item.text for item in painted(drive, table).drawn)
    assert f"{crew['name']}: up to" in texts, texts


def test_a_replays_still_moment_ends_its_title_without_thinking_dots(drive) -> None:  # noqa: ANN001
    """"Ann is choosing a crew.." in a replay read as a typo (a 4K playtest): the dots say
    someone is at it now, which a moment replayed is not."""
    replay = ReplayScene(drive.app, finished_record(), 0)
    drive.app.push(replay)
    drive.step(2)
    titles = set()
    for position in range(8):
        replay.go(position)
        for _frame in range(3):
            drive.step(7)
            titles.add(replay.table.action_lines(replay.table.view)[0])
    named = [title for title in titles if " is " in title]
    assert named and not any(title.endswith(".") for title in named), titles
