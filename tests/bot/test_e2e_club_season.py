"""End to end through the fake Discord, as a club plays a season: a league of four (one reading Italian) plays a
round online by clicking, one player takes a break and comes back, another resigns and a substitute takes the
seat over and finishes it, a game played face to face is recorded and confirmed for the league, and the season
ends with a knockout tournament whose final crowns a champion; the standings, /stats and the archive agree."""

import discord
import pytest

from bot.cogs.queries import warm_up
from bot.settings import Settings
from engine.core.messages import translate

from .e2e import bot, play_to_the_end, run, said

warm_up()


@pytest.fixture
def settings(tmp_path, fake_discord):
    return Settings(discord_token=fake_discord.token, database_path=str(tmp_path / "e2e.db"),
                    reminder_poll_seconds=0.2)


def seated(fake, thread, users):
    return [u for u in users if u.id in fake.messages(thread)[0].pings]


async def test_a_club_season_online_and_at_the_table_with_a_break_a_substitute_and_a_knockout_final(
        fake_discord, settings):
    fake = fake_discord
    anna, bruno, carla, dario = (fake.add_user("anna", locale="it"), fake.add_user("bruno"), fake.add_user("carla"),
                                 fake.add_user("dario"))
    erin, boss = fake.add_user("erin"), fake.add_user("boss")
    members = [anna, bruno, carla, dario]
    guild = fake.add_guild("Circolo", members=[*members, erin])
    fake.add_member(guild, boss, permissions=discord.Permissions(manage_guild=True))
    channel = fake.add_text_channel(guild, "club")
    async with fake.running(club := bot(settings)):
        await run(fake, boss, channel, "league", "create", name="Club", game="toy", min_table=2, max_table=2,
                  table_results=True)
        for user in members:
            await run(fake, user, channel, "league", "join", league="Club")
        await run(fake, boss, channel, "league", "open", group="round", league="Club")
        first, second = fake.threads(channel)
        at_first, at_second = seated(fake, first, members), seated(fake, second, members)
        assert {*at_first, *at_second} == set(members) and anna in at_first

        # a break: anna's table is told, and she comes back to play
        away = await run(fake, anna, first, "settings", "away", days=2)
        assert away.content.startswith("Sei assente fino")
        await said(fake, first, f"<@{anna.id}> is away until")
        await run(fake, anna, first, "settings", "away", days=0)
        await said(fake, first, translate("bot.away.back", "en", user=f"<@{anna.id}>"))

        # a substitute: a player of the other table resigns, and erin takes the seat over with a manager's consent
        leaving = at_second[1]
        await run(fake, leaving, second, "resign")
        refused = await run(fake, erin, second, "game", "substitute", seat=2, player=erin)
        assert refused.content == translate("bot.refusal.host_only", "en")
        (choice,) = await (await fake.autocomplete(boss, second, "game", subcommand="substitute", focused="seat",
                                                   options={"seat": ""})).choices()
        seat = choice["value"]                                             # the seat the AI plays since he left
        done = await run(fake, boss, second, "game", "substitute", seat=seat, player=erin)
        assert done.content == translate("bot.match.substituted", "en", user=f"<@{erin.id}>", seat=seat)
        await said(fake, second, f"<@{erin.id}> now plays")

        await play_to_the_end(fake, at_first, first)
        await play_to_the_end(fake, [at_second[0], erin], second)
        await said(fake, channel, "Round 1 of Club is over")

        # a game played face to face, recorded for the league and confirmed by another player at the table
        recorded = await run(fake, bruno, channel, "result", "record", game="toy", player1=bruno, score1=9,
                             player2=carla, score2=4, league="Club")
        assert recorded.content.startswith("Result #")
        card = fake.latest_with_components(channel)
        confirmed = await (await fake.click(carla, card, label="Confirm")).reply()
        assert "is confirmed" in confirmed.content
        standings = await run(fake, boss, channel, "league", "standings", league="Club")
        rows = standings.embeds[0]["description"]
        assert f"<@{erin.id}>" not in rows and f"<@{leaving.id}>" in rows   # erin is no member; dario played none
        table = (await club.services.leagues.load(guild.id, "Club")).league
        points = {s.player: (s.played, s.points) for s in await club.services.leagues.standings(table)}
        assert points[leaving.id] == (0, 0) and points[bruno.id][0] == 2     # his round and the table result

        # the season ends with a knockout: only an admin starts it, the final crowns the champion
        refused = await run(fake, anna, channel, "tournament", "show", league="Club")
        assert refused.content == translate("league.refusal.no_tournament", "it", league="Club")
        refused = await run(fake, anna, channel, "tournament", "start", league="Club",
                            format="knockout")
        assert refused.content == translate("league.refusal.not_admin", "it", league="Club")
        started = await run(fake, boss, channel, "tournament", "start", league="Club",
                            format="knockout")
        assert started.content.startswith("The tournament of Club has started: 4 players")
        await said(fake, channel, "Round 1 of the tournament of Club")
        refused = await run(fake, anna, channel, "league", "open", group="round", league="Club")
        assert refused.content == translate("league.refusal.not_admin", "it", league="Club")
        refused = await run(fake, boss, channel, "league", "end", group="season", league="Club")
        assert refused.content == translate("league.refusal.tournament_on", "en", league="Club")
        info = await run(fake, anna, channel, "league", "info", league="Club")
        assert "**Il torneo** sta giocando il turno 1" in info.embeds[0]["description"]
        for thread in fake.threads(channel)[2:4]:
            assert "tournament round 1" in fake.messages(thread)[0].text
            await play_to_the_end(fake, seated(fake, thread, members), thread)
        await said(fake, channel, "The final of the tournament of Club")
        final = fake.threads(channel)[4]
        finalists = seated(fake, final, members)
        assert len(finalists) == 2
        await play_to_the_end(fake, finalists, final)
        await said(fake, channel, "The tournament of Club has its champion")
        league = (await club.services.leagues.load(guild.id, "Club")).league
        champion = league.tournament.champion
        assert champion in {u.id for u in finalists}
        bracket = await run(fake, anna, channel, "tournament", "show", league="Club")
        text = bracket.embeds[0]["description"]
        assert bracket.embeds[0]["title"] == "Torneo di Club" and f"**Campione:** <@{champion}>" in text
        assert "**Turno 1**" in text and "**Finale**" in text
        assert bracket.files["bracket.png"][:4] == b"\x89PNG"                # and drawn, in her language
        info = await run(fake, bruno, channel, "league", "info", league="Club")
        assert f"**Tournament champion:** <@{champion}>" in info.embeds[0]["description"]

        # the season is archived with every match it counted; erin's record holds only her own turns
        ended = await run(fake, boss, channel, "league", "end", group="season", league="Club")
        assert "Season 1 of Club is over" in ended.content
        stats = await run(fake, erin, channel, "stats")
        assert "Matches abandoned: **0** of 1" in stats.embeds[0]["description"]
        stats = await run(fake, leaving, channel, "stats")   # the match he left to erin is not his: no abandon
        assert "Matches abandoned: **0**" in stats.embeds[0]["description"]

