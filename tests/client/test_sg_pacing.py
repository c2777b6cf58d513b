"""What the bots did in Stargazer is seen: every move is in the game log, a bot's move holds
the stage for a while (its caption, its crew outlined, its cubes dropping) at the player's AI
speed, and a replay shows a jump without piling up "+1 VP" labels and without buttons that do
nothing."""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable

import pygame
import pytest

from game.client.i18n import tr
from game.client.scenes.settings_scene import SettingsScene
from game.client.session import GameConfig, LocalSession, SeatChoice
from game.client.settings import AI_SPEEDS, Settings
from game.client.stargazer.names import planet_name
from game.client.stargazer.pacing import BEAT_SECONDS, Beat
from game.client.stargazer.story import crew_name, story_lines
from game.client.stargazer.table import StargazerTableScene
from game.rules.base import reproducible_secrets
from game.rules.stargazer import PLANET_TYPES, RULESET
from game.rules.stargazer.scoring import FREE
from tests.client.clienthelpers import FRAME, Driver
from tests.client.sg_play import painted
from tests.client.textboxes import Recorder, RecordingSurface, drawn_texts, recording

NAMES = ["Ann", "Deneb", "Vega"]




def solo_table(drive: Driver, speed: str, *, bots_first: bool = False) -> StargazerTableScene:
    """Ann against two bots at AI speed ``speed``, the bots free to play at once (Deneb
    starts). ``bots_first``: the window first looks once the bots have moved."""
    drive.app.settings.ai_speed = speed
    config = GameConfig("stargazer", [SeatChoice("human", "Ann"),
                                      SeatChoice("ai", "Deneb", "random"),
                                      SeatChoice("ai", "Vega", "random")],
                        {"players": 3}, "solo")
    with reproducible_secrets("client-tests"):
        session = LocalSession(config, 7, ai_delay=0.0)
    if bots_first:  # Deneb and Vega have picked their crews and played on to Ann
        deadline = time.monotonic() + 10
        while 0 not in session.table.to_move() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert session.table.version > 0
    table = StargazerTableScene(drive.app, config, 7, session=session)
    drive.app.push(table)
    return table


def play_until_a_bot_moves(drive: Driver, table: StargazerTableScene,
                           moved: Callable[[], bool] | None = None) -> None:
    """Ann plays random legal moves (straight to the table) until a bot's move is on stage
    (or ``moved()``)."""
    rng = random.Random(3)

    def bot_on_stage() -> bool:
        if (table.pacer.holding() is not None or table.pacer.waiting) if moved is None \
                else moved():
            return True
        session = table.session
        state = session.table.state
        if state["current"] == 0 and table.phase() not in ("watching", "waiting") and \
                not table.pacer.busy:
            session.send(0, rng.choice(RULESET.legal_moves(state, 0)))
        return False

    # real-time bound, pausing between frames as the window does: the bots think in a thread
    # that a busy test loop could starve
    drive.until(bot_on_stage, what="a bot's move on stage")


def seconds_on_stage(drive: Driver, table: StargazerTableScene) -> tuple[float, str, bool]:
    """How long (game time) the first bot move's caption stays on screen; its first line and
    whether its crew was outlined meanwhile."""
    drive.until(lambda: bool(table.caption()), what="a bot's caption")
    first = table.caption()[0][0]
    outlined = bool(table.pacer.holding() and table.beat_places(table.pacer.holding()))
    seconds = 0.0
    while table.caption() and table.caption()[0][0] == first:
        drive.step()
        seconds += FRAME * drive.app.settings.animation_speed
        if seconds < 1.2:
            shown = painted(drive, table)
            assert first in [item.text for item in shown.drawn], "the caption is drawn"
            assert not shown.problems(), shown.problems()
        if seconds > 30:
            break
    return seconds, first, outlined


def test_every_kind_of_move_has_a_line_in_the_game_log() -> None:
    view = RULESET.setup(RULESET.normalize_options({"players": 4}), 5)
    crews, planets = view["crews"], view["planets"]
    events = [
        {"type": "crew_chosen", "seat": 1, "crew": crews[0]},
        {"type": "motivation_bonus", "seat": 1, "crew": crews[0], "free_cubes": 2,
         "player_cubes": [], "vp": 2},
        {"type": "pick_vp", "seat": 1, "crew": crews[0], "vp": 1},
        {"type": "skill_ignored", "seat": 1, "crew": crews[1], "effect": "recall"},
        {"type": "skill_applied", "seat": 1, "crew": crews[1], "effect": "x"},
        {"type": "cube_placed", "seat": 1, "owner": FREE, "planet": 2, "square": 3},
        {"type": "cube_placed", "seat": 1, "owner": 1, "planet": 1, "square": 0},
        {"type": "cube_to_crew", "seat": 1, "crew": crews[2]},
        {"type": "crew_cleared", "seat": 1, "crew": crews[3], "free_cubes": 2, "vp": 2},
        {"type": "cube_recalled", "seat": 1, "planet": 0, "square": 4},
        {"type": "cubes_swapped", "seat": 1, "planet": 0, "square": 2, "other": 2},
        {"type": "zero_square_claimed", "seat": 1, "planet": 3, "previous": 0},
        # a free cube's owner is -1: the log said "swaps ahead of ?" (a mouse-only playtest)
        {"type": "cubes_swapped", "seat": 1, "planet": 0, "square": 3, "other": -1},
        {"type": "zero_square_claimed", "seat": 1, "planet": 3, "previous": -1},
        {"type": "repeat_cost", "seat": 1, "cubes": 1, "vp": -1},
        {"type": "cube_placed", "seat": 1, "owner": 1, "planet": 0, "square": 2},
        {"type": "cube_placed", "seat": 1, "owner": 1, "planet": 1, "square": 1},
        {"type": "round_ended", "round": 2},
        {"type": "free_cube_added", "crew": crews[4], "count": 1},
        {"type": "free_cube_added", "crew": crews[1], "count": 1},
        {"type": "start_player_set", "seat": 2, "start": 0},
        {"type": "start_player_set", "seat": 2, "start": 2},
        {"type": "round_started", "round": 3, "start": 0},
        {"type": "game_over", "reason": "hand_empty", "scores": [30, 28, 12],
         "ranking": [0, 1, 2]},
    ]
    lines = [str(text) for text, _color in story_lines(events, NAMES, view)]

    def track(planet: int) -> list[int]:
        return PLANET_TYPES[planets[planet]]["track"]

    expected = [
        f"Deneb picks {crew_name(crews[0])}.",
        "Deneb: motivation bonus +2 VP.",
        f"Deneb: +1 VP for picking {crew_name(crews[0])}.",
        f"{crew_name(crews[1])}: the skill cannot apply now, so it is ignored.",
        # (with what the square is worth: the cards print VP, not square numbers)
        f"Deneb puts a free cube on {planet_name(planets, 2, short=False)}, square 3"
        f" ({track(2)[2]} VP).",
        f"Deneb puts a cube on the 0 square of {planet_name(planets, 1, short=False)}.",
        f"Deneb puts a cube on {crew_name(crews[2])}.",
        f"Deneb clears 2 free cubes from {crew_name(crews[3])}: +2 VP.",
        f"Deneb takes back the cube on {planet_name(planets, 0, short=False)}, square 4"
        f" ({track(0)[3]} VP).",
        f"Deneb swaps ahead of Vega's cube on {planet_name(planets, 0, short=False)}, to square 2"
        f" ({track(0)[1]} VP).",
        f"Deneb takes the 0 square of {planet_name(planets, 3, short=False)} from Ann's cube.",
        f"Deneb swaps ahead of a free cube on {planet_name(planets, 0, short=False)}, "
        f"to square 3 ({track(0)[2]} VP).",
        f"Deneb takes the 0 square of {planet_name(planets, 3, short=False)} from a free cube.",
        "Deneb pays 1 VP for cubes on the same planet.",
        f"Deneb investigates with 2 cubes: {planet_name(planets, 0)} > {planet_name(planets, 1)}",
        "Round 2 is over.",
        "A free cube joins each of 2 crews without a worker.",
        "Vega names Ann to start the next round.",
        "Vega chooses to start the next round.",  # (it said "Vega names Vega")
        "Round 3: Ann starts.",
        "The game is over: Ann 30 VP, Deneb 28 VP, Vega 12 VP",
    ]
    assert lines == expected


def test_a_bot_move_holds_the_stage_for_a_while_at_the_default_speed(drive) -> None:  # noqa: ANN001
    assert Settings().ai_speed == "normal"
    table = solo_table(drive, "normal")
    play_until_a_bot_moves(drive, table)
    seconds, first, outlined = seconds_on_stage(drive, table)
    assert seconds >= 1.2, f"the caption {first!r} showed for {seconds:.2f} s only"
    assert outlined, "the bot's crew (or the places of its cubes) is outlined"
    # the bots' moves wait their turn on screen: the table never shows the newest state early
    drive.until(lambda: table.view is not table.session.views[0] and table.pacer.busy,
                what="moves waiting to be shown")
    assert table.phase() == "watching"
    # every move of the bots is in the log, worded
    drive.until(lambda: not table.pacer.busy and table.phase() != "watching", timeout=60,
                what="Ann's turn again")
    log = " ".join(str(text) for text, _color in table.log)
    assert "Deneb picks" in log and "Vega picks" in log
    assert "Deneb investigates" in log or "Vega investigates" in log


def test_the_ai_speed_setting_changes_the_pace(drive) -> None:  # noqa: ANN001
    held = {}
    for speed in ("slow", "fast", "instant"):
        table = solo_table(drive, speed)
        if speed == "instant":
            play_until_a_bot_moves(drive, table, lambda table=table: any(
                "Deneb picks" in text for text, _color in table.log))
            assert table.pacer.holding() is None, "Instant: moves show as they come"
            assert not table.caption()
        else:
            play_until_a_bot_moves(drive, table)
            held[speed], _first, _outlined = seconds_on_stage(drive, table)
        table.session.close()
        drive.app.pop()
    assert held["slow"] > 2 * held["fast"], held
    assert held["fast"] >= min(BEAT_SECONDS.values()) * AI_SPEEDS["fast"]


def test_space_skips_to_the_next_turn_played_here(drive) -> None:  # noqa: ANN001
    table = solo_table(drive, "slow")
    play_until_a_bot_moves(drive, table)
    drive.until(lambda: table.pacer.holding() is not None, what="a bot's move on stage")
    assert table.caption(), "the move on the stage has its caption"
    drive.key(pygame.K_SPACE)
    # the caption of a move skipped goes with it (one a round old stayed up while the next
    # bot thought: a playtest; here Ann's turn comes at once, so its time left is what tells)
    assert not table.caption() and table.pacer.caption_left == 0, table.caption()
    drive.until(lambda: table.phase() != "watching", timeout=30, what="Ann's turn")
    assert table.view is table.session.views[0], "Ann's turn shows at once, on the newest view"
    assert table.pacer.holding() is None


def test_the_ai_speed_is_a_setting(drive) -> None:  # noqa: ANN001
    drive.app.push(SettingsScene(drive.app))
    drive.step()
    row = drive.scene.ai_speed
    assert "AI speed" in " ".join(drawn_texts(drive.app))
    drive.scene.form.focus = drive.scene.form.widgets.index(row)
    while row.value != "slow":
        drive.key(pygame.K_RIGHT)
    assert drive.app.settings.ai_speed == "slow"
    assert Settings.load(drive.app.settings.save()).ai_speed == "slow"
    drive.app.settings.ai_speed = "warp"
    assert Settings.load(drive.app.settings.save()).ai_speed == "normal"


def test_the_log_opens_over_the_crews_and_scrolls_back(drive) -> None:  # noqa: ANN001
    table = solo_table(drive, "instant")
    play_until_a_bot_moves(drive, table, lambda: len(table.log) > 30)
    drive.until(lambda: table.phase() == "crew", timeout=30, what="Ann's crew choice")
    small = [item.text for item in painted(drive, table).drawn]
    newest = str(table.log[-1][0])
    assert newest in small, "the newest line is in the log under the prompt"
    drive.key(pygame.K_l)
    shown = painted(drive, table)
    assert not shown.problems(), shown.problems()
    opened = [item.text for item in shown.drawn]
    told = [str(text) for text, _color in table.log]
    assert sum(line in opened for line in told) > sum(line in small for line in told) + 10, \
        "the open log shows many more lines"
    # the wheel over it goes back; a click on it closes it and picks no crew under it
    drive.move(table.full_log().center)
    drive.wheel(5)
    drawn = [i.text for i in painted(drive, table).drawn]
    assert 0 < table.log_scroll <= 5 and newest not in drawn  # (at most the first page)
    assert f"{table.log_scroll} newer below" in drawn, "scrolled back, it says so"
    # back to the start: the first page, full (it showed one line at the bottom of an
    # empty panel), and the wheel goes no further back
    drive.wheel(len(table.log) + 50)
    first = painted(drive, table)
    drawn = [i.text for i in first.drawn]
    assert "Round 1" in drawn or any(str(table.log[0][0]) in t for t in drawn), drawn
    assert sum(str(text) in drawn for text, _c in table.log[:12]) >= 8, drawn
    assert table.log_scroll < len(table.log) - 8
    assert not first.problems(), first.problems()
    drive.click(table.crew_rects[table.legal_crews()[0]].center)
    assert table.crew_choice is None and not table.full_log().h
    assert table.log_scroll == 0, "closed, the small log shows the newest lines again"
    assert newest in [i.text for i in painted(drive, table).drawn]
    # the mouse passing over the log leaves it closed; a click opens it, L closes it
    drive.move(table.log_rect.center)
    assert not table.full_log().h
    drive.click(table.log_rect.center)
    assert table.full_log().h
    drive.key(pygame.K_l)
    assert not table.full_log().h


def test_settings_rows_stay_above_the_footer_with_one_more_row(drive) -> None:  # noqa: ANN001
    from game.client.widgets import Choice

    for size in ((1280, 720), (800, 600)):
        drive.app.resize(size)
        scene = SettingsScene(drive.app)
        scene.form.widgets.insert(1, Choice("Another", [(False, "Off")], False, print))
        drive.app.push(scene)
        drive.step()
        lay = drive.app.layout
        assert scene.done.rect.bottom <= lay.height - lay.px(30), size
        assert not [item for item in painted_scene(drive).drawn
                    if item.rect.bottom > scene.done.rect.bottom + lay.px(30)
                    and item.text != "Up/Down choose  ·  Left/Right change  ·  Esc back"]
        drive.app.pop()


def painted_scene(drive: Driver) -> Recorder:
    surface = RecordingSurface(drive.app.screen.get_size())
    with recording(drive.app) as recorder:
        surface.recorder = recorder
        recorder.screen = surface.get_rect()
        drive.scene.draw(surface, 0.0)
        recorder.replay(surface.marks())
    return recorder


@pytest.mark.parametrize(("size", "language"), [((1280, 720), "ja"), ((800, 600), "en"),
                                                ((800, 600), "ja"), ((1920, 1080), "ja")])
def test_the_caption_and_the_log_keep_to_their_boxes(drive, size, language) -> None:  # noqa: ANN001
    drive.app.resize(size)
    drive.app.set_language(language)
    try:
        table = solo_table(drive, "normal")
        play_until_a_bot_moves(drive, table)
        drive.until(lambda: bool(table.caption()), what="a bot's caption")
        drive.step(20)
        for opened in (False, True):
            table.log_open = opened
            shown = painted(drive, table)
            texts = [item.text for item in shown.drawn]
            assert not shown.problems(), (opened, shown.problems())
            assert opened or table.caption()[0][0] in texts
            assert any(tr(text) in texts for text, _color in table.log), "log lines show"
    finally:
        drive.app.set_language("en")


def test_a_move_on_stage_outlines_its_crew_and_places(drive) -> None:  # noqa: ANN001
    table = solo_table(drive, "instant")
    drive.until(lambda: table.view is not None, what="the table")
    view = copy.deepcopy(table.view)
    crews = view["crews"]
    # seat 1's worker on crew 2 only (the bots may have placed workers before this copy)
    view["workers"] = [None if worker == 1 else worker for worker in view["workers"]]
    view["workers"][2] = 1
    pick = Beat([(0, {"type": "crew_chosen", "seat": 1, "crew": crews[2]})], view, 1)
    assert table.beat_places(pick) == [("crew", 2)]
    cubes = Beat([(0, {"type": "cube_placed", "seat": 1, "owner": 1, "planet": 3,
                       "square": 1})], view, 1)
    assert table.beat_places(cubes) == [("crew", 2), ("square", 3, 1)]
    skill = Beat([(0, {"type": "skill_applied", "seat": 1, "crew": crews[2], "effect": "x"}),
                  (0, {"type": "cube_to_crew", "seat": 1, "crew": crews[4]})], view, 1)
    assert table.beat_places(skill) == [("crew", 2), ("crew", 4)]
    round_end = Beat([(0, {"type": "round_ended", "round": 1})], view, None)
    assert table.beat_places(round_end) == []


def test_a_move_on_stage_is_outlined_in_dashes_never_like_the_focus_ring(drive) -> None:  # noqa: ANN001
    """The focus ring is a solid gold ring; a yellow player's move outlined solid in its
    own gold read as the player's own choice (a playtest): a move on stage marches in dashes
    of the mover's colour."""
    table = solo_table(drive, "instant")
    drive.until(lambda: table.view is not None, what="the table")
    view = copy.deepcopy(table.view)
    yellow = 2  # the third seat's cubes are yellow, the focus ring's gold
    view["workers"] = [None if worker == yellow else worker for worker in view["workers"]]
    view["workers"][1] = yellow
    # the table drawn from this view alone: the bots play on in the background, and a yellow
    # pawn they put on the crew above showed in the rows looked at (a CI run's failure)
    for seat in list(table.session.views):
        table.session.views[seat] = view
    assert table.view is view
    table.last_move = Beat([(0, {"type": "crew_chosen", "seat": yellow,
                                 "crew": view["crews"][1]})], view, yellow)
    table.last_move_left = float("inf")
    assert table.pacer.holding() is None
    surface = pygame.Surface(drive.app.screen.get_size())
    table.draw(surface, 0.0)
    colour = pygame.Color(table.palette.player(yellow))
    crew = table.target_rect(("crew", 1))
    assert crew is not None
    lay = table.layout

    def runs(y: int) -> int:
        """How many stretches of the mover's colour the row ``y`` crosses above the crew."""
        row = [surface.get_at((x, y))[:3] == colour[:3]
               for x in range(crew.left, crew.right)]
        return sum(1 for i, hit in enumerate(row) if hit and (i == 0 or not row[i - 1]))

    outline_rows = range(crew.top - lay.px(8), crew.top)
    assert max(runs(y) for y in outline_rows) >= 5, "dashes along the top edge"
    table.last_move_left = 0.0
    surface.fill((0, 0, 0))
    table.draw(surface, 0.0)
    assert max(runs(y) for y in outline_rows) == 0, "the outline was the move's"


def middle_is_painted_afresh(drive: Driver, table: StargazerTableScene) -> bool:
    """The middle of the ring on screen (a cached picture) is what painting it anew shows."""
    centre = table.ring.geo.centre

    def picture() -> bytes:
        drive.step(seconds=0.0)
        return pygame.image.tobytes(drive.app.screen.subsurface(centre), "RGB")

    on_screen = picture()
    table._panels.clear()
    return picture() == on_screen


def round_gains(table: StargazerTableScene, number: int) -> tuple[list[int], list[int]]:
    """Each player's score change over round ``number`` and score at its end, from the engine
    alone: the table's moves replayed, the scores ("if the game ended now") at the round's
    start and end."""
    played = table.session.table
    state = RULESET.setup(played.options, played.seed, played.secret)
    before = [s["total"] for s in RULESET.score(state)] if number == 1 else None
    for seat, move in played.moves:
        events = RULESET.apply(state, seat, move)
        kinds = {event.get("type") for event in events}
        totals = [s["total"] for s in RULESET.score(state)]
        if "round_ended" in kinds and state["round"] - 1 == number or \
                "round_ended" in kinds and RULESET.is_over(state) and before is not None:
            return [a - b for a, b in zip(totals, before, strict=True)], totals
        if "round_started" in kinds and state["round"] == number:
            before = totals
    raise AssertionError(f"round {number} did not end")


@pytest.mark.parametrize(("speed", "bots_first"),
                         [("normal", False), ("instant", False), ("instant", True)])
def test_a_rounds_end_is_told_in_the_middle_of_the_ring(  # noqa: ANN001
        drive, speed: str, bots_first: bool) -> None:
    """A round ended and the next began unnoticed, only the log said so (a playtest): the
    middle of the ring says the round is over, what each player made in it and who starts
    the next, for ``ROUND_END_SECONDS``, at every AI speed; and round 1's gains are known
    when the bots moved before the window first looked (at Instant they did, now and then,
    and the gains were missing)."""
    from game.client.stargazer.table import ROUND_END_SECONDS

    table = solo_table(drive, speed, bots_first=bots_first)
    untold: list[int] = []  # frames that showed round 2's view before round 1's end was told

    def watch() -> None:
        if table.round_end is None and table.view is not None and table.view["round"] == 2:
            untold.append(1)

    drive.hooks.append(watch)
    play_until_a_bot_moves(drive, table, lambda: table.round_end is not None)
    drive.hooks.remove(watch)
    ended, since = table.round_end, table.clock
    assert ended.round == 1
    assert not untold, "'Round 2' showed before 'Round 1 is over' (a second playtest)"
    drive.until(lambda: ended.start is not None, what="the next round's start player")
    shown = [item.text for item in painted(drive, table).drawn]
    assert "Round 1 is over" in shown, shown
    start = table.session.names[ended.start]
    assert f"Round 2: {start} starts." in shown, shown
    made, at_end = round_gains(table, 1)
    assert ended.gains == made, (ended.gains, made)
    for gain in made:
        assert f"{gain:+d}" in shown, (gain, shown)
    # beside the gains, the scores at the round's end: they add up, whatever moves follow
    assert ended.totals == at_end, (ended.totals, at_end)
    for total in at_end:
        assert f"{total} VP" in shown, (total, shown)
    # and then it gives way to the round under way (the table kept still meanwhile, as when
    # the next turn is the screen's own: nothing else would paint the middle again)
    drive.until(lambda: not table.pacer.busy, what="the moves shown")
    table.session.poll = lambda: []
    while table.round_end is not None:
        drive.step()
        assert table.clock - since < ROUND_END_SECONDS + 0.5
    assert table.clock - since >= ROUND_END_SECONDS - 0.5
    # on the screen: the middle is a cached picture, painted again when the round's end goes
    assert middle_is_painted_afresh(drive, table), "the middle still shows the round's end"
    assert "Round 1 is over" not in [item.text for item in painted(drive, table).drawn]


def test_space_takes_a_passed_rounds_end_out_of_the_middle_of_the_ring(drive) -> None:  # noqa: ANN001
    """After Space skipped to her turn, the middle still said "Round 2 is over / Round 3:
    Altair starts" while the log and the top bar showed round 3's turns (a new player's
    playtest): a round's end passed during the skip goes once the next round's turns come,
    and Space takes one that is up away at once; the log keeps it."""
    table = solo_table(drive, "normal")
    rng = random.Random(5)
    played: list[tuple[set[str], bool, bool]] = []  # kinds, skipping, the end still told
    play = table.play

    def watched_play(beat: Beat) -> None:
        play(beat)
        played.append((set(beat.kinds), table.skipping, table.round_end is not None))

    table.play = watched_play
    ends_told_at_a_turn = 0
    deadline = time.monotonic() + 90
    while table.view is None or table.view["phase"] != "over":
        assert time.monotonic() < deadline, "the game did not end"
        if table.pacer.holding() is not None:
            drive.key(pygame.K_SPACE)  # a bot's move on the stage: skip to Ann's turn
            continue
        state = table.session.table.state
        if state["current"] == 0 and table.phase() not in ("watching", "waiting") and \
                not table.pacer.busy and state["phase"] != "over":
            if table.round_end is not None:
                ends_told_at_a_turn += 1
                assert table.view["round"] == table.round_end.round + 1
                drive.key(pygame.K_SPACE)
                assert table.round_end is None, "Space takes the round's end away"
                assert middle_is_painted_afresh(drive, table)
            table.session.send(0, rng.choice(RULESET.legal_moves(state, 0)))
        drive.step()
        time.sleep(0.001)
    skipped_turns = [told for kinds, skipping, told in played
                     if skipping and "crew_chosen" in kinds and "round_ended" not in kinds]
    assert skipped_turns, "some bots' turns were skipped"
    assert not any(skipped_turns), "a round's end stayed over the next round's turns"
    assert ends_told_at_a_turn, "a round's end that came just before Ann's turn stays up"
    assert any("round_ended" in kinds for kinds, skipping, _told in played if skipping), \
        "some rounds ended during a skip"
    log = [tr(text) for text, _colour in table.log]
    assert any(line.startswith("Round ") and "is over" in line for line in log), log


def test_the_middle_of_the_ring_follows_a_seat_changing_hands(drive) -> None:  # noqa: ANN001
    """A LAN host's list kept "Cat (AI)" after Cat took her seat back from the stand-in bot
    (an outside playtest): the middle, a cached picture, is painted again when a seat's kind
    or name changes, not only when the game moves."""
    table = solo_table(drive, "instant")
    drive.until(lambda: table.phase() == "crew" and not table.pacer.busy, timeout=30,
                what="Ann's turn")
    table.session.poll = lambda: []  # the game keeps still: only the seats change
    drive.step()
    seats = table.session.info["seats"]
    seats[1] = {**seats[1], "kind": "remote", "name": "Cat"}  # what a "table" message brings
    assert middle_is_painted_afresh(drive, table), "the middle still shows the seat as it was"
    shown = [item.text for item in painted(drive, table).drawn]
    assert "Cat" in shown and "Deneb (AI)" not in shown, shown


@pytest.mark.parametrize("watching", [False, True])
def test_a_watcher_with_moves_waiting_plays_them_faster(drive, watching: bool) -> None:  # noqa: ANN001
    """The TV watching a Stargazer table fell behind it, still in the final scoring when the
    host had started the next game (an outside LAN playtest): a spectator with more than
    ``WATCH_BACKLOG`` moves waiting plays them out at ``WATCH_CATCH_UP`` times the pace; a
    player's table keeps the pace the settings say."""
    from collections import deque

    from game.client.stargazer.table import WATCH_BACKLOG, WATCH_CATCH_UP

    table = solo_table(drive, "normal")
    drive.until(lambda: table.view is not None and not table.pacer.busy, timeout=30,
                what="the table")
    table.session.poll = lambda: []  # only the beats below
    table.watching = watching
    crew = table.view["crews"][0]
    beats = [Beat([(1, {"type": "crew_chosen", "seat": 1, "crew": crew})], table.view, 1)
             for _ in range(WATCH_BACKLOG + 2)]
    table.pacer.waiting = deque(beats)
    table.pacer.playing = None
    table.play_beats(0.0)
    normal = BEAT_SECONDS["crew_chosen"] * AI_SPEEDS["normal"]
    expected = normal * WATCH_CATCH_UP if watching else normal
    assert table.pacer.playing is beats[0]
    assert beats[0].seconds == pytest.approx(expected)


def test_a_long_bot_name_is_cut_before_its_ai_tag(drive) -> None:  # noqa: ANN001
    """The player list cut "Player 2 (AI)" to "Player..." next to the start tag, and the bot
    read as a person (an outside playtest): the name is cut, never "(AI)"."""
    drive.app.settings.ai_speed = "instant"
    long_name = "Bartholomew of the Far Andromeda Outposts"
    config = GameConfig("stargazer", [SeatChoice("human", "Ann"),
                                      SeatChoice("ai", long_name, "random"),
                                      SeatChoice("ai", "Vega", "random")],
                        {"players": 3}, "solo")
    with reproducible_secrets("client-tests"):
        session = LocalSession(config, 7, ai_delay=0.0)
    table = StargazerTableScene(drive.app, config, 7, session=session)
    drive.app.push(table)
    drive.until(lambda: table.view is not None, what="the first view")
    drive.step(3)
    shown = [item.text for item in painted(drive, table).drawn]
    assert "Vega (AI)" in shown, shown
    cut = [text for text in shown if text.startswith("Bartholomew") and "…" in text
           and "picks" not in text and " is " not in text]  # (the player list's row, not
    # the log's lines nor the top bar's "... is investigating", as the bots may have come to)
    assert cut and all(text.endswith("… (AI)") for text in cut), cut



def test_the_panel_cuts_a_long_name_not_what_they_are_doing(drive) -> None:  # noqa: ANN001
    """A TV watching 「至少十二个字的很长的中文名字吧」 choose a crew read "至少十二个字的很长的中文
    名字吧 is cho…" (an outside playtest): the name is cut, "is choosing a crew" stays."""
    long_name = "至少十二个字的很长的中文名字吧至少十二个字的很长的中文名字吧"
    config = GameConfig("stargazer", [SeatChoice("ai", long_name, "random"),
                                      SeatChoice("human", "Ann"),
                                      SeatChoice("ai", "Vega", "random")],
                        {"players": 3, "start_player": 0}, "solo")
    with reproducible_secrets("client-tests"):
        session = LocalSession(config, 7, ai_delay=60.0)  # the bot thinks the whole test
    table = StargazerTableScene(drive.app, config, 7, session=session)
    drive.app.push(table)
    drive.until(lambda: table.view is not None, what="the first view")
    drive.step(3)
    assert table.view["current"] == 0 and table.view["phase"] == "crew"
    shown = [item.text for item in painted(drive, table).drawn]
    # (the panel's title; the top bar's "Round 1 · ..." shrinks its type instead)
    title = [text for text in shown if text.startswith(long_name[:4])]
    assert any("… is choosing a crew" in text for text in title), shown


def random_finished_game(seed: int = 3) -> dict:
    """A 3-player Stargazer game played to its end by random legal moves (seeded)."""
    rng = random.Random(seed)
    state = RULESET.setup(RULESET.normalize_options({"players": 3}), seed)
    while not RULESET.is_over(state):
        seat = state["current"]
        RULESET.apply(state, seat, rng.choice(RULESET.legal_moves(state, seat)))
    return state


def test_the_final_scoring_holds_each_step_long_enough_to_read() -> None:
    """A new player saw the final scoring race through the planets by itself in about 2 s
    while it said "Enter or a click: next": every step stays whole for 3 s or more once its
    last rank is shown (Enter or a click still goes on at once)."""
    from game.client.stargazer.final_scoring import ROW_SECONDS, ScoringShow

    state = random_finished_game()
    show = ScoringShow(RULESET.view(state, 0), {"scores": RULESET.score(state)})
    held = []
    while not show.done:
        kind, planet = show.step
        rows = len(show.standings[planet]) if kind == "planet" else 1
        held.append(show.duration() - (rows - 1) * ROW_SECONDS)  # the last rank shown then
        step = show.index
        for _ in range(int(show.duration() * 60) + 2):
            show.update(1 / 60)
        assert show.index == step + 1, "then it goes on by itself"
    assert len(held) >= 3 and min(held) >= 3.0, held


def test_a_caption_too_long_for_its_box_ends_in_an_ellipsis(drive) -> None:  # noqa: ANN001
    """A bot's caption of four lines showed three and stopped mid-word (「…使えないた」, its
    reason only in the log: a Japanese player's playtest): the last line shown says it goes
    on."""
    table = solo_table(drive, "instant")
    drive.until(lambda: table.view is not None, what="the table")
    words = " ".join(["Treasure Hunter Quinn: the skill cannot apply now"] * 6)
    with recording(drive.app) as recorder:
        surface = RecordingSurface(drive.app.screen.get_size())
        surface.recorder = recorder
        recorder.screen = surface.get_rect()
        rect = table.action_rect
        table.paint_caption(surface, ((words, (255, 255, 255)),), rect.y + 40, rect.bottom)
        shown = [mark.text for mark in surface.marks() if mark.kind == "text"]
    assert len(shown) == 3 and shown[-1].endswith("…"), shown
    assert not shown[0].endswith("…")


def test_a_click_on_the_panel_skips_to_the_next_turn_as_space_does(drive) -> None:  # noqa: ANN001
    """"Space: skip to your turn." had no mouse way (a mouse-only playtest): the panel that
    says it takes a click for it, and says so."""
    table = solo_table(drive, "slow")
    play_until_a_bot_moves(drive, table)
    drive.until(lambda: table.pacer.holding() is not None, what="a bot's move on stage")
    said = [str(text) for text, _colour in table.action_lines(table.view)[1]]
    assert "Space or a click here: skip to your turn." in said, said
    spot = (table.action_rect.centerx, table.action_rect.y + table.layout.px(30))
    assert not table.log_rect.collidepoint(spot) and not any(
        b.rect.collidepoint(spot) for b in table.visible_buttons())
    assert table.caption(), "(the move on the stage has its caption)"
    drive.click(spot)
    assert not table.caption() and table.pacer.caption_left == 0, "skipped, as Space does"
    drive.until(lambda: table.phase() != "watching", timeout=30, what="Ann's turn")
    assert table.view is table.session.views[0], "Ann's turn shows at once, on the newest view"


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_the_final_scorings_last_step_shows_each_players_parts_whole(
        drive, size: tuple[int, int]) -> None:  # noqa: ANN001
    """"Jonas: motivation 0, skills 2, turn ord..." and a heading past the panel's edge at
    1600x900 (a LAN evening's playtest): each player's name, then their parts under it, as
    the specialty step shows them, and a heading that fits."""
    from game.client.stargazer.final_scoring import ScoringShow

    drive.app.resize(size)
    table = solo_table(drive, "instant")
    drive.until(lambda: table.view is not None, what="the table")
    state = random_finished_game()
    table.scoring = ScoringShow(RULESET.view(state, 0), {"scores": RULESET.score(state)})
    table.scoring.index = table.scoring.steps.index(("bonus", -1))
    box = table.ring.geo.centre
    with recording(drive.app) as recorder:
        surface = RecordingSurface(drive.app.screen.get_size())
        surface.recorder = recorder
        recorder.screen = surface.get_rect()
        table.draw_scoring_panel(surface, table.view, box)
        marks = [mark for mark in surface.marks() if mark.kind == "text"]
    shown = [mark.text for mark in marks]
    assert "Motivation, skills and turn order" in shown, shown
    assert all(box.contains(mark.rect) for mark in marks), [
        (m.text, m.rect) for m in marks if not box.contains(m.rect)]
    parts = [text for text in shown if text.startswith("motivation ")]
    assert len(parts) == 3 and all("turn order" in text and "…" not in text
                                   and "..." not in text for text in parts), parts
    assert all(name in shown for name in table.session.names)


def test_a_stand_in_bots_moves_are_logged_and_captioned_as_the_bots(drive) -> None:  # noqa: ANN001
    """The log said "Aiko picks..." of the moves a bot made for her while the panel said a
    bot played for now (a LAN evening's playtest): a seat a bot stands in for is "(AI)" in
    the log and the move's caption."""
    table = solo_table(drive, "instant")
    drive.until(lambda: table.view is not None, what="the table")
    view = table.view
    name = table.session.names[1]
    pick = Beat([(0, {"type": "crew_chosen", "seat": 1, "crew": view["crews"][2]})], view, 1)
    table.departures.stand_ins = {1}
    table.play(pick)
    assert any(str(text).startswith(f"{name} (AI) picks") for text, _c in table.log[-3:]), \
        table.log[-3:]
    drive.app.set_language("ja")
    said = [tr(text) for text, _c in table.log[-3:]]
    assert any(text.startswith(f"{name}さん（AI）が") for text in said), said
    assert not any("（AI）さん" in text for text in said), said
    drive.app.set_language("en")
    table.departures.stand_ins = set()
    table.play(pick)
    assert str(table.log[-1][0]).startswith(f"{name} picks"), table.log[-1]
