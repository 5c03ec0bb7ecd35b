"""OpenSkill ratings recomputed from the results log: who counts, how places become ranks, voided matches."""

import random
from dataclasses import replace

import pytest
from openskill.models import PlackettLuce

from bot.ratings import Rating, rated_ranks, recompute
from bot.results import SeatResult, from_stored, shared_places
from tests.leagues.builders import result

A, B, C, D = 11, 12, 13, 14


def test_a_newcomer_shows_zero_and_the_winner_gains_what_the_last_loses():
    assert Rating().ordinal == pytest.approx(0)
    ratings = recompute([result(1, (A, 1), (B, 2), (C, 3), (D, 4))])
    order = [p for p, _ in ratings.leaderboard(1, "al-rashid")]
    assert order == [A, B, C, D]
    assert ratings.of(1, "al-rashid", A).mu > 25 > ratings.of(1, "al-rashid", D).mu
    assert all(ratings.of(1, "al-rashid", p).sigma < 25 / 3 for p in (A, B, C, D))
    assert all(ratings.of(1, "al-rashid", p).games == 1 for p in (A, B, C, D))


def test_ranks_feed_plackett_luce_as_openskill_computes_them():
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(3)], ranks=[2, 1, 2])
    ratings = recompute([result(1, (A, 2), (B, 1), (C, 2))])
    for player, [rated] in zip((A, B, C), expected, strict=True):
        assert ratings.of(1, "al-rashid", player).mu == pytest.approx(rated.mu)
        assert ratings.of(1, "al-rashid", player).sigma == pytest.approx(rated.sigma)


def test_tied_places_share_a_rank():
    assert rated_ranks(result(1, (A, 1), (B, 1), (C, 3))) == [(A, 1), (B, 1), (C, 3)]
    ratings = recompute([result(1, (A, 1), (B, 1), (C, 3))])
    assert ratings.of(1, "al-rashid", A) == ratings.of(1, "al-rashid", B)


def test_ai_seats_are_left_out_of_the_ranking():
    with_ai = recompute([result(1, (None, 1), (A, 2), (None, 3), (B, 4))])
    humans_only = recompute([result(1, (A, 1), (B, 2))])
    assert with_ai.of(1, "al-rashid", A) == humans_only.of(1, "al-rashid", A)
    assert with_ai.of(1, "al-rashid", B) == humans_only.of(1, "al-rashid", B)


def test_a_forfeit_ranks_behind_everyone_who_played_on():
    # A resigned; the AI then won with A's seat. A is rated last, level with C who also forfeited.
    assert rated_ranks(result(1, (A, 1), (B, 2), (C, 3), (D, 4), forfeited={A, C})) == [(A, 3), (B, 1), (C, 3), (D, 2)]


def test_only_matches_with_two_humans_that_were_not_voided_count():
    assert rated_ranks(result(1, (A, 1), (None, 2), (None, 3))) is None
    assert rated_ranks(result(1, (A, 1), (B, 2), voided=True)) is None
    assert recompute([result(1, (A, 1), (None, 2))]).leaderboard(1, "al-rashid") == []


def log(matches=40, seed=3):
    rng = random.Random(seed)
    results = []
    for match_id in range(1, matches + 1):
        players = rng.sample([A, B, C, D, 15, 16], rng.randint(2, 4))
        results.append(result(match_id, *[(p, place) for place, p in enumerate(players, start=1)]))
    return results


def test_voiding_a_match_recomputes_every_rating_after_it_as_if_it_had_never_been_played():
    results = log()
    voided = [replace(r, voided=True) if r.match_id == 7 else r for r in results]
    without = [r for r in results if r.match_id != 7]
    assert recompute(voided).current == recompute(without).current
    assert recompute(voided).current != recompute(results).current
    played, cancelled = recompute(results), recompute(voided)
    changed = {p for p in played.current[(1, "al-rashid")]
               if played.of(1, "al-rashid", p) != cancelled.of(1, "al-rashid", p)}
    assert set(results[6].players()) <= changed
    assert 7 not in {point.match_id for p in changed for point in cancelled.history_of(1, "al-rashid", p)}


def test_correcting_a_match_changes_the_ratings_that_followed_it():
    results = log()
    first = results[0]
    corrected = result(first.match_id, *[(s.player, len(first.seats) + 1 - s.place) for s in first.seats])
    before, after = recompute(results), recompute([corrected, *results[1:]])
    assert before.of(1, "al-rashid", first.seats[0].player) != after.of(1, "al-rashid", first.seats[0].player)


def test_the_same_log_in_any_order_gives_the_same_ratings():
    results = log()
    shuffled = results[:]
    random.Random(9).shuffle(shuffled)
    assert recompute(shuffled).current == recompute(results).current


def test_servers_and_games_are_rated_apart():
    ratings = recompute([result(1, (A, 1), (B, 2)), result(2, (B, 1), (A, 2), guild=2),
                         result(3, (B, 1), (A, 2), game="notre-dame")])
    assert ratings.of(1, "al-rashid", A).mu > 25 and ratings.of(2, "al-rashid", A).mu < 25
    assert ratings.of(1, "notre-dame", A).mu < 25
    assert ratings.of(3, "al-rashid", A) == Rating()


def test_the_history_has_a_point_per_rated_match_ending_at_the_current_rating():
    results = log()
    ratings = recompute(results)
    for player in (A, B, C, D):
        points = ratings.history_of(1, "al-rashid", player)
        assert [p.match_id for p in points] == [r.match_id for r in results if player in r.players()]
        assert points[-1].rating == ratings.of(1, "al-rashid", player)
        assert [p.rating.games for p in points] == list(range(1, len(points) + 1))
        assert all(1 <= p.rank <= p.humans for p in points)


def test_the_leaderboard_is_by_conservative_ordinal_and_can_ask_for_a_minimum_of_games():
    ratings = recompute(log())
    board = ratings.leaderboard(1, "al-rashid")
    assert [r.ordinal for _, r in board] == sorted((r.ordinal for _, r in board), reverse=True)
    assert ratings.leaderboard(1, "al-rashid", min_games=1000) == []


def test_places_from_the_engine_outcome_share_only_full_ties():
    assert shared_places([2, 0, 1, 3], {0: 10, 1: 10, 2: 12, 3: 4}, {0: (3,), 1: (2,)}) == {2: 1, 0: 2, 1: 3, 3: 4}
    assert shared_places([2, 0, 1, 3], {0: 10, 1: 10, 2: 12, 3: 4}, {0: (3,), 1: (3,)}) == {2: 1, 0: 2, 1: 2, 3: 4}


def test_a_stored_result_becomes_a_match_result():
    outcome = {"scores": {"0": 20, "1": 31, "2": 20}, "ranking": [1, 0, 2], "breakdown": {},
               "tiebreaks": {"0": [5, 0], "1": [3, 1], "2": [4, 2]}, "tiebreak_used": None}
    seats = [{"seat": 0, "user_id": A, "ai": None, "resigned": False},
             {"seat": 1, "user_id": None, "ai": "heuristic", "resigned": False},
             {"seat": 2, "user_id": B, "ai": "heuristic", "resigned": True}]
    made = from_stored(match_id=5, game="al-rashid", guild_id=1, finished_at=9.0, seats=seats, outcome=outcome)
    assert made.seats == (SeatResult(0, A, 2), SeatResult(1, None, 1), SeatResult(2, B, 3, forfeited=True))
    assert from_stored(match_id=5, game="al-rashid", guild_id=1, finished_at=9.0, seats=seats, outcome=None) is None


def test_a_forfeited_seat_comes_after_every_seat_played_on_whatever_the_ai_made_of_it():
    """At a round's deadline the late player's seat forfeits and the AI plays it out: winning with it, or
    tying the last player on every tie-break, takes no place from a punctual player."""
    outcome = {"scores": {"0": 40, "1": 25, "2": 20, "3": 20}, "ranking": [0, 1, 2, 3], "breakdown": {},
               "tiebreaks": {}, "tiebreak_used": None}
    seats = [{"seat": 0, "user_id": A, "ai": "heuristic", "resigned": True},    # late at the deadline
             {"seat": 1, "user_id": B, "ai": None, "resigned": False},
             {"seat": 2, "user_id": C, "ai": None, "resigned": False},
             {"seat": 3, "user_id": D, "ai": "heuristic", "resigned": True}]     # resigned earlier
    made = from_stored(match_id=6, game="al-rashid", guild_id=1, finished_at=9.0, seats=seats, outcome=outcome)
    assert [(s.player, s.place, s.forfeited) for s in made.seats] == [(A, 3, True), (B, 1, False), (C, 2, False),
                                                                       (D, 4, True)]
    ratings = recompute([made])
    assert [p for p, _ in ratings.leaderboard(1, "al-rashid")][:2] == [B, C]
