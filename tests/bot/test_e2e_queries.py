"""End to end through the fake Discord: /rules, /card, /replay and /history, clicked as players click."""

import json

import pytest

from bot.cogs.queries import warm_up
from bot.queries import help as guide
from bot.queries import rules
from bot.services import MatchServices, MatchSettings
from bot.storage import SqliteStorage
from engine.cli import GameRecord
from engine.core import get_game
from engine.core.messages import translate

from .e2e import bot
from .fakes import RecordingPresenter

warm_up()  # what the bot does in the background at start-up, done before the clock of any test runs


@pytest.fixture
def world(fake_discord):
    fake = fake_discord
    alice, bob, carol = fake.add_user("alice", locale="it"), fake.add_user("bob"), fake.add_user("carol")
    guild = fake.add_guild("Bazaar", members=[alice, bob, carol])
    return alice, bob, carol, guild, fake.add_text_channel(guild, "tables")


async def finished_match(settings, game, guild, channel, humans, *, ai=0, running=False):
    """A match of `humans` (and `ai` seats) in the database, played to its end by AI seats once every human
    resigned (or left running after set-up): the bot finds it when it starts."""
    storage = SqliteStorage(settings.database_path)
    await storage.open()
    try:
        service = MatchServices(storage, RecordingPresenter(), new_seed=lambda: 7)
        host, *guests = humans
        match = await service.lobby.create(game_key=game, host_id=host.id, channel_id=channel.id, place_id=channel.id,
                                     guild_id=guild.id, settings=MatchSettings(ai_policy="random"), host_name=host.name)
        for user in guests:
            await service.lobby.join(match.id, user.id, name=user.name)
        for _ in range(ai):
            await service.lobby.add_ai(match.id, host.id, "easy")
        await service.lobby.start(match.id, host.id)
        if not running:
            for user in humans:
                await service.playing.resign(match.id, user.id)
        return await storage.get_match(match.id)
    finally:
        await storage.close()


async def edited(fake, message, act):
    """Do `act` (a click on `message`) and wait until the bot has edited the message (pictures take a while)."""
    edits = fake.message(message.id).edits
    await act
    await fake.wait_for(lambda: fake.message(message.id).edits > edits, timeout=30, what="the answer to change")
    return fake.message(message.id)


async def test_rules_answer_in_the_players_language_with_autocomplete_and_parts(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, carol, guild, channel = world
    async with fake.running(bot(settings)):
        games = await (await fake.autocomplete(bob, channel, "rules", focused="game", options={"game": "ras"})).choices()
        assert games == [{"name": "Al-Rashid", "value": "al-rashid"}]
        # alice reads Italian: the headings come in Italian, the value is the same key in every language
        topics = await (await fake.autocomplete(alice, channel, "rules", focused="topic",
                                                options={"game": "al-rashid", "topic": "fine"})).choices()
        assert topics and all(len(c["name"]) <= 100 for c in topics)
        english = await (await fake.autocomplete(bob, channel, "rules", focused="topic",
                                                 options={"game": "al-rashid", "topic": ""})).choices()
        assert len(english) == min(25, len(rules.topics("al-rashid")))
        key = english[1]["value"]
        reply = await (await fake.slash(alice, channel, "rules", options={"game": "al-rashid", "topic": key})).reply()
        assert reply.ephemeral and reply.embeds[0]["description"]
        italian_title = reply.embeds[0]["title"]
        reply = await (await fake.slash(bob, channel, "rules", options={"game": "al-rashid", "topic": key})).reply()
        assert reply.embeds[0]["title"] != italian_title  # the same section, in English for bob
        # the longest section comes in parts, linked by buttons
        longest = max(rules.topics("al-rashid"), key=lambda topic: len(topic.text))
        reply = await (await fake.slash(bob, channel, "rules", options={"game": "al-rashid",
                                                                         "topic": longest.key})).reply()
        parts = len(rules.answer("al-rashid", longest.key, "en").parts)
        assert parts > 1 and f"Part 1 of {parts}" in reply.embeds[0]["footer"]["text"]
        first = reply.embeds[0]["description"]
        moved = await edited(fake, reply, fake.click(bob, reply, label="Next part ▶"))
        assert moved.embeds[0]["description"] != first and f"Part 2 of {parts}" in moved.embeds[0]["footer"]["text"]
        refused = await (await fake.slash(alice, channel, "rules", options={"game": "al-rashid",
                                                                             "topic": "no-such"})).reply()
        assert refused.ephemeral and "non hanno una sezione" in refused.content
        refused = await (await fake.slash(bob, channel, "rules", options={"game": "chess", "topic": "x"})).reply()
        assert "has no rules to show" in refused.content
        await fake.quiet()  # the bot finishes what it is doing before it stops


async def test_card_shows_picture_and_text_in_both_languages_for_every_catalogue(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, carol, guild, channel = world
    from engine.core.catalogue import catalogue
    async with fake.running(bot(settings)):
        offered = await (await fake.autocomplete(bob, channel, "card", focused="game", options={"game": ""})).choices()
        with_cards = {c["value"] for c in offered}
        assert {"al-rashid", "notre-dame", "taj-mahal", "yspahan"} <= with_cards
        for game in sorted(with_cards):
            first = catalogue(game)[0]
            choices = await (await fake.autocomplete(alice, channel, "card", focused="name",
                                                     options={"game": game, "name": first.name["it"][:4]})).choices()
            assert first.id in [c["value"] for c in choices]
            reply = await (await fake.slash(alice, channel, "card", options={"game": game, "name": first.id})).reply()
            assert reply.ephemeral and reply.embeds[0]["title"] == first.name["it"]
            assert reply.embeds[0]["image"]["url"] == "attachment://card.png" and reply.files["card.png"][:4] == b"\x89PNG"
        refused = await (await fake.slash(bob, channel, "card", options={"game": "al-rashid", "name": "zzz"})).reply()
        assert "has no component called" in refused.content
        await fake.quiet()  # the bot finishes what it is doing before it stops


async def test_replay_steps_through_every_state_of_a_finished_match_and_refuses_a_running_one(
        fake_discord, settings, world):
    fake = fake_discord
    alice, bob, carol, guild, channel = world
    other = fake.add_text_channel(guild, "other")
    match = await finished_match(settings, "toy-peek", guild, channel, [alice, bob])
    running = await finished_match(settings, "toy-peek", guild, other, [alice, carol], running=True)
    async with fake.running(bot(settings)):
        await fake.quiet()
        choices = await (await fake.autocomplete(carol, channel, "replay", focused="match",
                                                 options={"match": ""})).choices()
        assert [c["value"] for c in choices] == [match.id]  # the running match is not offered
        refused = await (await fake.slash(carol, channel, "replay", options={"match": running.id})).reply()
        assert refused.ephemeral and "has not finished" in refused.content
        reply = await (await fake.slash(carol, channel, "replay", options={"match": match.id, "step": 0})).reply()
        assert reply.ephemeral and "The table as set up" in reply.embeds[0]["description"]
        steps = int(reply.embeds[0]["description"].split("(")[1].split()[0])
        seen = [reply.embeds[0]["description"]]
        for step in range(1, steps + 1):
            moved = await edited(fake, reply, fake.click(carol, fake.message(reply.id), label="Next ▶"))
            seen.append(moved.embeds[0]["description"])
            assert f"Step {step} of {steps}" in seen[-1]
        assert fake.message(reply.id).button("Next ▶").get("disabled")
        moved = await edited(fake, reply, fake.click(carol, fake.message(reply.id), label="⏮ Start"))
        assert moved.embeds[0]["description"] == seen[0]
        # the exported record replays to the stored final state
        await fake.click(carol, fake.message(reply.id), label="Export")
        await fake.wait_for(lambda: any(m.files for m in fake.ephemerals(carol)), what="the record")
        exported = [m for m in fake.ephemerals(carol) if m.files][-1]
        record = GameRecord.model_validate(json.loads(next(iter(exported.files.values()))))
        game = get_game(record.game)
        state = game.new_game(record.params, record.seats, record.seed)
        for seat, notation in record.actions:
            state, _ = game.apply(state, seat, notation)
        assert game.dump_state(state) == match.state
        refused = await (await fake.slash(alice, channel, "replay", options={"match": 999})).reply()
        assert "non ha una partita n. 999" in refused.content
        await fake.quiet()  # the bot finishes what it is doing before it stops


async def test_replay_of_al_rashid_shows_pictures_and_each_players_own_secrets_only(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, carol, guild, channel = world
    match = await finished_match(settings, "al-rashid", guild, channel, [alice, bob], ai=1)
    async with fake.running(bot(settings)):
        await fake.quiet()
        mine = await (await fake.slash(bob, channel, "replay", options={"match": match.id, "step": 5})).reply()
        theirs = await (await fake.slash(carol, channel, "replay", options={"match": match.id, "step": 5})).reply()
        assert set(mine.files) == {"board.png", "hand.png"} and set(theirs.files) == {"board.png"}
        assert mine.files["board.png"] == theirs.files["board.png"]  # the table is public, the hand bob's own
        jump = theirs.selects()[0]
        landed = (await edited(fake, theirs, fake.select(carol, theirs, jump["custom_id"],
                                                         [jump["options"][-1]["value"]]))).embeds[0]
        assert f"Step {jump['options'][-1]['value']} of" in landed["description"]
        assert jump["options"][0]["label"].startswith("Turn ")
        await fake.quiet()  # the bot finishes what it is doing before it stops


async def test_history_lists_finished_matches_of_a_player_and_a_game(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, carol, guild, channel = world
    first = await finished_match(settings, "toy", guild, channel, [alice, bob])
    second = await finished_match(settings, "toy", guild, channel, [bob, carol])
    async with fake.running(bot(settings)):
        await fake.quiet()
        everyone = (await (await fake.slash(carol, channel, "history")).reply()).content
        assert f"#{first.id} Toy" in everyone and f"#{second.id} Toy" in everyone
        assert everyone.index(f"#{second.id} Toy") < everyone.index(f"#{first.id} Toy")  # newest first
        hers = (await (await fake.slash(alice, channel, "history", options={"player": carol})).reply()).content
        assert hers.startswith("**Ultime partite finite di") and f"n. {second.id} Toy" in hers
        assert f"n. {first.id} Toy" not in hers
        none = (await (await fake.slash(bob, channel, "history", options={"game": "al-rashid"})).reply()).content
        assert translate("queries.history.none", "en") in none
        await fake.quiet()  # the bot finishes what it is doing before it stops


async def test_after_a_match_ends_its_channels_commands_say_so_and_offer_its_replay(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, carol, guild, channel = world
    match = await finished_match(settings, "toy", guild, channel, [alice, bob], ai=1)
    empty = fake.add_text_channel(guild, "empty")
    async with fake.running(bot(settings)):
        await fake.quiet()
        for user, command, words in ((bob, "board", f"Match #{match.id} here has ended"),
                                     (bob, "status", f"/replay match:{match.id}"),
                                     (alice, "hand", f"La partita #{match.id} qui è finita"),
                                     (alice, "log", f"/replay match:{match.id}")):
            answer = await (await fake.slash(user, channel, command)).reply()
            assert answer.ephemeral and words in answer.content, (command, answer.content)
        replay = await (await fake.slash(bob, channel, "replay", options={"match": match.id, "step": 0})).reply()
        assert "The table as set up" in replay.embeds[0]["description"]
        nothing = await (await fake.slash(bob, empty, "board")).reply()
        assert "No match is being played in this channel" in nothing.content


async def test_help_lists_every_command_in_the_players_language_and_where_to_start(fake_discord, settings, world):
    """/help names every command the bot registers, under the name the player's Discord shows them, with its
    description, grouped by what a player wants to do, and tells a newcomer how a match begins."""
    fake = fake_discord
    alice, bob, carol, guild, channel = world
    async with fake.running(bot(settings)) as running:
        commands = guide.entries(running.tree.get_commands())
        assert {e.path[0] for e in commands} == {name for names in guide.PARTS.values() for name in names}
        for user, loc, start in ((bob, "en", "/game new"), (alice, "it", "/partita nuova")):
            reply = await (await fake.slash(user, channel, "help")).reply()
            embed = reply.embeds[0]
            assert reply.ephemeral and f"`{start}`" in embed["description"]
            assert translate("bot.lobby.join", loc) in embed["description"]
            listed = "\n".join(field["value"] for field in embed["fields"])
            for entry in commands:
                assert f"`{guide.spelled(entry.path, loc)}` — {translate(entry.description, loc)}" in listed
            assert all(len(field["value"]) <= 1024 and not field["value"].endswith("…") for field in embed["fields"])
            assert len(embed["title"]) + len(embed["description"]) + sum(
                len(f["name"]) + len(f["value"]) for f in embed["fields"]) <= 6000
        assert "`/partita nuova`" in embed["description"] and "`/lega classifica`" in listed
        await fake.quiet()
