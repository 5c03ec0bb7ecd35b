"""Closing a round: when its matches end, or at its deadline as the league says."""

from bot.leagues import AtDeadline, PlayOut, RoundTable, TableStatus, Void, check_round, next_round_due

DAY = 86400.0
OVER, RUNNING = TableStatus.OVER, TableStatus.RUNNING


def test_a_round_closes_when_every_match_has_ended_even_before_its_deadline():
    tables = [RoundTable(1, OVER), RoundTable(2, TableStatus.ABANDONED), RoundTable(3, TableStatus.VOIDED)]
    check = check_round(tables, deadline=10 * DAY, now=DAY, at_deadline=AtDeadline.PLAY_OUT)
    assert check.closed and check.decisions == ()


def test_a_round_with_a_running_match_stays_open_until_its_deadline():
    tables = [RoundTable(1, OVER), RoundTable(2, RUNNING, frozenset({7}))]
    check = check_round(tables, deadline=10 * DAY, now=10 * DAY - 1, at_deadline=AtDeadline.PLAY_OUT)
    assert not check.closed and check.decisions == ()


def test_at_the_deadline_the_ai_plays_out_and_the_players_holding_the_table_up_forfeit():
    tables = [RoundTable(1, OVER), RoundTable(2, RUNNING, frozenset({7})), RoundTable(3, RUNNING, frozenset({8, 9}))]
    check = check_round(tables, deadline=10 * DAY, now=10 * DAY, at_deadline=AtDeadline.PLAY_OUT)
    assert not check.closed  # closes once the played-out matches have ended
    assert check.decisions == (PlayOut(2, frozenset({7})), PlayOut(3, frozenset({8, 9})))
    after = [RoundTable(1, OVER), RoundTable(2, OVER), RoundTable(3, OVER)]
    assert check_round(after, deadline=10 * DAY, now=10 * DAY + 5, at_deadline=AtDeadline.PLAY_OUT).closed


def test_a_league_that_voids_late_matches_closes_at_the_deadline():
    tables = [RoundTable(1, OVER), RoundTable(2, RUNNING, frozenset({7}))]
    check = check_round(tables, deadline=10 * DAY, now=11 * DAY, at_deadline=AtDeadline.VOID)
    assert check.closed and check.decisions == (Void(2),)


def test_rounds_on_a_schedule_open_every_period_within_the_season():
    start = 1000.0
    assert not next_round_due([], start, None, now=start + 99 * DAY)           # no schedule: the admin opens them
    assert not next_round_due([], start, 7, now=start - 1)                      # before the season
    assert next_round_due([], start, 7, now=start)                              # the first at the start
    assert not next_round_due([start], start, 7, now=start + 7 * DAY - 1)
    assert next_round_due([start], start, 7, now=start + 7 * DAY)
    assert not next_round_due([start], start, 7, now=start + 7 * DAY, ends_at=start + 7 * DAY)  # season over
