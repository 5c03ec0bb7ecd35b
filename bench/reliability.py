"""What `/stats` adds to read a player's reliability (turns on time, time to move, matches abandoned): the
storage query of every online match they sat at with its steps, and the count over them.

    .venv/bin/python bench/reliability.py                # 2,000 matches of 300 steps, the player at 500
    .venv/bin/python bench/reliability.py --write        # record the result in docs/benchmarks.md

The server's matches have four seats, steps taken in turn with now and then several steps of one seat in a
row and a few by the AI; the player sits at `--theirs` of them. Timed on SQLite (the bot's migrations):
`SqliteLeagueStorage.seats_played` for that player, and `bot.reliability.reliability` over what it returns.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.leagues import machine  # noqa: E402
from bot.reliability import SeatPlayed, TurnStart, reliability  # noqa: E402
from bot.storage import SqliteStorage  # noqa: E402
from bot.storage.leagues import SqliteLeagueStorage  # noqa: E402

DOC = ROOT / "docs" / "benchmarks.md"
SECTION = "## Reliability in /stats"
START, END = "<!-- reliability-bench:start -->", "<!-- reliability-bench:end -->"
GUILD, PLAYER, SEATS = 1, 1000, 4


async def measure(matches: int, steps: int, theirs: int, runs: int, seed: int = 1) -> dict[str, float]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        storage = SqliteStorage(Path(folder) / "bench.db")
        await storage.open()
        try:
            db = storage.db.connection  # the aiosqlite connection under the storage
            settings = json.dumps({"clock_hours": 48.0})
            await db.executemany(
                "INSERT INTO matches (id, game, seed, guild_id, channel_id, place_id, host_id, settings, status, state,"
                " created_at, updated_at) VALUES (?, 'al-rashid', 0, ?, 1, ?, 1, ?, 'over', '{}', 0, 0)",
                [(m, GUILD, m, settings) for m in range(1, matches + 1)])
            await db.executemany(
                "INSERT INTO seats (match_id, seat, user_id, resigned) VALUES (?, ?, ?, ?)",
                [(m, seat, PLAYER if seat == 0 and m <= theirs else 2000 + rng.randrange(400), rng.random() < 0.03)
                 for m in range(1, matches + 1) for seat in range(SEATS)])
            rows = []
            for m in range(1, matches + 1):
                at, seat = 0.0, 0
                for _ in range(steps):
                    at += rng.expovariate(1 / 3600)
                    seat = seat if rng.random() < 0.3 else (seat + 1) % SEATS
                    rows.append((m, seat, "step", int(rng.random() < 0.05), at))
            await db.executemany("INSERT INTO actions (match_id, state_id, seat, kind, by_ai, at) VALUES (?, 0, ?, ?, ?, ?)",
                                 rows)
            await db.commit()
            leagues = SqliteLeagueStorage(storage)
            query = count = float("inf")
            for _ in range(runs):
                start = time.perf_counter()
                sat = await leagues.seats_played(GUILD, PLAYER)
                middle = time.perf_counter()
                found = reliability(SeatPlayed(s.left, 3600 * s.settings["clock_hours"],
                                               [TurnStart(*turn) for turn in s.turns]) for s in sat)
                query, count = min(query, middle - start), min(count, time.perf_counter() - middle)
            assert found.matches == theirs and found.turns > 0
            return {"query": query, "count": count, "total": query + count}
        finally:
            await storage.close()


def markdown(timings: dict[str, float], args: argparse.Namespace, where: str, day: str) -> str:
    return "\n".join([
        START,
        f"`.venv/bin/python bench/reliability.py --matches {args.matches} --steps {args.steps} --theirs {args.theirs} "
        f"--write` — one server, {args.matches:,} four-seat matches of {args.steps} steps, the player at {args.theirs:,} "
        f"of them ({args.theirs * args.steps:,} steps read); best of {args.runs} runs, one process. Machine: {where}. "
        f"Date: {day}.",
        "",
        "| the player's matches | query SQLite | count | total |",
        "|---:|---:|---:|---:|",
        f"| {args.theirs:,} | {timings['query']:.2f} s | {timings['count']:.2f} s | {timings['total']:.2f} s |",
        END,
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2_000)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--theirs", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    where = machine()
    timings = asyncio.run(measure(args.matches, args.steps, args.theirs, args.runs))
    block = markdown(timings, args, where, datetime.date.today().isoformat())
    print(block)
    if args.write:
        document = DOC.read_text(encoding="utf-8")
        if START not in document:  # a section of its own, before the test suite's
            document = document.replace("\n## Test suite", f"\n{SECTION}\n\n{START}\n{END}\n\n## Test suite", 1)
        head, rest = document.split(START, 1)
        DOC.write_text(head + block + rest.split(END, 1)[1], encoding="utf-8")


if __name__ == "__main__":
    main()
