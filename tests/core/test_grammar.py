"""A game's notation refuses what it cannot read, naming the verb or the whole action in the game's words."""

import pytest

from engine.core.errors import Malformed
from engine.core.game import Action
from engine.core.grammar import Grammar

GRAMMAR = Grammar("toy", {
    "take": (("red", "blue"), str.isdigit), "pass": (),
    "build": lambda args: len(args) in (1, 2) and all(a.isalpha() for a in args),
})


@pytest.mark.parametrize("notation", ["take red 3", "pass", "build tower", "build tower card"])
def test_an_action_that_fits_the_notation_passes(notation):
    GRAMMAR.check(Action.of(*notation.split()))


@pytest.mark.parametrize("notation", ["take green 3", "take red x", "take red", "pass now", "build", "build a b c"])
def test_an_action_that_does_not_fit_is_refused_naming_it(notation):
    with pytest.raises(Malformed) as refused:
        GRAMMAR.check(Action.of(*notation.split()))
    assert refused.value.key == "toy.malformed.args" and refused.value.params["notation"] == notation


def test_an_unknown_verb_is_refused_naming_the_verb():
    with pytest.raises(Malformed) as refused:
        GRAMMAR.check(Action.of("fly", "away"))
    assert (refused.value.key, refused.value.params) == ("toy.malformed.verb", {"verb": "fly"})
