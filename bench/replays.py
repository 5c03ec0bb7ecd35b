"""Speed work must not change play: the same seeds give the same matches, step by step, as a git revision did.

    .venv/bin/python bench/replays.py --against main               # every game, random and heuristic seats
    .venv/bin/python bench/replays.py --against main --game yspahan --seeds 10

Each match (a game, a player count, its seats' policies, a seed) is played out and hashed: at every step the
state dump, the events, the public and every seat's view, the active seats, each seat's prompt, its legal
actions with their labels, the outcome (what a player, the bot or a renderer could observe); and a step must
leave the state it was given as it was (states share what a step does not change). `--against REV`
extracts the revision with `git archive` and hashes the same matches with its engine, in a process of its own,
then names every match whose hash differs. The exit status is 1 when one does.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("al-rashid", "taj-mahal", "notre-dame", "yspahan")
POLICIES = ("random", "heuristic")


def _text(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True).encode()


def match_digest(key: str, players: int, policy_name: str, seed: int) -> str:
    """Play the match and hash everything observable at every step."""
    import random

    from engine.ai import policy
    from engine.core import get_game

    game = get_game(key)
    chosen = policy(policy_name)
    sha = hashlib.sha256()
    state = game.new_game(None, players, seed)
    rng = random.Random(seed)

    def observe() -> None:
        sha.update(_text(game.dump_state(state)))
        for viewer in (None, *range(players)):
            sha.update(game.view(state, viewer).model_dump_json().encode())
        sha.update(_text(sorted(game.active_seats(state))))
        for seat in range(players):
            prompt = game.prompt(state, seat)
            sha.update(_text(prompt.to_json() if prompt else None))
            for action in game.legal_actions(state, seat):
                sha.update(_text([game.format_action(action), game.describe_action(state, seat, action).to_json()]))
        outcome = game.outcome(state)
        sha.update(_text(outcome.to_json() if outcome else None))

    observe()
    while active := game.active_seats(state):
        seat = min(active)
        action = chosen.choose(game, state, seat, rng)
        before, dump = state, _text(game.dump_state(state))
        state, events = game.apply(state, seat, action)
        if _text(game.dump_state(before)) != dump:
            raise AssertionError(f"{key} seed {seed}: step {game.format_action(action)!r} changed the state it was given")
        sha.update(_text([game.format_action(action), [e.to_json() for e in events]]))
        observe()
    return sha.hexdigest()


def digests(games: list[str], players: int, seeds: range) -> dict[str, str]:
    return {f"{key} {players}p {name} seed {seed}": match_digest(key, players, name, seed)
            for key in games for name in POLICIES for seed in seeds}


def digests_of(tree: Path, games: list[str], players: int, seeds: range) -> dict[str, str]:
    """The digests that `tree`'s engine gives, computed by this script in a process of its own."""
    out = subprocess.run([sys.executable, __file__, "--engine", str(tree), "--json", "--players", str(players),
                          "--seeds", str(len(seeds)), "--first-seed", str(seeds.start),
                          *(f"--game={key}" for key in games)],
                         cwd=tree, check=True, capture_output=True, text=True).stdout
    digests: dict[str, str] = json.loads(out)
    return digests


def extracted(rev: str, into: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="a game (all four unless given)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seeds", type=int, default=4, help="how many seeds per game and policy")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--against", metavar="REV", help="compare with the engine of this git revision")
    parser.add_argument("--engine", type=Path, default=ROOT, help=argparse.SUPPRESS)  # the tree to import from
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    games = args.game or list(GAMES)
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    if args.against:
        with tempfile.TemporaryDirectory() as folder:
            before = digests_of(extracted(args.against, Path(folder)), games, args.players, seeds)
        after = digests_of(ROOT, games, args.players, seeds)
        differ = [match for match in before if before[match] != after.get(match)]
        for match in before:
            print(f"{'DIFFERS' if match in differ else 'same   '}  {match}  {after.get(match, '')[:16]}")
        print(f"{len(before) - len(differ)} of {len(before)} matches identical to {args.against}")
        return 1 if differ else 0
    sys.path.insert(0, str(args.engine.resolve()))
    found = digests(games, args.players, seeds)
    print(json.dumps(found) if args.json else "\n".join(f"{d[:16]}  {m}" for m, d in found.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
