"""A test 'player' for the Stargazer table: picks one of the engine's legal moves (as a person
would by looking at the highlights) and plays it through the UI with real input events."""

from __future__ import annotations

import random
import time
from typing import Any

import pygame

from game.client import theme
from game.client.stargazer.panels import ordinal
from game.client.stargazer.table import StargazerTableScene
from game.rules.stargazer import CREWS_BY_ID, RULESET
from net.client import Client
from tests.client.clienthelpers import Driver
from tests.client.textboxes import Recorder, RecordingSurface, drawn_texts, recording


def legal(table: StargazerTableScene) -> list[dict[str, Any]]:
    """The engine's legal moves for the screen's seat: on the table's own state when it runs
    here, else on the seat's view (Stargazer hides nothing, a view is the whole state)."""
    local = getattr(table.session, "table", None)
    return RULESET.legal_moves(local.state if local else table.view, table.active)


def play_crew(drive: Driver, table: StargazerTableScene, crew: str,
              keyboard: bool = False) -> None:
    """Choose ``crew`` and pick it: click it, click it again (or arrows + Enter)."""
    index = table.view["crews"].index(crew)
    if keyboard:
        while table.crew_choice != index:
            drive.key(pygame.K_DOWN)
        drive.key(pygame.K_RETURN)
    else:
        drive.click(table.crew_rects[index].center)
        assert table.crew_choice == index
        drive.click(table.crew_rects[index].center)


def play_skill(drive: Driver, table: StargazerTableScene, move: dict[str, Any],
               keyboard: bool = False) -> None:
    """Use the skill on ``move``'s target: click one of its highlighted places twice."""
    targets = table.skill_targets()
    assert move in targets, "the prompt offers every legal target"
    index = targets.index(move)
    if keyboard:
        while table.target_choice != index:
            drive.key(pygame.K_RIGHT)
        drive.key(pygame.K_RETURN)
        return
    place = table.target_places(index)[0]
    rect = table.target_rect(place)
    if len(targets) == 1:  # the only target is chosen at once: Enter or a click uses it
        assert table.target_choice == 0 and table.buttons["confirm"].enabled
        drive.click(rect.center)
        return
    drive.click(rect.center)
    assert table.target_choice == index, (move, place)
    drive.step()
    outline = [drive.pixel((x, rect.centery)) for x in range(rect.x - 9, rect.x)]
    assert any(all(abs(a - b) < 30 for a, b in zip(pixel, theme.ACCENT, strict=True))
               for pixel in outline), "the chosen target is outlined on screen"
    drive.click(rect.center)


def build_path(drive: Driver, table: StargazerTableScene, planets: list[int]) -> None:
    """Set the number of cubes (- / +), show the path with the mouse, click each planet."""
    assert planets in table.sequences()
    while table.count > len(planets):
        drive.key(pygame.K_MINUS)
    while table.count < len(planets):
        drive.key(pygame.K_PLUS)
    geo = table.ring.geo
    drive.move(geo.cards[planets[0]].center)
    assert table.shown_path()[0] == planets[0], "the mouse shows the path from that planet"
    for planet in planets:
        assert planet in table.candidates(), "every next planet is highlighted"
        card = geo.cards[planet]
        drive.click((card.centerx, card.bottom - 4))
    assert table.preview() == planets


def play_path(drive: Driver, table: StargazerTableScene, planets: list[int]) -> None:
    """Investigate ``planets`` through the UI and confirm with Enter."""
    build_path(drive, table, planets)
    drive.key(pygame.K_RETURN)


def play_turn(drive: Driver, table: StargazerTableScene, rng: random.Random,
              prefer: set[str] | None = None) -> dict[str, Any]:
    """Play the active seat's current decision through the UI; returns the move made."""
    phase = table.phase()
    moves = legal(table)
    assert moves, f"no legal move in phase {phase}"
    keyboard = rng.random() < 0.3
    if phase == "crew":
        wanted = [m for m in moves if prefer and CREWS_BY_ID[m["crew"]]["effect"] in prefer]
        move = rng.choice(wanted or moves)
        play_crew(drive, table, move["crew"], keyboard)
    elif phase == "skill":
        move = rng.choice(moves)
        play_skill(drive, table, move, keyboard)
    elif phase == "investigate":
        move = rng.choice(moves)
        play_path(drive, table, move["planets"])
    elif phase == "start_player":
        move = rng.choice(moves)
        if keyboard:
            drive.key(pygame.K_1 + move["seat"])
        else:
            drive.click(table.seat_buttons[move["seat"]].rect.center)
    else:
        raise AssertionError(f"nothing to play in phase {phase}")
    return move


DECISIONS = ("crew", "skill", "investigate", "start_player")


def rank_chips_in_owner_colours(drive: Driver, table: StargazerTableScene) -> int:
    """The final scoring's rank chips under a planet's squares ("3rd"): each on a chip of the
    ranked player's colour, as the square's frame (on the panel's dark, a "3rd" under Ann's
    red cube read as Ann being 3rd: a 4K playtest). Returns how many were checked."""
    show = table.scoring
    kind, planet = show.step
    if kind != "planet":
        return 0
    surface = RecordingSurface(drive.app.screen.get_size())
    with recording(drive.app) as recorder:
        surface.recorder = recorder
        table.draw_scoring_marks(surface, table.view)
    marks = surface.marks()
    fills = [m for m in marks if m.kind == "fill"]
    checked = 0
    for row in show.standings[planet][:show.revealed()]:
        words = ordinal(row["rank"])
        chip = next((m for m in marks if m.kind == "text" and m.text == words), None)
        if chip is None:
            continue
        under = [f for f in fills if f.rect.contains(chip.rect)]
        assert under and under[-1].color is not None, words
        assert under[-1].color[:3] == table.palette.player(row["owner"]), (words, row)
        checked += 1
    return checked


def play_to_results(drive: Driver, table: StargazerTableScene, rng: random.Random,
                    prefer: set[str] | None = None, timeout: float = 60.0,
                    skip_scoring: bool = False) -> dict[str, Any]:
    """Play every local decision through the UI until the results screen; hot-seat handovers
    are accepted with Enter, the final scoring is stepped through with Enter (or skipped with
    Esc: ``skip_scoring``).

    Returns what happened: ``prompts`` (skill effects whose prompt came up), ``moves`` per
    seat, ``order`` (the seat of each decision), ``handovers``, ``flights`` (most cubes seen
    in the air at once), ``start_player`` prompts and ``scoring_steps``."""
    from game.client.scenes.handover import HandoverScene
    from game.client.scenes.results import ResultsScene

    seen: dict[str, Any] = {"prompts": set(), "moves": {}, "handovers": 0, "flights": 0,
                            "start_player": 0, "scoring_steps": 0, "order": []}
    deadline = time.monotonic() + timeout
    while not isinstance(drive.scene, ResultsScene):
        assert time.monotonic() < deadline, "the game did not reach the results in time"
        scene = drive.scene
        if isinstance(scene, HandoverScene):
            seen["handovers"] += 1
            assert table.awaiting_handover
            # the handover takes input only after a moment (a double press cannot skip it)
            drive.until(lambda scene=scene: scene.armed, what="the handover to take input")
            drive.key(pygame.K_RETURN)
            assert drive.scene is table and table.active == scene.seat
            continue
        seen["flights"] = max(seen["flights"], len(table.motion.flights))
        phase = table.phase()
        if phase in DECISIONS:
            if phase == "skill":
                view = table.view
                seen["prompts"].add(CREWS_BY_ID[view["crews"][view["active_crew"]]]["effect"])
                if len(table.skill_targets()) == 1:  # chosen at once (buttons looked stuck)
                    assert table.target_choice == 0, "the only target is chosen"
                    seen["single_targets"] = seen.get("single_targets", 0) + 1
            if phase == "start_player":
                seen["start_player"] += 1
            key = table.turn_key
            move = play_turn(drive, table, rng, prefer=(prefer or set()) - seen["prompts"])
            sent = table.session.last_move  # per seat locally, the one seat's over the LAN
            sent = sent if "t" in sent else sent[table.active]
            assert sent == move, "the UI sent the chosen move"
            seen["moves"].setdefault(table.active, []).append(move)
            seen["order"].append(table.active)
            drive.until(lambda key=key: table.turn_key != key or drive.scene is not table,
                        what="the move to be played")
        elif phase == "over" and table.scoring is not None:
            if not seen["scoring_steps"]:  # the bar names where Esc leads: the results, as
                # the panel says (it said "Ann  ·  Esc: menu" during everyone's scoring: a
                # party's playtest)
                bar = [t for t in drawn_texts(drive.app) if t.endswith(("Esc: results",
                                                                       "Esc: menu"))]
                assert bar == ["Esc: results"], bar
            seen["scoring_steps"] += 1
            seen["rank_chips"] = seen.get("rank_chips", 0) + rank_chips_in_owner_colours(
                drive, table)
            seen["totals_told_early"] = seen.get("totals_told_early", False) or any(
                str(text).startswith("The game is over:") for text, _colour in table.log)
            drive.key(pygame.K_ESCAPE if skip_scoring else pygame.K_RETURN)
        else:
            drive.step()
    return seen


def open_stargazer_rules(drive: Driver) -> Any:
    """From the main menu, the rules screen turned to Stargazer's page."""
    from game.client.scenes.rules import RulesScene

    drive.click(drive.scene.button("Rules").rect.center)
    rules = drive.scene
    assert isinstance(rules, RulesScene)
    while rules.kits[rules.index].game != "stargazer":
        drive.key(pygame.K_RIGHT)
    return rules


def painted(drive: Driver, table: StargazerTableScene) -> Recorder:
    """The table drawn afresh with its cached panels (crews, the action panel with its caption
    and log) painted again onto a recording surface: what text each draws, and where."""
    surface = RecordingSurface(drive.app.screen.get_size())
    with recording(drive.app) as recorder:
        surface.recorder = recorder
        recorder.screen = surface.get_rect()
        table._panels.clear()
        table._scratch = surface
        try:
            table.draw(surface, 0.0)
            recorder.replay(surface.marks())
        finally:
            table._scratch = None
            table._panels.clear()
    return recorder


def bea_joins_the_game(drive: Driver, lobby: Any) -> tuple[StargazerTableScene, Client]:
    """A host's Stargazer lobby of three seats (the host, Bea's, a bot): Bea joins from her
    machine (her messages read by the window's frames) and the host starts; the table and her
    client."""
    bea = Client("127.0.0.1", lobby.session.server.port, "Bea", reconnect=False)
    drive.hooks.append(bea.poll)
    drive.until(lambda: lobby.session.table.seats_taken() == 3, what="Bea to join")
    drive.click(lobby.start_button.rect.center)
    drive.until(lambda: isinstance(drive.scene, StargazerTableScene), what="the game")
    return drive.scene, bea


def bea_goes_away(drive: Driver, table: StargazerTableScene, bea: Client) -> None:
    """Bea's machine goes away; the host notices (seat 1 is away)."""
    drive.hooks.remove(bea.poll)
    bea.close()
    drive.until(lambda: 1 in table.departures.away_since, what="the host to notice")
