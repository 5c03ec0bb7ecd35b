"""What Discord's client does with a typed command: find the registered definition, walk to the
subcommand, and turn the user's option values into interaction data (types, choices, ranges, resolved
users/members/channels/roles). It refuses what Discord's client would never send."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .model import FakeChannel, FakeMember, FakeUser


def find_command(registered: dict[int | None, list[dict[str, Any]]], user: FakeUser, channel: FakeChannel,
                 name: str) -> tuple[dict[str, Any], int | None]:
    """The definition Discord would run for /name in `channel`: the guild's own first, then global."""
    scopes: list[int | None] = [channel.guild.id] if channel.guild else []
    scopes.append(None)
    for scope in scopes:
        for definition in registered.get(scope, []):
            if definition["name"] == name and definition.get("type", 1) == 1:
                check_available(definition, user, channel)
                return definition, scope
    names = sorted({d["name"] for s in scopes for d in registered.get(s, [])})
    raise LookupError(f"/{name} is not registered with Discord (registered: {names}); did the bot sync?")


def check_available(definition: dict[str, Any], user: FakeUser, channel: FakeChannel) -> None:
    """Discord's client hides commands outside their contexts and from members lacking their permissions."""
    contexts = definition.get("contexts")
    if channel.is_dm:
        if (contexts is not None and 1 not in contexts) or definition.get("dm_permission") is False:
            raise PermissionError(f"/{definition['name']} is not offered in DMs")
        return
    if contexts is not None and 0 not in contexts:
        raise PermissionError(f"/{definition['name']} is not offered in guilds")
    needed = definition.get("default_member_permissions")
    assert channel.guild is not None
    if needed is not None and int(needed) & ~channel.guild.permissions_in(user, channel):
        raise PermissionError(f"Discord hides /{definition['name']} from {user.name}: "
                              f"default_member_permissions={needed}")


def descend(definition: dict[str, Any], group: str | None, subcommand: str | None) -> tuple[
        list[dict[str, Any]], Callable[[list[dict[str, Any]]], list[dict[str, Any]]]]:
    """The option definitions under [group] [subcommand], and how to wrap built options back into that path."""
    options = definition.get("options") or []
    layers: list[tuple[int, str]] = []
    for kind, name in ((2, group), (1, subcommand)):
        if name is None:
            continue
        found = next((o for o in options if o.get("type") == kind and o["name"] == name), None)
        if found is None:
            offered = [o["name"] for o in options if o.get("type") in (1, 2)]
            raise LookupError(f"/{definition['name']} has no {'group' if kind == 2 else 'subcommand'} "
                              f"{name!r} (it has {offered})")
        layers.append((kind, name))
        options = found.get("options") or []
    if any(o.get("type") in (1, 2) for o in options):
        raise ValueError(f"/{definition['name']} needs a subcommand: "
                         f"{[o['name'] for o in options if o.get('type') in (1, 2)]}")


    def wrap(built: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for kind, name in reversed(layers):
            built = [{"type": kind, "name": name, "options": built}]
        return built


    return options, wrap


def build_options(
    command: str, defs: list[dict[str, Any]], given: dict[str, Any], channel: FakeChannel,
    *, focused: str | None = None, checked: bool = True,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    by_name = {d["name"]: d for d in defs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise ValueError(f"/{command} has no option {unknown}; it has {list(by_name)}")
    if focused is None:
        missing = [d["name"] for d in defs if d.get("required") and d["name"] not in given]
        if missing:
            raise ValueError(f"/{command} requires {missing}; Discord would not send it without them")
    built: list[dict[str, Any]] = []
    resolved: dict[str, dict[str, Any]] = {}
    for d in defs:
        if d["name"] not in given:
            continue
        value, kind = given[d["name"]], d["type"]
        option: dict[str, Any] = {"name": d["name"], "type": kind}
        if d["name"] == focused:
            option.update(value=str(value), focused=True)
            built.append(option)
            continue
        option["value"] = option_value(command, d, value, channel, resolved, checked=checked)
        built.append(option)
    return built, resolved


def option_value(command: str, d: dict[str, Any], value: Any, channel: FakeChannel,
                  resolved: dict[str, dict[str, Any]], *, checked: bool = True) -> Any:
    kind = d["type"]
    if kind == 3:
        out: Any = str(value)
        if checked and not d.get("min_length", 0) <= len(out) <= d.get("max_length", 6000):
            raise ValueError(f"/{command} {d['name']}: length outside min/max_length")
    elif kind == 4:
        out = int(value)
    elif kind == 10:
        out = float(value)
    elif kind == 5:
        out = bool(value)
    elif kind == 6:
        user = value.user if isinstance(value, FakeMember) else value
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        if channel.guild is not None and user.id in channel.guild.members:
            member = channel.guild.members[user.id].payload(
                permissions=channel.guild.permissions_in(user, channel))
            member.pop("user")
            resolved.setdefault("members", {})[str(user.id)] = member
        out = str(user.id)
    elif kind == 7:
        resolved.setdefault("channels", {})[str(value.id)] = value.payload() | {"permissions": "0"}
        out = str(value.id)
    elif kind == 8:
        resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        out = str(value.id)
    else:
        raise NotImplementedError(f"option type {kind} is not faked")
    if not checked:  # a hand-made client's value, as is
        return out
    if kind in (4, 10) and not d.get("min_value", -2**53) <= out <= d.get("max_value", 2**53):
        raise ValueError(f"/{command} {d['name']}={out} outside min/max_value")
    choices = d.get("choices")
    if choices and out not in [c["value"] for c in choices]:
        raise ValueError(f"/{command} {d['name']} must be one of {[c['value'] for c in choices]}")
    return out


def command_data(definition: dict[str, Any], scope: int | None, options: list[dict[str, Any]],
                  resolved: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = {"id": definition["id"], "name": definition["name"], "type": 1, "options": options}
    if resolved:
        data["resolved"] = resolved
    if scope is not None:
        data["guild_id"] = str(scope)
    return data
