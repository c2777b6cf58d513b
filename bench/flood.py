"""Honest players under a hostile flood, on loopback: prints figures, asserts nothing.

A real ``starparty host --headless`` process hosts Look at the Stars with three seats: two
honest players and one hostile seated player. Measured in this process, with one clock:

* **acks**: each honest player makes a random legal move every ``--move-every`` seconds (asking
  ``legal`` first; a confirmed seat undoes, so the card is replayed and the game goes on) and the
  time from the move's frame being written to its ``events`` (``by`` = its seat) arriving;
* **pings**: the two players and two honest spectators each send ``ping`` every
  ``--ping-every`` seconds; the time to its ``pong``.

Two attacker processes (``--attackers``, each ``--per-attacker`` connections, by default 2 x 20)
send, as fast as the host takes them (each connection slot from its own loopback address, or
with ``--fresh-addresses`` every connection from a new one), from the moment the "during"
phase starts until ``--frames`` frames are written in all (or ``--seconds`` pass): garbage
payloads, oversized length headers, moves from spectators, and illegal moves from the hostile
seat (which also plays legal moves so the game goes on). A connection the host closes is
opened again at once.

Phases: ``--before`` seconds quiet, the flood, ``--after`` seconds quiet. For each phase:
ack and ping p50 / p95 / p99 / max (ms), and the host process's CPU share (its utime + stime
from ``/proc`` over the phase's wall time; 100 % is one core). ``--load N`` runs N busy-loop
processes for the whole run ("a machine loaded by other work").

    .venv/bin/python bench/flood.py [--frames 150000] [--seconds 60] [--load 4]

``BENCH_HOST_ROOT=DIR`` runs the host from another source tree (an export of an older commit)
for "before" figures with the same clients and attackers; ``BENCH_HOST_PROFILE=FILE`` runs it
under cProfile (the stats are written to FILE when it stops).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import random
import re
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
HOST_ROOT = Path(os.environ.get("BENCH_HOST_ROOT", ROOT))

import msgpack  # noqa: E402

from bench.net import calibration, machine_line  # noqa: E402
from net.wire import (  # noqa: E402
    APP_VERSION,
    MAX_SERVER_FRAME,
    PROTOCOL_VERSION,
    decode,
    encode,
    read_frame,
)

Message = dict[str, Any]
PHASES = ("before", "during", "after")
HELLO = {"t": "hello", "protocol": PROTOCOL_VERSION, "app": APP_VERSION}
#: hostile frames written at once, and the most a move-flooding connection keeps unanswered
BATCH, WINDOW = 16, 64


# ---------------------------------------------------------------------------- honest side
class Honest:
    """One honest connection: records ack and ping latencies into the phase in force."""

    def __init__(self, bench: FloodBench, role: str, name: str) -> None:
        self.bench, self.role, self.name = bench, role, name
        self.seat: int | None = None
        self.version = -1
        self.to_move: list[int] = []
        self.over = False
        self.legal: asyncio.Queue[list[Message]] = asyncio.Queue()
        self.moved: asyncio.Event = asyncio.Event()
        self.refused = 0
        self.pings: dict[int, float] = {}
        self.writer: asyncio.StreamWriter | None = None
        self.errors: list[str] = []

    async def open(self, port: int) -> None:
        reader, self.writer = await asyncio.open_connection("127.0.0.1", port)
        self.send(dict(HELLO, name=self.name, role=self.role))
        self.task = asyncio.create_task(self.read(reader))

    def send(self, message: Message) -> None:
        assert self.writer is not None
        self.writer.write(encode(message))

    async def read(self, reader: asyncio.StreamReader) -> None:
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
            while True:
                message = decode(await read_frame(reader, MAX_SERVER_FRAME))
                now = time.perf_counter()
                kind = message["t"]
                if kind == "welcome":
                    self.seat = message["seat"]
                elif kind in ("snapshot", "events", "refused"):
                    self.version = message["version"]
                    self.to_move = message["to_move"]
                    if kind == "refused":
                        self.refused += 1
                        self.moved.set()
                    elif kind == "events" and message.get("by") == self.seat is not None:
                        self.moved.set()
                    self.bench.progress.set()
                elif kind == "legal":
                    self.legal.put_nowait(message["moves"])
                elif kind == "pong":
                    sent = self.pings.pop(message.get("n", -1), None)
                    if sent is not None:
                        self.bench.record("ping", now - sent)
                elif kind == "ping":
                    self.send({"t": "pong", "n": message["n"]})
                elif kind == "game_over":
                    self.over = True
                    self.bench.progress.set()
                elif kind == "error":
                    self.errors.append(message.get("code", "?"))

    async def ping_loop(self, every: float) -> None:
        n = 0
        while not self.bench.finished:
            n += 1
            self.pings[n] = time.perf_counter()
            self.send({"t": "ping", "n": n})
            await asyncio.sleep(every * (0.5 + self.bench.rng.random()))

    async def play_loop(self, every: float) -> None:
        rng = self.bench.rng
        while not self.bench.finished and not self.over:
            await asyncio.sleep(every * (0.5 + rng.random()))
            if self.seat not in self.to_move:
                continue
            self.send({"t": "legal"})
            try:
                moves = await asyncio.wait_for(self.legal.get(), 10)
            except TimeoutError:
                self.bench.lost += 1
                continue
            if not moves:
                continue
            # stay on the card: mostly undo rather than confirm (the game lasts; the turn
            # limit per card still moves it on)
            plays = [m for m in moves if m["t"] not in ("undo", "confirm")]
            if not plays:
                confirm = [m for m in moves if m["t"] == "confirm"]
                undo = [m for m in moves if m["t"] == "undo"]
                plays = confirm if confirm and (not undo or rng.random() < 0.1) else undo
            move = rng.choice(plays)
            self.moved.clear()
            refused_before = self.refused
            started = time.perf_counter()
            self.send({"t": "move", "version": self.version, "move": move})
            try:
                await asyncio.wait_for(self.moved.wait(), 10)
            except TimeoutError:
                self.bench.lost += 1
                continue
            if self.refused == refused_before:
                self.bench.record("ack", time.perf_counter() - started)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.task.cancel()


class FloodBench:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.rng = random.Random(args.seed)
        self.phase = "before"
        self.samples: dict[tuple[str, str], list[float]] = {
            (kind, phase): [] for kind in ("ack", "ping") for phase in PHASES}
        self.progress = asyncio.Event()
        self.finished = False
        self.lost = 0

    def record(self, kind: str, seconds: float) -> None:
        self.samples[(kind, self.phase)].append(seconds)


#: the host under cProfile, timed in CPU time (wall time would count the waits for a CPU)
PROFILED_HOST = """import cProfile, sys, time
from game.commands.host import main
profile = cProfile.Profile(time.process_time)
path = sys.argv.pop(1)
try:
    profile.runcall(main, sys.argv[2:])
finally:
    profile.dump_stats(path)
"""


def start_host(args: argparse.Namespace) -> tuple[subprocess.Popen[str], int]:
    profile = os.environ.get("BENCH_HOST_PROFILE")  # a file: the host runs under cProfile
    host = subprocess.Popen(
        [sys.executable, *(["-c", PROFILED_HOST, profile] if profile else ["-m", "game"]),
         "host", "--headless", "--no-discovery", "--game",
         "stars", "--seats", "3", "--port", "0", "--bind", "127.0.0.1", "--seed",
         str(args.seed), "--linger", "0", "--no-autosave"],
        cwd=HOST_ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=dict(os.environ, PYTHONPATH=str(HOST_ROOT)),
    )
    assert host.stdout is not None
    for line in host.stdout:
        match = re.search(r"listening on \S+:(\d+)", line)
        if match:
            threading.Thread(target=host.stdout.read, daemon=True).start()
            return host, int(match.group(1))
    raise RuntimeError("the host did not start")


def cpu_seconds(pid: int) -> float:
    """utime + stime of ``pid`` (``/proc/PID/stat``), in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_queue_seconds(pid: int) -> float:
    """Seconds ``pid`` has spent runnable but waiting for a CPU (``/proc/PID/schedstat``)."""
    try:
        with open(f"/proc/{pid}/schedstat") as stat:
            return int(stat.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return float("nan")


def percentiles(values: list[float]) -> str:
    if not values:
        return "no samples"
    values = sorted(values)

    def at(q: float) -> float:
        return values[min(len(values) - 1, int(len(values) * q))] * 1000

    return (f"n={len(values):5d}  p50 {at(0.50):7.2f}  p95 {at(0.95):7.2f}  "
            f"p99 {at(0.99):8.2f}  max {values[-1] * 1000:8.2f} ms")


# ---------------------------------------------------------------------------- attackers
def frame(payload: bytes) -> bytes:
    return struct.pack(">I", len(payload)) + payload


def attacker_main(index: int, port: int, conns: int, frames: int, seconds: float,
                  seated: bool, fresh: bool, go: Any, stop: Any, out: Any) -> None:
    """One attacking process: ``conns`` connections flooding from ``go`` until ``frames``
    frames are written, ``seconds`` pass or ``stop``; puts its counts on ``out``."""
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)  # writes to closed sockets
    asyncio.run(_attack(index, port, conns, frames, seconds, seated, fresh, go, stop, out))


async def _attack(index: int, port: int, conns: int, frames: int, seconds: float,
                  seated: bool, fresh: bool, go: Any, stop: Any, out: Any) -> None:
    rng = random.Random(1000 + index)
    counts = {"frames": 0, "connections": 0, "closed_by_host": 0}
    errors: dict[str, int] = {}
    state: dict[str, Any] = {"version": 0, "to_move": [], "seat": None}
    flooding = asyncio.Event()
    done = asyncio.Event()
    garbage = [frame(rng.randbytes(rng.randint(1, 64))) for _ in range(64)]
    oversized = struct.pack(">I", 1 << 20) + b"\0" * 64
    spectator_moves = [frame(msgpack.packb(
        {"t": "move", "version": rng.randint(0, 99), "move": {"t": "place", "rot": 1,
                                                              "dx": 2, "dy": 3}}))
                       for _ in range(16)]

    def bad_seat_moves() -> bytes:
        version = state["version"]
        choices = [
            {"t": "move", "version": version, "move": {"t": "place", "rot": 9, "dx": 0, "dy": 0}},
            {"t": "move", "version": version + 7, "move": {"t": "skip"}},
            {"t": "move", "version": version, "move": {"t": "power", "at": [99, 99]}},
            {"t": "move", "version": version, "move": {"t": "nonsense"}},
        ]
        return frame(msgpack.packb(rng.choice(choices)))

    async def reader_task(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                          answered: list[int], room: asyncio.Event) -> None:
        with contextlib.suppress(Exception):
            while True:
                message = decode(await read_frame(reader, MAX_SERVER_FRAME))
                if message["t"] == "error":
                    code = message.get("code", "?")
                    errors[code] = errors.get(code, 0) + 1
                elif message["t"] == "refused":
                    answered[0] += 1
                    room.set()
                elif message["t"] == "ping":
                    writer.write(encode({"t": "pong", "n": message["n"]}))

    async def connection(kind: str, slot: int) -> None:
        attempt = 0
        while not done.is_set():
            # one address per connection slot (an attacking machine), or with --fresh-addresses
            # a new one for every connection (nothing per address can follow it)
            attempt += 1
            source = (f"127.{10 + index}.{attempt // 250 % 250}.{1 + attempt % 250}"
                      if fresh else f"127.0.{10 + index}.{1 + slot}")
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                               local_addr=(source, 0))
            except OSError:
                await asyncio.sleep(0.05)
                continue
            counts["connections"] += 1
            if kind != "oversized":
                writer.write(encode(dict(HELLO, name="spam", role="spectator")))
            answered, room = [0], asyncio.Event()
            written = 0
            reading = asyncio.create_task(reader_task(reader, writer, answered, room))
            with contextlib.suppress(ConnectionError, OSError):
                await flooding.wait()
                while not done.is_set() and not reading.done():
                    if kind == "spectator_moves":
                        if written - answered[0] >= WINDOW:  # as fast as the host answers
                            room.clear()
                            with contextlib.suppress(TimeoutError):
                                await asyncio.wait_for(room.wait(), 0.5)
                            continue
                        batch = [rng.choice(spectator_moves) for _ in range(BATCH)]
                    else:  # the host closes it at its first frame: wait for that
                        batch = [rng.choice(garbage) if kind == "garbage" else oversized
                                 for _ in range(BATCH)]
                    writer.write(b"".join(batch))
                    written += len(batch)
                    counts["frames"] += len(batch)
                    if counts["frames"] >= frames:
                        done.set()
                    await writer.drain()
                    if kind != "spectator_moves":
                        with contextlib.suppress(TimeoutError):
                            await asyncio.wait_for(asyncio.shield(reading), 2.0)
            if reading.done():
                counts["closed_by_host"] += 1
            reading.cancel()
            writer.close()

    async def control() -> None:
        await asyncio.to_thread(go.wait)
        flooding.set()
        started = time.monotonic()
        while not done.is_set() and time.monotonic() - started < seconds and not stop.is_set():
            await asyncio.sleep(0.05)
        counts["seconds"] = round(time.monotonic() - started, 2)
        done.set()

    kinds = ["garbage", "oversized", "spectator_moves"]
    plan = [kinds[i % 3] for i in range(conns - (1 if seated else 0))]
    seat_task = None
    if seated:  # the hostile seat must join before the game starts (and be told its token)
        seat_task = asyncio.create_task(_seat_keeper(port, state, flooding, done,
                                                     bad_seat_moves, counts, errors, frames))
        while state["seat"] is None:
            await asyncio.sleep(0.01)
    out.put(("joined", index))
    tasks = [asyncio.create_task(connection(kind, slot)) for slot, kind in enumerate(plan)]
    await control()
    await asyncio.sleep(0.1)
    for task in tasks:
        task.cancel()
    out.put(("flooded", index, counts, errors))
    if seat_task is not None:  # keep playing legal moves until told to stop
        await asyncio.to_thread(stop.wait)
        seat_task.cancel()


async def _seat_keeper(port: int, state: dict[str, Any], flooding: asyncio.Event,
                       done: asyncio.Event, bad_moves: Any, counts: dict[str, Any],
                       errors: dict[str, int], frames: int) -> None:
    """The hostile seat: plays legal moves all along (the game goes on) and, while flooding,
    sends illegal ones as fast as the host takes them. Reconnects with its token when cut."""
    while True:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.05)
            continue
        state["refused"], state["room"] = 0, asyncio.Event()
        hello = dict(HELLO, name="hostile", role="player")
        if "token" in state:
            hello["token"] = state["token"]
        writer.write(encode(hello))

        async def read(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            with contextlib.suppress(Exception):
                while True:
                    message = decode(await read_frame(reader, MAX_SERVER_FRAME))
                    kind = message["t"]
                    if kind == "welcome":
                        state["seat"], state["token"] = message["seat"], message["token"]
                    elif kind == "error":
                        code = message.get("code", "?")
                        errors[code] = errors.get(code, 0) + 1
                    elif kind == "ping":
                        writer.write(encode({"t": "pong", "n": message["n"]}))
                    elif kind in ("snapshot", "events", "refused"):
                        if kind == "refused":
                            state["refused"] += 1
                            state["room"].set()
                        state["version"], state["to_move"] = (message["version"],
                                                              message["to_move"])
                        if state["seat"] in state["to_move"] and kind != "refused":
                            writer.write(encode({"t": "legal"}))
                    elif kind == "legal":
                        plays = [m for m in message["moves"] if m["t"] != "undo"]
                        if plays:
                            writer.write(encode({"t": "move", "version": message["version"],
                                                 "move": plays[0]}))

        reading = asyncio.create_task(read(reader, writer))
        written = 0
        with contextlib.suppress(ConnectionError, OSError):
            while not reading.done():
                if flooding.is_set() and not done.is_set() and \
                        written - state["refused"] < WINDOW:
                    writer.write(b"".join(bad_moves() for _ in range(BATCH)))
                    written += BATCH
                    counts["frames"] += BATCH
                    if counts["frames"] >= frames:
                        done.set()
                    await writer.drain()
                elif flooding.is_set() and not done.is_set():
                    state["room"].clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(state["room"].wait(), 0.5)
                else:
                    await asyncio.sleep(0.05)
        counts["connections"] += 1
        reading.cancel()
        writer.close()
        await asyncio.sleep(0.05)


def busy_loop() -> None:
    while True:
        pass


# ---------------------------------------------------------------------------- the run
async def run(args: argparse.Namespace) -> None:
    bench = FloodBench(args)
    host, port = start_host(args)
    context = multiprocessing.get_context("fork")
    go, stop, out = context.Event(), context.Event(), context.Queue()
    loaders = [context.Process(target=busy_loop, daemon=True) for _ in range(args.load)]
    for loader in loaders:
        loader.start()
    attackers = [
        context.Process(target=attacker_main, daemon=True, args=(
            i, port, args.per_attacker, args.frames // args.attackers, args.seconds, i == 0,
            args.fresh_addresses, go, stop, out))
        for i in range(args.attackers)
    ]
    honest = [Honest(bench, "player", "honest1"), Honest(bench, "player", "honest2"),
              Honest(bench, "spectator", "watch1"), Honest(bench, "spectator", "watch2")]
    try:
        for conn in honest[:2]:
            await conn.open(port)
        for attacker in attackers:
            attacker.start()
        for _ in attackers:
            await asyncio.to_thread(out.get, True, 30)
        for conn in honest[2:]:
            await conn.open(port)
        while not honest[0].to_move:
            bench.progress.clear()
            await asyncio.wait_for(bench.progress.wait(), 10)
        tasks = [asyncio.create_task(c.ping_loop(args.ping_every)) for c in honest]
        tasks += [asyncio.create_task(c.play_loop(args.move_every)) for c in honest[:2]]
        cpu: dict[str, float] = {}
        waited: dict[str, float] = {}

        def cpu_stamp() -> tuple[float, float, float]:
            return cpu_seconds(host.pid), time.perf_counter(), run_queue_seconds(host.pid)

        others = {"this process": os.getpid(), "attackers": [a.pid for a in attackers]}
        others_start = {name: _cpu_of(pids) for name, pids in others.items()}

        stamp = cpu_stamp()
        await asyncio.sleep(args.before)
        cpu["before"], waited["before"] = _share(stamp, cpu_stamp())
        bench.phase = "during"
        stamp = cpu_stamp()
        others_start = {name: _cpu_of(pids) for name, pids in others.items()}
        others_t0 = time.perf_counter()
        go.set()
        reports = [await asyncio.to_thread(out.get, True, args.seconds + 30)
                   for _ in attackers]
        cpu["during"], waited["during"] = _share(stamp, cpu_stamp())
        during = time.perf_counter() - stamp[1]
        others_cpu = {name: (_cpu_of(pids) - others_start[name]) / (time.perf_counter()
                                                                   - others_t0)
                      for name, pids in others.items()}
        bench.phase = "after"
        stamp = cpu_stamp()
        await asyncio.sleep(args.after)
        cpu["after"], waited["after"] = _share(stamp, cpu_stamp())
        bench.finished = True
        stop.set()
        for task in tasks:
            task.cancel()
    finally:
        stop.set()
        go.set()
        for conn in honest:
            with contextlib.suppress(Exception):
                conn.close()
        for attacker in attackers:
            attacker.join(5)
            if attacker.is_alive():
                attacker.kill()
        for loader in loaders:
            loader.kill()
        host.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            host.wait(10)
    sent = sum(r[2]["frames"] for r in reports)
    opened = sum(r[2]["connections"] for r in reports)
    errors: dict[str, int] = {}
    for report in reports:
        for code, count in report[3].items():
            errors[code] = errors.get(code, 0) + count
    print(f"flood: {sent} hostile frames written in {during:.1f} s ({sent / during:.0f}/s) on "
          f"{opened} connections by {len(attackers)} processes x {args.per_attacker}")
    print(f"host's answers to the attackers: {json.dumps(errors, sort_keys=True)}")
    print("during the flood, CPU (100 % = one core): " + ", ".join(
        f"{name} {share * 100:.0f} %" for name, share in others_cpu.items()))
    for phase in PHASES:
        print(f"{phase:6s}  host CPU {cpu[phase] * 100:5.1f} % of a core, waiting for a CPU "
              f"{waited[phase] * 100:5.1f} % of the time")
        print(f"  ack   {percentiles(bench.samples[('ack', phase)])}")
        print(f"  ping  {percentiles(bench.samples[('ping', phase)])}")
    honest_errors = [e for c in honest for e in c.errors]
    print(f"honest: {sum(c.refused for c in honest)} refused moves, {bench.lost} unanswered, "
          f"errors {honest_errors or 'none'}, game over: {any(c.over for c in honest)}")


def _cpu_of(pids: int | list[int]) -> float:
    return sum(cpu_seconds(pid) for pid in (pids if isinstance(pids, list) else [pids]))


def _share(start: tuple[float, float, float],
           end: tuple[float, float, float]) -> tuple[float, float]:
    """The host's CPU time and its time waiting for a CPU, as shares of the wall time."""
    wall = max(1e-9, end[1] - start[1])
    return (end[0] - start[0]) / wall, (end[2] - start[2]) / wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=150_000,
                        help="hostile frames written in all (default %(default)s)")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="the flood stops after this long anyway (default %(default)s)")
    parser.add_argument("--before", type=float, default=5.0)
    parser.add_argument("--after", type=float, default=5.0)
    parser.add_argument("--attackers", type=int, default=2)
    parser.add_argument("--per-attacker", type=int, default=20)
    parser.add_argument("--move-every", type=float, default=0.1)
    parser.add_argument("--ping-every", type=float, default=0.05)
    parser.add_argument("--load", type=int, default=0, help="busy-loop processes alongside")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--fresh-addresses", action="store_true",
                        help="every hostile connection from a new loopback address")
    args = parser.parse_args()
    print(machine_line())
    print(f"# calibration: {calibration():.1f} M pure-Python loop steps/s (CPU time)")
    print(f"# host from {HOST_ROOT}, --load {args.load}"
          f"{', fresh addresses' if args.fresh_addresses else ''}")
    asyncio.run(run(args))
    print(machine_line())


if __name__ == "__main__":
    main()
