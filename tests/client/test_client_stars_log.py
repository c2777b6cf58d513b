"""The game log beside the table: cards, placements, skips and powers, told once the card is
over (an undone move is never logged), and drawn in its panel."""

from __future__ import annotations

import pygame

from game.client.i18n import tr
from game.client.stars.table import log_entry, opening_card_kind
from tests.client.clienthelpers import Driver
from tests.client.test_client_solo_game import start_solo
from tests.client.textboxes import drawn_texts


def test_the_log_tells_each_card_once_it_is_over(drive: Driver) -> None:
    table = start_solo(drive)
    me, bot = table.session.names
    drive.key(pygame.K_s)
    drive.until(lambda: table.phase() == "review", what="the skip")
    assert not any(me in text for text, _ in table.log), "an open turn is not logged"
    drive.key(pygame.K_RETURN)
    drive.until(lambda: table.view["card"]["n"] == 2, what="the next card")
    drive.step()
    texts = [text for text, _ in table.log]
    assert f"{me} skipped the card" in texts
    assert any(text.startswith(bot) for text in texts), texts
    assert texts[-1].startswith("Card 2: ")
    shown = drawn_texts(drive.app)
    assert f"{me} skipped the card" in shown and texts[-1] in shown
    # the wheel over it goes back, and the panel says newer lines wait below; the next card
    # brings it back to the newest (a page scrolled back stayed there all game: a playtest)
    def skip_card() -> None:
        n = table.view["card"]["n"]
        drive.key(pygame.K_s)
        drive.until(lambda: table.phase() == "review", what="the skip")
        drive.key(pygame.K_RETURN)
        drive.until(lambda: table.view["card"]["n"] == n + 1, what="the next card")
        drive.step()

    while table.view["card"]["n"] < 12:  # a log longer than its panel
        skip_card()
    drive.move(table.log_rect.center)
    drive.wheel(3)
    shown = drawn_texts(drive.app)
    assert table.log_scroll == 3 and str(table.log[-1][0]) not in shown
    assert "3 newer below" in shown, shown
    skip_card()
    assert table.log_scroll == 0 and str(table.log[-1][0]) in drawn_texts(drive.app)


def test_log_lines_for_every_public_event_kind() -> None:
    names = ["Ann", "Vega"]
    assert log_entry({"type": "lines_drawn", "seat": 1, "final": True,
                      "lines": [[0, 0, 1, 1], [1, 1, 2, 1], [2, 1, 3, 1]]}, names)[0] == \
        "Vega drew the card + 1 bonus line"
    assert log_entry({"type": "object_placed", "seat": 0, "final": True, "kind": "black_hole",
                      "at": [3, 3]}, names)[0] == "Ann used the power: black hole"
    assert log_entry({"type": "shooting_star_drawn", "seat": 0, "final": True,
                      "points": [[0, 0], [1, 1], [2, 2]]}, names)[0] == \
        "Ann: shooting star of 2"
    assert log_entry({"type": "sun_rose", "day": 1}, names) is not None
    # a group grown past 8 lines: the score falls, the log says why (a playtest)
    assert log_entry({"type": "group_too_big", "seat": 1, "size": 9,
                      "lines": [[0, y, 0, y + 1] for y in range(9)]}, names)[0] == \
        "Vega: a group of 9 lines scores nothing"
    assert log_entry({"type": "lines_drawn", "seat": 0, "final": False, "to": [0],
                      "lines": [[0, 0, 1, 1]]}, names) is None, "private: not logged"


def test_card_1s_kind_is_read_from_what_a_story_shows_was_drawn_on_it() -> None:
    """No event names card 1 (it is face up from the setup): a window told the story from the
    start reads its kind from card 1's drawings, as the live log named it (a playtest: a late
    window's log opened on a bare "Card 1")."""
    flip = {"type": "card_flipped", "n": 2, "card": {"id": 3, "kind": "line"}}
    star = {"type": "shooting_star_drawn", "seat": 0, "points": [[0, 0], [1, 1]], "final": True}
    lines = {"type": "lines_drawn", "seat": 1, "lines": [[0, 0, 1, 0]], "final": True}
    skip = {"type": "card_skipped", "seat": 0, "final": True}
    assert opening_card_kind([lines, skip, flip]) == "line"
    # a Line bonus draws lines on a shooting-star card, but only beside a shooting star
    assert opening_card_kind([lines, star, flip]) == "shooting_star"
    assert opening_card_kind([skip, flip, star]) is None, "card 2's drawings tell nothing of 1"
    assert opening_card_kind([]) is None


def test_the_handover_line_says_when_the_sun_has_risen() -> None:
    """After card 6 the handover said only "card 7" and a hot-seat player missed the dawn (a
    Japanese player's playtest): once the sun has risen the line says which rows are closed."""
    from game.client.stars import progress_line

    assert progress_line({"card": {"n": 6, "of": 18}, "day": 0}) == "Night card 6 of 18"
    assert progress_line({"card": {"n": 7, "of": 18}, "day": 1}) == \
        "Night card 7 of 18  ·  Dawn: the bottom 2 rows closed"
    assert progress_line({"card": {"n": 13, "of": 18}, "day": 2}) == \
        "Night card 13 of 18  ·  Morning: the bottom 4 rows closed"
    assert progress_line({"card": {"n": 13, "of": 18}, "day": "x"}) == "Night card 13 of 18"


def test_a_stand_in_bots_cards_are_logged_as_the_bots(drive: Driver) -> None:
    """The log said "Aiko drew the card" of the cards a bot played for her while her board
    said a bot played for now (a LAN evening's playtest): a seat a bot stands in for is
    "(AI)" in the log's news, and goes by its name again once its player is back."""
    table = start_solo(drive)
    name = table.session.names[1]
    drawn = {"type": "lines_drawn", "seat": 1, "lines": [[0, 0, 1, 1], [1, 1, 2, 2]]}
    table.departures.stand_ins = {1}
    table.note(drawn)
    assert str(table.log[-1][0]) == f"{name} (AI) drew the card"
    table.departures.stand_ins = set()
    table.note(drawn)
    assert str(table.log[-1][0]) == f"{name} drew the card"
    # Japanese honours the player, not the bot: 「Aikoさん（AI）が」, never 「Aiko（AI）さんが」
    table.departures.stand_ins = {1}
    table.note(drawn)
    drive.app.set_language("ja")
    shown = tr(table.log[-1][0])
    assert shown.startswith(f"{name}さん（AI）が"), shown
    assert "（AI）さん" not in shown and "\ue0a1" not in shown, shown
    drive.app.set_language("en")
    assert tr(table.log[-1][0]) == f"{name} (AI) drew the card", "a switch back rewords it"


def test_the_logs_title_names_the_wheel_only_to_the_mouse(drive: Driver) -> None:
    """"Game log (wheel: back)" stood over the log with a pad in hand, a wheel it has not
    (an outside pad-only playtest): the title says the wheel only to a mouse and keys."""
    table = start_solo(drive)
    table.add_to_log([("Card 1: Vega drew the card", (200, 200, 200))])
    drive.step(2)
    assert "Game log  (wheel: back)" in drawn_texts(drive.app)
    drive.app.last_device = "pad:0"
    drive.step(2)
    shown = drawn_texts(drive.app)
    assert "Game log" in shown and "Game log  (wheel: back)" not in shown
