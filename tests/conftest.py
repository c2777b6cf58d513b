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


@pytest.fixture(autouse=True)
def english_between_tests() -> Iterator[None]:
    """Every test starts and ends in English: the window's language is one global of the
    process (``game.client.i18n``), so a test whose window spoke Japanese would otherwise
    change the words of whichever test the same worker runs next."""
    from game.client import i18n

    i18n.set_language(i18n.SOURCE_LANGUAGE)
    yield
    i18n.set_language(i18n.SOURCE_LANGUAGE)
