"""Al-Rashid plays exactly as recorded: every observable byte of ten recorded matches (state dumps, events,
views, options, prompts, labels, scores) and the computer players' choices.

The records were made before the turn flow moved into engine/core. When a rule is changed on purpose,
record them again (`python -m tests.al_rashid.recording`) and say why in the commit."""

import json

import pytest

from engine.ai import play_out
from engine.al_rashid import GAME
from tests.al_rashid.recording import FOLDER, MATCHES, digest, path_of

RECORDS = sorted(FOLDER.glob("*.json"))


def test_every_listed_match_is_recorded():
    assert sorted(path_of(seats, seed) for seats, seed, _ in MATCHES) == RECORDS


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_recorded_match_replays_to_the_same_observations(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    actions = [(seat, notation) for seat, notation in record["actions"]]
    assert digest(record["seats"], record["seed"], actions) == record["digest"]
    assert play_out(GAME, record["policies"], record["seed"])[1] == actions  # the computer players choose alike
