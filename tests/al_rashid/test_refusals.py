"""Refusals: every illegal move is refused naming the rule, in English and Italian, and loses nothing.

House rule ("Bad input gets a clear sentence, never a crash, and loses nothing"); the rules named are those of
000_081cc785cafbe572.txt cited in each scenario.
"""

import pytest

from engine.al_rashid import GAME
from engine.core.errors import GameOver, Illegal, Malformed, NotYourTurn
from tests.support.positions import editable
from tests.support.refusals import assert_refused_losing_nothing, rules_refused

from .builders import (
    RED,
    YELLOW,
    active,
    blank,
    goods,
    hand,
    mercenaries,
    new,
    options,
    play,
    put,
    resolve_from,
    settle,
)

# Safeguards the offered moves never reach (a one-click payment is only ever the suggested one; a swap is
# only ever offered between two different goods).
UNREACHABLE = {"not_your_goods", "same_good"}


def resolving(*pieces, charges=(), held=None, cards=(), tiles=None):
    """Red to move in a resolution with `pieces` = (area, seat, {piece: n}) on the board."""
    s = blank(2)
    s.families[RED].charges = list(charges)
    for area, seat, counts in pieces or (("culture", RED, {"sage": 1}),):
        put(s, area, seat, **counts)
    goods(s, RED, **(held or {}))
    hand(s, RED, *cards)
    for area, kinds in (tiles or {}).items():
        mercenaries(s, area, *kinds)
    return resolve_from(s)


def at(s, *moves):
    return play(s, *moves)[0]


def in_palace(palace, held=None, **kw):
    return at(resolving((palace, RED, {"pasha": 1}), held=held, **kw), f"resolve {palace}")


def spy(**kw):
    return at(resolving(("spies", RED, {"pasha": 1}), ("nilus_valley", RED, {"sage": 1}), **kw),
              "resolve spies", "do service")


def fighting(cards, tiles=("red-3",)):
    return at(resolving(("silk_road", RED, {"pasha": 1}), cards=cards, tiles={"silk_road": list(tiles)}),
              "resolve silk_road")


def placing():
    return settle(put(blank(2), "culture", RED, pasha=1))


def without_charge(palace, charge, **kw):
    s = in_palace(palace, held={"hardwood": 3, "pottery": 3, "metal": 3, "silk": 3}, **kw)
    offered = list(s.charges[palace])
    offered.remove(charge)
    s.charges[palace] = tuple(offered)
    return at(s, "do charge")


def payment():
    s = in_palace("culture", held={"hardwood": 2, "silk": 1, "spice": 1})
    return at(s, "do service")


def empty_piles(s):
    for colour in ("red", "blue"):
        s.piles[colour], s.discards[colour] = (), ()
    return s


def impostor():
    s = in_palace("spies", held={"hardwood": 3, "pottery": 3, "metal": 3})
    s = at(s, "do charge", "charge impostor")
    s = at(s, next(o for o in options(s) if o.startswith("pay ")), "favour politics")
    return s


SCENARIOS = {
    # 000 "Risolvere un'area di gioco": "una delle tredici aree di gioco, su cui sia presente almeno una pedina"
    "area_empty": lambda: (resolving(), "resolve military"),
    # 000 "Risoluzione": an area is resolved once a turn
    "area_resolved": lambda: (at(resolving(("culture", RED, {"sage": 1}), ("spies", RED, {"sage": 1}),
                                           ("military", YELLOW, {"sage": 1})), "resolve culture", "do nothing",
                                 (YELLOW, "resolve military"), (YELLOW, "do nothing")), "resolve culture"),
    # 000 "Palazzi delle Corporazioni": "... se non si hanno i soldi per pagarla"
    "cannot_afford": lambda: (in_palace("politics", held={"hardwood": 2}), "do service"),
    # 000 "Setup Cariche": each charge tile is conferred once
    "charge_gone": lambda: (without_charge("merchant", "trader"), "charge trader"),
    # 003: "un giocatore non può avere due cariche uguali"
    "charge_twice": lambda: (at(in_palace("merchant", held={"hardwood": 3, "pottery": 3, "metal": 3, "silk": 3},
                                          charges=["trader"]), "do charge"), "charge trader"),
    # 000 "Tipi di Cariche": "Ogni Carica che si attiva può essere usata una sola volta per turno"
    "charge_used": lambda: (at(resolving(("culture", RED, {"sage": 1}), ("spies", RED, {"sage": 1}),
                                         ("military", YELLOW, {"sage": 1}), charges=["metal_importer"]),
                               "activate metal_importer", "resolve culture", "do nothing",
                               (YELLOW, "resolve military"), (YELLOW, "do nothing")), "activate metal_importer"),
    # 000 "La Battaglia": "DEVE scartare 1 o più tessere mercenario"
    "commit_first": lambda: (at(fighting(["red-2"]), "fight"), "confirm"),
    # 000 Impostore: "I favori devono essere differenti"
    "favour_twice": lambda: (impostor(), "favour politics"),
    # 000 "Cariche": only the charges left in the palace may be conferred
    "no_charge_for_you": lambda: (_no_charges_left(), "do charge"),
    # 000 Commerciante: "scambia una merce comune per le altre due"
    "no_common_good": lambda: (resolving(charges=["trader"], held={"silk": 2}), "activate trader"),
    # 000 Contrabbandiere: "scambia un bene"
    "no_goods": lambda: (resolving(charges=["smuggler"]), "activate smuggler"),
    # 000 Negoziatore: "guardare le tessere mercenario presenti su di un territorio"
    "no_mercenaries_on_map": lambda: (resolving(charges=["negotiator"]), "activate negotiator"),
    # 000 "Merci e Ori": a family pays with the goods it has
    "no_more_of": lambda: (at(payment(), "add silk"), "add silk"),
    # 000 "La Battaglia": tiles "dalla propria riserva"
    "no_more_tiles": lambda: (at(fighting(["red-2", "red-3"]), "fight", "commit red-2"), "commit red-2"),
    # 000 Spie: "Muovere una pedina della propria famiglia da un territorio"
    "no_own_piece_there": lambda: (spy(), "from sanmatia"),
    # 000 "Piazzamento": a family places the pieces it has
    "no_piece": lambda: (placing(), "piece pasha"),
    # 000 Informatore: "puoi muovere una tua pedina da un territorio"
    "no_piece_there": lambda: (at(resolving(("silk_road", RED, {"pasha": 1, "sage": 1}), charges=["informer"]),
                                  "from silk_road"), "piece merchant"),
    # 000 "La Battaglia": "Non può decidere di combattere se non ha tessere mercenario in mano"
    "no_tiles_to_fight": lambda: (fighting(["blue-4"]), "fight"),
    # a move that is not asked now: the refusal repeats the question
    "not_now": lambda: (placing(), "fight"),
    # 000 "Il Commercio": "tra quelle presenti in quel territorio"
    "not_on_territory": lambda: (at(resolving(("mare_indianum", RED, {"pasha": 1})), "resolve mare_indianum"),
                                 "pick metal"),
    # 000 "Attivare l'effetto di una Carica": "attivare uno ed uno solo degli effetti delle sue Cariche"
    "not_your_charge": lambda: (resolving(held={"silk": 1}), "activate smuggler"),
    # 000 Spie: "Guardare il valore di tutti i mercenari presenti su un territorio"
    "nothing_to_look_at": lambda: (spy(), "look sanmatia"),
    # 000 "Dominio": "ogni giocatore può piazzare solo 1 Pascià o solo 1 Mercante"
    "one_leader": lambda: (at(settle(put(blank(2), "culture", RED, merchant=1)), "piece pasha"), "place culture"),
    # 000 "Merci e Ori": "il gioco NON FORNISCE RESTO"
    "paid_enough": lambda: (at(payment(), "add silk", "add spice", "add hardwood"), "add hardwood"),
    # 000 "Palazzo di Al-Rashid": "Il primo pezzo ... deve essere obbligatoriamente un Pascià"
    "pasha_first": lambda: (at(placing(), "piece sage"), "place caliph"),
    # 000 "Città": the total is paid at once
    "payment_short": lambda: (at(payment(), "add silk"), "confirm"),
    # 000 "Componenti delle Famiglie": "3 Pascià, 4 Mercanti, 6 Saggi"
    "piece_limit": lambda: (_at_limit(), "do service"),
    # decision 19: nothing is drawn from an empty pile with no discards
    "pile_empty": lambda: (_setup_without_red(), "draw red"),
    # decision 19, and 000 Reclutatore
    "piles_empty": lambda: (empty_piles(resolving(charges=["recruiter"])), "activate recruiter"),
    # 000 Spie: "da un territorio ad un altro territorio"
    "same_area": lambda: (at(spy(), "from nilus_valley"), "to nilus_valley"),
    # 000 "Palazzi delle Corporazioni": "non possono farle tutte e tre"
    "three_actions": lambda: (in_palace("culture", held={"hardwood": 4, "pottery": 4, "metal": 4}),
                              "do service charge favour"),
    # 000 "La Battaglia": tiles "del colore dei mercenari presenti sul territorio"
    "wrong_colour": lambda: (at(fighting(["red-2", "blue-4"]), "fight"), "commit blue-4"),
}


def _no_charges_left():
    s = editable(GAME, in_palace("merchant", held={"hardwood": 3, "pottery": 3, "metal": 3, "silk": 3}))
    s.charges["merchant"] = ()
    return s


def _at_limit():
    s = blank(2)
    s.families[RED].owned["pasha"] = 3
    put(s, "politics", RED, sage=1)
    goods(s, RED, hardwood=5, pottery=5, metal=5, silk=5, spice=5)
    return at(resolve_from(s), "resolve politics")


def _setup_without_red():
    s = new(2, seed=3)
    s.piles["red"], s.discards["red"] = (), ()
    return s


def test_every_rule_refusal_of_the_engine_has_a_scenario():
    """Every rule the engine can refuse with is exercised below and worded in English and Italian."""
    assert rules_refused("al_rashid") - UNREACHABLE == set(SCENARIOS)


@pytest.mark.parametrize("rule", sorted(SCENARIOS))
def test_a_refusal_names_the_rule_in_english_and_italian_and_loses_nothing(rule):
    """Each scenario cites its passage of 000 above; the refusal leaves the match exactly as it was."""
    s, notation = SCENARIOS[rule]()
    assert_refused_losing_nothing(GAME, "al_rashid", rule, s, active(s), notation, options)


def test_refusals_come_in_a_fixed_order():
    """The engine contract (docs/architecture.md): game over → not your turn → malformed → illegal."""
    s = placing()
    other = 1 - active(s)
    with pytest.raises(NotYourTurn):
        GAME.apply(s, other, "gibberish !!")
    with pytest.raises(Malformed) as caught:
        GAME.apply(s, active(s), "place atlantis")
    assert "place atlantis" in caught.value.text("en") and "place atlantis" in caught.value.text("it")
    with pytest.raises(Malformed) as caught:
        GAME.apply(s, active(s), "dance")
    assert caught.value.message.key == "al_rashid.malformed.verb"
    over = blank(2)
    over.phase = "over"
    with pytest.raises(GameOver):
        GAME.apply(over, RED, "gibberish")


def test_not_now_repeats_the_question_in_the_players_language():
    """000 "Piazzamento": a move out of turn order of the steps is refused with the question still open."""
    s, notation = SCENARIOS["not_now"]()
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, active(s), notation)
    assert caught.value.text("en") == ("That move is not one of your choices right now. "
                                       "Red: which piece do you place?")
    assert caught.value.text("it").startswith("Questa mossa ora non è tra le tue scelte. Rosso")


def test_action_labels_name_the_piece_not_the_palace_of_the_same_name():
    """'merchant' is both a piece and the Merchants' palace: a label says which one is meant."""
    s = GAME.new_game(None, 3, 1)
    label = GAME.describe_action(s, 0, GAME.parse_action("piece merchant"))
    assert label.text("en") == "Merchant" and label.text("it") == "Mercante"
    assert GAME.describe_action(s, 0, GAME.parse_action("place merchant")).text("en") == "Merchants' palace"
