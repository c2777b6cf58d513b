"""Your own running total is always on the table; "Live score" only decides whether the
other players' totals are shown too (docs/rules/look-at-the-stars.md, "Own score")."""

from __future__ import annotations

from typing import Any

from game.client.stars.table import StarsTableScene
from game.rules.stars import RULESET, score_sheet
from tests.client.clienthelpers import Driver
from tests.client.test_client_stars_preview import SEVEN, STRAIGHT_CARD, StaticSession, crafted
from tests.client.textboxes import drawn_texts


def crafted_for(live_score: bool) -> dict[str, Any]:
    """Ann (seat 0) has a 7-line constellation, Vega (seat 1) a 3-line: totals apart."""
    state = crafted(STRAIGHT_CARD, SEVEN)
    state["seats"][1]["sheet"]["board"] = 0
    state["seats"][1]["sheet"]["lines"] = [list(line) for line in SEVEN[:3]]
    state["options"]["live_score"] = live_score
    return state


def totals(state: dict[str, Any]) -> tuple[int, int]:
    ann, vega = (score_sheet(seat["sheet"])["total"] for seat in state["seats"])
    assert ann != vega and ann > 0 and vega > 0
    return ann, vega


def open_on(drive: Driver, session: Any) -> StarsTableScene:
    table = StarsTableScene(drive.app, None, session=session)
    drive.app.push(table)
    drive.step(5)
    return table


def test_your_own_total_shows_with_live_score_hidden(drive: Driver) -> None:
    state = crafted_for(live_score=False)
    ann, _vega = totals(state)
    open_on(drive, StaticSession(state))
    shown = drawn_texts(drive.app)
    assert f"Your score: {ann}" in shown, shown
    assert not any(text.endswith(" pts") for text in shown), "the others' totals stay hidden"


def test_live_score_shown_adds_the_others_totals(drive: Driver) -> None:
    state = crafted_for(live_score=True)
    ann, vega = totals(state)
    open_on(drive, StaticSession(state))
    shown = drawn_texts(drive.app)
    assert f"Your score: {ann}" in shown
    assert any(text.endswith(f"{vega} pts") for text in shown), shown


class HotSeatSession(StaticSession):
    """Ann and Vega at one screen: a view per seat."""

    def __init__(self, state: dict[str, Any]) -> None:
        super().__init__(state)
        self.views = {seat: RULESET.view(state, seat) for seat in (0, 1)}
        self.human_seats = [0, 1]
        self.kinds = ["human", "human"]


def test_hot_seat_shows_the_total_of_the_player_at_the_screen_only(drive: Driver) -> None:
    state = crafted_for(live_score=False)
    ann, vega = totals(state)
    table = open_on(drive, HotSeatSession(state))
    drive.app.pop()  # the handover to Ann, accepted
    table.take_over(0)
    drive.step()
    shown = drawn_texts(drive.app)
    assert f"Your score: {ann}" in shown and f"Your score: {vega}" not in shown
    table.take_over(1)
    drive.step()
    shown = drawn_texts(drive.app)
    assert f"Your score: {vega}" in shown and f"Your score: {ann}" not in shown, shown
    assert not any(text.endswith(" pts") for text in shown), "Ann's total stays hidden"


def test_the_setup_option_says_whose_totals_show() -> None:
    from game.client.stars import KIT

    option = next(o for o in KIT.setup_options if o.key == "live_score")
    assert dict(option.values) == {False: "Yours only", True: "Everyone's"}
    assert option.default is False
