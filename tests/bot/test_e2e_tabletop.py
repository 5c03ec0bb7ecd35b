"""End to end through the fake Discord: a club records a game of Yspahan played at the table for its league,
the players click its Confirm button (the recorder and a stranger refused, in their languages), and the
result counts in /stats, /history and the league's standings; /board and /replay say in one sentence that a
table game has none; an admin voids it; a tie without its tie-break is refused."""

import discord
import pytest

from bot.cogs.queries import warm_up
from bot.settings import Settings
from engine.core.messages import translate

from . import wording
from .e2e import bot, run

warm_up()


@pytest.fixture
def settings(tmp_path, fake_discord):
    return Settings(discord_token=fake_discord.token, database_path=str(tmp_path / "e2e.db"),
                    reminder_poll_seconds=3600)


async def test_a_game_played_at_the_table_is_recorded_confirmed_counted_and_voided(fake_discord, settings):
    fake = fake_discord
    anna, bruno, carla = fake.add_user("anna", locale="it"), fake.add_user("bruno"), fake.add_user("carla")
    dario, boss = fake.add_user("dario"), fake.add_user("boss")
    guild = fake.add_guild("Circolo", members=[anna, bruno, carla, dario])
    fake.add_member(guild, boss, permissions=discord.Permissions(manage_guild=True))
    channel = fake.add_text_channel(guild, "club")
    result = {"game": "yspahan", "player1": anna, "score1": 52, "player2": bruno, "score2": 47,
              "player3": carla, "score3": 39}
    async with fake.running(bot(settings)):
        await run(fake, boss, channel, "league", "create", name="Club", game="yspahan")
        for user in (anna, bruno, carla):
            await run(fake, user, channel, "league", "join", league="Club")
        refused = await run(fake, anna, channel, "result", "record", league="Club", **result)
        assert refused.ephemeral and "non conta le partite giocate al tavolo" in refused.content
        settings_reply = await run(fake, boss, channel, "league", "settings", league="Club", table_results=True)
        assert "**At the table:** confirmed results recorded for the league" in settings_reply.embeds[0]["description"]

        recorded = await run(fake, anna, channel, "result", "record", league="Club", **result)
        assert recorded.ephemeral and recorded.content.startswith("Il risultato #")
        card = fake.latest_with_components(channel)
        assert not card.ephemeral and {anna.id, bruno.id, carla.id} <= card.pings
        assert f"1. <@{anna.id}>: 52 points" in card.text and f"3. <@{carla.id}>: 39 points" in card.text
        assert "for the league **Club**" in card.text and "until then it counts nowhere" in card.text
        stats = await run(fake, bruno, channel, "stats")
        assert "**0** games" in stats.embeds[0]["description"]

        own = await (await fake.click(anna, card, label="Confirm")).reply()
        assert own.ephemeral and own.content.startswith("Hai registrato tu il risultato")
        stranger = await (await fake.click(dario, card, label="Confirm")).reply()
        assert stranger.content.startswith("Only a player at that table, or an admin, confirms result")
        forged = await (await fake.forge_click(bruno, channel, "tr:²:confirm", source=card)).reply()
        assert forged.content == translate("bot.refusal.unknown_button", "en")
        forged = await (await fake.forge_click(bruno, channel, "tr:99999:confirm", source=card)).reply()
        assert forged.content == "This server has no result #99999 recorded at the table."
        confirmed = await (await fake.click(bruno, card, label="Confirm")).reply()
        assert confirmed.ephemeral and "is confirmed: it counts in ratings" in confirmed.content
        card = fake.message(card.id)
        assert card.custom_ids() == [] and f"Confirmed by <@{bruno.id}>" in card.text

        stats = await run(fake, bruno, channel, "stats")
        assert "**1** game " in stats.embeds[0]["description"] and stats.files["rating.png"][:4] == b"\x89PNG"
        history = await run(fake, carla, channel, "history", league="Club")
        assert "Yspahan" in history.content and "(played at the table)" in history.content
        standings = await run(fake, carla, channel, "league", "standings", league="Club")
        assert f"1.** <@{anna.id}>" in standings.embeds[0]["description"]
        match = int(recorded.content.split("#")[1].split(" ")[0])
        board = await run(fake, bruno, channel, "board")
        assert board.content == (f"Match #{match} was played at the table: it has no board, log or replay. "
                                 "/history shows its result.")
        replay = await run(fake, anna, channel, "replay", match=match)
        assert replay.content.startswith(f"La partita #{match} è stata giocata al tavolo")

        # an admin corrects it (the scores of anna and bruno were swapped); it counts as it stood until confirmed
        fixed = {**result, "score1": 47, "score2": 52}
        refused = await run(fake, carla, channel, "result", "record", correct=match, **fixed)
        assert refused.content.startswith("Only the server's managers, or the admin role of the result's league")
        corrected = await run(fake, boss, channel, "result", "record", correct=match, **fixed)
        assert corrected.content.startswith(f"The correction of result #{match} is recorded")
        correction = fake.latest_with_components(channel)
        assert correction.id != card.id and f"1. <@{bruno.id}>: 52 points" in correction.text
        standings = await run(fake, carla, channel, "league", "standings", league="Club")
        assert f"1.** <@{anna.id}>" in standings.embeds[0]["description"]
        await (await fake.click(anna, correction, label="Confirm")).reply()
        standings = await run(fake, carla, channel, "league", "standings", league="Club")
        assert f"1.** <@{bruno.id}>" in standings.embeds[0]["description"]

        voided = await run(fake, boss, channel, "server", "void", match=match)
        assert f"#{match}" in voided.content
        stats = await run(fake, bruno, channel, "stats")
        assert "**0** games" in stats.embeds[0]["description"]

        tie = await run(fake, bruno, channel, "result", "record", game="notre-dame", player1=bruno, score1=40,
                        player2=carla, score2=40, player3=dario, score3=31)
        assert tie.content == (f"<@{bruno.id}>, <@{carla.id}> tie on 40 points: Notre Dame breaks the tie by coins "
                               "plus cubes in the personal supply. Give each of them theirs (tiebreak1 to "
                               "tiebreak5, in the players' order).")
        await fake.quiet()
    # every message reads in its reader's language: no key, no placeholder, no word of the other language
    found = wording.problems(fake, "en", set(), {u.name for u in (anna, bruno, carla, dario, boss)} | {"Club", "Yspahan"})
    assert found == [], "\n".join(found)
