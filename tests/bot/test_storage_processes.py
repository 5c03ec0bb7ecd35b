"""Two bot processes on one PostgreSQL database, each connecting one of two gateway shards, share the
background work: due reminders and outbox deliveries are claimed in the database, so each runs once.

First both processes poll the same due work (nudges and undelivered tables of three matches): every nudge
reaches the player once and nothing is posted twice. Then one process is caught in Discord's rate limit
(a 429 with a long retry_after) while it holds claims, and is killed there; the other picks up what it
had claimed once the leases lapse. PostgreSQL only: on SQLite the bot is one process.

This is the part of the fake-Discord suite that runs on PostgreSQL: the bot, in real processes, delivering
the outbox and firing reminders from it. The in-process end-to-end tests stay on SQLite: the fake judges
that the bot has finished from a pause in its requests, and under load the bot's silent work over a socket
to PostgreSQL outlasts that pause (the services tests cover the same storage calls on both backends).
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from pathlib import Path

import asyncpg

from bot.services import MatchServices, MatchSettings
from bot.storage import make_storage
from engine.core.messages import translate
from tests.support.backends import postgres_schema

from .crashing import BotProcess

MATCHES = 3
POLL_SECONDS = 0.2
LEASE_SECONDS = 2.0


async def matches_waiting_for_alice(url, guild, alice, places):
    """Running matches whose clocks have been ticking for most of an hour: two nudges each are due, and
    everything they showed is still undelivered (Discord was unreachable: no presenter)."""
    storage = make_storage(url)
    await storage.open()
    started_at = time.time() - 0.85 * 3600
    service = MatchServices(storage, presenter=None, now=lambda: started_at)
    try:
        ids = []
        for place in places:
            match = await service.lobby.create(game_key="al-rashid", host_id=alice.id, channel_id=place.id,
                                         place_id=place.id, guild_id=guild.id,
                                         settings=MatchSettings(clock_hours=1.0, ai_policy="random"))
            await service.lobby.add_ai(match.id, alice.id, "easy")
            ids.append((await service.lobby.start(match.id, alice.id)).id)
        return ids
    finally:
        await storage.close()


def bot_process(fake, tmp_path, url, shard):
    (tmp_path / f"shard{shard}").mkdir()
    bot = BotProcess(fake, tmp_path / f"shard{shard}", render_processes=0)
    bot.env.update(DATABASE_URL=url, SHARD_COUNT="2", SHARD_IDS=str(shard), REMINDER_POLL_SECONDS=str(POLL_SECONDS),
                   WORK_LEASE_SECONDS=str(LEASE_SECONDS))
    return bot


async def all_done(fake, db, alice, match_ids):
    """Every due nudge of these matches has reached alice, each once, and is done with (a reminder is deleted
    once it has fired), and nothing is left to deliver."""
    await fake.wait_for(lambda: nudges(fake, alice, match_ids) >= 2 * len(match_ids), timeout=60,
                        what="every due nudge to reach alice")
    await wait_for_rows(db, "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM outbox WHERE delivered_at IS NULL)"
                            " AND NOT EXISTS (SELECT 1 FROM reminders WHERE due_at <= extract(epoch FROM now()) - 60)")
    for match_id in match_ids:
        for level in (0, 1):
            assert nudges(fake, alice, [match_id], level) == 1, f"match {match_id}, nudge {level}"


async def test_two_processes_share_the_work_and_the_survivor_finishes_what_the_dead_one_claimed(
        fake_discord, postgres_server, tmp_path):
    fake = fake_discord
    alice = fake.add_user("alice")
    guild = fake.add_guild("Bazaar", members=[alice])
    places = [fake.add_text_channel(guild, f"table-{i}") for i in range(2 * MATCHES)]
    async with postgres_schema(postgres_server) as url:
        schema = make_storage(url)
        await schema.open()  # migrated before two processes start on it
        await schema.close()
        bots = [bot_process(fake, tmp_path, url, shard) for shard in (0, 1)]
        db = await asyncpg.connect(url)
        try:
            for bot in bots:
                await bot.start()
            # Both processes poll the same due work.
            shared = await matches_waiting_for_alice(url, guild, alice, places[:MATCHES])
            await all_done(fake, db, alice, shared)

            # One process meets a long rate limit and waits there, holding its claims; it is killed.
            fake.fail_next("POST", r"^/channels/\d+/messages$", status=429, retry_after=600)
            orphaned = await matches_waiting_for_alice(url, guild, alice, places[MATCHES:])
            await fake.wait_for(lambda: rate_limited(bots), timeout=30, what="a process to be rate limited")
            (stuck,) = rate_limited(bots)
            claimed = [r["id"] for r in await db.fetch("SELECT id FROM reminders WHERE claimed_by = $1",
                                                       f"shards {stuck} of 2")]
            bots[stuck].kill()
            await all_done(fake, db, alice, orphaned)
            assert not await db.fetch("SELECT id FROM reminders WHERE id = any($1::bigint[])", claimed)
        finally:
            await db.close()
            for bot in bots:
                bot.stop()

    # No post was made twice: each nonce (one delivery of outbox items) was posted once, the 429 aside.
    posted = Counter(r.body.get("nonce") for r in fake.requests_to("POST", r"^/channels/\d+/messages$")
                     if not r.injected and isinstance(r.body, dict) and r.body.get("nonce"))
    assert posted and max(posted.values()) == 1, posted.most_common(3)


def rate_limited(bots) -> list[int]:
    """The shards of the processes caught in the rate limit: discord.py logs the 429 before it waits."""
    return [shard for shard, bot in enumerate(bots) if "responded with 429" in Path(bot.log_path).read_text()]


def nudges(fake, alice, match_ids, level=None) -> int:
    levels = (0, 1, 2) if level is None else (level,)
    openings = [translate(f"bot.clock.nudge{lv}", "en").split("{match}")[0] for lv in levels]
    titles = re.compile("|".join(rf"#{i}\b" for i in match_ids))
    return sum(1 for m in fake.dms(alice)
               if any(m.content.startswith(o) for o in openings) and titles.search(m.content))


async def wait_for_rows(db, query, timeout=30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if rows := await db.fetch(query):
            return rows
        await asyncio.sleep(0.05)
    raise TimeoutError(query)
