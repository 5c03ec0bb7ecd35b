"""What the bot starts and stops for its operator: the telemetry, the endpoint, the drawing processes."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from . import drawing
from .endpoint import Endpoint
from .telemetry import Telemetry

if TYPE_CHECKING:
    import discord

    from ..settings import Settings
    from ..storage import Storage


class Operations:
    def __init__(self, client: discord.Client, storage: Storage, telemetry: Telemetry, settings: Settings):
        self.telemetry = telemetry
        self.endpoint = Endpoint(client, storage, telemetry, settings.metrics_host, settings.metrics_port) \
            if settings.metrics_port >= 0 else None
        count_actions(storage, telemetry)
        self.render_processes = settings.render_processes

    async def start(self) -> None:
        # Once the database is open and Discord took the token: a bot that cannot start spawns no drawing process.
        await asyncio.to_thread(drawing.configure, self.render_processes)
        self.telemetry.start()
        if self.endpoint is not None:
            await self.endpoint.start()

    async def stop(self) -> None:
        if self.endpoint is not None:
            await self.endpoint.stop()
        await self.telemetry.stop()


def count_actions(storage: Storage, telemetry: Telemetry) -> None:
    """Count every step applied (a save that writes an action-log entry), whoever played it, and time its save."""
    save = storage.save_match

    async def save_match(match: Any, **changes: Any) -> Any:
        began = time.perf_counter()
        saved = await save(match, **changes)
        if changes.get("entry") is not None:
            telemetry.action_applied(time.perf_counter() - began)
        return saved

    storage.save_match = save_match  # type: ignore[method-assign]
