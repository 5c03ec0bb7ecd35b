"""Operator commands on the database: `python -m bot migrate | backup | restore` (docs/deploy.md).

- migrate: copy an SQLite deployment into an empty PostgreSQL database, then check that every table has as
  many rows on both sides and that every match replays, from its seed and log, to its stored state;
- backup: an online copy of the SQLite file (SQLite's backup API, from its own connection: play goes on);
- restore: put a backup in place of the database (with the bot stopped), after checking it.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sqlite3
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from .claims import LEASE_SECONDS
from .postgresql import PostgresDatabase, PostgresStorage
from .records import DatabaseUnavailable, MatchStatus
from .sql import MIGRATIONS, migrations, to_apply
from .sqlite import SqliteStorage
from .store import SqlStorage

log = logging.getLogger(__name__)

# Not copied: the schema's own bookkeeping (the target migrates itself), and claims on work, which belong to
# the processes that held them.
NOT_COPIED = {"schema_migrations", "leases"}


class CommandProblem(Exception):
    """What stopped a command, in one sentence for the operator."""


@dataclass
class Check:
    rows: dict[str, tuple[int, int]] = field(default_factory=dict)   # table: (source, target)
    replayed: int = 0
    mismatched: list[int] = field(default_factory=list)               # match ids whose replay differs
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.mismatched and all(a == b for a, b in self.rows.values())


# ---- migrate ---------------------------------------------------------------------------------------------
async def copy_to_postgresql(source: SqliteStorage, target: PostgresStorage) -> Check:
    """Copy every table of an SQLite database into an empty PostgreSQL one (both open), in one transaction,
    then check it."""
    started = time.perf_counter()
    async with source.db.statement() as q:
        tables = _in_dependency_order([r["name"] for r in await q.fetch(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            if r["name"] not in NOT_COPIED], await _references(q))
    database = cast(PostgresDatabase, target.db)
    async with database.pool.acquire() as connection, connection.transaction():
        if await connection.fetchval("SELECT count(*) FROM matches"):
            raise CommandProblem("The PostgreSQL database already holds matches: migrate into an empty database "
                                 "(a new one, or drop the old tables first).")
        for table in tables:
            types = {r["column_name"]: r["data_type"] for r in await connection.fetch(
                "SELECT column_name, data_type FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND table_name = $1", table)}
            if not types:
                raise CommandProblem(f"PostgreSQL has no table {table}: this version of the bot does not know it "
                                     "(run the version that made the SQLite database).")
            async with source.db.statement() as q:
                rows = await q.fetch(f"SELECT * FROM {table}")
            if not rows:
                continue
            columns = list(rows[0].keys())
            await connection.copy_records_to_table(
                table, columns=columns,
                records=[tuple(_as(types[c], row[c]) for c in columns) for row in rows])
            if types.get("id") == "bigint":  # the next id continues after the copied ones
                await connection.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false)"
                    f" FROM {table}")
    check = await verify(source, target, tables)
    check.seconds = time.perf_counter() - started
    return check


async def verify(source: SqlStorage, target: SqlStorage, tables: Sequence[str]) -> Check:
    """The same number of rows in every table on both sides, and every match of the target replays to its
    stored state."""
    check = Check()
    for table in tables:
        counts = []
        for storage in (source, target):
            async with storage.db.statement() as q:
                row = await q.fetchrow(f"SELECT count(*) AS n FROM {table}")
            counts.append(row["n"] if row else 0)
        check.rows[table] = (counts[0], counts[1])
    check.replayed, check.mismatched = await replay_all(target)
    return check


async def replay_all(storage: SqlStorage) -> tuple[int, list[int]]:
    """How many matches were replayed from their seed and log, and which of them did not reach their stored
    state."""
    from engine.core import games

    from ..services import MatchServices

    games()  # every game package registered
    service = MatchServices(storage, presenter=None)  # replaying shows nothing
    replayed, mismatched = 0, []
    for match in await storage.matches(statuses=tuple(MatchStatus)):
        if match.state is None:
            continue
        replayed += 1
        try:
            same = service.core.game_of(match).dump_state(await service.core.replay(match)) == match.state
        except Exception:  # noqa: BLE001 — a log that no longer applies is a mismatch too
            same = False
        if not same:
            assert match.id is not None
            mismatched.append(match.id)
    return replayed, mismatched


def _as(data_type: str, value: Any) -> Any:
    """An SQLite value as the PostgreSQL column wants it (SQLite keeps booleans as 0/1)."""
    if value is None:
        return None
    if data_type == "boolean":
        return bool(value)
    if data_type == "double precision":
        return float(value)
    if data_type in ("bigint", "integer", "smallint"):
        return int(value)
    return value


async def _references(q: Any) -> dict[str, set[str]]:
    rows = await q.fetch("SELECT m.name AS child, f.\"table\" AS parent FROM sqlite_master m,"
                         " pragma_foreign_key_list(m.name) f WHERE m.type = 'table'")
    found: dict[str, set[str]] = {}
    for row in rows:
        found.setdefault(row["child"], set()).add(row["parent"])
    return found


def _in_dependency_order(tables: list[str], parents: dict[str, set[str]]) -> list[str]:
    ordered: list[str] = []
    while len(ordered) < len(tables):
        ready = [t for t in sorted(tables) if t not in ordered and parents.get(t, set()) <= set(ordered)]
        if not ready:
            raise CommandProblem(f"circular references between {sorted(set(tables) - set(ordered))}")
        ordered += ready
    return ordered


# ---- backup and restore (SQLite) -------------------------------------------------------------------------
def backup_name(database: str | Path, folder: str | Path | None = None) -> Path:
    database = Path(database)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
    return Path(folder or database.parent / "backups") / f"{database.stem}-{stamp}.db"


async def backup(database: str | Path, to: str | Path) -> Path:
    """Copy the SQLite database to `to` while the bot keeps playing: SQLite's backup API reads one
    consistent snapshot through its own connection (with WAL, writers are not held up), off the event loop."""
    to = Path(to)
    to.parent.mkdir(parents=True, exist_ok=True)
    partial = to.with_name(to.name + ".partial")

    def copy() -> None:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as source, sqlite3.connect(partial) as target:
            source.backup(target)  # one step: a snapshot, however busy the bot is
        partial.replace(to)  # a backup file is whole or absent

    await asyncio.to_thread(copy)
    return to


def prune(folder: Path, stem: str, keep: int) -> None:
    """Keep the `keep` newest periodic backups of a database."""
    for old in sorted(folder.glob(f"{stem}-*.db"))[:-keep]:
        old.unlink()


async def periodic_backups(database: str | Path, every_hours: float, folder: str | Path | None, keep: int) -> None:
    """Back the SQLite database up every `every_hours`, keeping the `keep` newest (a background task)."""
    while True:
        await asyncio.sleep(every_hours * 3600)
        try:
            made = await backup(database, backup_name(database, folder))
            prune(made.parent, Path(database).stem, keep)
            log.info("backed up the database to %s", made)
        except (OSError, sqlite3.Error):
            log.exception("the periodic backup failed; trying again at the next one")


async def restore(backup_file: str | Path, database: str | Path) -> Check:
    """Replace the database with a backup (stop the bot first), after checking the backup is whole and no
    newer than this code; returns the replay check of the restored database."""
    backup_file, database = Path(backup_file), Path(database)
    if not backup_file.is_file():
        raise CommandProblem(f"There is no backup at {backup_file}.")

    def check_and_copy() -> None:
        with sqlite3.connect(f"file:{backup_file}?mode=ro", uri=True) as source:
            if source.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                raise CommandProblem(f"{backup_file} is damaged (SQLite's integrity check failed).")
            applied = {v for (v,) in source.execute("SELECT version FROM schema_migrations")}
            to_apply(applied, migrations(MIGRATIONS))  # refuses a backup from a newer version of the bot
            database.parent.mkdir(parents=True, exist_ok=True)
            with sqlite3.connect(database) as target:
                source.backup(target)

    try:
        await asyncio.to_thread(check_and_copy)
    except sqlite3.DatabaseError as error:
        raise CommandProblem(f"{backup_file} is not an SQLite database of the bot ({error}).") from None
    restored = SqliteStorage(database)
    await restored.open()
    try:
        check = Check()
        check.replayed, check.mismatched = await replay_all(restored)
        return check
    finally:
        await restored.close()


# ---- the command line ------------------------------------------------------------------------------------
def main(argv: Sequence[str]) -> int:
    from ..settings import BadSettings, read_settings

    try:
        settings = read_settings()
    except BadSettings as problem:
        print(problem, file=sys.stderr)
        return 1
    parser = argparse.ArgumentParser(prog="python -m bot", description="Database upkeep for Caravanserai.")
    commands = parser.add_subparsers(dest="command", required=True)
    move = commands.add_parser("migrate", help="copy the SQLite database into an empty PostgreSQL database")
    move.add_argument("--to", required=True, metavar="postgresql://…")
    move.add_argument("--from", dest="source", default=settings.database_path, metavar="SQLITE_FILE")
    save = commands.add_parser("backup", help="an online backup of the SQLite database (play goes on)")
    save.add_argument("--to", default=None, metavar="FILE")
    load = commands.add_parser("restore", help="replace the SQLite database with a backup (stop the bot first)")
    load.add_argument("backup", metavar="FILE")
    args = parser.parse_args(argv)
    try:
        if args.command == "migrate":
            return _report(asyncio.run(_migrate(args.source, args.to)), f"Copied {args.source} into PostgreSQL")
        if args.command == "backup":
            made = asyncio.run(backup(settings.database_path, args.to or backup_name(settings.database_path)))
            print(f"Backed up {settings.database_path} to {made}.")
            return 0
        return _report(asyncio.run(restore(args.backup, settings.database_path)),
                       f"Restored {settings.database_path} from {args.backup}")
    except CommandProblem as problem:
        print(problem, file=sys.stderr)
        return 1
    except DatabaseUnavailable as problem:
        print(f"The database cannot be used: {problem}", file=sys.stderr)
        return 1


async def _migrate(source_path: str, url: str) -> Check:
    if not url.startswith(("postgresql://", "postgres://")):
        raise CommandProblem("--to takes a PostgreSQL URL: postgresql://user:password@host/database")
    if not Path(source_path).is_file():
        raise CommandProblem(f"There is no SQLite database at {source_path} (set DATABASE_PATH or --from).")
    source, target = SqliteStorage(source_path), PostgresStorage(url, lease_seconds=LEASE_SECONDS)
    await source.open()
    try:
        await target.open()
        try:
            return await copy_to_postgresql(source, target)
        finally:
            await target.close()
    finally:
        await source.close()


def _report(check: Check, done: str) -> int:
    for table, (source, target) in check.rows.items():
        print(f"  {table:<12} {source:>8} rows -> {target:>8}{'' if source == target else '   MISMATCH'}")
    print(f"  {check.replayed} matches replayed from their logs, {len(check.mismatched)} differ"
          + (f": {', '.join(f'#{i}' for i in check.mismatched)}" if check.mismatched else ""))
    if not check.ok:
        print(f"{done}, but the check failed: keep using the old database and report the lines above.",
              file=sys.stderr)
        return 1
    print(f"{done}: every row and every match checked.")
    return 0
