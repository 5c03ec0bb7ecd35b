"""The expert seat (engine.expert): the worlds it searches keep what its seat sees and nothing else, it never
reads hidden information, and it chooses the same for the same seed."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from engine.ai import LEVELS, heuristic_for, policies_for, policy, replay
from engine.core import Game, get_game
from engine.expert import ExpertPolicy, expertise_for, unseen

GAMES = ["al-rashid", "taj-mahal", "notre-dame", "yspahan"]
# Two play-outs a decision by random seats: what is tested is the search, not its strength.
QUICK = ExpertPolicy(playout_steps=1, candidates=2, playout=policy("random"))


def dump(game: Game[Any], state: Any) -> str:
    return json.dumps(game.dump_state(state), sort_keys=True)


def positions(game: Game[Any], seed: int, every: int, start: int = 0, seats: int = 4) -> list[tuple[Any, int]]:
    """(state, active seat with a choice) every `every` steps of a heuristic match, from step `start`."""
    state, rng, found, step = game.new_game(None, seats, seed), random.Random(seed), [], 0
    heuristic = heuristic_for(game)
    while active := game.active_seats(state):
        seat = min(active)
        if step >= start and step % every == 0 and len(game.legal_actions(state, seat)) > 1:
            found.append((state, seat))
        state, _ = game.apply(state, seat, heuristic.choose(game, state, seat, rng))
        step += 1
    return found


@pytest.mark.parametrize("key", GAMES)
def test_a_sampled_world_keeps_what_the_seat_sees_and_deals_the_rest_afresh(key: str) -> None:
    game = get_game(key)
    determinize = expertise_for(game).determinize
    changed = 0
    for state, seat in positions(game, 5, every=9):
        world = determinize(state, seat, random.Random(seat))
        assert game.view(world, seat) == game.view(state, seat)
        assert game.view(world, None) == game.view(state, None)
        assert game.legal_actions(world, seat) == game.legal_actions(state, seat)
        changed += dump(game, world) != dump(game, state)
        world_again = determinize(state, seat, random.Random(seat))
        assert dump(game, world_again) == dump(game, world)
    assert changed > 10  # the worlds really differ from the true state where it hides something


@pytest.mark.parametrize("key", GAMES)
def test_a_world_depends_only_on_what_the_seat_knows(key: str) -> None:
    """A sampled world is a state the seat cannot tell from the true one: sampling again from it gives, for the
    same seed, the very world sampled from the true state. A sampler that read anything it deals afresh (another
    hand, a deck's order, who kept which card) would tell the two apart."""
    game = get_game(key)
    determinize = expertise_for(game).determinize
    compared = 0
    for index, (state, seat) in enumerate(positions(game, 13, every=7)):
        world = determinize(state, seat, random.Random(index))
        assert dump(game, determinize(world, seat, random.Random(-index))) == \
            dump(game, determinize(state, seat, random.Random(-index)))
        compared += 1
    assert compared > 10


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("seats", [3, 5])
def test_the_expert_never_reads_what_its_seat_cannot_see(key: str, seats: int) -> None:
    """The conformance checker's perturbation of hidden information (`perturb_hidden`) changes only what
    some seats may not see: for each of those seats, the sampled world and the expert's choice stay the same."""
    game = get_game(key)
    determinize = expertise_for(game).determinize
    probe = random.Random(f"probe-{key}")
    compared = chosen = 0
    for state, seat in positions(game, 11, every=11, seats=min(seats, game.spec.max_seats)):
        perturbed = game.perturb_hidden(state, probe)  # type: ignore[attr-defined]
        if perturbed is None or seat in perturbed[1]:
            continue
        other = perturbed[0]
        assert dump(game, other) != dump(game, state)
        assert dump(game, determinize(other, seat, random.Random(7))) == dump(game, determinize(state, seat, random.Random(7)))
        compared += 1
        if compared % 4 == 1:
            assert QUICK.choose(game, other, seat, random.Random(3)) == QUICK.choose(game, state, seat, random.Random(3))
            chosen += 1
    assert compared >= 5 and chosen >= 2


def opening(game: Game[Any], seed: int, steps: int) -> tuple[Any, list[tuple[int, str]]]:
    """The first `steps` steps of a match of the fewest players, the expert in seat 0 and the heuristic in the others."""
    seats = game.spec.min_seats
    state, rng, log = game.new_game(None, seats, seed), random.Random(seed), []
    players = [QUICK, *[heuristic_for(game)] * (seats - 1)]
    while len(log) < steps and (active := game.active_seats(state)):
        seat = min(active)
        action = players[seat].choose(game, state, seat, rng)
        state, _ = game.apply(state, seat, action)
        log.append((seat, game.format_action(action)))
    return state, log


@pytest.mark.parametrize("key", GAMES)
def test_the_expert_chooses_the_same_for_the_same_seed_and_its_match_replays(key: str) -> None:
    game = get_game(key)
    state, log = opening(game, 4, 60)
    again, log_again = opening(game, 4, 60)
    assert log == log_again
    assert dump(game, replay(game, game.spec.min_seats, 4, log)) == dump(game, state)
    assert sum(seat == 0 for seat, _ in log) > 10


def test_every_level_names_a_policy_and_every_game_has_an_expert() -> None:
    assert [policy(name).name for name in LEVELS.values()] == ["random", "heuristic", "expert"]
    for key in GAMES:
        assert len(policies_for(get_game(key), "expert", 4)) == 4


def test_the_unseen_pool_takes_out_every_copy_seen() -> None:
    assert unseen(["a", "b", "b", "c", "c", "c"], ["c", "b"], ["c"]) == ["a", "b", "c"]


def test_taj_mahal_worlds_keep_the_cards_each_player_was_seen_to_take_from_the_display() -> None:
    """Everybody sees the cards a player takes from the display: until played, they are in that hand (`shown`,
    at least as many of a kind as shown), and every sampled world leaves them there."""
    game = get_game("taj-mahal")
    determinize = expertise_for(game).determinize
    state, rng, kept = game.new_game(None, 4, 3), random.Random(3), 0
    while active := game.active_seats(state):
        seat = min(active)
        for p in state.humans():
            assert not Counter(p.shown) - Counter(p.hand)
        if len(game.legal_actions(state, seat)) > 1 and state.steps % 5 == 0:
            world = determinize(state, seat, random.Random(state.steps))
            for p, q in zip(state.players, world.players, strict=True):
                assert q.shown == p.shown and not Counter(p.shown) - Counter(q.hand)
                kept += p.seat != seat and bool(p.shown)
        state, _ = game.apply(state, seat, heuristic_for(game).choose(game, state, seat, rng))
    assert kept > 20


def test_a_taj_mahal_match_saved_before_shown_existed_loads_with_nothing_shown() -> None:
    game = get_game("taj-mahal")
    state, rng = game.new_game(None, 3, 5), random.Random(5)
    while not any(p.shown for p in state.players):
        seat = min(game.active_seats(state))
        state, _ = game.apply(state, seat, heuristic_for(game).choose(game, state, seat, rng))
    old = json.loads(dump(game, state))
    for player in old["players"]:
        del player["shown"]
    loaded = game.load_state(old)
    assert all(p.shown == [] for p in loaded.players) and game.view(loaded, 0) == game.view(state, 0)
