"""The type checker runs with the tests, so README's one test command checks what CI checks: one strict run
over engine/, render/, bot/ and bench/ (pyproject.toml's [tool.mypy]). Its cache (.mypy_cache, not in the
repository) makes a run after a small change take seconds."""

from mypy import api

from .test_layering import ROOT


def test_the_type_checker_finds_nothing(monkeypatch):
    monkeypatch.chdir(ROOT)
    report, errors, status = api.run(["--config-file", str(ROOT / "pyproject.toml")])
    assert status == 0, report + errors
