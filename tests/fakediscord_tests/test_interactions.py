"""Slash commands, buttons, selects, autocomplete and deferrals travel through the real client."""

import asyncio

import pytest

from .toybot import ToyBot


async def test_slash_reply_with_button_then_click_edits_it(world):
    fake = world.fake
    handle = await fake.slash(world.alice, world.channel, "hello", options={"name": "Bob"})
    reply = await handle.reply()
    assert reply.content == "Hello Bob" and not reply.ephemeral
    assert handle.acknowledged_first
    assert fake.latest_with_components(world.channel) is reply
    assert reply.button("Wave")["custom_id"] == "wave"

    click = await fake.click(world.bob, reply, "wave")
    edited = await click.reply()
    assert edited is reply and edited.content == "bob waved" and edited.components == []
    assert edited.edits == 1 and edited.history[0]["content"] == "Hello Bob"
    assert click.callback.type == 7  # UPDATE_MESSAGE


async def test_locale_reaches_the_bot(world):
    await (await world.fake.slash(world.alice, world.channel, "hello", options={"name": "x"})).reply()
    await (await world.fake.slash(world.alice, world.channel, "hello", options={"name": "y"}, locale="en-GB")).reply()
    assert world.bot.locales == ["it", "en-GB"]


async def test_subcommand_with_choices_range_and_member_option(world):
    handle = await world.fake.slash(world.alice, world.channel, "game", subcommand="new",
                                    options={"title": "Al-Rashid", "where": "thread", "seats": 4, "rival": world.bob})
    assert (await handle.reply()).content == "Al-Rashid in thread for 4 against bob"


async def test_options_are_checked_like_discords_client_would(world):
    fake = world.fake
    with pytest.raises(ValueError, match="requires"):
        await fake.slash(world.alice, world.channel, "game", subcommand="new", options={})
    with pytest.raises(ValueError, match="must be one of"):
        await fake.slash(world.alice, world.channel, "game", subcommand="new", options={"title": "t", "where": "moon"})
    with pytest.raises(ValueError, match="outside"):
        await fake.slash(world.alice, world.channel, "game", subcommand="new", options={"title": "t", "seats": 9})
    with pytest.raises(LookupError, match="not registered"):
        await fake.slash(world.alice, world.channel, "nosuch")
    with pytest.raises(PermissionError, match="default_member_permissions"):
        await fake.slash(world.alice, world.channel, "purge")


async def test_managers_see_permission_gated_commands(world):
    manager = world.fake.add_user("mod")
    world.fake.add_member(world.guild, manager, permissions=0x20)  # manage_guild
    handle = await world.fake.slash(manager, world.channel, "purge")
    assert (await handle.reply()).ephemeral


async def test_ephemeral_reply_is_seen_only_by_its_user(world):
    fake = world.fake
    handle = await fake.slash(world.alice, world.channel, "whisper")
    secret = await handle.reply()
    assert secret.ephemeral and handle.ephemeral
    assert secret in fake.seen_by(world.alice) and secret not in fake.seen_by(world.bob)
    assert secret not in fake.messages(world.channel)
    with pytest.raises(PermissionError):
        await fake.click(world.bob, secret, "anything")


async def test_thinking_deferral_is_filled_by_the_first_followup(world):
    fake = world.fake
    handle = await fake.slash(world.alice, world.channel, "slow", options={"delay": 0.1})
    await fake.quiet()  # waits for the deferral to be filled in, not just for the acknowledgement
    assert handle.callback.type == 5 and handle.acknowledged_first
    assert handle.original.content == "done thinking" and not handle.original.loading
    assert [m.content for m in handle.followups] == ["and one more thing"]
    assert handle.followups[0].ephemeral


async def test_select_then_deferred_update_edits_the_message(world):
    fake = world.fake
    menu = await (await fake.slash(world.alice, world.channel, "pick")).reply()
    with pytest.raises(ValueError, match="offers"):
        await fake.select(world.alice, menu, "pick", ["tea"])
    with pytest.raises(ValueError, match="takes 1-2"):
        await fake.select(world.alice, menu, "pick", ["silk", "spice", "gold"])
    handle = await fake.select(world.alice, menu, "pick", ["silk", "gold"])
    assert (await handle.reply()).content == "picked silk,gold"
    assert handle.callback.type == 6 and menu.components == []


async def test_autocomplete_returns_choices(world):
    handle = await world.fake.autocomplete(world.alice, world.channel, "play", focused="move",
                                           options={"move": "place"})
    assert [c["value"] for c in await handle.choices()] == ["place silk", "place spice"]


async def test_file_upload_and_thread_creation(world):
    fake = world.fake
    await fake.slash(world.alice, world.channel, "post", options={"text": "the board"})
    await fake.slash(world.alice, world.channel, "table")
    await fake.quiet()
    board = fake.latest(world.channel)
    assert board.content == "the board" and board.files == {"board.png": b"\x89PNG\r\n\x1a\n" + b"\x00" * 32}
    [thread] = fake.threads(world.channel)
    assert thread.name == "Match #1"
    assert [m.content for m in fake.messages(thread)] == ["Welcome to the table"]
    assert world.bot.get_channel(thread.id) is not None  # THREAD_CREATE reached the client's cache


async def test_dm_delivered_with_attachment(world):
    fake = world.fake
    handle = await fake.slash(world.bob, world.channel, "dm")
    assert (await handle.reply()).content == "sent"
    [dm] = fake.dms(world.bob)
    assert dm.content == "your private hand" and list(dm.files) == ["hand.png"]
    assert dm in fake.seen_by(world.bob) and dm not in fake.seen_by(world.alice)


async def test_quiet_reports_an_interaction_nobody_answers(fake_discord):
    # A view without timeout=None and custom_id routing dies with the process: after a restart
    # the click reaches the bot but nothing answers it, and `quiet` says so instead of hanging.
    fake = fake_discord
    alice = fake.add_user("alice")
    channel = fake.add_text_channel(fake.add_guild(members=[alice]))
    async with fake.running(ToyBot()):
        greeting = await (await fake.slash(alice, channel, "hello", options={"name": "you"})).reply()
    async with fake.running(ToyBot()):
        click = await fake.click(alice, greeting, "wave")
        with pytest.raises(TimeoutError, match="not answered"):
            await fake.quiet(timeout=0.3)
    assert not click.acknowledged
    fake.interactions.remove(click)  # forget it so the fixture's own checks stay about payloads


async def test_pings_follow_allowed_mentions(world):
    fake = world.fake
    await fake.slash(world.alice, world.channel, "nudge", options={"player": world.bob, "bystander": world.alice})
    await fake.quiet()
    nudge = fake.latest(world.channel)
    assert set(nudge.mentions) == {world.bob.id, world.alice.id}
    assert nudge.pings == {world.bob.id}


async def test_edits_replace_attachments_and_deletions_are_kept(world):
    fake = world.fake
    await fake.slash(world.alice, world.channel, "redraw")
    await fake.quiet()
    [board] = fake.messages(world.channel)
    assert board.content == "board v2" and list(board.files) == ["v2.png"]
    assert board.history == [{"content": "board v1", "embeds": [], "components": [], "attachments": ["v1.png"],
                              "flags": 0}]
    [notice] = [m for m in fake.messages(world.channel, deleted=True) if m.deleted]
    assert notice.content == "a passing notice"


async def test_files_in_responses_followups_and_edits(world):
    fake = world.fake
    handle = await fake.slash(world.alice, world.channel, "hand")
    await fake.quiet()
    assert handle.original.ephemeral and list(handle.original.files) == ["hand-v2.png"]
    assert handle.original.history[0]["attachments"] == ["hand-v1.png"]
    [deck] = handle.followups
    assert deck.ephemeral and deck.files["deck.png"].startswith(b"\x89PNG")
    assert fake.seen_by(world.bob) == []


async def test_modal_round_trip(world):
    fake = world.fake
    opened = await fake.slash(world.alice, world.channel, "rename")
    await opened.response()
    assert opened.callback.type == 9 and opened.modal["title"] == "Rename the match"
    submitted = await fake.submit_modal(world.alice, opened, {"name": "Desert race"})
    assert (await submitted.reply()).content == "renamed to Desert race"


async def test_archiving_a_thread_reaches_the_clients_cache(world):
    fake = world.fake
    await fake.slash(world.alice, world.channel, "table", options={"close": True})
    await fake.quiet()
    [thread] = fake.threads(world.channel)
    assert thread.archived and thread.locked
    await fake.gateway_caught_up()
    # THREAD_CREATE put it in the client's cache; THREAD_UPDATE (archived) took it out again
    assert world.bot.get_channel(thread.id) is None
    assert [u["thread_metadata"]["archived"] for u in fake.gateway.dispatched("THREAD_UPDATE")] == [True]


async def test_simultaneous_clicks_each_get_their_own_interaction(world):
    fake = world.fake
    greeting = await (await fake.slash(world.alice, world.channel, "hello", options={"name": "all"})).reply()
    clicks = await asyncio.gather(*(fake.click(user, greeting, "wave") for user in [world.alice, world.bob] * 3))
    await fake.quiet()
    assert len({c.id for c in clicks}) == 6
    assert all(len(c.callbacks) == 1 and c.acknowledged for c in clicks)
