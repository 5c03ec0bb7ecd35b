"""Every registered game keeps the engine contract: a dozen seeded random matches for every seat count,
lightly checked, and one match per seat count checked at every step. The long series (hundreds of seeds per
seat count, checked the same way) is `bench/conformance.py`."""

import pytest

from engine.core import games
from engine.core.conformance import Checks, check_game

GAMES = {key: game for key, game in games().items() if type(game).__module__.startswith("engine.")}
CASES = [(key, seats) for key, game in sorted(GAMES.items())
         for seats in range(game.spec.min_seats, game.spec.max_seats + 1)]
MANY = range(1, 13)                            # seeds of the lightly checked matches (bench/conformance.py: more)
SAMPLED = Checks(every=50, fuzz=6, specific_refusals=True)
THOROUGH = Checks(every=1, fuzz=12, specific_refusals=True)


@pytest.mark.parametrize("key, seats", CASES)
def test_many_seeded_matches_keep_the_contract(key, seats):
    game = GAMES[key]
    report = check_game(game, seats, MANY, checks=SAMPLED)
    assert report.games == len(MANY) and report.deep_steps >= len(MANY)
    assert report.refusals > 0 and report.actions_applied > 0
    if game.spec.hidden_info:
        assert report.hidden_checks > 0


@pytest.mark.parametrize("key, seats", CASES)
def test_one_match_checked_at_every_step(key, seats):
    game = GAMES[key]
    report = check_game(game, seats, [1000 + seats], checks=THOROUGH)
    assert report.deep_steps == report.steps > 0
    if game.spec.hidden_info:
        assert report.hidden_checks == report.steps
