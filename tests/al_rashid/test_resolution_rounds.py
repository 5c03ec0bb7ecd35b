"""Resolution rounds (000_081cc785cafbe572.txt, "Risoluzione", "Attivare l'effetto di una Carica",
"Risolvere un'area di gioco")."""

import pytest

from engine.al_rashid import GAME
from engine.core.errors import Illegal

from .builders import GREEN, RED, YELLOW, active, asked, blank, keys, options, play, put, resolve_from


def test_each_player_resolves_one_area_per_round_in_turn_order():
    """000 "Risoluzione": "Un round termina quando tutti i giocatori hanno risolto un'area di gioco seguendo
    l'ordine stabilito dalla tabella Ordine di Gioco; a questo punto si inizia un altro round"."""
    s = blank(3, order=[YELLOW, GREEN, RED])
    for seat in (RED, YELLOW, GREEN):
        put(s, "nilus_valley", seat, sage=1)
        put(s, "mare_internum", seat, sage=1)
        put(s, "sanmatia", seat, merchant=1)
    s = resolve_from(s)
    movers = []
    for area in ("nilus_valley", "mare_internum", "sanmatia"):
        movers.append((s.round, active(s)))
        s, _ = play(s, f"resolve {area}")
        while s.task is not None and s.task.kind == "trade":
            s, _ = play(s, "done")
    assert movers == [(1, YELLOW), (1, GREEN), (1, RED)]
    assert s.turn == 2  # every area with pieces is resolved: the turn is over


def test_a_player_may_resolve_an_area_without_own_pieces():
    """000 "Risolvere un'area di gioco": "Non è necessario che nell'area di gioco scelta in tal modo sia
    presente una pedina appartenente al giocatore che decide di risolverla"."""
    s = blank(2)
    put(s, "culture", RED, sage=1)
    put(s, "spies", YELLOW, sage=1)
    s = resolve_from(s)
    s, events = play(s, (RED, "resolve spies"))
    assert active(s) == YELLOW and s.task.kind == "guild"
    assert keys(events) == ["resolves"]


def test_only_areas_with_pieces_and_not_yet_resolved_can_be_chosen():
    """000 "Risolvere un'area di gioco": "una delle tredici aree di gioco, su cui sia presente almeno una
    pedina"; an area is resolved once per turn."""
    s = blank(2)
    put(s, "culture", RED, sage=1)
    put(s, "spies", RED, sage=1)
    put(s, "nilus_valley", YELLOW, sage=1)
    s = resolve_from(s)
    s, _ = play(s, (RED, "resolve culture"), (RED, "do nothing"))
    assert options(s) == ["resolve spies", "resolve nilus_valley"]
    for area, rule in (("culture", "area_resolved"), ("military", "area_empty")):
        with pytest.raises(Illegal) as caught:
            GAME.apply(s, YELLOW, f"resolve {area}")
        assert caught.value.message.key == f"al_rashid.illegal.{rule}"


def test_resolving_sends_the_pieces_home():
    """000 "Risoluzione": "Quando un'area di gioco viene risolta, i giocatori riprendono le pedine posizionate
    in quell'area e le rimettono nella propria riserva"."""
    s = blank(2)
    put(s, "culture", RED, pasha=1, sage=1)
    put(s, "culture", YELLOW, merchant=1)
    put(s, "nilus_valley", YELLOW, sage=1)
    s = resolve_from(s)
    s, _ = play(s, "resolve culture", "do nothing", "do nothing")
    assert s.areas["culture"] == () and "culture" in s.resolved
    assert s.families[RED].reserve == {"pasha": 1, "merchant": 1, "sage": 1}
    assert s.families[YELLOW].reserve == {"pasha": 1, "merchant": 1, "sage": 0}


def test_a_player_without_pieces_on_the_board_skips_and_cannot_activate():
    """000 "Risoluzione", Attenzione: "quando un giocatore non ha più pedine in nessuna area di gioco, salta
    tutti i propri round della fase di risoluzione e quindi non può nemmeno attivare eventuali cariche"."""
    s = blank(3)
    s.families[YELLOW].charges = ["hardwood_importer"]
    put(s, "culture", RED, sage=1)
    put(s, "spies", GREEN, sage=1)
    put(s, "military", GREEN, sage=1)
    s = resolve_from(s)
    s, _ = play(s, (RED, "resolve culture"), (RED, "do nothing"))
    assert active(s) == GREEN  # Yellow is skipped
    s, _ = play(s, (GREEN, "resolve spies"), (GREEN, "do nothing"))
    assert active(s) == GREEN and s.round == 2  # Red has no pieces left either
    assert s.families[YELLOW].goods == {}


def test_a_charge_may_be_activated_before_resolving():
    """000 "Risoluzione": "il giocatore può compiere, nell'ordine che preferisce, due azioni: Attivare l'effetto
    di una Carica (azione opzionale); Risolvere un'area di gioco (azione obbligatoria)"."""
    s = blank(2)
    s.families[RED].charges = ["hardwood_importer", "metal_importer"]
    put(s, "culture", RED, sage=1)
    put(s, "spies", YELLOW, sage=1)
    s = resolve_from(s)
    s, events = play(s, "activate hardwood_importer")
    assert keys(events) == ["imported"] and s.families[RED].goods == {"hardwood": 1}
    # Only one charge per round: the second importer is not offered any more, resolving is still due.
    assert options(s) == ["resolve spies", "resolve culture"]
    with pytest.raises(Illegal):
        GAME.apply(s, RED, "activate metal_importer")


def test_a_charge_may_be_activated_after_resolving():
    """000 "Risoluzione": the two actions "nell'ordine che preferisce"; "Attivare l'effetto di una Carica":
    "uno ed uno solo degli effetti delle sue Cariche" per round."""
    s = blank(2)
    s.families[RED].charges = ["hardwood_importer", "metal_importer"]
    put(s, "culture", RED, sage=1)
    put(s, "spies", RED, sage=1)
    put(s, "nilus_valley", YELLOW, sage=1)
    s = resolve_from(s)
    s, _ = play(s, "resolve culture", "do nothing")
    assert active(s) == RED and asked(s) == "al_rashid.ask.turn.after"
    assert options(s) == ["activate hardwood_importer", "activate metal_importer", "end"]
    s, _ = play(s, "activate metal_importer")
    assert active(s) == YELLOW and s.families[RED].goods == {"metal": 1}


def test_an_activatable_charge_works_once_per_turn():
    """000 "Tipi di Cariche": "Ogni Carica che si attiva può essere usata una sola volta per turno (per
    indicare che è già stato usata, viene girata a faccia in giù)"."""
    s = blank(2)
    s.families[RED].charges = ["hardwood_importer"]
    put(s, "culture", RED, sage=1)
    put(s, "spies", RED, sage=1)
    put(s, "nilus_valley", YELLOW, sage=1)
    put(s, "sanmatia", YELLOW, sage=1)
    s = resolve_from(s)
    s, _ = play(s, "activate hardwood_importer", "resolve culture", "do nothing",
                (YELLOW, "resolve nilus_valley"), (YELLOW, "pick hardwood"), (YELLOW, "done"))
    assert active(s) == RED and s.round == 2
    assert options(s) == ["resolve spies", "resolve sanmatia"]
    assert GAME.view(s, None).families[RED].charges[0].used is True
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, "activate hardwood_importer")
    assert caught.value.message.key == "al_rashid.illegal.charge_used"


def test_benevolence_changes_the_order_from_the_next_round_and_may_give_two_moves_in_a_row():
    """000 "Risolvere un'area di gioco", Attenzione: il nuovo ordine "accade a partire dal successivo round di
    risoluzione: ... si finiscono le mosse del round di risoluzione in corso, poi si crea un nuovo ordine di
    gioco ... (Sì! In questo modo è possibile per l'ultimo giocatore, che abbia preso il dominio del Palazzo
    di Al-Rashid, fare due mosse consecutive)"."""
    s = blank(3, order=[RED, YELLOW, GREEN])
    put(s, "caliph", GREEN, pasha=1)
    for seat in (RED, YELLOW, GREEN):
        put(s, "culture", seat, sage=1)
        put(s, "military", seat, sage=1)
    put(s, "politics", GREEN, sage=1)
    s = resolve_from(s)
    s, _ = play(s, (RED, "resolve caliph"), (GREEN, "do benevolence"), (GREEN, "good silk"))
    assert s.pending_order == [GREEN, RED, YELLOW] and s.order == [RED, YELLOW, GREEN]
    assert GAME.view(s, None).pending_order == [GREEN, RED, YELLOW]
    # The current round goes on in the old order: Yellow, then Green.
    s, _ = play(s, (YELLOW, "resolve culture"), "do nothing", "do nothing", "do nothing")
    assert active(s) == GREEN and s.round == 1
    s, _ = play(s, (GREEN, "resolve military"), "do nothing", "do nothing", "do nothing")
    # Green moved last in round 1 and moves first in round 2 under the new order.
    assert s.round == 2 and s.order == [GREEN, RED, YELLOW] and s.pending_order is None
    assert active(s) == GREEN
