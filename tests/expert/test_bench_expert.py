"""bench/expert.py reports a win rate with its 95% interval (Wilson's)."""

import importlib.util
import sys
from pathlib import Path

import pytest

PATH = Path(__file__).resolve().parents[2] / "bench" / "expert.py"
spec = importlib.util.spec_from_file_location("bench_expert", PATH)
bench = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def test_the_interval_of_a_win_rate_is_wilsons():
    assert bench.wilson(7, 8) == pytest.approx((0.529, 0.978), abs=0.001)
    assert bench.wilson(40, 100) == pytest.approx((0.309, 0.498), abs=0.001)
    low, high = bench.wilson(0, 10)
    assert low == pytest.approx(0.0, abs=1e-12) and high == pytest.approx(0.278, abs=0.001)
