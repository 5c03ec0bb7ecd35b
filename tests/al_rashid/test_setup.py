"""Setup of a match (000_081cc785cafbe572.txt, "Preparazione del gioco" and "Setup")."""

from collections import Counter

import pytest

from engine.al_rashid import GAME
from engine.al_rashid.data import load
from engine.al_rashid.vocab import CREDIT_NOTE, GUILDS, PALACES, PLACEMENT, SETUP, TERRITORIES

from .builders import active, asked, new, options, play

DATA = load()

STARTING_GOODS = [  # 000 "Setup merci", by position in the turn order
    {"hardwood": 1, "pottery": 1, "metal": 1},
    {"hardwood": 2, "pottery": 1, "metal": 1},
    {"hardwood": 3, "pottery": 1, "metal": 1},
    {"hardwood": 2, "pottery": 2, "metal": 1},
    {"hardwood": 1, "pottery": 1, "metal": 1, "spice": 1},
]


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_each_family_starts_with_a_pasha_a_merchant_and_a_sage(seats):
    """000 "Setup componenti per ogni famiglia": 1 Pascià, 1 Mercante, 1 Saggio."""
    s = new(seats, seed=seats)
    for family in s.families:
        assert family.reserve == family.owned == {"pasha": 1, "merchant": 1, "sage": 1}
        assert family.dishonour == family.influence == family.notes == 0 and family.charges == []


def test_starting_goods_follow_the_random_turn_order():
    """000 "Setup merci": 1° Legno+Vasellame+Metalli ... 5° Legno+Vasellame+Metalli+Spezie;
    "Sorteggiare in modo casuale l'ordine di gioco"."""
    for seed in range(6):
        s = new(5, seed)
        assert sorted(s.order) == list(range(5))
        for position, seat in enumerate(s.order):
            assert s.families[seat].goods == STARTING_GOODS[position]


def test_turn_order_is_random_but_fixed_by_the_seed():
    """000 "Sorteggiare in modo casuale l'ordine di gioco"; a match replays from its seed."""
    firsts = {new(4, seed).order[0] for seed in range(20)}
    assert len(firsts) > 1
    assert new(4, 7).order == new(4, 7).order


@pytest.mark.parametrize(("seats", "copies"), [(2, 1), (3, 1), (4, 2), (5, 2)])
def test_charges_in_play_depend_on_the_number_of_players(seats, copies):
    """000 "Setup Cariche": 2-3 giocatori 1 sola carica per tipo per Spie, Militare, Cultura, Mercantile;
    4-5 giocatori 2 cariche; sempre tutte le 8 Cariche Politiche e le 8 Cariche del Califfo."""
    s = new(seats)
    for palace in PALACES:
        offered = Counter(s.charges[palace])
        expected = {c.id for c in DATA.charges.values() if c.palace == palace}
        assert set(offered) == expected
        if palace in GUILDS[:4]:
            assert len(expected) == 4 and set(offered.values()) == {copies}
        else:
            assert len(expected) == 8 and set(offered.values()) == {1}


def test_territories_start_with_their_goods_and_four_credit_notes():
    """000 "La Mappa" (e.g. Silk Road → 4 Seta + 2 Spezie + 1 Metalli + 1 Legno Pregiato + 1 Nota di
    Credito) and "Posizionare 4 segnalini Nota di Credito"."""
    s = new(3)
    assert s.territory_goods["silk_road"] == {"silk": 4, "spice": 2, "metal": 1, "hardwood": 1, CREDIT_NOTE: 1}
    assert s.territory_goods["mare_indianum"] == {"silk": 1, "spice": 1, "hardwood": 4}
    assert s.territory_goods["nilus_valley"] == {"hardwood": 4, "metal": 2, "pottery": 1}
    assert sum(s.territory_goods[t].get(CREDIT_NOTE, 0) for t in TERRITORIES) == 4


def test_setup_crisis_tile_places_face_down_mercenaries_as_printed():
    """000 "Setup Tessere Crisi": sorteggiare una delle 3 tessere con il bordo nero e posizionare le
    tessere mercenario come indicato (colore e territorio), coperte; poi solo le 8 "Tessere Crisi – Turni"."""
    seen = set()
    for seed in range(12):
        s = new(3, seed)
        (shown,) = s.crisis_shown
        kind, index = shown.split(":")
        assert kind == "setup"
        seen.add(int(index))
        expected = Counter((t, c) for t, c in DATA.crisis.setup[int(index)])
        placed = Counter((t, tile.colour) for t in TERRITORIES for tile in s.mercenaries[t])
        assert placed == expected
        assert all(not tile.revealed and not tile.seen_by for t in TERRITORIES for tile in s.mercenaries[t])
        assert sorted(s.crisis_deck) == list(range(8))
    assert len(seen) > 1


def test_mercenary_piles_hold_32_tiles_of_each_colour_valued_2_3_4():
    """000 "Tessere Mercenario": 32 rosse e 32 blu, 8 con valore 2, 16 con valore 3, 8 con valore 4."""
    s = new(4, seed=3)
    for colour in ("red", "blue"):
        on_map = [x.value for t in TERRITORIES for x in s.mercenaries[t] if x.colour == colour]
        assert Counter([*s.piles[colour], *on_map]) == {2: 8, 3: 16, 4: 8}


def test_each_player_in_turn_order_draws_one_mercenary_from_the_pile_they_choose():
    """000 "Setup tessere mercenari": ogni giocatore prende una tessera da una delle due pile, a scelta,
    seguendo l'ordine di gioco, dopo che è stata rivelata la Tessera Crisi (decision 1)."""
    s = new(3, seed=5)
    assert s.phase == SETUP and s.crisis_shown
    for seat, colour in zip(s.order, ("red", "blue", "red"), strict=True):
        assert active(s) == seat
        assert options(s) == ["draw red", "draw blue"]
        top = s.piles[colour][-1]
        s, events = play(s, f"draw {colour}")
        assert s.families[seat].hand == {f"{colour}-{top}": 1}
    assert s.phase == PLACEMENT and s.turn == 1
    assert active(s) == s.order[0] and asked(s) == "al_rashid.ask.place.piece"


def test_setup_is_deterministic_for_a_seed():
    """All randomness comes from the seed kept in the state (exact replay)."""
    a, b = new(5, 11), new(5, 11)
    assert GAME.dump_state(a) == GAME.dump_state(b)
    assert GAME.dump_state(a) != GAME.dump_state(new(5, 12))
