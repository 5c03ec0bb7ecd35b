"""What every cog does the same way: the reader's locale, deferring, replying, and the one error handler."""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord
from discord import app_commands

from engine.core import EngineError, Message, games
from engine.core.messages import has_key, locale_of

from ..i18n import command_text, t
from ..ops.telemetry import command_path, outcome
from ..services import PreferenceService, Refusal, variants
from ..services.ai import LEVELS
from ..services.tidings import event_from_json
from ..ui import embeds

log = logging.getLogger("bot")
UNKNOWN_INTERACTION = 10062
NUMBER_RANGE = 2**53  # Discord's limits of a number option (within the database's integers)
TEXT_LENGTH = 6000   # and of a text option
# How well the AI plays (engine.ai.LEVELS), a choice of /game new and of the leagues' settings.
Level = Literal["easy", "normal", "expert"]
AI_LEVELS = [app_commands.Choice(name=command_text(f"bot.ai.{policy}"), value=level) for level, policy in LEVELS.items()]


def channel_of(interaction: discord.Interaction) -> int:
    """The channel or thread a command was used in (every command of ours is used in one)."""
    if interaction.channel_id is None:
        raise Refusal("bot.refusal.no_match_here")
    return interaction.channel_id


def guild_of(interaction: discord.Interaction) -> int:
    """The server a server-only command was used in (Discord never sends one from a DM)."""
    if interaction.guild_id is None:
        raise Refusal("bot.refusal.server_only")
    return interaction.guild_id


def locale(interaction: discord.Interaction) -> str:
    return locale_of(interaction.locale.value if interaction.locale else None)


def describe(interaction: discord.Interaction) -> str:
    """An interaction for a log line: its kind and command or button verb, never its values (a button's id
    or a chosen option may name a player's face-down tile)."""
    data: dict[str, Any] = dict(interaction.data or {})
    if interaction.type is discord.InteractionType.component:
        parts = str(data.get("custom_id", "")).split(":")
        what = f"button {parts[3]}" if len(parts) > 3 else "a foreign component"
    else:
        what = f"/{data.get('name', '?')}"
    return f"{what} (interaction {interaction.id})"


def refused_options(interaction: discord.Interaction) -> Refusal | None:
    """The refusal of a command whose options lie outside what it declares (a choice it does not offer, a number
    outside its range, a text too long): Discord's own client never sends one, but a hand-made client may, and
    then nothing is done. None when every option is one the command takes."""
    command = interaction.command
    if interaction.type is not discord.InteractionType.application_command or not isinstance(
            command, app_commands.Command):
        return None
    given = {str(o.get("name")): o.get("value") for o in command_path(dict(interaction.data or {}))[1]}
    loc = locale(interaction)
    for param in command.parameters:
        if param.display_name not in given:
            continue
        value = given[param.display_name]
        name = _option_name(param.display_name, loc)
        if param.choices and value not in [choice.value for choice in param.choices]:
            return Refusal("bot.refusal.option_choice", option=name,
                           allowed=", ".join(_choice_name(choice, loc) for choice in param.choices))
        measured: float
        low: float
        high: float
        if param.type is discord.AppCommandOptionType.string:
            measured, key = len(str(value)), "bot.refusal.option_length"
            low, high = param.min_value or 0, param.max_value or TEXT_LENGTH
        elif param.type in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
            if isinstance(value, bool) or not isinstance(value, int | float):
                return Refusal("bot.refusal.option_number", option=name)
            measured, key = value, "bot.refusal.option_bounds"
            low = -NUMBER_RANGE if param.min_value is None else param.min_value
            high = NUMBER_RANGE if param.max_value is None else param.max_value
        else:
            continue
        if not low <= measured <= high:
            return Refusal(key, option=name, low=_figure(low), high=_figure(high))
    return None


def _figure(bound: float) -> str:
    return f"{bound:g}" if isinstance(bound, float) else str(bound)


def _option_name(name: str, loc: str) -> str:
    key = f"names.option.{name}"
    return t(key, loc) if has_key(key, loc) else name


def _choice_name(choice: app_commands.Choice[Any], loc: str) -> str:
    named = getattr(choice, "_locale_name", None)  # discord.py keeps a translatable name only there
    key = named.extras.get("key") if isinstance(named, app_commands.locale_str) else None
    return t(key, loc) if key else choice.name


async def remember_locale(interaction: discord.Interaction, preferences: PreferenceService) -> None:
    """Every interaction, clicks included, tells us the player's language: DMs and mentions follow it."""
    try:
        await preferences.remember_locale(interaction.user.id, locale(interaction))
    except Exception:  # noqa: BLE001 — a preference is never worth refusing a player for
        log.warning("could not remember the language of %s", describe(interaction))


async def defer(interaction: discord.Interaction, *, ephemeral: bool = True, update: bool = False) -> bool:
    """Acknowledge within Discord's 3 seconds. False if Discord already forgot the interaction (10062):
    then nothing is done, and the player's retry will work."""
    try:
        if update:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        return True
    except discord.NotFound as error:
        if error.code != UNKNOWN_INTERACTION:
            raise
        log.info("interaction %s expired before it was acknowledged", interaction.id)
        outcome(interaction, "expired")
        return False


async def send(interaction: discord.Interaction, content: str | None = None, *, ephemeral: bool = True,
               embed: discord.Embed | None = None, file: discord.File | None = None,
               view: discord.ui.View | None = None) -> None:
    fields: dict[str, Any] = {"content": embeds.clip(content, embeds.CONTENT) if content else None, "ephemeral": ephemeral,
              "allowed_mentions": discord.AllowedMentions.none()}
    if embed is not None:
        fields["embed"] = embed
    if file is not None:
        fields["file"] = file
    if view is not None:
        fields["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(**fields)
    else:
        await interaction.response.send_message(**fields)


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Every refusal becomes a short private sentence; only the unexpected is logged with a trace."""
    original = getattr(error, "original", error)
    original = getattr(original, "original", original)
    outcome(interaction, original)
    if isinstance(original, EngineError):
        message = refusal_text(original, locale(interaction))
    else:
        log.error("unexpected error in %s", describe(interaction), exc_info=original)
        message = t("bot.error.unexpected", locale(interaction))
    try:
        await send(interaction, message)
    except discord.HTTPException:
        log.info("could not tell the player about an error (interaction %s)", interaction.id)


ECHO = 60  # characters of what a player wrote that a refusal repeats: the reason must always show


def refusal_text(refusal: EngineError, loc: str) -> str:
    """A refusal's sentence, with the player's own words it repeats (a move, an option) shortened."""
    message = refusal.message
    return Message(message.key, {name: embeds.clip(value, ECHO) if isinstance(value, str) else value
                                 for name, value in message.params.items()}).text(loc)


async def deliver_mail(interaction: discord.Interaction, preferences: PreferenceService) -> None:
    """Private news that could not go by DM is handed over, privately, on the player's next interaction."""
    if interaction.client.is_closed():  # shutting down: the mail waits for the next interaction
        return
    mail = await preferences.take_mail(interaction.user.id)
    if not mail:
        return
    loc = locale(interaction)
    events = [event_from_json(e) for m in mail for e in m.payload.get("events", [])]
    content = t("bot.dm.mailbox", loc) + "\n" + embeds.event_lines(events, loc, embeds.CONTENT - 200)
    try:
        await interaction.followup.send(embeds.clip(content, embeds.CONTENT), ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        await preferences.keep_mail(mail)  # not delivered: kept for next time


def option_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of a command's `options:` (the variants of the game chosen in its `game:`), in the reader's
    language."""
    key = getattr(interaction.namespace, "game", None)
    if key not in games():
        return []
    return [app_commands.Choice(name=name, value=value)
            for name, value in variants.suggestions(games()[key], current, locale(interaction))]
