"""End to end: every turn is announced exactly once, in each of the four games, in English and Italian, by a
mention or by DM, however often a player takes a step back with /undo (twice in a row too) and after a player
resigns. Three players click: Alice (English, mentions), Bruno (Italian, DMs) and Carla (English, mentions);
one of them takes their steps back now and then; later one resigns and an AI plays on in their seat."""

import random

import pytest

from engine.core.messages import translate

from .clicking import Clicking, Figures
from .e2e import bot, start

GAMES = ("al-rashid", "taj-mahal", "notre-dame", "yspahan")
BEFORE, AFTER = 60, 30  # decisions before and after the resignation


@pytest.mark.parametrize("game", GAMES)
async def test_each_turn_is_announced_once_across_undos_and_a_resignation(fake_discord, settings, tiny_pictures,
                                                                          game):
    fake = fake_discord
    alice, bruno, carla = fake.add_user("alice"), fake.add_user("bruno", locale="it"), fake.add_user("carla")
    users = [alice, bruno, carla]
    guild = fake.add_guild("Bazaar", members=users)
    figures = Figures()
    client = bot(settings)
    async with fake.running(client):
        await (await fake.slash(bruno, fake.add_text_channel(guild, "settings"), "settings", subcommand="turns",
                                options={"how": "dm"})).reply()
        channel = fake.add_text_channel(guild, game)
        await fake.gateway_caught_up()
        client.services.matches.core.new_seed = lambda: 7
        since = len(fake.all_messages)
        await start(fake, users, channel, game=game)
        match = await client.services.matches.table.match_here(channel.id)
        driver = Clicking(fake, channel, client.services.matches, users, random.Random(7), set(), figures, since=since,
                          game=game, take_back=0.25)
        await driver.play(match.id, decisions=BEFORE)
        resigned = await (await fake.slash(carla, channel, "resign")).reply(timeout=30)
        assert resigned.ephemeral
        await fake.quiet()
        driver.users = [alice, bruno]
        await driver.play(match.id, decisions=AFTER)
        await fake.quiet()
    print(f"\n{game}: {len(figures.turns)} turns, {driver.undos} steps taken back; turns by how often they were "
          f"announced: {figures.alerts_per_turn()}")
    assert driver.undos >= 2, "the players took steps back"
    assert figures.alerts_per_turn() == {1: len(figures.turns)}, [
        (t.user.name, t.first_question, t.alerts) for t in figures.turns if t.alerts != 1]
    undone = translate("bot.undo.done", "it")
    assert all(undone not in m.text for m in fake.dms(bruno)), "taking back is told in the reply, not by DM"
