"""Look at the Stars' part of ``starparty screenshots``: setup, the table mid-game with a ghost,
the score preview, a power-bonus prompt, the results, the final boards, the replay and the
hot-seat handover.

Moves for "you" are picked by a greedy bot (preferring ones that earn a power bonus, to show
the prompt); every move still goes through the table like a player's.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

import pygame

from game.rules.stars.data import CARDS_PER_GAME

if TYPE_CHECKING:
    from game.ai import Bot
    from game.client.shooter import Shooter
    from game.client.stars.table import StarsTableScene


def _choose(table: StarsTableScene, bot: Bot) -> dict | None:
    """A move for the screen's seat: one that earns a power bonus if any, else the bot's."""
    from game.rules.stars import RULESET

    state = copy.deepcopy(table.session.table.state)
    seat = table.active
    for move in RULESET.legal_moves(state, seat):
        if move["t"] != "place":
            continue
        trial = copy.deepcopy(state)
        if any(e["type"] == "power_offered" for e in RULESET.apply(trial, seat, move)):
            return move
    if state["over"] or table.phase() != "play":
        return None
    return bot.choose(RULESET, state, seat)


def _play_turn(shot: Shooter, table: StarsTableScene, bot: Bot) -> bool:
    """Play and confirm one card; True if a power prompt came up (left open)."""
    shot.step(40)
    move = _choose(table, bot)
    if move is None:  # the night just ended (or the turn is already played)
        return False
    table.session.send(table.active, move)
    shot.until(lambda: table.view.get("pending") is not None)
    if table.phase() == "power":
        return True
    shot.look("review")
    table.confirm()
    shot.until(lambda: table.phase() != "review")
    shot.look("confirmed")
    return False


def finish_turn(shot: Shooter, table: StarsTableScene) -> None:
    """Use every power offered on its first target, then confirm the turn."""
    while table.phase() == "power":
        table.use_power(table.targets()[0])
        shot.step(2)
    table.confirm()


def play_until(shot: Shooter, table: StarsTableScene, card_number: int, bot: Bot) -> None:
    """Play (and confirm) the screen's seat's cards until ``card_number`` is up."""
    while table.view["card"]["n"] < card_number and not table.view["over"]:
        n = table.view["card"]["n"]
        if _play_turn(shot, table, bot):
            finish_turn(shot, table)
        shot.until(lambda n=n: table.view["card"]["n"] > n or table.view["over"])


def preview_shot(shot: Shooter, table: StarsTableScene, warning_only: bool) -> bool:
    """Hover the current card where the score preview says most: a spot that breaks a
    constellation (True), else (unless ``warning_only``) the best gain. Saves
    ``stars-score-preview``."""
    from game.rules.stars import card_segments, legal_card_placements, placement_preview

    card, sheet = table.view["card"], table.my_sheet()
    if card["kind"] != "line" or table.phase() != "play":
        return False
    spots = legal_card_placements(sheet, card["id"], table.view["day"])
    previews = [(placement_preview(sheet, card_segments(card["id"], *spot)), spot)
                for spot in spots]
    breaking = [(p, spot) for p, spot in previews if p["broken"]]
    if not breaking and (warning_only or not previews):
        return False
    preview, (rot, dx, dy) = (breaking or
                              [max(previews, key=lambda ps: ps[0]["delta"]["total"])])[0]
    while table.rot != rot:
        shot.key(pygame.K_r)
    cx, cy = table._ghost_centre()
    shot.move(table.geo.to_px(dx + cx + 0.1, dy + cy + 0.1))
    shot.step(6)
    shot.save("stars-score-preview")
    return bool(preview["broken"])


def shoot(shot: Shooter) -> None:
    """From the main menu: setup, table, power prompt, results, handover; back to the menu."""
    from game.ai import make_bot
    from game.client.scenes.review import shoot_hint, shoot_review
    from game.client.shooter import SEED
    from game.rules.stars import legal_card_placements

    app = shot.app
    app.scene.button("Play solo").activate()
    setup = app.scene
    setup.count.set_value(3)
    setup.options["live_score"].set_value(True)
    setup._refresh()
    setup.form.focus = setup.form.widgets.index(setup.start)
    shot.step(10)
    shot.save("setup")
    setup.start.activate()
    table = app.scene
    shot.until(lambda: table.view is not None)
    bot = make_bot("stars", "greedy", SEED)
    # play into the second pile (the sun has risen once) and stop on a line card
    looked = set()
    while table.view["card"]["n"] < 8 or table.view["card"]["kind"] != "line":
        n = table.view["card"]["n"]
        if table.view["card"]["kind"] == "shooting_star" and "star" not in looked:
            looked.add("star")
            shot.step(40)
            shot.key(pygame.K_3)  # the widest size label, selected (bold)
            shot.move(table.geo.to_px(4.3, 6.2))
            shot.look("shooting-star card")
        if _play_turn(shot, table, bot):
            while table.phase() == "power":
                table.skip()
                shot.step(2)
            table.confirm()
        shot.until(lambda n=n: table.view["card"]["n"] > n)
    shot.step(80)
    card = table.view["card"]
    spots = legal_card_placements(table.my_sheet(), card["id"], table.view["day"])
    rot, dx, dy = spots[len(spots) // 2]
    while table.rot != rot:
        shot.key(pygame.K_r)
    cx, cy = table._ghost_centre()
    shot.move(table.geo.to_px(dx + cx + 0.2, dy + cy + 0.15))
    shot.step(3)
    shot.save("table")
    shoot_hint(shot, table, "stars-hint")
    shot.key(pygame.K_TAB)  # another player's board, enlarged
    shot.step(2)
    shot.look("board view")
    shot.key(pygame.K_ESCAPE)
    warned = preview_shot(shot, table, warning_only=False)
    # a power-bonus prompt: keep playing until one comes up
    while True:
        n = table.view["card"]["n"]
        if not warned and table.view["card"]["kind"] == "line":
            shot.step(40)
            warned = preview_shot(shot, table, warning_only=True)
        if table.view["card"]["kind"] == "line" and _play_turn(shot, table, bot):
            break
        if table.phase() == "play" and table.view["card"]["n"] == n:
            table.skip()
            shot.until(lambda: table.phase() == "review")
            table.confirm()
        shot.until(lambda n=n: table.view["card"]["n"] > n or table.view["over"])
        if table.view["over"]:
            break
    if table.phase() == "power":
        targets = table.targets()
        table.target_index = len(targets) // 2
        shot.move(table.geo.to_px(*table.target_centre(targets[table.target_index])))
        shot.step(10)
        shot.save("power_prompt")
        finish_turn(shot, table)
    play_until(shot, table, CARDS_PER_GAME + 1, bot)  # to the end of the night
    shot.until(lambda: type(app.scene).__name__ == "ResultsScene")
    shot.step(20)
    shot.save("results")
    shoot_review(shot, "stars")
    results = app.scene
    results.toggle_statistics()
    shot.step(2)
    shot.look("results statistics")
    results.toggle_statistics()
    results.show_final_boards()
    shot.step(20)
    shot.save("stars-final-boards")
    app.scene.choose(1)  # constellations only
    shot.key(pygame.K_TAB)  # one board large, its items listed
    shot.step(5)
    shot.look("final board large")
    app.pop()
    results.watch_replay()
    replay = app.scene
    replay.go(replay.session.length * 2 // 3)
    shot.step(30)
    shot.save("replay")
    app.pop()
    # the hot-seat handover
    app.scene.to_menu()
    app.scene.button("Hot-seat").activate()
    app.scene.start.activate()
    shot.step(60)  # the handover takes input after a moment: show it ready
    shot.save("handover")
    app.scene.table.leave()
