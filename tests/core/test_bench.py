"""bench/engine.py measures a game and records it in its own part of docs/benchmarks.md."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

import tests.support.toy_game  # noqa: F401  (registers the "toy" game)
from tests.support.toy_game import GAME as TOY

PATH = Path(__file__).resolve().parents[2] / "bench" / "engine.py"
spec = importlib.util.spec_from_file_location("bench_engine", PATH)
bench = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def test_a_measurement_counts_every_step_of_the_fixed_seeds():
    result = bench.measure(TOY, 3, range(1, 21))
    assert (result.game, result.players, result.games, result.first_seed) == ("toy", 3, 20, 1)
    assert 7 / 3 <= result.steps_per_game <= 7  # a heap of 7, one to three stones a step
    assert min(result.games_per_second, result.apply_us, result.legal_us, result.view_us, result.save_us) > 0


def test_the_engine_section_is_created_then_replaced_and_nothing_else_changes():
    block = bench.markdown(bench.measure(TOY, 2, range(1, 4)), [("engine/x.py:1 f", 0.5, 10)], "CPU, nproc 2", "2025-01-01")
    assert "| toy | 2 |" in block and "Machine: CPU, nproc 2. Date: 2025-01-01." in block and " 50%  engine/x.py:1 f  (10 calls)\n" in block
    fresh = bench.update_section("", block)
    assert fresh.startswith("# Benchmarks\n\n## Engine\n\n<!-- engine-bench:start -->")
    others = "# Benchmarks\n\n## Rendering\n\nboard: 40 ms\n"
    added = bench.update_section(others, block)
    assert added.startswith(others.rstrip("\n")) and added.endswith(bench.END + "\n")
    notes = added.replace(bench.END, bench.END + "\n\nWhat limits it: copying the state.")
    replaced = bench.update_section(notes, block.replace("| toy | 2 |", "| toy | 3 |"))
    assert "| toy | 3 |" in replaced and "| toy | 2 |" not in replaced
    assert "What limits it: copying the state." in replaced and "board: 40 ms" in replaced
    heading_only = bench.update_section("# Benchmarks\n\n## Engine\n\n## Rendering\n", block)
    assert heading_only.index(bench.START) < heading_only.index("## Rendering")


def test_hotspots_name_the_project_functions_that_take_the_time():
    spots = bench.hotspots(TOY, 2, range(1, 30), top=5)
    assert len(spots) == 5
    names = [name for name, _, _ in spots]
    # The engine call itself is among them (its rank beside the policy's choice varies with the machine's load);
    # the playing loop, always 100%, is not.
    assert any(name.startswith("engine/core/game.py") and name.endswith(" apply") for name in names)
    assert not any(name.endswith(" play_out") for name in names)
    assert all(0 < share <= 1 and calls > 0 for _, share, calls in spots)
    assert [share for _, share, _ in spots] == sorted((share for _, share, _ in spots), reverse=True)


def test_trees_are_measured_in_turn_each_in_a_process_of_its_own():
    """`--against`: each round measures every tree once, with the tree's own bench/engine.py."""
    root = PATH.parents[1]
    rows = bench.side_by_side([root, root], ["--game", "toy", "--players", "2", "--games", "5",
                                             "--import=tests.support.toy_game"], rounds=2)
    assert len(rows) == 2 and all(len(row) == 2 and min(row) > 0 for row in rows)


def test_an_instruction_count_is_read_from_valgrinds_report():
    report = "==12154== Collected : 3022996364\n==12154== \n==12154== I   refs:      3,022,996,364\n"
    assert bench.instruction_count(report) == 3_022_996_364
    with pytest.raises(RuntimeError, match="no instruction count"):
        bench.instruction_count("valgrind: command not found")


def test_the_counted_process_plays_every_seed_with_the_trees_own_engine():
    """`--instructions` counts a process running PLAY in the tree; here it runs without valgrind."""
    root = PATH.parents[1]
    code = bench.PLAY.format(modules=["tests.support.toy_game"], game="toy", players=2, seeds=range(4, 7))
    code += "import engine\nprint(seed, game.spec.key, engine.__file__)\n"
    run = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    seed, key, where = run.stdout.split()
    assert (seed, key) == ("6", "toy") and Path(where).resolve().is_relative_to(root)


def test_this_tree_is_counted_as_a_copy_of_its_files_as_they_are_now(tmp_path, monkeypatch):
    """`--instructions` counts this tree in a folder beside the revision's: its tracked and untracked files as they
    stand, without what git ignores."""
    repo = tmp_path / "repo"
    (repo / "engine").mkdir(parents=True)
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / ".gitignore").write_text("*.pyc\n")
    (repo / "engine" / "rules.py").write_text("committed = 1\n")
    (repo / "engine" / "gone.py").write_text("x = 1\n")
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "start"], check=True)
    (repo / "engine" / "rules.py").write_text("changed = 2\n")
    (repo / "engine" / "new.py").write_text("new = 3\n")
    (repo / "engine" / "cache.pyc").write_bytes(b"ignored")
    (repo / "engine" / "gone.py").unlink()
    monkeypatch.setattr(bench, "ROOT", repo)
    copy = bench.copied(tmp_path / "b")
    files = sorted(str(path.relative_to(copy)) for path in copy.rglob("*") if path.is_file())
    assert files == [".gitignore", "engine/new.py", "engine/rules.py"]
    assert (copy / "engine" / "rules.py").read_text() == "changed = 2\n"
