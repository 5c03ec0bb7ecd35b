"""Al-Rashid's palace (000_081cc785cafbe572.txt, "Palazzo di Al-Rashid", "Benevolenza di Al-Rashid",
"Cariche del Califfo")."""

import pytest

from engine.al_rashid import GAME
from engine.core.errors import Illegal

from .builders import (
    BLUE,
    GREEN,
    RED,
    WHITE,
    YELLOW,
    active,
    asked,
    blank,
    goods,
    keys,
    options,
    play,
    put,
    resolve_from,
    suggested,
)


def test_the_court_offers_benevolence_and_or_a_caliph_charge_only():
    """000 "Palazzo di Al-Rashid": "ha due azioni principali: Chiedere la Benevolenza di Al-Rashid; Ottenere un
    Carica del Califfo. I giocatori possono effettuare una o entrambe le azioni principali"; 003: "consente solo
    azioni primarie"."""
    s = blank(2)
    put(s, "caliph", RED, pasha=1)
    goods(s, RED, hardwood=3, pottery=3, metal=3)
    s = resolve_from(s)
    s, _ = play(s, "resolve caliph")
    assert asked(s) == "al_rashid.ask.court.choose"
    assert options(s) == ["do benevolence", "do charge", "do benevolence charge", "do nothing"]
    for notation in ("do service", "do favour"):
        with pytest.raises(Illegal):
            GAME.apply(s, RED, notation)


def test_with_no_caliph_charge_left_for_the_family_the_court_offers_benevolence_alone():
    """000 "Cariche del Califfo": the charges are those still in Al-Rashid's palace, and 003: "un giocatore non può
    avere due cariche uguali"."""
    s = blank(2)
    put(s, "caliph", RED, pasha=1)
    goods(s, RED, hardwood=3, pottery=3, metal=3)
    s.charges["caliph"] = ("treasurer",)
    s.families[RED].charges = ["treasurer"]
    s = resolve_from(s)
    s, _ = play(s, "resolve caliph")
    assert options(s) == ["do benevolence", "do nothing"]
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "do charge")
    assert caught.value.message.key == "al_rashid.illegal.no_charge_for_you"


def test_asking_al_rashid_for_nothing_costs_one_dishonour():
    """Decision 4: 000 is silent; 003 "Città": "I giocatori che risolvono l'effetto di una corporazione (o di un
    palazzo nel caso dei politici o di Al-Rashid) ... se il giocatore non effettua almeno un'azione primaria, prende
    un segnalino disonore"."""
    s = blank(2)
    put(s, "caliph", RED, pasha=1)
    s = resolve_from(s)
    s, events = play(s, "resolve caliph", "do nothing")
    assert s.families[RED].dishonour == 1 and "no_primary" in keys(events)


def test_a_delegation_without_a_pasha_gets_two_dishonour_and_no_action():
    """000 "Palazzo di Al-Rashid": "Se per un qualsiasi motivo ... al momento della risoluzione di quest'area non è
    presente il Pascià, ma solo Saggi, il giocatore non agisce e riceve 2 segnalini disonore"; "Segnalini
    Disonore": "Presentarsi da Al-Rashid senza un Pascià nella tua delegazione (2 segnalini)" (decision 2: the
    Plotter can leave Sages alone there)."""
    s = blank(2)
    s.families[RED].charges = ["plotter"]
    put(s, "caliph", RED, pasha=1, sage=2)
    put(s, "caliph", YELLOW, pasha=1)
    s = resolve_from(s)
    assert s.task.kind == "move" and active(s) == RED
    s, _ = play(s, "from caliph", "piece pasha", "to culture")
    assert s.areas["caliph"][0].seat == RED and s.areas["caliph"][0].pasha == 0
    s, events = play(s, (RED, "resolve caliph"))
    assert "no_pasha" in keys(events)
    assert s.families[RED].dishonour == 2 and s.families[RED].reserve["sage"] == s.families[RED].owned["sage"]
    assert active(s) == YELLOW and asked(s) == "al_rashid.ask.court.choose"  # Red is not ranked


def test_the_plotter_cannot_bring_a_sage_first_into_al_rashids_palace():
    """000 "Palazzo di Al-Rashid", Attenzione: "Il primo pezzo di una famiglia posizionato in quest'area deve
    essere obbligatoriamente un Pascià" (decision 13: moves obey the placement rules)."""
    s = blank(2)
    s.families[RED].charges = ["plotter"]
    put(s, "culture", RED, sage=1)
    put(s, "caliph", YELLOW, pasha=1)
    s = resolve_from(s)
    s, _ = play(s, "from culture")
    assert "to caliph" not in options(s)
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "to caliph")
    assert caught.value.message.key == "al_rashid.illegal.pasha_first"


def test_benevolence_gives_a_good_and_the_turn_order_place_of_the_dominance_rank():
    """000 "Benevolenza di Al-Rashid": "I primi tre giocatori in ordine dominio ricevono una merce a loro scelta";
    "Il giocatore che ha il dominio nel palazzo diventa primo nell'ordine di turno ... Il secondo in ordine di
    dominanza diventa secondo, il terzo diventa terzo. Tutti gli altri mantengono le loro posizioni scalando
    nell'ordine in cui sono"."""
    s = blank(5, order=[RED, YELLOW, GREEN, BLUE, WHITE])
    put(s, "caliph", BLUE, pasha=1, sage=2)
    put(s, "caliph", WHITE, pasha=1, sage=1)
    put(s, "caliph", YELLOW, pasha=1)
    for seat in range(5):
        put(s, "nilus_valley", seat, sage=1)
    s = resolve_from(s)
    s, _ = play(s, (RED, "resolve caliph"))
    for seat, good in ((BLUE, "silk"), (WHITE, "spice"), (YELLOW, "metal")):
        assert active(s) == seat
        s, _ = play(s, "do benevolence")
        assert asked(s) == "al_rashid.ask.goods" and len(options(s)) == 5
        s, _ = play(s, f"good {good}")
        assert s.families[seat].goods == {good: 1}
    assert s.pending_order == [BLUE, WHITE, YELLOW, RED, GREEN]
    assert s.order == [RED, YELLOW, GREEN, BLUE, WHITE]  # from the next round


def test_only_those_who_ask_benevolence_move_in_the_turn_order():
    """Decision 3: benevolence is asked per player; each who asks takes the place of their dominance rank, the
    others keep their relative order in the places left."""
    s = blank(4, order=[RED, YELLOW, GREEN, BLUE])
    put(s, "caliph", BLUE, pasha=1, sage=2)
    put(s, "caliph", GREEN, pasha=1, sage=1)
    put(s, "caliph", YELLOW, pasha=1)
    put(s, "politics", RED, sage=1)
    s = resolve_from(s)
    s, _ = play(s, (RED, "resolve caliph"), (BLUE, "do nothing"), (GREEN, "do nothing"),
                (YELLOW, "do benevolence"), (YELLOW, "good silk"))
    # Only Red still has pieces, so round 2 has begun under the new order.
    assert s.round == 2 and s.order == [RED, GREEN, YELLOW, BLUE] and s.pending_order is None


def test_the_fourth_delegation_is_sent_home_before_anyone_acts():
    """000 "Aree di Gioco": "Quando si risolve un'area per prima cosa si controllano quali sono i tre giocatori
    dominanti, poi si rimuovono da quell'area tutte le pedine degli altri giocatori"."""
    s = blank(4, order=[RED, YELLOW, GREEN, BLUE])
    for seat, sages in ((RED, 0), (YELLOW, 1), (GREEN, 2), (BLUE, 3)):
        put(s, "caliph", seat, pasha=1, sage=sages)
    s = resolve_from(s)
    s, _ = play(s, (RED, "resolve caliph"))
    assert [x.seat for x in s.areas["caliph"]] == [YELLOW, GREEN, BLUE]
    seen = []
    while s.task is not None and s.task.kind == "court":
        seen.append(active(s))
        s, _ = play(s, "do benevolence", "good silk")
    assert seen == [BLUE, GREEN, YELLOW]
    assert s.pending_order is None and s.order[:3] == [BLUE, GREEN, YELLOW]  # the round ended: order applied
    assert s.families[RED].goods == {}


def test_a_caliph_charge_is_bought_in_al_rashids_palace():
    """000 "Cariche del Califfo": "In cambio di doni adeguati, Al-Rashid concede alle famiglie che dominano il
    palazzo un ruolo importante della sua corte": Tesoriere, Aga, Monopolisti, Astrologo, Esperto di Leggi,
    Responsabile degli approvvigionamenti, Alchimista."""
    s = blank(2)
    put(s, "caliph", RED, pasha=1)
    goods(s, RED, hardwood=2, pottery=2, metal=2, silk=2)
    s = resolve_from(s)
    s, _ = play(s, "resolve caliph", "do charge")
    assert options(s) == [f"charge {c}" for c in ("treasurer", "agha", "silk_monopolist", "spice_monopolist",
                                                  "astrologer", "law_expert", "quartermaster", "alchemist")]
    s, _ = play(s, "charge law_expert")
    assert s.task.cost == 6
    s, _ = play(s, suggested(s))
    assert s.families[RED].charges == ["law_expert"] and "law_expert" not in s.charges["caliph"]
    assert s.families[RED].influence == 1
