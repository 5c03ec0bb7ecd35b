"""Pieces on the board, dominance, mercenary piles: the shared mechanics the steps build on."""

from __future__ import annotations

from collections.abc import Collection

from engine.core.rng import below as draw_index

from .data import load
from .state import Family, Stack, State, Tile
from .vocab import CALIPH, PALACES, PIECES, TERRITORIES, MercenaryColour, kind_of

RULES = load().rules
DOMINANCE = RULES.dominance


def dominance(stack: Stack) -> int:
    return stack.pasha * DOMINANCE["pasha"] + stack.merchant * DOMINANCE["merchant"] + stack.sage * DOMINANCE["sage"]


def received(area: str, stack: Stack) -> bool:
    """Al-Rashid only receives delegations led by a Pasha (000, "Palazzo di Al-Rashid")."""
    return area != CALIPH or stack.pasha > 0


def ranking(state: State, area: str) -> list[int]:
    """Seats by dominance, best first; ties go to whoever placed first in the area (000, "Dominio")."""
    stacks = [(i, s) for i, s in enumerate(state.areas[area]) if received(area, s)]
    stacks.sort(key=lambda item: (-dominance(item[1]), item[0]))
    return [s.seat for _, s in stacks]


def stack_of(state: State, area: str, seat: int) -> Stack | None:
    for stack in state.areas[area]:
        if stack.seat == seat:
            return stack
    return None


def pieces_on_board(state: State, seat: int) -> dict[str, int]:
    counts: dict[str, int] = dict.fromkeys(PIECES, 0)
    for stacks in state.areas.values():
        for stack in stacks:
            if stack.seat == seat:
                for piece in PIECES:
                    counts[piece] += stack.count(piece)
    return counts


def has_pieces_on_board(state: State, seat: int) -> bool:
    for stacks in state.areas.values():  # loops, not a generator: asked on every move of a resolution round
        for stack in stacks:
            if stack.seat == seat:
                return True
    return False


def areas_to_resolve(state: State) -> bool:
    """Are there areas with pieces still to resolve this turn?"""
    resolved = state.resolved
    for area, stacks in state.areas.items():  # noqa: SIM110 (a loop, not a generator: asked on every move)
        if stacks and area not in resolved:
            return True
    return False


LEADERS = ("pasha", "merchant")  # a family has at most one of them in an area


def placement_refusal(state: State, area: str, seat: int, piece: str) -> str | None:
    """Why `piece` may not join `area` for this family (placement and moves alike), or None."""
    if area in state.resolved:
        return "al_rashid.illegal.area_resolved"
    stack = stack_of(state, area, seat)
    if piece in LEADERS and stack is not None and (stack.pasha or stack.merchant):
        return "al_rashid.illegal.one_leader"
    if area == CALIPH and stack is None and piece != "pasha":
        return "al_rashid.illegal.pasha_first"
    return None


def refused_areas(state: State, seat: int, piece: str) -> set[str]:
    """Every area `placement_refusal` refuses this piece, at once (the placement question lists the others): the
    areas resolved this turn, those where a leader would join the family's leader, Al-Rashid's palace before the
    family's Pasha is there."""
    refused = set(state.resolved)
    if piece in LEADERS:
        refused.update(area for area, stacks in state.areas.items()
                       for stack in stacks if stack.seat == seat and (stack.pasha or stack.merchant))
    if piece != "pasha" and stack_of(state, CALIPH, seat) is None:
        refused.add(CALIPH)
    return refused


def put_stack(state: State, area: str, stack: Stack) -> None:
    """Put `stack` in place of its family's stack in `area` (keeping its place in the placement order),
    or last when the family has none there; an empty stack leaves the area."""
    stacks = state.areas[area]
    for i, old in enumerate(stacks):
        if old.seat == stack.seat:
            stacks = (*stacks[:i], *((stack,) if stack.total() else ()), *stacks[i + 1:])
            break
    else:
        stacks = (*stacks, stack)
    state.areas = {**state.areas, area: stacks}  # replaced, not changed: earlier states share it


def add_piece(state: State, area: str, seat: int, piece: str) -> None:
    put_stack(state, area, (stack_of(state, area, seat) or Stack(seat)).plus(piece, 1))


def remove_piece(state: State, area: str, seat: int, piece: str) -> None:
    stack = stack_of(state, area, seat)
    assert stack is not None and stack.count(piece) > 0
    put_stack(state, area, stack.plus(piece, -1))


def return_pieces(state: State, area: str, seats: Collection[int] | None = None) -> None:
    """Send pieces of `seats` (all when None) in `area` back to their owners' reserves."""
    keep = []
    for stack in state.areas[area]:
        if seats is None or stack.seat in seats:
            reserve = state.family(stack.seat).reserve
            reserve["pasha"] += stack.pasha
            reserve["merchant"] += stack.merchant
            reserve["sage"] += stack.sage
        else:
            keep.append(stack)
    state.areas = {**state.areas, area: tuple(keep)}


def areas_in_scope(scope: str) -> tuple[str, ...]:
    return PALACES if scope == "palaces" else TERRITORIES


# ---- mercenaries ---------------------------------------------------------------------------------

def draw_mercenary(state: State, colour: str) -> int | None:
    """Take the top tile of a pile, reshuffling its discards when the pile is empty.

    Returns the value, or None when no tile of that colour is left anywhere face down.
    """
    pile = state.piles[colour]
    if not pile and state.discards[colour]:
        discards, reshuffled = list(state.discards[colour]), []
        state.discards = {**state.discards, colour: ()}
        while discards:
            state.rng, i = draw_index(state.rng, len(discards))
            reshuffled.append(discards.pop(i))
        pile = tuple(reshuffled)
    if not pile:
        return None
    state.piles = {**state.piles, colour: pile[:-1]}
    return pile[-1]


def discard(state: State, colour: str, *values: int) -> None:
    state.discards = {**state.discards, colour: (*state.discards[colour], *values)}


def can_draw(state: State, colour: str) -> bool:
    return bool(state.piles[colour] or state.discards[colour])


def give_tile(family: Family, colour: str, value: int) -> None:
    kind = kind_of(colour, value)
    family.hand[kind] = family.hand.get(kind, 0) + 1


def take_tile(family: Family, kind: str) -> None:
    family.hand[kind] -= 1
    if not family.hand[kind]:
        del family.hand[kind]


def place_mercenary(state: State, territory: str, colour: str) -> bool:
    value = draw_mercenary(state, colour)
    if value is None:
        return False
    tile = Tile(state.next_tile_id, MercenaryColour(colour), value)
    state.mercenaries = {**state.mercenaries, territory: (*state.mercenaries[territory], tile)}
    state.next_tile_id += 1
    return True


def mercenary_value(family: Family, value: int) -> int:
    """A hand tile's fighting value: +1 with the Strategist."""
    return value + (1 if family.has("strategist") else 0)
