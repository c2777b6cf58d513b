"""Make the game's sound effects procedurally (stdlib only, no downloads).

``python -m game.client.make_sounds [OUTDIR]`` writes ``assets/sounds/*.wav``. Each effect is a
short recipe of tones and noise with an envelope, so the files are small and reproducible.
"""

from __future__ import annotations

import array
import math
import random
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
DEFAULT_DIR = Path(__file__).resolve().parents[2] / "assets" / "sounds"


def _tone(freq: Callable[[float], float], seconds: float, attack: float = 0.005,
          decay: float = 6.0, shape: str = "sine", volume: float = 0.5) -> list[float]:
    samples = []
    phase = 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        phase += 2 * math.pi * freq(t) / RATE
        wave_value = math.sin(phase)
        if shape == "soft_square":
            wave_value = math.tanh(3 * wave_value)
        elif shape == "bell":
            wave_value = 0.7 * math.sin(phase) + 0.3 * math.sin(2.76 * phase)
        envelope = min(1.0, t / attack) * math.exp(-decay * t)
        samples.append(volume * envelope * wave_value)
    return samples


def _noise(seconds: float, decay: float, volume: float, seed: int) -> list[float]:
    rng = random.Random(seed)
    out, low = [], 0.0
    for i in range(int(seconds * RATE)):
        low += 0.35 * (rng.uniform(-1, 1) - low)
        out.append(volume * low * math.exp(-decay * i / RATE))
    return out


def _mix(*parts: tuple[float, list[float]]) -> list[float]:
    length = max(int(start * RATE) + len(s) for start, s in parts)
    out = [0.0] * length
    for start, samples in parts:
        offset = int(start * RATE)
        for i, v in enumerate(samples):
            out[offset + i] += v
    return out


def _fixed(hz: float) -> Callable[[float], float]:
    return lambda t: hz


RECIPES: dict[str, Callable[[], list[float]]] = {
    "card_flip": lambda: _mix((0, _noise(0.12, 30, 0.6, 1)),
                              (0.03, _tone(_fixed(880), 0.1, decay=30, volume=0.15))),
    "line_drawn": lambda: _mix((0, _tone(lambda t: 520 + 900 * t, 0.16, decay=18, volume=0.35)),
                               (0, _noise(0.08, 40, 0.12, 2))),
    "invalid": lambda: _tone(lambda t: 150 - 60 * t, 0.22, decay=10, shape="soft_square",
                             volume=0.3),
    "bonus": lambda: _mix(*[(i * 0.07, _tone(_fixed(f), 0.35, decay=9, shape="bell", volume=0.3))
                            for i, f in enumerate((660, 830, 990, 1320))]),
    "sun_rise": lambda: _mix((0, _tone(lambda t: 220 + 110 * t, 1.2, attack=0.4, decay=1.6,
                                       volume=0.35)),
                             (0.2, _tone(lambda t: 330 + 165 * t, 1.0, attack=0.4, decay=2.0,
                                         volume=0.25))),
    "game_over": lambda: _mix(*[(i * 0.16, _tone(_fixed(f), 0.7, decay=4, shape="bell",
                                                 volume=0.3))
                                for i, f in enumerate((523, 659, 784, 1047))]),
    "click": lambda: _tone(_fixed(1200), 0.04, decay=80, volume=0.2),
    # a wooden cube landing: a knock (noise) over a short low tone
    "cube_drop": lambda: _mix((0, _noise(0.07, 55, 0.55, 3)),
                              (0, _tone(lambda t: 310 - 400 * t, 0.09, decay=45, volume=0.35))),
    # a cube taken back: a soft rising whoosh
    "cube_lift": lambda: _mix((0, _noise(0.22, 12, 0.18, 4)),
                              (0, _tone(lambda t: 400 + 900 * t, 0.2, attack=0.05, decay=14,
                                        volume=0.12))),
}


def write_wav(path: Path, samples: list[float]) -> None:
    data = array.array("h", (int(max(-1.0, min(1.0, v)) * 32000) for v in samples))
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data.tobytes())


def make_all(directory: Path = DEFAULT_DIR) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, recipe in RECIPES.items():
        path = directory / f"{name}.wav"
        write_wav(path, recipe())
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    for path in make_all(Path(args[0]) if args else DEFAULT_DIR):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
