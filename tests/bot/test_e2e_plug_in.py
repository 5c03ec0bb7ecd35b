"""Games plug in: the toy games of tests/support (registered by importing them, nothing in bot/ names them)
are offered, configured with their own options and played through the fake Discord."""

import pytest

import tests.support.simultaneous  # noqa: F401  (registers "blind-bid")
import tests.support.toy_game  # noqa: F401  (registers "toy")
from bot.settings import Settings
from bot.storage import SqliteStorage
from engine.core import games

from .e2e import bot, new_match


@pytest.fixture
def settings(tmp_path, fake_discord):
    return Settings(discord_token=fake_discord.token, database_path=str(tmp_path / "e2e.db"),
                    reminder_poll_seconds=3600)


@pytest.fixture
def world(fake_discord):
    fake = fake_discord
    alice, bob = fake.add_user("alice", locale="it"), fake.add_user("bob")
    guild = fake.add_guild("Bazaar", members=[alice, bob])
    return alice, bob, guild, fake.add_text_channel(guild, "tables")


games()  # loaded once per test process, as the bot does after start-up


async def stored_params(settings):
    storage = SqliteStorage(settings.database_path)
    await storage.open()
    try:
        return [m.params for m in await storage.matches()]
    finally:
        await storage.close()


async def test_game_new_offers_the_games_options_refuses_what_it_lacks_and_the_lobby_shows_them(
        fake_discord, settings, world):
    fake = fake_discord
    alice, bob, guild, channel = world
    async with fake.running(bot(settings)):
        games = await (await fake.autocomplete(bob, channel, "game", subcommand="new", focused="game",
                                               options={"game": ""})).choices()
        assert {"blind-bid", "toy"} <= {c["value"] for c in games}
        # The options come from Blind Bid's params model, named in the player's language.
        offered = await (await fake.autocomplete(bob, channel, "game", subcommand="new", focused="options",
                                                 options={"game": "blind-bid", "options": ""})).choices()
        values = [c["value"] for c in offered]
        assert values[:5] == [f"rounds={n}" for n in range(1, 6)]
        assert "rule=lowest" in values
        assert any(c["name"] == "Who wins a round: The lowest unmatched card" for c in offered)
        more = await (await fake.autocomplete(alice, channel, "game", subcommand="new", focused="options",
                                              options={"game": "blind-bid", "options": "rounds=2,"})).choices()
        assert [c["value"] for c in more] == ["rounds=2", "rounds=2, rule=highest", "rounds=2, rule=lowest"]
        assert [c["name"] for c in more][:2] == ["Round: 2", "Round: 2 · Chi vince un round: La carta più alta non pareggiata"]
        # What the game does not offer is refused with a sentence naming the option and its limits.
        for user, options, words in (
                (bob, "rounds=9", "from 1 to 5"), (alice, "rounds=9", "da 1 a 5"),
                (bob, "rule=middle", "highest, lowest"), (alice, "colour=red", "non ha un'opzione"),
                (bob, "colour=red", "has no option called “colour”")):
            refused = await (await fake.slash(user, channel, "game", subcommand="new",
                                              options={"game": "blind-bid", "options": options,
                                                       "where": "channel"})).reply()
            assert refused.ephemeral and words in refused.content, refused.content
        assert await stored_params(settings) == []
        await new_match(fake, bob, channel, "blind-bid", where="channel", options="rounds=2, rule=lowest")
        lobby = fake.latest_with_components(channel)
        assert "Rounds: 2" in lobby.text and "The lowest unmatched card" in lobby.text
        assert await stored_params(settings) == [{"rounds": 2, "rule": "lowest"}]
        await fake.quiet()
