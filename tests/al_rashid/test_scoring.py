"""Final scoring (000_081cc785cafbe572.txt, "Fine del Gioco"; tie-break from 003_16b57b9b60b4ad05.txt, "Fine del
gioco")."""

from engine.al_rashid import GAME
from engine.al_rashid.scoring import breakdown
from engine.al_rashid.vocab import OVER

from .builders import BLUE, GREEN, RED, YELLOW, blank, goods


def finished(seats=3, order=None):
    s = blank(seats, order)
    s.phase = OVER
    return s


def test_breakdown_by_category():
    """000 "Fine del Gioco": Componenti della famiglia 3 / 2 / 1 pt; Cariche; Punti influenza Politica 1 l'uno fino
    a 5; Segnalini Disonore -2 l'uno."""
    s = finished()
    red = s.families[RED]
    red.owned = {"pasha": 2, "merchant": 3, "sage": 4}
    red.charges = ["diplomat", "smuggler", "enchanter", "economist", "weapon_master"]
    red.influence = 7
    red.dishonour = 3
    assert breakdown(red) == {"family": 2 * 3 + 3 * 2 + 4 * 1, "charges": 2 + 1 + 0 + 3 + 3, "influence": 5,
                              "dishonour": -6}
    result = GAME.outcome(s)
    assert result.scores[RED] == 16 + 9 + 5 - 6
    assert result.breakdown[RED] == breakdown(red)
    assert GAME.view(s, None).score.breakdown[RED] == breakdown(red)


def test_influence_counts_at_most_five():
    """000 "Punti Influenza Politica": "a fine partita valgono 1 punto prestigio l'uno (per un massimo di 5 punti)"."""
    s = finished()
    for influence, points in ((0, 0), (3, 3), (5, 5), (9, 5)):
        s.families[RED].influence = influence
        assert breakdown(s.families[RED])["influence"] == points


def test_dishonour_has_no_floor():
    """003 "Fine del gioco": "-2 pt prestigio per ogni segnalino disonore ... senza limite massimo di punti
    detratti"."""
    s = finished()
    s.families[RED].dishonour = 10
    assert GAME.outcome(s).scores[RED] == 6 - 20


def test_the_most_prestige_wins():
    """000 "Fine del Gioco": "la famiglia che ha più punti prestigio vince la partita"."""
    s = finished(3)
    s.families[GREEN].owned["pasha"] = 2
    s.families[YELLOW].owned["sage"] = 2
    result = GAME.outcome(s)
    assert result.ranking == [GREEN, YELLOW, RED] and result.winners() == [GREEN]
    assert result.tiebreak_used is None


def test_a_tie_goes_to_the_most_gold():
    """003 "Fine del gioco": "Se due o più giocatori hanno lo stesso numero di punti prestigio alla fine della
    partita, chi ha la maggiore ricchezza in oro è il vincitore" (decision 23)."""
    s = finished(3, order=[RED, YELLOW, GREEN])
    goods(s, GREEN, silk=1, spice=1)      # 3 gold
    goods(s, YELLOW, hardwood=2)          # 2 gold
    goods(s, RED, metal=1)                # 1 gold
    result = GAME.outcome(s)
    assert len(set(result.scores.values())) == 1
    assert result.ranking == [GREEN, YELLOW, RED]
    assert result.tiebreak_used.key == "al_rashid.tiebreak.gold"
    assert result.tiebreaks[GREEN][0] == 3


def test_then_the_earlier_place_in_the_final_turn_order():
    """003 "Fine del gioco": "Se entrambi i giocatori hanno anche la stessa ricchezza in oro, il vincitore è il
    giocatore primo nell'ordine di gioco" (decision 23: the final turn order)."""
    s = finished(4, order=[BLUE, YELLOW, RED, GREEN])
    result = GAME.outcome(s)
    assert result.ranking == [BLUE, YELLOW, RED, GREEN]
    assert result.tiebreak_used.key == "al_rashid.tiebreak.order"
    assert "turn order" in result.tiebreak_used.text("en") and "ordine di gioco" in result.tiebreak_used.text("it")


def test_no_outcome_before_the_end():
    """000 "Fine del Gioco": the game ends after the fifth resolution, not before."""
    s = blank(2)
    assert GAME.outcome(s) is None and GAME.view(s, None).score is None
