"""End to end: every turn is announced exactly once, in each of the four games, in English and Italian, by a
mention or by DM, however often a player takes a step back with /undo (twice in a row too) and after a player
resigns. Three players click: Alice (English, mentions), Bruno (Italian, DMs) and Carla (English, mentions);
one of them takes their steps back now and then; later one resigns and an AI plays on in their seat."""

import random
from collections import Counter, defaultdict

import pytest

from engine.core import get_game
from engine.core.messages import translate
from tests.support.simultaneous import BlindBidParams

from .clicking import Clicking, Figures
from .e2e import awaited, bot, open_panel, pinged, posted, start

GAMES = ("al-rashid", "taj-mahal", "notre-dame", "yspahan")
BEFORE, AFTER = 60, 30  # decisions before and after the resignation


@pytest.mark.parametrize("game", GAMES)
async def test_each_turn_is_announced_once_across_undos_and_a_resignation(fake_discord, settings, tiny_pictures,
                                                                          game):
    fake = fake_discord
    alice, bruno, carla = fake.add_user("alice"), fake.add_user("bruno", locale="it"), fake.add_user("carla")
    users = [alice, bruno, carla]
    guild = fake.add_guild("Bazaar", members=users)
    figures = Figures()
    client = bot(settings)
    async with fake.running(client):
        await (await fake.slash(bruno, fake.add_text_channel(guild, "settings"), "settings", subcommand="turns",
                                options={"how": "dm"})).reply()
        channel = fake.add_text_channel(guild, game)
        await fake.gateway_caught_up()
        client.services.matches.core.new_seed = lambda: 7
        since = len(fake.all_messages)
        await start(fake, users, channel, game=game)
        match = await client.services.matches.table.match_here(channel.id)
        driver = Clicking(fake, channel, client.services.matches, users, random.Random(7), set(), figures, since=since,
                          game=game, take_back=0.25)
        await driver.play(match.id, decisions=BEFORE)
        resigned = await (await fake.slash(carla, channel, "resign")).reply(timeout=30)
        assert resigned.ephemeral
        await fake.quiet()
        driver.users = [alice, bruno]
        await driver.play(match.id, decisions=AFTER)
        await fake.quiet()
    print(f"\n{game}: {len(figures.turns)} turns, {driver.undos} steps taken back; turns by how often they were "
          f"announced: {figures.alerts_per_turn()}")
    assert driver.undos >= 2, "the players took steps back"
    assert figures.alerts_per_turn() == {1: len(figures.turns)}, [
        (t.user.name, t.first_question, t.alerts) for t in figures.turns if t.alerts != 1]
    undone = translate("bot.undo.done", "it")
    assert all(undone not in m.text for m in fake.dms(bruno)), "taking back is told in the reply, not by DM"


async def notre_dame_step_by_step(fake, settings, users, rounds: int, by_dm=()) -> list[tuple[int, str, list]]:
    """Notre Dame (seed 3, hidden prestige) played by clicking until round `rounds` is over, the players `by_dm`
    told of their turns by DM: after each step, the round and phase it led to and the messages it brought."""
    channel = fake.add_text_channel(fake.add_guild("Cité", members=users), "notre-dame")
    game = get_game("notre-dame")
    client = bot(settings)
    steps = []
    async with fake.running(client):
        for user in by_dm:
            await (await fake.slash(user, channel, "settings", subcommand="turns", options={"how": "dm"})).reply()
        client.services.matches.core.new_seed = lambda: 3
        seen = len(fake.all_messages)
        await start(fake, users, channel, game="notre-dame")
        match = await client.services.matches.table.match_here(channel.id)
        driver = Clicking(fake, channel, client.services.matches, users, random.Random(3), set(), Figures(),
                          game="notre-dame")
        while (match := await client.services.matches.table.get(match.id)).status == "running":
            await fake.quiet()
            state = game.load_state(match.state)
            steps.append((state.round, state.phase, fake.all_messages[seen:]))
            seen = len(fake.all_messages)
            if state.round > rounds:
                break
            await driver.decide(match)
    return steps


def versions(message) -> list[str]:
    """What a message read, then each of its edits (a draft's DM shows the news of each pass in turn)."""
    return [h.get("content") or "" for h in message.history] + [message.text]


def dms_to(user, messages) -> list:
    """The direct messages among `messages` that notified `user` (not the private answers to their clicks)."""
    return [m for m in messages if m.channel.recipient is user and not m.ephemeral]


async def test_a_player_who_chose_mentions_gets_one_dm_per_round_of_notre_dame(fake_discord, settings, tiny_pictures):
    """Notre Dame's draft asks everybody twice at once (keep one of your three cards, then one of the two passed
    to you) and hands everybody a last card: one turn, one DM per round for a player who chose mentions. The
    second pass and the news edit that DM, notifying nobody; the player's cards to play are announced at the table.
    The plague at a round's end, with prestige hidden, tells a player struck what they return in the next round's
    DM, or privately at their next click (to choose the building that loses a cube): only them, never the table.
    (Before: two 'Your move' DMs and one of private news per round; then a DM of its own for the plague's news.)"""
    fake = fake_discord
    alice, bruno, carla = fake.add_user("alice"), fake.add_user("bruno", locale="it"), fake.add_user("carla")
    steps = await notre_dame_step_by_step(fake, settings, [alice, bruno, carla], rounds=4, by_dm=[bruno])
    per_round: dict[int, Counter[str]] = defaultdict(Counter)  # each DM in the round its step led to
    for round_, _, messages in steps:
        for user in (alice, carla):
            per_round[round_][user.name] += len(dms_to(user, messages))
    print(f"\nDMs per round (alice and carla chose mentions): {dict(per_round)}")
    assert all(per_round[n]["alice"] == per_round[n]["carla"] == 1 for n in range(1, 6)), per_round
    # The plague struck Carla at the end of rounds 3 and 4: she alone read it, once each time; Bruno, who chose
    # DMs, read his in a DM of his turn, never in one of its own.
    lost = translate("notre_dame.ev.prestige_lost", "en").split("{what}")[0].replace("{player}", "Green (carla)")
    assert [lost in text for m in fake.seen_by(carla) for text in versions(m)].count(True) >= 2
    assert not any(lost in text for user in (alice, bruno) for m in fake.seen_by(user) for text in versions(m))
    opening = translate("bot.table.your_turn_dm", "it").split("{")[0]
    assert all(posted(m).startswith(opening) for m in dms_to(bruno, fake.all_messages)), "a DM of news alone"
    # A DM showed the round's second pass, then the last card received, without buttons.
    drafts = [m for m in fake.dms(alice) if m.edits]
    second = translate("notre_dame.ask.draft.second", "en").split("}")[1].split("(")[0]  # ": keep one of these two"
    assert any(any(second in (version.get("content") or "") for version in m.history) for m in drafts)
    received = translate("bot.dm.header", "en").split("{")[0]
    assert any(m.content.startswith(received) and not m.custom_ids() for m in drafts)


async def test_a_player_whose_dms_are_closed_is_mentioned_once_a_round_in_notre_dames_draft(
        fake_discord, settings, tiny_pictures):
    """Carla's DMs are closed: the table mentions her instead of DMing her the draft, once a round as the DM would
    come, not again for the second pass; the bot says once, at the start, that it cannot DM her.
    (Before: a mention at each of the draft's two passes.)"""
    fake = fake_discord
    alice, bruno = fake.add_user("alice"), fake.add_user("bruno", locale="it")
    carla = fake.add_user("carla", dms_open=False)
    steps = await notre_dame_step_by_step(fake, settings, [alice, bruno, carla], rounds=3)
    closed = translate("bot.dm.closed", "en")
    drafts: Counter[int] = Counter()
    for round_, phase, messages in steps:
        if phase == "draft":
            drafts[round_] += sum(carla.id in pinged(m) and closed not in m.text for m in messages)
    print(f"\nMentions of carla in each round's draft: {dict(drafts)}")
    assert drafts == {1: 1, 2: 1, 3: 1, 4: 1}, drafts
    every = [m for _, _, messages in steps for m in messages]
    assert [carla.id in m.pings for m in every if closed in m.text] == [True]
    assert fake.refused_dms and not fake.dms(carla)


async def test_each_round_of_choices_made_at_once_is_announced(fake_discord, settings, tiny_pictures):
    """A game whose every round is chosen at once (Blind Bid) announces each round anew: only a turn that goes on
    (a draft's second pass) is shown in the DM of the turn before."""
    fake = fake_discord
    alice, carla = fake.add_user("alice"), fake.add_user("carla")
    channel = fake.add_text_channel(fake.add_guild("Bids", members=[alice, carla]), "blind-bid")
    client = bot(settings)
    async with fake.running(client):
        await start(fake, [alice, carla], channel, game="blind-bid")
        match = await client.services.matches.table.match_here(channel.id)
        figures = Figures()
        driver = Clicking(fake, channel, client.services.matches, [alice, carla], random.Random(5), set(), figures,
                          game="blind-bid")
        await driver.play(match.id)
    rounds = BlindBidParams().rounds
    assert figures.alerts_per_turn() == {1: 2 * rounds}, [(t.user.name, t.round, t.alerts) for t in figures.turns]


async def test_the_panel_a_player_last_used_shows_their_next_turn_at_a_table_of_several(fake_discord, settings,
                                                                                      tiny_pictures):
    """At a table of several players, the panel a player last played from shows their next turn by itself
    (besides the mention), so that they answer it without opening it again; once the interaction behind it has
    expired (Discord's 15 minutes), they open it from the table as before."""
    fake = fake_discord
    alice, bruno = users = [fake.add_user("alice"), fake.add_user("bruno", locale="it")]
    guild = fake.add_guild("Bazaar", members=users)
    client = bot(settings)
    async with fake.running(client):
        channel = fake.add_text_channel(guild, "taj-mahal")
        await fake.gateway_caught_up()
        client.services.matches.core.new_seed = lambda: 5
        await start(fake, users, channel, game="taj-mahal")
        panels, last_click, opened, followed, expired = {}, {}, [], [], False
        for turn in range(8):
            await fake.wait_for(lambda: len(awaited(fake, channel, users)) == 1, timeout=30, what="a player's turn")
            (user,) = awaited(fake, channel, users)
            panel = panels.get(user.id)
            if panel is not None and _steps_of(fake.message(panel.id)):
                assert f"<#{channel.id}>" in fake.message(panel.id).text  # "Your move in …", and the question
                followed.append(user.name)
            else:
                opened.append(user.name)
                panels[user.id] = panel = await open_panel(fake, user, channel)
            while user in awaited(fake, channel, users):
                last_click[user.id] = click = await _take_suggestion(fake, user, fake.message(panel.id))
                await click.reply(timeout=30)  # sent once the table is shown, and the next turn in its panel
            if turn >= 2 and user is alice and not expired:
                fake.expire(last_click[alice.id])  # as 15 minutes after her click
                expired = True
    assert sorted(opened) == ["alice", "alice", "bruno"] and len(followed) == 5, (opened, followed)


def _steps_of(panel) -> list[str]:
    return [c for c in panel.custom_ids() if ":do:" in c or ":pick:" in c]


async def _take_suggestion(fake, user, panel):
    """The green suggestion, else the first step offered."""
    green = [b["custom_id"] for b in panel.buttons() if b.get("style") == 3]
    steps = [b["custom_id"] for b in panel.buttons() if ":do:" in b["custom_id"]]
    if green or steps:
        return await fake.click(user, panel, custom_id=(green or steps)[0])
    select = panel.selects()[0]
    return await fake.select(user, panel, select["custom_id"], [select["options"][0]["value"]])
