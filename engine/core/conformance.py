"""A reusable conformance checker: does a game keep the engine contract?

`check_game(game, seats, seeds)` plays one seeded random match per seed to the end and checks, along
the way and at the end, what every game must honour (docs/architecture.md, "The engine"):

- `new_game` is deterministic for a seed; `apply` is deterministic and pure (the given state's
  `dump_state` JSON is unchanged);
- every active seat has 1..25 legal actions, listed the same way twice, without duplicates; a seat that
  is not active has none; every legal action applies without error;
- JSON round trip: `json.dumps(dump_state)` → `load_state` → `dump_state` is the same text, and the
  loaded state plays on exactly like the original;
- replay: a new game from the seed plus the logged notations reaches the very same final state;
- notation: `parse_action(format_action(a)) == a` for every legal action, notations are distinct;
- refusals: fuzzed notations and actions that `legal_actions` does not offer are refused with
  `Malformed` or `Illegal` (never another exception, never accepted); a seat that is not active gets
  `NotYourTurn` (even for gibberish: the order is game over → not your turn → malformed → illegal);
  after the end everything gets `GameOver`;
- `outcome()` is None until the match is over, then scores and ranks every seat;
- every active seat has a `prompt()`, every legal action a `describe_action()` label, seats that are not
  active have no prompt; every Message key used by prompts, labels, events and refusals exists in the
  English and Italian catalogues (`engine.core.messages.has_key`), nested Messages included;
- views: `view(state, None)` and `view(state, seat)` are JSON-serialisable pydantic models;
- no leaks, for games with hidden information that provide the optional hook below.

The hidden-information hook (optional, on the game object)::

    def perturb_hidden(self, state, rng: random.Random) -> tuple[State, Iterable[Seat]] | None

returns a *new* state (the given one unchanged) that differs from `state` only in information the
public table cannot see -- e.g. face-down tile values swapped, a draw pile reordered, the RNG moved on,
another tile in someone's hand -- together with the seats entitled to see some of what changed (the
owner of a changed hand, a player who looked at a changed face-down tile). It returns None when the
state hides nothing worth perturbing. The new state must be one the same public history could have led
to, so play can go on from it. The checker then asserts, for the public table and for every seat *not*
entitled: identical views, identical legal actions, prompts and action labels; and, when the next move
reveals nothing (no event with `reveals=True`), that the same move from both states again gives
identical views and identical visible events. A perturbation that changes nothing is itself a failure
(it would prove nothing).

Expensive checks run on every `Checks.every`-th step (the cheap ones on every step); everything is
seeded, so a failure is reproducible from the seed and step in its message.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any, NoReturn

from pydantic import BaseModel

from .errors import EngineError, GameOver, Illegal, Malformed, NotYourTurn
from .events import Event
from .game import Action, Game, Seat
from .messages import Message, has_key

MAX_OPTIONS = 25  # a Discord select holds at most 25 options


class ConformanceError(AssertionError):
    """A broken promise of the engine contract: which check, where, and what was seen."""

    def __init__(self, check: str, detail: str, *, seed: int | None = None, step: int | None = None):
        self.check, self.detail, self.seed, self.step = check, detail, seed, step
        where = "" if seed is None else f" (seed {seed}, step {step})"
        super().__init__(f"{check}{where}: {detail}")


@dataclass(frozen=True)
class Checks:
    """How thoroughly `check_game` looks. The defaults check everything on every step."""

    every: int = 1                # deep checks (JSON, views, leaks, labels, fuzz, apply-all) every k-th step
    fuzz: int = 12                # mutated notations tried per seat and deep step
    max_options: int = MAX_OPTIONS
    max_steps: int = 50_000       # a match longer than this is taken as never ending
    locales: tuple[str, ...] = ("en", "it")
    breakdown_sums: bool = True   # each seat's breakdown adds up to its score
    specific_refusals: bool = False  # Illegal must name a rule: the generic "core.illegal" is refused


@dataclass
class Report:
    """What `check_game` checked, so a test can tell that a check really ran."""

    games: int = 0
    steps: int = 0
    deep_steps: int = 0
    actions_applied: int = 0      # every legal action tried, besides the moves played
    refusals: int = 0             # bad actions correctly refused
    hidden_checks: int = 0        # perturbations of hidden information compared
    message_keys: set[str] = field(default_factory=set)

    def add(self, other: Report) -> None:
        for name in ("games", "steps", "deep_steps", "actions_applied", "refusals", "hidden_checks"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.message_keys |= other.message_keys


def check_game(game: Game[Any], seats: int, seeds: Iterable[int], *, params: Any = None,
               checks: Checks = Checks()) -> Report:
    """Play one seeded random match per seed and check the contract throughout. Raises ConformanceError."""
    total = Report()
    for seed in seeds:
        total.add(check_playout(game, seats, seed, params=params, checks=checks))
    return total


def check_playout(game: Game[Any], seats: int, seed: int, *, params: Any = None,
                  checks: Checks = Checks()) -> Report:
    """One seeded random match to its end, checked step by step; then the end and the replay."""
    run = _Run(game, checks, seed)
    with run.checking("new_game"):
        state = check_new_game(game, params, seats, seed)
    log: list[tuple[Seat, str]] = []
    while True:
        with run.checking("active_seats"):
            active = game.active_seats(state)
        if not active:
            break
        if run.step >= checks.max_steps:
            run.fail("ends", f"no end after {checks.max_steps} steps")
        deep = run.step % checks.every == 0
        with run.checking("legal_actions"):
            legal = check_legal_actions(game, state, seats, checks.max_options, twice=deep)
        with run.checking("outcome"):
            check_outcome_pending(game, state)
        seat = run.rng.choice(sorted(active))
        action = run.rng.choice(legal[seat])
        if deep:
            dumped = _dump(game, state)
            run.deep_checks(state, seats, active, legal, dumped)
        with run.checking("apply"):
            new, events = game.apply(state, seat, action)
        with run.checking("events"):
            check_events(events, run.report.message_keys, checks.locales)
        if deep:
            new_dumped = _dump(game, new)
            with run.checking("apply_deterministic"):
                check_apply_deterministic(game, state, seat, action, new, result_dumped=new_dumped)
            with run.checking("json_round_trip"):
                check_json_round_trip(game, state, seat, action, new, dumped=dumped, result_dumped=new_dumped)
            with run.checking("hidden"):
                run.report.hidden_checks += check_hidden(game, state, seats, run.probe, seat=seat, action=action,
                                                         events=events, dumped=dumped)
        log.append((seat, game.format_action(action)))
        state = new
        run.step += 1
    run.report.steps += run.step
    run.report.games += 1
    with run.checking("outcome"):
        check_final(game, state, seats, checks.breakdown_sums)
    with run.checking("game_over"):
        check_game_over(game, state, seats, log, run.report.message_keys, checks.locales)
    with run.checking("replay"):
        check_replay(game, params, seats, seed, log, state)
    return run.report


class _Run:
    """The bookkeeping of one checked playout: seed, step, rngs, report; failures get located."""

    def __init__(self, game: Game[Any], checks: Checks, seed: int):
        self.game, self.checks, self.seed, self.step = game, checks, seed, 0
        self.rng = random.Random(seed)                 # the moves played: the same whatever is checked
        self.probe = random.Random(f"probe-{seed}")    # fuzzing and perturbations
        self.report = Report()
        self.tokens: set[str] = set()

    def fail(self, check: str, detail: str) -> NoReturn:
        raise ConformanceError(check, detail, seed=self.seed, step=self.step)

    @contextmanager
    def checking(self, check: str) -> Iterator[None]:
        """Any failure or unexpected exception inside becomes a ConformanceError located at seed and step."""
        try:
            yield
        except ConformanceError as error:
            raise ConformanceError(error.check, error.detail, seed=self.seed, step=self.step) from error
        except Exception as error:  # the contract promises no other exception: name it and where
            raise ConformanceError(check, f"raised {type(error).__name__}: {error}",
                                   seed=self.seed, step=self.step) from error

    def deep_checks(self, state: Any, seats: int, active: frozenset[Seat], legal: dict[Seat, list[Action]],
                    dumped: str) -> None:
        game, report, checks = self.game, self.report, self.checks
        keys, locales = report.message_keys, checks.locales
        report.deep_steps += 1
        with self.checking("notation"):
            for action in legal_union(legal):
                check_notation(game, action)
                self.tokens.update(game.format_action(action).split())
        with self.checking("views"):
            check_views(game, state, seats)
        with self.checking("prompt"):
            check_prompts(game, state, seats, legal, keys, locales)
        with self.checking("apply_all"):
            report.actions_applied += check_apply_all(game, state, legal, keys, locales, dumped=dumped)
        with self.checking("not_your_turn"):
            report.refusals += check_not_your_turn(game, state, seats, active, legal, keys, locales)
        vocabulary = sorted(self.tokens)
        for seat in sorted(active):
            candidates = mutated_notations(game, legal[seat], vocabulary, self.probe, checks.fuzz)
            with self.checking("refusals"):
                report.refusals += check_refusals(game, state, seat, legal[seat], candidates, keys, locales,
                                                  checks.specific_refusals)


# ---- the named checks: each raises ConformanceError (or lets a contract-breaking exception escape) ----

def check_new_game(game: Game[Any], params: Any, seats: int, seed: int) -> Any:
    """A new game is deterministic for its seed. Returns the new state."""
    state = game.new_game(params, seats, seed)
    again = game.new_game(params, seats, seed)
    if _dump(game, state) != _dump(game, again):
        raise ConformanceError("new_game", f"two new games with seed {seed} differ")
    return state


def check_legal_actions(game: Game[Any], state: Any, seats: int, max_options: int = MAX_OPTIONS,
                        twice: bool = True) -> dict[Seat, list[Action]]:
    """Active seats have 1..max_options distinct actions (`twice`: the same list twice); other seats none."""
    active = game.active_seats(state)
    legal: dict[Seat, list[Action]] = {}
    for seat in range(seats):
        actions = game.legal_actions(state, seat)
        if seat not in active:
            if actions:
                _fail("legal_actions", f"seat {seat} is not active but has legal actions {_show(actions)}")
            continue
        if not actions:
            _fail("legal_actions", f"active seat {seat} has no legal action")
        if len(actions) > max_options:
            _fail("legal_actions", f"seat {seat} has {len(actions)} options, more than {max_options}")
        if len(set(actions)) != len(actions):
            _fail("legal_actions", f"seat {seat} has duplicate actions {_show(actions)}")
        if twice and game.legal_actions(state, seat) != actions:
            _fail("legal_actions", f"seat {seat}: two calls list different actions")
        legal[seat] = actions
    return legal


def check_notation(game: Game[Any], action: Action) -> None:
    """format_action then parse_action gives the action back."""
    text = game.format_action(action)
    if not isinstance(text, str) or not text.strip():
        _fail("notation", f"{action!r} formats to {text!r}")
    back = game.parse_action(text)
    if back != action:
        _fail("notation", f"{action!r} formats to {text!r}, which parses to {back!r}")


def check_views(game: Game[Any], state: Any, seats: int) -> None:
    """Every seat's view and the public one are JSON-serialisable pydantic models."""
    for seat in (None, *range(seats)):
        view = game.view(state, seat)
        if not isinstance(view, BaseModel):
            _fail("views", f"view for seat {seat} is a {type(view).__name__}, not a pydantic model")
        view.model_dump_json()


def check_prompts(game: Game[Any], state: Any, seats: int, legal: dict[Seat, list[Action]],
                  keys: set[str] | None = None, locales: Sequence[str] = ("en", "it")) -> None:
    """Active seats are asked a question and every legal action has a label; others are asked nothing."""
    for seat in range(seats):
        question = game.prompt(state, seat)
        if seat not in legal:
            if question is not None:
                _fail("prompt", f"seat {seat} is not active but is asked {question.key!r}")
            continue
        if not isinstance(question, Message):
            _fail("prompt", f"active seat {seat} is asked {question!r}, not a Message")
        check_message(question, keys, locales, "prompt")
        for action in legal[seat]:
            label = game.describe_action(state, seat, action)
            if not isinstance(label, Message):
                _fail("prompt", f"describe_action({action!r}) gave {label!r}, not a Message")
            check_message(label, keys, locales, "describe_action")


def check_apply_all(game: Game[Any], state: Any, legal: dict[Seat, list[Action]],
                    keys: set[str] | None = None, locales: Sequence[str] = ("en", "it"),
                    *, dumped: str | None = None) -> int:
    """Every legal action of every active seat applies; none of it changes the given state.

    `dumped`, here and below, is the state's dump_state JSON when the caller has it already.
    """
    before = dumped or _dump(game, state)
    tried = 0
    for seat, actions in legal.items():
        for action in actions:
            try:
                _, events = game.apply(state, seat, action)
            except EngineError as error:
                _fail("apply_all", f"legal action {game.format_action(action)!r} of seat {seat} "
                      f"was refused: {error.message.key}")
            check_events(events, keys, locales)
            tried += 1
    if _dump(game, state) != before:
        _fail("apply_pure", "applying the legal actions changed the state they were applied to")
    return tried


def check_apply_deterministic(game: Game[Any], state: Any, seat: Seat, action: Action, result: Any,
                              *, result_dumped: str | None = None) -> None:
    """Applying the same action again gives the same state (`check_apply_all` checks purity)."""
    again, _ = game.apply(state, seat, action)
    if _dump(game, again) != (result_dumped or _dump(game, result)):
        _fail("apply_deterministic", f"applying {game.format_action(action)!r} twice gave different states")


def check_json_round_trip(game: Game[Any], state: Any, seat: Seat | None = None, action: Action | None = None,
                          result: Any = None, *, dumped: str | None = None, result_dumped: str | None = None) -> Any:
    """dump → JSON text → load → dump is the same text; with an action, the loaded state plays on alike."""
    text = dumped or _dump(game, state)
    loaded = game.load_state(json.loads(text))
    loaded_text = _dump(game, loaded)
    if loaded_text != text:
        _fail("json_round_trip", f"the state changes through JSON: {_first_difference(text, loaded_text)}")
    if action is not None:
        assert seat is not None, "an action needs the seat that plays it"
        after, _ = game.apply(loaded, seat, action)
        expected, got = result_dumped or _dump(game, result), _dump(game, after)
        if got != expected:
            _fail("json_round_trip", f"{game.format_action(action)!r} from the state loaded from JSON "
                  f"gives another state than from the original: {_first_difference(expected, got)}")
    return loaded


def check_hidden(game: Game[Any], state: Any, seats: int, rng: random.Random, *, seat: Seat | None = None,
                 action: Action | None = None, events: list[Event] | None = None, dumped: str | None = None) -> bool:
    """Perturb hidden information and compare what the public and non-entitled seats see.

    Returns False when the game has no hook or nothing to perturb here. With `action` (played by `seat`
    from `state`, giving `events`), also follows the move through when it reveals nothing.
    """
    perturb = getattr(game, "perturb_hidden", None)
    if perturb is None:
        return False
    before = dumped or _dump(game, state)
    result = perturb(state, rng)
    if result is None:
        return False
    other, entitled = result[0], frozenset(result[1])
    if _dump(game, state) != before:
        _fail("hidden", "perturb_hidden changed the state it was given")
    if _dump(game, other) == before:
        _fail("hidden", "perturb_hidden returned an identical state: the check would prove nothing")
    blind = [None, *(s for s in range(seats) if s not in entitled)]
    _same_for(game, state, other, blind, "")
    if action is None or events is None or seat is None or any(e.reveals for e in events) or seat in entitled:
        return True
    after, seen = game.apply(state, seat, action)
    try:
        after_other, seen_other = game.apply(other, seat, action)
    except EngineError as error:
        _fail("hidden", f"{game.format_action(action)!r} is refused ({error.message.key}) once hidden "
              "information changed: the move depends on something the mover cannot see")
    for viewer in blind:
        if [e.to_json() for e in seen if e.visible_to(viewer)] != \
                [e.to_json() for e in seen_other if e.visible_to(viewer)]:
            who = "the public table" if viewer is None else f"seat {viewer}"
            _fail("hidden", f"after {game.format_action(action)!r}, {who} reads different events "
                  "although nothing was revealed")
    _same_for(game, after, after_other, blind, f" after {game.format_action(action)!r} (nothing revealed)")
    return True


def _same_for(game: Game[Any], state: Any, other: Any, viewers: Sequence[Seat | None], when: str) -> None:
    for viewer in viewers:
        mine, theirs = game.view(state, viewer).model_dump(mode="json"), game.view(other, viewer).model_dump(mode="json")
        if mine != theirs:
            who = "the public view" if viewer is None else f"seat {viewer}'s view"
            _fail("hidden", f"{who} changes with hidden information it may not see{when}: "
                  f"{_first_difference(mine, theirs)}")
        if viewer is None:
            continue
        actions = game.legal_actions(state, viewer)
        if actions != game.legal_actions(other, viewer):
            _fail("hidden", f"seat {viewer}'s legal actions change with hidden information{when}")
        if game.prompt(state, viewer) != game.prompt(other, viewer):
            _fail("hidden", f"seat {viewer}'s prompt changes with hidden information{when}")
        for action in actions:
            if game.describe_action(state, viewer, action) != game.describe_action(other, viewer, action):
                _fail("hidden", f"the label of {game.format_action(action)!r} for seat {viewer} changes "
                      f"with hidden information{when}")


def check_not_your_turn(game: Game[Any], state: Any, seats: int, active: frozenset[Seat],
                        legal: dict[Seat, list[Action]], keys: set[str] | None = None,
                        locales: Sequence[str] = ("en", "it")) -> int:
    """Seats that are not active (and seats that do not exist) get NotYourTurn, even for gibberish."""
    sample = next(iter(legal[min(legal)]))
    tries = 0
    for seat in (*range(seats), seats, -1):
        if seat in active:
            continue
        for attempt in (sample, game.format_action(sample), "?? not a move ??"):
            check_message(_expect(game, state, seat, attempt, (NotYourTurn,), "not_your_turn").message,
                          keys, locales, "refusal")
            tries += 1
    return tries


def check_refusals(game: Game[Any], state: Any, seat: Seat, legal: Sequence[Action], candidates: Iterable[str | Action],
                   keys: set[str] | None = None, locales: Sequence[str] = ("en", "it"),
                   specific: bool = False) -> int:
    """Each candidate that is not a legal action is refused with Malformed or Illegal. Returns the refusals."""
    offered = set(legal)
    refused = 0
    for candidate in candidates:
        if isinstance(candidate, str):
            try:
                parsed = game.parse_action(candidate)
            except Malformed as error:
                check_message(error.message, keys, locales, "refusal")
                parsed = None
        else:
            parsed = candidate
        if parsed is not None and parsed in offered:
            continue
        refusal = _expect(game, state, seat, candidate, (Malformed, Illegal), "refusals")
        check_message(refusal.message, keys, locales, "refusal")
        if specific and isinstance(refusal, Illegal) and refusal.message.key == Illegal.default_key:
            _fail("refusals", f"{_show_one(candidate)} is refused without naming the rule (core.illegal)")
        refused += 1
    return refused


def check_outcome_pending(game: Game[Any], state: Any) -> None:
    if game.outcome(state) is not None:
        _fail("outcome", "outcome() gives a result while seats are still to act")


def check_final(game: Game[Any], state: Any, seats: int, breakdown_sums: bool = True) -> None:
    """The ended match scores and ranks every seat, consistently."""
    result = game.outcome(state)
    if result is None:
        _fail("outcome", "no seat is active but outcome() is None: the match is stuck")
    everyone = set(range(seats))
    if set(result.scores) != everyone:
        _fail("outcome", f"scores for seats {sorted(result.scores)}, expected {sorted(everyone)}")
    if sorted(result.ranking) != sorted(everyone):
        _fail("outcome", f"ranking {result.ranking} is not an order of every seat")
    points = [result.scores[s] for s in result.ranking]
    if points != sorted(points, reverse=True):
        _fail("outcome", f"ranking {result.ranking} does not follow the scores {result.scores}")
    if set(result.breakdown) != everyone:
        _fail("outcome", f"a breakdown for seats {sorted(result.breakdown)}, expected {sorted(everyone)}")
    if breakdown_sums:
        for seat in everyone:
            if sum(result.breakdown[seat].values()) != result.scores[seat]:
                _fail("outcome", f"seat {seat}'s breakdown {result.breakdown[seat]} does not add up "
                      f"to {result.scores[seat]}")
    json.dumps(result.to_json())
    for seat in (None, *range(seats)):
        game.view(state, seat).model_dump_json()


def check_game_over(game: Game[Any], state: Any, seats: int, log: Sequence[tuple[Seat, str]] = (),
                    keys: set[str] | None = None, locales: Sequence[str] = ("en", "it")) -> int:
    """After the end nobody acts and every attempt, even gibberish, is refused with GameOver: the last moves
    played, as their notation and as the actions that were applied."""
    last = [notation for _, notation in log[-3:]]
    attempts: list[str | Action] = ["?? not a move ??", *last, *(game.parse_action(notation) for notation in last)]
    tries = 0
    for seat in range(seats):
        if game.legal_actions(state, seat):
            _fail("game_over", f"seat {seat} still has legal actions after the end")
        if game.prompt(state, seat) is not None:
            _fail("game_over", f"seat {seat} is still asked something after the end")
        for attempt in attempts:
            check_message(_expect(game, state, seat, attempt, (GameOver,), "game_over").message,
                          keys, locales, "refusal")
            tries += 1
    return tries


def check_replay(game: Game[Any], params: Any, seats: int, seed: int, log: Sequence[tuple[Seat, str]],
                 final: Any) -> None:
    """A new game from the seed plus the logged notations reaches exactly the final state."""
    state = game.new_game(params, seats, seed)
    for index, (seat, notation) in enumerate(log):
        try:
            state, _ = game.apply(state, seat, notation)
        except EngineError as error:
            _fail("replay", f"move {index} ({seat}, {notation!r}) is refused on replay: {error.message.key}")
    if _dump(game, state) != _dump(game, final):
        _fail("replay", f"replaying {len(log)} moves gives another state: "
              f"{_first_difference(_dump(game, final), _dump(game, state))}")


def check_events(events: Any, keys: set[str] | None = None, locales: Sequence[str] = ("en", "it")) -> None:
    if not isinstance(events, list):
        _fail("events", f"apply returned {type(events).__name__} events, not a list")
    for event in events:
        if not isinstance(event, Event):
            _fail("events", f"{event!r} is not an Event")
        check_message(event.message, keys, locales, "event")
        json.dumps(event.to_json())


def check_message(message: Message, keys: set[str] | None = None, locales: Sequence[str] = ("en", "it"),
                  where: str = "message") -> None:
    """The key of the message and of every Message nested in its parameters exists in each locale."""
    for key in message_keys(message):
        if keys is not None and key in keys:
            continue
        missing = [locale for locale in locales if not has_key(key, locale)]
        if missing:
            _fail("messages", f"the {where} key {key!r} is missing from the {', '.join(missing)} catalogue")
        if keys is not None:
            keys.add(key)


def message_keys(message: Message | dict[str, Any]) -> Iterator[str]:
    """The key of a Message (or its JSON form) and of every Message nested in its parameters."""
    if isinstance(message, dict):
        message = Message.from_json(message)
    yield message.key
    stack = list(message.params.values())
    while stack:
        value = stack.pop()
        if isinstance(value, Message) or (isinstance(value, dict) and set(value) == {"key", "params"}):
            yield from message_keys(value)
        elif isinstance(value, (list, tuple)):
            stack.extend(value)


# ---- fuzzing ----------------------------------------------------------------------------------

GIBBERISH = ("", "   ", "?", "!!", "ñ ß 名", "x" * 300, "99999999999999999999", "-1", "none", "\x00")


def mutated_notations(game: Game[Any], legal: Sequence[Action], vocabulary: Sequence[str], rng: random.Random,
                      count: int) -> list[str | Action]:
    """Near misses of the legal notations: tokens dropped, added, swapped or nudged, plus gibberish.

    `vocabulary` is every token seen in legal notations so far, so swaps make well-formed but illegal
    actions, which is where the rules (not the grammar) must refuse.
    """
    notations = [game.format_action(a).split() for a in legal]
    vocabulary = list(vocabulary) or ["x"]
    out: list[str | Action] = [rng.choice(GIBBERISH)]
    while len(out) < count:
        tokens = list(rng.choice(notations))
        kind = rng.randrange(6)
        if kind == 0 and tokens:
            del tokens[rng.randrange(len(tokens))]
        elif kind == 1:
            tokens.insert(rng.randrange(len(tokens) + 1), rng.choice(vocabulary))
        elif kind == 2 and tokens:
            tokens[rng.randrange(len(tokens))] = rng.choice(vocabulary)
        elif kind == 3 and tokens:
            i = rng.randrange(len(tokens))
            tokens[i] = _nudge(tokens[i], rng)
        elif kind == 4:
            tokens = tokens[: rng.randrange(len(tokens) + 1)] + rng.choice(notations)
        elif tokens:
            # the same mistakes handed over as Action objects, which skip parse_action
            out.append(Action(tokens[0], tuple(_nudge(t, rng) for t in tokens[1:])) if len(tokens) > 1
                       else Action(tokens[0], (rng.choice(vocabulary),)))
            continue
        out.append(" ".join(tokens))
    return out


def _nudge(token: str, rng: random.Random) -> str:
    if token.lstrip("-").isdigit():
        return str(int(token) + rng.choice((-1, 1, 10, -100)))
    return rng.choice((token + "x", token[:-1], token.upper() + "?", "0"))


def legal_union(legal: dict[Seat, list[Action]]) -> list[Action]:
    return sorted({a for actions in legal.values() for a in actions})


# ---- helpers ----------------------------------------------------------------------------------

def _dump(game: Game[Any], state: Any) -> str:
    return json.dumps(game.dump_state(state), sort_keys=True)


def _expect(game: Game[Any], state: Any, seat: Seat, attempt: str | Action, allowed: tuple[type[EngineError], ...],
            check: str) -> EngineError:
    names = " or ".join(t.__name__ for t in allowed)
    try:
        game.apply(state, seat, attempt)
    except allowed as error:
        return error
    except EngineError as error:
        _fail(check, f"seat {seat} playing {_show_one(attempt)} got {type(error).__name__}, expected {names}")
    except Exception as error:
        _fail(check, f"seat {seat} playing {_show_one(attempt)} raised {type(error).__name__}: {error}, "
              f"expected {names}")
    _fail(check, f"seat {seat} playing {_show_one(attempt)} was accepted, expected {names}")
    raise AssertionError("unreachable")


def _fail(check: str, detail: str) -> NoReturn:
    raise ConformanceError(check, detail)


def _show(actions: Sequence[Action]) -> str:
    text = ", ".join(a.notation() for a in actions[:6])
    return f"[{text}{', …' if len(actions) > 6 else ''}]"


def _show_one(attempt: str | Action) -> str:
    text = attempt if isinstance(attempt, str) else f"Action{(attempt.verb, *attempt.args)!r}"
    return repr(text[:60])


def _first_difference(a: Any, b: Any) -> str:
    """A short pointer to where two JSON texts or JSON values first differ."""
    if isinstance(a, str) and isinstance(b, str):
        with suppress(ValueError):
            a, b = json.loads(a), json.loads(b)
    path = _diff_path(a, b, "")
    return f"first difference at {path or 'the top'}"


def _diff_path(a: Any, b: Any, path: str) -> str | None:
    if type(a) is not type(b):
        return path
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}"
            found = _diff_path(a[key], b[key], f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path} (length {len(a)} vs {len(b)})"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = _diff_path(x, y, f"{path}[{i}]")
            if found is not None:
                return found
        return None
    return None if a == b else path
