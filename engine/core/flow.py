"""The shared turn flow: every decision a small step, asked by a stack of tasks.

A match's state keeps a stack of tasks (`state.tasks`, top last). A task is a frozen dataclass (made with
`task`) whose fields are its typed payload, and whose class says what it does:

- `Ask`: one seat must choose one of a few options (each a small `Action`; at most 25 at a time).
  `candidates` lists what might be chosen, `refuse` raises `Illegal` naming the rule that forbids one
  now; the options are the candidates nothing refuses. `do` carries the choice out.
- `Drive`: moves the game on by itself (resolves an area, deals a round) by pushing, replacing or
  popping tasks.
- `Parallel`: several seats choose at once and in private (a draft). Each seat has its own branch, a
  little stack of tasks of its own; a seat whose branch is empty has chosen and is no longer active.
  When the last branch empties, `join` resolves every choice together.

`FlowGame` implements `active_seats`, `legal_actions`, `step`, `prompt` and `describe_action` from the
stack: after every step it runs drivers and drops asks left without options until some seat must decide;
when the stack is empty it calls the game's `proceed`, which starts whatever comes next (a round, a phase)
or says that the match is over.

Tasks never change once made (`revise` makes a changed copy), so cloning a state copies only the list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import MISSING, Field, dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar, cast, dataclass_transform

from .errors import Illegal, NotYourTurn
from .events import Event
from .game import Action, Game, Picks, Seat
from .messages import Message


class Task:
    """Something the game waits on or must still do. Subclasses are frozen dataclasses, made with `task`."""

    kind: ClassVar[str]  # its name in dumps; unique within a game

    def to_data(self, codec: TaskCodec) -> dict[str, Any]:
        """The payload as JSON data: every field but `seat`, in declared order; `later()` fields only once set."""
        data: dict[str, Any] = {}
        for f in _payload_fields(type(self)):
            value = getattr(self, f.name)
            if value is None and f.metadata.get("later"):
                continue
            data[f.name] = _to_json(value)
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any], codec: TaskCodec) -> dict[str, Any]:
        """Constructor arguments from `to_data`'s output (JSON lists become tuples)."""
        return {name: _from_json(value) for name, value in data.items()}


T = TypeVar("T", bound=Task)
TaskClass = TypeVar("TaskClass", bound=type[Task])


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(field,))
def task(cls: TaskClass) -> TaskClass:
    """Make a task class: a frozen dataclass whose fields are given by name. A step makes a task or two, so its
    `__init__` fills the new task's dict in one go rather than setting each field through `object.__setattr__` as a
    frozen dataclass's does."""
    dataclass(frozen=True, kw_only=True)(cls)
    params, values = [], []
    namespace: dict[str, Any] = {"set_attribute": object.__setattr__}
    for f in fields(cls):  # type: ignore[arg-type]  # a dataclass by now
        if not f.init or f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: a task's fields are given or have a plain default")
        if f.default is MISSING:
            params.append(f.name)
        else:
            namespace[f"default_{f.name}"] = f.default
            params.append(f"{f.name}=default_{f.name}")
        values.append(f"{f.name!r}: {f.name}")
    source = (f"def __init__(self{', *, ' if params else ''}{', '.join(params)}):\n"
              f"    set_attribute(self, '__dict__', {{{', '.join(values)}}})")
    exec(source, namespace)  # noqa: S102 (the source is made of the class's own field names)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", init)  # noqa: B010 (a faster __init__ of the same signature)
    return cls


if TYPE_CHECKING:
    from dataclasses import replace as replace  # re-exported: type checkers see the standard function
else:
    def replace(task: T, /, **changes: Any) -> T:
        """`dataclasses.replace` for tasks, several times faster (tasks are rebuilt on almost every step):
        a copy of the frozen task with `changes`. Type checkers see the standard function, and so check the names
        of the fields changed (`Ctx.revise`, whose changes they cannot see, checks its own)."""
        new = object.__new__(type(task))
        object.__setattr__(new, "__dict__", {**task.__dict__, **changes})
        return new


def later() -> Any:
    """A field filled in as the task goes on: None until then, and left out of the dump while None."""
    return field(default=None, metadata={"later": True})


class FlowState(Protocol):
    """What the turn flow needs of a game's state."""

    tasks: list[Task]

    def clone(self) -> Self: ...


S = TypeVar("S", bound=FlowState)
C = TypeVar("C", bound="Ctx[Any]")  # the game's context: `Ctx` or its own subclass with helpers


@task
class Ask(Task, Generic[S, C]):
    """One seat chooses one option. Options are the candidates that `refuse` lets through."""

    seat: Seat
    # A verb that only ends the task ("end", "done"): when it is the sole option there is nothing to ask.
    only_a_way_out: ClassVar[str | None] = None

    def candidates(self, s: S) -> Sequence[Action]:
        """Everything that might be chosen here, in a fixed order; `refuse` names why one is not allowed."""
        raise NotImplementedError

    # Every candidate is vetted on every step, so an ask may name the rule that forbids one by its key only
    # (`problem`), and make the words a player reads (`problem_params`) only when an action is refused; or it
    # may raise the refusal itself (`refuse`).
    def problem(self, s: S, a: Action) -> str | None:
        """The key of the rule that forbids `a` now, or None."""
        return None

    def problem_params(self, s: S, a: Action, problem: str) -> dict[str, Any]:
        """The words of the refusal `problem` of `a`."""
        return {}

    def refuse(self, s: S, a: Action) -> None:
        """Raise `Illegal` naming the rule when `a` is not allowed now (a player reads it)."""
        problem = self.problem(s, a)
        if problem is not None:
            raise Illegal(problem, **self.problem_params(s, a, problem))

    def allows(self, s: S, a: Action) -> bool:
        if self._names_problems:
            return self.problem(s, a) is None
        try:
            self.refuse(s, a)
        except Illegal:
            return False
        return True

    _names_problems: ClassVar[bool] = True  # its refusals come from `problem`: vetting raises nothing
    _refuses_nothing: ClassVar[bool] = True  # it has no refusal at all: every candidate is an option

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._names_problems = cls.refuse is Ask.refuse
        cls._refuses_nothing = cls._names_problems and cls.problem is Ask.problem

    def options(self, s: S) -> list[Action]:
        if self._refuses_nothing:
            out = list(self.candidates(s))
        elif self._names_problems:  # the common case, without a call to `allows` for every candidate
            problem = self.problem
            out = [a for a in self.candidates(s) if problem(s, a) is None]
        else:
            out = [a for a in self.candidates(s) if self.allows(s, a)]
        return self.unless_only_a_way_out(out)

    def unless_only_a_way_out(self, options: list[Action]) -> list[Action]:
        """The options, or none when the sole one only ends the task: there is nothing to ask."""
        return [] if len(options) == 1 and options[0].verb == self.only_a_way_out else options

    def has_options(self, s: S) -> bool:
        """Is there anything to ask? Stops at the first real option, looking from the end of the list:
        asks tend to list their answers that are always possible (pass, nothing, back) last."""
        way_out = self.only_a_way_out
        return any(a.verb != way_out and self.allows(s, a) for a in reversed(self.candidates(s)))

    def asked(self, s: S) -> list[Action]:
        """The options when there is something to ask, else []: `settle` keeps an ask only with options, and
        lists them in one pass (the next `legal_actions` reads them) unless the ask decides otherwise."""
        if type(self).has_options is not Ask.has_options:  # the ask's own test of whether to ask
            return self.options(s) if self.has_options(s) else []
        return self.options(s)  # empty exactly when `has_options` is False

    def do(self, c: C, a: Action) -> None:
        """Carry out an allowed choice: change `c.s`, emit events, pop or replace this task."""
        raise NotImplementedError

    def on_empty(self, c: C) -> None:
        """No option is left (e.g. nothing to trade): the task ends by itself."""
        c.pop()

    def question(self, s: S) -> Message:
        """What the seat is asked, in its own words (it may name private details)."""
        raise NotImplementedError

    def public_question(self, s: S) -> Message:
        """The question as the other players may read it (without the asked seat's private details)."""
        return self.question(s)

    def label(self, s: S, a: Action) -> Message | None:
        """A label for one option; None leaves it to the game's `label`."""
        return None

    def picks(self, s: S) -> Picks | None:
        """The answers the seat may give in one go when this question asks again after each (`Picks`)."""
        return None

    def not_offered(self, s: S, a: Action) -> Illegal:
        """The refusal of a well-formed action that this question does not offer at all."""
        return Illegal("core.not_offered", question=self.question(s).to_json())


@task
class Drive(Task, Generic[S, C]):
    """Moves the game on by itself: each `run` pushes, replaces or pops tasks (it must make progress)."""

    def run(self, c: C) -> None:
        raise NotImplementedError


@task
class Parallel(Task, Generic[S, C]):
    """Several seats choose at once, in private. `branches[seat]` is that seat's own stack of tasks (top
    last); it empties when the seat has chosen. When every branch is empty, the task is popped and `join`
    resolves the choices together (e.g. reveals the picks and passes the hands on).

    A branch's asks keep their seat's choice in the state where only that seat's view shows it, and emit
    events with `audience={seat}` until `join` reveals everything at once."""

    branches: Mapping[Seat, tuple[Task, ...]]

    @classmethod
    def of(cls, tasks: Sequence[Ask[Any, Any]], **payload: Any) -> Self:
        """One branch per task, keyed by the task's seat."""
        return cls(branches={t.seat: (t,) for t in tasks}, **payload)

    def waiting(self) -> frozenset[Seat]:
        """The seats that have not finished choosing."""
        return frozenset(seat for seat, branch in self.branches.items() if branch)

    def join(self, c: C) -> None:
        """Every seat has chosen (this task is already popped): resolve the choices together."""
        raise NotImplementedError

    def to_data(self, codec: TaskCodec) -> dict[str, Any]:
        data = super().to_data(codec)
        data["branches"] = [[seat, [codec.dump(t) for t in branch]] for seat, branch in self.branches.items()]
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any], codec: TaskCodec) -> dict[str, Any]:
        args = super().from_data(data, codec)
        args["branches"] = {seat: tuple(codec.load(t) for t in branch) for seat, branch in data["branches"]}
        return args


make_event = tuple.__new__
_FIELD_NAMES: dict[type[Task], frozenset[str]] = {}  # by task class, for `Ctx.revise`


class Ctx(Generic[S]):
    """One step in progress: the (already cloned) state, the events it produces, and the stack of tasks
    it works on — the state's, or one seat's branch while that seat's choice is carried out."""

    event_prefix: ClassVar[str] = ""  # e.g. "al_rashid.ev."

    def __init__(self, state: S):
        self.s = state
        self.events: list[Event] = []
        self.stack: list[Task] = state.tasks
        self.offered: tuple[Ask[Any, Any], list[Action]] | None = None  # the ask `settle` stopped at, its options

    def emit(self, key: str, *, audience: Seat | None = None, reveals: bool = False, **params: Any) -> Event:
        """Record what happened: for everybody, or only for `audience`; `reveals`: it drew at random or
        showed hidden information (it cannot be undone)."""
        # The named tuple made as a tuple, without the Python call of its generated `__new__`: a step emits several.
        event = make_event(Event, (self.event_prefix + key, params, None if audience is None else frozenset((audience,)),
                                   reveals))
        self.events.append(event)
        self.emitted(event)
        return event

    def emitted(self, event: Event) -> None:
        """Called with every event the step emits (e.g. to keep a log of the public ones in the state)."""

    # ---- the task stack ------------------------------------------------------------------------------
    def pop(self) -> Task:
        return self.stack.pop()

    def replace(self, task: Task) -> None:
        """Put `task` in place of the top one (usually a changed copy of it)."""
        self.stack[-1] = task

    def push(self, *tasks: Task) -> None:
        """Push tasks so that the first one given is asked first."""
        self.stack.extend(reversed(tasks))

    def nearest(self, cls: type[T]) -> T:
        """The topmost task of this class (e.g. the driver of the area being resolved)."""
        for task in reversed(self.stack):
            if isinstance(task, cls):
                return task
        raise LookupError(cls.__name__)

    def revise(self, cls: type[T], **changes: Any) -> T:
        """Replace the topmost task of this class by a copy with `changes`; returns the copy. The changes are named
        at run time, where the type check does not see them, so an unknown field is refused here."""
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = frozenset(f.name for f in fields(cls))  # type: ignore[arg-type]  # a dataclass
        unknown = changes.keys() - names
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {sorted(unknown)}")
        for i in range(len(self.stack) - 1, -1, -1):
            task = self.stack[i]
            if isinstance(task, cls):
                new = replace(task, **changes)  # type: ignore[type-var]
                self.stack[i] = new
                return new
        raise LookupError(cls.__name__)

    def count_down(self, task: Task) -> None:
        """One of the task's `n` repetitions is done (a task with a field `n`): ask again, or end it after the last."""
        n: int = getattr(task, "n")  # noqa: B009 (any task with a count)
        if n > 1:
            self.replace(replace(task, n=n - 1))  # type: ignore[type-var]
        else:
            self.pop()

    def branch(self, seat: Seat) -> Branch:
        """Work on `seat`'s branch of the parallel task on top of the state's stack (`with c.branch(seat):`)."""
        return Branch(self, seat)


class Branch:
    """The `with` block of `Ctx.branch` (a class rather than a generator: it opens on almost every step of a draft)."""

    __slots__ = ("c", "seat")

    def __init__(self, c: Ctx[Any], seat: Seat):
        self.c, self.seat = c, seat

    def __enter__(self) -> None:
        c = self.c
        parallel = c.s.tasks[-1]
        assert isinstance(parallel, Parallel) and c.stack is c.s.tasks, "branches do not nest"
        c.stack = list(parallel.branches[self.seat])

    def __exit__(self, *exception: object) -> None:
        c = self.c
        branch, c.stack = tuple(c.stack), c.s.tasks
        current = c.s.tasks[-1]
        assert isinstance(current, Parallel)
        if branch != current.branches[self.seat]:  # settling the others' branches mostly changes nothing
            c.s.tasks[-1] = replace(current, branches={**current.branches, self.seat: branch})


class FlowGame(Game[S], Generic[S, C]):
    """A game whose state keeps a stack of tasks: the contract's turn methods come from the stack.

    A game implements `proceed` (what starts when nothing is pending), `label` (an option's words), and
    may override `context` (its own `Ctx` subclass with helpers) and `stepped` (bookkeeping after a step).
    """

    # ---- hooks ---------------------------------------------------------------------------------------
    def proceed(self, c: C) -> bool:
        """The stack is empty: start what comes next (push tasks, change phase). False: the match is over."""
        raise NotImplementedError

    def label(self, state: S, action: Action) -> Message:
        """The words of an option, unless its ask gives its own (`Ask.label`)."""
        raise NotImplementedError

    def context(self, state: S) -> C:
        """A step's context on a copy of `state` (the given state is never changed)."""
        return cast(C, Ctx(state.clone()))

    def stepped(self, c: C) -> None:
        """After a player's step and everything it set in motion (e.g. count the steps)."""

    # ---- the contract, from the stack --------------------------------------------------------------
    def asking(self, state: S, seat: Seat) -> Ask[S, C] | None:
        """The ask `seat` must answer now, if any."""
        if not state.tasks:
            return None
        top = state.tasks[-1]
        if isinstance(top, Ask):
            return top if top.seat == seat else None
        if isinstance(top, Parallel):
            branch = top.branches.get(seat)
            ask = branch[-1] if branch else None
            return ask if isinstance(ask, Ask) else None
        return None

    def active_seats(self, state: S) -> frozenset[Seat]:
        if not state.tasks:
            return frozenset()
        top = state.tasks[-1]
        if isinstance(top, Ask):
            return frozenset((top.seat,))
        if isinstance(top, Parallel):
            return top.waiting()
        return frozenset()

    # The options last listed, for the step that usually follows: (state, ask, options), the options never changed
    # (a caller gets a copy). States are never changed once made, so a step on the same state and ask need not
    # check its action again.
    _offered: tuple[Any, Ask[Any, Any], Sequence[Action]] | None = None
    # The options `settle` listed on the state the last step returned, for its `legal_actions`.
    _settled: tuple[Any, Ask[Any, Any], Sequence[Action]] | None = None

    def legal_actions(self, state: S, seat: Seat) -> list[Action]:
        settled = self._settled
        if settled is not None and settled[0] is state:  # its ask is the one on top of the state's stack
            return list(settled[2]) if settled[1].seat == seat else []
        ask = self.asking(state, seat)
        if ask is None:
            return []
        options = ask.options(state)
        self._offered = (state, ask, tuple(options))  # a copy: the caller may change its list
        return options

    def prompt(self, state: S, seat: Seat) -> Message | None:
        ask = self.asking(state, seat)
        return ask.question(state) if ask is not None else None

    def picks(self, state: S, seat: Seat) -> Picks | None:
        ask = self.asking(state, seat)
        return ask.picks(state) if ask is not None else None

    def questions(self, state: S, viewer: Seat | None) -> list[tuple[Seat, Message]]:
        """Every active seat and its question as `viewer` may read it (its own in full, the others' public)."""
        out = []
        for seat in sorted(self.active_seats(state)):
            ask = self.asking(state, seat)
            if ask is not None:
                out.append((seat, ask.question(state) if seat == viewer else ask.public_question(state)))
        return out

    def describe_action(self, state: S, seat: Seat, action: Action) -> Message:
        ask = self.asking(state, seat)
        own = ask.label(state, action) if ask is not None else None
        return own if own is not None else self.label(state, action)

    def apply(self, state: S, seat: Seat, action: Action | str) -> tuple[S, list[Event]]:
        # An option just listed for this seat passes the contract's checks: it is well formed, and its seat is asked
        # something, so active, and the match goes on (nobody is asked once it is over: the conformance checks).
        offered = self._offered
        if offered is not None and offered[0] is state and offered[1].seat == seat and action in offered[2]:
            return self.answer(state, seat, offered[1], action, listed=True)  # type: ignore[arg-type]  # an Action
        # Otherwise the same checks in one look at the stack for an action already found well formed.
        if isinstance(action, Action) and action in self._well_formed:
            ask = self.asking(state, seat)
            if ask is not None:
                return self.answer(state, seat, ask, action)
        return super().apply(state, seat, action)

    def step(self, state: S, seat: Seat, action: Action) -> tuple[S, list[Event]]:
        ask = self.asking(state, seat)
        if ask is None:
            raise NotYourTurn()
        return self.answer(state, seat, ask, action)

    def answer(self, state: S, seat: Seat, ask: Ask[S, C], action: Action, listed: bool = False) -> tuple[S, list[Event]]:
        """`seat` answers `ask`, the question on top for it, with a well-formed `action`; `listed`: one of the options
        just listed for it (not looked for among them again)."""
        offered = self._offered
        if not listed and (offered is None or offered[0] is not state or offered[1] is not ask
                           or action not in offered[2]):
            if action not in ask.candidates(state):
                raise ask.not_offered(state, action)
            ask.refuse(state, action)
        c = self.context(state)
        if isinstance(c.s.tasks[-1], Parallel):
            with c.branch(seat):
                ask.do(c, action)
        else:
            ask.do(c, action)
        self.advance(c)
        self.stepped(c)
        if c.offered is not None:  # the ask on top, where `advance` stopped
            self._settled = self._offered = (c.s, *c.offered)
        return c.s, c.events

    # ---- the driver loop ---------------------------------------------------------------------------
    def advance(self, c: C) -> None:
        """Run drivers and drop asks without options until some seat must decide or the match is over."""
        while True:
            settle(c)
            if c.s.tasks or not self.proceed(c):
                return


def settle(c: Ctx[Any]) -> None:
    """Work on `c.stack` until an ask with options is on top (someone must decide) or it is empty."""
    stack = c.stack
    while stack:
        top = stack[-1]
        if isinstance(top, Ask):
            if stack is not c.s.tasks:  # a seat's branch: the other branches may still change the state
                if top.has_options(c.s):
                    return
            elif options := top.asked(c.s):
                c.offered = (top, options)
                return
            top.on_empty(c)
        elif isinstance(top, Parallel):
            for seat in sorted(top.branches):
                if top.branches[seat]:  # an empty branch has nothing to settle
                    with c.branch(seat):
                        settle(c)
            joined = stack[-1]
            assert isinstance(joined, Parallel)
            if joined.waiting():
                return
            stack.pop()
            joined.join(c)
        elif isinstance(top, Drive):
            top.run(c)
        else:
            raise TypeError(f"{type(top).__name__} is neither an Ask, a Drive nor a Parallel task")


# ---- dumping tasks ----------------------------------------------------------------------------------

class TaskCodec:
    """Tasks to JSON and back: `{"kind": ..., "seat": ..., "data": {payload}}`; a JSON list is a tuple in a
    task. `no_seat` is what a driver or a parallel task writes as its seat."""

    def __init__(self, *classes: type[Task], no_seat: int | None = None):
        self.classes = {cls.kind: cls for cls in classes}
        if len(self.classes) != len(classes):
            raise ValueError("two task classes share a kind")
        self.no_seat = no_seat

    def dump(self, task: Task) -> dict[str, Any]:
        seat = task.seat if isinstance(task, Ask) else self.no_seat
        return {"kind": task.kind, "seat": seat, "data": task.to_data(self)}

    def load(self, data: Mapping[str, Any]) -> Task:
        cls = self.classes[data["kind"]]
        args = cls.from_data(data["data"], self)
        if issubclass(cls, Ask):
            args["seat"] = data["seat"]
        return cls(**args)


_FIELDS: dict[type[Task], tuple[Field[Any], ...]] = {}


def _payload_fields(cls: type[Task]) -> tuple[Field[Any], ...]:
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = tuple(f for f in fields(cls) if f.name not in ("seat", "branches"))  # type: ignore[arg-type]
    return found


def _to_json(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_to_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _to_json(v) for k, v in value.items()}
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    if isinstance(value, dict):
        return {k: _from_json(v) for k, v in value.items()}
    return value
