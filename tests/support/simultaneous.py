"""Blind Bid: a small simultaneous game on the shared turn flow, to test parallel choices everywhere
(conformance, services, the fake Discord) apart from any real game's rules.

Every player holds the cards 1 to `rounds + 2`. Each round every player secretly picks a card and confirms it
(two small steps: pick, then confirm or go back); a player who has confirmed waits for the others. When the
last card is in, all are revealed together: the highest card nobody else played wins the round (the lowest,
with `rule="lowest"`) and scores 1 point. Played cards are spent. Ties on points go to the lower seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pydantic import BaseModel, Field

from engine.core import Action, GameSpec, Message, Outcome, register
from engine.core.errors import Illegal, Malformed
from engine.core.flow import Ask, Ctx, FlowGame, Parallel, Task, TaskCodec, later, task


class BlindBidParams(BaseModel):
    rounds: int = Field(default=3, ge=1, le=5)
    rule: Literal["highest", "lowest"] = "highest"


@dataclass
class BidState:
    seats: int
    rounds: int
    rule: str
    round: int = 0
    hands: list[list[int]] = field(default_factory=list)     # cards still held; public (spent cards are shown)
    picks: dict[int, int] = field(default_factory=dict)      # confirmed and not yet revealed: secret
    scores: list[int] = field(default_factory=list)
    history: list[list[int]] = field(default_factory=list)   # each round's revealed cards, by seat
    tasks: list[Task] = field(default_factory=list)

    def clone(self) -> BidState:
        return replace(self, hands=[list(h) for h in self.hands], picks=dict(self.picks), scores=list(self.scores),
                       history=[list(r) for r in self.history], tasks=list(self.tasks))


def player(seat: int) -> dict[str, Any]:
    return Message("blind_bid.seat", {"n": seat + 1}).to_json()


@task
class Pick(Ask[BidState, Ctx[BidState]]):
    """One seat's secret card: pick it, then confirm it (or go back)."""

    kind = "pick"
    card: int | None = later()   # picked, not yet confirmed: seen by this seat only

    def candidates(self, s: BidState) -> list[Action]:
        if self.card is None:
            return [Action.of("play", n) for n in range(1, s.rounds + 3)]
        return [Action.of("confirm"), Action.of("back")]

    def refuse(self, s: BidState, a: Action) -> None:
        if a.verb == "play" and int(a.args[0]) not in s.hands[self.seat]:
            raise Illegal("blind_bid.illegal.spent", card=int(a.args[0]))

    def do(self, c: Ctx[BidState], a: Action) -> None:
        if a.verb == "play":
            c.replace(replace(self, card=int(a.args[0])))
        elif a.verb == "back":
            c.replace(replace(self, card=None))
        else:
            assert self.card is not None
            c.s.picks[self.seat] = self.card
            c.pop()  # this seat's branch is empty: it has chosen
            c.emit("blind_bid.ev.chosen", player=player(self.seat))
            c.emit("blind_bid.ev.chosen_private", audience=self.seat, card=self.card)

    def question(self, s: BidState) -> Message:
        if self.card is None:
            return Message("blind_bid.ask.pick", {"player": player(self.seat), "round": s.round})
        return Message("blind_bid.ask.confirm", {"player": player(self.seat), "card": self.card})

    def public_question(self, s: BidState) -> Message:
        return Message("blind_bid.ask.public", {"player": player(self.seat), "round": s.round})


@task
class Bids(Parallel[BidState, Ctx[BidState]]):
    """Every seat picks at once; the cards are revealed together when the last one is in."""

    kind = "bids"

    def join(self, c: Ctx[BidState]) -> None:
        s = c.s
        cards = [s.picks[seat] for seat in range(s.seats)]
        s.picks = {}
        s.history.append(cards)
        for seat, card in enumerate(cards):
            s.hands[seat].remove(card)
        c.emit("blind_bid.ev.revealed", reveals=True, round=s.round, cards=", ".join(map(str, cards)))
        single = [card for card in cards if cards.count(card) == 1]
        if not single:
            c.emit("blind_bid.ev.nobody", round=s.round)
            return
        best = max(single) if s.rule == "highest" else min(single)
        winner = cards.index(best)
        s.scores[winner] += 1
        c.emit("blind_bid.ev.won", player=player(winner), card=best)


CODEC = TaskCodec(Pick, Bids)


class BidView(BaseModel):
    game: Literal["blind-bid"] = "blind-bid"
    viewer: int | None
    round: int
    rounds: int
    rule: str
    hands: list[list[int]]
    scores: list[int]
    history: list[list[int]]
    chosen: list[int]              # seats that have confirmed their card this round (never which card)
    my_card: int | None            # the viewer's own card this round, picked or confirmed
    awaiting: list[dict[str, Any]]  # [{"seat", "question"}]


class BlindBid(FlowGame[BidState, Ctx[BidState]]):
    spec = GameSpec(key="blind-bid", title="Blind Bid", min_seats=2, max_seats=4, params_model=BlindBidParams,
                    has_chance=False, hidden_info=True, colours=("red", "blue", "green", "white"))

    def setup(self, params: BaseModel, seats: int, seed: int) -> BidState:
        assert isinstance(params, BlindBidParams)
        s = BidState(seats=seats, rounds=params.rounds, rule=params.rule,
                     hands=[list(range(1, params.rounds + 3)) for _ in range(seats)], scores=[0] * seats)
        self.advance(Ctx(s))
        return s

    def proceed(self, c: Ctx[BidState]) -> bool:
        s = c.s
        if s.round == s.rounds:
            return False
        s.round += 1
        c.push(Bids.of([Pick(seat=seat) for seat in range(s.seats)]))
        return True

    def label(self, state: BidState, action: Action) -> Message:
        return Message(f"blind_bid.act.{action.verb}", {"card": action.args[0] if action.args else ""})

    def check_form(self, action: Action) -> None:
        shape = {"play": 1, "confirm": 0, "back": 0}.get(action.verb)
        if shape is None or len(action.args) != shape or not all(x.isdigit() for x in action.args):
            raise Malformed("core.malformed")

    def headline(self, state: BidState) -> Message:
        if self.is_over(state):
            return Message("core.headline.over")
        return Message("blind_bid.headline", {"round": state.round, "rounds": state.rounds,
                                               "waiting": len(self.active_seats(state))})

    def view(self, state: BidState, seat: int | None) -> BidView:
        waiting = self.active_seats(state)
        mine = None
        if seat is not None:
            ask = self.asking(state, seat)
            mine = state.picks.get(seat, ask.card if isinstance(ask, Pick) else None)
        return BidView(viewer=seat, round=state.round, rounds=state.rounds, rule=state.rule,
                       hands=[list(h) for h in state.hands], scores=list(state.scores),
                       history=[list(r) for r in state.history],
                       chosen=sorted(s for s in range(state.seats) if state.tasks and s not in waiting),
                       my_card=mine,
                       awaiting=[{"seat": x, "question": q.to_json()} for x, q in self.questions(state, seat)])

    def outcome(self, state: BidState) -> Outcome | None:
        if state.tasks or state.round < state.rounds:
            return None
        scores = dict(enumerate(state.scores))
        ranking = sorted(scores, key=lambda x: (-scores[x], x))
        return Outcome(scores=scores, ranking=ranking, breakdown={x: {"rounds": scores[x]} for x in scores})

    def dump_state(self, state: BidState) -> dict[str, Any]:
        return {"seats": state.seats, "rounds": state.rounds, "rule": state.rule, "round": state.round,
                "hands": state.hands, "picks": {str(k): v for k, v in state.picks.items()}, "scores": state.scores,
                "history": state.history, "tasks": [CODEC.dump(t) for t in state.tasks]}

    def load_state(self, data: dict[str, Any]) -> BidState:
        return BidState(seats=data["seats"], rounds=data["rounds"], rule=data["rule"], round=data["round"],
                        hands=[list(h) for h in data["hands"]], picks={int(k): v for k, v in data["picks"].items()},
                        scores=list(data["scores"]), history=[list(r) for r in data["history"]],
                        tasks=[CODEC.load(t) for t in data["tasks"]])

    def perturb_hidden(self, state: BidState, rng: random.Random) -> tuple[BidState, set[int]] | None:
        """Another card for one seat that has picked one this round (confirmed or not): only it may see."""
        top = state.tasks[-1] if state.tasks else None
        if not isinstance(top, Bids):
            return None
        picked = [seat for seat in range(state.seats) if seat in state.picks or self._unconfirmed(state, seat)]
        if not picked:
            return None
        seat = rng.choice(picked)
        other = state.clone()
        current = state.picks.get(seat) or self._unconfirmed(state, seat)
        spare = [card for card in state.hands[seat] if card != current]
        if not spare:
            return None
        card = rng.choice(spare)
        if seat in state.picks:
            other.picks[seat] = card
        else:
            branch = top.branches[seat]
            other.tasks[-1] = replace(top, branches={**top.branches, seat: (*branch[:-1], replace(branch[-1], card=card))})
        return other, {seat}

    def _unconfirmed(self, state: BidState, seat: int) -> int | None:
        ask = self.asking(state, seat)
        return ask.card if isinstance(ask, Pick) else None


GAME = register(BlindBid())
