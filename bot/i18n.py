"""The bot's words: every sentence comes from data/i18n/<locale>/*.yaml through engine.core.messages."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from engine.core.messages import Message, catalogue, locale_of, translate

__all__ = ["CommandTranslator", "Message", "command_text", "locale_of", "t", "text"]


def t(key: str, locale: str, **params: Any) -> str:
    return translate(key, locale, **params)


def text(message: Message, locale: str) -> str:
    return message.text(locale)


def command_text(key: str) -> app_commands.locale_str:
    """A command or option description: English by default, translated per client locale by Discord."""
    return app_commands.locale_str(translate(key, "en"), key=key)


NAMES = {app_commands.TranslationContextLocation.command_name: "names.command.",
         app_commands.TranslationContextLocation.group_name: "names.command.",
         app_commands.TranslationContextLocation.parameter_name: "names.option."}


class CommandTranslator(app_commands.Translator):
    """Gives Discord the Italian (and any other shipped) names and descriptions of our commands at sync time:
    descriptions and choices by their key, command and option names from data/i18n/<locale>/names.yaml."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        ours = locale_of(locale.value)
        if ours == "en" or not locale.value.lower().startswith(ours):
            return None
        if key is None and context.location in NAMES:
            return catalogue(ours).get(NAMES[context.location] + string.message)
        return translate(key, ours) if key is not None else None
