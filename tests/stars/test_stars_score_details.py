"""Score details (what scored, item by item), the placement preview and the game statistics:
the engine's own scoring, checked against ``score_sheet`` and crafted sheets."""

from __future__ import annotations

import pytest
from stars_testkit import POWER_NUMBER, obj, path, sheet

from game.ai import make_bot
from game.rules.base import make_rng
from game.rules.stars import (
    RULESET,
    STATISTICS,
    card_segments,
    data,
    game_statistics,
    legal_card_placements,
    placement_preview,
    score_details,
    score_sheet,
)
from game.rules.stars.scoring import CATEGORIES

ROW3 = [(x, 3) for x in range(10)]
KINDS = {
    "constellations": {"constellation", "dead_group"},
    "planets": {"planet"},
    "shooting_stars": {"shooting_star"},
    "point_bonus": {"copy"},
    "power_bonus": {"nova_group", "galaxy", "aura", "twinkling_star", "crescent_moon",
                    "black_hole"},
}


def bot_game(seed: int, power_card: int, players: int = 2,
             skip_every: int = 0) -> tuple[dict, list, dict]:
    """A greedy-bot game to the end (the bots use their powers); ``skip_every``: seat 0
    skips every n-th card and undoes once in a while, to exercise the statistics."""
    options = RULESET.normalize_options({"players": players, "power_card": power_card})
    state = RULESET.setup(options, seed)
    bots = [make_bot("stars", "greedy", seed + i) for i in range(players)]
    rng = make_rng(seed, "details")
    moves = []
    while not state["over"]:
        seat = min(RULESET.to_move(state))
        move = bots[seat].choose(RULESET, state, seat)
        if seat == 0 and skip_every and state["seats"][0]["turn"] is None:
            if state["flipped"] % skip_every == 0:
                move = {"t": "skip"}
            elif rng.random() < 0.2 and move["t"] == "place":
                RULESET.apply(state, seat, move)  # placed, then taken back
                moves.append([seat, move])
                move = {"t": "undo"}
        RULESET.apply(state, seat, move)
        moves.append([seat, move])
    return options, moves, state


@pytest.mark.parametrize("power_card", range(1, 10))
def test_items_add_up_to_each_category_on_bot_boards(power_card: int) -> None:
    _, _, state = bot_game(power_card * 7, power_card)
    for seat in state["seats"]:
        items = score_details(seat["sheet"])
        score = score_sheet(seat["sheet"])
        for category in CATEGORIES:
            assert sum(i["points"] for i in items if i["category"] == category) == \
                score[category], (power_card, category, items)
        for item in items:
            assert item["lines"] or item["stars"], "every item shows where it is"
            assert item["kind"] in KINDS[item["category"]], item


def test_a_second_constellation_of_a_size_is_shown_at_zero_and_a_dead_group_too() -> None:
    fives = path(*ROW3[:6]) + path(*[(x, 6) for x in range(3, 9)])
    nine = path(*[(x, 4) for x in range(10)])
    items = score_details(sheet(lines=fives + nine))
    constellations = [i for i in items if i["category"] == "constellations"]
    assert sorted(i["points"] for i in constellations) == [0, 0, 5]
    again = next(i for i in constellations if i["points"] == 0 and len(i["lines"]) == 5)
    assert "already scored" in again["label"]
    dead = next(i for i in constellations if len(i["lines"]) == 9)
    assert dead["points"] == 0 and "scores nothing" in dead["label"]
    planets = [i for i in items if i["category"] == "planets"]
    assert all(i["lines"] for i in planets), "a planet shows the constellations it touches"


def test_a_nova_group_scores_in_the_power_box() -> None:
    # a real game's sheet: the power shape drawn (it earned the nova) and a 9-line group,
    # too big for a constellation, that the nova makes score
    shape = next(c["segments"] for c in data.POWER_CARDS if c["power"] == "nova")
    lines = path(*ROW3) + [[a - 1, b, c - 1, d] for a, b, c, d in shape]
    board = sheet(lines=lines, objects=[obj("nova", 0, 3)], power_card=POWER_NUMBER["nova"])
    items = score_details(board)
    nova = next(i for i in items if "nova" in i["label"])
    assert nova["category"] == "power_bonus" and nova["points"] == 9
    assert score_sheet(board)["power_bonus"] == 9


def test_the_preview_is_the_score_change_and_names_a_broken_constellation() -> None:
    seven = path(*[(x, 3) for x in range(8)])
    base = sheet(lines=seven)
    assert score_sheet(base)["constellations"] == 7
    grow = placement_preview(base, lines=[[7, 3, 8, 3]])
    assert grow["delta"]["constellations"] == 1 and not grow["broken"]
    join = placement_preview(base, lines=[[7, 3, 8, 3], [8, 3, 9, 3]])  # 9 lines: dead
    assert join["delta"]["constellations"] == -7
    assert join["broken"] == [{"size": 7, "into": 9, "lines": sorted(
        [list(s) for s in seven] + [[7, 3, 8, 3], [8, 3, 9, 3]])}]
    after = score_sheet(sheet(lines=seven + [[7, 3, 8, 3], [8, 3, 9, 3]]))
    assert join["after"] == after
    assert join["delta"]["total"] == after["total"] - score_sheet(base)["total"]
    star = placement_preview(base, shooting_star=[[0, 8], [1, 9]])
    assert star["delta"]["shooting_stars"] == 1 and star["delta"]["total"] == 1
    assert base["lines"] == seven, "the sheet itself is not touched"


@pytest.mark.parametrize("power_card", range(1, 10))
def test_the_preview_counts_the_power_uses_the_card_will_earn(power_card: int) -> None:
    """A new player completed the Line shape unwarned: the preview said only "Constellations
    +2". The preview now counts the uses a placement earns, from the seat's own view (its
    spent power lines, a once-a-game power used), as the engine offers them after the card."""
    options = RULESET.normalize_options({"players": 2, "power_card": power_card})
    earned = []
    for seed in range(12):
        if seed >= 3 and any(earned):
            break  # (three games, more where the shape came rarely)
        state = RULESET.setup(options, 40 + seed)
        bots = [make_bot("stars", "greedy", seed + i) for i in range(2)]
        while not state["over"]:
            seat = min(RULESET.to_move(state))
            move = bots[seat].choose(RULESET, state, seat)
            if move["t"] == "place" and state["seats"][seat]["turn"] is None:
                view = RULESET.view(state, seat)
                lines = card_segments(view["card"]["id"], move["rot"], move["dx"], move["dy"])
                sheet_now = view["seats"][seat]["sheet"]
                told = placement_preview(sheet_now, [list(s) for s in lines],
                                         spent=view["spent"], once_used=view["once_used"])
                events = RULESET.apply(state, seat, move)
                offered = [e["uses"] for e in events if e["type"] == "power_offered"]
                assert told["power_uses"] == (offered[0] if offered else 0), (seed, move)
                earned.append(told["power_uses"])
                assert placement_preview(sheet_now, lines)["power_uses"] == 0, \
                    "without the seat's power lines it is not counted"
                continue
            RULESET.apply(state, seat, move)
    assert any(earned), "the greedy bots completed the power shape somewhere"


def test_statistics_count_what_the_record_shows() -> None:
    options, moves, state = bot_game(5, data.DEFAULT_POWER_CARD, skip_every=4)
    stats = game_statistics(options, 5, moves)
    assert len(stats) == 2 and all(list(s) == list(STATISTICS) for s in stats)
    mine = stats[0]
    confirmed_skips = data.CARDS_PER_GAME // 4
    assert mine["cards_skipped"] == confirmed_skips, "undone placements never count"
    assert mine["cards_placed"] + mine["shooting_stars"] + mine["cards_skipped"] == \
        data.CARDS_PER_GAME
    sheet0 = state["seats"][0]["sheet"]
    assert mine["lines_drawn"] == len(sheet0["lines"])
    assert mine["shooting_stars"] == len(sheet0["shooting_stars"])
    bonus_lines = mine["lines_drawn"] - 2 * mine["cards_placed"]
    assert mine["powers_used"] == bonus_lines, "the Line power: one extra line per use"
    sizes = [i for i in score_details(sheet0) if i["category"] == "constellations"
             and i["label"].startswith("constellation")]
    assert mine["constellations"] == len(sizes)
    assert sum(mine[f"constellations_{n}"] for n in range(3, 11)) == mine["constellations"]


def whys(preview: dict) -> list[tuple[str, str, str, int, int, int]]:
    return sorted((loss["category"], loss["kind"], loss["why"], loss["points"], loss["size"],
                   loss["into"]) for loss in preview["losses"])


def test_the_preview_says_why_a_category_loses_points() -> None:
    """Each loss the preview shows comes with the reason the scoring gives, read from the
    items that score before and after (not from their labels)."""
    five = path(*ROW3[:6])
    four = path(*[(x, 6) for x in range(2, 7)])
    base = sheet(lines=five + four)
    grown = placement_preview(base, lines=[[6, 6, 7, 6]])  # the 4 -> 5
    assert grown["delta"]["constellations"] == -4
    assert whys(grown) == [("constellations", "constellation", "size_taken", 4, 4, 5)]
    apart = placement_preview(base, lines=[[7, 4, 8, 4]])
    assert apart["losses"] == [], "no loss, nothing to explain"

    eight = path(*[(x, 3) for x in range(9)])
    nova = placement_preview(sheet(lines=eight, objects=[obj("nova", 0, 3)]),
                             lines=[[8, 3, 9, 3]])
    assert nova["delta"]["constellations"] == -8 and nova["delta"]["power_bonus"] == 9
    assert whys(nova) == [("constellations", "constellation", "moved", 8, 8, 9)]

    seven = path(*[(x, 4) for x in range(8)])  # touches the planet at (7, 5)
    dead = placement_preview(sheet(lines=seven), lines=[[7, 4, 8, 4], [8, 4, 9, 4]])
    assert whys(dead) == [("constellations", "constellation", "too_big", 7, 7, 9),
                          ("planets", "planet", "too_big", 1, 1, 0)]

    two_sides = path(*[(x, 4) for x in range(4, 8)]) + path(*[(x, 6) for x in range(6, 10)])
    joined = placement_preview(sheet(lines=two_sides), lines=[[7, 4, 8, 5], [8, 5, 8, 6]])
    assert joined["delta"]["planets"] == -1 and joined["delta"]["constellations"] > 0
    assert whys(joined) == [("planets", "planet", "merged", 1, 2, 1)]

    sides = path(*[(x, 4) for x in range(1, 5)]) + path(*[(x, 6) for x in range(6, 10)])
    third = path((5, 4), (6, 4), (7, 4))
    twinkle = [obj("twinkling_star", 5, 5)]
    crowded = placement_preview(sheet(lines=sides + third, objects=twinkle),
                                lines=[[7, 4, 8, 4]])
    worth = data.TWINKLING_STAR_POINTS
    assert crowded["delta"]["power_bonus"] == -worth
    assert whys(crowded) == [("power_bonus", "twinkling_star", "crowded", worth, 2, 2)]

    hole = placement_preview(sheet(objects=[obj("black_hole", 5, 5)]), lines=[[6, 6, 7, 6]])
    assert hole["delta"]["power_bonus"] == -1
    assert whys(hole)[0][:4] == ("power_bonus", "black_hole", "covered", 1)


@pytest.mark.parametrize("power", ["twinkling_star", "nova"])
def test_every_loss_a_preview_shows_on_bot_boards_has_its_reasons(power: str) -> None:
    """On a bot's final board, legal placements of every third line card: each category
    that goes down lists losses that account for at least the points it loses."""
    _, _, state = bot_game(POWER_NUMBER[power] * 5, POWER_NUMBER[power])
    board = state["seats"][0]["sheet"]
    looked = 0
    for card in range(0, len(data.LINE_CARDS), 3):
        for rot, dx, dy in legal_card_placements(board, card, 0):
            preview = placement_preview(board, card_segments(card, rot, dx, dy))
            for category in CATEGORIES:
                lost = -preview["delta"][category]
                if lost > 0:
                    looked += 1
                    told = sum(loss["points"] for loss in preview["losses"]
                               if loss["category"] == category)
                    assert told >= lost, (category, preview)
    assert looked > 0
