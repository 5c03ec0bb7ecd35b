"""Refusals: every illegal move is refused naming the rule, in English and Italian, and loses nothing.

House rule ("Bad input gets a clear sentence, never a crash, and loses nothing"); the rules named are those of
001_f0a91e4b7c938d9d.txt cited in each scenario.
"""

import pytest

from engine.core.errors import GameOver, Illegal, Malformed, NotYourTurn
from engine.taj_mahal import GAME
from engine.taj_mahal.flow import Ctx
from engine.taj_mahal.visit import finish
from tests.support.refusals import assert_refused_losing_nothing, rules_refused

from .builders import active, cities, go, options, play, played, table


def at(s, *moves):
    return play(s, *moves)[0]


def turn(**hands):
    return table(3, hands={int(k[1:]): v for k, v in hands.items()})


def placing():
    """Blue has won the Vizier and must build its palace; Orange already has a palace in the first city."""
    s = table(3)
    played(s, 0, "red-ev")
    s.palaces[cities(s)[0]] = 1
    return at(go(s, 0), "withdraw")


def taking():
    return at(turn(p0=["red-ev"]), "withdraw")


def coloured_for_the_visit():
    s = turn(p0=["red-ev", "yellow-eg", "red-ee"], p1=["green-ee"], p2=["purple-ee"])
    return at(s, "play red-ev", "play green-ee", "play purple-ee")


SCENARIOS = {
    # a move that is not asked now: the refusal repeats the question
    "not_now": lambda: (turn(p0=["red-ev"]), "take red-ev"),
    # "deve mettere una sola carta colorata"; "Le carte bianche e le carte speciali non possono mai essere giocate
    # senza una carta colorata"
    "coloured_first": lambda: (turn(p0=["red-ev", "white-e"]), "play white-e"),
    # "non possono mai mostrare agli altri quali carte hanno in mano": a player plays from their own hand
    "not_in_hand": lambda: (turn(p0=["red-ev"]), "play red-ee"),
    # "le carte colorate giocate ... devono essere dello stesso colore della prima carta giocata"
    "colour": lambda: (coloured_for_the_visit(), "play yellow-eg"),
    # "un giocatore può anche giocare una sola carta bianca oppure una sola carta speciale"
    "extra_kind": lambda: (at(turn(p0=["red-ev", "red-ee", "white-e"]), "play red-ev"), "add red-ee"),
    # "in una città vuota a sua scelta nella provincia corrente e non in un'altra provincia"
    "other_province": lambda: (placing(), "city agra"),
    # "piazza uno dei propri palazzi in una città vuota"
    "city_taken": lambda: (placing(), f"city {_taken(placing())}"),
    # "prende due carte a propria scelta tra quelle poste scoperte sul tavolo"
    "not_on_display": lambda: (taking(), "take " + _absent(taking())),
    # a hand too large for one menu is asked the colour first: one it holds ("una sola carta colorata")
    "no_card_of_colour": lambda: (big_hand(), "colour purple"),
}


def big_hand():
    from engine.taj_mahal.data import load

    return table(3, hands={0: sorted({k for k in load().cards.deck() if not k.startswith(("white", "purple"))})})


def _taken(s):
    return next(city for city, owner in s.palaces.items() if owner == 1)


def _absent(s):
    return next(k for k in ("red-ee", "red-ev", "yellow-ee", "green-ee", "purple-ee", "white-e") if k not in s.display)


def test_every_rule_refusal_of_the_engine_has_a_scenario():
    """Every rule the engine can refuse with is exercised below and worded in English and Italian."""
    assert rules_refused("taj_mahal") == set(SCENARIOS)


@pytest.mark.parametrize("rule", sorted(SCENARIOS))
def test_a_refusal_names_the_rule_in_english_and_italian_and_loses_nothing(rule):
    """Each scenario cites its passage above; the refusal leaves the match exactly as it was."""
    s, notation = SCENARIOS[rule]()
    assert_refused_losing_nothing(GAME, "taj_mahal", rule, s, active(s), notation, options)


def test_refusals_come_in_a_fixed_order():
    """The engine contract (docs/architecture.md): game over → not your turn → malformed → illegal."""
    s = turn(p0=["red-ev"])
    with pytest.raises(NotYourTurn):
        GAME.apply(s, 1, "gibberish !!")
    with pytest.raises(Malformed) as caught:
        GAME.apply(s, 0, "city atlantis")
    assert "city atlantis" in caught.value.text("en") and "city atlantis" in caught.value.text("it")
    with pytest.raises(Malformed) as caught:
        GAME.apply(s, 0, "dance")
    assert caught.value.message.key == "taj_mahal.malformed.verb"
    finish(Ctx(s))
    with pytest.raises(GameOver):
        GAME.apply(s, 0, "withdraw")


def test_not_now_repeats_the_question_in_the_players_language():
    s, notation = SCENARIOS["not_now"]()
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, active(s), notation)
    assert caught.value.text("en") == ("That move is not one of your choices right now. "
                                       "Blue, your turn in " + caught.value.text("en").split("turn in ")[1])
    assert caught.value.text("it").startswith("Questa mossa ora non è tra le tue scelte. Blu, tocca a te in")


def test_the_colour_refusal_says_which_colour_is_due():
    s, notation = SCENARIOS["colour"]()
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, active(s), notation)
    assert caught.value.text("en").startswith("In this visit your colour is red; Elephant + General (yellow)")
    assert caught.value.text("it").startswith("In questa visita il tuo colore è il rosso; Elefante + Generale")
