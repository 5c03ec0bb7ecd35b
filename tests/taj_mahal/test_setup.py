"""Setup, 001_f0a91e4b7c938d9d.txt "PREPARAZIONE", for every table the rulebook gives."""

from collections import Counter

import pytest

from engine.core.errors import Malformed
from engine.taj_mahal import GAME
from engine.taj_mahal.board import board
from engine.taj_mahal.data import load
from engine.taj_mahal.state import DUEL, PLUS, STANDARD
from engine.taj_mahal.vocab import CROWN, FORCES, PROVINCE_TILE, SPECIALS, TAJ

from .builders import new

DATA = load()


@pytest.mark.parametrize("seed", range(8))
def test_province_tiles_at_random_with_12_always_in_agra(seed):
    """"Mettetele a caso tranne quella con il numero 12, che deve sempre essere messa nella provincia di
    Agra"; the first visit is to tile 1."""
    s = new(4, seed)
    assert sorted(s.tiles.values()) == list(range(1, 13))
    assert s.tiles["agra"] == 12
    assert s.visit == 1 and s.tiles[s.province()] == 1


def test_province_tiles_differ_between_seeds():
    assert len({tuple(sorted(new(4, seed).tiles.items())) for seed in range(10)}) > 5


@pytest.mark.parametrize("seed", range(5))
def test_taj_mahal_on_agra_and_one_bonus_tile_on_every_other_fortress(seed):
    """"Piazzate la tessera Taj Mahal ... sulla città fortezza di Agra" and "piazzatene una, a caso e
    scoperta, su ogni città fortezza"."""
    s = new(3, seed)
    the_board = board(12)
    assert set(s.bonus) == the_board.fortresses
    assert s.bonus[the_board.taj] == TAJ and the_board.province_of[the_board.taj] == "agra"
    placed = Counter(v for c, v in s.bonus.items() if c != the_board.taj)
    assert placed == Counter(DATA.tiles.bonus_pool())


def test_court_crown_specials_and_piles():
    """"Piazzatene una per tipo sullo spazio corrispondente nella corte", "Mettete anche l'anello dorato",
    "Mettete le 4 carte speciali scoperte accanto al tabellone"."""
    s = new(4)
    assert s.court == [*FORCES, CROWN, PROVINCE_TILE]
    assert s.supply == {f: 5 for f in FORCES}
    assert s.specials_table == list(SPECIALS)


@pytest.mark.parametrize("seats, display", [(3, 5), (4, 7), (5, 9)])
def test_six_cards_each_and_the_display(seats, display):
    """"Distribuite 6 carte coperte ad ogni giocatore"; the display: 3 -> 5, 4 -> 7, 5 -> 9 cards."""
    s = new(seats)
    assert all(len(p.hand) == 6 for p in s.players)
    assert len(s.display) == display
    assert len(s.deck) == 96 - 6 * seats - display
    assert Counter(s.deck) + Counter(s.display) + sum((Counter(p.hand) for p in s.players), Counter()) \
        == Counter(DATA.cards.deck())


def test_the_start_player_is_a_human_chosen_at_random():
    starts = {new(4, seed).start for seed in range(20)}
    assert starts == {0, 1, 2, 3}
    s = new(4, 3)
    assert s.order == [(s.start + k) % 4 for k in range(4)]


def test_the_96_cards():
    """21 cards in each of red, yellow, green, purple and 12 white ("Preparazione")."""
    deck = DATA.cards.deck()
    colours = Counter(card.split("-")[0] for card in deck)
    assert colours == {"red": 21, "yellow": 21, "green": 21, "purple": 21, "white": 12}
    assert all(len(card.split("-")[1]) == (1 if card.startswith("white") else 2) for card in deck)


# ---- the tables of the 2-player variant ("VARIANTE PER DUE GIOCATORI", "VARIANTI") ---------------------------

@pytest.mark.parametrize("seats, params, mode, seating, display", [
    (2, {}, DUEL, [0, 1, None], 5),                       # "Preparare tutto per 3 giocatori"
    (1, {}, DUEL, [0, None, None], 5),                    # "gioca in solitario contro due Carletti"
    (2, {"dummies": 2}, DUEL, [0, None, 1, None], 7),     # "un giocatore, un Carletto, un giocatore, un Carletto"
    (3, {"dummies": 1}, PLUS, [0, 1, 2, None], 5),        # "la riserva ... sul numero dei soli giocatori veri"
    (4, {"dummies": 1}, PLUS, [0, 1, 2, 3, None], 7),
    (5, {}, STANDARD, [0, 1, 2, 3, 4], 9),
])
def test_tables_with_dummies(seats, params, mode, seating, display):
    s = new(seats, 1, **params)
    assert s.mode == mode
    assert [p.seat for p in s.players] == seating
    assert len(s.display) == display
    dummies = [p for p in s.players if p.seat is None]
    for p in dummies:  # "Non verranno distribuite carte in mano a Carletto"; "2 carte speciali scelte a caso"
        assert p.hand == [] and len(p.specials) == 2
    held = [c for p in dummies for c in p.specials]
    assert sorted(held + s.specials_table) == sorted(SPECIALS)
    assert len(set(p.colour for p in s.players)) == len(s.players)
    assert s.players[s.start].seat is not None


def test_dummies_special_cards_are_random():
    assert len({tuple(new(2, seed).players[2].specials) for seed in range(20)}) > 2


@pytest.mark.parametrize("seats, dummies", [(1, 0), (1, 1), (2, 0), (3, 2), (5, 1)])
def test_tables_the_rulebook_does_not_give_are_refused_in_both_languages(seats, dummies):
    with pytest.raises(Malformed) as refused:
        GAME.new_game({"dummies": dummies}, seats, 1)
    assert refused.value.message.key == "taj_mahal.setup.dummies"
    assert "dumm" in refused.value.text("en") and "fittizi" in refused.value.text("it")


# ---- "VARIANTE CON 9 PROVINCE" ----------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(5))
def test_nine_provinces(seed):
    """"rimuovere le tessere 10,11,12; rimuovere una tessera bonus '+1carta' e una tessera bonus '+2 punti'
    ... distribuite casualmente 11 delle 13 tessere bonus sulle fortezze e le restanti due sono fuori dal
    gioco; piazzate la tessera 9 su Agra"."""
    s = new(4, seed, provinces=9)
    nine = board(9)
    assert set(s.tiles) == set(nine.provinces) and len(nine.provinces) == 9
    assert not {"kabul", "multan", "thatta"} & set(nine.provinces)
    assert sorted(s.tiles.values()) == list(range(1, 10)) and s.tiles["agra"] == 9
    assert set(s.bonus) == nine.fortresses and len(nine.fortresses) == 12
    placed = Counter(v for c, v in s.bonus.items() if c != nine.taj)
    pool = Counter(DATA.tiles.bonus_pool()) - Counter({"plus-card": 1, "plus-points": 1})
    assert sum(placed.values()) == 11 and not placed - pool


def test_nine_provinces_map_changes():
    """"collegare ... la città a nord-ovest nella provincia color porpora con la città fortezza a sudovest nella
    provincia marrone; la città a sudovest della provincia verde è ora una fortezza"."""
    twelve, nine = board(12), board(9)
    assert "rohtas" not in twelve.neighbours["jhelum"] and "rohtas" in nine.neighbours["jhelum"]
    assert "rohtas" in twelve.fortresses
    assert "junagarh" not in twelve.fortresses and "junagarh" in nine.fortresses
    assert all(set(nine.neighbours[c]) <= set(nine.cities) for c in nine.cities)


def test_the_variants_are_offered_for_a_new_match_in_both_languages():
    """The options of `/game new`: the map (12 or 9 provinces) and the dummy players."""
    from engine.core.messages import has_key

    options = {o.name: o for o in GAME.options()}
    assert set(options) == {"provinces", "dummies"}
    assert [c.value for c in options["provinces"].choices] == [12, 9] and options["provinces"].default == 12
    assert [c.value for c in options["dummies"].choices] == ["auto", 0, 1, 2] and options["dummies"].default == "auto"
    for option in options.values():
        for message in (option.label, *(c.label for c in option.choices)):
            assert has_key(message.key, "en") and has_key(message.key, "it"), message.key
