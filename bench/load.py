"""Load: many concurrent matches played through the fake Discord against the bot in its own process
(`python -m bot`, as in production), players clicking their panels, AI seats moving in the bot.

    .venv/bin/python bench/load.py --matches 10 --seconds 60
    .venv/bin/python bench/load.py --matches 100 --seconds 120 --render-processes 0   # drawing in threads
    .venv/bin/python bench/load.py --matches 1000 --think 60 --idle 1000 --backend postgresql

`--matches` are opened through Discord and played; `--think` is the players' mean pause (exponential)
between seeing their panel and clicking (0: at once, the most load the bot can take); `--idle` more
running matches are written straight into the database before the bot starts (nobody plays them), for the
memory and database size an idle match costs. `--backend postgresql` runs the bot on a throwaway
PostgreSQL cluster (or `--postgres URL`). At the end, with the players stopped, a step's save (as the bot
saves one) is timed beside a bare insert of the same bytes on the same database.

Each match has one player who clicks (as a typical player: the suggestion, or what the heuristic would
play) and two AI seats; the games take turns (Al-Rashid, Taj Mahal, Notre Dame, Yspahan). Players answer
at once, so this is many times the load of the same number of real matches, where a turn waits for a
person. Reported: interactions/s and steps/s (AI included), acknowledgement, full action (the click to the
table posted) and answer latency as players see them (p50/p99), the bot's own figures from its /metrics (interaction latency, event-loop lag p99),
its memory (bot process and drawing processes) and the database size per match. Loopback only; bounded
by --seconds after the matches have started.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import gc
import json
import os
import platform
import random
import re
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402

from bot.services import MatchServices, Refusal  # noqa: E402
from bot.storage import (  # noqa: E402
    LogEntry,
    LogKind,
    MatchRecord,
    MatchStatus,
    OutboxItem,
    OutboxKind,
    SeatRecord,
    SqlStorage,
    make_storage,
)
from engine.core import games, get_game  # noqa: E402
from tests.bot.clicking import Clicking, Figures  # noqa: E402
from tests.bot.crashing import BotProcess  # noqa: E402
from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser, InteractionHandle  # noqa: E402
from tests.support.backends import postgres_schema  # noqa: E402
from tests.support.postgres import given_or_throwaway  # noqa: E402

GAMES = list(games())  # every registered game, the channels taking them in turn
STEP_VERBS = re.compile(r"^cs:\d+:\d+:(do|pick)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pct(values: list[float], q: float) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def rss_mb(pid: int, children: bool = True) -> float:
    """Resident memory of a process and (by default) its children (the drawing processes), in MB."""
    total, pids = 0, [pid]
    while pids:
        p = pids.pop()
        try:
            status = Path(f"/proc/{p}/status").read_text()
            found = re.search(r"VmRSS:\s+(\d+)", status)
            total += int(found.group(1)) if found else 0
            for task in Path(f"/proc/{p}/task").iterdir() if children else ():
                pids.extend(int(c) for c in (task / "children").read_text().split())
        except (OSError, AttributeError):
            continue
    return total / 1024


def pid_of(bot: BotProcess) -> int:
    assert bot.process is not None and bot.process.pid is not None, "the bot's process is not running"
    return bot.process.pid


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time the processes used so far."""
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def children_of(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            found += [int(c) for c in (task / "children").read_text().split()]
    return found


def postgres_pids() -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError):
            if stat.read_text().split("(", 1)[1].startswith("postgres)"):
                found.append(int(stat.parent.name))
    return found


def cpu_now(bot_pid: int) -> dict[str, float]:
    """CPU seconds so far: the bot's process, its drawing processes, this process (the fake Discord and the
    players), and PostgreSQL's server processes."""
    return {"bot": cpu_seconds([bot_pid]), "drawing": cpu_seconds(children_of(bot_pid)),
            "players and fake Discord": time.process_time(), "PostgreSQL": cpu_seconds(postgres_pids())}


async def scrape(port: int) -> dict[str, float]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}/metrics") as response:
        text = await response.text()
    return {m.group(1): float(m.group(2)) for m in re.finditer(r"^(\S+) (\S+)$", text, re.MULTILINE)}


async def open_match(fake: FakeDiscord, host: FakeUser, channel: FakeChannel, game: str, ai: int) -> None:
    """/game new here with `ai` AI seats, then Start (no waiting for the whole bot to go quiet)."""
    handle = await fake.slash(host, channel, "game", subcommand="new",
                              options={"game": game, "where": "channel", "ai_players": ai})
    await handle.reply(timeout=120)
    await fake.wait_for(lambda: any(b.get("label") == "Start" for m in fake.messages(channel)
                                    for b in m.buttons()), timeout=120, what="the lobby")
    lobby = fake.latest_with_components(channel)
    await (await fake.click(host, lobby, label="Start")).reply(timeout=120)


async def play(fake: FakeDiscord, channel: FakeChannel, service: MatchServices, user: FakeUser, rng: random.Random,
               deadline: float, think: float, errors: list[str]) -> None:
    driver = Clicking(fake, channel, service, [user], rng, set(), Figures(), typical=True,
                      game=(await service.table.match_here(channel.id)).game)
    while time.monotonic() < deadline:
        if think:
            await asyncio.sleep(min(rng.expovariate(1 / think), max(0.0, deadline - time.monotonic())))
        try:
            match = await service.table.match_here(channel.id)
        except Refusal:  # the match ended: this player is done
            return
        if match.status != MatchStatus.RUNNING or time.monotonic() >= deadline:
            return
        try:
            await driver.decide(match)
        except Exception as error:  # noqa: BLE001 — reported, and the match carries on
            errors.append(f"{type(error).__name__}: {str(error)[:120]}")
            await asyncio.sleep(0.5)


async def create_idle(storage: SqlStorage, count: int, guild_id: int, seed: int) -> None:
    """Running matches at their start, written straight into the database: three human seats each (so the
    bot's start-up has no AI seat to move), in channels nobody looks at."""
    now = time.time()
    for i in range(count):
        key = GAMES[i % len(GAMES)]
        game = get_game(key)
        state = game.new_game(None, 3, seed + i)
        active = game.active_seats(state)
        place = 1_000_000 + i
        await storage.create_match(MatchRecord(
            game=key, seed=seed + i, channel_id=place, place_id=place, host_id=place, guild_id=guild_id,
            status=MatchStatus.RUNNING, state=game.dump_state(state), settings={"locale": "en"},
            seats=[SeatRecord(s, user_id=place * 10 + s, name=f"idle {s}", awaited_since=now if s in active else None)
                   for s in range(3)]))


async def database_size(storage: SqlStorage, workdir: Path) -> int:
    if storage.db.shared:  # PostgreSQL: the tables and indexes of the bench's schema
        async with storage.db.statement() as q:
            row = await q.fetchrow(
                "SELECT sum(pg_total_relation_size(c.oid)) AS size FROM pg_class c JOIN pg_namespace n"
                " ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'")
        return int(row["size"] or 0) if row is not None else 0
    async with storage.db.statement() as q:
        await q.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return sum(f.stat().st_size for f in workdir.glob("bot.db*"))


async def save_versus_bare(storage: SqlStorage, matches: list[MatchRecord], samples: int
                           ) -> tuple[list[float], list[float]]:
    """A step's save as the bot saves one (the match with its seats, a log entry and a table item, guarded by
    state_id), and a bare insert of the same state bytes in a transaction of its own, in turn."""
    async with storage.db.transaction() as q:
        await q.execute("CREATE TABLE IF NOT EXISTS bench_bare (body TEXT)")
    saves, bares = [], []
    for i in range(samples):
        match = await storage.get_match(matches[i % len(matches)].id)
        assert match is not None
        entry = LogEntry(match.id, 0, LogKind.STEP, 0, "bench", at=time.time(), events=[{"key": "bench", "params": {}}])
        began = time.perf_counter()
        await storage.save_match(match, entry=entry, outbox=[OutboxItem(match.id, OutboxKind.TABLE, {"announce": []})])
        saves.append(time.perf_counter() - began)
        body = json.dumps(match.state)
        began = time.perf_counter()
        async with storage.db.transaction() as q:
            await q.execute("INSERT INTO bench_bare (body) VALUES (?)", body)
        bares.append(time.perf_counter() - began)
    return saves, bares


async def run(args: argparse.Namespace, database: str | None) -> None:
    matches = args.matches
    with tempfile.TemporaryDirectory() as workdir:
        async with FakeDiscord() as fake:
            users = [fake.add_user(f"player{i}", locale="it" if i % 2 else "en-US") for i in range(matches)]
            guild = fake.add_guild("Bazaar", members=users)
            channels = [fake.add_text_channel(guild, f"table-{i}") for i in range(matches)]
            port = free_port()
            bot = BotProcess(fake, Path(workdir), tiny_pictures=args.tiny_pictures, log_level="WARNING")
            bot.env.update({"METRICS_PORT": str(port), "RENDER_PROCESSES": str(args.render_processes),
                            "REMINDER_POLL_SECONDS": "3600"})
            if database:
                bot.env["DATABASE_URL"] = database
            storage = make_storage(database or bot.database)
            rss_empty = float("nan")  # measured only with idle matches to compare with
            if args.idle:  # the bot alone first, on the empty database: what it weighs without matches
                await bot.start()
                await asyncio.sleep(3)
                rss_empty = rss_mb(pid_of(bot), children=False)
                bot.stop()
            await storage.open()
            size_empty = await database_size(storage, Path(workdir))
            began = time.monotonic()
            await create_idle(storage, args.idle, guild.id, args.seed + 10**6)
            size_idle = await database_size(storage, Path(workdir))
            if args.idle:
                print(f"{args.idle} idle matches written in {time.monotonic() - began:.0f} s", flush=True)
            await bot.start()
            print(f"the bot's process: {pid_of(bot)}", flush=True)
            service = MatchServices(storage, presenter=None)
            try:
                await asyncio.sleep(3)  # start-up (resume) done
                rss_idle = rss_mb(pid_of(bot), children=False)
                opening = asyncio.Semaphore(8)

                async def opened(i: int) -> None:
                    async with opening:
                        await open_match(fake, users[i], channels[i], GAMES[i % len(GAMES)], ai=2)

                began = time.monotonic()
                await asyncio.gather(*(opened(i) for i in range(matches)))
                print(f"{matches} matches opened in {time.monotonic() - began:.0f} s", flush=True)
                await asyncio.sleep(2)
                # The fake Discord keeps every request and message of the run: a full garbage collection of
                # that heap stalls this loop for up to half a second, which the players' clocks would count
                # as the bot's. Nothing here is cyclic garbage worth collecting before the run ends.
                gc.collect()
                gc.freeze()
                gc.disable()
                before, handled = await scrape(port), len(fake.interactions)
                rss_before = rss_mb(pid_of(bot), children=False)
                cpu_before = cpu_now(pid_of(bot))
                errors: list[str] = []
                start = time.monotonic()
                deadline = start + args.seconds
                driver_lag: list[float] = []
                probe = asyncio.create_task(lag_probe(driver_lag))
                await asyncio.gather(*(play(fake, channels[i], service, users[i], random.Random(args.seed + i),
                                            deadline, args.think, errors) for i in range(matches)))
                took = time.monotonic() - start
                probe.cancel()
                gc.enable()
                cpu = {k: v - cpu_before[k] for k, v in cpu_now(pid_of(bot)).items()}
                after = await scrape(port)
                rss_after = rss_mb(pid_of(bot), children=False)
                rss_all = rss_mb(pid_of(bot))
                handles = fake.interactions[handled:]
                places = {c.id for c in channels}
                played = [m for m in await storage.matches(statuses=(MatchStatus.RUNNING, MatchStatus.OVER))
                          if m.place_id in places]
                size_played = await database_size(storage, Path(workdir))
                saves, bares = await save_versus_bare(storage, played, args.save_samples)
                report(args, database, took, handles, before, after, errors, played,
                       memory={"empty": rss_empty, "idle": rss_idle, "opened": rss_before, "end": rss_after,
                               "all": rss_all},
                       sizes={"empty": size_empty, "idle": size_idle, "played": size_played},
                       saves=saves, bares=bares, cpu=cpu, driver_lag=driver_lag,
                       game_of={u.id: GAMES[i % len(GAMES)] for i, u in enumerate(users)},
                       tables=table_posted(fake, handles, {u.id: c.id for u, c in zip(users, channels, strict=True)}))
                if errors:
                    print("the bot's log ends with:\n" + "".join(Path(bot.log_path).read_text().splitlines(True)[-15:]))
            finally:
                await storage.close()
                bot.stop()


def from_buckets(before: dict[str, float], after: dict[str, float], name: str, q: float) -> float:
    """The q-quantile of a Prometheus histogram's observations between two scrapes, as the upper bound of the
    bucket it falls in (seconds; inf past the last bucket)."""
    prefix = f"caravanserai_{name}_bucket{{le="
    bounds = sorted((float(k[len(prefix) + 1:-2]), v - before.get(k, 0.0)) for k, v in after.items()
                    if k.startswith(prefix))
    total = bounds[-1][1] if bounds else 0
    for bound, count in bounds:
        if total and count >= q * total:
            return bound
    return float("nan")


async def lag_probe(lags: list[float], every: float = 0.05) -> None:
    """How late this process's event loop (the players' and the fake Discord's) wakes a sleeping task: when it
    is late, the players' clocks count its delay as the bot's."""
    while True:
        began = time.monotonic()
        await asyncio.sleep(every)
        lags.append(time.monotonic() - began - every)


def table_posted(fake: FakeDiscord, handles: list[InteractionHandle], table_of: dict[int, int]) -> list[tuple[int, float]]:
    """Each step's full action as the players see it, with the player's id: from the click (at the table or in
    a DM) to the table's picture posted in the match's channel (`table_of` a player's; a new table message or
    the table edited), or to the answer for a step that leaves the table as it is."""
    pictures: dict[str, list[float]] = {}
    for request in fake.requests:
        if request.files and request.method in ("POST", "PATCH") and request.path.startswith("/channels/"):
            pictures.setdefault(request.path.split("/")[2], []).append(request.at)
    times = []
    for h in handles:
        if not (h.timeline and STEP_VERBS.match(str(h.payload.get("data", {}).get("custom_id", "")))):
            continue
        answered = h.timeline[-1][1]
        posts = pictures.get(str(table_of[h.user.id]), [])
        first = bisect.bisect_left(posts, h.dispatched_at)
        times.append((h.user.id, min(answered, posts[first] - h.dispatched_at) if first < len(posts) else answered))
    return times


def report(args: argparse.Namespace, database: str | None, took: float, handles: list[InteractionHandle],
           before: dict[str, float], after: dict[str, float], errors: list[str], played: list[MatchRecord],
           memory: dict[str, float], sizes: dict[str, int], saves: list[float], bares: list[float],
           cpu: dict[str, float], driver_lag: list[float], game_of: dict[int, str],
           tables: list[tuple[int, float]]) -> None:
    matches = args.matches
    acks = [h.ack_delay for h in handles if h.ack_delay is not None]
    answered = [h.timeline[-1][1] for h in handles if h.timeline]
    steps = [h.timeline[-1][1] for h in handles if h.timeline and STEP_VERBS.match(
        str(h.payload.get("data", {}).get("custom_id", "")))]
    actions = after.get("caravanserai_actions_total", 0) - before.get("caravanserai_actions_total", 0)
    lag_count = after["caravanserai_event_loop_lag_seconds_count"] - before["caravanserai_event_loop_lag_seconds_count"]
    lag_slow = lag_count - (after['caravanserai_event_loop_lag_seconds_bucket{le="0.1"}']
                            - before['caravanserai_event_loop_lag_seconds_bucket{le="0.1"}'])
    load = os.getloadavg()
    backend = "PostgreSQL" if database else "SQLite"
    drawing = "tiny PNG" if args.tiny_pictures else \
        f"{args.render_processes} processes" if args.render_processes else "threads"
    print(f"\n{time.strftime('%Y-%m-%d %H:%M')} · {platform.processor() or platform.machine()}, nproc {os.cpu_count()}, "
          f"Python {platform.python_version()}, load average {load[0]:.1f} / {load[1]:.1f} (1 / 5 min) at the end")
    print(f"{backend}; {matches} matches played ({', '.join(GAMES)}; one clicking player and two AI seats each), "
          f"think {args.think:g} s, {args.idle} idle; {took:.0f} s of play; pictures: {drawing}")
    print(f"interactions: {len(handles)} ({len(handles) / took:.1f}/s); steps applied (AI included): "
          f"{actions:.0f} ({actions / took:.1f}/s)")
    print("CPU used during play, in cores: " + ", ".join(f"{k} {v / took:.2f}" for k, v in cpu.items() if v)
          + f" (of {os.cpu_count()})")
    print(f"acknowledged after (players' side): p50 {pct(acks, .5) * 1000:.0f} ms, p99 {pct(acks, .99) * 1000:.0f} ms")
    print(f"answered after (players' side; the table is posted before the answer): p50 {pct(answered, .5) * 1000:.0f} ms,"
          f" p99 {pct(answered, .99) * 1000:.0f} ms; steps only: p50 {pct(steps, .5) * 1000:.0f} ms, "
          f"p99 {pct(steps, .99) * 1000:.0f} ms (n={len(steps)})")
    full = [t for _, t in tables]
    print(f"full action (players' side: the click to the table posted, or to the answer when the table stays as "
          f"it is): p50 {pct(full, .5) * 1000:.0f} ms, p99 {pct(full, .99) * 1000:.0f} ms (n={len(full)})")
    by_game = {game: [t for user, t in tables if game_of.get(user) == game] for game in GAMES}
    print("full action, by game: " + "; ".join(
        f"{game} p50 {pct(times, .5) * 1000:.0f} ms, p99 {pct(times, .99) * 1000:.0f} ms (n={len(times)})"
        for game, times in by_game.items() if times))
    print("bot's interaction latency (during play, bucket bounds): p50 ≤ "
          f"{from_buckets(before, after, 'interaction_latency_seconds', .5) * 1000:.0f} ms, p99 ≤ "
          f"{from_buckets(before, after, 'interaction_latency_seconds', .99) * 1000:.0f} ms")
    print(f"event-loop lag (during play, bucket bounds): p50 ≤ "
          f"{from_buckets(before, after, 'event_loop_lag_seconds', .5) * 1000:.0f} ms, p99 ≤ "
          f"{from_buckets(before, after, 'event_loop_lag_seconds', .99) * 1000:.0f} ms; "
          f"probes over 100 ms: {lag_slow:.0f} of {lag_count:.0f}")
    print(f"the players' and fake Discord's event-loop lag (during play): p50 {pct(driver_lag, .5) * 1000:.0f} ms, "
          f"p99 {pct(driver_lag, .99) * 1000:.0f} ms, max {max(driver_lag, default=0) * 1000:.0f} ms")
    print("the bot's step saves under load (bucket bounds): p50 ≤ "
          f"{from_buckets(before, after, 'step_save_seconds', .5) * 1000:.1f} ms, p99 ≤ "
          f"{from_buckets(before, after, 'step_save_seconds', .99) * 1000:.1f} ms")
    if saves:
        ratio = statistics.median(saves) / statistics.median(bares)
        print(f"after play, {len(saves)} of each: step save p50 {pct(saves, .5) * 1000:.2f} ms, p99 "
              f"{pct(saves, .99) * 1000:.2f} ms; bare insert of the same bytes p50 {pct(bares, .5) * 1000:.2f} ms, "
              f"p99 {pct(bares, .99) * 1000:.2f} ms; save / bare (medians) {ratio:.2f}x")
    print(f"memory of the bot's process: {memory['idle']:.0f} MB at start, {memory['opened']:.0f} MB with the "
          f"matches opened, {memory['end']:.0f} MB at the end ({memory['all']:.0f} MB with its drawing processes)")
    if args.idle:
        per_idle = (memory["idle"] - memory["empty"]) * 1024 / args.idle
        print(f"idle matches: {memory['empty']:.0f} MB without them, so {per_idle:.1f} KB of memory and "
              f"{(sizes['idle'] - sizes['empty']) / 1024 / args.idle:.1f} KB of database each")
    per_active = (memory["end"] - memory["idle"]) * 1024 / max(matches, 1)
    print(f"per played match: {per_active:.0f} KB of memory (end minus start), "
          f"{(sizes['played'] - sizes['idle']) / 1024 / max(len(played), 1):.0f} KB of database")
    print(f"errors in the players' driver: {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))


def recent(metrics: dict[str, float], name: str, quantile: str) -> float:
    """A recent-quantile gauge of the bot's /metrics, in milliseconds."""
    return metrics[f'caravanserai_{name}_recent_seconds{{quantile="{quantile}"}}'] * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=10, help="matches opened through Discord and played")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=0.0, help="players' mean pause before a click, seconds")
    parser.add_argument("--idle", type=int, default=0, help="running matches nobody plays, written before start")
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--postgres", help="a PostgreSQL server URL (default: a throwaway cluster)")
    parser.add_argument("--render-processes", type=int, default=2, help="0: draw in threads of the bot's process")
    parser.add_argument("--tiny-pictures", action="store_true", help="a tiny PNG instead of real pictures")
    parser.add_argument("--save-samples", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.backend != "postgresql":
        asyncio.run(with_database(args, None))
        return 0
    with given_or_throwaway(args.postgres) as server:
        asyncio.run(with_database(args, server))
    return 0


async def with_database(args: argparse.Namespace, server: str | None) -> None:
    if server is None:
        await run(args, None)
        return
    async with postgres_schema(server) as url:
        await run(args, url)


if __name__ == "__main__":
    sys.exit(main())
