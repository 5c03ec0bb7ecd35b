"""The checks every game's refusal tests make (tests/<game>/test_refusals.py): each rule its engine refuses
with has a scenario, and a refusal names its rule in English and Italian and loses nothing."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import Illegal
from engine.core.messages import has_key

ENGINES = Path(__file__).resolve().parents[2] / "engine"


def rules_refused(pkg: str) -> set[str]:
    """The rules the game's engine can refuse with (its `<pkg>.illegal.<rule>` keys), each checked to be worded
    in English and Italian."""
    used: set[str] = set()
    for path in (ENGINES / pkg).glob("*.py"):
        used |= set(re.findall(rf"{pkg}\.illegal\.([a-z_]+(?:\.[a-z_]+)*)", path.read_text(encoding="utf-8")))
    for key in used:
        assert has_key(f"{pkg}.illegal.{key}", "en") and has_key(f"{pkg}.illegal.{key}", "it")
    return used


def assert_refused_losing_nothing(game: Any, pkg: str, rule: str, state: Any, seat: int, notation: str,
                                  options: Callable[[Any], list[str]]) -> None:
    """`notation` is not among the steps `options(state)` offers; playing it is refused naming `rule`, in English
    and in Italian; the state is exactly as before, and the same game goes on with an offered step."""
    before, offered = game.dump_state(state), options(state)
    assert notation not in offered
    with pytest.raises(Illegal) as caught:
        game.apply(state, seat, notation)
    error = caught.value
    assert error.message.key == f"{pkg}.illegal.{rule}"
    english, italian = error.text("en"), error.text("it")
    for text in (english, italian):
        assert text and "{" not in text and f"{pkg}." not in text, text
    assert english != italian
    assert game.dump_state(state) == before and options(state) == offered
    game.apply(state, seat, offered[0])
