"""The `fake_discord` pytest fixture: import it into a conftest.py (`from tests.fakediscord import fake_discord`)."""

from collections.abc import AsyncIterator

import pytest

from .core import FakeDiscord


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A running FakeDiscord that discord.py points at; fails the test at teardown on invalid payloads."""
    async with FakeDiscord() as fake:
        yield fake
