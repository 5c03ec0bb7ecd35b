"""End to end through the fake Discord: a league's whole life (create, join, a round of tables played by
clicking across a restart, standings, ratings, statistics, the season's final clicked to its end and its
champion), and every refusal in the player's language."""

import discord
import pytest

from bot.cogs.queries import warm_up
from bot.settings import Settings
from engine.core.messages import translate

from . import wording
from .e2e import bot, play_to_the_end, said, take_turn

warm_up()  # what the bot does in the background at start-up, done before the clock of any test runs


@pytest.fixture
def settings(tmp_path, fake_discord):
    return Settings(discord_token=fake_discord.token, database_path=str(tmp_path / "e2e.db"),
                    reminder_poll_seconds=0.2)


@pytest.fixture
def world(fake_discord):
    fake = fake_discord
    alice, bob, carol = fake.add_user("alice", locale="it"), fake.add_user("bob"), fake.add_user("carol")
    boss = fake.add_user("boss")
    guild = fake.add_guild("Bazaar", members=[alice, bob, carol])
    fake.add_member(guild, boss, permissions=discord.Permissions(manage_guild=True))
    return alice, bob, carol, boss, guild, fake.add_text_channel(guild, "leagues")


async def league(fake, user, channel, subcommand, *, group=None, **options):
    handle = await fake.slash(user, channel, "league", group=group, subcommand=subcommand, options=options)
    return await handle.reply(timeout=30)


async def test_a_league_season_from_creation_to_archive_across_a_restart(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, carol, boss, guild, channel = world
    players = [alice, bob, carol]
    async with fake.running(bot(settings)):
        refused = await league(fake, alice, channel, "create", name="Spring", game="toy")
        assert refused.ephemeral and "gestori del server" in refused.content  # alice manages nothing
        created = await league(fake, boss, channel, "create", name="Spring", game="toy", shortfall="ai")
        assert created.ephemeral and "Spring" in created.content
        await said(fake, channel, "League **Spring** (Toy) is open")
        names = await (await fake.autocomplete(bob, channel, "league", subcommand="join", focused="league",
                                               options={"league": "spr"})).choices()
        assert [c["value"] for c in names] == ["Spring"]
        for user in players:
            joined = await league(fake, user, channel, "join", league="spring")
            assert joined.ephemeral
        again = await league(fake, alice, channel, "join", league="Spring")
        assert "Sei già iscritto a Spring" in again.content
        refused = await league(fake, bob, channel, "open", group="round", league="Spring")
        assert "Only the server's managers, or the league's admin role" in refused.content
        unknown = await league(fake, alice, channel, "info", league="Autumn")
        assert "non ha una lega chiamata «Autumn»" in unknown.content
        opened = await league(fake, boss, channel, "open", group="round", league="Spring")
        assert "Round 1 of Spring is open: 1 table," in opened.content
        (thread,) = fake.threads(channel)
        intro = fake.messages(thread)[0]
        assert {alice.id, bob.id, carol.id} <= intro.pings and "round 1, table 1" in intro.text
        await said(fake, channel, "Round 1 of Spring is open")
        twice = await league(fake, boss, channel, "open", group="round", league="Spring")
        assert "Round 1 of Spring is still open" in twice.content
        await take_turn(fake, players, thread)
        await fake.quiet()  # the bot finishes what it is doing before it stops
    async with fake.running(restarted := bot(settings)):  # a restart mid-round: the table and the league carry on
        await play_to_the_end(fake, players, thread)
        await said(fake, channel, "Round 1 of Spring is over")
        standings = await league(fake, alice, channel, "standings", league="Spring")
        assert standings.files["standings.png"][:4] == b"\x89PNG"
        assert "1.** <@" in standings.embeds[0]["description"] and "punti" in standings.embeds[0]["description"]
        info = await league(fake, bob, channel, "info", league="Spring")
        assert "Members (3)" in info.embeds[0]["description"]
        board = await (await fake.slash(bob, channel, "leaderboard", options={"game": "toy"})).reply()
        rows = board.embeds[0]["description"]
        assert all(f"<@{u.id}>" in rows for u in players)
        stats = await (await fake.slash(alice, channel, "stats", options={"player": bob})).reply()
        assert "1** partita ·" in stats.embeds[0]["description"] and stats.files["rating.png"][:4] == b"\x89PNG"
        assert "Turni in tempo: **100%**" in stats.embeds[0]["description"]  # every turn clicked within the clock
        assert "Partite abbandonate: **0** su 1" in stats.embeds[0]["description"]
        history = await (await fake.slash(carol, channel, "history", options={"league": "Spring"})).reply()
        assert history.content.startswith("**Latest matches of the league Spring**") and "#1 Toy" in history.content
        refused = await league(fake, boss, channel, "settings", league="Spring", final=7)
        assert "A final of Toy seats 2 to 4 players, not 7" in refused.content
        await league(fake, boss, channel, "settings", league="Spring", final=2)
        ended = await league(fake, boss, channel, "end", group="season", league="Spring")
        final_thread = next(th for th in fake.threads(channel) if th is not thread)
        assert f"The final of Spring is seated in <#{final_thread.id}>" in ended.content
        await said(fake, channel, "Season 1 of Spring ends with its final")
        finalists = [u for u in players if u.id in fake.messages(final_thread)[0].pings]
        assert len(finalists) == 2 and "final of season 1" in fake.messages(final_thread)[0].text
        standings = await league(fake, alice, channel, "standings", league="Spring")
        assert standings.embeds[0]["description"].startswith("**Finale:** la giocano")
        await play_to_the_end(fake, finalists, final_thread)
        await said(fake, channel, "won the final and is the champion")
        info = await league(fake, alice, channel, "info", league="Spring")
        assert "Stagione 2" in info.embeds[0]["description"] and "ha vinto la finale" in info.embeds[0]["description"]
        spring = (await restarted.services.leagues.load(guild.id, "Spring")).league
        final = (await restarted.services.leagues.seasons(spring))[0].final_match
        standings_leader = (await restarted.services.leagues.seasons(spring))[0].standings[0].player
        voided = await (await fake.slash(boss, channel, "server", subcommand="void", options={"match": final})).reply()
        assert f"Season 1 of Spring (archived) is ranked again: champion <@{standings_leader}>" in voided.content
        info = await league(fake, alice, channel, "info", league="Spring")
        assert f"Stagione 1: vinta da <@{standings_leader}>" in info.embeds[0]["description"]  # no final decided it
        restored = await (await fake.slash(boss, channel, "server", subcommand="void",
                                           options={"match": final, "restore": True})).reply()
        assert "Season 1 of Spring (archived) is ranked again" in restored.content
        info = await league(fake, alice, channel, "info", league="Spring")
        assert "ha vinto la finale" in info.embeds[0]["description"]
        assert "/league standings season:1" in info.embeds[0]["description"]
        # the past season keeps its full standings: every member, the finalists first in the order of the final
        past = await league(fake, bob, channel, "standings", league="Spring", season=1)
        archived = (await restarted.services.leagues.seasons(spring))[0]
        rows = past.embeds[0]["description"].splitlines()
        assert past.embeds[0]["title"] == "Spring · season 1" and rows[0].startswith("Champion of season 1: <@")
        assert [row.split("<@")[1].split(">")[0] for row in rows[1:]] == [str(p) for p in archived.ranking]
        assert len(rows[1:]) == len(players) and past.files["standings.png"][:4] == b"\x89PNG"
        missing = await league(fake, alice, channel, "standings", league="Spring", season=5)
        assert missing.content == "Spring non ha una stagione archiviata 5; le sue stagioni archiviate: 1."
        await fake.quiet()  # the bot finishes what it is doing before it stops
    # every message of the season reads in its reader's language: no key, no placeholder, no word of the other
    found = wording.problems(fake, "en", set(), {u.name for u in [*players, boss]} | {"Spring", "Toy", "AI", "IA"})
    assert found == [], "\n".join(found)


async def test_server_language_and_voiding_are_for_managers(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, carol, boss, guild, channel = world
    async with fake.running(bot(settings)):
        with pytest.raises(PermissionError):  # Discord shows /server to the server's managers only
            await fake.slash(alice, channel, "server", subcommand="language", options={"language": "it"})
        done = await (await fake.slash(boss, channel, "server", subcommand="language",
                                       options={"language": "it"})).reply()
        assert "italiano" in done.content
        refused = await (await fake.slash(boss, channel, "server", subcommand="void", options={"match": 5})).reply()
        assert translate("queries.refusal.no_such_match", "en", match=5) in refused.content
        await fake.quiet()  # the bot finishes what it is doing before it stops


async def test_a_league_admin_sets_the_season_length_and_sees_it(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, carol, boss, guild, channel = world
    capo = fake.add_user("capo", locale="it")
    fake.add_member(guild, capo, permissions=discord.Permissions(manage_guild=True))
    async with fake.running(bot(settings)):
        await league(fake, boss, channel, "create", name="Spring", game="toy", season_days=30)
        info = (await league(fake, bob, channel, "info", league="Spring")).embeds[0]["description"]
        assert "**Season length:** 30 days" in info
        refused = await league(fake, boss, channel, "settings", league="Spring", season_days=400)
        assert refused.ephemeral and "Seasons of Spring may last 14 to 365 days, not 400 (0: no end)." in refused.content
        refused = await league(fake, capo, channel, "settings", league="Spring", season_days=7)
        assert "Le stagioni di Spring possono durare da 14 a 365 giorni, non 7 (0: senza fine)." in refused.content
        refused = await league(fake, alice, channel, "settings", league="Spring", season_days=60)
        assert "gestori del server" in refused.content  # only the league's admins
        saved = await league(fake, boss, channel, "settings", league="Spring", season_days=60)
        shown = saved.embeds[0]["description"]
        assert "The settings of Spring are saved" in saved.content and "**Season length:** 60 days" in shown
        info = (await league(fake, capo, channel, "info", league="Spring")).embeds[0]["description"]
        assert "**Durata della stagione:** 60 giorni" in info and "da <t:" in info and "a <t:" in info
        cleared = await league(fake, boss, channel, "settings", league="Spring", season_days=0)
        assert "**Season length:** not set" in cleared.embeds[0]["description"]
        await fake.quiet()  # the bot finishes what it is doing before it stops
    found = wording.problems(fake, "en", set(), {u.name for u in [alice, bob, carol, boss, capo]} | {"Spring", "Toy"})
    assert found == [], "\n".join(found)

def walk(definitions, path=()):
    """Every command, group, option and choice of the registered definitions, with where it sits."""
    for item in definitions:
        here = (*path, item["name"])
        yield here, item
        yield from walk(item.get("options", []), here)
        for choice in item.get("choices", []):
            yield (*here, str(choice["value"])), choice


async def test_every_command_option_and_choice_has_its_italian_name_and_description(fake_discord, settings, world):
    fake = fake_discord
    async with fake.running(bot(settings)):
        registered = fake.registered_commands()
        await fake.quiet()  # the bot finishes what it is doing before it stops
    found = list(walk(registered))
    assert {"league", "rules", "card", "replay", "history", "leaderboard", "stats", "server"} <= {p[0] for p, _ in found}
    for path, item in found:
        assert item.get("name_localizations", {}).get("it"), path
        if "description" in item:
            assert item.get("description_localizations", {}).get("it"), path
    siblings = {}
    for path, item in found:
        siblings.setdefault(path[:-1], []).append(item["name_localizations"]["it"])
    assert all(len(names) == len(set(names)) for names in siblings.values())


async def test_a_league_checks_the_bots_permissions_first_and_is_never_made_in_a_thread(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, carol, boss, guild, channel = world
    talk_only = discord.Permissions(view_channel=True, send_messages=True, embed_links=True, attach_files=True,
                                    read_message_history=True)
    no_threads = fake.add_text_channel(guild, "no-threads", bot_permissions=talk_only)
    async with fake.running(bot(settings)) as client:
        refused = await league(fake, boss, no_threads, "create", name="Spring", game="toy")
        assert "I need “Create Public Threads”, “Send Messages in Threads”" in refused.content
        assert await client.services.leagues.all(guild.id) == [] and fake.messages(no_threads) == []
        lobby = await (await fake.slash(alice, channel, "game", subcommand="new", options={"game": "toy"})).reply()
        assert lobby.ephemeral
        (thread,) = fake.threads(channel)
        refused = await league(fake, boss, thread, "create", name="Spring", game="toy")
        assert "create it in a text channel, not in a thread" in refused.content
        assert await client.services.leagues.all(guild.id) == []
        await league(fake, boss, channel, "create", name="Spring", game="toy")
        for user in (alice, bob):
            await league(fake, user, channel, "join", league="Spring")
        fake.set_bot_permissions(channel, talk_only | discord.Permissions(create_public_threads=True))
        refused = await league(fake, alice, channel, "open", group="round", league="Spring")
        assert refused.content.startswith("Mi serve «Invia messaggi nelle discussioni» in <#")  # alice reads Italian
        spring = (await client.services.leagues.load(guild.id, "Spring")).league
        assert spring.rounds == () and len(fake.threads(channel)) == 1


async def test_a_round_that_fails_half_way_is_taken_back_and_simply_opens_again(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, carol, boss, guild, channel = world
    dave = fake.add_user("dave")
    fake.add_member(guild, dave)
    async with fake.running(bot(settings)) as client:
        await league(fake, boss, channel, "create", name="Spring", game="toy", min_table=2, max_table=2)
        for user in (alice, bob, carol, dave):
            await league(fake, user, channel, "join", league="Spring")
        # Discord refuses the second table's thread: the first table was seated, its match made.
        fake.fail_next("POST", r"^/channels/\d+/threads$", status=403, code=50013, after=1)
        refused = await league(fake, boss, channel, "open", group="round", league="Spring")
        assert "Discord refused me a thread for a table in <#" in refused.content
        spring = (await client.services.leagues.load(guild.id, "Spring")).league
        assert spring.rounds == ()
        first = await client.services.matches.core.storage.matches(statuses=("lobby", "running", "over", "abandoned", "cancelled"))
        assert [m.status for m in first] == ["cancelled"]
        await client.services.leagues.tick()  # nothing for the clock to do: no ERROR, no round stuck open
        opened = await league(fake, boss, channel, "open", group="round", league="Spring")
        assert "Round 1 of Spring is open: 2 tables," in opened.content
        running = await client.services.matches.core.storage.matches(statuses=("running",))
        assert len(running) == 2
        await fake.quiet()


async def test_a_league_speaks_the_servers_language_until_one_is_chosen(fake_discord, settings):
    fake = fake_discord
    boss = fake.add_user("boss")
    guild = fake.add_guild("Bazar", owner=boss, locale="it")
    channel = fake.add_text_channel(guild, "leghe")
    async with fake.running(bot(settings)):
        created = await league(fake, boss, channel, "create", name="Primavera", game="toy")
        assert created.content.startswith("League **Primavera** (Toy) is open")  # boss's own language
        await said(fake, channel, "La lega **Primavera** (Toy) è aperta")      # the server's, in its channel
        await (await fake.slash(boss, channel, "server", subcommand="language", options={"language": "en"})).reply()
        await league(fake, boss, channel, "create", name="Estate", game="toy")
        await said(fake, channel, "League **Estate** (Toy) is open")


async def test_a_leagues_variant_placement_points_and_ai_places_are_set_in_discord(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, carol, boss, guild, channel = world
    async with fake.running(bot(settings)) as client:
        choices = await (await fake.autocomplete(boss, channel, "league", subcommand="create", focused="options",
                                                 options={"name": "Spring", "game": "toy", "options": "he"})).choices()
        assert any(c["value"].startswith("heap=") for c in choices)
        refused = await league(fake, boss, channel, "create", name="Spring", game="toy", points="6,four,0")
        assert "“6,four,0” is not a list of points" in refused.content
        await league(fake, boss, channel, "create", name="Spring", game="toy", options="heap=9",
                     points="6,4,2,0; 5,2,0", ai_places="skip")
        spring = (await client.services.leagues.load(guild.id, "Spring")).league.settings
        assert spring.params["heap"] == 9 and spring.ai_places == "skip"
        assert spring.points(4) == (6, 4, 2, 0) and spring.points(3) == (5, 2, 0)
        refused = await league(fake, alice, channel, "settings", league="Spring", points="1,2")
        assert "posizione" not in refused.content and "gestori del server" in refused.content
        refused = await league(fake, boss, channel, "settings", league="Spring", points="1,2")
        assert "Placement points for tables of 2 need one number per place, never rising" in refused.content
        await league(fake, boss, channel, "settings", league="Spring", points="3,0", ai_places="count")
        spring = (await client.services.leagues.load(guild.id, "Spring")).league.settings
        # The lists given replace the earlier ones: tables of three are back to the default.
        assert spring.points(2) == (3, 0) and spring.points(3) == (6, 3, 0) and spring.ai_places == "count"
        await fake.quiet()
