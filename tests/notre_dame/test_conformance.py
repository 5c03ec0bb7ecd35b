"""The engine contract with the match option on: with public prestige (casual tables) nothing about prestige is
hidden any more, and the conformance checker still holds for every player count (the default, hidden prestige,
is checked for every registered game by tests/core/test_games_conformance.py)."""

import pytest

from engine.core.conformance import Checks, check_game
from engine.notre_dame import GAME


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_public_prestige_tables_keep_the_contract(seats):
    report = check_game(GAME, seats, range(1, 4), params={"public_prestige": True},
                        checks=Checks(every=7, fuzz=6, specific_refusals=True))
    assert report.games == 3 and report.hidden_checks > 0 and report.refusals > 0
