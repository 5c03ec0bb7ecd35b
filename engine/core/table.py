"""What every game on the turn flow shares beyond the flow itself: the state's bookkeeping (the task stack, the
steps, what the last step changed, the table's recent events, copying on write) and its JSON form, the context
that keeps that bookkeeping, and the contract's methods that follow from them.

A game's state is a slotted dataclass that derives from `TableState` and declares only its own fields; its JSON
form comes from the field types (see `engine.core.plain`). Its game derives from `TableGame` and names its state
class, its context class and its task codec.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import KW_ONLY, dataclass, field
from typing import Any, ClassVar, Self, TypeVar, cast

from .cloning import Cloneable
from .events import Event
from .flow import Ctx, FlowGame, Task, TaskCodec
from .game import Action, Seat
from .grammar import Grammar
from .plain import from_plain, plain, to_plain
from .views import AwaitView

Item = TypeVar("Item", bound=Cloneable)


@dataclass(slots=True)
class TableState(Cloneable):
    """The bookkeeping of a match's state. A step changes a clone (`clone`, made by `cloning` from the containers
    each game names) and `sealed()` ends the step: the state is only read from then on. A player or a family is
    copied when the step first asks for it (`own`)."""

    _: KW_ONLY
    tasks: list[Task] = field(default_factory=list)               # the turn flow's stack, top last
    steps: int = 0                                                # actions applied so far
    last_changed: list[str] = field(default_factory=list)        # what the last step touched, for the pictures
    log_tail: list[dict[str, Any]] = field(default_factory=list)  # recent public events, for views
    # While a step changes a clone: the places in `own`'s list it has copied already. None: nothing is copied.
    copied: tuple[int, ...] | None = field(default=None, repr=False, compare=False)

    # How `cloning` (which each game's state class wears, naming its own containers) copies the bookkeeping; what the
    # last step changed is shared, as a step's context starts its own list:
    clone_copies: ClassVar[tuple[str, ...]] = ("tasks", "log_tail")
    clone_fresh: ClassVar[dict[str, str]] = {"copied": "()"}  # the clone is the one a step changes

    @property
    def task(self) -> Task | None:
        return self.tasks[-1] if self.tasks else None

    def sealed(self) -> Self:
        """The step is done: from now on the state is only read."""
        self.copied = None
        return self

    def own(self, items: list[Item], i: int) -> Item:
        """`items[i]` to change: in a clone being changed, its own copy (the earlier state keeps the original)."""
        copied = self.copied
        if copied is not None and i not in copied:
            self.copied = (*copied, i)
            items[i] = items[i].clone()
        return items[i]

    # ---- JSON ------------------------------------------------------------------------------------------
    def to_json(self, codec: TaskCodec) -> dict[str, Any]:
        data = to_plain(self, leave_out=_BOOKKEEPING)  # the game's own fields first, as they were always written
        data.update(tasks=[codec.dump(t) for t in self.tasks], steps=self.steps,
                    last_changed=list(self.last_changed), log_tail=plain(self.log_tail))
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any], codec: TaskCodec) -> Self:
        return from_plain(cls, data, leave_out=("tasks", "copied"), tasks=[codec.load(t) for t in data["tasks"]])


_BOOKKEEPING = ("tasks", "steps", "last_changed", "log_tail", "copied")
TS = TypeVar("TS", bound=TableState)


class TableCtx(Ctx[TS]):
    """The context every game uses: each public event also goes to the table's recent log (`log_tail`, the last
    `recent_events` as Message JSON), and `touch` marks what the step changed (`last_changed`) for the pictures."""

    recent_events: ClassVar[int] = 12

    def emitted(self, event: Event) -> None:
        if event.audience is None:
            tail = self.s.log_tail  # the step's own copy (`cloned`): changed in place
            tail.append({"key": event.key, "params": event.params})
            del tail[:-self.recent_events]

    def touch(self, *things: str) -> None:
        """Mark what the step changed: an area, `family:<seat>`, `player:<seat>`, ... (each once, in order)."""
        changed = self.s.last_changed
        for thing in things:
            if thing not in changed:
                changed.append(thing)


TC = TypeVar("TC", bound=TableCtx[Any])


class TableGame(FlowGame[TS, TC]):
    """A game on the turn flow whose state is a `TableState`: a step works on a clone that starts with nothing
    changed, counts as one step, and ends sealed; states go to JSON and back by their field types."""

    state_class: ClassVar[type[TableState]]
    context_class: ClassVar[type[TableCtx[Any]]]
    codec: ClassVar[TaskCodec]
    grammar: ClassVar[Grammar]

    def check_form(self, action: Action) -> None:
        self.grammar.check(action)

    def awaiting(self, state: TS, viewer: Seat | None) -> list[AwaitView]:
        """Every seat asked now and its question, as `viewer` may read it (see `questions`)."""
        return [AwaitView(seat=seat, question=question.to_json()) for seat, question in self.questions(state, viewer)]

    def context(self, state: TS) -> TC:
        c: TC = self.context_class(state.clone())  # type: ignore[assignment]  # cast() adds a call to every step
        c.s.last_changed = []
        return c

    def stepped(self, c: TC) -> None:
        c.s.steps += 1
        c.s.sealed()

    def dump_state(self, state: TS) -> dict[str, Any]:
        return state.to_json(self.codec)

    def load_state(self, data: dict[str, Any]) -> TS:
        return cast(TS, self.state_class.from_json(data, self.codec))
