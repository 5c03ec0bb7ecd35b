"""`/replay match:` — a finished match step by step, and `/replay export`, the record the engine replays.

A replay is rebuilt from the match's seed, seats, params and the notations of its steps (the action log
without undone steps), exactly as `python -m engine replay` does. Each frame shows what one reader may
know at that moment: the public table, or a player's own view with their own secrets and no one else's.
"Jump to round" lands on the frames where the public view's largest unit of play changes: the first of
`turn`, `round`, `visit` the view has (Al-Rashid's turns, Notre Dame's rounds, Taj Mahal's visits).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from engine.cli import GameRecord
from engine.core.game import Game, get_game

ROUND_FIELDS = ("turn", "round", "visit")


@dataclass(frozen=True)
class Frame:
    index: int                # 0 is the table as set up; frame i follows the i-th step
    seat: int | None          # who took the step that led here (None for the set-up)
    notation: str | None
    state: Any


def export(*, game: str, seed: int, seats: int, params: dict[str, Any], actions: Sequence[tuple[int, str]]) -> str:
    """The JSON `python -m engine replay` reads, one step per line."""
    return GameRecord(game=game, seed=seed, seats=seats, params=params, actions=list(actions)).to_text()


def frames(record: GameRecord) -> list[Frame]:
    """Every state of the match, from the set-up to the end. Raises the engine's refusal if a step no
    longer applies (a record that does not belong to this engine)."""
    game = get_game(record.game)
    state = game.new_game(record.params, record.seats, record.seed)
    made = [Frame(0, None, None, state)]
    for index, (seat, notation) in enumerate(record.actions, start=1):
        state, _ = game.apply(state, seat, notation)
        made.append(Frame(index, seat, notation, state))
    return made


def view_at(game: Game[Any], frame: Frame, seat: int | None) -> BaseModel:
    """What `seat` (None: anyone) may see at that frame: never another player's secrets."""
    return game.view(frame.state, seat)


def rounds(game: Game[Any], all_frames: Sequence[Frame]) -> list[tuple[str, int]]:
    """(label, frame index) where each turn or round of the public view starts, for "jump to"."""
    marks: list[tuple[str, int]] = []
    previous: object = None
    for frame in all_frames:
        view = game.view(frame.state, None)
        unit = next((getattr(view, name) for name in ROUND_FIELDS if hasattr(view, name)), None)
        if unit is not None and unit != previous:
            marks.append((str(unit), frame.index))
        previous = unit
    return marks
