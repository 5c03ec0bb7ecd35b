"""Break a game's rules on purpose, one at a time, and check that a test fails each time.

A game's script lists its mutations and calls `main(MUTATIONS, tests)` (see bench/notre_dame_mutations.py). Each
mutation is a small edit of the engine's source or data (a rule changed, dropped or misread). It is made in a copy
of the repository, then the game's tests run there (`-x`: the first failure is enough); a mutation that no test
notices is reported, and the exit status is 1. A mutation that makes a test hang (past `timeout`) counts as
caught.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
Mutation = tuple[str, str, str, str]  # (what it breaks, file, text, replacement)


def caught(mutation: Mutation, where: Path, tests: Sequence[str], timeout: float) -> tuple[bool, str]:
    """Apply the mutation in `where` and run the tests: (some test failed or hung, the first failure)."""
    _, path, old, new = mutation
    target = where / path
    original = target.read_text(encoding="utf-8")
    assert original.count(old) == 1, f"{mutation[0]}: {old!r} found {original.count(old)} times in {path}"
    target.write_text(original.replace(old, new), encoding="utf-8")
    try:
        done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
                              cwd=where, capture_output=True, text=True, timeout=timeout)
        first = next((line for line in done.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))), "")
        return done.returncode != 0, first
    except subprocess.TimeoutExpired:
        return True, f"a test hung (no end after {timeout:g} s)"
    finally:
        target.write_text(original, encoding="utf-8")


def main(mutations: Sequence[Mutation], tests: Sequence[str], doc: str, *, timeout: float = 1800) -> int:
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--only", type=int, action="append", help="run only this mutation (by number)")
    args = parser.parse_args()
    chosen = args.only or range(len(mutations))
    missed = []
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp) / "repo"
        shutil.copytree(ROOT, where, ignore=shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info"))
        for index in chosen:
            found, first = caught(mutations[index], where, tests, timeout)
            print(f"{index:2d} {'caught' if found else 'MISSED'}  {mutations[index][0]}  {first[:100]}", flush=True)
            if not found:
                missed.append(index)
    print(f"{len(chosen) - len(missed)} of {len(chosen)} mutations caught by {' '.join(tests)}")
    return 1 if missed else 0
