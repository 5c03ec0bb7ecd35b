"""The end of a season: the final table, the season's ranking and its archive."""

from bot.leagues import SeasonArchive, archive_season, final_table, season_ranking, standings

from .builders import result, settings

A, B, C, D, E = 11, 12, 13, 14, 15


def table_of(*players):
    return standings([], list(players), settings())


def test_the_final_table_seats_the_top_of_the_standings():
    assert final_table(table_of(A, B, C, D, E), settings()).players == (A, B, C, D)
    assert final_table(table_of(A, B, C, D, E), settings(max_table=3)).players == (A, B, C)
    assert final_table(table_of(A, B), settings(min_table=3, max_table=4)).ai_seats == 1
    assert final_table(table_of(A), settings()) is None
    assert final_table(table_of(A, B, C), settings(final_table=False)) is None


def test_the_final_decides_the_top_and_the_standings_the_rest():
    table = table_of(A, B, C, D, E)
    final = result(9, (A, 3), (B, 1), (C, 1), (D, 4), forfeited={C})
    assert season_ranking(table, final) == [B, A, D, C, E]
    assert season_ranking(table, None) == [A, B, C, D, E]
    assert season_ranking(table, result(9, (A, 2), (B, 1), voided=True)) == [A, B, C, D, E]


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
