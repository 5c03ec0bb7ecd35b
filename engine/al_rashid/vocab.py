"""The words of Al-Rashid: goods, pieces, areas, colours and phases."""

from __future__ import annotations

GOODS = ("hardwood", "pottery", "metal", "silk", "spice")
COMMON_GOODS = ("hardwood", "pottery", "metal")
CREDIT_NOTE = "note"  # an item on some territories; not a good
PIECES = ("pasha", "merchant", "sage")
MERCENARY_COLOURS = ("red", "blue")
MERCENARY_VALUES = (2, 3, 4)
# Mercenary tiles in a hand are counted by kind, e.g. "red-3".
MERCENARY_KINDS = tuple(f"{c}-{v}" for c in MERCENARY_COLOURS for v in MERCENARY_VALUES)

GUILDS = ("spies", "military", "culture", "merchant", "politics")
CALIPH = "caliph"  # Al-Rashid's palace
PALACES = (*GUILDS, CALIPH)
TERRITORIES = (
    "silk_road", "spice_road", "sanmatia", "mare_indianum",
    "abbasid_caliphate", "mare_internum", "nilus_valley",
)
AREAS = (*PALACES, *TERRITORIES)

# Family colours, in the order they are handed out.
COLOURS = ("red", "yellow", "green", "blue", "white")

# Phases of a turn.
SETUP = "setup"            # each player draws a first mercenary tile
PLACEMENT = "placement"
RESOLUTION = "resolution"
OVER = "over"

# What a player may do in a guild palace (at most two of these, never all three).
SERVICE, CHARGE, FAVOUR = "service", "charge", "favour"
BENEVOLENCE = "benevolence"


def kind_of(colour: str, value: int) -> str:
    return f"{colour}-{value}"


def split_kind(kind: str) -> tuple[str, int]:
    colour, value = kind.split("-")
    return colour, int(value)
