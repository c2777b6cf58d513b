"""Hints at the table (issue 26): H asks the hard bot; the hint shows as the ghost (Look at the
Stars) or the chosen crew (Stargazer) with one line of why, within the bot's budget, and its
"points now" is the engine's score gain of the hinted move. A LAN table offers none unless
its host allowed them."""

from __future__ import annotations

import copy
import threading
import time

import pygame
import pytest

from game.ai.stars_teaching import stars_legal_moves
from game.client.hinting import think_budget
from game.client.kits import get_kit
from game.client.scenes.lan import LobbyScene
from game.client.session import GameConfig, SeatChoice
from game.client.stargazer.table import StargazerTableScene
from game.client.stars.table import StarsTableScene
from game.rules.stargazer import RULESET as STARGAZER
from game.rules.stars import RULESET as STARS
from game.rules.stars import card_segments
from net.client import Client
from tests.client.clienthelpers import Driver
from tests.client.test_client_solo_game import start_solo
from tests.games import PROJECT_GAMES

#: the window's own work around the bot's budget (a thread, a frame or two)
SLACK = 1.5


def ask_hint(drive: Driver, table: StarsTableScene | StargazerTableScene, game: str) -> float:
    """Press H and wait for the hint; returns the seconds it took."""
    start = time.monotonic()
    drive.key(pygame.K_h)
    assert table.hints.thinking, "H asks for a hint"
    assert table.hints.line() == "Thinking about a hint..."
    drive.until(lambda: not table.hints.thinking, timeout=think_budget(game) + 10,
                what="the hint")
    drive.step(2)
    return time.monotonic() - start


@pytest.mark.timeout(120)
def test_a_stars_hint_is_the_ghost_with_its_points_now(drive: Driver) -> None:
    table = start_solo(drive)
    drive.step(30)
    assert table.hints.offered and table.hints.button.rect.w > 0, "the Hint button shows"
    took = ask_hint(drive, table, "stars")
    assert took < think_budget("stars") + SLACK
    hint = table.hints.hint
    assert hint is not None and hint.move in stars_legal_moves(table.view, table.active)
    move = hint.move
    if move["t"] == "place":
        ghost = table.ghost()
        assert ghost[2] is None, "the ghost stands on the hinted (legal) spot"
        assert ghost[1] == card_segments(table.view["card"]["id"], move["rot"], move["dx"],
                                         move["dy"])
        assert table.preview()["delta"]["total"] == hint.points_now
    # the engine's score gain of the hinted move
    state = copy.deepcopy(table.session.table.state)
    before = STARS.view(state, table.active)["my_score"]["total"]
    STARS.apply(state, table.active, move)
    assert STARS.view(state, table.active)["my_score"]["total"] - before == hint.points_now
    line = table.hints.line()
    assert line.startswith("Hint:") and f"{hint.points_now:+d} point" in line
    assert "groups of lines open" in line
    texts = [text for text, _ in table.status_lines(table.view, table.phase())]
    assert line in texts, "the why is on screen"
    # the next card: the hint is gone
    table.place() if move["t"] != "skip" else table.skip()
    drive.until(lambda: table.phase() != "play", what="the hinted move")
    assert table.hints.line() is None


@pytest.mark.timeout(120)
def test_a_stargazer_hint_chooses_the_crew_with_its_points_now(drive: Driver) -> None:
    config = GameConfig("stargazer", [SeatChoice("human", "Ann"), SeatChoice("ai", "B", "normal"),
                                      SeatChoice("ai", "C", "normal")])
    drive.app.push(get_kit("stargazer").open_table(drive.app, config, 7, None))
    table = drive.scene
    assert isinstance(table, StargazerTableScene)
    drive.until(lambda: table.phase() == "crew", timeout=60, what="Ann's turn")
    drive.step(3)
    assert table.hints.button in table.visible_buttons()
    for elsewhere in ("watching", "over"):  # others' turns, the final scoring: nothing to hint
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(table, "phase", lambda e=elsewhere: e)
            assert table.hints.button not in table.visible_buttons(), elsewhere
    took = ask_hint(drive, table, "stargazer")
    assert took < think_budget("stargazer") + SLACK
    hint = table.hints.hint
    assert hint is not None and hint.move["t"] == "crew"
    assert table.crew_choice == table.view["crews"].index(hint.move["crew"]), \
        "the hinted crew is chosen (highlighted)"
    state = STARGAZER.view(table.session.table.state, table.active)
    before = STARGAZER.score(state)[table.active]["total"]
    for move in hint.moves:
        STARGAZER.apply(state, table.active, move)
    assert STARGAZER.score(state)[table.active]["total"] - before == hint.points_now
    assert hint.keeps_open == {"cubes": state["hands"][table.active]}
    title, lines = table.action_lines(table.view)
    assert lines[0][0] == table.hints.line(), "the why is on screen, first"
    # in VP, as Stargazer's scores are said, for the whole turn it plans (the Japanese hint
    # said 点 beside VP, and "now" beside the preview of the crew alone: playtests)
    assert f"{hint.points_now:+d} VP this turn" in table.hints.line(), table.hints.line()
    # the player follows it: the next hint is the rest of the same turn, not a new search
    # (the crew's hint said "then 1 cube", the investigation's 2: a new player's playtest)
    assert len(hint.moves) > 1, "(a crew, then the rest of its turn)"
    table.session.send(table.active, hint.move)
    drive.until(lambda: table.phase() in ("skill", "investigate") and
                not table.pacer.busy, timeout=30, what="the rest of Ann's turn")
    import game.client.hinting as hinting

    with pytest.MonkeyPatch.context() as patch:  # a new search would find nothing here
        patch.setattr(hinting, "hint_for", lambda *args, **kwargs: None)
        drive.key(pygame.K_h)  # (no search: the plan is at hand at once)
        drive.until(lambda: not table.hints.thinking, timeout=10, what="the hint")
        drive.step(2)
    assert table.hints.hint is not None and table.hints.hint.moves == hint.moves[1:]


@pytest.mark.timeout(120)
def test_the_review_shows_the_move_a_hint_showed_even_when_it_searches_less(
        drive: Driver) -> None:
    """The hint offered +3 at card 1; the player played another move and the review said
    "bot +0, the same at once" with yet another move (a new player's playtest: each search
    was cut by its time budget on a busy machine): the hints shown go with the game's record
    and the review shows them as the bot's moves, whatever its own budget."""
    from game.ai.hints import given_key
    from game.ai.review import review_game
    from game.client.hinting import Checks, stop_within
    from game.client.record import record_of

    table = start_solo(drive)
    drive.step(30)
    view = copy.deepcopy(table.view)
    ask_hint(drive, table, "stars")
    hint = table.hints.hint
    assert hint is not None
    legal = stars_legal_moves(table.view, table.active)
    other = next(m for m in legal if m != hint.move)
    table.session.send(table.active, other)  # the player plays something else
    drive.until(lambda: table.phase() == "review", what="the move played")
    drive.key(pygame.K_RETURN)
    drive.until(lambda: table.view["card"]["n"] > view["card"]["n"], what="the next card")
    record = record_of(table.session)
    key = given_key("stars", view, table.active)
    assert record.hints == {key: [hint.move]}, "the hint shown goes with the record"
    for budget in (Checks(1), Checks(150)):  # a search cut early, and one that is not
        rows = review_game("stars", record.options, record.seed, record.moves, table.active,
                           secret=record.secret, hinted=record.hints,
                           stop_for=lambda budget=budget: stop_within(budget, threading.Event()))
        assert rows[0].bot_moves[0] == hint.move and rows[0].your_moves[0] == other


def test_a_skip_hint_takes_away_a_ghost_left_where_it_cannot_go(drive: Driver) -> None:
    """On the last card H said "skip this card" beside the red "That point is off the
    board..." of a ghost left at the mouse's spot (a new player's playtest): a skip hint takes
    the ghost away, and with it its complaint."""
    import game.client.hinting as hinting
    from game.ai.hints import Hint
    from game.client import theme

    table = start_solo(drive)
    drive.step(30)
    drive.move(table.geo.to_px(-0.6, -0.6))  # the ghost hangs off the board: red
    assert table.ghost() is not None and table.ghost()[2] is not None
    assert any(color == theme.ILLEGAL for _text, color in
               table.status_lines(table.view, table.phase()))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(hinting, "hint_for", lambda *args, **kwargs: Hint([{"t": "skip"}], 0))
        drive.key(pygame.K_h)
        drive.until(lambda: table.hints.hint is not None, timeout=10, what="the hint")
    lines = table.status_lines(table.view, table.phase())
    assert lines[0][0].startswith("Hint: skip this card"), lines
    assert not any(color == theme.ILLEGAL for _text, color in lines), lines
    # Enter follows it, as it draws where a placement hint's ghost is (it did nothing, and a
    # keyboard player following the hints was stuck: a playtest)
    drive.key(pygame.K_RETURN)
    drive.until(lambda: table.phase() == "review", timeout=10, what="the skip")
    assert table.view["pending"]["action"] == "skip"


def host_a_table(drive: Driver, hints: bool) -> StarsTableScene:
    drive.click(drive.scene.button("Host LAN game").rect.center)
    setup = drive.scene
    assert setup.hints in setup.form.widgets and setup.hints.value is False, "off by default"
    if hints:
        setup.hints.set_value(True)
    drive.click(setup.start.rect.center)
    lobby = drive.scene
    assert isinstance(lobby, LobbyScene)
    guest = Client("127.0.0.1", lobby.session.server.port, "Bea", reconnect=False)
    drive.hooks.append(guest.poll)
    drive.until(lambda: lobby.session.table.seats_taken() == 2 and guest.table is not None,
                what="Bea to join")
    assert guest.table["hints"] is hints, "a joiner is told whether hints are allowed"
    drive.click(lobby.start_button.rect.center)
    drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the game")
    table = drive.scene
    drive.until(lambda: table.phase() == "play", what="card 1")
    drive.step(20)
    drive.hooks.remove(guest.poll)
    guest.close()
    return table


@pytest.mark.timeout(120)
def test_a_lan_table_offers_no_hint_unless_its_host_allows(drive: Driver) -> None:
    table = host_a_table(drive, hints=False)
    assert not table.hints.offered and table.hints.button.rect.w == 0
    drive.key(pygame.K_h)
    assert not table.hints.thinking and table.hints.line() is None
    table.leave()
    drive.step(5)
    table = host_a_table(drive, hints=True)
    assert table.hints.offered
    ask_hint(drive, table, "stars")
    assert table.hints.hint is not None and table.hints.line().startswith("Hint:")


@pytest.mark.timeout(240)
def test_the_review_lists_each_card_and_a_click_shows_that_moment(drive: Driver) -> None:
    from game.client.scenes.replay import ReplayScene
    from game.client.scenes.results import ResultsScene
    from game.client.scenes.review import ReviewScene

    table = start_solo(drive)
    drive.step(30)
    ask_hint(drive, table, "stars")
    while not isinstance(drive.scene, ResultsScene):  # skip every card: a quick game
        if table.phase() == "play":
            n = table.view["card"]["n"]
            drive.key(pygame.K_s)
            drive.until(lambda: table.phase() != "play", what="the skip")
            drive.key(pygame.K_RETURN)
            drive.until(lambda n=n: table.view["card"]["n"] > n or table.view["over"],
                        what="the next card")
        drive.step()
    results = drive.scene
    assert ("Hints asked", [1, 0]) in results.statistics, "the hint is counted"
    review_button = next(b for b in results.form.widgets if b.label == "Review")
    drive.click(review_button.rect.center)
    review = drive.scene
    assert isinstance(review, ReviewScene)
    drive.step(2)
    drive.until(lambda: review.rows, timeout=60, what="the analysis")
    assert review.progress == (18, 18)
    assert len(review.decisions) == 18, "one row per card"
    assert all(d.your_points == 0 for d in review.decisions), "every card skipped"
    top = [d for d in review.decisions if d.regret > 0]
    assert review.rows[:min(3, len(top))] == sorted(top, key=lambda d: -d.regret)[:3]
    # a row is a card, and says so ("Turn 18" read as a turn of the game's 18 cards)
    last = len(review.rows) - 1
    assert review.row_words(last)[0] == f"Card {review.rows[last].turn}"
    drive.step(2)
    # the list says it goes on (it had no sign: a new player's playtest), and how far
    from tests.client.textboxes import drawn_texts

    shown_rows = len(review.row_rects)
    assert shown_rows < len(review.rows), "(more rows than the panel holds)"
    assert f"{len(review.rows) - shown_rows} more below" in drawn_texts(drive.app)
    for _ in range(len(review.rows)):
        drive.key(pygame.K_DOWN)
    assert review.selected == 0 and review.first_row == 0  # (round to the top again)
    drive.key(pygame.K_UP)
    assert any(text.endswith("more above") for text in drawn_texts(drive.app))
    assert not any(text.endswith("more below") for text in drawn_texts(drive.app))
    drive.key(pygame.K_DOWN)
    rect, index = review.row_rects[0]
    drive.click(rect.center)
    replay = drive.scene
    assert isinstance(replay, ReplayScene)
    assert replay.session.position == review.rows[index].at, "the board at that moment"
    assert replay.table.view["card"]["n"] == review.rows[index].turn
    # the review names stars as (column, row): the board shows its column and row numbers
    drive.step(2)
    from tests.client.textboxes import drawn_texts, text_problems

    shown = drawn_texts(drive.app)
    assert all(str(n) in shown for n in range(1, 12)), shown
    assert not text_problems(drive.app)
    # and its panel names the replay's keys, not the play's (nothing is drawn in a replay)
    said = "  ".join(shown)
    assert "Left/Right: a move" in said and "Space: play or pause" in said, said
    assert "click: draw" not in said and "right click: rotate" not in said, said
    # nor its buttons: a replay's Undo and Confirm looked live and did nothing (a playtest)
    for word in ("Confirm (Enter)", "Undo (U)", "Skip card (S)", "Rotate (R)"):
        assert word not in said, word
    assert "Player's score: " in said and "Your score" not in said, "watched from a place"


@pytest.mark.timeout(60)
def test_a_pads_hint_button_asks_for_a_hint(drive: Driver) -> None:
    """A pad's "hint" intent (its Back button) arrives as H (``game.client.devices``)."""
    from tests.client.virtual_pads import VirtualPad, tap

    table = start_solo(drive)
    drive.step(30)
    pad = VirtualPad()
    try:
        drive.step(2)
        tap(drive.app, pad, pygame.CONTROLLER_BUTTON_BACK)
        assert table.hints.thinking or table.hints.hint is not None
        drive.until(lambda: table.hints.hint is not None, timeout=10, what="the hint")
        # the button names the pad's button, not H (a party playtest)
        drive.step(2)
        assert str(table.hints.button.label) == "Hint (Back)"
    finally:
        pad.unplug()
        drive.step(2)


@pytest.mark.timeout(120)
def test_hot_seat_hints_are_each_players_own(drive: Driver) -> None:
    """Each player at the screen gets the hint for their own seat, from their own view; none
    while the handover hides the table."""
    from game.client.scenes.handover import HandoverScene
    from tests.client.test_client_hotseat_game import accept_handover, skip_and_confirm

    drive.click(drive.scene.button("Hot-seat").rect.center)
    drive.click(drive.scene.start.rect.center)
    table = drive.scene.table
    assert table.awaiting_handover and not table.hints.ask(), "no hint behind the handover"
    for seat in (0, 1):
        if isinstance(drive.scene, HandoverScene):
            accept_handover(drive)
        assert table.active == seat
        drive.step(30)
        ask_hint(drive, table, "stars")
        hint = table.hints.hint
        assert hint is not None and hint.move in stars_legal_moves(
            STARS.view(table.session.table.state, seat), seat)
        skip_and_confirm(drive, table)
        drive.until(lambda: isinstance(drive.scene, HandoverScene) or table.view["card"]["n"] > 1,
                    what="the next player")
    assert table.hints.asked_by == {0: 1, 1: 1}


@pytest.mark.timeout(120)
def test_a_hot_seat_review_turns_to_the_next_player_with_tab(drive: Driver) -> None:
    from game.client.record import GameRecord
    from game.client.scenes.review import ReviewScene
    from tests.test_review import bot_game

    options, moves = bot_game("stars", 2, 5)
    record = GameRecord("stars", options, 5, moves, ["Ann", "Bea"], ["human", "human"])
    review = ReviewScene(drive.app, record, 0, budget=0.02)
    drive.app.push(review)
    drive.until(lambda: bool(review.rows), timeout=60, what="Ann's review")
    assert review.footer("x").endswith("Tab or Left/Right: another player")
    anns = review.decisions
    drive.key(pygame.K_TAB)
    assert review.seat == 1 and not review.rows
    drive.until(lambda: bool(review.rows), timeout=60, what="Bea's review")
    bea_moves = [move for seat, move in moves
                 if seat == 1 and move["t"] in ("place", "shooting_star", "skip")]
    assert [d.your_moves[0] for d in review.decisions] == bea_moves, "Bea's own cards"
    assert review.decisions != anns
    # a party's pad: RB / LB (and the D-pad's Left / Right) turn to another player's review,
    # and the footer names those buttons (only the keyboard's Tab did: a playtest)
    from tests.client.textboxes import drawn_texts
    from tests.client.virtual_pads import VirtualPad, tap

    pad = VirtualPad()
    try:
        drive.step(2)
        tap(drive.app, pad, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
        assert review.seat == 0
        drive.until(lambda: bool(review.rows), timeout=60, what="Ann's review again")
        drive.step(2)
        assert any("LB/RB: another player" in text for text in drawn_texts(drive.app))
        tap(drive.app, pad, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
        assert review.seat == 1
    finally:
        pad.unplug()


@pytest.mark.timeout(120)
def test_a_full_panel_still_shows_the_hint_and_says_it_cut_the_rest(
        drive: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new player's card 18: warnings filled the panel under the card, the hint's line was
    the one cut off, and Enter drew where the ghost stood (-17). The hint comes first, and the
    last line that fits ends with an ellipsis."""
    from tests.client.textboxes import drawn_texts, text_problems

    table = start_solo(drive)
    drive.step(30)
    ask_hint(drive, table, "stars")
    hint = table.hints.line()
    assert hint and hint.startswith("Hint:")
    # one message too long for the panel: it is cut in its middle, wherever the panel ends
    many = [(" ".join(f"Breaks your {n}-line constellation: it would grow to {n + 1} lines "
                      "and score nothing." for n in range(3, 15)), (255, 160, 60))]
    monkeypatch.setattr(type(table), "preview_lines", lambda self: many)
    table.keyboard_ghost = True  # the ghost on the board: the preview's lines are said
    texts = drawn_texts(drive.app)
    first_words = hint.split(":")[0] + ":"
    assert any(t.startswith(first_words) for t in texts), "the hint is drawn"
    said = [t for t in texts if "Breaks your" in t or "lines and score" in t]
    assert said and said[-1].endswith("…"), said[-3:]
    assert not any("14-line" in t for t in texts), "the panel cannot hold all twelve"
    assert text_problems(drive.app) == []


def test_the_last_cards_hint_keeps_nothing_open() -> None:
    """On card 18 no line group can grow any more: a new player's playtest read "keeps 8 line
    groups open to grow" on the last card. Earlier hints say it."""
    from game.ai import make_bot
    from game.ai.stars_teaching import stars_hint
    from game.client.hinting import why_line

    state = STARS.setup({"players": 1}, 5)
    bot = make_bot("stars", "greedy", 5)
    said = {}
    while not STARS.is_over(state):
        n = state["flipped"]
        if n in (17, 18) and n not in said and state["seats"][0]["turn"] is None:
            hint = stars_hint(STARS.view(state, 0), 0, lambda: True, 1)
            said[n] = (hint.keeps_open, why_line(hint))
        STARS.apply(state, 0, bot.choose(STARS, state, 0))
    assert "open_groups" in said[17][0] and "groups of lines open" in said[17][1]
    assert said[18][0] == {} and "open" not in said[18][1], said[18]


def test_a_review_names_the_start_player_a_move_named(drive: Driver) -> None:
    """Stargazer's review said "Ann names Ann start player" for every choice: the words named
    every seat after the row's player. Other seats keep their own names."""
    from game.client.record import GameRecord
    from game.client.scenes.review import ReviewScene
    from game.rules.stargazer import RULESET as STARGAZER
    from tests.test_review import bot_game

    options, moves = bot_game("stargazer", 3, 5)
    record = GameRecord("stargazer", options, 5, moves, ["Ann", "Bea", "Cy"], ["human"] * 3)
    review = ReviewScene(drive.app, record, 0, budget=0.02)
    at = next(i for i, (seat, move) in enumerate(moves)
              if seat == 0 and move["t"] == "start_player")
    state = STARGAZER.setup(STARGAZER.normalize_options(options), 5)
    for seat, move in moves[:at]:
        STARGAZER.apply(state, seat, move)
    named = moves[at][1]["seat"]
    n = state["round"]  # (the round named, as the review's row is: "the next" read as n + 1)
    words = review.describe(state, [moves[at][1]], "Ann")
    assert words == (f"Ann chooses to start round {n}" if named == 0 else
                     f"Ann names {['Ann', 'Bea', 'Cy'][named]} to start round {n}")
    said = review.describe(state, [{"t": "start_player", "seat": 2}], "Hard bot")
    assert said == f"Hard bot names Cy to start round {n}"
    # a player naming themself (it said "Mika names Mika start player": an outside playtest)
    said = review.describe(state, [{"t": "start_player", "seat": 0}], "Hard bot")
    assert said == f"Hard bot chooses to start round {n}"
    drive.app.push(review)
    drive.until(lambda: review.rows, timeout=40, what="the analysis")
    # rows are named by their round (a new player read "Turn 7" in a 6-round game)
    assert review.row_words(len(review.rows) - 1)[0] == f"Round {review.rows[-1].turn}"


@pytest.mark.timeout(60)
def test_a_game_reviewed_again_shows_the_same_rows_at_once(drive: Driver) -> None:
    """Reopened from "Last results", a review searched again against the clock and showed a
    different bot's move for a card (an outside playtest): this run keeps the review."""
    import copy

    from game.client.record import GameRecord
    from game.client.scenes.review import ReviewScene
    from tests.test_review import bot_game

    options, moves = bot_game("stargazer", 3, 5)
    record = GameRecord("stargazer", options, 5, moves, ["Ann", "Bea", "Cy"], ["human"] * 3)
    first = ReviewScene(drive.app, record, 0, budget=0.02)
    drive.app.push(first)
    drive.until(lambda: first.rows, timeout=40, what="the analysis")
    drive.key(pygame.K_ESCAPE)
    again = ReviewScene(drive.app, record, 0, budget=0.02)
    assert again.ready and again.decisions is first.decisions, "kept, not searched again"
    other_seat = ReviewScene(drive.app, record, 1, budget=0.02)
    assert not other_seat.ready or other_seat.decisions is not first.decisions
    other_seat.exit()
    twin = ReviewScene(drive.app, copy.deepcopy(record), 0, budget=0.02)  # another game's
    assert twin.decisions is not first.decisions
    twin.exit()
    # a game where the bot did no better anywhere says so (it said "better on 0 decisions")
    from dataclasses import replace

    from tests.client.textboxes import drawn_texts

    drive.app.push(again)
    again.decisions = [replace(d, bot_points=d.your_points) for d in first.decisions]
    again.rows = []
    drive.step(2)
    said = " ".join(drawn_texts(drive.app))
    assert "The bot did no better than you on any decision." in said, said
    assert "0 decisions" not in said
    # two better decisions are not "the 3 biggest" (a new player's playtest)
    decisions = [replace(d, bot_points=d.your_points) for d in first.decisions]
    for index in (1, 3):
        decisions[index] = replace(decisions[index], bot_points=decisions[index].your_points + 2)
    again.decisions, again.rows = decisions, []
    drive.step(2)
    said = " ".join(drawn_texts(drive.app))
    assert "better on 2 decisions; they come first, the biggest first." in said, said
    assert "3 biggest" not in said


@pytest.mark.timeout(60)
def test_a_stargazer_review_row_outlines_the_bots_turn_on_the_ring(drive: Driver) -> None:
    """The review's replay showed the bot's choice only in words (an outside playtest): its
    crew and the squares its cubes would take are outlined, until the replay moves on."""
    from game.client.record import GameRecord
    from game.client.scenes.replay import ReplayScene
    from game.client.scenes.review import ReviewScene
    from tests.client.textboxes import drawn_texts
    from tests.test_review import bot_game

    options, moves = bot_game("stargazer", 3, 5)
    record = GameRecord("stargazer", options, 5, moves, ["Ann", "Bea", "Cy"], ["human"] * 3)
    review = ReviewScene(drive.app, record, 0, budget=0.02)
    drive.app.push(review)
    drive.until(lambda: review.rows, timeout=40, what="the analysis")
    index = next(i for i, row in enumerate(review.rows)
                 if any(m["t"] == "investigate" for m in row.bot_moves))
    review.open(index)
    replay = drive.scene
    assert isinstance(replay, ReplayScene)
    drive.step(3)
    # the caption says which moment this is, not the move before it (it said "Just
    # played: Mika confirms", the card before's, over "Mika has not played this card yet")
    moment = f"Round {review.rows[index].turn}: before your move; the hint shows the hard bot's."
    assert moment in drawn_texts(drive.app)
    table = replay.table
    assert table.last_move is not None and table.last_move_left > 0
    places = table.beat_places(table.last_move)
    kinds = {place[0] for place in places}
    assert "crew" in kinds or "square" in kinds, places
    assert any(place[0] == "square" for place in places), "the cubes' squares"
    replay.go(replay.session.position + 1)  # the replay moves on: the outline goes
    drive.step(2)
    assert table.last_move_left == 0
    shown = drawn_texts(drive.app)
    assert moment not in shown and f"Just played: {replay.session.describe()}" in shown


def test_the_review_says_no_count_before_it_knows_one(drive: Driver,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's first words were "0 of ?..." (a new player's playtest)."""
    import threading

    from game.client.record import GameRecord
    from game.client.scenes import review as review_module
    from game.client.scenes.review import ReviewScene
    from tests.client.textboxes import drawn_texts
    from tests.test_review import bot_game

    release = threading.Event()
    monkeypatch.setattr(review_module, "review_game",
                        lambda *_args, **_kwargs: release.wait(30) and [])  # (counts nothing)

    options, moves = bot_game("stargazer", 3, 9)
    record = GameRecord("stargazer", options, 9, moves, ["Ann", "Bea", "Cy"], ["human"] * 3)
    review = ReviewScene(drive.app, record, 0, budget=0.02)
    drive.app.push(review)
    review.rows, review.progress = [], (0, 0)  # (as before the bot has counted them)
    said = " ".join(drawn_texts(drive.app))
    assert "The hard bot looks at each of your decisions..." in said and "?" not in said, said
    review.progress = (2, 7)
    said = " ".join(drawn_texts(drive.app))
    assert "The hard bot looks at each of your decisions: 2 of 7..." in said, said
    release.set()
    review.exit()


@pytest.mark.parametrize("game", PROJECT_GAMES)
def test_the_reviews_move_lines_read_at_the_bodys_type(drive: Driver, game: str) -> None:
    """The two move lines of a row are what the review is read for; at 1280x720 they were
    set in the small type, hard to read (a new player's playtest): the body's type now."""
    from game.client.record import GameRecord
    from game.client.scenes.review import ReviewScene
    from tests.client.textboxes import drawn_sizes
    from tests.test_review import bot_game

    players = 2 if game == "stars" else 3
    options, moves = bot_game(game, players, 5)
    names = ["Ann", "Bea", "Cy"][:players]
    record = GameRecord(game, options, 5, moves, names, ["human"] + ["ai"] * (players - 1))
    review = ReviewScene(drive.app, record, 0, budget=0.02)
    drive.app.push(review)
    drive.until(lambda: bool(review.rows), timeout=60, what="the review")
    drive.step(2)
    assert drive.app.screen.get_size() == (1280, 720)
    sizes = drawn_sizes(drive.app)
    body = review.layout.font_px("body")
    lines = [words for index in range(len(review.row_rects))
             for words in review.moves_words(index)]
    assert len(lines) >= 8, "(rows on the panel)"
    drawn = dict(sizes)
    small = review.layout.font_px("small")
    # each whole, at the body's type, or as large as fits the panel (a long Stargazer turn)
    assert all(small < drawn.get(words, 0) <= body for words in lines), (body, lines, sizes)
    assert sum(drawn[words] == body for words in lines) >= len(lines) // 2, sizes


def test_a_stargazer_hint_names_the_target_of_its_skill(drive: Driver) -> None:
    """A hint said "use the skill, then investigate with 2 cubes" without saying where (a new
    player stepped through five targets to guess): it names the planet or crew it aims at."""
    from game.ai.hints import Hint
    from game.client.stargazer.names import planet_name

    config = GameConfig("stargazer", [SeatChoice("human", "Ann"), SeatChoice("ai", "B", "normal"),
                                      SeatChoice("ai", "C", "normal")])
    drive.app.push(get_kit("stargazer").open_table(drive.app, config, 7, None))
    table = drive.scene
    drive.until(lambda: table.phase() == "crew", timeout=60, what="Ann's turn")
    view = table.view
    on_planet = {"t": "skill", "planet": 2}
    words = table.show_hint(Hint([{"t": "crew", "crew": view["crews"][0]}, on_planet,
                                  {"t": "investigate", "planets": [3]}], 4))
    assert f"use the skill on {planet_name(view['planets'], 2, short=False)}" in words, words
    on_crew = {"t": "skill", "crew": "medic"}
    words = table.show_hint(Hint([{"t": "crew", "crew": view["crews"][0]}, on_crew], 1))
    assert "use the skill on Dr. Hale, Medic" in words, words


def test_the_japanese_review_names_the_bot_and_parts_steps_in_japanese(drive: Driver) -> None:
    """The Japanese review read 「強い AIさんが…; 強い AIさんが…」: the catalog's name
    template adds さん to the bot's name (then 「AIさんが」 read as a joke: the bot is no
    person, its name goes without), and the steps were parted by a half-width ";" (Japanese
    players' playtests)."""
    from game.client import i18n
    from game.client.record import GameRecord
    from game.client.scenes.review import ReviewScene
    from tests.test_review import bot_game

    options, moves = bot_game("stargazer", 3, 5)
    record = GameRecord("stargazer", options, 5, moves, ["Ann", "Bea", "Cy"],
                        ["human", "ai", "ai"])
    drive.app.set_language("ja")
    review = ReviewScene(drive.app, record, 0, budget=0.02)
    drive.app.push(review)
    drive.until(lambda: bool(review.rows), timeout=60, what="the review")
    lines = [words for index in range(len(review.rows)) for words in review.moves_words(index)]
    assert i18n.language() == "ja" and any("が" in line for line in lines)
    assert not any(";" in line for line in lines), lines
    assert not any("AIさん" in line for line in lines), lines  # (read as a joke: no person)
    assert any(line.startswith("強いAIが") for line in lines[1::2]), lines
    # your own moves under 「あなたの手」 are yours: 「あなたが」, not 「Annさんが」 (a playtest)
    assert any(line.startswith("あなたが") for line in lines[0::2]), lines
    assert not any("Ann" in line for line in lines), lines
    # a row of several steps says its subject once (「あなたが技師を選ぶ ／ あなたが…を置く ／
    # あなたが調査」 read clumsy: a Japanese playtest)
    steps = [line for line in lines if "／" in line]
    assert steps, lines
    assert all(line.count("あなたが") <= 1 and line.count("強いAIが") <= 1 for line in lines), \
        steps
    worst = review.row_words(0)[0]
    assert worst.startswith("差の大きさ1位"), worst
    # a hot-seat review is of a named player's moves ("Ann's moves"): they go by name, and the
    # other players' names are untouched
    both = GameRecord("stargazer", options, 5, moves, ["Ann", "Bea", "Cy"],
                      ["human", "human", "ai"])
    review = ReviewScene(drive.app, both, 0, budget=0.02)
    drive.app.push(review)
    drive.until(lambda: bool(review.rows), timeout=60, what="the hot-seat review")
    lines = [review.moves_words(index)[0] for index in range(len(review.rows))]
    assert any(line.startswith("Annさんが") for line in lines), lines
    assert not any("あなた" in line for line in lines), lines


@pytest.mark.timeout(120)
def test_a_followed_crew_hint_goes_on_with_its_investigation_at_once(drive: Driver) -> None:
    """After a crew's hint was followed the hint went away, and the start planet the table
    picked by itself looked like the hint's (a Japanese player's playtest): the rest of the
    hinted turn shows at once, chosen on the ring, counted as the one hint it is."""
    config = GameConfig("stargazer", [SeatChoice("human", "Ann"), SeatChoice("ai", "B", "normal"),
                                      SeatChoice("ai", "C", "normal")])
    drive.app.push(get_kit("stargazer").open_table(drive.app, config, 7, None))
    table = drive.scene
    drive.until(lambda: table.phase() == "crew", timeout=60, what="Ann's turn")
    drive.step(3)
    ask_hint(drive, table, "stargazer")
    hint = table.hints.hint
    assert hint is not None and hint.move["t"] == "crew" and len(hint.moves) > 1
    asked = table.hints.count
    drive.key(pygame.K_RETURN)  # pick the crew the hint chose
    drive.until(lambda: table.phase() in ("skill", "investigate") and
                not table.pacer.busy, timeout=30, what="the rest of Ann's turn")
    drive.step(2)
    rest = table.hints.hint
    assert rest is not None and rest.moves == hint.moves[1:], "the plan goes on by itself"
    assert table.hints.line().startswith("Hint: ")
    assert not table.hints.thinking and table.hints.count == asked, "one hint, not two"
    step = rest.move
    if step["t"] == "investigate":
        assert table.path == step["planets"], "its cubes' planets are the ones chosen"
    else:
        assert table.skill_targets()[table.target_choice] == step


def test_a_hints_open_groups_read_as_a_count_of_groups() -> None:
    """"keeps 4 line groups open to grow" read as groups of 4 lines (a 4K playtest)."""
    from game.client.hinting import OPEN_WORDS

    assert OPEN_WORDS["open_groups"](4) == "keeps 4 groups of lines open"
    assert OPEN_WORDS["open_groups"](1) == "keeps 1 group of lines open"


@pytest.mark.timeout(120)
def test_the_review_says_when_a_bot_played_for_you(drive: Driver) -> None:
    """A LAN guest's review left out the round a stand-in bot played for them without a word
    (an outside playtest): it says the bot's decisions are left out."""
    from game.client.record import GameRecord
    from game.client.scenes.review import ReviewScene
    from tests.client.textboxes import drawn_texts
    from tests.test_review import bot_game

    options, moves = bot_game("stars", 2, 5)
    away = [i for i, (seat, _move) in enumerate(moves) if seat == 0][4:8]
    said = "The decisions a bot made for you while you were away are left out."
    for stand_ins, told in (([], False), (away, True)):
        record = GameRecord("stars", options, 5, moves, ["Ann", "Bea"], ["remote", "remote"],
                            stand_ins=stand_ins)
        review = ReviewScene(drive.app, record, 0, budget=0.02)
        drive.app.push(review)
        drive.until(lambda review=review: bool(review.rows), timeout=60, what="the review")
        drive.step(2)
        shown = " ".join(drawn_texts(drive.app))
        assert (said in shown or said.split(" while")[0] in shown) == told, shown
        drive.app.pop()
