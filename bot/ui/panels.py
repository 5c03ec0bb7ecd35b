"""The panel a player last played from at a table, kept in step with their turns.

Only the interaction that made an ephemeral message can edit it, and only for 15 minutes (its token's life).
While the panel a player last used at a table is that fresh, their next turn there is shown in it too (besides
the mention), so they answer from it without opening the panel again: at a table of several players online
together, the panel stays open from turn to turn. Kept in memory only, and never logged (the interaction holds
its token): after a restart, or once the panel is older, the player opens it from the table as before.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import discord

log = logging.getLogger(__name__)

FRESH = 14 * 60  # seconds: a minute short of the token's 15, so that an edit is never refused for age


class OpenPanels:
    def __init__(self, now: Callable[[], float] = time.monotonic):
        self.now = now
        self._open: dict[tuple[int, int], tuple[float, discord.Interaction]] = {}

    def remember(self, match_id: int, interaction: discord.Interaction) -> None:
        """`interaction`'s original response is now `interaction.user`'s panel of this match."""
        self._open[match_id, interaction.user.id] = (self.now(), interaction)
        self._forget_stale()

    def follows(self, match_id: int, user_id: int) -> bool:
        """Whether this player has a panel open at the table that can still show their next turn."""
        opened = self._open.get((match_id, user_id))
        return opened is not None and self.now() - opened[0] < FRESH

    async def show(self, match_id: int, user_id: int, content: str, view: discord.ui.View) -> None:
        """Show the player's turn in their open panel, if it still is; an edit refused (the panel dismissed,
        the token gone) leaves them the mention and the table's button, as without a panel."""
        if not self.follows(match_id, user_id):
            return
        _, interaction = self._open[match_id, user_id]
        try:
            await interaction.edit_original_response(content=content, view=view, embed=None, attachments=[])
        except discord.HTTPException as error:
            self._open.pop((match_id, user_id), None)
            log.info("could not show a turn in its player's panel (HTTP %s)", error.status)

    def _forget_stale(self) -> None:
        now = self.now()
        for key in [k for k, (at, _) in self._open.items() if now - at >= FRESH]:
            del self._open[key]
