"""The shared turn flow (engine.core.flow), through Blind Bid: parallel per-seat choices that resolve when the
last one arrives, secrets kept until then, and the conformance checker on a simultaneous game."""

from dataclasses import FrozenInstanceError, dataclass, field
from types import SimpleNamespace

import pytest

from engine.core import NotYourTurn
from engine.core.cloning import cloning
from engine.core.conformance import Checks, check_game
from engine.core.errors import Illegal
from engine.core.flow import Ask, Ctx, Drive, TaskCodec, later, replace, task
from engine.core.table import TableCtx, TableState
from tests.support.simultaneous import GAME, Bids, Pick


def play(state, *moves):
    events = []
    for seat, notation in moves:
        state, new = GAME.apply(state, seat, notation)
        events += new
    return state, events


def test_every_seat_chooses_at_once_and_a_seat_that_has_chosen_waits():
    s = GAME.new_game(None, 3, 1)
    assert GAME.active_seats(s) == {0, 1, 2}
    s, _ = play(s, (1, "play 4"))
    assert GAME.active_seats(s) == {0, 1, 2}          # picked, not yet confirmed: a second small step
    assert [a.notation() for a in GAME.legal_actions(s, 1)] == ["confirm", "back"]
    assert [a.notation() for a in GAME.legal_actions(s, 0)][:2] == ["play 1", "play 2"]
    s, events = play(s, (1, "confirm"))
    assert GAME.active_seats(s) == {0, 2}
    assert GAME.legal_actions(s, 1) == [] and GAME.prompt(s, 1) is None
    with pytest.raises(NotYourTurn):
        GAME.apply(s, 1, "play 3")
    assert [e.key for e in events if e.audience is None] == ["blind_bid.ev.chosen"]
    assert [(e.key, e.params["card"], e.audience) for e in events if e.audience] == \
        [("blind_bid.ev.chosen_private", 4, {1})]


def test_nobody_sees_another_pick_until_the_last_one_is_in():
    s, _ = play(GAME.new_game(None, 3, 1), (1, "play 4"), (1, "confirm"), (0, "play 2"))
    public, other, own = GAME.view(s, None), GAME.view(s, 2), GAME.view(s, 1)
    assert public.chosen == other.chosen == own.chosen == [1]
    assert public.my_card is None and other.my_card is None and own.my_card == 4
    assert GAME.view(s, 0).my_card == 2               # picked, unconfirmed: its own view only
    asked = {w["seat"]: w["question"]["key"] for w in other.awaiting}
    assert asked == {0: "blind_bid.ask.public", 2: "blind_bid.ask.pick"}
    assert GAME.prompt(s, 0).key == "blind_bid.ask.confirm" and GAME.prompt(s, 0).params["card"] == 2


def test_the_last_pick_reveals_all_together_and_starts_the_next_round():
    s, _ = play(GAME.new_game(None, 3, 1), (1, "play 4"), (1, "confirm"), (0, "play 2"), (0, "confirm"))
    assert GAME.view(s, None).history == []
    s, events = play(s, (2, "play 4"), (2, "confirm"))
    revealed = [e for e in events if e.key == "blind_bid.ev.revealed"]
    assert len(revealed) == 1 and revealed[0].reveals and revealed[0].audience is None
    assert [e.params.get("card") for e in events if e.key == "blind_bid.ev.won"] == [2]  # the 4s are matched
    view = GAME.view(s, None)
    assert view.history == [[2, 4, 4]] and view.scores == [1, 0, 0] and view.round == 2
    assert GAME.active_seats(s) == {0, 1, 2} and view.chosen == []
    with pytest.raises(Illegal) as refused:
        GAME.apply(s, 0, "play 2")
    assert refused.value.message.key == "blind_bid.illegal.spent"


def test_the_order_of_the_picks_does_not_matter():
    moves = [(0, "play 3"), (0, "confirm"), (1, "play 1"), (1, "confirm"), (2, "play 5"), (2, "confirm")]
    a, _ = play(GAME.new_game(None, 3, 7), *moves)
    b, _ = play(GAME.new_game(None, 3, 7), *moves[4:], *moves[:2], (1, "play 2"), (1, "back"), *moves[2:4])
    assert GAME.dump_state(a)["history"] == GAME.dump_state(b)["history"] == [[3, 1, 5]]
    assert GAME.dump_state(a) == GAME.dump_state(b)


def test_a_state_waiting_on_parallel_choices_goes_through_json():
    s, _ = play(GAME.new_game(None, 3, 1), (1, "play 4"), (1, "confirm"), (0, "play 2"))
    dumped = GAME.dump_state(s)
    assert dumped["tasks"] == [{"kind": "bids", "seat": None, "data": {"branches": [
        [0, [{"kind": "pick", "seat": 0, "data": {"card": 2}}]], [1, []],
        [2, [{"kind": "pick", "seat": 2, "data": {}}]]]}}]
    loaded = GAME.load_state(dumped)
    assert GAME.dump_state(loaded) == dumped and isinstance(loaded.tasks[0], Bids)
    assert loaded.tasks[0].branches[0] == (Pick(seat=0, card=2),)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_simultaneous_game_keeps_the_engine_contract(seats):
    report = check_game(GAME, seats, range(1, 9), checks=Checks(every=1, fuzz=8, specific_refusals=True))
    assert report.games == 8 and report.deep_steps == report.steps
    assert report.hidden_checks > report.steps // 2   # a pending pick is hidden from the other seats
    variant = check_game(GAME, seats, range(1, 4), params={"rounds": 5, "rule": "lowest"})
    assert variant.games == 3


def test_the_conformance_checker_catches_a_pick_that_leaks():
    class Leaky(type(GAME)):
        def view(self, state, seat):
            view = super().view(state, seat)
            return view.model_copy(update={"my_card": next(iter(state.picks.values()), None)})

    with pytest.raises(AssertionError, match="hidden"):
        check_game(Leaky(), 3, range(1, 4))


# ---- the pieces of the flow ------------------------------------------------------------------------

@task
class Count(Ask):
    kind = "count"
    n: int
    note: str | None = later()


@task
class Tick(Drive):
    kind = "tick"
    left: tuple[int, ...]


def test_tasks_dump_their_payload_in_order_leaving_out_details_not_yet_filled_in():
    codec = TaskCodec(Count, Tick, no_seat=-1)
    assert codec.dump(Count(seat=2, n=3)) == {"kind": "count", "seat": 2, "data": {"n": 3}}
    assert codec.dump(Count(seat=2, n=3, note="x")) == {"kind": "count", "seat": 2, "data": {"n": 3, "note": "x"}}
    assert codec.dump(Tick(left=(1, 2))) == {"kind": "tick", "seat": -1, "data": {"left": [1, 2]}}
    assert codec.load(codec.dump(Tick(left=(1, 2)))) == Tick(left=(1, 2))
    assert codec.load(codec.dump(Count(seat=1, n=0, note="y"))) == Count(seat=1, n=0, note="y")
    with pytest.raises(ValueError, match="share a kind"):
        TaskCodec(Count, Count)


def test_a_task_is_a_frozen_dataclass_given_its_fields_by_name():
    """`task` writes its own `__init__`: it must make what the standard frozen dataclass makes."""
    count = Count(seat=2, n=3)
    assert (count.seat, count.n, count.note) == (2, 3, None) and count == Count(seat=2, n=3, note=None)
    assert hash(count) == hash(Count(seat=2, n=3)) and count != Count(seat=2, n=4)
    assert replace(count, note="x") == Count(seat=2, n=3, note="x") and count.note is None
    with pytest.raises(FrozenInstanceError):
        count.n = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        Count(2, 3)  # type: ignore[misc]
    with pytest.raises(TypeError):
        Count(seat=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="plain default"):
        @task
        class Listed(Drive):
            kind = "listed"
            items: list[int] = field(default_factory=list)


def test_revise_copies_the_topmost_task_of_a_class_and_refuses_a_field_it_does_not_have():
    """The changes `revise` passes on are named at run time, where the type check does not see them."""
    stacked = SimpleNamespace(tasks=[Tick(left=(1,)), Count(seat=0, n=2)])
    c = Ctx(stacked)
    assert c.revise(Tick, left=(2,)) == Tick(left=(2,)) and stacked.tasks == [Tick(left=(2,)), Count(seat=0, n=2)]
    with pytest.raises(TypeError, match="no field"):
        c.revise(Tick, right=(3,))
    assert stacked.tasks[0] == Tick(left=(2,))


def test_a_table_context_keeps_the_recent_public_events_and_what_changed():
    @cloning()
    @dataclass(slots=True)
    class Table(TableState):
        pass

    class TableContext(TableCtx[Table]):
        event_prefix = "table.ev."
        recent_events = 3

    c = TableContext(Table())
    for n in range(5):
        c.emit("public", n=n)
        c.emit("private", audience=1, n=n)     # only for seat 1: not on the table
    assert c.s.log_tail == [{"key": "table.ev.public", "params": {"n": n}} for n in (2, 3, 4)]
    assert [e.key for e in c.events].count("table.ev.private") == 5
    c.touch("area:a", "family:1")
    c.touch("family:1", "area:b")
    assert c.s.last_changed == ["area:a", "family:1", "area:b"]


@pytest.mark.parametrize("key", ["yspahan", "taj-mahal", "notre-dame", "al-rashid"])
def test_the_options_remembered_for_a_returned_state_are_those_listed_afresh(key):
    """After a step the flow hands `legal_actions` the options it listed while settling; they must be exactly
    what the question lists on the returned state, at every step of a match."""
    import random

    from engine.core import get_game

    game = get_game(key)
    state, rng, remembered = game.new_game(None, 4, 5), random.Random(5), 0
    while active := sorted(game.active_seats(state)):
        ask = game.asking(state, active[0])
        remembered += game._settled is not None and game._settled[0] is state
        assert game.legal_actions(state, active[0]) == ask.options(state)
        state, _ = game.apply(state, active[0], rng.choice(ask.options(state)))
    assert remembered > 50  # the remembered options were the ones compared, not only fresh ones
