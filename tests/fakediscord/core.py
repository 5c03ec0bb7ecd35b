"""FakeDiscord: the loopback server, the world it serves, the recordings, and the levers tests pull."""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import logging
import socket
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from typing import Any

import discord
import pytest
import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket
from discord.http import Route
from discord.state import ConnectionState

from . import commands
from . import interactions as ix
from .failures import FailureRule
from .gateway import DIRECT_MESSAGES_INTENT, GUILD_MEMBERS_INTENT, GUILD_MESSAGES_INTENT, Gateway
from .interactions import InteractionHandle, new_interaction_id, new_token
from .model import (
    DEFAULT_BOT_PERMISSIONS,
    DM,
    EVERYONE_PERMISSIONS,
    GUILD_TEXT,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    as_permissions,
    snowflake,
)
from .rest import ApiRequest, RestAPI
from .validation import SPEC_PATH, Violation, load_spec

log = logging.getLogger("tests.fakediscord")


class FakeDiscord:
    """A fake Discord (REST + gateway) on 127.0.0.1 that the real discord.py client talks to.

    See the package docstring (tests/fakediscord/__init__.py) for the whole API and an example.
    """

    token = "fake-bot-token.never-a-real-one"

    def __init__(
        self,
        *,
        spec_path: Path = SPEC_PATH,
        heartbeat_interval: float = 41.25,
        guild_ready_timeout: float = 0.05,
        reidentify_delay: float = 0.01,
        strict_routes: bool = True,
        reject_invalid: bool = True,
        fail_on_logged_errors: bool = True,
        bot_name: str = "Caravanserai",
        ack_deadline: float | None = 3.0,
        token_lifetime: float = 15 * 60,
        nonce_window: float = 5 * 60,
    ) -> None:
        self.spec = load_spec(spec_path)
        self.guild_ready_timeout = guild_ready_timeout
        self.reidentify_delay = reidentify_delay
        self.strict_routes = strict_routes
        self.reject_invalid = reject_invalid
        """When True (default) an invalid payload is also refused with 400 / 50035, as Discord would."""
        self.fail_on_logged_errors = fail_on_logged_errors
        """When True (default) ERROR log records (e.g. an exception escaping a command) fail the test."""
        self.ack_deadline = ack_deadline
        """Seconds within which an interaction must be answered (Discord: 3), or None not to check."""
        self.token_lifetime = token_lifetime
        """Seconds an interaction token works for follow-ups and edits (Discord: 15 minutes)."""
        self.nonce_window = nonce_window
        """Seconds during which a repeated nonce (with enforce_nonce) returns the earlier message."""
        self.application_id = snowflake()
        self.bot = FakeUser(id=snowflake(), name=bot_name, bot=True)
        self.gateway = Gateway(self, heartbeat_interval=heartbeat_interval)
        self.rest = RestAPI(self)

        # the world
        self.users: dict[int, FakeUser] = {self.bot.id: self.bot}
        self.guilds: list[FakeGuild] = []
        self.channels: dict[int, FakeChannel] = {}
        self.all_messages: list[FakeMessage] = []
        """Every message the bot ever posted, in order, deleted and ephemeral ones included."""
        # The same messages by id and by channel (in order), and each user's DM channel: reads stay quick
        # when a load run holds thousands of matches' messages.
        self._by_id: dict[int, FakeMessage] = {}
        self._in_channel: dict[int, list[FakeMessage]] = defaultdict(list)
        self._dm_of: dict[int, FakeChannel] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {None: []}
        """Registered application commands: None → global, guild id → that guild's."""

        # the recordings
        self.requests: list[ApiRequest] = []
        self.violations: list[Violation] = []
        self.unknown_routes: list[str] = []
        self.interactions: list[InteractionHandle] = []
        self._interaction_by_key: dict[int | str, InteractionHandle] = {}  # by id and by token
        self.refused_dms: list[tuple[FakeUser, dict[str, Any]]] = []
        """DMs Discord refused with 50007 (the user's DMs are closed): (user, payload)."""
        self.logged_errors: list[logging.LogRecord] = []
        self.failures: list[FailureRule] = []

        self._in_flight = 0
        self._last_activity = time.monotonic()
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._patch: pytest.MonkeyPatch | None = None
        self._log_handler = _ErrorCollector(self.logged_errors)
        self._clients: list[tuple[discord.Client, asyncio.Task[None]]] = []
        self.base_url = self.ws_url = ""

    # =================================================================================================
    # lifecycle
    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, exc_type: Any, *_: Any) -> None:
        await self.close()
        if exc_type is None:
            self.assert_clean()

    async def start(self) -> None:
        """Start the server on a free loopback port and point discord.py at it."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway/", self.gateway.handle)
        app.router.add_get("/gateway/resume", self.gateway.handle)
        app.router.add_get("/attachments/{channel}/{attachment}/{filename}", self._attachment)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        await web.SockSite(self._runner, sock).start()
        port = sock.getsockname()[1]
        self.base_url, self.ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/gateway"
        self._install()
        logging.getLogger().addHandler(self._log_handler)

    async def close(self) -> None:
        """Stop every client started with `running`, the gateway and the server; undo the patches."""
        for client, _task in list(self._clients):
            await self.stop(client)
        logging.getLogger().removeHandler(self._log_handler)
        await self.gateway.shutdown()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._patch is not None:
            self._patch.undo()
            self._patch = None

    def _install(self) -> None:
        patch = self._patch = pytest.MonkeyPatch()
        patch.setattr(Route, "BASE", self.api_base)
        patch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(f"{self.ws_url}/"))
        original_init = ConnectionState.__init__
        ready_timeout = self.guild_ready_timeout

        def init(state: ConnectionState, *args: Any, **options: Any) -> None:
            # discord.py waits guild_ready_timeout (2 s) after the last GUILD_CREATE before on_ready.
            options.setdefault("guild_ready_timeout", ready_timeout)
            original_init(state, *args, **options)

        patch.setattr(ConnectionState, "__init__", init)

        async def before_identify_hook(client: discord.Client, shard_id: int | None, *, initial: bool = False) -> None:
            # discord.py sleeps 5 s before every re-IDENTIFY (Discord's identify rate limit).
            if not initial:
                await asyncio.sleep(reidentify_delay)

        reidentify_delay = self.reidentify_delay
        patch.setattr(discord.Client, "before_identify_hook", before_identify_hook)

    def problems(self) -> list[str]:
        """Invalid payloads, unknown routes (when strict) and ERROR logs (when failing on them)."""
        found = [str(v) for v in self.violations]
        if self.fail_on_logged_errors:
            found += [f"logged {r.levelname} from {r.name}: {r.getMessage()}"
                      + (f"\n{r.exc_text}" if r.exc_text else "") for r in self.logged_errors]
        return found

    def take_violations(self) -> list[Violation]:
        """The violations so far, forgotten (for tests that provoke them on purpose)."""
        taken, self.violations[:] = list(self.violations), []
        return taken

    def assert_clean(self) -> None:
        problems = self.problems()
        if problems:
            listing = "\n  - ".join(problems[:30])
            more = f"\n  … and {len(problems) - 30} more" if len(problems) > 30 else ""
            raise AssertionError(f"the bot misbehaved towards Discord ({len(problems)}):\n  - {listing}{more}")

    @property
    def api_base(self) -> str:
        """The REST base to give discord.py (`discord.http.Route.BASE`), e.g. in another process."""
        return f"{self.base_url}/api/v10"

    # =================================================================================================
    # running a discord.py client against the fake
    @contextlib.asynccontextmanager
    async def running(self, client: discord.Client, *, timeout: float = 60.0) -> AsyncIterator[discord.Client]:
        """Start `client` (login, setup_hook, gateway), wait for on_ready; close it on exit. `timeout` only bounds
        a start that never ends: on a machine busy with other work a start takes seconds."""
        task = asyncio.create_task(client.start(self.token), name=f"fakediscord client {id(client)}")
        self._clients.append((client, task))
        try:
            await self.wait_for(lambda: task.done() or client.is_ready(), timeout=timeout,
                                what="the client to become ready")
            if task.done():
                task.result()
                raise RuntimeError("the client stopped before it became ready")
            yield client
        finally:
            await self.stop(client)

    async def stop(self, client: discord.Client, *, timeout: float = 5.0) -> None:
        """Close a client started with `running` (like stopping the bot process) and wait for it."""
        for entry in list(self._clients):
            if entry[0] is client:
                self._clients.remove(entry)
                await asyncio.wait_for(client.close(), timeout)
                await asyncio.wait_for(entry[1], timeout)

    # =================================================================================================
    # building the world
    def add_user(self, name: str, *, locale: str = "en-US", dms_open: bool = True) -> FakeUser:
        user = FakeUser(id=snowflake(), name=name, locale=locale, dms_open=dms_open)
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str = "Test Server",
        *,
        owner: FakeUser | None = None,
        members: Iterable[FakeUser] = (),
        locale: str = "en-US",
        bot_permissions: discord.Permissions | int = DEFAULT_BOT_PERMISSIONS,
        everyone_permissions: discord.Permissions | int = EVERYONE_PERMISSIONS,
    ) -> FakeGuild:
        """A guild the bot is in; `bot_permissions` become the bot's managed role."""
        owner = owner or self.add_user(f"{name} owner")
        guild = FakeGuild(id=snowflake(), name=name, owner=owner, locale=locale)
        guild.roles.append(FakeRole(id=guild.id, guild_id=guild.id, name="@everyone",
                                    permissions=as_permissions(everyone_permissions)))
        bot_role = FakeRole(id=snowflake(), guild_id=guild.id, name=self.bot.name,
                            permissions=as_permissions(bot_permissions), position=1, managed=True)
        guild.roles.append(bot_role)
        guild.members[self.bot.id] = FakeMember(user=self.bot, guild=guild, roles=[bot_role])
        self.guilds.append(guild)
        for user in [owner, *members]:
            if user.id not in guild.members:
                guild.members[user.id] = FakeMember(user=user, guild=guild)
        self.gateway.notify("GUILD_CREATE", self.guild_create_payload(guild))
        return guild

    def add_role(self, guild: FakeGuild, name: str, permissions: discord.Permissions | int = 0) -> FakeRole:
        role = FakeRole(id=snowflake(), guild_id=guild.id, name=name, permissions=as_permissions(permissions),
                        position=len(guild.roles))
        guild.roles.append(role)
        self.gateway.notify("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()})
        return role

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        roles: Iterable[FakeRole] = (),
        permissions: discord.Permissions | int | None = None,
        nick: str | None = None,
    ) -> FakeMember:
        """Make `user` a member; `permissions` (e.g. manage_guild) come through a role of their own."""
        role_list = list(roles)
        if permissions is not None:
            role_list.append(self.add_role(guild, f"{user.name}'s role", permissions))
        member = FakeMember(user=user, guild=guild, roles=role_list, nick=nick)
        guild.members[user.id] = member
        if self.gateway.session is not None and self.gateway.intents & GUILD_MEMBERS_INTENT:
            self.gateway.dispatch("GUILD_MEMBER_ADD", member.payload() | {"guild_id": str(guild.id)})
        return member

    def add_text_channel(
        self,
        guild: FakeGuild,
        name: str = "general",
        *,
        bot_permissions: discord.Permissions | int | None = None,
        overwrites: Iterable[dict[str, Any]] = (),
    ) -> FakeChannel:
        """A text channel; `bot_permissions` overrides the bot's permissions in it (allow these, deny the rest)."""
        channel = FakeChannel(id=snowflake(), type=GUILD_TEXT, name=name, guild=guild, overwrites=list(overwrites))
        if bot_permissions is not None:
            channel.overwrites.append(self._bot_overwrite(bot_permissions))
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        self.gateway.notify("CHANNEL_CREATE", channel.payload())
        return channel

    def set_bot_permissions(self, channel: FakeChannel, permissions: discord.Permissions | int) -> None:
        """From now on the bot has exactly `permissions` in `channel` (as a server admin would change them)."""
        channel.overwrites = [o for o in channel.overwrites if o["id"] != str(self.bot.id)]
        channel.overwrites.append(self._bot_overwrite(permissions))
        self.gateway.notify("CHANNEL_UPDATE", channel.payload())

    def _bot_overwrite(self, permissions: discord.Permissions | int) -> dict[str, Any]:
        allow = as_permissions(permissions)
        return {"id": str(self.bot.id), "type": 1, "allow": str(allow),
                "deny": str(discord.Permissions.all().value & ~allow)}

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and `user` (created on first use, as Discord does)."""
        if user.id not in self._dm_of:
            channel = FakeChannel(id=snowflake(), type=DM, recipient=user)
            self.channels[channel.id] = channel
            self._dm_of[user.id] = channel
        return self._dm_of[user.id]

    def guild(self, guild_id: int) -> FakeGuild:
        for g in self.guilds:
            if g.id == guild_id:
                return g
        raise LookupError(f"no guild {guild_id}")

    def guild_create_payload(self, guild: FakeGuild) -> dict[str, Any]:
        members = list(guild.members.values())
        if not self.gateway.intents & GUILD_MEMBERS_INTENT:
            members = [guild.members[self.bot.id]]  # without the privileged intent Discord sends only the bot
        threads = [c for c in self.channels.values() if c.is_thread and c.guild is guild and not c.archived]
        return guild.payload(members=members, threads=threads)

    # =================================================================================================
    # reading what the bot did
    def messages(self, channel: FakeChannel, *, deleted: bool = False, ephemeral: bool = False) -> list[FakeMessage]:
        """Messages in `channel`, oldest first; deleted and ephemeral ones only when asked for."""
        return [m for m in self._in_channel[channel.id]
                if (deleted or not m.deleted) and (ephemeral or not m.ephemeral)]

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        """DMs delivered to `user` (refused ones are in `refused_dms`)."""
        channel = self._dm_of.get(user.id)
        return self.messages(channel, ephemeral=True) if channel is not None else []

    def posted_since(self, position: int, channels: Iterable[FakeChannel]) -> list[FakeMessage]:
        """The messages in `channels` from `all_messages[position]` on (deleted and ephemeral ones included),
        oldest first."""
        if position >= len(self.all_messages):
            return []
        first = self.all_messages[position].id  # ids grow with time
        found = []
        for channel in channels:
            in_channel = self._in_channel[channel.id]
            found += in_channel[bisect.bisect_left(in_channel, first, key=lambda m: m.id):]
        return sorted(found, key=lambda m: m.id)

    def ephemerals(self, user: FakeUser) -> list[FakeMessage]:
        """Ephemeral messages only `user` saw."""
        return [m for m in self.all_messages if m.ephemeral_to is user and not m.deleted]

    def seen_by(self, user: FakeUser) -> list[FakeMessage]:
        """Everything `user` can read: public messages where they can view, their ephemerals and DMs."""
        view = discord.Permissions(view_channel=True).value
        out = []
        for m in self.all_messages:
            if m.deleted:
                continue
            if m.ephemeral:
                visible = m.ephemeral_to is user
            elif m.channel.is_dm:
                visible = m.channel.recipient is user
            else:
                guild = m.channel.guild
                assert guild is not None
                visible = user.id in guild.members and bool(guild.permissions_in(user, m.channel) & view)
                if visible and m.channel.type == 12:
                    visible = user.id in m.channel.thread_members
            if visible:
                out.append(m)
        return out

    def latest(self, channel: FakeChannel, *, with_components: bool = False,
               where: Callable[[FakeMessage], bool] | None = None) -> FakeMessage:
        """The newest live public message in `channel` (optionally: with components / matching `where`)."""
        for m in reversed(self.messages(channel)):
            if (not with_components or m.custom_ids()) and (where is None or where(m)):
                return m
        raise LookupError(f"no such message in #{channel.name or channel.id}")

    def latest_with_components(self, channel: FakeChannel) -> FakeMessage:
        return self.latest(channel, with_components=True)

    def message(self, message_id: int) -> FakeMessage:
        if message_id not in self._by_id:
            raise LookupError(f"no message {message_id}")
        return self._by_id[message_id]

    def add_message(self, message: FakeMessage) -> None:
        """Record a message the bot posted."""
        self.all_messages.append(message)
        self._by_id[message.id] = message
        self._in_channel[message.channel.id].append(message)

    def threads(self, parent: FakeChannel) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.parent is parent]

    def registered_commands(self, guild: FakeGuild | None = None) -> list[dict[str, Any]]:
        return self.commands.get(guild.id if guild else None, [])

    def requests_to(self, method: str, path_regex: str) -> list[ApiRequest]:
        import re

        pattern = re.compile(path_regex)
        return [r for r in self.requests if r.method == method.upper() and pattern.search(r.path)]

    # =================================================================================================
    # waiting
    def _touch(self) -> None:
        self._last_activity = time.monotonic()
        self._changed.set()

    async def wait_for(self, predicate: Callable[[], bool], *, timeout: float = 5.0, what: str = "a condition") -> None:
        """Wait until `predicate()` holds (re-checked on every request and every 20 ms); TimeoutError otherwise."""
        deadline = time.monotonic() + timeout
        while not predicate():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout} s waiting for {what}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(0.02, remaining))

    async def quiet(self, *, idle: float = 0.05, timeout: float = 5.0) -> None:
        """Wait until the bot has gone quiet: no request in flight or in the last `idle` seconds, every
        interaction answered, and no "thinking…" deferral left unfilled."""
        def pending() -> list[str]:
            out = []
            if self._in_flight:
                out.append(f"{self._in_flight} requests in flight")
            for h in self.interactions:
                if h.expired:
                    continue  # given up on (e.g. the bot process was killed while answering it)
                if not h.callbacks:
                    out.append(f"{h.describe()} not answered")
                elif h.original is not None and h.original.loading and not h.original.deleted:
                    out.append(f"{h.describe()} still 'thinking…'")
                elif h.waits_after_deferred_update:
                    out.append(f"{h.describe()} deferred, neither the message edited nor a message sent yet")
            return out

        deadline = time.monotonic() + timeout
        while True:
            waiting = pending()
            quiet_for = time.monotonic() - self._last_activity
            if not waiting and quiet_for >= idle:
                return
            if time.monotonic() >= deadline:
                raise TimeoutError(f"the bot did not go quiet within {timeout} s: {waiting or 'still busy'}")
            await asyncio.sleep(min(0.01, max(idle - quiet_for, 0.001)))

    # =================================================================================================
    # driving: interactions
    async def slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        *,
        subcommand: str | None = None,
        group: str | None = None,
        options: dict[str, Any] | None = None,
        locale: str | None = None,
        forged: bool = False,
    ) -> InteractionHandle:
        """`user` runs /command [group] [subcommand] with `options` in `channel`, as Discord's client would (or,
        `forged`, as a hand-made client may: options outside their declared range or choices)."""
        definition, scope = commands.find_command(self.commands, user, channel, command)
        option_defs, wrap = commands.descend(definition, group, subcommand)
        built, resolved = commands.build_options(definition["name"], option_defs, options or {}, channel,
                                                 checked=not forged)
        data = commands.command_data(definition, scope, wrap(built), resolved)
        return await self._send_interaction(ix.APPLICATION_COMMAND, user, channel, data, locale,
                                            command_name=" ".join(filter(None, [command, group, subcommand])))

    async def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        *,
        focused: str,
        subcommand: str | None = None,
        group: str | None = None,
        options: dict[str, Any] | None = None,
        locale: str | None = None,
    ) -> InteractionHandle:
        """`user` is typing into option `focused` (its partial text in `options[focused]`); await `.choices()`."""
        definition, scope = commands.find_command(self.commands, user, channel, command)
        option_defs, wrap = commands.descend(definition, group, subcommand)
        target = next((d for d in option_defs if d["name"] == focused), None)
        if target is None or not target.get("autocomplete"):
            raise ValueError(f"/{command} has no autocomplete option {focused!r}")
        given = dict(options or {})
        given.setdefault(focused, "")
        built, resolved = commands.build_options(definition["name"], option_defs, given, channel, focused=focused)
        data = commands.command_data(definition, scope, wrap(built), resolved)
        return await self._send_interaction(ix.AUTOCOMPLETE, user, channel, data, locale,
                                            command_name=" ".join(filter(None, [command, group, subcommand])))

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        locale: str | None = None,
    ) -> InteractionHandle:
        """`user` clicks the button with this custom_id (or label) on `message` (as it is now)."""
        self._check_clickable(user, message)
        button = message.button(label, custom_id=custom_id)
        if button.get("disabled"):
            raise ValueError(f"button {button.get('label')!r} is disabled; Discord would not send a click")
        if button.get("style") in (5, 6):
            raise ValueError("link and premium buttons do not send interactions")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._send_interaction(ix.MESSAGE_COMPONENT, user, message.channel, data, locale,
                                            source=message)

    async def forge_click(
        self, user: FakeUser, channel: FakeChannel, custom_id: str, *, values: list[str] | None = None,
        source: FakeMessage | None = None, locale: str | None = None,
    ) -> InteractionHandle:
        """A click a hand-made client may send and Discord's own never would: any `custom_id` (and select
        `values`), in any channel `user` can see, from `source` (a message there) or from none."""
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
        if values is not None:
            data["values"] = list(values)
        return await self._send_interaction(ix.MESSAGE_COMPONENT, user, channel, data, locale, source=source)

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str | None,
        values: list[str],
        *,
        locale: str | None = None,
    ) -> InteractionHandle:
        """`user` picks `values` (option values) in the string select `custom_id` of `message`."""
        self._check_clickable(user, message)
        menu = message.select(custom_id)
        if menu.get("type") != 3:
            raise NotImplementedError("only string selects are faked")
        if menu.get("disabled"):
            raise ValueError(f"select {menu['custom_id']!r} is disabled")
        offered = [o["value"] for o in menu.get("options", [])]
        unknown = [v for v in values if v not in offered]
        if unknown:
            raise ValueError(f"select {menu['custom_id']!r} offers {offered}, not {unknown}")
        low, high = menu.get("min_values", 1), menu.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(f"select {menu['custom_id']!r} takes {low}-{high} values, got {len(values)}")
        data = {"custom_id": menu["custom_id"], "component_type": 3, "values": list(values)}
        return await self._send_interaction(ix.MESSAGE_COMPONENT, user, message.channel, data, locale,
                                            source=message)

    async def submit_modal(
        self, user: FakeUser, handle: InteractionHandle, values: dict[str, str], *, locale: str | None = None
    ) -> InteractionHandle:
        """`user` fills in the modal the bot opened in answer to `handle` ({text input custom_id: value})."""
        if handle.modal is None:
            raise ValueError(f"the bot opened no modal for {handle.describe()}")
        known = {c["custom_id"] for row in handle.modal.get("components", [])
                 for c in row.get("components", [row]) if c.get("custom_id")}
        if set(values) - known:
            raise ValueError(f"the modal has inputs {sorted(known)}, not {sorted(set(values) - known)}")
        data = {"custom_id": handle.modal["custom_id"], "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]} for k, v in values.items()
        ]}
        return await self._send_interaction(ix.MODAL_SUBMIT, user, handle.channel, data, locale,
                                            source=handle.source_message)

    # -- interaction building ---------------------------------------------------------------------------
    def _check_clickable(self, user: FakeUser, message: FakeMessage) -> None:
        if message.deleted:
            raise ValueError(f"message {message.id} was deleted")
        if message.ephemeral and message.ephemeral_to is not user:
            raise PermissionError(f"{user.name} cannot see the ephemeral message {message.id}")
        if message.channel.is_dm and message.channel.recipient is not user:
            raise PermissionError(f"{user.name} cannot see a DM to someone else")

    async def _send_interaction(
        self, kind: int, user: FakeUser, channel: FakeChannel, data: dict[str, Any], locale: str | None,
        *, command_name: str | None = None, source: FakeMessage | None = None,
    ) -> InteractionHandle:
        interaction_id, token = new_interaction_id(), new_token()
        payload: dict[str, Any] = {
            "id": str(interaction_id), "application_id": str(self.application_id), "type": kind, "data": data,
            "token": token, "version": 1, "locale": locale or user.locale, "entitlements": [],
            "entitlement_sku_ids": [], "attachment_size_limit": 26_214_400, "channel_id": str(channel.id),
        }
        guild = channel.guild
        if guild is not None:
            member = guild.member(user)
            user_permissions = guild.permissions_in(user, channel)
            payload.update(
                guild_id=str(guild.id), guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale, member=member.payload(permissions=user_permissions),
                app_permissions=str(guild.permissions_in(self.bot, channel)), context=0,
                authorizing_integration_owners={"0": str(guild.id)},
                channel=channel.payload() | {"permissions": str(user_permissions)},
            )
        else:
            if channel.recipient is not user:
                raise PermissionError(f"{user.name} is not in that DM")
            payload.update(user=user.payload(), context=1, authorizing_integration_owners={"0": "0"},
                           channel=channel.payload(), app_permissions=str(discord.Permissions.all_channel().value))
        if source is not None:
            payload["message"] = source.payload(self.base_url, self.users)
        handle = InteractionHandle(
            fake=self, id=interaction_id, type=kind, token=token, user=user, channel=channel, payload=payload,
            application_id=self.application_id, command_name=command_name, source_message=source,
        )
        self.interactions.append(handle)
        self._interaction_by_key[handle.id] = self._interaction_by_key[handle.token] = handle
        handle.dispatched_at = time.monotonic()
        self.gateway.dispatch("INTERACTION_CREATE", payload)
        self._touch()
        await asyncio.sleep(0)
        return handle

    def expire(self, handle: InteractionHandle) -> None:
        """Kill an interaction's token now, as Discord does 15 minutes after the interaction (and 3 seconds
        after it if it was never answered): callbacks get 10062, follow-ups and edits 401 / 50027."""
        handle.expired = True

    def interaction(self, *, interaction_id: int | None = None, token: str | None = None) -> InteractionHandle | None:
        if interaction_id is not None:
            found = self._interaction_by_key.get(interaction_id)
            return found if found is not None and token in (None, found.token) else None
        return self._interaction_by_key.get(token) if token is not None else next(iter(self.interactions), None)

    # =================================================================================================
    # failure injection
    def fail_next(
        self,
        method: str,
        path_regex: str,
        *,
        status: int = 429,
        retry_after: float = 0.05,
        global_: bool = False,
        code: int | None = None,
        message: str | None = None,
        times: int = 1,
        after: int = 0,
    ) -> FailureRule:
        """Answer the next `times` requests matching (method, path_regex) with an error instead (once `after`
        of them have been answered as usual).

        429 carries `retry_after` (seconds; keep it tiny) and `global_`; other statuses carry a Discord
        JSON error `{"code": code, "message": ...}` (a known message is filled in for known codes).
        `method` "*" matches any method; `path_regex` is searched in the path after /api/v10.
        """
        rule = FailureRule.build(method, path_regex, status=status, retry_after=retry_after, global_=global_,
                                 code=code, message=message, times=times)
        rule.passes = after
        self.failures.append(rule)
        return rule

    def _take_failure(self, method: str, path: str) -> FailureRule | None:
        for rule in self.failures:
            if rule.matches(method, path) and rule.passes > 0:
                rule.passes -= 1
            elif rule.matches(method, path):
                rule.remaining -= 1
                if rule.remaining <= 0:
                    self.failures.remove(rule)
                return rule
        return None

    async def reconnect(self, *, timeout: float = 5.0) -> None:
        """Send op 7 RECONNECT; return once the bot has RESUMEd (or re-IDENTIFIED)."""
        established = self.gateway.expect_reestablished()
        self.gateway.send_reconnect()
        await self._await_established(established, timeout, "RESUME after op 7")

    async def invalidate_session(self, *, resumable: bool = False, timeout: float = 5.0) -> None:
        """Send op 9 INVALID_SESSION; return once the bot has identified (or resumed) again."""
        established = self.gateway.expect_reestablished()
        self.gateway.send_invalid_session(resumable=resumable)
        await self._await_established(established, timeout, "a new session after op 9")

    async def drop_connection(self, *, timeout: float = 5.0) -> None:
        """Cut the gateway socket abruptly (no close frame); return once the bot has resumed."""
        established = self.gateway.expect_reestablished()
        self.gateway.drop()
        await self._await_established(established, timeout, "RESUME after a dropped connection")

    async def close_gateway(self, code: int = 4000, *, timeout: float = 5.0) -> None:
        """Close the gateway socket with `code`; return once the bot is back (resumable codes only)."""
        established = self.gateway.expect_reestablished()
        self.gateway.close(code)
        await self._await_established(established, timeout, f"reconnection after close code {code}")

    async def _await_established(self, event: asyncio.Event, timeout: float, what: str) -> None:
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            raise TimeoutError(f"timed out after {timeout} s waiting for {what}") from None
        await self.wait_for(lambda: self.gateway.connected, timeout=timeout, what=what)
        await self.gateway_caught_up(timeout=timeout)

    async def wait_connected(self, *, identifies: int = 1, timeout: float = 10.0) -> None:
        """Wait until a bot, in this process or another, has IDENTIFIED `identifies` times in all and is
        connected now (for a bot started outside `running`, e.g. `python -m bot` in a subprocess)."""
        await self.wait_for(lambda: self.gateway.identifies >= identifies and self.gateway.connected,
                            timeout=timeout, what=f"IDENTIFY #{identifies} on the gateway")

    async def gateway_caught_up(self, *, timeout: float = 5.0) -> None:
        """Wait until every client started with `running` has processed every event dispatched so far."""
        session = self.gateway.session
        if session is None:
            return
        target = session.seq

        def caught_up() -> bool:
            return all(c.ws is not None and (c.ws.sequence or 0) >= target for c, _ in self._clients)

        await self.wait_for(caught_up, timeout=timeout, what=f"the client to process gateway event #{target}")

    # =================================================================================================
    # HTTP plumbing
    async def _rest(self, request: web.Request) -> web.StreamResponse:
        self._in_flight += 1
        self._touch()
        try:
            return await self.rest.handle(request)
        except ConnectionResetError:  # the client died mid-request (a killed bot): nobody is left to answer
            log.info("fakediscord: %s %s: the client went away", request.method, request.path)
            return web.Response(status=499)
        finally:
            self._in_flight -= 1
            self._touch()

    async def _attachment(self, request: web.Request) -> web.StreamResponse:
        wanted = int(request.match_info["attachment"])
        for m in self.all_messages:
            for a in m.attachments:
                if a.id == wanted:
                    return web.Response(body=a.data, content_type=a.content_type or "application/octet-stream")
        return web.Response(status=404)

    def new_attachment(self, filename: str, data: bytes, description: str | None = None) -> FakeAttachment:
        return FakeAttachment(id=snowflake(), filename=filename, data=data, description=description)

    @property
    def message_intents(self) -> tuple[bool, bool]:
        intents = self.gateway.intents
        return bool(intents & GUILD_MESSAGES_INTENT), bool(intents & DIRECT_MESSAGES_INTENT)


class _ErrorCollector(logging.Handler):
    """Keeps ERROR records (an exception escaping a command handler, a failed task...)."""

    def __init__(self, records: list[logging.LogRecord]) -> None:
        super().__init__(level=logging.ERROR)
        self.records = records

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        self.records.append(record)
