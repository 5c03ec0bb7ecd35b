"""Engine speed: complete random matches per second, and the cost of each engine call.

    .venv/bin/python bench/engine.py                       # Al-Rashid, 4 players, seeds 1-100
    .venv/bin/python bench/engine.py --profile             # and where the time goes (cProfile)
    .venv/bin/python bench/engine.py --write               # record the result in docs/benchmarks.md
    .venv/bin/python bench/engine.py --against main        # games/s of main and of this tree, alternately
    .venv/bin/python bench/engine.py --instructions --against main   # instructions a game, under valgrind

Games per second come from an uninstrumented run of `engine.ai.play_out` with random seats (one
process, one core); the per-call costs from a second, timed run of the same matches. Times are the
process's CPU time, so that other work on a shared machine does not count against the engine.
`--against REV` measures a git revision (extracted with `git archive`) and this tree in turn, in a
process of their own each round: on a shared machine only figures taken side by side compare.

`--instructions` counts instead the machine instructions a random match takes (valgrind's cachegrind, which
must be installed): the same seeds always take the same count, whatever else the machine does and however fast
its core is that day, so a single run compares two versions exactly (time still decides; a count is its
closest stand-in that the load cannot move). The count of a match is that of a process that plays the seeds,
less that of one that only imports the engine, divided by the seeds. This tree is counted as a copy of its files in
a temporary folder, beside the revision's: the same code counts up to 0.6% apart in a working tree.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import importlib
import io
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.ai import play_out  # noqa: E402
from engine.core import Game, get_game  # noqa: E402

DOC = ROOT / "docs" / "benchmarks.md"
SECTION = "## Engine"
START, END = "<!-- engine-bench:start -->", "<!-- engine-bench:end -->"
SAMPLE_EVERY = 10  # views and saves are timed on every 10th step


@dataclass
class Result:
    game: str
    players: int
    games: int
    first_seed: int
    games_per_second: float
    steps_per_game: float
    apply_us: float
    legal_us: float
    view_us: float      # the public view and every seat's view, per view
    save_us: float      # dump_state + json.dumps
    load_us: float      # json.loads + load_state


def measure(game: Game[Any], players: int, seeds: range) -> Result:
    clock = time.process_time
    started = clock()
    for seed in seeds:
        play_out(game, ["random"] * players, seed)
    games_per_second = len(seeds) / (clock() - started)

    totals = dict.fromkeys(("apply", "legal", "view", "save", "load"), 0.0)
    counts = dict.fromkeys(totals, 0)
    steps = 0
    for seed in seeds:
        state = game.new_game(None, players, seed)
        rng = random.Random(seed)
        while active := game.active_seats(state):
            seat = min(active)
            t = clock()
            actions = game.legal_actions(state, seat)
            totals["legal"] += clock() - t
            action = rng.choice(actions)
            t = clock()
            state, _ = game.apply(state, seat, action)
            totals["apply"] += clock() - t
            steps += 1
            if steps % SAMPLE_EVERY == 0:
                t = clock()
                for viewer in (None, *range(players)):
                    game.view(state, viewer)
                totals["view"] += clock() - t
                counts["view"] += players
                t = clock()
                text = json.dumps(game.dump_state(state))
                totals["save"] += clock() - t
                t = clock()
                game.load_state(json.loads(text))
                totals["load"] += clock() - t
                counts["save"] += 1
                counts["load"] += 1
    counts["apply"] = counts["legal"] = steps
    counts["view"] += counts["save"]  # the public view too

    def micro(name: str) -> float:
        return totals[name] / counts[name] * 1e6 if counts[name] else 0.0

    return Result(game.spec.key, players, len(seeds), seeds.start, games_per_second, steps / len(seeds),
                  micro("apply"), micro("legal"), micro("view"), micro("save"), micro("load"))


def hotspots(game: Game[Any], players: int, seeds: range, top: int) -> list[tuple[str, float, int]]:
    """The project's functions that take the most time, their callees included (cProfile):
    (name, share of all time, calls). The playing loop itself is left out: it is always 100%."""
    profile = cProfile.Profile()
    profile.enable()
    for seed in seeds:
        play_out(game, ["random"] * players, seed)
    profile.disable()
    profile.create_stats()  # what pstats reads: (calls, all calls, own time, cumulative time, callers) per function
    total = max(row[3] for row in profile.stats.values()) or 1.0
    ours = [(func, row) for func, row in profile.stats.items()
            if str(ROOT) in func[0] and func[2] != "play_out"]
    rows = sorted(ours, key=lambda item: item[1][3], reverse=True)[:top]
    return [(_where(func), cumulative / total, calls) for func, (_, calls, _, cumulative, _) in rows]


def _where(func: tuple[str, int, str]) -> str:
    path, line, name = func
    if path == "~":
        return name
    try:
        path = str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        path = Path(path).name
    return f"{path}:{line} {name}"


def table(result: Result) -> str:
    rows = [
        ("games per second", f"{result.games_per_second:.1f}"),
        ("steps per game", f"{result.steps_per_game:.1f}"),
        ("µs per apply", f"{result.apply_us:.1f}"),
        ("µs per legal_actions", f"{result.legal_us:.1f}"),
        ("µs per view", f"{result.view_us:.1f}"),
        ("µs per save (dump_state + JSON)", f"{result.save_us:.1f}"),
        ("µs per load (JSON + load_state)", f"{result.load_us:.1f}"),
    ]
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name:<{width}}  {value:>10}" for name, value in rows)


def machine() -> str:
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        lscpu = ""
    found = re.search(r"^Model name:\s*(.+)$", lscpu, re.MULTILINE)
    model = found.group(1).strip() if found else platform.processor() or platform.machine()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = f", load average {os.getloadavg()[0]:.1f} at the start" if hasattr(os, "getloadavg") else ""
    return f"{model}, nproc {cores}, Python {platform.python_version()}{load}"


def markdown(result: Result, spots: list[tuple[str, float, int]], where: str, day: str) -> str:
    last = result.first_seed + result.games - 1
    lines = [
        START,
        f"`.venv/bin/python bench/engine.py --game {result.game} --players {result.players} "
        f"--games {result.games} --seed {result.first_seed} --write` — random seats, seeds "
        f"{result.first_seed}–{last}, one process on one core. Machine: {where}. Date: {day}.",
        "",
        "| game | players | games/s | steps/game | µs/apply | µs/legal_actions | µs/view | µs/save | µs/load |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        f"| {result.game} | {result.players} | {result.games_per_second:.1f} | {result.steps_per_game:.0f} | "
        f"{result.apply_us:.1f} | {result.legal_us:.1f} | {result.view_us:.1f} | {result.save_us:.1f} | "
        f"{result.load_us:.1f} |",
    ]
    if spots:
        # A profile of the code as it was that day, kept as printed (its files may since have been renamed).
        lines += ["", "Where the time goes (cProfile, share of all time including callees):", "", "```"]
        lines += [f"{share:4.0%}  {name}  ({calls} calls)" for name, share, calls in spots] + ["```"]
    lines.append(END)
    return "\n".join(lines)


def update_section(document: str, block: str) -> str:
    """Put the generated block into the "## Engine" section, keeping every other word of the file."""
    if START in document and END in document:
        head, rest = document.split(START, 1)
        return head + block + rest.split(END, 1)[1]
    if not document.strip():
        document = "# Benchmarks\n"
    match = re.search(rf"^{re.escape(SECTION)}\s*$", document, re.MULTILINE)
    if match is None:
        return document.rstrip("\n") + f"\n\n{SECTION}\n\n{block}\n"
    rest = document[match.end():].lstrip("\n")
    return document[: match.end()] + f"\n\n{block}\n" + (f"\n{rest}" if rest else "")


def games_per_second(tree: Path, args: list[str]) -> float:
    """The games per second that `tree`'s own bench/engine.py measures with `args`, in a process of its own."""
    out = subprocess.run([sys.executable, str(tree / "bench" / "engine.py"), *args], cwd=tree, check=True,
                         capture_output=True, text=True).stdout
    found = re.search(r"^games per second\s+([\d.]+)$", out, re.MULTILINE)
    if found is None:
        raise RuntimeError(f"no games per second in the output of {tree}: {out!r}")
    return float(found.group(1))


def side_by_side(trees: list[Path], args: list[str], rounds: int) -> list[list[float]]:
    """Games per second of each tree, the trees measured in turn `rounds` times: one row per round."""
    return [[games_per_second(tree, args) for tree in trees] for _ in range(rounds)]


def extracted(rev: str, into: Path) -> Path:
    """The files of git revision `rev` of this repository, written under `into`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def compare(rev: str, args: list[str], rounds: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        rows = side_by_side([extracted(rev, Path(folder)), ROOT], args, rounds)
    print(f"games per second, {rev} / this tree, measured in turn ({' '.join(args)}):")
    for before, after in rows:
        print(f"  {before:7.1f} / {after:7.1f}   {after / before:.2f}×")
    print(f"median ratio {statistics.median(after / before for before, after in rows):.2f}×")


# What a process counted by `instructions` runs in a tree: its own engine (its own folder first on the path).
PLAY = """
import importlib, sys
sys.path.insert(0, ".")
for module in {modules!r}:
    importlib.import_module(module)
from engine.ai import play_out
from engine.core import get_game
game = get_game({game!r})
for seed in {seeds!r}:
    play_out(game, ["random"] * {players}, seed)
"""


def instructions(tree: Path, game: str, players: int, seeds: range, modules: list[str]) -> float:
    """The machine instructions one random match of `game` takes on average with `tree`'s engine (cachegrind)."""
    def counted(played: range) -> int:
        code = PLAY.format(modules=modules, game=game, players=players, seeds=played)
        run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                              sys.executable, "-c", code], cwd=tree, capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONHASHSEED": "0"})  # the same hashes, so the same work, each run
        return instruction_count(run.stderr)

    return (counted(seeds) - counted(seeds[:0])) / len(seeds)


def instruction_count(report: str) -> int:
    """The instructions cachegrind counted, from its report ("==12== I   refs:      2,638,144,732")."""
    found = re.search(r"I\s+refs:\s+([\d,]+)", report)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's report: {report[-500:]!r}")
    return int(found.group(1).replace(",", ""))


def copied(into: Path) -> Path:
    """This tree's files as they are now (uncommitted changes included, what git ignores left out), under `into`."""
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            check=True, capture_output=True).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():  # a file deleted but not committed yet is still listed
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    return into


def count_instructions(rev: str | None, args: argparse.Namespace) -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (Debian: apt-get install valgrind)")
    seeds = range(args.seed, args.seed + args.games)
    with tempfile.TemporaryDirectory() as folder:
        # Both in folders of the same kind (see above: a working tree counts differently).
        trees = [*([extracted(rev, Path(folder) / "a")] if rev else []), copied(Path(folder) / "b")]
        counts = [instructions(tree, args.game, args.players, seeds, args.modules) for tree in trees]
    print(f"{args.game}: {args.players} players, random seats, seeds {seeds.start}-{seeds.stop - 1}, "
          f"millions of instructions a match{f' ({rev} / this tree)' if rev else ''}:")
    print("  " + " / ".join(f"{count / 1e6:.1f}" for count in counts)
          + (f"   {counts[0] / counts[1]:.2f}× fewer" if rev else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="al-rashid")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="first seed; the games use the next ones")
    parser.add_argument("--profile", action="store_true", help="print the hotspots (cProfile, own time)")
    parser.add_argument("--import", dest="modules", action="append", default=[],
                        help="a module to import first that registers a game (e.g. tests.support.toy_game)")
    parser.add_argument("--write", action="store_true", help=f"record the result in {DOC.relative_to(ROOT)}")
    parser.add_argument("--against", metavar="REV", help="measure this git revision and this tree in turn")
    parser.add_argument("--rounds", type=int, default=3, help="with --against: how many times each")
    parser.add_argument("--instructions", action="store_true",
                        help="count the instructions a match takes (valgrind) instead of timing it")
    args = parser.parse_args(argv)
    if args.instructions:
        count_instructions(args.against, args)
        return 0
    if args.against:
        common = ["--game", args.game, "--players", str(args.players), "--games", str(args.games), "--seed", str(args.seed),
                  *(f"--import={module}" for module in args.modules)]
        compare(args.against, common, args.rounds)
        return 0
    for module in args.modules:
        importlib.import_module(module)
    game = get_game(args.game)
    seeds = range(args.seed, args.seed + args.games)
    where = machine()  # before the work, for an honest load average
    result = measure(game, args.players, seeds)
    print(f"{game.spec.title}: {args.players} players, {args.games} random games, seeds {seeds.start}-{seeds.stop - 1}")
    print(table(result))
    spots: list[tuple[str, float, int]] = []
    if args.profile or args.write:
        spots = hotspots(game, args.players, seeds[: max(1, len(seeds) // 5)], top=15 if args.profile else 10)
        print("\nwhere the time goes (share including callees):")
        for name, share, calls in spots:
            print(f"{share:6.1%}  {calls:>9}  {name}")
    if args.write:
        block = markdown(result, spots, where, datetime.date.today().isoformat())
        DOC.write_text(update_section(DOC.read_text(encoding="utf-8") if DOC.exists() else "", block),
                       encoding="utf-8")
        print(f"\nwrote {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
