"""Load: many concurrent matches played through the fake Discord against the bot in its own process
(`python -m bot`, as in production), players clicking their panels, AI seats moving in the bot.

    .venv/bin/python bench/load.py --matches 10 --seconds 60
    .venv/bin/python bench/load.py --matches 100 --seconds 120 --render-processes 0   # drawing in threads

Each match has one player who clicks (as a typical player: the suggestion, or what the heuristic would
play) and two AI seats; the games take turns (Al-Rashid, Taj Mahal, Notre Dame, Yspahan). Players answer
at once, so this is many times the load of the same number of real matches, where a turn waits for a
person. Reported: interactions/s and steps/s (AI included), acknowledgement and answer latency as players
see them (p50/p99), the bot's own figures from its /metrics (interaction latency, event-loop lag p99),
its memory (bot process and drawing processes) and the database size per match. Loopback only; bounded
by --seconds after the matches have started.
"""

from __future__ import annotations

import argparse
import asyncio
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

from bot.services import MatchService  # noqa: E402
from bot.storage import SqliteStorage  # noqa: E402
from tests.bot.clicking import Clicking, Figures  # noqa: E402
from tests.bot.crashing import BotProcess  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.support.bot_process import run_bot  # noqa: E402

GAMES = ["al-rashid", "taj-mahal", "notre-dame", "yspahan"]
STEP_VERBS = re.compile(r"^cs:\d+:\d+:(do|pick)")


class Bot(BotProcess):
    """The bot in its own process, which may start its drawing processes (not a daemon, unlike the crash
    test's)."""

    async def start(self) -> None:
        identifies = self.fake.gateway.identifies
        self.process = self.context.Process(target=run_bot, args=(self.env, self.log_path, self.tiny_pictures))
        self.process.start()
        await self.fake.wait_connected(identifies=identifies + 1, timeout=60)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pct(values: list[float], q: float) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def rss_mb(pid: int) -> float:
    """Resident memory of a process and its children (the drawing processes), in MB."""
    total, pids = 0, [pid]
    while pids:
        p = pids.pop()
        try:
            status = Path(f"/proc/{p}/status").read_text()
            total += int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
            for task in Path(f"/proc/{p}/task").iterdir():
                children = (task / "children").read_text().split()
                pids.extend(int(c) for c in children)
        except (OSError, AttributeError):
            continue
    return total / 1024


async def scrape(port: int) -> dict[str, float]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}/metrics") as response:
        text = await response.text()
    return {m.group(1): float(m.group(2)) for m in re.finditer(r"^(\S+) (\S+)$", text, re.MULTILINE)}


async def open_match(fake: FakeDiscord, host, channel, game: str, ai: int) -> None:
    """/game new here with `ai` AI seats, then Start (no waiting for the whole bot to go quiet)."""
    handle = await fake.slash(host, channel, "game", subcommand="new",
                              options={"game": game, "where": "channel", "ai_players": ai})
    await handle.reply(timeout=120)
    await fake.wait_for(lambda: any(b.get("label") == "Start" for m in fake.messages(channel)
                                    for b in m.buttons()), timeout=120, what="the lobby")
    lobby = fake.latest_with_components(channel)
    await (await fake.click(host, lobby, label="Start")).reply(timeout=120)


async def play(fake, channel, service, user, rng, deadline: float, errors: list[str]) -> None:
    driver = Clicking(fake, channel, service, [user], rng, set(), Figures(), typical=True,
                      game=(await service.match_here(channel.id)).game)
    while time.monotonic() < deadline:
        match = await service.match_here(channel.id)
        if match.status != "running":
            return
        try:
            await driver.decide(match)
        except Exception as error:  # noqa: BLE001 — reported, and the match carries on
            errors.append(f"{type(error).__name__}: {str(error)[:120]}")
            await asyncio.sleep(0.5)


async def run(matches: int, seconds: float, render_processes: int, tiny: bool, seed: int) -> None:
    with tempfile.TemporaryDirectory() as workdir:
        async with FakeDiscord() as fake:
            users = [fake.add_user(f"player{i}", locale="it" if i % 2 else "en-US") for i in range(matches)]
            guild = fake.add_guild("Bazaar", members=users)
            channels = [fake.add_text_channel(guild, f"table-{i}") for i in range(matches)]
            port = free_port()
            bot = Bot(fake, Path(workdir), tiny_pictures=tiny, log_level="WARNING")
            bot.env.update({"METRICS_PORT": str(port), "RENDER_PROCESSES": str(render_processes),
                            "REMINDER_POLL_SECONDS": "3600"})
            await bot.start()
            storage = SqliteStorage(bot.database)
            await storage.open()
            service = MatchService(storage, presenter=None)
            try:
                opening = asyncio.Semaphore(8)

                async def opened(i: int) -> None:
                    async with opening:
                        await open_match(fake, users[i], channels[i], GAMES[i % len(GAMES)], ai=2)

                began = time.monotonic()
                await asyncio.gather(*(opened(i) for i in range(matches)))
                print(f"{matches} matches opened in {time.monotonic() - began:.0f} s", flush=True)
                await asyncio.sleep(2)
                before, handled = await scrape(port), len(fake.interactions)
                rss_before = rss_mb(bot.process.pid)
                errors: list[str] = []
                start = time.monotonic()
                deadline = start + seconds
                await asyncio.gather(*(play(fake, channels[i], service, users[i], random.Random(seed + i),
                                            deadline, errors) for i in range(matches)))
                took = time.monotonic() - start
                after = await scrape(port)
                rss_after = rss_mb(bot.process.pid)
                handles = fake.interactions[handled:]
                size = sum(f.stat().st_size for f in Path(workdir).glob("bot.db*"))
                report(matches, seconds, took, render_processes, tiny, handles, before, after, rss_before,
                       rss_after, size, errors, await storage.matches(statuses=("running", "over")))
                if errors:
                    print("the bot's log ends with:\n" + "".join(Path(bot.log_path).read_text().splitlines(True)[-15:]))
            finally:
                await storage.close()
                bot.stop()


def report(matches, seconds, took, render_processes, tiny, handles, before, after, rss_before, rss_after, size,
           errors, stored) -> None:
    acks = [h.ack_delay for h in handles if h.ack_delay is not None]
    answered = [h.timeline[-1][1] for h in handles if h.timeline]
    steps = [h.timeline[-1][1] for h in handles if h.timeline and STEP_VERBS.match(
        str(h.payload.get("data", {}).get("custom_id", "")))]
    actions = after.get("caravanserai_actions_total", 0) - before.get("caravanserai_actions_total", 0)
    lag_count = after["caravanserai_event_loop_lag_seconds_count"] - before["caravanserai_event_loop_lag_seconds_count"]
    lag_slow = lag_count - (after['caravanserai_event_loop_lag_seconds_bucket{le="0.1"}']
                            - before['caravanserai_event_loop_lag_seconds_bucket{le="0.1"}'])
    load = os.getloadavg()[0]
    print(f"\n{time.strftime('%Y-%m-%d')} · {platform.processor() or platform.machine()}, nproc {os.cpu_count()}, "
          f"Python {platform.python_version()}, load average {load:.1f} at the end")
    print(f"{matches} concurrent matches ({', '.join(GAMES)}; one clicking player and two AI seats each), "
          f"{took:.0f} s of play, drawing: {'tiny PNG' if tiny else f'{render_processes} processes' if render_processes else 'threads'}")
    print(f"interactions: {len(handles)} ({len(handles) / took:.1f}/s); steps applied (AI included): "
          f"{actions:.0f} ({actions / took:.1f}/s)")
    print(f"acknowledged after (players' side): p50 {pct(acks, .5) * 1000:.0f} ms, p99 {pct(acks, .99) * 1000:.0f} ms")
    print(f"answered after (players' side): p50 {pct(answered, .5) * 1000:.0f} ms, p99 {pct(answered, .99) * 1000:.0f} ms; "
          f"steps only: p50 {pct(steps, .5) * 1000:.0f} ms, p99 {pct(steps, .99) * 1000:.0f} ms (n={len(steps)})")
    latency = [recent(after, "interaction_latency", q) for q in ("0.5", "0.99")]
    lag = [recent(after, "event_loop_lag", q) for q in ("0.5", "0.99")]
    print(f"bot's interaction latency (last 5 min): p50 {latency[0]:.0f} ms, p99 {latency[1]:.0f} ms")
    print(f"event-loop lag (last 5 min): p50 {lag[0]:.0f} ms, p99 {lag[1]:.0f} ms; "
          f"probes over 100 ms: {lag_slow:.0f} of {lag_count:.0f}")
    print(f"memory (bot and drawing processes): {rss_before:.0f} MB after opening, {rss_after:.0f} MB at the end")
    print(f"database: {size / 1024:.0f} KB for {len(stored)} matches ({size / 1024 / max(len(stored), 1):.0f} KB a match)")
    print(f"errors in the players' driver: {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))


def recent(metrics: dict[str, float], name: str, quantile: str) -> float:
    """A recent-quantile gauge of the bot's /metrics, in milliseconds."""
    return metrics[f'caravanserai_{name}_recent_seconds{{quantile="{quantile}"}}'] * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--render-processes", type=int, default=2, help="0: draw in threads of the bot's process")
    parser.add_argument("--tiny-pictures", action="store_true", help="a tiny PNG instead of real pictures")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    asyncio.run(run(args.matches, args.seconds, args.render_processes, args.tiny_pictures, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
