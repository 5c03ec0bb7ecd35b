"""The dummy player "Carletto", 001_f0a91e4b7c938d9d.txt "VARIANTE PER DUE GIOCATORI" and "VARIANTI": his
algorithm, step by step, as the rulebook gives it."""

import pytest

from engine.taj_mahal.board import board
from engine.taj_mahal.dummy import attached_special, choose_city, choose_special, exchange_sets, play_turn
from engine.taj_mahal.rules import end_points
from engine.taj_mahal.state import Player
from engine.taj_mahal.vocab import SP_COLOUR, SP_ELEPHANT, SP_MOGUL, SP_POINTS

from .builders import active, asked, go, keys, options, play, played, player, table, visit

CARLETTO = 2


def carletto(colour=None, specials=(), played_cards=()):
    p = Player(CARLETTO, None, "black", specials=list(specials), played=list(played_cards))
    p.visit_colour = colour
    p.turns = 1 if colour else 0
    return p


def drawing(*cards):
    pile = list(cards)
    return lambda: pile.pop(0) if pile else None


# ---- his cards ----------------------------------------------------------------------------------------------

def test_first_turn_a_coloured_card_ends_it():
    """"Se pesca una carta colorata il suo turno finisce"."""
    turn = play_turn(carletto(), drawing("red-ev", "red-ee"))
    assert turn.played == ["red-ev"] and turn.discarded == [] and not turn.withdraws


def test_first_turn_white_cards_until_a_coloured_one():
    """"se viene pescata una carta bianca si deve continuare a pescare e scartare fino ad ottenere anche una
    carta colorata. Le carte pescate sono automaticamente messe in gioco"."""
    turn = play_turn(carletto(), drawing("white-v", "white-e", "green-eg"))
    assert turn.played == ["white-v", "green-eg"] and turn.discarded == ["white-e"]


def test_later_turn_his_colour_is_played():
    """"se è una carta colorata del colore giusto, la mette in gioco ... e passa il turno"."""
    turn = play_turn(carletto("red"), drawing("red-ec"))
    assert turn.played == ["red-ec"] and turn.drawn == ["red-ec"]


def test_later_turn_a_second_chance():
    """"altrimenti la scarta e pesca una seconda volta. Se la seconda carta pescata è del colore giusto, la
    mette in gioco"."""
    turn = play_turn(carletto("red"), drawing("green-ee", "red-ev"))
    assert turn.played == ["red-ev"] and turn.discarded == ["green-ee"]


def test_later_turn_two_misses_withdraw():
    """"Se anche la seconda carta pescata non è del colore giusto, la scarta e si ritira"."""
    turn = play_turn(carletto("red"), drawing("green-ee", "purple-ev", "red-ee"))
    assert turn.withdraws and turn.played == [] and turn.discarded == ["green-ee", "purple-ev"]


def test_later_turn_the_colour_change_card_saves_the_second_miss():
    """"a meno che non possieda la carta speciale cambia colore, nel qual caso può giocare questa seconda
    carta insieme alla cambia colore"."""
    turn = play_turn(carletto("red", [SP_COLOUR]), drawing("green-ee", "purple-ev"))
    assert turn.played == ["purple-ev"] and turn.special == SP_COLOUR and turn.discarded == ["green-ee"]


@pytest.mark.parametrize("cards, played, withdraws", [
    (("white-e", "red-ee"), ["white-e", "red-ee"], False),              # white first, then his colour
    (("white-e", "green-ee", "red-ee"), [], True),                      # one more card only
    (("green-ee", "white-m", "red-em"), ["white-m", "red-em"], False),  # white as the second card
    (("green-ee", "white-m", "white-e"), [], True),
    (("white-e", "white-v"), [], True),
])
def test_a_white_card_calls_for_one_more_draw(cards, played, withdraws):
    """"se viene pescata come prima o seconda carta un carta bianca, Carletto deve comunque pescare una
    ulteriore carta (una sola) ...: se non gli riesce, scarta le carte appena pescate e si ritira, se gli
    riesce di trovarla le gioca insieme (carta bianca + carta colorata)"."""
    turn = play_turn(carletto("red"), drawing(*cards))
    assert turn.played == played and turn.withdraws == withdraws
    assert sorted(turn.drawn) == sorted([*turn.played, *turn.discarded])


def test_the_special_card_he_plays():
    """"sceglierà sempre per prima la carta con +2 punti ... e la giocherà sempre quando possibile"; "Tra queste
    due giocherà quella di cui ha più simboli in gioco, a parità di simboli giocherà la carta elefante"; the
    colour change only with a card of another colour."""
    assert attached_special(carletto("red", [SP_ELEPHANT, SP_POINTS]), "red-ev") == SP_POINTS
    assert attached_special(carletto("red", [SP_ELEPHANT, SP_MOGUL], ["red-ec"]), "red-vc") == SP_MOGUL
    assert attached_special(carletto("red", [SP_ELEPHANT, SP_MOGUL], ["red-ec"]), "red-ec") == SP_ELEPHANT
    assert attached_special(carletto("red", [SP_MOGUL]), "red-ee") == SP_MOGUL
    assert attached_special(carletto("red", [SP_COLOUR]), "red-ee") is None
    turn = play_turn(carletto("red", [SP_POINTS]), drawing("red-ee"))
    assert turn.special == SP_POINTS


# ---- his withdrawal ---------------------------------------------------------------------------------------

def duel(seed=0, **hands):
    s = table(2, seed=seed, start=0, hands={int(k[1:]): v for k, v in hands.items()})
    return s


def test_he_withdraws_at_the_start_of_his_turn_with_two_symbols_won():
    """"si ritira se all'inizio del suo turno risulta aver già conquistato 2 dei 6 simboli in gioco"."""
    s = duel(p0=["red-ee"], p1=["yellow-ee"])
    played(s, CARLETTO, "purple-vg")
    s = go(s, 0)
    deck = len(s.deck)
    s, events = play(s, "play red-ee", "play yellow-ee")
    assert player(s, CARLETTO).out and "withdrew" in keys(events)
    assert not {"dummy_played", "dummy_failed"} & set(keys(events)) and len(s.deck) == deck  # he drew nothing
    assert player(s, CARLETTO).influence == ["vizier", "general"]


def test_he_builds_in_an_empty_city():
    """His palaces follow the rules of everybody's: "in una città vuota" (decision 26 picks among those)."""
    s = duel(p0=["red-ee"], p1=["yellow-ee"])
    visit(s, "malwa")
    s.bonus = {"mandu": "taj"}
    s.palaces.update({"chittor": 0, "sironj": 0, "mandu": 1})   # the Taj Mahal tile lies under Orange's palace
    played(s, CARLETTO, "purple-ev")                             # the Vizier and the province tile
    s = go(s, 0)
    s, _ = play(s, "play red-ee", "play yellow-ee")
    assert [c for c, o in s.palaces.items() if o == CARLETTO] == ["ujjain"]


def test_he_never_withdraws_before_trying():
    """"Carletto non si può mai ritirare prima di aver provato a giocare le carte"."""
    s = duel(p0=["red-ee"], p1=["yellow-ee"])
    s.players[CARLETTO].turns = 0
    s = go(s, 0)
    s, events = play(s, "play red-ee", "play yellow-ee")
    assert "dummy_played" in keys(events) or "dummy_failed" in keys(events)


def test_he_scores_his_special_cards_at_the_end():
    """"gli viene aggiudicato un punto influenza in più per ogni carta speciale che possiede alla fine"."""
    dummy = carletto(None, [SP_MOGUL, SP_POINTS])
    assert end_points(dummy.hand, dummy.specials) == {"end_specials": 2, "end_white": 0, "end_colour": 0}


# ---- his palaces ------------------------------------------------------------------------------------------------

def test_his_palace_where_it_scores_most():
    """"scegliere il miglior piazzamento per Carletto, in modo da massimizzare il numero di punti"."""
    s = table(2)
    visit(s, "malwa")
    s.bonus.update({"chittor": "plus-points", "mandu": "taj"})
    me = player(s, CARLETTO)
    assert choose_city(s, board(12), me, ["chittor", "sironj", "mandu", "ujjain"], crown=False) == "mandu"
    s.palaces["ahmedabad"] = CARLETTO  # Gujarat: Chittor links to it
    del s.bonus["mandu"]
    assert choose_city(s, board(12), me, ["chittor", "sironj", "mandu", "ujjain"], crown=False) == "chittor"
    assert choose_city(s, board(12), me, ["chittor", "sironj", "mandu", "ujjain"], crown=True) == "chittor"


def test_then_where_it_breaks_an_opponents_chain_most():
    """"può anche essere presa in considerazione la possibilità di piazzare il palazzo per interrompere una
    catena di palazzi dell'avversario che subirebbe così il maggior danno"."""
    s = table(2)
    visit(s, "malwa")
    s.bonus = {}
    s.palaces.update({"sasaram": 0, "gaya": 0})          # Blue in Bihar: Sironj and Mandu lead there
    s.palaces.update({"cambay": 1, "dholpur": 1})         # Orange: Ujjain (Gujarat), Sironj (Agra)
    me = player(s, CARLETTO)
    cities = ["chittor", "sironj", "mandu", "ujjain"]
    assert choose_city(s, board(12), me, cities, crown=False) == "sironj"  # Blue's Bihar and Orange's Agra: 1 each


def test_on_equal_damage_he_hurts_the_leader():
    """"solo a parità di "danno" inferto, Carletto sceglierà di danneggiare chi ha più punti in quel momento"."""
    s = table(2)
    visit(s, "malwa")
    s.bonus = {}
    s.palaces.update({"gaya": 0, "cambay": 1})            # Blue reaches Mandu, Orange Ujjain
    me = player(s, CARLETTO)
    cities = ["chittor", "sironj", "mandu", "ujjain"]
    player(s, 0).points, player(s, 1).points = {"palaces": 5}, {"palaces": 9}
    assert choose_city(s, board(12), me, cities, crown=False) == "ujjain"
    player(s, 0).points = {"palaces": 12}
    assert choose_city(s, board(12), me, cities, crown=False) == "mandu"


# ---- his special cards --------------------------------------------------------------------------------------------

def test_he_takes_a_special_card_for_two_identical_or_three_different_tiles():
    """"Se ha due tessere influenza dello stesso simbolo ma anche se ha 3 tessere diverse"."""
    assert exchange_sets(carletto(specials=[], played_cards=[])) is None
    me = carletto()
    me.influence = ["vizier", "monk", "princess"]
    assert exchange_sets(me) == ["vizier", "monk", "princess"]
    me.influence = ["vizier", "general", "general"]
    assert exchange_sets(me) == ["general", "general"]
    me.influence = ["vizier", "general"]
    assert exchange_sets(me) is None


def test_which_special_card_he_takes():
    """"1 – non sceglierà la carta speciale tra quelle possedute dagli altri giocatori se c'è almeno una carta
    speciale disponibile sul tavolo; 2 – non sceglierà una carta che ha già; 3 – ... +2 punti ...; 4 – ...
    cambia colore ...; 5 – la carta elefante ... e la carta corona per ultima"."""
    s = table(2)
    me = player(s, CARLETTO)
    s.specials_table = [SP_MOGUL, SP_ELEPHANT]
    player(s, 0).specials = [SP_POINTS]
    me.specials = [SP_COLOUR]
    assert choose_special(s, me) == SP_ELEPHANT          # on the table first, Elephant before the crown
    s.specials_table = []
    player(s, 1).specials = [SP_MOGUL, SP_ELEPHANT]
    assert choose_special(s, me) == SP_POINTS             # then from the others, +2 first
    me.specials = [SP_COLOUR, SP_POINTS, SP_ELEPHANT, SP_MOGUL]
    player(s, 0).specials = player(s, 1).specials = []
    assert choose_special(s, me) is None


def test_his_exchange_at_the_end_of_the_visit():
    from .test_visit_end import ended

    s = table(2)
    me = player(s, CARLETTO)
    table_before = list(s.specials_table)
    me.influence = ["vizier", "monk", "princess"]
    s, events = ended(s)
    assert player(s, CARLETTO).influence == [] and len(player(s, CARLETTO).specials) == 3
    assert len(s.specials_table) == len(table_before) - 1
    assert "special_taken" in keys(events)


# ---- the display and the order of play ----------------------------------------------------------------------------

def test_first_to_withdraw_the_other_two_discard_one_each():
    """"Se Carletto è il primo a ritirarsi, gli altri due giocatori scelgono una carta ciascuno della riserva e
    la scartano"."""
    s = duel(p0=["red-ee"], p1=["yellow-ee"])
    played(s, CARLETTO, "purple-vg")
    s = go(s, CARLETTO)
    assert asked(s) == "discard" and active(s) == 0 and len(s.display) == 5
    s, _ = play(s, options(s)[0])
    assert asked(s) == "discard" and active(s) == 1
    s, _ = play(s, options(s)[0])
    assert len(s.display) == 3 and asked(s) == "turn"


def test_second_to_withdraw_the_player_out_discards_two():
    """"Se Carletto è il secondo a ritirarsi, il giocatore che si è già ritirato sceglie 2 carte della riserva e
    le scarta"."""
    s = duel(p0=["red-ee"], p1=["yellow-ee"])
    played(s, CARLETTO, "purple-vg")
    s = go(s, 0)
    s, _ = play(s, "withdraw")
    while asked(s) == "take":
        s, _ = play(s, options(s)[0])
    s, _ = play(s, (1, "play yellow-ee"))      # Carletto, leading two symbols, withdraws
    assert player(s, CARLETTO).out
    assert asked(s) == "discard" and active(s) == 0 and len(s.display) == 3
    s, _ = play(s, options(s)[0])
    assert asked(s) == "discard" and active(s) == 0
    s, _ = play(s, options(s)[0])
    assert len(s.display) == 1 and active(s) == 1


def test_with_three_or_four_players_he_discards_nothing_and_plays_second():
    """"Carletto ad ogni tappa gioca comunque sempre per secondo ... quando Carletto si ritira non si scartano
    le carte dalla riserva"."""
    s = table(3, start=1, dummies=1)
    assert s.order == [1, 3, 2, 0]
    played(s, 3, "purple-vg")
    s = go(s, 3)
    assert player(s, 3).out and len(s.display) == 5 and active(s) == 2


def test_turn_direction_changes_by_odd_and_even_province():
    """"Nelle province numerate dispari il gioco passa a chi sta a sinistra, in quelle pari a chi sta a
    destra"; not with two players and two dummies ("senza dover cambiare il giro ogni volta")."""
    from engine.taj_mahal.visit import visit_order

    s = table(2, start=1)
    assert visit_order(s) == [1, 2, 0]
    s.visit = 2
    assert visit_order(s) == [1, 0, 2]
    s = table(2, start=2, dummies=2)
    s.visit = 2
    assert visit_order(s) == [2, 3, 0, 1]
