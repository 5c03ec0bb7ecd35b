"""`python -m bot` in a child process made by a fork server (see tests/bot/crashing.py): the modules are
imported once, so a bot can be started again in a fraction of a second after it was killed.

Only the start differs from production: discord.py's two-second wait for guilds is shortened as the fake
Discord does in-process, and pictures may be replaced by a tiny PNG to keep long runs fast.
"""

from __future__ import annotations

import os
import sys

from engine.core import games

# The toy simultaneous game is registered too, for the crash test of choices made at the same time.
PRELOAD = ["bot.app", "bot.__main__", "render", "tests.support.bot_process", "tests.support.simultaneous"]
TINY_PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16
games()  # every game package, imported once in the fork server rather than in each bot process


def run_bot(env: dict[str, str], log_path: str, tiny_pictures: bool) -> None:
    os.environ.update(env)
    log = open(log_path, "a", buffering=1)  # noqa: SIM115 — the process's stderr until it dies
    os.dup2(log.fileno(), 2)
    sys.stderr = log
    from discord.state import ConnectionState

    original = ConnectionState.__init__

    def quick(state, *args, **options):
        options.setdefault("guild_ready_timeout", 0.05)
        original(state, *args, **options)

    ConnectionState.__init__ = quick
    if tiny_pictures:
        from bot.services import pictures

        for name in ("focus_png", "hand_png", "board_png", "final_png"):
            setattr(pictures, name, lambda view, locale, names=None: TINY_PNG)
    from bot.__main__ import main

    sys.exit(main())
