"""`python -m bot`: run the bot with settings from the environment or `.env`."""

from __future__ import annotations

import logging
import re
import signal
import sys
from collections.abc import Sequence

import aiohttp
import discord
import yarl
from discord.gateway import DiscordWebSocket

from .settings import BadSettings, help_text, read_settings

# Where an interaction's token appears in what discord.py logs: the URLs of an interaction's answer
# (/interactions/<id>/<token>/callback, /webhooks/<application>/<token>/…) and a payload's "token" field. For 15
# minutes a token lets whoever holds it read or edit the answer, a private panel included.
INTERACTION_TOKENS = re.compile(r"""(/(?:interactions|webhooks)/\d+/|["']token["']\s*:\s*["'])[^/\s"'?#]+""")


class RedactingFormatter(logging.Formatter):
    """Belt and braces: whatever a library logs (tracebacks included), neither the bot's token nor an
    interaction's reaches a log line."""

    def __init__(self, fmt: str, *secrets: str):
        super().__init__(fmt)
        self.secrets = [s for s in secrets if s]

    def format(self, record: logging.LogRecord) -> str:
        text = INTERACTION_TOKENS.sub(r"\1[redacted]", super().format(record))
        for secret in self.secrets:
            text = text.replace(secret, "[redacted]")
        return text


class Discreet(logging.Filter):
    """Keeps hidden information out of the logs, which operators read and operators may play: discord.py
    logs whole payloads at DEBUG (gateway events, request and response bodies), and those carry button ids
    naming a player's face-down tiles and the text of private messages. The line stays; its payload goes."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.startswith("discord") and record.args:
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            record.args = tuple(WITHHELD if _is_payload(a) else a for a in args)
        return True


WITHHELD = "[payload withheld]"


def _is_payload(value: object) -> bool:
    if isinstance(value, dict | list | bytes):
        return True
    return isinstance(value, str) and value.lstrip()[:1] in ("{", "[")


def configure_logging(level: str, *secrets: str) -> None:
    handler = logging.StreamHandler()
    handler.addFilter(Discreet())
    handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s", *secrets))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    logging.getLogger("aiosqlite").setLevel(max(root.level, logging.INFO))  # one line per statement otherwise


def main(argv: Sequence[str] = ()) -> int:
    if list(argv[:1]) in (["--help"], ["-h"]):
        print(help_text())
        return 0
    if argv:  # migrate | backup | restore: database upkeep, see docs/deploy.md
        from .storage.admin import main as upkeep

        return upkeep(argv)
    try:
        settings = read_settings()
    except BadSettings as problem:
        return stop(str(problem))
    token = settings.discord_token.get_secret_value().strip() if settings.discord_token else ""
    if not token:
        print("Set DISCORD_TOKEN (in the environment or in a .env file) to your bot's token to start Caravanserai.",
              file=sys.stderr)
        return 2
    configure_logging(settings.log_level, token)
    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    if settings.discord_gateway_url:
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)
    from .app import StartupProblem, create_bot
    from .storage import DatabaseUnavailable, SchemaTooNew

    bot = create_bot(settings)
    stop_when_asked(bot)
    try:
        bot.run(token, log_handler=None)
    except DatabaseUnavailable as problem:
        return stop(f"The database of {settings.database_setting} cannot be used: {problem}")
    except discord.LoginFailure:
        return stop("Discord refused the token (401 Unauthorized): check DISCORD_TOKEN; copy it again from the "
                    "Developer Portal (your application → Bot → Reset Token).")
    except discord.PrivilegedIntentsRequired:
        return stop("Discord refused the gateway intents the bot asked for: enable them for your application "
                    "in the Developer Portal (Bot → Privileged Gateway Intents).")
    except (StartupProblem, SchemaTooNew) as problem:
        return stop(str(problem))
    except (aiohttp.ClientConnectionError, OSError, TimeoutError) as error:
        return stop(f"Cannot reach Discord at {discord.http.Route.BASE} ({type(error).__name__}): check the "
                    "network connection, a proxy or firewall, and DISCORD_API_BASE if you set it.")
    return 0


def stop_when_asked(bot: discord.Client) -> None:
    """`docker stop` and service managers ask a process to stop with SIGTERM: the bot then stops as it does on
    Ctrl-C, letting the clicks and commands in flight finish, instead of dying in the middle of a reply."""
    def ask_to_stop(signum: int, frame: object) -> None:
        try:  # discord.py's stand-in for the loop raises AttributeError until the bot runs
            bot.loop.call_soon_threadsafe(lambda: bot.loop.create_task(bot.close()))
        except AttributeError:  # not running yet: nothing is in flight
            raise SystemExit(0) from None

    signal.signal(signal.SIGTERM, ask_to_stop)


def stop(sentence: str) -> int:
    """One sentence saying what to check instead of a traceback, and a non-zero exit status."""
    print(sentence, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
