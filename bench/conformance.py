"""Long conformance runs: every registered game, every seat count, many seeds.

The tests (tests/core/test_games_conformance.py) play a representative sample on every run; this plays the
long series, checked the same way, when an engine changes or before a release:

    .venv/bin/python bench/conformance.py                          # every game, seeds 1-200
    .venv/bin/python bench/conformance.py --game yspahan --seeds 500 --first 1000

A broken contract stops the run with the game, the seat count, the seed and the step (ConformanceError).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.core import games  # noqa: E402
from engine.core.conformance import Checks, check_game  # noqa: E402

# As the tests' sampled matches: the deep checks on every 50th step, a few fuzzed notations.
SAMPLED = Checks(every=50, fuzz=6, specific_refusals=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game key (default: every game of engine/)")
    parser.add_argument("--seeds", type=int, default=200, help="matches per seat count")
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    args = parser.parse_args(argv)
    found = {key: game for key, game in games().items() if type(game).__module__.startswith("engine.")}
    keys = args.game or sorted(found)
    seeds = range(args.first, args.first + args.seeds)
    for key in keys:
        game = found[key]
        for seats in range(game.spec.min_seats, game.spec.max_seats + 1):
            started = time.process_time()
            report = check_game(game, seats, seeds, checks=SAMPLED)
            took = time.process_time() - started
            print(f"{key:10} {seats} seats: {report.games} matches, {report.steps} steps "
                  f"({report.deep_steps} checked deeply), {report.refusals} refusals, "
                  f"{report.hidden_checks} secrecy checks, {took:.1f} s CPU", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
