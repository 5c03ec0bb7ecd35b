"""The worked examples of 002_5dba4fcea6f02f9d.txt, number for number."""

from engine.notre_dame import GAME
from engine.notre_dame.board import layout
from engine.notre_dame.flow import Ctx
from engine.notre_dame.rules import destinations

from .builders import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    acting,
    asked,
    at,
    closing,
    keys,
    new,
    options,
    paying,
    play,
    quarter,
    settle,
    texts,
)


def test_convent_school_paola_takes_three_then_four_cubes():
    """Scuola conventuale: "piazza uno dei suoi cubetti nella Scuola ... in cui si trovano già due cubetti ...
    Paola preleva tre dei suoi cubetti influenza dalla riserva generale ... Se successivamente Paola aggiunge
    un altro cubetto ... otterrà quattro cubetti"."""
    s = quarter(acting(3, {RED: ["convent_school", "bank", "park"]}), RED, convent_school=2)
    paola = s.player(RED)
    supply, general = paola.supply, paola.general
    s = at(s, "play convent_school")
    assert s.player(RED).sectors["convent_school"] == 3
    assert s.player(RED).supply == supply - 1 + 3 and s.player(RED).general == general - 3
    s = quarter(acting(3, {RED: ["convent_school", "bank", "park"]}), RED, convent_school=3)
    before = s.player(RED).supply
    s = at(s, "play convent_school")
    assert s.player(RED).supply == before - 1 + 4


def test_trusted_friend_barbara_takes_three_coins_in_the_bank():
    """Fiduciario: "Barbara ... piazza la sua pedina Fiduciario sulla Banca dove sono già presenti due cubetti
    ... incassa tre monete"."""
    s = quarter(acting(3, {RED: ["trusted_friend", "inn", "park"]}), RED, bank=2)
    coins, supply = s.player(RED).coins, s.player(RED).supply
    s = at(s, "play trusted_friend", "to bank")
    barbara = s.player(RED)
    assert barbara.friend == "bank" and barbara.coins == coins + 3
    assert barbara.supply == supply and barbara.sectors["bank"] == 2  # the Friend is not a cube from the supply


def test_inn_michele_one_choice_then_two_from_the_fourth_cube():
    """Locanda: "aggiunge uno dei suoi cubetti ai due già presenti ... Potrà prelevare una moneta ... Se in
    seguito Michele aggiunge un altro cubetto ai tre già presenti ... prendere due cubetti influenza oppure due
    monete"."""
    s = quarter(acting(3, {RED: ["inn", "bank", "park"]}), RED, inn=2)
    s.player(RED).rats = 4
    s = at(s, "play inn")
    assert sorted(a.split()[1] for a in options(s)) == ["coin", "cube", "rat"]
    coins = s.player(RED).coins
    s = at(s, "take coin")
    assert s.player(RED).coins == coins + 1
    assert asked(s) == "notre_dame.ask.play"  # one choice only with the third cube
    s = quarter(acting(3, {RED: ["inn", "bank", "park"]}), RED, inn=3)
    s.player(RED).rats = 4
    supply = s.player(RED).supply
    s = at(s, "play inn", "take cube", "take cube")
    assert s.player(RED).supply == supply - 1 + 2
    s = quarter(acting(3, {RED: ["inn", "bank", "park"]}), RED, inn=3)
    s.player(RED).rats = 4
    coins = s.player(RED).coins
    s = at(s, "play inn", "take coin", "take rat")
    assert s.player(RED).coins == coins + 1 and s.player(RED).rats == 3


def test_park_vittorio_gains_4_then_7_then_5_then_9():
    """Parco, the example of Vittorio: (1) his second cube in the Park moves the rats back, nothing more; (2) the
    third cube in the Residence gives 3 + 1 = 4; (3) the Lawyer with 5 messages 6 + 1 = 7; (4) with five cubes
    in the Park, two coins to Notre Dame 3 + 2 = 5; (5) after the ninth round, with six in the Park, his two
    cubes at Notre Dame 6 + 3 = 9."""
    s = quarter(acting(4, {RED: ["park", "residence", "bank"]}), RED, park=1, residence=2)
    s.player(RED).rats = 3
    s, events = play(s, "play park")
    vittorio = s.player(RED)
    assert vittorio.rats == 2 and vittorio.prestige == 0 and "prestige" not in keys(events)
    s, events = play(s, (YELLOW, "idle bank"), (GREEN, "idle bank"), (BLUE, "idle bank"), "play residence")
    assert s.player(RED).prestige == 4
    (gain,) = [e for e in events if e.key == "notre_dame.ev.prestige"]
    assert gain.text("en") == "Red gains 4 prestige (1 of it from the Park): 4 in all."
    assert gain.text("it") == "Rosso guadagna 4 punti prestigio (di cui 1 grazie al Parco): 4 in tutto."
    # (3) the Lawyer
    s = quarter(paying(4, persons=("monk", "doctor", "lawyer")), RED, park=2)
    s.player(RED).messages = ["red-1", "yellow-2", "green-3", "blue-4", "red-2"]
    s = at(s, "pay lawyer")
    assert s.player(RED).prestige == 7
    # (4) Notre Dame with five cubes in the Park
    s = quarter(acting(4, {RED: ["notre_dame", "bank", "inn"]}), RED, park=5)
    s = at(s, "play notre_dame", "donate 2")
    assert s.player(RED).prestige == 5 and s.player(RED).notre_dame == 1
    # (5) the end of the ninth round: 10 prestige shared by three cubes, two of them Vittorio's
    s = quarter(new(4), RED, park=6, notre_dame=2)
    quarter(s, BLUE, notre_dame=1)
    s, _ = closing(s, round=9)
    assert s.player(RED).prestige == 9 and s.player(BLUE).prestige == 3
    assert s.phase == "over"


def test_notre_dame_ten_points_among_three_cubes():
    """Notre Dame: "In una partita con quattro giocatori ... 10 punti prestigio ... due cubetti influenza verdi e
    uno blu: 10 ... divisi per 3 ... = 3 punti per cubetto. Verde riceve 6 punti e Blu ne riceve 3. (Poiché Verde
    ha anche due cubetti influenza nel Parco ... in totale 7 punti). Infine, i tre cubetti influenza tornano
    nella riserva generale"."""
    s = new(4)
    quarter(s, GREEN, park=2, notre_dame=2)
    quarter(s, BLUE, notre_dame=1)
    general = s.player(GREEN).general, s.player(BLUE).general
    s, events = closing(s, round=3)
    assert s.player(GREEN).prestige == 7 and s.player(BLUE).prestige == 3
    assert s.player(GREEN).notre_dame == s.player(BLUE).notre_dame == 0
    assert (s.player(GREEN).general, s.player(BLUE).general) == (general[0] + 2, general[1] + 1)
    assert "Notre Dame shares 10 prestige among 3 cubes: 3 each." in " ".join(e.text() for e in events)


def plague_round(seats, persons, rats, hospital, friend=(), doctor=()):
    """A round at its plague phase: `rats[seat]` the markers, `hospital[seat]` cubes in the Hospital."""
    s = paying(seats, persons=persons)
    for seat in range(seats):
        quarter(s, seat, hospital=hospital[seat], friend="hospital" if seat in friend else None, residence=1)
        s.player(seat).rats = rats[seat]
        s.player(seat).prestige = 10
        s.player(seat).coins = 1 if seat in doctor else 0
    return s


def test_plague_first_example_vittorio_elena_michela():
    """La pestilenza: "l'entità della pestilenza è 2 + 0 + 1 = 3. Nell'Ospedale di Vittorio ... due cubetti ...
    casella 4 ... sulla casella 5. Elena ... nessun cubetto ... casella 6 ... sulla casella 9. ... Michela ... tre
    cubetti influenza e il Fiduciario ... sul 5 ... arretrare ... sulla casella 4"."""
    vittorio, elena, michela = RED, YELLOW, GREEN
    s = plague_round(3, ("troubadour", "monk", "watchman"), {vittorio: 4, elena: 6, michela: 5},
                     {vittorio: 2, elena: 0, michela: 3}, friend=(michela,))
    c = Ctx(s)
    GAME.advance(c)
    assert [s.player(x).rats for x in (vittorio, elena, michela)] == [5, 9, 4]
    assert all(s.player(x).prestige == 10 for x in range(3))
    assert texts(c.events)[:4] == ["The plague: 3 rats on the persons.", "Red's rats: 4 → 5.", "Yellow's rats: 6 → 9.",
                                   "Green's rats: 5 → 4."]


def test_rats_held_back_by_the_hospital_are_told_to_stay():
    s = plague_round(3, ("troubadour", "monk", "watchman"), {RED: 4, YELLOW: 6, GREEN: 5}, {RED: 3, YELLOW: 0, GREEN: 3})
    c = Ctx(s)
    GAME.advance(c)
    assert texts(c.events)[1] == "Red's rats stay on 4."
    assert texts(c.events, locale="it")[1] == "Il segnalino topi di Rosso resta sulla casella 4."


def test_plague_second_example_past_nine():
    """La pestilenza: "una nuova entità della pestilenza pari a 7. ... Vittorio ... giungendo sul 10 ... sposta il
    segnalino sul 9 ... restituisce uno dei suoi cubetti ... e due punti prestigio. Elena ... giungendo a 16 ...
    sulla casella 9 e "paga" ... Michela ... 1 cubetto influenza e il Fiduciario ... giungendo sul 9. Per ora le è
    andata bene"."""
    vittorio, elena, michela = RED, YELLOW, GREEN
    s = plague_round(3, ("jester", "doctor", "guild_master"), {vittorio: 5, elena: 9, michela: 4},
                     {vittorio: 2, elena: 0, michela: 1}, friend=(michela,))
    s.player(vittorio).sectors["residence"] = 3   # his fullest building
    s.player(elena).sectors["bank"] = 2
    s = settle(s)
    assert [s.player(x).rats for x in (vittorio, elena, michela)] == [9, 9, 9]
    assert [s.player(x).prestige for x in (vittorio, elena, michela)] == [8, 8, 10]
    assert s.player(vittorio).sectors["residence"] == 2 and s.player(elena).sectors["bank"] == 1
    assert s.player(michela).sectors["hospital"] == 1


def test_doctor_michele_goes_back_from_7_to_5():
    """Medico: "L'entità della pestilenza ... è 2 + 3 + 1 = 6. Michele ha appena pagato il Medico ... Poiché nel
    suo Ospedale sono presenti un cubetto influenza e il Fiduciario, Michele può far arretrare il segnalino topi
    dalla casella 7 alla casella 5. Se non avesse corrotto il Medico ... sarebbe giunto a 9, costringendolo a
    rimuovere un cubetto ... e a perdere due punti prestigio"."""
    michele = RED
    persons = ("jester", "doctor", "watchman")
    s = plague_round(3, persons, {0: 7, 1: 0, 2: 0}, {0: 1, 1: 0, 2: 0}, friend=(michele,), doctor=(michele,))
    s = at(s, "pay doctor")
    assert s.player(michele).rats == 5 and s.player(michele).prestige == 10
    s = settle(plague_round(3, persons, {0: 7, 1: 0, 2: 0}, {0: 1, 1: 0, 2: 0}, friend=(michele,)))
    assert s.player(michele).rats == 9 and s.player(michele).prestige == 8


def test_beggar_king_bianca_on_4_gains_5():
    """Re dei mendicanti: "il segnalino topi di Bianca si trova sulla casella 4 ... riceve 5 punti prestigio (per i
    cinque spazi 5, 6, 7, 8 e 9)"."""
    s = paying(3, persons=("monk", "doctor", "beggar_king"))
    s.player(RED).rats = 4
    s = at(s, "pay beggar_king")
    assert s.player(RED).prestige == 5


def test_lawyer_paola_with_5_messages_gains_6():
    """Avvocato: "Paola possiede 5 Messaggi, pertanto ottiene 2 x 3 = 6 punti prestigio"."""
    s = paying(3, persons=("monk", "doctor", "lawyer"))
    s.player(RED).messages = ["red-1", "yellow-1", "green-1", "red-2", "yellow-2"]
    s = at(s, "pay lawyer")
    assert s.player(RED).prestige == 6


def test_lady_in_waiting_vittorio_with_two_buildings_of_five_gains_5():
    """Dama di corte: "Con cinque cubetti ciascuno, la Rimessa delle carrozze e la Locanda sono, a pari merito,
    gli spazi con il maggior numero di cubetti ... Vittorio guadagna cinque punti prestigio"."""
    s = quarter(paying(3, persons=("monk", "doctor", "lady_in_waiting")), RED, carriage_house=5, inn=5, bank=2)
    s = at(s, "pay lady_in_waiting")
    assert s.player(RED).prestige == 5


def test_jester_bianca_moves_a_cube_from_the_bank_and_drives_three_markets():
    """Giullare: "Bianca paga il Giullare e sposta un dei suoi cubetti influenza ... dalla Banca alla Rimessa delle
    carrozze. In questo modo Bianca può far avanzare la sua carrozza fino a tre Piazze del mercato"."""
    s = quarter(paying(3, persons=("jester", "doctor", "watchman")), RED, bank=1, carriage_house=2)
    s = at(s, "pay jester", "from bank", "to carriage_house")
    assert asked(s) == "notre_dame.ask.carriage"
    far = layout(3).distance[s.player(RED).carriage]
    assert {far[m] for m in destinations(s, RED)} == {1, 2, 3}
    assert s.player(RED).sectors == {**s.player(RED).sectors, "bank": 0, "carriage_house": 3}


def test_carriage_yellow_reaches_a_red_message_in_one_step():
    """Rimessa delle carrozze, example 1: Yellow's first move (one cube) reaches a red message; the next red one
    would not be taken before the other colours. Needs our road map (house data): the seam markets touch the
    neighbours' centres."""
    s = acting(4, {YELLOW: ["carriage_house", "bank", "inn"]}, bell=YELLOW)
    red_neighbour = "red.4"
    asking = at(s, "play carriage_house")
    assert red_neighbour in [a.split()[1] for a in options(asking) if a.startswith("go")]
    assert GAME.prompt(asking, YELLOW).text("en") == "Yellow: where does your carriage go? Up to 1 market."
    assert GAME.prompt(asking, YELLOW).text("it") == "Giallo: dove va la tua carrozza? Fino a 1 piazza."
    message = s.messages[red_neighbour]
    s = at(s, "play carriage_house", f"go {red_neighbour}")
    assert s.player(YELLOW).messages == [message] and red_neighbour not in s.messages
