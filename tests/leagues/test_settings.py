"""League settings: defaults, the game's seat range, placement points scaled to the table."""

import pytest

import tests.support.toy_game  # noqa: F401  (registers the "toy" game)
from bot.leagues import AiPlaces, AtDeadline, Format, LeagueRefusal, LeagueSettings, Shortfall, default_points
from engine.core.errors import EngineError

from .builders import settings


def test_the_defaults_a_league_gets_from_its_name_and_game():
    league = settings(name="  Bazaar   League ")
    assert league.name == "Bazaar League"
    assert (league.format, league.shortfall, league.at_deadline, league.ai_places) == (
        Format.PODS, Shortfall.MIXED, AtDeadline.PLAY_OUT, AiPlaces.COUNT)
    assert league.table_sizes == (2, 4)  # Al-Rashid seats 2 to 5: 2 to 4 unless the league says otherwise
    assert (league.turn_clock_hours, league.round_days, league.forfeit_points) == (48.0, 14.0, 0.0)
    assert league.final_players == 0 and league.schedule_days is None  # no final unless asked for
    assert league.match_settings() == {"clock_hours": 48.0, "on_expiry": "ai", "resign": "ai", "max_away_days": 14.0,
                                       "ai_policy": "heuristic"}  # the normal AI, unless the league chose a level
    assert settings(ai_level="expert").match_settings()["ai_policy"] == "expert"


def test_placement_points_are_six_to_nothing_evenly_spaced():
    assert default_points(4) == (6, 4, 2, 0)
    assert default_points(3) == (6, 3, 0)
    assert default_points(2) == (6, 0)
    assert default_points(5) == (6, 4.5, 3, 1.5, 0)


def test_tied_players_share_the_places_they_cover():
    league = settings()
    assert league.points_for(1, 2, 4) == 5      # (6 + 4) / 2
    assert league.points_for(2, 3, 4) == 2      # (4 + 2 + 0) / 3
    assert league.points_for(4, 1, 4) == 0


def test_a_league_may_set_its_own_points_per_table_size():
    league = settings(placement_points={4: (10, 6, 3, 1)})
    assert league.points(4) == (10, 6, 3, 1)
    assert league.points(3) == (6, 3, 0)


@pytest.mark.parametrize("bad", [{4: (1, 2, 3, 4)}, {4: (6, 4, 2)}])
def test_points_must_fit_the_table_and_never_rise(bad):
    with pytest.raises(LeagueRefusal) as refused:
        settings(placement_points=bad)
    assert refused.value.message.key == "league.refusal.points"


@pytest.mark.parametrize("low, high", [(1, 4), (3, 6), (4, 3)])
def test_table_sizes_stay_within_the_game(low, high):
    with pytest.raises(LeagueRefusal) as refused:
        settings(min_table=low, max_table=high)
    assert refused.value.message.key == "league.refusal.table_size"
    assert "2" in refused.value.text("en") and "5" in refused.value.text("it")


@pytest.mark.parametrize("game, final, allowed", [("al-rashid", 5, True), ("al-rashid", 6, False),
                                                  ("al-rashid", 1, False), ("taj-mahal", 1, False),
                                                  ("yspahan", 2, False), ("yspahan", 3, True), ("toy", 0, True)])
def test_a_final_seats_two_players_at_least_and_no_more_than_the_game_does(game, final, allowed):
    if allowed:
        assert settings(game=game, final_players=final).final_players == final
        return
    with pytest.raises(LeagueRefusal) as refused:
        settings(game=game, final_players=final)
    assert refused.value.message.key == "league.refusal.final_size" and str(final) in refused.value.text("it")


def test_a_league_saved_before_finals_existed_loads_without_one():
    assert LeagueSettings.model_validate({"name": "x", "game": "al-rashid", "starts_at": 0,
                                          "final_table": True}).final_players == 0


def test_a_season_ends_after_it_starts():
    with pytest.raises(LeagueRefusal) as refused:
        settings(starts_at=100.0, ends_at=50.0)
    assert refused.value.message.key == "league.refusal.season_dates"


def test_a_season_length_sets_the_season_end_and_zero_means_none():
    assert settings(starts_at=100.0, season_days=30).ends_at == 100.0 + 30 * 86400
    assert settings(starts_at=100.0, season_days=30, ends_at=500.0).ends_at == 500.0  # a stored end stands
    open_season = settings(season_days=0)
    assert open_season.season_days is None and open_season.ends_at is None
    assert settings(season_days=365).season_days == 365 and settings(round_days=20, season_days=20).ends_at


@pytest.mark.parametrize("changes, low", [({"season_days": 400}, "14"), ({"season_days": 13.5}, "14"),
                                          ({"season_days": -3}, "14"), ({"season_days": 20, "round_days": 21}, "21"),
                                          ({"season_days": 0.5, "format": "ladder"}, "1")])
def test_a_season_lasts_at_least_a_round_and_at_most_a_year(changes, low):
    with pytest.raises(LeagueRefusal) as refused:
        settings(**changes)
    assert refused.value.message.key == "league.refusal.season_length"
    days = f"{changes['season_days']:g}"
    assert f"{low} to 365 days, not {days}" in refused.value.text("en")
    assert f"da {low} a 365 giorni, non {days}" in refused.value.text("it")


def test_a_ladder_season_may_be_shorter_than_a_round():
    assert settings(format="ladder", season_days=7).season_days == 7


def test_options_out_of_range_are_refused_naming_the_option():
    with pytest.raises(LeagueRefusal) as refused:
        LeagueSettings.checked(name="x", game="al-rashid", starts_at=0, turn_clock_hours=0)
    assert refused.value.message.params == {"setting": "turn_clock_hours"}


def test_an_unknown_game_is_refused():
    with pytest.raises(EngineError) as refused:
        settings(game="chess")
    assert refused.value.message.key == "core.unknown_game"


def test_variant_params_are_completed_by_the_game():
    league = settings(game="notre-dame")
    assert league.params == {"public_prestige": False}
    assert league.same_variant({}) and not league.same_variant({"public_prestige": True})


def test_settings_round_trip_through_json():
    league = settings(placement_points={3: (5, 2, 0)}, shortfall=Shortfall.AI, season_days=20)
    assert LeagueSettings.model_validate_json(league.model_dump_json()) == league
