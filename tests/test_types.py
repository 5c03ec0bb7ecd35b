"""The type checker runs with the tests, so README's one test command checks what CI checks: the engine and
the renderer strictly, the bot plainly (pyproject.toml's [tool.mypy] settings)."""

import pytest
from mypy import api

from .test_layering import ROOT


@pytest.mark.parametrize("arguments", [["--strict", "engine"], ["--strict", "render"], ["bot"]], ids=" ".join)
def test_the_type_checker_finds_nothing(arguments, monkeypatch):
    monkeypatch.chdir(ROOT)
    report, errors, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), *arguments])
    assert status == 0, report + errors
