"""The operator's HTTP endpoint: /health for Docker and load balancers, /metrics for Prometheus."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import TYPE_CHECKING

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from ..storage.records import MatchStatus

if TYPE_CHECKING:
    import discord

    from ..storage import Storage
    from .telemetry import Telemetry

log = logging.getLogger("bot.ops")
DATABASE_TIMEOUT = 3.0
COUNT_EVERY = 15.0  # seconds: counting matches and the outbox reads the database, not on every scrape


class Endpoint:
    def __init__(self, client: discord.Client, storage: Storage, telemetry: Telemetry, host: str, port: int):
        self.client, self.storage, self.telemetry = client, storage, telemetry
        self.host, self.port = host, port
        self._runner: web.AppRunner | None = None
        self._counted_at = -COUNT_EVERY

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/health", self.health)
        app.router.add_get("/metrics", self.metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        try:
            await site.start()
        except OSError as error:  # the bot plays on without its endpoint
            log.warning("health and metrics endpoint not started: cannot listen on %s:%d (%s)",
                        self.host, self.port, error.strerror or error)
            await self.stop()
            return
        log.info("health and metrics on http://%s:%d/health and /metrics", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def bound_port(self) -> int | None:
        """The port actually listened on (useful when the setting asked for any free port, 0)."""
        if self._runner is None or not self._runner.addresses:
            return None
        return int(self._runner.addresses[0][1])

    def gateway_connected(self) -> bool:
        client = self.client
        if not client.is_ready() or client.is_closed():
            return False
        shards = getattr(client, "shards", None)  # a sharded bot: every shard of this process
        if shards:
            return all(not shard.is_closed() for shard in shards.values())
        return client.ws is not None and client.ws.open

    async def database_reachable(self) -> bool:
        try:
            await asyncio.wait_for(self.storage.get_match(0), DATABASE_TIMEOUT)
            return True
        except Exception as error:  # noqa: BLE001 — any failure means not reachable, and says why
            log.warning("health: the database did not answer (%s)", type(error).__name__)
            return False

    async def health(self, request: web.Request) -> web.Response:
        checks = {"gateway": self.gateway_connected(), "database": await self.database_reachable(),
                  "event_loop": self.telemetry.loop_responsive()}
        healthy = all(checks.values())
        return web.Response(text=json.dumps({"healthy": healthy, **checks}), content_type="application/json",
                            status=200 if healthy else 503)

    async def metrics(self, request: web.Request) -> web.Response:
        if time.monotonic() - self._counted_at >= COUNT_EVERY:
            self._counted_at = time.monotonic()
            try:
                storage = self.storage
                self.telemetry.matches_active.set(await storage.count_matches((MatchStatus.RUNNING,)))
                self.telemetry.outbox_backlog.set(await storage.backlog())
                self.telemetry.outbox_dead.set(await storage.dead_letters())
            except Exception as error:  # noqa: BLE001 — the other figures are still worth reading
                log.warning("metrics: could not count matches and the outbox (%s)", type(error).__name__)
        self.telemetry.gateway_connected.set(1 if self.gateway_connected() else 0)
        self.telemetry.refresh()
        return web.Response(body=generate_latest(self.telemetry.registry),
                            headers={"Content-Type": CONTENT_TYPE_LATEST})
