"""No two seats of a table ever show the same name (issue 21, point 1): two fresh installs
both called "Player", hot-seat names typed twice, a player named like a bot. The table settles
names once, for every client's seat list, the results and the log; a seat keeps the name it
asked for with a suffix, and the name shown first never changes under a newcomer."""

from __future__ import annotations

import threading
from typing import Any

from game.ai.base import RandomBot
from net.client import Client
from net.local import LocalConnection
from net.remote_bot import BotPlayer
from net.seats import MAX_NAME_LENGTH, SeatSpec
from net.server import ServerThread
from tests.net.nethelpers import resume_toy, toy_table, wait_until
from tests.net.toy_ruleset import TOY_TURNS


def shown(info: dict[str, Any]) -> list[str]:
    return [seat["name"] for seat in info["seats"]]


def test_two_fresh_installs_called_player_get_player_and_player_2_on_every_screen() -> None:
    table = toy_table([SeatSpec("open"), SeatSpec("open"), SeatSpec("ai", "Deneb", "random")],
                      rounds=1)
    server = ServerThread(table, host="127.0.0.1", port=0)
    server.start()
    clients = [Client("127.0.0.1", server.port, name) for name in ("Player", "Player")]
    try:
        for client in clients:
            assert client.wait_for(lambda m: m["t"] == "welcome", 10)
        expected = ["Player", "Player 2", "Deneb"]
        for client in clients:  # the seat list each client holds (lobby, table, results, log)
            wait_until(lambda c=client: c.poll() is not None and c.table is not None
                       and shown(c.table) == expected, 10)
        table.start()
        players = [BotPlayer(client, TOY_TURNS, RandomBot(seed=i), seed=i)
                   for i, client in enumerate(clients)]
        threads = [threading.Thread(target=p.run, kwargs={"timeout": 30}) for p in players]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for player in players:  # the results name the seats from the same list
            assert player.result is not None and shown(player.connection.table) == expected
        assert [seat["name"] for seat in table.save_data()["seats"]] == expected
    finally:
        for client in clients:
            client.close()
        server.stop()
        table.close()


def test_hot_seat_names_typed_twice_and_a_player_named_like_a_bot_are_told_apart() -> None:
    table = toy_table([SeatSpec("ai", "Deneb", "random"), SeatSpec("human", "Ann"),
                       SeatSpec("human", "ann"), SeatSpec("human", "Deneb")])
    # people keep the names they typed before a bot does; "ann" and "Ann" look alike
    assert shown(table.info()) == ["Deneb 2", "Ann", "ann 2", "Deneb"]
    (snapshot,) = LocalConnection.for_seat(table, 1).poll()
    assert shown(snapshot["table"]) == ["Deneb 2", "Ann", "ann 2", "Deneb"]


def test_a_suffix_never_collides_and_a_long_name_stays_within_the_limit() -> None:
    long = "N" * MAX_NAME_LENGTH
    table = toy_table([SeatSpec("human", "Player 2"), SeatSpec("human", "Player"),
                       SeatSpec("human", "Player"), SeatSpec("human", long),
                       SeatSpec("human", long)])
    names = shown(table.info())
    assert names[:3] == ["Player 2", "Player", "Player 3"]
    assert names[3] == long and names[4] == "N" * (MAX_NAME_LENGTH - 2) + " 2"


def test_the_first_name_shown_keeps_it_through_renames_leaving_and_a_resume() -> None:
    table = toy_table([SeatSpec("open"), SeatSpec("open"), SeatSpec("open")])
    first_seat, first_token = table.join("Player")
    second_seat, second_token = table.join("Player")
    assert shown(table.info())[:2] == ["Player", "Player 2"]
    table.rename(second_seat, second_token, "Player")  # its client says hello again
    assert shown(table.info())[:2] == ["Player", "Player 2"]
    table.rename(second_seat, second_token, "Player")
    third_seat, third_token = table.join("Bea")
    table.rename(third_seat, third_token, "Player")  # a rename never takes a shown name
    assert shown(table.info()) == ["Player", "Player 2", "Player 3"]
    table.leave(first_seat, first_token)  # in the lobby: the seat is free again
    info = shown(table.info())
    assert info[1] == "Player" and info[0] != "Player" and len(set(info)) == 3
    seat, token = table.join("Cy")
    table.start()
    resumed = resume_toy(table.save_data())
    assert shown(resumed.info()) == ["Cy", "Player", "Player 2"]
    resumed.rename(third_seat, third_token, "Player")  # reconnects under its first name
    assert shown(resumed.info()) == ["Cy", "Player", "Player 2"]


def test_free_seats_turned_bots_at_the_start_take_names_no_player_has() -> None:
    table = toy_table([SeatSpec("open"), SeatSpec("open"), SeatSpec("open")])
    table.join("Bot 3")
    table.start()
    assert shown(table.info()) == ["Bot 3", "Bot 2", "Bot 3 2"]


def test_a_name_that_draws_nothing_is_a_blank_name() -> None:
    """A Hangul filler (U+3164) or the blank Braille pattern (U+2800) showed as an empty seat
    (an outside hostile test): such a name is a blank one, and the seat shows its default."""
    from net.seats import clean_name

    for invisible in ("\u3164", "\u2800", " \u3164\u2800 ", "\u115f\u1160\uffa0", "\u202e"):
        assert clean_name(invisible, "Player 2") == "Player 2", repr(invisible)
    assert clean_name("Ann\u3164", "Player 2") == "Ann", "what draws nothing is trimmed"
    assert clean_name("Ann\u2800", "Player 2") == "Ann"
    assert clean_name("Mi\u2800ka", "Player 2") == "Mi ka", "a blank inside reads as a space"
    table = toy_table([SeatSpec("remote"), SeatSpec("remote")])
    seat, _token = table.join("\u3164")
    assert table.info()["seats"][seat]["name"].strip(), "shown with a name to see"


def test_two_seats_never_show_the_same_name_through_invisible_or_composed_characters() -> None:
    """With "Bob" seated, "Bob" followed by a character that draws nothing (a combining
    grapheme joiner, a variation selector, a Hangul filler...) was shown as a second "Bob", and
    "Åsa" typed as A plus a combining ring beside "Åsa" (an outside hostile client): names are
    compared as they look, and the second gets its suffix."""
    from net.seats import clean_name

    for invisible in ("\u034f", "\ufe00", "\ufe0f", "\U000e0100", "\u115f", "\u1160",
                      "\uffa0", "\u17b4", "\u17b5", "\u180b", "\u3164"):
        assert clean_name("Bob" + invisible, "Player 2") == "Bob", repr(invisible)
        table = toy_table([SeatSpec("remote"), SeatSpec("remote")])
        table.join("Bob")
        table.join("Bob" + invisible)
        assert shown(table.info()) == ["Bob", "Bob 2"], repr(invisible)
    for composed, decomposed in (("\u00c5sa", "A\u030asa"), ("Zo\u00eb", "Zoe\u0308")):
        table = toy_table([SeatSpec("remote"), SeatSpec("remote")])
        table.join(composed)
        table.join(decomposed)
        assert shown(table.info()) == [composed, composed + " 2"]
    assert clean_name("\u304b\u3099", "?") == "\u304c", "kana with a voicing mark: one letter"
    assert clean_name("\uff21nn", "?") == "\uff21nn", "full-width letters are kept as typed"
    assert clean_name("A\u034f\u030asa", "?") == "\u00c5sa", "composed once nothing is between"
    assert clean_name("A" * 31 + " BCD", "?") == "A" * 31, "no space left at the cut"


def test_the_host_names_the_bots_that_take_free_seats() -> None:
    """A free seat a bot took at the start kept its free-seat name ("プレイヤー3" from a
    Japanese host, "Bot 3" else), read as a person in every window (an outside playtest):
    the host may name them, told the other seats' names and how many; what it gives is
    cleaned as any name, and the names stay distinct."""
    table = toy_table([SeatSpec("open"), SeatSpec("open"), SeatSpec("open")])
    table.join("Vega")
    asked: list[tuple[list[str], int]] = []

    def stars(taken: list[str], count: int) -> list[str]:
        asked.append((list(taken), count))
        return ["Vega", "  Altair\u200b "][:count]

    table.start(name_bots=stars)
    assert asked == [(["Vega"], 2)]
    assert shown(table.info()) == ["Vega", "Vega 2", "Altair"]
    assert [seat["kind"] for seat in table.info()["seats"]] == ["open", "ai", "ai"]


def test_star_names_skip_the_names_at_the_table_and_speak_the_windows_language() -> None:
    from game.tables import star_names

    assert star_names(["Ann", "Vega"], 3) == ["Altair", "Deneb", "Rigel"]
    assert star_names([], 2, word=lambda star: star.upper()) == ["VEGA", "ALTAIR"]
    assert len(star_names([], 20)) == 20
