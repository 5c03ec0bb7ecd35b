"""The guild palaces: services, charges and favours (000_081cc785cafbe572.txt, "Palazzi delle
Corporazioni", "Servizi", "Cariche", "Favori")."""

import pytest

from engine.al_rashid import GAME
from engine.core.errors import EngineError, Illegal

from .builders import (
    GREEN,
    RED,
    YELLOW,
    active,
    asked,
    blank,
    goods,
    hand,
    keys,
    mercenaries,
    options,
    play,
    put,
    resolve_from,
    suggested,
)

RICH = {"hardwood": 4, "pottery": 4, "metal": 4, "silk": 4, "spice": 4}  # 60 gold


def three_in(palace, seats=3, **extra):
    """Red, Yellow and Green in `palace`, dominant in that order, all rich; Red resolves it."""
    s = blank(seats)
    put(s, palace, RED, pasha=1)
    put(s, palace, YELLOW, merchant=1)
    put(s, palace, GREEN, sage=1)
    for seat in (RED, YELLOW, GREEN):
        goods(s, seat, **RICH)
    for area, seat in extra.items():
        put(s, area, seat, sage=1)
    s = resolve_from(s)
    s, _ = play(s, (RED, f"resolve {palace}"))
    return s


def test_one_or_two_of_service_charge_and_favour_never_three():
    """000 "Palazzi delle Corporazioni": "I giocatori che risolvono l'effetto di una corporazione possono fare
    solo 1 o 2 delle tre azioni disponibili, non possono farle tutte e tre"."""
    s = three_in("culture")
    assert options(s) == ["do service", "do charge", "do favour", "do service charge", "do service favour",
                          "do charge favour", "do nothing"]
    with pytest.raises(EngineError) as caught:
        GAME.apply(s, RED, "do service charge favour")
    assert caught.value.message.key == "al_rashid.illegal.three_actions"
    assert "never all three" in caught.value.text("en") and "mai tutte e tre" in caught.value.text("it")
    assert "do service charge favour" not in options(s)


@pytest.mark.parametrize("combo", ["do favour", "do nothing"])
def test_no_primary_action_costs_one_dishonour(combo):
    """000 "Palazzi delle Corporazioni": "se il giocatore non effettua almeno un'azione primaria, prende un
    segnalino disonore"; "Segnalini Disonore": "Interagire con una gilda solo per chiedere un favore al suo
    capo (1 segnalino)" (decision 5: asking nothing counts as no primary action)."""
    s = three_in("politics")
    s, events = play(s, combo)
    if combo == "do favour":
        s, events = play(s, suggested(s))
    assert s.families[RED].dishonour == 1 and "no_primary" in keys(events)


@pytest.mark.parametrize("combo", ["do service", "do charge", "do service favour", "do charge favour"])
def test_a_primary_action_avoids_dishonour(combo):
    """000 "Palazzi delle Corporazioni": at least one primary action (service or charge) means no dishonour."""
    s = three_in("politics")
    s, _ = play(s, combo)
    while active(s) == RED and s.task.kind == "guild":
        opts = options(s)
        s, _ = play(s, suggested(s) if any(o.startswith("pay ") for o in opts) else opts[0])
    assert s.families[RED].dishonour == 0


@pytest.mark.parametrize(("palace", "piece", "costs"), [
    ("culture", "sage", [5, 7, 9]),
    ("merchant", "merchant", [8, 10, 12]),
    ("politics", "pasha", [11, 13, 15]),
])
def test_services_are_priced_by_dominance_rank(palace, piece, costs):
    """000 "Servizi": Cultura 5/7/9 ori, Mercantile 8/10/12 ori, Politica 11/13/15 ori per il primo, il
    secondo, il terzo; "I nuovi membri della famiglia ... vengono piazzati nella riserva personale
    (potranno essere utilizzati nel turno successivo)"."""
    s = three_in(palace)
    for seat, cost in zip((RED, YELLOW, GREEN), costs, strict=True):
        s, _ = play(s, (seat, "do service"))
        assert asked(s) == "al_rashid.ask.guild.pay" and s.task.cost == cost
        before = dict(s.families[seat].owned)
        s, events = play(s, suggested(s))
        assert s.families[seat].owned[piece] == before[piece] + 1
        assert "new_member" in keys(events)
    # The new members wait in the reserve: they are not on the board this turn.
    assert s.families[GREEN].reserve[piece] == 2


def test_military_service_draws_3_2_1_tiles_in_any_colour_mix_for_free():
    """000 "Servizi", Corporazione Militare: "Il giocatore che domina questa corporazione pesca 3 tessere
    mercenario a sua scelta in qualsiasi combinazione. Il secondo pesca 2 ..., il terzo pesca 1" (decision 11:
    one at a time, choosing the pile each time)."""
    s = three_in("military")
    for seat, colours in ((RED, ["red", "blue", "red"]), (YELLOW, ["blue", "blue"]), (GREEN, ["red"])):
        s, _ = play(s, (seat, "do service"))
        for colour in colours:
            assert active(s) == seat and options(s) == ["draw red", "draw blue"]
            s, _ = play(s, f"draw {colour}")
        drawn = [k.split("-")[0] for k, n in s.families[seat].hand.items() for _ in range(n)]
        assert sorted(drawn) == sorted(colours)
        assert s.families[seat].goods == RICH  # nothing paid


def test_spy_moves_come_after_every_other_action_in_the_order_1_2_3_1_2_1():
    """000 "Servizi", Corporazione delle Spie: the first 3 moves, the second 2, the third 1; "La risoluzione di
    questo Servizio ... avviene solo dopo che tutti i giocatori hanno risolto le altre azioni di questo palazzo
    ... in questo ordine: 1° - 2° - 3° - 1° - 2° - 1°"."""
    s = three_in("spies")
    mercenaries(s, "silk_road", "red-3")
    s, _ = play(s, (RED, "do service"), (YELLOW, "do service"))
    assert active(s) == GREEN and s.task.kind == "guild"  # no spy move yet
    s, _ = play(s, (GREEN, "do service"))
    movers = []
    while s.task.kind == "move":
        movers.append(active(s))
        s, _ = play(s, "look silk_road")
    assert movers == [RED, YELLOW, GREEN, RED, YELLOW, RED]


def test_spy_order_when_the_second_declines():
    """000 "Servizi", Corporazione delle Spie, Attenzione: "Se un giocatore ha deciso di non usare questo
    Servizio la posizione degli altri non cambia. Ad esempio il 2° giocatore ... decide di non chiedere questo
    Servizio, l'ordine di risoluzione sarà 1° - 3° - 1° - 1°"."""
    s = three_in("spies")
    mercenaries(s, "silk_road", "red-3")
    s, _ = play(s, (RED, "do service"), (YELLOW, "do favour"), (YELLOW, "favour politics"))
    s, _ = play(s, suggested(s), (GREEN, "do service"))
    movers = []
    while s.task.kind == "move":
        movers.append(active(s))
        s, _ = play(s, "look silk_road")
    assert movers == [RED, GREEN, RED, RED]


def test_a_spy_may_look_then_move_and_may_stop_early():
    """000 "Servizi", Spie: "guardare il valore di tutti i mercenari presenti su un territorio" or "muovere
    una pedina della propria famiglia da un territorio ad un altro territorio non ancora risolto"; "guardo il
    valore dei mercenari di un territorio, poi, se sono in grado di vincere quella battaglia, sposto una
    pedina in quel territorio" (decision 12: a player may stop and forgo the rest)."""
    s = blank(2)
    put(s, "spies", RED, pasha=1)
    put(s, "nilus_valley", RED, merchant=1, sage=1)
    put(s, "abbasid_caliphate", YELLOW, sage=1)
    put(s, "sanmatia", YELLOW, sage=1)
    mercenaries(s, "silk_road", "red-2")
    s = resolve_from(s)
    s, _ = play(s, (RED, "resolve abbasid_caliphate"), (YELLOW, "pick pottery"), (YELLOW, "done"))
    s, _ = play(s, (YELLOW, "resolve spies"), (RED, "do service"))
    s, _ = play(s, "look silk_road")
    assert s.mercenaries["silk_road"][0].seen_by == (RED,)
    s, _ = play(s, "from nilus_valley")
    assert options(s) == ["piece merchant", "piece sage", "back"]
    s, _ = play(s, "piece merchant")
    # Not to a resolved territory, nor to a palace.
    assert "to abbasid_caliphate" not in options(s) and not any(o == "to culture" for o in options(s))
    s, events = play(s, "to silk_road")
    assert "moved" in keys(events)
    assert [(x.seat, x.merchant) for x in s.areas["silk_road"]] == [(RED, 1)]
    assert s.areas["nilus_valley"][0].sage == 1
    s, _ = play(s, "stop")
    assert s.task is None or s.task.kind != "move"
    assert "spies" in s.resolved


def test_spy_moves_obey_placement_rules():
    """Decision 13: every move obeys placement rules at the destination (000 "Dominio": one Pasha or one
    Merchant per family per area)."""
    s = blank(2)
    put(s, "spies", RED, pasha=1)
    put(s, "nilus_valley", RED, merchant=1)
    put(s, "sanmatia", RED, pasha=1)
    s.families[RED].reserve["pasha"] = 0
    s = resolve_from(s)
    s, _ = play(s, (RED, "resolve spies"), (RED, "do service"), "from nilus_valley")
    assert "to sanmatia" not in options(s)
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "to sanmatia")
    assert caught.value.message.key == "al_rashid.illegal.one_leader"


@pytest.mark.parametrize(("palace", "piece", "limit"), [("politics", "pasha", 3), ("merchant", "merchant", 4),
                                                        ("culture", "sage", 6)])
def test_a_family_has_at_most_3_pashas_4_merchants_6_sages(palace, piece, limit):
    """000 "Componenti delle Famiglie": "Esiste tuttavia un numero massimo di pedine per tipo: 3 Pascià,
    4 Mercanti, 6 Saggi"."""
    s = blank(2)
    s.families[RED].owned[piece] = limit
    put(s, palace, RED, sage=1) if piece != "sage" else put(s, palace, RED, pasha=1)
    goods(s, RED, **RICH)
    s = resolve_from(s)
    s, _ = play(s, f"resolve {palace}")
    assert not any("service" in o for o in options(s))
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "do service")
    assert caught.value.message.key == "al_rashid.illegal.piece_limit"


@pytest.mark.parametrize(("left", "offered"), [
    (("loremaster", "enchanter", "diplomat", "banker"), ["charge banker"]),  # the Banker, 6 gold, is the cheapest
    (("loremaster", "enchanter", "diplomat"), None),                          # the cheapest left costs 8
])
def test_a_charge_is_offered_while_the_cheapest_one_left_can_be_paid(left, offered):
    """000 "Palazzi delle Corporazioni": one does not ask a guild for what one has not "i soldi per pagarla"; the
    Culture palace's charges cost 8, 12, 8 and 6 gold (data/al_rashid/charges.yaml)."""
    s = blank(2)
    put(s, "culture", RED, sage=1)
    goods(s, RED, hardwood=1, pottery=1, metal=1)  # 6 gold
    s.charges["culture"] = left
    s = resolve_from(s)
    s, _ = play(s, "resolve culture")
    assert ("do charge" in options(s)) == bool(offered)
    if offered:
        s, _ = play(s, "do charge")
        assert options(s) == offered
    else:
        with pytest.raises(Illegal) as caught:
            GAME.apply(s, RED, "do charge")
        assert caught.value.message.key == "al_rashid.illegal.cannot_afford"


def test_with_every_pile_empty_the_military_palace_offers_neither_its_service_nor_its_favour():
    """000 "Servizi" and "Favori": the military service draws mercenary tiles and the General trades a good for one;
    decision 19: nothing is drawn when no tile is left face down, so neither is offered."""
    s = blank(2)
    put(s, "military", RED, sage=1)
    goods(s, RED, **RICH)
    for colour in s.piles:
        s.piles[colour], s.discards[colour] = (), ()
    s = resolve_from(s)
    s, _ = play(s, "resolve military")
    assert options(s) == ["do charge", "do nothing"]
    for notation in ("do service", "do favour"):
        with pytest.raises(Illegal) as caught:
            GAME.apply(s, RED, notation)
        assert caught.value.message.key == "al_rashid.illegal.piles_empty"


def test_the_qadi_sells_political_influence_for_1_gold():
    """000 "Favori": "CORPORAZIONE POLITICA → Qadi: Pagando 1 oro, consente di prendere un segnalino influenza
    politica"."""
    s = three_in("politics")
    s, _ = play(s, "do service favour")
    assert s.task.cost == 11 + 1
    s, _ = play(s, suggested(s))
    assert s.families[RED].influence == 1 and s.families[RED].owned["pasha"] == 2


def test_the_court_sage_sells_a_credit_note_for_2_gold():
    """000 "Favori": "CORPORAZIONE DELLA CULTURA → Sapiente di Corte: Pagando 2 ori, consente di prendere una
    Nota di Credito"."""
    s = three_in("culture")
    s, _ = play(s, "do service favour")
    assert s.task.cost == 5 + 2
    s, _ = play(s, suggested(s))
    assert s.families[RED].notes == 1


def test_the_vizier_swaps_a_good_for_free():
    """000 "Favori": "CORPORAZIONE MERCANTILE → Visir: Pagando 0 ori, consente di scambiare una merce con
    un'altra a tua scelta"."""
    s = blank(2)
    put(s, "merchant", RED, sage=1)
    goods(s, RED, hardwood=1)
    s = resolve_from(s)
    s, _ = play(s, "resolve merchant", "do favour")
    assert options(s) == ["swap hardwood pottery", "swap hardwood metal", "swap hardwood silk",
                          "swap hardwood spice"]
    s, events = play(s, "swap hardwood silk")
    assert s.families[RED].goods == {"hardwood": 0, "silk": 1}
    assert s.families[RED].dishonour == 1 and "favour_merchant" in keys(events)


def test_the_general_trades_a_good_for_a_mercenary_for_free():
    """000 "Favori": "CORPORAZIONE MILITARE → Generale: Pagando 0 ori, consente di scambiare un bene con un
    mercenario"."""
    s = blank(2)
    put(s, "military", RED, sage=1)
    goods(s, RED, metal=1)
    s = resolve_from(s)
    top = s.piles["blue"][-1]
    s, _ = play(s, "resolve military", "do favour", "trade metal blue")
    assert s.families[RED].goods == {"metal": 0}
    assert s.families[RED].hand == {f"blue-{top}": 1}


def test_the_general_trades_only_for_a_colour_with_tiles_left():
    """000 "Favori": the General trades a good "con un mercenario"; decision 19: nothing is drawn from an empty pile
    with no discards, so that colour is not offered and is refused naming the rule."""
    s = blank(2)
    put(s, "military", RED, sage=1)
    goods(s, RED, metal=1, silk=1)
    s.piles["red"], s.discards["red"] = (), ()
    s = resolve_from(s)
    s, _ = play(s, "resolve military", "do favour")
    assert options(s) == ["trade metal blue", "trade silk blue"]
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "trade metal red")
    assert caught.value.message.key == "al_rashid.illegal.pile_empty"


def test_the_caliphs_favourite_borrows_another_leaders_favour_for_1_gold_more():
    """000 "Favori": "CORPORAZIONE DELLE SPIE → Favorita del Califfo: Pagando 1 oro, consente di fare l'azione
    di un altro capo corporazione" (decision 6: 1 gold plus the borrowed favour's own price)."""
    s = three_in("spies")
    s, _ = play(s, "do favour")
    assert options(s) == ["favour military", "favour culture", "favour merchant", "favour politics"]
    s, _ = play(s, "favour culture")
    assert s.task.cost == 1 + 2
    s, _ = play(s, suggested(s))
    assert s.families[RED].notes == 1 and s.families[RED].dishonour == 1
    # Borrowing the Vizier costs just the Favourite's 1 gold.
    s, _ = play(s, (YELLOW, "do favour"), (YELLOW, "favour merchant"), (YELLOW, "swap silk spice"))
    assert s.task.cost == 1
    s, _ = play(s, suggested(s))
    # The silk went in the swap (it could not also pay); one other good paid the gold.
    assert s.families[YELLOW].goods["silk"] == 3 and sum(s.families[YELLOW].goods.values()) == 19


def test_a_charge_leaves_the_palace_and_a_second_copy_stays_with_four_players():
    """000 "Setup Cariche" (4-5 giocatori: 2 Cariche per Spie, Militare, Cultura, Mercantile) and 003 "Nel corso
    di una partita un giocatore non può avere due cariche uguali" (decision 28)."""
    s = three_in("merchant", seats=4)
    s, _ = play(s, (RED, "do charge"), (RED, "charge trader"))
    s, _ = play(s, suggested(s))
    assert s.families[RED].charges == ["trader"] and s.charges["merchant"].count("trader") == 1
    s, _ = play(s, (YELLOW, "do charge"), (YELLOW, "charge trader"))
    s, _ = play(s, suggested(s))
    assert s.charges["merchant"].count("trader") == 0
    s, _ = play(s, (GREEN, "do charge"))
    assert "charge trader" not in options(s)


def test_nobody_holds_two_identical_charges():
    """003 "Cariche": "Nel corso di una partita un giocatore non può avere due cariche uguali"."""
    s = blank(4)
    s.families[RED].charges = ["trader"]
    put(s, "merchant", RED, pasha=1)
    goods(s, RED, **RICH)
    s = resolve_from(s)
    s, _ = play(s, "resolve merchant", "do charge")
    assert "charge trader" not in options(s) and "charge metal_importer" in options(s)
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "charge trader")
    assert caught.value.message.key == "al_rashid.illegal.charge_twice"


def test_spies_and_military_services_are_free_and_draw_nothing_to_pay():
    """000 "Servizi": the spies' and the military services have no price (decision 12)."""
    s = blank(2)
    put(s, "military", RED, sage=1)
    hand(s, RED)
    s = resolve_from(s)
    s, _ = play(s, "resolve military", "do service")
    assert asked(s) == "al_rashid.ask.draw" and s.task.n == 3
