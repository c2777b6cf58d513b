"""Rendering speed of the client: prints figures, asserts nothing (see docs/BENCHMARKS.md).

The busiest scene of each game. Look at the Stars: 8 players late in the game (card 16, boards
full of lines, the sun risen twice), the ghost following a moving mouse with its score preview
(asked of the engine once per new spot), the card flipping again and again, the game log.
Stargazer: 4 players, 7 planets, late in the game (round 6 or later), the screen's player
investigating with the path preview following a mouse that circles the ring, and a chain of
cubes dropping every frame (a new one every 0.075 s, so about eight in the air at once, each
landing redrawing its planet card). Couch: Look at the Stars at one screen, 8 local players at
card 16, every board large at once, each player moving their own ghost at a held D-pad's pace
(the mouse player's circling its board). All with the animated starfield. Frames per second
with the real fixed-timestep loop, headless (dummy video driver, so presenting costs ~0), at
1280x720, 1920x1080 and 3840x2160, with the CPU time per frame (what an idle core would give);
the
start-up time from a fresh process to the first title frame; the machine and a pure-Python
calibration figure, since the same run is slower on a loaded or slower VM.

    .venv/bin/python bench/render.py [--seconds 4] [--sizes 1280x720,1920x1080,3840x2160]
                                     [--games stars,couch,stargazer]
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse  # noqa: E402
import math  # noqa: E402
import platform  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("STARPARTY_CONFIG_DIR", tempfile.mkdtemp(prefix="starparty-bench-"))

import pygame  # noqa: E402

from game.client.loop import FixedTimestep  # noqa: E402
from game.client.session import GameConfig, SeatChoice  # noqa: E402
from game.commands.common import parse_size  # noqa: E402

TARGETS = {(1920, 1080): 144.0, (3840, 2160): 60.0}
STARTUP_TARGET = 1.5
STARTUP_SNIPPET = (
    "import os, time; t = time.perf_counter();"
    "from game.client.app import App; app = App(start='title', save_settings=False);"
    "app.frame(); print(time.perf_counter() - t)"
)


#: the secret every scene of the bench is dealt with: with the shooter's seed it makes the same
#: game on every run (a table a person hosts gets a fresh secret: ``game.rules.base``). Chosen
#: among eight for a busy ghost: the card on the table at card 16 has 35 legal spots (others
#: gave 10-30, too few for the circling mouse to meet many)
SCENE_SECRET = "bench-4"
#: the card the Look at the Stars scene stands on: the first line card from this one on
LATE_CARD = 16


def late_game_scene(size: tuple[int, int]):  # noqa: ANN201
    """An app showing the 8-player table at card 16 (or the next line card: the ghost and the
    score preview need one), ready for the benchmark loop. The same deal on every run."""
    from game.rules.base import reproducible_secrets

    with reproducible_secrets(SCENE_SECRET):
        return _late_game_scene(size)


def _late_game_scene(size: tuple[int, int]):  # noqa: ANN202
    from game.ai import make_bot
    from game.client.app import App
    from game.client.loop import ManualClock
    from game.client.settings import Settings
    from game.client.shooter import SEED, Shooter
    from game.client.stars.screenshots import play_until
    from game.client.stars.table import StarsTableScene
    from game.rules.stars.data import CARDS_PER_GAME

    clock = ManualClock()
    app = App(size, settings=Settings(player_name="Ann"), clock=clock, save_settings=False)
    shot = Shooter(app, clock, Path(tempfile.mkdtemp()))
    config = GameConfig("stars", [SeatChoice("human", "You")] + [
        SeatChoice("ai", name, "greedy")
        for name in ("Vega", "Altair", "Deneb", "Rigel", "Sirius", "Lyra", "Mira")],
        {"live_score": True}, "solo")
    table = StarsTableScene(app, config, SEED)
    app.reset_to(table)
    shot.until(lambda: table.view is not None)
    bot = make_bot("stars", "greedy", SEED)
    play_until(shot, table, LATE_CARD, bot)
    while table.view["card"]["kind"] != "line":  # a shooting star: the next card
        if table.view["card"]["n"] >= CARDS_PER_GAME:
            raise RuntimeError(f"no line card from card {LATE_CARD} on in this deal")
        play_until(shot, table, table.view["card"]["n"] + 1, bot)
    # stand on a line card with every bot done, so only the screen is busy
    shot.until(lambda: all(s["confirmed"] for s in table.view["seats"][1:]), timeout=60)
    return app, table


def measure(size: tuple[int, int], seconds: float) -> tuple[float, float, float, float]:
    """(fps, median ms per frame, worst ms, CPU ms per frame) of the busiest scene at
    ``size``. The CPU time per frame (this process's, ``time.process_time``) does not count
    the time other jobs on a busy machine take from it: 1000 / it is the frame rate on an
    idle core."""
    from game.client.tweens import Tween, linear

    app, table = late_game_scene(size)
    app.timestep = FixedTimestep(time.perf_counter)
    board = table.geo.rect
    frames = 0
    durations = []
    cpu_start = time.process_time()
    start = time.perf_counter()
    flip_at = start
    while True:
        now = time.perf_counter()
        if now - start >= seconds:
            break
        angle = (now - start) * 2.0
        pos = (int(board.centerx + board.w * 0.35 * math.cos(angle)),
               int(board.centery + board.h * 0.35 * math.sin(angle * 1.3)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                             buttons=(0, 0, 0)))
        if now >= flip_at:
            table.flip = Tween(0.0, 1.0, 0.55, linear)
            flip_at = now + 0.8
        app.frame()
        frames += 1
        durations.append(time.perf_counter() - now)
    elapsed = time.perf_counter() - start
    cpu_ms = (time.process_time() - cpu_start) * 1000 / frames
    assert table.phase() == "play" and table.mouse_on_board, "the ghost must be on screen"
    assert table._previews, "the score preview ran while the ghost moved"
    global PREVIEW
    PREVIEW = preview_cost(table)
    table.session.close()
    pygame.quit()
    return frames / elapsed, statistics.median(durations) * 1000, max(durations) * 1000, cpu_ms


PREVIEW: tuple[float, float, int] | None = None


def preview_cost(table) -> tuple[float, float, int]:  # noqa: ANN001
    """(median, worst) ms of the engine's score preview for a spot not looked at before, over
    every legal spot of the card on the table, and how many: the table asks it once per new
    ghost position (memoised), never per frame."""
    from game.rules.stars import card_segments, legal_card_placements, placement_preview

    card, sheet = table.view["card"], table.my_sheet()
    spots = legal_card_placements(sheet, card["id"], table.view["day"])
    # as the table asks it: with the seat's spent power lines, to count the power uses a
    # card earns (since session 48)
    power = {"spent": table.view.get("spent") or [],
             "once_used": bool(table.view.get("once_used"))}
    times = []
    for rot, dx, dy in spots:
        start = time.perf_counter()
        placement_preview(sheet, card_segments(card["id"], rot, dx, dy), **power)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times), len(spots)


#: the couch row's players: one per device a table at one screen can have (pads need no
#: hardware here: the bench drives them as actions)
COUCH_DEVICES = ("pad:0", "pad:1", "pad:2", "pad:3", "pad:4", "keys:left", "keys:right",
                 "mouse")
#: how often each couch player moves their ghost (a held D-pad repeats every 0.11 s)
COUCH_MOVE_EVERY = 0.11


def couch_scene(size: tuple[int, int]):  # noqa: ANN201
    """An app showing an 8-board couch table (8 local seats, each with its own device) at
    card 16 (or the next line card), every ghost on its board. The same deal on every run."""
    from game.rules.base import reproducible_secrets

    with reproducible_secrets(SCENE_SECRET):
        return _couch_scene(size)


def _couch_scene(size: tuple[int, int]):  # noqa: ANN202
    from game.ai import make_bot
    from game.client.app import App
    from game.client.loop import ManualClock
    from game.client.settings import Settings
    from game.client.shooter import SEED, Shooter
    from game.client.stars.couch import CouchStarsScene
    from game.client.stars.screenshots import play_cards
    from game.rules.stars.data import CARDS_PER_GAME

    clock = ManualClock()
    app = App(size, settings=Settings(player_name="Ann"), clock=clock, save_settings=False)
    shot = Shooter(app, clock, Path(tempfile.mkdtemp()))
    names = ("Ann", "Vega", "Altair", "Deneb", "Rigel", "Sirius", "Lyra", "Mira")
    config = GameConfig("stars", [SeatChoice("human", name, device=device)
                                  for name, device in zip(names, COUCH_DEVICES, strict=True)],
                        {"live_score": True}, "couch")
    table = CouchStarsScene(app, config, SEED)
    table.couch.waiting.clear()  # the bench's pads are not plugged in: they play all the same
    app.reset_to(table)
    bot = make_bot("stars", "greedy", SEED)
    play_cards(shot, table.session, list(range(len(names))), LATE_CARD, bot)
    while table.shared_view()["card"]["kind"] != "line":  # a shooting star: the next card
        if table.shared_view()["card"]["n"] >= CARDS_PER_GAME:
            raise RuntimeError(f"no line card from card {LATE_CARD} on in this deal")
        play_cards(shot, table.session, list(range(len(names))),
                   table.shared_view()["card"]["n"] + 1, bot)
    shot.step(60)
    return app, table


def measure_couch(size: tuple[int, int], seconds: float) -> tuple[float, float, float, float]:
    """(fps, median ms per frame, worst ms, CPU ms per frame) of the 8-board couch table at
    ``size``: every player moves their ghost at a held D-pad's pace (the mouse player's
    circles its board), each new spot asking the engine for its ghost and score preview."""
    from game.client.devices import Action
    from game.client.tweens import Tween, linear

    app, table = couch_scene(size)
    app.timestep = FixedTimestep(time.perf_counter)
    walk = ("right", "right", "up", "up", "left", "left", "down", "down")
    mouse_board = table.boards[COUCH_DEVICES.index("mouse")].geo.rect
    frames = 0
    durations = []
    moves = 0
    start = time.perf_counter()
    due = [start + i * COUCH_MOVE_EVERY / len(COUCH_DEVICES) for i in range(len(COUCH_DEVICES))]
    flip_at = start
    cpu_start = time.process_time()
    while True:
        now = time.perf_counter()
        if now - start >= seconds:
            break
        for seat, device in enumerate(COUCH_DEVICES):
            if now < due[seat]:
                continue
            due[seat] += COUCH_MOVE_EVERY
            if device == "mouse":
                angle = (now - start) * 2.0
                pos = (int(mouse_board.centerx + mouse_board.w * 0.35 * math.cos(angle)),
                       int(mouse_board.centery + mouse_board.h * 0.35 * math.sin(angle * 1.3)))
                app.dispatch_action(Action(device, "point", pos))
            else:
                app.dispatch_action(Action(device, walk[(moves + seat) % len(walk)]))
            moves += 1
        if now >= flip_at:
            table.flip = Tween(0.0, 1.0, 0.55, linear)
            flip_at = now + 0.8
        app.frame()
        frames += 1
        durations.append(time.perf_counter() - now)
    elapsed = time.perf_counter() - start
    cpu_ms = (time.process_time() - cpu_start) * 1000 / frames
    with table.acting_for(0):
        assert table.phase() == "play", "the ghosts must be on screen"
    assert all(board.cursor.shown for board in table.boards), "every ghost on its board"
    table.session.close()
    pygame.quit()
    return frames / elapsed, statistics.median(durations) * 1000, max(durations) * 1000, cpu_ms


def stargazer_scene(size: tuple[int, int]):  # noqa: ANN201
    """An app showing a 4-player Stargazer table in round 6 or later, the screen's player
    about to investigate (the path preview follows the mouse). The same game on every run."""
    from game.rules.base import reproducible_secrets

    with reproducible_secrets(SCENE_SECRET):
        return _stargazer_scene(size)


def _stargazer_scene(size: tuple[int, int]):  # noqa: ANN202
    from game.ai import make_bot
    from game.client.app import App
    from game.client.loop import ManualClock
    from game.client.settings import Settings
    from game.client.shooter import SEED, Shooter
    from game.client.stargazer.screenshots import bot_move, play_move, until_mine_or_over
    from game.client.stargazer.table import StargazerTableScene

    clock = ManualClock()
    app = App(size, settings=Settings(player_name="Ann"), clock=clock, save_settings=False)
    shot = Shooter(app, clock, Path(tempfile.mkdtemp()))
    config = GameConfig("stargazer", [SeatChoice("human", "You")] + [
        SeatChoice("ai", name, "strong") for name in ("Vega", "Altair", "Deneb")], {}, "solo")
    speed, app.settings.ai_speed = app.settings.ai_speed, "instant"  # no pauses on the way
    for seed in range(SEED, SEED + 20):  # a deal that lasts into round 6 with 2 cubes to place
        table = StargazerTableScene(app, config, seed)
        app.reset_to(table)
        shot.until(lambda table=table: table.view is not None)
        bot = make_bot("stargazer", "strong", seed)
        while True:
            # the screen shows every move made so far (the bot reads the table's state; a view
            # still catching up offered other moves: ValueError in play_move)
            shot.until(lambda table=table: not table.pacer.busy, timeout=60)
            until_mine_or_over(shot, table)
            if table.phase() == "over":
                break
            if table.view["round"] >= 6 and table.phase() == "investigate" and \
                    table.most_cubes() >= 2:
                app.settings.ai_speed = speed
                shot.step(60)
                return app, table
            play_move(shot, table, bot_move(table, bot))
    raise RuntimeError("no deal reached round 6 with an investigation of two cubes")


def measure_stargazer(size: tuple[int, int],
                      seconds: float) -> tuple[float, float, float, float]:
    """(fps, median ms per frame, worst ms, CPU ms per frame) of the busiest Stargazer scene
    at ``size``."""
    import random

    from game.client.stargazer.motion import DROP_SECONDS, Flight

    app, table = stargazer_scene(size)
    app.timestep = FixedTimestep(time.perf_counter)
    geo = table.ring.geo
    view = table.view
    placed = [(planet, square + 1, owner) for planet, queue in enumerate(view["tracks"])
              for square, owner in enumerate(queue)]
    rng = random.Random(1)
    frames = 0
    durations = []
    start = time.perf_counter()
    drop_at = start
    in_air = 0
    cpu_start = time.process_time()
    while True:
        now = time.perf_counter()
        if now - start >= seconds:
            break
        angle = (now - start) * 1.2
        rx, ry = geo.radii
        pos = (int(geo.area.centerx + rx * math.sin(angle)),
               int(geo.area.centery - ry * math.cos(angle)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                             buttons=(0, 0, 0)))
        if now >= drop_at:  # one more cube starts falling into an occupied square
            planet, square, owner = rng.choice(placed)
            motion = table.motion
            motion.flights.append(Flight("drop", ("square", planet, square), owner,
                                         motion.clock, DROP_SECONDS))
            drop_at = now + 0.075
        app.frame()
        frames += 1
        in_air = max(in_air, len(table.motion.flights))
        durations.append(time.perf_counter() - now)
    elapsed = time.perf_counter() - start
    cpu_ms = (time.process_time() - cpu_start) * 1000 / frames
    assert table.phase() == "investigate" and in_air >= 4, "the preview and the drops on screen"
    table.session.close()
    pygame.quit()
    return frames / elapsed, statistics.median(durations) * 1000, max(durations) * 1000, cpu_ms


def startup(runs: int = 3) -> float:
    times = []
    env = dict(os.environ)
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", STARTUP_SNIPPET], cwd=ROOT, env=env, check=True,
                       capture_output=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def idle_menu(size: tuple[int, int], seconds: float, cap: int | None,
              resting: bool = False) -> tuple[float, float, int]:
    """The main menu left alone, through the window's own loop and frame limiter (``App.run``
    with its cap; ``cap``: another, e.g. the 240 a second it drew before session 58;
    ``resting``: left alone ``RESTING_AFTER`` seconds already, as ``App.run`` limits it):
    (frames a second, CPU % of one core, the cap)."""
    from game.client.app import RESTING_AFTER, App, frame_cap

    app = App(size, start="menu", save_settings=False)
    app.lan_browse = False
    cap = cap or frame_cap()
    if resting:
        app.input_at = app.clock() - RESTING_AFTER - 1
        cap = app.frame_limit(cap)
    limiter = pygame.time.Clock()
    app.frame()
    frames, wall, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        app.frame()
        limiter.tick(app.frame_limit(cap))
        frames += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    app.shutdown()
    return frames / wall, 100 * cpu / wall, cap


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--sizes", default="1280x720,1920x1080,3840x2160")
    parser.add_argument("--games", default="stars,couch,stargazer")
    parser.add_argument("--idle-caps", default="0,rest,240",
                        help="frame caps for the idle menu (0: the window's own, the display's "
                             "refresh rate; rest: the window's own once left alone 15 s)")
    args = parser.parse_args(argv)
    from bench.ai import machine_line

    print(machine_line())
    print(f"# bench/render.py  python {platform.python_version()}  pygame-ce "
          f"{pygame.version.ver}  SDL_VIDEODRIVER={os.environ['SDL_VIDEODRIVER']}  "
          f"load average {os.getloadavg()[0]:.1f}")
    print("| scene | window | fps | median ms/frame | worst ms | CPU ms/frame "
          "| fps on an idle core | target |")
    print("|---|---|---|---|---|---|---|---|")
    scenes = {"stars": ("Look at the Stars, 8 players", measure),
              "couch": ("Look at the Stars at one screen, 8 boards", measure_couch),
              "stargazer": ("Stargazer, 4 players", measure_stargazer)}
    for game in args.games.split(","):
        title, measure_scene = scenes[game]
        for text in args.sizes.split(","):
            size = parse_size(text)
            fps, median_ms, worst_ms, cpu_ms = measure_scene(size, args.seconds)
            idle_fps = 1000 / cpu_ms
            target = TARGETS.get(size)
            verdict = "" if target is None else (
                f">= {target:.0f}: wall " + ("met" if fps >= target else "NOT met")
                + ", idle core " + ("met" if idle_fps >= target else "NOT met"))
            print(f"| {title} | {size[0]}x{size[1]} | {fps:.0f} | {median_ms:.2f} | "
                  f"{worst_ms:.1f} | {cpu_ms:.2f} | {idle_fps:.0f} | {verdict} |", flush=True)
    print("\n| idle main menu | window | frame cap | fps | CPU % of one core |")
    print("|---|---|---|---|---|")
    for text in args.sizes.split(","):
        size = parse_size(text)
        for choice in args.idle_caps.split(","):
            given = 0 if choice == "rest" else int(choice)
            fps, cpu, cap = idle_menu(size, args.seconds, given or None, choice == "rest")
            label = ("the window's own, left alone" if choice == "rest" else
                     "the window's own" if not given else "fixed")
            print(f"| {label} | {size[0]}x{size[1]} | {cap} | {fps:.0f} | {cpu:.0f} |",
                  flush=True)
    if PREVIEW is not None:
        median, worst, count = PREVIEW
        print(f"\nscore preview for a new ghost spot (engine placement_preview, {count} legal "
              f"spots of the card): median {median:.2f} ms, worst {worst:.2f} ms")
    seconds = startup()
    print(f"\nstart-up to the first title frame (fresh process, median of 3): {seconds:.2f} s "
          f"(target <= {STARTUP_TARGET} s: {'met' if seconds <= STARTUP_TARGET else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
