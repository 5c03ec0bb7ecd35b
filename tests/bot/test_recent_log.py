"""The table message reads only the end of a match's log when that end already reaches back to the awaited
player's last turn: what it tells must be exactly what the longer log tells."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.services.tidings import reaches_last_turn, since_last_turn
from bot.storage import LogEntry
from engine.core import Event

entries = st.lists(st.tuples(st.sampled_from(["step", "step", "step", "undo"]), st.integers(0, 3),
                             st.booleans()), max_size=80)


def log_of(rows) -> list[LogEntry]:
    return [LogEntry(1, i + 1, kind, seat, "n", float(i),
                     events=[Event("e", {"i": i}, None if public else frozenset({seat})).to_json()])
            for i, (kind, seat, public) in enumerate(rows)]


@settings(max_examples=300, deadline=None)
@given(entries, st.one_of(st.none(), st.integers(0, 3)), st.integers(1, 40))
def test_an_end_that_reaches_the_last_turn_tells_the_same(rows, seat, last):
    log = log_of(rows)
    tail = log[-last:]
    if reaches_last_turn(tail, seat):
        assert since_last_turn(tail, seat) == since_last_turn(log, seat)


def test_a_short_end_does_not_reach_back_past_an_undo_or_the_turn():
    log = log_of([("step", 0, True), ("step", 1, True), ("step", 1, True), ("step", 2, True)])
    assert reaches_last_turn(log[1:], 2) is False  # seat 2's previous turn is not in it
    assert reaches_last_turn(log, 0) is True        # seat 0 stepped, then the others: its turn is whole
    assert reaches_last_turn(log_of([("step", 0, True), ("undo", 1, True), ("step", 2, True)]), 0) is False
