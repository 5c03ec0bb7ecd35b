"""The 32 charges: their kind, price, points, timing and effect (000_081cc785cafbe572.txt, "Tipi di Cariche" and
"Riassunto delle Cariche")."""

import pytest

from engine.al_rashid import GAME
from engine.al_rashid.data import load
from engine.al_rashid.flow import Ctx
from engine.al_rashid.scoring import charge_points
from engine.al_rashid.turn import start_placement
from engine.core.errors import Illegal, Malformed

from .builders import (
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
    settle,
    suggested,
)

CHARGES = load().charges
RICH = {"hardwood": 4, "pottery": 4, "metal": 4, "silk": 4, "spice": 4}

# 000 "Riassunto delle Cariche": tipo, costo in ori, punti prestigio (None: they depend on the end of the game).
SUMMARY = {
    "smuggler": ("activatable", 3, 1), "plotter": ("continuous", 3, 1), "informer": ("continuous", 3, 1),
    "impostor": ("one_off", 6, 1), "strategist": ("continuous", 6, 2), "recruiter": ("activatable", 6, 1),
    "raider": ("continuous", 6, 1), "negotiator": ("activatable", 3, 1), "loremaster": ("continuous", 8, 1),
    "enchanter": ("one_off", 12, 0), "diplomat": ("continuous", 8, 2), "banker": ("continuous", 6, 2),
    "trader": ("activatable", 7, 1), "hardwood_importer": ("activatable", 7, 2),
    "pottery_importer": ("activatable", 7, 2), "metal_importer": ("activatable", 7, 2),
    "aide_to_the_qadi": ("continuous", 15, None), "steward_of_the_city": ("continuous", 15, None),
    "warehouse_keeper": ("continuous", 15, None), "favourites_maiden": ("continuous", 15, None),
    "weapon_master": ("continuous", 15, None), "dean_of_the_academy": ("continuous", 15, None),
    "economist": ("continuous", 15, None), "counsellor_of_the_caliph": ("continuous", 15, None),
    "treasurer": ("one_off", 3, 1), "agha": ("one_off", 7, 1), "silk_monopolist": ("one_off", 3, 1),
    "spice_monopolist": ("one_off", 3, 1), "astrologer": ("one_off", 3, 0), "law_expert": ("one_off", 6, 1),
    "quartermaster": ("one_off", 3, 0), "alchemist": ("one_off", 3, 0),
}


@pytest.mark.parametrize("charge", sorted(SUMMARY))
def test_kind_price_and_points_as_printed(charge):
    """000 "Riassunto delle Cariche" (Tipo di carica: Da attivare / Continua / Mono Effetto; Costo in ori; Punti
    prestigio)."""
    kind, cost, points = SUMMARY[charge]
    data = CHARGES[charge]
    assert (data.kind, data.cost, data.points) == (kind, cost, points)
    assert len(CHARGES) == 32


def buy(s, charge, seat=RED, note=False):
    """`seat` (alone in the charge's palace, with a Pasha) buys `charge` and pays the suggested payment."""
    palace = CHARGES[charge].palace
    put(s, palace, seat, pasha=1)
    put(s, "nilus_valley", seat, sage=1)  # keeps the turn going
    if not s.families[seat].goods:
        goods(s, seat, **RICH)
    s = resolve_from(s)
    s, events = play(s, f"resolve {palace}", "do charge", f"charge {charge}")
    if asked(s).endswith(".note"):
        s, more = play(s, "note use" if note else "note keep")
        events += more
    if asked(s).endswith(".pay"):
        s, more = play(s, suggested(s))
        events += more
    return s, events


def with_charges(*charges, seats=2, seat=RED):
    s = blank(seats)
    s.families[seat].charges = list(charges)
    return s


def activating(charge, **held):
    """Red holds `charge`, has a piece on the board and is asked its resolution move."""
    s = with_charges(charge)
    goods(s, RED, **held)
    put(s, "culture", RED, sage=1)
    put(s, "nilus_valley", YELLOW, sage=1)
    return resolve_from(s)


# ---- spies ----------------------------------------------------------------------------------------

def test_smuggler_swaps_any_good_for_any_other_once_per_turn():
    """000 Contrabbandiere (Da attivare): "Attivala e scambia un bene qualsiasi con un altro bene qualsiasi"."""
    s = activating("smuggler", spice=1)
    s, _ = play(s, "activate smuggler")
    assert options(s) == ["swap spice hardwood", "swap spice pottery", "swap spice metal", "swap spice silk",
                          "cancel"]
    s, events = play(s, "swap spice silk")
    assert s.families[RED].goods == {"spice": 0, "silk": 1} and "swapped" in keys(events)
    assert "smuggler" in s.families[RED].used


def test_an_activation_may_be_cancelled_before_it_does_anything():
    """000 "Attivare l'effetto di una Carica": the activation is optional."""
    s = activating("smuggler", spice=1)
    s, _ = play(s, "activate smuggler", "cancel")
    assert asked(s) == "al_rashid.ask.turn.choose" and "activate smuggler" in options(s)
    assert s.families[RED].used == []


def test_plotter_moves_a_piece_between_palaces_at_the_start_of_resolution():
    """000 Cospiratore (Continua): "All'inizio della fase di risoluzione puoi muovere una tua pedina da un palazzo
    ad un altro"."""
    s = with_charges("plotter")
    put(s, "culture", RED, merchant=1)
    put(s, "sanmatia", RED, sage=1)
    put(s, "military", YELLOW, sage=1)
    s = resolve_from(s)
    assert asked(s) == "al_rashid.ask.move.plotter.from"
    assert options(s) == ["from culture", "skip"]  # palaces only
    s, _ = play(s, "from culture")
    assert "to sanmatia" not in options(s) and "to military" in options(s)
    s, events = play(s, "to military")
    assert "moved" in keys(events)
    assert [(x.seat, x.merchant) for x in s.areas["military"]] == [(YELLOW, 0), (RED, 1)]
    assert asked(s) == "al_rashid.ask.turn.choose"


def test_informer_moves_a_piece_between_territories_at_the_start_of_resolution():
    """000 Informatore (Continua): "All'inizio della fase di risoluzione puoi muovere una tua pedina da un territorio
    ad un altro"; the move may be skipped ("Non ricordarsi di fare un'azione ... equivale a rinunciare")."""
    s = with_charges("informer")
    put(s, "culture", RED, merchant=1)
    put(s, "sanmatia", RED, pasha=1, sage=1)
    s = resolve_from(s)
    assert options(s) == ["from sanmatia", "skip"]
    s, _ = play(s, "from sanmatia")
    assert options(s) == ["piece pasha", "piece sage", "back"]
    s, _ = play(s, "piece sage", "to silk_road")
    assert s.areas["silk_road"][0].sage == 1 and s.areas["sanmatia"][0].sage == 0
    skipped, _ = play(resolve_from(put(with_charges("informer"), "sanmatia", RED, sage=1)), "skip")
    assert asked(skipped) == "al_rashid.ask.turn.choose"


def test_impostor_grants_two_different_free_favours_not_the_favourite():
    """000 Impostore (Mono Effetto): "Esegui gli effetti di due capi corporazione senza pagarne il costo. (I favori
    devono essere differenti e non devono essere la Favorita del Califfo)" (decision 7)."""
    s, _ = buy(blank(2), "impostor")
    before = dict(s.families[RED].goods)
    assert asked(s) == "al_rashid.ask.impostor.choose"
    assert options(s) == ["favour military", "favour culture", "favour merchant", "favour politics"]
    with pytest.raises(Malformed):
        GAME.apply(s, RED, "favour spies")
    s, _ = play(s, "favour politics")
    assert "favour politics" not in options(s)
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "favour politics")
    assert caught.value.message.key == "al_rashid.illegal.favour_twice"
    s, _ = play(s, "favour culture")
    assert s.families[RED].influence == 1 and s.families[RED].notes == 1
    assert s.families[RED].goods == before  # free
    assert s.families[RED].dishonour == 0


# ---- military -------------------------------------------------------------------------------------

def test_recruiter_draws_one_tile_from_the_pile_of_choice():
    """000 Reclutatore (Da attivare): "Attiva questa carica e pesca una tessera mercenario a tua scelta"."""
    s = activating("recruiter")
    top = s.piles["blue"][-1]
    s, events = play(s, "activate recruiter", "draw blue")
    assert s.families[RED].hand == {f"blue-{top}": 1} and "recruiter" in s.families[RED].used


def test_raider_takes_a_good_the_territory_produces_after_a_win():
    """000 Razziatore (Continua): "Se vinci una guerra prendi dalla riserva un bene che quel territorio potrebbe
    produrre" (decision 16)."""
    s = with_charges("raider")
    put(s, "sanmatia", RED, pasha=1)
    put(s, "spies", YELLOW, sage=1)
    mercenaries(s, "sanmatia", "red-2")
    hand(s, RED, "red-3")
    s = resolve_from(s)
    s, _ = play(s, "resolve sanmatia", "fight", "commit red-3", "confirm")
    assert asked(s) == "al_rashid.ask.goods"
    assert options(s) == ["good hardwood", "good pottery", "good metal"]  # Sanmatia: metal, hardwood, pottery
    s, _ = play(s, "good pottery")
    assert s.families[RED].goods == {"pottery": 1} and s.task.kind == "trade"
    assert s.territory_goods["sanmatia"]["pottery"] == 1  # from the supply, not from the territory


def test_raider_takes_nothing_without_a_win():
    """000 Razziatore: only "Se vinci una guerra"."""
    s = with_charges("raider")
    put(s, "sanmatia", RED, pasha=1)
    put(s, "spies", YELLOW, sage=1)
    mercenaries(s, "sanmatia", "red-4")
    hand(s, RED, "red-3")
    s = resolve_from(s)
    s, _ = play(s, "resolve sanmatia", "fight", "commit red-3", "confirm")
    assert s.families[RED].goods == {} and active(s) == YELLOW


def test_negotiator_looks_privately_and_may_discard_a_tile_to_remove_a_mercenary():
    """000 Negoziatore (Da attivare): "Attiva questa carica per guardare le tessere mercenario presenti su di un
    territorio. Scarta una tessera mercenario per rimuovere un mercenario dello stesso colore da quel territorio"
    (decision 18: the look is private, the removal optional, both tiles go to the discards unrevealed)."""
    s = activating("negotiator")
    hand(s, RED, "red-2", "blue-3")
    red_id, blue_id = mercenaries(s, "silk_road", "red-4", "blue-2")
    s, _ = play(s, "activate negotiator")
    assert options(s) == ["look silk_road", "cancel"]
    s, events = play(s, "look silk_road")
    private = [e for e in events if e.audience is not None]
    assert [e.audience for e in private] == [frozenset({RED})] and private[0].text("en").endswith("red 4, blue 2.")
    assert GAME.view(s, RED).area("silk_road").mercenaries[0].value == 4
    assert GAME.view(s, YELLOW).area("silk_road").mercenaries[0].value is None
    assert options(s) == [f"remove {red_id} red-2", f"remove {blue_id} blue-3", "keep"]
    s, events = play(s, f"remove {red_id} red-2")
    assert [x.id for x in s.mercenaries["silk_road"]] == [blue_id]
    assert s.families[RED].hand == {"blue-3": 1} and sorted(s.discards["red"]) == [2, 4]
    assert "negotiated" in keys(events) and all("4" not in str(e.params) for e in events if e.audience is None)


def test_negotiator_may_look_and_remove_nothing():
    """Decision 18: removal is optional; the charge is still used for the turn."""
    s = activating("negotiator")
    hand(s, RED, "red-2")
    mercenaries(s, "silk_road", "red-4")
    s, _ = play(s, "activate negotiator", "look silk_road", "keep")
    assert len(s.mercenaries["silk_road"]) == 1 and s.families[RED].hand == {"red-2": 1}
    assert "negotiator" in s.families[RED].used and asked(s) == "al_rashid.ask.turn.choose"


def test_strategist_adds_one_to_each_tile():
    """000 Stratega (Continua): "Tutte le tue tessere mercenario hanno il valore aumentato di +1"."""
    s = with_charges("strategist")
    put(s, "sanmatia", RED, pasha=1)
    mercenaries(s, "sanmatia", "red-3")
    hand(s, RED, "red-3")
    s = resolve_from(s)
    s, events = play(s, "resolve sanmatia", "fight", "commit red-3", "confirm")
    assert "won_battle" in keys(events)


# ---- culture --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("palace", "cost"), [("merchant", 8 - 3), ("politics", 11 - 3), ("culture", 5)])
def test_loremaster_takes_3_gold_off_merchants_and_pashas(palace, cost):
    """000 Precettore (Continua): "Tutti i Mercanti e i Califfi ti costano 3 ori in meno" (decision 9: "Califfi"
    read as Pashas)."""
    s = with_charges("loremaster")
    put(s, palace, RED, pasha=1)
    goods(s, RED, **RICH)
    s = resolve_from(s)
    s, _ = play(s, f"resolve {palace}", "do service")
    assert s.task.cost == cost


def test_enchanter_adds_a_merchant_and_a_dishonour():
    """000 Incantatore (Mono Effetto): "Aggiungi alla tua famiglia una pedina mercante. Prendi un segnalino
    disonore"."""
    s, _ = buy(blank(2), "enchanter")
    assert s.families[RED].owned["merchant"] == 2 and s.families[RED].reserve["merchant"] == 2
    assert s.families[RED].dishonour == 1


def test_enchanter_is_refused_to_a_family_with_four_merchants():
    """000 "Componenti delle Famiglie": at most 4 Mercanti (decision 22)."""
    s = blank(2)
    s.families[RED].owned["merchant"] = 4
    put(s, "culture", RED, pasha=1)
    goods(s, RED, **RICH)
    s = resolve_from(s)
    s, _ = play(s, "resolve culture", "do charge")
    assert "charge enchanter" not in options(s)
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "charge enchanter")
    assert caught.value.message.key == "al_rashid.illegal.piece_limit"


def test_diplomat_is_asked_at_the_start_of_the_next_placement():
    """000 Diplomatico (Continua): "All'inizio della fase di piazzamento prendi un Mercante o un Pascià e collocalo
    su questa carica"; "Piazzamento": "All'inizio di questa fase, alcune Cariche potrebbero richiedere di effettuare
    un'azione (es: Diplomatico)"."""
    s, _ = buy(blank(2), "diplomat")
    s, _ = play(s, (RED, "resolve nilus_valley"), (RED, "done"))
    assert s.turn == 2 and active(s) == RED and asked(s) == "al_rashid.ask.hold"


def test_banker_makes_a_note_worth_5():
    """000 Banchiere (Continua): "Le Note di Credito valgono 5 ori (anzichè 3) per acquistare le cariche"."""
    s = with_charges("banker")
    s.families[RED].notes = 1
    s, events = buy(s, "agha", note=True)
    assert next(e for e in events if e.key.endswith("paid")).params["cost"] == 7 - 5


# ---- merchants ------------------------------------------------------------------------------------

def test_trader_swaps_one_common_good_for_the_other_two():
    """000 Commerciante (Da attivare): "scambia una merce comune per le altre due. (1 Legno Pregiato o 1 Vasellame o
    1 Metalli, con le altre 2)"."""
    s = activating("trader", pottery=1, silk=1)
    s, _ = play(s, "activate trader")
    assert options(s) == ["give pottery", "cancel"]
    s, _ = play(s, "give pottery")
    assert s.families[RED].goods == {"pottery": 0, "silk": 1, "hardwood": 1, "metal": 1}


def test_trader_needs_a_common_good():
    """000 Commerciante: the good given is a common one (Legno, Vasellame, Metalli)."""
    s = activating("trader", silk=2)
    assert "activate trader" not in options(s)
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "activate trader")
    assert caught.value.message.key == "al_rashid.illegal.no_common_good"


@pytest.mark.parametrize("good", ["hardwood", "pottery", "metal"])
def test_importers_take_one_good_from_the_supply(good):
    """000 Importatore di Legno Pregiato / Vasellame / Metalli (Da attivare): "Attiva questa carica e prendi 1 ...
    dalla riserva"."""
    s = activating(f"{good}_importer")
    s, _ = play(s, f"activate {good}_importer")
    assert s.families[RED].goods == {good: 1}


# ---- politics: scored at the end ------------------------------------------------------------------

def family_with(**changes):
    family = blank(2).families[RED]
    for key, value in changes.items():
        setattr(family, key, value)
    return family


def test_aide_to_the_qadi_gives_influence_now_and_4_or_5_points_at_5_or_6_influence():
    """000 Assistente del Qadi: "Prendi un segnalino Influenza Politica. A fine partita questa carica vale 4 / 5 punti
    prestigio se hai 5 / 6+ segnalini"."""
    s, _ = buy(blank(2), "aide_to_the_qadi")
    assert s.families[RED].influence == 1
    for influence, points in ((4, 0), (5, 4), (6, 5), (9, 5)):
        assert charge_points(family_with(influence=influence), "aide_to_the_qadi") == points


def test_steward_of_the_city_needs_a_charge_of_every_palace():
    """000 Sovraintendente Cittadino: "vale 6 punti prestigio se possiedi almeno una carica di ogni palazzo"
    (decision 24: the six palaces, Al-Rashid's included)."""
    five = ["smuggler", "strategist", "banker", "trader", "steward_of_the_city"]
    assert charge_points(family_with(charges=five), "steward_of_the_city") == 0
    assert charge_points(family_with(charges=[*five, "treasurer"]), "steward_of_the_city") == 6


def test_warehouse_keeper_counts_different_goods():
    """000 Capo del Magazzino: "vale 4 / 6 punti prestigio se possiedi 4 / 5 beni differenti"."""
    for held, points in (({"silk": 5, "spice": 2, "metal": 1}, 0),
                         ({"silk": 1, "spice": 1, "metal": 1, "pottery": 1}, 4),
                         ({"silk": 1, "spice": 1, "metal": 1, "pottery": 1, "hardwood": 1}, 6)):
        assert charge_points(family_with(goods=held), "warehouse_keeper") == points


def test_favourites_maiden_needs_three_spy_charges():
    """000 Ancella della Favorita: "vale 5 punti se possiedi anche 3 cariche della corporazione delle spie"."""
    assert charge_points(family_with(charges=["smuggler", "plotter"]), "favourites_maiden") == 0
    assert charge_points(family_with(charges=["smuggler", "plotter", "informer"]), "favourites_maiden") == 5


def test_weapon_master_is_worth_3_or_6_with_three_military_charges():
    """000 Maestro d'Armi: "Questa carica vale 3 punti prestigio ... 6 punti prestigio se hai 3 cariche della
    corporazione militare"."""
    assert charge_points(family_with(charges=["strategist", "raider"]), "weapon_master") == 3
    assert charge_points(family_with(charges=["strategist", "raider", "recruiter"]), "weapon_master") == 6


@pytest.mark.parametrize(("sages", "points"), [(3, 0), (4, 3), (5, 5), (6, 7)])
def test_dean_of_the_academy_counts_sages(sages, points):
    """000 Rettore dell'Accademia: "vale 3 / 5 / 7 punti se hai 4 / 5 / 6 Saggi nella tua famiglia"."""
    assert charge_points(family_with(owned={"pasha": 1, "merchant": 1, "sage": sages}), "dean_of_the_academy") == points


@pytest.mark.parametrize(("merchants", "points"), [(2, 0), (3, 3), (4, 5)])
def test_economist_counts_merchants(merchants, points):
    """000 Economo: "vale 3 / 5 punti se hai 3 / 4 Mercanti nella tua famiglia"."""
    assert charge_points(family_with(owned={"pasha": 1, "merchant": merchants, "sage": 1}), "economist") == points


@pytest.mark.parametrize(("pashas", "points"), [(1, 0), (2, 3), (3, 5)])
def test_counsellor_of_the_caliph_counts_pashas(pashas, points):
    """000 Consigliere del Califfo: "vale 3 / 5 punti se hai 2 / 3 Pascià nella tua famiglia"."""
    owned = {"pasha": pashas, "merchant": 1, "sage": 1}
    assert charge_points(family_with(owned=owned), "counsellor_of_the_caliph") == points


# ---- Al-Rashid's court ----------------------------------------------------------------------------

def test_treasurer_gives_a_credit_note():
    """000 Tesoriere (Mono Effetto): "Quando ottieni questa carica prendi una Nota di Credito"."""
    s, _ = buy(blank(2), "treasurer")
    assert s.families[RED].notes == 1


def test_agha_draws_four_tiles_choosing_the_pile_each_time():
    """000 Aga (Mono Effetto): "Quando ottieni questa carica peschi 4 tessere mercenario a tua scelta" (decision 11)."""
    s, _ = buy(blank(2), "agha")
    for colour in ("red", "red", "blue", "red"):
        assert asked(s) == "al_rashid.ask.draw"
        s, _ = play(s, f"draw {colour}")
    colours = sorted(k.split("-")[0] for k, n in s.families[RED].hand.items() for _ in range(n))
    assert colours == ["blue", "red", "red", "red"]
    assert asked(s) == "al_rashid.ask.turn.choose"


@pytest.mark.parametrize(("charge", "mine", "other"), [("silk_monopolist", "silk", "spice"),
                                                       ("spice_monopolist", "spice", "silk")])
def test_monopolists_give_one_good_or_three_and_one_together(charge, mine, other):
    """000 Monopolista di Seta / di Spezie (Mono Effetto): "prendi 1 Seta. Se possiedi anche l'altro Monopolista
    prendi invece 3 Seta e 1 Spezia" (and the other way round)."""
    held = {"hardwood": 3, "pottery": 3, "metal": 3}
    s = blank(2)
    goods(s, RED, **held)
    s, _ = buy(s, charge)
    assert s.families[RED].goods[mine] == 1 and s.families[RED].goods.get(other, 0) == 0
    s = blank(2)
    s.families[RED].charges = ["spice_monopolist" if charge == "silk_monopolist" else "silk_monopolist"]
    goods(s, RED, **held)
    s, _ = buy(s, charge)
    assert s.families[RED].goods[mine] == 3 and s.families[RED].goods[other] == 1


@pytest.mark.parametrize(("sages", "influence"), [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)])
def test_astrologer_gives_influence_by_sages(sages, influence):
    """000 Astrologo (Mono Effetto): "2 / 3 Saggi = 1 Segnalino; 4 / 5 Saggi = 2 Segnalini; 6 Saggi = 3 Segnalini"."""
    s = blank(2)
    s.families[RED].owned["sage"] = s.families[RED].reserve["sage"] = sages
    s, _ = buy(s, "astrologer")
    assert s.families[RED].influence == influence


def test_law_expert_gives_political_influence():
    """000 Esperto di Leggi (Mono Effetto): "prendi un segnalino Influenza Politica"."""
    s, _ = buy(blank(2), "law_expert")
    assert s.families[RED].influence == 1


def test_quartermaster_gives_two_goods_of_choice():
    """000 Responsabile degli Approvigionamenti (Mono Effetto): "prendi 2 beni a tua scelta"."""
    s = blank(2)
    goods(s, RED, hardwood=3)
    s, _ = buy(s, "quartermaster")
    s, _ = play(s, "good silk", "good silk")
    assert s.families[RED].goods == {"hardwood": 0, "silk": 2}


def test_alchemist_turns_a_sage_into_a_merchant_even_on_the_board():
    """000 Alchimista (Mono Effetto): "puoi trasformare un tuo Saggio in un Mercante (anche se si trova sulla plancia
    di gioco)" (decision 22: optional; obeys the stacking rules)."""
    s = blank(3)
    put(s, "sanmatia", RED, sage=2)
    put(s, "silk_road", RED, pasha=1, sage=1)
    put(s, "caliph", RED, pasha=1, sage=1)
    s.families[RED].reserve["sage"] = 0
    s, _ = buy(s, "alchemist")
    assert asked(s) == "al_rashid.ask.alchemy"
    assert options(s) == ["alchemy sanmatia", "alchemy nilus_valley", "alchemy none"]
    for where, rule in (("silk_road", "one_leader"), ("reserve", "no_piece"), ("spies", "no_piece_there")):
        with pytest.raises(Illegal) as caught:
            GAME.apply(s, RED, f"alchemy {where}")
        assert caught.value.message.key == f"al_rashid.illegal.{rule}"
    s, _ = play(s, "alchemy sanmatia")
    stack = s.areas["sanmatia"][0]
    assert (stack.merchant, stack.sage) == (1, 1)
    assert s.families[RED].owned["merchant"] == 2 and s.families[RED].owned["sage"] == 4


def test_alchemist_in_reserve_or_not_at_all():
    """000 Alchimista: "puoi" — the change is optional (decision 22)."""
    s = blank(2)
    s.families[RED].owned["sage"] = s.families[RED].reserve["sage"] = 2
    s, _ = buy(s, "alchemist")
    assert "alchemy reserve" in options(s)
    kept, _ = play(s, "alchemy none")
    assert kept.families[RED].owned == {"pasha": 1, "merchant": 1, "sage": 2}
    changed, _ = play(s, "alchemy reserve")
    assert changed.families[RED].owned == {"pasha": 1, "merchant": 2, "sage": 1}
    assert changed.families[RED].reserve == {"pasha": 1, "merchant": 2, "sage": 0}  # the Sage on Nilus stays


def test_one_off_charges_act_only_when_bought():
    """000 "Tipi di Cariche": "Mono Effetto (bordo verde) → Sono quelle Cariche che si attivano subito, nel momento
    in cui sono acquistate, e solo allora"; only activatable charges can be activated."""
    s = with_charges("treasurer", "law_expert", "hardwood_importer")
    put(s, "culture", RED, sage=1)
    s = resolve_from(s)
    assert [o for o in options(s) if o.startswith("activate")] == ["activate hardwood_importer"]
    with pytest.raises(Malformed):
        GAME.apply(s, RED, "activate treasurer")


def test_continuous_charges_are_never_activated():
    """000 "Tipi di Cariche": "Continuative (bordo viola) → Queste Cariche hanno un effetto permanente"."""
    s = with_charges("strategist", "banker", "loremaster")
    put(s, "culture", RED, sage=1)
    s = resolve_from(s)
    assert not any(o.startswith("activate") for o in options(s))


def test_charges_are_refreshed_for_the_next_turn():
    """000 "Fine Turno": "Far tornare attive tutte le Cariche usate nel turno precedente"."""
    s = activating("hardwood_importer")
    s, _ = play(s, "activate hardwood_importer", "resolve culture", "do nothing", (YELLOW, "resolve nilus_valley"),
                (YELLOW, "done"))
    assert s.turn == 2 and s.families[RED].used == []


def test_spies_palace_sells_its_charges():
    """000 "Cariche": "CORPORAZIONE DELLE SPIE → Contrabbandiere, Cospiratore, Informatore, Impostore"."""
    s = blank(2)
    put(s, "spies", RED, pasha=1)
    goods(s, RED, **RICH)
    s = resolve_from(s)
    s, _ = play(s, "resolve spies", "do charge")
    assert options(s) == ["charge smuggler", "charge plotter", "charge informer", "charge impostor"]


def test_start_of_placement_asks_only_diplomat_holders():
    """000 "Piazzamento": "All'inizio di questa fase, alcune Cariche potrebbero richiedere di effettuare un'azione
    (es: Diplomatico)"."""
    s = with_charges("banker", seats=2)
    start_placement(Ctx(s))
    s = settle(s)
    assert asked(s) == "al_rashid.ask.place.piece"
