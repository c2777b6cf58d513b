"""A LAN guest's session sends one move at a time: a key pressed again before the last move's
answer is dropped, not sent against a state the host has left (a player pressing Enter over a
slow link earned a refusal per press, and 30 in a row got the connection cut: a LAN test
flaked on exactly that)."""

from __future__ import annotations

from typing import Any

import pytest

from game.client.session import RemoteSession


class FakeClient:
    """What a RemoteSession uses of ``net.client.Client``: moves out, messages in."""

    def __init__(self) -> None:
        self.seat = 0
        self.token = None
        self.sent: list[dict[str, Any]] = []
        self.inbox: list[dict[str, Any]] = []

    def send_move(self, move: dict[str, Any]) -> None:
        self.sent.append(move)

    def poll(self) -> list[dict[str, Any]]:
        out, self.inbox = self.inbox, []
        return out


def test_a_second_move_waits_for_the_answer_to_the_first() -> None:
    client = FakeClient()
    session = RemoteSession(client)
    session.send(0, {"t": "power", "line": [0, 0, 1, 0]})
    session.send(0, {"t": "power", "line": [0, 0, 1, 0]})  # pressed again: dropped
    session.send(0, {"t": "skip_power"})
    assert client.sent == [{"t": "power", "line": [0, 0, 1, 0]}]
    client.inbox.append({"t": "events", "version": 5, "by": 1, "events": []})
    session.poll()  # another seat's move answers nothing of ours
    session.send(0, {"t": "confirm"})
    assert len(client.sent) == 1
    client.inbox.append({"t": "events", "version": 6, "by": 0, "events": []})
    session.poll()
    session.send(0, {"t": "confirm"})
    assert client.sent[-1] == {"t": "confirm"} and len(client.sent) == 2


@pytest.mark.parametrize("answer", [
    {"t": "refused", "code": "illegal_move", "version": 6},
    {"t": "error", "code": "not_connected", "message": "not connected"},
    {"t": "connection", "state": "reconnecting"},
    {"t": "snapshot", "version": 9, "seat": 0, "to_move": [], "table": {
        "id": "t1", "name": "Vega's table", "game": "stars", "options": {"players": 1},
        "hints": False, "status": "lobby", "seats": [
            {"seat": 0, "name": "Vega", "kind": "remote", "bot": None, "taken": True,
             "connected": True, "stand_in": False}]}},
])
def test_a_refusal_an_error_a_lost_link_or_a_fresh_snapshot_frees_the_next_move(
        answer: dict[str, Any]) -> None:
    client = FakeClient()
    session = RemoteSession(client)
    session.send(0, {"t": "skip"})
    client.inbox.append(answer)
    session.poll()
    session.send(0, {"t": "undo"})
    assert client.sent == [{"t": "skip"}, {"t": "undo"}]


def test_a_move_never_answered_holds_the_next_only_for_a_while(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import game.client.session as session_module

    now = [100.0]
    monkeypatch.setattr(session_module.time, "monotonic", lambda: now[0])
    client = FakeClient()
    session = RemoteSession(client)
    session.send(0, {"t": "skip"})
    now[0] += RemoteSession.ANSWER_WAIT - 0.1
    session.send(0, {"t": "skip"})
    assert len(client.sent) == 1
    now[0] += 0.2
    session.send(0, {"t": "skip"})
    assert len(client.sent) == 2


def snapshot(table_id: str, story: Any) -> dict[str, Any]:
    return {"t": "snapshot", "version": 5, "seat": 0, "view": {"v": 5}, "to_move": [0],
            "table": {"id": table_id, "game": "toy", "status": "playing",
                      "seats": [{"seat": 0, "name": "Ann", "kind": "human"}]},
            "story": story}  # (a game this window has no shapes for: its views are not read)


def test_the_story_so_far_is_told_once_a_game_after_the_lobbys_poll() -> None:
    """The story comes with the first snapshot; a lobby polls that snapshot and opens the
    table, so the story waits for the next poll (the table scene's), told before what came
    after it; a second snapshot of the same game (a link back up) tells nothing again."""
    client = FakeClient()
    session = RemoteSession(client)
    story = [{"type": "card_flipped", "n": 2}, {"type": "lines_drawn", "seat": 1}]
    client.inbox = [{"t": "connection", "state": "connected"}, snapshot("a", story),
                    {"t": "events", "version": 6, "by": 1, "events": [{"type": "x"}],
                     "view": {"v": 6}}]
    first = session.poll()
    assert [event["type"] for _seat, event in first] == ["connection"]
    second = session.poll()
    assert [event["type"] for _seat, event in second] == ["card_flipped", "lines_drawn", "x"]
    assert [event.get("replayed") for _seat, event in second] == [True, True, None]
    client.inbox = [snapshot("a", story)]
    assert session.poll() == [] and session.poll() == []
    client.inbox = [snapshot("b", [{"type": "round_started", "round": 2}])]  # a new game
    session.poll()
    assert [event["type"] for _seat, event in session.poll()] == ["round_started"]


@pytest.mark.parametrize("story", [None, "story", 5, [1, "x", None, {"n": 2}, {"type": 3}]])
def test_a_story_that_is_not_events_tells_nothing(story: Any) -> None:
    client = FakeClient()
    session = RemoteSession(client)
    client.inbox = [snapshot("a", story)]
    assert session.poll() == [] and session.poll() == []


def events(*numbers: int) -> list[dict[str, Any]]:
    return [{"type": "lines_drawn", "n": n} for n in numbers]


def test_the_link_back_tells_the_moves_made_while_it_was_down() -> None:
    client = FakeClient()
    session = RemoteSession(client)
    client.inbox = [snapshot("a", events(1, 2)),
                    {"t": "events", "version": 6, "by": 1, "events": events(3), "view": {}}]
    session.poll()
    session.poll()
    # the link is lost after event 3 and comes back; the host's story has 4 and 5 more
    client.inbox = [{"t": "connection", "state": "connected"}, snapshot("a", events(1, 2, 3, 4, 5)),
                    {"t": "events", "version": 9, "by": 0, "events": events(6), "view": {}}]
    news = [event for _seat, event in session.poll()]
    assert [(e["type"], e.get("n"), e.get("replayed")) for e in news] == [
        ("connection", None, None), ("lines_drawn", 4, True), ("lines_drawn", 5, True),
        ("lines_drawn", 6, None)]
    # and again, with only the story's newest events: the last ones heard are found in it
    client.inbox = [snapshot("a", events(4, 5, 6, 7))]
    assert [e.get("n") for _seat, e in session.poll()] == [7]
    client.inbox = [{"t": "snapshot", "version": 9, "view": {}, "to_move": [],
                     "table": {"id": "a", "game": "toy", "status": "playing",
                               "seats": [{"seat": 0, "name": "Ann", "kind": "human"}]}}]  # a sync
    assert session.poll() == []


@pytest.mark.parametrize(("story", "heard", "tail", "missed"), [
    (events(1, 2, 3), 2, events(1, 2), events(3)),  # whole: after the first two
    (events(1, 2, 3), 3, events(1, 2, 3), []),  # nothing missed
    (events(7, 8, 9), 8, events(7, 8), events(9)),  # cut to its newest: after the tail
    (events(4, 5, 6, 7, 8), 6, events(1, 2, 3, 4, 5, 6), events(7, 8)),  # meets the tail's end
    (events(6, 7), 6, events(4, 5, 6), []),  # one event in common: too little to be sure
    (events(7, 8, 9), 8, events(4, 5), []),  # the tail is nowhere: nothing told twice
    (events(1, 2), 0, [], events(1, 2)),  # nothing heard yet: all of it
    (events(1, 1, 2), 1, events(1), events(1, 2)),  # whole: the count decides, not the tail
])
def test_missed_events(story: list, heard: int, tail: list, missed: list) -> None:
    from game.client.session import missed_events

    assert missed_events(story, heard, tail) == missed


def test_what_is_not_an_event_in_an_events_message_is_left_out() -> None:
    """A host's ``events`` list with a number or a map without ``type`` in it: the window is
    told the events alone (each one's news carried the bad item into every table)."""
    client = FakeClient()
    session = RemoteSession(client)
    good = {"type": "turn_confirmed", "seat": 1}
    client.inbox.append({"t": "events", "version": 1, "by": 1,
                         "events": [3, good, {"seat": 1}, None, [good]]})
    told = session.poll()
    assert [event["type"] for _seat, event in told] == ["turn_confirmed"]
    client.inbox.append({"t": "events", "version": 2, "by": 1, "events": "turn_confirmed"})
    assert session.poll() == []


@pytest.mark.parametrize("message, where", [
    ({"t": "welcome", "seat": 17, "token": "t"}, "welcome.seat: 17 is not 0-7"),
    ({"t": "welcome", "seat": "x"}, "welcome.seat: 'x' is not an int"),
    ({"t": "error", "code": "replaced", "message": 5}, "error.message: 5 is not a string"),
    ({"t": "refused", "code": ["x"], "detail": ""}, "refused.code: a list is not a string"),
    ({"t": "game_over", "scores": [{"total": "9"}], "ranking": [1]},
     "game_over.scores[0].total: '9' is not an int"),
    ({"t": "game_over", "scores": None}, "game_over.scores: not a list of at most 8"),
    ({"t": "table", "version": 1, "table": {"game": "stars", "status": "lobby",
                                            "seats": None}}, "table.table.seats: not a list"),
    ({"t": "table", "version": 1, "table": {"game": "stars", "status": "lobby",
                                            "seats": [{"name": 3, "kind": "human"}]}},
     "table.table.seats[0].name: 3 is not a string"),
    ({"t": "events", "version": 1, "by": 0, "events": [], "to_move": "01"},
     "events.to_move: not a list of at most 8"),
])
def test_a_hosts_malformed_message_closes_the_link_saying_where(message: dict,
                                                                where: str) -> None:
    """An outside hostile-host check: a welcome's seat 17, an error's message 5, a game_over's
    scores of strings, a table of no seats... each broke the window somewhere later."""
    client = FakeClient()
    client.close = lambda: None  # type: ignore[method-assign]
    session = RemoteSession(client)
    client.inbox.append(message)
    told = session.poll()
    assert session.error_code == "bad_host_data" and session.connection == "failed"
    assert session.error.startswith(where), session.error
    assert told[-1][1] == {"type": "connection", "state": "failed", "detail": session.error}
    assert session.results is None and session.info.get("seats") == []


def test_names_are_shown_without_the_characters_no_font_draws() -> None:
    client = FakeClient()
    session = RemoteSession(client)
    client.inbox.append({"t": "table", "version": 0, "table": {
        "game": "stars", "status": "lobby",
        "seats": [{"name": "Ann\x00\x07", "kind": "human"}, {"name": "\x00\x01", "kind": "ai"},
                  {"name": "ベガ", "kind": "ai"}]}})
    session.poll()
    assert session.names == ["Ann", "?", "ベガ"]


def test_nothing_more_is_read_from_a_host_once_it_was_given_up() -> None:
    client = FakeClient()
    client.close = lambda: None  # type: ignore[method-assign]
    session = RemoteSession(client)
    good = {"t": "events", "version": 2, "by": 1, "events": [], "view": {"fine": True}}
    client.inbox = [{"t": "welcome", "seat": 99}, good]
    session.poll()
    client.inbox = [good]
    session.poll()
    assert session.error_code == "bad_host_data" and session.views == {}
