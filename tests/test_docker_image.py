"""The Docker image holds what the bot reads at run time: its files are laid out here the way the Dockerfile
copies them from the build context .dockerignore leaves (no Docker engine needed), and /rules answers from them."""

from __future__ import annotations

import fnmatch
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def build_context() -> list[str]:
    """The files `docker build .` sends: those of the checkout that .dockerignore does not leave out (its
    patterns in order, the last that matches deciding; `!` keeps a file a pattern before it left out)."""
    patterns = [line.strip() for line in (REPO / ".dockerignore").read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#")]
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=REPO,
                            check=True, capture_output=True, text=True).stdout.split("\0")
    sent = []
    for name in filter(None, listed):
        ignored = False
        for pattern in patterns:
            keep = pattern.startswith("!")
            if _matches(name, pattern.removeprefix("!")):
                ignored = not keep
        if not ignored and (REPO / name).is_file():
            sent.append(name)
    return sent


def _matches(name: str, pattern: str) -> bool:
    """A .dockerignore pattern matches a file or any folder the file is in; `**/` stands for any folders."""
    parts = name.split("/")
    prefixes = ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]
    anywhere = pattern.removeprefix("**/")
    return any(fnmatch.fnmatchcase(p, pattern) or (pattern.startswith("**/") and
               fnmatch.fnmatchcase(p.rsplit("/", 1)[-1], anywhere)) for p in prefixes)


def final_copies() -> list[tuple[str, str]]:
    """(source, destination) of each COPY of the image's last stage from the build context."""
    stages = (REPO / "Dockerfile").read_text(encoding="utf-8").split("\nFROM ")
    copies = []
    for line in stages[-1].splitlines():
        words = line.split()
        if words[:1] == ["COPY"] and not any(w.startswith("--from") for w in words):
            *sources, destination = words[1:]
            copies += [(source, destination) for source in sources]
    return copies


def test_the_images_files_answer_rules_in_both_languages(tmp_path):
    context = build_context()
    assert not any(name.startswith(("tests/", "bench/", ".git/")) for name in context)
    app = tmp_path / "app"
    app.mkdir()
    for source, destination in final_copies():
        for name in context:
            if name == source or name.startswith(source.rstrip("/") + "/"):
                inside = name[len(source.rstrip("/")) + 1:] if name != source else Path(name).name
                target = app / destination / inside if destination.endswith("/") or name != source \
                    else app / destination
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(REPO / name, target)
    assert (app / "bot" / "__main__.py").is_file() and (app / "data").is_dir()
    probe = """
import json, sys, bot
from bot.queries import rules
assert bot.__file__.startswith(sys.argv[1]), bot.__file__
games = rules.games_with_rules()
answers = {g: {l: [rules.answer(g, t.key, l) for t in rules.topics(g, l)] for l in ("en", "it")} for g in games}
print(json.dumps({"games": games,
                  "topics": {g: {l: len(found) for l, found in by.items()} for g, by in answers.items()},
                  "translated": all(a.translated for by in answers.values() for found in by.values() for a in found),
                  "italian": answers["yspahan"]["it"][1].parts[0]}))
"""
    env = {**os.environ, "PYTHONPATH": str(app)}
    done = subprocess.run([sys.executable, "-c", probe, str(app)], cwd=app, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["games"] == ["al-rashid", "notre-dame", "taj-mahal", "yspahan"]
    assert all(n >= 5 for languages in answer["topics"].values() for n in languages.values())
    assert answer["translated"] and "Supervisore" in answer["italian"]
