"""One path from a client's message to the table, whatever carried it.

The TCP server (``net.server``) and the in-process connection (``net.local``) both hand every
message a client sends to ``checked`` and then ``dispatch``: the same schema check, the same
``Table`` call per kind, the same answers and refusals, so a scene or a bot sees the same
thing in solo, hot-seat and LAN play (``tests/net/test_net_dispatch.py`` sends the same
messages through both). What only a transport knows stays there, behind ``Endpoint``:
framing, the handshake (``hello``), flood limits and strikes (the server), the client side's
stale-move retry (``net.moves``, in the local connection and ``net.client``).
"""

from __future__ import annotations

from typing import Any, Protocol

from net.table import Message, Table, TableError
from net.wire import WireError, check_client_message, error_message

#: messages only a connection in the host's own process may send (not on the wire: over TCP
#: only the host process starts its table)
HOST_ONLY = frozenset({"start"})


class Endpoint(Protocol):
    """A client's connection as the dispatcher sees it: who it is, how to answer it."""

    #: the seat it plays (None: a spectator) and that seat's token
    seat: int | None
    token: str | None
    #: its listener at the table (``Table.attach``; None: not attached)
    handle: int | None

    def answer(self, message: Message) -> None:
        """A reply for this connection only (``legal``, ``pong``, an ``error``)."""

    def turn_down(self, message: Message) -> None:
        """A reply to a message that can never be right from this connection (a spectator's
        move, a move for another seat); the server counts it as a strike."""

    def move_answered(self, message: Message, refusal: Message | None) -> None:
        """The table's answer to ``message`` (a move): None when it was accepted (everyone
        has been told), else the ``refused`` message, for the endpoint to send or retry."""

    def left(self) -> None:
        """The client gave its seat up (``Table.leave`` is done): end the connection."""


def checked(message: Any, *, host: bool = False) -> Message:
    """``message`` if it is a client message of the protocol (``host``: or one of
    ``HOST_ONLY``); ``WireError`` (``bad_message``, ``unknown_type``) otherwise."""
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        raise WireError("bad_message", "a message is a map with a string 't'")
    if host and message["t"] in HOST_ONLY:
        return message
    return check_client_message(message)


def dispatch(table: Table, endpoint: Endpoint, message: Message) -> None:
    """Act on one ``checked`` message of a connection past its handshake; ``WireError`` for a
    second ``hello``. Moves come first: they are what a table hears most."""
    kind = message["t"]
    if kind == "move":
        seat = endpoint.seat
        if seat is None:
            endpoint.turn_down(table.refusal("spectator", "spectators cannot move"))
        elif "seat" in message and message["seat"] != seat:
            endpoint.turn_down(table.refusal(
                "wrong_seat", f"this connection holds seat {seat}", seat))
        else:
            endpoint.move_answered(message, table.submit(
                seat, endpoint.token, message["version"], message["move"]))
    elif kind == "sync":
        if endpoint.handle is not None:
            table.send_snapshot(endpoint.handle)
    elif kind == "legal":
        endpoint.answer(table.legal_message(endpoint.seat))
    elif kind == "ping":
        endpoint.answer({"t": "pong", "n": message.get("n", 0)})
    elif kind == "pong":
        pass
    elif kind == "leave":
        if endpoint.seat is not None and endpoint.token is not None:
            table.leave(endpoint.seat, endpoint.token, handle=endpoint.handle)
            endpoint.handle = None  # detached with the leave: one ``table`` message for both
        endpoint.left()
    elif kind == "start":
        try:
            table.start()
        except TableError as exc:
            endpoint.answer(error_message(exc.code, exc.message))
    elif kind == "hello":
        raise WireError("already_joined", "hello was already received")
