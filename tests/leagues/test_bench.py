"""bench/leagues.py runs on a small log and records itself in its own part of docs/benchmarks.md."""

import importlib.util
import sys
from pathlib import Path

PATH = Path(__file__).resolve().parents[2] / "bench" / "leagues.py"
spec = importlib.util.spec_from_file_location("bench_leagues", PATH)
bench = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def test_a_small_log_is_read_ranked_and_rated():
    rows = bench.stored_log(60, players=12, seed=2)
    results = bench.read(rows)
    assert len(results) == 60 and all(len(r.humans) >= 2 for r in results)
    timings = bench.measure(60, players=12, runs=1)
    assert set(timings) == {"query", "read", "standings", "ratings", "total"}


def test_the_result_replaces_only_its_own_section():
    block = bench.markdown({"query": 0.1, "read": 0.1, "standings": 0.2, "ratings": 0.3, "total": 0.6}, 100, 10, 1,
                           "CPU, nproc 2", "2025-01-01")
    document = "# Benchmarks\n\n## Engine\n\nfast\n"
    added = bench.update_section(document, block)
    assert added.startswith(document.rstrip("\n")) and "## Leagues and ratings" in added and "| 100 |" in added
    again = bench.update_section(added, block.replace("| 100 |", "| 200 |"))
    assert "| 200 |" in again and "| 100 |" not in again and again.count("## Leagues and ratings") == 1
