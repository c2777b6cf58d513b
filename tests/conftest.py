"""Fixtures shared by every test directory."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.registry import registered
from tests.plugin_game import GAME as TEST_GAME


@pytest.fixture
def plugin_game() -> Iterator[str]:
    """High Bid (``tests/plugin_game``) registered for this test, as an installed game plugin
    would be; its name."""
    with registered(TEST_GAME):
        yield TEST_GAME.name
