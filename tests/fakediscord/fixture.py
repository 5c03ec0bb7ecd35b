"""The `fake_discord` pytest fixture. In a conftest.py:

    from tests.fakediscord import fixture
    fake_discord = fixture.fake_discord
"""

from collections.abc import AsyncIterator

import pytest

from .core import FakeDiscord


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A running FakeDiscord that discord.py points at; at teardown it stops every client started with
    `running` and fails the test on invalid payloads, unknown routes and ERROR logs."""
    async with FakeDiscord() as fake:
        yield fake
