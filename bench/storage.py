"""Storage figures on SQLite and PostgreSQL: the cost of a step's save (the match row, its seats, a log entry
and an outbox item in one transaction guarded by state_id) and of loading a match, beside a bare insert of
the same bytes; claiming due reminders; then migrating the SQLite database to PostgreSQL (copy and check) and
backing it up.

    .venv/bin/python bench/storage.py --matches 20                    # a throwaway PostgreSQL cluster
    .venv/bin/python bench/storage.py --matches 20 --postgres postgresql://user@host/db

Matches are random 4-player Al-Rashid games played to the end by the engine; each step is saved to both
backends in turn, so both store the same bytes. Prints a Markdown table for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.storage import (  # noqa: E402
    LogEntry,
    LogKind,
    MatchRecord,
    MatchStatus,
    OutboxItem,
    OutboxKind,
    Reminder,
    ReminderKind,
    SeatRecord,
    SqliteStorage,
    SqlStorage,
    make_storage,
)
from bot.storage.admin import backup, copy_to_postgresql  # noqa: E402
from bot.storage.postgresql import PostgresStorage  # noqa: E402
from engine.core import get_game  # noqa: E402
from tests.support.backends import postgres_schema  # noqa: E402
from tests.support.postgres import given_or_throwaway  # noqa: E402

T = TypeVar("T")


def ms(samples: list[float], q: float) -> str:
    ordered = sorted(samples)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.2f}"


async def timed(samples: list[float], coroutine: Awaitable[T]) -> T:
    began = time.perf_counter()
    result = await coroutine
    samples.append(time.perf_counter() - began)
    return result


Samples = dict[str, dict[str, list[float]]]  # store -> operation -> seconds


async def play_and_save(stores: dict[str, SqlStorage], matches: int, seed: int) -> tuple[Samples, int, int]:
    """Random games saved step by step to every store; returns the samples per store and operation."""
    game = get_game("al-rashid")
    rng = random.Random(seed)
    samples: Samples = {name: {"save": [], "load": [], "bare": []} for name in stores}
    steps = state_bytes = 0
    for number in range(matches):
        state = game.new_game(None, 4, seed + number)
        records = {}
        for name, store in stores.items():
            record = MatchRecord(game="al-rashid", seed=seed + number, channel_id=1, place_id=number + 1, host_id=1,
                                 status=MatchStatus.RUNNING, state=game.dump_state(state),
                                 seats=[SeatRecord(0, user_id=1)] + [SeatRecord(s, ai="random") for s in (1, 2, 3)])
            records[name] = await store.create_match(record)
        while not game.is_over(state):
            seat = min(game.active_seats(state))
            action = rng.choice(game.legal_actions(state, seat))
            state, events = game.apply(state, seat, action)
            dumped = game.dump_state(state)
            steps += 1
            state_bytes += len(json.dumps(dumped))
            for name, store in stores.items():
                match = await timed(samples[name]["load"], store.get_match(records[name].id))
                assert match is not None
                match.state = dumped
                entry = LogEntry(match.id, 0, LogKind.STEP, seat, game.format_action(action), at=time.time(),
                                 events=[e.to_json() for e in events])
                await timed(samples[name]["save"], store.save_match(
                    match, entry=entry, outbox=[OutboxItem(match.id, OutboxKind.TABLE, {"announce": []})]))
                began = time.perf_counter()  # the bare insert of the same bytes in its own transaction
                async with store.db.transaction() as q:
                    await q.execute("INSERT INTO bench_bare (body) VALUES (?)", json.dumps(dumped))
                samples[name]["bare"].append(time.perf_counter() - began)
    return samples, steps, state_bytes // max(steps, 1)


async def claiming(store: SqlStorage, reminders: int) -> float:
    """Seconds to claim `reminders` due reminders, 100 at a time."""
    match = (await store.matches(statuses=(MatchStatus.RUNNING, MatchStatus.OVER)))[0]
    await store.save_match(match, reminders=[Reminder(match.id, 0, ReminderKind.NUDGE, float(i))
                                             for i in range(reminders)])
    began = time.perf_counter()
    while await store.claim_due_reminders(1e12):
        pass
    return time.perf_counter() - began


async def run(matches: int, seed: int, server: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        sqlite_path = Path(folder) / "bench.db"
        async with postgres_schema(server) as url, postgres_schema(server) as migrated_url:
            stores = {"SQLite": make_storage(sqlite_path), "PostgreSQL": make_storage(url)}
            for store in stores.values():
                await store.open()
                async with store.db.transaction() as q:
                    await q.execute("CREATE TABLE bench_bare (id BIGINT, body TEXT)")
            try:
                samples, steps, state_size = await play_and_save(stores, matches, seed)
                claims = {name: await claiming(store, 1000) for name, store in stores.items()}
                async with stores["SQLite"].db.transaction() as q:
                    await q.execute("DROP TABLE bench_bare")
                    await q.execute("DELETE FROM reminders")
                async with stores["SQLite"].db.statement() as q:
                    await q.execute("VACUUM")  # the file as the matches alone make it
            finally:
                for store in stores.values():
                    await store.close()

            print(f"{matches} random 4-player Al-Rashid games, {steps} steps, state {state_size / 1024:.1f} KB "
                  "as JSON on average\n")
            print("| backend | step save p50 / p99 (ms) | bare insert of the state p50 / p99 (ms) | load a match"
                  " p50 / p99 (ms) | claim 1,000 due reminders (ms) |")
            print("|---|---|---|---|---|")
            for name, s in samples.items():
                print(f"| {name} | {ms(s['save'], 0.5)} / {ms(s['save'], 0.99)} | {ms(s['bare'], 0.5)} / "
                      f"{ms(s['bare'], 0.99)} | {ms(s['load'], 0.5)} / {ms(s['load'], 0.99)} | "
                      f"{claims[name] * 1000:.0f} |")
            ratio = {n: statistics.median(s["save"]) / statistics.median(s["bare"]) for n, s in samples.items()}
            print("\nsave / bare insert (medians): " + ", ".join(f"{n} {r:.1f}x" for n, r in ratio.items()))

            source, target = make_storage(sqlite_path), make_storage(migrated_url)
            assert isinstance(source, SqliteStorage) and isinstance(target, PostgresStorage)
            await source.open()
            await target.open()
            try:
                check = await copy_to_postgresql(source, target)
            finally:
                await source.close()
                await target.close()
            size = sqlite_path.stat().st_size
            rows = sum(a for a, _ in check.rows.values())
            print(f"\nmigrate to PostgreSQL: {rows} rows ({size / 1e6:.1f} MB of SQLite), {check.replayed} matches "
                  f"replayed, {'all equal' if check.ok else 'MISMATCH'}, {check.seconds:.1f} s in all")
            began = time.perf_counter()
            made = await backup(sqlite_path, Path(folder) / "backup.db")
            print(f"online SQLite backup: {made.stat().st_size / 1e6:.1f} MB in {time.perf_counter() - began:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgres", help="a PostgreSQL server URL (default: a throwaway cluster)")
    args = parser.parse_args()
    with given_or_throwaway(args.postgres) as server:
        asyncio.run(run(args.matches, args.seed, server))


if __name__ == "__main__":
    main()
