"""How strong and how quick the expert is: one expert seat against heuristic (normal) seats.

    nice -n 10 .venv/bin/python bench/expert.py --game yspahan --players 4 --games 40 --steps 700

Seed by seed the expert takes the next seat (seed modulo the players), the other seats play the heuristic; a
win is a first place, shared or not (`Outcome.winners`), and the 95% interval is Wilson's. `--steps` sets the
expert's budget in steps played out per decision (default: the game's, about 2 s of one core); the decision
time is the CPU time of each decision that searched (more than one legal action). Every match replays
exactly from its seed.

`--until 02:10` (UTC) stops the run at a time fixed before it begins, not at a result: no match starts after it,
and the summary counts the matches played.

    nice -n 10 .venv/bin/python bench/expert.py --game notre-dame --players 4 --games 200 --until 02:10
"""

from __future__ import annotations

import argparse
import datetime
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.ai import heuristic_for  # noqa: E402
from engine.core import get_game  # noqa: E402
from engine.expert import ExpertPolicy  # noqa: E402


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a win rate (Wilson score interval)."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="al-rashid")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1, help="first seed; the games use the next ones")
    parser.add_argument("--steps", type=int, default=None, help="the expert's budget per decision, in steps")
    parser.add_argument("--until", type=stop_time, default=None,
                        help="HH:MM (UTC): start no match after this time, fixed before the run")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    expert, normal = ExpertPolicy(args.steps), heuristic_for(game)
    wins, mine, theirs, decisions = 0.0, [], [], []
    for number, seed in enumerate(range(args.seed, args.seed + args.games), 1):
        if args.until is not None and datetime.datetime.now(datetime.UTC) >= args.until:
            break
        seat_of_expert = seed % args.players
        state, rng = game.new_game(None, args.players, seed), random.Random(seed)
        while active := game.active_seats(state):
            seat = min(active)
            if seat == seat_of_expert and len(game.legal_actions(state, seat)) > 1:
                started = time.process_time()
                action = expert.choose(game, state, seat, rng)
                decisions.append(time.process_time() - started)
            else:
                action = (expert if seat == seat_of_expert else normal).choose(game, state, seat, rng)
            state, _ = game.apply(state, seat, action)
        result = game.outcome(state)
        assert result is not None
        won = seat_of_expert in result.winners()
        wins += won
        mine.append(result.scores[seat_of_expert])
        theirs += [points for seat, points in result.scores.items() if seat != seat_of_expert]
        print(f"seed {seed}: expert in seat {seat_of_expert} {'won' if won else 'lost'} "
              f"({result.scores[seat_of_expert]} against {max(p for s, p in result.scores.items() if s != seat_of_expert)}); "
              f"{wins:.0f} of {number}", flush=True)
    played = len(mine)  # one score a match played
    if not played:
        print("no match was played before the stop time")
        return 0
    low, high = wilson(int(wins), played)
    decisions.sort()
    print(f"{game.spec.title}, {args.players} players, seeds {args.seed}-{args.seed + played - 1}, budget "
          f"{args.steps or 'default'}: the expert won {wins:.0f} of {played} ({wins / played:.1%}, 95% interval "
          f"{low:.1%}-{high:.1%}; a fair share is {1 / args.players:.0%}); mean score {statistics.mean(mine):.1f} "
          f"against {statistics.mean(theirs):.1f} for a normal seat; a decision {statistics.median(decisions):.2f} s "
          f"at the median, p95 {decisions[int(0.95 * (len(decisions) - 1))]:.2f} s ({len(decisions)} decisions)")
    return 0


def stop_time(text: str) -> datetime.datetime:
    """The next moment it is `text` (HH:MM) in UTC: today's, or tomorrow's once today's has passed."""
    hour, minute = (int(part) for part in text.split(":"))
    now = datetime.datetime.now(datetime.UTC)
    at = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
    return at if at > now else at + datetime.timedelta(days=1)


if __name__ == "__main__":
    raise SystemExit(main())
