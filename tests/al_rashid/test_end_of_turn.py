"""End of a turn and of the game (000_081cc785cafbe572.txt, "Fine Turno", "Tessere Crisi", "Fine del Gioco")."""

from collections import Counter

from engine.al_rashid import GAME
from engine.al_rashid.board import draw_mercenary, pieces_on_board
from engine.al_rashid.data import load
from engine.al_rashid.vocab import OVER, PLACEMENT, TERRITORIES

from .builders import (
    GREEN,
    RED,
    YELLOW,
    active,
    asked,
    blank,
    goods,
    keys,
    mercenaries,
    options,
    play,
    put,
    resolve_from,
)

DATA = load()


def last_move(s, area="silk_road"):
    """Red's Pasha alone on `area`; Red resolves it and takes all the silk: the turn ends."""
    put(s, area, RED, pasha=1)
    s = resolve_from(s)
    return play(s, f"resolve {area}", "all silk")


def test_territories_are_restocked_with_goods_and_notes():
    """000 "Fine Turno": "Reintegrare tutte le Merci Preziose e le Note di Credito su tutti i territori"."""
    s = blank(2)
    s.territory_goods["sanmatia"] = {"metal": 0, "hardwood": 2, "pottery": 1, "note": 0}
    s, _ = last_move(s)
    assert s.turn == 2
    assert s.families[RED].goods == {"silk": 4}
    for territory, info in DATA.territories.items():
        expected = {**info.goods, **({"note": info.notes} if info.notes else {})}
        assert s.territory_goods[territory] == expected


def test_a_turn_crisis_tile_places_new_face_down_mercenaries():
    """000 "Fine Turno": "Rivelare una Tessera Crisi – Turni e risolverla"; "Tessere Crisi": "posizionare le tessere
    mercenario coperte sui territori indicati così che nessun giocatore possa conoscerne il valore"."""
    s = blank(2)
    left = mercenaries(s, "nilus_valley", "red-3")
    s.mercenaries["nilus_valley"] = tuple(x.face_up() for x in s.mercenaries["nilus_valley"])  # fought over earlier, left face up
    index = s.crisis_deck[-1]
    s, events = last_move(s)
    assert s.crisis_shown[-1] == f"turn:{index}" and len(s.crisis_deck) == 7
    placed = Counter((t, x.colour) for t in TERRITORIES for x in s.mercenaries[t] if not x.revealed)
    assert placed == Counter((t, c) for t, c in DATA.crisis.turns[index])
    assert "crisis" in keys(events)
    # The tile left face up stays on the map, still face up.
    assert [x.id for x in s.mercenaries["nilus_valley"] if x.revealed] == left
    assert GAME.view(s, None).last_crisis == [tuple(x) for x in DATA.crisis.turns[index]]


def test_the_turn_marker_advances_and_placement_starts_in_turn_order():
    """000 "Fine Turno": "Spostare in avanti il segnalino turno e inizia il nuovo turno di gioco"."""
    s = blank(3, order=[GREEN, RED, YELLOW])
    s, events = last_move(s)
    assert s.turn == 2 and s.phase == PLACEMENT and s.resolved == []
    assert active(s) == GREEN and asked(s) == "al_rashid.ask.place.piece"
    assert keys(events)[-1] == "turn_starts"


def test_new_family_members_are_placed_from_the_next_turn():
    """000 "Componenti delle Famiglie": "I nuovi membri della famiglia una volta pagato il costo vengono piazzati
    nella riserva personale (potranno essere utilizzati nel turno successivo)"."""
    s = blank(2)
    put(s, "culture", RED, pasha=1)
    goods(s, RED, hardwood=1, pottery=1, metal=1)
    s = resolve_from(s)
    s, _ = play(s, "resolve culture", "do service", "pay hardwood:1,pottery:1,metal:1")
    assert s.turn == 2 and s.families[RED].reserve == {"pasha": 1, "merchant": 1, "sage": 2}
    while s.phase == PLACEMENT:
        if asked(s) == "al_rashid.ask.place.piece":
            s, _ = play(s, options(s)[-1])
        s, _ = play(s, next(o for o in options(s) if o.startswith("place ") and o != "place caliph"))
    assert pieces_on_board(s, RED) == {"pasha": 1, "merchant": 1, "sage": 2}


def test_a_new_turn_order_applies_from_the_next_turn_if_resolution_ends_first():
    """000 "Benevolenza di Al-Rashid": "Il nuovo ordine diventa effettivo a partire dal successivo round di
    risoluzione" (decision 3: or from the next turn when the resolution ends first)."""
    s = blank(3, order=[RED, YELLOW, GREEN])
    put(s, "caliph", GREEN, pasha=1)
    s = resolve_from(s)
    s, _ = play(s, (GREEN, "resolve caliph"), (GREEN, "do benevolence"), (GREEN, "good silk"))
    assert s.turn == 2 and s.order == [GREEN, RED, YELLOW] and s.pending_order is None
    assert active(s) == GREEN


def test_the_game_ends_after_the_fifth_resolution_without_restocking():
    """000 "Fine Turno": "Al termine di ogni turno di gioco (ad eccezione dell'ultimo)"; "Fine del Gioco": "Dopo che
    tutti i giocatori hanno risolto la quinta fase di risoluzione, il gioco termina"."""
    s = blank(2)
    s.turn = 5
    deck = list(s.crisis_deck)
    s, events = last_move(s)
    assert s.phase == OVER and GAME.is_over(s) and keys(events)[-1] == "game_over"
    assert s.territory_goods["silk_road"]["silk"] == 0 and s.crisis_deck == deck
    assert GAME.active_seats(s) == frozenset() and GAME.outcome(s) is not None


def test_an_empty_pile_is_rebuilt_from_its_discards():
    """Decision 19: when a pile is empty its colour's discards are shuffled into a new pile (000 is silent)."""
    s = blank(2)
    s.piles["red"], s.discards["red"] = (), (2, 3, 4)
    value = draw_mercenary(s, "red")
    assert value in (2, 3, 4) and sorted([value, *s.piles["red"]]) == [2, 3, 4] and s.discards["red"] == ()


def test_with_no_tile_left_of_a_colour_nothing_is_placed_or_drawn():
    """Decision 19: with neither pile nor discards of a colour, the crisis places nothing of it and nobody can
    draw it."""
    s = blank(2)
    s.piles["red"], s.discards["red"] = (), ()
    s, _ = last_move(s)
    assert all(x.colour == "blue" for t in TERRITORIES for x in s.mercenaries[t])
    assert draw_mercenary(s, "red") is None
