"""Stargazer's part of ``starparty screenshots``: the table, a crew pick, a skill prompt, an
investigation's path preview, cubes dropping, a bot's move played out (its caption, its
highlights, the game log; the log opened), the final scoring, the results, the rules page,
the table as a deuteranope sees it (``colour_vision``) in both palettes, the couch table
(four players at one screen, each with a device; 1080p and 4K; a seat whose pad was pulled
out) and a LAN spectator's watch window (1080p and 4K).

"You" are played by the strong bot's choices, sent through the scene's own intents (choosing a
crew, a target, a path, then Confirm) so the pictures show what a player sees at each step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.client.colour_vision import simulate_surface
from game.client.devices import Action
from game.client.scenes.menu import MainMenuScene
from game.client.session import GameConfig, RemoteSession, SeatChoice
from game.rules.stargazer import CREWS_BY_ID, RULESET, motivation_bonus, room_left
from game.rules.stargazer.placement import investigation_sequences

if TYPE_CHECKING:
    from game.client.shooter import Shooter
    from game.client.stargazer.table import StargazerTableScene

#: the round the table pictures are taken in (late enough for busy tracks)
TABLE_ROUND = 4
#: the sizes the couch table and the watch window are pictured at (a TV, a 4K screen)
BIG_SCREENS = (("1080p", (1920, 1080)), ("4k", (3840, 2160)))
#: the couch pictures' players and their devices
COUCH_PLAYERS = (("Ann", "pad:0"), ("Ben", "keys:left"), ("Cleo", "keys:right"),
                 ("Dev", "pad:1"))


def bot_move(table: StargazerTableScene, bot: Any) -> dict[str, Any]:
    return bot.choose(RULESET, table.session.table.state, table.active)


def play_move(shot: Shooter, table: StargazerTableScene, move: dict[str, Any]) -> None:
    """Play ``move`` through the scene's choices and Confirm (the same path as the mouse)."""
    view = table.view
    if move["t"] == "crew":
        table.choose_crew(view["crews"].index(move["crew"]))
    elif move["t"] == "skill":
        table.choose_target(table.skill_targets().index(move))
    elif move["t"] == "investigate":
        table.count = len(move["planets"])
        table.path = []
        for planet in move["planets"]:
            table.choose_planet(planet)
    if move["t"] == "start_player":
        table.choose_start_player(move["seat"])
    else:
        table.confirm()
    shot.step(2)


def my_turn(table: StargazerTableScene) -> bool:
    return table.phase() in ("crew", "skill", "investigate", "start_player")


def until_mine_or_over(shot: Shooter, table: StargazerTableScene) -> None:
    shot.until(lambda: my_turn(table) or table.phase() == "over", timeout=60)


def _skill_shot(shot: Shooter, table: StargazerTableScene) -> bool:
    """If a skill prompt is up: choose a target in the middle of the list, picture it, use
    it. Whether a picture was taken."""
    if table.phase() != "skill":
        return False
    targets = table.skill_targets()
    table.choose_target(len(targets) // 2)
    rect = table.target_rect(table.target_places(len(targets) // 2)[0])
    shot.move(rect.center)
    shot.step(5)
    shot.save("stargazer-skill")
    table.confirm()
    shot.until(lambda: table.phase() != "skill")
    return True


def shoot(shot: Shooter) -> None:
    """From the main menu: a solo game against three bots, pictured along the way."""
    from game.ai import make_bot
    from game.client.scenes.review import shoot_hint, shoot_review
    from game.client.shooter import SEED

    app = shot.app
    ai_speed = app.settings.ai_speed
    app.settings.ai_speed = "instant"  # the bots' moves show at once, but for one picture
    app.scene.button("Play solo").activate()
    setup = app.scene
    setup.game.set_value("stargazer")
    setup._refresh()
    setup.count.set_value(3)
    setup._refresh()
    setup.form.focus = setup.form.widgets.index(setup.start)
    shot.step(5)
    setup.start.activate()
    table = app.scene
    shot.until(lambda: table.view is not None)
    bot = make_bot("stargazer", "strong", SEED)
    while True:
        until_mine_or_over(shot, table)
        view = table.view
        if view["round"] >= TABLE_ROUND and table.phase() == "crew":
            break
        play_move(shot, table, bot_move(table, bot))
    shot.step(70)
    # the table: the mouse on a crew shows its full text
    crews = table.legal_crews()

    def showcase(index: int) -> tuple:
        """A crew that makes good pictures: two or more cubes (a path worth previewing), a
        placement skill (Scout, Navigator...), then the largest motivation bonus."""
        crew = CREWS_BY_ID[table.view["crews"][index]]
        return (crew["count"] >= 2, crew["timing"] == "placement",
                motivation_bonus(table.view, index))

    richest = max(crews, key=showcase)
    shot.move(table.crew_rects[crews[0]].center)
    shot.step(40)  # the mouse rests: the crew's full text
    shot.save("stargazer-table")
    app.settings.colour_blind = True
    shot.step(2)
    colour_blind = app.screen.copy()
    app.settings.colour_blind = False
    shot.step(2)
    shot.outdir.mkdir(parents=True, exist_ok=True)
    for name, picture in (("stargazer-deuteranopia", app.screen.copy()),
                          ("stargazer-colour-blind-deuteranopia", colour_blind)):
        path = shot.outdir / f"{name}.png"
        pygame.image.save(simulate_surface(picture), str(path))
        shot.saved.append(path)
    # a hint: the hard bot's crew chosen, and why
    shoot_hint(shot, table, "stargazer-hint")
    table.crew_choice = None
    table.hints.clear()
    # choosing a crew
    shot.move(table.crew_rects[richest].center)
    table.choose_crew(richest)
    shot.step(3)
    shot.save("stargazer-crew-pick")
    table.confirm()
    shot.until(lambda: table.phase() != "crew")
    skill_shot = _skill_shot(shot, table)
    if table.phase() == "investigate":
        plain = investigation_sequences(room_left(table.view), table.most_cubes(), "none", {})
        # the longest path, one that only the crew's skill allows if there is one, the best
        longest = max(table.sequences(), key=lambda seq: (
            len(seq), seq not in plain, table.score_change({"t": "investigate",
                                                            "planets": seq}) or 0))
        shot.move(table.ring.geo.cards[longest[0]].center)
        table.count = len(longest)
        shot.step(2)
        for planet in longest:
            table.choose_planet(planet)
        shot.move(table.buttons["confirm"].rect.center)
        shot.until(lambda: not table.motion.flights)  # the picked crew's pawn has landed
        shot.step(5)
        shot.save("stargazer-investigate")
        table.confirm()
    # the cubes drop: yours, then the bots' moves played out at the AI speed Normal
    app.settings.ai_speed = "normal"
    shot.move((2, 2))
    shot.step(24)
    shot.save("stargazer-cubes-dropping")
    # a bot's move: its caption, its highlights, the game log
    shot.until(lambda: table.pacer.holding() is not None and bool(table.caption()))
    shot.step(40)
    shot.save("stargazer-ai-move")
    # the whole game log, opened over the crews (L, or the mouse on the log)
    shot.key(pygame.K_l)
    shot.step(2)
    shot.save("stargazer-log")
    shot.key(pygame.K_l)
    app.settings.ai_speed = "instant"
    while table.phase() != "over":
        until_mine_or_over(shot, table)
        if table.phase() == "crew" and not skill_shot:  # a skill prompt, if not seen yet
            prompts = [i for i in table.legal_crews()
                       if CREWS_BY_ID[table.view["crews"][i]]["timing"] == "choice"]
            if prompts:
                table.choose_crew(prompts[0])
                table.confirm()
                shot.until(lambda: table.phase() != "crew")
                skill_shot = _skill_shot(shot, table)
                continue
        if table.phase() != "over":
            play_move(shot, table, bot_move(table, bot))
    shot.until(lambda: table.scoring is not None, timeout=30)
    show = table.scoring
    while show.index < 2:
        show.next_step()
    shot.step(int(60 * 0.45 * 2.5))
    shot.save("stargazer-scoring")
    while not show.done:
        show.next_step()
    shot.until(lambda: type(app.scene).__name__ == "ResultsScene", timeout=120)
    shot.step(20)
    shot.save("stargazer-results")
    shoot_review(shot, "stargazer")
    # the rules page, turned to Stargazer
    app.scene.to_menu()
    app.scene.button("Rules").activate()
    while app.scene.kits[app.scene.index].game != "stargazer":
        shot.key(pygame.K_RIGHT)
    shot.step(5)
    shot.save("stargazer-rules")
    # and scrolled to its worked example of a majority, the heading above it in sight
    rules = app.scene
    rules.scroll = min(rules.max_scroll, (rules.figure_offset("majority") or 0)
                       - rules.layout.px(200))
    shot.step(5)
    shot.save("stargazer-rules-majority")
    app.settings.ai_speed = ai_speed
    app.reset_to(MainMenuScene(app))
    couch(shot)
    app.reset_to(MainMenuScene(app))
    watch(shot)


def on_big_screens(shot: Shooter, name: str) -> None:
    """Picture the scene at the window's own size (looked at only), then at 1080p and 4K."""
    app = shot.app
    size = app.screen.get_size()
    shot.look(name)
    for label, big in BIG_SCREENS:
        app.resize(big)
        shot.step(3)
        shot.save(f"{name}-{label}")
    app.resize(size)
    shot.step(2)


def couch(shot: Shooter) -> None:
    """Four players at one screen (two pads, the keyboard's two halves): the table on a pad
    player's investigation, at 1080p and 4K; then that player's pad pulled out."""
    from game.ai import make_bot
    from game.client.shooter import SEED
    from game.client.stargazer.table import StargazerTableScene

    app = shot.app
    ai_speed = app.settings.ai_speed
    app.settings.ai_speed = "instant"
    seats = [SeatChoice("human", name, device=device) for name, device in COUCH_PLAYERS]
    table = StargazerTableScene(app, GameConfig("stargazer", seats, mode="couch"), SEED)
    assert table.couch is not None
    table.couch.waiting.clear()  # the pictures' pads are stand-ins: none is plugged in
    app.push(table)
    shot.until(lambda: table.view is not None)
    bot = make_bot("stargazer", "strong", SEED)
    def pictured() -> bool:
        """A pad player investigating with two cubes or more from round 2, whose path from
        the planet in focus has no accident (its word would cover the cube numbers when
        small)."""
        if not (table.view["round"] >= 2 and table.phase() == "investigate"
                and table.most_cubes() >= 2 and str(table.turn_device()).startswith("pad")):
            return False
        start = table.focus_planet
        return start is not None and all(
            cube["vp"] for cube in table.path_outcome(table.preview([start])))

    while not pictured():
        until_mine_or_over(shot, table)
        if table.phase() == "over":
            break
        play_move(shot, table, bot_move(table, bot))
    shot.step(40)
    on_big_screens(shot, "stargazer-couch")
    device = table.turn_device()
    if device is not None:
        table.couch_action(Action(device, "removed"))
        shot.step(3)
        shot.save("stargazer-couch-paused")
    table.session.close()
    app.settings.ai_speed = ai_speed


def watch(shot: Shooter) -> None:
    """A LAN table of four watched without a seat, as on a projector: the ring large, the last
    move marked (its caption, its crew and cubes outlined in the mover's colour)."""
    from game.ai import make_bot
    from game.client.shooter import SEED
    from game.client.stargazer.table import StargazerTableScene
    from game.tables import new_table
    from net.local import LocalConnection
    from net.table import SeatSpec

    app = shot.app
    names = ("Vega", "Rigel", "Deneb", "Altair")
    table = new_table("stargazer", {}, SEED, [SeatSpec("human", name) for name in names],
                      name="Vega's table", ai_delay=0.0, autosave_dir=None)
    players = [LocalConnection.for_seat(table, seat) for seat in range(len(names))]
    table.start()
    session = RemoteSession(LocalConnection.spectate(table))
    scene = StargazerTableScene(app, None, 0, session=session)
    app.push(scene)
    shot.until(lambda: scene.view is not None)
    bot = make_bot("stargazer", "strong", SEED)
    ai_speed = app.settings.ai_speed
    app.settings.ai_speed = "instant"
    while True:  # the players' moves, one by one (a bot chooses each)
        seat = table.to_move()[0]
        state = table.state
        if state["round"] >= TABLE_ROUND and state["phase"] == "investigate":
            break
        players[seat].send_move(bot.choose(RULESET, state, seat))
        shot.step(2)
    # the last move, an investigation, played out at the speed Normal; a moment later its
    # cubes and crew are still marked while the next player thinks
    app.settings.ai_speed = "normal"
    players[seat].send_move(bot.choose(RULESET, table.state, seat))
    shot.step(150)
    on_big_screens(shot, "stargazer-watch")
    app.settings.ai_speed = ai_speed
    for player in players:
        player.close()
    session.close()
    table.close()
