"""End to end: complete Notre Dame matches through the fake Discord, every human decision a click.

The curious players (tests/support/curious.py) reach every question Notre Dame asks, on a 3-player table and in
the 2-player variant, in English and in Italian, across a restart in the middle of a draft. Every picture the
fake Discord carries in the first test is stamped with the view it was drawn from, so the tests see exactly whose
secrets — the draft's cards, the cards kept, hidden prestige — reached whom, in pictures and in words.
"""

import json
import random

import pytest

from bot.services.tidings import Names, event_from_json
from bot.storage import SqliteStorage
from engine.core.messages import translate
from tests.support.curious import step_kinds

from . import wording
from .clicking import Clicking, Figures, coverage_report
from .e2e import (
    assert_starting_hands,
    assert_well_worded,
    bot,
    new_match,
    news_dms,
    open_panel,
    posted,
    replays_exactly,
    start,
    start_through_a_crash,
    starting_hand,
    table_message,
    turn_alerts,
)

GAME = "notre-dame"
# (seed, AI seats): a curious Italian player beside two AI seats reaches every kind of step (bench/clicking.py
# --game notre-dame plays many more); then the 2-player variant, an English player against one AI seat.
MATCHES = ((1, 2), (102, 1))
TINY_PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16


def stamped(view, locale, names=None) -> bytes:
    """A tiny picture that says whose view it was drawn from, whose cards it showed and whose prestige."""
    cards = [p.seat for p in view.players if p.hand is not None or p.offer is not None]
    prestige = [p.seat for p in view.players if p.prestige is not None]
    return TINY_PNG + json.dumps({"viewer": view.viewer, "cards": cards, "prestige": prestige,
                                  "over": view.phase == "over"}).encode()


@pytest.fixture
def stamped_pictures(monkeypatch):
    """Pictures cost most of a step's time and have tests of their own: these matches send stamped tiny
    pictures through the same upload and attachment code."""
    from bot.services import pictures

    for name in ("focus_png", "hand_png", "board_png", "final_png"):
        monkeypatch.setattr(pictures, name, stamped)


def assert_pictures_kept_secrets(fake, seats: dict[int, int]) -> None:
    """A picture in a player's panel or DM was drawn from their own seat's view, showing their cards and prestige
    only; a picture at the table from the public view, showing no cards and, before the end, no prestige."""
    checked = {True: 0, False: 0}
    for user_id, seat in seats.items():
        user = fake.users[user_id]
        for message in fake.seen_by(user):
            for attachment in message.attachments:
                drawn = json.loads(attachment.data[len(TINY_PNG):])
                private = message.ephemeral or message.channel.is_dm
                checked[private] += 1
                if private:
                    assert drawn["viewer"] in (None, seat) and set(drawn["cards"]) <= {seat}, drawn
                    assert drawn["over"] or set(drawn["prestige"]) <= {seat}, drawn
                else:
                    assert drawn["viewer"] is None and not drawn["cards"], (attachment.filename, message.text)
                    assert drawn["over"] or not drawn["prestige"], (attachment.filename, message.text)
    assert all(checked.values()), checked


async def private_texts(settings) -> dict[int | None, set[str]]:
    """Every private event of the finished matches as players read it (names beside colours, both languages),
    by the seat it was told to."""
    storage = SqliteStorage(settings.database_path)
    await storage.open()
    try:
        told: dict[int | None, set[str]] = {}
        for match in await storage.matches(statuses=("over",)):
            names = Names(match)
            for entry in await storage.log(match.id):
                for event in map(event_from_json, entry.events):
                    for seat in event.audience or ():
                        user = match.seat(seat).user_id
                        told.setdefault(user, set()).update(names.event(event).text(loc) for loc in ("en", "it"))
        return told
    finally:
        await storage.close()


def assert_nothing_private_reached_others(fake, told, users, watcher):
    """Nobody read a private event told only to another seat (a computer seat's own draft included); the watcher
    no private event at all."""
    for user in [*users, watcher]:
        own = told.get(user.id, set())
        assert own or user is watcher, f"{user.name} was told nothing privately"
        others = set().union(*(texts for owner, texts in told.items() if owner != user.id)) - own
        seen = "\n".join(version.text for m in fake.seen_by(user) for version in wording.versions(m))
        leaked = sorted(text for text in others if text in seen)
        assert not leaked, (user.name, leaked[:5])


async def test_every_kind_of_step_is_reached_by_clicking(fake_discord, settings, stamped_pictures):
    """Bruno's DMs are closed: his turns are mentioned at the table and he chooses from the panel there."""
    fake = fake_discord
    bruno, alice, watcher = fake.add_user("bruno", locale="it", dms_open=False), fake.add_user("alice"), \
        fake.add_user("dora")
    guild = fake.add_guild("Cité", members=[bruno, alice, watcher])
    covered, figures, notations, seats = set(), Figures(), set(), {}
    client = bot(settings)
    async with fake.running(client):
        for (seed, ai), player in zip(MATCHES, (bruno, alice), strict=True):
            channel = fake.add_text_channel(guild, f"notre-dame-{seed}")
            await fake.gateway_caught_up()
            client.services.matches.core.new_seed = lambda seed=seed: seed
            since = len(fake.all_messages)
            await start(fake, [player], channel, ai=ai, game=GAME)
            match = await client.services.matches.table.match_here(channel.id)
            assert len(match.seats) == ai + 1
            seats[player.id] = match.seat_of(player.id).seat
            driver = Clicking(fake, channel, client.services.matches, [player], random.Random(seed), covered, figures,
                              since=since, game=GAME)
            await driver.play(match.id)
            notations |= driver.notations
            await fake.wait_for(lambda channel=channel: any("final.png" in m.files for m in fake.messages(channel)),
                                timeout=60, what="the final score")
    print("\n" + coverage_report(covered, GAME) + "\n" + figures.report())
    assert step_kinds(client.services.matches.core.game_of(match)) <= covered, coverage_report(covered, GAME)
    assert figures.alerted_share() == 1.0, [(t.user.name, t.first_question, t.alerts) for t in figures.turns
                                            if t.alerts != 1]
    assert not fake.dms(bruno) and {user for user, _ in fake.refused_dms} == {bruno}  # tried once, remembered
    (opening,) = [m for m in fake.dms(alice) if starting_hand(m)]  # her first draft by DM, with its buttons...
    assert posted(opening).startswith("Your move in Notre Dame") and turn_alerts([opening], alice)
    assert any(t.from_dm for t in figures.turns if t.user is alice)  # ...which she clicked
    notations |= await replays_exactly(settings)
    assert_well_worded(fake, notations, [bruno, alice, watcher])
    assert_nothing_private_reached_others(fake, await private_texts(settings), [bruno, alice], watcher)
    assert_pictures_kept_secrets(fake, {**seats, watcher.id: None})


async def test_a_player_against_two_ai_seats_clicks_across_a_restart_in_the_middle_of_a_draft(fake_discord, settings):
    """The way many will play: one Italian player against two AI seats, by clicking, with the real pictures. The
    bot restarts while the player holds the two cards of a draft's second pass. Every return of the turn is
    announced once; the panel stays open with the next question; the cards passed and drawn and the prestige
    gained come in the reply to the step, with one hand picture, never by DM; a watching player sees none of it."""
    fake = fake_discord
    bruno, alice = fake.add_user("bruno", locale="it"), fake.add_user("alice")
    guild = fake.add_guild("Cité", members=[bruno, alice])
    channel = fake.add_text_channel(guild, "notre-dame")
    figures, driver = Figures(), None
    for half in range(2):  # the bot restarts in the middle of the second round's draft
        client = bot(settings)
        async with fake.running(client):
            client.services.matches.core.new_seed = lambda: 7
            if half == 0:
                await start(fake, [bruno], channel, ai=2, game=GAME)
            match = await client.services.matches.table.match_here(channel.id)
            if half == 0:  # typing /play offers the same choices as the panel, in his language
                game, seat = client.services.matches.core.game_of(match), match.seat_of(bruno.id).seat
                legal = {game.format_action(a) for a in game.legal_actions(game.load_state(match.state), seat)}
                offered = await (await fake.autocomplete(bruno, channel, "play", focused="move",
                                                         options={"move": ""})).choices()
                assert {c["value"].rpartition("@")[0] for c in offered} == legal
                assert all(c["name"].startswith("Tieni ") for c in offered), offered
            if driver is None:
                driver = Clicking(fake, channel, client.services.matches, [bruno], random.Random(7), set(), figures, game=GAME)
            # The same player goes on clicking across the restart, their panel still open on their screen.
            driver.service = client.services.matches
            if half == 0:
                while not await holding_the_second_pass(client.services.matches, match.id, round=2):
                    await driver.decide(await client.services.matches.table.get(match.id))
            else:
                await driver.play(match.id, decisions=20)
            if half == 1:
                # An AI seat finishes the match before the bot answers: the final score first, then the answer.
                resigned = await fake.slash(bruno, channel, "resign")
                await fake.wait_for(lambda: any("final.png" in m.files for m in fake.messages(channel)), timeout=120,
                                    what="the final score")
                await resigned.reply()
    print("\n" + figures.report())
    assert figures.alerted_share() == 1.0
    opened = [t.opened for t in figures.turns[1:]]
    assert opened and not any(opened), "after the first turn the panel stays open with the next question"
    assert not [m for m in news_dms(fake, bruno) if m.attachments], "after the start, private news came in the replies"
    # The panel he clicked was the ephemeral one or the start's DM, which became his panel: every version counts.
    shown = [[a.filename for a in m.attachments] for m in fake.ephemerals(bruno) + fake.dms(bruno)]
    shown += [h["attachments"] for m in fake.ephemerals(bruno) + fake.dms(bruno) for h in m.history]
    with_hand = [files for files in shown if "hand.png" in files]
    assert with_hand and all(files == ["hand.png"] for files in with_hand)  # one hand picture a change
    assert not fake.ephemerals(alice) and not fake.dms(alice)
    final = fake.latest(channel)
    assert "final.png" in final.files and bruno.id not in final.pings  # he resigned: the result does not call him
    assert_well_worded(fake, driver.notations | await replays_exactly(settings), [bruno, alice])
    assert_nothing_private_reached_others(fake, await private_texts(settings), [bruno], alice)


async def holding_the_second_pass(service, match_id: int, round: int) -> bool:
    match = await service.table.get(match_id)
    game = service.core.game_of(match)
    state = game.load_state(match.state)
    human = next(s.seat for s in match.seats if not s.plays_ai)
    prompt = game.prompt(state, human)
    return state.round == round and prompt is not None and prompt.key == "notre_dame.ask.draft.second"


async def test_two_players_choose_the_draft_at_the_same_moment_across_a_restart(
        fake_discord, settings, stamped_pictures):
    """The 2-player variant, all human: Alice (English) and Bruno (Italian) choose their draft cards at the same
    moment, each from the panel on their own screen, which the other's choice leaves in play. The bot restarts
    while one of them has kept a card and the other has not. Neither ever reads the other's cards or prestige."""
    fake = fake_discord
    alice, bruno, watcher = fake.add_user("alice"), fake.add_user("bruno", locale="it"), fake.add_user("dora")
    guild = fake.add_guild("Cité", members=[alice, bruno, watcher])
    channel = fake.add_text_channel(guild, "notre-dame")
    figures, driver = Figures(), None
    for half in range(2):  # the bot restarts while one of them has chosen in the second round's draft
        client = bot(settings)
        async with fake.running(client):
            client.services.matches.core.new_seed = lambda: 3
            if half == 0:
                await start(fake, [alice, bruno], channel, game=GAME)
            match = await client.services.matches.table.match_here(channel.id)
            if driver is None:
                driver = Clicking(fake, channel, client.services.matches, [alice, bruno], random.Random(3), set(), figures,
                                  game=GAME, together=True)
            driver.service = client.services.matches
            if half == 0:
                while not await one_of_two_has_chosen(client.services.matches, match.id, round=2):
                    match = await client.services.matches.table.get(match.id)
                    state = driver.game.load_state(match.state)
                    driver.together = state.round < 2  # in round 2 one at a time, to stop between the two
                    await driver.decide(match)
                driver.together = True
            else:
                await driver.play(match.id)
                await fake.wait_for(lambda: any("final.png" in m.files for m in fake.messages(channel)),
                                    timeout=60, what="the final score")
    print("\n" + figures.report())
    # Whoever did not choose last is told of the next choice by DM, with its buttons (and clicks them half the
    # time); whoever chose last reads it in the answer to their click.
    assert any(t.from_dm for t in figures.turns) and any(t.opened for t in figures.turns)
    stale = [m for user in (alice, bruno) for m in fake.ephemerals(user)
             if any(translate("bot.refusal.stale", loc) in m.text for loc in ("en", "it"))]
    assert not stale, "two players clicking at the same moment are never told the board moved on"
    told = []  # whoever chose first heard whom they now wait for
    for user, other, loc in ((alice, bruno, "en"), (bruno, alice, "it")):
        waiting = translate("bot.panel.waiting_others", loc, players="").split(":")[0]
        lines = [v.text for m in fake.ephemerals(user) for v in wording.versions(m) if waiting in v.text]
        assert all(f"({other.name})" in line for line in lines), lines
        told += lines
    assert told
    assert figures.alerted_share() == 1.0
    assert_nothing_private_reached_others(fake, await private_texts(settings), [alice, bruno], watcher)
    assert_pictures_kept_secrets(fake, {alice.id: 0, bruno.id: 1, watcher.id: None})
    assert_well_worded(fake, driver.notations | await replays_exactly(settings), [alice, bruno, watcher])


async def one_of_two_has_chosen(service, match_id: int, round: int) -> bool:
    match = await service.table.get(match_id)
    game = service.core.game_of(match)
    view = game.view(game.load_state(match.state), None)
    return view.round == round and sorted(p.choosing for p in view.players) == [False, True]


async def test_a_casual_table_chooses_public_prestige_and_plays_it_to_the_end(fake_discord, settings,
                                                                               stamped_pictures):
    """Prestige is hidden by default (the rulebook's way); /game new offers the option in the player's language
    and the lobby shows it. Played to the end by clicking, every table picture then shows everybody's prestige and
    the table tells every gain (without the option neither happens: the first test's secrecy checks)."""
    fake = fake_discord
    bruno = fake.add_user("bruno", locale="it")
    channel = fake.add_text_channel(fake.add_guild("Cité", members=[bruno]), "notre-dame")
    async with fake.running(bot(settings)) as client:
        client.services.matches.core.new_seed = lambda: 5
        offered = await (await fake.autocomplete(bruno, channel, "game", subcommand="new", focused="options",
                                                 options={"game": GAME, "options": ""})).choices()
        assert ("Punti prestigio visibili a tutti (il regolamento li tiene nascosti): Sì", "public_prestige=yes") in [
            (c["name"], c["value"]) for c in offered]
        await new_match(fake, bruno, channel, GAME, where="channel", options="public_prestige=yes")
        lobby = fake.latest_with_components(channel)
        assert "Prestige visible to everybody (the rules keep it hidden): Yes" in lobby.text, lobby.text
        match = await client.services.matches.table.match_here(channel.id)
        assert match.params == {"public_prestige": True}
        await (await fake.click(bruno, lobby, label="Add AI: normal")).reply(timeout=30)
        await (await fake.click(bruno, lobby, label="Start")).reply(timeout=30)
        await fake.quiet()
        driver = Clicking(fake, channel, client.services.matches, [bruno], random.Random(5), set(), Figures(), game=GAME,
                          typical=True)
        await driver.play(match.id)
        await fake.wait_for(lambda: any("final.png" in m.files for m in fake.messages(channel)), timeout=60,
                            what="the final score")
    tables = [json.loads(a.data[len(TINY_PNG):]) for m in fake.messages(channel) if not m.ephemeral
              for a in m.attachments]
    assert tables and all(drawn["viewer"] is None and drawn["prestige"] == [0, 1] for drawn in tables), tables[:3]
    gains = translate("notre_dame.ev.prestige", "en").split("{total}")[-1]  # "… : 7 in all."
    assert sum(gains in m.text for m in fake.messages(channel) if not m.ephemeral) >= 3


async def test_each_player_gets_their_round_one_cards_privately_at_the_start_once_across_a_crash(
        fake_discord, settings, stamped_pictures):
    """Round 1's cards are dealt by the setup, before any step: the start tells each player privately, with the
    hand picture drawn from their own view, once, even when the bot dies in the middle of telling them."""
    fake = fake_discord
    alice, bruno, watcher = fake.add_user("alice"), fake.add_user("bruno", locale="it"), fake.add_user("dora")
    channel = fake.add_text_channel(fake.add_guild("Cité", members=[alice, bruno, watcher]), "notre-dame")
    match = await start_through_a_crash(fake, settings, [alice, bruno], channel, game=GAME, ai=1)
    assert_starting_hands(fake, [alice, bruno], awaited_users=[alice, bruno])  # the draft: both choose at once
    for user in (alice, bruno):
        (hand,) = [m for m in fake.dms(user) if starting_hand(m)]
        drawn = json.loads(hand.attachments[0].data[len(TINY_PNG):])
        assert drawn["viewer"] == drawn["cards"][0] == match.seat_of(user.id).seat and len(drawn["cards"]) == 1
    assert not any(starting_hand(m) for m in fake.seen_by(watcher))


async def test_the_draft_is_chosen_from_the_dm_and_an_outdated_dm_says_so(fake_discord, settings, stamped_pictures):
    """Each player's draft comes by DM with a button per card. Alice chooses from the table's panel instead, so
    her DM is outdated: a click on it says the board has moved on and plays nothing. Bruno chooses last, from his
    DM, which becomes the answer with his next choice; the cards passed to Alice reach her in her draft's DM, edited
    without a new notification to show them with the buttons to keep one: the draft is one turn."""
    fake = fake_discord
    alice, bruno = fake.add_user("alice"), fake.add_user("bruno", locale="it")
    channel = fake.add_text_channel(fake.add_guild("Cité", members=[alice, bruno]), "notre-dame")
    async with fake.running(bot(settings)) as client:
        client.services.matches.core.new_seed = lambda: 3
        await start(fake, [alice, bruno], channel, game=GAME)
        # The drafts go by DM, then the table: wait for them all (a quiet moment may come in between).
        await fake.wait_for(lambda: all(any(m.buttons() for m in fake.dms(u)) for u in (alice, bruno))
                            and table_message(fake, channel) is not None, timeout=30, what="the drafts and the table")
        match = await client.services.matches.table.match_here(channel.id)
        dm = {user.id: next(m for m in fake.dms(user) if m.buttons()) for user in (alice, bruno)}
        panel = await open_panel(fake, alice, channel)
        await (await fake.click(alice, panel, custom_id=panel.buttons()[0]["custom_id"])).reply(timeout=30)
        await fake.quiet()
        outdated = await fake.click(alice, dm[alice.id], custom_id=dm[alice.id].buttons()[1]["custom_id"])
        told = await outdated.followup(timeout=30)
        assert translate("bot.refusal.stale", "en", match=match.id) in told.text and told.ephemeral
        click = await fake.click(bruno, dm[bruno.id], custom_id=dm[bruno.id].buttons()[1]["custom_id"])
        answer = await click.reply(timeout=30)
        # His DM becomes the answer: what he kept, the cards passed to him, and the next choice with its buttons.
        assert answer.id == dm[bruno.id].id and answer.text.startswith("✓ Tieni") and answer.buttons()
        await fake.wait_for(lambda: "passes you" in fake.message(dm[alice.id].id).text, timeout=30,
                            what="the cards passed to Alice, in her draft's DM")
        passed = fake.message(dm[alice.id].id)
        assert passed.text.startswith("Your move in Notre Dame") and passed.buttons(), passed.text
        assert [a.filename for a in passed.attachments] == ["hand.png"]
        assert [m.id for m in fake.dms(alice) if m.buttons()] == [passed.id]  # no second DM
        await fake.quiet(idle=0.5)
        log = await client.services.matches.core.storage.log(match.id)
        assert sorted(e.seat for e in log if e.kind == "step") == [0, 1]  # the outdated click played nothing
