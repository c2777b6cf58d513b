"""A power-bonus prompt through the UI: highlighted legal targets, used by keyboard, skipped."""

from __future__ import annotations

import pygame
import pytest

from game.ai import make_bot
from game.client import theme
from game.client.shooter import SEED
from game.client.stars.screenshots import _choose
from game.client.stars.table import DECISION_SETTLE_SECONDS, StarsTableScene
from game.rules.stars import RULESET
from tests.client.clienthelpers import FRAME
from tests.client.stars_play import near


def reach_power_prompt(drive) -> StarsTableScene:  # noqa: ANN001
    """A solo game on the screenshots' seed played by a greedy player up to its first power."""
    drive.app.seed_source = lambda: SEED
    drive.click(drive.scene.button("Play solo").rect.center)
    drive.click(drive.scene.start.rect.center)
    table: StarsTableScene = drive.scene
    drive.until(lambda: table.view is not None)
    bot = make_bot("stars", "greedy", SEED)
    # a player who goes for the power shape (a move that earns a power if there is one)
    while table.phase() != "power" and not table.view["over"]:
        n = table.view["card"]["n"]
        move = _choose(table, bot)
        if move is not None:
            table.session.send(table.active, move)
            drive.until(lambda: table.view.get("pending") is not None)
        if table.phase() == "review":
            drive.key(pygame.K_RETURN)
            drive.until(lambda n=n: table.view["card"]["n"] > n or table.view["over"])
    assert table.phase() == "power", "the seeded game offers a power bonus"
    return table


@pytest.mark.timeout(120)
def test_power_prompt_highlights_targets_and_uses_the_chosen_one(drive) -> None:  # noqa: ANN001
    table = reach_power_prompt(drive)
    drive.step(round(DECISION_SETTLE_SECONDS / FRAME) + 1)
    prompt = table.view["pending"]["prompt"]
    assert prompt["power"] == "line" and prompt["targets"]
    assert "bonus" in drive.app.sounds.played
    lines = [text for text, _ in table.status_lines(table.view, "power")]
    assert any("Power bonus: Line" in text for text in lines)
    # the words say what a circle stands for (a first-time player could not tell: a
    # playtest; the rules page says how one of two crossing lines is chosen)
    assert any("draw one extra line: click the circle at its middle" in text
               for text in lines), lines
    # the mouse picks the line under it, even one of the two crossing diagonals of a square
    targets = [t["line"] for t in table.targets()]
    for index in range(len(targets)):
        x1, y1, x2, y2 = targets[index]
        drive.move(table.geo.to_px(x1 + (x2 - x1) * 0.3, y1 + (y2 - y1) * 0.3))
        assert table.target_index == index
    # the arrows pick a target; it is drawn in the legal colour where the line would go
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    target = table.targets()[table.target_index]["line"]
    drive.step()
    mid = table.geo.to_px((target[0] + target[2]) / 2, (target[1] + target[3]) / 2)
    assert near(drive.pixel(mid), theme.LEGAL)
    before = len(table.view["pending"]["sheet"]["lines"])
    drive.key(pygame.K_RETURN)
    drive.until(lambda: table.phase() != "power"
                or len(table.view["pending"]["sheet"]["lines"]) > before, what="the bonus line")
    assert table.view["pending"]["sheet"]["lines"][before] == sorted_line(target)
    while table.phase() == "power":  # a chain: skip the rest with S
        drive.key(pygame.K_s)
        drive.step(2)
    assert table.phase() == "review"


def sorted_line(line: list[int]) -> list[int]:
    a, b = (line[0], line[1]), (line[2], line[3])
    return [*min(a, b), *max(a, b)]


def press(key: int, down: bool = True) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=key,
                                         mod=0, unicode="", scancode=0))


@pytest.mark.timeout(120)
def test_a_quick_or_held_enter_does_not_use_an_unseen_power(drive, settling) -> None:  # noqa: ANN001
    table = reach_power_prompt(drive)
    lines = len(table.view["pending"]["sheet"]["lines"])
    drive.key(pygame.K_RETURN)  # a quick second Enter, meant for "confirm"
    press(pygame.K_RETURN)  # ... and one still held (key repeat on)
    drive.step()
    before = table.target_index
    drive.key(pygame.K_RIGHT)  # the arrows choose a place meanwhile
    assert table.target_index != before
    drive.step(round(DECISION_SETTLE_SECONDS / FRAME) + 1)
    press(pygame.K_RETURN)  # the held key repeats after the wait: still not a choice
    drive.step(3)
    assert table.phase() == "power"
    assert len(table.view["pending"]["sheet"]["lines"]) == lines
    target = table.targets()[table.target_index]["line"]
    press(pygame.K_RETURN, down=False)
    drive.key(pygame.K_RETURN)  # released and pressed again: the place chosen
    drive.until(lambda: len(table.view["pending"]["sheet"]["lines"]) > lines,
                what="the bonus line")
    assert table.view["pending"]["sheet"]["lines"][lines] == sorted_line(target)


@pytest.mark.timeout(120)
def test_a_click_at_once_on_a_new_prompt_is_not_a_choice(drive, settling) -> None:  # noqa: ANN001
    table = reach_power_prompt(drive)
    lines = len(table.view["pending"]["sheet"]["lines"])
    x1, y1, x2, y2 = table.targets()[0]["line"]
    spot = table.geo.to_px((x1 + x2) / 2, (y1 + y2) / 2)
    drive.click(spot)
    drive.step(3)
    assert table.phase() == "power" and len(table.view["pending"]["sheet"]["lines"]) == lines
    drive.step(round(DECISION_SETTLE_SECONDS / FRAME) + 1)
    drive.click(spot)
    drive.until(lambda: len(table.view["pending"]["sheet"]["lines"]) > lines,
                what="the bonus line")


@pytest.mark.timeout(120)
def test_the_arrows_move_the_power_target_across_the_board(drive) -> None:  # noqa: ANN001
    """A direction picks the target that lies that way on the board: stepping through the
    prompt's list took dozens of presses to reach the other side (a playtest with a pad)."""
    table = reach_power_prompt(drive)
    drive.step(round(DECISION_SETTLE_SECONDS / FRAME) + 1)
    centres = [table.target_centre(t) for t in table.targets()]
    assert len(centres) > 10
    for key, axis, sign in ((pygame.K_RIGHT, 0, 1), (pygame.K_UP, 1, 1),
                            (pygame.K_LEFT, 0, -1), (pygame.K_DOWN, 1, -1)):
        here = centres[table.target_index]
        drive.key(key)
        there = centres[table.target_index]
        if there != here:
            assert (there[axis] - here[axis]) * sign > 0, (key, here, there)
    presses = 0
    rightmost = max(c[0] for c in centres)
    while centres[table.target_index][0] < rightmost and presses < 40:
        drive.key(pygame.K_RIGHT)
        presses += 1
    assert centres[table.target_index][0] == rightmost, "Right reaches the far side"
    assert presses <= 18, presses  # half a column a press at most (lines' middles)


@pytest.mark.timeout(120)
def test_enter_mashed_through_a_confirm_does_not_draw_the_next_card(drive, settling) -> None:  # noqa: ANN001
    """Presses mashed while confirming one card drew and confirmed the next one at its
    default spot, unseen (a playtest at one screen); the new card takes no Enter for its
    first moments, and then it does."""
    from tests.client.test_client_solo_game import start_solo

    table = start_solo(drive)
    drive.step(round(settling / FRAME) + 1)
    n = table.view["card"]["n"]
    drive.key(pygame.K_RIGHT)  # the keys' ghost: Enter draws where it stands
    drive.key(pygame.K_s)  # skip this card...
    drive.until(lambda: table.phase() == "review", what="the skip")
    for _ in range(6):  # ...and mash Enter: the confirm, then nothing on the new card
        drive.key(pygame.K_RETURN)
    drive.until(lambda: table.view["card"]["n"] > n, what="the next card")
    legal = next(m for m in RULESET.legal_moves(table.session.table.state, table.active)
                 if m["t"] in ("place", "shooting_star"))
    cursor = table.cursor  # the keys' ghost on a legal spot: an Enter that counted would draw
    cursor.rot, cursor.anchor = legal["rot"], (legal["dx"], legal["dy"])
    cursor.keyboard_ghost = True
    if legal["t"] == "shooting_star":
        cursor.shooting_size = legal["size"]
    for _ in range(4):
        drive.key(pygame.K_RETURN)
    assert table.phase() == "play" and not table.view.get("pending"), "not drawn unseen"
    drive.step(round(settling / FRAME) + 1)
    drive.key(pygame.K_RETURN)
    drive.until(lambda: table.phase() != "play", what="the card drawn once settled")


@pytest.mark.timeout(120)
def test_the_prompt_opens_on_the_place_next_to_the_shape_just_completed(drive) -> None:  # noqa: ANN001
    """A new player found the prompt's chosen place at the board's far edge, away from the
    shape the card had just completed, among places drawn as tiny dots that read as
    background stars: the prompt opens on the place nearest the completed shape, and every
    place shows as a ring that never pulses down to faint."""
    table = reach_power_prompt(drive)
    assert not table.mouse_on_board
    prompt = table.view["pending"]["prompt"]
    ends = [(x, y) for x1, y1, x2, y2 in prompt["copy"] for x, y in ((x1, y1), (x2, y2))]
    centre = (sum(x for x, _ in ends) / len(ends), sum(y for _, y in ends) / len(ends))
    distances = [((t["line"][0] + t["line"][2]) / 2 - centre[0]) ** 2
                 + ((t["line"][1] + t["line"][3]) / 2 - centre[1]) ** 2
                 for t in table.targets()]
    assert distances[table.target_index] == min(distances)
    assert max(distances) > 4 * distances[table.target_index] + 4, \
        "(the seeded prompt has places far from the shape too)"
    other = next(i for i in range(len(distances)) if i != table.target_index)
    x1, y1, x2, y2 = table.targets()[other]["line"]
    centre_px = table.geo.to_px((x1 + x2) / 2, (y1 + y2) / 2)
    for phase in range(8):  # through the whole pulse
        table.clock = phase * 0.157
        drive.step(seconds=0.0)
        shade = drive.pixel(centre_px)
        assert sum(shade) >= 0.45 * sum(theme.HIGHLIGHT), (phase, shade)


@pytest.mark.timeout(120)
def test_a_hint_in_a_power_prompt_keeps_the_score_line_and_adds_no_stray_dots(drive) -> None:  # noqa: ANN001
    """With a hint's line on top, the prompt's panel read "... or skip (S)...." and lost
    "Score if drawn here" (a new player's playtest): the score comes before the keys, and a
    message left out whole leaves no "…" after the full stop before it."""
    from tests.client.textboxes import drawn_texts

    table = reach_power_prompt(drive)
    drive.step(round(DECISION_SETTLE_SECONDS / FRAME) + 1)
    drive.key(pygame.K_h)
    drive.until(lambda: not table.hints.thinking, timeout=15, what="the hint")
    drive.step(2)
    assert table.hints.line() and table.hints.line() != "Thinking about a hint..."
    shown = drawn_texts(drive.app)
    assert any(text.startswith("Score if drawn here") for text in shown), shown
    assert not any(text.endswith(".…") for text in shown), shown


@pytest.mark.timeout(120)
def test_the_power_prompt_says_its_keys_whole(drive) -> None:  # noqa: ANN001
    """"Click a highlighted place (or arrows + Enter), …": the line ran past the Hint button
    (a 4K playtest); the keyboard's keys are in the help under the panel."""
    from tests.client.textboxes import drawn_texts

    table = reach_power_prompt(drive)
    drive.move(table.geo.to_px(0, 10))  # the mouse on the board: its preview lines show
    drive.step(round(DECISION_SETTLE_SECONDS / FRAME) + 1)
    shown = drawn_texts(drive.app)
    prompt = [text for text in shown if text.startswith("Click a highlighted place")]
    assert prompt == ["Click a highlighted place, or skip (S)."], shown
    assert "Arrows + Enter: keyboard" in " ".join(shown), "the help under it says the keys"


@pytest.mark.timeout(120)
def test_the_japanese_power_prompt_says_its_keys_whole(drive) -> None:  # noqa: ANN001
    """The Japanese prompt's last line ended in "…" above the Hint button (a Japanese
    player's playtest)."""
    from tests.client.textboxes import drawn_texts

    drive.app.set_language("ja")
    reach_power_prompt(drive)
    drive.step(round(DECISION_SETTLE_SECONDS / FRAME) + 1)
    shown = drawn_texts(drive.app)
    assert "光る場所をクリック（使わない：S）" in shown, [t for t in shown if "クリック" in t]
    assert not any(text.endswith("…") for text in shown), [t for t in shown if "…" in t]


@pytest.mark.timeout(120)
def test_a_click_on_a_shared_centre_draws_the_diagonal_shown(drive) -> None:  # noqa: ANN001
    """The two diagonals of a square share a circle: the hint showed one, a click on the
    circle's centre drew the other (a mouse-only playtest). At a shared centre the diagonal
    already chosen stays chosen, and the click draws it."""
    table = reach_power_prompt(drive)
    drive.step(round(DECISION_SETTLE_SECONDS / FRAME) + 1)
    targets = table.targets()
    pairs = [(i, j) for i, a in enumerate(targets) for j, b in enumerate(targets)
             if i != j and "line" in a and "line" in b
             and table.target_centre(a) == table.target_centre(b)]
    assert pairs, "(the seeded prompt offers both diagonals of a square)"
    for first, second in pairs[:2]:
        for chosen in (first, second):
            table.target_index = chosen
            centre = table.geo.to_px(*table.target_centre(targets[chosen]))
            drive.move(centre)
            assert table.target_index == chosen, "the pointer on the centre keeps the choice"
    sent = []
    table.session.send = lambda seat, move: sent.append(move)
    first, second = pairs[0]
    table.target_index = second
    drive.click(table.geo.to_px(*table.target_centre(targets[second])))
    assert sent[-1:] == [{"t": "power", **targets[second]}], (sent, targets[first])


@pytest.mark.timeout(120)
def test_enter_on_a_place_that_costs_points_asks_again(drive, monkeypatch) -> None:  # noqa: ANN001
    """An Enter meant to go on used the power where a resting mouse pointed and broke a
    constellation, -8 (a player's playtest): Enter on a place whose preview costs points says
    so and uses it only at a second press there; a place that costs nothing takes one press.
    (The seeded game's only prompt has no costly place: its preview is made to cost 8.)"""
    table = reach_power_prompt(drive)
    drive.step(round(DECISION_SETTLE_SECONDS / FRAME) + 1)
    targets = [t["line"] for t in table.targets()]
    costly, free = 0, 1  # (a place that costs nothing takes one Enter: the test above)
    shown = table.preview

    def preview() -> dict:
        made = shown()
        if table.target_index == costly:
            made = {**made, "delta": {**made["delta"], "total": -8}}
        return made

    monkeypatch.setattr(table, "preview", preview)
    before = len(table.view["pending"]["sheet"]["lines"])
    for index in (costly, free, costly):  # (the free place is only passed over)
        x1, y1, x2, y2 = targets[index]
        drive.move(table.geo.to_px(x1 + (x2 - x1) * 0.3, y1 + (y2 - y1) * 0.3))
        assert table.target_index == index
    drive.key(pygame.K_RETURN)
    drive.step(5)
    assert table.phase() == "power", "one Enter does not use a place that costs points"
    said = str(table.status[0])
    assert "costs 8 points" in said and "Enter again" in said, said
    drive.key(pygame.K_RETURN)
    drive.until(lambda: table.phase() != "power"
                or len(table.view["pending"]["sheet"]["lines"]) > before, what="the line")
    assert table.view["pending"]["sheet"]["lines"][before] == sorted_line(targets[costly])


@pytest.mark.timeout(120)
def test_enter_on_the_place_the_prompt_opened_on_asks_first(drive) -> None:  # noqa: ANN001
    """An Enter meant to confirm the card used the power where the prompt opened (a
    playtest): the place the prompt chose asks first; a second Enter uses it. The question
    stands under what the place scores (a warning first pushed the reasons out)."""
    table = reach_power_prompt(drive)
    drive.step(round(DECISION_SETTLE_SECONDS / FRAME) + 1)
    target = table.targets()[table.target_index]["line"]
    before = len(table.view["pending"]["sheet"]["lines"])
    drive.key(pygame.K_RETURN)
    drive.step(3)
    assert table.phase() == "power" and len(table.view["pending"]["sheet"]["lines"]) == before
    lines = [text for text, _colour in table.status_lines(table.view, "power")]
    asked = next(i for i, text in enumerate(lines) if text.startswith("Use the power here?"))
    scored = next(i for i, text in enumerate(lines) if text.startswith("Score if drawn here"))
    assert scored < asked, lines
    drive.key(pygame.K_RETURN)
    drive.until(lambda: table.phase() != "power"
                or len(table.view["pending"]["sheet"]["lines"]) > before, what="the line")
    assert table.view["pending"]["sheet"]["lines"][before] == sorted_line(target)
