"""Phase 3 and the nine action cards (002, "Fase 3: Gioco delle carte azione", "Le carte azione")."""

import random

import pytest

from engine.notre_dame import GAME
from engine.notre_dame import rules as r
from engine.notre_dame.actions import Friend
from engine.notre_dame.board import layout
from engine.notre_dame.state import kind_of
from engine.notre_dame.vocab import split_message
from tests.support.positions import editable

from .builders import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    acting,
    active,
    asked,
    at,
    doing,
    keys,
    options,
    play,
    quarter,
)


def test_two_cards_each_in_turn_order_then_the_third_is_discarded_unseen():
    """"A iniziare dal primo giocatore, ognuno a turno gioca una delle sue tre carte ... ciascuno a turno gioca una
    seconda carta ... la terza azione non viene effettuata ... nascosta sotto la seconda carta"."""
    s = acting(3, bell=YELLOW)
    seen = []
    for _ in range(6):
        seen.append(active(s))
        s = at(s, f"idle {kind_of(s.player(active(s)).hand[0])}")
    assert seen == [YELLOW, GREEN, RED, YELLOW, GREEN, RED]
    assert s.phase == "persons" and all(p.hand == [] and len(p.played) == 2 for p in s.players)
    assert s.discards == 9
    assert all(GAME.view(s, seat).player(seat).hand == [] for seat in range(3))


def test_bank_gives_a_coin_per_cube_there():
    """Banca: "incassare dalla riserva un numero di monete d'oro pari al totale dei cubetti ... nella sua Banca"."""
    s = quarter(acting(3), RED, bank=3)
    coins, treasury = s.player(RED).coins, s.treasury
    s = at(s, "play bank")
    assert s.player(RED).coins == coins + 4 and s.treasury == treasury - 4


def test_an_empty_treasury_pays_from_the_richest_other_player():
    """Banca: "Nella rara eventualità in cui la riserva delle monete sia esaurita, il giocatore incasserà il
    denaro da colui che al momento ha il maggior numero di monete"."""
    s = quarter(acting(3), RED, bank=2)
    s.treasury = 1
    s.player(YELLOW).coins, s.player(GREEN).coins = 2, 5
    s, events = play(s, "play bank")
    assert s.player(RED).coins == 3 + 3 and s.player(GREEN).coins == 3 and s.player(YELLOW).coins == 2
    assert "The treasury is empty: Red takes 2 coins from Green." in [e.text() for e in events]
    assert sum(p.coins for p in s.players) + s.treasury == 3 + 2 + 5 + 1


def test_residence_gives_prestige_per_cube_there():
    s = quarter(acting(3, {RED: ["residence", "inn", "bank"]}), RED, residence=1)
    s = at(s, "play residence")
    assert s.player(RED).prestige == 2 and s.player(RED).earned == {"residence": 2}


def test_convent_school_takes_only_what_the_general_supply_has():
    """Scuola conventuale: "Nella rara eventualità in cui la riserva generale ... sia esaurita, l'azione decade"."""
    s = quarter(acting(3, {RED: ["convent_school", "inn", "bank"]}), RED, convent_school=3)
    s.player(RED).general = 2
    supply = s.player(RED).supply
    s, events = play(s, "play convent_school")
    assert s.player(RED).supply == supply - 1 + 2 and s.player(RED).general == 0


@pytest.mark.parametrize("building", ["park", "hospital"])
def test_park_and_hospital_move_the_rats_back_one_whatever_the_cubes(building):
    """Parco, Ospedale: "far arretrare ... il suo segnalino topi di una casella (indipendentemente dal numero di
    cubetti ...)". At 0 the step back is lost, the cube still goes in (our reading of "l'azione decade")."""
    s = quarter(acting(3, {RED: [building, "inn", "bank"]}), RED, **{building: 4})
    s.player(RED).rats = 6
    s = at(s, f"play {building}")
    assert s.player(RED).rats == 5 and s.player(RED).sectors[building] == 5
    s = acting(3, {RED: [building, "inn", "bank"]})
    s, events = play(s, f"play {building}")
    assert s.player(RED).rats == 0 and s.player(RED).sectors[building] == 1
    assert "rats_at_zero" in keys(events)


def test_inn_offers_only_what_can_be_had():
    """Locanda: "(Se il segnalino topi si trova sulla casella zero, questa opzione decade)"."""
    s = at(acting(3, {RED: ["inn", "bank", "park"]}), "play inn")
    assert options(s) == ["take coin", "take cube"]
    s = acting(3, {RED: ["inn", "bank", "park"]})
    s.player(RED).general = 0
    s.player(RED).rats = 2
    assert options(at(s, "play inn")) == ["take coin", "take rat"]


def test_notre_dame_one_two_or_three_coins_for_one_three_or_six_prestige_and_a_cube():
    """Notre Dame: "1 moneta = 1 punto prestigio; 2 monete = 3 punti prestigio; 3 monete = 6 punti prestigio";
    "Non è possibile spendere più di tre monete e piazzare più di un cubetto"."""
    for coins, prestige in ((1, 1), (2, 3), (3, 6)):
        s = acting(3, {RED: ["notre_dame", "bank", "inn"]})
        s.player(RED).coins = 5
        s = at(s, "play notre_dame")
        assert options(s) == ["donate 1", "donate 2", "donate 3"]
        s = at(s, f"donate {coins}")
        red = s.player(RED)
        assert (red.coins, red.prestige, red.notre_dame, red.earned) == (5 - coins, prestige, 1,
                                                                         {"donations": prestige})
    s = acting(3, {RED: ["notre_dame", "bank", "inn"]})
    s.player(RED).coins = 2
    assert options(at(s, "play notre_dame")) == ["donate 1", "donate 2"]


def test_notre_dame_without_coins_is_played_without_its_action():
    """"La carta Notre Dame può essere giocata anche se il giocatore non vuole o non può spendere denaro, ma in
    questo caso il giocatore non potrà piazzare alcun cubetto"."""
    s = acting(3, {RED: ["notre_dame", "bank", "inn"]})
    s.player(RED).coins = 0
    assert "play notre_dame" not in options(s) and "idle notre_dame" in options(s)
    s = at(s, "idle notre_dame")
    assert s.player(RED).notre_dame == 0 and s.player(RED).supply == 4


def test_the_friend_enters_then_moves_to_another_building_and_counts_as_a_cube():
    """Fiduciario: "La prima volta il Fiduciario accede al quartiere dall'esterno, successivamente si sposta da un
    settore a un altro ... viene eseguita l'azione prevista dal settore"."""
    s = quarter(acting(3, {RED: ["trusted_friend", "residence", "bank"]}), RED, residence=2)
    s = at(s, "play trusted_friend")
    assert len(options(s)) == 7
    s = at(s, "to residence")
    assert s.player(RED).prestige == 3 and s.player(RED).friend == "residence"
    s = editable(GAME, s)
    s.player(RED).hand.append("red:trusted_friend")
    s = doing(s, Friend(seat=RED))
    assert "to residence" not in options(s) and len(options(s)) == 6


def test_the_carriage_goes_up_to_one_market_per_cube_in_the_carriage_house():
    """Rimessa delle carrozze: "spostare la sua carrozza di un numero di Piazze del mercato ... pari al numero di
    cubetti"; "non è mai obbligato a esaurire tutti i punti movimento"."""
    s = quarter(acting(5, {RED: ["carriage_house", "bank", "inn"]}), RED, carriage_house=1)
    s = at(s, "play carriage_house")
    near = layout(5).distance["red.c"]
    goes = [o.split()[1] for o in options(s) if o.startswith("go ")]
    assert {near[m] for m in goes} == {1, 2} and "stay" in options(s)
    assert len(goes) == sum(1 for m in layout(5).markets if 1 <= near[m] <= 2)
    s = quarter(acting(5, {RED: ["carriage_house", "bank", "inn"]}), RED, carriage_house=13)
    assert len(options(at(s, "play carriage_house"))) == 25  # every other market of five quarters, and stay


def test_a_message_gives_its_prestige_and_its_reward():
    """"un punto prestigio e una moneta d'oro oppure due punti prestigio e un cubetto influenza oppure tre punti
    prestigio e ... arretrare il suo segnalino topi ... oppure quattro punti prestigio"."""
    for kind, extra in ((1, ("coins", 4)), (2, ("supply", 4)), (3, ("rats", 1)), (4, None)):
        s = acting(3, {RED: ["carriage_house", "bank", "inn"]})
        s.player(RED).rats = 2
        s.messages["red.1"] = f"red-{kind}"
        s = at(s, "play carriage_house", "go red.1")
        red = s.player(RED)
        assert red.prestige == kind and red.messages == [f"red-{kind}"] and "red.1" not in s.messages
        if extra:
            assert getattr(red, extra[0]) == extra[1]


def test_no_second_message_of_a_colour_before_one_of_every_other_colour_on_the_board():
    """"Rosso possiede già un Messaggio violetto, verde e rosso. Il messaggio successivo che prenderà dovrà essere
    per forza blu"; "quando non è più disponibile alcun messaggio di un dato colore ... tale colore non verrà più
    considerato"."""
    s = acting(4, {RED: ["carriage_house", "bank", "inn"]})
    s.player(RED).messages = ["yellow-1", "green-2", "red-3"]
    s.messages["red.1"] = "red-4"
    s, events = play(s, "play carriage_house", "go red.1")
    assert s.player(RED).messages == ["yellow-1", "green-2", "red-3"] and s.messages["red.1"] == "red-4"
    assert s.player(RED).carriage == "red.1" and "message_refused" in keys(events)
    # Once no blue message is left on the board, blue no longer counts.
    s = acting(4, {RED: ["carriage_house", "bank", "inn"]})
    s.player(RED).messages = ["yellow-1", "green-2", "red-3"]
    for m in [m for m, x in s.messages.items() if x.startswith("blue")]:
        del s.messages[m]
    s.messages["red.1"] = "red-4"
    s = at(s, "play carriage_house", "go red.1")
    assert s.player(RED).messages[-1] == "red-4"


def test_the_colours_to_take_are_those_the_rule_allows():
    """`colours_to_take` (the carriage and the heuristic read it) is the rule as the rulebook words it, for each
    colour on the board: no colour held more often than any other still there. In the rulebook's example only
    blue; then at every step of seeded random matches."""
    s = acting(4, {RED: ["carriage_house", "bank", "inn"]})
    s.player(RED).messages = ["yellow-1", "green-2", "red-3"]
    assert r.colours_to_take(s, RED) == {"blue"}
    for seed in range(3):
        rng, s = random.Random(seed), GAME.new_game(None, 4, seed)
        while GAME.active_seats(s):
            left = r.message_colours_left(s)
            for seat in range(4):
                held = [split_message(m)[0] for m in s.players[seat].messages]
                allowed = {c for c in left if all(held.count(o) >= held.count(c) for o in left if o != c)}
                assert r.colours_to_take(s, seat) == allowed
            seat = min(GAME.active_seats(s))
            s, _ = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))


def test_carriages_may_share_a_market():
    """Example 2: "potrebbe anche spostarsi su una piazza ... su cui si trova un'altra carrozza"."""
    s = quarter(acting(4, {RED: ["carriage_house", "bank", "inn"]}), RED, carriage_house=4)
    s = at(s, "play carriage_house", "go yellow.c")
    assert GAME.view(s, None).markets[[m.id for m in GAME.view(s, None).markets].index("yellow.c")].carriages == [
        RED, YELLOW]


def test_with_an_empty_supply_a_cube_moves_from_a_building_or_notre_dame_never_the_friend():
    """"può invece trasferire uno qualsiasi dei suoi cubetti (mai il Fiduciario) che si trovi già in un settore del
    suo quartiere o a Notre Dame nel settore previsto dalla carta azione"."""
    s = quarter(acting(3, {RED: ["bank", "residence", "inn"]}), RED, friend="park", residence=2, notre_dame=1)
    s.player(RED).supply = 0
    s = at(s, "play bank")
    assert asked(s) == "notre_dame.ask.source"
    assert options(s) == ["from residence", "from notre_dame"]
    s = at(s, "from notre_dame")
    red = s.player(RED)
    assert (red.notre_dame, red.sectors["bank"], red.coins) == (0, 1, 4)


def test_with_an_empty_supply_notre_dame_takes_a_cube_from_the_quarter():
    """"Paola gioca la carta Notre Dame. Poiché ha esaurito la propria riserva ... sposta uno dei cubetti già
    piazzati nel suo quartiere (ad esempio nell'Ospedale) a Notre Dame e poi effettua il pagamento"."""
    s = quarter(acting(3, {RED: ["notre_dame", "residence", "inn"]}), RED, hospital=2)
    s.player(RED).supply = 0
    s = at(s, "play notre_dame", "from hospital", "donate 3")
    red = s.player(RED)
    assert (red.sectors["hospital"], red.notre_dame, red.prestige, red.coins) == (1, 1, 6, 0)


def test_with_no_cube_anywhere_a_card_is_played_without_its_action():
    """"Chi non può o non vuole effettuare questa azione, può comunque giocare la carta senza ... l'azione"."""
    s = quarter(acting(3, {RED: ["bank", "residence", "trusted_friend"]}), RED, friend="bank")
    s.player(RED).supply = 0
    assert options(s) == ["idle bank", "idle residence", "play trusted_friend", "idle trusted_friend"]


def test_a_card_never_takes_its_cube_from_its_own_building():
    """With an empty supply the cube comes "da un altro settore": cubes only in the card's own building leave
    nothing to place."""
    s = quarter(acting(3, {RED: ["bank", "residence", "inn"]}), RED, bank=2)
    s.player(RED).supply = 0
    assert "play bank" not in options(s) and "idle bank" in options(s) and "play residence" in options(s)


def test_the_friend_in_the_carriage_house_adds_a_market():
    """Fiduciario: "conta sempre esattamente come un cubetto influenza", for the carriage's moves too."""
    s = quarter(acting(5, {RED: ["carriage_house", "bank", "inn"]}), RED, friend="carriage_house")
    s = at(s, "play carriage_house")
    near = layout(5).distance["red.c"]
    assert max(near[o.split()[1]] for o in options(s) if o.startswith("go ")) == 2


def test_the_park_takes_the_rats_from_one_to_zero():
    s = acting(3, {RED: ["park", "bank", "inn"]})
    s.player(RED).rats = 1
    assert at(s, "play park").player(RED).rats == 0


def test_any_card_may_be_played_without_its_action():
    """Le carte azione: "chi gioca questa carta può piazzare" (may): the card is played and nothing happens."""
    s = acting(3, {RED: ["residence", "bank", "inn"]})
    before = s.player(RED).supply
    s, events = play(s, "idle residence")
    assert s.player(RED).supply == before and s.player(RED).played == ["red:residence"]
    assert keys(events) == ["played_idle"]


def test_playing_reaches_the_other_players_in_turn():
    s = acting(4, {BLUE: ["bank", "inn", "park"]}, bell=BLUE)
    assert active(s) == BLUE and asked(s) == "notre_dame.ask.play"
    s = at(s, "play bank")
    assert active(s) == RED
    assert GAME.view(s, YELLOW).question_for(RED).text() == "Red plays their card number 1 of this round."
