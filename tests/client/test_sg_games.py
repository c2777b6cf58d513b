"""Whole Stargazer games played through the window's input paths: solo from the menu, every
skill prompt, every placement skill's path, hot-seat with two humans; to the results."""

from __future__ import annotations

import random

import pygame
import pytest

from game.client import theme
from game.client.i18n import tr
from game.client.scenes.handover import HandoverScene
from game.client.scenes.setup import SetupScene
from game.client.session import GameConfig, SeatChoice
from game.client.stargazer.motion import DROP_SECONDS, STAGGER
from game.client.stargazer.ring import SQUARE
from game.client.stargazer.table import StargazerTableScene
from game.rules.stargazer import CREWS_BY_ID, PLANET_TYPES, RULESET, room_left
from game.rules.stargazer.placement import investigation_sequences
from tests.client.sg_play import (
    DECISIONS,
    build_path,
    painted,
    play_crew,
    play_path,
    play_to_results,
)
from tests.client.textboxes import drawn_marks, text_problems, tracking

CHOICE_EFFECTS = {crew["effect"] for crew in CREWS_BY_ID.values() if crew["timing"] == "choice"}


def table_for(drive, seats: list[SeatChoice], options: dict, seed: int) -> StargazerTableScene:  # noqa: ANN001
    table = StargazerTableScene(drive.app, GameConfig("stargazer", seats, options, "solo"), seed)
    drive.app.push(table)
    drive.until(lambda: table.view is not None, what="the first view")
    return table


def bots(*names: str) -> list[SeatChoice]:
    return [SeatChoice("ai", name, "random") for name in names]


@pytest.mark.timeout(120)
def test_solo_from_the_menu_to_the_results(drive) -> None:  # noqa: ANN001
    drive.click(drive.scene.button("Play solo").rect.center)
    setup = drive.scene
    assert isinstance(setup, SetupScene)
    labels = dict(setup.game.values)
    assert labels["stargazer"] == "Stargazer", "offered, no longer 'coming soon'"
    while setup.game.value != "stargazer":
        drive.key(pygame.K_RIGHT)  # the Game row has the focus
    assert setup.start.enabled and setup.count.value == 2
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RIGHT)  # three AI opponents
    assert setup.seat_count == 4
    chosen = setup.kit.default_bot
    assert [seat.value for seat in setup.seats[1:4]] == [chosen] * 3, "the kit's bots"
    for seat in setup.seats[2:4]:  # two easy ones (a quicker test)
        while seat.value != "random":
            drive.click((seat.rect.right - 10, seat.rect.centery))
    drive.click(setup.start.rect.center)
    table = drive.scene
    assert isinstance(table, StargazerTableScene)
    assert table.session.kinds == ["human", "ai", "ai", "ai"]
    assert [s["bot"] for s in table.session.info["seats"][1:]] == [chosen, "random", "random"]
    drive.until(lambda: table.view is not None)
    assert len(table.view["planets"]) == 7 and len(table.ring.geo.cards) == 7
    seen = play_to_results(drive, table, random.Random(3))
    results = drive.scene
    state = table.session.table.state
    assert results.scores == RULESET.score(state)
    assert [c.key for c in results.kit.score_columns] == ["majority", "specialty", "motivation",
                                                          "skills", "order"]
    assert all(set(b) == {c.key for c in results.kit.score_columns} | {"total"}
               for b in results.scores), "every score category has its column"
    assert seen["scoring_steps"] >= 3, "the final scoring is told step by step"
    assert seen["rank_chips"] >= 3, "(its rank chips were read)"
    assert seen["totals_told_early"] is False, "the log keeps the totals until the show ends"
    assert seen["flights"] >= 2, "cubes were seen dropping one after another"
    drive.step(3)
    assert results._picture is not None and results._picture[1] is not None, "the final ring"
    # its figures were unreadable at 720p (a playtest): a click on it shows the whole table
    # as the game ended, the replay at its last move
    from game.client.scenes.replay import ReplayScene

    drive.click(results.picture_rect.center)
    replay = drive.scene
    assert isinstance(replay, ReplayScene)
    assert replay.session.position == replay.session.length > 0
    drive.key(pygame.K_ESCAPE)
    assert drive.scene is results
    drive.step(2)
    spot = results.picture_rect.center
    results.toggle_statistics()
    drive.step(2)
    drive.click(spot)
    assert drive.scene is results, "(no picture under the statistics: nothing to click)"
    results.toggle_statistics()
    # Stargazer's own statistics (it had none: a guest's only row was "Hints asked", and a TV
    # got no Statistics at all: an outside playtest)
    rows = dict(results.statistics)
    assert sum(rows["Rounds as start player"]) == state["round"]
    assert rows["VP from motivation bonuses"] == [s["motivation"] for s in results.scores]
    results.toggle_statistics()
    drive.step(2)
    assert not text_problems(drive.app), text_problems(drive.app)
    results.toggle_statistics()
    drive.key(pygame.K_RIGHT)  # Statistics: the first press onward skips Play again
    drive.key(pygame.K_LEFT)  # Play again chosen (no button has the focus at first)
    drive.key(pygame.K_RETURN)  # play again: a new Stargazer table
    assert isinstance(drive.scene, StargazerTableScene) and drive.scene is not table


@pytest.mark.timeout(120)
@pytest.mark.parametrize("crews, seed", [
    (["archaeologist", "quartermaster", "engineer", "security", "medic"], 6),
    (["diplomat", "treasure_hunter", "archaeologist", "medic", "engineer"], 8),
])
def test_every_skill_prompt_offers_its_targets_and_plays_them(drive, crews, seed) -> None:  # noqa: ANN001
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair", "Deneb")],
                      {"crews": crews}, seed)
    wanted = {CREWS_BY_ID[c]["effect"] for c in crews} & CHOICE_EFFECTS
    seen = play_to_results(drive, table, random.Random(seed), prefer=wanted)
    assert seen["prompts"] == wanted, f"prompts never shown: {wanted - seen['prompts']}"
    assert drive.scene.scores == RULESET.score(table.session.table.state)
    assert seen.get("single_targets"), "(a prompt with one target came up: chosen at once)"

def scored(*parts: dict[str, int]) -> list[dict[str, int]]:
    """Score parts as the view's scores, each with its total."""
    return [{**part, "total": sum(part.values())} for part in parts]


def middle_texts(drive, table: StargazerTableScene, scores: list[dict[str, int]],  # noqa: ANN001
                 height_cut: int = 0) -> list[str]:
    """The texts the ring's middle renders (it is drawn to a picture) with ``scores`` shown,
    the middle ``height_cut`` pixels shorter."""
    rendered: list[str] = []
    render = table.text.render

    def noting(text: str, *args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        rendered.append(text)
        return render(text, *args, **kwargs)

    centre = table.ring.geo.centre
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(table.text, "render", noting)
        patch.setattr(table, "shown_scores", lambda _view: scores)
        patch.setattr(table.ring.geo, "centre", centre.inflate(0, -height_cut))
        table.draw_centre(pygame.Surface(drive.app.screen.get_size()), table.view)
    return rendered


def test_armstrong_holder_names_the_next_start_player(drive) -> None:  # noqa: ANN001
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")],
                      {"crews": ["engineer", "driller", "pilot", "scout"], "start_player": 0}, 2)
    play_crew(drive, table, "armstrong")
    drive.until(lambda: table.phase() == "investigate")
    play_path(drive, table, table.sequences()[0])
    drive.until(lambda: table.phase() == "start_player", what="the round end")
    assert [b.label for b in table.seat_buttons] == table.session.names
    # the prompt names the round its choice starts, as the header does ("next round" beside
    # the header's "Round 2" read as round 3: an outside playtest)
    assert table.view["round"] == 2
    assert table.action_lines(table.view)[0] == "Who starts round 2?"
    drive.click(table.seat_buttons[2].rect.center)
    drive.until(lambda: table.view["round"] == 2)
    assert table.view["start"] == 2 and "start_player_set" in table.events_seen


def near(color: tuple[int, int, int], target: tuple[int, int, int], tolerance: int = 14) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(color, target, strict=True))


def test_the_next_cube_is_offered_only_while_the_chosen_count_wants_more(drive) -> None:  # noqa: ANN001
    """After "- cube" took the count down to the cubes already placed, the panel still said
    "Next cube may go to: ... (clockwise) (click)." (a new player's playtest)."""
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")],
                      {"crews": ["scout", "engineer", "medic", "security"], "start_player": 0}, 4)
    play_crew(drive, table, "scout", keyboard=True)
    drive.until(lambda: table.phase() == "investigate")
    start = table.candidates([])[0]
    drive.click(table.ring.geo.cards[start].center)
    assert table.path == [start] and table.count > 1

    def offer() -> list[str]:
        return [text for text, _colour in table.action_lines(table.view)[1]
                if text.startswith("Next cube may go to: ")]

    # (the keys too: a keyboard player read only "click", a playtest)
    assert offer() and offer()[0].endswith(". Click one, or Left/Right + Space."), offer()
    assert ") (" not in offer()[0], "no parentheses side by side"
    while table.count > 1:
        drive.key(pygame.K_MINUS)
    assert table.path == [start]
    assert not offer(), "the count the player chose is reached"
    drive.key(pygame.K_PLUS)
    assert offer()


def test_the_cube_buttons_do_what_the_keys_do_and_look_off_when_off(drive) -> None:  # noqa: ANN001
    """After a hint planned a path, clicking "- cube" did nothing while the - key took a cube
    off; and "+ cube" at its most, off, read as on (a new player's playtest)."""
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")],
                      {"crews": ["navigator", "engineer", "medic", "security"],
                       "start_player": 0}, 4)
    play_crew(drive, table, "navigator", keyboard=True)
    drive.until(lambda: table.phase() == "investigate")
    path = max(table.sequences(), key=len)
    assert len(path) == table.most_cubes() > 1
    table.path, table.count = list(path), len(path)  # a whole path planned, as a hint does
    drive.step()
    fewer, more = table.buttons["fewer"], table.buttons["more"]
    assert not more.enabled, "(the most cubes already)"
    drive.move((2, 2))

    def brightest(rect: pygame.Rect) -> tuple[int, int, int]:
        return max((drive.pixel((x, y)) for x in range(rect.x + 4, rect.right - 4)
                    for y in range(rect.y + 4, rect.bottom - 4)), key=sum)

    assert brightest(more.rect) == theme.TEXT_DISABLED, "an off button looks off"
    assert brightest(fewer.rect) == theme.TEXT
    drive.click(fewer.rect.center)
    assert table.count == len(path) - 1 and table.path == path[:-1], \
        "the click takes a cube off, as the - key does"
    drive.key(pygame.K_PLUS)
    assert table.count == len(path) and table.path == path[:-1]


def test_a_message_cut_at_the_panels_foot_says_so(drive) -> None:  # noqa: ANN001
    """"Next cube may go to: Lava B (clockwise), Ocean (the same" ended at the buttons with
    no sign that more was cut (a new player's playtest): a message whose end does not fit
    ends its last line shown with "…"."""
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")],
                      {"crews": ["navigator", "engineer", "medic", "security"],
                       "start_player": 0}, 4)
    play_crew(drive, table, "navigator", keyboard=True)
    drive.until(lambda: table.phase() == "investigate")
    long = " ".join(f"planet{n}" for n in range(400))
    real = table.action_lines
    table.action_lines = lambda view: (real(view)[0], [(long, theme.TEXT)])
    table._panels.clear()
    shown = [item.text for item in painted(drive, table).drawn if item.text.startswith("planet")]
    assert shown and shown[-1].endswith("…"), shown[-3:]
    assert all(not text.endswith("…") for text in shown[:-1])


@pytest.mark.parametrize("crew", ["driller", "navigator", "pilot", "scout"])
def test_a_placement_skill_path_is_built_previewed_and_dropped(drive, crew) -> None:  # noqa: ANN001
    others = [c for c in ("engineer", "medic", "security", "diplomat") if c != crew][:3]
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")],
                      {"crews": [crew, *others], "start_player": 0}, 4)
    play_crew(drive, table, crew, keyboard=True)
    drive.until(lambda: table.phase() == "investigate")
    view = table.view
    plain = investigation_sequences(room_left(view), table.most_cubes(), "none", {})
    special = [s for s in table.sequences() if s not in plain]
    assert special, f"{crew} widens where the cubes may go"
    path = max(special, key=len)
    other_start = next(p for p in table.candidates([]) if p != path[0])
    drive.click(table.ring.geo.cards[other_start].center)
    assert table.path == [other_start]
    drive.key(pygame.K_u)  # undo the pick: nothing was sent
    assert table.path == [] and table.view["hands"][0] == 12
    build_path(drive, table, path)
    drive.move((2, 2))  # nothing hovered: the chosen path is on screen
    predicted = table.path_outcome(path)
    assert [c["planet"] for c in predicted] == path
    geo = table.ring.geo
    for cube in predicted:  # a ghost cube in each square the path takes
        rect = geo.square_rect(cube["planet"], cube["square"])
        assert not near(drive.pixel((rect.x + 3, rect.bottom - 5)), SQUARE, 6)
    drive.key(pygame.K_RETURN)
    drive.until(lambda: table.view["hands"][0] == 12 - len(path), what="the cubes placed")
    tracks = table.session.table.state["tracks"]
    for cube in predicted:
        assert tracks[cube["planet"]][cube["square"] - 1] == 0, "a cube where the preview said"
    # the cubes fall one after another: the last is still in the air while the first falls
    assert ("square", predicted[-1]["planet"], predicted[-1]["square"]) in table.motion.hidden()
    drive.step(int((DROP_SECONDS + STAGGER * len(path)) * 60) + 4)
    assert "cube_drop" in drive.app.sounds.played
    assert not {("square", c["planet"], c["square"]) for c in predicted} & table.motion.hidden()
    body = table.palette.player(0)
    for cube in predicted:  # landed: the cube's face in its square
        rect = geo.square_rect(cube["planet"], cube["square"])
        size = geo.square_size - geo.px(3)
        assert near(drive.pixel((rect.centerx - int(size * 0.32), rect.centery + int(size * 0.25))),
                    body)


@pytest.mark.timeout(120)
def test_two_humans_hot_seat_with_a_bot_to_the_results(drive) -> None:  # noqa: ANN001
    drive.click(drive.scene.button("Hot-seat").rect.center)
    setup = drive.scene
    while setup.game.value != "stargazer":
        drive.key(pygame.K_RIGHT)
    assert setup.count.value == 3 and [s.value for s in setup.seats[:3]] == [
        "human", "human", setup.kit.default_bot]
    while setup.seats[2].value != "random":  # the easy bot (and a quick test)
        drive.click((setup.seats[2].rect.right - 10, setup.seats[2].rect.centery))
    drive.click(setup.start.rect.center)
    table = next(s for s in drive.app.stack if isinstance(s, StargazerTableScene))
    assert table.hotseat and table.session.kinds == ["human", "human", "ai"]
    seen = play_to_results(drive, table, random.Random(6), skip_scoring=True)
    assert seen["scoring_steps"] == 1, "Esc skips the final scoring to the results"
    assert set(seen["moves"]) == {0, 1}, "both humans played at this screen"
    order = [0, *seen["order"]]  # the screen starts with the first human
    changes = sum(1 for a, b in zip(order, order[1:], strict=False) if a != b)
    assert seen["handovers"] == changes, "a handover each time the other human is to play"
    assert drive.scene.scores == RULESET.score(table.session.table.state)


def test_the_handover_screen_says_where_the_game_stands(drive) -> None:  # noqa: ANN001
    table = table_for(drive, [SeatChoice("human", "Ann"), SeatChoice("human", "Bo"),
                              *bots("Vega")], {"start_player": 1}, 3)
    drive.until(lambda: isinstance(drive.scene, HandoverScene), what="the handover")
    handover = drive.scene
    assert handover.seat == 1 and table.awaiting_handover
    line = handover.kit.progress_line(table.view)
    assert line == "Round 1  ·  fewest cubes in a hand: 12  ·  planets full: 0 (3 end the game)"
    from game.client.stargazer import progress_line

    # the end met: the last round says so ("planets full: 6 of 4" read oddly: a 4K playtest)
    assert progress_line({**table.view, "hands": [0, 3, 5]}) == \
        "Round 1  ·  the last round: a hand is empty"
    from game.rules.stargazer.engine import TRACK_LENGTH

    full = {**table.view, "tracks": [[0] * TRACK_LENGTH[p] for p in table.view["planets"]]}
    assert progress_line(full).startswith("Round 1  ·  the last round: ")
    assert progress_line(full).endswith("planets are full (3 end the game)")
    drive.until(lambda: handover.armed, what="the handover to take input")
    drive.key(pygame.K_RETURN)
    assert drive.scene is table and table.active == 1 and table.phase() == "crew"


def test_a_click_puts_the_tooltip_away_until_the_mouse_goes_elsewhere(drive) -> None:  # noqa: ANN001
    """The full text of a planet covered the ring the player had just clicked on."""
    from game.client.stargazer.table_draw import TOOLTIP_DELAY
    from tests.client.sg_play import painted

    def drawn_texts(_app: object) -> list[str]:
        return [item.text for item in painted(drive, table).drawn]

    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")],
                      {"start_player": 0}, 4)
    def card(planet: int) -> pygame.Rect:
        return table.ring.geo.cards[planet]  # (the ring is laid out again as panels change)

    wait = int(TOOLTIP_DELAY * 60) + 3
    text = PLANET_TYPES[table.view["planets"][0]]["text"]
    drive.move(card(0).center)
    drive.step(wait)
    assert text in drawn_texts(drive.app), "resting on a planet shows its full text"
    drive.click(card(0).center)
    drive.step(wait)
    assert text not in drawn_texts(drive.app), "the click put it away"
    drive.move((card(0).centerx + 3, card(0).centery + 2))
    drive.step(wait)
    assert text not in drawn_texts(drive.app), "moving on the same planet keeps it away"
    drive.move(card(1).center)
    drive.step(wait)
    words = PLANET_TYPES[table.view["planets"][1]]["text"].split()[:3]
    assert any(text.startswith(" ".join(words)) for text in drawn_texts(drive.app)), \
        "another planet: its tooltip"


def medic_to_investigation(drive, table: StargazerTableScene) -> None:  # noqa: ANN001
    """Pick the Medic with the keys and go on (its skill's first target) to the
    investigation."""
    play_crew(drive, table, "medic", keyboard=True)
    drive.until(lambda: table.phase() in ("skill", "investigate"), what="Ann's turn goes on")
    if table.phase() == "skill":
        drive.key(pygame.K_RETURN)
        drive.until(lambda: table.phase() == "investigate", what="the investigation")


def test_the_path_on_screen_is_the_one_enter_starts_mouse_or_arrows(drive) -> None:  # noqa: ANN001
    """The mouse on a planet showed the path from there while Enter started from the arrows'
    planet: one start on screen, another taken."""
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")],
                      {"start_player": 0, "crews": ["engineer", "medic", "pilot", "scout"]}, 4)
    medic_to_investigation(drive, table)
    starts = table.candidates([])
    assert len(starts) >= 3
    drive.key(pygame.K_RIGHT)
    keyed = table.shown_path()[0]
    mouse = next(p for p in starts if p != keyed)
    drive.move(table.ring.geo.cards[mouse].center)
    assert table.shown_path()[0] == mouse, "the mouse's planet is the start on screen"
    drive.key(pygame.K_RIGHT)
    shown = table.shown_path()[0]
    assert shown != mouse, "the arrows move the start on from the mouse's planet"
    drive.key(pygame.K_RETURN)
    assert table.path and table.path[0] == shown, "Enter starts where the screen showed"


def test_enter_takes_the_highlighted_next_planet_of_a_path_begun(drive) -> None:  # noqa: ANN001
    """With Lindqvist (the next or the second-next planet), Right moved the highlight to the
    second-next planet and Enter sent the path on screen before it, through the next one."""
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")],
                      {"start_player": 0, "crews": ["scout", "medic", "pilot", "engineer"]}, 4)
    play_crew(drive, table, "scout", keyboard=True)
    drive.until(lambda: table.phase() == "investigate", what="the investigation")
    while table.count < 2:
        drive.key(pygame.K_PLUS)
    start = table.focus_planet
    drive.key(pygame.K_RETURN)  # "Start here"
    assert table.path == [start]
    options = table.candidates()
    assert len(options) >= 2, "the scout may leap"
    before = table.shown_path()
    drive.key(pygame.K_RIGHT)
    chosen = table.focus_planet
    assert chosen != before[1]
    shown = table.shown_path()
    assert shown[:2] == [start, chosen], "the path on screen goes through the highlight"
    drive.key(pygame.K_RETURN)
    drive.until(lambda: table.session.last_move.get(0, {}).get("t") == "investigate",
                what="the investigation sent")
    assert table.session.last_move[0]["planets"] == shown


def test_a_double_tap_picks_the_crew_only(drive, settling) -> None:  # noqa: ANN001
    """Two quick Enters picked a crew and started the path on the default planet (a
    playtest's double tap of A; five taps played a whole turn): a new decision takes no
    Enter for its first moments, or a key still held from the one before."""
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")],
                      {"start_player": 0, "crews": ["engineer", "medic", "pilot", "scout"]}, 4)
    drive.step(int(settling * 60) + 2)
    drive.key(pygame.K_DOWN)
    crew = table.crew_choice
    for _ in range(5):
        drive.key(pygame.K_RETURN)
    drive.until(lambda: table.phase() not in ("crew",), what="the crew picked")
    assert table.view["workers"][crew] == 0
    drive.step(2)
    assert table.phase() in ("skill", "investigate") and not table.path, "nothing more played"
    assert 0 not in table.session.last_move or table.session.last_move[0]["t"] == "crew"


def test_a_first_enter_with_nothing_chosen_shows_a_choice(drive) -> None:  # noqa: ANN001
    """No crew had the focus until the first Down, and A alone did nothing (a playtest at one
    screen; a skill with one target too): a first press shows the first choice, the next
    takes it."""
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")],
                      {"start_player": 0}, 4)
    drive.until(lambda: table.phase() == "crew", what="Ann's crew")
    assert table.crew_choice is None
    drive.key(pygame.K_RETURN)
    assert table.crew_choice == table.legal_crews()[0] and 0 not in table.session.last_move
    drive.key(pygame.K_RETURN)
    drive.until(lambda: table.session.last_move.get(0, {}).get("t") == "crew", what="the pick")


def test_a_skill_with_one_target_is_used_with_one_press(
        drive, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    """A skill with a single legal target took two Enters, the first seemingly dead (a
    playtest): one press uses it. With several, the first press shows the first target and
    the second uses the one shown."""
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")], {}, 3)
    targets = [{"t": "skill", "planet": 2}, {"t": "skill", "planet": 4}]
    sent: list[dict] = []
    monkeypatch.setattr(type(table), "phase", lambda self: "skill")
    monkeypatch.setattr(table, "send", sent.append)
    for offered, presses in ((targets[:1], [[targets[0]]]), (targets, [[], [targets[0]]])):
        monkeypatch.setattr(type(table), "skill_targets", lambda self, o=offered: o)
        table.target_choice = None
        for expected in presses:
            sent.clear()
            table.handle_key(pygame.K_RETURN)
            assert sent == expected, (offered, sent)


def test_the_ring_middle_shows_each_players_score_parts_worth_something(drive) -> None:  # noqa: ANN001
    """With all five parts the line under a name was cut at 1280x720 ("... motivation 0 ·
    turn o...": a playtest): the majority always, the other parts when they are not 0, on a
    second line when four large parts do not fit one (never split inside a part); the start
    tag leads that line, so a bot's name beside its figures keeps its "(AI)" whole ("Altair
    (..." a playtest)."""
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair", "Deneb")],
                      {"start_player": 2}, 5)
    assert table.view["start"] == 2
    scores = scored({"majority": 15, "specialty": 4, "motivation": 0, "skills": 1, "order": 2},
                    {"majority": 12, "specialty": 13, "motivation": 16, "skills": 10, "order": 0},
                    {"majority": 14, "specialty": 3, "motivation": 11, "skills": 12, "order": 1},
                    {"majority": 0, "specialty": 0, "motivation": 0, "skills": 0, "order": 0})
    rendered = middle_texts(drive, table, scores)
    words = ("majority", "specialty", "motivation", "skills", "turn order")
    # each seat's breakdown: the lines from its "majority ..." to the next seat's row
    seats: list[list[str]] = []
    for text in rendered:
        if text.startswith("majority "):
            seats.append([text])
        elif seats and text.startswith(words):
            seats[-1].append(text)
    assert len(seats) == 4, rendered
    assert any(len(lines) == 2 for lines in seats), "four large parts take a second line"
    for lines, score in zip(seats, scores, strict=True):
        pieces = " · ".join(lines).split(" · ")
        assert pieces[0] == f"majority {score['majority']}", lines
        for key, word in zip(("specialty", "motivation", "skills", "order"), words[1:],
                             strict=True):
            figure = f"+{score[key]}" if key == "order" else score[key]
            assert (f"{word} {figure}" in pieces) == bool(score[key]), (lines, score)
        assert not any(line.endswith(("...", "…")) for line in lines), lines
    assert "Altair (AI)" in rendered and "start" in rendered, rendered


def test_where_the_ring_middle_is_short_a_second_line_goes_to_the_first_breakdowns_needing_it(
        drive) -> None:  # noqa: ANN001
    """Japanese type is taller: the middle had room for one second line, not two, and every
    breakdown was cut to one line; now the first that needs it takes the room, the others
    stay one line cut with "..."."""
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair", "Deneb")],
                      {"start_player": 0}, 5)
    big = {"majority": 14, "specialty": 13, "motivation": 11, "skills": 12, "order": 1}
    small = {"majority": 3, "specialty": 0, "motivation": 0, "skills": 0, "order": 0}
    scores = scored(small, big, big, small)

    def breakdowns(height_cut: int) -> list[list[str]]:
        seats: list[list[str]] = []
        for text in middle_texts(drive, table, scores, height_cut):
            if text.startswith("majority "):
                seats.append([text])
            elif seats and text.startswith(("specialty", "motivation", "skills", "turn order")):
                seats[-1].append(text)
        return seats

    roomy = breakdowns(0)
    assert [len(lines) for lines in roomy] == [1, 2, 2, 1], roomy
    line_h = table.layout.font_px("tiny") + table.layout.px(2)
    short = breakdowns(2 * line_h - 2)  # room for one second line, not two
    assert [len(lines) for lines in short] == [1, 2, 1, 1], short
    assert short[1] == roomy[1] and short[2][0].endswith(("...", "…")), short


def test_with_nothing_chosen_left_chooses_the_last_and_right_the_first(drive) -> None:  # noqa: ANN001
    """Left with no crew chosen went to the first crew, and Enter picked it (a playtest: the
    player meant to wrap round to the last): Left / Up start from the end, Right / Down from
    the start, for crews and start planets alike."""
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")],
                      {"start_player": 0, "crews": ["engineer", "medic", "pilot", "scout"]}, 4)
    drive.until(lambda: table.phase() == "crew", what="Ann's turn")
    crews = table.legal_crews()
    assert table.crew_choice is None and len(crews) > 2
    drive.key(pygame.K_LEFT)
    assert table.crew_choice == crews[-1]
    table.crew_choice = None
    drive.key(pygame.K_RIGHT)
    assert table.crew_choice == crews[0]
    medic_to_investigation(drive, table)
    starts = table.candidates([])
    table.focus_planet = None
    drive.key(pygame.K_LEFT)
    assert table.focus_planet == starts[-1]



@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_crews_skill_shows_whole_in_its_row(drive, language: str,  # noqa: ANN001
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Crew texts ended in "..." with room to spare beside them (a new player's playtest, at
    1280x720 and 1920x1080): under its name a skill runs as wide as the worker's column
    leaves. Rivera's and Kaur's still ended in "..." (a later playtest): their rows say the
    skill in fewer words (``brief``; the hover, the prompts and the rules page keep the full
    text). At 1280x720 in both languages every row shows its skill whole, beside the widest
    corner label a free crew gets ("+2 VP")."""
    from game.rules.stargazer import CREWS

    drive.app.set_language(language)
    try:
        table = table_for(drive, [SeatChoice("human", "Ann")] + bots("B", "C", "D"),
                          {"players": 4}, 5)
        assert drive.app.screen.get_size() == (1280, 720)
        view = table.view
        rows = len(view["crews"])
        monkeypatch.setattr(table, "legal_crews", list)  # (the game's own crews are legal)
        ids = [crew["id"] for crew in CREWS]
        cut: list[str] = []
        for start in range(0, len(ids), rows):
            chunk = (ids[start:] + ids)[:rows]  # (the last rows filled from the first)
            # two cubes on every crew: each row has its "+2 VP" corner
            table.pacer.shown = {**view, "crews": chunk, "workers": [None] * rows,
                                 "crew_free": [2] * rows,
                                 "crew_cubes": [[] for _ in range(rows)]}
            with tracking(drive.app):  # (the rows are drawn into a cached picture first)
                table.relayout()  # (its pictures made anew, their text watched)
                marks = drawn_marks(drive.app)
            in_rows = [m for m in marks if any(r.contains(m.rect)
                                               for r in table.crew_rects[:rows])]
            assert len(in_rows) >= 2 * rows, "each row's name and skill are drawn"
            assert sum("+2" in m.text for m in in_rows) >= rows, "each row's corner label"
            cut += [m.text for m in in_rows if m.text.endswith(("...", "…"))]
            assert text_problems(drive.app) == []
        table.pacer.shown = None
        assert not cut, cut
    finally:
        drive.app.set_language("en")


def test_a_brief_skill_is_only_given_where_the_full_one_is_longer() -> None:
    from game.rules.stargazer import CREWS

    assert {crew["id"] for crew in CREWS if "brief" in crew} == {"quartermaster", "driller"}
    for crew in CREWS:
        if "brief" in crew:
            assert len(crew["brief"]) < len(crew["text"]), crew["id"]


def test_turn_order_vp_read_as_points_not_as_a_place() -> None:
    """"majority 0 · turn order 2" read as the seat's place in the turn order (a playtest)."""
    from game.client.stargazer.panels import StargazerPanels

    assert StargazerPanels.parts_words({"majority": 0, "order": 2}) == \
        "majority 0 · turn order +2"
    assert StargazerPanels.parts_words({"majority": 4, "order": 0}) == "majority 4"


@pytest.mark.timeout(120)
def test_three_players_final_ring_takes_the_larger_room(drive) -> None:  # noqa: ANN001
    """With three players the final ring was drawn under the buttons too small to read while
    150 px stood empty between the scores and the buttons (a playtest; the buttons stand under
    the taller of Scores and Statistics, and a game with hints asked has more statistics): it
    takes the larger room, and still opens the table at the end on a click."""
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")], {}, 4)
    play_to_results(drive, table, random.Random(4), skip_scoring=True)
    results = drive.scene
    for more in (False, True):
        if more:  # as many statistics as a game with hints asked: the buttons stand lower
            results.statistics = results.statistics + results.statistics[:3]
            results.relayout()
            results._picture = None
        drive.step(3)
        picture, buttons, lay = results.picture_rect, results.form.widgets[0].rect, \
            results.layout
        above = buttons.top - results.panel.bottom
        below = lay.height - buttons.bottom
        assert picture is not None
        if above > below:
            assert results.panel.bottom < picture.top and picture.bottom < buttons.top
        else:
            assert picture.top > buttons.bottom
        assert more is False or above > below, "(the case the playtest met)"
        assert not text_problems(drive.app), text_problems(drive.app)
    from game.client.scenes.replay import ReplayScene

    drive.click(results.picture_rect.center)
    assert isinstance(drive.scene, ReplayScene)


@pytest.mark.parametrize("crew", ["scout", "pilot"])
def test_the_next_cube_names_the_way_round_only_when_it_is_not_clockwise(drive, crew) -> None:  # noqa: ANN001
    """"Next cube may go to: Lava (clockwise). Click one, or Left/Right…": the direction
    after every name pushed the keys out of the panel (a 4K playtest). Said only where a
    planet lies another way (the Pilot's counter-clockwise)."""
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")],
                      {"crews": [crew, "engineer", "medic", "security"], "start_player": 0}, 4)
    play_crew(drive, table, crew, keyboard=True)
    drive.until(lambda: table.phase() == "investigate")
    start = table.candidates([])[0]
    drive.click(table.ring.geo.cards[start].center)
    assert table.path == [start] and table.count > 1
    offer = next(text for text, _colour in table.action_lines(table.view)[1]
                 if text.startswith("Next cube may go to: "))
    if crew == "scout":  # the next or the second-next, both clockwise
        assert "clockwise" not in offer, offer
        shown = [item.text for item in painted(drive, table).drawn
                 if item.text.startswith("Next cube")]
        assert shown and not shown[-1].endswith("…"), shown
    else:
        assert "(counter-clockwise)" in offer and "(clockwise)" in offer, offer


def test_a_planets_tooltip_explains_the_shorthand_under_its_card(drive) -> None:  # noqa: ANN001
    """"1 VP +1", "4 VP (tie)" under a card were explained only on the rules page (a 4K
    playtest): the planet's full text says what they mean."""
    from game.client.stargazer.table_draw import TOOLTIP_DELAY
    from tests.client.sg_play import painted

    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")],
                      {"start_player": 0}, 4)
    drive.move(table.ring.geo.cards[0].center)
    drive.step(int(TOOLTIP_DELAY * 60) + 3)
    said = " ".join(item.text for item in painted(drive, table).drawn)
    assert "+N: the leader's lead in cubes" in said and "(tie)" in said, said


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_crews_full_text_keeps_clear_of_the_scores(drive, size) -> None:  # noqa: ANN001
    """A crew's full text, beside the crews, hid the player's own VP in the centre (a
    Japanese player's playtest): it stands between the centre and the crews."""
    from game.client.stargazer.table_draw import TOOLTIP_DELAY

    drive.app.resize(size)
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots("Vega", "Altair")],
                      {"start_player": 0}, 4)
    for index in range(len(table.view["crews"])):
        drive.move(table.crew_rects[index].center)
        drive.step(int(TOOLTIP_DELAY * 60) + 3)
        assert table.hover_crew == index
        assert not table.tooltip_rect.colliderect(table.ring.geo.centre), index
        assert not table.tooltip_rect.colliderect(table.crews_rect), index


@pytest.mark.timeout(120)
def test_the_handover_tells_what_happened_since_the_players_last_turn(drive) -> None:  # noqa: ANN001
    """The others' turns went by behind the handover, unseen by the player coming back (a
    playtest): the handover recaps the game log since their last turn, the game so far at
    their first."""
    from tests.client.sg_play import play_turn
    from tests.client.textboxes import drawn_texts

    table = table_for(drive, [SeatChoice("human", "Ann"), SeatChoice("human", "Bo"),
                              *bots("Vega")], {"start_player": 0}, 3)
    rng = random.Random(3)
    drive.until(lambda: isinstance(drive.scene, HandoverScene), what="Ann's handover")
    first = drive.scene
    assert first.seat == 0 and not first.recap.since_turn
    drive.step()
    assert "So far:" in drawn_texts(drive.app)
    drive.until(lambda: first.armed, what="the handover to take input")
    drive.key(pygame.K_RETURN)
    while not (isinstance(drive.scene, HandoverScene) and drive.scene.seat == 1):
        if table.turn_seat() == table.active and table.phase() in DECISIONS and \
                not isinstance(drive.scene, HandoverScene) and not table.decision_blocks():
            play_turn(drive, table, rng)  # Ann's turn
        drive.step()
    handover = drive.scene
    assert handover.seat == 1
    seen_by_ann = len(table.log)
    # Bo plays on, Vega too, and the screen comes back to Ann
    drive.until(lambda: handover.armed, what="the handover")
    drive.key(pygame.K_RETURN)
    while not (isinstance(drive.scene, HandoverScene) and drive.scene.seat == 0):
        if table.turn_seat() == table.active and table.phase() in DECISIONS and \
                not isinstance(drive.scene, HandoverScene) and not table.decision_blocks():
            play_turn(drive, table, rng)
        drive.step()
    back = drive.scene
    assert back.recap.since_turn and back.recap.entries
    drive.step()
    texts = drawn_texts(drive.app)
    assert any(text.startswith("Since your last turn:") for text in texts), texts
    newest = str(tr(back.recap.entries[-1][0]))
    assert any(newest.startswith(text.rstrip("…")) for text in texts), (newest, texts)
    assert any("Bo" in str(tr(text)) for text, _colour in back.recap.entries), \
        "Bo's turn is told"
    assert not any(str(tr(text)).startswith("Ann") for text, _colour in back.recap.entries), \
        "her own turn is not told again"
    assert len(back.recap.entries) <= len(table.log) - seen_by_ann
    assert back.recap_rect.bottom < drive.app.layout.height


def test_a_bot_keeps_its_ai_tag_in_the_ring_middle_in_japanese(drive) -> None:  # noqa: ANN001
    """At 720p in Japanese the middle cut 「アルタイル（AI）」 to 「アルタイル（…」 (the bot
    read as a person) and the round's opening line to 「ラウンド4：アルタイルさんから始め…」
    (an outside playtest): both are drawn whole, in smaller type where they need it."""
    from game.client.i18n import set_language
    from game.client.stargazer.table import RoundEnd

    set_language("ja")
    altair = "アルタイル"  # (a bot's star name in Japanese)
    table = table_for(drive, [SeatChoice("human", "Ann"), *bots(altair, "デネブ", "リゲル")],
                      {"start_player": 1}, 5)
    assert drive.app.screen.get_size() == (1280, 720)
    scores = scored({"majority": 15, "specialty": 2, "motivation": 0, "skills": 1, "order": 0},
                    {"majority": 9, "specialty": 3, "motivation": 6, "skills": 0, "order": 2},
                    {"majority": 15, "specialty": 4, "motivation": 1, "skills": 1, "order": 1},
                    {"majority": 9, "specialty": 6, "motivation": 1, "skills": 2, "order": 0})
    table.round_end = RoundEnd(3, [4, 2, -1, 0], [s["total"] for s in scores], start=1)
    rendered = middle_texts(drive, table, scores)
    assert f"{altair}（AI）" in rendered, rendered
    assert f"ラウンド4：{altair}さんから始めます。" in rendered, rendered
    assert not [text for text in rendered if text.endswith("…") and altair in text], rendered
