"""Supplying a quarter: cubes into shops under the souk rules (004, "Rifornire alcuni negozi nel quartiere
corrispondente", "Regole di piazzamento dei cubi nei negozi")."""

from engine.yspahan import GAME
from engine.yspahan.city import free_shops, shop_refusal

from .builders import BLUE, GREEN, active, at, blank, cubes_in, hand, keys, options, play, rolled


def vase_day(seats=3):
    """Blue to choose; the Vase slot holds three 5s (the 6s are on gold)."""
    return rolled(blank(seats, first=BLUE), 1, 1, 2, 3, 4, 5, 5, 5, 6)


def test_one_cube_per_shop_and_never_in_another_players_souk():
    """"Potete piazzare soltanto un cubo per negozio." "Non potete piazzare cubi in un souk il quale ha già negozi
    occupati da un altro giocatore." """
    s = blank(3)
    cubes_in(s, GREEN, "bag-a1")
    assert shop_refusal(s.shops, BLUE, "bag-a1") == "yspahan.illegal.shop_taken"
    assert shop_refusal(s.shops, BLUE, "bag-a2") == "yspahan.illegal.souk_taken"
    assert shop_refusal(s.shops, GREEN, "bag-a2") is None


def test_finish_your_souk_before_starting_another_in_the_same_quarter():
    """"Non potete piazzare cubi in un souk se avete già un souk non completo nello stesso quartiere." Other
    quarters are not concerned."""
    s = blank(3)
    cubes_in(s, BLUE, "bag-c1")
    assert free_shops(s.shops, BLUE, "bag") == ["bag-c2", "bag-c3"]
    assert shop_refusal(s.shops, BLUE, "bag-a1") == "yspahan.illegal.finish_your_souk"
    assert "barrel-a1" in free_shops(s.shops, BLUE, "barrel")
    cubes_in(s, BLUE, "bag-c2", "bag-c3")  # completed: another souk may be started
    assert len(free_shops(s.shops, BLUE, "bag")) == 15


def test_a_souk_may_be_finished_and_another_started_in_the_same_turn():
    """"Non siete tenuti a completare un souk in un turno. Invece, potete finire un souk e iniziarne un altro nel
    corso dello stesso turno." """
    s = vase_day()
    cubes_in(s, BLUE, "vase-b1")
    s = at(s, "take vase", "action")
    assert options(s) == ["shop vase-b2"]
    s = at(s, "shop vase-b2")
    assert options(s) == ["shop vase-a1", "shop vase-c1", "shop vase-c2", "shop vase-c3"]
    s = at(s, "shop vase-c1", "shop vase-c2")
    assert {shop for shop, seat in s.shops.items() if seat == BLUE} == {"vase-b1", "vase-b2", "vase-c1", "vase-c2"}


def test_cubes_with_no_shop_left_are_lost_back_to_the_reserve():
    """"Se il gruppo di dadi scelto consente ad un giocatore di piazzare più cubi dei negozi rimasti nel quartiere,
    i cubi in eccesso sono persi (ossia, tornano nella riserva personale del giocatore)." Only the shops the
    player may use count: here Green holds the Vase's 12-point souk."""
    s = vase_day()
    cubes_in(s, GREEN, "vase-c1")
    cubes_in(s, BLUE, "vase-b1")
    reserve = s.players[BLUE].cubes
    s, events = play(s, "take vase", "action", "shop vase-b2", "shop vase-a1")
    assert keys(events)[:4] == ["supplies", "placed", "placed", "cubes_lost"]
    lost = next(e for e in events if e.key.endswith("cubes_lost"))
    assert lost.params["cubes"]["params"]["n"] == 1 and s.players[BLUE].cubes == reserve - 2


def test_a_quarter_with_no_shop_for_the_player_cannot_be_supplied():
    """"Un giocatore non può scegliere questa azione se tutti I negozi nel quartiere sono stati riempiti oppure
    sono occupati da un altro giocatore" """
    s = vase_day()
    cubes_in(s, GREEN, "vase-a1", "vase-b1", "vase-c1")
    s = at(s, "take vase")
    assert "action" not in options(s) and "supervisor" in options(s)


def test_the_hoist_adds_a_cube_and_a_discarded_card_adds_a_die():
    """Paranco: "piazza gratis un cubo in più"; Carte: "scartare una ed una carta soltanto ... per ottenere un dado
    ulteriore ... piazzare un cubo in più in un quartiere. Questo potere può essere usato in combinazione con i
    poteri degli edifici" """
    s = vase_day()
    s.players[BLUE].buildings = ["hoist"]
    hand(s, BLUE, "gold3", "swap")
    s = at(s, "take vase")
    assert GAME.describe_action(s, BLUE, GAME.parse_action("action")).text("en") == "Place 4 cubes in the Vase quarter"
    s = at(s, "boost")
    assert options(s) == ["discard swap", "discard gold3", "back"]
    s, events = play(s, "discard gold3")
    assert s.players[BLUE].cards == ["swap"] and s.discards == ["gold3"]
    assert next(e for e in events if e.key.endswith("supplies")).params["cubes"]["params"]["n"] == 3 + 1 + 1


def test_a_card_cannot_add_a_die_without_a_card():
    s = at(vase_day(), "take vase")
    assert "boost" not in options(s)


def test_two_unfinished_souks_in_a_quarter_may_both_be_continued():
    """Decision 4: a player whose completed souk was reopened by the supervisor, while another of theirs is under
    way in the same quarter, may go on with either (never start a third)."""
    s = blank(3)
    cubes_in(s, BLUE, "vase-c1", "vase-b1")  # two unfinished souks of Blue in the Vase
    assert free_shops(s.shops, BLUE, "vase") == ["vase-b2", "vase-c2", "vase-c3"]


def test_the_turn_order_goes_on_after_placing():
    s = at(vase_day(), "take vase", "action", "shop vase-a1", "shop vase-b1", "shop vase-b2")
    assert active(s) == GREEN  # nothing to build, no card: Blue's turn ended by itself


def test_placing_needs_a_cube_in_the_reserve():
    s = vase_day()
    s.players[BLUE].cubes = 0
    s = at(s, "take vase")
    assert "action" not in options(s)


def test_the_shops_listed_souk_by_souk_are_those_the_rules_let_through_one_by_one():
    """`free_shops` (the options of a placement) applies `shop_refusal`'s rules a souk at a time: along a seeded
    match, for every player and quarter, it lists exactly the shops that `shop_refusal` does not refuse; and
    `any_free_shop` (whether a supply may be chosen) says whether it lists any, in a quarter and in the city."""
    from engine.ai import play_out
    from engine.yspahan.city import CITY, any_free_shop
    from engine.yspahan.vocab import QUARTERS

    final, log = play_out(GAME, ["heuristic"] * 4, 5)
    s = GAME.new_game(None, 4, 5)
    checked, busiest, none_free = 0, 0, 0
    for seat, notation in log:
        s, _ = GAME.apply(s, seat, notation)
        busiest = max(busiest, len(s.shops))
        for player in range(4):
            for quarter in QUARTERS:
                shops = [x for souk in CITY.quarter_souks(quarter) for x in souk.shops]
                free = [x for x in shops if shop_refusal(s.shops, player, x) is None]
                assert free_shops(s.shops, player, quarter) == free
                assert any_free_shop(s.shops, player, quarter) == bool(free)
                checked += 1
                none_free += not free
            assert any_free_shop(s.shops, player) == bool(free_shops(s.shops, player))
    assert s == final and checked > 1000 and busiest > 20 and none_free > 20
