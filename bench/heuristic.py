"""How good and how quick a game's computer player is: one heuristic seat against random seats.

    .venv/bin/python bench/heuristic.py --game notre-dame --players 4 --games 200

Seed by seed the heuristic takes the next seat (seed modulo the players), the others play at random; a win is
a first place, shared or not (`Outcome.winners`). The decision time is the heuristic's own, per decision, on one
core; every match replays exactly from its seed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.ai import heuristic_for, policy  # noqa: E402
from engine.core import get_game  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="al-rashid")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="first seed; the games use the next ones")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    smart, chance = heuristic_for(game), policy("random")
    wins, mine, theirs, decisions = 0, [], [], []
    for seed in range(args.seed, args.seed + args.games):
        seat_of_heuristic = seed % args.players
        state, rng = game.new_game(None, args.players, seed), random.Random(seed)
        while active := game.active_seats(state):
            seat = min(active)
            if seat == seat_of_heuristic:
                started = time.perf_counter()
                action = smart.choose(game, state, seat, rng)
                decisions.append(time.perf_counter() - started)
            else:
                action = chance.choose(game, state, seat, rng)
            state, _ = game.apply(state, seat, action)
        result = game.outcome(state)
        assert result is not None
        wins += seat_of_heuristic in result.winners()
        mine.append(result.scores[seat_of_heuristic])
        theirs += [points for seat, points in result.scores.items() if seat != seat_of_heuristic]
    decisions.sort()
    print(f"{game.spec.title}, {args.players} players, seeds {args.seed}-{args.seed + args.games - 1}: "
          f"the heuristic won {wins} of {args.games} ({wins / args.games:.0%}); mean score "
          f"{statistics.mean(mine):.1f} against {statistics.mean(theirs):.1f} for a random seat; "
          f"{statistics.median(decisions) * 1000:.1f} ms a decision (p95 "
          f"{decisions[int(0.95 * (len(decisions) - 1))] * 1000:.1f} ms, {len(decisions)} decisions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
