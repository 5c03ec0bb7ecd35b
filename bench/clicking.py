"""Players who only click, over many complete matches of a game (Al-Rashid unless --game) through the fake Discord: what they live
through (interactions per placement and per resolution move, turns announced) and which kinds of step
they reached (tests/bot/clicking.py, tests/support/curious.py).

    .venv/bin/python bench/clicking.py --humans 1 --ai 2 --matches 5     # a player against AI seats
    .venv/bin/python bench/clicking.py --humans 2 --ai 2 --matches 3     # two players and two AI seats
    .venv/bin/python bench/clicking.py --humans 3 --ai 0 --matches 2 --seed 2400  # three players, no AI seat
    .venv/bin/python bench/clicking.py --typical ...                      # players who play as usual
    .venv/bin/python bench/clicking.py --game taj-mahal --humans 2 --ai 1  # another game
    .venv/bin/python bench/clicking.py --tables --matches 2                # what a typical turn costs, every game

--tables plays typical players at two tables of every game (or of --game): A, one player and two AI seats;
B, three players. It prints interactions per turn (mean / max, opening the panel included), the questions
asked although they had one legal answer, and the share of panels with a one-click suggestion.

Pictures are a tiny PNG unless --pictures (they do not change what players click).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pydantic import SecretStr  # noqa: E402

from bot.app import CaravanseraiBot  # noqa: E402
from bot.services import pictures  # noqa: E402
from bot.settings import Settings  # noqa: E402
from engine.core import games  # noqa: E402
from tests.bot.clicking import Clicking, Figures, coverage_report  # noqa: E402
from tests.bot.e2e import start  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.support.bot_process import TINY_PNG  # noqa: E402

NAMES = [("alice", "en-US"), ("bruno", "it"), ("carla", "en-US"), ("dario", "it"), ("elena", "en-US")]


TABLES = {"A": (1, 2), "B": (3, 0)}  # (players, AI seats)


async def run(game: str, humans: int, ai: int, matches: int, seed: int, typical: bool, quiet: bool = False) -> Figures:
    covered: set[str] = set()
    figures = Figures()
    began = time.monotonic()
    with tempfile.TemporaryDirectory() as workdir:
        async with FakeDiscord() as fake:
            users = [fake.add_user(name, locale=locale) for name, locale in NAMES[:humans]]
            guild = fake.add_guild("Bazaar", members=users)
            settings = Settings(discord_token=SecretStr(fake.token), database_path=str(Path(workdir) / "bench.db"),
                                reminder_poll_seconds=3600)
            client = CaravanseraiBot(settings)
            async with fake.running(client):
                for number in range(matches):
                    match_seed = seed + number
                    channel = fake.add_text_channel(guild, f"{game}-{match_seed}")
                    await fake.gateway_caught_up()
                    client.services.matches.core.new_seed = functools.partial(int, match_seed)
                    since = len(fake.all_messages)
                    await start(fake, users, channel, ai=ai, game=game)
                    match = await client.services.matches.table.match_here(channel.id)
                    driver = Clicking(fake, channel, client.services.matches, users, random.Random(match_seed), covered,
                                      figures, since=since, typical=typical, game=game)
                    await driver.play(match.id)
                    await fake.quiet(idle=0.5)  # the last click's handler may still read the mailbox after its reply
                    print(f"{game}: match {number + 1} of {matches} (seed {match_seed}) done", flush=True)
    took = time.monotonic() - began
    if quiet:
        return figures
    print(f"\n{game}: {humans} {'typical' if typical else 'curious'} players by clicking, {ai} AI seats, {matches} complete "
          f"matches from seed {seed} "
          f"in {took:.0f} s ({sum(t.interactions for t in figures.turns)} interactions)")
    print(figures.report())
    print(coverage_report(covered, game))
    return figures


def tables(games: list[str], matches: int, seed: int) -> str:
    """Typical players at tables A and B of each game, as a Markdown table."""
    found = {(table, game): asyncio.run(run(game, humans, ai, matches, seed, typical=True, quiet=True)).summary()
             for game in games for table, (humans, ai) in TABLES.items()}
    rows = [f"| | {' | '.join(games)} |", "|---" * (len(games) + 1) + "|"]
    for table in TABLES:
        rows.append(f"| {table} | " + " | ".join(
            f"{found[table, g]['mean']:.1f} / {found[table, g]['max']}" for g in games) + " |")
    rows.append("| questions with one legal option, asked anyway | " + " | ".join(
        f"{sum(found[t, g]['forced'] for t in TABLES)} / {sum(found[t, g]['questions'] for t in TABLES)}"
        for g in games) + " |")
    rows.append("| panels with a one-click suggestion | " + " | ".join(
        f"{sum(found[t, g]['suggested'] * found[t, g]['questions'] for t in TABLES) / max(1, sum(found[t, g]['questions'] for t in TABLES)):.0%}"
        for g in games) + " |")
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default=None, help="the game's key (e.g. taj-mahal; al-rashid unless --tables)")
    parser.add_argument("--humans", type=int, default=1)
    parser.add_argument("--ai", type=int, default=2)
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pictures", action="store_true", help="draw the real pictures")
    parser.add_argument("--typical", action="store_true",
                        help="players take the suggestion or play as the heuristic would (default: curious players)")
    parser.add_argument("--tables", action="store_true", help="typical players at tables A and B (see above)")
    args = parser.parse_args()
    if not args.pictures:
        for name in ("focus_png", "hand_png", "board_png", "final_png"):
            setattr(pictures, name, lambda view, locale: TINY_PNG)
    if args.tables:
        print(tables([args.game] if args.game else list(games()), args.matches, args.seed))
    else:
        asyncio.run(run(args.game or "al-rashid", args.humans, args.ai, args.matches, args.seed, args.typical))
    return 0


if __name__ == "__main__":
    sys.exit(main())
