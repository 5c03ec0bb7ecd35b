"""Games plug in: the toy games of tests/support (registered by importing them, nothing in bot/ names them)
are offered, configured with their own options and played through the fake Discord."""

import random

import pytest

import tests.support.simultaneous  # noqa: F401  (registers "blind-bid")
import tests.support.toy_game  # noqa: F401  (registers "toy")
from bot.storage import SqliteStorage
from engine.core import games, get_game
from engine.core.messages import translate
from tests.support.curious import step_kinds

from .clicking import Clicking, Figures, coverage_report
from .e2e import bot, new_match, start


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


async def test_blind_bid_is_clicked_through_with_players_choosing_at_the_same_moment(fake_discord, settings, world):
    """Two players and an AI pick their cards at once, each from their own panel, clicking at the same
    moment: both clicks count (another's pick leaves a panel in play), the table says who has chosen and
    never what, and each card stays in its player's ephemeral panel until all are revealed together."""
    fake = fake_discord
    alice, bob, guild, channel = world
    users = [alice, bob]
    covered, figures = set(), Figures()
    client = bot(settings)
    async with fake.running(client):
        await start(fake, users, channel, ai=1, game="blind-bid")
        match = await client.services.matches.table.match_here(channel.id)
        driver = Clicking(fake, channel, client.services.matches, users, random.Random(3), covered, figures,
                          game="blind-bid", together=True)
        await driver.play(match.id)
        await fake.quiet()
        match = await client.services.matches.table.get(match.id)
    assert match.status == "over"
    assert covered >= step_kinds(get_game("blind-bid")), coverage_report(covered, "blind-bid")
    assert driver.reused > 0, "a panel drawn before another player's pick was clicked"
    assert figures.alerted_share() == 1.0  # every round announced once to each player
    # What a player picked is told in their own ephemeral panel only; the table tells who has chosen.
    public = " ".join(m.text for m in fake.messages(channel))
    assert "has chosen" in public and "You play your" not in public and "Giochi il tuo" not in public
    for user, other in ((alice, bob), (bob, alice)):
        private = {m.id for m in fake.ephemerals(user)}
        assert private and not private & {m.id for m in fake.seen_by(other)}
    assert any("final scores" in str(m.embeds) for m in fake.messages(channel))
    stale = [translate("bot.refusal.stale", loc).split("{")[0][:30] for loc in ("en", "it")]
    assert not [m for u in users for m in fake.ephemerals(u) if any(s in (m.content or "") for s in stale)], \
        "no click was refused as stale: each player's own situation had not moved on"


async def test_the_toy_game_is_clicked_through_without_a_phase_in_its_view(fake_discord, settings, world):
    fake = fake_discord
    alice, bob, guild, channel = world
    client = bot(settings)
    async with fake.running(client):
        await start(fake, [alice, bob], channel, game="toy")
        match = await client.services.matches.table.match_here(channel.id)
        figures = Figures()
        driver = Clicking(fake, channel, client.services.matches, [alice, bob], random.Random(1), set(), figures, game="toy")
        await driver.play(match.id)
        await fake.quiet()
    assert (await replayed_status(settings)) == "over"
    assert figures.turns and {t.phase for t in figures.turns} == {"core.headline.playing"}


async def replayed_status(settings):
    storage = SqliteStorage(settings.database_path)
    await storage.open()
    try:
        return (await storage.matches(statuses=("over",)))[-1].status
    finally:
        await storage.close()
