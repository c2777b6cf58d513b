"""Network speed on loopback: prints figures, asserts nothing (see docs/BENCHMARKS.md).

* latency: from a move sent to *every* connection told of it (every seat; spectators only of
  public moves) having read its ``events`` frame, one move at a time, p50 / p99 / max, and the
  host's CPU time per move; by default Look at the
  Stars with 8 seats + 3 spectators (issue 23: target p99 <= 10 ms), autosave (fsync) on as in
  real play, then the same without autosave and with the toy game, and 8 + 8
  (``--latency 8+3,2+8/nosave,8+3/toy``: seats + spectators, ``/nosave``, ``/toy``);
* sustained accepted moves per second: every player's client moving as fast as it can
  (simultaneous play), 8 players + 8 spectators;
* bytes on the wire per move: the move frame, and the events frames delivered to all clients;
* host start to table visible in a zeroconf browser (127.0.0.1 only), target <= 2 s;
* refusals per accepted move when every seat of a simultaneous game moves as fast as it can
  (target 0 for legal moves: a move stays current while only other seats' sheets change);
* host memory while clients that never read keep asking for snapshots (each connection's unsent
  bytes are bounded; such clients are dropped).

The host is a real ``starparty host --headless`` process; the clients are raw asyncio
connections in this process (one loop), so every arrival is stamped with one clock, in another
process than the host's. A frame is stamped when it has been read whole, before it is decoded
(the clients decode one after the other; real clients decode in parallel on their machines).
"host CPU ms per move" is the host process's CPU time (all its threads, from ``/proc``) over the
timed moves, divided by them: it includes the ``legal`` list each mover asks for first, and
unlike the latencies it hardly moves with the machine's load.

    .venv/bin/python bench/net.py [--samples 400] [--runs 3] [--only refusals,memory]
                                  [--latency 8+3,8+3/nosave]

``BENCH_HOST_ROOT=DIR`` runs the host from another source tree (e.g. an export of an older
commit) to measure "before" figures with the same clients.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import queue
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
#: where the host process runs from (``BENCH_HOST_ROOT``: an older tree, for "before" figures)
HOST_ROOT = Path(os.environ.get("BENCH_HOST_ROOT", ROOT))
#: ``BENCH_HOST_PROFILE=DIR``: each latency host runs under cProfile (its main thread: the
#: server's loop and the table) and writes ``DIR/host-N.prof`` when it stops
HOST_PROFILE = os.environ.get("BENCH_HOST_PROFILE")
_profiles = 0

from net.wire import (  # noqa: E402
    APP_VERSION,
    MAX_SERVER_FRAME,
    PROTOCOL_VERSION,
    decode,
    encode,
    read_frame,
)

Message = dict[str, Any]
#: host arguments per benchmarked game; "toy" (the net tests' tiny ruleset, 40 rounds) has
#: nearly free views, isolating the network layer from a ruleset's ``view`` cost
GAME_ARGS = {
    "stars": ["--game", "stars"],
    "toy": ["--ruleset", "tests.net.toy_ruleset:TOY_TURNS", "--option", "rounds=40"],
}


def machine_line() -> str:
    """The machine, Python, cores and load: beside every absolute figure."""
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"# {platform.node()} {platform.machine()} Python {platform.python_version()}, "
            f"{os.cpu_count()} cores, load average {load}")


def calibration(seconds: float = 0.5) -> float:
    """Millions of steps per second of a fixed pure-Python loop (CPU time of this process):
    rates measured on two machines compare through it."""
    steps, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        total = 0
        for i in range(100_000):
            total += i * i % 7
        steps += 100_000
    return steps / (time.process_time() - started) / 1e6


class Conn:
    """A raw client connection that records when each version's events arrived."""

    def __init__(self, bench: Bench, role: str) -> None:
        self.bench, self.role = bench, role
        self.refused: dict[str, int] = {}
        self.seat: int | None = None
        self.version = -1
        self.to_move: list[int] = []
        self.over = False
        self.bytes_events = 0
        #: when each ``events`` frame reached this connection (read whole, not yet decoded)
        self.event_stamps: list[float] = []
        self.replies: asyncio.Queue[Message] = asyncio.Queue()
        self.writer: asyncio.StreamWriter | None = None

    async def open(self, port: int, name: str) -> None:
        reader, self.writer = await asyncio.open_connection("127.0.0.1", port)
        self.writer.write(encode({"t": "hello", "protocol": PROTOCOL_VERSION, "app": APP_VERSION,
                                  "name": name, "role": self.role}))
        self.task = asyncio.create_task(self.read(reader))

    def send(self, message: Message) -> int:
        frame = encode(message)
        assert self.writer is not None
        self.writer.write(frame)
        return len(frame)

    async def read(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                payload = await read_frame(reader, MAX_SERVER_FRAME)
                received = time.perf_counter()  # read whole: it has reached this connection
                message = decode(payload)
                kind = message["t"]
                if kind == "welcome":
                    self.seat = message["seat"]
                elif kind in ("snapshot", "events", "refused"):
                    self.version = message["version"]
                    self.to_move = message["to_move"]
                    if kind == "events":
                        self.bytes_events += len(payload) + 4
                        self.event_stamps.append(received)
                        self.bench.arrived.set()
                    if kind != "snapshot" or self.version >= 0:
                        self.bench.progress.set()
                    if kind == "refused":
                        self.refused[message["code"]] = self.refused.get(message["code"], 0) + 1
                    if kind == "refused" or (kind == "events" and message["by"] == self.seat):
                        await self.replies.put(message)
                elif kind == "legal":
                    await self.replies.put(message)
                elif kind == "game_over":
                    self.over = True
                    self.bench.progress.set()
                elif kind == "ping":
                    self.send({"t": "pong", "n": message["n"]})
                elif kind == "error":
                    print(f"  ! error: {message}", file=sys.stderr)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.task.cancel()


class Bench:
    """One hosted game with ``players`` player connections and ``spectators`` watchers."""

    def __init__(self, players: int, spectators: int, seed: int, autosave: Path | None,
                 game: str = "stars") -> None:
        self.players, self.spectators, self.seed = players, spectators, seed
        self.game = game
        self.autosave = autosave
        self.rng = random.Random(seed)
        self.timed = 0
        #: set whenever an ``events`` frame arrives on any connection
        self.arrived = asyncio.Event()
        self.progress = asyncio.Event()
        self.conns: list[Conn] = []

    async def start(self) -> None:
        global _profiles
        profile: list[str] = []
        if HOST_PROFILE:
            _profiles += 1
            profile = ["-m", "cProfile", "-o", str(Path(HOST_PROFILE) / f"host-{_profiles}.prof")]
        self.host = subprocess.Popen(
            [sys.executable, *profile, "-m", "game", "host", "--headless", "--no-discovery",
             *GAME_ARGS[self.game], "--seats", str(self.players), "--port", "0",
             "--bind", "127.0.0.1", "--seed", str(self.seed), "--rate", "100000",
             "--linger", "0",
             *(["--autosave-dir", str(self.autosave)] if self.autosave else ["--no-autosave"])],
            cwd=HOST_ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        assert self.host.stdout is not None
        port = None
        for line in self.host.stdout:
            match = re.search(r"listening on \S+:(\d+)", line)
            if match:
                port = int(match.group(1))
                break
        if port is None:
            raise RuntimeError("host did not start")
        # keep reading the host's output so it can never block on a full pipe
        threading.Thread(target=self.host.stdout.read, daemon=True).start()
        self.conns = [Conn(self, "player") for _ in range(self.players)]
        self.conns += [Conn(self, "spectator") for _ in range(self.spectators)]
        for index, conn in enumerate(self.conns):
            await conn.open(port, f"c{index}")
        while not all(c.seat is not None for c in self.conns[: self.players]) or not any(
            c.to_move for c in self.conns
        ):
            self.progress.clear()
            await asyncio.wait_for(self.progress.wait(), 10)

    def stop(self) -> None:
        for conn in self.conns:
            conn.close()
        self.host.terminate()
        self.host.wait(10)

    @property
    def over(self) -> bool:
        return any(c.over for c in self.conns)

    def player(self, seat: int) -> Conn:
        return next(c for c in self.conns if c.seat == seat)

    async def choose(self, conn: Conn) -> Message | None:
        conn.send({"t": "legal"})
        while True:
            reply = await asyncio.wait_for(conn.replies.get(), 10)
            if reply["t"] == "legal":
                return self.rng.choice(reply["moves"]) if reply["moves"] else None

    async def timed_move(self) -> tuple[float, int] | None:
        """One move by a seat to move, nothing else in flight: (seconds from sending it to
        the last connection told of it having read its ``events`` frame, bytes of the move
        frame), or None. Every seat is told of every move; spectators only of moves with a
        public event, a change of who may act, or the end (``Table._shows_spectators``)."""
        mover_seats = self.conns[0].to_move
        if not mover_seats or self.over:
            return None
        conn = self.player(self.rng.choice(mover_seats))
        move = await self.choose(conn)
        if move is None:
            return None
        to_move_before = sorted(conn.to_move)
        marks = [len(c.event_stamps) for c in self.conns]
        started = time.perf_counter()
        size = conn.send({"t": "move", "version": conn.version, "move": move})
        reply = await asyncio.wait_for(conn.replies.get(), 10)
        if reply["t"] == "refused":
            return None
        public = (any("to" not in event for event in reply["events"]) or "table" in reply
                  or sorted(reply["to_move"]) != to_move_before)
        told = [(c, mark) for c, mark in zip(self.conns, marks, strict=True)
                if c.role == "player" or public]
        while not all(len(c.event_stamps) > mark for c, mark in told):
            self.arrived.clear()
            await asyncio.wait_for(self.arrived.wait(), 10)
        self.timed += 1
        return max(c.event_stamps[mark] for c, mark in told) - started, size


async def latency(players: int, spectators: int, samples: int,
                  tmp: Path | None, game: str = "stars") -> dict[str, float]:
    latencies: list[float] = []
    move_bytes: list[int] = []
    events_bytes = 0
    moves = 0
    seed = 0
    host_cpu = 0.0
    while len(latencies) < samples:
        bench = Bench(players, spectators, seed, tmp, game)
        await bench.start()
        cpu_before = cpu_seconds(bench.host.pid)
        try:
            while len(latencies) < samples and not bench.over:
                result = await bench.timed_move()
                if result is None:
                    if bench.over:
                        break
                    await asyncio.sleep(0.001)
                    continue
                latencies.append(result[0])
                move_bytes.append(result[1])
            events_bytes += sum(c.bytes_events for c in bench.conns)
            moves += bench.timed
            host_cpu += cpu_seconds(bench.host.pid) - cpu_before
        finally:
            bench.stop()
        seed += 1
    latencies.sort()
    return {
        "p50": statistics.median(latencies) * 1000,
        "p99": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000,
        "max": latencies[-1] * 1000,
        "move_bytes": statistics.mean(move_bytes),
        "events_bytes": events_bytes / max(1, moves),
        "clients": players + spectators,
        "host_cpu": host_cpu / max(1, moves) * 1000,
    }


async def throughput(players: int, spectators: int, tmp: Path, game: str = "stars",
                     seed: int = 99) -> tuple[float, int, dict[str, int]]:
    """Every player moves as fast as it can until the game ends: accepted moves per second,
    accepted moves, and the players' refusals by code."""
    bench = Bench(players, spectators, seed, tmp, game)
    await bench.start()

    async def play(conn: Conn) -> None:
        while not bench.over:
            if conn.seat not in conn.to_move:
                bench.progress.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(bench.progress.wait(), 1)
                continue
            move = await bench.choose(conn)
            if move is None:
                await asyncio.sleep(0.001)
                continue
            conn.send({"t": "move", "version": conn.version, "move": move})
            await asyncio.wait_for(conn.replies.get(), 10)

    started = time.perf_counter()
    first = bench.conns[0].version  # a seat's version counts every accepted move
    try:
        await asyncio.wait_for(
            asyncio.gather(*(play(c) for c in bench.conns[:players])), 120
        )
    finally:
        elapsed = time.perf_counter() - started
        accepted = max(c.version for c in bench.conns[:players]) - first
        refused: dict[str, int] = {}
        for conn in bench.conns[:players]:
            for code, count in conn.refused.items():
                refused[code] = refused.get(code, 0) + count
        bench.stop()
    return accepted / elapsed, accepted, refused


def refusals_per_move(players: int, games: int, tmp: Path) -> tuple[int, dict[str, int], int]:
    """Simultaneous Look at the Stars, every seat a client moving as fast as it can (asking
    ``legal``, then moving on the version it holds): accepted moves and refusals by code, over
    ``games`` whole games, and the client count."""
    accepted, refused = 0, {}
    for game in range(games):
        _, moves, codes = asyncio.run(throughput(players, 0, tmp, "stars", seed=500 + game))
        accepted += moves
        for code, count in codes.items():
            refused[code] = refused.get(code, 0) + count
    return accepted, refused, players


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system, all threads) of process ``pid`` so far; 0 off Linux."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def never_reading_memory(readers: int = 20, seconds: float = 60.0) -> dict[str, float]:
    """Host RSS while ``readers`` spectators (each from its own loopback address) ask for a
    snapshot as often as the rate limit allows and never read: MB at the start and at the
    peak, and how many of them the host dropped. The game (8 seats, all bots) is over first,
    so every snapshot carries 8 full sheets."""
    import socket as socket_module

    host = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--headless", "--no-discovery", "--game", "stars",
         "--seats", "8", "--start", "now", "--port", "0", "--bind", "127.0.0.1", "--linger",
         "600", "--no-autosave"],
        cwd=HOST_ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert host.stdout is not None
    port = None
    for line in host.stdout:
        if port is None and (match := re.search(r"listening on \S+:(\d+)", line)):
            port = int(match.group(1))
        if "Game over" in line:
            break
    threading.Thread(target=host.stdout.read, daemon=True).start()
    hello = encode({"t": "hello", "protocol": PROTOCOL_VERSION, "app": APP_VERSION,
                    "name": "sleepy", "role": "spectator"})
    sync = encode({"t": "sync"})
    socks = []
    for index in range(readers):
        sock = socket_module.socket()
        sock.setsockopt(socket_module.SOL_SOCKET, socket_module.SO_RCVBUF, 4096)
        sock.bind((f"127.0.0.{100 + index}", 0))
        sock.connect(("127.0.0.1", port))
        sock.sendall(hello)
        socks.append(sock)
    time.sleep(0.5)
    start = peak = _rss_mb(host.pid)
    dropped: set[int] = set()
    asked = 0
    for sock in socks:
        sock.setblocking(False)  # a host that reads slowly must not stall the others
    deadline = time.monotonic() + seconds
    burst = 350  # the rate limit's burst first, then 180/s (under its 200/s)
    while time.monotonic() < deadline:
        for index, sock in enumerate(socks):
            if index not in dropped:
                try:
                    asked += sock.send(sync * burst) // len(sync)
                except BlockingIOError:
                    pass
                except OSError:
                    dropped.add(index)
        burst = 18
        time.sleep(0.1)
        peak = max(peak, _rss_mb(host.pid))
    end = _rss_mb(host.pid)
    for sock in socks:
        sock.close()
    host.terminate()
    host.wait(20)
    return {"start": start, "peak": peak, "end": end, "dropped": len(dropped),
            "readers": readers, "asked": asked}


def discovery_times(runs: int, tmp: Path) -> list[float]:
    from net.discovery import Browser

    times = []
    for _ in range(runs):
        found: queue.Queue[Any] = queue.Queue()
        browser = Browser(interfaces=["127.0.0.1"], events=found)
        name = f"bench {os.getpid()} {len(times)}"  # other programs may advertise here too
        started = time.perf_counter()
        host = subprocess.Popen(
            [sys.executable, "-m", "game", "host", "--headless", "--game", "stars",
             "--seats", "2", "--port", "0", "--bind", "127.0.0.1", "--interfaces", "127.0.0.1",
             "--name", name, "--autosave-dir", str(tmp)],
            cwd=HOST_ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        try:
            while True:
                kind, ad = found.get(timeout=20)
                if kind == "added" and ad.name == name:
                    break
            times.append(time.perf_counter() - started)
        finally:
            host.terminate()
            host.wait(20)
            browser.close()
    return times


#: the latency rows: issue 23's configuration first (8 seats + 3 spectators, stars, autosave)
DEFAULT_LATENCY = "8+3,8+3/nosave,8+3/toy,8+8"


def parse_latency(text: str) -> list[tuple[int, int, bool, str]]:
    """``"8+3,8+8/nosave/toy"`` -> [(seats, spectators, autosave, game), ...]."""
    rows = []
    for item in text.split(","):
        counts, *flags = item.strip().split("/")
        seats, spectators = (int(n) for n in counts.split("+"))
        unknown = set(flags) - {"nosave", "toy"}
        if unknown:
            raise SystemExit(f"--latency: unknown flag(s) {sorted(unknown)} in {item!r}")
        rows.append((seats, spectators, "nosave" not in flags,
                     "toy" if "toy" in flags else "stars"))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=400, help="timed moves per configuration")
    parser.add_argument("--runs", type=int, default=3, help="discovery runs")
    parser.add_argument("--only", help="comma list of parts: latency, throughput, refusals, "
                                       "memory, discovery (default: all)")
    parser.add_argument("--latency", default=DEFAULT_LATENCY,
                        help="latency rows, comma list of SEATS+SPECTATORS[/nosave][/toy] "
                             f"(default {DEFAULT_LATENCY})")
    args = parser.parse_args(argv)
    parts = set((args.only or "latency,throughput,refusals,memory,discovery").split(","))
    print(machine_line())
    print(f"# calibration: {calibration():.1f} M pure-Python loop steps/s (CPU time)")
    if HOST_ROOT != ROOT:
        print(f"# host from {HOST_ROOT}")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        if "refusals" in parts:
            for players in (4, 8):
                accepted, refused, _ = refusals_per_move(players, 2, tmp)
                total = sum(refused.values())
                print(f"refusals per accepted move, stars, {players} players moving at once "
                      f"(2 games): {total / max(1, accepted):.3f} ({total} refusals: "
                      f"{refused or 'none'}; {accepted} accepted moves, "
                      f"{accepted / players:.0f} per client)", flush=True)
        if "memory" in parts:
            memory = never_reading_memory()
            print(f"host memory, {memory['readers']} spectators asking for snapshots and never "
                  f"reading (8-seat finished game, {memory['asked']:.0f} snapshots asked in "
                  f"60 s): {memory['start']:.0f} MB -> peak {memory['peak']:.0f} MB (end "
                  f"{memory['end']:.0f} MB); {memory['dropped']:.0f} of them dropped",
                  flush=True)
        configurations = parse_latency(args.latency) if "latency" in parts else []
        if configurations:
            print("latency: one move at a time, move sent -> every connection told of it has "
                  "read its events (stars, autosave on unless noted)")
            print("| seats + spectators | p50 ms | p99 ms | max ms | host CPU ms per move | "
                  "move frame B | events B per move (all clients) | events B per client | "
                  "load, calibration |")
            print("|---|---|---|---|---|---|---|---|---|")
        for players, spectators, autosave, game in configurations:
            result = asyncio.run(latency(players, spectators, args.samples,
                                         tmp if autosave else None, game))
            note = (" (target <= 10)" if (players, spectators, autosave, game)
                    == (8, 3, True, "stars") else "")
            label = (f"{players} + {spectators}" + ("" if autosave else ", autosave off")
                     + ("" if game == "stars" else f", {game} game"))
            print(f"| {label} | {result['p50']:.2f} | {result['p99']:.2f}{note} | "
                  f"{result['max']:.2f} | {result['host_cpu']:.2f} | "
                  f"{result['move_bytes']:.0f} | "
                  f"{result['events_bytes']:.0f} | "
                  f"{result['events_bytes'] / result['clients']:.0f} | "
                  f"{os.getloadavg()[0]:.2f}, {calibration(0.3):.1f} |", flush=True)
        for game in ("stars", "toy") if "throughput" in parts else ():
            rate, accepted, refused = asyncio.run(throughput(8, 8, tmp, game))
            print(f"sustained accepted moves/s, {game}, 8 players + 8 spectators, every player "
                  f"moving as fast as it can: {rate:.0f} ({accepted} moves; refusals "
                  f"{refused or 'none'})", flush=True)
        if "discovery" in parts:
            times = discovery_times(args.runs, tmp)
            print("host start -> table listed by a browser (127.0.0.1): "
                  + ", ".join(f"{t:.2f} s" for t in times)
                  + f"; median {statistics.median(times):.2f} s (target <= 2 s)")
    print(machine_line(), "(end)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
