"""The renderer's command line.

    python -m render sample al-rashid --players 4 --seed 1 --out DIR [--locale it] [--ai heuristic]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.core import EngineError
from render.sample import drawable, sample


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    cmd = commands.add_parser("sample", help="play a seeded match between computer seats and draw it")
    cmd.add_argument("game", choices=drawable())
    cmd.add_argument("--players", type=int, default=4)
    cmd.add_argument("--seed", type=int, default=1)
    cmd.add_argument("--out", type=Path, required=True)
    cmd.add_argument("--locale", default="en")
    cmd.add_argument("--ai", default="heuristic", help="policy of the computer seats: heuristic, random, "
                     "or one per seat (heuristic,random,random,random)")
    args = parser.parse_args(argv)
    try:
        written = sample(args.game, args.players, args.seed, args.out, args.locale, args.ai)
    except EngineError as error:
        print(error.text(args.locale), file=sys.stderr)
        return 2
    for path in written:
        print(f"{path}  {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
