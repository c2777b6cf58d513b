"""The five scoring categories as the window shows them: results columns, preview chips and
final-board highlights share these names (``N_`` messages: ``tr(column.title)`` shows them)
and colours."""

from __future__ import annotations

from game.client.i18n import N_
from game.client.kits import ScoreColumn

SCORE_COLUMNS = [
    ScoreColumn("constellations", N_("Constellations"), (255, 210, 90)),
    ScoreColumn("planets", N_("Planets"), (120, 170, 255)),
    ScoreColumn("shooting_stars", N_("Shooting stars"), (255, 160, 110)),
    ScoreColumn("point_bonus", N_("Point bonus"), (130, 230, 200)),
    ScoreColumn("power_bonus", N_("Power bonus"), (240, 150, 230)),
]
CATEGORY = {column.key: column for column in SCORE_COLUMNS}
