"""What leaving a game in progress really does, said before the player leaves: the one
"Leave this game?" question of every game's table scene (``leave_warning``)."""

from __future__ import annotations

from typing import Any

from game.client.departures import REPLACE_AFTER
from game.client.i18n import N_, Msg
from game.client.session import HostSession, RemoteSession


def leave_warning(session: Any) -> Msg:
    """The question for leaving ``session``'s game, as it really is:

    - a LAN guest: the game goes on at the host, which keeps the seat for the window's token
      (``Table.leave`` after the start; the window keeps it in ``SeatTokens``), so joining
      again takes it back; after ``REPLACE_AFTER`` seconds away the host is offered to let a
      bot play on (``Departures``);
    - a LAN host: leaving closes the table (``HostSession.close``), which disconnects everyone;
      with an autosave, Continue serves it again and the others take their seats back by
      token;
    - solo and hot-seat: with an autosave, Continue brings it back; without one it is lost.
    """
    if isinstance(session, RemoteSession):
        return N_("Leave this game? It goes on at the host and your seat stays yours: join the "
                  "table again to play on. After {seconds} s away, the host may let a bot "
                  "play for you.", seconds=round(REPLACE_AFTER))
    saved = getattr(getattr(session, "table", None), "autosave_path", None) is not None
    if isinstance(session, HostSession):
        if saved:
            return N_("Leave this game? The table closes and the others are disconnected. "
                      "'Continue' in the menu hosts it again, and they can take their seats "
                      "back.")
        return N_("Leave this game? The table closes for everyone and the game is lost.")
    if saved:
        return N_("Leave this game? 'Continue' in the menu brings it back.")
    return N_("Leave this game? It will be lost.")
