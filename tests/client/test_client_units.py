"""The client's small parts: fixed timestep, tweens, starfield, sounds, layout."""

from __future__ import annotations

import array
import sys
import wave
from pathlib import Path

import pygame
import pytest

from game.client import make_sounds
from game.client.layout import Layout
from game.client.loop import STEP, FixedTimestep, ManualClock
from game.client.starfield import Starfield
from game.client.tweens import Tween


def test_fixed_timestep_counts_steps_and_clamps_stalls() -> None:
    clock = ManualClock()
    timestep = FixedTimestep(clock)
    clock.tick(1 / 60)
    steps, alpha = timestep.advance()
    assert steps == 2 and 0 <= alpha < 1  # 120 Hz steps
    clock.tick(STEP * 0.5)
    assert timestep.advance()[0] == 0  # a fast frame simulates nothing, only interpolates
    clock.tick(30.0)  # a long stall (window dragged): no catch-up storm
    assert timestep.advance()[0] <= int(0.25 / STEP) + 1


def test_tween_interpolates_between_steps() -> None:
    tween = Tween(0.0, 10.0, 1.0, easing=lambda t: t)
    tween.update(0.5)
    tween.update(0.25)
    assert tween.value(0.0) == pytest.approx(5.0)
    assert tween.value(1.0) == pytest.approx(7.5)
    tween.update(5.0)
    assert tween.done and tween.value() == 10.0


def test_starfield_twinkles_drifts_and_sends_shooting_stars(config_dir) -> None:  # noqa: ANN001
    pygame.display.init()
    pygame.display.set_mode((320, 200))
    field = Starfield((320, 200), 1.0, count=50, seed=1)
    frames = []
    shots = 0
    for _ in range(12 * 60):
        field.update(1 / 60)
        shots += field.shot is not None and field.shot[4] == pytest.approx(1 / 60)
        if len(frames) < 2 and field.time > len(frames) * 2.0:
            surface = pygame.Surface((320, 200))
            field.draw(surface)
            frames.append(pygame.image.tobytes(surface, "RGB"))
    assert frames[0] != frames[1]
    assert shots >= 1, "an occasional shooting star crosses the sky"
    pygame.display.quit()


def test_sounds_are_made_by_the_script_and_match_the_committed_files(tmp_path: Path) -> None:
    written = make_sounds.make_all(tmp_path)
    wanted = {"card_flip", "line_drawn", "invalid", "bonus", "sun_rise", "game_over"}
    assert wanted <= {p.stem for p in written}
    for path in written:
        with wave.open(str(path)) as wav:
            assert wav.getframerate() == make_sounds.RATE and wav.getnframes() > 100
        committed = make_sounds.DEFAULT_DIR / path.name
        made, kept = _samples(path), _samples(committed)
        # the same recipe (a libm may differ in the last bit, so allow one step of rounding)
        assert len(made) == len(kept), f"{path.name}: run python -m game.client.make_sounds"
        assert max(abs(a - b) for a, b in zip(made, kept, strict=True)) <= 2


def _samples(path: Path) -> array.array:
    with wave.open(str(path)) as wav:
        data = array.array("h", wav.readframes(wav.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    return data


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160), (1024, 768)])
def test_layout_scales_from_the_window(size: tuple[int, int]) -> None:
    layout = Layout(size)
    assert layout.unit == pytest.approx(min(size[0] / 1280, size[1] / 720))
    assert layout.font_px("body") == round(21 * layout.unit)


def test_animation_speed_setting_speeds_the_card_flip(drive) -> None:  # noqa: ANN001
    drive.app.settings.animation_speed = 2.0
    drive.click(drive.scene.button("Play solo").rect.center)
    drive.click(drive.scene.start.rect.center)
    table = drive.scene
    drive.until(lambda: table.view is not None)
    drive.step(18)  # 0.3 s of wall time is 0.6 s of animation: the 0.55 s flip is done
    assert table.flip.done


def test_no_audio_device_means_silence_not_a_crash(monkeypatch) -> None:  # noqa: ANN001
    from game.client.sounds import Sounds

    def refuse(*args: object, **kwargs: object) -> None:
        raise pygame.error("Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    sounds = Sounds()
    assert sounds.effects == {}
    sounds.play("card_flip")  # silently nothing, but remembered for the log
    assert sounds.played == ["card_flip"]


def test_the_solo_rank_is_shown_for_solo_games_only(drive) -> None:  # noqa: ANN001
    from game.client.scenes.results import ResultsScene
    from game.client.session import GameConfig, SeatChoice

    score = {"constellations": 10, "planets": 4, "shooting_stars": 3, "point_bonus": 6,
             "power_bonus": 2, "total": 25}
    results = {"scores": [score, dict(score, total=18)], "ranking": [1, 2]}
    solo = GameConfig("stars", [SeatChoice("human", "Ann"), SeatChoice("ai", "Vega")])
    line = ResultsScene(drive.app, "stars", solo, results, ["Ann", "Vega"],
                        ["human", "ai"]).solo_line()
    assert line is not None and "25 points" in line
    # a LAN game (one player at each machine) is not a solo game, on either side
    lan = ResultsScene(drive.app, "stars", None, results, ["Ann", "Bea"], ["human", "open"])
    assert lan.solo_line() is None
