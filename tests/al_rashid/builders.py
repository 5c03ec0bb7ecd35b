"""Build Al-Rashid positions for scenario tests.

Start from `GAME.new_game`, edit the State dataclasses directly (pieces, goods, tiles, charges), then
drive the match through `GAME.apply` with the notation, as a player would.
"""

from __future__ import annotations

from engine.al_rashid import GAME
from engine.al_rashid.board import put_stack, ranking
from engine.al_rashid.flow import Ctx
from engine.al_rashid.state import Stack, State, Tile
from engine.al_rashid.turn import start_resolution
from engine.al_rashid.vocab import PLACEMENT, RESOLUTION, TERRITORIES, MercenaryColour
from engine.core.events import Event

# Family colours by seat, as handed out (they match the rulebook's examples: Rosso, Giallo, Verde, Blu).
RED, YELLOW, GREEN, BLUE, WHITE = range(5)


def new(seats: int = 3, seed: int = 0) -> State:
    return GAME.new_game(None, seats, seed)


def blank(seats: int = 3, order: list[int] | None = None, seed: int = 0) -> State:
    """A table after setup with nothing on it: turn order `order` (seat order by default), every
    family with its starting Pasha, Merchant and Sage in reserve, no goods, no mercenary tiles in hand
    and no mercenaries on the map."""
    s = new(seats, seed)
    s.tasks = []
    s.phase, s.round, s.round_queue = PLACEMENT, 0, []
    s.order = list(order if order is not None else range(seats))
    for family in s.families:
        family.goods, family.hand = {}, {}
    for territory in TERRITORIES:
        s.mercenaries[territory] = ()
    return s


def put(s: State, area: str, seat: int, pasha: int = 0, merchant: int = 0, sage: int = 0) -> State:
    """Place pieces of `seat` in `area` (taken from its reserve, recruited first if the family lacks them).
    Calls in a row fix who placed first in an area."""
    family = s.families[seat]
    for piece, n in (("pasha", pasha), ("merchant", merchant), ("sage", sage)):
        missing = n - family.reserve[piece]
        if missing > 0:
            family.reserve[piece] += missing
            family.owned[piece] += missing
        family.reserve[piece] -= n
    stack = next((x for x in s.areas[area] if x.seat == seat), Stack(seat))
    put_stack(s, area, stack.plus("pasha", pasha).plus("merchant", merchant).plus("sage", sage))
    return s


def mercenaries(s: State, territory: str, *kinds: str) -> list[int]:
    """Put face-down mercenaries (e.g. "red-3") on a territory; returns their tile ids."""
    ids = []
    for kind in kinds:
        colour, value = kind.split("-")
        s.mercenaries[territory] += (Tile(s.next_tile_id, MercenaryColour(colour), int(value)),)
        ids.append(s.next_tile_id)
        s.next_tile_id += 1
    return ids


def hand(s: State, seat: int, *kinds: str) -> None:
    """Give `seat` exactly these mercenary tiles."""
    s.families[seat].hand = {}
    for kind in kinds:
        s.families[seat].hand[kind] = s.families[seat].hand.get(kind, 0) + 1


def goods(s: State, seat: int, **counts: int) -> None:
    s.families[seat].goods = {g: n for g, n in counts.items() if n}


def settle(s: State) -> State:
    """Let the game move on by itself until a player must decide (no events kept)."""
    GAME.advance(Ctx(s))
    return s


def resolve_from(s: State) -> State:
    """Start the resolution phase of the current turn on the pieces already on the board, as after
    placement (the Plotter and the Informer are asked first)."""
    s.tasks, s.round_queue = [], []
    start_resolution(Ctx(s))
    assert s.phase == RESOLUTION
    return settle(s)


def active(s: State) -> int:
    (seat,) = GAME.active_seats(s)
    return seat


def play(s: State, *moves: str | tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply moves in notation, each by the seat that must act; a move given as (seat, notation)
    also asserts who acts."""
    events: list[Event] = []
    for move in moves:
        seat, notation = move if isinstance(move, tuple) else (active(s), move)
        assert active(s) == seat, f"{notation!r}: seat {active(s)} must act, not {seat}"
        s, new_events = GAME.apply(s, seat, notation)
        events += new_events
    return s, events


def options(s: State) -> list[str]:
    return [a.notation() for a in GAME.legal_actions(s, active(s))]


def asked(s: State) -> str:
    """The key of the question the active seat must answer."""
    return GAME.prompt(s, active(s)).key


def keys(events: list[Event]) -> list[str]:
    return [e.key.removeprefix("al_rashid.ev.") for e in events]


def suggested(s: State) -> str:
    """The one-click payment the game offers."""
    return next(o for o in options(s) if o.startswith("pay "))


def order_in(s: State, area: str) -> list[int]:
    return ranking(s, area)
