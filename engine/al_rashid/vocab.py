"""The words of Al-Rashid: goods, pieces, areas, colours, phases and what a palace grants.

Each is a `StrEnum`: a member is its own string (`Good.SILK == "silk"`), so dumps, notation and message
keys read exactly as the plain words did. The tuples list the members in the rulebook's order, typed as
plain words so that they mix with the words of actions and data.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal


class Good(StrEnum):
    HARDWOOD = "hardwood"
    POTTERY = "pottery"
    METAL = "metal"
    SILK = "silk"
    SPICE = "spice"


GOODS: tuple[str, ...] = tuple(Good)
COMMON_GOODS: tuple[str, ...] = (Good.HARDWOOD, Good.POTTERY, Good.METAL)
CREDIT_NOTE: Literal["note"] = "note"  # an item on some territories; not a good


class Piece(StrEnum):
    PASHA = "pasha"
    MERCHANT = "merchant"
    SAGE = "sage"


PIECES: tuple[str, ...] = tuple(Piece)


class MercenaryColour(StrEnum):
    RED = "red"
    BLUE = "blue"


MERCENARY_COLOURS: tuple[str, ...] = tuple(MercenaryColour)
MERCENARY_VALUES = (2, 3, 4)
# Mercenary tiles in a hand are counted by kind, e.g. "red-3".
MERCENARY_KINDS = tuple(f"{c}-{v}" for c in MERCENARY_COLOURS for v in MERCENARY_VALUES)


class Area(StrEnum):
    """The six palaces of the city (five guilds and Al-Rashid's) and the seven territories, in map order."""

    SPIES = "spies"
    MILITARY = "military"
    CULTURE = "culture"
    MERCHANT = "merchant"
    POLITICS = "politics"
    CALIPH = "caliph"  # Al-Rashid's palace
    SILK_ROAD = "silk_road"
    SPICE_ROAD = "spice_road"
    SANMATIA = "sanmatia"
    MARE_INDIANUM = "mare_indianum"
    ABBASID_CALIPHATE = "abbasid_caliphate"
    MARE_INTERNUM = "mare_internum"
    NILUS_VALLEY = "nilus_valley"


AREAS: tuple[str, ...] = tuple(Area)
GUILDS: tuple[str, ...] = AREAS[:5]
CALIPH = Area.CALIPH
PALACES: tuple[str, ...] = AREAS[:6]
TERRITORIES: tuple[str, ...] = AREAS[6:]


class Colour(StrEnum):
    """Family colours, in the order they are handed out."""

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    WHITE = "white"


COLOURS: tuple[str, ...] = tuple(Colour)


class Phase(StrEnum):
    """Phases of a turn."""

    SETUP = "setup"            # each player draws a first mercenary tile
    PLACEMENT = "placement"
    RESOLUTION = "resolution"
    OVER = "over"


SETUP, PLACEMENT, RESOLUTION, OVER = Phase


class Grant(StrEnum):
    """What a player may ask of a palace: at most two of service, charge and favour in a guild;
    benevolence and/or a charge in Al-Rashid's palace."""

    SERVICE = "service"
    CHARGE = "charge"
    FAVOUR = "favour"
    BENEVOLENCE = "benevolence"


SERVICE, CHARGE, FAVOUR, BENEVOLENCE = Grant


def kind_of(colour: str, value: int) -> str:
    return f"{colour}-{value}"


def split_kind(kind: str) -> tuple[str, int]:
    colour, value = kind.split("-")
    return colour, int(value)
