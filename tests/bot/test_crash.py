"""A crash loses nothing a player sees: the bot process is killed (SIGKILL) at random moments of many
player interactions and started again; see tests/bot/crashing.py for what is checked after each restart.
bench/crash.py runs the same for many more kills."""

import random
import time

from .crashing import BotProcess, Crashing

KILLS = 300


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
