"""The words of Yspahan: quarters, tower slots, buildings, cards, colours and phases."""

from __future__ import annotations

from typing import Final, Literal

# The four quarters of the city, in the order of their rows on the dice tower (bottom to top).
QUARTERS: Final = ("bag", "barrel", "chest", "vase")
# The six slots of the dice tower, bottom to top (004_fe5b7b6409874d09.txt, "Rifornimento").
CAMEL, GOLD = "camel", "gold"
SLOTS: Final = (CAMEL, *QUARTERS, GOLD)

# The arms of the supervisor's road, named by where they point on the map, and its centre.
CENTRE: Final = "c"
ARMS: Final = ("w", "e", "n", "s")

# Buildings, in the order of the player board.
PEN, MARKET, HAMMAM, CARAVANSERAI, BAZAAR, HOIST = "pen", "market", "hammam", "caravanserai", "bazaar", "hoist"
BUILDINGS: Final = (PEN, MARKET, HAMMAM, CARAVANSERAI, BAZAAR, HOIST)

# The nine kinds of card (two copies each).
SWAP = "swap"                    # camels for gold or gold for camels, one for one
CAMELS3, GOLD3 = "camels3", "gold3"
SHOP_CUBE = "shopcube"           # one cube from the reserve into any shop (souk rules apply)
CARAVAN_CUBE = "caravancube"     # one cube from the reserve onto the caravan, scoring its place
CAMEL_POINTS = "camelpoints"     # up to 4 camels for 2 points each
GOLD_POINTS = "goldpoints"       # up to 10 gold for 1 point each
NO_CAMELS, NO_GOLD = "nocamels", "nogold"   # build a building without its camels / its gold
CARDS: Final = (SWAP, CAMELS3, GOLD3, SHOP_CUBE, CARAVAN_CUBE, CAMEL_POINTS, GOLD_POINTS, NO_CAMELS, NO_GOLD)
BUILD_CARDS: Final = (NO_CAMELS, NO_GOLD)

# Player colours in seat order, which is the clockwise order of play: the rulebook's example plays
# Blue, Green, Red, Yellow (004, "Esempio").
COLOURS: Final = ("blue", "green", "red", "yellow")

# Where a player's score comes from (the outcome's breakdown).
SOUKS, BAZAAR_BONUS, SHIPPING, CARAVAN, BUILT, CARDS_SCORE = (
    "souks", "bazaar", "shipping", "caravan", "buildings", "cards")
SCORE_KINDS: Final = (SOUKS, BAZAAR_BONUS, SHIPPING, CARAVAN, BUILT, CARDS_SCORE)

# Phases of a day.
Phase = Literal["roll", "actions", "over"]
ROLL: Final[Phase] = "roll"          # the first player buys yellow dice and rolls
ACTIONS: Final[Phase] = "actions"    # the players take their turns
OVER: Final[Phase] = "over"
