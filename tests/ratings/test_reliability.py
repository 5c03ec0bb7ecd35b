"""Reliability for /stats: a turn the player made is on time within the match's turn clock and late after it;
a turn the AI played at least a clock after the step before it is missed; AI steps that follow at once (a seat
left to the AI, the AI playing on at a deadline) are no turn of the player; a match they left counts as
abandoned. (Which steps start a turn is storage's part: tests/ratings/test_reliability_storage.py.)"""

from bot.reliability import Reliability, SeatPlayed, TurnStart, reliability

HOUR = 3600.0
CLOCK = 48 * HOUR


def match(*turns, left=False, clock=CLOCK):
    return SeatPlayed(left, clock, [TurnStart(by_ai, waited) for by_ai, waited in turns])


def test_turns_made_within_the_clock_are_on_time_and_timed():
    found = reliability([match((False, 2 * HOUR), (False, 4 * HOUR), (False, CLOCK))])
    assert (found.on_time, found.late, found.missed, found.turns) == (3, 0, 0, 3)
    assert found.average_seconds == (6 * HOUR + CLOCK) / 3 and found.on_time_share == 1.0


def test_the_ai_playing_a_turn_because_the_clock_ran_out_is_a_missed_turn_and_a_late_move_is_late():
    found = reliability([match((True, CLOCK + 30), (False, CLOCK + 60))])
    assert (found.on_time, found.late, found.missed) == (0, 1, 1)
    assert found.on_time_share == 0.0 and found.average_seconds == CLOCK + 60


def test_ai_steps_at_once_after_leaving_count_as_no_turn_and_the_match_as_abandoned():
    found = reliability([match((False, HOUR), (True, 1.0), left=True), match((False, HOUR))])
    assert found == Reliability(matches=2, abandoned=1, on_time=2, late=0, missed=0, seconds_to_move=2 * HOUR)


def test_a_player_with_no_turn_yet_has_no_share_and_no_average():
    found = reliability([match()])
    assert found.turns == 0 and found.on_time_share is None and found.average_seconds is None
