"""The words of Taj Mahal (001_f0a91e4b7c938d9d.txt): symbols, cards, goods, tiles, player colours.

Cards are named by kind, never by copy: a coloured card is "<colour>-<two symbol letters>" (e.g.
"red-ev": Elephant and Vizier on a red card), a white card "white-<letter>", a special card by its
effect. Two cards of one kind are the same card for every rule.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

# The six symbols, in the order the rulebook lists them ("Preparazione"): four forces with an influence
# tile, the Grand Mogul (the crown) and the Elephant (the province tile).
VIZIER, GENERAL, MONK, PRINCESS, MOGUL, ELEPHANT = "vizier", "general", "monk", "princess", "mogul", "elephant"
SYMBOLS = (VIZIER, GENERAL, MONK, PRINCESS, MOGUL, ELEPHANT)
FORCES = (VIZIER, GENERAL, MONK, PRINCESS)          # the symbols that win an influence tile and a palace
Symbol = Literal["vizier", "general", "monk", "princess", "mogul", "elephant"]
LETTER = {VIZIER: "v", GENERAL: "g", MONK: "m", PRINCESS: "p", MOGUL: "c", ELEPHANT: "e"}  # c: the crown
SYMBOL_OF = {letter: symbol for symbol, letter in LETTER.items()}
CROWN = "crown"            # the prize of the Grand Mogul
PROVINCE_TILE = "province"  # the prize of the Elephant
PRIZES = (*FORCES, CROWN, PROVINCE_TILE)
PRIZE_OF = {**{f: f for f in FORCES}, MOGUL: CROWN, ELEPHANT: PROVINCE_TILE}

CARD_COLOURS = ("red", "yellow", "green", "purple")
WHITE = "white"

# The special cards, named by what they do when played ("Le carte speciali").
SP_ELEPHANT, SP_MOGUL, SP_POINTS, SP_COLOUR = "sp-elephant", "sp-mogul", "sp-points", "sp-colour"
SPECIALS = (SP_POINTS, SP_COLOUR, SP_ELEPHANT, SP_MOGUL)

GOODS = ("rice", "tea", "spice", "jewels")
# Bonus tiles besides the goods tiles: "+2 punti", "+1 carta" and the Taj Mahal tile (+4).
PLUS_POINTS, PLUS_CARD, TAJ = "plus-points", "plus-card", "taj"
BONUS_KINDS = (PLUS_POINTS, PLUS_CARD, *GOODS, TAJ)

# Palace colours, handed out by seat and then to the dummies. None is a card colour, so that a
# sentence never says "Red played a green card".
PLAYER_COLOURS = ("blue", "orange", "black", "brown", "white")

# Phases of a match.
PLAYING, OVER = "playing", "over"


@cache
@cache
def card_colour(kind: str) -> str:
    """'red' for 'red-ev', 'white' for 'white-e', 'special' for a special card."""
    return "special" if kind in SPECIALS else kind.split("-", 1)[0]


@cache
def is_coloured(kind: str) -> bool:
    return card_colour(kind) in CARD_COLOURS


@cache
def is_white(kind: str) -> bool:
    return kind.startswith(WHITE + "-")


# Letters in a card's kind: the Elephant first (most coloured cards carry one), then the rulebook's order.
LETTER_ORDER = (ELEPHANT, VIZIER, GENERAL, MONK, PRINCESS, MOGUL)


def card_kind(colour: str, symbols: tuple[str, ...] | list[str]) -> str:
    """The kind of a card from its colour and symbols ("red", (vizier, elephant) -> "red-ev")."""
    ordered = sorted(symbols, key=LETTER_ORDER.index)
    return f"{colour}-{''.join(LETTER[s] for s in ordered)}"
