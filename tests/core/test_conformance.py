"""The conformance checker passes a game that keeps the contract and catches each broken promise."""

import random

import pytest

from engine.core import Action, Message
from engine.core.conformance import (
    Checks,
    ConformanceError,
    check_game,
    check_hidden,
    check_message,
    check_refusals,
    check_replay,
    message_keys,
    mutated_notations,
)
from tests.core.toys import BROKEN, AcceptsUnoffered, CrashesOnBadInput, SecretToy
from tests.support.toy_game import GAME as TOY

SEEDS = range(30)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_game_that_keeps_the_contract_passes_and_every_check_runs(seats):
    report = check_game(SecretToy(), seats, SEEDS, params={"heap": 11})
    assert report.games == len(SEEDS)
    assert report.deep_steps == report.steps > len(SEEDS)
    assert report.actions_applied >= report.steps
    assert report.refusals > 10 * report.steps
    assert report.hidden_checks == report.steps
    assert {"core.not_your_turn", "core.illegal", "core.malformed"} <= report.message_keys


def test_the_plain_toy_game_passes_without_a_hidden_information_hook():
    report = check_game(TOY, 2, SEEDS)
    assert report.games == len(SEEDS) and report.hidden_checks == 0


def test_deep_checks_can_be_sampled():
    full = check_game(SecretToy(), 2, SEEDS, params={"heap": 30})
    sampled = check_game(SecretToy(), 2, SEEDS, params={"heap": 30}, checks=Checks(every=4))
    assert sampled.steps == full.steps  # the same matches are played, only checked less often
    assert full.deep_steps / 5 < sampled.deep_steps < full.deep_steps / 3


@pytest.mark.parametrize("broken", sorted(BROKEN, key=lambda cls: cls.__name__), ids=lambda cls: cls.__name__)
def test_each_broken_promise_is_caught_by_its_check(broken):
    with pytest.raises(ConformanceError) as caught:
        check_game(broken(), 3, SEEDS, params={"heap": 9}, checks=Checks(max_steps=200))
    error = caught.value
    assert error.check == BROKEN[broken], str(error)
    assert error.seed in SEEDS and error.step is not None
    assert f"seed {error.seed}, step {error.step}" in str(error)


def test_an_exception_other_than_a_refusal_is_named():
    with pytest.raises(ConformanceError, match="raised ValueError") as caught:
        check_game(CrashesOnBadInput(), 2, SEEDS)
    assert caught.value.check == "refusals"


def test_a_tampered_log_does_not_replay():
    game = SecretToy()
    state = game.new_game({"heap": 9}, 2, 5)
    log = []
    for seat, notation in [(0, "take 2"), (1, "take 3"), (0, "take 1")]:
        state, _ = game.apply(state, seat, notation)
        log.append((seat, notation))
    check_replay(game, {"heap": 9}, 2, 5, log, state)
    with pytest.raises(ConformanceError, match="another state") as caught:
        check_replay(game, {"heap": 9}, 2, 5, log[:-1] + [(0, "take 2")], state)
    assert caught.value.check == "replay"
    with pytest.raises(ConformanceError, match="refused on replay"):
        check_replay(game, {"heap": 9}, 2, 5, [(1, "take 1")], state)


def test_refusals_accept_nothing_that_is_not_offered():
    state = AcceptsUnoffered().new_game({"heap": 9}, 2, 1)
    legal = AcceptsUnoffered().legal_actions(state, 0)
    assert check_refusals(SecretToy(), state, 0, legal, ["take 4", "take", "give 1", Action("take", ("0",))]) == 4
    with pytest.raises(ConformanceError, match="'take 4' was accepted"):
        check_refusals(AcceptsUnoffered(), state, 0, legal, ["take 4"])
    # a legal action among the candidates is not a refusal to check
    assert check_refusals(SecretToy(), state, 0, legal, ["take 1", " TAKE  2 "]) == 0


def test_generic_illegal_refusals_can_be_required_to_name_the_rule():
    game = SecretToy()
    state = game.new_game({"heap": 2}, 2, 1)
    legal = game.legal_actions(state, 0)
    assert check_refusals(game, state, 0, legal, ["take 3"]) == 1
    with pytest.raises(ConformanceError, match="without naming the rule"):
        check_refusals(game, state, 0, legal, ["take 3"], specific=True)


def test_fuzzed_notations_are_near_misses_and_reproducible():
    legal = [Action.of("take", n) for n in (1, 2, 3)]
    first = mutated_notations(TOY, legal, ["take", "1", "2", "3"], random.Random(4), 40)
    again = mutated_notations(TOY, legal, ["take", "1", "2", "3"], random.Random(4), 40)
    assert first == again and len(first) >= 40
    texts = [c for c in first if isinstance(c, str)]
    assert any(isinstance(c, Action) for c in first)
    assert any(t.startswith("take") and t not in {"take 1", "take 2", "take 3"} for t in texts)


def test_message_keys_are_checked_in_every_locale_and_nested():
    check_message(Message("core.illegal"))
    assert list(message_keys(Message("core.error", {"why": [{"key": "core.illegal", "params": {}}]}))) == \
        ["core.error", "core.illegal"]
    with pytest.raises(ConformanceError, match="missing from the xx catalogue"):
        check_message(Message("core.illegal"), locales=("en", "xx"))
    with pytest.raises(ConformanceError, match="'toy.nested'"):
        check_message(Message("core.illegal", {"why": Message("toy.nested")}))


def test_hidden_check_reports_whether_it_compared_anything():
    state = TOY.new_game(None, 2, 3)
    assert check_hidden(TOY, state, 2, random.Random(0)) is False
    assert check_hidden(SecretToy(), state, 2, random.Random(0)) is True
