"""Standings: placement points per table, forfeits, AI seats, and every tie-break in its turn."""

from bot.leagues import AiPlaces, ladder_results, match_scores, standings

from .builders import result, settings

A, B, C, D, E = 11, 12, 13, 14, 15


def test_points_wins_and_games_from_the_places_at_each_table():
    league = settings()
    results = [result(1, (A, 1), (B, 2), (C, 3), (D, 4)), result(2, (B, 1), (A, 2), (C, 3))]
    table = standings(results, [A, B, C, D], league)
    assert [(s.player, s.points, s.played, s.wins) for s in table] == [
        (A, 6 + 3, 2, 1), (B, 4 + 6, 2, 1)][::-1] + [(C, 2 + 0, 2, 0), (D, 0, 1, 0)]
    assert [s.rank for s in table] == [1, 2, 3, 4]


def test_tied_players_share_points_and_a_shared_first_is_a_win_for_both():
    scores = match_scores(result(1, (A, 1), (B, 1), (C, 3), (D, 4)), settings())
    assert (scores[A].points, scores[B].points, scores[C].points) == (5, 5, 2)
    assert scores[A].won and scores[B].won and not scores[C].won


def test_a_forfeit_counts_as_played_never_won_and_earns_the_forfeit_points():
    match = result(1, (A, 3), (B, 1), (C, 2), forfeited={A})  # the forfeited seat last, as results place it
    scores = match_scores(match, settings())
    assert (scores[A].points, scores[A].won, scores[A].forfeited) == (0, False, True)
    assert (scores[B].points, scores[B].won) == (6, True)        # first of a table of three
    assert match_scores(match, settings(forfeit_points=-2))[A].points == -2
    table = standings([match], [A, B, C], settings())
    assert next(s for s in table if s.player == A).forfeits == 1


def test_ai_seats_take_places_unless_the_league_skips_them():
    match = result(1, (None, 1), (A, 2), (None, 3), (B, 4))
    counted = match_scores(match, settings())
    assert (counted[A].points, counted[B].points, counted[A].won) == (4, 0, False)
    skipped = match_scores(match, settings(ai_places=AiPlaces.SKIP))
    assert (skipped[A].points, skipped[B].points, skipped[A].won) == (6, 0, True)  # a table of two humans


def test_tie_breaks_wins_then_opponents_points_then_fewer_games_then_joining_order():
    league = settings()
    # A and B both have 6 points; A has a win, B two second places at three-player tables.
    wins = standings([result(1, (A, 1), (C, 2)), result(2, (B, 2), (D, 1), (E, 3)), result(3, (B, 2), (D, 1), (E, 3))],
                     [B, A, C, D, E], league)
    assert [s.player for s in wins][:3] == [D, A, B]
    # A and B each won once against one opponent; B's opponent has more points since.
    harder = standings([result(1, (A, 1), (C, 2)), result(2, (B, 1), (D, 2)), result(3, (D, 1), (E, 2))],
                       [A, B, C, D, E], league)
    assert [s.player for s in harder][:3] == [B, D, A]  # D equals B on opponents' points but played twice
    b, a = (next(s for s in harder if s.player == p) for p in (B, A))
    assert (a.points, a.wins) == (b.points, b.wins) and b.opponents_points > a.opponents_points
    # Everyone on 6 points, one win and 6 opponents' points: fewer games played first, then who joined first.
    stranger = 99  # not a member
    fewer = standings([result(1, (A, 1), (C, 2)), result(2, (B, 1), (D, 2)), result(3, (E, 1), (B, 2)),
                       result(4, (C, 1), (stranger, 2))], [B, E, A, C, D], league)
    assert [(s.points, s.wins, s.opponents_points) for s in fewer][:4] == [(6, 1, 6)] * 4
    assert [s.player for s in fewer] == [E, A, B, C, D]
    # Everything equal: who joined first.
    assert [s.player for s in standings([], [C, A, B], league)] == [C, A, B]


def test_voided_matches_and_players_who_left_count_for_nobody_in_the_table():
    league = settings()
    results = [result(1, (A, 1), (B, 2)), result(2, (B, 1), (A, 2), voided=True), result(3, (C, 1), (A, 2))]
    table = standings(results, [A, B], league)  # C left the league
    assert [(s.player, s.points, s.played) for s in table] == [(A, 6, 2), (B, 0, 1)]
    assert next(s for s in table if s.player == A).opponents_points == 0  # B has 0; C is not a member


def test_the_ladder_counts_matches_of_the_league_game_and_variant_between_members_in_the_season():
    league = settings(game="notre-dame", starts_at=100.0, ends_at=200.0)
    members = [A, B, C]

    def match(**changes):
        return result(1, (A, 1), (B, 2), **{"game": "notre-dame", "at": 150.0, **changes})

    def counts_for_ladder(match, league, members):
        return ladder_results([match], league, members) == [match]

    assert counts_for_ladder(match(), league, members)
    assert counts_for_ladder(match(params={"public_prestige": False}), league, members)
    assert not counts_for_ladder(match(params={"public_prestige": True}), league, members)
    assert not counts_for_ladder(match(game="al-rashid"), league, members)
    assert not counts_for_ladder(match(at=99.0), league, members)
    assert not counts_for_ladder(match(at=200.0), league, members)
    assert counts_for_ladder(match(voided=True), league, members)  # kept, marked: restored, it counts again
    assert standings([match(voided=True)], members, league)[0].played == 0  # while voided it counts for nobody
    assert not counts_for_ladder(result(1, (A, 1), (D, 2), game="notre-dame", at=150.0), league, members)
