"""What leaving (or quitting during) a game in progress really does, said before the player
goes: the one "Leave this game?" question of every game's table scene (``leave_warning``) and
the window's "Quit Star Party?" (``quit_warning``).

What happens depends on where the table runs (``leaving_case``):

- ``guest`` (a LAN guest): the game goes on at the host, which keeps the seat for the window's
  token (``Table.leave`` after the start; the window keeps it in ``SeatTokens``), so joining
  again takes it back; after ``REPLACE_AFTER`` seconds away the host is offered to let a bot
  play on (``Departures``);
- ``host`` / ``host_unsaved`` (a LAN host): the table closes (``HostSession.close``), which
  disconnects everyone; with an autosave, Continue serves it again and the others take their
  seats back by token;
- ``saved`` / ``unsaved`` (solo, hot-seat): with an autosave, Continue brings it back;
- ``unplayed`` (solo, hot-seat, nobody has moved yet): the game is not kept
  (``LocalSession.close``).
"""

from __future__ import annotations

from game.client.departures import REPLACE_AFTER
from game.client.i18n import N_, Msg
from game.client.session import HostSession, LocalSession, RemoteSession, Session

LEAVE_WARNINGS: dict[str, Msg] = {
    "guest": N_("Leave this game? It goes on at the host and your seat stays yours: join the "
                "table again to play on. After {seconds} s away, the host may let a bot play "
                "for you.", seconds=round(REPLACE_AFTER)),
    "host": N_("Leave this game? The table closes and the others are disconnected. "
               "'Continue' in the menu hosts it again, and they can take their seats back."),
    "host_unsaved": N_("Leave this game? The table closes for everyone and the game is lost."),
    "saved": N_("Leave this game? 'Continue' in the menu brings it back."),
    "unsaved": N_("Leave this game? It will be lost."),
    # (the bots may have moved: "nothing has been played" read wrong beside a bot's
    # confirmed card, a playtest)
    "unplayed": N_("Leave this game? You have not played yet, so it is not kept."),
}
QUIT_WARNINGS: dict[str, Msg] = {
    "guest": N_("Quit Star Party? The game goes on at the host and your seat stays yours: join "
                "the table again to play on."),
    "host": N_("Quit Star Party? The table closes and the others are disconnected. 'Continue' "
               "hosts it again."),
    "host_unsaved": N_("Quit Star Party? The table closes for everyone and the game is lost."),
    "saved": N_("Quit Star Party? The game is saved: 'Continue' brings it back."),
    "unsaved": N_("Quit Star Party? The game in progress will be lost."),
    "unplayed": N_("Quit Star Party? You have not played in this game yet, so it is not "
                   "kept."),
}


def leaving_case(session: Session | None) -> str:
    """Which of the cases above ``session`` is (a key of ``LEAVE_WARNINGS``)."""
    if isinstance(session, RemoteSession):
        return "guest"
    saved = isinstance(session, LocalSession) and session.table.autosave_path is not None
    if isinstance(session, HostSession):
        return "host" if saved else "host_unsaved"
    if saved and isinstance(session, LocalSession) and session.unplayed:
        return "unplayed"
    return "saved" if saved else "unsaved"


def leave_warning(session: Session | None) -> Msg:
    """The question before leaving ``session``'s game for the menu."""
    return LEAVE_WARNINGS[leaving_case(session)]


def quit_warning(session: Session | None) -> Msg:
    """The question before closing the window during ``session``'s game."""
    return QUIT_WARNINGS[leaving_case(session)]
