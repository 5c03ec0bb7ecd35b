"""Every kind of question is wired explicitly: the heuristic scores it (or leaves it to chance on purpose),
and every activatable charge has its step. A renamed step cannot silently make the computer play at random."""

from engine.al_rashid.ai import RANDOM_ON_PURPOSE, SCORES
from engine.al_rashid.game import CODEC
from engine.al_rashid.resolution import USE
from engine.al_rashid.rules import ACTIVATABLE
from engine.core.flow import Ask


def test_every_question_has_a_heuristic_or_is_random_on_purpose():
    asks = {cls for cls in CODEC.classes.values() if issubclass(cls, Ask)}
    assert len(asks) >= 16
    assert asks == set(SCORES) | RANDOM_ON_PURPOSE
    assert not set(SCORES) & RANDOM_ON_PURPOSE


def test_every_activatable_charge_acts_at_once_or_has_its_step():
    with_step = {charge for charge in ACTIVATABLE if not charge.endswith("_importer")}
    assert set(USE) == with_step
    assert all(USE[charge].charge == charge and USE[charge].kind == f"use_{charge}" for charge in USE)
