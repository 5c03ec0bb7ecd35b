"""The deck of 18 cards: drawn from the top, the discards reshuffled when it runs out (004, "Carte")."""

from __future__ import annotations

from typing import Any

from engine.core.rng import shuffled

from . import words as w
from .flow import Ctx
from .state import Player
from .vocab import CARDS


def add_card(player: Player, card: str) -> None:
    player.cards.append(card)
    player.cards.sort(key=CARDS.index)


def remove_card(player: Player, card: str) -> None:
    player.cards.remove(card)


def can_draw(deck: list[str], discards: list[str]) -> bool:
    return bool(deck or discards)


def draw_card(c: Ctx, seat: int, reason: dict[str, Any]) -> str | None:
    """The top card to `seat`'s hand (the deck rebuilt from the shuffled discards first if it is empty);
    None when no card is left anywhere. Only the drawer learns which card it is."""
    s = c.s
    if not s.deck and s.discards:
        s.rng, s.deck = shuffled(s.rng, s.discards)
        s.discards = []
        c.emit("reshuffled", n=len(s.deck), reveals=True)
    if not s.deck:
        c.emit("no_card", player=w.player(s, seat), reason=reason)
        return None
    s.deck, card = s.deck[:-1], s.deck[-1]
    add_card(s.player(seat), card)
    c.emit("drew", player=w.player(s, seat), reason=reason, reveals=True)
    c.emit("drew_private", audience=seat, reveals=True, card=w.card(card))
    c.touch(f"player:{seat}")
    return card


def discard(c: Ctx, seat: int, card: str) -> None:
    remove_card(c.s.player(seat), card)
    c.s.discards = [*c.s.discards, card]
    c.touch(f"player:{seat}")
