"""``STARPARTY_LAN_INTERFACES`` keeps a window's zeroconf (the menu's LAN list, the join
screen, hosting) on the interfaces it names: how to try the window out on a machine that must
not talk to its network."""

from __future__ import annotations

import pytest

from game.client.app import App
from game.client.settings import Settings


@pytest.mark.parametrize(("value", "expected"), [
    ("127.0.0.1", ["127.0.0.1"]),
    (" 127.0.0.1 , 127.0.0.2 ", ["127.0.0.1", "127.0.0.2"]),
    ("", None),
])
def test_the_window_browses_where_the_environment_says(
        monkeypatch, config_dir, value: str, expected: list[str] | None) -> None:  # noqa: ANN001
    monkeypatch.setenv("STARPARTY_LAN_INTERFACES", value)
    app = App((640, 360), settings=Settings(player_name="Ann"), start="menu",
              save_settings=False)
    try:
        assert app.lan_interfaces == expected
    finally:
        app.shutdown()
