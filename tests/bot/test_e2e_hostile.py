"""What a hand-made client may send and Discord's own never would: component ids no button carries, a match's
buttons from another server or channel, command options outside what the command declares, typed moves with
digits `int` cannot read. Each gets one sentence in the player's language and changes nothing (and logs no
error: the fake fails a test on any ERROR line)."""

import discord
import pytest

from bot.storage import SqliteStorage
from engine.core.messages import translate

from .e2e import awaited, bot, new_match, start, table_message


def said(key, user, **params):
    return translate(key, "it" if user.locale == "it" else "en", **params)


async def answers(fake, handle) -> list[str]:
    """What the bot told the player in answer to `handle` (the clicked message itself aside)."""
    await fake.quiet()
    return [m.text for m in handle.messages if m is not handle.source_message]


async def snapshot(settings):
    storage = SqliteStorage(settings.database_path)
    await storage.open()
    try:
        matches = await storage.matches(statuses=("lobby", "running", "over", "cancelled"))
        return [(m.id, m.status, m.state_id, [(s.user_id, s.ai) for s in m.seats], m.settings) for m in matches]
    finally:
        await storage.close()


@pytest.fixture
def world(fake_discord):
    fake = fake_discord
    alice, bob, mallory = fake.add_user("alice", locale="it"), fake.add_user("bob"), fake.add_user("mallory")
    bazaar = fake.add_guild("Bazaar", members=[alice, bob])
    den = fake.add_guild("Den", members=[mallory])
    return fake, alice, bob, mallory, fake.add_text_channel(bazaar, "tables"), fake.add_text_channel(den, "den")


async def running_toy(fake, alice, bob, channel):
    await start(fake, [alice, bob], channel, game="toy")
    await fake.wait_for(lambda: table_message(fake, channel) is not None, timeout=30, what="the table")
    await fake.quiet()
    return table_message(fake, channel)


async def test_a_forged_component_id_gets_one_sentence_and_changes_nothing(settings, world):
    fake, alice, bob, _mallory, tables, _den = world
    async with fake.running(bot(settings)):
        table = await running_toy(fake, alice, bob, tables)
        match_id, state_id = table.custom_ids()[0].split(":")[1:3]
        before = await snapshot(settings)
        forged = ["cs:²:1:board", f"cs:{match_id}:²:board", f"cs:{match_id}:{state_id}:bogus", f"cs:{match_id}:-1:open",
                  f"cs:{'9' * 30}:0:status", "cs::", "rq:toy:²:0:n", "rq:al-rashid:0", "rp:²:0:n",
                  f"rp:{match_id}:x:export"]
        for user in (alice, bob):
            for custom_id in forged:
                handle = await fake.forge_click(user, tables, custom_id, source=table)
                assert await answers(fake, handle) == [said("bot.refusal.unknown_button", user)], custom_id
            jump = await fake.forge_click(user, tables, f"rp:{match_id}:jump", values=["²"], source=table)
            assert await answers(fake, jump) == [said("bot.refusal.unknown_button", user)]
        assert await snapshot(settings) == before


async def test_a_match_answers_its_buttons_only_in_its_own_server_and_channel(settings, world):
    fake, alice, bob, mallory, tables, den = world
    lounge = fake.add_text_channel(tables.guild, "lounge")
    async with fake.running(bot(settings)):
        table = await running_toy(fake, alice, bob, tables)
        await new_match(fake, mallory, den, "toy", where="channel")
        own_lobby = fake.latest_with_components(den)
        before = await snapshot(settings)
        for custom_id in table.custom_ids():  # the board, status, a panel: each rewritten into a button of her own
            handle = await fake.forge_click(mallory, den, custom_id, source=own_lobby)
            assert await answers(fake, handle) == [said("bot.refusal.elsewhere", mallory)], custom_id
            assert not any(m.embeds or m.attachments for m in handle.messages if m is not own_lobby)
        match_id, state_id = table.custom_ids()[0].split(":")[1:3]
        for verb in ("join", "start", "do:take 1"):
            handle = await fake.forge_click(mallory, den, f"cs:{match_id}:{state_id}:{verb}", source=own_lobby)
            assert await answers(fake, handle) == [said("bot.refusal.elsewhere", mallory)], verb
        for user, custom_id in ((bob, table.custom_ids()[-1]), (alice, table.custom_ids()[-2])):
            handle = await fake.forge_click(user, lounge, custom_id)  # the right server, another channel
            assert await answers(fake, handle) == [said("bot.refusal.elsewhere", user)]
        assert await snapshot(settings) == before


async def test_typed_moves_and_options_outside_a_commands_range_get_one_sentence(settings, world):
    fake, alice, bob, _mallory, tables, _den = world
    manager = fake.add_user("mara", locale="it")
    fake.add_member(tables.guild, manager, permissions=discord.Permissions(manage_guild=True))
    async with fake.running(bot(settings)):
        table = await running_toy(fake, alice, bob, tables)
        state_id = table.custom_ids()[0].split(":")[2]
        before = await snapshot(settings)
        for user in (alice, bob):
            for move in ("x@²", f"#²@{state_id}", f"#{'9' * 30}@{state_id}", "take 1@" + "9" * 30):
                reply = await (await fake.slash(user, tables, "play", options={"move": move})).reply(timeout=30)
                assert reply.ephemeral and reply.content != said("bot.error.unexpected", user), move
        lounge = fake.add_text_channel(tables.guild, "lounge")
        for user in (alice, bob):
            hours = await fake.slash(user, lounge, "game", subcommand="new", forged=True,
                                     options={"game": "toy", "clock_hours": -3})
            assert await answers(fake, hours) == [said("bot.refusal.option_bounds", user,
                                                       option=said("names.option.clock_hours", user), low=1, high=720)]
            beyond = await fake.slash(user, lounge, "replay", forged=True, options={"match": 2**70})
            assert await answers(fake, beyond) == [said("bot.refusal.option_bounds", user,
                                                        option=said("names.option.match", user), low=1, high=2**53)]
        for user in (tables.guild.owner, manager):
            language = await fake.slash(user, lounge, "server", subcommand="language", forged=True,
                                        options={"language": "xx"})
            (sentence,) = await answers(fake, language)
            assert sentence == said("bot.refusal.option_choice", user, option=said("names.option.language", user),
                                    allowed=", ".join(said(f"league.language.{x}", user) for x in ("en", "it")))
        assert await snapshot(settings) == before


async def test_a_server_manager_may_add_and_remove_ai_seats_and_start_anyones_lobby(settings, world):
    fake, alice, bob, _mallory, tables, _den = world
    manager = fake.add_user("mara")
    fake.add_member(tables.guild, manager, permissions=discord.Permissions(manage_guild=True))
    async with fake.running(bot(settings)):
        await new_match(fake, alice, tables, "toy", where="channel")
        lobby = fake.latest_with_components(tables)
        for label in ("Add AI: easy", "Add AI: easy", "Remove AI"):
            assert await answers(fake, await fake.click(manager, lobby, label=label)) == [], label
        refused = await fake.click(bob, lobby, label="Add AI: easy")
        assert await answers(fake, refused) == [said("bot.refusal.host_only", bob)]
        assert [seats for _id, _status, _state, seats, _settings in await snapshot(settings)] == [
            [(alice.id, None), (None, "random")]]
        await fake.click(manager, lobby, label="Start")
        await fake.wait_for(lambda: table_message(fake, tables) is not None, timeout=30, what="the table")
        await fake.quiet()
        assert [status for _id, status, *_rest in await snapshot(settings)] == ["running"]


@pytest.mark.usefixtures("tiny_pictures")
async def test_a_refusal_of_a_very_long_move_shows_its_reason_with_the_move_shortened(settings, world):
    fake, alice, bob, _mallory, tables, _den = world
    async with fake.running(bot(settings)):
        await start(fake, [alice, bob], tables, ai=1, game="al-rashid")
        await fake.wait_for(lambda: table_message(fake, tables) is not None, timeout=30, what="the table")
        await fake.quiet()
        (user,) = awaited(fake, tables, [alice, bob])
        typed = "x" * 1990
        reply = await (await fake.slash(user, tables, "play", options={"move": typed})).reply(timeout=30)
        shown = said("al_rashid.malformed.verb", user, verb=typed[:59] + "…")
        assert reply.ephemeral and reply.content == shown and len(shown) < 200
        options = await (await fake.slash(user, fake.add_text_channel(tables.guild, "more"), "game", subcommand="new",
                                          options={"game": "toy", "options": typed + "=1"})).reply(timeout=30)
        assert options.content.startswith(said("bot.refusal.unknown_option", user, game="Toy", option=typed[:59] + "…",
                                               known="").split(";")[0]) and len(options.content) < 300
