"""How costly the expert's play-outs are: whole matches with the heuristic (`normal`) player in every seat.

    .venv/bin/python bench/playouts.py                         # every game, 4 players, seeds 1-3
    .venv/bin/python bench/playouts.py --game notre-dame --profile
    .venv/bin/python bench/playouts.py --against main          # a git revision and this tree, in turn
    .venv/bin/python bench/playouts.py --decisions             # the expert's decisions at its default budget

A step of a play-out is the heuristic's choice and the engine's `apply`; a decision is a choice among more than
one legal action. Times are the process's CPU time (ms), so other work on a shared machine counts little; only
figures taken side by side compare. Each line ends with a digest of the moves played: speed work must leave it
as it was (bench/replays.py checks every observable step). `--decisions` times the expert's search instead
(CPU time, as bench/expert.py reports it) at every `--every`th step of a heuristic match that offers a choice, with
the play-outs that the budget (`--steps`, default the game's) afforded.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.engine import extracted  # noqa: E402
from engine.ai import heuristic_for  # noqa: E402
from engine.core import get_game  # noqa: E402
from engine.expert import ExpertPolicy  # noqa: E402

GAMES = ("al-rashid", "taj-mahal", "notre-dame", "yspahan")


def measure(key: str, players: int, seeds: range) -> str:
    """One line: steps and decisions a match, ms a match, a decision and a step, and the digest of the moves."""
    game = get_game(key)
    heuristic = heuristic_for(game)
    moves = hashlib.sha256()
    steps = decisions = 0
    deciding = stepping = 0.0
    for seed in seeds:
        state, rng = game.new_game(None, players, seed), random.Random(seed)
        while active := game.active_seats(state):
            seat = min(active)
            several = len(game.legal_actions(state, seat)) > 1
            started = time.process_time()
            action = heuristic.choose(game, state, seat, rng)
            chosen = time.process_time()
            state, _ = game.apply(state, seat, action)
            stepping += time.process_time() - started
            steps += 1
            if several:
                decisions += 1
                deciding += chosen - started
            moves.update(f"{seat} {game.format_action(action)}\n".encode())
    matches = len(seeds)
    return (f"{key}: {steps / matches:.0f} steps a match, {1000 * stepping / matches:.0f} ms a match, "
            f"{1000 * deciding / max(1, decisions):.2f} ms a decision, {1000 * stepping / steps:.2f} ms a step; "
            f"moves {moves.hexdigest()[:12]}")


def decisions(key: str, players: int, seed: int, every: int, steps: int | None) -> str:
    """The expert's search, as `ExpertPolicy.choose` runs it, at every `every`th step of a heuristic match (seed
    `seed`) where the seat has a choice; the match itself goes on as the heuristic plays it."""
    game = get_game(key)
    heuristic, expert = heuristic_for(game), ExpertPolicy(steps)
    budget = expert.budget(game)
    state, rng, searching = game.new_game(None, players, seed), random.Random(seed), random.Random(seed)
    times: list[float] = []
    playouts: list[int] = []
    step = 0
    while active := game.active_seats(state):
        seat = min(active)
        legal = game.legal_actions(state, seat)
        if step % every == 0 and len(legal) > 1:
            started = time.process_time()
            search = expert.search(game, seat, random.Random(searching.getrandbits(64)))
            search.best(state, legal, budget)
            times.append(time.process_time() - started)
            playouts.append(search.playouts)
        state, _ = game.apply(state, seat, heuristic.choose(game, state, seat, rng))
        step += 1
    times.sort()
    return (f"{key}: budget {budget} steps, {len(times)} decisions: p50 {statistics.median(times):.2f} s, "
            f"p95 {times[int(0.95 * (len(times) - 1))]:.2f} s, max {times[-1]:.2f} s of CPU; "
            f"play-outs a decision: median {statistics.median(playouts):.0f}, fewest {min(playouts)}, most {max(playouts)}")


def compare(rev: str, args: list[str], rounds: int) -> None:
    """Each game measured with `rev`'s engine and with this tree's in turn, `rounds` times: ms a step and their ratio."""
    with tempfile.TemporaryDirectory() as folder:
        trees = [extracted(rev, Path(folder)), ROOT]
        (trees[0] / "bench" / "playouts.py").write_text(Path(__file__).read_text())  # the same measure of both
        for _ in range(rounds):
            outputs = [subprocess.run([sys.executable, str(tree / "bench" / "playouts.py"), *args], cwd=tree,
                                      check=True, capture_output=True, text=True).stdout for tree in trees]
            for before, after in zip(*(o.splitlines() for o in outputs), strict=True):
                decision, step = ([float(re.search(rf"([\d.]+) ms a {what}", line).group(1))  # type: ignore[union-attr]
                                   for line in (before, after)] for what in ("decision", "step"))
                same = before.rsplit(" ", 1)[1] == after.rsplit(" ", 1)[1]
                print(f"{before.split(':')[0]} ({rev} / this tree): {decision[0]:.2f} / {decision[1]:.2f} ms a "
                      f"decision, {step[0]:.2f} / {step[1]:.2f} ms a step, {step[0] / step[1]:.2f}× faster; "
                      f"{'same moves' if same else 'MOVES DIFFER'}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAMES, help="one game (default: every game)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1, help="first seed; the games use the next ones")
    parser.add_argument("--profile", action="store_true", help="print the hotspots (cProfile, own time)")
    parser.add_argument("--against", metavar="REV", help="measure this git revision and this tree in turn")
    parser.add_argument("--rounds", type=int, default=2, help="with --against: how many times each")
    parser.add_argument("--decisions", action="store_true", help="time the expert's decisions instead")
    parser.add_argument("--every", type=int, default=20, help="with --decisions: a search every this many steps")
    parser.add_argument("--steps", type=int, default=None, help="with --decisions: the budget (default: the game's)")
    args = parser.parse_args(argv)
    keys = [args.game] if args.game else list(GAMES)
    if args.against:
        common = [*(["--game", args.game] if args.game else []), "--players", str(args.players),
                  "--games", str(args.games), "--seed", str(args.seed)]
        compare(args.against, common, args.rounds)
        return 0
    seeds = range(args.seed, args.seed + args.games)
    for key in keys:
        if args.decisions:
            print(decisions(key, args.players, args.seed, args.every, args.steps), flush=True)
            continue
        heuristic_for(get_game(key))  # the game's data loaded before the clock starts
        if args.profile:
            profile = cProfile.Profile()
            line = profile.runcall(measure, key, args.players, seeds)
            pstats.Stats(profile, stream=sys.stdout).sort_stats("tottime").print_stats(25)
        else:
            line = measure(key, args.players, seeds)
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
