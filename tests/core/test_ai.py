"""Computer seats: the policies, matches played out by them, and replays of the log."""

import importlib
import random
import sys

import pytest

from engine.ai import RefusedMove, heuristic_for, play_out, policies_for, policy, replay
from engine.al_rashid import GAME as AL
from engine.core import Malformed, games
from engine.core.flow import Ask
from tests.core.nim_toy import GAME as NIM
from tests.core.nim_toy.ai import HEURISTIC as NIM_PLAYER
from tests.support.toy_game import GAME as TOY


def test_random_policy_picks_among_the_legal_actions_only():
    state = TOY.new_game({"heap": 2}, 2, 1)
    rng = random.Random(0)
    picks = {policy("random").choose(TOY, state, 0, rng).notation() for _ in range(50)}
    assert picks == {"take 1", "take 2"}


def test_unknown_policy_names_the_known_ones():
    with pytest.raises(Malformed) as caught:
        policy("clever")
    assert caught.value.text() == "There is no computer player called “clever”. Known: expert, heuristic, random."


def test_the_heuristic_is_found_in_the_game_package():
    assert heuristic_for(NIM) is NIM_PLAYER
    with pytest.raises(Malformed, match="Toy has no heuristic"):
        heuristic_for(TOY)


def test_one_policy_per_seat_or_one_for_all():
    assert [p.name for p in policies_for(NIM, "heuristic, random", 2)] == ["heuristic", "random"]
    assert [p.name for p in policies_for(TOY, "random", 3)] == ["random"] * 3
    with pytest.raises(Malformed, match="2 given for 3 seats"):
        policies_for(TOY, "random,random", 3)
    with pytest.raises(Malformed, match="no heuristic"):
        policies_for(TOY, "random,heuristic", 2)


def test_play_out_reaches_the_end_and_is_reproducible():
    final, log = play_out(TOY, ["random"] * 3, seed=9, params={"heap": 20})
    assert TOY.outcome(final) is not None and not TOY.active_seats(final)
    assert sum(int(notation.split()[1]) for _, notation in log) == 20
    again, log_again = play_out(TOY, ["random"] * 3, seed=9, params={"heap": 20})
    assert log_again == log and TOY.dump_state(again) == TOY.dump_state(final)
    assert play_out(TOY, ["random"] * 3, seed=10, params={"heap": 20})[1] != log


def test_replay_of_the_log_reaches_the_same_state_and_names_a_refused_move():
    final, log = play_out(TOY, ["random", "random"], seed=4, params={"heap": 12})
    assert TOY.dump_state(replay(TOY, 2, 4, log, {"heap": 12})) == TOY.dump_state(final)
    bad = [*log[:2], (log[2][0], "take 9"), *log[3:]]
    with pytest.raises(RefusedMove) as caught:
        replay(TOY, 2, 4, bad, {"heap": 12})
    assert (caught.value.index, caught.value.notation) == (2, "take 9")
    assert caught.value.error.message.key == "core.malformed"


def test_a_heuristic_seat_beats_random_seats():
    wins = sum(TOY.outcome(play_out(NIM, ["heuristic", "random"], seed, {"heap": 21})[0]).ranking[0] == 0
               for seed in range(100))
    assert wins >= 80


# ---- Al-Rashid's heuristic ----------------------------------------------------------------------

def test_the_al_rashid_heuristic_beats_random_seats():
    seats = ["heuristic", "random", "random", "random"]
    wins = sum(AL.outcome(play_out(AL, seats, seed)[0]).ranking[0] == 0 for seed in range(1, 21))
    assert wins >= 16


def test_the_al_rashid_heuristic_decides_only_on_what_its_seat_may_know():
    """Changing hidden information the deciding seat may not see never changes its choice."""
    heuristic = policy("heuristic")
    compared = 0
    for seed in (1, 2, 3):
        state, rng, probe = AL.new_game(None, 4, seed), random.Random(seed), random.Random(-seed)
        while active := AL.active_seats(state):
            seat = min(active)
            other, entitled = AL.perturb_hidden(state, probe)
            if seat not in entitled:
                mine = heuristic.choose(AL, state, seat, random.Random(compared))
                assert heuristic.choose(AL, other, seat, random.Random(compared)) == mine, (seed, state.steps)
                compared += 1
            state, _ = AL.apply(state, seat, heuristic.choose(AL, state, seat, rng))
    assert compared > 300


ENGINE_GAMES = sorted(key for key, game in games().items() if type(game).__module__.startswith("engine."))


@pytest.mark.parametrize("key", ENGINE_GAMES)
def test_every_question_of_every_game_has_a_heuristic_or_is_random_on_purpose(key):
    """Dispatch goes by class through an explicit map, never by a name built from a string: a new or renamed
    question the heuristic does not know fails here instead of being played at random without a word."""
    game = games()[key]
    codec = sys.modules[type(game).__module__].CODEC
    asks = {cls for cls in codec.classes.values() if issubclass(cls, Ask)}
    mind = importlib.import_module(type(game).__module__.rpartition(".")[0] + ".ai")
    assert asks and mind.HEURISTIC is heuristic_for(game)
    assert asks == set(mind.SCORES) | mind.RANDOM_ON_PURPOSE
    assert not set(mind.SCORES) & mind.RANDOM_ON_PURPOSE
