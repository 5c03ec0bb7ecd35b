"""A crash loses nothing a player sees: the bot process is killed (SIGKILL) at random moments of many
player interactions and started again; see tests/bot/crashing.py for what is checked after each restart.
bench/crash.py runs the same for many more kills."""

import random
import time

import tests.support.simultaneous  # noqa: F401  (registers "blind-bid")

from .crashing import BotProcess, Crashing

KILLS = 300
SIMULTANEOUS_KILLS = 25


async def test_killing_the_bot_at_random_moments_loses_nothing(fake_discord, tmp_path):
    fake = fake_discord
    users = [fake.add_user("alice"), fake.add_user("bruno", locale="it")]
    guild = fake.add_guild("Bazaar", members=users)
    channel = fake.add_text_channel(guild, "al-rashid")
    crashing = Crashing(fake, BotProcess(fake, tmp_path), channel, users, random.Random(7))
    findings = await crashing.run(KILLS, deadline=time.monotonic() + 1200)
    print(f"\n{findings.kills} kills over {findings.actions} interactions ({findings.unanswered} before the answer, "
          f"{findings.left_pending} leaving saved changes undelivered), {findings.checks} checks, "
          f"{findings.turns} turns announced")
    assert not findings.problems, "\n".join(findings.problems[:30])
    assert findings.kills >= KILLS


async def test_killing_the_bot_while_players_choose_at_the_same_time_loses_nothing(fake_discord, tmp_path):
    """Blind Bid (tests/support/simultaneous.py): both players hold a panel at once and click from it while
    the other's choice moves the match on; a crash mid-choice loses nothing and a retry never applies twice."""
    fake = fake_discord
    users = [fake.add_user("alice"), fake.add_user("bruno", locale="it")]
    guild = fake.add_guild("Bazaar", members=users)
    channel = fake.add_text_channel(guild, "blind-bid")
    crashing = Crashing(fake, BotProcess(fake, tmp_path), channel, users, random.Random(11), game="blind-bid")
    findings = await crashing.run(SIMULTANEOUS_KILLS, deadline=time.monotonic() + 600)
    print(f"\n{findings.kills} kills over {findings.actions} interactions, {findings.checks} checks, "
          f"{findings.turns} turns announced")
    assert not findings.problems, "\n".join(findings.problems[:30])
    assert findings.kills >= SIMULTANEOUS_KILLS
