"""Taj Mahal behind the engine contract (engine.core.Game)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Literal

from pydantic import BaseModel, Field

from engine.core.errors import Malformed
from engine.core.flow import TaskCodec
from engine.core.game import Action, GameSpec, Outcome
from engine.core.grammar import Grammar
from engine.core.messages import Message
from engine.core.table import TableGame

from . import words as w
from .board import board
from .data import load
from .flow import Ctx
from .rng import below, seed_state, shuffled
from .rules import prizes_won, symbol_counts
from .state import DUEL, PLUS, STANDARD, Player, State
from .turn import ALL_KINDS, Extra, Turn
from .view import PlayerView, TajMahalScoreView, TajMahalView
from .visit import proceed, start_visit
from .vocab import CARD_COLOURS, OVER, PLAYER_COLOURS, SPECIALS, SYMBOLS, TAJ
from .withdrawal import CrownPalace, Discard, Palace, Score, Take

DATA = load()
RULES = DATA.rules
CITIES = board(12).cities
CODEC = TaskCodec(Turn, Extra, Palace, CrownPalace, Score, Take, Discard, no_seat=-1)
SOURCES = ("bonus", "palaces", "provinces", "special", "end_specials", "end_white", "end_colour")

# The notation: each verb and the values its argument may take.
GRAMMAR = Grammar("taj_mahal", {
    "play": (ALL_KINDS,), "add": (ALL_KINDS,), "alone": (), "back": (), "withdraw": (),
    "colour": (CARD_COLOURS,), "city": (CITIES,), "take": (ALL_KINDS,), "discard": (ALL_KINDS,),
})
# The tables the rulebook gives: human seats -> dummies allowed ("VARIANTE PER DUE GIOCATORI", "VARIANTI").
DUMMIES = {1: (2,), 2: (1, 2), 3: (0, 1), 4: (0, 1), 5: (0,)}


class TajMahalParams(BaseModel):
    """The variants of 001_f0a91e4b7c938d9d.txt."""

    provinces: Literal[12, 9] = Field(12, description="12 provinces, or the 9-province variant")
    dummies: Literal["auto", 0, 1, 2] = Field(
        "auto", description="dummy players (Carletto): 2 for a solo game, 1 or 2 with two players, 0 or 1 with "
                            "three or four; 'auto' is the rulebook's table: 2, 1 and 0")


class TajMahal(TableGame[State, Ctx]):
    spec = GameSpec(key="taj-mahal", title="Taj Mahal", min_seats=1, max_seats=5, params_model=TajMahalParams,
                    has_chance=True, hidden_info=True, colours=PLAYER_COLOURS)
    state_class, context_class, codec, grammar = State, Ctx, CODEC, GRAMMAR

    # ---- setup ("PREPARAZIONE") ------------------------------------------------------------------------
    def setup(self, params: BaseModel, seats: int, seed: int) -> State:
        assert isinstance(params, TajMahalParams)
        dummies = DUMMIES[seats][0] if params.dummies == "auto" else params.dummies
        if dummies not in DUMMIES[seats]:
            raise Malformed("taj_mahal.setup.dummies", seats=seats, dummies=dummies,
                            allowed=[str(n) for n in DUMMIES[seats]])
        mode = STANDARD if dummies == 0 else (DUEL if seats <= 2 else PLUS)
        the_board = board(params.provinces)
        state = State(seats=seats, seed=seed, rng=seed_state(seed), provinces=params.provinces, mode=mode)
        state.players = [Player(i, seat, "") for i, seat in enumerate(_seating(seats, dummies))]
        extra = iter(PLAYER_COLOURS[seats:])
        for p in state.players:
            p.colour = PLAYER_COLOURS[p.seat] if p.seat is not None else next(extra)
        # Province tiles at random, the last one always in Agra's province.
        last = len(the_board.provinces)
        others = [p for p in the_board.provinces if p != the_board.agra]
        state.rng, numbers = shuffled(state.rng, list(range(1, last)))
        state.tiles = {**dict(zip(others, numbers, strict=True)), the_board.agra: last}
        # The Taj Mahal tile on Agra, the bonus tiles at random on the other fortresses.
        pool = DATA.tiles.bonus_pool()
        if params.provinces == 9:
            for kind in DATA.map.nine_provinces.bonus_removed:
                pool.remove(kind)
        state.rng, pool = shuffled(state.rng, pool)
        forts = [c for c in the_board.cities if c in the_board.fortresses and c != the_board.taj]
        state.bonus = {**dict(zip(forts, pool, strict=False)), the_board.taj: TAJ}
        # The influence tiles in their piles, the special cards beside the board (two for each dummy).
        state.supply = {force: RULES.influence_tiles for force in ("vizier", "general", "monk", "princess")}
        state.specials_table = list(SPECIALS)
        for p in state.players:
            if p.seat is None:
                state.rng, table = shuffled(state.rng, state.specials_table)
                p.specials = sorted(table[:RULES.dummy_specials], key=SPECIALS.index)
                state.specials_table = [c for c in SPECIALS if c in table[RULES.dummy_specials:]]
        # The deck, six cards to each player, a start player.
        state.rng, state.deck = shuffled(state.rng, DATA.cards.deck())
        for p in state.players:
            if p.seat is not None:
                p.hand = sorted(state.deck.pop() for _ in range(RULES.hand))
        humans = [p.index for p in state.players if p.seat is not None]
        state.rng, pick = below(state.rng, len(humans))
        ctx = Ctx(state)
        start_visit(ctx, humans[pick])
        self.advance(ctx)
        return state

    # ---- turns (the rest comes from the shared flow) ---------------------------------------------------
    proceed = staticmethod(proceed)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        humans = sorted(state.humans(), key=lambda p: p.seat or 0)
        scores = {p.seat: p.score for p in humans if p.seat is not None}
        ranking = sorted(scores, key=lambda seat: (-scores[seat], seat))
        breakdown = {p.seat: {k: p.points.get(k, 0) for k in SOURCES} for p in humans if p.seat is not None}
        shared = len(ranking) > 1 and scores[ranking[0]] == scores[ranking[1]]
        return Outcome(scores=scores, ranking=ranking, breakdown=breakdown,
                       tiebreak_used=Message("taj_mahal.tiebreak.shared") if shared else None)

    # ---- words ---------------------------------------------------------------------------------------
    def headline(self, state: State) -> Message:
        """The table's status line: the visit, the province, whose move (or that the match is over)."""
        if state.phase == OVER:
            return Message("taj_mahal.headline.over", {"visits": len(state.tiles)})
        now = [w.player(state, state.of_seat(seat).index) for seat in sorted(self.active_seats(state))]
        return Message("taj_mahal.headline.visit", {"n": state.visit, "of": len(state.tiles),
                                                    "province": w.province(state.province()), "now": now})

    def label(self, state: State, action: Action) -> Message:
        verb, args = action.verb, action.args
        if verb in ("play", "add", "take", "discard"):
            return Message(f"taj_mahal.act.{verb}", {"card": w.card(args[0])})
        if verb == "city":
            crown = bool(state.tasks) and isinstance(state.tasks[-1], CrownPalace)
            bonus = None if crown else state.bonus.get(args[0])  # the crown palace never takes a bonus tile
            holders = state.holders(args[0])
            params: dict[str, Any] = {"city": w.city(args[0])}
            if bonus:
                params["bonus"] = w.bonus(bonus)
            if holders:
                params["owner"] = w.player(state, holders[0])
            key = "city_bonus" if bonus else ("city_beside" if holders else "city")
            return Message(f"taj_mahal.act.{key}", params)
        if verb == "colour":
            return Message("taj_mahal.act.colour", {"colour": w.colour_name(args[0])})
        if verb == "withdraw" and state.current is not None:  # what withdrawing wins, read on the button
            prizes = prizes_won(state, state.current)
            if not prizes:
                return Message("taj_mahal.act.withdraw_empty")
            name = w.prize if len(prizes) <= 2 else w.prize_short  # a button holds 80 characters
            return Message("taj_mahal.act.withdraw_wins", {"prizes": w.listing([name(x) for x in prizes])})
        return Message(f"taj_mahal.act.{verb}")

    # ---- data ----------------------------------------------------------------------------------------
    def perturb_hidden(self, state: State, rng: random.Random) -> tuple[State, frozenset[int]] | None:
        """A state that differs only in hidden information, and the seats entitled to see the difference:
        the deck reordered, the RNG moved on, and one player's hand swapped in part with the deck (the cards
        everybody saw them take from the display stay, and the card they picked but have not played yet)."""
        new = state.clone()
        new.rng = rng.getrandbits(64)
        rng.shuffle(new.deck)
        entitled: set[int] = set()
        holders = [p for p in new.players if p.seat is not None and p.hand]
        if holders and new.deck:
            p = new.player(rng.choice(holders).index)
            task = new.task
            keep = Counter(p.shown) | Counter([task.card] if isinstance(task, Extra) and task.seat == p.seat else [])
            swappable = []
            for i, k in enumerate(p.hand):
                if keep[k]:
                    keep[k] -= 1
                else:
                    swappable.append(i)
            for i in rng.sample(swappable, min(len(swappable), len(new.deck), 3)):
                j = rng.randrange(len(new.deck))
                p.hand[i], new.deck[j] = new.deck[j], p.hand[i]
            p.hand.sort()
            assert p.seat is not None
            entitled.add(p.seat)
        if self.dump_state(new) == self.dump_state(state):
            return None
        return new.sealed(), frozenset(entitled)

    # ---- views ---------------------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> TajMahalView:
        return build_view(self, state, seat)


def _seating(seats: int, dummies: int) -> list[int | None]:
    """Human seats and dummies (None) clockwise round the table: "un giocatore, un Carletto, un giocatore, un
    Carletto" with two of each; otherwise the humans, then the dummies."""
    if seats == 2 and dummies == 2:
        return [0, None, 1, None]
    return [*range(seats), *([None] * dummies)]


def build_view(game: TajMahal, s: State, seat: int | None) -> TajMahalView:
    players = []
    for p in s.players:
        counts = symbol_counts(p.played)
        players.append(PlayerView(
            index=p.index, seat=p.seat, colour=p.colour, hand_size=len(p.hand) + len(p.specials),
            hand=list(p.hand) if seat is not None and p.seat == seat else None, specials=list(p.specials),
            influence=list(p.influence), goods=list(p.goods), provinces=list(p.provinces), points=dict(p.points),
            score=p.score, played=list(p.played), symbols={x: counts[x] for x in SYMBOLS},
            leading=[] if p.out or s.phase == OVER else prizes_won(s, p.index), visit_colour=p.visit_colour,
            out=p.out))
    task = s.task
    picked = task.card if isinstance(task, Extra) and seat is not None and task.seat == seat else None
    result = game.outcome(s)
    score = TajMahalScoreView.of(result, dummies={p.index: p.score for p in s.players if p.seat is None},
                                 shared=result is not None and result.tiebreak_used is not None)
    return TajMahalView(
        viewer=seat, seats=s.seats, variant=s.mode, map=s.provinces, visit=s.visit, visits=len(s.tiles),  # type: ignore[arg-type]
        province=s.province(), start=s.start, order=list(s.order), current=s.current,
        withdrawn=list(s.withdrawn), players=players, tiles=dict(s.tiles), out_of_game=list(s.out_of_game),
        palaces=dict(s.palaces), crown_palaces=dict(s.crown_palaces), bonus=dict(s.bonus), court=list(s.court),
        specials_table=list(s.specials_table), display=list(s.display), deck=len(s.deck), discard=len(s.discard),
        awaiting=game.awaiting(s, seat), picked=picked, last_changed=list(s.last_changed), log=list(s.log_tail), steps=s.steps,
        phase=s.phase, over=s.phase == OVER, score=score,
    )

