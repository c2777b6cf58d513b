"""Sound effects with volume and mute. Silent (never failing) when there is no audio device.

The WAVs come from ``assets/sounds`` (made by ``make_sounds``, committed); if that folder is
missing (an installed copy without assets), they are generated once into the user cache dir.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pygame

from game.client import make_sounds

NAMES = tuple(make_sounds.RECIPES)


def sound_dir() -> Path:
    if all((make_sounds.DEFAULT_DIR / f"{n}.wav").exists() for n in NAMES):
        return make_sounds.DEFAULT_DIR
    cache = Path(platformdirs.user_cache_dir("starparty")) / "sounds"
    if not all((cache / f"{n}.wav").exists() for n in NAMES):
        make_sounds.make_all(cache)
    return cache


class Sounds:
    """Plays named effects; records what was played (tests and the log read ``played``)."""

    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self.played: list[str] = []
        self.effects: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(44100, -16, 2, 512)
            folder = sound_dir()
            for name in NAMES:
                self.effects[name] = pygame.mixer.Sound(str(folder / f"{name}.wav"))
        except (pygame.error, OSError):
            self.effects = {}

    def set_volume(self, volume: float, muted: bool) -> None:
        self.volume = min(1.0, max(0.0, volume))
        self.muted = muted

    def play(self, name: str) -> None:
        self.played.append(name)
        del self.played[:-50]
        effect = self.effects.get(name)
        if effect is None or self.muted or self.volume <= 0:
            return
        effect.set_volume(self.volume)
        effect.play()
