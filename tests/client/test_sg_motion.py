"""Cube drops driven by the events: every cube that lands falls with a bounce, one after another;
free cubes drop onto crews, a cube taken back lifts away, swapped cubes hop; and the ring never
falls far behind a fast table."""

from __future__ import annotations

import pytest

from game.client.session import GameConfig, SeatChoice
from game.client.stargazer.motion import (
    DROP_SECONDS,
    FIRST_IMPACT,
    MOST_BEHIND,
    STAGGER,
    CubeMotion,
    bounce,
)
from game.client.stargazer.table import StargazerTableScene


def test_a_fall_bounces_and_ends_on_the_ground() -> None:
    assert bounce(0.0) == 0.0 and bounce(1.0) == pytest.approx(1.0)
    assert bounce(FIRST_IMPACT) == pytest.approx(1.0)  # first touch
    assert bounce((FIRST_IMPACT + 2 / 2.75) / 2) < 0.9  # then up again
    samples = [bounce(i / 200) for i in range(201)]
    assert all(0.0 <= v <= 1.0 + 1e-9 for v in samples)


def test_cubes_of_one_move_fall_one_after_another_and_land_with_a_sound() -> None:
    motion = CubeMotion()
    for square in (1, 2, 3):
        motion.drop(("square", 0, square), 1)
    starts = [f.start for f in motion.flights]
    assert starts == pytest.approx([0.0, STAGGER, 2 * STAGGER])
    impacts: list = []
    step = 1 / 120
    hidden_at_first_touch = None
    while motion.busy:
        motion.update(step, impacts.append)
        if impacts and hidden_at_first_touch is None:
            hidden_at_first_touch = motion.hidden()
    assert hidden_at_first_touch == {("square", 0, s) for s in (1, 2, 3)}, \
        "the first cube touches down while the others are still in the air"
    assert [f.place for f in impacts] == [("square", 0, s) for s in (1, 2, 3)]
    assert motion.clock == pytest.approx(2 * STAGGER + DROP_SECONDS, abs=2 * step)
    assert not motion.hidden()


def test_a_table_running_far_ahead_lands_the_waiting_cubes_at_once() -> None:
    motion = CubeMotion()
    count = int(MOST_BEHIND / STAGGER) + 4
    for i in range(count):
        motion.drop(("square", i % 5, 1 + i // 5), 0)
    assert len(motion.flights) < count, "cubes not yet in the air were landed"
    assert max(f.start for f in motion.flights) - motion.clock <= MOST_BEHIND + STAGGER


@pytest.fixture
def table(drive):  # noqa: ANN001, ANN201
    config = GameConfig("stargazer", [SeatChoice("human", "Ann"), SeatChoice("ai", "Vega",
                                                                             "random"),
                                      SeatChoice("ai", "Rigel", "random")],
                        {"start_player": 0}, "solo")
    scene = StargazerTableScene(drive.app, config, 3)
    drive.app.push(scene)
    drive.until(lambda: scene.view is not None)
    return scene


def test_each_event_moves_its_cubes(table) -> None:  # noqa: ANN001
    crews = table.view["crews"]
    motion = table.motion
    motion.skip()
    table.on_event(0, {"type": "free_cube_added", "crew": crews[1], "count": 1})
    table.on_event(0, {"type": "cube_recalled", "seat": 1, "planet": 2, "square": 4})
    table.on_event(0, {"type": "cubes_swapped", "seat": 2, "planet": 1, "square": 2,
                       "other": 0})
    table.on_event(0, {"type": "motivation_bonus", "seat": 0, "crew": crews[2],
                       "free_cubes": 2, "player_cubes": [1], "vp": 4})
    table.on_event(0, {"type": "zero_square_claimed", "seat": 2, "planet": 3, "previous": 1})
    table.on_event(0, {"type": "crew_chosen", "seat": 0, "crew": crews[0]})
    kinds = [(f.kind, f.place, f.owner) for f in motion.flights]
    assert ("drop", ("crew", 1), -1) in kinds, "a free cube drops onto an unpicked crew"
    assert ("lift", ("square", 2, 4), 1) in kinds, "a cube taken back lifts away"
    assert ("hop", ("square", 1, 3), 2) in kinds and ("hop", ("square", 1, 2), 0) in kinds
    assert [k for k in kinds if k[1] == ("crew", 2)] == [("lift", ("crew", 2), -1)] * 2 + [
        ("lift", ("crew", 2), 1)], "the crew's cubes leave it: two free, one player's"
    assert ("lift", ("square", 3, 0), 1) in kinds and ("drop", ("square", 3, 0), 2) in kinds
    assert ("drop", ("worker", 0), 0) in kinds
    assert [f.text for f in motion.floaters] == ["+4 VP"]
    table.on_event(0, {"type": "pick_vp", "seat": 0, "crew": crews[2], "vp": 1})
    assert [(f.text, f.place, f.row) for f in motion.floaters] == [
        ("+4 VP", ("crew", 2), 0), ("+1 VP", ("crew", 2), 1)], "a pick's VP rises too, beside"
    table.view["workers"][3] = 1  # seat 1 is on the fourth crew (the Deep Driller, say)
    table.on_event(0, {"type": "repeat_cost", "seat": 1, "cubes": 1, "vp": -2})
    assert (motion.floaters[-1].text, motion.floaters[-1].place) == ("-2 VP", ("crew", 3))
    for _ in range(200):
        table.update(1 / 60)
    played = table.app.sounds.played
    assert "cube_lift" in played and "cube_drop" in played
    assert not motion.busy


def test_a_later_floater_of_a_place_takes_the_place_of_the_one_still_shown() -> None:
    """One that rose to the top of its crew's row stays there: a later one would land on it
    (two texts one over the other); those of the same moment stand side by side."""
    motion = CubeMotion()
    motion.say("+1 VP", ("crew", 0), (255, 255, 255))
    motion.say("+2 VP", ("crew", 0), (255, 255, 255))
    motion.say("+3 VP", ("crew", 4), (255, 255, 255))
    assert [(f.text, f.row) for f in motion.floaters] == [("+1 VP", 0), ("+2 VP", 1),
                                                          ("+3 VP", 0)]
    motion.update(0.5)
    motion.say("+5 VP", ("crew", 0), (255, 255, 255))
    assert [(f.text, f.place, f.row) for f in motion.floaters] == [
        ("+3 VP", ("crew", 4), 0), ("+5 VP", ("crew", 0), 0)]


def test_nothing_in_the_air_crosses_the_top_bar(table) -> None:  # noqa: ANN001
    """A worker lifting off the first crew flew over the top bar's "Esc: menu" (a playtest),
    as did a cube falling onto a planet at the top of the ring: the bar shows the same pixels
    while they fly as without them."""
    import pygame

    geo = table.ring.geo
    top = min(range(len(geo.cards)), key=lambda planet: geo.cards[planet].y)
    table.motion.skip()
    screen = table.app.screen

    def top_bar_now() -> bytes:
        table.draw(screen, 0.0)
        return pygame.image.tobytes(screen.subsurface(table.top_bar), "RGB")

    still = top_bar_now()
    table.motion.lift(("worker", 0), 0)
    table.motion.lift(("crew", 0), 1)
    table.motion.drop(("square", top, 1), 2)
    flying = []
    for _ in range(20):
        table.motion.clock += 0.02
        flying.append(top_bar_now())
    assert table.motion.busy
    assert all(shot == still for shot in flying)


def test_floaters_of_one_moment_stay_beside_the_crews_name_inside_its_row(table) -> None:  # noqa: ANN001
    """A crew picked for its VP with a Quartermaster's cube on it says "+1 VP" and "+2 VP"
    at once: side by side the later one stood left of the cubes, over the end of a long
    name ("Dr. Okafor, Archaeologist", the screenshot walk): the pair starts no further left
    than the cubes' place and stays inside the crew's row while it rises."""
    from tests.client.textboxes import drawn_marks

    table.motion.skip()
    crew = 1
    table.motion.say("+1 VP", ("crew", crew), (255, 255, 255))
    table.motion.say("+2 VP", ("crew", crew), (255, 255, 255))
    row, place = table.crew_rects[crew], table.place_rect(("crew", crew))
    for _ in range(4):
        marks = [m for m in drawn_marks(table.app) if m.text in ("+1 VP", "+2 VP")
                 and m.size == table.layout.font_px("body")]
        assert len(marks) == 2
        later, first = sorted(marks, key=lambda m: m.rect.x)
        assert later.text == "+2 VP", "the later stands to the left"
        assert later.rect.left >= place.left and first.rect.right <= row.right
        assert not later.rect.colliderect(first.rect)
        table.motion.update(0.3)
