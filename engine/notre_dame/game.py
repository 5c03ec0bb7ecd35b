"""Notre Dame behind the engine contract (engine.core.Game)."""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from engine.core.flow import TaskCodec
from engine.core.game import Action, GameSpec
from engine.core.grammar import Grammar
from engine.core.messages import Message
from engine.core.table import TableGame
from engine.core.views import TiebreakScoreView

from . import scoring
from . import words as w
from .actions import Carriage, Donate, Friend, Play, Source, Take
from .board import BOARD, layout
from .data import load
from .draft import Draft, Keep
from .flow import Ctx
from .persons import Bishop, Jester, Pay, Troubadour
from .plague import Lose
from .round import Round, proceed
from .setup import new_state, unseen_persons_shuffled
from .state import State, colour_of, kind_of
from .view import MarketView, NotreDameView, PersonView, PlayerView
from .vocab import CARDS, COLOURS, CUBE, INN_CHOICES, NOTRE_DAME, OVER, PERIODS, PERSONS, SECTORS

DATA = load()
RULES = DATA.rules
CODEC = TaskCodec(Keep, Draft, Play, Source, Donate, Friend, Carriage, Take, Pay, Troubadour, Jester, Bishop, Lose,
                  Round, no_seat=-1)
MARKETS = tuple(f"{c}.{spot}" for c in COLOURS for spot in BOARD.spots)

# The notation: each verb and the values each of its arguments may take.
GRAMMAR = Grammar("notre_dame", {
    "keep": (CARDS,), "play": (CARDS,), "idle": (CARDS,), "from": ((*SECTORS, NOTRE_DAME),), "to": (SECTORS,),
    "donate": (tuple(str(n) for n in RULES.donations),), "go": (MARKETS,), "stay": (), "take": (INN_CHOICES,),
    "pay": (PERSONS,), "pass": (), "move": ((CUBE, "friend"),), "done": (), "lose": (SECTORS,),
})


class NotreDameParams(BaseModel):
    """Match options. The rulebook keeps prestige hidden ("possono, ad esempio, essere impilati, in modo che gli
    avversari non li possano contare"); a casual table may show everybody's."""

    public_prestige: bool = False


class NotreDame(TableGame[State, Ctx]):
    spec = GameSpec(key="notre-dame", title="Notre Dame", min_seats=2, max_seats=5, params_model=NotreDameParams,
                    has_chance=True, hidden_info=True, colours=COLOURS,
                    table_tiebreak="notre_dame.tiebreak.table")
    state_class, context_class, codec, grammar = State, Ctx, CODEC, GRAMMAR

    # ---- setup (002, "Preparazione del gioco") ---------------------------------------------------
    def setup(self, params: BaseModel, seats: int, seed: int) -> State:
        assert isinstance(params, NotreDameParams)
        state = new_state(seats, seed, params.public_prestige)
        self.advance(Ctx(state))
        return state

    # ---- turns (the rest comes from the shared flow) -------------------------------------------
    proceed = staticmethod(proceed)

    outcome = staticmethod(scoring.outcome)

    def turn_goes_on(self, state: State, seat: int) -> bool:
        """The draft is one turn: both passes, and the wait for the others' choices until the last card arrives."""
        return bool(state.tasks) and isinstance(state.tasks[-1], Draft)

    def news_waits(self, state: State, seat: int) -> bool:
        """Every round opens with a draft, told to each player apart: news meanwhile waits for it, or for the
        player's next click (one message a round). After the last round nothing waits: the final score comes."""
        return state.phase != OVER

    # ---- words ----------------------------------------------------------------------------------
    def label(self, state: State, action: Action) -> Message:
        return Message(f"notre_dame.act.{action.verb}", _action_params(state, action))

    def headline(self, state: State) -> Message:
        """The table's status line: round, period, phase, and who is asked."""
        if state.phase == OVER:
            return Message("notre_dame.headline_over")
        waiting = [w.player(state, seat) for seat in sorted(self.active_seats(state))]
        return Message("notre_dame.headline", {"round": min(state.round, RULES.rounds), "rounds": RULES.rounds,
                                               "period": PERIODS[min(state.period, 2)],
                                               "phase": Message(f"notre_dame.phase.{state.phase}").to_json(),
                                               "waiting": waiting})

    # ---- data -----------------------------------------------------------------------------------
    def perturb_hidden(self, state: State, rng: random.Random) -> tuple[State, frozenset[int]] | None:
        """A state that differs only in what the table cannot see, and the seats entitled to see the difference.

        Reshuffles every undrawn deck and the persons not seen yet (grey cards within their letter) and moves the
        RNG on; then, at random, either swaps the two cards a player passed on in the draft between the two
        neighbours who hold them (only those two know who kept which), or swaps the card a player kept from their
        own three (seen by nobody else) with an undrawn card of their deck and, with hidden prestige, changes that
        player's prestige.
        """
        new = state.clone()
        new.rng = rng.getrandbits(64)
        for p in new.every_player():
            rng.shuffle(p.deck)
        new.brown_deck, new.grey_deck = unseen_persons_shuffled(new, rng)
        owner = new.player(rng.randrange(new.seats))
        if rng.random() < 0.5 and (holders := _swap_passed_on(new, owner.seat)):
            return new.sealed(), holders
        entitled: set[int] = set()
        if owner.first_pick is not None and owner.deck:
            held = owner.hand if owner.first_pick in owner.hand else None
            if held is not None:
                swap = rng.randrange(len(owner.deck))
                i = held.index(owner.first_pick)
                held[i], owner.deck[swap] = owner.deck[swap], held[i]
                owner.first_pick = held[i]
                entitled.add(owner.seat)
        if not new.public_prestige and new.phase != OVER:  # the final score shows every prestige
            owner.prestige += rng.randint(1, 9)
            entitled.add(owner.seat)
        return new.sealed(), frozenset(entitled)

    # ---- views ----------------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> NotreDameView:
        return build_view(self, state, seat)


def _swap_passed_on(s: State, owner: int) -> frozenset[int] | None:
    """The two cards `owner` passed on in the draft swapped between the neighbours holding them (three players or
    more, both cards still in hand): the seats that can tell, or None when there is nothing to swap."""
    if s.seats < 3:
        return None
    colour, first = s.players[owner].colour, s.left_of(owner)
    held = [(seat, i) for seat in (first, s.left_of(first)) for i, x in enumerate(s.players[seat].hand)
            if colour_of(x) == colour]
    if len(held) != 2:
        return None
    (a, i), (b, j) = held
    one, other = s.player(a), s.player(b)
    one.hand[i], other.hand[j] = other.hand[j], one.hand[i]
    return frozenset({a, b})


def _action_params(state: State, action: Action) -> dict[str, Any]:
    verb, args = action.verb, action.args
    if verb in ("keep", "play", "idle"):
        return {"card": w.card(args[0])}
    if verb in ("from", "to", "lose"):
        return {"where": w.sector(args[0])}
    if verb == "donate":
        return {"what": w.count("coin", int(args[0])), "prestige": w.count("prestige", RULES.donations[int(args[0])])}
    if verb == "go":
        message = state.messages.get(args[0])
        return {"market": w.market(args[0]), "message": w.message_on_button(message) if message else ""}
    if verb in ("take", "move"):
        return {"what": w.word(args[0])}
    if verb == "pay":
        return {"person": w.person(args[0])}
    return {}


def build_view(game: NotreDame, s: State, seat: int | None) -> NotreDameView:
    board = layout(s.seats)
    drafting = game.active_seats(s) if s.tasks and isinstance(s.tasks[-1], Draft) else frozenset()
    players = []
    for p in s.players:
        own = seat == p.seat
        visible = own or s.public_prestige or s.phase == OVER
        players.append(PlayerView(
            seat=p.seat, colour=p.colour, quarter=p.quarter, supply=p.supply, general=p.general, coins=p.coins,
            prestige=p.prestige if visible else None, earned=dict(p.earned) if visible else None, rats=p.rats,
            sectors=dict(p.sectors), friend=p.friend, notre_dame=p.notre_dame, carriage=p.carriage,
            messages=list(p.messages), deck=len(p.deck), hand_count=len(p.hand),
            hand=list(p.hand) if own else None, offer=list(p.offer) if own else None,
            played=[kind_of(x) for x in p.played], paid=p.paid, choosing=p.seat in drafting,
        ))
    markets = [MarketView(id=m, quarter=m.split(".")[0], spot=m.split(".")[1], message=s.messages.get(m),
                          carriages=[p.seat for p in s.players if p.carriage == m]) for m in board.markets]
    roads = sorted({(a, b) if a < b else (b, a) for a in board.markets for b in board.neighbours[a]})
    persons = [PersonView(id=x, rats=DATA.persons[x].rats, paid_by=[p.seat for p in s.players if p.paid == x])
               for x in s.persons]
    score = TiebreakScoreView.of(game.outcome(s))
    return NotreDameView(
        viewer=seat, seats=s.seats, round=min(s.round, RULES.rounds), rounds=RULES.rounds,
        period=PERIODS[min(s.period, 2)], phase=s.phase,  # type: ignore[arg-type]
        bell=s.bell, order=s.order(), public_prestige=s.public_prestige, players=players,
        quarters=list(board.quarters), markets=markets, roads=roads, persons=persons,
        plague=sum(x.rats for x in persons), notre_dame_points=RULES.notre_dame_points[s.seats],
        treasury=s.treasury, discards=s.discards, brown_left=len(s.brown_deck), grey_left=len(s.grey_deck),
        awaiting=game.awaiting(s, seat), last_changed=list(s.last_changed), log=list(s.log_tail), steps=s.steps, score=score,
    )
