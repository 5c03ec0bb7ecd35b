"""bench/expert.py reports a win rate with its 95% interval (Wilson's), and stops at a time fixed in advance."""

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


def test_a_stop_time_is_the_next_one_in_utc():
    now = bench.datetime.datetime.now(bench.datetime.UTC)
    for text in ("00:00", "12:30", "23:59"):
        at = bench.stop_time(text)
        assert (at.hour, at.minute) == tuple(int(x) for x in text.split(":"))
        assert now < at <= now + bench.datetime.timedelta(days=1)


def test_no_match_starts_after_the_stop_time(monkeypatch, capsys):
    past = bench.datetime.datetime.now(bench.datetime.UTC) - bench.datetime.timedelta(minutes=1)
    monkeypatch.setattr(bench, "stop_time", lambda text: past)
    assert bench.main(["--game", "taj-mahal", "--players", "2", "--games", "5", "--until", "01:00"]) == 0
    assert capsys.readouterr().out == "no match was played before the stop time\n"
