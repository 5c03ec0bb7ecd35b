"""Buildings (004, "B – Costruire un edificio", "Punti Vittoria", "Edifici in dettaglio") and cards (004,
"Carte")."""

import pytest

from engine.yspahan import GAME

from .builders import BLUE, GREEN, active, at, blank, hand, keys, options, play, rolled


def after_camels(camels=0, gold=0, buildings=(), cards=()):
    """Blue has taken the 2 camels of the 1s and is asked what else to do this turn."""
    s = rolled(blank(3, first=BLUE), 1, 1, 2, 3, 4, 5, 6, 6, 6)
    blue = s.players[BLUE]
    blue.camels, blue.gold, blue.buildings = camels, gold, list(buildings)
    hand(s, BLUE, *cards)
    return at(s, "take camel", "action")


def builds(s):
    return [o for o in options(s) if o.startswith("build")]


def test_buildings_cost_camels_and_gold():
    """Recinto 2 camels; Negozio and Hammam 2 + 2; Caravanserraglio 3 + 3; Bazar and Paranco 4 + 4."""
    assert builds(after_camels()) == ["build pen"]  # 2 camels taken
    assert builds(after_camels(camels=1, gold=3)) == ["build pen", "build market", "build hammam",
                                                      "build caravanserai"]
    assert len(builds(after_camels(camels=2, gold=4))) == 6


@pytest.mark.parametrize("owned, points", [(0, 0), (1, 0), (2, 5), (3, 5), (4, 5), (5, 10)])
def test_building_points_by_how_many_the_player_has(owned, points):
    """"I primi due edifici ... non fanno ottenere punti. Il terzo, quarto e quinto edificio valgono 5 punti
    ognuno. Infine, l'ultimo edificio costruito vale 10 punti." """
    others = ["market", "hammam", "caravanserai", "bazaar", "hoist"][:owned]
    s = after_camels(buildings=others)
    s, events = play(s, "build pen")
    assert s.players[BLUE].points["buildings"] == points and s.players[BLUE].buildings[-1] == "pen"


def test_one_building_per_turn_and_each_building_once():
    """"Un giocatore può costruire ogni tipo di edifico solo una volta." The build is one per turn."""
    s = after_camels(camels=10, gold=10, buildings=["hammam"])
    assert "build hammam" not in builds(s)
    s = at(s, "build pen")
    assert active(s) == GREEN  # nothing else to do: the turn ended by itself


def test_powers_of_the_pen_and_the_market():
    """Recinto: "prende gratis un altro Cammello"; Negozio: "prende due monete d'Oro gratis"."""
    s = rolled(blank(3, first=BLUE), 1, 1, 2, 3, 4, 5, 6, 6, 6)
    s.players[BLUE].buildings = ["pen", "market"]
    assert GAME.describe_action(at(s, "take camel"), BLUE, GAME.parse_action("action")).text("en") == "Take 3 camels"
    s = at(s, "take gold", "action")
    assert s.players[BLUE].gold == 2 + 3 + 2


def test_build_cards_waive_the_camels_or_the_gold():
    """"Costruisci uno (e solo uno per turno) edificio speciale senza pagare il costo in Cammelli ... Per esempio:
    puoi costruire il Paranco pagando solo 4 monete d'Oro." (and the same without the gold)."""
    s = after_camels(camels=-2, gold=4, cards=("nocamels", "nogold"))
    assert "build hoist nocamels" in builds(s) and "build hoist" not in builds(s)
    s, events = play(s, "build hoist nocamels")
    blue = s.players[BLUE]
    assert blue.buildings == ["hoist"] and blue.gold == 0 and blue.camels == 0 and blue.cards == ["nogold"]
    assert s.discards == ["nocamels"] and keys(events)[0] == "built_card"
    s2 = after_camels(camels=2, gold=0, cards=("nogold",))  # 4 camels
    assert "build hoist nogold" in builds(s2)


def test_a_build_card_is_not_offered_where_it_saves_nothing():
    """Decision 11: the Pen costs no gold, so "build without gold" would be a wasted card."""
    s = after_camels(cards=("nogold",))
    assert "build pen nogold" not in builds(s) and "build pen" in builds(s)


def test_the_simple_cards():
    """"Prendi 3 Cammelli", "Prendi 3 monete d'Oro", "Piazza un cubo dalla tua riserva sulla prima casella vuota
    della Carovana ed ottieni i punti relativi. Attenzione: anche se possiedi il Caravanserraglio, questa azione
    non ti consente di prendere una nuova carta." """
    s = after_camels(buildings=["caravanserai"], cards=("camels3", "gold3", "caravancube"))
    s = at(s, "cards")
    assert options(s) == ["play camels3", "play gold3", "play caravancube", "back"]
    s = at(s, "play camels3", "cards", "play gold3", "cards", "play caravancube")
    blue = s.players[BLUE]
    assert (blue.camels, blue.gold, blue.cards) == (2 + 3, 0 + 3, [])
    assert s.caravan == [BLUE] and blue.points["shipping"] == 2
    assert s.discards == ["camels3", "gold3", "caravancube"]


def test_the_exchange_card_swaps_one_for_one_in_either_direction():
    """"Per ogni moneta d'Oro data alla riserva, prendi un Cammello. Per ogni Cammello, prendi una moneta
    d'Oro." """
    s = at(after_camels(gold=3, cards=("swap",)), "cards", "play swap")
    assert options(s) == ["give gold", "give camels", "back"]
    s = at(s, "give gold")
    assert options(s) == ["amount 1", "amount 2", "amount 3", "back"]
    s = at(s, "amount 2")
    assert (s.players[BLUE].gold, s.players[BLUE].camels) == (1, 2 + 2)


def test_a_long_amount_is_shown_a_page_at_a_time():
    s = at(after_camels(gold=42, cards=("swap",)), "cards", "play swap", "give gold")
    assert options(s)[-3:] == ["amount 20", "more", "back"]
    s = at(s, "more", "more")
    assert options(s) == ["amount 41", "amount 42", "less", "back"]
    s = at(s, "amount 42")
    assert s.players[BLUE].gold == 0 and s.players[BLUE].camels == 44


def test_camels_and_gold_for_points_within_their_limits():
    """"Scarta Cammelli ... 2 punti per cammello scartato. Attenzione: non puoi scartare più di 4 Cammelli";
    "Scarta monete d'Oro ... 1 punto per moneta ... non puoi scartare più di 10 monete d'Oro" """
    s = at(after_camels(camels=8, gold=12, cards=("camelpoints", "goldpoints")), "cards", "play camelpoints")
    assert options(s)[-2:] == ["amount 4", "back"]
    s = at(s, "amount 4", "cards", "play goldpoints")
    assert options(s)[-2:] == ["amount 10", "back"]
    s = at(s, "amount 10")
    assert s.players[BLUE].points["cards"] == 8 + 10 and (s.players[BLUE].camels, s.players[BLUE].gold) == (6, 2)


def test_the_shop_card_follows_the_souk_rules_anywhere_in_the_city():
    """"Piazza un cubo dalla tua riserva su un qualsiasi negozio nella Città. Attenzione: non puoi piazzare un
    cubo su un negozio appartenente ad un souk che è stato iniziato da un altro giocatore..." """
    s = after_camels(cards=("shopcube",))
    s.shops.update({"vase-a1": GREEN, "vase-b1": GREEN, "vase-c1": GREEN})
    s = at(s, "cards", "play shopcube")
    assert options(s) == ["quarter bag", "quarter barrel", "quarter chest", "back"]
    s = at(s, "quarter chest")
    assert len(options(s)) == 9 + 1
    s = at(s, "shop chest-c2")
    assert s.shops["chest-c2"] == BLUE and s.discards == ["shopcube"]


def test_cards_may_be_played_before_rolling_before_choosing_and_after_the_action_any_number():
    """"In qualsiasi momento durante il suo turno di gioco, un giocatore può giocare una carta ... Il numero di
    carte che un giocatore può usare durante il suo turno è illimitato" (decision 9: at those three moments)."""
    s = blank(3, first=BLUE)
    hand(s, BLUE, "gold3", "gold3")
    s = at(s, "cards", "play gold3")
    assert s.players[BLUE].gold == 5 and options(s)[-1] == "cards"
    s = at(s, "roll 3")
    assert options(s)[-1] == "cards"
    s = at(s, "cards", "back")
    assert active(s) == BLUE and s.tasks[-1].kind == "choose"


def test_back_undoes_nothing_that_happened():
    s = after_camels(gold=3, cards=("swap",))
    before = GAME.dump_state(s)
    s = at(s, "cards", "play swap", "give gold", "back", "back")
    assert GAME.dump_state(s)["players"] == before["players"] and s.tasks[-1].kind == "after"


def test_the_deck_is_rebuilt_from_the_shuffled_discards_when_it_runs_out():
    """"Se il mazzo è esaurito, mescolare gli scarti per formarne uno nuovo." """
    s = rolled(blank(3, first=BLUE), 1, 1, 2, 3, 4, 5, 6, 6, 6)
    s.discards, s.deck = s.deck[:5], []
    s, events = play(s, "take camel", "draw")
    assert keys(events)[1:3] == ["reshuffled", "drew"]
    assert len(s.deck) == 4 and not s.discards and len(s.players[BLUE].cards) == 1


def test_only_the_drawer_reads_which_card_was_drawn():
    s = rolled(blank(3, first=BLUE), 1, 1, 2, 3, 4, 5, 6, 6, 6)
    top = s.deck[-1]
    s, events = play(s, "take camel", "draw")
    private = [e for e in events if e.audience is not None]
    assert [e.audience for e in private] == [frozenset({BLUE})] and private[0].params["card"]["key"].endswith(top)
    assert all(top not in str(e.params) for e in events if e.audience is None)
