"""Crash injection at length: the bot process is killed (SIGKILL) at random moments of many player
interactions against the fake Discord, and everything players see is checked after each restart (the
checks are those of tests/bot/test_crash.py, which runs a few dozen kills; see tests/bot/crashing.py).

    .venv/bin/python bench/crash.py --kills 500                  # tiny pictures, as the test
    .venv/bin/python bench/crash.py --kills 200 --pictures       # the real pictures (wider windows)

Prints the number of kills, how many fell before the player saw the answer and how many left saved
changes undelivered for the restart to deliver, and every problem found (exit status 1 if any).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.bot.crashing import BotProcess, Crashing  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402


async def run(kills: int, seed: int, pictures: bool, minutes: float) -> int:
    with tempfile.TemporaryDirectory() as workdir:
        async with FakeDiscord() as fake:
            users = [fake.add_user("alice"), fake.add_user("bruno", locale="it")]
            guild = fake.add_guild("Bazaar", members=users)
            channel = fake.add_text_channel(guild, "al-rashid")
            crashing = Crashing(fake, BotProcess(fake, Path(workdir), tiny_pictures=not pictures), channel, users,
                                random.Random(seed))
            began = time.monotonic()
            found = await crashing.run(kills, deadline=began + minutes * 60)
            took = time.monotonic() - began
    print(f"{found.kills} kills over {found.actions} interactions in {took:.0f} s (seed {seed}, "
          f"{'real' if pictures else 'tiny'} pictures): {found.unanswered} before the player saw the answer, "
          f"{found.left_pending} leaving saved changes undelivered; {found.checks} checks after restarts, "
          f"{found.turns} new turns announced")
    for problem in found.problems:
        print("PROBLEM:", problem)
    print("nothing lost, nothing applied twice, the table always current" if not found.problems else
          f"{len(found.problems)} problems")
    return 1 if found.problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kills", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pictures", action="store_true", help="render the real pictures in the bot process")
    parser.add_argument("--minutes", type=float, default=60)
    args = parser.parse_args()
    return asyncio.run(run(args.kills, args.seed, args.pictures, args.minutes))


if __name__ == "__main__":
    sys.exit(main())
