"""What happened, in player terms. Events feed logs, notifications and replays."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .messages import Message


@dataclass(frozen=True, slots=True)
class Event:
    key: str
    params: dict[str, Any] = field(default_factory=dict)
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
