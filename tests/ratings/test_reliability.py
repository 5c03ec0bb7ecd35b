"""Reliability for /stats: a turn is a run of the player's steps, timed from the step before it at the table;
on time within the match's turn clock, missed when the AI played it because the clock ran out; AI steps that
follow at once (a seat left to the AI, the AI playing on at a deadline) are no turn of the player; a match
they left counts as abandoned."""

from bot.reliability import Reliability, SeatPlayed, Step, reliability

HOUR = 3600.0
CLOCK = 48 * HOUR


def match(steps, *, seat=0, left=False, clock=CLOCK):
    return SeatPlayed(seat, left, clock, [Step(s, ai, at) for s, ai, at in steps])


def test_a_turn_is_timed_from_the_step_before_it_and_its_later_small_steps_are_part_of_it():
    played = match([(1, False, 0.0), (0, False, 2 * HOUR), (0, False, 2 * HOUR + 30), (1, False, 3 * HOUR),
                    (0, False, 7 * HOUR)])
    found = reliability([played])
    assert (found.on_time, found.late, found.missed, found.turns) == (2, 0, 0, 2)
    assert found.average_seconds == (2 * HOUR + 4 * HOUR) / 2 and found.on_time_share == 1.0


def test_the_ai_playing_a_turn_because_the_clock_ran_out_is_a_missed_turn_and_a_late_move_is_late():
    played = match([(1, False, 0.0), (0, True, CLOCK + 30), (1, False, CLOCK + 60), (0, False, 2 * CLOCK + 120)])
    found = reliability([played])
    assert (found.on_time, found.late, found.missed) == (0, 1, 1)
    assert found.on_time_share == 0.0 and found.average_seconds == CLOCK + 60


def test_ai_steps_at_once_after_leaving_count_as_no_turn_and_the_match_as_abandoned():
    played = match([(1, False, 0.0), (0, False, HOUR), (1, False, 2 * HOUR), (0, True, 2 * HOUR + 1)], left=True)
    other = match([(0, False, 0.0), (1, False, HOUR)], seat=1)
    found = reliability([played, other])
    assert found == Reliability(matches=2, abandoned=1, on_time=2, late=0, missed=0, seconds_to_move=2 * HOUR)


def test_a_player_with_no_turn_yet_has_no_share_and_no_average():
    found = reliability([match([(0, False, 0.0)])])  # the match's first step: when it began is not known
    assert found.turns == 0 and found.on_time_share is None and found.average_seconds is None
