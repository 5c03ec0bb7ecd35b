"""Forming the tables of a round: everyone seated, sizes in range, by standings, avoiding repeat opponents."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.leagues import Shortfall, Table, form_tables, meetings, repeats, table_shapes


def a_split_fits(players, low, high):
    return any(k * low <= players <= k * high for k in range(1, players + 1))


@st.composite
def rounds(draw):
    players = draw(st.integers(3, 23))
    low = draw(st.integers(2, 5))
    high = draw(st.integers(low, 5))
    ranked = draw(st.permutations(range(100, 100 + players)))
    past = draw(st.lists(st.lists(st.sampled_from(ranked), min_size=2, max_size=5, unique=True), max_size=30))
    return list(ranked), past, low, high, draw(st.sampled_from(Shortfall))


def check_seating(ranked, past, low, high, shortfall):
    tables = form_tables(ranked, past, low, high, shortfall)
    seated = [p for t in tables for p in t.players]
    assert sorted(seated) == sorted(ranked)
    assert all(low <= t.size <= high for t in tables)
    assert all(t.players for t in tables)
    humans = [len(t.players) for t in tables]
    assert max(humans) - min(humans) <= 1, "members are spread evenly"
    assert humans == sorted(humans, reverse=True), "larger tables first"
    if shortfall is Shortfall.AI:
        assert all(t.size == high for t in tables)
    else:
        # mixed sizes: AI seats only when no split of the members into allowed sizes exists
        assert all(t.ai_seats == 0 for t in tables) == a_split_fits(len(ranked), low, high)
        assert all(t.size == len(t.players) or t.size == low for t in tables)


@settings(max_examples=200, deadline=None)
@given(rounds())
def test_everyone_sits_exactly_once_at_a_table_of_a_size_the_league_allows(case):
    check_seating(*case)


@pytest.mark.parametrize("shortfall", list(Shortfall))
def test_every_count_from_3_to_23_and_every_table_size_setting_seats_everyone(shortfall):
    for players in range(3, 24):
        ranked = list(range(players))
        for low in range(2, 6):
            for high in range(low, 6):
                first = [t.players for t in form_tables(ranked, [], low, high, shortfall)]
                check_seating(ranked[::-1], first, low, high, shortfall)  # a second round, standings reversed


@settings(max_examples=150, deadline=None)
@given(rounds())
def test_no_single_swap_would_avoid_more_repeat_opponents_or_follow_the_standings_better(case):
    ranked, past, low, high, shortfall = case
    met = meetings(past)
    rank = {p: i for i, p in enumerate(ranked)}

    def standings_order(tables):  # larger when better-placed players sit at earlier tables
        return sum(rank[p] * i for i, t in enumerate(tables) for p in t)

    tables = [list(t.players) for t in form_tables(ranked, past, low, high, shortfall)]
    found, order = repeats(tables, met), standings_order(tables)
    for a, b in combinations(range(len(tables)), 2):
        for i in range(len(tables[a])):
            for j in range(len(tables[b])):
                swapped = [list(t) for t in tables]
                swapped[a][i], swapped[b][j] = swapped[b][j], swapped[a][i]
                assert repeats(swapped, met) >= found
                if repeats(swapped, met) == found and met:
                    assert standings_order(swapped) <= order
    straight = form_tables(ranked, [], low, high, shortfall)
    assert found <= repeats([t.players for t in straight], met)


@settings(max_examples=100, deadline=None)
@given(st.integers(3, 23), st.integers(2, 5), st.integers(2, 5), st.sampled_from(Shortfall))
def test_without_history_tables_follow_the_standings(players, a, b, shortfall):
    low, high = min(a, b), max(a, b)
    ranked = list(range(players))
    tables = form_tables(ranked, [], low, high, shortfall)
    assert [p for t in tables for p in t.players] == ranked


def test_the_second_round_of_sixteen_meets_nobody_twice():
    ranked = list(range(16))
    first = [t.players for t in form_tables(ranked, [], 4, 4, Shortfall.MIXED)]
    assert first == [(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15)]
    second = form_tables(ranked, first, 4, 4, Shortfall.MIXED)
    assert repeats([t.players for t in second], meetings(first)) == 0
    # and each table still draws one player from each earlier table, leaders together as far as possible
    assert second[0].players == (0, 4, 8, 12)


def test_eight_players_in_two_fours_meet_as_little_as_the_numbers_allow():
    # Two tables of four from two earlier fours: each table must hold two pairs of old opponents at best.
    first = [(0, 1, 2, 3), (4, 5, 6, 7)]
    second = form_tables(list(range(8)), first, 4, 4, Shortfall.MIXED)
    assert repeats([t.players for t in second], meetings(first)) == 4
    assert all(len(set(t.players) & set(first[0])) == 2 for t in second)


def test_a_pair_that_met_twice_is_kept_apart_before_a_pair_that_met_once():
    past = [(0, 1), (0, 1), (2, 3)]
    tables = form_tables([0, 1, 2, 3], past, 2, 2, Shortfall.MIXED)
    assert {t.players for t in tables} in ({(0, 2), (1, 3)}, {(0, 3), (1, 2)})


def test_shapes_of_the_awkward_counts():
    assert table_shapes(5, 2, 4, Shortfall.MIXED) == [(3, 0), (2, 0)]
    assert table_shapes(5, 4, 4, Shortfall.MIXED) == [(3, 1), (2, 2)]
    assert table_shapes(6, 4, 4, Shortfall.MIXED) == [(3, 1), (3, 1)]
    assert table_shapes(3, 4, 5, Shortfall.MIXED) == [(3, 1)]
    assert table_shapes(9, 3, 4, Shortfall.MIXED) == [(3, 0), (3, 0), (3, 0)]
    assert table_shapes(10, 3, 4, Shortfall.AI) == [(4, 0), (3, 1), (3, 1)]
    assert table_shapes(23, 3, 5, Shortfall.MIXED) == [(5, 0), (5, 0), (5, 0), (4, 0), (4, 0)]


def test_a_table_knows_its_size():
    assert Table((1, 2, 3), ai_seats=1).size == 4
