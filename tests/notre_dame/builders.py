"""Build Notre Dame positions for scenario tests.

Start from `GAME.new_game`, edit the State dataclasses directly (cubes, coins, rats, cards), then drive the
match through `GAME.apply` with the notation, as a player would.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.core.flow import Task
from engine.notre_dame import GAME
from engine.notre_dame.actions import Play
from engine.notre_dame.flow import Ctx
from engine.notre_dame.persons import Pay
from engine.notre_dame.round import Round
from engine.notre_dame.state import State, card
from engine.notre_dame.vocab import ACTIONS, PERSONS_PHASE, SECTORS

# Seats by colour, as handed out.
RED, YELLOW, GREEN, BLUE, PURPLE = range(5)


def new(seats: int = 3, seed: int = 0, public: bool = False) -> State:
    return GAME.new_game({"public_prestige": public}, seats, seed)


def quarter(s: State, seat: int, friend: str | None = None, notre_dame: int = 0, **cubes: int) -> State:
    """Give `seat` exactly these cubes in its buildings (the rest empty), the Friend and cubes at Notre Dame."""
    p = s.player(seat)
    p.sectors = {x: cubes.get(x, 0) for x in SECTORS}
    p.friend = friend
    p.notre_dame = notre_dame
    return s


def acting(seats: int = 3, hands: dict[int, list[str]] | None = None, bell: int = 0, seed: int = 0,
           public: bool = False, persons: tuple[str, str, str] = ("monk", "doctor", "watchman")) -> State:
    """Phase 3 of a round: the draft done, each seat holding `hands[seat]` (card kinds of its own colour),
    `bell` to play first. The persons of the round are `persons`."""
    s = new(seats, seed, public)
    s.bell = bell
    s.phase = ACTIONS
    s.persons = list(persons)
    for p in s.players:
        p.offer, p.first_pick = [], None
        p.hand = [card(p.colour, kind) for kind in (hands or {}).get(p.seat, ["bank", "inn", "park"])]
    order = s.order()
    s.tasks = [Round(stage="persons")]
    s.tasks += [Play(seat=seat, n=n) for n in (2, 1) for seat in reversed(order)]
    return settle(s)


def paying(seats: int = 3, bell: int = 0, persons: tuple[str, str, str] = ("monk", "doctor", "watchman"),
           seed: int = 0, public: bool = False) -> State:
    """Phase 4 of a round: each seat in turn order may pay a person."""
    s = new(seats, seed, public)
    s.bell = bell
    s.phase = PERSONS_PHASE
    s.persons = list(persons)
    for p in s.players:
        p.offer, p.hand, p.first_pick = [], [], None
    s.tasks = [Round(stage="plague")]
    s.tasks += [Pay(seat=seat) for seat in reversed(s.order())]
    return settle(s)


def doing(s: State, task: Task) -> State:
    """Ask a follow-up question right now (e.g. `Carriage(seat=RED)` after a Carriage House card)."""
    s.tasks.append(task)
    return settle(s)


def closing(s: State, round: int) -> tuple[State, list[Event]]:
    """Close round `round` now: Notre Dame's share at the end of a period, the end after the ninth."""
    s.round = round
    s.persons = ["monk", "doctor", "watchman"]
    for p in s.players:
        p.hand, p.offer = [], []
    s.tasks = [Round(stage="close")]
    c = Ctx(s)
    GAME.advance(c)
    return s, c.events


def settle(s: State) -> State:
    """Let the game move on by itself until a player must decide (no events kept)."""
    GAME.advance(Ctx(s))
    return s


def active(s: State) -> int:
    (seat,) = GAME.active_seats(s)
    return seat


def play(s: State, *moves: str | tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply moves in notation, each by the seat that must act; a move given as (seat, notation) names the
    seat (needed while several choose at once)."""
    events: list[Event] = []
    for move in moves:
        seat, notation = move if isinstance(move, tuple) else (active(s), move)
        s, new_events = GAME.apply(s, seat, notation)
        events += new_events
    return s, events


def at(s: State, *moves: str | tuple[int, str]) -> State:
    return play(s, *moves)[0]


def options(s: State, seat: int | None = None) -> list[str]:
    return [a.notation() for a in GAME.legal_actions(s, active(s) if seat is None else seat)]


def asked(s: State, seat: int | None = None) -> str:
    """The key of the question the (given) active seat must answer."""
    question = GAME.prompt(s, active(s) if seat is None else seat)
    assert question is not None
    return question.key


def keys(events: list[Event]) -> list[str]:
    return [e.key.removeprefix("notre_dame.ev.") for e in events]


def texts(events: list[Event], seat: int | None = None, locale: str = "en") -> list[str]:
    """The events `seat` may read (None: the public table), in words."""
    return [e.text(locale) for e in events if e.visible_to(seat)]
