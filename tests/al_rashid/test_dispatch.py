"""Every activatable charge is wired explicitly to its step (the heuristic's map of every question is checked
for every game in tests/core/test_ai.py)."""

from engine.al_rashid.resolution import USE
from engine.al_rashid.rules import ACTIVATABLE


def test_every_activatable_charge_acts_at_once_or_has_its_step():
    with_step = {charge for charge in ACTIVATABLE if not charge.endswith("_importer")}
    assert set(USE) == with_step
    assert all(USE[charge].charge == charge and USE[charge].kind == f"use_{charge}" for charge in USE)
