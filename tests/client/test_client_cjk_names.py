"""Players named in Japanese or Korean show as their letters, not as empty boxes, wherever the
window prints a name: the handover, the table (top bar, the other players' boards) and the
results. Every text those scenes draw goes through the shared ``TextCache`` (so the CJK
fallback font reaches it); a text holding a name must not look like the default font's
missing-glyph boxes."""

from __future__ import annotations

import pygame
import pytest

from game.client.scenes.handover import HandoverScene
from game.client.scenes.results import ResultsScene
from game.client.stars.categories import SCORE_COLUMNS
from game.client.stars.table import StarsTableScene
from tests.client.textboxes import RecordingSurface, recording, text_problems

NAMES = ["星野", "김민준"]


def drawn_surfaces(app) -> list[tuple[str, int, pygame.Surface]]:  # noqa: ANN001
    """Every text the visible scenes blit to the screen now: (text, size, the picture)."""
    shown: list[tuple[str, int, pygame.Surface]] = []
    surface = RecordingSurface(app.screen.get_size())
    with recording(app) as recorder:
        surface.recorder = recorder
        recorder.screen = surface.get_rect()
        original = surface.blit

        def blit(source, dest=(0, 0), area=None, special_flags=0):  # noqa: ANN001, ANN202
            known = recorder.texts.get(id(source))
            if known is not None:
                shown.append((known[0], known[1], source))
            return original(source, dest, area, special_flags)

        surface.blit = blit
        for scene in app.visible_scenes():
            scene.draw(surface, 0.0)
    return shown


def assert_names_drawn_as_letters(app, where: str, names: list[str]) -> None:  # noqa: ANN001
    shown = drawn_surfaces(app)
    for name in names:
        holding = [(text, size, picture) for text, size, picture in shown if name in text]
        assert holding, f"{where}: {name} is not drawn through the text cache"
        for text, size, picture in holding:
            # what the default font alone makes of it: boxes where the letters should be
            boxes = app.text.font(size).render(text, True, (255, 255, 255))
            glyphs = app.text.render(text, size, (255, 255, 255))
            assert pygame.image.tobytes(glyphs, "RGBA") != pygame.image.tobytes(
                boxes.convert_alpha(), "RGBA"), f"{where}: {text!r} shows empty boxes"
            assert picture.get_bounding_rect().w > 0, f"{where}: {text!r} is blank"
            runs = app.text.runs(text, size)
            for char in name:
                font = next(font for run, font in runs if char in run)
                assert font is app.text.fallback(size, font.bold), \
                    f"{where}: {char} of {text!r} is not drawn with the CJK font"


def test_cjk_names_show_on_the_handover_table_and_results(drive) -> None:  # noqa: ANN001
    drive.app.settings.hotseat_names = list(NAMES)
    drive.click(drive.scene.button("Hot-seat").rect.center)
    drive.click(drive.scene.start.rect.center)
    handover = drive.scene
    assert isinstance(handover, HandoverScene)
    drive.step(2)
    assert_names_drawn_as_letters(drive.app, "handover", [NAMES[0]])
    drive.until(lambda: handover.armed, what="the handover to take input")
    drive.key(pygame.K_RETURN)
    table = drive.scene
    assert isinstance(table, StarsTableScene) and table.session.names == NAMES
    drive.step(30)
    # the top bar names the player at the screen; the other board is captioned with its name
    assert_names_drawn_as_letters(drive.app, "table", NAMES)
    scores = [dict({column.key: 3 for column in SCORE_COLUMNS}, total=15),
              dict({column.key: 2 for column in SCORE_COLUMNS}, total=10)]
    drive.app.push(ResultsScene(drive.app, "stars", table.config,
                                {"scores": scores, "ranking": [1, 2]}, NAMES,
                                ["human", "human"]))
    drive.step(2)
    # the heading ("星野 wins!") and both rows of the score table
    assert_names_drawn_as_letters(drive.app, "results", NAMES)


@pytest.mark.parametrize("game", ["stars", "stargazer"])
def test_a_long_name_in_the_results_stops_before_the_figures(drive, game: str) -> None:  # noqa: ANN001
    """A name of fourteen Chinese characters ran over its row's first figure in the results
    (a Stargazer majority of 8 drawn on top of 「中」, and 「（あなた）」 over the second one: an
    outside playtest). It shrinks, then is cut, before the first column; "(you)" and "(AI)"
    stay."""
    from game.client.kits import get_kit

    long_name = "至少十二个字的很长的中文名字吧"
    columns = get_kit(game).score_columns
    scores = [dict({column.key: 18 for column in columns}, total=99),
              dict({column.key: 8 for column in columns}, total=40),
              dict({column.key: 8 for column in columns}, total=40)]
    names = [long_name, long_name + "二", "Bea"]
    results = ResultsScene(drive.app, game, None, {"scores": scores, "ranking": [1, 2, 2]},
                           names, ["remote", "ai", "remote"], mine=0)
    drive.app.push(results)
    drive.step(2)
    shown = [text for text, _size, _picture in drawn_surfaces(drive.app)]
    assert any(text.endswith(" (you)") and text.startswith(long_name[:4]) for text in shown), shown
    assert any(text.endswith(" (AI)") and text.startswith(long_name[:4]) for text in shown), shown
    overlaps = [problem for problem in text_problems(drive.app) if "over" in problem]
    assert not overlaps, overlaps
