"""Database upkeep: migrating an SQLite deployment to PostgreSQL, and online SQLite backups with restore.

The migration needs PostgreSQL (skipped, and said so, without it); backups are SQLite's.
"""

import asyncio
import sqlite3

import pytest

from bot.storage import Mail, make_storage
from bot.storage.admin import CommandProblem, backup, main, periodic_backups, restore, verify
from tests.support.backends import postgres_schema

HOST, BOB = 1, 2


async def a_match(service, place, *, players=(BOB,)):
    match = await service.lobby.create(game_key="toy", host_id=HOST, channel_id=70, place_id=place, guild_id=9)
    for user in players:
        await service.lobby.join(match.id, user)
    return await service.lobby.start(match.id, HOST)


async def play(service, match, steps=100):
    """Whoever must act takes 1 (the toy game's heap), up to `steps` steps or the end."""
    for _ in range(steps):
        match = await service.table.get(match.id)
        if match.status != "running":
            break
        user = next(s.user_id for s in match.seats if s.awaited_since is not None and not s.plays_ai)
        await service.playing.play(match.id, user, "take 1", state_id=match.state_id)
    return await service.table.get(match.id)


async def a_deployment(service, storage):
    """Matches in every condition, a player's preferences and a notice waiting in the mailbox."""
    over = await play(service, await a_match(service, 1))
    assert over.status == "over"
    running = await play(service, await a_match(service, 2), steps=3)
    await service.lobby.create(game_key="toy", host_id=HOST, channel_id=70, place_id=3, guild_id=9)  # a lobby
    cancelled = await a_match(service, 4)
    await service.lobby.cancel(cancelled.id, HOST, is_manager=True)
    prefs = await storage.prefs(BOB)
    prefs.locale, prefs.dm_closed = "it", True
    await storage.save_prefs(prefs)
    await storage.post_mail(Mail(BOB, running.id, {"events": ["a secret"]}, 5.0))


async def test_migrating_to_postgresql_copies_every_table_and_checks_every_match(
        service, storage, db_path, postgres_server, capsys):
    await a_deployment(service, storage)
    async with postgres_schema(postgres_server) as url:
        assert await asyncio.to_thread(main, ["migrate", "--from", str(db_path), "--to", url]) == 0
        said = capsys.readouterr().out
        assert "every row and every match checked" in said and "3 matches replayed" in said  # the lobby has nothing to replay yet

        target = make_storage(url)
        await target.open()
        try:
            everything = ("lobby", "running", "over", "cancelled", "abandoned")
            assert await target.matches(statuses=everything) == await storage.matches(statuses=everything)
            for match in await storage.matches(statuses=everything):
                assert await target.log(match.id) == await storage.log(match.id)
                assert await target.result(match.id) == await storage.result(match.id)
                assert await target.reminders(match.id) == await storage.reminders(match.id)
            assert await target.prefs(BOB) == await storage.prefs(BOB)
            assert [m.payload for m in await target.take_mail(BOB)] == [{"events": ["a secret"]}]
            # New matches continue after the copied ids.
            fresh = await a_match(type(service)(target, service.core.courier.presenter), 5)
            assert fresh.id > max(m.id for m in await storage.matches(statuses=everything))

            # The check catches a match that does not replay to its stored state.
            async with target.db.transaction() as q:
                await q.execute("UPDATE matches SET state = ? WHERE place_id = 2", '{"heap": 999}')
            check = await verify(storage, target, ["matches", "actions"])
            running = (await storage.matches(statuses=("running",)))[0]
            assert check.mismatched == [running.id] and not check.ok
        finally:
            await target.close()

        # A database that already holds matches is refused, with the reason.
        assert await asyncio.to_thread(main, ["migrate", "--from", str(db_path), "--to", url]) == 1
        assert "already holds matches" in capsys.readouterr().err


async def test_a_backup_taken_during_play_restores_to_matches_that_replay(
        service, storage, db_path, tmp_path, monkeypatch, capsys):
    await a_deployment(service, storage)
    match = await a_match(service, 10)
    # Play goes on while the backup is taken.
    played, made = await asyncio.gather(play(service, match), backup(db_path, tmp_path / "saved.db"))
    assert played.status == "over"

    check = await restore(made, tmp_path / "restored.db")
    assert check.ok and check.replayed == 4
    restored = make_storage(tmp_path / "restored.db")
    await restored.open()
    try:
        copy = await restored.get_match(match.id)
        # The backup holds the match as it stood at some moment of play: an exact beginning of its log.
        assert copy.state_id <= played.state_id
        assert await restored.log(match.id) == (await storage.log(match.id))[:len(await restored.log(match.id))]
        assert await restored.prefs(BOB) == await storage.prefs(BOB)
    finally:
        await restored.close()

    # The command line: a backup of the bot's database (DATABASE_PATH), then restored over it (bot stopped).
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "restored.db"))
    assert await asyncio.to_thread(main, ["backup", "--to", str(tmp_path / "cli.db")]) == 0
    assert await asyncio.to_thread(main, ["restore", str(tmp_path / "cli.db")]) == 0
    assert "every row and every match checked" in capsys.readouterr().out


async def test_a_damaged_or_newer_backup_is_refused(tmp_path, db_path, storage):
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(b"not a database at all" * 100)
    with pytest.raises(CommandProblem, match="not an SQLite database"):
        await restore(damaged, tmp_path / "restored.db")
    with pytest.raises(CommandProblem, match="no backup"):
        await restore(tmp_path / "missing.db", tmp_path / "restored.db")
    newer = await backup(db_path, tmp_path / "newer.db")
    with sqlite3.connect(newer) as raw:
        raw.execute("INSERT INTO schema_migrations VALUES (9999, '9999_future.sql', 0)")
    with pytest.raises(Exception, match="newer than this version"):
        await restore(newer, tmp_path / "restored.db")
    assert not (tmp_path / "restored.db").exists()


async def test_periodic_backups_keep_the_newest(service, storage, db_path, tmp_path):
    await a_deployment(service, storage)
    folder = tmp_path / "backups"
    task = asyncio.create_task(periodic_backups(db_path, 0.1 / 3600, folder, keep=2))  # every 0.1 s
    first = None
    try:
        for _ in range(400):  # until the first backup has made way for newer ones
            names = {p.name for p in folder.glob("bot-*.db")}
            first = first or min(names, default=None)
            if first and first not in names:
                break
            await asyncio.sleep(0.02)
    finally:
        task.cancel()
    made = sorted(folder.glob("bot-*.db"))
    assert first and first not in {p.name for p in made} and len(made) >= 2
    assert (await restore(made[-1], tmp_path / "restored.db")).ok
