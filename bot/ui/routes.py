"""Component custom ids: `cs:<match>:<state_id>:<verb>[:<arg>]`.

Everything a click needs is in its id, so buttons keep working after a restart, and the state_id lets
a click on an old board be recognised as stale.
"""

from __future__ import annotations

from dataclasses import dataclass

PREFIX = "cs"
MAX_CUSTOM_ID = 100  # Discord's limit


@dataclass(frozen=True)
class Route:
    match_id: int
    state_id: int
    verb: str
    arg: str | None = None

    @property
    def custom_id(self) -> str:
        parts = [PREFIX, str(self.match_id), str(self.state_id), self.verb]
        if self.arg is not None:
            parts.append(self.arg)
        return ":".join(parts)

    def fits(self) -> bool:
        return len(self.custom_id) <= MAX_CUSTOM_ID


def parse(custom_id: str) -> Route | None:
    parts = custom_id.split(":", 4)
    if len(parts) < 4 or parts[0] != PREFIX or not parts[1].isdigit() or not parts[2].isdigit():
        return None
    return Route(int(parts[1]), int(parts[2]), parts[3], parts[4] if len(parts) == 5 else None)


def step_ref(match_id: int, state_id: int, notation: str, index: int, limit: int = MAX_CUSTOM_ID) -> str:
    """How a component names a step: its notation, or `#index` (into the legal steps) when too long."""
    if len(Route(match_id, state_id, "do", notation).custom_id) <= limit and not notation.startswith("#"):
        return notation
    return f"#{index}"


def resolve_step(ref: str, notations: list[str]) -> str | None:
    if ref.startswith("#"):
        index = ref[1:]
        return notations[int(index)] if index.isdigit() and int(index) < len(notations) else None
    return ref


def offered(notation: str, state_id: int) -> str:
    """A /play autocomplete value: the step and the state it was offered for, so that a retried or repeated
    command never applies twice (a state that moved on refuses it)."""
    return f"{notation}@{state_id}"


def read_offered(value: str) -> tuple[str, int | None]:
    """(notation, state_id) of an autocomplete value; state_id None for a move typed by hand."""
    notation, sep, state = value.strip().rpartition("@")
    if sep and state.isdigit():
        return notation, int(state)
    return value.strip(), None
