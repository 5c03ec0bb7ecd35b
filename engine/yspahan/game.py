"""Yspahan behind the engine contract (engine.core.Game)."""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from engine.core.flow import TaskCodec
from engine.core.game import Action, GameSpec
from engine.core.grammar import Grammar
from engine.core.messages import Message
from engine.core.rng import seed_state, shuffled
from engine.core.table import TableGame

from . import scoring
from . import words as w
from .building import After
from .caravan import row_places
from .card_play import PLAYABLE, Amount, CardShop, Play, Swap
from .city import CITY, RULES, souk_complete, souk_owner
from .day import Roll, final_reverse_day, proceed, start_day
from .flow import Ctx
from .state import Player, State
from .supervisor import Keep, Move, Order, Ship
from .turn import Boost, Choose, Place, Use
from .view import CurrentView, GroupView, PlayerView, SoukView, YspahanScoreView, YspahanView
from .vocab import BUILD_CARDS, BUILDINGS, CARDS, COLOURS, GOLD, QUARTERS, SLOTS

CODEC = TaskCodec(Roll, Choose, Use, Boost, Place, Move, Ship, Order, Keep, After, Play, Swap, Amount, CardShop)


def _number(value: str) -> bool:
    """A small count."""
    return value.isdigit() and len(value) <= 3


def _building(args: tuple[str, ...]) -> bool:
    """A building, and the card played to build it if any."""
    return len(args) in (1, 2) and args[0] in BUILDINGS and all(card in BUILD_CARDS for card in args[1:])


GRAMMAR = Grammar("yspahan", {
    "roll": (_number,), "cards": (), "take": (SLOTS,), "action": (), "boost": (), "supervisor": (), "draw": (),
    "back": (), "discard": (CARDS,), "shop": (CITY.shops,), "distance": (_number,), "to": (CITY.squares,),
    "first": (CITY.shops,), "keep": (), "send": (), "build": _building, "play": (PLAYABLE,),
    "give": ((GOLD, "camels"),), "amount": (_number,), "more": (), "less": (), "quarter": (QUARTERS,), "end": (),
})


class YspahanParams(BaseModel):
    """Yspahan has no variants; the number of players sets the caravan and the last day's order."""


class Yspahan(TableGame[State, Ctx]):
    spec = GameSpec(key="yspahan", title="Yspahan", min_seats=3, max_seats=4, params_model=YspahanParams,
                    has_chance=True, hidden_info=True, colours=COLOURS)
    state_class, context_class, codec, grammar = State, Ctx, CODEC, GRAMMAR

    # ---- setup (004, "Preparazione") ------------------------------------------------------------
    def setup(self, params: BaseModel, seats: int, seed: int) -> State:
        rng = seed_state(seed)
        rng, deck = shuffled(rng, [card for card in CARDS for _ in range(RULES.card_copies)])
        rng, first = shuffled(rng, list(range(seats)))
        state = State(seats=seats, seed=seed, rng=rng, first=first[0], deck=deck)
        # one cube of each colour marks the score on the track; the others are the reserve
        state.players = [Player(seat, COLOURS[seat], gold=RULES.starting_gold, cubes=RULES.cubes - 1)
                         for seat in range(seats)]
        c = Ctx(state)
        start_day(c)
        self.advance(c)
        return state

    # ---- turns (the rest comes from the shared flow) -------------------------------------------------
    proceed = staticmethod(proceed)

    outcome = staticmethod(scoring.outcome)

    def label(self, state: State, action: Action) -> Message:
        return label(action)

    def headline(self, state: State) -> Message:
        """Week, day and whose move it is; the end once the match is over."""
        active = sorted(self.active_seats(state))
        if not active:
            return Message("yspahan.headline_over")
        return Message("yspahan.headline", {"week": state.week, "day": state.day, "player": w.player(state, active[0])})

    def perturb_hidden(self, state: State, rng: random.Random) -> tuple[State, frozenset[int]]:
        """A state that differs only in what the table cannot see, and the seats entitled to see the difference.

        The RNG (tomorrow's dice, the next reshuffle) and the deck order change; and one player who is not
        being asked anything now trades some cards of their hand with cards of the deck (same hand size).
        """
        new = state.clone()
        new.rng = rng.getrandbits(64)
        new.deck = list(new.deck)  # the clone shares the deck
        rng.shuffle(new.deck)
        entitled: set[int] = set()
        holders = [p for p in new.players if p.cards and p.seat not in self.active_seats(state)]
        if holders and new.deck:
            player = new.player(rng.choice(holders).seat)
            pool = player.cards + new.deck
            rng.shuffle(pool)
            hand, new.deck = pool[:len(player.cards)], pool[len(player.cards):]
            player.cards = sorted(hand, key=CARDS.index)
            entitled.add(player.seat)
        return new.sealed(), frozenset(entitled)

    # ---- views ------------------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> YspahanView:
        return build_view(self, state, seat)


# ---- labels of the options (the asks label what depends on them) ----------------------------------------

def label(a: Action) -> Message:
    params: dict[str, Any] = {}
    arg = a.args[0] if a.args else ""
    if a.verb in ("discard", "play"):
        params = {"card": w.card(arg)}
    elif a.verb in ("shop", "first"):
        params = {"shop": w.shop(arg)}
    elif a.verb == "give":
        params = {"what": w.word(arg)}
    elif a.verb == "quarter":
        params = {"quarter": w.quarter(arg)}
    return Message(f"yspahan.act.{a.verb}", params)


# ---- views ------------------------------------------------------------------------------------------

def current(s: State) -> CurrentView | None:
    turn = next((t for t in s.tasks if isinstance(t, (Roll, Choose, After))), None)
    if turn is None or not s.tasks:
        return None
    top = s.tasks[-1]
    view = CurrentView(seat=turn.seat, stage="cards" if isinstance(top, (Play, Swap, Amount, CardShop)) else top.kind)
    for task in s.tasks:
        if isinstance(task, (Use, Boost, Move)):
            view.slot = task.slot
        if isinstance(task, Move):
            view.distance = task.distance
        if isinstance(task, Place):
            view.quarter, view.cubes_left = task.quarter, task.n
        if isinstance(task, (Ship, Order)):
            view.shipping = list(task.shops)
        if isinstance(task, After):
            view.built = task.built
    return view


def build_view(game: Yspahan, s: State, seat: int | None) -> YspahanView:
    players = [
        PlayerView(seat=p.seat, colour=p.colour, gold=p.gold, camels=p.camels, cubes=p.cubes, card_count=len(p.cards),
                   hand=list(p.cards) if seat == p.seat else None, buildings=list(p.buildings), score=p.score,
                   points=dict(p.points))
        for p in s.players
    ]
    souks = [SoukView(id=souk.id, quarter=souk.quarter, colour=souk.colour, points=souk.points, shops=list(souk.shops),
                      owner=souk_owner(s.shops, souk.id), complete=souk_complete(s.shops, souk.id)) for souk in CITY.souks.values()]
    result = game.outcome(s)
    winners = result.winners() if result is not None else []
    score = YspahanScoreView.of(result, winners=winners, shared=len(winners) > 1)
    return YspahanView(
        viewer=seat, seats=s.seats, week=s.week, weeks=RULES.weeks, day=s.day, days=RULES.days, phase=s.phase,
        first=s.first, order=list(s.order), still_to_play=list(s.queue), reverse_day=final_reverse_day(s),
        supervisor=s.supervisor,
        tower=[None if g is None else GroupView(slot=slot, value=g.value, white=g.white, yellow=g.yellow)
               for slot, g in zip(SLOTS, s.tower, strict=True)],
        rolled=[list(d) for d in s.rolled], shops=dict(s.shops), souks=souks, caravan=list(s.caravan),
        caravan_rows=RULES.caravan.rows, caravan_row_places=row_places(s.seats), deck=len(s.deck),
        discards=list(s.discards), players=players, awaiting=game.awaiting(s, seat), current=current(s),
        last_changed=list(s.last_changed), log=list(s.log_tail), steps=s.steps, score=score,
    )


__all__ = ["CODEC", "Yspahan", "YspahanParams"]
