"""Sample pictures from a seeded match between computer seats: boards at telling moments, a hand, the score.

    python -m render sample al-rashid --players 4 --seed 1 --out DIR
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import render
from engine.ai import policies_for
from engine.core import Game, get_game

# (view before a step, view after it) -> the view worth a picture, or None
Moment = Callable[[Any, Any], Any]


def playout(game: Game, players: int, seed: int, policy: str = "heuristic") -> Iterator[Any]:
    """Every state of a seeded match in order, from the first to the last."""
    chosen = policies_for(game, policy, players)
    state = game.new_game(None, players, seed)
    rng = random.Random(seed)
    while active := game.active_seats(state):
        yield state
        seat = min(active)
        state, _ = game.apply(state, seat, chosen[seat].choose(game, state, seat, rng))
    yield state


def _al_rashid_moments() -> dict[str, Moment]:
    def fighting(view) -> bool:
        return view.resolution is not None and view.resolution.stage == "battle"

    return {
        # the board full of pieces: the last placement step of the third turn, when families have grown
        "placement": lambda b, a: b if b.phase == "placement" and a.phase != "placement" and b.turn == 3 else None,
        "mid-resolution": lambda b, a: a if a.phase == "resolution" and a.turn >= 3
        and sum(x.resolved for x in a.areas) >= 4 else None,
        "battle": lambda b, a: a if fighting(a) else None,
        "after-battle": lambda b, a: a if fighting(b) and not fighting(a) else None,
    }


MOMENTS: dict[str, Callable[[], dict[str, Moment]]] = {"al-rashid": _al_rashid_moments}


def sample(game_key: str, players: int, seed: int, out: Path, locale: str = "en",
           policy: str = "heuristic") -> list[Path]:
    """Play a match and write board-*.png at each moment (the first time it happens), hand.png, final.png.

    The hand is seat 0's at the first moment drawn."""
    game = get_game(game_key)
    waiting = MOMENTS[game_key]()
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def write(name: str, data: bytes | None) -> None:
        if data is not None:
            (out / name).write_bytes(data)
            written.append(out / name)

    before = hand = None
    for state in playout(game, players, seed, policy):
        after = game.view(state, None)
        for name, moment in list(waiting.items()) if before is not None else []:
            if (view := moment(before, after)) is not None:
                write(f"board-{len(written) + 1}-{name}.png", render.board_png(view, locale))
                hand = hand or game.view(state, 0)
                del waiting[name]
        before = after
    write("board-final.png", render.board_png(before, locale))
    write("hand.png", render.hand_png(hand or game.view(state, 0), locale))
    write("final.png", render.final_png(before, locale))
    return written
