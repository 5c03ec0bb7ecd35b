"""The fake REST API: every request is recorded, validated, possibly failed on purpose, then answered."""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord
from aiohttp import web

from . import interactions as ix
from .failures import DiscordError, error_response, json_response
from .interactions import Callback, InteractionHandle
from .model import (
    DM,
    EPHEMERAL,
    LOADING,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    FakeAttachment,
    FakeChannel,
    FakeMessage,
    iso_now,
    snowflake,
)
from .validation import Violation, is_empty, limit_problems

if TYPE_CHECKING:
    from .core import FakeDiscord

log = logging.getLogger("tests.fakediscord")

P = discord.Permissions
SEND, SEND_IN_THREADS, VIEW = P(send_messages=True).value, P(send_messages_in_threads=True).value, P(view_channel=True).value
ATTACH, EMBED = P(attach_files=True).value, P(embed_links=True).value
CREATE_PUBLIC, CREATE_PRIVATE = P(create_public_threads=True).value, P(create_private_threads=True).value
MANAGE_THREADS = P(manage_threads=True).value
CHAT_INPUT_COMMAND, REPLY = 20, 19
SENDABLE_FLAGS = (1 << 2) | (1 << 12) | (1 << 15)  # suppress embeds, silent, components v2 (ephemeral: interactions only)


@dataclass(eq=False)
class UploadedFile:
    index: int
    filename: str
    data: bytes
    content_type: str | None


@dataclass(eq=False)
class ApiRequest:
    """One HTTP request the bot made, as the fake saw and answered it."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    """The JSON body (for multipart requests: the parsed payload_json part), or None."""
    files: list[UploadedFile] = field(default_factory=list)
    at: float = field(default_factory=time.monotonic)
    template: str | None = None
    """The OpenAPI path template it matched (None for unknown routes)."""
    status: int = 0
    response: Any = None
    injected: bool = False
    """True when a fail_next rule answered it."""


Handler = Callable[..., Awaitable[tuple[int, Any]]]


class RestAPI:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.routes: list[tuple[str, re.Pattern[str], Handler]] = []
        for method, pattern, handler in [
            ("GET", r"/users/@me", self.get_me),
            ("GET", r"/users/(?P<user_id>\d+)", self.get_user),
            ("POST", r"/users/@me/channels", self.create_dm),
            ("GET", r"/oauth2/applications/@me", self.get_application),
            ("GET", r"/applications/@me", self.get_application),
            ("GET", r"/gateway", self.get_gateway),
            ("GET", r"/gateway/bot", self.get_gateway),
            ("PUT", r"/applications/(?P<app>\d+)(?:/guilds/(?P<guild_id>\d+))?/commands", self.put_commands),
            ("GET", r"/applications/(?P<app>\d+)(?:/guilds/(?P<guild_id>\d+))?/commands", self.get_commands),
            ("POST", r"/applications/(?P<app>\d+)(?:/guilds/(?P<guild_id>\d+))?/commands", self.post_command),
            ("DELETE", r"/applications/(?P<app>\d+)(?:/guilds/(?P<guild_id>\d+))?/commands/(?P<command_id>\d+)",
             self.delete_command),
            ("POST", r"/interactions/(?P<interaction_id>\d+)/(?P<token>[^/]+)/callback", self.callback),
            ("POST", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)", self.followup),
            ("GET", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<message>@original|\d+)",
             self.get_webhook_message),
            ("PATCH", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<message>@original|\d+)",
             self.edit_webhook_message),
            ("DELETE", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<message>@original|\d+)",
             self.delete_webhook_message),
            ("POST", r"/channels/(?P<channel_id>\d+)/messages", self.create_message),
            ("GET", r"/channels/(?P<channel_id>\d+)/messages", self.get_messages),
            ("GET", r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)", self.get_message),
            ("PATCH", r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)", self.edit_message),
            ("DELETE", r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)", self.delete_message),
            ("POST", r"/channels/(?P<channel_id>\d+)/typing", self.typing),
            ("POST", r"/channels/(?P<channel_id>\d+)/threads", self.create_thread),
            ("POST", r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)/threads", self.create_thread),
            ("PUT", r"/channels/(?P<channel_id>\d+)/thread-members/(?P<user_id>@me|\d+)", self.add_thread_member),
            ("DELETE", r"/channels/(?P<channel_id>\d+)/thread-members/(?P<user_id>@me|\d+)",
             self.remove_thread_member),
            ("GET", r"/channels/(?P<channel_id>\d+)", self.get_channel),
            ("PATCH", r"/channels/(?P<channel_id>\d+)", self.edit_channel),
            ("DELETE", r"/channels/(?P<channel_id>\d+)", self.delete_channel),
            ("GET", r"/guilds/(?P<guild_id>\d+)", self.get_guild),
            ("GET", r"/guilds/(?P<guild_id>\d+)/channels", self.get_guild_channels),
            ("GET", r"/guilds/(?P<guild_id>\d+)/roles", self.get_roles),
            ("GET", r"/guilds/(?P<guild_id>\d+)/members/(?P<user_id>\d+)", self.get_member),
        ]:
            self.routes.append((method, re.compile(f"^{pattern}$"), handler))

    # -- plumbing --------------------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        fake = self.fake
        path = "/" + request.match_info["tail"]
        body, files = await _read_body(request)
        record = ApiRequest(method=request.method, path=path, query=dict(request.query), body=body, files=files)
        record.template = fake.spec.template(path)
        fake.requests.append(record)
        problems = self._validate(record)

        rule = fake._take_failure(request.method, path)
        if rule is not None:
            record.injected = True
            response = rule.response(path)
            record.status = response.status
            self._note_interaction_attempt(record)
            return response
        if problems and fake.reject_invalid:
            record.status = 400
            record.response = {"message": "Invalid Form Body", "code": 50035, "errors": {
                "_errors": [{"code": "FAKEDISCORD_VALIDATION", "message": p} for p in problems]}}
            self._note_interaction_attempt(record)
            return json_response(record.response, 400)

        route = self._route(request.method, path)
        if route is None:
            return self._unknown(record)
        handler, params = route
        if not _is_token_route(path) and request.headers.get("Authorization") != f"Bot {fake.token}":
            record.status = 401
            return error_response(401, 0, "401: Unauthorized")
        try:
            status, payload = await handler(record, **params)
        except DiscordError as e:
            record.status, record.response = e.status, e.body()
            self._note_interaction_attempt(record)
            return json_response(e.body(), e.status)
        record.status, record.response = status, payload
        if status == 204:
            return web.Response(status=204)
        return json_response(payload, status)

    def _route(self, method: str, path: str) -> tuple[Handler, dict[str, str]] | None:
        for route_method, pattern, handler in self.routes:
            match = pattern.match(path)
            if route_method == method and match:
                return handler, {k: v for k, v in match.groupdict().items() if v}
        return None

    def _validate(self, record: ApiRequest) -> list[str]:
        if record.body is None:
            return []
        problems = list(_problems(self.fake.spec, record.method, record.template or record.path,
                                  json.dumps(record.body, sort_keys=True)))
        for problem in problems:
            self.violation(record, problem)
        return problems

    def violation(self, record: ApiRequest, problem: str) -> None:
        v = Violation(record.method, record.path, problem)
        log.warning("fakediscord: %s", v)
        self.fake.violations.append(v)

    def _unknown(self, record: ApiRequest) -> web.Response:
        what = f"{record.method} {record.path}"
        log.warning("fakediscord: NO FAKE FOR %s - answered 404; add it to tests/fakediscord/rest.py", what)
        self.fake.unknown_routes.append(what)
        if self.fake.strict_routes:
            self.violation(record, "the fake has no handler for this route (answered 404)")
        record.status = 404
        return error_response(404, 0, "404: Not Found")

    def _note_interaction_attempt(self, record: ApiRequest) -> None:
        """A failed callback, or a failed edit or follow-up after it, still counts as the bot's attempt to answer
        (so `quiet` does not wait on it)."""
        webhook = re.match(r"^/webhooks/\d+/([^/]+)/", record.path)
        if webhook:
            for handle in self.fake.interactions:
                if handle.token == webhook[1]:
                    handle.answer_failed = True
        match = re.match(r"^/interactions/(\d+)/([^/]+)/callback$", record.path)
        if match:
            handle = self.fake.interaction(interaction_id=int(match[1]))
            if handle is not None and handle.token == match[2]:
                after = handle._note("callback")
                body = record.body or {}
                handle.callbacks.append(Callback(type=body.get("type", 0), data=body.get("data") or {},
                                                 after=after, status=record.status))

    # -- users, application, gateway ----------------------------------------------------------------------
    async def get_me(self, record: ApiRequest) -> tuple[int, Any]:
        return 200, self.fake.bot.payload() | {"verified": True, "mfa_enabled": False, "locale": "en-US",
                                               "email": None, "bio": ""}

    async def get_user(self, record: ApiRequest, user_id: str) -> tuple[int, Any]:
        user = self.fake.users.get(int(user_id))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return 200, user.payload()

    async def get_application(self, record: ApiRequest) -> tuple[int, Any]:
        fake = self.fake
        owner = fake.guilds[0].owner if fake.guilds else fake.bot
        return 200, {
            "id": str(fake.application_id), "name": fake.bot.name, "icon": None, "description": "",
            "summary": "", "type": None, "bot_public": True, "bot_require_code_grant": False,
            "verify_key": "0" * 64, "flags": 0, "owner": owner.payload(), "team": None, "bot": fake.bot.payload(),
            "rpc_origins": [], "redirect_uris": [], "interactions_endpoint_url": None,
            "approximate_guild_count": len(fake.guilds), "tags": [], "install_params": None,
            "integration_types_config": {"0": {}}, "hook": True, "is_monetized": False,
        }

    async def get_gateway(self, record: ApiRequest) -> tuple[int, Any]:
        return 200, {"url": self.fake.ws_url, "shards": 1, "session_start_limit": {
            "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}

    async def create_dm(self, record: ApiRequest) -> tuple[int, Any]:
        user = self.fake.users.get(int(record.body["recipient_id"]))
        if user is None:
            raise DiscordError(400, 50035)
        return 200, self.fake.dm_channel(user).payload()

    # -- application commands --------------------------------------------------------------------------
    def _check_app(self, app: str) -> None:
        if int(app) != self.fake.application_id:
            raise DiscordError(403, 50001)

    def _store_command(self, body: dict[str, Any], scope: int | None, existing: list[dict[str, Any]]) -> dict[str, Any]:
        kind = body.get("type", 1)
        previous = next((c for c in existing if c["name"] == body["name"] and c.get("type", 1) == kind), None)
        stored = {
            "id": previous["id"] if previous else str(snowflake()), "application_id": str(self.fake.application_id),
            "version": str(snowflake()), "type": kind, "name": body["name"],
            "description": body.get("description") or "", "options": body.get("options") or [],
            "default_member_permissions": body.get("default_member_permissions"),
            "dm_permission": body.get("dm_permission", True), "nsfw": body.get("nsfw", False),
            "name_localizations": body.get("name_localizations"),
            "description_localizations": body.get("description_localizations"),
            "contexts": body.get("contexts"), "integration_types": body.get("integration_types", [0]),
        }
        if scope is not None:
            stored["guild_id"] = str(scope)
        return stored

    async def put_commands(self, record: ApiRequest, app: str, guild_id: str | None = None) -> tuple[int, Any]:
        self._check_app(app)
        scope = int(guild_id) if guild_id else None
        existing = self.fake.commands.get(scope, [])
        self.fake.commands[scope] = [self._store_command(c, scope, existing) for c in record.body or []]
        return 200, self.fake.commands[scope]

    async def get_commands(self, record: ApiRequest, app: str, guild_id: str | None = None) -> tuple[int, Any]:
        self._check_app(app)
        return 200, self.fake.commands.get(int(guild_id) if guild_id else None, [])

    async def post_command(self, record: ApiRequest, app: str, guild_id: str | None = None) -> tuple[int, Any]:
        self._check_app(app)
        scope = int(guild_id) if guild_id else None
        existing = self.fake.commands.setdefault(scope, [])
        stored = self._store_command(record.body, scope, existing)
        existing[:] = [c for c in existing if c["id"] != stored["id"]] + [stored]
        return 201, stored

    async def delete_command(self, record: ApiRequest, app: str, command_id: str,
                             guild_id: str | None = None) -> tuple[int, Any]:
        self._check_app(app)
        existing = self.fake.commands.setdefault(int(guild_id) if guild_id else None, [])
        if not any(c["id"] == command_id for c in existing):
            raise DiscordError(404, 10063, "Unknown application command")
        existing[:] = [c for c in existing if c["id"] != command_id]
        return 204, None

    # -- interactions ------------------------------------------------------------------------------------
    async def callback(self, record: ApiRequest, interaction_id: str, token: str) -> tuple[int, Any]:
        handle = self.fake.interaction(interaction_id=int(interaction_id))
        if handle is None or handle.token != token:
            raise DiscordError(404, 10062)
        if handle.acknowledged:
            raise DiscordError(400, 40060)
        deadline = self.fake.ack_deadline
        if handle.expired or (deadline is not None and handle.age() > deadline):
            raise DiscordError(404, 10062)  # Discord forgets an interaction not answered within 3 s
        body = record.body or {}
        kind, data = body.get("type"), body.get("data") or {}
        if kind == ix.CHANNEL_MESSAGE:
            self._refuse_empty(record, data, record.files)
        elif kind == ix.UPDATE_MESSAGE and handle.source_message is not None:
            self._refuse_empty(record, data, record.files, handle.source_message)
        allowed = {
            ix.APPLICATION_COMMAND: {4, 5, 9}, ix.MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
            ix.AUTOCOMPLETE: {8}, ix.MODAL_SUBMIT: {4, 5, 6, 7},
        }[handle.type]
        if kind not in allowed:
            self.violation(record, f"callback type {kind} is not valid for a {handle.describe()}")
            raise DiscordError(400, 50035, "Interaction callback type is not valid for this interaction")
        resource: dict[str, Any] = {"type": kind}
        if kind in (ix.CHANNEL_MESSAGE, ix.DEFERRED_CHANNEL_MESSAGE):
            flags = (data.get("flags") or 0) & (EPHEMERAL | SENDABLE_FLAGS)
            if kind == ix.DEFERRED_CHANNEL_MESSAGE:
                flags |= LOADING
            handle.original = self.new_message(
                handle.channel, data if kind == ix.CHANNEL_MESSAGE else {}, record.files, flags=flags,
                interaction=handle,
                type=CHAT_INPUT_COMMAND if handle.type == ix.APPLICATION_COMMAND else REPLY,
            )
            resource["message"] = self.message_payload(handle.original)
        elif kind in (ix.DEFERRED_UPDATE, ix.UPDATE_MESSAGE):
            source = handle.source_message
            if source is None:
                raise DiscordError(400, 50035, "This interaction has no message to update")
            handle.original = source
            handle.source_edits_at_ack = source.edits
            if kind == ix.UPDATE_MESSAGE:
                self.edit(source, data, record.files)
                resource["message"] = self.message_payload(source)
        elif kind == ix.AUTOCOMPLETE_RESULT:
            handle.choices_sent = list(data.get("choices") or [])
        elif kind == ix.MODAL:
            handle.modal = data
        after = handle._note("callback")
        handle.callbacks.append(Callback(type=kind, data=data, after=after, status=200))
        original = handle.original
        interaction = {"id": str(handle.id), "type": handle.type}
        if original is not None and kind != ix.DEFERRED_UPDATE:
            interaction.update(response_message_id=str(original.id), response_message_loading=original.loading,
                               response_message_ephemeral=original.ephemeral)
        return 200, {"interaction": interaction, "resource": resource}

    def _handle_for_webhook(self, record: ApiRequest, app: str, token: str) -> InteractionHandle:
        handle = self.fake.interaction(token=token)
        if int(app) != self.fake.application_id or handle is None:
            raise DiscordError(404, 10015)
        handle._note(f"webhook {record.method} {record.template}")
        if not handle.acknowledged:
            self.violation(record, f"used the token of {handle.describe()} before acknowledging it")
            raise DiscordError(404, 10015)
        if handle.expired or handle.age() > self.fake.token_lifetime:
            raise DiscordError(401, 50027)  # interaction tokens live 15 minutes
        return handle

    def _webhook_message(self, handle: InteractionHandle, message: str) -> FakeMessage:
        if message == "@original":
            if handle.original is None or handle.original.deleted:
                raise DiscordError(404, 10008)
            return handle.original
        for m in handle.messages:
            if m.id == int(message) and not m.deleted:
                return m
        raise DiscordError(404, 10008)

    async def followup(self, record: ApiRequest, app: str, token: str) -> tuple[int, Any]:
        handle = self._handle_for_webhook(record, app, token)
        body = record.body or {}
        self._refuse_empty(record, body, record.files)
        original = handle.original
        if original is not None and original.loading and not original.deleted:
            # Discord: the first follow-up after a "thinking" deferral fills in the deferred message.
            self.edit(original, body, record.files)
            return 200, self.message_payload(original)
        message = self.new_message(handle.channel, body, record.files, flags=(body.get("flags") or 0) & (EPHEMERAL | SENDABLE_FLAGS),
                                   interaction=handle, type=0)
        handle.followups.append(message)
        return 200, self.message_payload(message)

    async def get_webhook_message(self, record: ApiRequest, app: str, token: str, message: str) -> tuple[int, Any]:
        handle = self._handle_for_webhook(record, app, token)
        return 200, self.message_payload(self._webhook_message(handle, message))

    async def edit_webhook_message(self, record: ApiRequest, app: str, token: str, message: str) -> tuple[int, Any]:
        handle = self._handle_for_webhook(record, app, token)
        target = self._webhook_message(handle, message)
        self._refuse_empty(record, record.body or {}, record.files, target)
        self.edit(target, record.body or {}, record.files)
        return 200, self.message_payload(target)

    async def delete_webhook_message(self, record: ApiRequest, app: str, token: str, message: str) -> tuple[int, Any]:
        handle = self._handle_for_webhook(record, app, token)
        self.delete(self._webhook_message(handle, message))
        return 204, None

    # -- channels and messages --------------------------------------------------------------------------
    def _channel(self, channel_id: str) -> FakeChannel:
        channel = self.fake.channels.get(int(channel_id))
        if channel is None:
            raise DiscordError(404, 10003)
        return channel

    def _bot_permissions(self, channel: FakeChannel) -> int:
        if channel.guild is None:
            return P.all_channel().value
        return channel.guild.permissions_in(self.fake.bot, channel)

    def _require(self, channel: FakeChannel, needed: int) -> None:
        perms = self._bot_permissions(channel)
        if not perms & VIEW:
            raise DiscordError(403, 50001)
        if needed & ~perms:
            raise DiscordError(403, 50013)

    def _message(self, channel: FakeChannel, message_id: str) -> FakeMessage:
        with contextlib.suppress(LookupError):
            m = self.fake.message(int(message_id))
            if m.channel is channel and not m.deleted and not m.ephemeral:
                return m
        raise DiscordError(404, 10008)

    async def create_message(self, record: ApiRequest, channel_id: str) -> tuple[int, Any]:
        channel = self._channel(channel_id)
        body = record.body or {}
        if channel.type == DM:
            assert channel.recipient is not None
            if not channel.recipient.dms_open:
                self.fake.refused_dms.append((channel.recipient, body))
                raise DiscordError(403, 50007)
        else:
            needed = SEND_IN_THREADS if channel.is_thread else SEND
            needed |= ATTACH if record.files else 0
            needed |= EMBED if body.get("embeds") else 0
            self._require(channel, needed)
            if channel.is_thread:
                if channel.archived and channel.locked:
                    raise DiscordError(403, 50083, "Thread is archived")
                channel.archived = False  # sending unarchives an unlocked thread
        self._refuse_empty(record, body, record.files)
        nonce = str(body["nonce"]) if body.get("nonce") is not None and body.get("enforce_nonce") else None
        if nonce is not None:
            # Discord: a repeat of a recent nonce returns the message already created, and creates none.
            for earlier in self.fake.messages(channel, ephemeral=True):
                if earlier.nonce == nonce and time.monotonic() - earlier.created <= self.fake.nonce_window:
                    return 200, self.message_payload(earlier)
        message = self.new_message(channel, body, record.files, flags=(body.get("flags") or 0) & SENDABLE_FLAGS,
                                   type=0)
        message.nonce = nonce
        return 200, self.message_payload(message)

    async def get_messages(self, record: ApiRequest, channel_id: str) -> tuple[int, Any]:
        channel = self._channel(channel_id)
        self._require(channel, P(read_message_history=True).value)
        messages = list(reversed(self.fake.messages(channel)))  # newest first, as Discord
        if "before" in record.query:
            messages = [m for m in messages if m.id < int(record.query["before"])]
        if "after" in record.query:
            messages = [m for m in messages if m.id > int(record.query["after"])]
        limit = int(record.query.get("limit", 50))
        return 200, [self.message_payload(m) for m in messages[:limit]]

    async def get_message(self, record: ApiRequest, channel_id: str, message_id: str) -> tuple[int, Any]:
        channel = self._channel(channel_id)
        return 200, self.message_payload(self._message(channel, message_id))

    async def edit_message(self, record: ApiRequest, channel_id: str, message_id: str) -> tuple[int, Any]:
        channel = self._channel(channel_id)
        message = self._message(channel, message_id)
        if message.author is not self.fake.bot:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        self._refuse_empty(record, record.body or {}, record.files, message)
        self.edit(message, record.body or {}, record.files)
        return 200, self.message_payload(message)

    async def delete_message(self, record: ApiRequest, channel_id: str, message_id: str) -> tuple[int, Any]:
        channel = self._channel(channel_id)
        self.delete(self._message(channel, message_id))
        return 204, None

    async def typing(self, record: ApiRequest, channel_id: str) -> tuple[int, Any]:
        self._channel(channel_id)
        return 204, None

    # -- threads -------------------------------------------------------------------------------------------
    async def create_thread(self, record: ApiRequest, channel_id: str, message_id: str | None = None) -> tuple[int, Any]:
        parent = self._channel(channel_id)
        body = record.body or {}
        if parent.guild is None or parent.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        kind = PUBLIC_THREAD if message_id else int(body.get("type", PRIVATE_THREAD))
        self._require(parent, CREATE_PUBLIC if kind == PUBLIC_THREAD else CREATE_PRIVATE)
        if message_id is not None:
            self._message(parent, message_id)
        thread = FakeChannel(
            id=int(message_id) if message_id else snowflake(), type=kind, name=body.get("name"), guild=parent.guild,
            parent=parent, owner_id=self.fake.bot.id, thread_members={self.fake.bot.id},
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
            invitable=bool(body.get("invitable", True)),
        )
        self.fake.channels[thread.id] = thread
        self.fake.gateway.notify("THREAD_CREATE", thread.payload() | {"newly_created": True})
        return 201, thread.payload()

    async def add_thread_member(self, record: ApiRequest, channel_id: str, user_id: str) -> tuple[int, Any]:
        thread = self._channel(channel_id)
        if not thread.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        uid = self.fake.bot.id if user_id == "@me" else int(user_id)
        if uid != self.fake.bot.id and thread.type == PRIVATE_THREAD and not (
            thread.invitable or self._bot_permissions(thread) & MANAGE_THREADS
        ):
            raise DiscordError(403, 50013)
        thread.thread_members.add(uid)
        return 204, None

    async def remove_thread_member(self, record: ApiRequest, channel_id: str, user_id: str) -> tuple[int, Any]:
        thread = self._channel(channel_id)
        thread.thread_members.discard(self.fake.bot.id if user_id == "@me" else int(user_id))
        return 204, None

    async def get_channel(self, record: ApiRequest, channel_id: str) -> tuple[int, Any]:
        return 200, self._channel(channel_id).payload()

    async def edit_channel(self, record: ApiRequest, channel_id: str) -> tuple[int, Any]:
        channel = self._channel(channel_id)
        body = record.body or {}
        if not channel.is_thread:
            raise DiscordError(403, 50013)  # the bot only manages its own threads
        channel.name = body.get("name", channel.name)
        channel.archived = bool(body.get("archived", channel.archived))
        channel.locked = bool(body.get("locked", channel.locked))
        payload = channel.payload()
        self.fake.gateway.notify("THREAD_UPDATE", payload)
        return 200, payload

    async def delete_channel(self, record: ApiRequest, channel_id: str) -> tuple[int, Any]:
        channel = self._channel(channel_id)
        if not channel.is_thread:
            raise DiscordError(403, 50013)
        payload = channel.payload()
        del self.fake.channels[channel.id]
        self.fake.gateway.notify("THREAD_DELETE", {k: payload[k] for k in ("id", "guild_id", "parent_id", "type")})
        return 200, payload

    # -- guilds --------------------------------------------------------------------------------------------
    async def get_guild(self, record: ApiRequest, guild_id: str) -> tuple[int, Any]:
        guild = self._guild(guild_id)
        payload = guild.payload(members=[], threads=[])
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key)
        return 200, payload

    async def get_guild_channels(self, record: ApiRequest, guild_id: str) -> tuple[int, Any]:
        return 200, [c.payload() for c in self._guild(guild_id).channels]

    async def get_roles(self, record: ApiRequest, guild_id: str) -> tuple[int, Any]:
        return 200, [r.payload() for r in self._guild(guild_id).roles]

    async def get_member(self, record: ApiRequest, guild_id: str, user_id: str) -> tuple[int, Any]:
        guild = self._guild(guild_id)
        member = guild.members.get(int(user_id))
        if member is None:
            raise DiscordError(404, 10007, "Unknown Member")
        return 200, member.payload()

    def _guild(self, guild_id: str) -> Any:
        try:
            return self.fake.guild(int(guild_id))
        except LookupError:
            raise DiscordError(404, 10004, "Unknown Guild") from None

    # -- messages: creating, editing, deleting -------------------------------------------------------------
    def _refuse_empty(self, record: ApiRequest, body: dict[str, Any], files: list[UploadedFile],
                      current: FakeMessage | None = None) -> None:
        """Discord refuses to create, or edit into, a message with nothing to show (400 / 50006)."""
        if current is not None:  # an edit: what the message would hold afterwards
            after = {key: body[key] if key in body else getattr(current, key)
                     for key in ("content", "embeds", "components")}
            kept = body["attachments"] if body.get("attachments") is not None else current.attachments
            empty = is_empty(after, len(files) + len(kept or []))
        else:
            empty = is_empty(body, len(files))
        if empty:
            self.violation(record, "the message would be empty (Discord refuses it: 50006)")
            raise DiscordError(400, 50006)

    def message_payload(self, message: FakeMessage) -> dict[str, Any]:
        return message.payload(self.fake.base_url, self.fake.users)

    def new_message(self, channel: FakeChannel, body: dict[str, Any], files: list[UploadedFile], *, flags: int,
                    type: int, interaction: InteractionHandle | None = None) -> FakeMessage:
        ephemeral_to = interaction.user if interaction is not None and flags & EPHEMERAL else None
        message = FakeMessage(
            id=snowflake(), channel=channel, author=self.fake.bot, content=body.get("content") or "",
            embeds=list(body.get("embeds") or []), components=list(body.get("components") or []),
            attachments=self._attachments([], body, files), flags=flags,
            allowed_mentions=body.get("allowed_mentions"), type=type, interaction=interaction,
            ephemeral_to=ephemeral_to,
        )
        self.fake.add_message(message)
        self._dispatch_message("MESSAGE_CREATE", message)
        return message

    def edit(self, message: FakeMessage, body: dict[str, Any], files: list[UploadedFile]) -> None:
        if not message.loading:
            message.history.append(message.snapshot())
        for key in ("content", "embeds", "components"):
            if key in body:
                setattr(message, key, body[key] if body[key] is not None else ("" if key == "content" else []))
        if "allowed_mentions" in body:
            message.allowed_mentions = body["allowed_mentions"]
        message.attachments = self._attachments(message.attachments, body, files)
        message.flags &= ~LOADING
        message.edited_timestamp = iso_now()
        self._dispatch_message("MESSAGE_UPDATE", message)

    def delete(self, message: FakeMessage) -> None:
        message.deleted = True
        if self._wants_events(message):
            data = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if message.channel.guild is not None:
                data["guild_id"] = str(message.channel.guild.id)
            self.fake.gateway.dispatch("MESSAGE_DELETE", data)

    def _attachments(self, current: list[FakeAttachment], body: dict[str, Any],
                     files: list[UploadedFile]) -> list[FakeAttachment]:
        """Discord's rule: `attachments` lists what the message keeps (existing ids) and the new uploads
        (ids = upload indexes); without it, uploads are added to what the message had."""
        uploads = {f.index: f for f in files}

        def upload(index: int, item: dict[str, Any]) -> FakeAttachment:
            f = uploads[index]
            return FakeAttachment(id=snowflake(), filename=item.get("filename") or f.filename, data=f.data,
                                  description=item.get("description"), content_type=f.content_type)

        if "attachments" not in body or body["attachments"] is None:
            return list(current) + [upload(i, {}) for i in sorted(uploads)]
        kept = {str(a.id): a for a in current}
        out: list[FakeAttachment] = []
        for item in body["attachments"]:
            key = str(item.get("id"))
            if key in kept:
                out.append(kept[key])
            elif key.isdigit() and int(key) in uploads:
                out.append(upload(int(key), item))
        return out

    def _wants_events(self, message: FakeMessage) -> bool:
        if message.ephemeral or self.fake.gateway.session is None:
            return False
        guild_messages, direct_messages = self.fake.message_intents
        return direct_messages if message.channel.is_dm else guild_messages

    def _dispatch_message(self, event: str, message: FakeMessage) -> None:
        if self._wants_events(message) and not message.loading:
            self.fake.gateway.dispatch(event, message.payload(self.fake.base_url, self.fake.users, with_guild_id=True))


@functools.lru_cache(maxsize=4096)
def _problems(spec: Any, method: str, template: str, body: str) -> tuple[str, ...]:
    """The problems of one body sent to one route template, remembered: a bot sends the same bodies again
    and again (its commands at every start, the same acknowledgements), and checking one costs milliseconds.
    (A template is matched by the spec like a path of its own.)"""
    parsed = json.loads(body)
    return tuple(spec.body_problems(method, template, parsed) + limit_problems(method, spec.template(template), parsed))


def _is_token_route(path: str) -> bool:
    return path.startswith(("/interactions/", "/webhooks/"))


async def _read_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    if not request.can_read_body:
        return None, []
    if request.content_type == "multipart/form-data":
        body: Any = None
        files: list[UploadedFile] = []
        reader = await request.multipart()
        async for part in reader:
            name = part.name or ""
            data = await part.read()  # type: ignore[union-attr]
            if name == "payload_json":
                body = json.loads(bytes(data))
            elif match := re.fullmatch(r"files\[(\d+)\]", name):
                files.append(UploadedFile(index=int(match[1]), filename=part.filename or name, data=bytes(data),
                                          content_type=part.headers.get("Content-Type")))
        return body, files
    raw = await request.read()
    return (json.loads(raw) if raw else None), []
