"""Phase 4 and the 15 persons (002, "Fase 4: Pagamento di un personaggio", "LE CARTE PERSONAGGIO")."""

import pytest

from engine.notre_dame.vocab import SECTORS

from .builders import GREEN, RED, YELLOW, active, asked, at, keys, options, paying, play, quarter, settle


def test_each_in_turn_order_pays_one_coin_for_one_person_or_nobody():
    """"ciascun giocatore a turno, a partire dal primo, può pagare una sola volta uno qualsiasi dei tre
    personaggi"; "lo stesso personaggio può essere pagato più volte da giocatori diversi"."""
    s = paying(3, bell=YELLOW, persons=("monk", "moneylender", "watchman"))
    assert active(s) == YELLOW and options(s) == ["pay monk", "pay moneylender", "pay watchman", "pass"]
    treasury = s.treasury
    s = at(s, "pay monk")
    assert active(s) == GREEN and s.player(YELLOW).coins == 2 and s.treasury == treasury + 1
    s = at(s, "pay monk")
    assert [p.paid for p in s.players] == [None, "monk", "monk"]
    assert options(s) == ["pay monk", "pay moneylender", "pay watchman", "pass"]
    s = at(s, "pass")
    assert s.phase != "persons"


def test_a_player_without_coins_is_not_asked():
    """"Chi non possiede monete ... rinuncia a beneficiare dei servizi dei personaggi"."""
    s = paying(3, persons=("monk", "doctor", "watchman"))
    s.player(RED).coins = 0
    assert active(settle(s)) == YELLOW
    s = paying(3, persons=("monk", "doctor", "watchman"), bell=GREEN)
    s.player(RED).coins = 0
    s = at(s, "pass")
    assert active(s) == YELLOW


def test_innkeeper_three_prestige_and_a_coin_a_cube_or_rats_back():
    """Locandiera: "tre punti prestigio e si può scegliere tra una moneta oppure un cubetto ... oppure ... far
    arretrare di una casella il proprio segnalino topi"."""
    s = paying(3, persons=("innkeeper", "doctor", "watchman"))
    s.player(RED).rats = 3
    s = at(s, "pay innkeeper")
    assert s.player(RED).prestige == 3 and asked(s) == "notre_dame.ask.take.innkeeper"
    assert options(s) == ["take coin", "take cube", "take rat"]
    s = at(s, "take rat")
    assert s.player(RED).rats == 2 and active(s) == YELLOW


def test_troubadour_moves_one_to_three_pieces_from_one_building_to_another_without_its_action():
    """Trovatore: "spostare da uno a tre cubetti influenza (incluso anche il Fiduciario ...) che si trovano in un
    unico settore, in un qualsiasi altro settore ... (esclusa Notre Dame) ... non potrà poi eseguire l'azione"."""
    s = quarter(paying(3, persons=("troubadour", "doctor", "watchman")), RED, friend="bank", bank=3, notre_dame=1)
    s = at(s, "pay troubadour")
    assert options(s) == ["from bank"]
    s = at(s, "from bank")
    assert "to bank" not in options(s) and len(options(s)) == 6
    s = at(s, "to residence")
    assert options(s) == ["move cube", "move friend"]
    s, events = play(s, "move friend", "move cube")
    assert options(s) == ["move cube", "done"]
    s = at(s, "move cube")
    red = s.player(RED)
    assert (red.sectors["bank"], red.sectors["residence"], red.friend, red.prestige) == (1, 2, "residence", 0)
    assert active(s) == YELLOW  # three moved: done


def test_troubadour_may_stop_after_one():
    s = quarter(paying(3, persons=("troubadour", "doctor", "watchman")), RED, bank=3)
    s = at(s, "pay troubadour", "from bank", "to park", "move cube", "done")
    assert s.player(RED).sectors["park"] == 1 and s.player(RED).rats == 0 and active(s) == YELLOW


def test_monk_two_cubes_and_one_prestige():
    s = paying(3, persons=("monk", "doctor", "watchman"))
    s = at(s, "pay monk")
    assert (s.player(RED).supply, s.player(RED).general, s.player(RED).prestige) == (6, 8, 1)


def test_jester_moves_a_cube_or_the_friend_from_a_building_or_notre_dame_and_does_the_action():
    """Giullare: "spostare uno dei propri cubetti influenza (o il Fiduciario) da un settore del proprio quartiere o
    da Notre Dame, in un qualsiasi altro settore ... (esclusa Notre Dame) e quindi eseguire l'azione"."""
    s = quarter(paying(3, persons=("jester", "doctor", "watchman")), RED, friend="park", park=1, residence=1,
                notre_dame=1)
    s = at(s, "pay jester")
    assert options(s) == ["from residence", "from park", "from notre_dame"]
    s = at(s, "from park")
    assert options(s) == ["move cube", "move friend"]
    s = at(s, "move friend")
    assert "to park" not in options(s) and "to notre_dame" not in " ".join(options(s))
    s = at(s, "to residence")
    assert s.player(RED).prestige == 2 and s.player(RED).friend == "residence"
    s = quarter(paying(3, persons=("jester", "doctor", "watchman")), RED, notre_dame=1)
    s = at(s, "pay jester", "from notre_dame", "to bank")
    assert s.player(RED).coins == 2 - 0 + 1 + 0 and s.player(RED).sectors["bank"] == 1


def test_moneylender_two_coins_and_one_prestige():
    s = paying(3, persons=("moneylender", "doctor", "watchman"))
    s = at(s, "pay moneylender")
    assert (s.player(RED).coins, s.player(RED).prestige) == (3 - 1 + 2, 1)


def test_watchman_one_per_piece_in_the_quarter_and_at_notre_dame():
    """Sentinella: "un punto prestigio per ciascuno dei propri cubetti influenza (incluso il Fiduciario) piazzati
    sui settori del proprio quartiere o su Notre Dame"."""
    s = quarter(paying(3), RED, friend="inn", bank=2, inn=1, notre_dame=2)
    assert at(s, "pay watchman").player(RED).prestige == 6


def test_night_watch_one_per_empty_building():
    """Ronda notturna: "un punto prestigio per ogni settore vuoto ... (senza cubetti influenza o Fiduciario). Ad
    esclusione del Porto e di Notre Dame"."""
    s = quarter(paying(3, persons=("monk", "doctor", "night_watch")), RED, friend="inn", bank=2, notre_dame=3)
    assert at(s, "pay night_watch").player(RED).prestige == 5


def test_bishop_puts_a_general_supply_cube_into_an_empty_building_and_does_its_action():
    """Vescovo: "si preleva uno dei propri cubetti influenza dalla riserva generale piazzandolo in uno qualsiasi dei
    settori del proprio quartiere, a patto che sia vuoto (esclusa Notre Dame) e quindi si esegue l'azione"."""
    s = quarter(paying(3, persons=("monk", "doctor", "bishop")), RED, friend="park", bank=1)
    s = at(s, "pay bishop")
    assert options(s) == [f"to {x}" for x in SECTORS if x not in ("bank", "park")]
    general, supply = s.player(RED).general, s.player(RED).supply
    s = at(s, "to residence")
    red = s.player(RED)
    assert (red.sectors["residence"], red.prestige, red.general, red.supply) == (1, 1, general - 1, supply)


def test_guild_master_two_per_building_with_two():
    s = quarter(paying(3, persons=("monk", "doctor", "guild_master")), RED, friend="inn", bank=2, inn=1, park=1,
                notre_dame=4)
    assert at(s, "pay guild_master").player(RED).prestige == 4


def test_mayor_three_per_building_with_three():
    s = quarter(paying(3, persons=("monk", "doctor", "mayor")), RED, friend="inn", bank=3, inn=2, hospital=2)
    assert at(s, "pay mayor").player(RED).prestige == 6


def test_carpenter_one_per_occupied_building():
    s = quarter(paying(3, persons=("monk", "doctor", "carpenter")), RED, friend="inn", bank=3, park=1,
                notre_dame=2)
    assert at(s, "pay carpenter").player(RED).prestige == 3


def test_the_park_adds_to_a_persons_prestige_but_not_to_nothing():
    """Parco: "ogni volta che guadagnerà punti prestigio grazie a azioni, pagamento di personaggi ecc."; a gain of
    nothing is no gain (our reading)."""
    s = quarter(paying(3, persons=("monk", "doctor", "night_watch")), RED, **{x: 1 for x in SECTORS})
    s.player(RED).sectors["park"] = 4
    s, events = play(s, "pay night_watch")
    assert s.player(RED).prestige == 0 and "prestige" not in keys(events)


@pytest.mark.parametrize("person", ["doctor"])
def test_the_doctor_does_nothing_until_the_plague(person):
    s = paying(3, persons=("monk", person, "watchman"))
    s, events = play(s, f"pay {person}")
    assert s.player(RED).paid == person and keys(events) == ["paid"]
