"""Payment by barter and credit notes (000_081cc785cafbe572.txt, "Merci e Ori", "Città", "Note di Credito")."""

import pytest

from engine.ai import suggested_turn
from engine.al_rashid import GAME
from engine.al_rashid.barter import gold_value, suggested_payment
from engine.core.errors import Illegal

from .builders import (
    RED,
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


@pytest.mark.parametrize(("held", "gold"), [
    ({"spice": 1}, 1),
    ({"hardwood": 1}, 1),
    ({"hardwood": 1, "pottery": 2, "silk": 1}, 7),
    ({"hardwood": 1, "pottery": 1, "metal": 2, "silk": 2}, 13),
    ({"hardwood": 1, "pottery": 2, "metal": 1, "silk": 2, "spice": 1}, 18),
    ({g: 1 for g in ("hardwood", "pottery", "metal", "silk", "spice")}, 15),
    ({g: 2 for g in ("hardwood", "pottery", "metal", "silk", "spice")}, 30),
    ({"metal": 3}, 3),
])
def test_goods_are_worth_gold_by_their_diversity(held, gold):
    """000 "Merci e Ori": 1 merce 1 oro, 2 diverse 3, 3 diverse 6, 4 diverse 10, 5 diverse 15; esempi: 1 Legno
    + 2 Vasellame + 1 Seta = 6+1 = 7 ori; 1 Legno + 1 Vasellame + 2 Metalli + 2 Seta = 10+3 = 13 ori; tutte e 5
    più 1 Seta + 1 Vasellame = 15+3 = 18; "se possiede 2 volte 5 merci diverse il valore in ori è di 30"."""
    assert gold_value(held) == gold


def test_example_of_14_gold_paid_with_five_different_goods():
    """000 "Merci e Ori": per pagare 14 ori si può usare 1 Legno + 1 Vasellame + 1 Metalli + 1 Seta + 1 Legno +
    1 Vasellame + 1 Legno = 14, "In alternativa, e molto più semplicemente, potrebbe pagare 5 merci differenti
    = 15 ori senza ricevere il resto, ma usando molte meno merci" (decision 8: the suggestion keeps the most
    gold value)."""
    held = {"hardwood": 3, "pottery": 2, "metal": 1, "silk": 1, "spice": 1}
    assert gold_value({"hardwood": 3, "pottery": 2, "metal": 1, "silk": 1}) == 14
    paid = suggested_payment(held, 14)
    assert paid == {"hardwood": 1, "pottery": 1, "metal": 1, "silk": 1, "spice": 1}
    assert gold_value(paid) == 15


def test_example_of_18_gold_paid_with_everything():
    """000 "Merci e Ori": "Nel caso un giocatore debba pagare 18 ori e abbia una merce per ogni tipo e abbia
    anche 1 Seta + 1 Vasellame ... fa esattamente 18 ori"."""
    held = {"hardwood": 1, "pottery": 2, "metal": 1, "silk": 2, "spice": 1}
    assert suggested_payment(held, 18) == held
    assert suggested_payment(held, 19) is None


def test_all_actions_in_a_palace_are_paid_at_once():
    """000 "Città": "L'importo totale del contributo in oro di tutte le azioni che si decide di fare in un palazzo
    viene pagato contemporaneamente ... chiedere un Servizio che costa 8 ori e pagare una Carica che vale 7 ori,
    per un totale di 15 ori, è possibile pagare 5 merci differenti"."""
    s = blank(2)
    put(s, "merchant", RED, pasha=1)
    goods(s, RED, hardwood=1, pottery=1, metal=1, silk=1, spice=1)
    s = resolve_from(s)
    s, _ = play(s, "resolve merchant", "do service charge", "charge trader")
    assert asked(s) == "al_rashid.ask.guild.pay" and s.task.cost == 15
    s, events = play(s, "pay hardwood:1,pottery:1,metal:1,silk:1,spice:1")
    assert keys(events)[0] == "paid"
    assert not any(s.families[RED].goods.values())
    assert s.families[RED].charges == ["trader"] and s.families[RED].owned["merchant"] == 2


def paying(cost_palace="culture", **held):
    s = blank(2)
    put(s, cost_palace, RED, pasha=1)
    goods(s, RED, **held)
    s = resolve_from(s)
    s, _ = play(s, f"resolve {cost_palace}", "do service")
    return s


def test_goods_handed_over_one_by_one_then_confirmed_and_no_change_given():
    """000 "Merci e Ori", Attenzione: "Nel caso si possegga un corrispondente in oro superiore al valore che si
    desidera pagare, la differenza è sempre perduta, il gioco NON FORNISCE RESTO" (decision 8: add, clear,
    confirm; once enough is handed over no more goods are offered)."""
    s = paying(hardwood=2, pottery=1, silk=1, spice=1)  # the Sage costs 5
    assert s.task.cost == 5
    s, _ = play(s, "add hardwood", "add hardwood")
    assert "confirm" not in options(s)
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "confirm")
    assert caught.value.message.key == "al_rashid.illegal.payment_short"
    assert caught.value.text("en") == "That payment is worth 2 gold, but 5 gold are due."
    assert caught.value.text("it") == "Questo pagamento non basta: vale 2 in oro, ne servono 5."
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "add hardwood")
    assert caught.value.message.key == "al_rashid.illegal.no_more_of"
    s, _ = play(s, "clear", "add silk", "add spice", "add pottery")  # 6 gold for 5
    assert not any(o.startswith("add ") for o in options(s)) and "confirm" in options(s)
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "add hardwood")
    assert caught.value.message.key == "al_rashid.illegal.paid_enough"
    s, events = play(s, "confirm")
    assert s.families[RED].goods == {"hardwood": 2, "pottery": 0, "silk": 0, "spice": 0}
    assert s.families[RED].owned["sage"] == 2
    assert events[0].params["value"] == 6 and events[0].params["cost"] == 5


def test_only_the_suggested_payment_is_offered_in_one_click():
    """Decision 8: a player takes the suggested payment in one click or hands goods over one by one; any other
    one-click payment is refused (000 "Merci e Ori": goods held, worth at least the cost)."""
    s = paying(hardwood=2, pottery=1, silk=1, spice=1)
    assert [o for o in options(s) if o.startswith("pay ")] == [suggested(s)]
    for notation in ("pay hardwood:2", "pay metal:1,silk:1,spice:1", "pay pottery:1,silk:1,spice:1"):
        with pytest.raises(Illegal):
            GAME.apply(s, RED, notation)
    # Handed over one by one, the same goods are accepted.
    s, _ = play(s, "add pottery", "add silk", "add spice", "confirm")
    assert s.families[RED].owned["sage"] == 2


def test_what_a_family_cannot_afford_is_not_offered():
    """000 "Palazzi delle Corporazioni": "Non si chiede udienza ad un importante corporazione se ... non si
    hanno i soldi per pagarla"."""
    s = blank(2)
    put(s, "politics", RED, pasha=1)
    goods(s, RED, hardwood=3, pottery=1)  # 4 gold: the Qadi (1) only
    s = resolve_from(s)
    s, _ = play(s, "resolve politics")
    assert options(s) == ["do favour", "do nothing"]
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "do service")
    assert caught.value.message.key == "al_rashid.illegal.cannot_afford"


def test_a_good_promised_in_a_swap_cannot_also_pay():
    """000 "Città", Attenzione: "non è permesso ad esempio usare una merce che si riceve da un azione per pagare il
    costo totale di quelle azioni" (decision 8: a good promised in a favour swap cannot also pay)."""
    s = blank(2)
    put(s, "spies", RED, pasha=1)
    goods(s, RED, hardwood=1, silk=1)
    s = resolve_from(s)
    s, _ = play(s, "resolve spies", "do favour", "favour merchant", "swap hardwood spice")
    assert s.task.cost == 1
    assert options(s) == ["pay silk:1", "add silk"]
    with pytest.raises(Illegal):
        GAME.apply(s, RED, "pay hardwood:1")
    s, _ = play(s, "pay silk:1")
    assert s.families[RED].goods == {"hardwood": 0, "silk": 0, "spice": 1}


def test_al_rashids_gift_cannot_pay_for_the_caliph_charge():
    """000 "Cariche del Califfo", Attenzione: "non è possibile usare la merce che Al-Rashid concede, per pagare la
    carica ricevuta"."""
    s = blank(2)
    put(s, "caliph", RED, pasha=1)
    goods(s, RED, hardwood=2)  # 2 gold: the gift would make 3, enough for the Treasurer, but may not pay
    s = resolve_from(s)
    s, _ = play(s, "resolve caliph")
    assert options(s) == ["do benevolence", "do nothing"]
    goods(s, RED, hardwood=1, pottery=1)  # 3 gold: now it can pay, before receiving the gift
    s, _ = play(s, "do benevolence charge", "charge treasurer")
    assert asked(s) == "al_rashid.ask.court.pay"
    s, _ = play(s, "pay hardwood:1,pottery:1")
    assert s.task.kind == "goods"  # the gift comes after the payment
    s, _ = play(s, "good silk")
    assert s.families[RED].goods == {"hardwood": 0, "pottery": 0, "silk": 1} and s.families[RED].notes == 1


def buying(charge, palace, notes=1, charges=(), **held):
    s = blank(2)
    put(s, palace, RED, pasha=1)
    goods(s, RED, **held)
    s.families[RED].notes = notes
    s.families[RED].charges = list(charges)
    s = resolve_from(s)
    s, _ = play(s, f"resolve {palace}", "do charge", f"charge {charge}")
    return s


def test_a_credit_note_takes_3_gold_off_a_charge_if_the_player_wants():
    """000 "Note di Credito": "La Nota di Credito può essere usata solo per ridurre i costi delle Cariche ... Di
    base la Nota di Credito riduce di 3 il costo di una Carica" (decision 10: the player chooses)."""
    s = buying("trader", "merchant", hardwood=1, pottery=1, metal=1, silk=1)  # 10 gold, Trader 7
    assert asked(s) == "al_rashid.ask.guild.note" and options(s) == ["note use", "note keep"]
    used, _ = play(s, "note use")
    assert used.task.cost == 4
    kept, _ = play(s, "note keep")
    assert kept.task.cost == 7
    used, events = play(used, suggested(used))
    assert used.families[RED].notes == 0 and "used_note" in keys(events)
    kept, _ = play(kept, suggested(kept))
    assert kept.families[RED].notes == 1


def test_the_banker_makes_a_credit_note_worth_5():
    """000 "Banchiere": "Le Note di Credito valgono 5 ori (anzichè 3) per acquistare le cariche"."""
    s = buying("trader", "merchant", charges=["banker"], hardwood=1, pottery=1, metal=1, silk=1)
    s, _ = play(s, "note use")
    assert s.task.cost == 2


def test_a_credit_note_may_bring_a_charge_down_to_nothing():
    """000 "Note di Credito": the Treasurer (3 ori) less a note of 3 costs nothing."""
    s = buying("treasurer", "caliph", hardwood=1)
    s, _ = play(s, "note use")
    assert s.families[RED].charges == ["treasurer"] and s.families[RED].goods == {"hardwood": 1}
    assert s.families[RED].notes == 1  # one used, one received from the Treasurer


def test_a_note_is_needed_when_the_goods_alone_do_not_reach():
    """000 "Note di Credito": the note lowers the cost; without it the family could not pay."""
    s = buying("trader", "merchant", hardwood=1, pottery=1, metal=1)  # 6 gold, Trader 7
    assert options(s) == ["note use"]
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "note keep")
    assert caught.value.message.key == "al_rashid.illegal.cannot_afford"


def test_a_note_discounts_only_the_charge_of_a_service_and_charge():
    """000 "Note di Credito": "può essere usata solo per ridurre i costi delle Cariche"; one note per charge."""
    s = blank(2)
    put(s, "culture", RED, pasha=1)
    goods(s, RED, hardwood=4, pottery=4, metal=4)
    s.families[RED].notes = 2
    s = resolve_from(s)
    s, _ = play(s, "resolve culture", "do service charge", "charge banker", "note use")
    assert s.task.cost == 5 + (6 - 3)
    s, _ = play(s, suggested(s))
    assert s.families[RED].notes == 1


@pytest.mark.parametrize("combo", ["do service", "do service favour", "do favour"])
def test_no_credit_note_without_a_charge(combo):
    """000 "Note di Credito", Attenzione: "Se ad una corporazione richiede come azioni un Servizio e un Favore,
    non puoi usare la Nota di Credito per ottenere lo sconto"."""
    s = blank(2)
    put(s, "culture", RED, pasha=1)
    goods(s, RED, hardwood=4, pottery=4, metal=4)
    s.families[RED].notes = 1
    s = resolve_from(s)
    s, _ = play(s, "resolve culture", combo)
    assert asked(s) == "al_rashid.ask.guild.pay" and not any(o.startswith("note") for o in options(s))
    s, _ = play(s, suggested(s))
    assert s.families[RED].notes == (2 if "favour" in combo else 1)


def test_the_suggested_payment_keeps_the_most_value():
    """Decision 8: the one-click payment is worth at least the cost and keeps the most gold value, then hands
    over the fewest goods."""
    s = paying(hardwood=3, pottery=1, metal=1, silk=1)  # 5 gold due
    assert suggested_turn(GAME, s, active(s))[0][0].notation() == suggested(s)  # the green button pays so
    after, events = play(s, suggested(s))
    assert events[0].params["value"] >= 5 and sum(after.families[RED].goods.values()) == 3
    assert gold_value(after.families[RED].goods) == 4
    # No other payment worth 5 keeps more.
    assert all(gold_value({"hardwood": 3 - h, "pottery": 1 - p, "metal": 1 - m, "silk": 1 - k}) <= 4
               for h in range(4) for p in range(2) for m in range(2) for k in range(2)
               if gold_value({"hardwood": h, "pottery": p, "metal": m, "silk": k}) >= 5)


def test_paying_for_a_yellow_service_works_the_same():
    """000 "Città": "In ordine di dominio, il giocatore attivo risolve tutte le sue azioni simultaneamente"."""
    s = blank(2)
    put(s, "culture", RED, sage=1)
    put(s, "culture", YELLOW, sage=1)
    goods(s, YELLOW, hardwood=1, pottery=1, metal=1, silk=1)
    s = resolve_from(s)
    s, _ = play(s, "resolve culture", (RED, "do nothing"), (YELLOW, "do service"))
    assert s.task.cost == 7 and active(s) == YELLOW
