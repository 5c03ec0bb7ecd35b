"""What the bot measures about itself: one log line per interaction, and the figures /metrics exposes.

Nothing here ever reads a value a player chose: an interaction is described by its kind (the command or
the button's verb), its match and step (the state the click was made on), its latency and its outcome (ok,
or the key of the refusal, never its parameters), so the log stays free of hidden information.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import statistics
import time
from collections import deque
from collections.abc import Iterable
from typing import Any

import aiohttp
import discord
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

from engine.core import EngineError

log = logging.getLogger("bot.interaction")

LATENCY_BUCKETS = (0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
LAG_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
WINDOW = 300.0      # seconds of recent latencies the p50/p99 gauges summarise
SAVE_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25)
LAG_PROBE = 0.25    # seconds between two looks at the event loop
RECENT = 10_000     # samples kept for the recent quantiles


def quantile(values: Iterable[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    if len(ordered) == 1:
        return ordered[0]
    return statistics.quantiles(ordered, n=100, method="inclusive")[round(q * 100) - 1]


class Recent:
    """Timestamped samples of the last `window` seconds (at most RECENT of them)."""

    def __init__(self, window: float):
        self.window = window
        self.samples: deque[tuple[float, float]] = deque(maxlen=RECENT)

    def add(self, value: float, now: float | None = None) -> None:
        self.samples.append((time.monotonic() if now is None else now, value))

    def values(self, now: float | None = None) -> list[float]:
        since = (time.monotonic() if now is None else now) - self.window
        while self.samples and self.samples[0][0] < since:
            self.samples.popleft()
        return [v for _, v in self.samples]


class Telemetry:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.interactions = Counter("caravanserai_interactions", "Interactions handled, by kind and outcome",
                                    ["kind", "outcome"], registry=r)
        self.latency = Histogram("caravanserai_interaction_latency_seconds",
                                 "From receiving an interaction to having answered it", buckets=LATENCY_BUCKETS,
                                 registry=r)
        self.latency_recent = Gauge("caravanserai_interaction_latency_recent_seconds",
                                    "Interaction latency quantiles over the last five minutes", ["quantile"],
                                    registry=r)
        self.actions = Counter("caravanserai_actions", "Steps applied to matches (players and AI seats)",
                               registry=r)
        self.step_save = Histogram("caravanserai_step_save_seconds", "Saving a step (one transaction)",
                                   buckets=SAVE_BUCKETS, registry=r)
        self.step_save_recent = Gauge("caravanserai_step_save_recent_seconds",
                                      "Step save quantiles over the last five minutes", ["quantile"], registry=r)
        self.actions_per_minute = Gauge("caravanserai_actions_per_minute", "Steps applied in the last minute",
                                        registry=r)
        self.discord_errors = Counter("caravanserai_discord_errors", "Discord HTTP answers of 400 and above",
                                      ["status"], registry=r)
        self.matches_active = Gauge("caravanserai_matches_active", "Matches running", registry=r)
        self.outbox_backlog = Gauge("caravanserai_outbox_backlog", "Saved changes not yet shown in Discord",
                                    registry=r)
        self.outbox_dead = Gauge("caravanserai_outbox_dead", "Saved changes set aside after failing to reach "
                                 "Discord (their channel gone or closed, or too many failed tries)", registry=r)
        self.loop_lag = Histogram("caravanserai_event_loop_lag_seconds",
                                  "How late the event loop wakes up a task that asked to sleep", buckets=LAG_BUCKETS,
                                  registry=r)
        self.loop_lag_recent = Gauge("caravanserai_event_loop_lag_recent_seconds",
                                     "Event-loop lag quantiles over the last five minutes", ["quantile"], registry=r)
        self.gateway_connected = Gauge("caravanserai_gateway_connected", "1 when the Discord gateway is connected",
                                       registry=r)
        self.recent_latency = Recent(WINDOW)
        self.recent_lag = Recent(WINDOW)
        self.recent_actions = Recent(60.0)
        self.recent_saves = Recent(WINDOW)
        self.last_beat = time.monotonic()
        self._probe: asyncio.Task[None] | None = None

    # ---- interactions ---------------------------------------------------------------------------------
    def interaction_done(self, kind: str, outcome: str, latency: float) -> None:
        self.interactions.labels(kind=kind, outcome=outcome.split(":")[0]).inc()
        self.latency.observe(latency)
        self.recent_latency.add(latency)

    def action_applied(self, save_seconds: float) -> None:
        self.actions.inc()
        self.recent_actions.add(1.0)
        self.step_save.observe(save_seconds)
        self.recent_saves.add(save_seconds)

    # ---- Discord's answers --------------------------------------------------------------------------
    def http_trace(self) -> aiohttp.TraceConfig:
        """Every answer Discord gives, retried 429s and 5xx included (discord.py retries them unseen)."""
        trace = aiohttp.TraceConfig()

        async def on_request_end(session: aiohttp.ClientSession, context: object,
                                 params: aiohttp.TraceRequestEndParams) -> None:
            if params.response.status >= 400:
                self.discord_errors.labels(status=str(params.response.status)).inc()

        trace.on_request_end.append(on_request_end)
        return trace

    # ---- the event loop -----------------------------------------------------------------------------
    def start(self) -> None:
        self._probe = asyncio.create_task(self._watch_loop(), name="event-loop-lag")

    async def stop(self) -> None:
        if self._probe is not None:
            self._probe.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._probe

    async def _watch_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time()
            await asyncio.sleep(LAG_PROBE)
            lag = max(0.0, loop.time() - asked - LAG_PROBE)
            self.loop_lag.observe(lag)
            self.recent_lag.add(lag)
            self.last_beat = time.monotonic()

    def loop_responsive(self, within: float = 5.0) -> bool:
        return time.monotonic() - self.last_beat < within

    # ---- a scrape -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring the windowed gauges up to date (called just before the figures are read)."""
        latencies, lags, saves = self.recent_latency.values(), self.recent_lag.values(), self.recent_saves.values()
        for q in (0.5, 0.99):
            self.latency_recent.labels(quantile=str(q)).set(quantile(latencies, q))
            self.loop_lag_recent.labels(quantile=str(q)).set(quantile(lags, q))
            self.step_save_recent.labels(quantile=str(q)).set(quantile(saves, q))
        self.actions_per_minute.set(len(self.recent_actions.values()))


# ---- one log line per interaction ----------------------------------------------------------------------
# The cogs call these three; what they learn travels on the interaction itself (`extras`), so nothing
# outlives it.

def begin(interaction: discord.Interaction, *, match: int | None = None, step: int | None = None,
          kind: str | None = None) -> None:
    extras = interaction.extras
    extras.setdefault("ops.started", time.monotonic())
    if match is not None:
        extras["ops.match"] = match
    if step is not None:
        extras["ops.step"] = step
    if kind is not None:
        extras["ops.kind"] = kind


def outcome(interaction: discord.Interaction, what: str | BaseException) -> None:
    """Remember how the interaction ended: 'expired', 'stale', or an error (refusals by their key)."""
    if isinstance(what, BaseException):
        what = describe_error(what)
    interaction.extras["ops.outcome"] = what


def describe_error(error: BaseException) -> str:
    """An error as the one error handler saw it (unwrapped from discord.py's invoke errors)."""
    if isinstance(error, EngineError):
        key = error.message.key
        return "stale" if key == "bot.refusal.stale" else f"refused:{key}"
    if isinstance(error, discord.HTTPException):
        return f"discord:{error.status}"
    return f"error:{type(error).__name__}"


def finish(interaction: discord.Interaction) -> None:
    """Write the interaction's line and count it. Once per interaction, whatever calls it again."""
    extras = interaction.extras
    started = extras.pop("ops.started", None)
    if started is None:
        return
    latency = time.monotonic() - started
    fields: dict[str, Any] = {
        "interaction": interaction.id,
        "kind": extras.get("ops.kind") or kind_of(interaction),
        "match": extras.get("ops.match"),
        "step": extras.get("ops.step"),
        "place": interaction.channel_id,
        "latency_ms": round(latency * 1000, 1),
        "outcome": extras.get("ops.outcome", "ok"),
    }
    log.info("interaction %s", logfmt(fields), extra={"ops": fields})
    telemetry: Telemetry | None = getattr(interaction.client, "telemetry", None)
    if telemetry is not None:
        telemetry.interaction_done(fields["kind"], fields["outcome"], latency)


def kind_of(interaction: discord.Interaction) -> str:
    """The command's name (with its subcommand); never its options, which may name a hidden tile."""
    if interaction.type is discord.InteractionType.component:
        return "component"
    return "/" + " ".join(command_path(dict(interaction.data or {}))[0])


def command_path(data: dict[str, Any]) -> tuple[list[str], list[dict[str, Any]]]:
    """A command interaction's names (the command, its subcommand group and subcommand) and the options
    given to the subcommand."""
    name = [str(data.get("name", "?"))]
    options = list(data.get("options") or [])
    while options and options[0].get("type") in (1, 2):  # subcommand (group): its options are inside
        name.append(str(options[0].get("name")))
        options = list(options[0].get("options") or [])
    return name, options


def logfmt(fields: dict[str, Any]) -> str:
    return " ".join(f"{k}={_value(v)}" for k, v in fields.items())


def _value(value: Any) -> str:
    text = "-" if value is None else str(value)
    return f'"{text}"' if " " in text or '"' in text else text
