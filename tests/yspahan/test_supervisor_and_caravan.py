"""The supervisor (004, "Muovere il Supervisore", "L'Hammam") and the caravan (004, "La Carovana",
"Il Caravanserraglio", "Partite con 3 giocatori")."""

import pytest

from engine.yspahan import GAME
from engine.yspahan.caravan import capacity, caravan_scores, load_cube
from engine.yspahan.city import squares_at
from engine.yspahan.flow import Ctx

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
    texts,
)


def moving(seats=4, value=3, gold=0, hammam=False, at_square="c"):
    """Blue about to move the supervisor with the group of 3s on the Barrel slot (one die)."""
    s = rolled(blank(seats, first=BLUE), 1, 1, 2, 2, value, 4, 4, 5, 6)
    s.supervisor = at_square
    s.players[BLUE].gold = gold
    if hammam:
        s.players[BLUE].buildings = ["hammam"]
    return at(s, "take barrel", "supervisor")


def distances(s):
    return [int(o.split()[1]) for o in options(s) if o.startswith("distance")]


def test_the_group_value_moves_it_for_free_and_each_gold_one_square_more_or_fewer():
    """"Il numero di caselle può essere incrementato o ridotto pagando dell'Oro ... di una casella per moneta
    d'Oro spesa. Come conseguenza, è anche possibile non muovere affatto il Supervisore" """
    assert distances(moving(gold=0)) == [3]
    assert distances(moving(gold=2)) == [1, 2, 3, 4, 5]
    assert distances(moving(gold=3)) == [0, 1, 2, 3, 4, 5, 6]
    s = moving(gold=3)
    assert GAME.describe_action(s, BLUE, GAME.parse_action("distance 0")).text("en") == "0 squares (pay 3 gold)"
    assert GAME.describe_action(s, BLUE, GAME.parse_action("distance 3")).text("it") == "3 caselle (gratis)"


def test_the_hammam_changes_the_move_by_up_to_three_for_free_and_gold_adds_more():
    """"Un giocatore che possiede l'Hammam può modificare il movimento del Supervisore fino a tre caselle senza
    pagare niente ... Il giocatore può comunque aggiungere monete d'Oro per modificare il movimento ... di più
    di tre caselle." """
    assert distances(moving(hammam=True)) == [0, 1, 2, 3, 4, 5, 6]
    assert distances(moving(hammam=True, gold=2)) == list(range(9))
    s = at(moving(hammam=True, gold=2), "distance 8")  # only w8 is 8 squares from the centre
    assert s.supervisor == "w8" and s.players[BLUE].gold == 0


def test_never_back_and_forth_so_a_move_ends_at_the_road_distance():
    """"il Supervisore non può essere mosso avanti ed indietro sulla stessa casella nello stesso spostamento":
    from w2 a move of 3 ends on w5 or, through the centre, on e1, n1 or s1 — never back on w1 (w2, w1, w2, w1)."""
    assert squares_at("w2", 2) == ("c", "w4")
    assert squares_at("w2", 3) == ("w5", "e1", "n1", "s1")
    assert squares_at("n3", 6) == ("w3", "e3", "s3")  # not n4 and back down the arm
    assert squares_at("c", 0) == ("c",)


def test_a_move_longer_than_the_road_is_not_offered():
    s = moving(gold=20, at_square="n4")
    assert max(distances(s)) == 4 + 10  # to the far end of the West arm


def test_a_single_square_at_that_distance_is_reached_at_once():
    s, events = play(moving(gold=0, at_square="w9"), "distance 3")
    assert s.supervisor == "w6" and "moved" in keys(events)


def test_the_supervisors_squares_read_in_italian_with_their_article():
    """"dalla casella Ovest 9 alla casella Ovest 6", as the centre: never "da Centro" or "a Centro"."""
    s = moving(gold=0, at_square="c")
    assert "dalla casella Centro?" in GAME.prompt(s, BLUE).text("it")
    _, events = play(moving(gold=0, at_square="w9"), "distance 3")
    assert any("dalla casella Ovest 9 alla casella Ovest 6 (" in line for line in texts(events, "it"))


def test_cubes_in_the_shop_it_stops_at_go_to_the_caravan_whoever_owns_them():
    """"Se il movimento del Supervisore termina tra uno o più negozi che contengono cubi, i cubi in questi negozi
    (non importa di chi siano i cubi) sono spediti automaticamente alla carovana" """
    s = moving(at_square="w6")
    cubes_in(s, BLUE, "bag-c1")  # w3 faces it: Blue's own cube goes too
    s = at(s, "distance 3", "to w3")
    assert s.caravan == [BLUE] and "bag-c1" not in s.shops


def test_two_shops_the_mover_orders_them_and_each_owner_may_pay_a_camel_to_keep_theirs():
    """"seguendo l'ordine scelto dal giocatore che ha mosso il Supervisore"; "ogni giocatore il cui cubo deve
    essere spedito ... può, scartando un Cammello dalla sua riserva, lasciare il suo cubo sul negozio e spedire
    alla Carovana un altro cubo preso dalla sua riserva." """
    s = moving(at_square="w2")
    cubes_in(s, GREEN, "bag-c2")
    cubes_in(s, RED, "barrel-a1")
    s.players[RED].camels = 1
    s = at(s, "distance 3", "to s1")
    assert active(s) == BLUE and options(s) == ["first bag-c2", "first barrel-a1"]
    s = at(s, "first barrel-a1")
    assert active(s) == RED and options(s) == ["keep", "send"]  # Green has no camel: not asked
    red_cubes = s.players[RED].cubes
    s, events = play(s, "keep")
    assert s.shops["barrel-a1"] == RED and s.players[RED].camels == 0 and s.players[RED].cubes == red_cubes - 1
    assert s.caravan == [RED, GREEN] and "bag-c2" not in s.shops
    assert keys(events)[:4] == ["kept", "caravan_place", "shipped", "caravan_place"]


def test_a_move_of_zero_sends_the_cubes_facing_the_supervisor():
    """Decision 8: "è anche possibile non muovere affatto il Supervisore": the move (of 0) ends where it stands,
    and the cubes it faces go to the caravan (else a move of 0 would do less than taking a card)."""
    s = moving(gold=3, at_square="w3")
    cubes_in(s, GREEN, "bag-c1")
    s = at(s, "distance 0")
    assert s.caravan == [GREEN] and s.players[BLUE].gold == 0


@pytest.mark.parametrize("seats, places", [(3, 9), (4, 12)])
def test_places_score_two_one_zero_by_row(seats, places):
    """"2 punti per la linea in basso, 1 punto per la linea intermedia e niente per la linea in alto"; with 3
    players "il primo Cammello di ogni linea non viene utilizzato". """
    assert capacity(seats) == places
    row = places // 3
    s = blank(seats)
    ctx = Ctx(s)
    for _ in range(places - 1):
        load_cube(ctx, BLUE)
    assert s.players[BLUE].points["shipping"] == 2 * row + 1 * row
    assert caravan_scores(s) == {BLUE: (places - 1) * 3}


def test_a_full_caravan_scores_at_once_and_is_emptied():
    """"Non appena la Carovana è piena, i cubi che vi sono stati piazzati sono conteggiati ... e la Carovana
    svuotata (i giocatori recuperano i loro rispettivi cubi)." """
    s = blank(3)
    s.caravan = [GREEN, GREEN, RED, BLUE, GREEN, RED, RED, GREEN]
    green, red = s.players[GREEN].cubes, s.players[RED].cubes
    ctx = Ctx(s)
    load_cube(ctx, BLUE)  # the 9th place, top row: 0 points
    assert s.caravan == []
    assert s.players[GREEN].points["caravan"] == 4 * 3 and s.players[RED].points["caravan"] == 3 * 3
    assert s.players[BLUE].points["caravan"] == 2 * 3 and s.players[BLUE].points["shipping"] == 0
    assert s.players[GREEN].cubes == green + 4 and s.players[RED].cubes == red + 3
    assert keys(ctx.events) == ["caravan_place", "caravan_full"]


def test_the_caravanserai_draws_a_card_for_each_own_cube_sent():
    """"Un giocatore che possiede il Caravanserraglio pesca una carta ogni volta che un suo bene (cubo) è spedito
    alla Carovana." Also for a cube sent from the reserve after paying a camel."""
    s = moving(at_square="w2")
    cubes_in(s, GREEN, "bag-c2")
    cubes_in(s, YELLOW, "barrel-a1")
    s.players[GREEN].buildings = ["caravanserai"]
    s.players[GREEN].camels = 1
    s = at(s, "distance 3", "to s1", "first bag-c2", "keep")
    assert len(s.players[GREEN].cards) == 1 and len(s.players[YELLOW].cards) == 0
