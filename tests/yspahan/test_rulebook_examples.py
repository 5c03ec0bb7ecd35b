"""The worked examples of 004_fe5b7b6409874d09.txt, number for number.

The examples follow one day of a 4-player game: Blue is the first player, then Green, Red and Yellow
("Una volta che il Blue ha terminato ... è il turno del Verde ... del Rosso ... del Giallo"). Where the text
refers to a picture that is not in the text (the supervisor's square, the caravan), the position is rebuilt
from every fact the text gives; each test says how.
"""

from engine.yspahan import GAME
from engine.yspahan.flow import Ctx
from engine.yspahan.scoring import end_week
from engine.yspahan.state import Group

from .builders import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    active,
    at,
    blank,
    cubes_in,
    keys,
    options,
    play,
    rolled,
    turn_of,
)

# "I tre "1" ... il "2" ... i due "3" ... i due "5" ... I tre "6"": one yellow die is among the 1s (Blue
# takes it with the camels) and the other is the 2 ("l'ultimo dado giallo (sulla casella Sacco)").
WHITE = (1, 1, 3, 3, 5, 5, 6, 6, 6)
YELLOW_DICE = (1, 2)


def blues_day():
    return rolled(blank(4, first=BLUE), *WHITE, yellow=YELLOW_DICE)


def test_blue_pays_two_gold_for_two_yellow_dice_and_rolls_eleven():
    """"Il Blue decide di pagare due monete d'Oro alla banca, che permette al Blue di aggiungere due dadi
    gialli ai nove dadi bianchi." The roll comes from the state's RNG and is recorded."""
    s = blank(4, first=BLUE)
    assert active(s) == BLUE and s.players[BLUE].gold == 2
    s, events = play(s, "roll 2")
    assert s.players[BLUE].gold == 0
    assert len(s.rolled) == 11 and sum(yellow for _, yellow in s.rolled) == 2
    assert sum(g.dice for g in s.tower if g) == 11
    assert keys(events)[0] == "rolled_yellow" and events[0].reveals
    # the same seed rolls the same dice: a match replays exactly
    again, _ = play(blank(4, first=BLUE), "roll 2")
    assert again.rolled == s.rolled and again.tower == s.tower


def test_blues_tower():
    """"I tre "1" sono piazzati nella casella Cammello. Poi il Blue mette il "2" nella casella del Sacco, i due
    "3" sulla casella del Barile ed i due "5" sulla casella della Cassa. Infine, I tre "6" sono piazzati sulla
    casella Oro (si salta la casella del Vaso)." """
    s = blues_day()
    assert s.tower == [Group(1, 2, 1), Group(2, 0, 1), Group(3, 2), Group(5, 2), None, Group(6, 3)]


def test_blue_takes_three_camels_then_the_yellow_die_on_the_bag_leaves():
    """"Il Blue sceglie di prendere Cammelli; prende 3 Cammelli ... Poi, l'ultimo dado giallo (sulla casella
    Sacco) viene rimosso dalla Torre." """
    s = at(blues_day(), "take camel", "action")
    assert s.players[BLUE].camels == 3
    s, events = play(s, "end")  # Blue could build the Pen now, and does not
    assert "yellow_leave" in keys(events)
    assert s.tower == [None, None, Group(3, 2), Group(5, 2), None, Group(6, 3)]
    assert active(s) == GREEN


def test_green_takes_three_gold():
    """"Il Verde sceglie di prendere l'Oro. Il giocatore prende tre monete d'Oro dalla banca (dato che ci
    sono tre dadi nella casella Oro)." """
    s = at(blues_day(), "take camel", "action", "end", "take gold", "action")
    assert s.players[GREEN].gold == 2 + 3
    assert active(s) == RED  # Green has nothing to build and no card: the turn passes


def chest_example():
    """Red's turn with the two 5s on the Chest slot. "Nel quartiere della Cassa, ci sono rimasti sei negozi
    ...: c'è un negozio libero nel souk giallo (A), uno nel souk blue (B) e quattro nel souk rosa (C)."
    Blue has the two other shops of the yellow souk; Red started the blue souk "in un turno precedente"."""
    s = blues_day()
    cubes_in(s, BLUE, "chest-a1", "chest-a2")
    cubes_in(s, RED, "chest-b1")
    return at(s, "take camel", "action", "end", "take gold", "action")


def test_red_must_finish_the_blue_souk_then_may_only_start_the_pink_one():
    """"Il Rosso deve piazzare due cubi. Il giocatore ha già iniziato il souk blue in un turno precedente, così
    deve finirlo. ... Il Rosso non può piazzare il suo secondo cubo in A (negozio del souk giallo), dal momento
    che il Blue ha già cubi nel souk giallo. Il Rosso può piazzare il suo secondo cubo soltanto su un negozio
    del souk rosa, e sceglie quello in alto a sinistra (C rossa)." """
    s = at(chest_example(), "take chest", "action")
    assert options(s) == ["shop chest-b2"]
    s = at(s, "shop chest-b2")
    assert options(s) == ["shop chest-c1", "shop chest-c2", "shop chest-c3", "shop chest-c4"]
    s = at(s, "shop chest-c1")
    assert {shop: seat for shop, seat in s.shops.items() if shop.startswith("chest")} == {
        "chest-a1": BLUE, "chest-a2": BLUE, "chest-b1": RED, "chest-b2": RED, "chest-c1": RED}
    # "Da questo momento gli altri giocatori non possono piazzare cubi sui negozi del souk rosa."
    s.tower[3] = Group(5, 2)
    s = at(turn_of(s, BLUE), "take chest", "action")
    assert options(s) == ["shop chest-a3"]


def yellows_turn():
    """Yellow's turn with the two 3s on the Barrel slot. Rebuilt from the text: the supervisor stands two squares
    left of the centre (w2), from where 3 steps reach both "A" squares (e1 and s1, which share Blue's cube in the
    Barrel's pink souk) and 4 steps reach "B" (s2, Yellow's cube in the Bag's teal souk); on s1 Yellow's other
    cube would go too ("in uno dei casi, sia i cubi blue che quello Giallo andrebbero alla Carovana"). Yellow
    has built the Pen and the Bazaar already, and has the camels and gold to move and build."""
    s = chest_example()
    s = at(s, "take chest", "action", "shop chest-b2", "shop chest-c1")
    s.supervisor = "w2"
    cubes_in(s, BLUE, "barrel-a1")
    cubes_in(s, YELLOW, "bag-c2", "bag-c3")
    yellow = s.players[YELLOW]
    yellow.buildings, yellow.camels, yellow.gold = ["pen", "bazaar"], 3, 4
    assert active(s) == YELLOW
    return s


def test_yellow_moves_the_supervisor_four_squares_for_one_gold():
    """"Il Giallo può muovere il Supervisore di esattamente 3 caselle ... Muovere di 3 caselle vorrebbe dire far
    raggiungere al Supervisore le caselle A. ... Il Giallo sceglie di pagare 1 moneta d'Oro per far spostare il
    Supervisore di 4 caselle. Così, il Supervisore raggiunge la casella B e soltanto il Giallo spedisce il cubo
    alla Carovana." """
    s = at(yellows_turn(), "take barrel", "supervisor")
    three = at(s, "distance 3")
    labels = {a: GAME.describe_action(three, YELLOW, GAME.parse_action(a)).text("en") for a in options(three)}
    assert labels["to e1"] == "East 1: sends Blue's cube in shop 1 of the pink souk (Barrel, 3 points)"
    assert "Blue's cube in shop" in labels["to s1"] and "(Barrel, " in labels["to s1"]
    assert "Yellow's cube in shop" in labels["to s1"] and "(Bag, " in labels["to s1"]
    assert "distance 4" in options(s)
    label = GAME.describe_action(s, YELLOW, GAME.parse_action("distance 4")).text("en")
    assert label == "4 squares (pay 1 gold)"
    s = at(s, "distance 4")
    assert options(s) == ["to w6", "to e2", "to n2", "to s2", "back"]
    s, events = play(s, "to s2")
    assert s.supervisor == "s2" and s.players[YELLOW].gold == 3
    # "se il Giallo scartasse un Cammello, il cubo rimarrebbe nel negozio": Yellow is asked
    assert options(s) == ["keep", "send"] and active(s) == YELLOW
    s, events = play(s, "send")
    # "Il Giallo piazza il cubo sul primo cammello disponibile nella fila, ed ottiene immediatamente 2 punti."
    assert s.caravan == [YELLOW] and "bag-c3" not in s.shops and "barrel-a1" in s.shops
    assert s.players[YELLOW].points["shipping"] == 2


def test_yellow_could_have_taken_a_card_or_supplied_the_barrel_with_two_cubes_instead():
    """"Il Giallo al suo turno, avrebbe potuto anche prendere una carta dopo aver selezionato lo stesso gruppo di
    dadi (naturalmente, aveva anche la possibilità di mettere 2 cubi nel quartiere del Barile)" """
    s = at(yellows_turn(), "take barrel")
    assert {"action", "supervisor", "draw"} <= set(options(s))
    label = GAME.describe_action(s, YELLOW, GAME.parse_action("action"))
    assert label.text("en") == "Place 2 cubes in the Barrel quarter"
    assert label.text("it") == "Metti 2 cubi nel quartiere del Barile"


def test_yellow_builds_the_caravanserai_as_third_building_for_five_points():
    """"Il Giallo sceglie di costruire il Caravanserraglio. Il giocatore paga il prezzo (mettendo 3 Cammelli e
    3 monete d'Oro nella riserva) ... Il Giallo ha già costruito il Recinto ed il Bazar, così questo è il terzo
    edificio costruito. ... per la costruzione del terzo edificio, il giocatore ottiene 5 punti." """
    s = at(yellows_turn(), "take barrel", "supervisor", "distance 4", "to s2", "send")
    cubes = s.players[YELLOW].cubes
    s, events = play(s, "build caravanserai")
    yellow = s.players[YELLOW]
    assert yellow.buildings == ["pen", "bazaar", "caravanserai"]
    assert (yellow.camels, yellow.gold, yellow.cubes) == (0, 0, cubes - 1)
    assert yellow.points["buildings"] == 5 and yellow.score == 2 + 5
    # the day is over: the next first player is the one on Blue's left
    assert s.day == 2 and s.first == GREEN and active(s) == GREEN


def week_end_table():
    """The end of a week. Chest quarter as at the end of the placement example, with Blue's yellow souk
    completed since. Caravan (12 places, from the bottom row): the text scores Green 2 cubes up to the 2nd row,
    Yellow 4 up to the 3rd, Blue 2 up to the 2nd and Red 1 on the 2nd: nine cubes fill the bottom row, the
    middle row and the first place of the top one."""
    s = blank(4)
    cubes_in(s, BLUE, "chest-a1", "chest-a2", "chest-a3")
    cubes_in(s, RED, "chest-b1", "chest-b2", "chest-c1")
    s.caravan = [GREEN, BLUE, YELLOW, YELLOW, GREEN, BLUE, RED, YELLOW, YELLOW]
    for seat in range(4):
        s.players[seat].cubes -= s.caravan.count(seat)
    return s


def test_end_of_week_chest_quarter_scores_blue_6_and_red_4():
    """"Nel quartiere della Cassa, il Blue, che ha completato il suo souk ottiene 6 punti. Il Rosso solo 4 punti
    (il souk blu è completo, ma non quello rosa). Poi, il quartiere viene svuotato" """
    s = week_end_table()
    end_week(Ctx(s))
    assert s.players[BLUE].points["souks"] == 6 and s.players[RED].points["souks"] == 4
    assert not s.shops and s.players[RED].cubes == 24 - 1  # its caravan cube stays on the caravan


def test_with_the_bazaar_blue_would_score_8_and_red_6():
    """"NB: Se I giocatori fossero stati in possesso del Bazar, il Blue avrebbe ottenuto 8 punti (invece di 6),
    ed il Rosso avrebbe ottenuto 6 punti (invece di 4)" """
    s = week_end_table()
    s.players[BLUE].buildings = s.players[RED].buildings = ["bazaar"]
    end_week(Ctx(s))
    for seat, total in ((BLUE, 8), (RED, 6)):
        points = s.players[seat].points
        assert points["souks"] + points["bazaar"] == total


def test_end_of_week_caravan_scores_green_4_yellow_12_blue_4_red_2_and_stays():
    """"Il Verde ottiene 4 punti (2 cubi x 2, dal momento che il cubo più alto del Verde è nella seconda linea).
    Il Giallo ottiene 12 punti (4 x 3). Il Blue ottiene 4 punti (2 x 2) ed il Rosso ottiene 2 punti (1 cubo sulla
    linea 2). La Carovana NON viene svuotata" """
    s = week_end_table()
    caravan = list(s.caravan)
    end_week(Ctx(s))
    assert {seat: s.players[seat].points["caravan"] for seat in range(4)} == {GREEN: 4, YELLOW: 12, BLUE: 4, RED: 2}
    assert s.caravan == caravan
