"""End to end: the real discord.py client against the fake Discord (loopback), playing the toy games.

Payload validation against Discord's OpenAPI spec, unknown routes and ERROR logs are checked by the
fake at teardown of every test.
"""

import asyncio

import pytest

from bot.storage import SqliteStorage
from engine.core.messages import translate

from .e2e import (
    awaited,
    bot,
    new_match,
    news_dms,
    open_id,
    open_panel,
    start,
    table_message,
    take_turn,
)


def t(key, user):
    return translate(key, "it" if user.locale == "it" else "en")


@pytest.fixture
def world(fake_discord):
    fake = fake_discord
    alice, bob = fake.add_user("alice", locale="it"), fake.add_user("bob")
    guild = fake.add_guild("Bazaar", members=[alice, bob])
    return alice, bob, guild, fake.add_text_channel(guild, "tables")


async def replays_exactly(settings, place_id):
    from bot.services import MatchServices

    storage = SqliteStorage(settings.database_path)
    await storage.open()
    try:
        service = MatchServices(storage, presenter=None)
        match = (await storage.matches(statuses=("over",)))[-1]
        assert match.place_id == place_id
        assert service.core.game_of(match).dump_state(await service.core.replay(match)) == match.state
        return match, await storage.result(match.id)
    finally:
        await storage.close()


async def test_a_three_player_match_survives_a_restart_and_discord_failures(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, guild, channel = world
    players = [alice, bob]
    async with fake.running(bot(settings)):
        handle, reply = await new_match(fake, alice, channel, "toy")
        assert handle.acknowledged_first and reply.ephemeral
        assert "Toy" in reply.content and "aperta" in reply.content  # alice reads Italian
        thread = fake.threads(channel)[0]
        lobby = fake.latest_with_components(thread)
        await (await fake.click(bob, lobby, label="Join")).reply()
        await (await fake.click(alice, lobby, label="Add AI: easy")).reply()  # the lobby edited: done, even on a busy machine
        await fake.quiet()
        lobby = fake.message(lobby.id)
        assert "3" in lobby.text and "AI" in lobby.text
        # Discord says "slow down" and then "oops" while the match starts: discord.py retries, nothing is lost.
        fake.fail_next("POST", r"^/channels/\d+/messages$", status=429, retry_after=0.02)
        fake.fail_next("PATCH", r"^/channels/\d+/messages/\d+$", status=500)
        await fake.click(alice, lobby, label="Start")
        # discord.py waits a second before retrying the 500: wait for the outcome, not for silence.
        await fake.wait_for(lambda: fake.message(lobby.id).components == [] and any(map(open_id, fake.messages(thread))),
                            timeout=30, what="the lobby to close and the table to appear")
        await fake.quiet()
        started = fake.message(lobby.id).text  # the lobby no longer asks to join and start
        assert "every turn is announced at the table" in started and "presses Start" not in started, started
        assert len(awaited(fake, thread, players)) == 1
        first, _ = await take_turn(fake, players, thread)
        await fake.reconnect()  # a gateway reconnect and resume in the middle
        await take_turn(fake, players, thread)
    old_table = table_message(fake, thread)

    async with fake.running(bot(settings)):  # the bot restarts: the old buttons still work
        user = awaited(fake, thread, players)[0]
        panel = await open_panel(fake, user, thread)
        assert panel.ephemeral and old_table.id == table_message(fake, thread).id
        step = [c for c in panel.custom_ids() if ":do:" in c][0]
        # A double click: the step applies once, the other click answers politely with the current board.
        clicks = await asyncio.gather(fake.click(user, panel, custom_id=step), fake.click(user, panel, custom_id=step))
        # The second click waits for the first to be saved and shown before it is judged stale.
        await fake.wait_for(lambda: any(c.followups for c in clicks), timeout=30, what="the stale click's answer")
        await fake.quiet()
        # (When the step left the next player only one move, the bot took it and the match may be over already.)
        polite = ("non è più aggiornato", "i suoi pulsanti non giocano più")
        stale = [m for c in clicks for m in c.followups if any(p in m.text for p in polite)]
        assert len(stale) == 1 and stale[0].ephemeral
        for _ in range(20):
            if not any(m.embeds and "final" in m.text.lower() for m in fake.messages(thread)):
                await take_turn(fake, players, thread)
        final = fake.latest(thread)
        assert "final scores" in final.text and {alice.id, bob.id} <= final.pings
    match, result = await replays_exactly(settings, thread.id)
    assert result.status == "over" and match.status == "over"
    assert [s["ai"] for s in result.seats] == [None, None, "random"]


async def test_refusals_are_private_and_in_the_players_language(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, guild, channel = world
    async with fake.running(bot(settings)):
        await new_match(fake, alice, channel, "toy", where="channel")
        lobby = fake.latest_with_components(channel)
        start = await fake.click(alice, lobby, label="Start")  # alone: not enough players
        await fake.wait_for(lambda: start.followups, timeout=30, what="the refusal")
        await fake.quiet()
        (refusal,) = start.followups
        assert refusal.ephemeral and "da 2 a 4" in refusal.content
        cancel = await fake.slash(bob, channel, "game", subcommand="cancel")
        assert "Only the match's host" in (await cancel.reply()).content
        again = await fake.slash(bob, channel, "game", subcommand="new", options={"game": "toy", "where": "channel"})
        assert "already has a match" in (await again.reply()).content
        listing = await fake.slash(bob, channel, "game", subcommand="list")
        assert "#1 Toy" in (await listing.reply()).content
        cancel = await fake.slash(alice, channel, "game", subcommand="cancel")
        assert "annullata" in (await cancel.reply()).content
        await fake.quiet()


async def test_slash_commands_play_undo_hand_status_log_and_autocomplete(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, guild, channel = world
    async with fake.running(bot(settings)):
        await new_match(fake, alice, channel, "toy-peek", where="channel")
        lobby = fake.latest_with_components(channel)
        await (await fake.click(bob, lobby, label="Join")).reply()
        await fake.click(alice, lobby, label="Start")
        await fake.wait_for(lambda: table_message(fake, channel) is not None, timeout=30, what="the table")
        await fake.quiet()
        (user,) = awaited(fake, channel, [alice, bob])
        other = bob if user is alice else alice
        suggestions = await (await fake.autocomplete(user, channel, "play", focused="move",
                                                     options={"move": "take"})).choices()
        assert [c["value"].rpartition("@")[0] for c in suggestions] == ["take 1", "take 2", "take 3"]
        assert await (await fake.autocomplete(other, channel, "play", focused="move",
                                              options={"move": ""})).choices() == []
        refused = await fake.slash(other, channel, "play", options={"move": suggestions[0]["value"]})
        assert (await refused.reply()).ephemeral
        # Typed by hand, a move carries no board: the player confirms it with one click on this board.
        typed = await (await fake.slash(user, channel, "play", options={"move": "take 1"})).reply()
        assert typed.ephemeral and [b["label"] for b in typed.buttons()][:1] == ["✓ " + t("core.illegal", user)]
        played = await fake.slash(user, channel, "play", options={"move": suggestions[0]["value"]})
        assert (await played.reply()).content.startswith(("Done", "Fatto"))
        await fake.quiet()
        # The same command again (a retry after a crash, a double send): refused with the current board.
        again = await (await fake.slash(user, channel, "play", options={"move": suggestions[0]["value"]})).reply()
        assert "moved on" in again.content or "non è più" in again.content
        assert again.embeds
        await fake.quiet()
        undo = await fake.slash(user, channel, "undo")
        assert (await undo.reply()).ephemeral
        await fake.quiet()
        assert awaited(fake, channel, [alice, bob]) == [user]  # pinged again after the undo
        for command in ("hand", "board", "status", "log"):
            reply = await (await fake.slash(user, channel, command)).reply()
            assert reply.ephemeral and reply.content is not None or reply.embeds
        log = await (await fake.slash(user, channel, "log")).reply()
        assert "took back a move" in log.content or "ha annullato una mossa" in log.content
        mine = await (await fake.slash(user, channel, "game", subcommand="mine")).reply()
        assert "⏰" in mine.content
        await fake.quiet()


async def take_three_without_an_answer(fake, user, channel):
    """`user` takes 3 stones (a secret draw) from their panel, and the answer to the click never arrives
    (its token died, as 15 minutes after an interaction)."""
    panel = await open_panel(fake, user, channel)
    fake.fail_next("PATCH", r"^/webhooks/\d+/[^/]+/messages/@original$", status=401, code=50027)
    await fake.click(user, panel, custom_id=[c for c in panel.custom_ids() if c.endswith(":do:take 3")][0])


async def test_private_news_comes_once_in_the_reply_or_else_by_dm_and_closed_dms_fall_back(
        fake_discord, settings, world):
    fake = fake_discord
    alice, bob, guild, channel = world
    bob.dms_open = False
    async with fake.running(bot(settings)):
        await new_match(fake, alice, channel, "toy-peek", where="channel")
        lobby = fake.latest_with_components(channel)
        await (await fake.click(bob, lobby, label="Join")).reply()
        await fake.click(alice, lobby, label="Start")
        await fake.wait_for(lambda: table_message(fake, channel) is not None, timeout=30, what="the table")
        await fake.quiet()
        # Alice's answer is lost: her secret draw comes by DM instead, once.
        await take_three_without_an_answer(fake, alice, channel)
        await fake.wait_for(lambda: news_dms(fake, alice), timeout=30, what="alice's DM")
        await fake.quiet()
        assert len(news_dms(fake, alice)) == 1 and news_dms(fake, alice)[0].content
        # Bob's DMs are closed: his starting hand was refused at the start, and a mention said where his news
        # waits. His answer is lost too: his news goes to the mailbox, with no new try into a 403.
        assert len(fake.refused_dms) == 1 and translate("bot.dm.starting_hand", "en") in fake.refused_dms[0][1]["content"]
        await take_three_without_an_answer(fake, bob, channel)
        await fake.quiet()
        assert len(fake.refused_dms) == 1
        mention = [m for m in fake.messages(channel) if bob.id in m.pings and "/hand" in m.content]
        assert len(mention) == 1, [m.content for m in mention]
        # Bob's next interaction hands over what he missed, privately.
        await (await fake.slash(bob, channel, "status")).reply()
        await fake.quiet()
        missed = [m for m in fake.ephemerals(bob) if m.content and "missed" in m.content]
        # His first click handed over his starting hand; /status the news of his lost answer.
        assert len(missed) == 2 and translate("bot.dm.starting_hand", "en") in missed[0].content
        # Nobody else ever saw alice's or bob's secrets.
        secret_alice = news_dms(fake, alice)[0].content.splitlines()[-1]
        assert not any(secret_alice in m.text for m in fake.seen_by(bob))
        # The last stone is alice's only move: the bot took it for her, and the match ended.
        assert "final scores" in fake.latest(channel).text
        assert len(news_dms(fake, alice)) == 1 and len(fake.refused_dms) == 1  # no retry into 403s


async def test_an_expired_interaction_changes_nothing_and_the_retry_works(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, guild, channel = world
    async with fake.running(bot(settings)):
        await new_match(fake, alice, channel, "toy", where="channel")
        lobby = fake.latest_with_components(channel)
        fake.fail_next("POST", r"^/interactions/\d+/[^/]+/callback$", status=404, code=10062)
        await fake.click(bob, lobby, label="Join")
        await fake.quiet()
        assert str(bob.id) not in fake.message(lobby.id).text
        await fake.click(bob, lobby, label="Join")
        await fake.wait_for(lambda: str(bob.id) in fake.message(lobby.id).text, timeout=30, what="bob in the lobby")
        await fake.quiet()


async def test_commands_are_registered_with_italian_descriptions(fake_discord, settings, world):
    fake = fake_discord
    async with fake.running(bot(settings)):
        commands = {c["name"]: c for c in fake.registered_commands()}
        assert {"game", "play", "hand", "board", "status", "log", "undo", "resign", "settings"} <= set(commands)
        assert commands["play"]["description_localizations"]["it"].startswith("Fai una mossa")


async def test_reminders_come_by_dm_and_at_expiry_the_ai_plays(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, guild, channel = world
    client = bot(settings)
    async with fake.running(client):
        await new_match(fake, alice, channel, "toy", where="channel", clock_hours=10)
        lobby = fake.latest_with_components(channel)
        await (await fake.click(bob, lobby, label="Join")).reply()
        await (await fake.click(alice, lobby, label="Start")).reply()
        await fake.wait_for(lambda: len(awaited(fake, channel, [alice, bob])) == 1, timeout=30, what="the table")
        await fake.quiet()
        (late,) = awaited(fake, channel, [alice, bob])
        started = client.services.matches.core.now()
        client.services.matches.core.now = lambda: started + 5.5 * 3600  # past half the clock
        assert await client.services.matches.timekeeper.tick() == 1
        await fake.quiet()
        (reminder,) = news_dms(fake, late)
        assert "<t:" in reminder.content  # the deadline, shown in the reader's own time zone
        client.services.matches.core.now = lambda: started + 10.1 * 3600  # two more nudges, then the clock runs out
        assert await client.services.matches.timekeeper.tick() == 3
        await fake.quiet()
        assert len(news_dms(fake, late)) == 3
        assert awaited(fake, channel, [alice, bob]) == [bob if late is alice else alice]
        assert any(f"<@{late.id}>" in m.content and "AI" in m.content for m in fake.messages(channel) if m.content)


async def test_an_unexpected_error_is_logged_with_its_trace_and_the_player_gets_one_calm_sentence(
        fake_discord, settings, world):
    fake = fake_discord
    alice, bob, guild, channel = world
    client = bot(settings)
    async with fake.running(client):
        await new_match(fake, alice, channel, "toy", where="channel")

        async def broken(*args, **kwargs):
            raise RuntimeError("the disk is on fire")

        client.services.matches.table.status = broken
        reply = await (await fake.slash(alice, channel, "status")).reply()
        assert reply.ephemeral and reply.content.startswith("Qualcosa è andato storto")
        assert "fire" not in reply.content
        await fake.quiet()
    (logged,) = fake.logged_errors
    assert logged.exc_info and "the disk is on fire" in str(logged.exc_info[1])
    fake.logged_errors.clear()  # provoked on purpose


async def test_a_lobby_opens_with_all_its_ai_seats_or_not_at_all(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, guild, channel = world
    async with fake.running(bot(settings)):
        full = await (await fake.slash(bob, channel, "game", subcommand="new",
                                       options={"game": "toy", "ai_players": 4})).reply(timeout=30)
        assert full.content == translate("bot.refusal.too_many_ai", "en", game="Toy", high=4, most=3)
        assert fake.threads(channel) == [] and fake.messages(channel) == []  # no thread, no lobby
        await new_match(fake, alice, channel, "toy", ai_players=3)
        lobby = fake.latest_with_components(fake.threads(channel)[0])
        assert lobby.text.count("AI") + lobby.text.count("IA") >= 3
    storage = SqliteStorage(settings.database_path)
    await storage.open()
    try:
        (match,) = await storage.matches(statuses=("lobby",))
        assert [(s.user_id, s.ai) for s in match.seats] == [(alice.id, None)] + [(None, "random")] * 3
    finally:
        await storage.close()


async def test_a_challenge_calls_its_players_once_and_only_they_can_join(fake_discord, settings):
    fake = fake_discord
    alice, bob, carol, dora = (fake.add_user(name, locale="it" if name == "bob" else "en-US")
                               for name in ("alice", "bob", "carol", "dora"))
    guild = fake.add_guild("Bazaar", members=[alice, bob, carol, dora])
    channel = fake.add_text_channel(guild, "tables")
    async with fake.running(bot(settings)):
        for options, refusal in (({"player": alice}, "challenge_yourself"), ({"player": bob, "player2": bob}, "challenge_twice"),
                                 ({"player": bob, "player2": carol, "ai_players": 2}, "challenge_too_many")):
            refused = await (await fake.slash(alice, channel, "game", subcommand="challenge",
                                              options={"game": "toy", **options})).reply(timeout=30)
            assert refused.ephemeral and refused.content == translate(
                f"bot.refusal.{refusal}", "en", game="Toy", high=4)
        assert fake.threads(channel) == []  # nothing opened for a refused challenge
        opened = await (await fake.slash(alice, channel, "game", subcommand="challenge",
                                         options={"game": "toy", "player": bob, "player2": carol})).reply(timeout=30)
        assert opened.ephemeral
        thread = fake.threads(channel)[0]
        lobby = fake.latest_with_components(thread)
        assert lobby.pings == {bob.id, carol.id}  # called, the host not
        refused = await fake.click(dora, lobby, label="Join")
        await fake.quiet()
        assert [m.content for m in refused.messages if m is not refused.source_message] == [
            translate("bot.refusal.challenge_only", "en", host=f"<@{alice.id}>")]
        for user in (bob, carol):
            await (await fake.click(user, lobby, label="Join")).reply()
        await fake.quiet()
        lobby = fake.message(lobby.id)
        assert lobby.edits >= 2 and lobby.pings == {bob.id, carol.id}  # the same call, edited: nobody pinged again
        assert len([m for m in fake.messages(thread) if m.pings]) == 1
        await (await fake.click(alice, lobby, label="Start")).reply()
        await fake.quiet()
    storage = SqliteStorage(settings.database_path)
    await storage.open()
    try:
        (match,) = await storage.matches(statuses=("running",))
        assert [s.user_id for s in match.seats] == [alice.id, bob.id, carol.id]
    finally:
        await storage.close()


async def test_a_rematch_opens_the_same_table_again_for_its_players_only(fake_discord, settings):
    fake = fake_discord
    alice, bob, dora = (fake.add_user(name) for name in ("alice", "bob", "dora"))
    guild = fake.add_guild("Bazaar", members=[alice, bob, dora])
    channel = fake.add_text_channel(guild, "tables")
    async with fake.running(bot(settings)):
        await start(fake, [alice, bob], channel, ai=1, game="toy")
        for user in (alice, bob):  # the AI seats finish the match
            await (await fake.slash(user, channel, "resign")).reply()
        await fake.wait_for(lambda: any("Rematch" in m.text for m in fake.messages(channel)), timeout=120,
                            what="the final score")
        final = next(m for m in fake.messages(channel) if "Rematch" in m.text)

        async def rematch(user):
            handle = await fake.click(user, final, label="Rematch")
            await fake.quiet()
            return [m.content for m in handle.messages if m is not handle.source_message]

        assert await rematch(dora) == [translate("bot.refusal.rematch_players_only", "en", match=1)]
        assert fake.latest_with_components(channel).id == final.id  # nothing opened
        assert await rematch(bob) == [translate("bot.lobby.opened", "en", title="Toy", where=f"<#{channel.id}>")]
        lobby = fake.latest_with_components(channel)
        assert lobby.pings == {alice.id}  # the other player is called; the AI seat sits again
        assert await rematch(bob) == [translate("bot.refusal.already_seated", "en")]  # a second click: no second lobby
        assert await rematch(alice) == [translate("bot.lobby.rematch_joined", "en", where=f"<#{channel.id}>")]
    storage = SqliteStorage(settings.database_path)
    await storage.open()
    try:
        (match,) = await storage.matches(statuses=("lobby",))
        assert [(s.user_id, s.ai is not None) for s in match.seats] == [(bob.id, False), (None, True), (alice.id, False)]
        assert (match.settings["rematch_of"], match.settings["challenged"], match.place_id) == (1, [alice.id], channel.id)
    finally:
        await storage.close()


async def test_a_player_takes_a_break_the_host_pauses_the_match_and_the_table_is_told_each_time(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, guild, channel = world
    async with fake.running(bot(settings)):
        await start(fake, [alice, bob], channel, ai=1, game="toy")
        away = await (await fake.slash(bob, channel, "settings", subcommand="away", options={"days": 2})).reply()
        assert away.ephemeral and away.content.startswith("You are away until <t:")
        await fake.quiet()
        assert any(m.content.startswith(f"<@{bob.id}> is away until <t:") for m in fake.messages(channel))
        back = await (await fake.slash(bob, channel, "settings", subcommand="away", options={"days": 0})).reply()
        assert back.content == translate("bot.prefs.back", "en")
        await fake.quiet()
        assert fake.messages(channel)[-1].content == translate("bot.away.back", "en", user=f"<@{bob.id}>")
        refused = await (await fake.slash(alice, channel, "settings", subcommand="away", options={"days": 0})).reply()
        assert refused.content == translate("bot.refusal.not_away", "it")
        # the host pauses the whole match, and resumes it; another player may not
        refused = await (await fake.slash(bob, channel, "game", subcommand="pause")).reply()
        assert refused.content == translate("bot.refusal.host_only", "en")
        for command, said in (("pause", "bot.pause.paused"), ("resume", "bot.pause.resumed")):
            done = await (await fake.slash(alice, channel, "game", subcommand=command)).reply()
            assert done.ephemeral and done.content == translate(f"bot.pause.done_{command}d", "it")
            await fake.quiet()
            assert fake.messages(channel)[-1].content == translate(said, "en", user=f"<@{alice.id}>")


async def test_a_substitute_takes_an_ai_seat_and_gets_its_hand_at_once(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, guild, channel = world
    carol = fake.add_user("carol")
    fake.add_member(guild, carol)
    async with fake.running(bot(settings)):
        await new_match(fake, alice, channel, "toy-peek", where="channel", ai_players=1)
        lobby = fake.latest_with_components(channel)
        await (await fake.click(bob, lobby, label="Join")).reply()
        await (await fake.click(alice, lobby, label="Start")).reply()
        await fake.wait_for(lambda: table_message(fake, channel) is not None, timeout=30, what="the table")
        await fake.quiet()
        seats = await (await fake.autocomplete(alice, channel, "game", subcommand="substitute", focused="seat",
                                               options={"seat": ""})).choices()
        assert [c["value"] for c in seats] == [2] and "IA" in seats[0]["name"]  # alice reads Italian
        refused = await (await fake.slash(bob, channel, "game", subcommand="substitute",
                                          options={"seat": 2, "player": carol})).reply()
        assert refused.content == translate("bot.refusal.host_only", "en")
        done = await (await fake.slash(alice, channel, "game", subcommand="substitute",
                                       options={"seat": 2, "player": carol})).reply()
        assert done.ephemeral and done.content == translate("bot.match.substituted", "it", user=f"<@{carol.id}>", seat=2)
        await fake.wait_for(lambda: news_dms(fake, carol), timeout=30, what="carol's hand")
        await fake.quiet()
        assert translate("bot.dm.substitute_hand", "en") in news_dms(fake, carol)[0].content
        assert any(f"<@{carol.id}> now plays" in m.content for m in fake.messages(channel))
