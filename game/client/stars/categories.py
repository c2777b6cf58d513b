"""The five scoring categories as the window shows them: results columns, preview chips and
final-board highlights share these names and colours."""

from __future__ import annotations

from game.client.kits import ScoreColumn

SCORE_COLUMNS = [
    ScoreColumn("constellations", "Constellations", (255, 210, 90)),
    ScoreColumn("planets", "Planets", (120, 170, 255)),
    ScoreColumn("shooting_stars", "Shooting stars", (255, 160, 110)),
    ScoreColumn("point_bonus", "Point bonus", (130, 230, 200)),
    ScoreColumn("power_bonus", "Power bonus", (240, 150, 230)),
]
CATEGORY = {column.key: column for column in SCORE_COLUMNS}
