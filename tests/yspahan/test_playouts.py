"""Seeded random playouts: the game's invariants hold at every step, and the final scores recomputed from the
events players read agree with the engine's."""

import random
from collections import Counter

import pytest

from engine.ai import play_out
from engine.yspahan import GAME
from engine.yspahan.city import CITY, souk_owner
from engine.yspahan.vocab import CARDS, COLOURS

from .builders import active


def check_invariants(s):
    for p in s.players:
        on_board = sum(1 for seat in s.shops.values() if seat == p.seat) + s.caravan.count(p.seat)
        assert p.cubes + on_board + len(p.buildings) + 1 == 25, "a player's 25 cubes are all somewhere"
        assert p.cubes >= 0 and p.gold >= 0 and p.camels >= 0
        assert len(set(p.buildings)) == len(p.buildings)
        assert p.score == sum(p.points.values())
    cards = Counter(s.deck) + Counter(s.discards) + sum((Counter(p.cards) for p in s.players), Counter())
    assert cards == Counter({card: 2 for card in CARDS}), "the 18 cards are all somewhere"
    for souk in CITY.souks.values():
        owners = {s.shops[shop] for shop in souk.shops if shop in s.shops}
        assert len(owners) <= 1 and souk_owner(s.shops, souk.id) in owners | {None}
    assert len(s.caravan) < (9 if s.seats == 3 else 12), "a full caravan is emptied at once"
    assert sum(g.dice for g in s.tower if g) <= 12


def points_from_events(events):
    """Every point a player scored, as the events tell it (by colour)."""
    total = Counter()
    for e in events:
        if e.audience is not None:
            continue
        key = e.key.removeprefix("yspahan.ev.")
        if key in ("caravan_place", "built", "built_card", "card_points"):
            total[e.params["player"]["key"]] += e.params["points"]
        elif key in ("souks_scored", "caravan_full", "caravan_week"):
            for line in e.params["scores"]:
                total[line["params"]["player"]["key"]] += line["params"]["points"]
    return {COLOURS.index(k.rsplit(".", 1)[1]): v for k, v in total.items()}


@pytest.mark.parametrize("seats, seed", [(3, 1), (3, 2), (4, 3), (4, 4), (4, 5)])
def test_random_playouts_keep_the_invariants_and_the_scores_add_up(seats, seed):
    rng = random.Random(seed)
    s = GAME.new_game(None, seats, seed)
    events = []
    steps = 0
    while GAME.active_seats(s):
        check_invariants(s)
        seat = active(s)
        s, new = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        events += new
        steps += 1
    check_invariants(s)
    result = GAME.outcome(s)
    recomputed = points_from_events(events)
    assert {seat: recomputed.get(seat, 0) for seat in range(seats)} == result.scores
    assert (s.week, s.day) == (3, 7) and steps > 200


def test_heuristic_free_playouts_replay_exactly():
    final, log = play_out(GAME, ["random"] * 4, seed=11)
    again = GAME.new_game(None, 4, 11)
    for seat, notation in log:
        again, _ = GAME.apply(again, seat, notation)
    assert GAME.dump_state(again) == GAME.dump_state(final)
