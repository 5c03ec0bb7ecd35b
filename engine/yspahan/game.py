"""Yspahan behind the engine contract (engine.core.Game)."""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from engine.core.errors import Illegal, Malformed
from engine.core.events import Event
from engine.core.game import Action, Game, GameSpec, Outcome
from engine.core.messages import Message
from engine.core.rng import seed_state, shuffled

from . import scoring
from . import words as w
from .caravan import capacity, row_places
from .city import CITY, RULES, move_price, souk_complete, souk_owner
from .flow import STEPS, Ctx, Refusal
from .state import Player, State, Task
from .steps import PLAYABLE, advance, building_price, final_reverse_day, group_on, start_day
from .view import AwaitView, CurrentView, GroupView, PlayerView, ScoreView, SoukView, YspahanView
from .vocab import (
    BUILD_CARDS,
    BUILDINGS,
    CAMEL,
    CAMEL_POINTS,
    CARDS,
    COLOURS,
    GOLD,
    HOIST,
    MARKET,
    OVER,
    PEN,
    QUARTERS,
    SLOTS,
    SWAP,
)

NUMBER = None  # an argument that is a small count
GRAMMAR: dict[str, tuple[Any, ...]] = {
    "roll": (NUMBER,), "cards": (), "take": (SLOTS,), "action": (), "boost": (), "supervisor": (), "draw": (),
    "back": (), "discard": (CARDS,), "shop": (CITY.shops,), "distance": (NUMBER,), "to": (CITY.squares,),
    "first": (CITY.shops,), "keep": (), "send": (), "build": (BUILDINGS, BUILD_CARDS), "play": (PLAYABLE,),
    "give": ((GOLD, "camels"),), "amount": (NUMBER,), "more": (), "less": (), "quarter": (QUARTERS,), "end": (),
}


class YspahanParams(BaseModel):
    """Yspahan has no variants; the number of players sets the caravan and the last day's order."""


class Yspahan(Game[State]):
    spec = GameSpec(key="yspahan", title="Yspahan", min_seats=3, max_seats=4, params_model=YspahanParams,
                    has_chance=True, hidden_info=True, colours=COLOURS)

    # ---- setup (004, "Preparazione") ------------------------------------------------------------
    def setup(self, params: BaseModel, seats: int, seed: int) -> State:
        rng = seed_state(seed)
        rng, deck = shuffled(rng, [card for card in CARDS for _ in range(RULES.card_copies)])
        rng, first = shuffled(rng, list(range(seats)))
        state = State(seats=seats, seed=seed, rng=rng, first=first[0], deck=deck)
        # one cube of each colour marks the score on the track; the others are the reserve
        state.players = [Player(seat, COLOURS[seat], gold=RULES.starting_gold, cubes=RULES.cubes - 1)
                         for seat in range(seats)]
        ctx = Ctx(state)
        start_day(ctx)
        advance(ctx)
        return state

    # ---- turns ------------------------------------------------------------------------------------
    def active_seats(self, state: State) -> frozenset[int]:
        task = state.task
        return frozenset() if task is None or state.phase == OVER else frozenset({task.seat})

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        task = state.task
        if task is None or seat not in self.active_seats(state):
            return []
        return STEPS[task.kind].options(state, task)

    def check_form(self, action: Action) -> None:
        shape = GRAMMAR.get(action.verb)
        if shape is None:
            raise Malformed("yspahan.malformed.verb", verb=action.verb)
        expected = (1, 2) if action.verb == "build" else (len(shape),)
        if len(action.args) not in expected:
            raise Malformed("yspahan.malformed.args", verb=action.verb, notation=action.notation())
        for value, allowed in zip(action.args, shape, strict=False):
            ok = (value.isdigit() and len(value) <= 3) if allowed is NUMBER else value in allowed
            if not ok:
                raise Malformed("yspahan.malformed.args", verb=action.verb, notation=action.notation())

    def step(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        task = state.task
        assert task is not None
        handler = STEPS[task.kind]
        if action not in handler.candidates(state, task):
            raise Illegal("yspahan.illegal.not_now", question=handler.question(state, task).to_json())
        try:
            handler.refusal(state, task, action)
        except Refusal as refusal:
            raise Illegal(refusal.key, **refusal.params) from None
        ctx = Ctx(state.clone())
        ctx.s.last_changed = []
        handler.do(ctx, task, action)
        advance(ctx)
        ctx.s.steps += 1
        return ctx.s, ctx.events

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state) if state.phase == OVER else None

    def suggested_action(self, state: State, seat: int) -> Action | None:
        """The free move of the supervisor (exactly the group's value)."""
        task = state.task
        if task is None or seat not in self.active_seats(state) or task.kind != "move" or task.data["distance"] is not None:
            return None
        free = Action.of("distance", task.data["value"])
        return free if free in self.legal_actions(state, seat) else None

    # ---- words ------------------------------------------------------------------------------------
    def prompt(self, state: State, seat: int) -> Message | None:
        task = state.task
        if task is None or seat not in self.active_seats(state):
            return None
        return STEPS[task.kind].question(state, task)

    def describe_action(self, state: State, seat: int, action: Action) -> Message:
        return describe(state, seat, action)

    # ---- data -------------------------------------------------------------------------------------
    def dump_state(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def load_state(self, data: dict[str, Any]) -> State:
        return State.from_json(data)

    def perturb_hidden(self, state: State, rng: random.Random) -> tuple[State, frozenset[int]]:
        """A state that differs only in what the table cannot see, and the seats entitled to see the difference.

        The RNG (tomorrow's dice, the next reshuffle) and the deck order change; and one player who is not
        being asked anything now trades some cards of their hand with cards of the deck (same hand size).
        """
        new = state.clone()
        new.rng = rng.getrandbits(64)
        rng.shuffle(new.deck)
        entitled: set[int] = set()
        holders = [p for p in new.players if p.cards and p.seat not in self.active_seats(state)]
        if holders and new.deck:
            player = rng.choice(holders)
            pool = player.cards + new.deck
            rng.shuffle(pool)
            hand, new.deck = pool[:len(player.cards)], pool[len(player.cards):]
            player.cards = sorted(hand, key=CARDS.index)
            entitled.add(player.seat)
        return new, frozenset(entitled)

    # ---- views ------------------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> YspahanView:
        return build_view(self, state, seat)


# ---- labels of the options ----------------------------------------------------------------------------

def describe(s: State, seat: int, a: Action) -> Message:
    task = s.task
    verb, args = a.verb, a.args
    params: dict[str, Any] = {}
    key = f"yspahan.act.{verb}"
    if verb == "roll":
        n = int(args[0])
        key += ".none" if n == 0 else ".some"
        params = {"n": n, "cost": n * RULES.yellow_die_price, "white": RULES.white_dice}
    elif verb == "take":
        group = group_on(s, args[0])
        params = {"slot": w.slot(args[0]), "n": group.dice, "value": group.value}
    elif verb in ("action", "boost"):
        assert task is not None
        slot = task.data["slot"]
        n = group_on(s, slot).dice + (verb == "boost")
        player = s.player(seat)
        if slot == CAMEL:
            n += RULES.pen_camels if player.owns(PEN) else 0
        elif slot == GOLD:
            n += RULES.market_gold if player.owns(MARKET) else 0
        else:
            n += RULES.hoist_cubes if player.owns(HOIST) else 0
        kind = slot if slot in (CAMEL, GOLD) else "cubes"
        key = f"yspahan.act.{verb}.{kind}"
        params = {"n": n, "quarter": w.quarter(slot) if slot in QUARTERS else ""}
    elif verb == "supervisor":
        assert task is not None
        params = {"value": group_on(s, task.data["slot"]).value}
    elif verb in ("discard", "play"):
        params = {"card": w.card(args[0])}
    elif verb in ("shop", "first"):
        params = {"shop": w.shop(args[0])}
    elif verb == "distance":
        assert task is not None
        cost = move_price(s.player(seat).owns("hammam"), task.data["value"], int(args[0]))
        key += ".free" if cost == 0 else ".paid"
        params = {"n": int(args[0]), "cost": cost}
    elif verb == "to":
        shops = CITY.faces[args[0]]
        cubes = [Message("yspahan.cube_in", {"player": w.player(s, s.shops[x]), "shop": w.shop(x)}).to_json()
                 for x in shops if x in s.shops]
        key += ".ship" if cubes else ".empty"
        params = {"square": w.square(args[0]), "cubes": cubes}
    elif verb == "build":
        card = args[1] if len(args) > 1 else None
        camels, gold = building_price(args[0], card)
        player = s.player(seat)
        points = RULES.building_points[min(len(player.buildings), len(BUILDINGS) - 1)]
        key += ".card" if card else ".plain"
        params = {"building": w.building(args[0]), "camels": camels, "gold": gold, "points": points,
                  "card": w.card(card) if card else ""}
    elif verb == "give":
        params = {"what": w.word(args[0])}
    elif verb == "amount":
        assert task is not None
        n, card, give = int(args[0]), task.data["card"], task.data["give"]
        if card == SWAP:
            key += ".swap"
            params = {"n": n, "given": w.word(give), "taken": w.word("camels" if give == GOLD else GOLD)}
        else:
            key += ".points"
            each = RULES.camel_points.points if card == CAMEL_POINTS else RULES.gold_points.points
            params = {"n": n, "given": w.word(give), "points": n * each}
    elif verb == "quarter":
        params = {"quarter": w.quarter(args[0])}
    return Message(key, params)


# ---- views ------------------------------------------------------------------------------------------

def current(s: State) -> CurrentView | None:
    turn = next((t for t in s.tasks if t.kind in ("roll", "choose", "after")), None)
    top = s.task
    if turn is None or top is None:
        return None
    view = CurrentView(seat=turn.seat, stage="cards" if top.kind in ("play", "swap", "amount", "cardshop") else top.kind)
    for task in s.tasks:
        data = task.data
        if task.kind in ("use", "boost", "move"):
            view.slot = data["slot"]
        if task.kind == "move":
            view.distance = data["distance"]
        if task.kind == "place":
            view.quarter, view.cubes_left = data["quarter"], data["n"]
        if task.kind == "ship":
            view.shipping = list(data["shops"])
        if task.kind == "after":
            view.built = bool(data.get("built"))
    return view


def build_view(game: Yspahan, s: State, seat: int | None) -> YspahanView:
    players = [
        PlayerView(seat=p.seat, colour=p.colour, gold=p.gold, camels=p.camels, cubes=p.cubes, card_count=len(p.cards),
                   hand=list(p.cards) if seat == p.seat else None, buildings=list(p.buildings), score=p.score,
                   points=dict(p.points))
        for p in s.players
    ]
    souks = [SoukView(id=souk.id, quarter=souk.quarter, colour=souk.colour, points=souk.points, shops=list(souk.shops),
                      owner=souk_owner(s, souk.id), complete=souk_complete(s, souk.id)) for souk in CITY.souks.values()]
    awaiting = []
    for x in sorted(game.active_seats(s)):
        task = s.task
        assert task is not None
        handler = STEPS[task.kind]
        question = handler.question(s, task) if x == seat else handler.public_question(s, task)
        awaiting.append(AwaitView(seat=x, question=question.to_json()))
    score = None
    result = game.outcome(s)
    if result is not None:
        winners = result.winners()
        score = ScoreView(scores=result.scores, ranking=result.ranking, breakdown=result.breakdown,
                          winners=winners, shared=len(winners) > 1)
    return YspahanView(
        viewer=seat, seats=s.seats, week=s.week, weeks=RULES.weeks, day=s.day, days=RULES.days, phase=s.phase,
        first=s.first, order=list(s.order), still_to_play=list(s.queue), reverse_day=final_reverse_day(s),
        supervisor=s.supervisor,
        tower=[None if g is None else GroupView(slot=slot, value=g.value, white=g.white, yellow=g.yellow)
               for slot, g in zip(SLOTS, s.tower, strict=True)],
        rolled=[list(d) for d in s.rolled], shops=dict(s.shops), souks=souks, caravan=list(s.caravan),
        caravan_rows=RULES.caravan.rows, caravan_row_places=row_places(s.seats), deck=len(s.deck),
        discards=list(s.discards), players=players, awaiting=awaiting, current=current(s),
        last_changed=list(s.last_changed), log=list(s.log_tail), steps=s.steps, score=score,
    )


__all__ = ["Yspahan", "YspahanParams", "capacity", "Task"]
