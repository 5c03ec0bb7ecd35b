"""The fake's world: users, guilds, roles, channels, messages, and their Discord JSON shapes."""

from __future__ import annotations

import itertools
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord

DISCORD_EPOCH_MS = 1_420_070_400_000
_increment = itertools.count(1)

# Message flags (https://discord.com/developers/docs/resources/message#message-object-message-flags).
EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_NOTIFICATIONS = 1 << 12

# Channel types.
GUILD_TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12
THREAD_TYPES = frozenset({PUBLIC_THREAD, PRIVATE_THREAD})

DEFAULT_BOT_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, send_messages_in_threads=True, create_public_threads=True,
    create_private_threads=True, manage_threads=True, embed_links=True, attach_files=True,
    read_message_history=True, mention_everyone=False, use_external_emojis=True, add_reactions=True,
    use_application_commands=True,
).value
EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, send_messages_in_threads=True, create_public_threads=True,
    embed_links=True, attach_files=True, read_message_history=True, add_reactions=True,
    use_application_commands=True,
).value


def snowflake() -> int:
    """A fresh, increasing snowflake whose timestamp is now (discord.utils.snowflake_time works on it)."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_increment) % (1 << 22))


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


def as_permissions(value: discord.Permissions | int) -> int:
    return value.value if isinstance(value, discord.Permissions) else int(value)


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    locale: str = "en-US"
    bot: bool = False
    dms_open: bool = True
    """When False every DM the bot sends this user is refused with 403 / code 50007."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id), "username": self.name, "global_name": self.name, "discriminator": "0",
            "avatar": None, "bot": self.bot, "system": False, "public_flags": 0, "flags": 0,
            "banner": None, "accent_color": None, "avatar_decoration_data": None,
        }


@dataclass(eq=False)
class FakeRole:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id), "name": self.name, "color": 0, "colors": {"primary_color": 0},
            "hoist": False, "icon": None, "unicode_emoji": None, "position": self.position,
            "permissions": str(self.permissions), "managed": self.managed, "mentionable": False, "flags": 0,
        }


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    guild: FakeGuild
    roles: list[FakeRole] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    def payload(self, *, permissions: int | None = None) -> dict[str, Any]:
        data = {
            "user": self.user.payload(), "roles": [str(r.id) for r in self.roles], "nick": self.nick,
            "avatar": None, "banner": None, "joined_at": self.joined_at, "premium_since": None, "deaf": False,
            "mute": False, "pending": False, "flags": 0, "communication_disabled_until": None,
        }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel, a thread (type 11/12, with `parent`) or a DM channel (`recipient`)."""

    id: int
    type: int
    name: str | None = None
    guild: FakeGuild | None = None
    parent: FakeChannel | None = None
    recipient: FakeUser | None = None
    owner_id: int | None = None
    overwrites: list[dict[str, Any]] = field(default_factory=list)
    thread_members: set[int] = field(default_factory=set)
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    invitable: bool = True
    created_at: str = field(default_factory=iso_now)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        if self.is_dm:
            assert self.recipient is not None
            return {"id": str(self.id), "type": DM, "last_message_id": None, "flags": 0,
                    "recipients": [self.recipient.payload()]}
        assert self.guild is not None
        data: dict[str, Any] = {
            "id": str(self.id), "type": self.type, "guild_id": str(self.guild.id), "name": self.name,
            "last_message_id": None, "rate_limit_per_user": 0, "flags": 0, "nsfw": False,
        }
        if self.is_thread:
            assert self.parent is not None
            data.update(
                parent_id=str(self.parent.id), owner_id=str(self.owner_id), message_count=0,
                member_count=len(self.thread_members), total_message_sent=0,
                thread_metadata={
                    "archived": self.archived, "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": self.created_at, "locked": self.locked,
                    "invitable": self.invitable, "create_timestamp": self.created_at,
                },
            )
        else:
            data.update(position=0, parent_id=None, topic=None, permission_overwrites=self.overwrites,
                        default_auto_archive_duration=1440)
        return data


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner: FakeUser
    locale: str = "en-US"
    roles: list[FakeRole] = field(default_factory=list)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channels: list[FakeChannel] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_now)

    @property
    def everyone(self) -> FakeRole:
        return self.roles[0]

    def member(self, user: FakeUser) -> FakeMember:
        try:
            return self.members[user.id]
        except KeyError:
            raise LookupError(
                f"{user.name} is not a member of {self.name}; call fake.add_member(guild, user)"
            ) from None

    def permissions_in(self, user: FakeUser, channel: FakeChannel | None) -> int:
        """Discord's permission computation: base roles, administrator, then channel overwrites."""
        everything = discord.Permissions.all().value
        if user.id == self.owner.id:
            return everything
        member = self.member(user)
        base = self.everyone.permissions
        for role in member.roles:
            base |= role.permissions
        if base & discord.Permissions(administrator=True).value:
            return everything
        target = channel.parent if channel is not None and channel.is_thread else channel
        if target is None:
            return base
        role_ids = {str(r.id) for r in member.roles}
        allow = deny = 0
        for ow in target.overwrites:
            if ow["id"] == str(self.id):
                base = (base & ~int(ow["deny"])) | int(ow["allow"])
        for ow in target.overwrites:
            if ow["type"] == 0 and ow["id"] in role_ids:
                allow |= int(ow["allow"])
                deny |= int(ow["deny"])
        base = (base & ~deny) | allow
        for ow in target.overwrites:
            if ow["type"] == 1 and ow["id"] == str(user.id):
                base = (base & ~int(ow["deny"])) | int(ow["allow"])
        return base

    def payload(self, *, members: list[FakeMember], threads: list[FakeChannel]) -> dict[str, Any]:
        return {
            "id": str(self.id), "name": self.name, "icon": None, "splash": None, "discovery_splash": None,
            "banner": None, "description": None, "owner_id": str(self.owner.id), "region": None,
            "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0, "mfa_level": 0,
            "nsfw_level": 0, "premium_tier": 0, "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False, "system_channel_id": None, "system_channel_flags": 0,
            "rules_channel_id": None, "public_updates_channel_id": None, "safety_alerts_channel_id": None,
            "vanity_url_code": None, "application_id": None, "max_members": 500000,
            "preferred_locale": self.locale, "features": [], "roles": [r.payload() for r in self.roles],
            "emojis": [], "stickers": [], "soundboard_sounds": [], "large": False, "unavailable": False,
            "lazy": True, "member_count": len(self.members), "joined_at": self.joined_at,
            "members": [m.payload() for m in members], "presences": [], "voice_states": [],
            "stage_instances": [], "guild_scheduled_events": [], "embedded_activities": [],
            "channels": [c.payload() for c in self.channels if not c.is_thread],
            "threads": [t.payload() for t in threads],
        }


@dataclass(eq=False)
class FakeAttachment:
    id: int
    filename: str
    data: bytes
    description: str | None = None
    content_type: str | None = None

    def payload(self, base_url: str, channel_id: int) -> dict[str, Any]:
        url = f"{base_url}/attachments/{channel_id}/{self.id}/{self.filename}"
        return {
            "id": str(self.id), "filename": self.filename, "size": len(self.data), "url": url,
            "proxy_url": url, "content_type": self.content_type, "description": self.description,
        }


_MENTION = re.compile(r"<@!?(\d+)>")
_ROLE_MENTION = re.compile(r"<@&(\d+)>")


@dataclass(eq=False)
class FakeMessage:
    """A message the bot posted (channel message, DM, interaction response or follow-up)."""

    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    allowed_mentions: dict[str, Any] | None = None
    type: int = 0
    interaction: Any = None
    """The InteractionHandle that produced this message (response or follow-up), if any."""
    ephemeral_to: FakeUser | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
    """Earlier versions (snapshots of content/embeds/components/attachment names), oldest first."""
    deleted: bool = False
    nonce: str | None = None
    """The nonce the bot sent with enforce_nonce (Discord then returns this message for a repeat)."""
    created: float = field(default_factory=time.monotonic)
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None

    # -- reading -----------------------------------------------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while a deferred ("thinking…") response has not been filled in yet."""
        return bool(self.flags & LOADING)

    @property
    def edits(self) -> int:
        return len(self.history)

    @property
    def files(self) -> dict[str, bytes]:
        return {a.filename: a.data for a in self.attachments}

    @property
    def mentions(self) -> list[int]:
        """User ids written as mentions in the content."""
        return [int(m) for m in _MENTION.findall(self.content)]

    @property
    def pings(self) -> set[int]:
        """User ids Discord would notify: content mentions allowed by allowed_mentions (none when the
        message is ephemeral or silent)."""
        if self.ephemeral or self.flags & SUPPRESS_NOTIFICATIONS:
            return set()
        allowed = self.allowed_mentions
        mentioned = set(self.mentions)
        if allowed is None:
            return mentioned
        explicit = {int(u) for u in allowed.get("users") or []}
        return mentioned if "users" in (allowed.get("parse") or []) else mentioned & explicit

    @property
    def text(self) -> str:
        """Everything a reader sees as text: content, embeds, and component labels/options."""
        parts = [self.content]
        for e in self.embeds:
            parts += [e.get("title"), e.get("description"), (e.get("footer") or {}).get("text"),
                      (e.get("author") or {}).get("name")]
            for f in e.get("fields") or []:
                parts += [f.get("name"), f.get("value")]
        for c in self.all_components():
            parts += [c.get("label"), c.get("placeholder"), c.get("content")]
            for o in c.get("options") or []:
                parts += [o.get("label"), o.get("description")]
        return "\n".join(p for p in parts if p)

    def all_components(self) -> list[dict[str, Any]]:
        """Every component, flattened (action rows and their children, containers, sections)."""
        out: list[dict[str, Any]] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for c in items:
                out.append(c)
                walk(c.get("components") or [])
                if c.get("accessory"):
                    walk([c["accessory"]])

        walk(self.components)
        return out

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") == 2]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components() if c.get("custom_id")]

    def button(self, label: str | None = None, *, custom_id: str | None = None) -> dict[str, Any]:
        """The one button with this label (exact) or custom_id; LookupError naming what exists otherwise."""
        found = [b for b in self.buttons()
                 if (label is None or b.get("label") == label)
                 and (custom_id is None or b.get("custom_id") == custom_id)]
        if len(found) != 1:
            shown = [(b.get("label"), b.get("custom_id")) for b in self.buttons()]
            raise LookupError(f"{len(found)} buttons match label={label!r} custom_id={custom_id!r}; "
                              f"message {self.id} has {shown}")
        return found[0]

    def select(self, custom_id: str | None = None) -> dict[str, Any]:
        """The select with this custom_id (or the only select when None)."""
        found = [s for s in self.selects() if custom_id is None or s.get("custom_id") == custom_id]
        if len(found) != 1:
            raise LookupError(f"{len(found)} selects match custom_id={custom_id!r}; "
                              f"message {self.id} has {[s.get('custom_id') for s in self.selects()]}")
        return found[0]

    # -- writing -----------------------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {"content": self.content, "embeds": self.embeds, "components": self.components,
                "attachments": [a.filename for a in self.attachments], "flags": self.flags}

    def payload(self, base_url: str, users: dict[int, FakeUser], *, with_guild_id: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "channel_id": str(self.channel.id), "author": self.author.payload(),
            "content": self.content, "timestamp": self.timestamp, "edited_timestamp": self.edited_timestamp,
            "tts": False, "mention_everyone": False,
            "mentions": [users[u].payload() for u in self.mentions if u in users],
            "mention_roles": _ROLE_MENTION.findall(self.content), "mention_channels": [],
            "attachments": [a.payload(base_url, self.channel.id) for a in self.attachments],
            "embeds": self.embeds, "reactions": [], "pinned": False, "type": self.type, "flags": self.flags,
            "components": self.components,
        }
        if with_guild_id and self.channel.guild is not None:
            data["guild_id"] = str(self.channel.guild.id)
        if self.interaction is not None:
            handle = self.interaction
            data["webhook_id"] = str(handle.application_id)
            data["application_id"] = str(handle.application_id)
            data["interaction_metadata"] = {
                "id": str(handle.id), "type": handle.type, "user": handle.user.payload(),
                "authorizing_integration_owners": handle.payload.get("authorizing_integration_owners", {}),
            }
            if handle.type == 2:
                data["interaction"] = {"id": str(handle.id), "type": 2, "name": handle.command_name,
                                       "user": handle.user.payload()}
        if self.channel.is_thread:
            data["position"] = 0
        return data
