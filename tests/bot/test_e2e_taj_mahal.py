"""End to end: complete Taj Mahal matches through the fake Discord, every human decision a click.

The same clicking players as Al-Rashid's (tests/bot/clicking.py): they open their panel from the table
message, pick buttons and select options, and the panel must offer exactly the legal steps. Each test
prints what players lived through: the kinds of step reached by clicking (the prompt keys
`taj_mahal.ask.*`), interactions per turn, and how each new turn was announced. Hands are private: the
hand picture and the cards drawn reach their owner only, in an ephemeral reply or a DM.
"""

import random

import pytest

from engine.core.messages import locale_of, translate
from tests.support.curious import step_kinds

from .clicking import Clicking, Figures, coverage_report
from .e2e import (
    assert_starting_hands,
    assert_well_worded,
    bot,
    new_match,
    private_files,
    replays_exactly,
    resign_and_await_final_score,
    start,
    start_through_a_crash,
    starting_hand,
)

GAME = "taj-mahal"
# Seeded matches in which the curious players reach every kind of step between them: three players with
# no dummy, and two players with the rulebook's dummy (Carletto), who makes them discard from the display.
COVERAGE_SEEDS = (1, 2)
NAMES = {"Taj Mahal", "Carletto"}


def assert_hands_stay_private(fake, users):
    """The hand picture and the private news of a player reach that player only: in their ephemeral
    replies and DMs, never in a public message, and never in what another player can read."""
    for message in fake.all_messages:
        shown = {*message.files, *(name for h in message.history for name in h.get("attachments", []))}
        if "hand.png" in shown:
            owner = message.ephemeral_to or (message.channel.recipient if message.channel.is_dm else None)
            assert owner is not None, f"a hand picture in a public message: {message.text[:80]!r}"
    for user in users:
        private = {m.id for m in fake.ephemerals(user) + fake.dms(user)}
        for other in users:
            if other is not user:
                assert not private & {m.id for m in fake.seen_by(other)}
        drew = private_lines(fake, user)
        for message in fake.all_messages:
            if message.ephemeral_to is user or (message.channel.is_dm and message.channel.recipient is user):
                continue
            assert not [line for line in drew if line in message.text], (user.name, message.text[:200])


def private_lines(fake, user) -> set[str]:
    """The lines that told `user` a card they drew (private news), as they read them."""
    opening = {"en": "You drew ", "it": "Hai pescato "}[locale_of(user.locale)]
    return {line.strip("• ").strip() for m in fake.ephemerals(user) + fake.dms(user)
            for line in m.text.splitlines() if opening in line}


async def test_every_kind_of_step_is_reached_by_clicking(fake_discord, settings, tiny_pictures):
    fake = fake_discord
    users = [fake.add_user("alice"), fake.add_user("bruno", locale="it"), fake.add_user("carla")]
    guild = fake.add_guild("Agra", members=users)
    covered, figures, notations = set(), Figures(), set()
    client = bot(settings)
    async with fake.running(client):
        await (await fake.slash(users[1], fake.add_text_channel(guild, "settings"), "settings", subcommand="turns",
                                options={"how": "dm"})).reply()  # Bruno hears of his turns by DM
        for seed, players in zip(COVERAGE_SEEDS, (users, users[:2]), strict=True):
            channel = fake.add_text_channel(guild, f"taj-mahal-{seed}")
            await fake.gateway_caught_up()
            client.services.matches.core.new_seed = lambda seed=seed: seed
            since = len(fake.all_messages)
            await start(fake, players, channel, game=GAME)
            match = await client.services.matches.table.match_here(channel.id)
            driver = Clicking(fake, channel, client.services.matches, players, random.Random(seed), covered, figures,
                              since=since, game=GAME)
            await driver.play(match.id)
            notations |= driver.notations
            await fake.quiet()
    print("\n" + coverage_report(covered, GAME) + "\n" + figures.report())
    assert step_kinds(client.services.matches.core.game_of(match)) <= covered, coverage_report(covered, GAME)
    assert figures.alerted_share() == 1.0, [(t.user.name, t.first_question, t.alerts) for t in figures.turns
                                            if t.alerts != 1]
    assert_hands_stay_private(fake, users)
    assert_well_worded(fake, notations | await replays_exactly(settings), users, NAMES)


async def test_a_player_with_an_ai_seat_and_the_dummy_clicks_across_a_restart(fake_discord, settings):
    """Two seats, so the rulebook's dummy plays too: an Italian player and an AI seat, with the real
    pictures, the bot restarting in the middle. /hand shows the hand privately at any moment; every return
    of the turn is announced once; a watching player never sees the hand."""
    fake = fake_discord
    bruno, alice = fake.add_user("bruno", locale="it"), fake.add_user("alice")
    guild = fake.add_guild("Agra", members=[bruno, alice])
    channel = fake.add_text_channel(guild, "taj-mahal")
    covered, figures, driver = set(), Figures(), None
    for half in range(2):  # the bot restarts in the middle
        client = bot(settings)
        async with fake.running(client):
            client.services.matches.core.new_seed = lambda: 9
            if half == 0:
                await start(fake, [bruno], channel, ai=1, game=GAME)
                driver = Clicking(fake, channel, client.services.matches, [bruno], random.Random(9), covered, figures,
                                  game=GAME)
            else:  # the same player, in the middle of their turn maybe, with their panel still on screen
                driver.service = client.services.matches
                hand = await (await fake.slash(bruno, channel, "hand")).reply()
                assert hand.ephemeral and "hand.png" in hand.files
            match = await client.services.matches.table.match_here(channel.id)
            if half == 1:  # typing instead: /play lists exactly his legal moves, named as on the buttons
                game = client.services.matches.core.game_of(match)
                legal = game.legal_actions(game.load_state(match.state), 0)
                typed = await (await fake.autocomplete(bruno, channel, "play", focused="move",
                                                       options={"move": ""})).choices()
                assert len(typed) == min(len(legal), 25) and all(c["name"] for c in typed)
            await driver.play(match.id, decisions=10)
            if half == 1:
                await resign_and_await_final_score(fake, bruno, channel)
            await fake.quiet()
    print("\n" + figures.report())
    assert figures.alerted_share() == 1.0, [(t.first_question, t.alerts) for t in figures.turns]
    public = fake.messages(channel)
    assert any("table.png" in m.files for m in public) and "final.png" in public[-1].files
    assert any("hand.png" in files for files in private_files(fake, bruno)), \
        "the hand picture comes with the news that changed it"
    assert_hands_stay_private(fake, [bruno, alice])
    assert_well_worded(fake, driver.notations | await replays_exactly(settings), [bruno, alice], NAMES)


@pytest.mark.parametrize(("options", "ai", "dummies"), [("provinces=9", 0, 2), ("dummies=1 provinces=9", 2, 1)])
async def test_the_variants_are_chosen_in_game_new_and_played_by_clicking(fake_discord, settings, tiny_pictures,
                                                                           options, ai, dummies):
    """The rulebook's variants, chosen with `/game new options:` and played to the end by clicking: alone
    against two dummies on the 9-province map; three players (one person, two AI seats) with a dummy playing
    second."""
    fake = fake_discord
    alice = fake.add_user("alice")
    guild = fake.add_guild("Agra", members=[alice])
    channel = fake.add_text_channel(guild, "taj-mahal")
    client = bot(settings)
    async with fake.running(client):
        client.services.matches.core.new_seed = lambda: 4
        await new_match(fake, alice, channel, GAME, where="channel", ai_players=ai, options=options)
        lobby = fake.latest_with_components(channel)
        assert translate("taj_mahal.option.provinces.9", "en") in lobby.text  # the lobby shows the variant
        await (await fake.click(alice, lobby, label="Start")).reply()
        match = await client.services.matches.table.match_here(channel.id)
        driver = Clicking(fake, channel, client.services.matches, [alice], random.Random(4), set(), Figures(), game=GAME)
        await driver.play(match.id)
        await fake.quiet()
        match = await client.services.matches.table.get(match.id)
    view = client.services.matches.core.game_of(match).view(client.services.matches.core.game_of(match).load_state(match.state), None)
    assert view.over and view.visits == 9
    assert sum(p.seat is None for p in view.players) == dummies
    assert "final.png" in fake.latest(channel).files
    assert_hands_stay_private(fake, [alice])
    assert_well_worded(fake, driver.notations | await replays_exactly(settings), [alice], NAMES)


async def test_each_player_gets_their_starting_hand_privately_at_the_start_once_across_a_crash(
        fake_discord, settings, tiny_pictures):
    """The six cards dealt by the setup reach each player privately at the start, with the hand picture, once,
    even when the bot dies in the middle of telling them; the first turn is announced once."""
    fake = fake_discord
    alice, bruno, carla = fake.add_user("alice"), fake.add_user("bruno", locale="it"), fake.add_user("carla")
    channel = fake.add_text_channel(fake.add_guild("Agra", members=[alice, bruno, carla]), "taj-mahal")
    match = await start_through_a_crash(fake, settings, [alice, bruno], channel, game=GAME, ai=1)
    first = [u for u in (alice, bruno) if match.seat_of(u.id).awaited_since is not None]
    assert_starting_hands(fake, [alice, bruno], awaited_users=first)
    assert not any(starting_hand(m) for m in fake.seen_by(carla))
