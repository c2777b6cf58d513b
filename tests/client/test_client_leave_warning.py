"""Leaving a game in progress says what really happens, per case (before: a LAN game warned
"It will be lost." although joining again takes the seat back): a LAN guest's game goes on at
the host, a LAN host's table closes and Continue serves it again, a solo game comes back with
Continue, and only a game that is not saved is lost."""

from __future__ import annotations

import pygame
import pytest

from game.client.departures import REPLACE_AFTER
from game.client.leaving import LEAVE_WARNINGS, QUIT_WARNINGS, leave_warning, quit_warning
from game.client.scenes.dialog import ConfirmDialog
from game.client.scenes.lan import LobbyScene
from game.client.scenes.menu import CONTINUE, MainMenuScene
from game.client.session import HostSession
from game.client.stars.table import StarsTableScene
from game.tables import new_table
from net.client import Client
from net.server import ServerThread
from net.table import SeatSpec
from tests.client.clienthelpers import Driver
from tests.client.test_client_lan import SkippingPlayer
from tests.client.test_client_lan_rejoin import join_by_address, leave_the_game
from tests.client.test_client_solo_game import start_solo
from tests.client.textboxes import drawn_texts
from tests.games import PROJECT_GAMES


def question_on_escape(drive: Driver) -> str:
    """Esc at the table: the dialog's question, as the player reads it (English)."""
    drive.key(pygame.K_ESCAPE)
    drive.step()
    dialog = drive.scene
    assert isinstance(dialog, ConfirmDialog)
    shown = " ".join(drawn_texts(drive.app))
    words = str(dialog.question).split()
    assert all(word in shown for word in words), "the whole question is on the screen"
    return str(dialog.question)


def test_solo_says_continue_brings_it_back_and_it_does(drive: Driver) -> None:
    table = start_solo(drive)
    assert table.session.table.autosave_path is not None
    drive.key(pygame.K_s)  # the player's first move: the card skipped
    drive.until(lambda: table.phase() == "review", what="the skip")
    question = question_on_escape(drive)
    assert question == "Leave this game? 'Continue' in the menu brings it back."
    drive.click(drive.scene.form.widgets[1].rect.center)  # "Leave"
    drive.until(lambda: isinstance(drive.scene, MainMenuScene), what="the menu")
    assert drive.scene.form.widgets[0].label == CONTINUE


def test_the_question_at_the_table_also_opens_the_games_rules(drive: Driver) -> None:
    """Start or Esc at a table offered only to leave: a player in the middle of a game could
    not read the rules again (a party's playtest). The question's third button opens this
    game's rules page; Esc comes back to the same table, the game untouched."""
    from game.client.scenes.rules import RulesScene

    table = start_solo(drive)

    def mine() -> int:  # the player's moves so far (the bot plays on meanwhile)
        return sum(1 for seat, _move in table.session.table.moves if seat == 0)

    before = mine()
    drive.key(pygame.K_ESCAPE)
    dialog = drive.scene
    assert isinstance(dialog, ConfirmDialog)
    assert [w.label for w in dialog.form.widgets] == ["Keep playing", "Leave", "Rules"]
    assert dialog.form.focus == 0, "Keep playing has the focus"
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RETURN)  # Rules
    rules = drive.scene
    assert isinstance(rules, RulesScene) and rules.kits[rules.index].game == "stars"
    drive.step()
    assert "Look at the Stars" in " ".join(drawn_texts(drive.app))
    drive.key(pygame.K_ESCAPE)
    assert drive.scene is table and mine() == before
    drive.key(pygame.K_ESCAPE)  # and the question still leaves
    drive.key(pygame.K_LEFT)
    drive.key(pygame.K_LEFT)
    assert drive.scene.form.focus == 1
    drive.key(pygame.K_RETURN)
    drive.until(lambda: isinstance(drive.scene, MainMenuScene), what="the menu")


def test_a_game_left_before_the_players_first_move_is_not_kept(drive: Driver) -> None:
    """Games left at once piled up in Continue's list (a playtest): a game in which no
    player at this window has moved (the bots may have) is not kept, and the question says
    so; the quit question too."""
    table = start_solo(drive)
    path = table.session.table.autosave_path
    assert path is not None and path.exists()
    drive.until(lambda: table.session.table.version > 0, what="the bot's first move")
    question = question_on_escape(drive)
    # (not "nothing has been played": the bot has moved, and its card showed confirmed)
    assert question == "Leave this game? You have not played yet, so it is not kept."
    assert quit_warning(table.session) == ("Quit Star Party? You have not played in this "
                                           "game yet, so it is not kept.")
    drive.click(drive.scene.form.widgets[1].rect.center)  # "Leave"
    drive.until(lambda: isinstance(drive.scene, MainMenuScene), what="the menu")
    assert not path.exists() and not path.with_name(path.name + ".journal").exists()
    assert drive.scene.form.widgets[0].label != CONTINUE


def test_a_game_that_is_not_saved_is_lost(drive: Driver) -> None:
    drive.app.autosave_dir = None
    start_solo(drive)
    assert question_on_escape(drive) == "Leave this game? It will be lost."


@pytest.mark.timeout(120)
def test_a_lan_guest_is_told_the_game_goes_on_and_the_seat_waits(
        config_dir, autosave_dir) -> None:  # noqa: ANN001
    host = new_table("stars", {}, 41, [SeatSpec("ai", "Vega", "greedy"), SeatSpec("open")])
    server = ServerThread(host, host="127.0.0.1", port=0)
    port = server.start()
    drive = Driver(start="menu")
    try:
        lobby = join_by_address(drive, port)
        drive.until(lambda: lobby.session.human_seats == [1], what="the welcome")
        host.start()
        drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the game")
        question = question_on_escape(drive)
        assert "lost" not in question
        assert question.startswith("Leave this game? It goes on at the host and your seat "
                                   "stays yours: join the table again")
        assert f"After {round(REPLACE_AFTER)} s away, the host may let a bot play" in question
        drive.key(pygame.K_ESCAPE)  # keep playing
        drive.step()
        drive.app.request_quit()  # closing the window says the same
        drive.step()
        assert isinstance(drive.scene, ConfirmDialog)
        assert str(drive.scene.question) == ("Quit Star Party? The game goes on at the host and "
                                             "your seat stays yours: join the table again to "
                                             "play on.")
        drive.key(pygame.K_ESCAPE)
        drive.step()
        leave_the_game(drive)
        # what it said: the seat waits for this window's token, and the game goes on
        drive.until(lambda: not host.info()["seats"][1]["connected"], what="the seat left")
        assert host.status == "playing" and host.info()["seats"][1]["taken"]
    finally:
        drive.close()
        server.stop()
        host.close()


@pytest.mark.timeout(120)
def test_a_lan_host_is_told_the_table_closes_and_continue_hosts_it_again(drive) -> None:  # noqa: ANN001
    drive.click(drive.scene.button("Host LAN game").rect.center)
    drive.click(drive.scene.start.rect.center)
    lobby = drive.scene
    assert isinstance(lobby, LobbyScene)
    bea = SkippingPlayer(lobby.session.server.port, "Bea")
    drive.hooks.append(bea)
    drive.until(lambda: lobby.session.table.seats_taken() == 2, what="Bea to join")
    drive.click(lobby.start_button.rect.center)
    drive.until(lambda: isinstance(drive.scene, StarsTableScene), what="the game")
    played = drive.scene.session
    assert isinstance(played, HostSession) and played.table.autosave_path is not None
    token = played.table.token_for(1)
    question = question_on_escape(drive)
    assert question == ("Leave this game? The table closes and the others are disconnected. "
                        "'Continue' in the menu hosts it again, and they can take their seats "
                        "back.")
    drive.hooks.remove(bea)  # Bea reads her own messages from here on
    drive.click(drive.scene.form.widgets[1].rect.center)  # "Leave"
    drive.until(lambda: isinstance(drive.scene, MainMenuScene), what="the menu")
    # what it said: Bea is disconnected, Continue serves the table again, her token takes
    # her seat back
    assert bea.client.wait_for(lambda m: m.get("t") == "connection" and
                               m.get("state") in ("closed", "failed"), 10) is not None
    bea.client.close()
    drive.click(drive.scene.button(CONTINUE).rect.center)
    table = drive.scene
    assert isinstance(table, StarsTableScene) and isinstance(table.session, HostSession)
    back = Client("127.0.0.1", table.session.server.port, "Bea", token=token, reconnect=False)
    try:
        drive.until(lambda: table.session.info["seats"][1]["connected"], what="Bea's seat")
        # the host marks the seat taken before its welcome reaches Bea's network thread
        assert back.wait_for(lambda m: m.get("t") == "welcome", 10) is not None
        assert back.seat == 1
    finally:
        back.close()


def test_a_host_without_autosave_is_told_the_game_is_lost() -> None:
    class Unsaved(HostSession):
        def __init__(self) -> None:  # only what the question reads
            self.table = type("T", (), {"autosave_path": None})()

    assert leave_warning(Unsaved()) == ("Leave this game? The table closes for everyone and "
                                        "the game is lost.")
    assert quit_warning(Unsaved()) == ("Quit Star Party? The table closes for everyone and the "
                                       "game is lost.")
    assert LEAVE_WARNINGS.keys() == QUIT_WARNINGS.keys(), "every case is told both ways"


@pytest.mark.timeout(60)
@pytest.mark.parametrize("game", PROJECT_GAMES)
def test_the_mouse_leaves_a_game_by_the_top_bars_way_out(drive, game) -> None:  # noqa: ANN001
    """A player with the mouse alone could not leave a game: "Ann · Esc: menu" did nothing
    under a click (a mouse-only playtest). It is a button doing what Esc does."""
    from game.client.kits import get_kit
    from game.client.scenes.dialog import ConfirmDialog
    from game.client.session import GameConfig, SeatChoice
    from tests.client.textboxes import drawn_marks

    seats = [SeatChoice("human", "Ann"), SeatChoice("ai", "B", "random")]
    if game == "stargazer":
        seats.append(SeatChoice("ai", "C", "random"))
    table = get_kit(game).open_table(drive.app, GameConfig(game, seats), 7, None)
    drive.app.push(table)
    drive.until(lambda: table.view is not None, what="the table")
    drive.step(3)
    words = next(m for m in drawn_marks(drive.app) if m.text.endswith("Esc: menu"))
    assert table.way_out_rect.contains(words.rect), "the words stand in their button"
    drive.click(words.rect.center)
    question = drive.scene
    assert isinstance(question, ConfirmDialog), "the leave question, as Esc asks it"
    drive.click(question.form.widgets[0].rect.center)  # Keep playing
    assert drive.scene is table


@pytest.mark.timeout(60)
def test_esc_or_a_pads_b_closes_stargazers_open_log_before_asking_to_leave(drive) -> None:  # noqa: ANN001
    """With Stargazer's game log open (L), Esc opened "Leave this game?" over the still open
    log (an outside playtest). Esc closes the log first, as the other overlays (rules, final
    boards, a board shown large) close on Esc; the next Esc asks. A pad's B, which reaches a
    table as Esc, does the same; the top bar's menu button still asks at once."""
    from game.client.kits import get_kit
    from game.client.session import GameConfig, SeatChoice
    from tests.client.textboxes import drawn_marks
    from tests.client.virtual_pads import VirtualPad

    seats = [SeatChoice("human", "Ann"), SeatChoice("ai", "B", "random"),
             SeatChoice("ai", "C", "random")]
    table = get_kit("stargazer").open_table(drive.app, GameConfig("stargazer", seats), 7, None)
    drive.app.push(table)
    drive.until(lambda: table.view is not None, what="the table")
    drive.step(3)
    drive.key(pygame.K_l)
    assert table.log_open and table.full_log().h, "the log is open over the crews"
    drive.key(pygame.K_ESCAPE)
    assert drive.scene is table and not table.log_open and not table.full_log().h
    question = question_on_escape(drive)  # the second Esc asks
    assert question.startswith("Leave this game?"), question
    drive.key(pygame.K_ESCAPE)  # (Keep playing)
    assert drive.scene is table

    pad = VirtualPad()
    try:
        drive.step(2)  # the pad is announced
        drive.key(pygame.K_l)
        assert table.log_open

        def tap_b() -> None:
            pad.press(pygame.CONTROLLER_BUTTON_B)
            drive.step()
            pad.release(pygame.CONTROLLER_BUTTON_B)
            drive.step()

        tap_b()
        assert drive.scene is table and not table.log_open, "B closes the log"
        tap_b()
        assert isinstance(drive.scene, ConfirmDialog), "then B asks"
        tap_b()
        assert drive.scene is table
    finally:
        pad.unplug()
    drive.step(2)
    drive.key(pygame.K_l)
    words = next(m for m in drawn_marks(drive.app) if m.text.endswith("Esc: menu"))
    drive.click(words.rect.center)
    assert isinstance(drive.scene, ConfirmDialog), "the menu button is no Esc for the log"
    assert not table.log_open
