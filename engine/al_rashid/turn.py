"""The flow of a game turn ("Turno di Gioco"): placement rounds, then resolution rounds, then the end of the
turn (a new crisis tile) until the sixth is over. `proceed` runs whenever no task is pending."""

from __future__ import annotations

from engine.core.messages import Message

from . import words as w
from .board import RULES, areas_in_scope, areas_to_resolve, has_pieces_on_board, place_mercenary, stack_of
from .data import load
from .flow import Ctx
from .palaces import Move
from .placement import Hold, place_task
from .resolution import Turn
from .vocab import CREDIT_NOTE, OVER, PLACEMENT, RESOLUTION

DATA = load()


def proceed(c: Ctx) -> bool:
    """Nothing is pending: start what comes next. False once the match is over."""
    phase = c.s.phase
    if phase == OVER:
        return False
    if phase == PLACEMENT:
        next_placement(c)
    elif phase == RESOLUTION:
        next_resolution(c)
    else:  # setup is over once everyone has drawn their first mercenary
        start_placement(c)
    return True


def start_placement(c: Ctx) -> None:
    s = c.s
    s.phase, s.round, s.round_queue = PLACEMENT, 0, []
    holders = [seat for seat in s.order if s.families[seat].has("diplomat")]
    c.push(*(Hold(seat=seat) for seat in holders
             if s.families[seat].reserve["pasha"] or s.families[seat].reserve["merchant"]))


def next_placement(c: Ctx) -> None:
    s = c.s
    if not s.round_queue:
        s.round_queue = [seat for seat in s.order if any(s.families[seat].reserve.values())]
        if not s.round_queue:
            held = [seat for seat in s.order if s.families[seat].held]
            if held:  # the Diplomat's piece comes after every other piece
                c.push(*(place_task(s, seat, s.families[seat].held) for seat in held))
            else:
                start_resolution(c)
            return
        s.round += 1
    seat, s.round_queue = s.round_queue[0], s.round_queue[1:]
    if any(s.families[seat].reserve.values()):
        c.push(place_task(s, seat))


def start_resolution(c: Ctx) -> None:
    s = c.s
    s.phase, s.round, s.round_queue = RESOLUTION, 1, list(s.order)
    c.emit("resolution_starts", turn=s.turn)
    moves = []
    for seat in s.order:
        family = s.families[seat]
        for charge, scope in (("plotter", "palaces"), ("informer", "territories")):
            if family.has(charge) and any(stack_of(s, a, seat) for a in areas_in_scope(scope)):
                moves.append(Move(seat=seat, source=charge, stage="from"))
    c.push(*moves)


def next_resolution(c: Ctx) -> None:
    s = c.s
    if not areas_to_resolve(s):
        end_turn(c)
        return
    if not s.round_queue:
        if s.pending_order is not None:
            s.order, s.pending_order = s.pending_order, None
        s.round += 1
        s.round_queue = list(s.order)
    seat, s.round_queue = s.round_queue[0], s.round_queue[1:]
    if has_pieces_on_board(s, seat):  # players without pieces skip their moves ("Risoluzione")
        c.push(Turn(seat=seat))


def end_turn(c: Ctx) -> None:
    s = c.s
    if s.pending_order is not None:
        s.order, s.pending_order = s.pending_order, None
    if s.turn >= RULES.turns:
        s.phase = OVER
        s.round_queue = []
        c.emit("game_over")
        return
    s.territory_goods = {territory: {**info.goods, CREDIT_NOTE: info.notes} if info.notes else dict(info.goods)
                         for territory, info in DATA.territories.items()}
    for seat in range(s.seats):
        s.family(seat).used = []
    s.resolved = []
    s.turn += 1
    reveal_crisis(c)
    c.emit("turn_starts", turn=s.turn)
    start_placement(c)


def reveal_crisis(c: Ctx) -> None:
    s = c.s
    s.crisis_deck, index = s.crisis_deck[:-1], s.crisis_deck[-1]
    s.crisis_shown = [*s.crisis_shown, f"turn:{index}"]
    placed = []
    for territory, colour in DATA.crisis.turns[index]:
        if place_mercenary(s, territory, colour):
            placed.append(Message("al_rashid.tile_on", {"colour": w.mercenary(colour), **w.at(territory)}).to_json())
            c.touch(territory)
    c.emit("crisis", n=index + 1, placements=placed, reveals=True)
