"""Start-up of the one-file program against the pip-installed command: prints figures, asserts
nothing (see docs/BENCHMARKS.md, "The one-file program").

Each run is a fresh process with a fresh HOME (so no settings, no sound cache), the dummy video
and audio drivers, timed from the start of the process to its exit after drawing the first
title frame (``starparty play --frames 1``: the window is made, the title drawn once, the
settings saved, pygame shut down), and ``--version`` (the interpreter and the command alone).
The one-file program unpacks itself into a temporary folder on every start, so each of its runs
pays that; ``--cold`` also empties the kernel's page cache before every run (root only), so the
files are read from disk again. Prints the machine line with the pure-Python calibration figure
(``bench/ai.py``) and the load average, since the same run is slower on a loaded VM.

    .venv/bin/python bench/startup.py [--program dist/starparty] [--pip .venv/bin/starparty]
                                      [--runs 5] [--cold]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: the issue's target for the one-file program, cold, to the title
TARGET = 3.0
DROP_CACHES = Path("/proc/sys/vm/drop_caches")


def drop_caches() -> bool:
    """Empty the page cache (root on Linux); False when this machine does not allow it."""
    try:
        os.sync()
        DROP_CACHES.write_text("3\n")
        return True
    except OSError:
        return False


def timed_run(command: list[str], cold: bool) -> float:
    with tempfile.TemporaryDirectory(prefix="starparty-startup-") as home:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home,
               "XDG_CONFIG_HOME": f"{home}/.config", "XDG_CACHE_HOME": f"{home}/.cache",
               "XDG_DATA_HOME": f"{home}/.local/share", "XDG_STATE_HOME": f"{home}/.local/state",
               "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANG": "C.UTF-8"}
        if cold:
            drop_caches()
        started = time.perf_counter()
        subprocess.run(command, cwd=home, env=env, check=True, capture_output=True)
        return time.perf_counter() - started


def figures(command: list[str], runs: int, cold: bool) -> str:
    times = [timed_run(command, cold) for _ in range(runs)]
    return (f"first {times[0]:.2f} s, median {statistics.median(times):.2f} s, "
            f"range {min(times):.2f}-{max(times):.2f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--program", type=Path, default=ROOT / "dist" / "starparty",
                        help="the one-file program (tools/build_app.py)")
    parser.add_argument("--pip", type=Path, default=Path(sys.executable).parent / "starparty",
                        help="the pip-installed command")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cold", action="store_true",
                        help="empty the page cache before every run (root on Linux)")
    args = parser.parse_args(argv)
    from bench.ai import machine_line

    cold = args.cold and drop_caches()
    print(machine_line())
    print(f"# bench/startup.py  load average {os.getloadavg()[0]:.1f}  runs {args.runs}  "
          f"page cache {'emptied before every run' if cold else 'as it is (warm after run 1)'}")
    if args.program.exists():
        print(f"one-file program {args.program}: {args.program.stat().st_size / 2**20:.1f} MiB")
    print("| command | to the first title frame and out | --version |")
    print("|---|---|---|")
    for label, path in (("one-file program", args.program), ("pip install", args.pip)):
        if not path.exists():
            print(f"| {label} | ({path} not found) | |")
            continue
        title = figures([str(path), "play", "--frames", "1"], args.runs, cold)
        version = figures([str(path), "--version"], args.runs, cold)
        print(f"| {label} | {title} | {version} |", flush=True)
    print(f"\ntarget for the one-file program to the title: <= {TARGET:.0f} s cold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
