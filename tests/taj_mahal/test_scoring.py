"""Influence points, 001_f0a91e4b7c938d9d.txt "I punti influenza" (bonus tiles, palaces, province tiles, in
that order) and "FINE DEL GIOCO", with the rulebook's worked examples number for number."""

from engine.taj_mahal import GAME
from engine.taj_mahal.board import Board
from engine.taj_mahal.flow import Ctx
from engine.taj_mahal.rules import end_points
from engine.taj_mahal.state import Player
from engine.taj_mahal.visit import finish
from engine.taj_mahal.vocab import SP_COLOUR, SP_POINTS

from .builders import go, keys, play, played, player, table, visit

CHIARA = 0


def test_chiara_two_tea_tiles_and_the_province_tile_fifteen_points():
    """"Chiara è riuscita a vincere 2 tessere bonus del tè in una tappa ... La prima tessera ... le fa guadagnare
    altri 3 punti. La seconda ... altri 4 punti" (7), then the province tile: "1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 = 8
    punti" — "ben 15 punti (7 + 8) nella nona tappa!". Before the visit she owns two teas and two of the
    province tile's other good (rice)."""
    s = table(3)
    visit(s, "malwa", 9)                      # tile 9: rice and tea; Malwa has two fortresses
    s.bonus["chittor"] = s.bonus["mandu"] = "tea"
    chiara = player(s, CHIARA)
    chiara.provinces = [5, 8]                 # rice + tea, tea + spice
    chiara.goods = ["rice"]
    played(s, CHIARA, "red-ee", "red-vg")     # Elephants, Vizier and General: two palaces and the tile
    s = go(s, CHIARA)
    s, _ = play(s, "withdraw", "city chittor", "city mandu")
    assert chiara.points == {} and player(s, CHIARA).points == {"bonus": 7, "palaces": 1, "provinces": 8}
    assert player(s, CHIARA).goods == ["rice", "tea", "tea"] and player(s, CHIARA).provinces == [5, 8, 9]


def test_bonus_tiles_plus_two_taj_and_a_card():
    """"+2 punti"; "Il giocatore prende la prima carta dal mazzo coperto e la aggiunge alla propria mano";
    the Taj Mahal tile "+ 4 punti"."""
    s = table(3)
    visit(s, "agra")
    s.bonus.update({"mathura": "plus-points", "etawah": "plus-card", "agra": "taj"})
    played(s, CHIARA, "red-vg", "red-mp")
    s = go(s, CHIARA)
    hand = len(player(s, CHIARA).hand)
    s, events = play(s, "withdraw", "city mathura", "city etawah", "city agra", "city dholpur")
    chiara = player(s, CHIARA)
    assert chiara.points["bonus"] == 2 + 0 + 4
    assert len(chiara.hand) == hand + 1 and chiara.goods == []
    assert keys(events).count("bonus") == 2 and "drew.bonus" in keys(events)  # +1 card: a card, no points


# ---- palaces: the example of page 7 (provinces A to I; Red, Blue, Brown, Grey) ------------------------------

def example_board() -> Board:
    """The example's map as its text describes it: A1-A4 in province A, roads out of A to the palaces it names."""
    provinces = {p: [f"{p}{i}" for i in range(1, 5)] for p in "ABCDEFGHI"}
    roads = [("A4", "B1"), ("A4", "C1"), ("A2", "E1"), ("A1", "D1"), ("A3", "I1"),      # Red, Blue
             ("A3", "B2"), ("B2", "H1"), ("H1", "I2"), ("I2", "G1"),                    # Brown's chain
             ("A1", "D3"), ("D3", "C3"), ("C3", "B3")]                                  # Grey's chain
    return Board.of(provinces, roads, fortresses=[], taj="A1", agra="A")


RED = {"A2", "A4", "B1", "C1", "E1", "D2", "F1", "H2"}
BLUE = {"A1", "A3", "D1", "I1", "C2", "G2", "E2"}
BROWN = {"A3", "B2", "H1", "I2", "G1", "E3", "F2"}   # A3 holds two palaces: Blue's and Brown's
GREY = {"D3", "C3", "B3"}


def test_palace_example_red_four_points():
    """"Il rosso: 1 punto ... 2 punti (perchè A4 è collegato a due altri palazzi in B e C) 1 punto (perchè A2 è
    collegato alla provincia E) ... Il secondo palazzo in A non fa guadagnare altri punti. I palazzi in D, F e H
    non sono collegati."."""
    board = example_board()
    assert board.connected_provinces(RED, "A") == {"B", "C", "E"}
    assert board.palace_points(RED, "A") == 1 + 2 + 1


def test_palace_example_blue_three_points():
    """"Il blu: 1 punto (per i palazzi in A) 1 punto (per il palazzo in D collegato ad A1) 1 punto (per il
    palazzo in I collegato ad A3). I palazzi in C, G, E non sono collegati."."""
    assert example_board().palace_points(BLUE, "A") == 3


def test_palace_example_brown_five_points_through_a_shared_city():
    """"Il marrone: 1 punto (per il palazzo in A) 4 punti (per i palazzi in B, H, I, G collegati ad A3)"; "una
    città con due palazzi conta come collegamento per entrambi i giocatori"."""
    board = example_board()
    assert board.connected_provinces(BROWN, "A") == {"B", "H", "I", "G"}
    assert board.palace_points(BROWN, "A") == 5


def test_palace_example_grey():
    """"Il grigio: nessun punto perchè non è presente nella provincia. Se il grigio avesse messo un palazzo in
    A1 avrebbe guadagnato 4 punti (per i palazzi in A, D, C, B)!"."""
    board = example_board()
    assert board.palace_points(GREY, "A") == 0
    assert board.palace_points(GREY | {"A1"}, "A") == 4


def test_palace_chains_on_our_map():
    """The same rules on the game's map: a chain through Kashmir into Delhi scores both provinces; a city with
    two palaces links for both owners; another player's palace breaks a chain ("Ogni città ... con un palazzo
    dell'avversario è considerata un'interruzione")."""
    s = table(3)
    visit(s, "lahore")
    s.palaces.update({"jammu": 0, "panipat": 0, "delhi": 0, "kanauj": 0})   # Kashmir, Delhi, Awadh
    s.crown_palaces["mathura"] = 0                                           # beside Orange's palace
    s.palaces.update({"mathura": 1, "fatehpur_sikri": 0})                    # Agra
    s.palaces["multan"] = 2                                                  # Multan, not Blue's
    played(s, CHIARA, "red-vg")
    s = go(s, CHIARA)
    s, events = play(s, "withdraw", "city sialkot", "city jhelum")
    # Sialkot - Jammu (Kashmir) - Panipat - Delhi (Delhi) - Kanauj (Awadh); Sialkot - Mathura (Agra, shared);
    # Jhelum - Multan is Black's: Multan is not reached.
    assert player(s, CHIARA).points["palaces"] == 1 + 4
    assert "palace_points" in keys(events)


def test_the_province_tile_scores_its_goods_and_the_matching_goods_owned():
    """"riceve 1 punto influenza per ogni merce su di essa (la tessera provincia numero 1 ha una merce e vale
    quindi 1 punto ...); in più ... 1 punto influenza per ogni altra merce dello stesso tipo"."""
    s = table(3)
    chiara = player(s, CHIARA)
    chiara.goods = ["rice", "rice", "tea"]
    played(s, CHIARA, "red-ee")
    s = go(s, CHIARA)
    s, _ = play(s, "withdraw")
    assert player(s, CHIARA).points == {"provinces": 1 + 2}   # tile 1: one rice


def test_end_of_game_examples_six_six_four():
    """"1 punto per ogni carta speciale; 1 punto per ogni carta bianca; 1 punto per ogni carta colorata del
    colore in cui ne ha di più (se c'è parità ... il giocatore prende i punti per un colore solo)": the
    rulebook's three hands, 1 + 2 + 3 = 6, 1 + 0 + 5 = 6, 1 + 1 + 2 = 4."""
    first = Player(0, 0, "blue", hand=["white-e", "white-v", "red-ee", "red-ev", "red-eg", "green-ee"],
                   specials=[SP_POINTS])
    second = Player(1, 1, "orange", hand=[*["yellow-ee"] * 5, "red-ee"], specials=[SP_COLOUR])
    third = Player(2, 2, "black", hand=["white-e", "red-ee", "red-ev", "purple-ee", "purple-ep"],
                   specials=[SP_POINTS])
    assert [sum(end_points(p.hand, p.specials).values()) for p in (first, second, third)] == [6, 6, 4]
    assert end_points(first.hand, first.specials) == {"end_specials": 1, "end_white": 2, "end_colour": 3}


def test_a_tie_is_shared_the_rulebook_has_no_tie_break():
    """"Il giocatore che ha totalizzato il punteggio più alto è il vincitore": nothing breaks a tie."""
    s = table(3)
    for p in s.players:
        p.hand, p.points = [], {"palaces": 10}
    finish(Ctx(s))
    result = GAME.outcome(s)
    assert result.scores == {0: 10, 1: 10, 2: 10}
    assert result.tiebreak_used is not None and result.tiebreak_used.key == "taj_mahal.tiebreak.shared"
    assert "tie-break" in result.tiebreak_used.text("en") and "spareggi" in result.tiebreak_used.text("it")


def test_breakdown_adds_up_to_the_score():
    s = table(3)
    player(s, 0).points = {"bonus": 3, "palaces": 7, "special": 2}
    player(s, 0).hand = ["white-e", "red-ee"]
    finish(Ctx(s))
    result = GAME.outcome(s)
    assert result.breakdown[0]["end_white"] == 1 and result.breakdown[0]["end_colour"] == 1
    assert sum(result.breakdown[0].values()) == result.scores[0] == 14
