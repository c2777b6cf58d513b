"""``starparty screenshots OUTDIR [--size WxH]``: render the key scenes headless to PNG files.

Drives the real app on a manual clock: title, menu, setup, the table mid-game with a ghost,
a power-bonus prompt, the hot-seat handover and the results. A fixed seed makes the pictures
reproducible. Moves for "you" are picked by a greedy bot (preferring ones that earn a power
bonus, to show the prompt); every move still goes through the table like a player's.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse  # noqa: E402
import copy  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import TYPE_CHECKING  # noqa: E402

import pygame  # noqa: E402

from game.client.app import App, parse_size  # noqa: E402
from game.client.loop import ManualClock  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.rules.stars.data import CARDS_PER_GAME  # noqa: E402

if TYPE_CHECKING:
    from game.ai import Bot
    from game.client.scenes.table_stars import StarsTableScene

SEED = 20261129


class Shooter:
    """The app on a manual clock plus helpers to step, post input and save PNGs."""

    def __init__(self, size: tuple[int, int], outdir: Path) -> None:
        self.clock = ManualClock()
        settings = Settings(player_name="Ann")
        self.app = App(size, settings=settings, clock=self.clock, start="title",
                       save_settings=False)
        self.app.seed_source = lambda: SEED
        self.app.ai_delay = 0.0
        self.app.autosave_dir = None  # pictures are not games to continue
        self.outdir = outdir
        self.saved: list[Path] = []

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.clock.tick(1 / 60)
            self.app.frame()

    def until(self, condition: Callable[[], bool], timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise RuntimeError("the scene did not get where expected")
            self.step()
            time.sleep(0.0005)

    def post(self, event_type: int, **fields: object) -> None:
        pygame.event.post(pygame.event.Event(event_type, **fields))
        self.step()

    def key(self, key: int) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)

    def move(self, pos: tuple[int, int]) -> None:
        pygame.mouse.set_pos(pos)
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))

    def save(self, name: str) -> None:
        path = self.outdir / f"{name}.png"
        pygame.image.save(self.app.screen, str(path))
        self.saved.append(path)


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
    table.confirm()
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


def run(size: tuple[int, int], outdir: Path) -> list[Path]:
    from game.ai import make_bot
    from game.rules.stars import legal_card_placements

    outdir.mkdir(parents=True, exist_ok=True)
    shot = Shooter(size, outdir)
    app = shot.app
    app.starfield.next_shot = 1.0  # make sure a shooting star crosses the title
    shot.step(80)
    shot.save("title")
    shot.key(pygame.K_RETURN)
    shot.step(20)
    shot.save("menu")
    app.scene.button("Play solo").activate()
    setup = app.scene
    setup.count.set_value(3)
    setup.live_score.set_value(True)
    setup._refresh()
    setup.form.focus = setup.form.widgets.index(setup.start)
    shot.step(10)
    shot.save("setup")
    setup.start.activate()
    table = app.scene
    shot.until(lambda: table.view is not None)
    bot = make_bot("stars", "greedy", SEED)
    # play into the second pile (the sun has risen once) and stop on a line card
    while table.view["card"]["n"] < 8 or table.view["card"]["kind"] != "line":
        n = table.view["card"]["n"]
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
    # a power-bonus prompt: keep playing until one comes up
    while True:
        n = table.view["card"]["n"]
        if table.view["card"]["kind"] == "line" and _play_turn(shot, table, bot):
            break
        if table.phase() != "confirmed":
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
    # hot-seat handover and the rules page
    app.scene.to_menu()
    app.scene.button("Hot-seat").activate()
    app.scene.start.activate()
    shot.step(20)
    shot.save("handover")
    app.scene.table.leave()
    app.scene.button("Rules").activate()
    shot.step(10)
    shot.save("rules")
    pygame.quit()
    return shot.saved


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="starparty screenshots",
                                     description="Render the key scenes headless to PNG files.")
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--size", type=parse_size, default=(1280, 720), help="window WxH")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    for path in run(args.size, args.outdir):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
