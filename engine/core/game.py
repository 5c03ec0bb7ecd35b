"""The contract every game implements, and the registry of games.

A game is one `Game` object per package (`GAME`). Its state is plain data that the game can dump
to JSON and load back; everything random comes from an RNG kept inside that state, so a match
replays exactly from its seed and its action log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import GameOver, Malformed, NotYourTurn
from .events import Event
from .messages import Message
from .options import Option, options_of

Seat = int
S = TypeVar("S")


class Action(NamedTuple):
    """One small decision: a verb and its arguments. Its text form is the game's notation. A named tuple:
    options are made, hashed and compared on every step, and a tuple does that fastest."""

    verb: str
    args: tuple[str, ...] = ()

    def notation(self) -> str:
        return " ".join((self.verb, *self.args))

    @classmethod
    def of(cls, *tokens: str | int) -> Action:
        return cls(str(tokens[0]), tuple(str(t) for t in tokens[1:]))


@dataclass(frozen=True)
class Picks:
    """A question that asks again after each answer (every cube of a group, the goods taken, the tiles sent
    into a battle), so that a player may give several answers in one go: up to `most` of `options`, each
    option as many times as it is paired with, each answer one step on the question as it then stands, in
    an order the rules allow; then `close`, the step that ends the question when it does not end by itself
    (a confirm). The options may include answers allowed only after others (a souk started is finished
    first): the steps decide."""

    options: tuple[tuple[Action, int], ...]
    most: int
    close: Action | None = None


class GameSpec(BaseModel):
    key: str
    title: str
    min_seats: int
    max_seats: int
    params_model: type[BaseModel]
    has_chance: bool
    hidden_info: bool
    colours: tuple[str, ...]
    # How a result recorded after a game played face to face (/result record) breaks a tie on points, as the
    # rulebook does: by this quantity (a message key naming it; more is better), then, with
    # `tie_to_turn_order`, by the earlier place in the final turn order. A tie left standing is shared.
    table_tiebreak: str | None = None
    tie_to_turn_order: bool = False

    model_config = {"arbitrary_types_allowed": True, "frozen": True}


@dataclass(frozen=True)
class Outcome:
    """Final result: scores, ranking (best first) with the rulebook's tie-breaks, and a breakdown."""

    scores: dict[Seat, int]
    ranking: list[Seat]
    breakdown: dict[Seat, dict[str, int]]
    # Per seat, the values that broke ties in order (e.g. gold wealth, then turn order position).
    tiebreaks: dict[Seat, tuple[int, ...]] = field(default_factory=dict)
    # Set when a tie on points was decided by a tie-break.
    tiebreak_used: Message | None = None

    def winners(self) -> list[Seat]:
        """The first of the ranking and whoever equals them on points and tie-breaks (a shared victory)."""
        def standing(seat: Seat) -> tuple[int, tuple[int, ...]]:
            return self.scores[seat], self.tiebreaks.get(seat, ())

        return [seat for seat in self.ranking if standing(seat) == standing(self.ranking[0])]

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": {str(k): v for k, v in self.scores.items()},
            "ranking": self.ranking,
            "breakdown": {str(k): v for k, v in self.breakdown.items()},
            "tiebreaks": {str(k): list(v) for k, v in self.tiebreaks.items()},
            "tiebreak_used": self.tiebreak_used.to_json() if self.tiebreak_used else None,
        }


class Game(Generic[S]):
    """Base class of every game. Subclasses implement the hooks below the line."""

    spec: ClassVar[GameSpec]

    # ---- the public contract -------------------------------------------------------------
    def new_game(self, params: BaseModel | dict[str, Any] | None, seats: int, seed: int) -> S:
        if not self.spec.min_seats <= seats <= self.spec.max_seats:
            raise Malformed("core.seat_count", game=self.spec.title, low=self.spec.min_seats,
                            high=self.spec.max_seats, seats=seats)
        return self.setup(self.parse_params(params), seats, seed)

    def parse_params(self, params: BaseModel | dict[str, Any] | None) -> BaseModel:
        """The match's variants and options, validated by the params model; `Malformed` says what is wrong."""
        model = self.spec.params_model
        if isinstance(params, model):
            return params
        try:
            return model.model_validate(params or {})
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(part) for part in first["loc"])
            raise Malformed("core.bad_option", game=self.spec.title, option=where, problem=first["msg"]) from None

    def options(self) -> list[Option]:
        """The variants and options a new match may choose (see `engine.core.options`)."""
        return options_of(self.spec.params_model, self.spec.key)

    def apply(self, state: S, seat: Seat, action: Action | str) -> tuple[S, list[Event]]:
        """Pure: returns a new state; the given state is never changed. Nor is the returned one, by anybody: a
        game may remember what it worked out about it (the turn flow, the options it listed). A position set up
        by hand starts from `new_game` or from a copy (`load_state(dump_state(...))`)."""
        if self.is_over(state):
            raise GameOver()
        if seat not in self.active_seats(state):
            raise NotYourTurn()
        if isinstance(action, str):
            action = self.parse_action(action)
        elif action not in self._well_formed:
            self.check_form(action)
            self._well_formed.add(action)
        return self.step(state, seat, action)

    @cached_property
    def _well_formed(self) -> set[Action]:
        """Actions that passed `check_form` (a pure function of the action): not checked again."""
        return set()

    def parse_action(self, text: str) -> Action:
        tokens = text.strip().lower().split()
        if not tokens:
            raise Malformed("core.empty_action")
        action = Action(tokens[0], tuple(tokens[1:]))
        self.check_form(action)
        return action

    format_action = staticmethod(Action.notation)  # an action's notation, in one call (every step logs one)

    def is_over(self, state: S) -> bool:
        return self.outcome(state) is not None

    def headline(self, state: S) -> Message:
        """The table's status line: where the match stands (e.g. the round, the phase, whose move it is).
        Games say more than this default."""
        return Message("core.headline.over" if self.is_over(state) else "core.headline.playing")

    def turn_goes_on(self, state: S, seat: Seat) -> bool:
        """Whether `seat`'s turn goes on in `state` though it may be waiting for the others: it will be asked again
        in the same turn (Notre Dame's draft: after keeping one of its own cards it keeps one of those passed to
        it). The bot tells of such a question in the message that told of the turn, notifying nobody again, and
        a new round of choices made at once (the next bid) is a new turn. By default every question is a turn."""
        return False

    def news_waits(self, state: S, seat: Seat) -> bool:
        """Whether `seat`'s private news from the others' steps waits for the next message that tells it of a
        turn (or for its next click), instead of coming in a message of its own: in Notre Dame every round opens
        with a draft that each player is told of in a message of their own, so the news at a round's end (the
        plague, with prestige hidden) is shown in the next round's. By default news comes at once."""
        return False

    def questions(self, state: S, viewer: Seat | None) -> list[tuple[Seat, Message]]:
        """Every active seat and its question as `viewer` may read it; the table (None) reads what each player
        must decide. Games on the turn flow ask their tasks; this default tells nothing, which hides nothing."""
        return []

    # ---- hooks each game implements ---------------------------------------------------------
    def setup(self, params: BaseModel, seats: int, seed: int) -> S:
        raise NotImplementedError

    def active_seats(self, state: S) -> frozenset[Seat]:
        raise NotImplementedError

    def legal_actions(self, state: S, seat: Seat) -> list[Action]:
        """Every legal step for this seat, in a deterministic order; at most 25 at a time."""
        raise NotImplementedError

    def step(self, state: S, seat: Seat, action: Action) -> tuple[S, list[Event]]:
        """Apply a well-formed action of an active seat, or raise `Illegal` naming the rule."""
        raise NotImplementedError

    def check_form(self, action: Action) -> None:
        """Raise `Malformed` unless the action fits the notation's grammar."""
        raise NotImplementedError

    def view(self, state: S, seat: Seat | None) -> BaseModel:
        """Everything `seat` may know (`None`: the public table). No other path shows hidden data."""
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def describe_action(self, state: S, seat: Seat, action: Action) -> Message:
        """A short label for a button or a select option."""
        raise NotImplementedError

    def prompt(self, state: S, seat: Seat) -> Message | None:
        """The question `seat` must answer now, or None when it is not asked anything."""
        raise NotImplementedError

    def dump_state(self, state: S) -> dict[str, Any]:
        raise NotImplementedError

    def load_state(self, data: dict[str, Any]) -> S:
        raise NotImplementedError

    def picks(self, state: S, seat: Seat) -> Picks | None:
        """When `seat`'s question asks again after each answer: the answers it may give in one go (`Picks`)."""
        return None


_REGISTRY: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    _REGISTRY[game.spec.key] = game
    return game


def get_game(key: str) -> Game[Any]:
    if key in _REGISTRY:  # the bot asks several times a step: no walk over the packages for a known game
        return _REGISTRY[key]
    _load_builtin_games()
    try:
        return _REGISTRY[key]
    except KeyError:
        raise Malformed("core.unknown_game", game=key, known=sorted(_REGISTRY)) from None


def games() -> dict[str, Game[Any]]:
    _load_builtin_games()
    return dict(_REGISTRY)


def _load_builtin_games() -> None:
    """Register every game package of the engine: each subpackage of `engine` with a `GAME`."""
    import importlib
    import pkgutil

    import engine

    for found in pkgutil.iter_modules(engine.__path__):
        if found.ispkg and found.name != "core":
            game = getattr(importlib.import_module(f"engine.{found.name}"), "GAME", None)
            if isinstance(game, Game) and game.spec.key not in _REGISTRY:
                register(game)
