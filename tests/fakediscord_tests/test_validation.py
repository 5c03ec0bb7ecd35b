"""Every outgoing payload is checked against Discord's OpenAPI spec and its documented limits."""

import discord
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.validation import limit_problems, load_spec

from .toybot import ToyBot

CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


def row(*components):
    return {"type": 1, "components": list(components)}


def button(custom_id="b", label="Go", **extra):
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label, **extra}


def select(options, custom_id="s", **extra):
    return {"type": 3, "custom_id": custom_id, "options": [{"label": o, "value": o} for o in options], **extra}


async def test_content_over_2000_characters_is_caught_and_refused(world):
    fake = world.fake
    await fake.slash(world.alice, world.channel, "shout", options={"length": 2000})
    await fake.quiet()
    assert fake.violations == [] and world.bot.errors == []

    await fake.slash(world.alice, world.channel, "shout", options={"length": 2001})
    await fake.quiet()
    problems = [v.problem for v in fake.take_violations()]
    assert "content is 2001 characters; Discord allows 2000" in problems
    assert any("$.data.content fails maxLength=2000" in p for p in problems)  # the spec says so too
    [error] = world.bot.errors  # refused like Discord does, so the bot's error path runs too
    assert isinstance(error, discord.HTTPException) and error.status == 400 and error.code == 50035


async def test_invalid_payload_fails_the_test_at_teardown():
    with pytest.raises(AssertionError, match="content is 2001 characters"):
        async with FakeDiscord() as fake:
            alice = fake.add_user("alice")
            channel = fake.add_text_channel(fake.add_guild(members=[alice]))
            async with fake.running(ToyBot()):
                await fake.slash(alice, channel, "shout", options={"length": 2001})
                await fake.quiet()


async def test_exceptions_escaping_handlers_fail_the_test_at_teardown():
    with pytest.raises(AssertionError, match="logged ERROR"):
        async with FakeDiscord() as fake:
            alice = fake.add_user("alice")
            channel = fake.add_text_channel(fake.add_guild(members=[alice]))
            bot = ToyBot()

            @bot.tree.command(description="Crash")
            async def crash(interaction: discord.Interaction) -> None:
                raise RuntimeError("boom")

            async with fake.running(bot):
                await fake.slash(alice, channel, "crash")
                await fake.wait_for(lambda: fake.logged_errors, timeout=2, what="the crash to be logged")
            fake.interactions.clear()


async def test_unknown_routes_are_answered_404_and_reported(world):
    fake = world.fake
    with pytest.raises(discord.NotFound):
        await world.bot.http.request(discord.http.Route("GET", "/guilds/{guild_id}/bans", guild_id=world.guild.id))
    assert fake.unknown_routes == [f"GET /guilds/{world.guild.id}/bans"]
    assert "no handler" in fake.take_violations()[0].problem


@pytest.mark.parametrize(("body", "expected"), [
    ({"type": 4, "data": {"components": [row(button(label="x" * 81))]}}, "label"),
    ({"type": 4, "data": {"components": [row(button(custom_id="c" * 101))]}}, "custom_id"),
    ({"type": 4, "data": {"components": [row(select([f"o{i}" for i in range(26)]))]}}, "options"),
    ({"type": 4, "data": {"components": [row(*[button(f"b{i}") for i in range(6)])]}}, "buttons"),
    ({"type": 4, "data": {"components": [row(button(f"b{i}")) for i in range(6)]}}, "action rows"),
    ({"type": 4, "data": {"components": [row(button("same"), button("same"))]}}, "unique"),
    ({"type": 4, "data": {"components": [row(select(["a"]), button())]}}, "alone"),
    ({"type": 4, "data": {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}}, "6000"),
    ({"type": 4, "data": {"embeds": [{"title": "t"}] * 11}}, "embeds"),
    ({"type": 8, "data": {"choices": [{"name": "n", "value": "v"}] * 26}}, "choices"),
    ({"type": 7, "data": {"content": "c" * 2001}}, "2000"),
])
def test_limits_and_schema_catch_bad_callbacks(body, expected):
    spec = load_spec()
    problems = spec.body_problems("POST", "/interactions/1/t/callback", body) + limit_problems("POST", CALLBACK, body)
    assert problems and any(expected in p for p in problems), problems


def test_a_valid_callback_passes():
    body = {"type": 4, "data": {"content": "ok", "flags": 64, "embeds": [{"title": "t", "description": "d"}],
                                "components": [row(select(["a", "b"], max_values=2)), row(button("x"), button("y"))]}}
    assert load_spec().body_problems("POST", "/interactions/1/t/callback", body) == []
    assert limit_problems("POST", CALLBACK, body) == []


@pytest.mark.parametrize(("command", "expected"), [
    ({"name": "Game", "description": "d"}, "lowercase"),
    ({"name": "game", "description": ""}, "description must be 1-100"),
    ({"name": "game", "description": "d" * 101}, "description must be 1-100"),
    ({"name": "game", "description": "d", "options": [{"type": 3, "name": "x", "description": "o" * 101}]},
     "description must be 1-100"),
    ({"name": "game", "description": "d", "options": [
        {"type": 3, "name": "a", "description": "a"}, {"type": 3, "name": "b", "description": "b", "required": True}]},
     "required options must come before"),
    ({"name": "game", "description": "d", "name_localizations": {"klingon": "gioco"}}, "unknown locales"),
])
def test_command_definitions_are_checked(command, expected):
    problems = limit_problems("PUT", "/applications/{application_id}/commands", [{"type": 1, **command}])
    problems += load_spec().body_problems("PUT", "/applications/1/commands", [{"type": 1, **command}])
    assert any(expected in p for p in problems), problems
