"""Stopping the bot lets the clicks and commands it already received finish: a step answered just before the
stop still hands over its mail, with the database open (it used to fail on a closed database), and a reply
still on its way reaches Discord (it used to fail on a closed session)."""

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


async def test_a_command_in_flight_when_the_bot_stops_still_gets_its_answer_out(fake_discord, tmp_path, monkeypatch):
    client = CaravanseraiBot(Settings(discord_token=fake_discord.token, database_path=str(tmp_path / "bot.db"),
                                      reminder_poll_seconds=3600))
    channel = fake_discord.add_text_channel(fake_discord.add_guild("Bazaar"), "table")
    stopping = asyncio.Event()
    let_finish = CaravanseraiBot._let_handlers_finish

    async def waited_for(self):
        stopping.set()
        await let_finish(self)

    monkeypatch.setattr(CaravanseraiBot, "_let_handlers_finish", waited_for)

    async def handler_answering_once_the_stop_waits_for_it():
        await stopping.wait()
        await client.get_partial_messageable(channel.id).send("Resigned: an AI seat plays on.")

    async with fake_discord.running(client):
        in_flight = asyncio.create_task(handler_answering_once_the_stop_waits_for_it(), name="CommandTree-invoker")
        await asyncio.sleep(0)
    await in_flight
    assert [m.text for m in fake_discord.messages(channel)] == ["Resigned: an AI seat plays on."]
