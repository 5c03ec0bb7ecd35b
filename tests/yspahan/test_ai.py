"""The heuristic computer player: clearly better than random, deciding only on what its seat may know, and not
embarrassing (no pointless steps, no resources hoarded at the end)."""

import random

import pytest

from engine.ai import play_out, policy
from engine.yspahan import GAME


@pytest.mark.parametrize("seats", [3, 4])
def test_the_heuristic_beats_random_seats(seats):
    players = ["heuristic"] + ["random"] * (seats - 1)
    results = [GAME.outcome(play_out(GAME, players, seed)[0]) for seed in range(1, 9)]
    assert sum(0 in result.winners() for result in results) >= 7
    assert sum(r.scores[0] for r in results) > 2 * sum(max(r.scores[x] for x in range(1, seats)) for r in results)


def test_the_heuristic_decides_only_on_what_its_seat_may_know():
    """Changing hidden information the deciding seat may not see (the deck, other hands, the dice still to be
    rolled) never changes its choice."""
    heuristic = policy("heuristic")
    compared = 0
    for seed in (1, 2):
        state, rng, probe = GAME.new_game(None, 4, seed), random.Random(seed), random.Random(-seed)
        while active := GAME.active_seats(state):
            seat = min(active)
            other, entitled = GAME.perturb_hidden(state, probe)
            if seat not in entitled and other.deck != state.deck:
                mine = heuristic.choose(GAME, state, seat, random.Random(compared))
                assert heuristic.choose(GAME, other, seat, random.Random(compared)) == mine, (seed, state.steps)
                compared += 1
            state, _ = GAME.apply(state, seat, heuristic.choose(GAME, state, seat, rng))
    assert compared > 300


def test_the_heuristic_takes_no_pointless_steps_and_spends_its_means():
    """It never opens the card menu or a step only to go back, builds, and ends with little left unused."""
    for seed in (3, 4):
        final, log = play_out(GAME, ["heuristic"] * 4, seed)
        verbs = [notation.split()[0] for _, notation in log]
        assert "back" not in verbs and "less" not in verbs
        assert verbs.count("cards") == verbs.count("play")
        assert sum(len(p.buildings) for p in final.players) >= 8
        assert all(p.gold + p.camels <= 15 for p in final.players)
