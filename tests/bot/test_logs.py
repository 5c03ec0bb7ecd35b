"""Logs never carry hidden information nor a key to it: a match played at DEBUG (where discord.py logs whole
payloads and every request's URL) leaves no button id, no line of a private message and no interaction's token
(which would let whoever reads the log read or edit that answer, a private panel included) in the bot's log."""

import random
import re
import time

from .crashing import BotProcess, Crashing


async def test_a_match_at_debug_leaves_no_hidden_value_in_the_log(fake_discord, tmp_path):
    fake = fake_discord
    users = [fake.add_user("alice"), fake.add_user("bruno", locale="it")]
    guild = fake.add_guild("Bazaar", members=users)
    channel = fake.add_text_channel(guild, "al-rashid")
    bot = BotProcess(fake, tmp_path, log_level="DEBUG")
    players = Crashing(fake, bot, channel, users, random.Random(3), kill_rate=0)
    await players.run(kills=0, deadline=time.monotonic() + 300, actions=60)
    log = (tmp_path / "bot.log").read_text(encoding="utf-8")
    assert "WebSocket Event" in log and "has returned" in log  # discord.py did log, at DEBUG, all along
    buttons = {c for m in fake.all_messages for c in m.custom_ids() if re.match(r"cs:\d+:\d+:(do|pick)", c)}
    private = {line.strip() for m in fake.all_messages if m.ephemeral or m.channel.is_dm
               for text in [m.content, *(h["content"] for h in m.history)] for line in text.splitlines()
               if len(line.strip()) > 12}
    assert buttons and private
    leaked = sorted(x for x in buttons | private if x in log)
    assert not leaked, leaked[:10]
    options = {o["value"] for m in fake.all_messages for s in m.selects() for o in s["options"]}
    assert not any(f'"{value}"' in log for value in options)
    tokens = {handle.token for handle in fake.interactions}
    assert "/interactions/" in log and "/webhooks/" in log  # the answers' URLs were logged, their tokens withheld
    assert tokens and not [token for token in tokens if token in log]
    # One line per interaction, saying only what kind it was, where, how long it took and how it ended.
    lines = [line for line in log.splitlines() if " bot.interaction: " in line]
    assert any("kind=button:do" in line for line in lines) and any('kind="/game new"' in line for line in lines)
    shape = (r'.* INFO bot\.interaction: interaction interaction=\d+ kind=(\S+|"/[a-z ]+") match=(\d+|-) '
             r'step=(\d+|-) place=\d+ latency_ms=[\d.]+ outcome=[\w.:-]+')
    assert all(re.fullmatch(shape, line) for line in lines), [x for x in lines if not re.fullmatch(shape, x)][:3]
