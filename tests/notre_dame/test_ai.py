"""The computer player: better than random seats, sensible in plain situations, and blind to what its seat may
not know."""

import random

from engine.ai import play_out, policy, suggested_turn
from engine.notre_dame import GAME

from .builders import RED, YELLOW, acting, at, options, paying, quarter, settle

HEURISTIC = policy("heuristic")


def choice(s, seat=None):
    seat = RED if seat is None else seat
    return HEURISTIC.choose(GAME, s, seat, random.Random(0)).notation()


def test_it_beats_random_seats():
    """Seat rotating with the seed, three random opponents; docs/benchmarks.md has the long run."""
    wins = 0
    for seed in range(1, 13):
        seats = ["random"] * 4
        seats[seed % 4] = "heuristic"
        wins += seed % 4 in GAME.outcome(play_out(GAME, seats, seed)[0]).winners()
    assert wins >= 10


def test_it_decides_only_on_what_its_seat_may_know():
    """Changing hidden information the deciding seat may not see (decks, others' kept cards, others' prestige)
    never changes its choice."""
    compared = 0
    for seed in (1, 2):
        state, probe = GAME.new_game(None, 3, seed), random.Random(-seed)
        while active := GAME.active_seats(state):
            seat = min(active)
            other, entitled = GAME.perturb_hidden(state, probe)
            mine = HEURISTIC.choose(GAME, state, seat, random.Random(compared))
            if seat not in entitled:
                assert HEURISTIC.choose(GAME, other, seat, random.Random(compared)) == mine, (seed, state.steps)
                compared += 1
            state, _ = GAME.apply(state, seat, mine)
    assert compared > 200


def test_the_suggestion_is_the_computer_players_choice_and_legal():
    s = acting(3, {RED: ["residence", "bank", "park"]})
    first, _ = suggested_turn(GAME, s, RED)[0]
    assert first == HEURISTIC.choose(GAME, s, RED, random.Random(0)) and first.notation() in options(s)
    assert suggested_turn(GAME, s, YELLOW) == []


def test_it_drives_to_the_best_message_in_reach():
    s = quarter(acting(3, {RED: ["carriage_house", "bank", "inn"]}), RED, carriage_house=1)
    s.messages = {"red.1": "red-4", "red.2": "red-1", "yellow.1": "yellow-2"}
    s = at(s, "play carriage_house")
    assert choice(s) == "go red.1"


def test_it_pays_the_doctor_when_the_plague_would_strike():
    s = quarter(paying(3, persons=("jester", "doctor", "guild_master")), RED, bank=1)  # 7 rats this round
    s.player(RED).rats = 6
    assert choice(s) == "pay doctor"


def test_it_spends_its_coins_at_notre_dame_in_the_last_round():
    s = acting(3, {RED: ["notre_dame", "inn", "park"]})
    s.round = 9
    s.player(RED).coins = 5
    s = at(s, "play notre_dame")
    assert choice(s) == "donate 3"


def test_it_keeps_the_card_of_its_fullest_paying_building():
    s = quarter(GAME.new_game(None, 3, 2), RED, residence=6)
    s.player(RED).offer = ["red:residence", "red:inn", "red:convent_school"]
    assert choice(settle(s)) == "keep residence"
