"""The toy game as a package with its own `ai` module, to test how heuristics are found."""

from tests.support.toy_game import ToyGame


class NimToy(ToyGame):
    pass


GAME = NimToy()
