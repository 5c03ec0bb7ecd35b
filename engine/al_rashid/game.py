"""Al-Rashid behind the engine contract (engine.core.Game)."""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from engine.core.flow import Ask, TaskCodec
from engine.core.game import Action, GameSpec
from engine.core.grammar import Grammar
from engine.core.messages import Message
from engine.core.rng import seed_state, shuffled
from engine.core.table import TableGame
from engine.core.views import TiebreakScoreView

from . import scoring
from . import words as w
from .barter import gold_value, parse_goods
from .board import RULES, pieces_on_board, place_mercenary, ranking
from .charges import Alchemy
from .data import load
from .favours import Impostor
from .flow import Ctx
from .palaces import Court, Guild, Move, Palace, PalaceActor
from .placement import Hold, Place
from .resolution import Turn, UseNegotiator, UseRecruiter, UseSmuggler, UseTrader
from .rules import ACTIVATABLE, BORROWABLE
from .state import Family, State, Tile
from .supply import Draw, TakeGoods
from .territories import Battle, Territory, Trade
from .turn import proceed
from .view import (
    AlRashidView,
    AreaView,
    ChargeView,
    FamilyView,
    ResolutionView,
    StackView,
    TileView,
)
from .vocab import (
    AREAS,
    COLOURS,
    COMMON_GOODS,
    CREDIT_NOTE,
    GOODS,
    GUILDS,
    MERCENARY_COLOURS,
    MERCENARY_KINDS,
    OVER,
    PALACES,
    PIECES,
    SETUP,
    TERRITORIES,
    Colour,
)

DATA = load()
# Every kind of task, for dumps (drivers were dumped with seat -1 before the shared flow; kept so).
CODEC = TaskCodec(Draw, TakeGoods, Hold, Place, Move, Palace, Guild, Court, Alchemy, Impostor, Territory, Battle,
                  Trade, Turn, UseSmuggler, UseRecruiter, UseTrader, UseNegotiator, no_seat=-1)
_ACTIONS = ("service", "charge", "favour", "benevolence", "nothing")

# The notation: each verb and the values each of its arguments may take.
def _is_payment(value: str) -> bool:
    return parse_goods(value) is not None


def _is_combination(args: tuple[str, ...]) -> bool:
    """`do`'s arguments: one to three different actions of a palace, in the order the player does them."""
    return 1 <= len(args) <= 3 and all(a in _ACTIONS for a in args) and len(set(args)) == len(args)


GRAMMAR = Grammar("al_rashid", {
    "draw": (MERCENARY_COLOURS,), "good": (GOODS,), "hold": (("pasha", "merchant", "none"),),
    "piece": (PIECES,), "place": (AREAS,), "back": (), "look": (TERRITORIES,), "from": (AREAS,),
    "to": (AREAS,), "skip": (), "stop": (), "activate": (ACTIVATABLE,), "resolve": (AREAS,), "end": (),
    "cancel": (), "swap": (GOODS, GOODS), "give": (COMMON_GOODS,), "remove": (str.isdigit, MERCENARY_KINDS),
    "keep": (), "charge": (tuple(DATA.charges),), "note": (("use", "keep"),), "favour": (BORROWABLE,),
    "trade": (GOODS, MERCENARY_COLOURS), "pay": (_is_payment,), "add": (GOODS,), "clear": (), "confirm": (),
    "alchemy": (("reserve", "none", *AREAS),), "fight": (), "flee": (), "commit": (MERCENARY_KINDS,),
    "all": (GOODS,), "pick": ((*GOODS, CREDIT_NOTE),), "done": (), "do": _is_combination,
})


class AlRashidParams(BaseModel):
    """Al-Rashid has no variants; the number of players sets the charges in play."""


class AlRashid(TableGame[State, Ctx]):
    spec = GameSpec(key="al-rashid", title="Al-Rashid", min_seats=2, max_seats=5, params_model=AlRashidParams,
                    has_chance=True, hidden_info=True, colours=COLOURS,
                    table_tiebreak="al_rashid.tiebreak.table", tie_to_turn_order=True)
    state_class, context_class, codec, grammar = State, Ctx, CODEC, GRAMMAR

    # ---- setup (000, "Preparazione del gioco") ---------------------------------------------------
    def setup(self, params: BaseModel, seats: int, seed: int) -> State:
        rng = seed_state(seed)
        rng, order = shuffled(rng, list(range(seats)))
        state = State(seats=seats, seed=seed, rng=rng, order=order)
        for seat in range(seats):
            family = Family(seat, tuple(Colour)[seat])
            family.reserve = dict(RULES.starting_pieces)
            family.owned = dict(RULES.starting_pieces)
            state.families.append(family)
        for position, seat in enumerate(order):
            state.families[seat].goods = dict(RULES.starting_goods[position])
        copies = RULES.guild_charge_copies[seats]
        for palace in PALACES:
            ids = [c.id for c in DATA.charges.values() if c.palace == palace]
            state.charges[palace] = tuple(c for c in ids for _ in range(copies)) if palace in GUILDS[:4] else tuple(ids)
        state.areas = {area: () for area in AREAS}
        for territory, info in DATA.territories.items():
            state.territory_goods[territory] = {**info.goods, CREDIT_NOTE: info.notes} if info.notes else dict(info.goods)
            state.mercenaries[territory] = ()
        values = [v for v, n in RULES.mercenaries.items() for _ in range(n)]
        for colour in MERCENARY_COLOURS:
            state.rng, pile = shuffled(state.rng, values)
            state.piles[colour], state.discards[colour] = tuple(pile), ()
        state.rng, deck = shuffled(state.rng, list(range(len(DATA.crisis.turns))))
        state.crisis_deck = deck
        state.rng, [setup_tile, *_] = shuffled(state.rng, list(range(len(DATA.crisis.setup))))
        state.crisis_shown.append(f"setup:{setup_tile}")
        for territory, colour in DATA.crisis.setup[setup_tile]:
            place_mercenary(state, territory, colour)
        # After the crisis tile, each player in turn order draws a mercenary from the pile they choose.
        state.tasks = [Draw(seat=seat, n=1) for seat in reversed(order)]
        state.phase = SETUP
        self.advance(Ctx(state))
        return state

    # ---- turns (the rest comes from the shared flow) -------------------------------------------
    proceed = staticmethod(proceed)

    outcome = staticmethod(scoring.outcome)

    # ---- words ----------------------------------------------------------------------------------
    def headline(self, state: State) -> Message:
        if state.phase == OVER:
            return Message("al_rashid.headline.over", {"turns": RULES.turns})
        active = sorted(self.active_seats(state))
        return Message(f"al_rashid.headline.{state.phase}", {
            "turn": state.turn, "turns": RULES.turns, "round": max(state.round, 1),
            "player": w.player(state, active[0]) if active else ""})

    def label(self, state: State, action: Action) -> Message:
        return Message(f"al_rashid.act.{action.verb}", _action_params(action))

    # ---- data -----------------------------------------------------------------------------------
    def perturb_hidden(self, state: State, rng: random.Random) -> tuple[State, frozenset[int]]:
        """A state that differs only in hidden information, and the seats entitled to see the difference.

        Shuffles the face-down piles and the crisis deck, changes the RNG, redraws the values of
        face-down mercenaries on the map, and swaps one family's mercenary hand for another of equal size.
        """
        new = state.clone()
        new.rng = rng.getrandbits(64)
        new.piles = dict(new.piles)  # the clone shares the board's dicts
        for colour in MERCENARY_COLOURS:
            pile = list(new.piles[colour])
            rng.shuffle(pile)
            new.piles[colour] = tuple(pile)
        new.crisis_deck = list(new.crisis_deck)  # the clone shares the deck
        rng.shuffle(new.crisis_deck)
        entitled: set[int] = set()
        new.mercenaries = dict(new.mercenaries)
        for territory, tiles in new.mercenaries.items():
            redrawn = []
            for tile in tiles:
                if not tile.revealed:
                    tile = Tile(tile.id, tile.colour, rng.choice((2, 3, 4)), tile.revealed, tile.seen_by)
                    entitled.update(tile.seen_by)
                redrawn.append(tile)
            new.mercenaries[territory] = tuple(redrawn)
        family = new.family(rng.randrange(new.seats))
        size = sum(family.hand.values())
        if size:
            family.hand = {}
            for _ in range(size):
                kind = rng.choice(MERCENARY_KINDS)
                family.hand[kind] = family.hand.get(kind, 0) + 1
            entitled.add(family.seat)
        return new.sealed(), frozenset(entitled)

    # ---- views ----------------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> AlRashidView:
        return build_view(self, state, seat)


def _action_params(action: Action) -> dict[str, Any]:
    if action.verb == "do":
        return {"a0": [Message(f"al_rashid.word.{x}").to_json() for x in action.args]}
    params: dict[str, Any] = {}
    named: Any
    for i, value in enumerate(action.args):
        if action.verb in ("piece", "hold") and value in PIECES:  # "merchant" is also a palace
            named = w.piece(value)
        elif value in GOODS or value == CREDIT_NOTE:
            named = w.goods(value) if action.verb == "all" else w.good(value)
        elif value in AREAS:
            named = w.area(value)
        elif value in PIECES:
            named = w.piece(value)
        elif value in MERCENARY_COLOURS:
            named = w.mercenary(value)
        elif value in DATA.charges:
            named = w.charge(value)
        elif value in MERCENARY_KINDS:
            colour, number = value.split("-")
            named = Message("al_rashid.tile", {"colour": w.mercenary(colour), "value": number}).to_json()
        elif action.verb == "pay":
            named = w.bundle(parse_goods(value) or {})
            params["value"] = gold_value(parse_goods(value) or {})
        elif value in _ACTIONS or value in ("use", "keep", "reserve", "none"):
            named = Message(f"al_rashid.word.{value}").to_json()
        else:
            named = value
        params[f"a{i}"] = named
    return params


def build_view(game: AlRashid, s: State, seat: int | None) -> AlRashidView:
    resolving = next((t.area for t in reversed(s.tasks) if isinstance(t, (Palace, Territory))), None)
    areas = []
    for area in AREAS:
        stacks = [
            StackView(seat=x.seat, colour=s.families[x.seat].colour, pasha=x.pasha, merchant=x.merchant, sage=x.sage,
                      dominance=x.pasha * 5 + x.merchant * 3 + x.sage, position=i + 1)
            for i, x in enumerate(s.areas[area])
        ]
        view = AreaView(id=area, kind="territory" if area in TERRITORIES else "palace", stacks=stacks,
                        ranking=ranking(s, area), resolved=area in s.resolved, resolving=area == resolving)
        if area in TERRITORIES:
            stock = s.territory_goods[area]
            view.goods = {k: stock[k] for k in (*GOODS, CREDIT_NOTE) if stock.get(k)}
            view.mercenaries = [
                TileView(id=x.id, colour=x.colour, revealed=x.revealed,
                         value=x.value if x.revealed or (seat is not None and seat in x.seen_by) else None)
                for x in s.mercenaries[area]
            ]
        else:
            view.charges = list(s.charges[area])
        areas.append(view)
    families = []
    for f in s.families:
        own = seat == f.seat
        spied = None
        if own:
            spied = {t: [TileView(id=x.id, colour=x.colour, value=x.value, revealed=x.revealed)
                         for x in tiles if not x.revealed and f.seat in x.seen_by]
                     for t, tiles in s.mercenaries.items()}
            spied = {t: tiles for t, tiles in spied.items() if tiles}
        families.append(FamilyView(
            seat=f.seat, colour=f.colour, reserve=dict(f.reserve), on_board=pieces_on_board(s, f.seat),
            owned=dict(f.owned), held=f.held, goods={g: f.goods.get(g, 0) for g in GOODS},
            gold=gold_value(f.goods), notes=f.notes, influence=f.influence, dishonour=f.dishonour,
            charges=[ChargeView(id=c, used=c in f.used) for c in f.charges],
            mercenary_count=sum(f.hand.values()), hand=dict(sorted(f.hand.items())) if own else None, spied=spied,
        ))
    resolution = None
    if resolving is not None:
        task = s.task
        stage = task.kind if task is not None else "palace"
        detail: dict[str, Any] = {}
        if isinstance(task, Battle) and seat == task.seat:
            detail["committed"] = task.committed or {}
        if isinstance(task, PalaceActor) and task.combo is not None:
            detail["actions"] = list(task.combo)
        resolution = ResolutionView(area=resolving, stage=stage, actor=task.seat if isinstance(task, Ask) else None,
                                    detail=detail)
    last = s.crisis_shown[-1] if s.crisis_shown else None
    last_crisis: list[tuple[str, str]] = []
    if last:
        kind, index = last.split(":")
        last_crisis = [tuple(x) for x in (DATA.crisis.setup if kind == "setup" else DATA.crisis.turns)[int(index)]]
    score = TiebreakScoreView.of(game.outcome(s))
    return AlRashidView(
        viewer=seat, seats=s.seats, turn=s.turn, turns=RULES.turns, phase=s.phase, round=s.round,
        order=list(s.order), pending_order=list(s.pending_order) if s.pending_order else None,
        families=families, areas=areas, awaiting=game.awaiting(s, seat), resolution=resolution,
        piles={c: len(p) for c, p in s.piles.items()}, discards={c: len(p) for c, p in s.discards.items()},
        crisis_left=len(s.crisis_deck), last_crisis=last_crisis, last_changed=list(s.last_changed),
        log=list(s.log_tail), steps=s.steps, score=score,
    )
