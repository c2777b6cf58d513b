"""Look at the Stars at one screen, everyone at once (issue 25, point 2): two SDL virtual pads
and a keyboard half play a whole game simultaneously, each on their own board with their own
ghost; a pad pulled out mid-card pauses only its seat until a device takes it; 2-8 boards fit
the window from 1280x720 to 3840x2160 without overlapping."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.client import theme
from game.client.devices import KEYBOARD_HALVES, PAD_BUTTONS
from game.client.scenes.handover import HandoverScene
from game.client.scenes.results import ResultsScene
from game.client.session import GameConfig, SeatChoice
from game.client.stars import KIT
from game.client.stars.couch import CouchStarsScene
from game.rules.base import reproducible_secrets
from game.rules.stars import RULESET, legal_card_placements, legal_shooting_stars
from tests.client.clienthelpers import Driver
from tests.client.textboxes import drawn_texts, text_problems
from tests.client.virtual_pads import VirtualPad

BUTTON_FOR = {intent: button for button, intent in PAD_BUTTONS.items()}
WAITING_WORDS = "Reconnect a pad or press A / Space / Return to take this seat"


class Hands:
    """The players at the screen: pads and keyboard halves pressed in the same frame."""

    def __init__(self, drive: Driver, pads: dict[str, VirtualPad]) -> None:
        self.drive = drive
        self.pads = pads

    def press(self, actions: list[tuple[str, str]]) -> None:
        """Every (device, intent) at once: buttons down and keys posted, one frame; then the
        buttons up, the next frame."""
        held = []
        for device, intent in actions:
            if device in self.pads:
                self.pads[device].press(BUTTON_FOR[intent])
                held.append((self.pads[device], BUTTON_FOR[intent]))
            else:
                key = KEYBOARD_HALVES[device][intent][0]
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0,
                                                     unicode="", scancode=0))
        self.drive.step()
        for pad, button in held:
            pad.release(button)
        self.drive.step()


class Planner:
    """What a player would press next on their board: a legal spot picked once per card,
    then turn, move, draw; a power used on its chosen target; then confirm."""

    def __init__(self, table: CouchStarsScene, seat: int, device: str, seed: int) -> None:
        self.table, self.seat, self.device = table, seat, device
        self.rng = random.Random(seed)
        self.plan: tuple[int, tuple] | None = None

    def earns_power(self, spot: tuple[int, int, int]) -> bool:
        """Whether drawing the card at ``spot`` offers a power bonus (asked of the engine on
        a copy of the table's state, as a player would see it on the power card)."""
        state = copy.deepcopy(self.table.session.table.state)
        rot, dx, dy = spot
        events = RULESET.apply(state, self.seat, {"t": "place", "rot": rot, "dx": dx, "dy": dy})
        return any(event["type"] == "power_offered" for event in events)

    def next(self) -> str | None:
        table, seat = self.table, self.seat
        if seat in table.couch.waiting:
            return None
        with table.acting_for(seat) as board:
            phase = table.phase()
            view = table.view
            cursor = board.cursor
            if phase == "review":
                return "confirm"
            if phase == "power":
                return "confirm" if self.rng.random() < 0.7 else "skip"
            if phase != "play":
                return None
            card, sheet = view["card"], table.my_sheet()
            if self.plan is None or self.plan[0] != card["n"]:
                if card["kind"] == "line":
                    spots = legal_card_placements(sheet, card["id"], view["day"])
                    earning = [spot for spot in spots if self.earns_power(spot)]
                    self.plan = (card["n"], self.rng.choice(earning or spots) if spots
                                 else None)
                else:
                    stars = legal_shooting_stars(sheet, view["day"])
                    self.plan = (card["n"], self.rng.choice(stars) if stars else None)
            target = self.plan[1]
            if target is None:
                return "skip"
            if card["kind"] == "shooting_star":
                size, rot, dx, dy = target
                if cursor.shooting_size != size:
                    return "next" if cursor.shooting_size < size else "previous"
            else:
                rot, dx, dy = target
            if cursor.rot != rot:
                return "rotate"
            ax, ay = cursor.anchor
            if ax != dx:
                return "right" if ax < dx else "left"
            if ay != dy:
                return "up" if ay < dy else "down"
            return "confirm"


def couch_game(drive: Driver, devices: list[str], seed: int = 5) -> CouchStarsScene:
    config = GameConfig("stars", [SeatChoice("human", name, device=device) for name, device in
                                  zip(("Ann", "Ben", "Cat", "Dan"), devices, strict=False)],
                        {"live_score": True}, "couch")
    with reproducible_secrets("client-tests"):  # the same deal every run (powers included)
        table = KIT.open_table(drive.app, config, seed)
    assert isinstance(table, CouchStarsScene), "the kit opens the couch table for couch play"
    drive.app.reset_to(table)
    drive.until(lambda: all(seat in table.session.views for seat in range(len(devices))),
                what="every seat's view")
    return table


def plug(drive: Driver, count: int) -> list[VirtualPad]:
    pads = [VirtualPad() for _ in range(count)]
    drive.until(lambda: all(p.device in drive.app.devices.devices() for p in pads),
                what="the pads to be announced")
    return pads


@contextmanager
def keyboard_halves_table(seed: int = 5) -> Iterator[tuple[Driver, CouchStarsScene, Hands,
                                                          list[str]]]:
    """A couch game for two players on the keyboard's halves (left, then right): the window,
    the table, their hands and their devices; the window closes after."""
    drive = Driver()
    try:
        devices = ["keys:left", "keys:right"]
        yield drive, couch_game(drive, devices, seed), Hands(drive, {}), devices
    finally:
        drive.close()


@contextmanager
def two_pads_and_the_left_half() -> Iterator[tuple[Driver, CouchStarsScene, Hands,
                                                   list[str], list[Planner]]]:
    """A couch game for three: two virtual pads and the keyboard's left half; the window,
    the table, their hands, their devices and a planner each; the pads go and the window
    closes after."""
    drive = Driver()
    pads = plug(drive, 2)
    try:
        devices = [pads[0].device, pads[1].device, "keys:left"]
        table = couch_game(drive, devices)
        hands = Hands(drive, {pad.device: pad for pad in pads})
        planners = [Planner(table, seat, device, seat) for seat, device in enumerate(devices)]
        yield drive, table, hands, devices, planners
    finally:
        for pad in pads:
            pad.unplug()
        drive.close()


def until_card(drive: Driver, table: CouchStarsScene, hands: Hands,
               planners: list[Planner], done: Callable[[], bool], frames: int = 400) -> None:
    """Everyone presses what they would, all in the same frames, until ``done()``."""
    for _ in range(frames):
        if done():
            return
        presses = [(p.device, intent) for p in planners if (intent := p.next()) is not None]
        if presses:
            hands.press(presses)
        else:
            drive.step()
    assert done(), "the players got stuck"


@pytest.mark.timeout(240)
def test_three_players_play_a_whole_game_at_once_with_two_pads_and_the_keyboard() -> None:
    with two_pads_and_the_left_half() as (drive, table, hands, devices, planners):
        drive.step(3)
        shown = "  ".join(drawn_texts(drive.app))
        for words in ("Ann", "Pad 1", "Ben", "Pad 2", "Cat", "Keys WASD", "Night card"):
            assert words in shown, words
        # each board its own ghost, moved by its own device, in the same frames
        before = [board.cursor.anchor for board in table.boards]
        hands.press([(devices[0], "right"), (devices[1], "up"), (devices[2], "left")])
        after = [board.cursor.anchor for board in table.boards]
        assert after == [(before[0][0] + 1, before[0][1]), (before[1][0], before[1][1] + 1),
                         (before[2][0] - 1, before[2][1])]
        hands.press([(devices[1], "rotate")])
        assert [b.cursor.rot for b in table.boards] == [0, 1, 0], "only Ben's card turned"
        sent: list[tuple[int, str]] = []
        send = table.session.send
        table.session.send = lambda seat, move: (sent.append((seat, move["t"])),
                                                 send(seat, move))[1]
        # Cat draws, then takes it back with her own undo: only her turn is undone
        cat = Planner(table, 2, devices[2], 9)
        until_card(drive, table, hands, [cat],
                   lambda: table.session.views[2].get("pending") is not None)
        hands.press([(devices[2], "back")])
        drive.until(lambda: table.session.views[2].get("pending") is None, what="the undo")
        assert (2, "undo") in sent and drive.scene is table, "B/Q undoes, no leave question"
        moves_per_card: list[set[int]] = []
        while not isinstance(drive.scene, ResultsScene):
            view = table.shared_view()
            if view["over"]:
                drive.until(lambda: isinstance(drive.scene, ResultsScene), what="results")
                break
            n = view["card"]["n"]
            mixed: set[int] = set()

            def card_done(n: int = n, mixed: set[int] = mixed) -> bool:
                shared = table.shared_view()
                pending = {s for s in range(3) if table.session.views[s].get("pending")}
                if 0 < len(pending) < 3 and not any(
                        shared["seats"][s]["confirmed"] for s in range(3)):
                    mixed.add(len(pending))  # some have played, others are still moving
                return shared["over"] or shared["card"]["n"] > n

            until_card(drive, table, hands, planners, card_done)
            moves_per_card.append(mixed)
            assert not any(isinstance(s, HandoverScene) for s in drive.app.stack), \
                "no handover between players at one screen"
        assert any(moves_per_card), "some played while others still moved their ghost"
        results = drive.scene
        assert results.winner_text()
        final = table.shared_view()
        assert final["over"] and final["card"]["n"] == final["card"]["of"]
        assert all(len(seat["sheet"]["lines"]) > 10 for seat in final["seats"]), \
            "every player drew their cards"
        assert table.session.refusals == [], "no move was refused"
        for seat in range(3):  # each played their own cards, shooting stars and confirms
            kinds = {kind for who, kind in sent if who == seat}
            assert {"place", "shooting_star", "confirm"} <= kinds, (seat, kinds)
        powers = {kind for _who, kind in sent} & {"power", "skip_power"}
        assert powers, "a power bonus was offered and answered from a device"


@pytest.mark.timeout(120)
def test_a_pad_pulled_out_mid_card_pauses_its_seat_until_a_device_takes_it() -> None:
    drive = Driver()
    pads = plug(drive, 1)
    newcomer: VirtualPad | None = None
    try:
        devices = [pads[0].device, "keys:right"]
        table = couch_game(drive, devices)
        hands = Hands(drive, {pads[0].device: pads[0]})
        hands.press([(devices[0], "right"), (devices[1], "left")])
        moved = table.boards[0].cursor.anchor
        pads[0].unplug()
        drive.step(2)
        assert table.couch.waiting == [0]
        assert WAITING_WORDS in drawn_texts(drive.app)
        assert "no device" in "  ".join(drawn_texts(drive.app))
        assert table.hint(table.boards[0], table.shared_view())[0] == "", \
            "no pad buttons under a seat whose pad is gone"
        # the other player plays on, and confirms: the card waits for the empty seat only
        ben = Planner(table, 1, devices[1], 1)
        until_card(drive, table, hands, [ben],
                   lambda: table.shared_view()["seats"][1]["confirmed"])
        n = table.shared_view()["card"]["n"]
        drive.step(30)
        assert table.shared_view()["card"]["n"] == n, "the card waited for Ann's seat"
        assert table.boards[0].cursor.anchor == moved, "nobody moved Ann's ghost meanwhile"
        # a pad plugged in (a new one: SDL gives it a new id) takes the seat with A
        newcomer = plug(drive, 1)[0]
        hands.pads[newcomer.device] = newcomer
        hands.press([(newcomer.device, "right")])
        assert table.boards[0].cursor.anchor == moved, "a pad that holds no seat moves nothing"
        hands.press([(newcomer.device, "confirm")])
        assert table.couch.waiting == [] and table.couch.devices[0] == newcomer.device
        assert WAITING_WORDS not in drawn_texts(drive.app)
        assert table.boards[0].cursor.anchor == moved, "the claiming press only took the seat"
        ann = Planner(table, 0, newcomer.device, 0)
        until_card(drive, table, hands, [ann],
                   lambda: table.shared_view()["card"]["n"] > n)
        # the keyboard half's menu key (Esc) opens the leave question
        hands.press([("keys:left", "menu")])
        assert type(drive.scene).__name__ == "ConfirmDialog"
    finally:
        for pad in [*pads, *([newcomer] if newcomer else [])]:
            pad.unplug()
        drive.close()


@pytest.mark.timeout(60)
def test_the_mouse_seat_aims_with_the_pointer_on_its_own_board_only() -> None:
    drive = Driver()
    try:
        table = couch_game(drive, ["keys:right", "mouse"])
        keys_board, mouse_board = table.boards
        # the hint names the Skip button where it is: beside the hint, not "below" (a playtest)
        words, _colour = table.hint(mouse_board, table.session.views[1])
        assert "Skip" in words and "below" not in words, words
        skip = mouse_board.buttons["skip"]
        assert skip.top < mouse_board.footer.bottom and skip.bottom > mouse_board.footer.top
        keys_anchor = keys_board.cursor.anchor
        drive.move(keys_board.geo.rect.center)  # over the other player's board: nothing
        assert keys_board.cursor.anchor == keys_anchor and not mouse_board.cursor.shown
        drive.move(mouse_board.geo.to_px(2.2, 5.2))
        assert mouse_board.cursor.shown and mouse_board.cursor.carried_by_mouse
        assert keys_board.cursor.anchor == keys_anchor, "the keys' ghost stays put"
        spot = None
        for spot in ((x + 0.2, y + 0.2) for y in range(2, 9) for x in range(1, 8)):
            drive.move(mouse_board.geo.to_px(*spot))
            if table_ghost(table, 1)[2] is None:  # a legal spot under the pointer
                break
        drive.click(mouse_board.geo.to_px(*spot))
        drive.until(lambda: table.session.views[1].get("pending") is not None, what="drawn")
        assert table.session.views[0].get("pending") is None, "only the mouse player drew"
        # its own Undo button under its board
        drive.click(mouse_board.buttons["undo"].center)
        drive.until(lambda: table.session.views[1].get("pending") is None, what="undone")
    finally:
        drive.close()


@pytest.mark.timeout(120)
@pytest.mark.xdist_group("zeroconf")
def test_a_spectator_with_a_pad_switches_the_layout_and_the_large_board(
        config_dir, autosave_dir) -> None:  # noqa: ANN001
    """A TV driven by a pad: the top bar said "G: one board large  ·  Esc: leave" and no
    pad button did anything (a party's playtest). A switches the layout, Right or RB shows
    another board large, the words name the pad's buttons, B leaves."""
    from game.client.scenes.lan import LobbyScene
    from tests.client.test_client_lan_watch import Served, watch_from_list
    from tests.client.virtual_pads import pump_until, tap

    drive = Driver(size=(1920, 1080))
    pad = VirtualPad()
    try:
        pump_until(drive.app, lambda: pad.instance_id in drive.app.devices.controllers)
        with Served("stars", ["Vega", "Rigel", "Deneb"], delay=0.2) as served:
            watch_from_list(drive, served, "stars", "playing")
            drive.until(lambda: not isinstance(drive.scene, LobbyScene), what="the table")
            table = drive.scene
            assert isinstance(table, CouchStarsScene) and table.watching and table.grid
            table.session.client.send_move = lambda move: pytest.fail(f"sent {move}")
            tap(drive.app, pad, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # a pad in hand
            drive.step(2)
            assert table.top_bar_words() == "Watching  ·  A: one board large  ·  B: leave"
            tap(drive.app, pad, pygame.CONTROLLER_BUTTON_A)
            assert not table.grid, "A: one board large"
            first = table.active
            tap(drive.app, pad, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
            assert table.active == (first + 1) % 3
            tap(drive.app, pad, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
            assert table.active == (first + 2) % 3
            drive.step(2)
            shown = "  ".join(drawn_texts(drive.app))
            assert "Watching  ·  B: leave" in shown and "B: menu" not in shown, shown
            assert "A: every board at once" in shown and "Esc: leave" not in shown, shown
            tap(drive.app, pad, pygame.CONTROLLER_BUTTON_A)
            assert table.grid, "A again: every board"
            tap(drive.app, pad, pygame.CONTROLLER_BUTTON_B)
            drive.step(2)
            assert drive.scene is not table, "B leaves"
    finally:
        pad.unplug()
        drive.close()


def table_ghost(table: CouchStarsScene, seat: int) -> tuple | None:
    with table.acting_for(seat):
        return table.ghost()


@pytest.mark.timeout(240)
@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_two_to_eight_boards_fit_the_window_without_overlap(size: tuple[int, int]) -> None:
    drive = Driver(size=size)
    try:
        for count in range(2, 9):
            config = GameConfig("stars", [SeatChoice("human", "Ann", device="keys:left"),
                                          SeatChoice("human", "Ben", device="mouse")] +
                                [SeatChoice("ai", f"Bot {n}", "random") for n in
                                 range(count - 2)], {}, "couch")
            table = KIT.open_table(drive.app, config, 3)
            drive.app.reset_to(table)
            drive.until(lambda table=table: table.shared_view() is not None, what="the view")
            drive.step(2)
            screen = drive.app.screen.get_rect()
            frames = [board.frame for board in table.boards]
            assert len(frames) == count
            for i, frame in enumerate(frames):
                assert screen.contains(frame), (count, frame)
                assert not frame.colliderect(table.side), (count, frame)
                assert not frame.colliderect(table.top_bar), (count, frame)
                for other in frames[i + 1:]:
                    assert not frame.colliderect(other), (count, frame, other)
            # the boards are as large as the window allows: together they fill most of it
            shared = sum(f.w * f.h for f in frames) / (screen.w * screen.h)
            assert shared > 0.35 and frames[0].h > 0.44 * screen.h, (count, shared)
            assert text_problems(drive.app) == [], count
            table.session.close()
    finally:
        drive.close()


@pytest.mark.timeout(180)
@pytest.mark.xdist_group("zeroconf")
def test_a_spectator_on_a_big_screen_sees_every_board_large_up_to_the_results(
        config_dir, autosave_dir) -> None:  # noqa: ANN001
    """Issue 25 point 6: the Watch window on a 1920x1080 screen opens on every board at once
    (the couch grid), each board's last lines highlighted; G switches to one board large
    and back; it follows the bots to the results and sends nothing."""
    from game.client.scenes.lan import LobbyScene
    from tests.client.test_client_lan_watch import Served, watch_from_list

    drive = Driver(size=(1920, 1080))
    try:
        with Served("stars", ["Vega", "Rigel", "Deneb", "Altair"], delay=0.05) as served:
            watch_from_list(drive, served, "stars", "playing")
            drive.until(lambda: not isinstance(drive.scene, LobbyScene), what="the table")
            table = drive.scene
            assert isinstance(table, CouchStarsScene) and table.watching and table.grid
            table.session.client.send_move = lambda move: pytest.fail(f"sent {move}")
            drive.until(lambda: table.shared_view() and table.shared_view()["card"]["n"] >= 3,
                        what="a few cards")
            drive.step(2)
            shown = "  ".join(drawn_texts(drive.app))
            for name in ("Vega", "Rigel", "Deneb", "Altair"):
                assert name in shown
            frames = [board.frame for board in table.boards]
            assert all(not a.colliderect(b) for i, a in enumerate(frames)
                       for b in frames[i + 1:])
            # the lines each board gained with the last card stand out
            def lit(line: list[int], board) -> bool:  # noqa: ANN001
                x1, y1, x2, y2 = line
                pixel = drive.pixel(board.geo.to_px((x1 + x2) / 2, (y1 + y2) / 2))
                return all(abs(a - b) <= 40 for a, b in zip(pixel, theme.HIGHLIGHT,
                                                             strict=True))

            def card_lines(board) -> bool:  # noqa: ANN001
                lines = table.shared_view()["seats"][board.seat]["sheet"]["lines"]
                return 0 < len(board.last_lines) < len(lines) and \
                    board.last_lines == lines[-len(board.last_lines):]

            drive.until(lambda: any(card_lines(b) for b in table.boards), what="a card drawn")
            drive.step()
            board = next(b for b in table.boards if card_lines(b))
            lines = table.shared_view()["seats"][board.seat]["sheet"]["lines"]
            assert all(lit(line, board) for line in board.last_lines)
            older = [line for line in lines[:-len(board.last_lines)]
                     if line not in board.last_lines]
            assert older and not all(lit(line, board) for line in older), \
                "only the last card's lines stand out"
            # G: one board large (the single layout's thumbnails), G again: every board
            drive.key(pygame.K_g)
            assert not table.grid and len(table.thumb_rects) == 3
            assert "Vega's sky" in "  ".join(drawn_texts(drive.app))
            drive.key(pygame.K_g)
            assert table.grid
            # a click on a board shows it large
            drive.click(table.boards[2].frame.center)
            assert not table.grid and table.active == 2
            drive.key(pygame.K_g)
            drive.until(lambda: isinstance(drive.scene, ResultsScene), timeout=150,
                        what="the results")
            assert "game_over" in table.events_seen
    finally:
        drive.close()


@pytest.mark.timeout(120)
def test_a_seats_quick_confirm_does_not_use_a_power_prompt_it_has_not_seen(
        settling: float) -> None:
    """At one screen too a press at once on a new power prompt is no choice (a quick second
    press meant for "confirm"); after ``DECISION_SETTLE_SECONDS`` it is."""
    from game.ai import make_bot
    from game.client.shooter import SEED
    from game.client.stars.table import DECISION_SETTLE_SECONDS
    from tests.client.clienthelpers import FRAME

    with keyboard_halves_table(seed=SEED) as (drive, table, hands, devices):
        bot = make_bot("stars", "greedy", 3)
        sent: list[str] = []
        send = table.session.send
        table.session.send = lambda seat, move: (sent.append(move["t"]), send(seat, move))[1]

        def prompted() -> bool:
            return bool((table.session.views[0].get("pending") or {}).get("prompt"))

        for _ in range(18):
            view = table.shared_view()
            if view["over"] or prompted():
                break
            n = view["card"]["n"]
            for seat in (0, 1):
                state = copy.deepcopy(table.session.table.state)
                moves = [m for m in RULESET.legal_moves(state, seat) if m["t"] == "place"]
                earning = [m for m in moves if any(
                    e["type"] == "power_offered"
                    for e in RULESET.apply(copy.deepcopy(state), seat, m))]
                move = earning[0] if earning and seat == 0 else bot.choose(RULESET, state, seat)
                send(seat, move)
                drive.until(lambda seat=seat: table.session.views[seat].get("pending")
                            is not None, what="the move")
                if seat == 0 and prompted():
                    break
                send(seat, {"t": "confirm"})
            if prompted():
                break
            drive.until(lambda n=n: table.shared_view()["over"]
                        or table.shared_view()["card"]["n"] > n, what="the next card")
        assert prompted(), "the seeded game offers seat 0 a power bonus"
        drive.step()
        words = table.hint(table.boards[0], table.shared_view())[0]
        assert words.startswith("Power bonus (Line)") and "W/A/S/D: where" in words, words
        hands.press([(devices[0], "confirm")])
        drive.step(3)
        assert "power" not in sent and prompted()
        drive.step(round(DECISION_SETTLE_SECONDS / FRAME) + 1)
        # the place the prompt opened on is not the player's choice: a press asks first, a
        # second uses it (an Enter meant to confirm the card used it unasked: a playtest)
        hands.press([(devices[0], "confirm")])
        drive.step(3)
        assert "power" not in sent and prompted()
        assert "Use the power here?" in str(table.boards[0].status[0]), table.boards[0].status
        hands.press([(devices[0], "confirm")])
        drive.until(lambda: "power" in sent, what="the power used")


@pytest.mark.timeout(60)
def test_a_ghost_pushed_to_the_edge_stays_on_its_own_board() -> None:
    """A pad's Right held past the edge drew the player's ghost on the neighbour's board, and
    a new card could start out of sight: the keys' ghost keeps every point on a star of its
    own board, whatever the card, its turn or its size."""
    with keyboard_halves_table() as (drive, table, hands, devices):
        board = table.boards[0]
        for intent in ("right", "up", "left", "down"):
            for _ in range(14):
                hands.press([(devices[0], intent)])
            for _ in range(4):
                hands.press([(devices[0], "rotate")])
                with table.acting_for(0):
                    kind, shape, _problem = table.ghost()
                points = ([p for seg in shape for p in (seg[:2], seg[2:])] if kind == "lines"
                          else shape)
                assert all(0 <= x <= 9 and 0 <= y <= 10 for x, y in points), (intent, points)
                for x, y in points:
                    assert board.geo.rect.collidepoint(board.geo.to_px(x, y))
        far = board.cursor
        far.anchor = (40, -40)  # where an earlier card left it, say
        with table.acting_for(0):
            kind, shape, _problem = table.ghost()
        points = [p for seg in shape for p in (seg[:2], seg[2:])] if kind == "lines" else shape
        assert all(0 <= x <= 9 and 0 <= y <= 10 for x, y in points), points


@pytest.mark.timeout(60)
def test_back_with_nothing_to_undo_is_said_on_that_board_only() -> None:
    """B (or Q) with nothing to undo opened the leave question for the whole table (a player
    pressing it to cancel); it says so under that player's board, and the menu key asks."""
    with keyboard_halves_table() as (drive, table, hands, devices):
        hands.press([(devices[0], "back")])
        assert drive.scene is table, "no question for the whole table"
        words, _colour = table.hint(table.boards[0], table.shared_view())
        assert words == "Nothing to undo  ·  Escape: menu", words
        assert table.hint(table.boards[1], table.shared_view())[0] != words
        hands.press([(devices[0], "menu")])
        assert drive.scene is not table, "the menu key asks to leave"


@pytest.mark.timeout(60)
def test_the_hint_button_shows_that_players_controls_over_their_board() -> None:
    """The hint button (a pad's Back, H, End) did nothing at one screen, and the controls
    showed only after an illegal move: it shows the player's own keys over their board."""
    with keyboard_halves_table() as (drive, table, hands, devices):
        hands.press([(devices[0], "hint")])
        drive.step(2)
        shown = drawn_texts(drive.app)
        for line in ("W/A/S/D: move the card", "E: turn it", "Space: draw, then confirm",
                     "X: skip  ·  Q: undo", "Escape: menu"):
            assert line in shown, (line, shown)
        assert "Up/Left/Down/Right: move the card" not in shown, "only that player's board"
        assert not text_problems(drive.app)
        hands.press([(devices[0], "hint")])  # again: put away
        drive.step(2)
        assert "W/A/S/D: move the card" not in drawn_texts(drive.app)


@pytest.mark.timeout(60)
def test_a_skipped_card_says_so_under_the_board() -> None:
    """After Y (skip) the board showed only "A: confirm · B: undo", with nothing drawn: the
    line says the card was skipped."""
    with keyboard_halves_table() as (drive, table, hands, devices):
        hands.press([(devices[0], "skip")])
        drive.until(lambda: (table.session.views[0].get("pending") or {}).get("action")
                    == "skip", what="the skip")
        words = table.hint(table.boards[0], table.shared_view())[0]
        assert words == "Card skipped · Space: confirm · Q: undo", words


@pytest.mark.timeout(60)
def test_a_bots_board_is_named_as_a_bot() -> None:
    """A seat the party lobby gave a bot (a free seat, or one whose pad was pulled) showed
    only a star name ("Altair"), as if a player sat there (a playtest)."""
    drive = Driver()
    try:
        config = GameConfig("stars", [SeatChoice("human", "Ann", device="keys:left"),
                                      SeatChoice("ai", "Altair", "greedy")],
                            {"live_score": True}, "couch")
        table = KIT.open_table(drive.app, config, 5)
        drive.app.reset_to(table)
        drive.until(lambda: 0 in table.session.views, what="Ann's view")
        drive.step(2)
        shown = drawn_texts(drive.app)
        assert any(text.startswith("Altair (AI)") for text in shown), shown
        assert any(text.startswith("Ann  ·  Keys WASD") for text in shown), shown
        assert not any(text.startswith("Ann (AI)") for text in shown)
    finally:
        drive.close()


@pytest.mark.timeout(60)
def test_every_players_board_names_its_device_with_five_boards_at_720p() -> None:
    """At 5+ players at 1280x720 a board's header dropped its device ("Benedict" alone: whose
    keys play it?); the device's words shorten ("WASD", "Arrows") before they go."""
    drive = Driver()
    try:
        people = [("Benedict", "keys:left"), ("Catherine", "keys:right"),
                  ("Dominique", "mouse")]
        seats = [SeatChoice("human", name, device=device) for name, device in people]
        seats += [SeatChoice("ai", "Vega", "greedy"), SeatChoice("ai", "Rigel", "greedy")]
        table = KIT.open_table(drive.app, GameConfig("stars", seats, {"live_score": True},
                                                     "couch"), 5)
        drive.app.reset_to(table)
        drive.until(lambda: all(seat in table.session.views for seat in range(3)),
                    what="the players' views")
        drive.step(2)
        assert drive.app.screen.get_size() == (1280, 720)
        shown = drawn_texts(drive.app)
        for name, words in (("Benedict", ("Keys WASD", "WASD")),
                            ("Catherine", ("Keys arrows", "Arrows")),
                            ("Dominique", ("Mouse",))):
            assert any(text.startswith(name[:5]) and text.endswith(words) for text in shown), \
                (name, shown)
        assert not text_problems(drive.app)
    finally:
        drive.close()


@pytest.mark.timeout(120)
def test_every_seats_card_shows_again_at_each_new_card() -> None:
    """The first seat's ghost vanished at every new card until its player pressed the D-pad
    (the single table's own new card hid the ghost of the seat whose cursor it held): every
    device seat's card is back at its place, the first one's too."""
    with two_pads_and_the_left_half() as (drive, table, hands, _devices, planners):
        for n in (1, 2, 3):
            drive.until(lambda n=n: table.shared_view()["card"]["n"] == n, what=f"card {n}")
            drive.step(2)
            assert all(board.cursor.keyboard_ghost for board in table.boards), \
                [(board.seat, board.cursor.keyboard_ghost) for board in table.boards]
            until_card(drive, table, hands, planners,
                       lambda n=n: table.shared_view()["card"]["n"] > n)


@pytest.mark.timeout(60)
def test_a_notice_stands_under_the_tables_top_bar() -> None:
    """"Pad 2 is gone: ..." covered the top bar's card track (a playtest)."""
    from tests.client.textboxes import RecordingSurface, recording

    drive = Driver()
    pads = plug(drive, 1)
    try:
        table = couch_game(drive, [pads[0].device, "keys:right"])
        drive.app.toast("Pad 1 is gone: Ann's seat waits for a device.")
        surface = RecordingSurface(drive.app.screen.get_size())
        drive.app.screen, screen = surface, drive.app.screen
        try:
            with recording(drive.app) as recorder:
                drive.app._draw_toasts()
                recorder.replay(surface.marks())
        finally:
            drive.app.screen = screen
        (notice,) = [item for item in recorder.drawn if item.text.startswith("Pad 1 is gone")]
        assert notice.rect.top > table.top_bar.bottom, (notice.rect, table.top_bar)
    finally:
        for pad in pads:
            pad.unplug()
        drive.close()


def party_table_at_720p(drive: Driver, bots: int) -> CouchStarsScene:
    """A party table at 1280x720: the keyboard's halves and the mouse, and ``bots`` bots."""
    seats = [SeatChoice("human", name, device=device) for name, device in
             (("Ann", "keys:left"), ("Ben", "keys:right"), ("Cat", "mouse"))]
    seats += [SeatChoice("ai", f"Bot {n}", "random") for n in range(bots)]
    with reproducible_secrets("client-tests"):  # the same deal, so the same refused spots
        table = KIT.open_table(drive.app, GameConfig("stars", seats, {}, "couch"), 5)
    drive.app.reset_to(table)
    drive.until(lambda: all(seat in table.session.views for seat in range(3)),
                what="the players' views")
    drive.step(2)
    assert drive.app.screen.get_size() == (1280, 720)
    return table


def refused_spot(table: CouchStarsScene, seat: int) -> str:
    """Move ``seat``'s ghost to a spot the rules refuse; the reason's code."""
    board = table.boards[seat]
    board.cursor.keyboard_ghost = True
    for x in range(10):
        for y in range(11):
            board.cursor.anchor = (x, y)
            ghost = table_ghost(table, seat)
            if ghost is not None and ghost[2] is not None:
                return ghost[2]
    raise AssertionError("no refused spot for the card")


#: the box the single table draws behind why a ghost is refused
REASON_BOX = (30, 10, 20)


def reason_box_on(drive: Driver, board: pygame.Rect) -> bool:
    drive.step(2)
    screen = drive.app.screen
    return any(screen.get_at((x, y))[:3] == REASON_BOX
               for x in range(board.x, board.right, 2) for y in range(board.y, board.bottom, 2))


@pytest.mark.timeout(60)
def test_four_boards_in_a_row_at_720p_take_the_small_type_and_say_why_under_the_board(
        ) -> None:
    """At 1280x720 four boards in a row left the screen's height empty while their names and
    hints were 9-11 px, and why a spot was refused floated in a box over the player's own
    small board: names and hints take the body and small types, the hint two lines, and the
    reason stands in the hint lines, the boards keeping their size."""
    from game.client.stars.table_draw import reason_text

    drive = Driver()
    try:
        table = party_table_at_720p(drive, bots=1)
        lay = table.layout
        fonts = table.grid_fonts
        assert fonts["header"] >= lay.font_px("body") and fonts["footer"] >= lay.font_px("small")
        assert fonts["footer_lines"] == 2
        frames = [board.frame for board in table.boards]
        assert len({frame.y for frame in frames}) == 1, "one row"
        room = table.layout.width - table.side.right
        assert sum(frame.w for frame in frames) > 0.9 * room, "the boards keep the width"
        problem = refused_spot(table, 0)
        words, colour = table.hint(table.boards[0], table.shared_view())
        assert (words, colour) == (reason_text(problem), theme.ILLEGAL)
        assert not reason_box_on(drive, table.boards[0].geo.rect), "no box over the board"
        shown = drawn_texts(drive.app)
        lines = table.text.wrap(words, fonts["footer"], table.hint_room(table.boards[0]))
        assert len(lines) == 2 and all(line in shown for line in lines), (lines, shown)
        assert not text_problems(drive.app)
        table.session.close()
    finally:
        drive.close()


@pytest.mark.timeout(60)
def test_eight_boards_at_720p_keep_the_reason_over_the_ghost_where_the_hint_line_is_short(
        ) -> None:
    """Eight boards at 1280x720 have one short hint line: the reason would be cut there, so
    it floats above the ghost as at a single table, and the hint line keeps the controls."""
    drive = Driver()
    try:
        table = party_table_at_720p(drive, bots=5)
        assert table.grid_fonts["footer_lines"] == 1
        from game.client.stars.table_draw import reason_text

        problem = refused_spot(table, 0)
        # (this deal's first refused spot has a reason longer than the one short line; a
        # deal with a short one said it in the hint line, as it should: the test was flaky)
        lines = table.text.wrap(reason_text(problem), table.grid_fonts["footer"],
                                table.hint_room(table.boards[0]))
        assert len(lines) > 1, lines
        words, colour = table.hint(table.boards[0], table.shared_view())
        assert colour != theme.ILLEGAL and "W/A/S/D" in words, words
        assert reason_box_on(drive, table.boards[0].geo.rect)
        assert not text_problems(drive.app)
        table.session.close()
    finally:
        drive.close()


def test_a_board_header_drops_the_device_before_it_cuts_the_name() -> None:
    """"Playe… · Arrows" stood in a header where "Player 3" alone fitted (a party's
    playtest): the device is shortened, then dropped, before the name is cut."""
    drive = Driver()
    try:
        table = couch_game(drive, ["keys:left", "keys:right"])
        table.session.info["seats"][1]["name"] = "Player 3"
        size = table.grid_fonts["header"]

        def width(words: str) -> int:
            return table.text.size(words, size, True)[0]

        assert table.header_name(1, size, 10_000) == "Player 3  ·  Keys arrows"
        assert table.header_name(1, size, width("Player 3 · Arrows")) == "Player 3 · Arrows"
        assert table.header_name(1, size, width("Player 3 · Arrows") - 2) == "Player 3"
    finally:
        drive.close()


@pytest.mark.timeout(60)
def test_the_leave_question_answers_only_the_pad_that_asked() -> None:
    """At one screen another player's pad answered the leave question one pad had asked
    (a party's playtest): only the asking pad (and the keyboard, the mouse) answers it."""
    from game.client.scenes.dialog import ConfirmDialog
    from tests.client.virtual_pads import tap

    with two_pads_and_the_left_half() as (drive, table, hands, devices, _planners):
        asker, other = (hands.pads[d] for d in devices[:2])
        tap(drive.app, asker, pygame.CONTROLLER_BUTTON_START)
        drive.step(2)
        dialog = drive.scene
        assert isinstance(dialog, ConfirmDialog)
        start = dialog.form.focus
        for button in (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.CONTROLLER_BUTTON_A,
                       pygame.CONTROLLER_BUTTON_B):
            tap(drive.app, other, button)
            drive.step(2)
            assert drive.scene is dialog and dialog.form.focus == start, \
                "another pad changes nothing"
        tap(drive.app, asker, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        drive.step(2)
        assert dialog.form.focus != start, "the asking pad moves the choice"
        tap(drive.app, asker, pygame.CONTROLLER_BUTTON_B)
        drive.step(2)
        assert drive.scene is table, "and answers it"


def test_the_mouse_reaches_the_menu_from_every_board_at_once() -> None:
    """The couch table's "Start / Esc: menu" did nothing under a click: the mouse (a device
    like any other at one screen) opens the same question from it."""
    from game.client.scenes.dialog import ConfirmDialog
    from tests.client.textboxes import drawn_marks

    with keyboard_halves_table() as (drive, table, _hands, _devices):
        drive.step(2)
        words = next(m for m in drawn_marks(drive.app) if m.text.endswith("Esc: menu"))
        assert table.way_out_rect.contains(words.rect)
        drive.click(words.rect.center)
        assert isinstance(drive.scene, ConfirmDialog)
