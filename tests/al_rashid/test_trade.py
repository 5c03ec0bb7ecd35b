"""Territories: trade (000_081cc785cafbe572.txt, "Il Commercio", "Note di Credito")."""

import pytest

from engine.al_rashid import GAME
from engine.core.errors import Illegal, Malformed

from .builders import GREEN, RED, YELLOW, active, blank, options, play, put, resolve_from


def trading(area, seats=3):
    """Red, Yellow and Green on `area` in that dominance order, no mercenaries; Red resolves it."""
    s = blank(seats)
    put(s, area, RED, pasha=1)
    put(s, area, YELLOW, merchant=1)
    put(s, area, GREEN, sage=1)
    put(s, "spies", RED, sage=1)  # keeps the turn going after the trade
    s = resolve_from(s)
    s, _ = play(s, f"resolve {area}")
    return s


def test_the_first_takes_all_of_one_good():
    """000 "Il Commercio": "Il primo giocatore può decidere se prendere tutte le merci di un tipo"."""
    s = trading("silk_road")
    assert options(s) == ["all hardwood", "all metal", "all silk", "all spice",
                          "pick hardwood", "pick metal", "pick silk", "pick spice", "pick note", "done"]
    s, _ = play(s, "all silk")
    assert s.families[RED].goods == {"silk": 4} and active(s) == YELLOW
    assert s.territory_goods["silk_road"]["silk"] == 0


def test_the_first_takes_three_items_of_any_kind_a_note_counting_as_one():
    """000 "Il Commercio": "o scegliere 3 merci a sua scelta in qualsiasi combinazione"; "Note di Credito": "La Nota
    di Credito può essere presa al posto di una merce ... Può invece essere presa se decide di prendere 3 beni
    differenti al posto di una di quelle merci"."""
    s = trading("silk_road")
    s, _ = play(s, "pick silk")
    assert not any(o.startswith("all ") for o in options(s))
    s, _ = play(s, "pick note", "pick silk")
    assert s.families[RED].goods == {"silk": 2} and s.families[RED].notes == 1
    assert active(s) == YELLOW
    assert s.territory_goods["silk_road"] == {"silk": 2, "spice": 2, "metal": 1, "hardwood": 1, "note": 0}


def test_the_credit_note_is_never_taken_with_all_of_one_kind():
    """000 "Note di Credito", Attenzione: "Se il primo giocatore decide di prendere tutte le merci di un tipo ... la
    Nota di Credito non può essere presa"."""
    s = trading("sanmatia")
    assert "all note" not in options(s)
    s, _ = play(s, "all metal")
    assert s.families[RED].notes == 0 and s.families[RED].goods == {"metal": 5}
    assert active(s) == YELLOW
    with pytest.raises(Malformed):  # never "all" the notes
        GAME.apply(s, YELLOW, "all note")
    with pytest.raises(Illegal):  # "all" is for the first trader only
        GAME.apply(s, YELLOW, "all hardwood")


def test_second_takes_two_and_third_one_of_what_is_left():
    """000 "Il Commercio": "Il secondo giocatore può prendere 2 merci a sua scelta, tra quelle rimanenti. Il terzo
    giocatore può prendere 1 merci a sua scelta, tra quelle rimanenti"."""
    s = trading("spice_road")
    s, _ = play(s, (RED, "all spice"), (YELLOW, "pick hardwood"))
    assert active(s) == YELLOW and not any(o.startswith("all ") for o in options(s))
    s, _ = play(s, (YELLOW, "pick hardwood"), (GREEN, "pick silk"))
    assert s.families[YELLOW].goods == {"hardwood": 2} and s.families[GREEN].goods == {"silk": 1}
    assert s.task is None or s.task.kind != "trade"
    assert "spice_road" in s.resolved


def test_a_trader_may_stop_early():
    """Decision 17: the players "possono" take — they can stop before their limit."""
    s = trading("nilus_valley")
    s, _ = play(s, (RED, "pick metal"), (RED, "done"), (YELLOW, "done"), (GREEN, "pick pottery"))
    assert s.families[RED].goods == {"metal": 1} and s.families[YELLOW].goods == {}
    assert s.families[GREEN].goods == {"pottery": 1}


def test_mare_indianum_may_leave_the_third_empty_handed():
    """000 "Il Commercio", Attenzione: "Può accadere che il terzo giocatore su Mare Indianum non prenda nessuna merce,
    questo caso (assai raro) si verifica se il primo giocatore sceglie 4 Legni Pregiati e il secondo 1 Seta e 1
    Spezia"."""
    s = trading("mare_indianum")
    s, _ = play(s, (RED, "all hardwood"), (YELLOW, "pick silk"), (YELLOW, "pick spice"))
    assert s.task is None or s.task.kind != "trade"  # Green is not even asked
    assert s.families[GREEN].goods == {}
    assert s.families[RED].goods == {"hardwood": 4} and s.families[YELLOW].goods == {"silk": 1, "spice": 1}
    assert "mare_indianum" in s.resolved and s.areas["mare_indianum"] == ()


def test_only_what_is_left_can_be_taken():
    """000 "Il Commercio": "tra quelle presenti in quel territorio" / "tra quelle rimanenti"."""
    s = trading("mare_indianum")
    s, _ = play(s, (RED, "pick silk"))
    assert "pick silk" not in options(s)
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "pick silk")
    assert caught.value.message.key == "al_rashid.illegal.not_on_territory"
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "pick note")
    assert caught.value.message.key == "al_rashid.illegal.not_on_territory"
