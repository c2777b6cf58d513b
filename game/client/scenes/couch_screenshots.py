"""The party lobby in ``starparty screenshots`` (``couch-lobby``): six seats of the first game,
two pads and both keyboard halves seated, a pulled pad's seat waiting, a bot's free seat.

No controller is needed: the players' devices are actions as ``DeviceHub`` would give them
(``handle_action``), the way a pad's presses reach the scene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.client.devices import Action, is_pad
from game.client.scenes.couch import CouchLobbyScene
from game.client.scenes.menu import MainMenuScene

if TYPE_CHECKING:
    from game.client.shooter import Shooter

#: who joins, in order; the last pad is then pulled out (its seat waits)
JOINING = ("pad:0", "keys:left", "keys:right", "pad:1", "pad:2")


def shoot(shot: Shooter) -> None:
    """From the main menu: ``couch-lobby``; back to the menu."""
    app = shot.app
    lobby = CouchLobbyScene(app)
    app.push(lobby)
    for device in JOINING:
        if is_pad(device):
            lobby.handle_action(Action(device, "added"))
        lobby.handle_action(Action(device, "confirm"))
    lobby.handle_action(Action(JOINING[-1], "removed"))
    app.toasts.clear()  # the picture shows the lobby, not the news of the pads
    lobby.set_players(6)
    shot.step(10)
    shot.save("couch-lobby")
    app.reset_to(MainMenuScene(app))
    shot.step(2)
