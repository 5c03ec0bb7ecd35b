"""A tiny game that implements the engine contract, for testing the generic machinery
(conformance checker, bot, storage) apart from any real game's rules.

Each player holds a secret number; on their turn a player takes 1, 2 or 3 stones from a shared
heap. Whoever takes the last stone scores their secret number; the others score nothing.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from pydantic import BaseModel

from engine.core import Action, Event, Game, GameSpec, Message, Outcome, register
from engine.core.errors import Illegal, Malformed
from engine.core.rng import below, seed_state


class ToyParams(BaseModel):
    heap: int = 7


@dataclass
class ToyState:
    heap: int
    player: int
    secrets: list[int]
    rng: int
    winner: int | None = None
    taken: list[int] = field(default_factory=list)


class ToyView(BaseModel):
    game: str = "toy"
    viewer: int | None
    heap: int
    player: int | None
    taken: list[int]
    secret: int | None


class ToyGame(Game[ToyState]):
    spec = GameSpec(key="toy", title="Toy", min_seats=2, max_seats=4, params_model=ToyParams,
                    has_chance=True, hidden_info=True, colours=("red", "blue", "green", "white"))

    def setup(self, params, seats, seed):
        rng = seed_state(seed)
        secrets = []
        for _ in range(seats):
            rng, value = below(rng, 9)
            secrets.append(value + 1)
        return ToyState(heap=params.heap, player=0, secrets=secrets, rng=rng, taken=[0] * seats)

    def active_seats(self, state):
        return frozenset() if state.winner is not None else frozenset({state.player})

    def legal_actions(self, state, seat):
        if seat not in self.active_seats(state):
            return []
        return [Action.of("take", n) for n in (1, 2, 3) if n <= state.heap]

    def check_form(self, action):
        if action.verb != "take" or len(action.args) != 1 or action.args[0] not in ("1", "2", "3"):
            raise Malformed("core.malformed")

    def step(self, state, seat, action):
        n = int(action.args[0])
        if n > state.heap:
            raise Illegal("core.illegal")
        new = ToyState(**{**asdict(state), "secrets": list(state.secrets), "taken": list(state.taken)})
        new.heap -= n
        new.taken[seat] += n
        events = [Event("core.illegal", {"seat": seat, "n": n})]
        if new.heap == 0:
            new.winner = seat
        else:
            new.player = (seat + 1) % len(state.secrets)
        return new, events

    def view(self, state, seat):
        return ToyView(viewer=seat, heap=state.heap, player=None if state.winner is not None else state.player,
                       taken=list(state.taken), secret=None if seat is None else state.secrets[seat])

    def outcome(self, state):
        if state.winner is None:
            return None
        scores = {s: (state.secrets[s] if s == state.winner else 0) for s in range(len(state.secrets))}
        ranking = sorted(scores, key=lambda s: (-scores[s], s))
        return Outcome(scores=scores, ranking=ranking, breakdown={s: {"stones": scores[s]} for s in scores})

    def describe_action(self, state, seat, action):
        return Message("core.illegal", {"n": action.args[0]})

    def prompt(self, state, seat):
        return Message("core.not_your_turn") if seat in self.active_seats(state) else None

    def dump_state(self, state):
        return asdict(state)

    def load_state(self, data):
        return ToyState(**data)


GAME = register(ToyGame())
