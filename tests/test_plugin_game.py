"""A third game without touching the core: High Bid (``tests/plugin_game``) registers as a
plugin and plays everywhere a game plays. Bids are secret until all are in, so every view a
seat or a spectator receives is checked for a bid it may not see. (The generic rules suites,
``test_generic_*.py``, play it too.)"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import registry
from game.ai import default_level, make_bot
from game.ai.base import RandomBot
from game.client.kits import get_kit, has_table
from game.registry import default_game, game_names
from game.rules import get_ruleset
from game.rules.base import replay
from game.tables import new_local_game, parse_seats
from net.client import Client
from net.remote_bot import BotPlayer
from net.save import read_save
from net.table import SeatSpec
from tests.net.nethelpers import wait_until
from tests.plugin_game import GAME as TEST_GAME
from tests.plugin_game.rules import HIDDEN, RULESET

ROOT = Path(__file__).resolve().parents[1]


def install_plugin(directory: Path, name: str = "highbid-plugin",
                   games: str = "highbid = tests.plugin_game:GAME") -> Path:
    """What ``pip install`` of a package naming High Bid in its entry points leaves on the
    path: a dist-info with ``entry_points.txt`` (the game's code itself is importable here)."""
    info = directory / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[starparty.games]\n{games}\n")
    return directory


def secrets_kept(messages: list[Any], seat: int | None) -> None:
    """No view or event ``seat`` received (None: a spectator) shows another seat's bid before
    all bids are revealed together."""
    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if "bids" in value and value.get("type") != "bids_revealed":
                for other, bid in enumerate(value["bids"]):
                    assert other == seat or bid in (None, HIDDEN), (seat, value)
            if value.get("type") == "bid_placed":
                assert set(value) <= {"type", "seat", "to", "replayed"}, value
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
    walk(messages)


def test_an_installed_game_is_found_after_the_projects_own_and_plays_everywhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(install_plugin(tmp_path)))
    monkeypatch.setattr(registry, "_games", {})
    monkeypatch.setattr(registry, "_loaded", False)
    assert game_names() == ["stars", "stargazer", "highbid"]
    assert default_game() == "stars", "the project's first game stays the default"
    assert get_ruleset("highbid") is RULESET
    assert default_level("highbid") == "rollout" and has_table("highbid")
    assert get_kit("highbid").title == "High Bid"
    assert len(parse_seats(None, "highbid")) == 2, "its own default seats"


def test_installed_the_projects_games_still_come_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a source checkout the project's own table comes from its installed metadata,
    and still leads a plugin whose package name sorts before it."""
    install_plugin(tmp_path, "aaa-plugin")
    install_plugin(tmp_path, "starparty", "stars = game.rules.stars.plugin:GAME\n"
                                          "stargazer = game.rules.stargazer.plugin:GAME")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_SOURCE_PYPROJECT", tmp_path / "no-checkout.toml")
    monkeypatch.setattr(registry, "_games", {})
    monkeypatch.setattr(registry, "_loaded", False)
    assert game_names() == ["stars", "stargazer", "highbid"]


def test_every_default_follows_the_registry_and_names_no_game(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """With High Bid the only registered game, nothing falls back to Look at the Stars."""
    from game.client.scenes.setup import SetupScene
    from game.commands.demo import main as demo_main
    from game.commands.host import host_parser
    from tests.client.clienthelpers import Driver

    monkeypatch.setattr(registry, "_games", {"highbid": TEST_GAME})
    monkeypatch.setattr(registry, "_loaded", True)
    assert [spec.kind for spec in parse_seats(None)] == ["open", "open"]
    assert host_parser().parse_args([]).game == "highbid"
    assert demo_main(["--quiet"]) == 0
    assert capsys.readouterr().out.startswith("High Bid: 3 rollout bots")
    drive = Driver()
    try:
        assert SetupScene(drive.app, "solo").game.value == "highbid"
    finally:
        drive.close()


@pytest.mark.usefixtures("plugin_game")
def test_the_searching_bot_beats_the_random_one() -> None:
    wins = 0
    for seed in range(12):
        state = RULESET.setup(RULESET.normalize_options({"players": 2}), seed)
        bots = [make_bot("highbid", "rollout", seed), make_bot("highbid", "random", seed)]
        while not RULESET.is_over(state):
            for seat in sorted(RULESET.to_move(state)):
                RULESET.apply(state, seat, bots[seat].choose(RULESET, state, seat))
        totals = [b["total"] for b in RULESET.score(state)]
        wins += totals[0] > totals[1]
    assert wins >= 9, wins


def test_hints_and_the_review_come_from_the_teacher_its_plugin_names() -> None:
    """Hints and the review asked for the two project games by name (an outside developer's
    third game had neither, whatever the docs said): a plugin's ``teacher`` gives them, and
    a game without one has none."""
    from dataclasses import replace

    from game.ai.hints import has_hints, hint_for
    from game.ai.review import review_game

    options = RULESET.default_options(2)
    with registry.registered(TEST_GAME):
        state = RULESET.setup(options, 4, "s")
        view = RULESET.view(state, 0)
        assert has_hints("highbid")
        hint = hint_for("highbid", view, 0, lambda: True, 1)
        assert hint is not None and hint.move in RULESET.legal_moves(view, 0)
        moves = []
        bots = [RandomBot(seed) for seed in (1, 2)]
        while not RULESET.is_over(state):
            seat = min(RULESET.to_move(state))
            move = bots[seat].choose(RULESET, state, seat)
            moves.append([seat, move])
            RULESET.apply(state, seat, move)
        decisions = review_game("highbid", options, 4, moves, 1, secret="s",
                                stop_for=lambda: (lambda: True))
        assert [d.turn for d in decisions] == list(range(1, options["cards"] + 1))
        assert [d.your_moves for d in decisions] == [[m] for who, m in moves if who == 1]
        assert all(len(d.bot_moves) == 1 and d.bot_moves[0]["t"] == "bid" for d in decisions)
    with registry.registered(replace(TEST_GAME, teacher=None)):
        assert not has_hints("highbid") and hint_for("highbid", view, 0) is None
        with pytest.raises(KeyError, match="no review"):
            review_game("highbid", options, 4, moves, 1, secret="s")


@pytest.mark.usefixtures("plugin_game")
def test_a_local_table_against_its_default_bot_keeps_the_bids_secret() -> None:
    table, connections = new_local_game("highbid", {"cards": 6}, 3,
                                        [SeatSpec("human", "Ann"), SeatSpec("ai", "Bot")],
                                        ai_delay=0.0)
    ann = connections[0]
    received: list[Any] = []
    try:
        def play() -> bool:
            for message in ann.poll():
                received.append(message)
            view = ann.view
            if view is None or view["over"]:
                return view is not None
            if view["bids"][0] is None:
                ann.send_move({"t": "bid", "card": view["hands"][0][0]})
            return False

        wait_until(play, 30)
    finally:
        table.close()
    secrets_kept(received, 0)
    assert any(e.get("type") == "bids_revealed" for m in received for e in m.get("events", []))
    assert table.info()["seats"][1]["bot"] == "rollout"


@contextlib.contextmanager
def host(plugins: Path, *args: str) -> Iterator[tuple[subprocess.Popen[str], int, list[str]]]:
    """``starparty host --headless`` in a process where High Bid is installed as a plugin."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(plugins)])}
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--headless", "--no-discovery", "--bind",
         "127.0.0.1", "--game", "highbid", *args],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []

    def pump() -> None:
        assert process.stdout is not None
        lines.extend(line.rstrip() for line in process.stdout)

    threading.Thread(target=pump, daemon=True).start()
    try:
        found = wait_until(lambda: next((m for line in list(lines) if (
            m := re.search(r"listening on \S+:(\d+)", line))), None) or process.poll(), 30)
        assert isinstance(found, re.Match), lines
        yield process, int(found.group(1)), lines
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)


def recording(client: Client) -> list[Any]:
    """Every message ``client.poll`` hands out from now on, kept for a look afterwards."""
    seen: list[Any] = []
    poll = client.poll

    def recorded() -> list[Any]:
        messages = poll()
        seen.extend(messages)
        return messages

    client.poll = recorded  # type: ignore[method-assign]
    return seen


@pytest.mark.timeout(180)
def test_a_lan_table_over_tcp_with_a_spectator_survives_a_killed_host(tmp_path: Path) -> None:
    plugins = install_plugin(tmp_path / "site")
    saves = tmp_path / "saves"
    with socket.socket() as probe:  # one port for both hosts: Ann reconnects by herself
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    common = ("--port", str(port), "--autosave-dir", str(saves))
    with host(plugins, "--seats", "remote:Ann,ai", "--option", "cards=8", "--seed", "4",
              *common) as (process, _, _lines):
        ann = Client("127.0.0.1", port, "Ann", max_backoff=0.3)
        watcher = Client("127.0.0.1", port, "Sky", role="spectator")
        seen_by_ann, seen_by_watcher = recording(ann), recording(watcher)
        player = BotPlayer(ann, RULESET, RandomBot(seed=1), seed=1, think_delay=0.02)
        wait_until(lambda: player.step() and ann.version >= 5, 30)
        watcher.poll()
        process.send_signal(signal.SIGKILL)  # no goodbye, no last save: the autosave only
        process.wait(10)
    (save,) = saves.glob("*.spsave")
    assert read_save(save)["status"] == "playing"
    with host(plugins, "--resume", str(save), *common, "--linger", "0.5") as (
            process, _, lines):
        assert any("Resumed" in line for line in lines)
        late_watcher = Client("127.0.0.1", port, "Late", role="spectator")
        seen_late = recording(late_watcher)
        player.waiting_since = None
        assert player.run(timeout=60) is not None, "Ann's game did not finish after resuming"
        wait_until(lambda: late_watcher.poll() is not None and any(
            m.get("t") == "game_over" for m in seen_late), 20)
        assert process.wait(30) == 0
    for client in (ann, watcher, late_watcher):
        client.close()
    secrets_kept(seen_by_ann, ann.seat)
    secrets_kept(seen_by_watcher + seen_late, None)
    assert any(e.get("type") == "bids_revealed" for m in seen_by_watcher
               for e in m.get("events", []))
    data = read_save(save)
    assert data["game"] == "highbid" and data["status"] == "over"
    assert RULESET.is_over(replay(RULESET, data["options"], data["seed"], data["moves"],
                                  data["secret"]))


@pytest.mark.usefixtures("plugin_game")
def test_the_window_sets_it_up_and_plays_it_at_a_minimal_table(tmp_path: Path) -> None:
    from game.client.scenes.dialog import ConfirmDialog
    from game.client.scenes.setup import SetupScene
    from game.client.scenes.table import GameTableScene
    from tests.client.clienthelpers import Driver
    from tests.plugin_game.client import HighBidTable

    drive = Driver()
    try:
        setup = SetupScene(drive.app, "solo")
        assert ("highbid", "High Bid") in [(v, str(t)) for v, t in setup.game.values], \
            "the setup screen offers every registered game"
        drive.app.push(SetupScene(drive.app, "solo", "highbid"))
        drive.step(2)
        drive.key(pygame.K_RETURN)  # Enter starts the game from any row
        drive.until(lambda: isinstance(drive.scene, HighBidTable)
                    and drive.scene.view is not None, what="the High Bid table")
        table = drive.scene
        first = table.view["hands"][table.active][0]
        drive.key(pygame.K_0 + first, unicode=str(first))
        drive.until(lambda: table.view["round"] == 1, what="the first round revealed")
        assert first not in table.view["hands"][table.active]
        drive.until(lambda: table.view["bids"][1] == HIDDEN, what="the bot's secret bid")
        drive.step(2)
        pygame.image.save(drive.app.screen, str(tmp_path / "highbid-table.png"))
        if os.environ.get("HIGHBID_SHOT"):  # a look at the picture: HIGHBID_SHOT=path
            pygame.image.save(drive.app.screen, os.environ["HIGHBID_SHOT"])
        drive.key(pygame.K_ESCAPE)  # the base's Esc: the one question before leaving
        dialog = drive.scene
        assert isinstance(table, GameTableScene) and isinstance(dialog, ConfirmDialog)
        drive.click(dialog.form.widgets[1].rect.center)  # Leave
        drive.step(2)
        assert table.session.closed and not isinstance(drive.scene, HighBidTable)
    finally:
        drive.close()


def test_the_games_order_is_their_own_not_the_installed_table_s(monkeypatch) -> None:  # noqa: ANN001
    """setuptools writes an entry-point table sorted (stargazer before stars): an installed
    copy, which reads no pyproject.toml, still lists Look at the Stars first, as a checkout
    does (the one-file program's screenshot walk once opened Stargazer's setup for the
    Stars scenes)."""
    import game.registry as registry

    monkeypatch.setattr(registry, "_games", {})
    monkeypatch.setattr(registry, "_loaded", False)
    monkeypatch.setattr(registry, "_entry_points", lambda: [
        ("stargazer", "game.rules.stargazer.plugin:GAME"),
        ("stars", "game.rules.stars.plugin:GAME")])
    assert registry.game_names()[:2] == ["stars", "stargazer"]
    assert registry.default_game() == "stars"


@pytest.mark.usefixtures("plugin_game")
def test_the_lan_screenshots_sample_a_watchable_second_game_whatever_comes_last() -> None:
    """The join screen's sample tables took the last registered game as the second one: a
    third game took Stargazer's place, and the LAN screenshot walk (which watches it) failed
    (an outside developer adding a game): the second is the next game a spectator can watch."""
    from game.client.kits import playable_games
    from game.client.scenes.lan_screenshots import sample_tables

    assert playable_games() == ["stars", "stargazer", "highbid"]
    games = [table.game for table in sample_tables()]
    assert set(games) == {"stars", "stargazer"}, games


@pytest.mark.usefixtures("plugin_game")
def test_a_games_own_bot_level_has_its_note_in_the_menus() -> None:
    """Only the five shared level names had a note in the setup's menus: a plugin's own level
    ("rollout") showed none (an outside developer adding a game). ``GamePlugin.level_notes``
    gives its own; the shared levels keep theirs."""
    from game.ai import LEVEL_NOTES
    from game.client.session import bot_level_note

    assert str(bot_level_note("highbid", "rollout")) == \
        "Plays out many imagined rounds before each bid."
    assert str(bot_level_note("highbid", "random")) == LEVEL_NOTES["random"]
    assert bot_level_note("highbid", "nonsense") is None
