"""End to end: complete Al-Rashid matches through the fake Discord, every human decision a click.

The fake refuses every payload Discord would refuse (duplicate custom ids, empty messages...), so a panel
that Discord would reject fails these tests. Each test prints what players lived through: the kinds of
step reached by clicking, interactions per turn, and how each new turn was announced.
"""

import random

import pytest

from bot.services import MatchService
from bot.settings import Settings
from bot.storage import SqliteStorage
from tests.support.curious import step_kinds

from . import wording
from .clicking import Clicking, Figures, coverage_report
from .e2e import bot, new_match

# Seeded all-human matches in which the curious players reach every kind of step (bench/clicking.py
# searches for such seeds and plays many more matches).
COVERAGE_SEEDS = (2400, 2401)


@pytest.fixture
def settings(tmp_path, fake_discord):
    return Settings(discord_token=fake_discord.token, database_path=str(tmp_path / "e2e.db"),
                    reminder_poll_seconds=3600)


@pytest.fixture
def tiny_pictures(monkeypatch):
    """Pictures cost most of a step's time and have tests of their own: these matches send a tiny PNG,
    through the same upload and attachment code."""
    from bot.services import pictures

    tiny = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16
    for name in ("focus_png", "hand_png", "board_png", "final_png"):
        monkeypatch.setattr(pictures, name, lambda view, locale: tiny)


async def start(fake, users, channel, *, ai=0):
    host, *guests = users
    await new_match(fake, host, channel, "al-rashid", where="channel", ai_players=ai)
    lobby = fake.latest_with_components(channel)
    for user in guests:
        await (await fake.click(user, lobby, label="Join")).reply()
    await (await fake.click(host, lobby, label="Start")).reply()


async def replays_exactly(settings):
    storage = SqliteStorage(settings.database_path)
    await storage.open()
    try:
        service = MatchService(storage, presenter=None)
        for match in await storage.matches(statuses=("over",)):
            assert service.game_of(match).dump_state(await service.replay(match)) == match.state, match.id
            assert await storage.pending(match.id) == []
        return {e.notation for m in await storage.matches(statuses=("over",)) for e in await storage.log(m.id)}
    finally:
        await storage.close()


def assert_well_worded(fake, notations, users):
    found = wording.problems(fake, "en", notations, {u.name for u in users} | {"Al-Rashid", "AI", "IA"})
    assert not found, "\n".join(found[:40])


async def test_every_kind_of_step_is_reached_by_clicking(fake_discord, settings, tiny_pictures):
    fake = fake_discord
    users = [fake.add_user("alice"), fake.add_user("bruno", locale="it"), fake.add_user("carla")]
    guild = fake.add_guild("Bazaar", members=users)
    covered, figures, notations = set(), Figures(), set()
    client = bot(settings)
    async with fake.running(client):
        await (await fake.slash(users[1], fake.add_text_channel(guild, "settings"), "settings", subcommand="turns",
                                options={"how": "dm"})).reply()  # Bruno hears of his turns by DM
        for seed in COVERAGE_SEEDS:
            channel = fake.add_text_channel(guild, f"al-rashid-{seed}")
            await fake.gateway_caught_up()
            client.service.new_seed = lambda seed=seed: seed
            since = len(fake.all_messages)
            await start(fake, users, channel)
            match = await client.service.match_here(channel.id)
            driver = Clicking(fake, channel, client.service, users, random.Random(seed), covered, figures,
                              since=since)
            await driver.play(match.id)
            notations |= driver.notations
            await fake.quiet()
    print("\n" + coverage_report(covered) + "\n" + figures.report())
    assert step_kinds(client.service.game_of(match)) <= covered, coverage_report(covered)
    assert figures.alerted_share() == 1.0, [(t.user.name, t.first_question, t.alerts) for t in figures.turns
                                            if t.alerts != 1]
    notations |= await replays_exactly(settings)
    assert_well_worded(fake, notations, users)
