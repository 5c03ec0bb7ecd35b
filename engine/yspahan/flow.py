"""The task stack a Yspahan match moves on: steps that wait on a player, drivers that move by themselves.

(The same shape as Al-Rashid's; it gives way to the shared turn flow of engine/core once that lands.)
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.events import Event
from engine.core.game import Action
from engine.core.messages import Message

from . import words as w
from .state import State, Task


class Refusal(Exception):
    def __init__(self, key: str, **params: Any):
        super().__init__(key)
        self.key, self.params = key, params


class Ctx:
    """One step in progress: the (already cloned) state and the events it produces."""

    def __init__(self, state: State):
        self.s = state
        self.events: list[Event] = []

    def emit(self, key: str, audience: int | None = None, reveals: bool = False, **params: Any) -> None:
        event = Event(f"yspahan.ev.{key}", params, None if audience is None else frozenset({audience}), reveals)
        self.events.append(event)
        if audience is None:
            self.s.log_tail = [*self.s.log_tail[-11:], event.message.to_json()]

    def touch(self, *things: str) -> None:
        for thing in things:
            if thing not in self.s.last_changed:
                self.s.last_changed.append(thing)

    def who(self, seat: int) -> dict[str, Any]:
        return w.player(self.s, seat)

    def pop(self) -> Task:
        return self.s.tasks.pop()

    def replace(self, task: Task) -> None:
        self.s.tasks[-1] = task

    def push(self, *tasks: Task) -> None:
        """Push tasks so that the first one given is asked first."""
        self.s.tasks.extend(reversed(tasks))

    def find(self, kind: str) -> int:
        for i in range(len(self.s.tasks) - 1, -1, -1):
            if self.s.tasks[i].kind == kind:
                return i
        raise LookupError(kind)


class Step:
    """A kind of task. Options are the candidates the rules allow; `refusal` says why one is not."""

    kind: ClassVar[str]
    auto: ClassVar[bool] = False
    # A verb that only ends the task: when it is the sole option there is nothing to ask.
    only_a_way_out: ClassVar[str | None] = None

    def candidates(self, s: State, t: Task) -> list[Action]:
        return []

    def refusal(self, s: State, t: Task, a: Action) -> None:
        """Raise `Refusal` naming the rule when `a` is not allowed now."""

    def allows(self, s: State, t: Task, a: Action) -> bool:
        try:
            self.refusal(s, t, a)
        except Refusal:
            return False
        return True

    def options(self, s: State, t: Task) -> list[Action]:
        out = [a for a in self.candidates(s, t) if self.allows(s, t, a)]
        return [] if len(out) == 1 and out[0].verb == self.only_a_way_out else out

    def has_options(self, s: State, t: Task) -> bool:
        return any(a.verb != self.only_a_way_out and self.allows(s, t, a) for a in self.candidates(s, t))

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        raise NotImplementedError

    def run(self, c: Ctx, t: Task) -> None:
        raise NotImplementedError

    def on_empty(self, c: Ctx, t: Task) -> None:
        """No option is left: the task ends by itself."""
        c.pop()

    def question(self, s: State, t: Task) -> Message:
        return Message(f"yspahan.ask.{self.kind}", self.question_params(s, t))

    def public_question(self, s: State, t: Task) -> Message:
        """The question as the other players may read it (without the asked player's private details)."""
        return self.question(s, t)

    def question_params(self, s: State, t: Task) -> dict[str, Any]:
        return {"player": w.player(s, t.seat)}


STEPS: dict[str, Step] = {}


def step(cls: type[Step]) -> type[Step]:
    STEPS[cls.kind] = cls()
    return cls
