"""Seats played by the computer, and whole matches played out by them or replayed from a log.

A policy chooses one legal action for a seat. `random` works for every game; `heuristic` is each
game's own sensible player, found as `HEURISTIC` in the game package's `ai` module
(e.g. `engine.al_rashid.ai.HEURISTIC`), so a new game brings its player along without touching this file;
`expert` searches with it (engine.expert) where the game package also has an `expert` module. Where seats
are chosen, players pick a level: easy, normal or expert (`LEVELS`).
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any, Protocol

from engine.core import Action, EngineError, Game, Malformed, Message, Seat
from engine.expert import ExpertPolicy, expertise_for

Log = list[tuple[Seat, str]]  # (seat, action notation) in the order played


class Policy(Protocol):
    name: str

    def choose(self, game: Game[Any], state: Any, seat: Seat, rng: random.Random) -> Action:
        """One of `game.legal_actions(state, seat)`; all chance comes from `rng`."""
        ...


class RandomPolicy:
    """Uniform over the legal actions: the baseline every heuristic must beat."""

    name = "random"

    def choose(self, game: Game[Any], state: Any, seat: Seat, rng: random.Random) -> Action:
        return rng.choice(game.legal_actions(state, seat))


class HeuristicPolicy:
    """Hands each decision to the game's own heuristic player."""

    name = "heuristic"

    def choose(self, game: Game[Any], state: Any, seat: Seat, rng: random.Random) -> Action:
        return heuristic_for(game).choose(game, state, seat, rng)


POLICIES: dict[str, Policy] = {"random": RandomPolicy(), "heuristic": HeuristicPolicy(), "expert": ExpertPolicy()}
LEVELS: dict[str, str] = {"easy": "random", "normal": "heuristic", "expert": "expert"}  # level -> policy


def policy(name: str) -> Policy:
    try:
        return POLICIES[name.strip().lower()]
    except KeyError:
        raise Malformed("ai.unknown_policy", name=name, known=sorted(POLICIES)) from None


def heuristic_for(game: Game[Any]) -> Policy:
    """The `HEURISTIC` of the game's package `ai` module; Malformed when the game has none."""
    module = companion(game, "ai")
    found: Policy | None = getattr(module, "HEURISTIC", None)
    if found is None:
        raise Malformed("ai.no_heuristic", game=game.spec.title)
    return found


def companion(game: Game[Any], name: str) -> ModuleType | None:
    """The module `name` of the game's package (e.g. its `ai`), None when it has none."""
    module = sys.modules[type(game).__module__]
    package = module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.{name}":
            raise
        return None


SUGGESTED_STEPS = 12  # the most steps one click on a turn's suggestion plays


def suggested_turn(game: Game[Any], state: Any, seat: Seat, most: int = SUGGESTED_STEPS) -> list[tuple[Action, Message]]:
    """A player's turn as the heuristic AI would play it from `state`, offered as one click: its steps, each with
    its label (described on the state it is taken from, so it says what is done, never what comes of it).

    It goes on while `seat` stays the only seat asked and the match runs, and stops after a step that reveals
    something (a draw, a hidden thing shown): nothing after it may be chosen blind. Where several seats choose at
    once it is the seat's own choice alone. The same state always gives the same steps (ties are broken by a
    generator seeded with the step's place), so a click can work them out again from the board it was drawn on.
    Empty when the game has no heuristic player or asks `seat` nothing."""
    try:
        player = heuristic_for(game)
    except Malformed:
        return []
    alone = frozenset((seat,))
    steps: list[tuple[Action, Message]] = []
    together = game.active_seats(state) != alone
    while len(steps) < most and not game.is_over(state) and game.legal_actions(state, seat):
        action = player.choose(game, state, seat, random.Random(len(steps)))
        steps.append((action, game.describe_action(state, seat, action)))
        state, events = game.apply(state, seat, action)
        if together or any(e.reveals for e in events) or game.active_seats(state) != alone:
            break
    return steps


def policies_for(game: Game[Any], names: str | Sequence[str], seats: int) -> list[Policy]:
    """One policy per seat from a name or a comma list ("heuristic,random,random,random")."""
    if isinstance(names, str):
        names = [n for n in names.split(",") if n.strip()]
    chosen = [policy(n) for n in names]
    if len(chosen) == 1:
        chosen *= seats
    if len(chosen) != seats:
        raise Malformed("ai.policy_count", given=len(chosen), seats=seats)
    for each in chosen:
        if each.name in ("heuristic", "expert"):
            heuristic_for(game)  # fail before the match starts, not in the middle
        if each.name == "expert":
            expertise_for(game)
    return chosen


def play_out(game: Game[Any], seats_policies: Sequence[Policy | str], seed: int, params: Any = None,
             max_steps: int = 100_000) -> tuple[Any, Log]:
    """Play a whole match from `seed`, seat i played by `seats_policies[i]`. Returns (final state, log).

    The policies draw their chance from one `random.Random(seed)`, so the match is reproducible; when
    several seats may act at once, the lowest seat moves first.
    """
    chosen = [policy(p) if isinstance(p, str) else p for p in seats_policies]
    state = game.new_game(params, len(chosen), seed)
    rng = random.Random(seed)
    log: Log = []
    while active := game.active_seats(state):
        if len(log) >= max_steps:
            raise RuntimeError(f"{game.spec.key} seed {seed}: no end after {max_steps} steps")
        seat = min(active)
        action = chosen[seat].choose(game, state, seat, rng)
        state, _ = game.apply(state, seat, action)
        log.append((seat, game.format_action(action)))
    return state, log


class RefusedMove(Exception):
    """A logged move the game refuses on replay: which one, and the game's reason."""

    def __init__(self, index: int, seat: Seat, notation: str, error: EngineError):
        self.index, self.seat, self.notation, self.error = index, seat, notation, error
        super().__init__(f"move {index + 1} ({seat}, {notation!r}): {error}")


def replay(game: Game[Any], seats: int, seed: int, actions: Sequence[tuple[Seat, str]], params: Any = None) -> Any:
    """The state reached by a new game from `seed` after the logged notations; RefusedMove otherwise."""
    state = game.new_game(params, seats, seed)
    for index, (seat, notation) in enumerate(actions):
        try:
            state, _ = game.apply(state, seat, notation)
        except EngineError as error:
            raise RefusedMove(index, seat, notation, error) from error
    return state
