"""A league's tournament, pure (bot/leagues/tournament.py; docs/leagues.md, "Tournaments"): seeding by rating,
knockout tables dealt in a snake, byes, who goes through (ties at the cut, forfeits, a voided table), the final
and its champion; a round robin until everyone has met; and the refusals."""

import pytest

from bot.leagues import LeagueRefusal, Table
from bot.leagues.tournament import (
    Deal,
    Kind,
    Played,
    Stage,
    Tournament,
    going_through,
    knockout_deal,
    marks,
    next_round,
    seeded,
)
from tests.leagues.builders import result, settings

TOY = {"game": "al-rashid"}
MEMBERS = range(1, 20)


def test_seeds_follow_the_rating_and_equal_ratings_the_order_of_joining():
    assert seeded([1, 2, 3, 4], {2: 5.0, 3: 5.0, 4: -1.0}) == [2, 3, 1, 4]


@pytest.mark.parametrize(("entrants", "low", "high", "tables", "byes"), [
    (16, 4, 4, [(1, 8, 9, 16), (2, 7, 10, 15), (3, 6, 11, 14), (4, 5, 12, 13)], ()),
    (13, 3, 5, [(1, 6, 7, 12, 13), (2, 5, 8, 11), (3, 4, 9, 10)], ()),       # sizes differ by one, larger first
    (10, 4, 4, [(3, 6, 7, 10), (4, 5, 8, 9)], (1, 2)),                        # 10 cannot sit at tables of 4
    (5, 4, 4, [(2, 3, 4, 5)], (1,)),
])
def test_a_knockout_round_deals_the_seeds_in_a_snake_and_gives_the_best_seeds_the_byes(
        entrants, low, high, tables, byes):
    deal = knockout_deal(list(range(1, entrants + 1)), low, high)
    assert [t.players for t in deal.tables] == tables and deal.byes == byes and not deal.final


def test_entrants_who_fit_at_one_table_play_the_final_with_ai_seats_up_to_the_smallest_table():
    assert knockout_deal([7, 3], 3, 5) == Deal((Table((7, 3), ai_seats=1),), final=True)
    assert knockout_deal([1, 2, 3, 4], 3, 4).final


def knockout(seeds, advance, stages=()):
    return Tournament(kind=Kind.KNOCKOUT, seeds=tuple(seeds), advance=advance, stages=stages)


def test_the_top_of_a_table_go_through_a_tie_at_the_cut_to_the_better_seed_never_a_forfeit():
    t = knockout([1, 2, 3, 4, 5], advance=2)
    table = (2, 3, 4, 5)
    assert going_through(Played(table, result(1, (2, 3), (3, 1), (4, 2), (5, 4))), 2, t) == [3, 4]
    assert going_through(Played(table, result(1, (2, 3), (3, 1), (5, 2), (4, 2))), 2, t) == [3, 4]  # seed 4 over 5
    assert going_through(Played(table, result(1, (2, 4), (3, 1), (4, 2), (5, 3), forfeited={4})), 2, t) == [3, 5]
    assert going_through(Played(table, result(1, (2, 4), (3, 1), (4, 2), (5, 3), voided=True)), 2, t) == [2, 3]
    assert going_through(Played(table, None), 2, t) == [2, 3]            # abandoned: the best seeds


def test_a_knockout_runs_from_its_first_round_through_byes_to_the_final_and_its_champion():
    league = settings(**TOY, min_table=4, max_table=4)
    t = knockout(range(1, 6), advance=2)
    first = next_round(t, [], league, MEMBERS)
    assert first == Deal(knockout_deal([1, 2, 3, 4, 5], 4, 4).tables, byes=(1,))
    t = t.model_copy(update={"stages": (Stage(round=1, byes=(1,)),)})
    played = [[Played((2, 3, 4, 5), result(1, (2, 4), (3, 3), (4, 1), (5, 2)))]]
    final = next_round(t, played, league, MEMBERS)
    assert isinstance(final, Deal) and final.final and final.tables[0].players == (1, 4, 5)
    assert final.tables[0].ai_seats == 1
    t = t.model_copy(update={"stages": (*t.stages, Stage(round=2, final=True))})
    played.append([Played((1, 4, 5), result(2, (1, 2), (4, 1), (5, 1)))])   # a shared first: the better seed
    assert next_round(t, played, league, MEMBERS) == 4


def test_a_knockout_whose_tables_all_forfeit_ends_without_a_champion():
    league = settings(**TOY, min_table=2, max_table=2)
    t = knockout([1, 2, 3, 4], advance=1, stages=(Stage(round=1),))
    played = [[Played((1, 4), result(1, (1, 1), (4, 2), forfeited={1, 4})),
               Played((2, 3), result(2, (2, 1), (3, 2), forfeited={2, 3}))]]
    assert next_round(t, played, league, MEMBERS) is None


def test_a_round_robin_seats_everyone_until_everyone_has_met_and_ranks_by_placement_points():
    league = settings(**TOY, min_table=2, max_table=2)
    t = Tournament(kind=Kind.ROUND_ROBIN, seeds=(1, 2, 3, 4))
    played: list[list[Played]] = []
    met = set()
    for number in range(1, 4):
        deal = next_round(t, played, league, MEMBERS)
        assert isinstance(deal, Deal) and sorted(p for tb in deal.tables for p in tb.players) == [1, 2, 3, 4]
        met |= {frozenset(tb.players) for tb in deal.tables}
        played.append([Played(tb.players, result(10 * number + i, (tb.players[0], 2), (tb.players[1], 1)))
                       for i, tb in enumerate(deal.tables)])   # the lower seed wins every table
        t = t.model_copy(update={"stages": (*t.stages, Stage(round=number))})
    assert len(met) == 6                                        # every pair met once, in three rounds
    assert next_round(t, played, league, MEMBERS) == 4                   # three wins


@pytest.mark.parametrize(("kind", "seeds", "advance", "key"), [
    (Kind.KNOCKOUT, [1], None, "league.refusal.too_few"),
    (Kind.ROUND_ROBIN, range(13), None, "league.refusal.round_robin_size"),
    (Kind.KNOCKOUT, range(8), 3, "league.refusal.advance"),          # tables of 3: at most 2 go through
])
def test_a_tournament_that_cannot_be_played_is_refused_with_a_sentence(kind, seeds, advance, key):
    with pytest.raises(LeagueRefusal) as refused:
        Tournament.started(kind, list(seeds), advance, settings(**TOY, min_table=3, max_table=4))
    assert refused.value.message.key == key


def test_a_knockout_sends_half_the_smallest_table_through_unless_told():
    assert Tournament.started(Kind.KNOCKOUT, [1, 2, 3], None, settings(**TOY, min_table=4, max_table=5)).advance == 2
    assert Tournament.started(Kind.KNOCKOUT, [1, 2, 3], None, settings(**TOY, min_table=3, max_table=5)).advance == 1


def test_a_player_who_left_the_league_goes_no_further_and_is_no_champion():
    league = settings(**TOY, min_table=2, max_table=2)
    t = knockout([1, 2, 3, 4], advance=1, stages=(Stage(round=1),))
    played = [[Played((1, 4), result(1, (1, 2), (4, 1))), Played((2, 3), result(2, (2, 1), (3, 2)))]]
    assert next_round(t, played, league, [1, 2, 3]) == 2                   # 4 left: 2 is the only one through
    t = t.model_copy(update={"stages": (Stage(round=1, final=True),)})
    final = [[Played((1, 2), result(3, (1, 2), (2, 1)))]]
    assert next_round(t, final, league, [1, 3]) == 1                       # the winner left: the next member
    robin = Tournament(kind=Kind.ROUND_ROBIN, seeds=(1, 2, 3, 4))
    deal = next_round(robin, [], league, [1, 2, 4])
    assert isinstance(deal, Deal) and 3 not in {p for tb in deal.tables for p in tb.players}


def test_the_bracket_tags_who_went_through_as_the_next_round_seated_them_even_after_a_void():
    t = knockout([1, 2, 3, 4, 5], advance=1, stages=(Stage(round=1, byes=(1,)), Stage(round=2, final=True)))
    t = t.model_copy(update={"champion": 5, "over": True})
    first = [Played((2, 5), result(1, (2, 2), (5, 1), voided=True)),   # voided after the final was dealt
             Played((3, 4), result(2, (3, 2), (4, 1)))]
    final = [Played((1, 5, 4), result(3, (1, 2), (5, 1), (4, 3)))]
    assert marks(t, [first, final]) == [[{5: "through"}, {4: "through"}], [{5: "champion"}]]
    running = t.model_copy(update={"champion": None, "over": False, "stages": t.stages[:1]})
    assert marks(running, [[first[0], Played((3, 4), None, playing=True)]]) == [[{2: "through"}, {}]]
