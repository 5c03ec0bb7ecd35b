"""The words of Notre Dame: colours, the sectors of a quarter, action cards, persons, messages and phases."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

# Player colours, in the order they are handed out (the rulebook's examples: Rosso, Violetto, Blu, Verde, Giallo).
COLOURS: Final = ("red", "yellow", "green", "blue", "purple")

# The seven buildings of a quarter ("settori"). The harbour holds the plague track and is not a sector.
CONVENT_SCHOOL: Final = "convent_school"
BANK: Final = "bank"
RESIDENCE: Final = "residence"
CARRIAGE_HOUSE: Final = "carriage_house"
INN: Final = "inn"
PARK: Final = "park"
HOSPITAL: Final = "hospital"
SECTORS: Final = (CONVENT_SCHOOL, BANK, RESIDENCE, CARRIAGE_HOUSE, INN, PARK, HOSPITAL)

# The central tile, where cubes go with the Notre Dame card. Not a sector of any quarter.
NOTRE_DAME: Final = "notre_dame"
# The ninth action card moves the Trusted Friend ("Fiduciario") instead of placing a cube.
TRUSTED_FRIEND: Final = "trusted_friend"
CARDS: Final = (*SECTORS, NOTRE_DAME, TRUSTED_FRIEND)

# The 15 persons: 6 brown (once every period) and 9 grey (3 each for periods A, B and C, once a game).
BROWN: Final = ("innkeeper", "troubadour", "monk", "jester", "moneylender", "doctor")
GREY_A: Final = ("watchman", "night_watch", "bishop")
GREY_B: Final = ("guild_master", "beggar_king", "lawyer")
GREY_C: Final = ("lady_in_waiting", "mayor", "carpenter")
GREY: Final = (*GREY_A, *GREY_B, *GREY_C)
PERSONS: Final = (*BROWN, *GREY)
PERIODS: Final = ("A", "B", "C")

# What a message (or the Inn, or the Innkeeper) can give besides prestige.
COIN: Final = "coin"
CUBE: Final = "cube"
RAT: Final = "rat"          # the rat marker goes back one space
INN_CHOICES: Final = (COIN, CUBE, RAT)
# The four kinds of message, by the prestige they give: 1 + a coin, 2 + a cube, 3 + rat back, 4.
MESSAGE_KINDS: Final = (1, 2, 3, 4)

# Phases of a round (002, "Svolgimento del gioco").
DRAFT: Final = "draft"
ACTIONS: Final = "actions"
PERSONS_PHASE: Final = "persons"
PLAGUE: Final = "plague"
OVER: Final = "over"


def message_id(colour: str, kind: int) -> str:
    """A message tile by colour and kind, e.g. "red-2" (2 prestige and a cube)."""
    return f"{colour}-{kind}"


@lru_cache(maxsize=64)  # a few dozen tiles, split at every position the heuristic values
def split_message(message: str) -> tuple[str, int]:
    colour, kind = message.split("-")
    return colour, int(kind)
