"""`python -m bot` as a process: a clear sentence without a token; with one, the token never reaches the logs."""

import asyncio
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def bot_env(tmp_path, **extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    # Any free port for /health and /metrics: 8080 may be taken on a shared machine (which is one warning).
    env.update(PYTHONPATH=str(ROOT), DATABASE_PATH=str(tmp_path / "bot.db"), METRICS_PORT="0", **extra)
    return env


def test_without_a_token_it_stops_at_once_naming_the_setting(tmp_path):
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=bot_env(tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "DISCORD_TOKEN" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "bot.db").exists()


async def test_the_token_never_appears_in_the_logs(tmp_path, fake_discord):
    fake = fake_discord
    alice = fake.add_user("alice")
    guild = fake.add_guild("Bazaar", members=[alice])
    fake.add_text_channel(guild, "tables")
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, stderr=asyncio.subprocess.PIPE,
        env=bot_env(tmp_path, DISCORD_TOKEN=fake.token, LOG_LEVEL="DEBUG", DISCORD_API_BASE=fake.api_base,
                    DISCORD_GATEWAY_URL=f"{fake.ws_url}/"))
    lines: list[str] = []

    async def read_logs():
        assert process.stderr is not None
        async for line in process.stderr:
            lines.append(line.decode())

    reader = asyncio.create_task(read_logs())
    try:
        await fake.wait_connected(timeout=60)
        await fake.wait_for(lambda: fake.registered_commands(), timeout=30, what="the commands to be synced")
        # The fake counts IDENTIFY when it arrives, a moment before the bot logs having sent it.
        await fake.wait_for(lambda: any("IDENTIFY" in line for line in lines), timeout=30,
                            what="the bot to log its IDENTIFY")
    finally:
        process.terminate()
        await asyncio.wait_for(process.wait(), 30)
        await asyncio.wait_for(reader, 30)
    logs = "".join(lines)
    assert "IDENTIFY" in logs  # it did log, at DEBUG, the whole way through login and IDENTIFY
    assert fake.token not in logs
    assert fake.token.split(".")[0] not in logs


async def start_and_fail(tmp_path, **env):
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, stderr=asyncio.subprocess.PIPE,
        env=bot_env(tmp_path, LOG_LEVEL="WARNING", **env))
    _, stderr = await asyncio.wait_for(process.communicate(), 60)
    return process.returncode, stderr.decode()


def one_sentence(stderr: str) -> str:
    assert "Traceback" not in stderr and "voice" not in stderr, stderr
    (line,) = stderr.strip().splitlines()
    return line


async def test_a_wrong_token_stops_with_one_sentence(tmp_path, fake_discord):
    code, stderr = await start_and_fail(tmp_path, DISCORD_TOKEN="not.the.token", DISCORD_API_BASE=fake_discord.api_base)
    assert code != 0 and "DISCORD_TOKEN" in one_sentence(stderr) and "401" in stderr


async def test_no_network_stops_with_one_sentence(tmp_path):
    code, stderr = await start_and_fail(tmp_path, DISCORD_TOKEN="some.token", DISCORD_API_BASE="http://127.0.0.1:9/api/v10")
    assert code != 0 and "network" in one_sentence(stderr)


async def test_commands_refused_for_missing_access_stop_with_one_sentence(tmp_path, fake_discord):
    fake = fake_discord
    fake.fail_next("PUT", r"^/applications/\d+/commands$", status=403, code=50001)
    code, stderr = await start_and_fail(tmp_path, DISCORD_TOKEN=fake.token, DISCORD_API_BASE=fake.api_base,
                                        DISCORD_GATEWAY_URL=f"{fake.ws_url}/")
    assert code != 0 and "applications.commands" in one_sentence(stderr)
