"""A player's record for /stats and /history."""

from bot.stats import history as match_history
from bot.stats import player_stats
from tests.leagues.builders import result

A, B, C = 11, 12, 13


def test_games_wins_forfeits_and_average_place():
    results = [result(1, (A, 1), (B, 2)), result(2, (B, 1), (A, 2), (C, 3)),
               result(3, (A, 3), (None, 1), (C, 2), forfeited={A}),   # a forfeited seat is placed last
               result(4, (A, 1), (B, 2), voided=True), result(5, (A, 1), (B, 2), guild=2),
               result(6, (A, 1), (B, 1), game="notre-dame")]
    stats = player_stats(results, 1, A)
    assert (stats.games, stats.wins, stats.forfeits) == (4, 2, 1)
    assert stats.average_place == round((1 + 2 + 3 + 1) / 4, 2)
    assert stats.win_rate == 0.5
    only = player_stats(results, 1, A, game="al-rashid")
    assert (only.games, only.wins) == (3, 1)
    nobody = player_stats(results, 1, 99)
    assert (nobody.games, nobody.average_place, nobody.win_rate) == (0, None, None)


def test_history_is_newest_first_and_filters_by_player_game_or_matches():
    results = [result(1, (A, 1), (B, 2)), result(2, (B, 1), (C, 2)), result(3, (A, 1), (C, 2), voided=True),
               result(4, (A, 2), (C, 1), game="notre-dame")]
    assert [r.match_id for r in match_history(results, 1, player=A)] == [4, 1]
    assert [r.match_id for r in match_history(results, 1, game="al-rashid")] == [2, 1]
    assert [r.match_id for r in match_history(results, 1, matches=[1, 2, 3])] == [2, 1]
    assert match_history(results, 2) == []
