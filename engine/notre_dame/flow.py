"""The turn flow: a stack of tasks, each a question to one player or a driver that moves the game on.

Tasks marked `parallel` at the top of the stack are asked at the same time, one per seat (the draft): every
seat answers its own in any order, and the flow moves on when the last is answered.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.events import Event
from engine.core.messages import Message

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
        event = Event(f"notre_dame.ev.{key}", params, None if audience is None else frozenset({audience}), reveals)
        self.events.append(event)
        if audience is None:
            self.s.log_tail = [*self.s.log_tail[-11:], event.message.to_json()]

    def touch(self, *things: str) -> None:
        for thing in things:
            if thing not in self.s.last_changed:
                self.s.last_changed.append(thing)

    # ---- the task stack ------------------------------------------------------------------------
    def _index(self, task: Task) -> int:
        return max(i for i, t in enumerate(self.s.tasks) if t == task)

    def pop(self, task: Task) -> None:
        del self.s.tasks[self._index(task)]

    def replace(self, task: Task, new: Task) -> None:
        self.s.tasks[self._index(task)] = new

    def push(self, *tasks: Task) -> None:
        """Push tasks so that the first one given is asked first."""
        self.s.tasks.extend(reversed(tasks))

    def push_parallel(self, tasks: list[Task]) -> None:
        """Tasks asked at the same time, one per seat."""
        self.s.tasks.extend(t.but(parallel=True) for t in tasks)


def asked(s: State) -> list[Task]:
    """The tasks waiting on players now: the top task, or every parallel task at the top."""
    if not s.tasks:
        return []
    if not s.tasks[-1].data.get("parallel"):
        return [s.tasks[-1]]
    run = []
    for task in reversed(s.tasks):
        if not task.data.get("parallel"):
            break
        run.append(task)
    return sorted(run, key=lambda t: t.seat)


def task_of(s: State, seat: int) -> Task | None:
    return next((t for t in asked(s) if t.seat == seat), None)


class Step:
    """A kind of task. Options are the candidates the rules allow; `refusal` says why one is not."""

    kind: ClassVar[str]
    auto: ClassVar[bool] = False

    def candidates(self, s: State, t: Task) -> list[Any]:
        return []

    def refusal(self, s: State, t: Task, a: Any) -> None:
        """Raise `Refusal` naming the rule when `a` is not allowed now."""

    def allows(self, s: State, t: Task, a: Any) -> bool:
        try:
            self.refusal(s, t, a)
        except Refusal:
            return False
        return True

    def options(self, s: State, t: Task) -> list[Any]:
        return [a for a in self.candidates(s, t) if self.allows(s, t, a)]

    def has_options(self, s: State, t: Task) -> bool:
        return any(self.allows(s, t, a) for a in self.candidates(s, t))

    def do(self, c: Ctx, t: Task, a: Any) -> None:
        raise NotImplementedError

    def run(self, c: Ctx, t: Task) -> None:
        raise NotImplementedError

    def on_empty(self, c: Ctx, t: Task) -> None:
        """No option is left: the task ends by itself."""
        c.pop(t)

    def question(self, s: State, t: Task) -> Message:
        raise NotImplementedError

    def public_question(self, s: State, t: Task) -> Message:
        """The question as the other players may read it (without the asked player's private details)."""
        return self.question(s, t)
