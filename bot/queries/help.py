"""/help: what the bot does, where to start, and every command grouped by what a player wants to do, each
under the name and with the description the player's Discord shows them in their language."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from discord import app_commands

from engine.core.messages import catalogue, translate

# The top-level commands of each part of /help, in the order a newcomer needs them; a test checks that every
# command the bot registers is in one part.
PARTS: dict[str, tuple[str, ...]] = {
    "queries.help.playing": ("play", "hand", "board", "status", "log", "undo", "resign"),
    "queries.help.matches": ("game",),
    "queries.help.learning": ("help", "rules", "card", "replay", "history"),
    "queries.help.leagues": ("league", "tournament"),
    "queries.help.results": ("result", "leaderboard", "stats"),
    "queries.help.settings": ("settings", "server"),
}


@dataclass(frozen=True, slots=True)
class Entry:
    path: tuple[str, ...]   # the command's name and its groups' names, outermost first, in English
    description: str        # its description's message key


def entries(commands: Iterable[app_commands.Command[Any, Any, Any] | app_commands.Group | app_commands.ContextMenu],
            parents: tuple[str, ...] = ()) -> list[Entry]:
    """Every slash command that can be run, subcommands of groups included, in the order given."""
    found: list[Entry] = []
    for command in commands:
        path = (*parents, command.name)
        if isinstance(command, app_commands.Group):
            found += entries(command.commands, path)
        elif isinstance(command, app_commands.Command):
            described = command._locale_description  # the message key our descriptions carry (bot.i18n)
            assert described is not None
            found.append(Entry(path, described.extras["key"]))
    return found


def spelled(path: tuple[str, ...], locale: str) -> str:
    """A command as the player types it in their language's Discord: `/partita nuova`."""
    names = catalogue(locale)
    return "/" + " ".join(names.get(f"names.command.{name}", name) for name in path)


def parts(commands: Iterable[Entry], locale: str) -> list[tuple[str, str]]:
    """(title, one line per command) for each part of /help; a group's own commands before its subgroups'."""
    listed = sorted(commands, key=lambda e: len(e.path))
    return [(translate(part, locale),
             "\n".join(f"`{spelled(e.path, locale)}` — {translate(e.description, locale)}"
                       for name in names for e in listed if e.path[0] == name))
            for part, names in PARTS.items()]
