"""A perfect player of the toy game: leave the others a multiple of four stones."""

from engine.core import Action


class NimPlayer:
    name = "heuristic"

    def choose(self, game, state, seat, rng):
        take = state.heap % 4 or rng.randint(1, min(3, state.heap))
        return Action.of("take", take)


HEURISTIC = NimPlayer()
