from dataclasses import dataclass

import pytest

from tests.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeUser, fixture

from .toybot import ToyBot

fake_discord = fixture.fake_discord


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    bot: ToyBot


@pytest.fixture
async def world(fake_discord: FakeDiscord):
    """A guild with #general, Alice (Italian client) and Bob, and the toy bot connected and synced."""
    alice = fake_discord.add_user("alice", locale="it")
    bob = fake_discord.add_user("bob")
    guild = fake_discord.add_guild("Bazaar", members=[alice, bob])
    channel = fake_discord.add_text_channel(guild, "general")
    async with fake_discord.running(ToyBot()) as bot:
        yield World(fake_discord, guild, channel, alice, bob, bot)
