"""End to end: a full Al-Rashid match for three (one human, two AI seats) through the fake Discord."""

import pytest

from bot.settings import Settings

from .e2e import awaited, bot, new_match, take_turn


@pytest.fixture
def settings(tmp_path, fake_discord):
    return Settings(discord_token=fake_discord.token, database_path=str(tmp_path / "e2e.db"),
                    reminder_poll_seconds=3600)


async def test_al_rashid_with_two_ai_seats_from_new_to_final_score(fake_discord, settings):
    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob", locale="it")
    guild = fake.add_guild("Bazaar", members=[alice, bob])
    channel = fake.add_text_channel(guild, "al-rashid")
    async with fake.running(bot(settings)):
        await new_match(fake, alice, channel, "al-rashid", where="channel", ai_players=2)
        lobby = fake.latest_with_components(channel)
        assert lobby.text.count("AI (heuristic)") == 2
        await fake.click(alice, lobby, label="Start")
        await fake.wait_for(lambda: awaited(fake, channel, [alice]) == [alice], timeout=30, what="alice's turn")
        await fake.quiet()
        board = fake.latest(channel)
        assert alice.id in board.pings and "table.png" in board.files
        for _ in range(2):  # a few steps by hand, through the panel (defaults first)
            await take_turn(fake, [alice], channel, suggested=True)
            await fake.wait_for(lambda: awaited(fake, channel, [alice]) == [alice], timeout=30, what="alice again")
    async with fake.running(bot(settings)):  # a restart in the middle of the match
        for _ in range(2):
            await take_turn(fake, [alice], channel, suggested=True)
            await fake.wait_for(lambda: awaited(fake, channel, [alice]) == [alice], timeout=30, what="alice again")
        hand = await (await fake.slash(alice, channel, "hand")).reply()
        assert hand.ephemeral and "hand.png" in hand.files
        resign = await fake.slash(alice, channel, "resign")  # an AI takes alice's seat and finishes
        assert (await resign.reply()).ephemeral
        await fake.wait_for(lambda: any("final.png" in m.files for m in fake.messages(channel)), timeout=60,
                            what="the final score")
        await fake.quiet()
        final = fake.latest(channel)
        assert "final scores" in final.text and alice.id in final.pings
        # Bob watched the whole match: he saw every public board, and not one of alice's secrets.
        private = {m.id for m in fake.dms(alice)} | {m.id for m in fake.ephemerals(alice)}
        assert private and not private & {m.id for m in fake.seen_by(bob)}
        assert not any("hand.png" in m.files for m in fake.seen_by(bob))
