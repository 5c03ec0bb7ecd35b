"""A game's notation: each verb and what its arguments may be, so that `check_form` reads an action without the
rules (`Malformed` names what it cannot read, in the game's words `<game>.malformed.verb` and `.args`)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

from .errors import Malformed
from .game import Action

# One argument: the words it may be, or a test of it (a count: `str.isdigit`).
Argument = Collection[str] | Callable[[str], bool]
# A verb: one rule per argument, or a test of all its arguments at once (a verb of varying length).
Shape = Sequence[Argument] | Callable[[tuple[str, ...]], bool]


class Grammar:
    def __init__(self, game: str, verbs: Mapping[str, Shape]):
        self.game, self.verbs = game, verbs  # `game`: the prefix of the game's message keys

    def check(self, action: Action) -> None:
        """Raise `Malformed` unless the action fits the notation."""
        shape = self.verbs.get(action.verb)
        if shape is None:
            raise Malformed(f"{self.game}.malformed.verb", verb=action.verb)
        if not _fits(shape, action.args):
            raise Malformed(f"{self.game}.malformed.args", verb=action.verb, notation=action.notation())


def _fits(shape: Shape, args: tuple[str, ...]) -> bool:
    if callable(shape):
        return shape(args)
    return len(args) == len(shape) and all(
        rule(value) if callable(rule) else value in rule for value, rule in zip(args, shape, strict=True))
