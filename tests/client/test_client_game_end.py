"""The end of a game: the last boards on the table, the results' statistics, every final board
with what scored, and the replay, which steps the game forward and back on its own copy."""

from __future__ import annotations

import copy
import random
import time
from typing import Any

import pygame
import pytest

from game.client import theme
from game.client.kits import get_kit
from game.client.record import record_of
from game.client.replay_session import ReplaySession
from game.client.scenes.menu import MainMenuScene
from game.client.scenes.replay import ReplayScene
from game.client.scenes.results import ResultsScene
from game.client.session import GameConfig, LocalSession, SeatChoice
from game.client.stars.categories import CATEGORY
from game.client.stars.final_boards import CHOICES, FinalBoardsScene
from game.client.stars.table import StarsTableScene
from game.rules import get_ruleset
from game.rules.base import make_rng, replay, reproducible_secrets
from game.rules.stars import RULESET, game_statistics, score_details
from tests.client.clienthelpers import Driver
from tests.client.stars_play import near
from tests.client.textboxes import drawn_texts, text_problems
from tests.games import PROJECT_GAMES


def finish_quickly(table: object, seat: int = 0, seed: int = 1) -> None:
    """Random legal moves for ``seat`` (placements preferred) until the game is over."""
    rng = random.Random(seed)
    deadline = time.monotonic() + 60
    while table.status != "over":
        assert time.monotonic() < deadline, "the game did not end"
        legal = table.legal_message(seat)
        moves = [m for m in legal["moves"] if m["t"] != "undo"]
        if not moves:
            time.sleep(0.001)
            continue
        placing = [m for m in moves if m["t"] not in ("skip", "skip_power")]
        move = rng.choice(placing or moves)
        table.submit(seat, table.token_for(seat), legal["version"], move)


@pytest.fixture
def ended(drive: Driver) -> tuple[Driver, StarsTableScene, ResultsScene]:
    """A solo game against a bot, played to the end, its results on screen."""
    config = GameConfig("stars", [SeatChoice("human", "Ann"),
                                  SeatChoice("ai", "Vega", "random")], {}, "solo")
    with reproducible_secrets("client-tests"):  # seed 7 deals the same game on every run
        session = LocalSession(config, 7, ai_delay=0.0)
    table = StarsTableScene(drive.app, config, 7, session=session)
    drive.app.push(table)
    finish_quickly(session.table)
    drive.until(lambda: table.view is not None and table.view["over"], what="the end")
    drive.step()
    shown = drawn_texts(drive.app)
    assert "final board" in " ".join(shown), "the last boards are on the table, not 'thinking'"
    assert not any("thinking" in text for text in shown)
    drive.until(lambda: isinstance(drive.scene, ResultsScene), what="the results")
    return drive, table, drive.scene


def button(results: ResultsScene, label: str):  # noqa: ANN201
    return next(w for w in results.form.widgets if w.label == label)


def test_results_show_the_statistics_of_the_game(ended) -> None:  # noqa: ANN001
    drive, table, results = ended
    record = record_of(table.session)
    stats = game_statistics(record.options, record.seed, record.moves, record.secret)
    drive.key(pygame.K_TAB)
    assert results.showing_statistics
    rows = dict(results.statistics)
    assert rows["Lines drawn"] == [s["lines_drawn"] for s in stats]
    assert rows["Cards skipped"] == [s["cards_skipped"] for s in stats]
    assert rows["Power bonuses used"] == [s["powers_used"] for s in stats]
    shown = drawn_texts(drive.app)
    assert "Lines drawn" in shown and str(stats[0]["lines_drawn"]) in shown
    drive.click(button(results, "Scores").rect.center)
    assert not results.showing_statistics


def test_solo_results_show_where_the_total_stands_against_every_bot_level(ended) -> None:  # noqa: ANN001
    """The solo line compared a new player with "the normal bot" after a game against greedy
    (a playtest), and the room under the scores stood empty: there a bar per bot level shows
    the share of its measured solo games the total beats, the level played here marked."""
    from game.rules.stars import solo_standing

    drive, table, results = ended
    total = results.scores[0]["total"]
    power_card = table.session.table.state["seats"][0]["sheet"]["power_card"]
    expected = solo_standing(total, power_card)
    assert [(level, share) for level, share, _played in results.standing()] == expected
    assert [level for level, _share, played in results.standing() if played] == ["random"]
    drive.step()
    shown = drawn_texts(drive.app)
    for level, share in expected:
        assert f"{level} bot" in shown and f"{share}%" in shown, (level, shown)
    assert "played in this game" in shown
    assert text_problems(drive.app) == []
    # the line above names the rank only: one level's share beside the bars of every level
    # read as a contradiction (two playtests)
    line = results.solo_line()
    assert line is not None and line.startswith("Your solo rank: ") and line in shown
    assert not any("better than" in text for text in shown), shown
    results.toggle_statistics()
    drive.step()
    shown = drawn_texts(drive.app)
    assert "played in this game" not in shown, "the statistics take the room"
    assert any(text.startswith(line + "  ·  better than ") for text in shown), \
        "with the bars gone, the line tells where the total stands"


def test_the_statistics_line_compares_the_total_with_the_level_played(ended) -> None:  # noqa: ANN001
    """After a solo game against hard the bars marked "hard bot 0 %, played in this game", and
    the line above the Statistics said "better than 37 % of the games of the greedy bot (3 of
    5)", a level nobody had played (an outside playtest). With the bars gone the line names
    the level played, with the share its bar showed."""
    drive, _table, results = ended
    drive.step()
    bars = {level: share for level, share, _played in results.standing()}
    played = [level for level, _share, here in results.standing() if here]
    assert played == ["random"] and f"{bars['random']}%" in drawn_texts(drive.app)
    drive.until(lambda: button(results, "Statistics").enabled, what="the results to take input")
    drive.click(button(results, "Statistics").rect.center)
    assert results.showing_statistics
    drive.step()
    line = next(text for text in drawn_texts(drive.app) if "better than" in text)
    assert line.endswith(f"better than {bars['random']}% of the games of the random bot you "
                         "faced (1 of 5)"), line
    assert text_problems(drive.app) == []


def test_hot_seat_results_show_no_solo_standing(drive: Driver) -> None:
    config = GameConfig("stars", [SeatChoice("human", "Ann"), SeatChoice("human", "Bea")], {},
                        "hotseat")
    scores = {"scores": [{"total": 30}, {"total": 20}], "ranking": [1, 2]}
    results = ResultsScene(drive.app, "stars", config, scores, ["Ann", "Bea"],
                           ["human", "human"])
    assert results.standing() == []
    solo = ResultsScene(drive.app, "stars", GameConfig("stars", config.seats[:1], {}, "solo"),
                        {"scores": [{"total": 30}]}, ["Ann"], ["human"])
    assert [played for _level, _share, played in solo.standing()] == [False] * 5


def test_the_results_column_titles_read_at_the_bodys_small_type(ended) -> None:  # noqa: ANN001
    """The column titles were set in the tiny type, much smaller than the rest (a new
    player's playtest): a title that fits its column is set at the small type."""
    from tests.client.textboxes import RecordingSurface, recording

    drive, _table, results = ended
    surface = RecordingSurface(drive.app.screen.get_size())
    with recording(drive.app) as recorder:
        surface.recorder = recorder
        results.draw(surface, 0.0)
    sizes = {mark.text: mark.size for mark in surface.marks() if mark.kind == "text"}
    small = results.layout.font_px("small")
    assert sizes["Planets"] == small and sizes["Point bonus"] == small, sizes
    assert sizes["Constellations"] > results.layout.font_px("tiny"), sizes


def test_the_statistics_read_at_the_bodys_type(ended) -> None:  # noqa: ANN001
    """The statistics were set in the small type in a mostly empty table at 1280x720 (a new
    player's playtest): their titles, names and figures are in the body's type where the
    titles fit a third of the panel."""
    from tests.client.textboxes import drawn_sizes

    drive, _table, results = ended
    drive.key(pygame.K_TAB)
    assert results.showing_statistics and drive.app.screen.get_size() == (1280, 720)
    sizes = drawn_sizes(drive.app)
    body = results.layout.font_px("body")
    titles = [title for title, _values in results.statistics]
    drawn = dict(sizes)
    assert all(drawn.get(title) == body for title in titles), sizes
    figures = {str(v) for _title, values in results.statistics for v in values}
    assert {size for text, size in sizes if text in figures} == {body}, sizes
    assert results.panel.bottom < min(b.rect.top for b in results.form.widgets)


def test_a_japanese_statistics_title_stands_on_its_figures_line(ended) -> None:  # noqa: ANN001
    """A title in the CJK font has a taller surface: set by its top it sat a few pixels
    below its row's figures. Each title's letters and its figures share a centre line."""
    from game.client.i18n import _
    from tests.client.textboxes import RecordingSurface, recording

    drive, _table, results = ended
    drive.app.set_language("ja")
    drive.key(pygame.K_TAB)
    surface = RecordingSurface(drive.app.screen.get_size())
    with recording(drive.app) as recorder:
        surface.recorder = recorder
        results.draw(surface, 0.0)
    marks = [mark for mark in surface.marks() if mark.kind == "text"]
    for title, values in results.statistics:
        label = next(mark for mark in marks if mark.text == _(title))
        assert label.text != title, "(the title is in Japanese)"
        row = [mark for mark in marks if mark.text in {str(v) for v in values}
               and abs(mark.rect.centery - label.rect.centery) < results.row_h // 2]
        assert row, (title, label.rect)
        for figure in row:
            assert abs(figure.rect.bottom - label.rect.bottom) <= 2, (title, label.rect,
                                                                     figure.rect)


def test_the_item_under_the_mouse_shows_on_the_large_board(ended) -> None:  # noqa: ANN001
    """The Planets view listed "planet touching 3 constellations" without showing which planet
    (a playtest): on the large board the item whose row is under the mouse is picked out (the
    rest of the board dimmed, its lines in its category's colour), its row on a lighter
    ground."""
    from game.client.stars.categories import CATEGORY

    drive, _table, results = ended
    drive.click(button(results, "Final boards").rect.center)
    boards = drive.scene
    assert isinstance(boards, FinalBoardsScene)
    drive.key(pygame.K_TAB)  # the first board large
    drive.step(2)
    rows = [(rect, item) for rect, item in boards.item_rows() if item["lines"] and item["points"]]
    assert rows, "(an item with lines in the list)"
    rect, item = rows[-1]
    geo = boards.board_rects[0][0]
    mine = {tuple(line) for line in item["lines"]}
    other = next(line for line in boards.sheets[0]["lines"] if tuple(line) not in mine)

    def middle(line) -> tuple[int, int]:  # noqa: ANN001
        x1, y1, x2, y2 = line
        (ax, ay), (bx, by) = geo.to_px(x1, y1), geo.to_px(x2, y2)
        return (ax + bx) // 2, (ay + by) // 2

    def brightness(point: tuple[int, int]) -> int:
        return sum(drive.app.screen.get_at(point)[:3])

    drive.move((boards.list_rect.centerx, boards.list_rect.bottom - 2))  # under no row
    drive.step(2)
    before = brightness(middle(other))
    drive.move(rect.center)
    drive.step(2)
    pixel = drive.app.screen.get_at(middle(item["lines"][0]))
    colour = CATEGORY[item["category"]].color
    assert all(abs(a - b) < 40 for a, b in zip(pixel[:3], colour, strict=True)), pixel
    assert brightness(middle(other)) < before * 0.7, "the rest of the board is dimmed"


def _row(y: int, xs: range) -> list[list[int]]:
    """Lines joining the stars of row ``y`` from ``xs``' first to its last."""
    return [[x, y, x + 1, y] for x in list(xs)[:-1]]


def test_final_boards_say_why_lines_score_nothing(drive: Driver) -> None:
    """A second 6-line constellation was drawn pale with nothing saying why (a playtest): under
    the boards a legend gives each colour of lines that score nothing its reason, only for what
    the boards show, and only where constellations are drawn."""
    from game.client.stars.final_boards import UNSCORED

    sheet = RULESET.view(RULESET.setup(RULESET.normalize_options({"players": 1}), 3),
                         0)["seats"][0]["sheet"]
    plain = {**sheet, "lines": _row(3, range(0, 4))}  # one constellation of 3: it scores
    sheet = {**sheet, "lines": _row(3, range(0, 4)) + _row(3, range(5, 9))  # another 3
             + _row(7, range(1, 4)) + _row(4, range(0, 10))}  # 2 lines; 9 lines
    kinds = [item["kind"] for item in score_details(sheet)]
    assert kinds.count("constellation") == 2 and "dead_group" in kinds
    boards = FinalBoardsScene(drive.app, {"seats": [{"sheet": sheet}, {"sheet": plain}]},
                              ["Ann", "Bea"])
    drive.app.push(boards)
    drive.step(2)
    shown = drawn_texts(drive.app)
    words = [words for _colour, words in UNSCORED.values()]
    assert all(text in shown for text in words), shown
    assert boards.unscored_kinds(1) == set()
    drive.key(pygame.K_TAB)  # Bea's board large: all her lines score
    drive.key(pygame.K_TAB)
    drive.step(2)
    assert boards.focus == 1 and not any(text in drawn_texts(drive.app) for text in words)
    drive.key(pygame.K_ESCAPE)
    boards.choose(2)  # the planets: the constellations are not drawn
    drive.step(2)
    assert not any(text in drawn_texts(drive.app) for text in words)
    boards.choose(1)
    drive.step(2)
    assert text_problems(drive.app) == []
    legend = drive.app.screen.get_rect()
    legend.top = max(rect.bottom for _geo, rect, _seat in boards.board_rects)
    pixels = {drive.pixel((x, y)) for x in range(0, legend.w, 2)
              for y in range(legend.top, legend.top + boards.legend_height() + 12)}
    for colour, _words in UNSCORED.values():
        assert any(near(pixel, colour, 30) for pixel in pixels), colour


def test_the_large_boards_list_is_in_the_colours_of_the_lines(drive: Driver) -> None:
    """A group of 9 lines was drawn orange on the board (the legend: "9 lines or more") but
    listed dim beside it, as a constellation already scored is: each row of the list is in
    the colour of its item's lines, and the item pointed at keeps that colour on the board."""
    from game.client.stars.final_boards import item_colour

    sheet = RULESET.view(RULESET.setup(RULESET.normalize_options({"players": 1}), 3),
                         0)["seats"][0]["sheet"]
    sheet = {**sheet, "lines": _row(3, range(0, 4)) + _row(3, range(5, 9))  # two of 3
             + _row(4, range(0, 10))}  # 9 lines
    boards = FinalBoardsScene(drive.app, {"seats": [{"sheet": sheet}]}, ["Ann"])
    drive.app.push(boards)
    drive.key(pygame.K_TAB)  # the board large, with its list
    drive.step(2)
    rows = {item["kind"] + ("" if item["points"] else " 0"): (rect, item)
            for rect, item in boards.item_rows()}
    assert {"dead_group 0", "constellation", "constellation 0"} <= set(rows), rows

    def row_pixels(rect: pygame.Rect) -> set:
        return {drive.pixel((x, y)) for x in range(rect.x, rect.right, 2)
                for y in range(rect.y, rect.bottom)}

    dead_rect, dead = rows["dead_group 0"]
    assert item_colour(dead) == theme.WARNING
    assert any(near(pixel, theme.WARNING, 30) for pixel in row_pixels(dead_rect))
    dim_rect, _dim = rows["constellation 0"]
    assert not any(near(pixel, theme.WARNING, 30) for pixel in row_pixels(dim_rect))
    drive.move(dead_rect.center)
    drive.step(2)
    geo = boards.board_rects[0][0]
    x1, y1, x2, y2 = dead["lines"][0]
    (ax, ay), (bx, by) = geo.to_px(x1, y1), geo.to_px(x2, y2)
    assert near(drive.pixel(((ax + bx) // 2, (ay + by) // 2)), theme.WARNING, 40)

    def along(a: tuple[int, int], b: tuple[int, int], t: float) -> tuple[int, int]:
        return round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t)

    # in dashes (its orange stood close to a shooting star's salmon: a playtest), where a
    # scoring constellation's lines are whole
    assert not near(drive.pixel(along((ax, ay), (bx, by), 0.3)), theme.WARNING, 40)
    drive.move((2, 2))
    drive.step(2)
    scored = rows["constellation"][1]
    x1, y1, x2, y2 = scored["lines"][0]
    colour = item_colour(scored)
    assert near(drive.pixel(along(geo.to_px(x1, y1), geo.to_px(x2, y2), 0.3)), colour, 60)


def test_the_large_boards_list_says_when_nothing_scores_in_the_category(
        drive: Driver) -> None:
    """Point bonus with no copy showed an empty panel beside the board (a playtest)."""
    sheet = RULESET.view(RULESET.setup(RULESET.normalize_options({"players": 1}), 3),
                         0)["seats"][0]["sheet"]
    sheet = {**sheet, "lines": _row(3, range(0, 4))}  # a constellation of 3, no copy
    boards = FinalBoardsScene(drive.app, {"seats": [{"sheet": sheet}]}, ["Ann"])
    drive.app.push(boards)
    drive.key(pygame.K_TAB)  # the board large, with its list
    boards.choose(next(n for n, (key, _title) in enumerate(CHOICES) if key == "point_bonus"))
    drive.step(2)
    assert boards.item_rows() == []
    assert "Nothing scores here: 0 points." in drawn_texts(drive.app)
    boards.choose(0)  # Everything: the constellation is listed, no such line
    drive.step(2)
    assert boards.item_rows() and "Nothing scores here: 0 points." not in drawn_texts(drive.app)


def test_final_boards_mark_what_scored_in_each_category(ended) -> None:  # noqa: ANN001
    drive, table, results = ended
    drive.click(button(results, "Final boards").rect.center)
    boards = drive.scene
    assert isinstance(boards, FinalBoardsScene)
    final = table.session.table.state
    for seat, scores in enumerate(results.scores):
        items = score_details(final["seats"][seat]["sheet"])
        for index, (category, _) in enumerate(CHOICES):
            boards.choose(index)
            expected = [i for i in items if category is None or i["category"] == category]
            assert boards.shown_items(seat) == expected
            if category is not None:
                assert boards.totals[seat][category] == scores[category]
    boards.choose(1)  # constellations
    drive.step(2)
    geo = next(geo for geo, _, seat in boards.board_rects if seat == 0)
    scoring = [i for i in boards.shown_items(0) if i["points"]]
    assert scoring, "this seeded game has constellations"
    x1, y1, x2, y2 = scoring[0]["lines"][0]
    middle = geo.to_px((x1 + x2) / 2, (y1 + y2) / 2)
    assert near(drive.pixel(middle), CATEGORY["constellations"].color, 70)
    drive.key(pygame.K_TAB)  # one board large, with its items listed
    assert boards.focus == 0 and len(boards.board_rects) == 1
    drive.key(pygame.K_ESCAPE)
    assert boards.focus is None
    drive.key(pygame.K_ESCAPE)
    assert drive.scene is results


def test_watch_replay_steps_forward_and_back_and_never_touches_the_table(ended) -> None:  # noqa: ANN001
    drive, table, results = ended
    live = table.session.table
    before = (copy.deepcopy(live.state), copy.deepcopy(live.moves), live.version)
    drive.click(button(results, "Watch replay").rect.center)
    scene = drive.scene
    assert isinstance(scene, ReplayScene)
    session = scene.session
    assert session.position == 0 and scene.table.view == RULESET.view(session.state_at(0), 0)
    for _ in range(5):
        drive.key(pygame.K_RIGHT)
    assert session.position == 5 and session.state == session.state_at(5)
    assert scene.table.view == RULESET.view(session.state_at(5), 0)
    drive.key(pygame.K_LEFT)
    assert session.position == 4 and session.state == session.state_at(4)
    # the caption says the move it names led here (at a card's end the board shows the next
    # card beside it: a playtest read "Mika confirms" as the move about to come)
    def caption_says(words: str) -> bool:  # (a long move is cut to the bar with "…")
        return any(text == words or (text.endswith("…") and words.startswith(text[:-1]))
                   for text in drawn_texts(drive.app))

    def expected_caption() -> str:
        by = live.moves[session.position - 1][0]
        where = "" if by == session.seat else \
            f", on {session.names[by]}'s board (Tab: watch it)"
        return f"Just played{where}: {session.describe()}"

    assert caption_says(expected_caption())
    # every seat plays each card on a board of its own: a move of another seat is said to
    # be on that seat's board (a new player read Altair's lines over Mika's board)
    position = next(p for p in range(1, len(live.moves)) if live.moves[p - 1][0] != 0)
    other = live.moves[position - 1][0]
    drive.key(pygame.K_HOME)
    for _ in range(position):
        drive.key(pygame.K_RIGHT)
    name = session.names[other]
    assert session.position == position
    assert caption_says(f"Just played, on {name}'s board (Tab: watch it): {session.describe()}")
    drive.key(pygame.K_TAB)  # watching that seat now: its own move
    assert session.seat == other and session.position == position
    assert caption_says(f"Just played: {session.describe()}")
    drive.key(pygame.K_TAB)
    drive.key(pygame.K_END)
    assert session.position == len(live.moves) and session.state == live.state
    assert scene.table.view["over"]
    told = [text for text, _ in scene.table.log]
    assert told[0].startswith("Card 1") and told[-1] == "The night is over", \
        "after a jump the log tells the story so far"
    assert not any(kind == "turn_confirmed" for kind in scene.table.flashes)
    drive.key(pygame.K_TAB)  # from Vega's place
    assert scene.table.active == 1 and scene.table.view == RULESET.view(live.state, 1)
    drive.key(pygame.K_HOME)
    assert session.position == 0
    drive.key(pygame.K_SPACE)  # play: a move every PLAY_EVERY seconds
    drive.step(120)
    assert session.position >= 2
    assert (live.state, live.moves, live.version) == before, "the live table is untouched"
    assert "Replay" in " ".join(drawn_texts(drive.app))
    drive.key(pygame.K_ESCAPE)
    assert drive.scene is results


def test_a_replay_shows_another_seats_lines_on_its_thumbnail_as_they_are_drawn(ended) -> None:  # noqa: ANN001
    """In play another's lines of the current card are private until the card ends; a replay
    hides nothing, and its caption says "Just played, on Altair's board": that thumbnail
    changed nothing until the card ended (a playtest)."""
    drive, table, results = ended
    live = table.session.table
    drive.click(button(results, "Watch replay").rect.center)
    scene = drive.scene
    session = scene.session

    def confirmed(position: int, seat: int) -> Any:
        return RULESET.view(session.state_at(position), 0)["seats"][seat]["sheet"]

    def drawn(position: int, seat: int) -> Any:
        """``seat``'s board as that seat sees it, the lines of the card in play too."""
        pending = RULESET.view(session.state_at(position), seat)["pending"]
        return pending["sheet"] if pending else confirmed(position, seat)

    # a move of another seat that draws lines on its board while the card goes on
    def draws_on_its_own(position: int) -> bool:
        seat = live.moves[position - 1][0]
        return seat != 0 and drawn(position, seat) != drawn(position - 1, seat) and \
            confirmed(position, seat) == confirmed(position - 1, seat)

    position = next(p for p in range(2, len(live.moves)) if draws_on_its_own(p))
    other = live.moves[position - 1][0]
    def thumbnail(at: int) -> list[tuple[int, int, int]]:
        """The board of ``other``'s thumbnail on screen (its labels left out)."""
        scene.go(at)
        drive.step()
        rect = next(r for r, seat in scene.table.thumb_rects if seat == other)
        board = drive.app.screen.subsurface(rect.x, rect.y, rect.w,
                                            rect.h - scene.table.thumb_label_h)
        return [tuple(board.get_at((x, y)))[:3] for y in range(board.get_height())
                for x in range(board.get_width())]

    before, after = thumbnail(position - 1), thumbnail(position)
    changed = sum(a != b for a, b in zip(before, after, strict=True))
    # (a few pixels of the sky behind the board's arch twinkle: a line is dozens)
    assert changed >= 40, f"the lines just drawn show on the thumbnail ({changed} px changed)"
    assert scene.table.others_sheet(scene.table.view, other) == drawn(position, other)
    assert live.moves[position - 1][0] != session.seat


@pytest.mark.parametrize("game", PROJECT_GAMES)
def test_a_replay_session_is_the_record_replayed_for_any_game(game: str) -> None:
    from game.client.record import GameRecord

    ruleset = get_ruleset(game)
    players = max(2, ruleset.min_players)
    options = ruleset.normalize_options({"players": players})
    state = ruleset.setup(options, 3)
    rng = make_rng(3, "replay-test")
    moves = []
    while not ruleset.is_over(state) and len(moves) < 400:
        seat = rng.choice(sorted(ruleset.to_move(state)))
        move = rng.choice(ruleset.legal_moves(state, seat))
        ruleset.apply(state, seat, move)
        moves.append([seat, move])
    record = GameRecord(game, options, 3, moves, [f"P{i}" for i in range(players)],
                        ["human"] * players)
    session = ReplaySession(record)
    for position in [len(moves), 7, 0, 60, 59, 61, len(moves) // 2, 3]:
        session.go_to(position)
        assert session.state == replay(ruleset, options, 3, moves[:position])
        assert session.views[0] == ruleset.view(session.state, 0)
    session.go_to(len(moves) - 1)
    assert session.forward() and not session.forward()
    assert session.describe() and "seat " not in session.describe(), "names, not seats"
    assert record.moves == moves, "the record is never changed"
    assert get_kit("stars").open_table  # the window has a table to replay it on


def test_esc_goes_back_one_level_and_the_menu_shows_the_last_results_again(ended) -> None:  # noqa: ANN001
    """Statistics, final boards and replay each close back to the results, the results to
    the menu; the menu's "Last results" opens that game's results with all of them again."""
    drive, table, results = ended
    scores = results.scores
    drive.key(pygame.K_TAB)
    assert results.showing_statistics
    assert "Tab or Esc: back to the scores" in " ".join(drawn_texts(drive.app))
    drive.key(pygame.K_ESCAPE)
    assert drive.scene is results and not results.showing_statistics
    drive.click(button(results, "Final boards").rect.center)
    drive.key(pygame.K_ESCAPE)
    assert drive.scene is results
    drive.click(button(results, "Watch replay").rect.center)
    drive.key(pygame.K_ESCAPE)
    assert drive.scene is results
    drive.key(pygame.K_ESCAPE)
    menu = drive.scene
    assert isinstance(menu, MainMenuScene)
    assert [w.label for w in menu.form.widgets][-2:] == ["Last results", "Quit"]
    drive.click(menu.button("Last results").rect.center)
    again = drive.scene
    assert isinstance(again, ResultsScene) and again is not results
    assert again.scores == scores and again.names == ["Ann", "Vega"]
    assert "Ann wins!" in drawn_texts(drive.app) or "Vega wins!" in drawn_texts(drive.app)
    drive.key(pygame.K_TAB)
    assert dict(again.statistics) == dict(results.statistics)
    drive.key(pygame.K_ESCAPE)
    drive.click(button(again, "Final boards").rect.center)
    assert isinstance(drive.scene, FinalBoardsScene)
    drive.key(pygame.K_ESCAPE)
    drive.click(button(again, "Watch replay").rect.center)
    replayed = drive.scene
    assert isinstance(replayed, ReplayScene)
    drive.key(pygame.K_END)
    assert replayed.session.state == table.session.table.state
    drive.key(pygame.K_ESCAPE)
    assert drive.scene is again
    drive.key(pygame.K_ESCAPE)
    assert drive.scene is menu, "back one level: to the menu it was opened from"
    drive.click(menu.button("Last results").rect.center)
    assert isinstance(drive.scene, ResultsScene), "still there"
    drive.click(button(drive.scene, "Play again").rect.center)
    assert isinstance(drive.scene, StarsTableScene), "a solo game can be played again"


def test_enter_mashed_through_the_end_does_not_start_a_new_game(
        ended, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    """A new player pressing Enter through Stargazer's last scoring steps reached the results
    and started a new game with the next press (Play again had the focus), and another one
    did so again past the first moments' guard (an Enter every 1.2 s). The results take no
    confirming press, key or click, for their first moments, and no button has the focus
    until the arrows choose one: Enter alone never plays again."""
    from game.client.scenes import results as results_module

    monkeypatch.setattr(results_module, "SETTLE_SECONDS", 0.6)
    drive, _table, _shown = ended
    fresh = ResultsScene.again(drive.app, drive.app.last_results)
    drive.app.push(fresh)
    assert fresh.form.focus == -1 and fresh.form.widgets[0].label == "Play again"
    for _ in range(3):
        drive.key(pygame.K_RETURN)
        drive.key(pygame.K_SPACE)
    drive.click(button(fresh, "Play again").rect.center)
    assert drive.scene is fresh, "nothing chosen in the first moments"
    drive.key(pygame.K_RIGHT)
    assert fresh.form.focus == 1, "the arrows choose a button meanwhile: what follows " \
        "Play again (a pad's Right meant for Statistics, then A, started a new game)"
    drive.key(pygame.K_LEFT)
    assert fresh.form.focus == 0, "Play again is a deliberate step back"
    drive.key(pygame.K_LEFT)
    assert fresh.form.focus == 0, "the row stops at Play again, as the main menu stops at " \
        "its ends (it went round to the last button: an outside re-check)"
    last = len(fresh.form.widgets) - 1
    fresh.form.focus = last
    drive.key(pygame.K_RIGHT)
    assert fresh.form.focus == last, "and at its last button"
    fresh.form.focus = -1
    drive.key(pygame.K_DOWN)
    assert str(fresh.form.focused().label) == "Statistics"
    # the first press back chooses the last button (it chose the one before it: a playtest)
    fresh.form.focus = -1
    drive.key(pygame.K_LEFT)
    assert fresh.form.focused() is fresh.form.widgets[-1], fresh.form.focused().label
    fresh.form.focus = -1
    drive.step(int(0.6 * 60) + 2)
    for _ in range(3):  # past the first moments, an Enter still chooses nothing
        drive.key(pygame.K_RETURN)
        drive.step(20)
    assert drive.scene is fresh
    assert "Left/Right, then Enter: choose" in fresh.footer()
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_LEFT)
    drive.key(pygame.K_RETURN)
    assert isinstance(drive.scene, StarsTableScene) and drive.scene is not _table, \
        "Right, Left, then Enter plays again"


def test_last_results_keep_the_hints_each_seat_asked_for(ended) -> None:  # noqa: ANN001
    """Stargazer's only statistic is the hints asked: the menu's Last results showed no
    Statistics button although the results after the game did (a new player's playtest)."""
    drive, _table, shown = ended
    finished = drive.app.last_results
    fresh = ResultsScene(drive.app, finished.game, finished.config, finished.results,
                         finished.names, finished.kinds, None, finished.record,
                         hints_asked={0: 3})
    assert ("Hints asked", [3, 0]) in fresh.statistics
    again = ResultsScene.again(drive.app, drive.app.last_results)
    assert ("Hints asked", [3, 0]) in again.statistics
    assert "Statistics" in [w.label for w in again.form.widgets]
    # a LAN guest knows only its own hints: another player's count is "-", not 0 (a guest read
    # the host's 0 as a fact: an outside playtest); a bot asks none
    from types import SimpleNamespace

    guest = SimpleNamespace(human_seats=[1], views={}, poll=lambda: None, close=lambda: None)
    lan = ResultsScene(drive.app, finished.game, None, finished.results, ["Host", "Ann"],
                       ["human", "remote"], guest, finished.record, hints_asked={})
    assert ("Hints asked", ["-", 0]) not in lan.statistics  # none asked: no row
    lan = ResultsScene(drive.app, finished.game, None, finished.results, ["Host", "Ann"],
                       ["human", "remote"], guest, finished.record, hints_asked={1: 2})
    assert ("Hints asked", ["-", 2]) in lan.statistics
    bots = ResultsScene(drive.app, finished.game, None, finished.results, ["Vega", "Ann"],
                        ["ai", "remote"], guest, finished.record, hints_asked={1: 2})
    assert ("Hints asked", [0, 2]) in bots.statistics


def test_the_menu_offers_no_results_before_a_game_has_finished(drive: Driver) -> None:
    assert "Last results" not in [w.label for w in drive.scene.form.widgets]


def test_every_menu_item_fits_with_continue_and_last_results(drive: Driver, monkeypatch,  # noqa: ANN001
                                                             tmp_path) -> None:  # noqa: ANN001
    """The longest menu: an unfinished game to continue and a finished one's results."""
    import game.client.resume as resume
    from game.client.scenes.results import FinishedGame
    from tests.client.textboxes import text_problems

    monkeypatch.setattr(resume, "resumable_saves", lambda _directory: [tmp_path / "a.json"])
    drive.app.last_results = FinishedGame("stars", None, {"scores": []}, [], [], None, {})
    for size in ((1280, 720), (800, 600)):
        drive.app.resize(size)
        drive.app.reset_to(MainMenuScene(drive.app))
        drive.step(2)
        labels = [w.label for w in drive.scene.form.widgets]
        assert labels[0] == "Continue" and labels[-2:] == ["Last results", "Quit"]
        rects = [w.rect for w in drive.scene.form.widgets]
        footer_top = drive.app.layout.height - drive.app.layout.px(40)
        assert all(r.bottom <= footer_top for r in rects), (size, rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert text_problems(drive.app) == []


def test_the_last_results_of_a_lan_game_offer_no_next_game(drive: Driver) -> None:
    """A LAN table closed with its results: shown again, nothing waits for its host."""
    from game.client.scenes.results import FinishedGame
    from game.client.stars.categories import SCORE_COLUMNS

    scores = [dict({c.key: 3 for c in SCORE_COLUMNS}, total=9),
              dict({c.key: 1 for c in SCORE_COLUMNS}, total=4)]
    drive.app.last_results = FinishedGame("stars", None, {"scores": scores, "ranking": [1, 2]},
                                          ["Ann", "Bea"], ["human", "human"], None, {})
    drive.app.reset_to(MainMenuScene(drive.app))
    drive.click(drive.scene.button("Last results").rect.center)
    again = drive.scene
    drive.step(5)
    assert isinstance(again, ResultsScene) and not again.lan_guest
    # no greyed Play again either: nothing can be played again from there (a playtest)
    assert "Play again" not in [str(widget.label) for widget in again.form.widgets]
    assert again.form.focused() is None and str(again.form.widgets[0].label) == "Back to menu"
    assert "Ann wins!" in drawn_texts(drive.app)
    assert "If the host plays again, you join the new game here." not in drawn_texts(drive.app)
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.scene, MainMenuScene)


def test_the_results_guard_holds_an_enter_kept_down_from_the_game() -> None:
    """Key repeat is on (``pygame.key.set_repeat``): an Enter held through the scoring would
    repeat into Play again once the pause ends. The results share the handover's guard
    (``press_guard``): a confirming key pressed early counts only once released; the arrows
    pass at once."""
    from game.client.press_guard import PressGuard

    def key(kind: int, code: int) -> pygame.event.Event:
        return pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0)

    guard = PressGuard(0.6, all_keys=False)
    assert guard.blocks(key(pygame.KEYDOWN, pygame.K_RETURN)), "too early"
    assert not guard.blocks(key(pygame.KEYDOWN, pygame.K_RIGHT)), "the arrows move the focus"
    guard.advance(0.7, 1.0)
    assert guard.blocks(key(pygame.KEYDOWN, pygame.K_RETURN)), "still held: a repeat"
    guard.blocks(key(pygame.KEYUP, pygame.K_RETURN))
    assert not guard.blocks(key(pygame.KEYDOWN, pygame.K_RETURN)), "pressed again: a choice"
    slow = PressGuard(0.6, all_keys=False)
    slow.advance(0.5 * 0.6, 0.5)  # at half speed a step's dt is halved: the wait is real time
    assert slow.armed


def test_a_pad_still_mashing_a_is_heard_only_once_it_pauses() -> None:
    """A pad sends no key-up, so the guard cannot tell a held button: presses that went on
    past the results' first wait started Play again (a playtest at one screen). An early pad
    press starts the wait again."""
    from game.client.press_guard import PressGuard

    def pad_press() -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="",
                                  scancode=0, device="pad:0")

    guard = PressGuard(0.6, all_keys=False)
    for _ in range(10):  # two seconds of mashing, a press every 0.2 s
        assert guard.blocks(pad_press())
        guard.advance(0.2, 1.0)
    guard.advance(0.6, 1.0)  # the player stops and looks
    assert not guard.blocks(pad_press()), "a press after the pause counts"


def test_results_cleared_by_a_new_game_still_show_the_finished_ones(drive: Driver) -> None:
    """A LAN watcher still playing out the end crashed on its results (an IndexError over the
    heading) when the host's Play again had cleared the session's results first (an outside
    LAN playtest): the table keeps the results it saw, and the heading never fails."""
    config = GameConfig("stars", [SeatChoice("human", "Ann"),
                                  SeatChoice("ai", "Vega", "random")], {}, "solo")
    with reproducible_secrets("client-tests"):
        session = LocalSession(config, 7, ai_delay=0.0)
    table = StarsTableScene(drive.app, config, 7, session=session)
    drive.app.push(table)
    finish_quickly(session.table)
    drive.until(lambda: table.final_results is not None, what="the results to come")
    expected = table.final_results["scores"]
    session.results = None  # what a new game at the table does (``Session._take``)
    drive.until(lambda: isinstance(drive.scene, ResultsScene), what="the results")
    drive.step(3)
    results = drive.scene
    assert results.scores == expected
    assert any(text.endswith("wins!") or text.startswith("A tie") for text in
               drawn_texts(drive.app))
    # and results with no scores at all say the game is over rather than fail
    empty = ResultsScene(drive.app, "stars", config, {}, ["Ann", "Vega"], ["human", "ai"])
    assert empty.winner_text() == "The game is over"


def test_the_mouse_alone_leaves_the_final_boards_and_the_review(ended) -> None:  # noqa: ANN001
    """The review and the final boards had no button out, only Esc: a player with the mouse
    alone was stuck (a 4K playtest). A "Back (Esc)" button stands in the top-left corner."""
    from game.client.scenes.review import ReviewScene
    from tests.client.textboxes import drawn_marks

    drive, _table, results = ended
    drive.click(button(results, "Final boards").rect.center)
    boards = drive.scene
    assert isinstance(boards, FinalBoardsScene)
    drive.step()
    marks = {m.text: m.rect for m in drawn_marks(drive.app)}
    back = marks["Back (Esc)"]
    assert back.left < drive.app.layout.width // 4 and back.top < drive.app.layout.height // 8
    assert not back.colliderect(marks["Final boards"]), "clear of the heading"
    drive.click(boards.board_rects[0][1].center)  # one board large
    assert boards.focus is not None
    drive.click(back.center)
    assert drive.scene is boards and boards.focus is None, "first every board again"
    drive.click(back.center)
    assert drive.scene is results
    drive.click(button(results, "Review").rect.center)
    review = drive.scene
    assert isinstance(review, ReviewScene)
    drive.step()
    marks = {m.text: m.rect for m in drawn_marks(drive.app)}
    heading = next(rect for text, rect in marks.items() if text.startswith("Review"))
    assert not marks["Back (Esc)"].colliderect(heading)
    drive.click(marks["Back (Esc)"].center)
    assert drive.scene is results
