"""Dominance (000_081cc785cafbe572.txt, "Dominio" and "Aree di Gioco")."""

import pytest

from engine.al_rashid import GAME
from engine.al_rashid.board import dominance
from engine.al_rashid.state import Stack

from .builders import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    active,
    blank,
    options,
    order_in,
    play,
    put,
    resolve_from,
    settle,
)


@pytest.mark.parametrize(("pieces", "value"), [
    ({"pasha": 1}, 5),
    ({"merchant": 1, "sage": 1}, 4),
    ({"sage": 2}, 2),
    ({"pasha": 1, "sage": 2}, 7),
])
def test_dominance_values_of_the_rulebook(pieces, value):
    """000 "Dominio", Esempi di valore di dominio: 1 Pascià = 5; 1 Mercante e 1 Saggio = 4; 2 Saggi = 2;
    1 Pascià e 2 Saggi = 7."""
    assert dominance(Stack(0, **pieces)) == value
    s = put(blank(2), "culture", RED, **pieces)
    (stack,) = GAME.view(s, None).area("culture").stacks
    assert stack.dominance == value


def actors_in_order(s, area):
    """Resolve `area` and list who is asked to act there, in turn (each asks for nothing)."""
    s = resolve_from(s)
    s, _ = play(s, f"resolve {area}")
    return actors_so_far(s)


def actors_so_far(s):
    seen = []
    while s.task.kind == "guild":
        seen.append(active(s))
        s, _ = play(s, "do nothing")
    return seen, s


def test_example_1_the_pasha_acts_first():
    """000 "Dominio", esempio (1): Verde 1 Mercante = 3, Rosso 1 Pascià = 5, Giallo 1 Saggio = 1.
    Ordine di risoluzione: Rosso - Verde - Giallo."""
    s = blank(4)
    put(s, "culture", GREEN, merchant=1)
    put(s, "culture", RED, pasha=1)
    put(s, "culture", YELLOW, sage=1)
    assert order_in(s, "culture") == [RED, GREEN, YELLOW]
    assert actors_in_order(s, "culture")[0] == [RED, GREEN, YELLOW]


def test_example_2_a_tie_goes_to_who_placed_first():
    """000 "Dominio", esempio (2): Verde 1 Saggio = 1, Rosso 1 Mercante + 1 Saggio = 4, Giallo 1 Mercante +
    1 Saggio = 4. Ordine di risoluzione: Rosso - Giallo - Verde ("il giocatore che ha piazzato per primo in
    quell'area di gioco ha un valore di dominio maggiore")."""
    s = blank(4)
    put(s, "military", GREEN, sage=1)
    put(s, "military", RED, merchant=1, sage=1)
    put(s, "military", YELLOW, merchant=1, sage=1)
    assert order_in(s, "military") == [RED, YELLOW, GREEN]
    assert actors_in_order(s, "military")[0] == [RED, YELLOW, GREEN]


def test_example_3_the_fourth_does_not_act_and_goes_home_at_once():
    """000 "Dominio", esempio (3): Verde 1 Saggio, Rosso 1 Saggio, Giallo 1 Mercante + 1 Saggio, Blu 1
    Mercante. Ordine: Giallo - Blu - Verde (il Rosso non effettua azioni perchè è 4°); "Prima di risolvere
    i benefici di quei giocatori rimuovi tutte le eventuali pedine di altri giocatori"."""
    s = blank(4)
    put(s, "merchant", GREEN, sage=1)
    put(s, "merchant", RED, sage=1)
    put(s, "merchant", YELLOW, merchant=1, sage=1)
    put(s, "merchant", BLUE, merchant=1)
    assert order_in(s, "merchant") == [YELLOW, BLUE, GREEN, RED]
    s = resolve_from(s)
    s, _ = play(s, "resolve merchant")
    # Yellow is asked first, and Red's Sage is already back in its reserve.
    assert active(s) == YELLOW
    assert [x.seat for x in s.areas["merchant"]] == [GREEN, YELLOW, BLUE]
    assert s.families[RED].reserve["sage"] == 1
    assert actors_so_far(s)[0] == [YELLOW, BLUE, GREEN]


def test_one_move_per_area_whatever_the_number_of_pieces():
    """000 "Dominio": "Indipendentemente dal numero di pedine presenti in un'area di gioco, nella fase di
    risoluzione, il giocatore ha diritto ad una sola mossa per area"."""
    s = blank(2)
    put(s, "culture", RED, pasha=1, sage=3)
    seen, s = actors_in_order(s, "culture")
    assert seen == [RED]
    assert s.families[RED].reserve == s.families[RED].owned


def test_a_sage_placed_first_keeps_the_family_first_in_the_area():
    """000 "Dominio", Attenzione: se la prima pedina è un Saggio, si può poi porre sopra di lui un Pascià o
    un Mercante; "Piazzamento": chi posiziona per primo occupa l'estrema sinistra."""
    s = settle(blank(2))
    s, _ = play(s, (RED, "piece sage"), (RED, "place spies"),
                (YELLOW, "piece merchant"), (YELLOW, "place spies"),
                (RED, "piece merchant"), (RED, "place spies"))
    view = GAME.view(s, None).area("spies")
    assert [(x.seat, x.position, x.dominance) for x in view.stacks] == [(RED, 1, 4), (YELLOW, 2, 3)]
    # Yellow adds its Sage and ties at 4: Red placed first, so Red still leads.
    s, _ = play(s, (YELLOW, "piece sage"), (YELLOW, "place spies"))
    assert order_in(s, "spies") == [RED, YELLOW]
    assert GAME.view(s, None).area("spies").ranking == [RED, YELLOW]


def test_only_three_act_even_with_five_families():
    """000 "Termini comuni", Dominio: "solo i primi tre giocatori eseguono un azione, gli eventuali quarto
    e quinto non agiscono"."""
    s = blank(5)
    for seat in range(5):
        put(s, "politics", seat, sage=seat + 1)
    seen, _ = actors_in_order(s, "politics")
    assert seen == [4, 3, 2]


def test_options_of_the_first_resolution_move():
    """000 "Risolvere un'area di gioco": si sceglie una delle aree su cui sia presente almeno una pedina."""
    s = blank(2)
    put(s, "culture", RED, pasha=1)
    put(s, "sanmatia", YELLOW, sage=1)
    s = resolve_from(s)
    assert options(s) == ["resolve culture", "resolve sanmatia"]
