"""The end of a season: the final table, the season's ranking and its archive."""

import dataclasses

from bot.leagues import SeasonArchive, archive_season, final_table, season_ranking, standings

from .builders import result, settings

A, B, C, D, E, F = 11, 12, 13, 14, 15, 16


def table_of(*players, game="al-rashid"):
    """Standings where the players sat at one table, finishing in the order given (members joined so too)."""
    return standings([result(1, *[(p, i + 1) for i, p in enumerate(players)], game=game)], list(players),
                     settings(game=game))


def test_the_final_seats_the_top_of_the_standings_who_played():
    five = table_of(A, B, C, D, E)
    assert final_table(five, settings(final_players=4)).players == (A, B, C, D)
    assert final_table(five, settings(final_players=2)) .players == (A, B)
    assert final_table(five, settings()) is None  # no final unless the league asks for one
    assert final_table(standings([], [A, B, C], settings()), settings(final_players=3)) is None  # nobody played


def test_a_tie_at_the_cut_is_broken_by_the_standings_tie_breaks():
    """Two tables of three: each winner has 6 points, each second 3, with equal wins and opponents' points and
    one game each, so the order they joined the league decides who makes a final of three."""
    results = [result(1, (A, 1), (B, 2), (C, 3)), result(2, (D, 1), (E, 2), (F, 3))]
    by_joining = standings(results, [A, B, C, D, E, F], settings())
    assert [s.points for s in by_joining] == [6, 6, 3, 3, 0, 0]
    assert final_table(by_joining, settings(final_players=3)).players == (A, D, B)
    joined_otherwise = standings(results, [D, E, F, A, B, C], settings())
    assert final_table(joined_otherwise, settings(final_players=3)).players == (D, A, E)


def test_with_fewer_players_than_the_final_seats_everyone_who_played_plays_it():
    two_played = standings([result(1, (A, 1), (B, 2), game="yspahan")], [A, B, C], settings(game="yspahan"))
    final = final_table(two_played, settings(game="yspahan", final_players=4))
    assert final.players == (A, B) and final.ai_seats == 1  # Yspahan needs three at a table
    one_played = standings([result(1, (A, 1), (None, 2))], [A, B], settings())
    assert final_table(one_played, settings(final_players=2)) is None


def test_the_final_decides_the_top_and_the_standings_the_rest():
    table = standings([], [A, B, C, D, E], settings())
    final = result(9, (A, 3), (B, 1), (C, 1), (D, 4), forfeited={C})
    assert season_ranking(table, final) == [B, A, D, C, E]
    assert season_ranking(table, None) == [A, B, C, D, E]
    assert season_ranking(table, result(9, (A, 2), (B, 1), voided=True)) == [A, B, C, D, E]
    without_b = standings([], [A, C, D, E], settings())  # B won the final, then left the league
    assert season_ranking(without_b, result(9, (B, 1), (A, 2), (C, 3), (D, 4))) == [A, C, D, E]


def test_an_archived_season_keeps_its_standings_and_ranking_and_survives_json():
    league = settings()
    results = [result(1, (A, 2), (B, 1), (C, 3)), result(2, (A, 1), (C, 2), (D, 3))]
    final = result(3, (A, 1), (B, 2), (C, 3), (D, 4))
    archive = archive_season(season=1, settings=league, ended_at=99.0, rounds=2, results=[*results, final],
                             members=[A, B, C, D], final=final)
    assert archive.matches == (1, 2) and archive.final_match == 3
    assert [s.player for s in archive.standings] == [A, B, C, D]
    assert archive.champion == A and archive.ranking == (A, B, C, D)
    assert SeasonArchive.model_validate_json(archive.model_dump_json()) == archive


def test_a_voided_final_leaves_the_champion_to_the_standings_and_an_empty_season_has_none():
    results = [result(1, (A, 2), (B, 1))]
    voided = archive_season(season=1, settings=settings(), ended_at=9.0, rounds=1, results=results,
                            members=[A, B], final=result(2, (A, 1), (B, 2), voided=True))
    assert voided.final_match is None and voided.champion == B
    empty = archive_season(season=1, settings=settings(), ended_at=9.0, rounds=0, results=[], members=[A, B])
    assert empty.champion is None


def test_an_archived_season_is_ranked_again_when_a_match_or_its_final_is_voided_or_restored():
    league = settings()
    results = [result(1, (A, 1), (B, 2), (C, 3)), result(2, (B, 1), (C, 2), (D, 3))]
    final = result(3, (C, 1), (A, 2))
    archive = archive_season(season=1, settings=league, ended_at=99.0, rounds=2, results=[*results, final],
                             members=[D, C, B, A], final=final)
    assert archive.champion == C and archive.ranking == (C, A, B, D) and archive.holds(3) and not archive.holds(4)
    assert archive.recounted([*results, final]) == archive  # nothing changed in the log: the same season

    without_final = archive.recounted([*results, voided(final)])
    assert without_final.final_match is None and without_final.champion == B  # the standings decide: B has 9
    assert without_final.ranking == (B, A, C, D)
    without_round_1 = archive.recounted([voided(results[0]), results[1], final])
    assert [s.player for s in without_round_1.standings] == [B, C, D, A]  # A played no counted match
    assert without_round_1.champion == C and without_round_1.ranking == (C, A, B, D)
    restored = without_final.recounted([*results, final])
    assert restored == archive  # the final counts again: it decides the top once more


def test_a_season_archived_before_members_were_kept_is_ranked_again_by_its_old_order():
    results = [result(1, (A, 1), (B, 1)), result(2, (A, 1), (C, 2))]
    archive = archive_season(season=1, settings=settings(), ended_at=9.0, rounds=2, results=results,
                             members=[C, B, A])
    old = SeasonArchive.model_validate(archive.model_dump(exclude={"members", "final_id"}))
    again = old.recounted([results[0], voided(results[1])])
    assert [s.player for s in again.standings] == [A, B, C]  # A and B tied: A ranked first before, so first now


def voided(result):
    return dataclasses.replace(result, voided=True)
