"""Look at the Stars' part of ``starparty screenshots``: setup, the table mid-game with a ghost,
the score preview, a power-bonus prompt, the results, the final boards, the replay, the
hot-seat handover, the couch table (4 and 8 players at 1920x1080 and 3840x2160) and a
spectator's Watch window of every board.

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
    from game.client.session import LocalSession
    from game.client.shooter import Shooter
    from game.client.stars.couch import CouchStarsScene
    from game.client.stars.table import StarsTableScene

#: the couch tables shot: players at the screen, and the window sizes their table is shot at
#: (one game, shot at each size)
COUCH_SHOTS = ((4, ((1920, 1080), (3840, 2160))), (8, ((3840, 2160), (1920, 1080))))
#: the couch players: names and devices (the eighth seat a bot: it confirms at once)
COUCH_PLAYERS = (("Ann", "pad:0"), ("Kenji", "keys:left"), ("Mia", "pad:1"),
                 ("Luca", "mouse"), ("Sofia", "pad:2"), ("Omar", "keys:right"),
                 ("Yuki", "pad:3"))
#: the seat of COUCH_PLAYERS that plays with the mouse
MOUSE_SEAT = [device for _, device in COUCH_PLAYERS].index("mouse")
#: the card the couch tables and the watch window stand on
COUCH_CARD = 7


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


def play_cards(shot: Shooter, session: LocalSession, seats: list[int], card_number: int,
               bot: Bot, *, polled: bool = True) -> None:
    """Every seat of ``seats`` plays the bot's move on each card, skips its powers and
    confirms, until ``card_number`` is up (``polled``: a scene on screen polls ``session``;
    else this does). Every move goes through the table like a player's."""
    from game.rules.stars import RULESET

    def wait(done) -> None:  # noqa: ANN001
        def ready() -> bool:
            if not polled:
                session.poll()
            return done()

        shot.until(ready, timeout=60)

    def view() -> dict:
        return session.views[seats[0]]

    wait(lambda: all(seat in session.views for seat in seats))
    while view()["card"]["n"] < card_number and not view()["over"]:
        n = view()["card"]["n"]
        shot.settle()  # the table's bots first: the moves come in the same order every run
        for seat in seats:
            session.send(seat, bot.choose(RULESET, copy.deepcopy(session.table.state), seat))
        wait(lambda: all(session.views[s].get("pending") for s in seats))
        while prompted := [s for s in seats if session.views[s]["pending"].get("prompt")]:
            for seat in prompted:
                session.send(seat, {"t": "skip_power"})
            wait(lambda prompted=prompted: all(
                not (session.views[s].get("pending") or {}).get("prompt") for s in prompted))
        for seat in seats:
            session.send(seat, {"t": "confirm"})
        wait(lambda n=n: view()["card"]["n"] > n or view()["over"])
        shot.step()  # the screen follows card by card (a local table answers at once)


def couch_table(shot: Shooter, players: int) -> CouchStarsScene:
    """A couch table of ``players`` (the last a bot when there are 8) at ``COUCH_CARD``, each
    player doing something else: one ready, one who has drawn, the others moving their ghosts
    (the mouse player's under the pointer)."""
    from game.ai import make_bot
    from game.client.devices import Action
    from game.client.i18n import _
    from game.client.session import GameConfig, SeatChoice
    from game.client.shooter import SEED
    from game.client.stars.couch import CouchStarsScene
    from game.rules.stars import RULESET

    app = shot.app
    humans = COUCH_PLAYERS[:min(players, len(COUCH_PLAYERS))]
    seats = [SeatChoice("human", name, device=device) for name, device in humans]
    seats += [SeatChoice("ai", _("Vega"), "greedy")] * (players - len(seats))
    config = GameConfig("stars", seats, {"live_score": True}, "couch")
    table = CouchStarsScene(app, config, SEED)
    # the pictures' pads are not plugged in here: they play as if they were
    table.couch.waiting.clear()
    app.reset_to(table)
    bot = make_bot("stars", "greedy", SEED)
    local = list(range(len(humans)))
    play_cards(shot, table.session, local, COUCH_CARD, bot)
    shot.step(40)
    views = table.session.views
    shot.settle()
    for seat in local[:2]:  # Ann is ready, Kenji has drawn and not confirmed yet
        table.session.send(seat, bot.choose(RULESET, copy.deepcopy(table.session.table.state),
                                            seat))
    shot.until(lambda: all(views[s].get("pending") for s in local[:2]), timeout=60)
    table.session.send(0, {"t": "confirm"})
    shot.until(lambda: views[0]["seats"][0]["confirmed"], timeout=60)
    walks = ("right", "up", "right", "down", "left", "up", "up")
    for seat, (_name, device) in enumerate(humans):
        if seat < 2:
            continue
        if device == "mouse":
            point_mouse(table, seat)
            continue
        for step in range(seat % 3 + 1):
            app.dispatch_action(Action(device, walks[(seat + step) % len(walks)]))
        if seat % 2:
            app.dispatch_action(Action(device, "rotate"))
    shot.step(20)
    return table


def point_mouse(table: CouchStarsScene, seat: int) -> None:
    """Put the pointer (and so the mouse player's ghost) at one spot of ``seat``'s board."""
    from game.client.devices import Action

    pos = table.boards[seat].geo.to_px(3.3, 5.2)
    pygame.mouse.set_pos(pos)
    table.app.dispatch_action(Action("mouse", "point", pos))


def couch_shots(shot: Shooter) -> None:
    """The couch tables of ``COUCH_SHOTS``, a pad pulled out, and a spectator's window of
    every board; the window goes back to its size after."""
    app = shot.app
    size = app.screen.get_size()
    try:
        for players, windows in COUCH_SHOTS:
            app.resize(windows[0])
            table = couch_table(shot, players)
            for window in windows:  # the same moment at each size: the game is played once
                app.resize(window)
                point_mouse(table, MOUSE_SEAT)  # the pointer stays where the board now is
                shot.step(2)
                shot.save(f"couch-{players}p-{window[0]}x{window[1]}")
            if players == 8:
                table.couch.waiting.append(2)  # Mia's pad is pulled out: her seat waits
                shot.step(2)
                shot.look("couch seat waiting for a device")
            table.session.close()
        app.resize((1920, 1080))
        watch_window(shot)
    finally:
        app.resize(size)


def watch_window(shot: Shooter) -> None:
    """A spectator's window of a 6-player table (the LAN Watch of a full table): every board
    large, the lines each drew last highlighted."""
    from game.ai import make_bot
    from game.client.scenes.menu import MainMenuScene
    from game.client.session import LocalSession, RemoteSession
    from game.client.shooter import SEED
    from game.client.stars.couch import CouchStarsScene
    from game.tables import new_local_game
    from net.local import LocalConnection
    from net.table import SeatSpec

    app = shot.app
    names = ("Orion", "Vega", "Kenji", "Mia", "Luca", "Sofia")
    table, connections = new_local_game("stars", {"live_score": True}, SEED,
                                        [SeatSpec("human", name) for name in names],
                                        ai_delay=0.0, autosave_dir=None)
    players = LocalSession(None, table=table, connections=connections)
    session = RemoteSession(LocalConnection.spectate(table))
    scene = CouchStarsScene(app, None, session=session)  # what the kit opens for a spectator
    app.reset_to(scene)
    play_cards(shot, players, list(range(len(names))), COUCH_CARD + 2,
               make_bot("stars", "greedy", SEED), polled=False)
    shot.step(40)
    shot.save("stars-watch")
    session.close()
    players.close()
    app.reset_to(MainMenuScene(app))


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
    # the rules page's worked example of scoring, whole
    app.scene.to_menu()
    app.scene.button("Rules").activate()
    rules = app.scene
    rules.scroll = min(rules.max_scroll, (rules.figure_offset("scoring") or 0)
                       - rules.layout.px(40))
    shot.step(5)
    shot.save("stars-rules-example")
    app.pop()
    # the hot-seat handover
    app.scene.button("Hot-seat").activate()
    app.scene.start.activate()
    shot.step(60)  # the handover takes input after a moment: show it ready
    shot.save("handover")
    app.scene.table.leave()
    couch_shots(shot)
