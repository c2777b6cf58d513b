"""The post-game review (issue 26): one row per decision of the seat, regret = the bot's points
at once minus yours (the engine's score change over the decision), the biggest three first."""

from __future__ import annotations

import copy
from itertools import count

import pytest

from game.ai import make_bot
from game.ai.review import Decision, biggest_first, review_game
from game.rules import get_ruleset


def bot_game(game: str, players: int, seed: int) -> tuple[dict, list[list]]:
    ruleset = get_ruleset(game)
    options = ruleset.default_options(players)
    state = ruleset.setup(options, seed)
    bots = [make_bot(game, "easy", seat) for seat in range(players)]
    moves: list[list] = []
    while not ruleset.is_over(state):
        seat = sorted(ruleset.to_move(state))[0]
        move = bots[seat].choose(ruleset, state, seat)
        ruleset.apply(state, seat, move)
        moves.append([seat, move])
    return options, moves


def quick_stop():  # noqa: ANN201 - a search's budget in checks, not seconds: tests replay
    checks = count()
    return lambda: next(checks) > 40


@pytest.mark.parametrize(("game", "players"), [("stars", 1), ("stargazer", 3)])
def test_the_review_has_one_row_per_decision_and_regret_in_points_at_once(
        game: str, players: int) -> None:
    options, moves = bot_game(game, players, 11)
    rows = review_game(game, options, 11, moves, 0, stop_for=quick_stop)
    ruleset = get_ruleset(game)
    if game == "stars":
        assert [row.turn for row in rows] == list(range(1, 19)), "one row per card"
    else:
        turns = sum(1 for i, (seat, move) in enumerate(moves)
                    if seat == 0 and move["t"] in ("crew", "start_player"))
        assert len(rows) == turns, "one row per turn or start-player choice"
        # each named by the round it is played in (a start-player choice ends its round)
        rounds = []
        state = ruleset.setup(options, 11)
        for index, (seat, move) in enumerate(moves):
            if any(row.at == index for row in rows):
                rounds.append(state["round"])
            ruleset.apply(state, seat, move)
        assert [row.turn for row in rows] == rounds and rounds == sorted(rounds)
        assert rounds[-1] == state["round"] and len(set(rounds)) < len(rounds)
    total = ruleset.score(ruleset.setup(options, 11))[0]["total"]
    for row in rows:
        assert row.regret == row.bot_points - row.your_points
        if row.same:
            assert row.regret == 0, "the bot's own move costs nothing"
        if game == "stargazer":
            assert moves[row.at][0] == 0, "a row starts at the seat's own move"
        total += row.your_points
    # your points over all the decisions add up to your final score (Stars: nothing else
    # changes your sheet)
    if game == "stars":
        state = ruleset.setup(options, 11)
        for seat, move in moves:
            ruleset.apply(state, seat, move)
        assert total == ruleset.score(state)[0]["total"]
    shown = biggest_first(rows)
    worst = sorted((r.regret for r in rows if r.regret > 0), reverse=True)[:3]
    assert [r.regret for r in shown[:len(worst)]] == worst, "the three biggest first"
    assert shown[len(worst):] == rows


def test_biggest_first_keeps_only_real_regrets_on_top() -> None:
    rows = [Decision(n, n, [{"t": "a"}], [{"t": "b"}], 0, points)
            for n, points in enumerate([0, 5, -2, 9, 1, 3])]
    assert [r.regret for r in biggest_first(rows)[:3]] == [9, 5, 3]
    assert biggest_first([rows[0], rows[2]]) == [rows[0], rows[2]], "no gain: no top rows"


def test_a_row_says_points_missed_only_when_the_bot_made_more_at_once() -> None:
    """"regret -3" read as a mistake where the player had made more points than the bot
    (which played for later); the row says so in words instead."""
    from game.client.scenes.review import points_words

    def row(yours: int, bots: int, same: bool = False) -> Decision:
        return Decision(turn=1, at=0, your_moves=[{"t": "a"}],
                        bot_moves=[{"t": "a"}] if same else [{"t": "b"}],
                        your_points=yours, bot_points=bots)

    # (in words a player uses: "regret +3" was a word of the trade, a 4K playtest)
    assert points_words(row(1, 4)) == "you +1  ·  bot +4  ·  3 missed"
    assert points_words(row(3, 0)) == "you +3  ·  bot +0: it played for later"
    assert "missed" not in points_words(row(3, 0))
    assert points_words(row(2, 2)) == "you +2  ·  bot +2: the same at once"
    assert points_words(row(5, 5, same=True)) == "you chose the bot's move: +5"


@pytest.mark.parametrize(("game", "players"), [("stars", 1), ("stargazer", 3)])
def test_the_review_and_a_hint_at_the_same_moment_agree(game: str, players: int) -> None:
    """A new player played the hinted move and the review listed it among the biggest
    mistakes: each had searched with its own seed. Both now seed the hard bot from the
    decision (``decision_seed``): at every row, the hint asked there is the review's move."""
    from game.ai.hints import decision_seed, hint_for

    options, moves = bot_game(game, players, 12)
    rows = review_game(game, options, 12, moves, 0, stop_for=quick_stop)
    ruleset = get_ruleset(game)
    for row in rows:
        state = ruleset.setup(options, 12)
        for seat, move in moves[:row.at]:
            ruleset.apply(state, seat, move)
        view = ruleset.view(state, 0)
        hint = hint_for(game, view, 0, quick_stop(), seed=decision_seed(game, view, 0))
        assert hint is not None
        assert hint.moves[0] == row.bot_moves[0], row.turn
        if game == "stargazer":
            assert hint.moves == row.bot_moves[:len(hint.moves)], row.turn


def test_a_hinted_stargazer_turn_goes_on_as_planned_once_followed() -> None:
    """The crew's hint said "pick Reyes, then 1 cube"; asked again at the investigation, a
    new search said 2 cubes (a new player's playtest): a seat that has followed a hinted turn
    so far is hinted the rest of that turn, with the points it makes from there."""
    import copy

    from game.ai.hints import plan_goes_on
    from game.ai.stargazer_teaching import stargazer_hint

    ruleset = get_ruleset("stargazer")
    options, moves = bot_game("stargazer", 3, 21)
    state = ruleset.setup(options, 21)
    continued = others = 0
    for seat, move in moves:
        if state["phase"] == "crew" and state["current"] == seat and continued < 4:
            view = ruleset.view(state, seat)
            hint = stargazer_hint(view, seat, quick_stop(), 5)
            if hint is not None and len(hint.moves) > 1:
                before = ruleset.score(state)[seat]["total"]
                followed = copy.deepcopy(state)
                ruleset.apply(followed, seat, copy.deepcopy(hint.moves[0]))
                rest = plan_goes_on("stargazer", view, hint, ruleset.view(followed, seat), seat)
                assert rest is not None and rest.moves == hint.moves[1:]
                made = ruleset.score(followed)[seat]["total"] - before
                assert made + rest.points_now == hint.points_now, "the same turn's points"
                continued += 1
                crews = [m for m in ruleset.legal_moves(state, seat)
                         if m != hint.moves[0] and m["t"] == "crew"]
                if crews:  # another crew picked: the plan does not hold
                    other = copy.deepcopy(state)
                    ruleset.apply(other, seat, copy.deepcopy(crews[0]))
                    assert plan_goes_on("stargazer", view, hint, ruleset.view(other, seat),
                                        seat) is None
                    others += 1
        ruleset.apply(state, seat, move)
    assert continued and others


@pytest.mark.parametrize(("game", "players"), [("stars", 1), ("stargazer", 3)])
def test_the_review_shows_the_hint_that_was_shown_at_a_decision(game: str,
                                                                 players: int) -> None:
    """The hint offered +3 at card 1, the review's bot +0 (a new player's playtest: the
    hint's search was cut by its time budget on a busy machine, the review's elsewhere):
    where a hint was shown, the review's bot moves are the hinted ones; a hinted move that
    is not legal there is left for the bot's own search."""
    from game.ai.hints import given_key

    options, moves = bot_game(game, players, 11)
    ruleset = get_ruleset(game)
    plain = review_game(game, options, 11, moves, 0, stop_for=quick_stop)
    first = plain[0]
    state = ruleset.setup(options, 11)
    for who, move in moves[:first.at]:
        ruleset.apply(state, who, move)
    legal = ruleset.legal_moves(state, 0)
    other = next(m for m in legal if m != first.bot_moves[0])
    key = given_key(game, ruleset.view(state, 0), 0)
    shown = review_game(game, options, 11, moves, 0, stop_for=quick_stop,
                        hinted={key: [other]})
    assert shown[0].bot_moves[0] == other, "the hint shown is the bot's move there"
    trial = copy.deepcopy(state)
    before = ruleset.score(trial)[0]["total"]
    for move in shown[0].bot_moves:
        ruleset.apply(trial, 0, move)
    assert shown[0].bot_points == ruleset.score(trial)[0]["total"] - before
    assert [d.bot_moves for d in shown[1:]] == [d.bot_moves for d in plain[1:]], \
        "other decisions as before"
    stale = review_game(game, options, 11, moves, 0, stop_for=quick_stop,
                        hinted={key: [{"t": "no such move"}]})
    assert stale[0].bot_moves == first.bot_moves


def test_a_hint_asked_in_the_middle_of_a_stargazer_turn_is_the_reviews_move_there() -> None:
    """Following the hint at the skill step, the player read in the review that the bot would
    have put the cube elsewhere (a playtest): the review searched that step afresh from the
    crew it chose. A hint shown in the middle of a turn is the review's move there while the
    bot's moves so far are the player's; once they part, the bot searches on its own."""
    from game.ai.hints import given_key

    game = "stargazer"
    ruleset = get_ruleset(game)
    options, moves = bot_game(game, 3, 11)
    plain = review_game(game, options, 11, moves, 0, stop_for=quick_stop)
    row = next(d for d in plain if len(d.your_moves) >= 2)
    state = ruleset.setup(options, 11)
    for who, move in moves[:row.at]:
        ruleset.apply(state, who, move)
    start_key = given_key(game, ruleset.view(state, 0), 0)
    middle = copy.deepcopy(state)
    ruleset.apply(middle, 0, copy.deepcopy(row.your_moves[0]))
    middle_key = given_key(game, ruleset.view(middle, 0), 0)
    bots_own = review_game(game, options, 11, moves, 0, stop_for=quick_stop,
                           hinted={start_key: [row.your_moves[0]]})
    at = plain.index(row)
    assert bots_own[at].bot_moves[0] == row.your_moves[0]
    other = next(m for m in ruleset.legal_moves(middle, 0) if m != bots_own[at].bot_moves[1])
    hinted = review_game(game, options, 11, moves, 0, stop_for=quick_stop,
                         hinted={start_key: [row.your_moves[0]], middle_key: [other]})
    assert hinted[at].bot_moves[:2] == [row.your_moves[0], other], "the hint shown mid-turn"
    crews = [m for m in ruleset.legal_moves(state, 0)
             if m["t"] == "crew" and m != row.your_moves[0]]
    if crews:  # the bot's turn parts from the player's at once: the mid-turn hint is not its
        alone = review_game(game, options, 11, moves, 0, stop_for=quick_stop,
                            hinted={start_key: [crews[0]]})
        parted = review_game(game, options, 11, moves, 0, stop_for=quick_stop,
                             hinted={start_key: [crews[0]], middle_key: [other]})
        assert parted[at].bot_moves[0] == crews[0]
        assert parted[at].bot_moves == alone[at].bot_moves


@pytest.mark.parametrize(("game", "players"), [("stars", 2), ("stargazer", 3)])
def test_the_decisions_a_stand_in_bot_made_alone_are_not_the_players(
        game: str, players: int) -> None:
    """A LAN player's review showed "Card 4: Aiko draws..." for cards a bot played while she
    was away (a LAN evening's playtest): a decision whose moves are all the stand-in's is left
    out; one the player made again after coming back stays."""
    options, moves = bot_game(game, players, 13)
    rows = review_game(game, options, 13, moves, 0, stop_for=quick_stop)
    away_rows = rows[1:3]  # the player's second and third decisions: a bot played them
    stand_ins = [index for row in away_rows
                 for index in range(row.at, next(r.at for r in rows if r.at > row.at))
                 if moves[index][0] == 0]
    kept = review_game(game, options, 13, moves, 0, stop_for=quick_stop,
                       stand_ins=stand_ins)
    assert [row.at for row in kept] == [row.at for row in rows if row not in away_rows]
    # the player back for the last of the bot's moves in a decision: theirs again
    back = review_game(game, options, 13, moves, 0, stop_for=quick_stop,
                       stand_ins=stand_ins[:-1])
    assert [row.at for row in back] == [rows[0].at, *[row.at for row in rows[2:]]]
