"""Placement (000_081cc785cafbe572.txt, "Piazzamento" and "Dominio")."""

import pytest

from engine.al_rashid import GAME
from engine.al_rashid.flow import Ctx
from engine.al_rashid.turn import start_placement
from engine.al_rashid.vocab import AREAS, PLACEMENT, RESOLUTION
from engine.core.errors import Illegal

from .builders import GREEN, RED, YELLOW, active, asked, blank, options, play, put, settle


def placing(seats=3, order=None):
    s = blank(seats, order)
    start_placement(Ctx(s))
    return settle(s)


def refusal(s, notation):
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, active(s), notation)
    return caught.value.message.key


def test_one_piece_per_step_in_turn_order():
    """000 "Piazzamento": "Seguendo l'ordine di gioco, i giocatori, uno per volta, mettono una pedina in una
    delle aree di gioco. Si continua fino a quando tutti i giocatori hanno piazzato tutte le loro pedine."""
    s = placing(3, order=[GREEN, RED, YELLOW])
    movers = []
    while s.phase == PLACEMENT:
        movers.append(active(s))
        s, _ = play(s, "piece sage" if "piece sage" in options(s) else "piece merchant") \
            if asked(s) == "al_rashid.ask.place.piece" else (s, [])
        s, _ = play(s, next(o for o in options(s) if o.startswith("place ") and o != "place caliph"))
    assert movers == [GREEN, RED, YELLOW] * 3
    assert s.phase == RESOLUTION
    assert all(sum(f.reserve.values()) == 0 for f in s.families)


def test_players_out_of_pieces_are_skipped():
    """000 "Piazzamento": si continua fino a quando tutti hanno piazzato tutte le loro pedine (decision 27:
    players who are out of pieces are skipped)."""
    s = blank(2)
    put(s, "nilus_valley", RED, merchant=1, sage=1)  # Red keeps only its Pasha
    s.families[YELLOW].reserve["sage"] = s.families[YELLOW].owned["sage"] = 3
    s = settle(s)
    movers = []
    while s.phase == PLACEMENT:
        movers.append(active(s))
        if asked(s) == "al_rashid.ask.place.piece":
            s, _ = play(s, options(s)[0])
        s, _ = play(s, "place culture" if "place culture" in options(s) else "place spies")
    assert movers == [RED, YELLOW] + [YELLOW] * 4  # Yellow has 5 pieces, Red only 1


def test_the_piece_question_is_skipped_when_one_kind_is_left():
    """Decision 27: when a player has only one kind of piece left, only the area is asked."""
    s = blank(2)
    put(s, "nilus_valley", RED, merchant=1, sage=1)
    s = settle(s)
    assert active(s) == RED and asked(s) == "al_rashid.ask.place.area"
    assert "place caliph" in options(s) and not any(o.startswith("piece") for o in options(s))


def test_the_piece_choice_can_be_taken_back():
    """Every decision is a small step; a player may go back to the choice of piece."""
    s = placing(2)
    s, _ = play(s, "piece merchant")
    assert "back" in options(s)
    s, _ = play(s, "back")
    assert asked(s) == "al_rashid.ask.place.piece"


@pytest.mark.parametrize(("first", "second"), [("pasha", "merchant"), ("pasha", "pasha"), ("merchant", "merchant"),
                                               ("merchant", "pasha")])
def test_one_pasha_or_one_merchant_per_family_per_area(first, second):
    """000 "Dominio": "in una determinata area di gioco, ogni giocatore può piazzare solo 1 Pascià o solo 1
    Mercante" (1 Pascià e 1 Mercante, 2 Pascià, 2 Mercanti = Mossa non consentita)."""
    s = blank(2)
    s.families[RED].reserve = {"pasha": 2, "merchant": 2, "sage": 0}
    put(s, "spies", RED, **{first: 1})
    s = settle(s)
    s, _ = play(s, (RED, f"piece {second}"))
    assert refusal(s, "place spies") == "al_rashid.illegal.one_leader"
    assert "place spies" not in options(s) and "place military" in options(s)


def test_sages_stack_under_a_leader_or_on_other_sages():
    """000 "Dominio": il Saggio può essere impilato sotto un Pascià, sotto un Mercante o sotto un altro
    Saggio; "Se il primo pezzo ... è 1 Pascià o 1 Mercante, poi sarà possibile aggiungere solo Saggi"."""
    s = blank(2)
    s.families[RED].reserve["sage"] = s.families[RED].owned["sage"] = 3
    put(s, "spies", RED, pasha=1)
    put(s, "military", RED, sage=1)
    s = settle(s)
    s, _ = play(s, (RED, "piece sage"), (RED, "place spies"), (YELLOW, "piece sage"), (YELLOW, "place spies"),
                (RED, "piece sage"), (RED, "place military"))
    assert (s.areas["spies"][0].pasha, s.areas["spies"][0].sage) == (1, 1)
    assert s.areas["military"][0].sage == 2
    # A Merchant may still go on top of the Sages in the military palace.
    s, _ = play(s, (YELLOW, "piece merchant"), (YELLOW, "place military"), (RED, "place military"))
    assert (s.areas["military"][0].merchant, s.areas["military"][0].sage) == (1, 2)


def test_al_rashid_receives_only_a_family_that_comes_with_a_pasha_first():
    """000 "Palazzo di Al-Rashid": "Il primo pezzo di una famiglia posizionato in quest'area deve essere
    obbligatoriamente un Pascià, non è consentito mettere prima un Saggio e poi aggiungere un Pascià"."""
    s = placing(2)
    for piece in ("sage", "merchant"):
        t, _ = play(s, f"piece {piece}")
        assert refusal(t, "place caliph") == "al_rashid.illegal.pasha_first"
        assert "place caliph" not in options(t)
    s, _ = play(s, (RED, "piece pasha"), (RED, "place caliph"), (YELLOW, "piece sage"), (YELLOW, "place spies"),
                (RED, "piece sage"), (RED, "place caliph"))
    (stack,) = s.areas["caliph"]
    assert (stack.seat, stack.pasha, stack.sage) == (RED, 1, 1)
    # ... but never a Merchant with the Pasha.
    s, _ = play(s, (YELLOW, "piece merchant"))
    s, _ = play(s, (YELLOW, "place military"))
    assert refusal(s, "place caliph") == "al_rashid.illegal.one_leader"


def test_the_first_to_place_takes_the_leftmost_place():
    """000 "Piazzamento", Attenzione: il primo giocatore che posiziona la pedina in un'area la posiziona
    all'estrema sinistra ...; il giocatore seguente nel riquadro a destra."""
    s = placing(3, order=[YELLOW, GREEN, RED])
    s, _ = play(s, "piece sage", "place sanmatia", "piece pasha", "place sanmatia", "piece merchant", "place sanmatia")
    view = GAME.view(s, None).area("sanmatia")
    assert [(x.seat, x.position) for x in view.stacks] == [(YELLOW, 1), (GREEN, 2), (RED, 3)]


def test_the_diplomat_piece_is_placed_after_everyone_else():
    """000 "Diplomatico": "All'inizio della fase di piazzamento prendi un Mercante o un Pascià e collocalo su
    questa carica. Posiziona questo pedina sul tabellone solo dopo che tutti gli altri giocatori hanno
    posizionato i loro pezzi" (decision 26)."""
    s = blank(3, order=[GREEN, RED, YELLOW])
    s.families[RED].charges = ["diplomat"]
    start_placement(Ctx(s))
    s = settle(s)
    assert active(s) == RED and options(s) == ["hold pasha", "hold merchant", "hold none"]
    s, events = play(s, "hold pasha")
    assert s.families[RED].held == "pasha" and s.families[RED].reserve["pasha"] == 0
    assert GAME.view(s, None).families[RED].held == "pasha"
    movers = []
    while s.phase == PLACEMENT:
        movers.append(active(s))
        if asked(s) == "al_rashid.ask.place.piece":
            s, _ = play(s, options(s)[-1])
        s, _ = play(s, "place nilus_valley" if "place nilus_valley" in options(s) else "place sanmatia")
    assert movers == [GREEN, RED, YELLOW, GREEN, RED, YELLOW, GREEN, YELLOW, RED]
    assert s.families[RED].held is None
    assert any(x.seat == RED and x.pasha for x in s.areas["nilus_valley"] + s.areas["sanmatia"])


def test_two_diplomats_place_in_turn_order():
    """000 "Diplomatico" with two copies in play (4-5 players, "Setup Cariche"): both held pieces come
    after every other piece, in turn order (decision 26)."""
    s = blank(4, order=[3, 2, 1, 0])
    s.families[0].charges = ["diplomat"]
    s.families[2].charges = ["diplomat"]
    start_placement(Ctx(s))
    s = settle(s)
    s, _ = play(s, (2, "hold merchant"), (0, "hold pasha"))
    movers = []
    while s.phase == PLACEMENT:
        movers.append(active(s))
        if asked(s) == "al_rashid.ask.place.piece":
            s, _ = play(s, options(s)[-1])
        s, _ = play(s, next(o for o in options(s) if o.startswith("place ") and o != "place caliph"))
    assert movers[-2:] == [2, 0]
    assert movers[:-2].count(0) == movers[:-2].count(2) == 2


def test_the_diplomat_may_hold_nothing():
    """Decision 26: setting a piece aside is the holder's choice ("hold none")."""
    s = blank(2)
    s.families[RED].charges = ["diplomat"]
    start_placement(Ctx(s))
    s = settle(s)
    s, _ = play(s, "hold none")
    assert s.families[RED].held is None and sum(s.families[RED].reserve.values()) == 3


def test_every_area_may_take_a_first_piece():
    """000 "Concetti Principali": 6 palazzi e 7 territori are all areas of play."""
    s = placing(2)
    s, _ = play(s, "piece pasha")
    assert [o for o in options(s) if o.startswith("place ")] == [f"place {a}" for a in AREAS]
