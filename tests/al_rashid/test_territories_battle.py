"""Territories: the battle (000_081cc785cafbe572.txt, "I Territori", "La Battaglia")."""

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
    hand,
    keys,
    mercenaries,
    options,
    play,
    put,
    resolve_from,
)


def contested(*tiles, seats=3, hands=None, ranks=(RED, YELLOW, GREEN), area="silk_road"):
    """`ranks` on `area` in dominance order (Pasha, Merchant, Sage...), `tiles` face down on it; the first
    of `ranks` resolves it."""
    s = blank(seats)
    for seat, pieces in zip(ranks, ({"pasha": 1}, {"merchant": 1}, {"sage": 2}, {"sage": 1}, {"sage": 1}),
                             strict=False):
        put(s, area, seat, **pieces)
    mercenaries(s, area, *tiles)
    for seat, kinds in (hands or {}).items():
        hand(s, seat, *kinds)
    s = resolve_from(s)
    s, events = play(s, f"resolve {area}")
    return s, events


def test_resolving_a_territory_reveals_its_mercenaries_to_everyone():
    """000 "La Battaglia": "Quando si risolve un territorio con dei mercenari sul tabellone, si girano e si rendono
    pubbliche tutte le tessere mercenario presenti sul territorio"."""
    s, events = contested("red-3", "blue-2", hands={RED: ["red-2"]})
    assert "revealed" in keys(events) and events[-1].audience is None
    tiles = GAME.view(s, None).area("silk_road").mercenaries
    assert [(x.colour, x.value, x.revealed) for x in tiles] == [("red", 3, True), ("blue", 2, True)]
    assert active(s) == RED and options(s) == ["fight", "flee"]


def test_without_mercenaries_trade_starts_at_once():
    """000 "La Battaglia": "Se non incontri mercenari, puoi passare immediatamente alla fase di Commercio"."""
    s, _ = contested()
    assert s.task.kind == "trade" and active(s) == RED


def test_fleeing_costs_two_dishonour_and_the_next_decides():
    """000 "La Battaglia": "Se un giocatore decide di scappare ... prende 2 segnalini disonore. Le sue pedine
    vengono ritirate dal territorio (non partecipa al commercio), e diventa dominante il giocatore che era
    secondo, che a sua volta dovrà decidere se combattere o scappare"."""
    s, _ = contested("red-3", hands={YELLOW: ["red-4"]})
    s, events = play(s, (RED, "flee"))
    assert s.families[RED].dishonour == 2 and "fled" in keys(events)
    assert [x.seat for x in s.areas["silk_road"]] == [YELLOW, GREEN]
    assert s.families[RED].reserve["pasha"] == 1
    assert active(s) == YELLOW and asked(s) == "al_rashid.ask.battle.choose"


def test_no_fight_without_tiles_of_the_colours_present():
    """000 "La Battaglia": "(Non può decidere di combattere se non ha tessere mercenario in mano)"; "DEVE scartare
    1 o più tessere mercenario dalla propria riserva, del colore dei mercenari presenti sul territorio"."""
    s, _ = contested("red-3", hands={RED: ["blue-4"]})
    assert options(s) == ["flee"]
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "fight")
    assert caught.value.message.key == "al_rashid.illegal.no_tiles_to_fight"
    s, _ = contested("red-3", hands={RED: ["blue-4", "red-2"]})
    s, _ = play(s, "fight")
    assert options(s) == ["commit red-2"]
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "commit blue-4")
    assert caught.value.message.key == "al_rashid.illegal.wrong_colour"
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "confirm")
    assert caught.value.message.key == "al_rashid.illegal.commit_first"


@pytest.mark.parametrize(("committed", "won"), [(["red-2", "red-3"], False), (["red-2", "red-4"], True)])
def test_the_discarded_total_must_be_strictly_greater(committed, won):
    """000 "La Battaglia": "Se il giocatore combatte e il valore delle tessere scartate supera il valore delle
    tessere mercenario presenti sul territorio, la battaglia termina, le tessere mercenario ... vengono scartate"
    (decision 15: a tie does not beat them)."""
    s, _ = contested("red-2", "red-3", hands={RED: committed})
    s, events = play(s, "fight", *(f"commit {k}" for k in committed), "confirm")
    fought = next(e for e in events if e.key.endswith("fought"))
    assert fought.params["strength"] == sum(int(k[-1]) for k in committed) and fought.params["enemy"] == 5
    assert s.families[RED].hand == {}  # every committed tile is discarded
    assert sorted(s.discards["red"]) == (sorted([2, 3, *(int(k[-1]) for k in committed)]) if won
                                         else sorted(int(k[-1]) for k in committed))
    if won:
        assert s.mercenaries["silk_road"] == () and s.task.kind == "trade" and active(s) == RED
    else:
        assert len(s.mercenaries["silk_road"]) == 2 and active(s) == YELLOW
        assert s.families[RED].dishonour == 0 and all(x.seat != RED for x in s.areas["silk_road"])


def test_the_strategist_adds_one_per_tile():
    """000 "Stratega": "Tutte le tue tessere mercenario hanno il valore aumentato di +1"."""
    s, _ = contested("red-3", "red-3", hands={RED: ["red-2", "red-3"]})
    s.families[RED].charges = ["strategist"]
    s, events = play(s, "fight", "commit red-2", "commit red-3", "confirm")
    assert next(e for e in events if e.key.endswith("fought")).params["strength"] == 7
    assert s.mercenaries["silk_road"] == () and "won_battle" in keys(events)


def test_beating_one_colour_only_means_no_dishonour_and_no_trade():
    """000 "La Battaglia", esempio: tessere blu e rosse, "si rende conto di non poter battere le rosse ... scarta
    una tessera mercenario ..., risolve (rimuovendo tessere dal territorio se necessario), e si ritira. I
    mercenari non sconfitti rimangono sul territorio (ricordate che rimangono scoperti). A questo punto, la mossa
    passa al secondo in ordine di dominio"."""
    s, _ = contested("red-4", "red-4", "blue-2", hands={RED: ["blue-3"], YELLOW: ["red-4", "red-4", "red-2"]})
    s, events = play(s, "fight", "commit blue-3", "confirm")
    assert s.families[RED].dishonour == 0 and "won_battle" not in keys(events)
    assert [(x.colour, x.value, x.revealed) for x in s.mercenaries["silk_road"]] == [("red", 4, True),
                                                                                       ("red", 4, True)]
    assert all(x.seat != RED for x in s.areas["silk_road"])
    assert active(s) == YELLOW and asked(s) == "al_rashid.ask.battle.choose"
    s, events = play(s, "fight", "commit red-4", "commit red-4", "commit red-2", "confirm")
    assert "won_battle" in keys(events)
    assert s.task.kind == "trade" and active(s) == YELLOW


def test_when_nobody_wins_the_mercenaries_stay_face_up():
    """000 "La Battaglia": "Se tutti i giocatori scappano o perdono la battaglia, termina la risoluzione di quel
    territorio, e i mercenari presenti restano sul territorio, rivelati"."""
    s, _ = contested("blue-4", area="mare_indianum", hands={YELLOW: ["blue-2"]})
    put(s, "spies", RED, sage=1)  # something left to resolve: the turn goes on
    s, events = play(s, (RED, "flee"), (YELLOW, "fight"), (YELLOW, "commit blue-2"), (YELLOW, "confirm"),
                     (GREEN, "flee"))
    assert "nobody_won" in keys(events)
    assert [(x.value, x.revealed) for x in s.mercenaries["mare_indianum"]] == [(4, True)]
    assert "mare_indianum" in s.resolved and s.areas["mare_indianum"] == ()
    assert [s.families[x].dishonour for x in (RED, YELLOW, GREEN)] == [2, 0, 2]
    assert s.territory_goods["mare_indianum"] == {"silk": 1, "spice": 1, "hardwood": 4}
    assert GAME.view(s, None).area("mare_indianum").mercenaries[0].value == 4


def test_the_fourth_may_fight_and_trade_when_the_first_three_leave():
    """000 "Il Commercio": "Una volta risolta la fase della Battaglia, si controlla chi domina quel territorio, si
    rimuovono le pedine degli eventuali quarto e quinto giocatore" (decision 14: every family on the territory
    may have to fight or flee in dominance order, the 4th and 5th included)."""
    s, _ = contested("red-2", seats=4, ranks=(RED, YELLOW, GREEN, BLUE), hands={BLUE: ["red-3"]})
    s, _ = play(s, (RED, "flee"), (YELLOW, "flee"), (GREEN, "flee"))
    assert active(s) == BLUE
    s, events = play(s, "fight", "commit red-3", "confirm")
    assert "won_battle" in keys(events) and s.task.kind == "trade" and active(s) == BLUE


def test_after_a_win_only_the_winner_and_those_after_it_trade_top_three():
    """000 "Il Commercio": after the battle the 4th and 5th go home and "solo a quel punto i giocatori che sono sul
    territorio possono commerciare" (decision 14: the winner and the families after it, top three)."""
    s, _ = contested("red-2", seats=5, ranks=(RED, YELLOW, GREEN, BLUE, WHITE), hands={YELLOW: ["red-3"]})
    s, _ = play(s, (RED, "flee"), (YELLOW, "fight"), (YELLOW, "commit red-3"), (YELLOW, "confirm"))
    assert [x.seat for x in s.areas["silk_road"]] == [YELLOW, GREEN, BLUE]
    assert s.families[WHITE].reserve["sage"] == s.families[WHITE].owned["sage"]
    traders = []
    while s.task is not None and s.task.kind == "trade":
        traders.append(active(s))
        s, _ = play(s, "done")
    assert traders == [YELLOW, GREEN, BLUE]
