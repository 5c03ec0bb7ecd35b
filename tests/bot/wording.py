"""What players read, checked: no notation, no translation key, no unfilled placeholder, and no English
word in Italian text (nor the reverse), in every message the end-to-end tests make the bot send."""

from __future__ import annotations

import re

from engine.core.messages import locale_of
from tests.fakediscord import FakeDiscord, FakeMessage

KEY = re.compile(r"\b(?:al_rashid|bot|core|render|tools|ai|taj_mahal|notre_dame|yspahan)\.[a-z_0-9]+(?:\.[a-z_0-9]+)+\b")
PLACEHOLDER = re.compile(r"\{[a-z_0-9]+\}")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # abbasid_caliphate, red-3 and such are notation, never words
TILE = re.compile(r"\b(?:red|blue)-[234]\b")
MENTION = re.compile(r"<[@#]!?\d+>|<t:\d+:[A-Za-z]>|(?<!\w)/[a-z]+(?: [a-z]+)?")  # and /commands
WORD = re.compile(r"[^\W\d_]+")
# Words that belong to one language only (proper names such as "Silk Road" are the same in both).
ENGLISH_ONLY = {"the", "your", "you", "and", "with", "move", "waiting", "done", "took", "paid", "placed", "drew",
                "turn", "since", "last", "take", "give", "draw", "pay", "choose", "which", "where", "players",
                "board", "hand", "status", "seat", "seats", "mercenary", "goods", "charge", "resolve"}
ITALIAN_ONLY = {"il", "della", "delle", "tuo", "tua", "tocca", "mossa", "hai", "con", "nel", "sul", "ha", "pescato",
                "preso", "turno", "giro", "scegli", "dove", "quale", "pesca", "paga", "cedi", "prendi", "fatto",
                "posti", "mano", "tabellone", "stato", "mercenario", "merci", "carica", "risolvi"}


def reader_locale(fake: FakeDiscord, message: FakeMessage, table_locale: str) -> str | None:
    """The language the message's reader expects: a private message's recipient's, the table's otherwise."""
    if message.ephemeral_to is not None:
        return locale_of(message.ephemeral_to.locale)
    if message.channel.is_dm:
        return locale_of(message.channel.recipient.locale)
    return table_locale


def versions(message: FakeMessage) -> list[FakeMessage]:
    """Every version of a message a player saw (an edited panel showed many questions)."""
    return [message, *(FakeMessage(id=0, channel=message.channel, author=message.author, content=h["content"],
                                   embeds=h["embeds"], components=h["components"]) for h in message.history)]


def readable_parts(message: FakeMessage) -> list[tuple[str, str, bool]]:
    """Each line a player reads: as sent, without mentions, timestamps and /commands (names, not words), and
    whether it mentions someone at the table (such a line speaks the mentioned player's language)."""
    public = not message.channel.is_dm and message.ephemeral_to is None
    parts = []
    for version in versions(message):
        mentions = {line for line in version.content.splitlines() if MENTION.search(line)} if public else set()
        parts += [(part, MENTION.sub(" ", part), part in mentions) for part in version.text.splitlines() if part.strip()]
    return parts


def problems(fake: FakeDiscord, table_locale: str, notations: set[str], names: set[str]) -> list[str]:
    """Every wording problem in every message the bot ever sent, with the text it was found in."""
    steps = sorted((n for n in notations if " " in n or "_" in n), key=len, reverse=True)
    found: list[str] = []
    for message in fake.all_messages:
        locale = reader_locale(fake, message, table_locale)
        for _sent, part, mention in readable_parts(message):
            where = f"{part[:120]!r}"
            for what, pattern in (("a translation key", KEY), ("a placeholder", PLACEHOLDER),
                                  ("notation", SNAKE), ("notation", TILE)):
                if pattern.search(part):
                    found.append(f"{what} in {where}")
            if "`" in part:
                found.append(f"code-style notation in {where}")
            hit = next((n for n in steps if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", part)), None)
            if hit:
                found.append(f"the notation {hit!r} in {where}")
            if mention:
                continue  # a mention at the table speaks the mentioned player's own language
            words = {w.lower() for w in WORD.findall(part)} - {n.lower() for n in names}
            foreign = words & (ENGLISH_ONLY if locale == "it" else ITALIAN_ONLY)
            if foreign:
                found.append(f"{'English' if locale == 'it' else 'Italian'} words {sorted(foreign)} in {locale} "
                             f"text {where}")
    return sorted(set(found))
