"""A sensible computer player for Notre Dame: the `heuristic` policy of engine.ai.

It looks one decision ahead. Each option is played out on a copy of the match, with the follow-up questions it
raises (where the carriage goes, what the Inn gives, which building the Jester reaches...) answered at their
best, and the position reached is valued for the deciding seat: its prestige, plus what its coins, cubes and
buildings are still worth in the rounds left, plus its share of Notre Dame, less what the rats will cost it. In
the draft it keeps the card it would gain most from playing now. It reads only what its seat may know: its own
cards and supplies and the public table (never the others' cards, the decks or, when hidden, their prestige).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any, cast

from engine.core.flow import Ask, FlowGame, task
from engine.core.game import Action, Game
from engine.core.heuristic import ScoringPlayer, once_a_decision

from . import rules as r
from .actions import Carriage, Donate, Friend, Play, Source, Take
from .board import layout
from .data import load
from .draft import Keep
from .flow import A, Step
from .persons import Bishop, Jester, Pay, Troubadour
from .plague import Lose
from .state import Player, State, card
from .vocab import (
    ACTIONS,
    BANK,
    CARRIAGE_HOUSE,
    CONVENT_SCHOOL,
    DRAFT,
    HOSPITAL,
    INN,
    OVER,
    PERSONS_PHASE,
    RESIDENCE,
    split_message,
)

DATA = load()
RULES = DATA.rules
AVERAGE_PLAGUE = sum(p.rats for p in DATA.persons.values()) / RULES.rounds  # about 4 rats a round
FOLLOW_UPS = (Source, Donate, Friend, Carriage, Take, Troubadour, Jester, Bishop)
BUDGET = 300            # positions looked at for one option, follow-ups included
COIN = 2.0              # a coin while persons and Notre Dame can still be paid
CUBE = 1.5              # a cube in the supply while there are cards left to play
GAINS_PER_ROUND = 1.2   # prestige gains a round that the Park adds to
STRUCK = 3.5            # the plague past 9: 2 prestige and a cube
MESSAGE_PULL = 0.8      # per step nearer to a message the carriage may take


class Heuristic(ScoringPlayer[State]):
    def scores(self, game: Game[Any], state: State, seat: int, legal: list[Action]) -> list[float] | None:
        ask = cast(FlowGame[State, Any], game).asking(state, seat)
        score = SCORES.get(type(ask)) if ask is not None else None
        if score is None:
            return None
        mind = Mind(game, state, seat)
        return [score(mind, a) for a in legal]


HEURISTIC = Heuristic()


@task
class _Elsewhere(Step):
    """A stand-in question for another seat under a trial play: the trial stops there."""

    kind = "elsewhere"

    def candidates(self, s: State) -> list[Action]:
        return [A("pass")]

    def question(self, s: State) -> Any:
        raise NotImplementedError


class Mind:
    """What one seat makes of the position: `SCORES` gives the method that values an option of each question,
    `value` values a position reached."""

    def __init__(self, game: Game[Any], state: State, seat: int):
        self.game = cast(FlowGame[State, Any], game)
        self.root, self.seat = state, seat
        me = state.player(seat)
        # The horizon is the root's: every position reached is valued with the same rounds left.
        self.rounds_left = RULES.rounds - state.round
        plays_now = len(me.hand) if state.phase == ACTIONS else 2 if state.phase == DRAFT else 0
        self.plays_left = plays_now + 2 * self.rounds_left
        pays_now = state.phase in (DRAFT, ACTIONS, PERSONS_PHASE) and me.paid is None
        self.coin = COIN if self.rounds_left or pays_now else 0.01
        # Coins that can still be spent: a person a round and a donation of up to 3 a period.
        self.spendable = self.rounds_left + pays_now + 3 * (RULES.periods - state.period)
        self.gains_left = GAINS_PER_ROUND * (self.rounds_left + 0.5)
        self.plague_now = r.plague_strength(state) if state.phase in (DRAFT, ACTIONS, PERSONS_PHASE) else None
        period_end = RULES.rounds_per_period * (state.period + 1)
        rounds_in_period = period_end - state.round + 1
        expected = sum(p.notre_dame for p in state.players) + 0.25 * state.seats * rounds_in_period
        self.notre_dame_share = RULES.notre_dame_points[state.seats] / max(1.0, expected)

    # ---- options -------------------------------------------------------------------------------------
    def keep(self, action: Action) -> float:
        return self.card_worth(action.args[0])

    def look_ahead(self, action: Action) -> float:
        return self.after(self.root, action, BUDGET) - self.root_value

    @cached_property
    def root_value(self) -> float:
        return self.value(self.root)

    def after(self, state: State, action: Action, budget: int) -> float:
        """The value reached by `action` and the best answers to the follow-up questions it raises."""
        reached, _ = self.game.apply(state, self.seat, action)
        ask: Ask[Any, Any] | None = self.game.asking(reached, self.seat)
        if ask is not None and isinstance(ask, FOLLOW_UPS) and budget > 1:
            options = self.game.legal_actions(reached, self.seat)  # listed by the step that reached it
            if options:
                share = budget // len(options)
                return max(self.after(reached, a, share) for a in options)
        return self.value(reached)

    @once_a_decision
    def card_worth(self, kind: str) -> float:
        """What playing a card of this kind now would gain, at best (or nothing, playing it without action): a
        card of the seat's colour, so two cards of a kind in a draft are worth the same."""
        trial = self.root.clone()
        me = trial.player(self.seat)
        me.hand = [card(me.colour, kind)]
        trial.phase = ACTIONS
        trial.tasks = [_Elsewhere(seat=(self.seat + 1) % trial.seats), Play(seat=self.seat, n=1)]
        base = self.value(trial)
        return max(self.after(trial, a, BUDGET) - base for a in self.game.legal_actions(trial, self.seat))

    # ---- the worth of a position -----------------------------------------------------------------------
    def value(self, s: State) -> float:
        me = s.player(self.seat)
        if s.phase == OVER:
            return me.prestige + 0.01 * (me.coins + me.supply)
        worth = float(me.prestige)
        spendable = min(me.coins, self.spendable)
        worth += self.coin * spendable + 0.01 * (me.coins - spendable)
        useful = min(me.supply, self.plays_left)
        worth += CUBE * useful + 0.01 * (me.supply - useful)
        worth += self.buildings(me)
        worth += me.notre_dame * (self.notre_dame_share + r.park_bonus(me))
        worth -= self.rat_cost(s, me)
        worth += self.message_pull(s, me)
        return worth

    def buildings(self, me: Player) -> float:
        """Future yields of the cubes in the buildings: a building is played about once in seven plays."""
        plays = self.plays_left / 7
        worth = me.count(RESIDENCE) * plays
        worth += me.count(BANK) * plays * self.coin
        worth += me.count(CONVENT_SCHOOL) * plays * CUBE
        worth += me.count(CARRIAGE_HOUSE) * plays * 0.8
        worth += (me.count(INN) >= RULES.inn_two_from - 1) * plays + 0.05 * me.count(INN)
        worth += me.count("park") / RULES.park_cubes_per_point * self.gains_left
        return worth

    def rat_cost(self, s: State, me: Player) -> float:
        """What the plague is expected to cost in the rounds left: each time past 9, 2 prestige and a cube."""
        plagues = [AVERAGE_PLAGUE] * self.rounds_left
        if self.plague_now is not None and s.round == self.root.round and s.phase in (DRAFT, ACTIONS, PERSONS_PHASE):
            plagues.insert(0, 0 if me.paid == "doctor" else self.plague_now)
        shield = me.count(HOSPITAL)
        rats, cost = float(me.rats), 0.0
        for strength in plagues:
            rats = max(0.0, rats + strength - shield)
            if rats > RULES.plague_limit:
                cost += STRUCK
                rats = RULES.plague_limit
        return cost + 0.1 * rats

    def message_pull(self, s: State, me: Player) -> float:
        """A little for a carriage standing near a message it may take."""
        near = layout(s.seats).distance[me.carriage]
        takes = r.colours_to_take(s, self.seat)
        steps = [near[m] for m, x in s.messages.items() if split_message(x)[0] in takes]
        return -MESSAGE_PULL * min(steps) if steps else 0.0


# Every question the game asks, with the method that values its options: the draft by the card kept, every other
# question by looking one decision ahead. A question left out would be played at random: list it in
# RANDOM_ON_PURPOSE to say that this is meant (a test checks every question is in one or the other).
SCORES: dict[type[Ask[Any, Any]], Callable[[Mind, Action], float]] = {
    Keep: Mind.keep, **dict.fromkeys((Play, Source, Donate, Friend, Carriage, Take, Pay, Troubadour, Jester, Bishop, Lose),
                                     Mind.look_ahead),
}
RANDOM_ON_PURPOSE: frozenset[type[Ask[Any, Any]]] = frozenset()
