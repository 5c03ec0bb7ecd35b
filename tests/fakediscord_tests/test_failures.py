"""The failures Discord really produces reach discord.py, whose own retry logic then runs."""

import asyncio

import discord
from aiohttp import ClientSession


async def test_closed_dms_surface_as_forbidden_50007(world):
    fake = world.fake
    world.bob.dms_open = False
    handle = await fake.slash(world.bob, world.channel, "dm")
    assert (await handle.reply()).content == "your DMs are closed"
    [error] = world.bot.errors
    assert isinstance(error, discord.Forbidden) and error.code == 50007
    assert fake.dms(world.bob) == [] and [user for user, _ in fake.refused_dms] == [world.bob]


async def test_429_is_retried_after_retry_after(world):
    fake = world.fake
    rule = fake.fail_next("POST", r"^/channels/\d+/messages$", status=429, retry_after=0.05)
    await fake.slash(world.alice, world.channel, "post", options={"text": "after the limit"})
    await fake.quiet()
    assert rule.hits == [f"/channels/{world.channel.id}/messages"]
    attempts = fake.requests_to("POST", r"^/channels/\d+/messages$")
    assert [r.status for r in attempts] == [429, 200]
    assert attempts[1].at - attempts[0].at >= 0.05  # discord.py waited retry_after before retrying
    assert [m.content for m in fake.messages(world.channel)] == ["after the limit"]
    assert world.bot.errors == []


async def test_global_429_on_an_interaction_callback_is_retried(world):
    fake = world.fake
    fake.fail_next("POST", r"/callback$", status=429, retry_after=0.02, global_=True)
    handle = await fake.slash(world.alice, world.channel, "hello", options={"name": "again"})
    assert (await handle.reply()).content == "Hello again"
    assert [c.status for c in handle.callbacks] == [429, 200]


async def test_5xx_is_retried(world):
    fake = world.fake
    rule = fake.fail_next("POST", r"^/channels/\d+/messages$", status=502)
    await fake.slash(world.alice, world.channel, "post", options={"text": "despite a bad gateway"})
    await fake.quiet(timeout=5)  # discord.py backs off 1 s after a 5xx
    assert rule.used and [m.content for m in fake.messages(world.channel)] == ["despite a bad gateway"]
    assert [r.status for r in fake.requests_to("POST", r"^/channels/\d+/messages$")] == [502, 200]


async def test_unknown_interaction_10062_surfaces_as_not_found(world):
    fake = world.fake
    fake.fail_next("POST", r"^/interactions/\d+/[^/]+/callback$", status=404, code=10062)
    handle = await fake.slash(world.alice, world.channel, "late")
    await fake.quiet()
    [error] = world.bot.errors
    assert isinstance(error, discord.NotFound) and error.code == 10062
    assert not handle.acknowledged and handle.original is None


async def test_answering_twice_is_refused_with_40060(world):
    # discord.py refuses a second response locally; a second process answering would get 40060.
    fake = world.fake
    handle = await fake.slash(world.alice, world.channel, "hello", options={"name": "once"})
    await handle.reply()
    url = f"{fake.base_url}/api/v10/interactions/{handle.id}/{handle.token}/callback"
    async with ClientSession() as session, session.post(url, json={"type": 4, "data": {"content": "twice"}}) as answer:
        assert answer.status == 400 and (await answer.json())["code"] == 40060
    assert [c.status for c in handle.callbacks] == [200, 400]


async def test_reconnect_op7_resumes_and_keeps_working(world):
    fake = world.fake
    await fake.reconnect()
    assert fake.gateway.resumes == 1 and fake.gateway.identifies == 1
    await asyncio.wait_for(world.bot.resumed.wait(), 1)
    handle = await fake.slash(world.alice, world.channel, "hello", options={"name": "after resume"})
    assert (await handle.reply()).content == "Hello after resume"


async def test_interaction_sent_during_a_reconnect_is_replayed_once(world):
    fake = world.fake
    reestablished = fake.gateway.expect_reestablished()
    fake.gateway.send_reconnect()
    handle = await fake.slash(world.alice, world.channel, "hello", options={"name": "in between"})
    await reestablished.wait()
    assert (await handle.reply()).content == "Hello in between"
    await fake.quiet()
    assert len(handle.callbacks) == 1


async def test_dropped_socket_resumes(world):
    fake = world.fake
    await fake.drop_connection()
    assert fake.gateway.resumes == 1
    handle = await fake.slash(world.bob, world.channel, "hello", options={"name": "after a drop"})
    assert (await handle.reply()).content == "Hello after a drop"


async def test_invalid_session_identifies_anew(world):
    fake = world.fake
    await fake.invalidate_session(resumable=False)
    assert fake.gateway.identifies == 2 and fake.gateway.resumes == 0
    handle = await fake.slash(world.alice, world.channel, "hello", options={"name": "new session"})
    assert (await handle.reply()).content == "Hello new session"


async def test_followup_before_acknowledging_is_refused_and_reported(world):
    fake = world.fake
    fake.fail_next("POST", r"/callback$", status=429, retry_after=0.3)  # holds the bot's answer back
    handle = await fake.slash(world.alice, world.channel, "hello", options={"name": "early"})
    await fake.wait_for(lambda: handle.callbacks, what="the rate-limited callback")
    url = f"{fake.base_url}/api/v10/webhooks/{fake.application_id}/{handle.token}"
    async with ClientSession() as session, session.post(url, json={"content": "too early"}) as answer:
        assert answer.status == 404 and (await answer.json())["code"] == 10015
    await handle.reply()
    assert not handle.acknowledged_first
    assert [v.problem for v in fake.take_violations()] == [f"used the token of {handle.describe()} before acknowledging it"]


async def test_missing_channel_permissions_surface_as_forbidden_50013(world):
    fake = world.fake
    read_only = fake.add_text_channel(world.guild, "announcements",
                                      bot_permissions=discord.Permissions(view_channel=True))
    await fake.gateway_caught_up()
    handle = await fake.slash(world.alice, read_only, "post", options={"text": "not allowed"})
    assert (await handle.reply()).content == "posted"
    [error] = world.bot.errors
    assert isinstance(error, discord.Forbidden) and error.code == 50013
    assert fake.messages(read_only) == []
    assert int(handle.payload["app_permissions"]) == discord.Permissions(view_channel=True).value


async def test_gateway_closed_with_a_resumable_code_resumes(world):
    fake = world.fake
    await fake.close_gateway(4000)  # "Unknown error": Discord lets the client resume
    assert fake.gateway.resumes == 1 and fake.gateway.identifies == 1
    handle = await fake.slash(world.alice, world.channel, "hello", options={"name": "after 4000"})
    assert (await handle.reply()).content == "Hello after 4000"
