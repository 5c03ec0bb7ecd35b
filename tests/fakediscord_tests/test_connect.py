"""The real discord.py client logs in, syncs its commands and sees the world the test built."""

import asyncio
import sys
from pathlib import Path

import discord

from tests.fakediscord import FakeDiscord

from .toybot import ToyBot

ROOT = Path(__file__).resolve().parents[2]


async def test_client_sees_guild_channels_roles_and_its_own_permissions(world):
    guild = world.bot.get_guild(world.guild.id)
    assert guild is not None and guild.name == "Bazaar"
    channel = guild.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel) and channel.name == "general"
    me = channel.permissions_for(guild.me)
    assert me.send_messages and me.create_public_threads and me.attach_files
    assert world.bot.user.id == world.fake.bot.id
    assert world.bot.application_id == world.fake.application_id


async def test_commands_sync_is_recorded_with_subcommands(world):
    names = {c["name"] for c in world.fake.registered_commands()}
    assert {"hello", "game", "play", "dm"} <= names
    game = next(c for c in world.fake.registered_commands() if c["name"] == "game")
    assert [(o["name"], o["type"]) for o in game["options"]] == [("new", 1)]


async def test_guild_sync_registers_guild_commands(fake_discord: FakeDiscord):
    guild = fake_discord.add_guild()
    async with fake_discord.running(ToyBot(sync_guild=discord.Object(guild.id))):
        assert "hello" in {c["name"] for c in fake_discord.registered_commands(guild)}


async def test_heartbeats_are_acknowledged():
    async with FakeDiscord(heartbeat_interval=0.02) as fake:
        fake.add_guild()
        async with fake.running(ToyBot()) as bot:
            await fake.wait_for(lambda: fake.gateway.heartbeats >= 3, timeout=2, what="three heartbeats")
            assert bot.latency < 1.0  # finite: every heartbeat got its ACK


async def test_members_only_with_the_privileged_intent(world):
    guild = world.bot.get_guild(world.guild.id)
    assert guild.get_member(world.alice.id) is None  # as on Discord without the members intent
    assert guild.get_member(world.fake.bot.id) is not None


async def test_restarted_client_identifies_again(fake_discord: FakeDiscord):
    guild = fake_discord.add_guild()
    channel = fake_discord.add_text_channel(guild)
    user = fake_discord.add_user("carol")
    fake_discord.add_member(guild, user)
    async with fake_discord.running(ToyBot()):
        pass
    async with fake_discord.running(ToyBot()):
        handle = await fake_discord.slash(user, channel, "hello", options={"name": "again"})
        assert (await handle.reply()).content == "Hello again"
    assert fake_discord.gateway.identifies == 2


BOT_PROCESS = """
import sys, discord, yarl
from discord.gateway import DiscordWebSocket
from tests.fakediscord_tests.toybot import ToyBot
api_base, ws_url, token = sys.argv[1:4]
discord.http.Route.BASE = api_base
DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(ws_url)
ToyBot().run(token, log_handler=None)
"""


async def test_a_bot_in_another_process_can_be_pointed_at_the_fake(fake_discord: FakeDiscord):
    fake = fake_discord
    alice = fake.add_user("alice")
    channel = fake.add_text_channel(fake.add_guild(members=[alice]))
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", BOT_PROCESS, fake.api_base, fake.ws_url, fake.token, cwd=ROOT)
    try:
        await fake.wait_connected(timeout=10)
        handle = await fake.slash(alice, channel, "hello", options={"name": "from afar"})
        assert (await handle.reply()).content == "Hello from afar"
    finally:
        process.terminate()
        await asyncio.wait_for(process.wait(), 5)
