"""`python -m bot` as a process: a clear sentence without a token; with one, the token never reaches the logs."""

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def bot_env(tmp_path, **extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    # Any free port for /health and /metrics: 8080 may be taken on a shared machine (which is one warning).
    env.update({"PYTHONPATH": str(ROOT), "DATABASE_PATH": str(tmp_path / "bot.db"), "METRICS_PORT": "0", **extra})
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
        env=bot_env(tmp_path, **{"LOG_LEVEL": "WARNING", **env}))
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


# ---- set-up and start-up: one sentence, a non-zero exit, no traceback ----------------------------------------
NO_DISCORD = {"DISCORD_API_BASE": "http://127.0.0.1:9/api/v10"}


async def start_all(tmp_path, cases: dict[str, dict[str, str]]) -> dict[str, tuple[int, str]]:
    """Start `python -m bot` once per case, at the same time (each in a folder of its own), with a token and,
    should a case get that far, a Discord on a loopback port where nothing listens."""
    async def one(name: str, env: dict[str, str]) -> tuple[int, str]:
        folder = tmp_path / f"run-{name}"
        folder.mkdir()
        return await start_and_fail(folder, **{"DISCORD_TOKEN": "some.token", **NO_DISCORD, **env})

    done = await asyncio.gather(*(one(name, env) for name, env in cases.items()))
    return dict(zip(cases, done, strict=True))


async def test_a_bad_value_of_a_setting_names_it_and_what_it_accepts(tmp_path):
    bad = {"TURN_CLOCK_HOURS": ("abc", "a number greater than 0"),
           "LOG_LEVEL": ("LOUD", "one of DEBUG, INFO, WARNING, ERROR, CRITICAL"),
           "DEV_GUILD_IDS": ("my-server", "server ids (whole numbers) separated by commas"),
           "METRICS_PORT": ("99999", "a whole number from -1 to 65535"),
           "SHARD_IDS": ("zero", "shard numbers and ranges"),
           "REMINDER_FRACTIONS": ("0.5,2", "numbers between 0 and 1")}
    found = await start_all(tmp_path, {name.lower(): {name: value} for name, (value, _) in bad.items()})
    for name, (value, accepted) in bad.items():
        code, stderr = found[name.lower()]
        sentence = one_sentence(stderr)
        assert code != 0 and sentence.startswith(name) and value.split(",")[-1] in sentence, sentence
        assert accepted in sentence and "unset:" in sentence, sentence
    assert not list(tmp_path.rglob("*.db"))


async def test_a_database_url_of_another_kind_is_refused_without_a_file_or_the_password(tmp_path):
    code, stderr = await start_and_fail(tmp_path, DISCORD_TOKEN="some.token", **NO_DISCORD,
                                        DATABASE_URL="mysql://bot:s3cret@localhost/caravanserai")
    sentence = one_sentence(stderr)
    assert code != 0 and sentence.startswith("DATABASE_URL is not valid") and "postgresql://" in sentence
    assert "s3cret" not in sentence and list(tmp_path.iterdir()) == []


async def test_an_sqlite_path_the_bot_cannot_use_is_named_with_what_is_wrong(tmp_path):
    (tmp_path / "notes.txt").write_text("not a database, not even close\n" * 100)
    (tmp_path / "folder").mkdir()
    found = await start_all(tmp_path, {
        "folder": {"DATABASE_PATH": str(tmp_path / "folder")},
        "text": {"DATABASE_PATH": str(tmp_path / "notes.txt")},
        "under_a_file": {"DATABASE_PATH": str(tmp_path / "notes.txt" / "bot.db")},
        "unwritable": {"DATABASE_PATH": "/proc/caravanserai.db"},  # no user may create files there
    })
    expected = {"folder": "is a folder, not a database file", "text": "is not an SQLite database",
                "under_a_file": "is a file, so the database", "unwritable": "cannot be created or written"}
    for case, words in expected.items():
        code, stderr = found[case]
        sentence = one_sentence(stderr)
        assert code != 0 and sentence.startswith("The database of DATABASE_PATH cannot be used") and words in sentence
    assert (tmp_path / "notes.txt").read_text().startswith("not a database")  # left as it was


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def test_a_postgresql_server_the_bot_cannot_reach_is_named_as_a_database_problem(tmp_path):
    found = await start_all(tmp_path, {
        "unreachable": {"DATABASE_URL": f"postgresql://bot:s3cret@127.0.0.1:{free_port()}/caravanserai"},
        "unknown_host": {"DATABASE_URL": "postgresql://bot:s3cret@no-such-host.invalid/caravanserai"},
    })
    for case, words in {"unreachable": "cannot reach the PostgreSQL server at 127.0.0.1:",
                        "unknown_host": "host 'no-such-host.invalid' is unknown"}.items():
        code, stderr = found[case]
        sentence = one_sentence(stderr)
        assert code != 0 and sentence.startswith("The database of DATABASE_URL cannot be used") and words in sentence
        assert "s3cret" not in sentence and "Discord" not in sentence


async def test_postgresql_refusing_the_role_the_password_or_the_database_is_named(tmp_path, postgres_server):
    from tests.support.postgres import server_bin, throwaway_cluster

    with throwaway_cluster(server_bin(), password="right-one") as guarded:
        found = await start_all(tmp_path, {
            "password": {"DATABASE_URL": guarded.replace("right-one", "wrong-one")},
            "database": {"DATABASE_URL": guarded.rsplit("/", 1)[0] + "/no_such_db"},
            "role": {"DATABASE_URL": postgres_server.replace("caravanserai@", "nobody@")},
        })
    for case, words in {"password": "refused the password of user 'caravanserai'",
                        "database": "has no database 'no_such_db'",
                        "role": "has no role 'nobody'"}.items():
        code, stderr = found[case]
        sentence = one_sentence(stderr)
        assert code != 0 and sentence.startswith("The database of DATABASE_URL cannot be used") and words in sentence
        assert "right-one" not in sentence and "wrong-one" not in sentence


def test_every_setting_that_can_be_wrong_names_itself_and_what_it_accepts(tmp_path, monkeypatch):
    from bot.settings import BadSettings, Settings, accepts, read_settings

    monkeypatch.chdir(tmp_path)  # no .env
    checked = []
    for name, field in Settings.model_fields.items():
        if accepts(name) in ("text", "the token", "a file's path", "a folder's path", "a URL",
                             "an IP address or a host name"):
            continue  # any text will do
        monkeypatch.setenv(name.upper(), "-5,x" if "tuple" in str(field.annotation) else "-5.5x")
        with pytest.raises(BadSettings) as refused:
            read_settings()
        monkeypatch.delenv(name.upper())
        (sentence,) = str(refused.value).splitlines()
        assert sentence.startswith(name.upper()) and f"it takes {accepts(name)} (unset: " in sentence, sentence
        checked.append(name)
    assert len(checked) >= 12


def test_help_describes_running_the_bot_and_every_setting_with_its_default(tmp_path):
    from bot.settings import Settings, default_of

    done = subprocess.run([sys.executable, "-m", "bot", "--help"], cwd=tmp_path, env=bot_env(tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("usage: python -m bot") and "DISCORD_TOKEN must be given" in done.stdout
    listed = " ".join(done.stdout.split())
    for name in Settings.model_fields:
        assert f"\n  {name.upper()}\n" in done.stdout and f"unset: {default_of(name)}." in listed, name
    assert "unset: 72." in listed and "unset: ./caravanserai.db." in listed


async def test_asked_to_stop_as_docker_stop_asks_it_closes_in_order(tmp_path, fake_discord):
    """SIGTERM (docker stop, systemd) stops the bot as Ctrl-C does: it leaves Discord and exits with status 0,
    instead of dying at once with the clicks in flight unanswered."""
    fake = fake_discord
    guild = fake.add_guild("Bazaar", members=[fake.add_user("alice")])
    fake.add_text_channel(guild, "tables")
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, stderr=asyncio.subprocess.PIPE,
        env=bot_env(tmp_path, DISCORD_TOKEN=fake.token, LOG_LEVEL="WARNING", DISCORD_API_BASE=fake.api_base,
                    DISCORD_GATEWAY_URL=f"{fake.ws_url}/"))
    try:
        await fake.wait_connected(timeout=60)
        await fake.wait_for(lambda: fake.registered_commands(), timeout=30, what="the commands to be synced")
    finally:
        process.terminate()
        _, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 0, stderr.decode()
    assert "Traceback" not in stderr.decode()
