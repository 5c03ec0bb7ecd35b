"""Every path that sends a message is checked the same way: channel messages, DMs, edits, interaction
responses, follow-ups (ephemeral too) and their edits all refuse duplicate custom ids and empty messages,
as Discord does. Nonces, the 3-second rule and token lifetimes behave like Discord's too."""

import pytest
from aiohttp import ClientSession

DUPLICATES = {"content": "two buttons", "components": [{"type": 1, "components": [
    {"type": 2, "style": 1, "custom_id": "same", "label": "A"},
    {"type": 2, "style": 2, "custom_id": "same", "label": "B"}]}]}
EMPTY = {"content": "  ", "embeds": [], "components": []}
RAW = {"content": "a raw button", "components": [{"type": 1, "components": [
    {"type": 2, "style": 1, "custom_id": "raw", "label": "Raw"}]}]}


async def raw(fake, method, path, body):
    """A request as the bot would make it, bypassing discord.py's own checks."""
    headers = {"Authorization": f"Bot {fake.token}"}
    async with ClientSession() as session, session.request(method, f"{fake.api_base}{path}", json=body,
                                                           headers=headers) as answer:
        return answer.status, await answer.json() if answer.status != 204 else None


async def unanswered_click(world):
    """A click the toy bot ignores (no view listens to its id), so the test answers it by hand."""
    fake = world.fake
    status, posted = await raw(fake, "POST", f"/channels/{world.channel.id}/messages", RAW)
    assert status == 200
    return await fake.click(world.alice, fake.message(int(posted["id"])), "raw")


async def answered_with_an_ephemeral_followup(world):
    fake = world.fake
    handle = await unanswered_click(world)
    assert (await raw(fake, "POST", f"/interactions/{handle.id}/{handle.token}/callback", {"type": 6}))[0] == 200
    status, followup = await raw(fake, "POST", f"/webhooks/{fake.application_id}/{handle.token}",
                                 {"content": "only you", "flags": 64})
    assert status == 200
    return handle, followup


async def path_to(world, where):
    """(method, path) of one way to send or edit a message, prepared so the request is otherwise fine."""
    fake = world.fake
    if where == "channel message":
        return "POST", f"/channels/{world.channel.id}/messages", None
    if where == "direct message":
        return "POST", f"/channels/{fake.dm_channel(world.bob).id}/messages", None
    if where == "channel message edit":
        status, posted = await raw(fake, "POST", f"/channels/{world.channel.id}/messages", {"content": "v1"})
        return "PATCH", f"/channels/{world.channel.id}/messages/{posted['id']}", None
    if where in ("interaction reply", "interaction update"):
        handle = await unanswered_click(world)
        kind = 4 if where == "interaction reply" else 7
        return "POST", f"/interactions/{handle.id}/{handle.token}/callback", kind
    handle, followup = await answered_with_an_ephemeral_followup(world)
    webhook = f"/webhooks/{fake.application_id}/{handle.token}"
    if where == "ephemeral follow-up":
        return "POST", webhook, None
    if where == "original response edit":
        return "PATCH", f"{webhook}/messages/@original", None
    return "PATCH", f"{webhook}/messages/{followup['id']}", None


PATHS = ["channel message", "direct message", "channel message edit", "interaction reply", "interaction update",
         "ephemeral follow-up", "original response edit", "follow-up edit"]


@pytest.mark.parametrize("where", PATHS)
@pytest.mark.parametrize(("body", "code", "problem"), [(DUPLICATES, 50035, "unique"), (EMPTY, 50006, "empty")])
async def test_every_path_refuses_what_discord_refuses(world, where, body, code, problem):
    fake = world.fake
    method, path, callback_type = await path_to(world, where)
    payload = {"type": callback_type, "data": body} if callback_type else body
    status, answer = await raw(fake, method, path, payload)
    assert (status, answer["code"]) == (400, code)
    violations = fake.take_violations()
    assert violations and all(problem in v.problem for v in violations), violations
    fake.interactions.clear()  # the clicks answered by hand


async def test_a_repeated_nonce_returns_the_first_message_and_creates_none(world):
    fake = world.fake
    body = {"content": "your move!", "nonce": "cs-42", "enforce_nonce": True}
    first = await raw(fake, "POST", f"/channels/{world.channel.id}/messages", body)
    again = await raw(fake, "POST", f"/channels/{world.channel.id}/messages", {**body, "content": "again"})
    assert first[1]["id"] == again[1]["id"]
    assert [m.content for m in fake.messages(world.channel)] == ["your move!"]
    other = await raw(fake, "POST", f"/channels/{world.channel.id}/messages", {**body, "enforce_nonce": False})
    assert other[1]["id"] != first[1]["id"]


async def test_late_answers_and_dead_tokens_are_refused(world):
    fake = world.fake
    late = await unanswered_click(world)
    fake.expire(late)
    status, answer = await raw(fake, "POST", f"/interactions/{late.id}/{late.token}/callback", {"type": 6})
    assert (status, answer["code"]) == (404, 10062)
    handle, _ = await answered_with_an_ephemeral_followup(world)
    fake.expire(handle)
    status, answer = await raw(fake, "PATCH", f"/webhooks/{fake.application_id}/{handle.token}/messages/@original",
                               {"content": "too late"})
    assert (status, answer["code"]) == (401, 50027)
    fake.interactions.clear()


async def test_messages_read_by_channel_and_since_a_position_are_those_posted_there_in_order(world):
    fake = world.fake
    dm = fake.dm_channel(world.bob)
    assert fake.dm_channel(world.bob) is dm and fake.dms(world.bob) == []
    posted = []
    for n, channel in enumerate([world.channel, dm, world.channel, dm, world.channel]):
        status, body = await raw(fake, "POST", f"/channels/{channel.id}/messages", {"content": f"m{n}"})
        assert status == 200
        posted.append(fake.message(int(body["id"])))
    assert [m.content for m in fake.messages(world.channel)] == ["m0", "m2", "m4"]
    assert [m.content for m in fake.dms(world.bob)] == ["m1", "m3"] and fake.dms(world.alice) == []
    since = fake.all_messages.index(posted[2])
    assert [m.content for m in fake.posted_since(since, [world.channel, dm])] == ["m2", "m3", "m4"]
    assert [m.content for m in fake.posted_since(since, [dm])] == ["m3"]
    assert fake.posted_since(len(fake.all_messages), [world.channel, dm]) == []
    with pytest.raises(LookupError):
        fake.message(12345)
