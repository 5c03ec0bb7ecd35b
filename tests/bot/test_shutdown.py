"""Stopping the bot lets the clicks and commands it already received finish: a step answered just before the
stop still hands over its mail, with the database open (it used to fail on a closed database)."""

import asyncio

from bot.app import CaravanseraiBot
from bot.settings import Settings


async def test_a_click_in_flight_when_the_bot_stops_finishes_with_the_database_open(fake_discord, tmp_path):
    client = CaravanseraiBot(Settings(discord_token=fake_discord.token, database_path=str(tmp_path / "bot.db"),
                                      reminder_poll_seconds=3600))

    async def handler_still_at_work():
        await asyncio.sleep(0.3)           # the stop begins meanwhile
        return await client.storage.pending()

    async with fake_discord.running(client):
        # named as discord.py names the task running a received interaction
        in_flight = asyncio.create_task(handler_still_at_work(), name="discord.py: on_interaction")
        await asyncio.sleep(0)
    assert in_flight.done()
    assert await in_flight == []
