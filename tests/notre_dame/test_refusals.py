"""Refusals: every illegal move is refused naming the rule, in English and Italian, and loses nothing.

House rule ("Bad input gets a clear sentence, never a crash, and loses nothing"); the rules named are those of
002_5dba4fcea6f02f9d.txt cited in each scenario.
"""

import re
from pathlib import Path

import pytest

from engine.core.errors import GameOver, Illegal, Malformed, NotYourTurn
from engine.core.messages import has_key
from engine.notre_dame import GAME
from tests.support.positions import editable

from .builders import RED, acting, active, at, closing, new, options, paying, quarter, settle

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "notre_dame"


def playing(*kinds, **cubes):
    return quarter(acting(3, {RED: list(kinds or ("bank", "inn", "park"))}), RED, **cubes)


def empty_supply(**cubes):
    s = playing("bank", "notre_dame", "inn", **cubes)
    s.player(RED).supply = 0
    return s


def pay(person, **cubes):
    return at(quarter(paying(3, persons=("monk", "doctor", person) if person not in ("monk", "doctor")
                             else (person, "jester", "watchman")), RED, **cubes), f"pay {person}")


def plague_tie():
    s = paying(3, persons=("jester", "doctor", "guild_master"))
    for p in s.players:
        p.coins = 0
    quarter(s, RED, bank=2, inn=2, park=1)
    s.player(RED).rats = 9
    return settle(s)


SCENARIOS = {
    # "Fiduciario": "successivamente si sposta da un settore a un altro"
    "friend_already_there": lambda: (at(playing("trusted_friend", friend="bank"), "play trusted_friend"),
                                     "to bank"),
    # "Rimessa delle carrozze": the carriage moves on ("spostare la sua carrozza"); staying is its own choice
    "carriage_already_there": lambda: (at(playing("carriage_house"), "play carriage_house"), "go red.c"),
    # Trovatore: "incluso anche il Fiduciario se presente"
    "friend_not_there": lambda: (at(pay("troubadour", bank=2), "from bank", "to inn"), "move friend"),
    # Trovatore: "da uno a tre cubetti"
    "move_one_first": lambda: (at(pay("troubadour", bank=2), "from bank", "to inn"), "done"),
    # Notre Dame: "La carta Notre Dame può essere giocata anche se il giocatore non ... può spendere denaro, ma in
    # questo caso il giocatore non potrà piazzare alcun cubetto"
    "no_coin_for_notre_dame": lambda: (_coinless(playing("notre_dame")), "play notre_dame"),
    # Fase 4: "Chi decide di pagare un personaggio, deve prima di tutto versare nella riserva una delle sue monete"
    "no_coin_to_pay": lambda: (_coinless_payer(), "pay monk"),
    # "Chi non può ... effettuare questa azione, può comunque giocare la carta senza ... l'azione"
    "no_cube": lambda: (empty_supply(), "play bank"),
    # "trasferire uno qualsiasi dei suoi cubetti ... che si trovi già in un settore del suo quartiere o a Notre Dame"
    "no_cube_there": lambda: (at(empty_supply(inn=1), "play bank"), "from park"),
    # Vescovo: "a patto che sia vuoto"
    "not_empty": lambda: (pay("bishop", bank=1), "to bank"),
    # Notre Dame: "spendere un minimo di una e un massimo di tre monete"
    "not_enough_coins": lambda: (_poorer(at(playing("notre_dame"), "play notre_dame")), "donate 3"),
    # La pestilenza: "dal settore del suo quartiere che ne contiene di più"
    "not_fullest": lambda: (plague_tie(), "lose park"),
    # a move that is not asked now: the refusal repeats the question
    "not_now": lambda: (playing(), "pay monk"),
    # Giullare: "spostare uno dei propri cubetti influenza (o il Fiduciario) da un settore"
    "nothing_there": lambda: (pay("jester", bank=1), "from inn"),
    # Giullare: "in un qualsiasi altro settore"
    "same_place": lambda: (at(pay("jester", bank=1), "from bank"), "to bank"),
    # "spostare la sua carrozza di un numero di Piazze del mercato ... pari al numero di cubetti"
    "too_far": lambda: (at(playing("carriage_house"), "play carriage_house"), "go green.c"),
    # Locanda: "(Se il segnalino topi si trova sulla casella zero, questa opzione decade)"
    "none_left.rat": lambda: (at(playing("inn"), "play inn"), "take rat"),
    # Scuola conventuale: "Nella rara eventualità in cui la riserva generale ... sia esaurita"
    "none_left.cube": lambda: (_no_general(at(playing("inn"), "play inn")), "take cube"),
    # Banca: the treasury, then "colui che al momento ha il maggior numero di monete"
    "none_left.coin": lambda: (_no_coins_anywhere(at(playing("inn"), "play inn")), "take coin"),
}


def _coinless(s):
    s.player(RED).coins = 0
    return s


def _poorer(s):
    s = editable(GAME, s)
    s.player(RED).coins = 2
    return s


def _coinless_payer():
    s = paying(3, persons=("monk", "doctor", "watchman"))
    s.player(RED).coins = 0  # asked before the coin was lost (e.g. to a Bank paid from the richest)
    return s


def _no_general(s):
    s = editable(GAME, s)
    s.player(RED).general = 0
    return s


def _no_coins_anywhere(s):
    s = editable(GAME, s)
    s.treasury = 0
    for p in s.players:
        p.coins = 0
    s.player(RED).rats = 1
    return s


def test_every_rule_refusal_of_the_engine_has_a_scenario():
    """Every rule the engine can refuse with is exercised below and worded in English and Italian."""
    used = set()
    for path in ENGINE.glob("*.py"):
        used |= set(re.findall(r"notre_dame\.illegal\.([a-z_.]+)", path.read_text(encoding="utf-8")))
    assert used == set(SCENARIOS)
    for key in used:
        assert has_key(f"notre_dame.illegal.{key}", "en") and has_key(f"notre_dame.illegal.{key}", "it")


@pytest.mark.parametrize("rule", sorted(SCENARIOS))
def test_a_refusal_names_the_rule_in_english_and_italian_and_loses_nothing(rule):
    """Each scenario cites its passage above; the refusal leaves the match exactly as it was."""
    s, notation = SCENARIOS[rule]()
    seat = active(s)
    before, offered = GAME.dump_state(s), options(s)
    assert notation not in offered
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, seat, notation)
    error = caught.value
    assert error.message.key == f"notre_dame.illegal.{rule}"
    english, italian = error.text("en"), error.text("it")
    for text in (english, italian):
        assert text and "{" not in text and "notre_dame." not in text, text
    assert english != italian
    assert GAME.dump_state(s) == before and options(s) == offered
    GAME.apply(s, seat, offered[0])  # the same game goes on


def test_refusals_come_in_a_fixed_order():
    """The engine contract (docs/architecture.md): game over → not your turn → malformed → illegal."""
    s = playing()
    with pytest.raises(NotYourTurn):
        GAME.apply(s, 1, "gibberish !!")
    with pytest.raises(Malformed) as caught:
        GAME.apply(s, RED, "play atlantis")
    assert "play atlantis" in caught.value.text("en") and "play atlantis" in caught.value.text("it")
    with pytest.raises(Malformed) as caught:
        GAME.apply(s, RED, "dance")
    assert caught.value.message.key == "notre_dame.malformed.verb"
    over, _ = closing(new(2), round=9)
    with pytest.raises(GameOver):
        GAME.apply(over, RED, "gibberish")


def test_not_now_repeats_the_question_in_the_players_language():
    s, notation = SCENARIOS["not_now"]()
    with pytest.raises(Illegal) as caught:
        GAME.apply(s, RED, notation)
    assert caught.value.text("en") == ("That move is not one of your choices right now. Red: play your card "
                                       "number 1 of this round (the third is discarded unseen).")
    assert caught.value.text("it").startswith("Questa mossa ora non è tra le tue scelte. Rosso: gioca")
