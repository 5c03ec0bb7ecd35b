"""Recorded Al-Rashid matches: the proof that a change to the engine leaves play exactly as it was.

A record is a match record of `python -m engine` (game, seed, seats, actions, policies) plus `digest`: a
SHA-256 over everything a player, the bot or a renderer could observe at every step of the match — the state
dump (byte for byte), the events, the public and every seat's view, the active seats, their legal actions
with labels and prompts. Records are written once by `python -m tests.al_rashid.recording` and then only read.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from engine.ai import play_out
from engine.al_rashid import GAME

FOLDER = Path(__file__).resolve().parent / "recorded"
# (seats, seed, policies): every player count, random and heuristic seats.
MATCHES = [
    (2, 11, "random"), (3, 12, "random"), (4, 13, "random"), (5, 14, "random"),
    (2, 21, "heuristic,random"), (3, 22, "random,heuristic,random"), (4, 23, "heuristic,random,random,random"),
    (5, 24, "random,random,random,random,heuristic"), (4, 31, "heuristic"), (5, 32, "heuristic"),
]


def _text(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode()


def digest(seats: int, seed: int, actions: list[tuple[int, str]]) -> str:
    """Replay `actions` from `seed` and hash what can be observed at every step."""
    sha = hashlib.sha256()

    def observe(state: Any) -> None:
        sha.update(_text(GAME.dump_state(state)))
        for viewer in (None, *range(seats)):
            sha.update(GAME.view(state, viewer).model_dump_json().encode())
        active = sorted(GAME.active_seats(state))
        sha.update(_text(active))
        for seat in range(seats):
            prompt = GAME.prompt(state, seat)
            sha.update(_text(prompt.to_json() if prompt else None))
            for action in GAME.legal_actions(state, seat):
                sha.update(_text([GAME.format_action(action), GAME.describe_action(state, seat, action).to_json()]))
        outcome = GAME.outcome(state)
        sha.update(_text(outcome.to_json() if outcome else None))

    state = GAME.new_game(None, seats, seed)
    observe(state)
    for seat, notation in actions:
        state, events = GAME.apply(state, seat, notation)
        sha.update(_text([e.to_json() for e in events]))
        observe(state)
    return sha.hexdigest()


def path_of(seats: int, seed: int) -> Path:
    return FOLDER / f"al-rashid-{seats}p-{seed}.json"


def record(seats: int, seed: int, policies: str) -> dict[str, Any]:
    names = policies.split(",")
    names = names * seats if len(names) == 1 else names
    _, log = play_out(GAME, names, seed)
    return {"game": GAME.spec.key, "seed": seed, "seats": seats, "params": {}, "policies": names,
            "digest": digest(seats, seed, log), "actions": log}


def main() -> int:
    FOLDER.mkdir(exist_ok=True)
    for seats, seed, policies in MATCHES:
        data = record(seats, seed, policies)
        moves = ",\n".join("  " + json.dumps(list(m)) for m in data.pop("actions"))
        head = json.dumps(data)[:-1]
        path_of(seats, seed).write_text(f'{head}, "actions": [\n{moves}\n]}}\n', encoding="utf-8")
        print(path_of(seats, seed).name, data["digest"][:12], file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
