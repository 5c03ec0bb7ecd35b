"""Sample pictures from a seeded match between computer seats, at the moments each game's render package
names (`Pictures.moments`): the board and the focused picture at each, a hand, the final score.

    python -m render sample al-rashid --players 4 --seed 1 --out DIR
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import render
from engine.ai import policies_for
from engine.core import Game, games, get_game
from render import Moment


def playout(game: Game[Any], players: int, seed: int, policy: str = "heuristic") -> Iterator[Any]:
    """Every state of a seeded match in order, from the first to the last."""
    chosen = policies_for(game, policy, players)
    state = game.new_game(None, players, seed)
    rng = random.Random(seed)
    while active := game.active_seats(state):
        yield state
        seat = min(active)
        state, _ = game.apply(state, seat, chosen[seat].choose(game, state, seat, rng))
    yield state


def drawable() -> list[str]:
    """The keys of the games that have pictures."""
    return sorted(key for key in games() if render.for_game(key) is not None)


def sample(game_key: str, players: int, seed: int, out: Path, locale: str = "en",
           policy: str = "heuristic") -> list[Path]:
    """Play a match and write board-N-<moment>.png and focus-N-<moment>.png at each moment (the first time
    it happens), board-final.png, focus-final.png, hand.png and final.png.

    The hand is seat 0's at the first moment drawn."""
    game = get_game(game_key)
    pictures = render.for_game(game_key)
    if pictures is None:
        return []
    waiting: dict[str, Moment] = dict(pictures.moments)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def write(name: str, data: bytes | None) -> None:
        if data is not None:
            (out / name).write_bytes(data)
            written.append(out / name)

    before = hand = state = None
    for state in playout(game, players, seed, policy):
        after = game.view(state, None)
        for name, moment in list(waiting.items()):
            if before is not None and (view := moment(before, after)) is not None:
                number = len(pictures.moments) - len(waiting) + 1
                write(f"board-{number}-{name}.png", render.board_png(view, locale))
                write(f"focus-{number}-{name}.png", render.focus_png(view, locale))
                hand = hand or game.view(state, 0)
                del waiting[name]
        before = after
    assert before is not None and state is not None
    write("board-final.png", render.board_png(before, locale))
    write("focus-final.png", render.focus_png(before, locale))
    write("hand.png", render.hand_png(hand or game.view(state, 0), locale))
    write("final.png", render.final_png(before, locale))
    return written
