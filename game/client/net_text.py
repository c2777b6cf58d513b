"""What the window says for the errors and refusals a table or server sends.

``net`` speaks English (its ``message``/``detail`` texts are for logs and other programs);
the window shows a known code in the player's language and falls back to the sender's text
for a code it does not know (a newer host's).
"""

from __future__ import annotations

from game.client.i18n import N_, _

#: error and refusal codes of ``net.wire`` and ``net.table`` -> what the player reads
NET_ERRORS: dict[str, str] = {
    "bad_frame": N_("The connection sent data that is not a valid message."),
    "frame_too_large": N_("A message was too large for the connection."),
    "hello_required": N_("The connection did not introduce itself."),
    "version_mismatch": N_("This table runs a different version of Star Party."),
    "bad_password": N_("Wrong table password."),
    "locked_out": N_("Too many wrong passwords from this computer; wait before trying again."),
    "table_full": N_("Every seat at this table is taken."),
    "already_started": N_("The game has started; only its players may come back."),
    "bad_token": N_("That seat is no longer held for you at this table."),
    "server_full": N_("The host has too many connections."),
    "rate_limited": N_("Too many messages; slow down."),
    "timeout": N_("Nothing was heard from the other side in time."),
    "too_many_errors": N_("Too many broken messages."),
    "slow_consumer": N_("The connection did not keep up with the table."),
    "replaced": N_("Your seat was taken back from another window."),
    "shutting_down": N_("The host is stopping."),
    "bad_message": N_("A message did not make sense to the table."),
    "unknown_type": N_("A message did not make sense to the table."),
    "already_joined": N_("This window has already joined."),
    "not_connected": N_("Not connected to a table."),
    # (the window's own: ``RemoteSession`` met a view or an event it cannot use)
    "bad_host_data": N_("The host sent what this window cannot show."),
    "closed": N_("The connection closed."),
    "table_closed": N_("The table has closed."),
    "not_started": N_("The game has not started yet."),
    "game_over": N_("The game is over."),
    "not_over": N_("A new game starts once this one is over."),
    "seats_open": N_("Some seats are still free."),
    "no_such_seat": N_("There is no such seat at this table."),
    "not_remote": N_("That seat is not a player's on another computer."),
    "seat_connected": N_("That player is still connected."),
    "not_stand_in": N_("No bot is standing in for that seat."),
    "bad_save": N_("The saved game cannot be used."),
    "stale_version": N_("The table moved on before your move arrived; try again."),
    "not_your_turn": N_("It is not your turn."),
}

#: what a toast says when the connection to the table changes
CONNECTION_NEWS: dict[str, str] = {
    "reconnecting": N_("Connection lost: reconnecting..."),
    "connected": N_("Connected to the table."),
    "failed": N_("The connection to the table failed."),
    "closed": N_("The table closed the connection."),
}


def error_text(code: str, detail: str = "") -> str:
    """The sentence to show for an error or refusal ``code`` (the sender's ``detail`` when
    the window has none for it)."""
    known = NET_ERRORS.get(code)
    return _(known) if known is not None else (detail or code)
