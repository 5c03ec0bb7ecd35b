"""A round in five phases, the end of a period every third round, the end after the ninth (002, "Svolgimento del
gioco", "FINE DEL GIOCO"). `proceed` starts a round whenever nothing is pending."""

from __future__ import annotations

from engine.core.flow import Drive, replace, task

from . import rules as r
from . import words as w
from .data import load
from .draft import Draft
from .flow import Ctx
from .persons import Pay
from .plague import plague
from .setup import deal, discard_hands, end_round, reveal_persons, start_period
from .state import State, kind_of
from .vocab import DRAFT, NOTRE_DAME, OVER, PERIODS, PERSONS_PHASE, PLAGUE

RULES = load().rules
NEXT = {"start": "persons", "persons": "plague", "plague": "close"}


def proceed(c: Ctx) -> bool:
    """Nothing is pending: the next round starts. False once the match is over."""
    if c.s.phase == OVER:
        return False
    c.push(Round(stage="start"))
    return True


@task
class Round(Drive[State, Ctx]):
    """Drives a round: the persons and the draft, then (once the cards are played) the persons' payments, the
    plague, and the close of the round and, every third, of the period."""

    kind = "round"
    stage: str

    def run(self, c: Ctx) -> None:
        s, stage = c.s, self.stage
        if stage == "close":
            c.pop()
            close(c)
            return
        c.replace(replace(self, stage=NEXT[stage]))
        order = s.order()
        if stage == "start":
            s.phase = DRAFT
            reveal_persons(s)
            c.emit("round", n=s.round, period=PERIODS[s.period], bell=c.who(s.bell),
                   persons=[w.person(x) for x in s.persons], rats=r.plague_strength(s), reveals=True)
            deal(s)
            for p in s.players:
                c.emit("drew", audience=p.seat, reveals=True, cards=[w.card(kind_of(x)) for x in p.offer])
            c.touch("persons", "players")
            c.push(Draft.start(s, 1))
        elif stage == "persons":
            discard_hands(s)
            s.phase = PERSONS_PHASE
            c.push(*(Pay(seat=seat) for seat in order))
        else:
            s.phase = PLAGUE
            plague(c)


def close(c: Ctx) -> None:
    s = c.s
    if s.round % RULES.rounds_per_period == 0:
        share_notre_dame(c)
    if s.round == RULES.rounds:
        s.phase = OVER
        c.emit("game_over", reveals=True)  # the final scores show every prestige
        return
    end_round(s)
    if s.round % RULES.rounds_per_period == 1:
        start_period(s)
        c.emit("period", period=PERIODS[s.period])
    c.touch("persons", "players")


def share_notre_dame(c: Ctx) -> None:
    """End of a period: the tile's points divided among its cubes, rounded down, paid to their owners; the cubes
    go back to the general supply (002, "Notre Dame")."""
    s = c.s
    cubes = sum(p.notre_dame for p in s.players)
    if not cubes:
        c.emit("notre_dame_empty")
        return
    share = r.notre_dame_share(s)
    c.emit("notre_dame", points=RULES.notre_dame_points[s.seats], cubes=cubes, share=share)
    for p in s.every_player():
        if p.notre_dame:
            c.award(p.seat, share * p.notre_dame, "notre_dame")
            p.general += p.notre_dame
            p.notre_dame = 0
    c.touch(NOTRE_DAME)
