"""The repository is the whole product: nothing in it reads, cites or links a file outside it, and a clone
into an empty folder, with nothing beside it, installs and passes its tests."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# A sibling folder of the checkout, or an absolute path of the machine it was built on.
OUTSIDE = re.compile(r"\.\./shared|(^|[ `(\"'])/(work|tmp|home|root|Users)/")
# What the clone runs: the self-containment check, the fake Discord's validation against the spec it ships,
# the rules docs, a game's component data, and a whole match clicked through the fake Discord across a restart.
SLICE = [
    "tests/test_self_contained.py::test_no_file_reaches_outside_the_repository",
    "tests/fakediscord_tests/test_validation.py",
    "tests/queries/test_rules.py",
    "tests/yspahan/test_setup_and_data.py",
    "tests/bot/test_e2e_toy.py::test_a_three_player_match_survives_a_restart_and_discord_failures",
]


def _git(*args: str, cwd: Path = REPO) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def test_no_file_reaches_outside_the_repository():
    files = _git("ls-files", "--cached", "--others", "--exclude-standard", "-z").split("\0")
    found = []
    for name in filter(None, files):
        path = REPO / name
        if not path.is_file():
            continue  # deleted in the working tree
        data = path.read_bytes()
        if b"\0" in data[:8192]:
            continue  # a picture or a font
        for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{name}:{number}: {line.strip()[:120]}")
    assert not found, "files that point outside the repository:\n" + "\n".join(found)


def test_a_clone_into_an_empty_folder_installs_and_passes(tmp_path):
    """The committed tree (HEAD), cloned where nothing is beside it, installed as README says, runs a slice of
    the suite that needs every file the tests read from the repository (the spec, the docs, data/)."""
    clone = tmp_path / "empty" / "caravanserai"
    clone.parent.mkdir()
    head = _git("rev-parse", "HEAD").strip()
    _git("clone", "--quiet", "--no-checkout", str(REPO), str(clone), cwd=tmp_path)
    _git("checkout", "--quiet", "--detach", head, cwd=clone)
    assert sorted(p.name for p in clone.parent.iterdir()) == ["caravanserai"]
    venv = clone / ".venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    install = subprocess.run(
        [venv / "bin" / "pip", "install", "--quiet", "--disable-pip-version-check", "-e", ".[dev]"],
        cwd=clone, env=env, capture_output=True, text=True)
    assert install.returncode == 0, install.stdout + install.stderr
    run = subprocess.run([venv / "bin" / "python", "-m", "pytest", "-p", "no:cacheprovider", *SLICE],
                         cwd=clone, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    passed = re.search(r"(\d+) passed", run.stdout)
    assert passed and int(passed.group(1)) > 10 and "skipped" not in run.stdout, run.stdout[-2000:]
