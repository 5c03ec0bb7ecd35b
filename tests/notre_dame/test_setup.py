"""Setup (002, "PREPARAZIONE DEL GIOCO") for 3 to 5 players and the 2-player variant ("Partite a due
giocatori")."""

import re

import pytest

from engine.notre_dame import GAME
from engine.notre_dame.board import layout
from engine.notre_dame.data import load
from engine.notre_dame.state import kind_of
from engine.notre_dame.vocab import BROWN, CARDS, GREY_A, GREY_B, GREY_C, SECTORS

from .builders import new

DATA = load()


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_each_player_starts_with_four_cubes_three_coins_rats_on_zero_and_the_carriage_in_the_centre(seats):
    """"4 cubetti influenza ... I restanti 10 ... riserva generale"; "3 monete d'oro"; "1 segnalino topi ...
    casella 0"; "La Carrozza, che pone nella piazza del mercato al centro del suo quartiere"."""
    s = new(seats, seed=seats)
    for p in s.players:
        assert (p.supply, p.general, p.coins, p.rats, p.prestige) == (4, 10, 3, 0, 0)
        assert p.carriage == f"{p.quarter}.c" and p.friend is None
        assert all(p.sectors[x] == 0 for x in SECTORS) and p.notre_dame == 0
    assert s.treasury == 25 - 3 * seats


@pytest.mark.parametrize("seats, points", [(2, 6), (3, 8), (4, 10), (5, 12)])
def test_the_notre_dame_tile_by_player_count(seats, points):
    """"3 giocatori = triangolare; 4 giocatori = quadrata"; 2 players: "il lato con i due omini (= 6 punti
    prestigio per passaggio)"; the 4-player example pays 10; 8 and 12 are house data (the values left)."""
    assert GAME.view(new(seats), None).notre_dame_points == points


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_each_quarter_gets_its_four_messages_shuffled_onto_its_outer_markets(seats):
    """"4 Messaggi che deve mescolare coperti e disporre sulle quattro piazze del mercato che si trovano ai bordi
    del suo quartiere, scoprendoli"."""
    s = new(seats, seed=7)
    for p in s.players:
        here = {m: x for m, x in s.messages.items() if m.startswith(f"{p.quarter}.")}
        assert sorted(here) == [f"{p.quarter}.{spot}" for spot in "1234"]
        assert sorted(here.values()) == [f"{p.colour}-{k}" for k in (1, 2, 3, 4)]
    orders = {tuple(new(seats, seed=seed).messages.values()) for seed in range(8)}
    assert len(orders) > 1  # shuffled


def test_two_players_sit_in_opposite_quarters_of_the_four_player_board_with_two_more_colours_of_messages():
    """"il tabellone viene assemblato così come per la versione per quattro giocatori ... due quartieri opposti
    ... In ciascuno dei due quartieri non occupati si dovranno comunque disporre due gruppi di tessere Messaggio
    di diverso colore, senza però utilizzare le carrozze"; "Disporre 4 x 4 Messaggi"."""
    s = new(2)
    board = layout(2)
    assert len(board.quarters) == 4 and board.seat_quarter == (0, 2)
    assert board.quarters == ("red", "green", "yellow", "blue")
    assert len(s.messages) == 16
    colours = {x.split("-")[0] for x in s.messages.values()}
    assert colours == {"red", "yellow", "green", "blue"}
    assert {p.carriage for p in s.players} == {"red.c", "yellow.c"}


def test_person_decks_two_brown_and_the_grey_a_cards_first():
    """"Mescolare le 6 carte marroni"; "le tre carte C si trovino sotto le carte B che a loro volta saranno coperte
    dalle carte A"; the first round shows "le prime due carte del mazzo delle carte marroni e la prima carta del
    mazzo delle carte grigie"."""
    s = new(4, seed=3)
    assert s.persons[0] in BROWN and s.persons[1] in BROWN and s.persons[2] in GREY_A
    deck = list(reversed(s.grey_deck))  # top first
    assert set(deck[:2]) == set(GREY_A) - {s.persons[2]}
    assert set(deck[2:5]) == set(GREY_B) and set(deck[5:]) == set(GREY_C)
    assert sorted(s.brown_deck + s.persons[:2]) == sorted(BROWN)


def test_nine_action_cards_each_three_drawn_and_a_random_start_player():
    """"9 carte azione che mescola"; "pescano le prime tre carte"; "Il giocatore iniziale viene sorteggiato"."""
    s = new(3, seed=5)
    for p in s.players:
        assert len(p.deck) == 6 and len(p.offer) == 3
        assert sorted(kind_of(x) for x in p.deck + p.offer) == sorted(CARDS)
        assert all(x.startswith(f"{p.colour}:") for x in p.deck + p.offer)
    assert {new(3, seed=seed).bell for seed in range(12)} == {0, 1, 2}


def test_the_same_seed_sets_up_the_same_table():
    assert GAME.dump_state(new(4, seed=11)) == GAME.dump_state(new(4, seed=11))
    assert GAME.dump_state(new(4, seed=11)) != GAME.dump_state(new(4, seed=12))


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_every_market_can_be_reached_and_outer_markets_lead_across_the_seams(seats):
    """House road map (board.yaml): one connected graph, a step is one market to the next."""
    board = layout(seats)
    for start in board.markets:
        assert set(board.distance[start]) == set(board.markets)
    for colour in board.quarters:
        assert set(board.neighbours[f"{colour}.c"]) >= {f"{colour}.{spot}" for spot in "1234"}
        assert any(not m.startswith(colour) for m in board.neighbours[f"{colour}.4"])


def test_the_purple_player_is_violetto_in_every_italian_text():
    """"Esempio: giocano Rosso, Violetto, Blu e Verde. Rosso possiede già un Messaggio violetto": the rulebook's
    word for purple, in every Notre Dame text and wherever the bot names the seat (docs/rules, decision 17)."""
    from bot.services.tidings import colour_name
    from engine.core.messages import catalogue

    texts = {key: text for key, text in catalogue("it").items() if key.startswith("notre_dame.")}
    assert not [key for key, text in texts.items() if re.search(r"\bviol[ae]\b", text, re.IGNORECASE)]
    assert colour_name(GAME, GAME.spec.colours.index("purple")).text("it") == "Violetto"
    assert texts["notre_dame.message_colour.purple"] == "violetto"
