"""Interactions the fake sends (slash commands, components, autocomplete, modals) and what came back."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .model import EPHEMERAL, FakeChannel, FakeMessage, FakeUser, snowflake

if TYPE_CHECKING:
    from .core import FakeDiscord

# Interaction types and callback types (https://discord.com/developers/docs/interactions/receiving-and-responding).
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
OPTION_TYPES = {"SUB_COMMAND": 1, "SUB_COMMAND_GROUP": 2, "STRING": 3, "INTEGER": 4, "BOOLEAN": 5, "USER": 6,
                "CHANNEL": 7, "ROLE": 8, "MENTIONABLE": 9, "NUMBER": 10, "ATTACHMENT": 11}


@dataclass(eq=False)
class Callback:
    """One POST /interactions/{id}/{token}/callback the bot made."""

    type: int
    data: dict[str, Any]
    after: float
    """Seconds between dispatching the interaction and this callback arriving."""
    status: int
    """The HTTP status the fake answered (204/200 = accepted; 404 = injected 10062...)."""

    @property
    def ephemeral(self) -> bool:
        return bool((self.data.get("flags") or 0) & EPHEMERAL)


@dataclass(eq=False)
class InteractionHandle:
    """One interaction the test sent, and everything the bot did with it.

    `callbacks` are the callback requests (normally exactly one); `original` is the message the response
    created or updated (@original); `followups` the messages sent with the interaction's webhook token;
    `timeline` lists ("callback" | "webhook <METHOD> <route>", seconds after dispatch) in arrival order.
    """

    fake: FakeDiscord
    id: int
    type: int
    token: str
    user: FakeUser
    channel: FakeChannel
    payload: dict[str, Any]
    application_id: int
    command_name: str | None = None
    source_message: FakeMessage | None = None
    dispatched_at: float = field(default_factory=time.monotonic)
    callbacks: list[Callback] = field(default_factory=list)
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    timeline: list[tuple[str, float]] = field(default_factory=list)
    source_edits_at_ack: int = 0
    answer_failed: bool = False  # an edit or follow-up of this interaction was answered with an error
    choices_sent: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    expired: bool = False
    """Set by `fake.expire(handle)`: the token is dead, as 15 minutes after dispatch on Discord."""

    # -- state ---------------------------------------------------------------------------------------
    @property
    def callback(self) -> Callback | None:
        """The first callback, if the bot made one."""
        return self.callbacks[0] if self.callbacks else None

    @property
    def acknowledged(self) -> bool:
        """The bot answered the interaction (a callback Discord accepted)."""
        return any(c.status < 300 for c in self.callbacks)

    @property
    def acknowledged_first(self) -> bool:
        """Acknowledged, and before anything else was done with this interaction's token."""
        accepted = [c.after for c in self.callbacks if c.status < 300]
        webhook_uses = [after for what, after in self.timeline if what.startswith("webhook")]
        return bool(accepted) and (not webhook_uses or min(accepted) <= min(webhook_uses))

    @property
    def ack_delay(self) -> float | None:
        """Seconds from dispatch to the first callback (for reports; tests must not assert on it)."""
        return self.callback.after if self.callback else None

    @property
    def ephemeral(self) -> bool:
        return self.callback is not None and self.callback.ephemeral

    @property
    def deferred(self) -> bool:
        return self.callback is not None and self.callback.type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE)

    @property
    def messages(self) -> list[FakeMessage]:
        """The original response (if any) followed by the follow-ups."""
        return ([self.original] if self.original else []) + self.followups

    def _note(self, what: str) -> float:
        after = time.monotonic() - self.dispatched_at
        self.timeline.append((what, after))
        return after

    def age(self) -> float:
        return time.monotonic() - self.dispatched_at

    # -- waiting -------------------------------------------------------------------------------------
    async def response(self, timeout: float = 5.0) -> Callback:
        """Wait for the first callback."""
        await self.fake.wait_for(lambda: self.callback is not None, timeout=timeout,
                                 what=f"a response to interaction {self.describe()}")
        assert self.callback is not None
        return self.callback

    @property
    def waits_after_deferred_update(self) -> bool:
        """A click answered "I will update this message" whose update (an edit, or a message instead) has not
        come: the bot is still working on it, however long a busy machine keeps it from sending anything."""
        cb = self.callback
        if cb is None or cb.type != DEFERRED_UPDATE or self.original is None:
            return False
        return not (self.original.edits > self.source_edits_at_ack or self.original.deleted or self.followups
                    or self.answer_failed)

    async def reply(self, timeout: float = 5.0) -> FakeMessage:
        """Wait for the response message with its content filled in (after a deferral, the first edit).

        For a component interaction answered with UPDATE_MESSAGE / DEFERRED_UPDATE this is the updated
        source message; for a deferral the reply is complete once @original is no longer loading.
        """
        def ready() -> bool:
            cb = self.callback
            if cb is None or self.original is None:
                return False
            if cb.type == DEFERRED_UPDATE:  # done once the clicked message changed (by any route)
                return self.original.edits > self.source_edits_at_ack or self.original.deleted
            return not self.original.loading

        await self.fake.wait_for(ready, timeout=timeout, what=f"the reply to {self.describe()}")
        assert self.original is not None
        return self.original

    async def followup(self, index: int = 0, timeout: float = 5.0) -> FakeMessage:
        """Wait for the follow-up number `index` (0 = first)."""
        await self.fake.wait_for(lambda: len(self.followups) > index, timeout=timeout,
                                 what=f"follow-up #{index} of {self.describe()}")
        return self.followups[index]

    async def choices(self, timeout: float = 5.0) -> list[dict[str, Any]]:
        """Wait for the autocomplete result and return its choices ({"name", "value"} dicts)."""
        await self.fake.wait_for(lambda: self.choices_sent is not None, timeout=timeout,
                                 what=f"autocomplete choices for {self.describe()}")
        assert self.choices_sent is not None
        return self.choices_sent

    async def wait(self, predicate: Callable[[InteractionHandle], bool], timeout: float = 5.0) -> None:
        await self.fake.wait_for(lambda: predicate(self), timeout=timeout, what=f"a condition on {self.describe()}")

    def describe(self) -> str:
        what = {APPLICATION_COMMAND: f"/{self.command_name}", AUTOCOMPLETE: f"autocomplete /{self.command_name}",
                MESSAGE_COMPONENT: f"component {self.payload['data'].get('custom_id')!r}",
                MODAL_SUBMIT: f"modal {self.payload['data'].get('custom_id')!r}"}[self.type]
        return f"{what} by {self.user.name} (#{self.id})"


def new_token() -> str:
    return "fake-interaction-" + secrets.token_urlsafe(24)


def new_interaction_id() -> int:
    return snowflake()
