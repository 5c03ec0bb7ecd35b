"""The repository is the whole product: nothing in it reads, cites or links a file outside it, and a clone
into an empty folder, with nothing beside it, installs and passes its tests."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

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


def readme_commands() -> list[str]:
    """The shell commands README.md opens with: set up and run the bot, then test it."""
    return re.findall(r"```sh\n(.+?)\n```", (REPO / "README.md").read_text(encoding="utf-8"))[:2]


def test_ci_runs_readmes_test_command_and_both_install_the_pinned_versions():
    run_bot, test = readme_commands()
    assert run_bot.endswith("python -m bot") and test.endswith("python -m pytest")
    assert test in (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "pip install -c constraints.txt -e ." in run_bot
    assert "pip install -c constraints.txt -e '.[dev]'" in test
    assert "pip install -c constraints.txt -e ." in (REPO / "Dockerfile").read_text(encoding="utf-8")


def test_the_constraints_pin_every_declared_dependency_within_its_declared_range():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = [Requirement(r) for r in (*project["dependencies"], *project["optional-dependencies"]["dev"])]
    pinned = {}
    for line in (REPO / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith((" ", "#")):
            name, _, version = line.split(";")[0].strip().partition("==")
            pinned[canonicalize_name(name)] = version
    for requirement in declared:
        version = pinned.get(canonicalize_name(requirement.name))
        assert version, f"{requirement.name} is not in constraints.txt: refresh it (README, Dependencies)"
        assert requirement.specifier.contains(version), f"constraints.txt pins {requirement.name} {version}"
        assert any(spec.operator == "<" for spec in requirement.specifier), f"{requirement} has no cap"


def test_every_package_the_product_imports_is_a_declared_dependency():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = {canonicalize_name(Requirement(r).name) for r in project["dependencies"]}
    ours = {"bot", "engine", "render"}
    imported: set[str] = set()
    for package in ours:
        for source in (REPO / package).rglob("*.py"):
            for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    imported.update(alias.name.split(".")[0] for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    imported.add(node.module.split(".")[0])
    distributions = packages_distributions()
    third_party = {name for name in imported - ours if name not in sys.stdlib_module_names}
    undeclared = {name for name in third_party
                  if not {canonicalize_name(d) for d in distributions.get(name, [name])} & declared}
    assert "aiohttp" in third_party and not undeclared, f"imported but not declared in pyproject.toml: {undeclared}"


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
        [venv / "bin" / "pip", "install", "--quiet", "--disable-pip-version-check", "-c", "constraints.txt", "-e",
         ".[dev]"],
        cwd=clone, env=env, capture_output=True, text=True)
    assert install.returncode == 0, install.stdout + install.stderr
    run = subprocess.run([venv / "bin" / "python", "-m", "pytest", "-p", "no:cacheprovider", *SLICE],
                         cwd=clone, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    passed = re.search(r"(\d+) passed", run.stdout)
    assert passed and int(passed.group(1)) > 10 and "skipped" not in run.stdout, run.stdout[-2000:]
