"""Yspahan's expert stops its play-outs a few days on (engine/yspahan/expert.py `estimate`) and there weighs every
seat alike, by what its position promises in points."""

from __future__ import annotations

import random

import pytest

from engine.ai import heuristic_for
from engine.expert import ExpertPolicy
from engine.yspahan import GAME
from engine.yspahan.city import RULES
from engine.yspahan.expert import LOOK_AHEAD_DAYS, days_played, determinize, estimate
from engine.yspahan.vocab import SOUKS
from tests.expert.test_expert import positions

HEURISTIC = heuristic_for(GAME)


def test_a_play_out_stops_three_days_on_where_every_seat_is_weighed_alike() -> None:
    """Before the horizon, nothing; there, a worth for every seat, which more points raise by as much and a
    camel more does not lower. A search from the first day then plays out fewer steps a world than a match has
    (some 380), and affords many more worlds than whole matches would."""
    state, seat = positions(GAME, 3, every=1)[0]
    world = determinize(state, seat, random.Random(1))
    s, rng, reached = world, random.Random(2), None
    while (active := GAME.active_seats(s)) and reached is None:
        reached = estimate(GAME, world, s)
        if reached is None:
            mover = min(active)
            s, _ = GAME.apply(s, mover, HEURISTIC.choose(GAME, s, mover, rng))
    assert reached is not None and days_played(s) == days_played(world) + LOOK_AHEAD_DAYS
    assert sorted(reached) == [0, 1, 2, 3]
    richer = s.clone()
    richer.player(1).points[SOUKS] += 5
    richer.player(2).camels += 1
    weighed = estimate(GAME, world, richer.sealed())
    assert weighed is not None and weighed[1] == pytest.approx(reached[1] + 5) and weighed[2] > reached[2]
    assert (weighed[0], weighed[3]) == (reached[0], reached[3])

    search = ExpertPolicy().search(GAME, seat, random.Random(4))
    search.best(state, GAME.legal_actions(state, seat), 4500)
    assert search.playouts >= 40 and search.steps / search.playouts < 100


def test_the_last_days_are_played_out_to_the_end() -> None:
    """Fewer than three days before the end, a play-out ends with the match: its final scores decide."""
    state, seat = next((s, seat) for s, seat in positions(GAME, 5, every=1, start=300)
                       if s.week == RULES.weeks and s.day > RULES.days - LOOK_AHEAD_DAYS)
    world = determinize(state, seat, random.Random(1))
    s, rng = world, random.Random(2)
    while active := GAME.active_seats(s):
        assert estimate(GAME, world, s) is None
        mover = min(active)
        s, _ = GAME.apply(s, mover, HEURISTIC.choose(GAME, s, mover, rng))
    assert GAME.outcome(s) is not None
