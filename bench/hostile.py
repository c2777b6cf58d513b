"""A hostile campaign against a real host on loopback: prints figures, asserts nothing.

Games of Look at the Stars are hosted by a real ``starparty host --headless`` process (two
remote seats played by greedy ``BotPlayer`` clients, two AI seats). While they play:

* fuzzers send mutated and random frames from other loopback addresses (127.0.0.50-99), with or
  without a hello first, as fast as they can;
* a good client's connection is killed (reset) every ``--client-every`` seconds: it must come
  back with its token;
* the host process is killed (SIGKILL) every ``--host-every`` seconds and resumed from its
  autosave on the same port: the clients must reconnect and play on.

The AI seats wait 0.3 s before each move (``--ai-delay``), so a game lasts long enough for
several host kills.

At the end of each game: every move a client saw acknowledged (``events`` with ``by`` = its
seat) is in the final save at the same version (none lost), and each client's last view equals
the view rebuilt from the save (no desync). Figures: frames sent, client and host kills, games,
acknowledged moves, lost moves, desyncs, refusals per accepted move.

    nice .venv/bin/python bench/hostile.py [--frames 1000000] [--client-kills 210] [--host-kills 30]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import msgpack

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.net import calibration, machine_line  # noqa: E402
from game.ai import make_bot  # noqa: E402
from game.rules import get_ruleset  # noqa: E402
from game.rules.base import replay  # noqa: E402
from net.client import Client  # noqa: E402
from net.remote_bot import BotPlayer  # noqa: E402
from net.save import read_save  # noqa: E402
from net.wire import APP_VERSION, PROTOCOL_VERSION  # noqa: E402

STARS = get_ruleset("stars")
HELLO = {"t": "hello", "protocol": PROTOCOL_VERSION, "app": APP_VERSION, "name": "fuzz"}


def frame(payload: bytes) -> bytes:
    return struct.pack(">I", len(payload)) + payload


VALID = [msgpack.packb(m) for m in (
    {"t": "move", "version": 0, "move": {"t": "skip"}},
    {"t": "move", "version": 3, "move": {"t": "place", "rot": 1, "dx": 2, "dy": 3}},
    {"t": "move", "version": 1, "move": {"t": "power", "at": [4, 4]}},
    {"t": "ping", "n": 1}, {"t": "sync"}, {"t": "legal"}, {"t": "pong", "n": 2},
    {"t": "hello", "protocol": 1, "app": "0.1.0", "token": "A" * 32},
)]


class Fuzzer(threading.Thread):
    """Opens connection after connection from one loopback address and sends junk."""

    def __init__(self, index: int, port: int, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.source = f"127.0.0.{50 + index}"
        self.port, self.stop = port, stop
        self.rng = random.Random(index)
        self.frames = 0
        self.connections = 0

    def junk(self) -> bytes:
        rng = self.rng
        roll = rng.random()
        if roll < 0.55:  # a valid message, mutated
            data = bytearray(rng.choice(VALID))
            for _ in range(rng.randint(1, 4)):
                position = rng.randrange(len(data))
                data[position] = rng.randrange(256)
            return frame(bytes(data))
        if roll < 0.75:  # random bytes as a payload
            return frame(rng.randbytes(rng.randint(1, 64)))
        if roll < 0.85:  # a map that decodes, with hostile fields
            value = {"t": "move", "version": rng.randint(-5, 10**6),
                     "move": {"t": rng.choice(["skip", "undo", "power", "x"]),
                              "pad": "x" * rng.randint(0, 2000),
                              "at": [rng.randint(-99, 99)] * rng.randint(0, 3)}}
            return frame(msgpack.packb(value))
        if roll < 0.95:  # nesting, big claims
            return frame(b"\x81\xa1t" + b"\x91" * rng.randint(1, 60) + b"\xc0")
        return struct.pack(">I", rng.choice([0, 1 << 20, 1 << 31]))  # bad lengths

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                sock.bind((self.source, 0))
                sock.settimeout(1.0)
                sock.connect(("127.0.0.1", self.port))
            except OSError:
                time.sleep(0.05)  # the host is being restarted
                continue
            self.connections += 1
            try:
                batch = []
                if self.rng.random() < 0.5:
                    batch.append(frame(msgpack.packb(dict(HELLO, role="spectator"))))
                batch += [self.junk() for _ in range(self.rng.randint(20, 300))]
                sock.sendall(b"".join(batch))
                self.frames += len(batch)
                sock.settimeout(0.05)
                while sock.recv(65536):
                    pass
            except OSError:
                pass
            finally:
                sock.close()


class Seat:
    """A good remote player: a greedy bot over a reconnecting client, with its record."""

    def __init__(self, port: int, name: str, seed: int) -> None:
        self.acknowledged: set[int] = set()
        self.refused: Counter[str] = Counter()
        self.client = Client("127.0.0.1", port, name, max_attempts=None, max_backoff=1.0,
                             start=False)
        self.client.on_message = self._heard
        self.client.start()
        self.player = BotPlayer(self.client, STARS, make_bot("stars", "greedy", seed), seed=seed)
        self.thread = threading.Thread(target=self.player.run, kwargs={"timeout": 900},
                                       daemon=True)

    def _heard(self, message: dict[str, Any]) -> None:
        if message.get("t") == "events" and message.get("by") == self.client._net_seat:
            self.acknowledged.add(message["version"])
        elif message.get("t") == "refused":
            self.refused[message.get("code", "?")] += 1

    def kill_link(self) -> bool:
        """Reset the client's TCP connection (as a pulled cable would)."""
        loop, writer = self.client._loop, self.client._writer
        if loop is None or writer is None:
            return False
        loop.call_soon_threadsafe(writer.transport.abort)
        return True


class Host:
    def __init__(self, port: int, save_dir: Path, seed: int) -> None:
        self.port, self.save_dir, self.seed = port, save_dir, seed
        self.process: subprocess.Popen[str] | None = None
        self.start(["--seats", "remote:A,remote:B,ai:greedy,ai:greedy", "--seed", str(seed)])

    def start(self, extra: list[str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game", "host", "--headless", "--no-discovery", "--game",
             "stars", "--bind", "127.0.0.1", "--port", str(self.port), "--linger", "2",
             "--ai-delay", "0.3",
             "--autosave-dir", str(self.save_dir), *extra],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if re.search(r"listening on", line):
                break
        threading.Thread(target=self.process.stdout.read, daemon=True).start()

    def save_path(self) -> Path:
        return max(self.save_dir.glob("*.spsave"), key=lambda p: p.stat().st_mtime_ns)

    def kill_and_resume(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait(10)
        self.start(["--resume", str(self.save_path())])

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def play_one_game(args: argparse.Namespace, game: int, totals: Counter[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        host = Host(port, Path(tmp), seed=1000 + game)
        seats = [Seat(port, name, seed=game * 10 + i) for i, name in enumerate(("A", "B"))]
        stop = threading.Event()
        fuzzers = [Fuzzer(i, port, stop) for i in range(args.fuzzers)]
        for fuzzer in fuzzers:
            fuzzer.start()
        for seat in seats:
            seat.thread.start()
        next_client_kill = time.monotonic() + args.client_every
        next_host_kill = time.monotonic() + args.host_every
        rng = random.Random(game)
        while any(s.thread.is_alive() for s in seats):
            time.sleep(0.05)
            now = time.monotonic()
            if now > next_client_kill and totals["client kills"] < args.client_kills:
                next_client_kill = now + args.client_every
                totals["client kills"] += rng.choice(seats).kill_link()
            if (now > next_host_kill and totals["host kills"] < args.host_kills
                    and host.running() and any(Path(tmp).glob("*.spsave"))):
                next_host_kill = now + args.host_every
                host.kill_and_resume()
                totals["host kills"] += 1
        stop.set()
        for fuzzer in fuzzers:
            fuzzer.join(5)
            totals["frames"] += fuzzer.frames
            totals["fuzz connections"] += fuzzer.connections
        if host.process is not None:
            host.process.wait(30)
        data = read_save(host.save_path())
        state = replay(STARS, data["options"], data["seed"], data["moves"], data.get("secret"))
        for seat in seats:
            index = seat.client.seat
            totals["acknowledged moves"] += len(seat.acknowledged)
            totals["lost moves"] += sum(
                1 for v in seat.acknowledged
                if v > len(data["moves"]) or data["moves"][v - 1][0] != index)
            totals["desyncs"] += seat.client.view != STARS.view(state, index)
            totals["finished"] += seat.player.result is not None
            totals["refused"] += sum(seat.refused.values())
            totals["refused stale_version"] += seat.refused["stale_version"]
            seat.client.close()
        totals["games"] += 1
        totals["moves in games"] += len(data["moves"])
        print(f"  game {game}: {len(data['moves'])} moves, totals so far {dict(totals)}",
              flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=1_000_000)
    parser.add_argument("--client-kills", type=int, default=210)
    parser.add_argument("--host-kills", type=int, default=30)
    parser.add_argument("--client-every", type=float, default=0.6)
    parser.add_argument("--host-every", type=float, default=6.0)
    parser.add_argument("--fuzzers", type=int, default=4)
    parser.add_argument("--max-games", type=int, default=100)
    args = parser.parse_args(argv)
    print(machine_line())
    print(f"# calibration: {calibration():.1f} M pure-Python loop steps/s")
    totals: Counter[str] = Counter()
    started = time.monotonic()
    game = 0
    while game < args.max_games and (totals["frames"] < args.frames
                                     or totals["client kills"] < args.client_kills
                                     or totals["host kills"] < args.host_kills):
        play_one_game(args, game, totals)
        game += 1
    elapsed = time.monotonic() - started
    print(f"hostile frames sent: {totals['frames']} on {totals['fuzz connections']} "
          f"connections ({totals['frames'] / elapsed:.0f}/s)")
    print(f"client kills: {totals['client kills']}, host kills: {totals['host kills']}, "
          f"games: {totals['games']} ({totals['finished']} of {2 * totals['games']} good "
          f"clients saw their game end), {elapsed:.0f} s")
    print(f"acknowledged moves: {totals['acknowledged moves']}, lost: {totals['lost moves']}, "
          f"desynced clients: {totals['desyncs']}")
    print(f"refusals of the good clients: {totals['refused']} "
          f"({totals['refused stale_version']} stale_version) for "
          f"{totals['acknowledged moves']} accepted moves")
    print(machine_line(), "(end)")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    sys.exit(main())
