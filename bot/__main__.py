"""`python -m bot`: run the bot with settings from the environment or `.env`."""

from __future__ import annotations

import logging
import sys

import discord
import yarl
from discord.gateway import DiscordWebSocket

from .settings import Settings


class RedactingFormatter(logging.Formatter):
    """Belt and braces: whatever a library logs (tracebacks included), the token never reaches a log line."""

    def __init__(self, fmt: str, *secrets: str):
        super().__init__(fmt)
        self.secrets = [s for s in secrets if s]

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        for secret in self.secrets:
            text = text.replace(secret, "[redacted]")
        return text


def configure_logging(level: str, *secrets: str) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s", *secrets))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    logging.getLogger("aiosqlite").setLevel(max(root.level, logging.INFO))  # one line per statement otherwise


def main() -> int:
    settings = Settings()
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
    from .app import CaravanseraiBot

    CaravanseraiBot(settings).run(token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
