"""The operator's endpoint, scraped while two players and an AI seat play Al-Rashid through the fake
Discord: /health says what is up, /metrics counts what happened, and each interaction leaves one line.
A drawing process killed during the match costs one picture, shown in words instead."""

import logging
import os
import re
import signal

import aiohttp

from bot.ops import drawing
from bot.settings import Settings
from tests.bot.e2e import awaited, bot, start, table_message, take_turn


def sample(metrics: str, name: str, **labels: str) -> float:
    """The value of one sample in Prometheus' text format."""
    wanted = ",".join(f'{k}="{v}"' for k, v in labels.items())
    pattern = rf"^{re.escape(name)}{re.escape('{' + wanted + '}') if labels else ''} (\S+)$"
    found = re.search(pattern, metrics, re.MULTILINE)
    assert found, f"{name} {labels} not in /metrics"
    return float(found.group(1))


async def get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


async def test_health_and_metrics_during_a_played_match(fake_discord, tmp_path, caplog):
    fake = fake_discord
    users = [fake.add_user("alice"), fake.add_user("bruno", locale="it")]
    guild = fake.add_guild("Bazaar", members=users)
    channel = fake.add_text_channel(guild, "al-rashid")
    settings = Settings(discord_token=fake.token, database_path=str(tmp_path / "bot.db"),
                        reminder_poll_seconds=3600, metrics_port=0)
    client = bot(settings)
    client.services.matches.core.new_seed = lambda: 1
    caplog.set_level(logging.INFO, logger="bot.interaction")

    async def take_a_turn():
        """The awaited player takes a step; returns the table message before and after it."""
        await fake.quiet()
        await fake.wait_for(lambda: len(awaited(fake, channel, users)) == 1, timeout=30, what="a player's turn")
        before = table_message(fake, channel)
        await take_turn(fake, users, channel)
        await fake.quiet()
        return before, table_message(fake, channel)

    async with fake.running(client):
        port = client.ops.endpoint.bound_port
        status, body = await get(port, "/health")
        assert status == 200 and '"gateway": true' in body and '"database": true' in body

        await start(fake, users, channel, ai=1)
        fake.fail_next("POST", r"^/channels/\d+/messages$", status=429, retry_after=0.02)
        for _ in range(3):
            await take_a_turn()
        status, metrics = await get(port, "/metrics")
        assert status == 200
        assert sample(metrics, "caravanserai_matches_active") == 1
        assert sample(metrics, "caravanserai_actions_total") >= 3
        assert sample(metrics, "caravanserai_actions_per_minute") >= 3
        assert sample(metrics, "caravanserai_discord_errors_total", status="429") == 1
        assert sample(metrics, "caravanserai_interactions_total", kind="button:do", outcome="ok") >= 1
        assert sample(metrics, "caravanserai_interactions_total", kind="/game new", outcome="ok") == 1
        assert sample(metrics, "caravanserai_interaction_latency_seconds_count") >= 8
        p50 = sample(metrics, "caravanserai_interaction_latency_recent_seconds", quantile="0.5")
        p99 = sample(metrics, "caravanserai_interaction_latency_recent_seconds", quantile="0.99")
        assert 0 < p50 <= p99
        assert sample(metrics, "caravanserai_event_loop_lag_seconds_count") > 0
        assert sample(metrics, "caravanserai_gateway_connected") == 1
        assert "caravanserai_outbox_backlog" in metrics

        # A drawing process dies: the next table is posted in words (nothing lost), /board has its picture again.
        assert table_message(fake, channel).files
        for worker in drawing._pool._processes.values():
            os.kill(worker.pid, signal.SIGKILL)
        before, shown = await take_a_turn()
        assert not shown.files and shown.embeds and shown.id != before.id
        board = await (await fake.slash(users[0], channel, "board")).reply(timeout=60)
        assert board.files
        # The command's last work (handing over private mail) is done before its line is written.
        await fake.wait_for(lambda: any("kind=/board" in r.getMessage() for r in caplog.records), timeout=30,
                            what="/board's log line")

        async def unreachable(match_id):
            raise OSError("the database went away")

        client.storage.get_match = unreachable
        status, body = await get(port, "/health")
        assert status == 503 and '"database": false' in body and '"gateway": true' in body
    lines = [r.getMessage() for r in caplog.records if r.name == "bot.interaction"]
    steps = [line for line in lines if re.search(r"kind=button:(do|pick) ", line)]
    assert len(steps) == 4
    for line in steps:
        assert re.search(r"match=\d+ step=\d+ place=\d+ latency_ms=[\d.]+ outcome=ok$", line), line
    assert any('kind="/game new"' in line for line in lines)
