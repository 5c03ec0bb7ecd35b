"""Refusals: every illegal move is refused naming the rule, in English and Italian, and loses nothing.

House rule ("Bad input gets a clear sentence, never a crash, and loses nothing"); the rules named are those of
004_fe5b7b6409874d09.txt cited in each scenario.
"""

import pytest

from engine.core.errors import GameOver, Illegal, Malformed, NotYourTurn
from engine.yspahan import GAME
from tests.support.positions import editable
from tests.support.refusals import assert_refused_losing_nothing, rules_refused

from .builders import BLUE, GREEN, active, at, blank, cubes_in, hand, options, rolled

# A safeguard the offered moves never reach: the exchange card asks what to give only when both can be given.
UNREACHABLE = {"nothing_to_give"}


def day(seats=3, **blue):
    """Blue to choose from 1, 1, 2, 3, 4, 5, 6, 6, 6 (Camels 2 dice, Bag 1, Barrel 1, Chest 1, Vase 1, Gold 3)."""
    s = rolled(blank(seats, first=BLUE), 1, 1, 2, 3, 4, 5, 6, 6, 6)
    player = s.players[BLUE]
    for name, value in blue.items():
        setattr(player, name, value)
    return s


def after(**blue):
    return at(day(**blue), "take gold", "action")


def no_cards_anywhere():
    s = day()
    s.deck, s.discards = [], []
    return at(s, "take camel")


def supervisor(gold=0, at_square="c"):
    s = day(gold=gold)
    s.supervisor = at_square
    return at(s, "take barrel", "supervisor")


SCENARIOS = {
    # "Il Bazar: (costo 4 Cammelli e 4 monete d'Oro)"
    "building_cost": lambda: (after(camels=3), "build bazaar"),
    # "Un giocatore può costruire ogni tipo di edifico solo una volta."
    "built_already": lambda: (after(camels=3, buildings=["pen"]), "build pen"),
    # decision 11: a build card only where it saves something
    "card_saves_nothing": lambda: (after(camels=3, cards=["nogold"]), "build pen nogold"),
    # "Non potete piazzare cubi in un souk se avete già un souk non completo nello stesso quartiere."
    "finish_your_souk": lambda: (_placing("vase", own=["vase-b1"]), "shop vase-a1"),
    # "Il numero di caselle può essere incrementato o ridotto pagando dell'Oro"
    "move_cost": lambda: (supervisor(gold=1), "distance 1"),
    # "Scarta Cammelli alla riserva generale"
    "no_camels": lambda: (_menu(cards=["camelpoints", "gold3"]), "play camelpoints"),
    # "scartare una ed una carta soltanto ... per ottenere un dado ulteriore"
    "no_card_to_discard": lambda: (at(day(), "take camel"), "boost"),
    # "un giocatore può giocare una carta per provocare gli effetti descritti sopra di essa"
    "no_card_to_play": lambda: (after(cards=["camelpoints"]), "cards"),
    # "Prendere una carta: Il giocatore prende una carta dal mazzo" (and the discards are empty too)
    "no_cards_left": lambda: (no_cards_anywhere(), "draw"),
    # "Il giocatore prende tanti cubi dalla riserva personale" (house: 24 cubes in the reserve)
    "no_cube_left": lambda: (at(day(cubes=0), "take vase"), "action"),
    # "Un giocatore non può scegliere questa azione se tutti I negozi nel quartiere sono stati riempiti"
    "no_free_shop": lambda: (_vase_full(), "action"),
    # "non puoi piazzare un cubo su un negozio appartenente ad un souk che è stato iniziato da un altro giocatore"
    "no_free_shop_anywhere": lambda: (_city_taken(), "play shopcube"),
    # "Scarta monete d'Oro ed ottieni 1 punto per moneta d'Oro scartata."
    "no_gold": lambda: (_menu(gold=0, cards=["goldpoints", "gold3"]), "play goldpoints"),
    # cards are played from one's own hand
    "not_in_hand": lambda: (_menu(cards=["gold3"]), "play camels3"),
    # a move that is not asked now: the refusal repeats the question
    "not_now": lambda: (day(), "shop bag-a1"),
    # "Scambia dei Cammelli o dell'Oro con la riserva generale"
    "nothing_to_swap": lambda: (_menu(gold=0, cards=["swap", "gold3"]), "play swap"),
    # one build per turn: "Costruisci uno (e solo uno per turno) edificio speciale"
    "one_building_per_turn": lambda: (at(after(camels=9, gold=9, cards=["gold3"]), "build pen"), "build market"),
    # the road is a cross of 29 squares
    "road_too_short": lambda: (supervisor(gold=20, at_square="c"), "distance 11"),
    # "Potete piazzare soltanto un cubo per negozio."
    "shop_taken": lambda: (_placing("bag", theirs=["bag-c1"]), "shop bag-c1"),
    # "Il gruppo scelto non sarà più disponibile al prossimo giocatore." (and empty slots have no dice)
    "slot_empty": lambda: (rolled(blank(3), *[1] * 9), "take gold"),
    # "Non potete piazzare cubi in un souk il quale ha già negozi occupati da un altro giocatore."
    "souk_taken": lambda: (_placing("bag", theirs=["bag-c1"]), "shop bag-c2"),
    # "può pagare 1 moneta d'Oro per ogni dado Giallo"
    "yellow_dice_cost": lambda: (blank(3, first=BLUE), "roll 3"),
}


def _placing(quarter, own=(), theirs=()):
    s = day()
    cubes_in(s, BLUE, *own)
    cubes_in(s, GREEN, *theirs)
    return at(s, f"take {quarter}", "action")


def _vase_full():
    s = day()
    cubes_in(s, GREEN, "vase-a1", "vase-b1", "vase-c1")
    return at(s, "take vase")


def _menu(gold=2, cards=()):
    s = day(gold=gold)
    hand(s, BLUE, *cards)
    return at(s, "cards")


def _city_taken():
    s = editable(GAME, _menu(cards=["shopcube", "gold3"]))
    for souk in ("bag-a", "bag-b", "bag-c", "bag-d", "barrel-a", "barrel-b", "barrel-c", "barrel-d",
                 "chest-a", "chest-b", "chest-c", "vase-a", "vase-b", "vase-c"):
        s.shops[f"{souk}1"] = GREEN
    return s


def test_every_rule_refusal_of_the_engine_has_a_scenario():
    """Every rule the engine can refuse with is exercised below and worded in English and Italian."""
    assert rules_refused("yspahan") - UNREACHABLE == set(SCENARIOS)


@pytest.mark.parametrize("rule", sorted(SCENARIOS))
def test_a_refusal_names_the_rule_in_english_and_italian_and_loses_nothing(rule):
    """Each scenario cites its passage of 004 above; the refusal leaves the match exactly as it was."""
    s, notation = SCENARIOS[rule]()
    assert_refused_losing_nothing(GAME, "yspahan", rule, s, active(s), notation, options)


def test_refusals_come_in_a_fixed_order():
    """The engine contract (docs/architecture.md): game over → not your turn → malformed → illegal."""
    s = day()
    with pytest.raises(NotYourTurn):
        GAME.apply(s, GREEN, "gibberish !!")
    with pytest.raises(Malformed) as caught:
        GAME.apply(s, BLUE, "take tea")
    assert "take tea" in caught.value.text("en") and "take tea" in caught.value.text("it")
    with pytest.raises(Malformed) as caught:
        GAME.apply(s, BLUE, "dance")
    assert caught.value.message.key == "yspahan.malformed.verb"
    over = blank(3)
    over.phase = "over"
    with pytest.raises(GameOver):
        GAME.apply(over, BLUE, "gibberish")


def test_not_now_repeats_the_question_in_the_players_language():
    s, notation = SCENARIOS["not_now"]()
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, BLUE, notation)
    assert caught.value.text("en") == ("That move is not one of your choices right now. "
                                       "Blue: which group of dice do you take?")
    assert caught.value.text("it").startswith("Questa mossa ora non è tra le tue scelte. Blu")
