"""End to end: complete Yspahan matches through the fake Discord, every human decision a click.

The curious players (tests/support/curious.py) reach every question Yspahan asks (the dice, the groups, the
card for an extra die, the supervisor and its gold, the camel that keeps a cube when another player's
supervisor ships it, the caravan order, building, each card as a free action), on a 4-player table (whose
last day is played in reverse order of score) and a 3-player one, across a restart. Every picture the fake
Discord carries here is stamped with the view it was drawn from, so a test sees exactly which seat's secrets
(the cards in hand) reached whom.
"""

import json
import random

import pytest

from bot.services.core import effective_steps
from bot.storage import SqliteStorage
from engine.core import get_game
from engine.core.messages import translate
from engine.yspahan.vocab import CARDS
from tests.support.curious import several_in, step_kinds

from .clicking import Clicking, Figures, coverage_report
from .e2e import (
    TINY_PNG,
    assert_well_worded,
    bot,
    news_dms,
    paint_pictures_with,
    private_files,
    replays_exactly,
    resign_and_await_final_score,
    start,
)

GAME = get_game("yspahan")
# Seeded 4-player matches (three clicking players and an AI seat) in which the curious players reach every
# kind of step and play every card (bench/clicking.py --game yspahan plays many more).
COVERAGE_SEEDS = (33,)
NAMES = {"Yspahan"}


def stamped(view, locale, names=None) -> bytes:
    """A tiny picture that says whose view it was drawn from, which hands it showed and which players' names."""
    hands = {p.seat: p.hand for p in view.players if getattr(p, "hand", None) is not None}
    return TINY_PNG + json.dumps({"viewer": view.viewer, "hands": hands, "names": names}).encode()


@pytest.fixture
def stamped_pictures(monkeypatch):
    paint_pictures_with(monkeypatch, stamped)


async def seats_of(settings) -> dict[int, set[int]]:
    """Each user's seats in the matches played."""
    storage = SqliteStorage(settings.database_path)
    await storage.open()
    try:
        seats: dict[int, set[int]] = {}
        for match in await storage.matches(statuses=("over", "running")):
            for seat in match.seats:
                seats.setdefault(seat.user_id, set()).add(seat.seat)
        return seats
    finally:
        await storage.close()


def assert_secrets_kept(fake, users, channels, seats) -> None:
    """Every picture a player could see was drawn from the public view or from their own seat's, showing no
    hand but theirs; the news of a card drawn never reached a channel; their panels and DMs reached no one else."""
    drew = [translate("yspahan.ev.drew_private", locale).split("“")[0] for locale in ("en", "it")]
    for user in users:
        for message in fake.seen_by(user):
            for attachment in message.attachments:
                drawn = json.loads(attachment.data[len(TINY_PNG):])
                if message.ephemeral or message.channel.is_dm:
                    assert drawn["viewer"] in (None, *seats[user.id])
                    assert {int(s) for s in drawn["hands"]} <= seats[user.id]
                else:
                    assert drawn["viewer"] is None and not drawn["hands"], (attachment.filename, message.text)
        others = [u for u in users if u is not user]
        private = {m.id for m in fake.ephemerals(user) + fake.dms(user)}
        assert not private & {m.id for other in others for m in fake.seen_by(other)}
    for channel in channels:
        for message in fake.messages(channel):
            assert not any(opening in message.text for opening in drew), message.text


async def last_day_order(settings, match_id) -> tuple[list[int], dict[int, int], list[int]]:
    """On the last day of a match: the order the table announced, the scores it was set by, and the order in
    which seats took their group (from the match's log)."""
    storage = SqliteStorage(settings.database_path)
    await storage.open()
    try:
        match = await storage.get_match(match_id)
        state, announced, scores, took = GAME.new_game(match.params, len(match.seats), match.seed), None, {}, []
        for entry in effective_steps(await storage.log(match_id)):
            state, _ = GAME.apply(state, entry.seat, entry.notation)
            view = GAME.view(state, None)
            if (view.week, view.day) == (view.weeks, view.days):
                if announced is None:
                    announced, scores = list(view.order), {p.seat: p.score for p in view.players}
                if entry.notation.split()[0] in ("take", "draw") and entry.seat not in took:
                    took.append(entry.seat)
        return announced, scores, took
    finally:
        await storage.close()


def cards_played(notations: set[str]) -> set[str]:
    """The cards played for their effect, or to build, in these steps."""
    played = {n.split()[1] for n in notations if n.startswith("play ")}
    return played | {n.split()[2] for n in notations if n.startswith("build ") and len(n.split()) == 3}


async def test_every_kind_of_step_is_reached_by_clicking(fake_discord, settings, stamped_pictures):
    """Three players (one Italian, hearing of his turns by DM) and an AI seat at a 4-player table."""
    fake = fake_discord
    users = [fake.add_user("alice"), fake.add_user("bruno", locale="it"), fake.add_user("carla")]
    guild = fake.add_guild("Bazaar", members=users)
    covered, figures, notations, channels, matches = set(), Figures(), set(), [], []
    client = bot(settings)
    async with fake.running(client):
        await (await fake.slash(users[1], fake.add_text_channel(guild, "settings"), "settings", subcommand="turns",
                                options={"how": "dm"})).reply()
        for seed in COVERAGE_SEEDS:
            channel = fake.add_text_channel(guild, f"yspahan-{seed}")
            channels.append(channel)
            await fake.gateway_caught_up()
            client.services.matches.core.new_seed = lambda seed=seed: seed
            since = len(fake.all_messages)
            await start(fake, users, channel, ai=1, game="yspahan")
            match = await client.services.matches.table.match_here(channel.id)
            matches.append(match.id)
            driver = Clicking(fake, channel, client.services.matches, users, random.Random(seed), covered, figures,
                              since=since, game="yspahan")
            await driver.play(match.id)
            notations |= driver.notations
            await fake.quiet()
    print("\n" + coverage_report(covered, "yspahan") + "\n" + figures.report())
    assert step_kinds(GAME) <= covered, coverage_report(covered, "yspahan")
    assert {several_in("en"), several_in("it")} <= covered  # all the cubes of a group from one multi-select
    assert cards_played(notations) == set(CARDS), sorted(set(CARDS) - cards_played(notations))
    assert figures.alerted_share() == 1.0, [(t.user.name, t.first_question, t.alerts) for t in figures.turns
                                            if t.alerts != 1]
    notations |= await replays_exactly(settings)
    for match_id in matches:  # 4 players: the last day in reverse order of score
        announced, scores, took = await last_day_order(settings, match_id)
        assert [scores[s] for s in announced] == sorted(scores[s] for s in announced) and took == announced
    assert_secrets_kept(fake, users, channels, await seats_of(settings))
    for channel in channels:  # the final score names every player as they wrote their name, the AI seat as AI
        final = next(a for m in fake.messages(channel) for a in m.attachments if a.filename == "final.png")
        names = json.loads(final.data[len(TINY_PNG):])["names"]
        assert sorted(names.values()) == sorted(["alice", "bruno", "carla", "AI"])
    assert_well_worded(fake, notations, users, NAMES)


async def test_a_player_against_two_ai_seats_clicks_across_a_restart(fake_discord, settings):
    """A 3-player table: one Italian player against two AI seats, by clicking, with the real pictures, and the
    bot restarting in the middle. Every return of the turn is announced once, private news (a card taken)
    comes in the reply to the step that brought it with one picture of the hand, and a watching player never
    sees it; the AI seat that takes over after he resigns finishes the match."""
    fake = fake_discord
    bruno, alice = fake.add_user("bruno", locale="it"), fake.add_user("alice")
    guild = fake.add_guild("Bazaar", members=[bruno, alice])
    channel = fake.add_text_channel(guild, "yspahan")
    covered, figures, notations = set(), Figures(), set()
    rng, seen, since, panels, turn = random.Random(3), {}, 0, {}, (None, None)
    for half in range(2):  # the bot restarts in the middle
        client = bot(settings)
        async with fake.running(client):
            client.services.matches.core.new_seed = lambda: 3
            if half == 0:
                await start(fake, [bruno], channel, ai=2, game="yspahan")
            match = await client.services.matches.table.match_here(channel.id)
            driver = Clicking(fake, channel, client.services.matches, [bruno], rng, covered, figures, since=since,
                              game="yspahan")
            driver.seen.update(seen)
            driver.panels = panels  # the player's panel stays on their screen across the restart
            driver.turn, driver.current = turn  # the restart may come in the middle of his turn
            await driver.play(match.id, decisions=30)
            notations |= driver.notations
            seen, since, turn = dict(driver.seen), len(fake.all_messages), (driver.turn, driver.current)
            if half == 1:
                await resign_and_await_final_score(fake, bruno, channel)
            await fake.quiet()
    print("\n" + figures.report())
    assert figures.alerted_share() == 1.0, [(i, t.first_question, t.alerts) for i, t in enumerate(figures.turns) if t.alerts != 1]
    assert "yspahan.ask.roll" in covered and "yspahan.ask.choose" in covered
    assert not [m for m in news_dms(fake, bruno) if m.attachments], "after the start, private news came in the replies"
    with_hand = [files for files in private_files(fake, bruno) if "hand.png" in files]
    assert with_hand and all(files == ["hand.png"] for files in with_hand)  # one hand picture a change
    secrets = {m.id for m in fake.ephemerals(bruno) + fake.dms(bruno)}
    assert not secrets & {m.id for m in fake.seen_by(alice)}
    final = fake.latest(channel)
    assert "final.png" in final.files and bruno.id not in final.pings  # he resigned: the result does not call him
    assert_well_worded(fake, notations | await replays_exactly(settings), [bruno, alice], NAMES)
