"""`python -m bot` in a child process made by a fork server (see tests/bot/crashing.py): the modules are
imported once, so a bot can be started again in a fraction of a second after it was killed.

Only the start differs from production: discord.py's two-second wait for guilds is shortened as the fake
Discord does in-process, and pictures may be replaced by a tiny PNG (still drawn in the bot's drawing
processes) to keep long runs fast. A `breakage` breaks the bot on purpose, to prove that the crash checks
catch a bot that:

- "answer-before-saving": tells the player a clicked step is done, then saves it a moment later;
- "refuse-everything": refuses every step;
- "apply-and-say-refused": applies a step and tells the player it was refused.
"""

from __future__ import annotations

import asyncio
import os
import sys

from engine.core import games

# The toy simultaneous game is registered too, for the crash test of choices made at the same time.
PRELOAD = ["bot.app", "bot.__main__", "render", "tests.support.bot_process", "tests.support.simultaneous"]
TINY_PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16
SAVED_AFTER = 0.5  # seconds between the answer and the save, for "answer-before-saving"
games()  # every game package, imported once in the fork server rather than in each bot process


def tiny_picture(*_: object) -> bytes:
    """Drawn in a drawing process instead of the real picture (a module-level function: it pickles)."""
    return TINY_PNG


def run_bot(env: dict[str, str], log_path: str, tiny_pictures: bool, breakage: str | None = None) -> None:
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

        pictures._draw = lambda function, view, locale, *more: pictures.draw(tiny_picture, view)
    if breakage is not None:
        BREAKAGES[breakage]()
    from bot.__main__ import main

    sys.exit(main())


def answer_before_saving() -> None:
    from bot.cogs.common import locale, send
    from bot.cogs.components import Components
    from bot.i18n import t

    step = Components._step

    async def answered_first(self, interaction, route):
        await send(interaction, t("bot.panel.done", locale(interaction), move=route.arg or "?"))
        await asyncio.sleep(SAVED_AFTER)
        await step(self, interaction, route)

    Components._step = answered_first  # clicks are answered from a table of the answers: it must see the change
    Components.ANSWERS = {verb: answered_first if answer is step else answer
                          for verb, answer in Components.ANSWERS.items()}


def refuse_everything() -> None:
    from bot.services import PlayService, Refusal

    async def refuse(self, *args, **options):
        raise Refusal("bot.refusal.wait_your_turn")

    PlayService.play = refuse


def apply_and_say_refused() -> None:
    from bot.services import PlayService, Refusal

    play = PlayService.play

    async def applied(self, *args, **options):
        result = await play(self, *args, **options)
        await self.settle(result, shown=False)
        raise Refusal("bot.refusal.wait_your_turn")

    PlayService.play = applied


BREAKAGES = {"answer-before-saving": answer_before_saving, "refuse-everything": refuse_everything,
             "apply-and-say-refused": apply_and_say_refused}
