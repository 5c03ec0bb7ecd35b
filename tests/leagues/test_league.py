"""A league's life: joining, leaving, admins, opening and closing rounds, a new season. Refusals change nothing."""

import pytest

from bot.leagues import Format, League, LeagueRefusal, meetings, repeats

from .builders import settings

DAY = 86400.0


def league(members=(), **changes):
    made = League(guild_id=1, settings=settings(**changes), admin_role=77)
    for i, player in enumerate(members):
        made = made.join(player, now=float(i))
    return made


def refused(key, call, *args, **kwargs):
    with pytest.raises(LeagueRefusal) as refusal:
        call(*args, **kwargs)
    assert refusal.value.message.key == f"league.refusal.{key}"
    assert "{" not in refusal.value.text("en") and "{" not in refusal.value.text("it")
    return refusal.value


def test_members_join_once_in_order_and_may_leave():
    bazaar = league([5, 3, 9])
    assert bazaar.member_ids() == [5, 3, 9]
    refused("already_member", bazaar.join, 3, now=10.0)
    assert bazaar.leave(3).member_ids() == [5, 9]
    refused("not_member", bazaar.leave, 4)
    assert bazaar.member_ids() == [5, 3, 9]  # a refusal changed nothing (and the league is immutable)
    refused("season_over", league(ends_at=100.0).join, 1, now=100.0)


def test_only_managers_or_the_admin_role_run_the_league():
    bazaar = league()
    assert bazaar.may_run(is_manager=True, roles=[])
    assert bazaar.may_run(is_manager=False, roles=[12, 77])
    error = refused("not_admin", bazaar.check_admin, is_manager=False, roles=[12])
    assert "Bazaar League" in error.text("it")


def test_a_round_seats_every_member_by_standings_and_the_next_avoids_repeats():
    bazaar = league(range(1, 9), min_table=4, max_table=4)
    bazaar, first = bazaar.open_round(now=1000.0, ranked=list(range(1, 9)))
    assert first.number == 1 and first.deadline == 1000.0 + 14 * DAY
    assert [t.players for t in first.tables] == [(1, 2, 3, 4), (5, 6, 7, 8)]
    refused("round_open", bazaar.open_round, now=1001.0, ranked=[])
    bazaar = bazaar.seat_match(1, 0, 501).seat_match(1, 1, 502)
    assert bazaar.current_round.match_ids() == [501, 502] and bazaar.league_matches() == [501, 502]
    bazaar = bazaar.close_round(1, now=2000.0)
    assert bazaar.current_round is None
    bazaar, second = bazaar.open_round(now=3000.0, ranked=[2, 1, 3, 4, 5, 6, 7, 8])
    assert second.number == 2
    assert repeats([t.players for t in second.tables], meetings([t.players for t in first.tables])) == 4  # the least
    assert sorted(p for t in second.tables for p in t.players) == list(range(1, 9))


def test_members_missing_from_the_standings_are_seated_last_and_strangers_ignored():
    bazaar = league([1, 2, 3, 4, 5], min_table=2, max_table=3)
    _, opened = bazaar.open_round(now=1.0, ranked=[3, 99, 1])
    assert [t.players for t in opened.tables] == [(3, 1, 2), (4, 5)]


def test_rounds_are_refused_to_ladders_small_leagues_and_outside_the_season():
    refused("ladder_has_no_rounds", league([1, 2], format=Format.LADDER).open_round, now=1.0, ranked=[])
    refused("too_few", league([1]).open_round, now=1.0, ranked=[])
    refused("season_over", league([1, 2], starts_at=50.0).join(3, 60.0).open_round, now=10.0, ranked=[])
    refused("no_round", league([1, 2]).close_round, 3, now=1.0)


def test_a_new_season_keeps_members_and_settings_and_starts_without_rounds():
    bazaar, _ = league([1, 2, 3]).open_round(now=5.0, ranked=[])
    refused("round_open", bazaar.new_season, now=9.0)
    bazaar = bazaar.close_round(1, now=8.0).new_season(now=9.0)
    assert (bazaar.season, bazaar.rounds, bazaar.member_ids()) == (2, (), [1, 2, 3])
    assert bazaar.settings.starts_at == 9.0 and bazaar.settings.name == "Bazaar League"
    assert bazaar.settings.ends_at is None  # no season length: the new season runs until its admins end it


def test_with_a_season_length_every_new_season_ends_that_many_days_after_it_starts():
    bazaar = league([1, 2], season_days=30)
    assert bazaar.settings.ends_at == 30 * DAY
    second = bazaar.new_season(now=31 * DAY)
    assert (second.season, second.settings.starts_at, second.settings.ends_at) == (2, 31 * DAY, 61 * DAY)
    refused("season_over", second.join, 3, now=61 * DAY)


def test_a_league_survives_json():
    bazaar, _ = league([1, 2, 3]).open_round(now=5.0, ranked=[])
    assert League.model_validate_json(bazaar.model_dump_json()) == bazaar
