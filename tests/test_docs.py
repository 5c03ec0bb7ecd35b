"""The docs name only what exists: every relative link and every path of the repository a doc names (in
backticks, from one of its top-level folders) leads to a file or folder of the checkout."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\n]+)`")
TOP = {p.name for p in REPO.iterdir() if not p.name.startswith(".")} | {".ci"}


def docs() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.md"], cwd=REPO,
                            check=True, capture_output=True, text=True).stdout.split()
    return sorted(listed)


def named_paths(text: str) -> list[str]:
    """Paths of the repository a doc names in backticks: from a top-level folder, without placeholders."""
    found = []
    for code in CODE.findall(text):
        for word in code.split():
            word = word.strip(",.;:()")
            first = word.split("/")[0]
            if "/" in word and first in TOP and not re.search(r"[<>*{}…]|\.\.\.", word):
                found.append(word.split("#")[0].split(":")[0])
    return found


@pytest.mark.parametrize("doc", docs())
def test_every_link_and_path_a_doc_names_exists(doc):
    text = (REPO / doc).read_text(encoding="utf-8")
    missing = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue  # a web address, or a heading of the same doc
        if not (REPO / doc).parent.joinpath(target.split("#")[0]).exists():
            missing.append(f"link {target}")
    missing += [f"path {path}" for path in named_paths(text) if not (REPO / path).exists()]
    assert missing == [], f"{doc} names what does not exist: {missing}"


def test_the_docs_are_read():
    assert {"README.md", "docs/architecture.md", "docs/deploy.md", "docs/rules/it/yspahan.md"} <= set(docs())
    assert "bot/ops/drawing.py" in named_paths((REPO / "docs/architecture.md").read_text(encoding="utf-8"))
