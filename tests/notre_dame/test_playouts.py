"""Seeded random matches for every player count, checking what the rules conserve after every step: cubes,
coins, messages, cards, the rat track, and prestige recomputed independently from what the players were told."""

import random

import pytest

from engine.notre_dame import GAME
from engine.notre_dame.board import layout
from engine.notre_dame.state import colour_of
from engine.notre_dame.vocab import SECTORS

SEEDS = range(6)


def check(s):
    for p in s.players:
        assert p.supply + p.general + sum(p.sectors.values()) + p.notre_dame == 14, "cubes of a colour"
        assert min(p.supply, p.general, p.notre_dame, *p.sectors.values()) >= 0
        assert 0 <= p.rats <= 9 and p.coins >= 0
        assert p.prestige == sum(p.earned.values()) >= 0
        assert p.friend in (None, *SECTORS)
        assert all(colour_of(x) == p.colour for x in p.deck)
    assert s.treasury + sum(p.coins for p in s.players) == 25, "coins"
    held = sum(len(p.messages) for p in s.players)
    assert held + len(s.messages) == 4 * len(layout(s.seats).quarters), "messages"
    in_play = sum(len(p.deck) + len(p.offer) + len(p.hand) for p in s.players) + s.discards
    if s.phase in ("draft", "actions"):
        in_play += sum(len(p.played) for p in s.players)
    if s.phase != "over":
        assert in_play == 9 * s.seats, "action cards"
        assert len(s.persons) == 3 and len(set(s.persons)) == 3


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_matches_conserve_every_component(seats):
    for seed in SEEDS:
        rng = random.Random(seed)
        s = GAME.new_game({"public_prestige": seed % 2 == 1}, seats, seed)
        told = dict.fromkeys(range(seats), 0)
        rounds = set()
        while active := GAME.active_seats(s):
            seat = rng.choice(sorted(active))
            s, events = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
            check(s)
            rounds.add(s.round)
            for event in events:
                if event.key == "notre_dame.ev.prestige":
                    told[_seat(s, event)] += event.params["n"]
                elif event.key == "notre_dame.ev.prestige_lost":
                    told[_seat(s, event)] -= event.params["n"]
        assert rounds == set(range(1, 10))
        result = GAME.outcome(s)
        assert result.scores == told == {p.seat: p.prestige for p in s.players}


def _seat(s, event):
    colour = event.params["player"]["key"].rsplit(".", 1)[1]
    return next(p.seat for p in s.players if p.colour == colour)
