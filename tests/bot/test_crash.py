"""A crash loses nothing a player sees, in every game and on every storage backend: the bot process is killed
(SIGKILL) at random moments of many player interactions and started again; see tests/bot/crashing.py for
what is checked after each restart. bench/crash.py runs the same for many more kills, matches to their end.

The checks are proven to catch a broken bot: one that answers before it saves, one that refuses every step,
and one that applies a step while telling the player it was refused."""

import random
import time

import pytest

import tests.support.simultaneous  # noqa: F401  (registers "blind-bid")

from .crashing import BotProcess, Crashing

GAMES = ("al-rashid", "taj-mahal", "notre-dame", "yspahan")
KILLS = 3          # per game and backend, with the drawing processes of production started at each restart
KILL_RATE = 0.15   # so that the players make a few steps between kills
SIMULTANEOUS_KILLS = 25
BROKEN_KILLS = 40  # at most: a broken bot's run ends at the first problem found


def table(fake, name):
    users = [fake.add_user("alice"), fake.add_user("bruno", locale="it")]
    guild = fake.add_guild("Bazaar", members=users)
    return fake.add_text_channel(guild, name), users


@pytest.mark.every_backend
@pytest.mark.parametrize("game", GAMES)
async def test_killing_the_bot_at_random_moments_loses_nothing(fake_discord, tmp_path, database_url, game):
    channel, users = table(fake_discord, game)
    crashing = Crashing(fake_discord, BotProcess(fake_discord, tmp_path, database=database_url), channel, users,
                        random.Random(7), game=game, kill_rate=KILL_RATE)
    findings = await crashing.run(KILLS, deadline=time.monotonic() + 600)
    print(f"\n{game}: {findings.summary()}")
    assert not findings.problems, "\n".join(findings.problems[:30])
    assert findings.kills >= KILLS and findings.steps > 0


async def test_killing_the_bot_while_players_choose_at_the_same_time_loses_nothing(fake_discord, tmp_path):
    """Blind Bid (tests/support/simultaneous.py): both players hold a panel at once and click from it while
    the other's choice moves the match on; a crash mid-choice loses nothing and a retry never applies twice."""
    channel, users = table(fake_discord, "blind-bid")
    crashing = Crashing(fake_discord, BotProcess(fake_discord, tmp_path, render_processes=0), channel, users,
                        random.Random(11), game="blind-bid")
    findings = await crashing.run(SIMULTANEOUS_KILLS, deadline=time.monotonic() + 600)
    print(f"\n{findings.summary()}")
    assert not findings.problems, "\n".join(findings.problems[:30])
    assert findings.kills >= SIMULTANEOUS_KILLS and findings.steps > 0


@pytest.mark.parametrize(("breakage", "caught"), [
    ("answer-before-saving", "a step reported done was lost"),
    ("refuse-everything", "a legal step was refused"),
    ("apply-and-say-refused", "a step applied although the player was told otherwise"),
])
async def test_the_checks_catch_a_broken_bot(fake_discord, tmp_path, breakage, caught):
    channel, users = table(fake_discord, "al-rashid")
    bot = BotProcess(fake_discord, tmp_path, render_processes=0, breakage=breakage)
    crashing = Crashing(fake_discord, bot, channel, users, random.Random(5))
    findings = await crashing.run(BROKEN_KILLS, deadline=time.monotonic() + 600, until_found=True)
    assert any(problem.startswith(caught) for problem in findings.problems), findings.problems or findings.summary()
