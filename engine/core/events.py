"""What happened, in player terms. Events feed logs, notifications and replays."""

from __future__ import annotations

from typing import Any, NamedTuple

from .messages import Message


class Event(NamedTuple):
    """One thing that happened. A named tuple: a step makes several, a tuple is the quickest to make, and it
    never changes once made."""

    key: str
    params: dict[str, Any]
    # None: everybody may read it. Otherwise only these seats (e.g. the tile a player drew).
    audience: frozenset[int] | None = None
    # True when the step drew at random or showed hidden information: it cannot be undone.
    reveals: bool = False

    @property
    def message(self) -> Message:
        return Message(self.key, self.params)

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def text(self, locale: str = "en") -> str:
        return self.message.text(locale)

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "params": self.params,
            "audience": sorted(self.audience) if self.audience is not None else None,
            "reveals": self.reveals,
        }
