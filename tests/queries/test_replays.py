"""/replay: every stored state of a finished match, public or one player's own, and an export the engine replays."""

import json

import pytest

from bot.queries.replays import export, frames, rounds, view_at
from engine.ai import play_out, replay
from engine.cli import GameRecord
from engine.core.game import get_game
from engine.core.messages import Message


@pytest.fixture(scope="module")
def finished():
    game = get_game("al-rashid")
    record = play_out(game, ["random"] * 3, seed=7)
    return game, record


def test_the_export_is_what_python_m_engine_replay_reads_and_reaches_the_same_end(finished, tmp_path):
    game, (state, actions) = finished
    text = export(game="al-rashid", seed=7, seats=3, params={}, actions=actions)
    assert json.loads(text)["actions"][0] == list(actions[0])
    record = GameRecord.model_validate_json(text)
    again = replay(game, record.seats, record.seed, record.actions, record.params)
    assert game.dump_state(again) == game.dump_state(state) and game.is_over(again)


def test_frames_step_through_every_state_from_setup_to_the_end(finished):
    game, (state, actions) = finished
    record = GameRecord(game="al-rashid", seed=7, seats=3, actions=actions)
    made = frames(record)
    assert len(made) == len(actions) + 1 and made[0].notation is None
    assert [(f.seat, f.notation) for f in made[1:]] == list(actions)
    assert game.dump_state(made[-1].state) == game.dump_state(state)
    marks = rounds(game, made)
    assert [label for label, _ in marks] == ["1", "2", "3", "4", "5"]
    assert marks[0][1] == 0 and all(a[1] < b[1] for a, b in zip(marks, marks[1:], strict=False))


def test_a_frame_shows_a_player_only_their_own_secrets(finished):
    game, (_, actions) = finished
    made = frames(GameRecord(game="al-rashid", seed=7, seats=3, actions=actions))
    middle = made[len(made) // 2]
    public, own = view_at(game, middle, None), view_at(game, middle, 1)
    assert public.viewer is None and own.viewer == 1
    assert public.families[1].hand is None and own.families[1].hand is not None
    assert own.families[0].hand is None and own.families[2].hand is None


def test_a_record_that_does_not_replay_raises_the_engines_refusal():
    with pytest.raises(Exception) as refused:
        frames(GameRecord(game="al-rashid", seed=7, seats=3, actions=[(0, "fly away")]))
    assert isinstance(getattr(refused.value, "message", None), Message)
