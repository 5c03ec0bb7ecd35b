"""The supply phase and the dice tower (004, "I - Rifornimento"), and taking a group (004, "A – Selezionare un
gruppo di dadi")."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.yspahan.state import Group
from engine.yspahan.tower import arrange, without_yellow

from .builders import BLUE, GREEN, RED, active, at, blank, keys, options, play, rolled


def test_lowest_group_on_camels_next_ones_upwards_highest_always_on_gold():
    """"il gruppo di dadi con il valore più basso è sempre piazzato sulla casella più in basso (la casella del
    Cammello) ... Regola speciale: il gruppo di dadi con il valore più alto, va sempre piazzato sulla casella
    dell'Oro"; "supponiamo che tutti i dadi tirati sono "2" e "5" ... i "2" ... Cammello, ed i "5" ... Oro" """
    assert arrange([(2, False)] * 5 + [(5, False)] * 4) == [Group(2, 5), None, None, None, None, Group(5, 4)]
    tower = arrange([(v, False) for v in (1, 2, 3, 4, 5, 6, 6, 6, 1)])
    assert tower == [Group(1, 2), Group(2, 1), Group(3, 1), Group(4, 1), Group(5, 1), Group(6, 3)]


def test_all_dice_equal_go_on_the_camel_slot():
    """"se eccezionalmente tutti i dadi sono dello stesso valore, tutti i dadi vanno piazzati nella casella del
    Cammello." """
    assert arrange([(4, False)] * 9 + [(4, True)]) == [Group(4, 9, 1), None, None, None, None, None]


@settings(deadline=None)  # a crowded machine may take longer than hypothesis's 200 ms for one example
@given(st.lists(st.tuples(st.integers(1, 6), st.booleans()), min_size=9, max_size=12))
def test_every_roll_fills_the_tower_by_the_rules(dice):
    tower = arrange(dice)
    groups = [g for g in tower if g is not None]
    assert sum(g.dice for g in groups) == len(dice)
    assert sum(g.yellow for g in groups) == sum(y for _, y in dice)
    values = [g.value for g in groups]
    assert values == sorted(set(values)) == sorted({v for v, _ in dice})
    if len(values) > 1:
        assert tower[5] is not None and tower[5].value == max(values)
        assert all(tower[i] is not None for i in range(len(values) - 1))  # filled from the bottom
    else:
        assert tower[0] is not None


def test_yellow_dice_leave_after_the_first_players_turn_leaving_slots_empty():
    """"dopo l'azione del primo giocatore ... i dadi gialli saranno rimossi dalla Torre, con la possibile
    conseguenza di caselle vuote. Inoltre come conseguenza, i dadi gialli daranno benefici solo al primo
    giocatore." """
    assert without_yellow([Group(1, 2, 1), Group(2, 0, 2), None, None, None, Group(6, 1, 1)]) == \
        [Group(1, 2), None, None, None, None, Group(6, 1)]
    s = rolled(blank(3, first=BLUE), 1, 1, 2, 2, 3, 3, 4, 4, 4, yellow=(5, 6))
    assert s.tower[4] == Group(5, 0, 1) and s.tower[5] == Group(6, 0, 1)
    s, events = play(s, "take gold", "action")  # the yellow 6 is Blue's gold; Blue has nothing to build
    assert s.players[BLUE].gold == 2 + 1
    assert keys(events)[-1] == "yellow_leave"
    assert active(s) == GREEN and s.tower[4] is None  # the yellow 5 left the Vase slot before Green chose


def test_yellow_dice_cost_one_gold_each():
    """"può pagare 1 moneta d'Oro per ogni dado Giallo che vuole aggiungere agli altri." """
    s = blank(4, first=RED)
    assert options(s) == ["roll 0", "roll 1", "roll 2"]  # 2 gold: at most 2 yellow dice
    s.players[RED].gold = 7
    assert options(s) == ["roll 0", "roll 1", "roll 2", "roll 3"]  # there are only three yellow dice
    s = at(s, "roll 3")
    assert s.players[RED].gold == 4 and len(s.rolled) == 12


def test_a_taken_group_is_gone_for_the_next_player():
    """"Il giocatore rimuove un gruppo di dadi dalla Torre. Il gruppo scelto non sarà più disponibile al
    prossimo giocatore." """
    s = at(rolled(blank(3), 1, 1, 2, 2, 3, 3, 4, 5, 6), "take camel", "action")
    assert "take camel" not in options(s) and s.tower[0] is None


def test_every_slot_offers_the_supervisor_and_a_card_besides_its_own_action():
    """"Soltanto la prima azione dipende dalla casella scelta. Le altre due azioni (muovere il Supervisore e
    prendere una carta) sono disponibili su ogni casella." """
    s = rolled(blank(3), 1, 2, 3, 4, 5, 6, 6, 6, 6)
    for slot in ("camel", "bag", "barrel", "chest", "vase", "gold"):
        assert {"action", "supervisor", "draw", "back"} <= set(options(at(s, f"take {slot}")))


def test_with_no_group_left_the_player_draws_the_top_card_without_dice():
    """"Se non c'è un gruppo di dadi disponibile, il giocatore pesca la carta dalla cima del mazzo senza
    rimuovere nessun dado" """
    s = rolled(blank(3, first=BLUE), *[4] * 9)  # one group only
    top = s.deck[-1]
    s, events = play(s, "take camel", "action")
    assert active(s) == BLUE  # Blue may build the Pen with those 9 camels
    s, events = play(s, "end")
    assert keys(events)[:3] == ["no_dice", "drew", "drew_private"]
    assert s.players[GREEN].cards == [top] and s.tower == [None] * 6
