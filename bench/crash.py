"""Crash injection at length: the bot process is killed (SIGKILL) at random moments of many player
interactions against the fake Discord, matches played to their end, and everything players were told is
checked against the stored matches after each restart (the checks of tests/bot/test_crash.py, which runs a
few kills per game; see tests/bot/crashing.py).

    .venv/bin/python bench/crash.py --game al-rashid --kills 250                  # SQLite, tiny pictures
    .venv/bin/python bench/crash.py --game all --backend postgresql --kills 125   # each game in turn
    .venv/bin/python bench/crash.py --game yspahan --kills 100 --pictures         # the real pictures
    .venv/bin/python bench/crash.py --game notre-dame --kills 40 --kill-rate 0.1  # matches to their end

PostgreSQL runs in a throwaway cluster on this machine (Debian's postgresql package), or on the server
`--postgres` names. Prints, per game, the kills, how many fell before the player saw the answer and how
many left saved changes undelivered, the matches played to their end, and every problem found (exit status
1 if any).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.core import games  # noqa: E402
from tests.bot.crashing import BotProcess, Crashing  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.support.backends import postgres_schema  # noqa: E402
from tests.support.postgres import given_or_throwaway  # noqa: E402


async def run_game(game: str, args: argparse.Namespace, server: str | None) -> int:
    with tempfile.TemporaryDirectory() as workdir:
        async with contextlib.AsyncExitStack() as stack:
            database = await stack.enter_async_context(postgres_schema(server)) if server else None
            fake = await stack.enter_async_context(FakeDiscord())
            users = [fake.add_user("alice"), fake.add_user("bruno", locale="it")]
            guild = fake.add_guild("Bazaar", members=users)
            channel = fake.add_text_channel(guild, game)
            bot = BotProcess(fake, Path(workdir), database=database, tiny_pictures=not args.pictures,
                             render_processes=args.render_processes)
            crashing = Crashing(fake, bot, channel, users, random.Random(args.seed), game=game,
                                kill_rate=args.kill_rate)
            began = time.monotonic()
            found = await crashing.run(args.kills, deadline=began + args.minutes * 60)
            took = time.monotonic() - began
    drawing = f"{args.render_processes} drawing processes" if args.render_processes else "drawing in a thread"
    print(f"{game} on {'PostgreSQL' if server else 'SQLite'} (seed {args.seed}, kill rate {args.kill_rate}, "
          f"{'real' if args.pictures else 'tiny'} pictures, {drawing}, {took:.0f} s): {found.summary()}")
    for problem in found.problems:
        print("PROBLEM:", problem)
    print(f"{len(found.problems)} problems" if found.problems else
          "nothing lost, nothing applied twice, nothing applied while refused, nothing stuck, the table always "
          "current")
    return len(found.problems)


async def run(args: argparse.Namespace) -> int:
    chosen = list(games()) if args.game == "all" else [args.game]
    problems = 0
    with given_or_throwaway(args.postgres) if args.backend == "postgresql" else contextlib.nullcontext() as server:
        for game in chosen:
            problems += await run_game(game, args, server)
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="al-rashid", choices=[*games(), "all"])
    parser.add_argument("--backend", default="sqlite", choices=["sqlite", "postgresql"])
    parser.add_argument("--postgres", help="a PostgreSQL server's URL (default: a throwaway cluster)")
    parser.add_argument("--kills", type=int, default=250, help="per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kill-rate", type=float, default=0.5,
                        help="the share of interactions the bot is killed in (lower: matches get further)")
    parser.add_argument("--pictures", action="store_true", help="draw the real pictures in the drawing processes")
    parser.add_argument("--render-processes", type=int, default=2, help="as RENDER_PROCESSES (0: draw in a thread)")
    parser.add_argument("--minutes", type=float, default=60, help="per game, at most")
    args = parser.parse_args()
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
