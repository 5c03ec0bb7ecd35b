"""The fake gateway: one websocket endpoint speaking Discord's gateway protocol (v10, JSON, no compression).

Sessions outlive connections, as on Discord: every dispatched event is kept in its session's log with its
sequence number, so a client that RESUMEs gets what it missed, then RESUMED. Writes go through one queue
per connection, so dispatching is synchronous for callers and frames leave in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .core import FakeDiscord

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, RECONNECT, REQUEST_MEMBERS = 0, 1, 2, 3, 6, 7, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11
GUILD_MEMBERS_INTENT = 1 << 1
GUILD_MESSAGES_INTENT = 1 << 9
DIRECT_MESSAGES_INTENT = 1 << 12


@dataclass(eq=False)
class Connection:
    ws: web.WebSocketResponse
    transport: asyncio.BaseTransport | None
    path: str
    outbox: asyncio.Queue[Any] = field(default_factory=asyncio.Queue)
    session: Session | None = None


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    shard: list[int]
    seq: int = 0
    log: list[tuple[int, str]] = field(default_factory=list)
    connection: Connection | None = None


class Gateway:
    """Gateway endpoint plus the levers tests pull (reconnect, invalid session, dropped socket)."""

    def __init__(self, fake: FakeDiscord, *, heartbeat_interval: float) -> None:
        self.fake = fake
        self.heartbeat_interval = heartbeat_interval
        self.session: Session | None = None
        self.connections: list[Connection] = []
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        self.presences: list[dict[str, Any]] = []
        self._established = asyncio.Event()

    # -- public levers --------------------------------------------------------------------------------
    @property
    def connected(self) -> bool:
        s = self.session
        return s is not None and s.connection is not None and not s.connection.ws.closed

    @property
    def intents(self) -> int:
        return self.session.intents if self.session else 0

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a DISPATCH to the current session; kept in its log for replay after a RESUME."""
        session = self.session
        if session is None:
            raise RuntimeError("no bot is connected to the fake gateway (start it with fake.running(client))")
        session.seq += 1
        frame = json.dumps({"op": DISPATCH, "t": event, "s": session.seq, "d": data})
        session.log.append((session.seq, frame))
        if session.connection is not None:
            session.connection.outbox.put_nowait(frame)

    def dispatched(self, event: str) -> list[dict[str, Any]]:
        """The data of every `event` dispatched in the current session, oldest first."""
        if self.session is None:
            return []
        frames = (json.loads(frame) for _, frame in self.session.log)
        return [f["d"] for f in frames if f["t"] == event]

    def notify(self, event: str, data: dict[str, Any]) -> None:
        """Dispatch when a bot is connected (side effects of REST calls); nothing otherwise."""
        if self.session is not None:
            self.dispatch(event, data)

    def expect_reestablished(self) -> asyncio.Event:
        """An event set at the next READY or RESUMED; take it before pulling a lever."""
        self._established = asyncio.Event()
        return self._established

    def send_reconnect(self) -> None:
        self._control(json.dumps({"op": RECONNECT, "d": None}))

    def send_invalid_session(self, *, resumable: bool) -> None:
        self._control(json.dumps({"op": INVALID_SESSION, "d": resumable}))

    def drop(self) -> None:
        """Cut the TCP connection without a close frame (Discord going away abruptly)."""
        self._control(_Abort())

    def close(self, code: int) -> None:
        self._control(_Close(code))

    def _control(self, item: Any) -> None:
        if not self.connected:
            raise RuntimeError("the bot is not connected to the fake gateway")
        assert self.session is not None and self.session.connection is not None
        self.session.connection.outbox.put_nowait(item)

    async def shutdown(self) -> None:
        for conn in list(self.connections):
            conn.outbox.put_nowait(_Close(1001))
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.ws.close(code=1001), 0.5)

    # -- the websocket endpoint -----------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        conn = Connection(ws=ws, transport=request.transport, path=request.path)
        self.connections.append(conn)
        writer = asyncio.create_task(self._write(conn))
        conn.outbox.put_nowait(json.dumps({"op": HELLO, "d": {"heartbeat_interval": int(self.heartbeat_interval * 1000)}}))
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                await self._receive(conn, json.loads(msg.data))
        finally:
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer
            self.connections.remove(conn)
            if conn.session is not None and conn.session.connection is conn:
                conn.session.connection = None
        return ws

    async def _write(self, conn: Connection) -> None:
        while True:
            item = await conn.outbox.get()
            try:
                if isinstance(item, _Abort):
                    if conn.transport is not None:
                        conn.transport.abort()
                    return
                if isinstance(item, _Close):
                    await conn.ws.close(code=item.code)
                    return
                await conn.ws.send_str(item)
            except (ConnectionError, RuntimeError):
                return  # the socket went away; the session log keeps what the client missed

    async def _receive(self, conn: Connection, payload: dict[str, Any]) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            self.heartbeats += 1
            conn.outbox.put_nowait(json.dumps({"op": HEARTBEAT_ACK}))
        elif op == IDENTIFY:
            self._identify(conn, data)
        elif op == RESUME:
            self._resume(conn, data)
        elif op == REQUEST_MEMBERS:
            self._request_members(data)
        elif op == PRESENCE:
            self.presences.append(data)
        else:
            log.debug("fake gateway ignores op %s", op)

    def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        if data.get("token") != self.fake.token:
            conn.outbox.put_nowait(_Close(4004))  # Authentication failed
            return
        self.identifies += 1
        session = Session(id=secrets.token_hex(16), intents=int(data.get("intents", 0)),
                          shard=list(data.get("shard") or [0, 1]))
        self._attach(conn, session)
        fake = self.fake
        self.dispatch("READY", {
            "v": 10, "user": fake.bot.payload() | {"verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in fake.guilds],
            "session_id": session.id, "session_type": "normal",
            "resume_gateway_url": f"{fake.ws_url}/resume", "shard": session.shard,
            "application": {"id": str(fake.application_id), "flags": 0},
            "private_channels": [], "relationships": [], "presences": [], "guild_join_requests": [],
            "geo_ordered_rtc_regions": [], "auth": {}, "user_settings": {}, "_trace": ["fakediscord"],
        })
        for guild in fake.guilds:
            self.dispatch("GUILD_CREATE", fake.guild_create_payload(guild))
        self._established.set()

    def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        session = self.session
        if session is None or data.get("session_id") != session.id or data.get("token") != self.fake.token:
            conn.outbox.put_nowait(json.dumps({"op": INVALID_SESSION, "d": False}))
            return
        self.resumes += 1
        seen = int(data.get("seq") or 0)
        self._attach(conn, session, replay_after=seen)
        self.dispatch("RESUMED", {"_trace": ["fakediscord"]})
        self._established.set()

    def _attach(self, conn: Connection, session: Session, *, replay_after: int | None = None) -> None:
        old = session.connection
        if old is not None and old is not conn:
            old.outbox.put_nowait(_Close(4000))
        conn.session = session
        session.connection = conn
        self.session = session
        if replay_after is not None:
            for seq, frame in session.log:
                if seq > replay_after:
                    conn.outbox.put_nowait(frame)

    def _request_members(self, data: dict[str, Any]) -> None:
        guild = self.fake.guild(int(data["guild_id"]))
        members = list(guild.members.values())
        if data.get("user_ids"):
            wanted = {int(u) for u in data["user_ids"]}
            members = [m for m in members if m.user.id in wanted]
        self.dispatch("GUILD_MEMBERS_CHUNK", {
            "guild_id": str(guild.id), "members": [m.payload() for m in members], "chunk_index": 0,
            "chunk_count": 1, "not_found": [], "nonce": data.get("nonce"),
        })


@dataclass(frozen=True)
class _Close:
    code: int


class _Abort:
    pass
