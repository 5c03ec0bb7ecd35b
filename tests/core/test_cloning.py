"""`cloning`: a state's clone copies the containers its class names and shares the rest (each game's conformance
checks prove that a step leaves the state it was given unchanged; here, the method itself)."""

from dataclasses import dataclass, field

import pytest

from engine.core.cloning import Cloneable, cloning
from engine.core.table import TableState


@cloning("hand", "order", "later")
@dataclass(slots=True)
class Seat(Cloneable):
    name: str
    hand: list[str] = field(default_factory=list)
    order: dict[str, int] = field(default_factory=dict)
    board: tuple[str, ...] = ()
    later: list[int] | None = None


@cloning("players")
@dataclass(slots=True)
class Table(TableState):
    players: list[Seat] = field(default_factory=list)
    round: int = 1


def test_a_clone_copies_the_named_containers_and_shares_every_other_field():
    seat = Seat("Zoë 🐪", ["a"], {"x": 1}, ("b",), [2])
    other = seat.clone()
    assert other == seat and type(other) is Seat
    other.hand.append("c")
    other.order["x"] = 5
    other.later.append(3)
    assert seat == Seat("Zoë 🐪", ["a"], {"x": 1}, ("b",), [2])
    assert other.board is seat.board and other.name is seat.name


def test_a_container_that_is_still_none_stays_none():
    assert Seat("a").clone().later is None


def test_a_states_clone_copies_the_bookkeeping_and_starts_its_own_copies():
    table = Table(players=[Seat("a")], tasks=[], last_changed=["area:x"], log_tail=[{"key": "k"}], steps=4)
    table.sealed()
    other = table.clone()
    assert (other.players, other.round, other.steps, other.last_changed, other.log_tail) == \
        (table.players, 1, 4, ["area:x"], [{"key": "k"}])
    assert other.copied == () and table.copied is None
    other.own(other.players, 0).hand.append("card")   # the clone copies the seat it changes ...
    other.log_tail.clear()
    assert table.players[0].hand == [] and table.log_tail == [{"key": "k"}]
    assert other.players[0].hand == ["card"]  # ... once
    assert other.last_changed is table.last_changed  # shared: a step's context starts a list of its own


def test_naming_a_field_the_class_does_not_have_is_refused_when_the_class_is_made():
    with pytest.raises(TypeError, match="no field"):
        @cloning("hands")
        @dataclass(slots=True)
        class Typo(Cloneable):
            hand: list[str]
