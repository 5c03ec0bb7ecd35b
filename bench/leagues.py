"""Standings and rating recomputation for a server with many finished matches.

    .venv/bin/python bench/leagues.py                  # 10,000 matches, best of 3 runs
    .venv/bin/python bench/leagues.py --write          # record the result in docs/benchmarks.md

The server has 400 players and two games; tables of 2 to 5 with some AI seats and a few forfeits, as the
results log stores them (seat rows and the engine's outcome as JSON). Timed: the bot's query of the
server's results from SQLite (`SqliteLeagueStorage.finished_matches`, with each match's server, params and
names), reading those rows into results, a ladder league's standings over every match, and every rating with
its history.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import importlib.util
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.leagues import Format, LeagueSettings, ladder_results, standings  # noqa: E402
from bot.ratings import recompute  # noqa: E402
from bot.results import MatchResult, from_stored  # noqa: E402
from bot.storage import SqliteStorage  # noqa: E402
from bot.storage.leagues import SqliteLeagueStorage  # noqa: E402

DOC = ROOT / "docs" / "benchmarks.md"
SECTION = "## Leagues and ratings"
START, END = "<!-- leagues-bench:start -->", "<!-- leagues-bench:end -->"
GUILD = 1
GAMES = ("al-rashid", "notre-dame")


def stored_log(matches: int, players: int, seed: int) -> list[dict[str, Any]]:
    """Rows as the results table keeps them: seats and the outcome as JSON text."""
    rng = random.Random(seed)
    rows = []
    for match_id in range(1, matches + 1):
        size = rng.randint(2, 5)
        humans = rng.sample(range(1000, 1000 + players), rng.randint(min(2, size), size))
        seated: list[int | None] = [*humans, *[None] * (size - len(humans))]
        rng.shuffle(seated)
        scores = {str(seat): rng.randint(10, 60) for seat in range(size)}
        ranking = sorted(range(size), key=lambda seat: -scores[str(seat)])
        seats = [{"seat": seat, "user_id": user, "ai": None if user else "heuristic",
                  "resigned": user is not None and rng.random() < 0.03} for seat, user in enumerate(seated)]
        outcome = {"scores": scores, "ranking": ranking, "breakdown": {},
                   "tiebreaks": {str(seat): [rng.randint(0, 9), seat] for seat in range(size)}, "tiebreak_used": None}
        rows.append({"match_id": match_id, "game": GAMES[match_id % 2], "finished_at": 1_700_000_000.0 + match_id * 600,
                     "seats": json.dumps(seats), "outcome": json.dumps(outcome)})
    return rows


def read(rows: list[dict[str, Any]]) -> list[MatchResult]:
    results = [from_stored(match_id=row["match_id"], game=row["game"], guild_id=GUILD, finished_at=row["finished_at"],
                           seats=json.loads(row["seats"]), outcome=json.loads(row["outcome"])) for row in rows]
    return [r for r in results if r is not None]


async def query_seconds(rows: list[dict[str, Any]], runs: int) -> float:
    """Store the log in a fresh SQLite database (the bot's migrations) and time the bot's query of it."""
    with tempfile.TemporaryDirectory() as folder:
        storage = SqliteStorage(Path(folder) / "bench.db")
        await storage.open()
        try:
            db = storage.db.connection  # the aiosqlite connection under the storage
            await db.executemany(
                "INSERT INTO matches (id, game, seed, guild_id, channel_id, place_id, host_id, status, created_at,"
                " updated_at) VALUES (?, ?, 0, ?, 1, ?, 1, 'over', ?, ?)",
                [(r["match_id"], r["game"], GUILD, r["match_id"], r["finished_at"], r["finished_at"]) for r in rows])
            await db.executemany(
                "INSERT INTO seats (match_id, seat, user_id, ai, resigned, name) VALUES (?, ?, ?, ?, ?, ?)",
                [(r["match_id"], s["seat"], s["user_id"], s["ai"], int(s["resigned"]), f"p{s['user_id']}")
                 for r in rows for s in json.loads(r["seats"])])
            await db.executemany(
                "INSERT INTO results (match_id, game, status, outcome, seats, finished_at) VALUES (?, ?, 'over', ?, ?, ?)",
                [(r["match_id"], r["game"], r["outcome"], r["seats"], r["finished_at"]) for r in rows])
            leagues = SqliteLeagueStorage(storage)
            best = float("inf")
            for _ in range(runs):
                start = time.perf_counter()
                found = await leagues.finished_matches(GUILD)
                best = min(best, time.perf_counter() - start)
            assert len(found) == len(rows)
            return best
        finally:
            await storage.close()


def best_of(runs: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def measure(matches: int, players: int, runs: int, seed: int = 1) -> dict[str, float]:
    rows = stored_log(matches, players, seed)
    results = read(rows)
    league = LeagueSettings.model_validate({"name": "Bench", "game": "al-rashid", "starts_at": 0.0,
                                            "format": Format.LADDER})
    members = list(range(1000, 1000 + players))

    def ladder() -> object:
        return standings(ladder_results(results, league, members), members, league)

    timings = {"query": asyncio.run(query_seconds(rows, runs)), "read": best_of(runs, lambda: read(rows)), "standings": best_of(runs, ladder),
               "ratings": best_of(runs, lambda: recompute(results))}
    timings["total"] = sum(timings.values())
    return timings


def machine() -> str:
    """The machine line of bench/engine.py, so every section names machines alike."""
    spec = importlib.util.spec_from_file_location("bench_engine", ROOT / "bench" / "engine.py")
    assert spec is not None and spec.loader is not None
    module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    where: str = module.machine()
    return where


def markdown(timings: dict[str, float], matches: int, players: int, runs: int, where: str, day: str) -> str:
    return "\n".join([
        START,
        f"`.venv/bin/python bench/leagues.py --matches {matches} --write` — one server, {players} players, two games, "
        f"tables of 2–5 with AI seats and 3% forfeits; best of {runs} runs, one process. Machine: {where}. "
        f"Date: {day}.",
        "",
        "| matches | query SQLite | read the results log | ladder standings | ratings and histories (OpenSkill) "
        "| total |",
        "|---:|---:|---:|---:|---:|---:|",
        f"| {matches:,} | {timings['query']:.2f} s | {timings['read']:.2f} s | {timings['standings']:.2f} s | {timings['ratings']:.2f} s | "
        f"{timings['total']:.2f} s |",
        END,
    ])


def update_section(document: str, block: str) -> str:
    if START in document and END in document:
        head, rest = document.split(START, 1)
        return head + block + rest.split(END, 1)[1]
    return document.rstrip("\n") + f"\n\n{SECTION}\n\n{block}\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    where = machine()
    timings = measure(args.matches, args.players, args.runs)
    block = markdown(timings, args.matches, args.players, args.runs, where, datetime.date.today().isoformat())
    print(block)
    if args.write:
        DOC.write_text(update_section(DOC.read_text(encoding="utf-8"), block), encoding="utf-8")


if __name__ == "__main__":
    main()
